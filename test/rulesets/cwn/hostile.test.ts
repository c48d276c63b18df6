/**
 * CWN scenarios under hostile input, in-process: every text of the shared
 * hostile fixtures and CWN's own (huge scripts, lists and ids, bidi and
 * ANSI in names and ids) is answered with one CwnError whose message is
 * one short printable line, fast; nothing else is ever thrown.
 */
import { describe, expect, it } from "vitest";
import { CwnError, parseCwnScenario } from "../../../src/rulesets/cwn/rules/index.js";
import { hostileCases, RAW_UNSAFE } from "../../fixtures/hostile.js";
import { thrownBy } from "../../helpers/thrown.js";

const json = JSON.stringify;
const repeat = (item: string, count: number) => Array.from({ length: count }, () => item).join(",");
const combat = (steps: string, members = '[{"id":"a"}]') =>
  `{"kind":"combat","sides":[{"id":"crew","playerCharacters":true,"roll":5,"members":${members}},{"id":"gang","playerCharacters":false,"roll":2,"members":[{"id":"g"}]}],"steps":${steps}}`;
const attack = (name: string) =>
  `{"attacker":{"name":${name},"baseHitBonus":1,"weapon":{"kind":"melee","damage":"1d6","attributes":["str"]}},"defender":{"ac":{"melee":10,"ranged":10},"hp":4},"roll":9}`;

const CWN_CASES: [string, string, string][] = [
  ["600 steps", combat(`[${repeat('{"do":"endSideTurn"}', 600)}]`), "steps: must have from 0 to 500 entries (got 600)"],
  ["100,000 steps", combat(`[${repeat('{"do":"endSideTurn"}', 100_000)}]`), "longer than 65536;"],
  ["1,000 members", combat("[]", `[${repeat('{"id":"x"}', 1_000)}]`), "sides[0].members: must have from 1 to 64 entries (got 1000)"],
  ["an ANSI and bidi id", combat("[]", `[{"id":${json("\u001b[31ma\u202e")}}]`), "sides[0].members[0].id: must not hold control, bidi"],
  ["a bidi override in a name", attack(json("Mack\u202egnp.exe")), "attacker.name: must not hold control, bidi"],
  ["a 61-character name", attack(json("n".repeat(61))), "attacker.name: is 61 characters long; at most 60."],
  ["500 answers to one step", combat(`[{"do":"run","fighter":"g","answers":[${repeat('{"do":"dropItem","fighter":"a"}', 500)}]}]`), "steps[0].answers: must have from 0 to 16 entries (got 500)"],
  ["dice of a million faces", attack('"Mack"').replace('"1d6"', '"1d1000000"'), 'attacker.weapon.damage: "1d1000000" is not dice'],
  ["dice as a 900-character string", attack('"Mack"').replace('"1d6"', json("1d6".repeat(300))), "attacker.weapon.damage: is 900 characters long; at most 16."],
  ["the number 1e400 as a roll", attack('"Mack"').replace('"roll":9', '"roll":1e400'), "too large or too small"],
  ["an unknown field with an ANSI key", attack('"Mack"').replace('"roll":9', `${json("\u001b]0;pwned\u0007")}:1,"roll":9`), "scenario.\\u001b]0;pwned\\u0007: unknown field"],
];

function answer(input: string): CwnError {
  const start = performance.now();
  const error = thrownBy(() => parseCwnScenario(input), CwnError);
  expect(performance.now() - start).toBeLessThan(1000);
  expect(error.message.split("\n")).toHaveLength(1);
  expect(error.message).not.toMatch(RAW_UNSAFE);
  expect(error.message.length).toBeLessThan(400);
  return error;
}

describe("hostile CWN scenarios", () => {
  it.each(hostileCases().filter((c) => typeof c.input === "string" && c.input.length <= 1_048_576).map((c) => [c.name, c.input as string] as const))(
    "the shared hostile text %s is one short CwnError",
    (_name, input) => {
      answer(input);
    },
  );

  it.each(CWN_CASES)("%s is one error naming the field", (_name, input, says) => {
    expect(answer(input).message).toContain(says);
  });
});
