/**
 * What `npm run bench` times of CWN (src/rulesets/cwn/bench.ts): the fixed
 * set, a realistic mix generated from the compendiums that covers the
 * scenario space, and the table costs — each of which grows linearly to
 * 1,000 combatants and 2,000 items (a generous ceiling and an N → 10N ratio:
 * a return to quadratic fails, a busy machine does not; the targets
 * themselves are the bench's).
 */
import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { expectLinearGrowth } from "../../helpers/growth.js";
import { bench, cwnMixInputs } from "../../../src/rulesets/cwn/bench.js";
import { CWN_PACK_SOURCES } from "../../../src/rulesets/cwn/bench-packs.js";
import { attackerInput, deriveCwnActor } from "../../../src/rulesets/cwn/data/derive.js";
import { resolveCwnAttack } from "../../../src/rulesets/cwn/rules/index.js";
import { ROOT } from "../../../tools/preview/render.js";
import { cwnDerivedOf, vee } from "../../fixtures/cwn-sheets.js";

const walk = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));

describe("the CWN bench's inputs", () => {
  it("reads every document of the CWN packs (the list is the pack folders')", () => {
    const files = ["cwn-weapons", "cwn-armor", "cwn-foes"].flatMap((p) => walk(join(ROOT, "packs/_source", p))).filter((f) => f.endsWith(".json") && !f.endsWith("_folder.json"));
    expect(Object.keys(CWN_PACK_SOURCES).sort()).toEqual(files.map((f) => relative(ROOT, f)).sort());
  });

  it("the fixed set is the seed's scenarios; the mix is thousands of attacks that resolve, the same on every run", () => {
    expect(bench.id).toBe("cwn");
    expect(bench.fixed.size).toBeGreaterThan(10);
    expect(bench.mix.size).toBe(4096);
    expect(cwnMixInputs(64)).toEqual(cwnMixInputs(64));
    for (let i = 0; i < bench.mix.size; i += 97) expect(typeof bench.mix.run(i)).toBe("number");
  });

  it("the mix covers the scenario space: every action, range and foe beside the shooter, target states, screens, modifiers, every d20 face, Traumatic Hits, Shock, non-lethal, armor layers, foes and characters", () => {
    const inputs = cwnMixInputs();
    const results = inputs.map((x) => resolveCwnAttack(x));
    const seen = (values: unknown[]) => new Set(values.map((v) => JSON.stringify(v)));
    expect(seen(inputs.map((x) => x.action))).toEqual(seen(["attack", "snap", "charge", "swarm"]));
    expect(seen(inputs.map((x) => x.attacker.weapon.kind))).toEqual(seen(["melee", "ranged", "thrown"]));
    expect(seen(inputs.map((x) => x.distance))).toEqual(seen(["adjacent", "distant"]));
    expect(seen(inputs.map((x) => x.adjacentFoe))).toEqual(seen(["none", "fists", "armed"]));
    expect(seen(inputs.map((x) => x.roll)).size).toBe(20);
    expect(inputs.some((x) => x.defender.totalDefense) && inputs.some((x) => x.defender.charging) && inputs.some((x) => x.defender.prone)).toBe(true);
    expect(inputs.some((x) => x.attacker.hitModifiers?.length) && inputs.some((x) => x.lethal === false)).toBe(true);
    expect(inputs.some((x) => (x.defender.soak ?? 0) > 5)).toBe(true); // two armor layers' soak
    expect(seen(inputs.map((x) => !!x.defender.playerCharacter))).toEqual(seen([true, false]));
    expect(results.some((r) => r.target === "screener")).toBe(true);
    expect(results.some((r) => r.screen && r.target === "defender")).toBe(true);
    expect(results.some((r) => r.trauma?.traumatic)).toBe(true);
    expect(results.some((r) => r.hit === false && (r.dealt ?? 0) > 0)).toBe(true);
    expect(results.some((r) => r.harm?.downed)).toBe(true);
    expect(seen(results.map((r) => r.hitBy))).toEqual(seen(["natural1", "natural20", "total"]));
  });

  it("an attacker's input has one shape whatever its round holds (the core reads every attacker alike: issue 21)", () => {
    const d = cwnDerivedOf(vee);
    const keys = (round: Parameters<typeof attackerInput>[2]) => Object.keys(attackerInput(d, "wPistol", round)!);
    expect(keys({})).toEqual(keys({ mainSpent: true, canSnap: false, hitModifiers: [{ label: "GM", value: 2 }] }));
    expect(deriveCwnActor("cwnCharacter", vee.system, []).weapons).toHaveLength(0);
  });
});

describe("the table's costs grow linearly (issue 21)", () => {
  it.each(bench.table.map((cost) => [cost.kind, cost] as const))("%s: N → 10N well under quadratic, and under 50× the target at the largest size", (_kind, cost) => {
    expectLinearGrowth(cost);
  });
});
