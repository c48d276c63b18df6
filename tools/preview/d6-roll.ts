/**
 * Preview pages of the OpenD6 roll cards: Kira's dodge as her second action
 * while Wounded (D12 and D37 dice removed) with an exploding Wild Die (D2)
 * and a flat +1; the thug's brawling with a complication in the removing
 * mode (the 1 and his highest die struck); and the initiative cards the GM
 * posts (D6, D9): Mara's roll with an exploding Wild Die, her Character
 * Point, the thugs' one group roll with a complication. Dark and light.
 * Every figure from the real derive, core and view model.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import Handlebars from "handlebars";
import { deriveD6Actor, findRollable, type D6ItemInput } from "../../src/rulesets/d6/data/derive.js";
import { makeD6Rules, rollSkill, type D6Rules, type RollFaces } from "../../src/rulesets/d6/rules/index.js";
import { D6_ROLL_CARD_TEMPLATE, d6RollCardContext } from "../../src/rulesets/d6/views/roll-card.js";
import { D6_INITIATIVE_CARD_TEMPLATE, d6InitiativeCardView } from "../../src/rulesets/d6/views/initiative-card.js";
import type { D6Initiative } from "../../src/rulesets/d6/combat/round-state.js";
import { makeI18n } from "./helpers.js";
import { type makeEnvironment, ROOT } from "./render.js";
import { page } from "./workflow.js";

type Env = ReturnType<typeof makeEnvironment>;

const stored = (strength: string, wound: string) => ({
  attributes: { agility: "3D", strength, mechanical: "2D", knowledge: "2D", perception: "3D+2", technical: "2D" },
  freeActions: 1, strengthAdjustment: "+0D", protection: "0D", blockBlades: false, wounds: { level: wound, untilRound: 0 },
});
const skill = (id: string, name: string, code: string): D6ItemInput => ({ id, name, type: "d6Skill", system: { attribute: "agility", code } });

/** The cards' inputs: who rolls what, with which penalties, faces and world rules. */
export function d6RollExamples(): Record<"exploding" | "complication", { actorName: string; key: string; derived: ReturnType<typeof deriveD6Actor>; actionDice: number; faces: RollFaces; flat: number; rules: D6Rules }> {
  const kira = deriveD6Actor(stored("2D+2", "wounded"), [skill("kd", "dodge", "5D+1")]);
  const thug = deriveD6Actor(stored("3D+1", "none"), [skill("tb", "brawling", "3D+1")]);
  return {
    exploding: { actorName: "Kira", key: "skill:kd", derived: kira, actionDice: 1, faces: { dice: [4, 2], wild: [6, 6, 3] }, flat: 1, rules: makeD6Rules() },
    complication: { actorName: "the thug", key: "skill:tb", derived: thug, actionDice: 0, faces: { dice: [5, 3], wild: [1] }, flat: 0, rules: makeD6Rules({ complicationMode: "remove" }) },
  };
}

export function buildD6RollPages(env: Env, systemCss: string, frameCss: string, outDir: string): { id: string; file: string }[] {
  const i18n = makeI18n(JSON.parse(readFileSync(join(ROOT, "lang/en.json"), "utf8")) as Record<string, unknown>);
  const localize = (key: string, params?: Record<string, unknown>) => (params ? i18n.format(key, params) : i18n.localize(key));
  const css = [systemCss, ...["styles/workflow.css", "styles/d6-card.css", "styles/d6-roll.css", "styles/core.css"].map((f) => readFileSync(join(ROOT, f), "utf8"))].join("\n");
  const out: { id: string; file: string }[] = [];
  /** A card in the chat log as its speaker posted it, dark and light. */
  const writeCard = (prefix: string, state: string, speaker: string, card: string) => {
    const body = `<ol class="chat-log"><li class="chat-message message">
  <header class="message-header"><h4 class="message-sender">${Handlebars.Utils.escapeExpression(speaker)}</h4></header>
  <div class="message-content">${card}</div>
</li></ol>`;
    for (const theme of ["dark", "light"] as const) {
      const id = `${prefix}-${state}${theme === "light" ? "-light" : ""}`;
      const file = join(outDir, `${id}.html`);
      writeFileSync(file, page(id, theme, `OpenD6 card: ${id}`, 320, body, css, frameCss));
      out.push({ id, file });
    }
  };
  for (const [state, ex] of Object.entries(d6RollExamples())) {
    const rollable = findRollable(ex.derived, ex.key)!;
    const roll = rollSkill(rollable.code, { actionDice: ex.actionDice, woundDice: ex.derived.wound.penaltyDice }, ex.faces, ex.flat, rollable.name, ex.rules);
    writeCard("d6-roll", state, ex.actorName, env.render(D6_ROLL_CARD_TEMPLATE, d6RollCardContext({ actorName: ex.actorName, rollable, roll, localize, rules: ex.rules })));
  }
  // D6, D9: the initiative cards, as the GM posts them.
  const mara: D6Initiative = { round: 1, total: 16, playerCharacter: true, roll: { dice: [2, 3], wild: [6, 4] }, code: { dice: 3, pips: 0 }, bonus: 1, characterPointDice: [] };
  const thugs: D6Initiative = { round: 1, total: 7, playerCharacter: false, group: "thug", roll: { dice: [5], wild: [1] }, code: { dice: 2, pips: 1 }, bonus: 0, characterPointDice: [] };
  const cards: [string, Parameters<typeof d6InitiativeCardView>[0]][] = [
    ["roll", { name: "Mara", members: ["Mara"], initiative: mara }],
    ["point", { name: "Mara", members: ["Mara"], initiative: { ...mara, total: 25, characterPointDice: [[6, 3]] }, characterPoint: true }],
    ["group", { name: "Thug", members: ["Thug", "Thug (second)"], initiative: thugs }],
  ];
  for (const [state, input] of cards) writeCard("d6-initiative", state, input.name, env.render(D6_INITIATIVE_CARD_TEMPLATE, d6InitiativeCardView({ ...input, localize })!));
  return out;
}
