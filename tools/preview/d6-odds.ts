/**
 * Preview pages of the OpenD6 odds (docs/odds.md): Dax swings his club at
 * Kira, who holds a wait (D14) — the card as Kira's player sees it, with the
 * odds of each answer (no interrupt, dodge, block, parry with her knife);
 * and Dax's attack dialog with the chance to hit Kira and a target whose
 * sheet he cannot see. The actors are the compendium's (packs/_source), every
 * figure from the real derive, workflow, core and view models.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import Handlebars from "handlebars";
import type { FlowUser } from "../../src/core/ruleset.js";
import { deriveD6Actor, type D6ItemInput } from "../../src/rulesets/d6/data/derive.js";
import { D6_STANDARD_RULES, declareActions, newCombatantRound, takeWait } from "../../src/rulesets/d6/rules/index.js";
import { D6_ATTACK_CARD_TEMPLATE, d6AttackCardView } from "../../src/rulesets/d6/views/attack-card.js";
import { D6_ATTACK_DIALOG_TEMPLATE, d6AttackDialogView } from "../../src/rulesets/d6/views/dialogs.js";
import { d6DialogOdds } from "../../src/rulesets/d6/views/odds.js";
import { attackPlan } from "../../src/rulesets/d6/workflow/dice-plans.js";
import { declareD6Attack } from "../../src/rulesets/d6/workflow/flow.js";
import { interruptOptions } from "../../src/rulesets/d6/workflow/odds-query.js";
import { attackInputFrom, type D6ActorData, type RoundOf } from "../../src/rulesets/d6/workflow/steps.js";
import { makeI18n } from "./helpers.js";
import { type makeEnvironment, ROOT } from "./render.js";
import { page } from "./workflow.js";

type Env = ReturnType<typeof makeEnvironment>;

/** A compendium character as the workflow reads it: its system with derived data. */
function character(file: string, uuid: string): D6ActorData & { name: string } {
  const doc = JSON.parse(readFileSync(join(ROOT, "packs/_source/d6-characters/characters", file), "utf8")) as { name: string; system: Record<string, unknown>; items: (D6ItemInput & { _id: string })[] };
  const items = doc.items.map((i) => ({ id: i._id, name: i.name, type: i.type, system: i.system }));
  return { uuid, name: doc.name, system: { ...doc.system, derived: deriveD6Actor(doc.system, items) } as D6ActorData["system"] };
}

/** Dax at Kira: Kira declared three actions, attacked, and holds a wait (D11, D13–D14). */
export function d6OddsExample() {
  const dax = character("dax-morrow.json", "Actor.dax");
  const kira = character("kira.json", "Actor.kira");
  const club = dax.system.derived!.weapons.find((w) => w.name === "club")!;
  const kiraRound = takeWait(declareActions(newCombatantRound(2), 3));
  const theirs: RoundOf = { state: { round: kiraRound } as never, round: 2 };
  const mine: RoundOf = { state: { round: declareActions(newCombatantRound(2), 1) } as never, round: 2 };
  const { input } = attackInputFrom(dax, club, kira, { roll: { dice: [4, 3, 5], wild: [2] }, flat: 0 }, mine, theirs, D6_STANDARD_RULES);
  const ref = (a: { uuid: string; name: string }) => ({ actorUuid: a.uuid, name: a.name });
  const flow = declareD6Attack("d6odds", ref(dax), { weapon: "club", skill: "melee combat", mode: "melee", roll: input.attacker.roll }, [{ ref: ref(kira), input, canInterrupt: true }]);
  return { dax, kira, club, flow, kiraRound, mine, theirs };
}

export function buildD6OddsPages(env: Env, systemCss: string, frameCss: string, outDir: string): { id: string; file: string }[] {
  const i18n = makeI18n(JSON.parse(readFileSync(join(ROOT, "lang/en.json"), "utf8")) as Record<string, unknown>);
  const localize = (key: string, params?: Record<string, unknown>) => (params ? i18n.format(key, params) : i18n.localize(key));
  const css = [systemCss, ...["styles/workflow.css", "styles/d6-card.css", "styles/d6-roll.css", "styles/core.css", "styles/odds.css"].map((f) => readFileSync(join(ROOT, f), "utf8"))].join("\n");
  const out: { id: string; file: string }[] = [];
  const write = (id: string, html: string) => {
    const file = join(outDir, `${id}.html`);
    writeFileSync(file, html);
    out.push({ id, file });
  };
  const { dax, kira, club, flow, kiraRound, mine, theirs } = d6OddsExample();
  const interrupts = interruptOptions(kira.system.derived!, kiraRound, undefined, D6_STANDARD_RULES);
  const kiraPlayer: FlowUser = { id: "p2", isGM: false, owns: (uuid) => uuid === kira.uuid };
  const view = d6AttackCardView(flow, kiraPlayer, localize, D6_STANDARD_RULES, { interruptsOf: (uuid) => (uuid === kira.uuid ? interrupts : undefined) });
  const body = `<ol class="chat-log"><li class="chat-message message">
  <header class="message-header"><h4 class="message-sender">${Handlebars.Utils.escapeExpression(dax.name)}</h4></header>
  <div class="message-content">${env.render(D6_ATTACK_CARD_TEMPLATE, view)}</div>
</li></ol>`;
  write("d6-card-interrupt-odds", page("d6-card-interrupt-odds", "dark", "OpenD6 attack card: the interrupt window", 320, body, css, frameCss));

  const plan = attackPlan(dax.system.derived!, club, mine!.state.round, kira.uuid);
  const odds = d6DialogOdds(dax, club, mine, [{ name: kira.name, actor: kira, round: theirs, interrupts }, { name: "Thug" }], { flat: 0 }, localize);
  const dialog = d6AttackDialogView({ plan, ranged: false, gm: false, localize, odds });
  const title = localize("CYCHOSYS.D6.Card.attackTitle", { weapon: club.name });
  const form = `<header class="window-header"><h1 class="window-title">${Handlebars.Utils.escapeExpression(title)}</h1></header>
<form class="dialog-form"><div class="dialog-body">${env.render(D6_ATTACK_DIALOG_TEMPLATE, dialog)}</div>
<footer class="form-footer"><button type="button">${Handlebars.Utils.escapeExpression(localize("CYCHOSYS.D6.Card.rollIt"))}</button></footer></form>`;
  write("d6-dialog-attack-odds", page("d6-dialog-attack-odds", "dark", title, 420, form, css, frameCss));
  return out;
}
