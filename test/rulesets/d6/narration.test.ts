/**
 * OpenD6's narration reads like a GM wrote it (docs/style.md, issue 23.3):
 * the shared sweep (test/helpers/narration-sweep.ts: no "(s)" plurals, no
 * hyphen for a minus, no word:word ids, no line starting lower-case) over
 * ALL of OpenD6's demo output, the explanation of every attack example and
 * seed scenario, every text of the attack card in each of its states (the
 * blade and the bare hand, out of reach, a wound applied and undone), the
 * skill-roll and initiative cards, the headless refusals and the duel plans.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { FlowUser } from "../../../src/core/ruleset.js";
import { RuleRefusal } from "../../../src/core/refusal.js";
import { readD6Fighter } from "../../../src/rulesets/d6/duel/fighter.js";
import { describeD6Plan } from "../../../src/rulesets/d6/duel/play.js";
import { D6_SEED_SCENARIOS, d6DemoScript, explainD6Attack, makeD6Rules, parseDieCode, readD6Scenario, resolveD6Scenario, resolveD6Text, rollSkill } from "../../../src/rulesets/d6/rules/index.js";
import { type D6CardView, d6AttackCardView } from "../../../src/rulesets/d6/views/attack-card.js";
import { d6InitiativeCardView } from "../../../src/rulesets/d6/views/initiative-card.js";
import { d6RollCardContext } from "../../../src/rulesets/d6/views/roll-card.js";
import { applyWound, announce, declareD6Attack, type D6Flow, interrupt, resist, rollDamage, undoWound } from "../../../src/rulesets/d6/workflow/flow.js";
import { describeProblems, sweepNarration } from "../../helpers/narration-sweep.js";

const ROOT = join(import.meta.dirname, "..", "..", "..");
const KIRA = { actorUuid: "Actor.kira", name: "Kira" };
const THUG = { actorUuid: "Actor.thug", name: "the thug" };
const gm: FlowUser = { id: "gm", isGM: true, owns: () => true };
const seed = (name: string) => readD6Scenario(D6_SEED_SCENARIOS[name]).input;

/** Every text a card shows: title, subtitle, the roll, per target its headline, details, note, rolls, odds note, buttons, working. */
function cardTexts(view: D6CardView): string[] {
  return [
    view.title, view.subtitle ?? "", view.roll?.label ?? "", view.complication ?? "",
    ...view.targets.flatMap((t) => [
      t.phaseLabel, t.outcome.text, ...(t.outcome.details ?? []).map((d) => d.text), t.note ?? "", t.odds?.note ?? "",
      ...t.rolls.map((r) => r.label ?? ""), ...t.buttons.map((b) => b.label), ...t.working,
    ]),
  ].filter(Boolean);
}

/** The attack card through its states, for the attacker's and the GM's eyes. */
function cardStates(): D6Flow[] {
  const flows: D6Flow[] = [];
  const swingInput = seed("thug-swings-at-interrupt-dodge");
  const swing = declareD6Attack("n1", THUG, { weapon: "fists", skill: "brawling", mode: "unarmed", roll: swingInput.attacker.roll }, [{ ref: KIRA, input: { ...swingInput, defender: { ...swingInput.defender, defenses: [] } }, canInterrupt: true }]);
  flows.push(swing, interrupt(swing, 0, swingInput.defender.defenses![0]!, gm), announce(swing, 0, gm));
  for (const [id, name, weapon, skill, mode] of [
    ["n2", "knife-with-strength-damage", "knife", "melee combat", "melee"],
    ["n3", "punch-parried-by-knife", "fists", "brawling", "unarmed"],
    ["n4", "knife-blocked-bare-handed", "knife", "melee combat", "melee"],
    ["n5", "floor-of-three-shot", "blaster", "firearms", "ranged"],
  ] as const) {
    const { damageRoll, resistanceRoll, ...declared } = seed(name);
    let flow = declareD6Attack(id, KIRA, { weapon, skill, mode, roll: declared.attacker.roll }, [{ ref: THUG, input: declared, canInterrupt: false }]);
    flows.push(flow);
    if (!damageRoll) continue;
    flow = rollDamage(flow, 0, damageRoll, gm);
    flows.push(flow);
    flow = resist(flow, 0, resistanceRoll!, gm);
    flows.push(flow);
    const applied = applyWound(flow, 0, { level: "none", untilRound: null }, gm).flow;
    flows.push(applied, undoWound(applied, 0, { level: "wounded", untilRound: null }, gm).flow);
  }
  // Out of reach (D27): a knife against a target at Short range.
  const { damageRoll: _d, resistanceRoll: _r, ...knife } = seed("knife-with-strength-damage");
  flows.push(declareD6Attack("n6", KIRA, { weapon: "knife", skill: "melee combat", mode: "melee", roll: knife.attacker.roll }, [{ ref: THUG, input: { ...knife, range: { band: "short" } }, canInterrupt: false }]));
  return flows;
}

describe("OpenD6 narration sweep", () => {
  it("the demo: every line", () => {
    expect(describeProblems(sweepNarration(d6DemoScript()))).toEqual([]);
  });

  it("the explanation of every seed scenario and attack example, with and without names", () => {
    const lines: string[] = [];
    for (const name of Object.keys(D6_SEED_SCENARIOS)) {
      const s = readD6Scenario(D6_SEED_SCENARIOS[name]);
      for (const names of [s.names, {}]) lines.push(...explainD6Attack(resolveD6Scenario(s), names).map((l) => l.text));
    }
    expect(lines.length).toBeGreaterThan(100);
    expect(describeProblems(sweepNarration(lines))).toEqual([]);
  });

  it("every text of the attack card in each state, for the GM and for a player", () => {
    const kira: FlowUser = { id: "p1", isGM: false, owns: (uuid) => uuid === KIRA.actorUuid };
    const texts = cardStates().flatMap((flow) => [...cardTexts(d6AttackCardView(flow, gm)), ...cardTexts(d6AttackCardView(flow, kira))]);
    expect(texts.length).toBeGreaterThan(150);
    expect(describeProblems(sweepNarration(texts))).toEqual([]);
  });

  it("the skill-roll and initiative cards", () => {
    const dodge = { key: "skill:d", kind: "skill" as const, name: "dodge", attribute: "agility" as const, code: parseDieCode("5D+1"), untrained: false };
    const rolls = [
      d6RollCardContext({ actorName: "the thug", rollable: dodge, roll: rollSkill(parseDieCode("5D+1"), { actionDice: 1, woundDice: 1 }, { dice: [4, 2], wild: [6, 3] }, -2) }),
      d6RollCardContext({ actorName: "Kira", rollable: { ...dodge, untrained: true }, roll: rollSkill(parseDieCode("3D"), {}, { dice: [6, 2], wild: [1] }, 0, "roll", makeD6Rules({ complicationMode: "remove" })), rules: makeD6Rules({ complicationMode: "remove" }) }),
    ].flatMap((c) => [c.title, c.subtitle ?? "", c.extras ?? "", c.untrained ?? "", c.complication ?? "", ...c.adjustments]);
    const initiative = { round: 2, total: 0, playerCharacter: false, roll: { dice: [5], wild: [1] }, code: { dice: 2, pips: 1 }, bonus: 1, characterPointDice: [[6, 2]] };
    const cards = [
      d6InitiativeCardView({ name: "the thug", members: ["the thug", "the thug (second)"], initiative }),
      d6InitiativeCardView({ name: "the thug", members: ["the thug"], initiative, characterPoint: true }),
    ].flatMap((c) => [c!.title, c!.subtitle ?? "", c!.sum, c!.complication ?? "", c!.roll!.label ?? ""]);
    expect(describeProblems(sweepNarration([...rolls, ...cards].filter(Boolean)))).toEqual([]);
  });

  it("the headless refusals and the duel plans", () => {
    const reasons: string[] = [];
    for (const folder of ["initiative", "defense", "refusals"]) {
      for (const file of readdirSync(join(ROOT, "examples/d6", folder)).filter((f) => f.endsWith(".json"))) {
        try {
          const outcome = JSON.stringify(resolveD6Text(readFileSync(join(ROOT, "examples/d6", folder, file), "utf8")));
          for (const m of outcome.matchAll(/"reason":"([^"]*)"/g)) reasons.push(m[1]!);
        } catch (error) {
          reasons.push((error as RuleRefusal).message);
        }
      }
    }
    expect(reasons.length).toBeGreaterThanOrEqual(5);
    const actor = (name: string) => readD6Fighter(JSON.parse(readFileSync(join(ROOT, "packs/_source/d6-characters/characters", `${name}.json`), "utf8")));
    const plans = [describeD6Plan(actor("kira"), actor("dax-morrow")), describeD6Plan(actor("sela-vane"), actor("kira"))];
    expect(describeProblems(sweepNarration([...reasons, ...plans]))).toEqual([]);
  });
});
