/**
 * The GURPS rules core's results, pinned (issue 21, point 2): a hash of every
 * resolution of the bench's realistic mix and of its fixed set, as
 * `JSON.stringify` writes them (every field, value and key order). Computed
 * on the core before it was made faster; a speed-up that changes any result
 * of any attack changes the hash. If a rule change means to change results,
 * check the new ones and pin the new hash in the same commit.
 */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { gurpsMixInputs } from "../../../src/rulesets/gurps/bench.js";
import { gurpsBenchInputs } from "../../../src/rulesets/gurps/rules/bench.js";
import { GURPS_STANDARD_RULES, resolveGurpsAttack } from "../../../src/rulesets/gurps/rules/index.js";

const hashOf = (lines: Iterable<string>): string => {
  const hash = createHash("sha256");
  for (const line of lines) hash.update(`${line}\n`);
  return hash.digest("hex");
};

describe("the GURPS core's results, pinned", () => {
  it("every resolution of the realistic mix (2,048 attacks from the packs, G5, G58–G86) is the pinned one", () => {
    const mix = gurpsMixInputs();
    expect(mix).toHaveLength(2048);
    expect(hashOf(mix.map((input) => JSON.stringify(resolveGurpsAttack(input, GURPS_STANDARD_RULES))))).toBe("5832cec7efcc6f7d14ab1ab34f3c4f1ac0212538997a630fb98cc1072cd8db77");
  });

  it("the mix's inputs (built one owed roll after another from the core's own answers) and its attacks stopped where a die is owed are the pinned ones", () => {
    const mix = gurpsMixInputs();
    expect(hashOf(mix.map((input) => JSON.stringify(input)))).toBe("d4f2fba691124f43a1566a5e991c02a1811eaad77216be6900a6e31b34a689e6");
    const stopped = mix.flatMap((input) => [
      { ...input, defenses: null },
      { ...input, defenses: input.defenses?.slice(0, 1) ?? null },
      { ...input, damage: null },
      { ...input, rolls: {} },
      { ...input, attacker: { ...input.attacker, roll: null } },
    ]);
    expect(hashOf(stopped.map((input) => JSON.stringify(resolveGurpsAttack(input, GURPS_STANDARD_RULES))))).toBe("0d3610acf720284daef17093bc0a9eccb2463651afd4b7249bdc93069135b57a");
  });

  it("every resolution of the fixed set (the seed checks' attacks) is the pinned one", () => {
    const fixed = gurpsBenchInputs();
    expect(hashOf(fixed.map((x) => JSON.stringify(resolveGurpsAttack(x.input, x.rules))))).toBe("f0f51a7f24f5e547987620ecc87e62085f7a9c0a0dcebb6c163802ca38ec72ed");
  });
});
