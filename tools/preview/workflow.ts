/**
 * Preview pages of the attack workflow: the attack card awaiting a defense,
 * during a counterattack exchange, settled, and with the injury applied; the
 * attack, defense and apply dialogs. Thorton shoots at Parker (and Parker
 * counters); every figure comes from the real workflow and view models.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import Handlebars from "handlebars";
import { deriveCombatant } from "../../src/data/derive/combatant.js";
import type { Localize } from "../../src/rules/index.js";
import { ATTACK_CARD_TEMPLATE, attackCardContext } from "../../src/chat/card.js";
import { attackDeclaration } from "../../src/chat/requests.js";
import {
  APPLY_DIALOG_TEMPLATE,
  applyDialogView,
  ATTACK_DIALOG_TEMPLATE,
  attackDialogView,
  DEFENSE_DIALOG_TEMPLATE,
  defenseDialogView,
} from "../../src/applications/dialogs/views.js";
import { applyInjury, type AttackFlow, declareAttack, defend, type FlowUser } from "../../src/workflow/attack-flow.js";
import { parker, thorton } from "../../test/fixtures/cast.js";
import { type makeEnvironment, ROOT } from "./render.js";
import { makeI18n } from "./helpers.js";

type Env = ReturnType<typeof makeEnvironment>;
const PARKER = { actorUuid: "Actor.parker", name: "Parker" };
const THORTON = { actorUuid: "Actor.thorton", name: "Thorton" };

const parkerDerived = deriveCombatant(parker.system, parker.items, []);
const thortonDerived = deriveCombatant(thorton.system, thorton.items, thorton.conditions);
const player: FlowUser = { id: "p1", isGM: false, owns: (uuid) => uuid === PARKER.actorUuid };
const gm: FlowUser = { id: "gm", isGM: true, owns: () => false };

/** The four states of the card, as Parker's player sees them (the applied one as the GM). */
export function workflowFlows(): Record<"awaiting" | "exchange" | "resolved" | "applied", { flow: AttackFlow; user: FlowUser }> {
  const declaration = attackDeclaration(thortonDerived, { name: "pistol", edge: "B2" }, { totalKey: "gear:wpPistol", faces: [8, 4, 2, 11, 3, 2], modifier: 0 }, ["D"]);
  const attack = declareAttack("preview1", THORTON, declaration, [PARKER]);
  const countered = defend(attack, 0, { form: "counter", total: 40, surge: false, edge: "FB2" }, player).flow;
  const evaded = defend(attack, 0, { form: "evade", total: 9, surge: false }, player).flow;
  const state = { outfit: parkerDerived.outfit, extraSoakSteps: 0, pools: parkerDerived.pools };
  const applied = applyInjury(evaded, 0, state, {}, gm, ["c1", "c2", "c3", "c4", "c5"]).flow;
  return {
    awaiting: { flow: attack, user: player },
    exchange: { flow: countered, user: gm },
    resolved: { flow: evaded, user: player },
    applied: { flow: applied, user: gm },
  };
}

function workflowCss(): string {
  return readFileSync(join(ROOT, "styles/workflow.css"), "utf8");
}

const page = (id: string, theme: "dark" | "light", title: string, width: number, body: string, css: string, frameCss: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${Handlebars.Utils.escapeExpression(title)} — Cychosys preview</title>
<style>${frameCss}</style>
<style>${css}</style>
<style>
  .chat-log { list-style: none; margin: 0; padding: 0.5rem; display: flex; flex-direction: column; gap: 0.5rem; }
  .chat-message { border: 1px solid var(--cychosys-border); border-radius: 6px; padding: 0.5rem; background: var(--cychosys-panel); }
  .message-header h4 { margin: 0 0 0.35rem; font-size: 0.85rem; color: var(--cychosys-muted); }
  .dialog-body { padding: 0.75rem; overflow: auto; }
  .form-footer { display: flex; gap: 0.5rem; padding: 0.5rem 0.75rem; border-top: 1px solid #0004; }
  .form-footer button { flex: 1; padding: 0.35rem; }
</style>
</head>
<body class="theme-${theme}">
<section id="${id}" class="application themed theme-${theme} cychosys" style="width: ${width}px;" data-preview-sheet="${id}">
${body}
</section>
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
      const context = attackCardContext(flow, user, { localize, isNpc: (uuid) => uuid === THORTON.actorUuid, userName: (id) => (id === "gm" ? "Gamemaster" : id) });
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
  const state = { outfit: parkerDerived.outfit, extraSoakSteps: 0, pools: parkerDerived.pools };
  const apply = applyDialogView({ flow: flows.resolved.flow, index: 0, struckName: "Parker", state, localize });
  dialog("dialog-apply", apply.title, APPLY_DIALOG_TEMPLATE, apply, [localize("CYCHOSYS.Card.apply")]);
  return out;
}
