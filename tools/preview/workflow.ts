/**
 * Preview pages of the attack workflow: the attack card awaiting a defense,
 * during a counterattack exchange, settled, and with the injury applied; the
 * attack, defense and apply dialogs. Thorton shoots at Parker (and Parker
 * counters); every figure comes from the real workflow and view models.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import Handlebars from "handlebars";
import { deriveCombatant } from "../../src/rulesets/cychosys/data/derive/combatant.js";
import type { Localize } from "../../src/rulesets/cychosys/rules/index.js";
import { ATTACK_CARD_TEMPLATE, attackCardContext } from "../../src/rulesets/cychosys/views/card.js";
import { attackDeclaration, defenseDeclaration, type GearRef } from "../../src/rulesets/cychosys/workflow/requests.js";
import { parseBundle, normalizeCovers } from "../../src/rulesets/cychosys/rules/index.js";
import {
  APPLY_DIALOG_TEMPLATE,
  applyDialogView,
  ATTACK_DIALOG_TEMPLATE,
  attackDialogView,
  DEFENSE_DIALOG_TEMPLATE,
  defenseDialogView,
} from "../../src/rulesets/cychosys/views/dialogs.js";
import { applyInjury, type AttackFlow, declareAttack, defend, type FlowUser, type StruckState } from "../../src/rulesets/cychosys/workflow/attack-flow.js";
import { parker, thorton } from "../../test/fixtures/cast.js";
import type { OddsSide } from "../../src/rulesets/cychosys/workflow/odds-query.js";
import { CHAT_LOG_CSS, type makeEnvironment, ROOT } from "./render.js";
import { makeI18n } from "./helpers.js";

type Env = ReturnType<typeof makeEnvironment>;
const PARKER = { actorUuid: "Actor.parker", name: "Parker" };
const THORTON = { actorUuid: "Actor.thorton", name: "Thorton" };
const RAT = { actorUuid: "Actor.rat", name: "Sewer rat" };

const parkerDerived = deriveCombatant(parker.system, parker.items, []);
const thortonDerived = deriveCombatant(thorton.system, thorton.items, thorton.conditions);
const player: FlowUser = { id: "p1", isGM: false, owns: (uuid) => uuid === PARKER.actorUuid };
const gm: FlowUser = { id: "gm", isGM: true, owns: () => false };

const parkerGear = (id: string): GearRef | undefined => {
  const item = parker.items.find((i) => i.id === id);
  return item && { name: item.name, edge: (item.system as { edge: string }).edge };
};

const gearOf = (items: typeof parker.items) =>
  items
    .filter((i) => i.type === "weapon" || i.type === "trick")
    .map((i) => ({ id: i.id, name: i.name, edge: (i.system as { edge: string }).edge, parry: (i.system as { parry: { hits: number; shield: string } }).parry }));

/** The sides the odds read (docs/odds.md): Parker's player sees Parker's sheet, and Thorton's on the GM's table. */
export const oddsSides: Record<string, OddsSide> = {
  [PARKER.actorUuid]: { totals: parkerDerived.totals, outfit: parkerDerived.outfit, extraSoakSteps: 0, gear: gearOf(parker.items) },
  [THORTON.actorUuid]: { totals: thortonDerived.totals, outfit: thortonDerived.outfit, extraSoakSteps: 0, gear: gearOf(thorton.items) },
};

/** The struck sides as the card's preview reads them (R35: the rat is small, TT). */
export const previewStates: Record<string, StruckState> = {
  [PARKER.actorUuid]: { outfit: parkerDerived.outfit, extraSoakSteps: 0, pools: parkerDerived.pools },
  [RAT.actorUuid]: {
    outfit: [{ name: "fur", shield: parseBundle("TT1"), covers: normalizeCovers("all"), layer: "skin" }],
    extraSoakSteps: 0,
    pools: { hit: { physical: 2, mental: 1, emotional: 1 }, fatigue: { physical: 2, mental: 1, emotional: 1 } },
  },
};

/** The states of the card, as Parker's player sees them (the applied one and the rat as the GM). Every total is rolled dice through the real builders. */
export function workflowFlows(): Record<"awaiting" | "exchange" | "resolved" | "applied" | "smallTarget", { flow: AttackFlow; user: FlowUser }> {
  const declaration = attackDeclaration(thortonDerived, { name: "pistol", edge: "B2" }, { totalKey: "gear:wpPistol", faces: [8, 4, 2, 11, 3, 2], modifier: 0 }, ["D"]);
  const attack = declareAttack("preview1", THORTON, declaration, [PARKER]);
  const counter = defenseDeclaration(parkerDerived, { form: "counter", roll: { totalKey: "gear:wpPistol", faces: [8, 7, 6, 5, 3], modifier: 0 }, weaponId: "wpPistol", added: [] }, parkerGear);
  const countered = defend(attack, 0, counter, player).flow;
  const evasion = defenseDeclaration(parkerDerived, { form: "evade", roll: { totalKey: "skill:skEvade", faces: [2, 2, 1], modifier: 0 } }, parkerGear);
  const evaded = defend(attack, 0, evasion, player).flow;
  const applied = applyInjury(evaded, 0, previewStates[PARKER.actorUuid]!, {}, gm, ["c1", "c2", "c3", "c4", "c5"]).flow;
  const atRat = declareAttack("preview2", THORTON, declaration, [RAT]);
  const ratDodges = defenseDeclaration(parkerDerived, { form: "evade", roll: { totalKey: "skill:skEvade", faces: [1, 2, 1], modifier: 0 } }, parkerGear);
  return {
    awaiting: { flow: attack, user: player },
    exchange: { flow: countered, user: gm },
    resolved: { flow: evaded, user: player },
    applied: { flow: applied, user: gm },
    smallTarget: { flow: defend(atRat, 0, ratDodges, gm).flow, user: gm },
  };
}

function workflowCss(): string {
  return ["styles/workflow.css", "styles/odds.css"].map((f) => readFileSync(join(ROOT, f), "utf8")).join("\n");
}

/** A page holding one chat card or dialog, in the chat log's frame. */
export const page = (id: string, theme: "dark" | "light", title: string, width: number, body: string, css: string, frameCss: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${Handlebars.Utils.escapeExpression(title)} — Cychosys preview</title>
<style>${frameCss}</style>
<style>${css}</style>
<style>${CHAT_LOG_CSS}</style>
<style>
  .dialog-body { padding: 0.75rem; overflow: auto; }
  .form-footer { display: flex; gap: 0.5rem; padding: 0.5rem 0.75rem; border-top: 1px solid #0004; }
  .form-footer button { flex: 1; padding: 0.35rem; }
</style>
</head>
<body class="theme-${theme}">
<main>
<section id="${id}" class="application themed theme-${theme} cychosys" style="width: ${width}px;" data-preview-sheet="${id}">
${body}
</section>
</main>
</body>
</html>
`;

/** Write the workflow's preview pages; returns their ids and files. */
export function buildWorkflowPages(env: Env, systemCss: string, frameCss: string, outDir: string): { id: string; file: string }[] {
  const i18n = makeI18n(JSON.parse(readFileSync(join(ROOT, "lang/en.json"), "utf8")) as Record<string, unknown>);
  const localize: Localize = (key, params) => (params ? i18n.format(key, params) : i18n.localize(key));
  const css = `${systemCss}\n${workflowCss()}`;
  const out: { id: string; file: string }[] = [];
  const write = (id: string, html: string) => {
    const file = join(outDir, `${id}.html`);
    writeFileSync(file, html);
    out.push({ id, file });
  };
  const flows = workflowFlows();
  for (const [state, { flow, user }] of Object.entries(flows)) {
    for (const theme of state === "resolved" ? (["dark", "light"] as const) : (["dark"] as const)) {
      const context = attackCardContext(flow, user, {
        localize,
        isNpc: (uuid) => uuid === THORTON.actorUuid || uuid === RAT.actorUuid,
        userName: (id) => (id === "gm" ? "Gamemaster" : id),
        stateOf: (uuid) => previewStates[uuid],
        oddsSideOf: (uuid) => oddsSides[uuid],
      });
      const body = `<ol class="chat-log"><li class="chat-message message">
  <header class="message-header"><h4 class="message-sender">Thorton</h4></header>
  <div class="message-content">${env.render(ATTACK_CARD_TEMPLATE, context)}</div>
</li></ol>`;
      const id = `card-${state}${theme === "light" ? "-light" : ""}`;
      write(id, page(id, theme, `Attack card: ${state}`, 320, body, css, frameCss));
    }
  }
  const dialog = (id: string, title: string, template: string, context: object, buttons: string[]) => {
    const body = `<header class="window-header"><h1 class="window-title">${Handlebars.Utils.escapeExpression(title)}</h1></header>
<form class="dialog-form"><div class="dialog-body">${env.render(template, context)}</div>
<footer class="form-footer">${buttons.map((b) => `<button type="button">${Handlebars.Utils.escapeExpression(b)}</button>`).join("")}</footer></form>`;
    write(id, page(id, "dark", title, 520, body, css, frameCss));
  };
  const attackView = attackDialogView({
    actorName: "Thorton",
    gear: { id: "wpPistol", name: "pistol", edge: "B2" },
    totals: thortonDerived.totals,
    values: { totalKey: "gear:wpPistol", modifier: 2, counts: { D: 1, B: 1 }, location: "", nonLethal: "" },
    localize,
  });
  dialog("dialog-attack", attackView.title, ATTACK_DIALOG_TEMPLATE, attackView, [localize("CYCHOSYS.Dialog.rollAttack")]);
  // The odds in the attack dialog (docs/odds.md): Thorton at Parker and at a target whose sheet he cannot see, before and after adding D.
  const odds = { attacker: oddsSides[THORTON.actorUuid]!, targets: [{ name: "Parker", side: oddsSides[PARKER.actorUuid]! }, { name: "Sewer rat" }] };
  for (const [id, counts] of [["dialog-attack-odds", {}], ["dialog-attack-odds-added", { D: 1 }]] as const) {
    const view = attackDialogView({
      actorName: "Thorton",
      gear: { id: "wpPistol", name: "pistol", edge: "B2" },
      totals: thortonDerived.totals,
      values: { totalKey: "gear:wpPistol", modifier: 0, counts, location: "", nonLethal: "" },
      odds,
      localize,
    });
    dialog(id, view.title, ATTACK_DIALOG_TEMPLATE, view, [localize("CYCHOSYS.Dialog.rollAttack")]);
  }
  const gear = parker.items
    .filter((i) => i.type === "weapon")
    .map((i) => ({ id: i.id, name: i.name, edge: (i.system as { edge: string }).edge, parry: (i.system as { parry: { hits: number; shield: string } }).parry }));
  const parry = defenseDialogView({
    mode: "parry",
    actorName: "Parker",
    attackerName: "Thorton",
    attackTotal: flows.awaiting.flow.attack.total,
    totals: parkerDerived.totals,
    gear,
    costsAction: true,
    values: { object: "adhoc", adhocName: "chair", adhocHits: 2, adhocShield: "0" },
    localize,
  });
  dialog("dialog-defense", parry.title, DEFENSE_DIALOG_TEMPLATE, parry, [localize("CYCHOSYS.Dialog.rollDefense")]);
  const counter = defenseDialogView({
    mode: "counter",
    actorName: "Parker",
    attackerName: "Thorton",
    attackTotal: flows.awaiting.flow.attack.total,
    totals: parkerDerived.totals,
    gear,
    values: { counts: { F: 1 } },
    localize,
  });
  dialog("dialog-counter", counter.title, DEFENSE_DIALOG_TEMPLATE, counter, [localize("CYCHOSYS.Dialog.rollDefense")]);
  const apply = applyDialogView({ flow: flows.resolved.flow, index: 0, struckName: "Parker", state: previewStates[PARKER.actorUuid]!, localize });
  dialog("dialog-apply", apply.title, APPLY_DIALOG_TEMPLATE, apply, [localize("CYCHOSYS.Card.apply")]);
  return out;
}
