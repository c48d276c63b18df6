/**
 * Cychosys's refusals as outcomes (issue 24.4, docs/rules-command.md): a
 * well-formed scenario whose choices a rule forbids — R24 cancels, R28
 * piercing, R32 reductions, R33 the distribution — is answered by the
 * `rules` command with `{ "refused": { "rule", "reason" } }` and exit code
 * 0; a scenario it cannot read stays one line on standard error, exit code
 * 2. The reason is the words the table's apply step refuses with.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { RuleRefusal } from "../../../src/core/refusal.js";
import { asRefusal, CYCHOSYS_REFUSALS, RulesError, resolveScenarioText } from "../../../src/rulesets/cychosys/rules/index.js";
import { root, rulesWithAll, runCommand } from "../../cli/run.js";

const rules = (scenario: object) => runCommand(rulesWithAll, [], JSON.stringify(scenario));
const hide = { shield: "1", covers: "all", layer: "skin" };
const pools = (p: number, m: number, e: number) => ({ hit: { physical: p, mental: m, emotional: e }, fatigue: { physical: 6, mental: 6, emotional: 6 } });
/** Parker's VD6 thrown at a crashed evasion (0): 22 → impact 4*, injury VD*10 with D piercing (R26–R28). */
const thrown = (choices: object, defenderPools = pools(9, 9, 9)) => ({
  attacker: { total: 22, edge: "VD6" },
  defender: { outfit: [hide], pools: defenderPools },
  defense: { form: "evade", total: 0 },
  choices,
});

function refused(scenario: object): { rule: string; reason: string } {
  const result = rules(scenario);
  expect(result.stderr).toBe("");
  expect(result.status).toBe(0);
  const outcome = JSON.parse(result.stdout) as { refused?: { rule: string; reason: string } };
  expect(Object.keys(outcome)).toEqual(["refused"]);
  return outcome.refused!;
}

describe("Cychosys refusals as outcomes (rules command)", () => {
  it("R28: piercing more effects than the impact's asterisks", () => {
    expect(refused(thrown({ piercing: ["V", "D"] }))).toEqual({ rule: "R28", reason: "Piercing effects chosen: 2; the impact's asterisks call for 1 (R28)." });
  });

  it("R28: piercing an effect the injury does not have", () => {
    expect(refused(thrown({ piercing: ["B"] })).rule).toBe("R28");
  });

  it("R24: a bravery's anti-impact cancelling an effect the injury does not have", () => {
    const out = refused({ attacker: { total: 22, edge: "VD6" }, defender: { outfit: [hide] }, defense: { form: "brave", total: 20 }, choices: { cancel: ["B"] } });
    expect(out).toEqual({ rule: "R24", reason: '"B" cannot be cancelled: the injury has no wounding B left (R24).' });
  });

  it("R28/R32: a piercing effect cannot be reduced; a modifier cannot be reduced at all", () => {
    expect(refused(thrown({ reduce: ["D"] }))).toEqual({ rule: "R32", reason: '"D" cannot be reduced: the injury has no non-piercing D left (R28, R32).' });
    expect(refused(thrown({ reduce: ["V"] })).rule).toBe("R32");
  });

  it("R32: a reduction the pools cannot pay for", () => {
    const out = refused({
      attacker: { total: 22, edge: "VFXP2" },
      defender: { outfit: [hide], pools: pools(8, 0, 4) },
      defense: { form: "evade", total: 18 },
      choices: { reduce: ["X"] },
    });
    expect(out).toEqual({ rule: "R32", reason: 'Reducing "X" costs P1 M1; the pools have P8 M0 E4 (R32).' });
  });

  it("R33: a distribution that does not give every hit, or takes more than a pool has", () => {
    expect(refused(thrown({ distribute: { physical: 1, mental: 0, emotional: 0 } }))).toEqual({ rule: "R33", reason: "The distribution gives 1; the hits to take are 10 (R33)." });
    expect(refused(thrown({ distribute: { physical: 10, mental: 0, emotional: 0 } }, pools(3, 9, 9))).rule).toBe("R33");
  });

  it("input that is not a valid scenario stays exit code 2 with one line (a letter the table lacks is not a refusal)", () => {
    const result = rules(thrown({ reduce: ["Q"] }));
    expect(result.status).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr.trimEnd().split("\n")).toHaveLength(1);
    expect(result.stderr).toContain("choices.reduce");
  });

  it("the same choices allowed give the outcome as before", () => {
    expect(JSON.parse(rules(thrown({ piercing: ["D"] })).stdout)).toMatchObject({ struck: "defender", injury: "VD*10", taken: "D*" });
  });

  it("every refusal code names a rule of the index, and its reason cites that rule", () => {
    const index = readFileSync(join(root, "docs/rulesets/cychosys.md"), "utf8");
    const lang = JSON.parse(readFileSync(join(root, "lang/en.json"), "utf8")) as { CYCHOSYS: { Error: Record<string, string> } };
    for (const [code, rule] of Object.entries(CYCHOSYS_REFUSALS)) {
      expect(index).toContain(`- **${rule}** `);
      expect(lang.CYCHOSYS.Error[code], code).toMatch(new RegExp(`\\(.*\\b${rule}\\b.*\\)\\.$`));
    }
  });

  it("every refusal code is documented in docs/rules-command.md's Cychosys section", () => {
    const doc = readFileSync(join(root, "docs/rules-command.md"), "utf8");
    const section = doc.slice(doc.indexOf("## Cychosys"), doc.indexOf("\n## ", doc.indexOf("## Cychosys") + 1));
    for (const code of Object.keys(CYCHOSYS_REFUSALS)) expect(section, code).toContain(`\`${code}\``);
  });

  it("asRefusal: a refusal keeps the table's lang key; any other error passes through unchanged", () => {
    const refusal = asRefusal(new RulesError("reduceUnaffordable", { letter: "X", cost: "P1", pools: "P0 M0 E0" }));
    expect(refusal).toBeInstanceOf(RuleRefusal);
    expect((refusal as RuleRefusal).i18nKey).toBe("CYCHOSYS.Error.reduceUnaffordable");
    expect((refusal as RuleRefusal).rule).toBe("R32");
    const other = new RulesError("scenarioField", { field: "x", problem: "y" });
    expect(asRefusal(other)).toBe(other);
    const plain = new Error("boom");
    expect(asRefusal(plain)).toBe(plain);
  });

  it("resolveScenarioText is the command's path: the outcome JSON, or the refusal thrown", () => {
    expect(resolveScenarioText(JSON.stringify(thrown({})))).toMatchObject({ struck: "defender", hits: 10 });
    expect(() => resolveScenarioText(JSON.stringify(thrown({ reduce: ["D"] })))).toThrow(RuleRefusal);
  });
});
