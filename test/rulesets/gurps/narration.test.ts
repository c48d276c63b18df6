/**
 * GURPS narration reads like a GM wrote it (docs/style.md, "Typography";
 * issue 23.3): the shared sweep (test/helpers/narration-sweep.ts) over the
 * whole demo, the explanation of every example under examples/gurps/, and
 * every text of the attack card in each of its states as each user sees it —
 * no "(s)" plurals, no hyphen used as a minus, no `block:smallShield` ids,
 * no line starting lower-case.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { english } from "../../../src/core/messages.js";
import type { FlowUser } from "../../../src/core/ruleset.js";
import { defenseOptionLabel, explainGurps, gurpsDemoScript, gurpsHeadless, owedRollLabel } from "../../../src/rulesets/gurps/rules/index.js";
import { GURPS_ATTACK_CARD_TEMPLATE, gurpsAttackCardView } from "../../../src/rulesets/gurps/views/attack-card.js";
import { type GurpsFlow, rollDamage, rollOwed } from "../../../src/rulesets/gurps/workflow/flow.js";
import { makeEnvironment, readLang } from "../../../tools/preview/render.js";
import { declaredSwing, GM, gurpsCardFlows, LOUIS_PLAYER, ONLOOKER, PIERRE_PLAYER } from "../../fixtures/gurps-cards.js";
import { describeProblems, sweepNarration } from "../../helpers/narration-sweep.js";

const DIR = join(import.meta.dirname, "..", "..", "..", "examples", "gurps");
const examples = readdirSync(DIR).filter((f) => f.endsWith(".json"));
const env = makeEnvironment(readLang());

/** The text a reader sees on a rendered card, one line per block (paragraph, item, heading, button, summary). */
function cardLines(markup: string): string[] {
  return markup
    .replace(/<\/?(?:p|li|h\d|button|summary|section|div|ol|ul|header|details)\b[^>]*>/g, "\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&#x27;/g, "'").replace(/&#x3D;/g, "=").replace(/&quot;/g, '"').replace(/&amp;/g, "&")
    .split("\n")
    .map((l) => l.replace(/\s+/g, " ").trim())
    // A line that is only a figure or a rule id (a defense score, "G77") is not a sentence.
    .filter((l) => l && !/^(?:[+−±]?\d+|G\d+(?:–G\d+)?)$/.test(l));
}

/** The card's states: asking the defense, the major wound owed, applied, a critical hit, a miss, a critical hit's damage owed. */
function cardStates(): { name: string; flow: GurpsFlow }[] {
  const { defend, majorWoundOwed, applied } = gurpsCardFlows();
  const critical = rollDamage(rollOwed(declaredSwing([1, 1, 2]), "rolls.criticalTable", [2, 1, 1], LOUIS_PLAYER), "damage", [[5]], LOUIS_PLAYER);
  return [
    { name: "defend", flow: defend }, { name: "majorWoundOwed", flow: majorWoundOwed }, { name: "applied", flow: applied },
    { name: "critical", flow: critical }, { name: "criticalOwed", flow: declaredSwing([1, 1, 2]) }, { name: "miss", flow: declaredSwing([6, 5, 5]) }, { name: "criticalMiss", flow: declaredSwing([6, 6, 6]) },
  ];
}

describe("GURPS narration, swept", () => {
  it("the demo: every line", () => {
    const lines = gurpsDemoScript();
    expect(lines.length).toBeGreaterThan(300);
    expect(describeProblems(sweepNarration(lines))).toEqual([]);
  });

  it.each(examples)("the explanation of examples/gurps/%s", (file) => {
    const scenario = gurpsHeadless.parseScenario(readFileSync(join(DIR, file), "utf8"));
    const lines = gurpsHeadless.explain(gurpsHeadless.resolve(scenario), scenario.names).map((l) => l.text);
    expect(lines.length).toBeGreaterThan(0);
    expect(describeProblems(sweepNarration(lines))).toEqual([]);
  });

  it.each(cardStates())("the attack card's text, $name, as each user sees it", ({ flow }) => {
    for (const user of [GM, PIERRE_PLAYER, LOUIS_PLAYER, ONLOOKER] as FlowUser[]) {
      const lines = cardLines(env.render(GURPS_ATTACK_CARD_TEMPLATE, gurpsAttackCardView(flow, user, { tables: { hit: { name: "Critical Hit Table", results: [] } } })));
      expect(lines.length).toBeGreaterThan(5);
      expect(describeProblems(sweepNarration(lines))).toEqual([]);
    }
  });

  it("labels, not ids: a defense option by its name, an item id without one in words; an owed roll by what it is for", () => {
    expect(defenseOptionLabel("block:shPierre", { shPierre: "small shield" })).toBe("Block (small shield)");
    expect(defenseOptionLabel("block:smallShield")).toBe("Block (small shield)");
    expect(defenseOptionLabel("parry:hands")).toBe("Parry (bare hands)");
    expect(defenseOptionLabel("dodge")).toBe("Dodge");
    const owed = (id: string, target: number | null) => owedRollLabel({ id, roll: "3d6", who: "defender", target, rule: "G78", when: "now" }, null);
    expect(owed("rolls.majorWound[0]", 11)).toBe("HT 11: major wound (stunned and down if it fails)");
    expect(owed("defenses[0].roll", 9)).toBe("Defense 9: the defense roll");
    expect(owed("foe.roll", 14)).toBe("Skill 14: resist the feint");
  });

  it("real plurals and true minus figures: 1 yard, 2 yards; HP −1; the next attack", () => {
    const say = (name: string) => {
      const s = gurpsHeadless.parseScenario(readFileSync(join(DIR, `${name}.json`), "utf8"));
      return explainGurps(gurpsHeadless.resolve(s), s.names, english).map((l) => l.text).join("\n");
    };
    expect(say("check-02-move-and-attack-short")).toContain("a step of 1 yard; the maneuver allows 5 yards");
    expect(say("check-07-rapid-fire-dodge")).toContain("Wounding: pi ×1 → injury 12 from HP, now −1 (G75).");
    expect(say("check-07-rapid-fire-dodge")).toContain("1 hit still lands");
    expect(say("check-04-feint-foe-fails")).toContain("Filthy Pierre defends at −3 against the next attack on the feinter's next turn (G25).");
    expect(say("check-18-knockback")).toContain("Knockback: 2 yards (G74).");
  });
});
