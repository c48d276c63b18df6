/**
 * The phase odds (docs/odds.md, "Phase-based homebrew") against independent
 * computations: every die of the attack enumerated through the core's own
 * `resolveAttack` — following its `pending` roll by roll, each face weighted
 * by its chance — and, for full auto (too many dice to enumerate), a seeded
 * Monte-Carlo of 100,000 attacks through `resolveAttack`, every figure
 * within 3 standard errors. Then the choices offered (P26) and the
 * properties a GM would expect, and the cost of a query.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { seededRandom } from "../../../src/cli/prng.js";
import { bestDefense } from "../../../src/core/ruleset.js";
import {
  type AttackDice, type AttackInput, type AttackResolution, PHASE_STANDARD_RULES, type PhaseRules, resolveAttack,
} from "../../../src/rulesets/phase/rules/index.js";
import { type PhaseChoiceOdds, phaseAttackOdds, phaseChoiceOdds, type PhaseDefense, type PhaseOddsQuery } from "../../../src/rulesets/phase/rules/odds.js";
import { perArea, thresholds } from "./helpers.js";

type Attack = PhaseOddsQuery["attack"];

const attack = (more: Partial<Attack> = {}): Attack => ({
  action: "fire",
  attacker: { attribute: 3, skill: 2, traumaticWounds: 0 },
  weapon: { kind: "ranged", damage: { dice: 2, faces: 6, flat: 0 }, stun: false, alwaysTraumatic: false },
  targeting: true,
  aim: 0,
  called: null,
  range: 0,
  cover: 0,
  other: 0,
  target: { chart: "human", obstacles: { cover: [], missing: [] }, armor: perArea(0), thresholds: thresholds(), wounds: { flesh: 0, stun: 0, fleshMax: 20, traumas: [], traumaLimit: 3 } },
  ...more,
});

/** The figures of one choice counted over every roll of the attack through resolveAttack. */
function enumerate(a: Attack, defense: PhaseDefense, rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES): PhaseChoiceOdds & { mass: number; leaves: number } {
  const input: Omit<AttackInput, "dice"> = { ...a, phase: 1, defending: defense === "defend" };
  const sum = { hit: 0, struck: 0, points: 0, cover: 0, traumatic: 0, out: 0, called: 0, mass: 0, leaves: 0 };
  const damageFaces = (formula: Attack["weapon"]["damage"]): number[][] => {
    let out: number[][] = [[]];
    for (let d = 0; d < formula.dice; d++) out = out.flatMap((f) => Array.from({ length: formula.faces }, (_, i) => [...f, i + 1]));
    return out;
  };
  const faces = damageFaces(a.weapon.damage);
  const visit = (res: AttackResolution, w: number) => {
    const hits = res.checks.flatMap((c) => c.hits);
    sum.mass += w;
    sum.leaves++;
    if (res.hits > 0) sum.hit += w;
    if (res.landed > 0) sum.struck += w;
    sum.points += w * (a.weapon.stun ? res.after.stun - res.before.stun : res.after.flesh - res.before.flesh);
    if (hits.some((h) => h.placement.area === null)) sum.cover += w;
    if (res.newTraumas.length) sum.traumatic += w;
    if (res.conditionAfter.out) sum.out += w;
    if (res.called && hits.some((h) => h.placement.area === res.called)) sum.called += w;
  };
  const go = (dice: AttackDice, w: number) => {
    const res = resolveAttack({ ...input, dice }, rules);
    if (!res.pending) return visit(res, w);
    if (res.pending.roll === "check") for (let f = 1; f <= rules.checkDie; f++) go({ ...dice, checks: [...dice.checks, f] }, w / rules.checkDie);
    else if (res.pending.roll === "location") {
      const die = rules.locationCharts[a.target.chart]!.die;
      for (let f = 1; f <= die; f++) go({ ...dice, locations: [...dice.locations, f] }, w / die);
    } else for (const f of faces) go({ ...dice, damage: [...dice.damage, f] }, w / faces.length);
  };
  go({ checks: [], locations: [], damage: [] }, 1);
  const wild = a.action !== "melee" && !a.targeting;
  return { defense, ...sum, called: a.called && !wild ? sum.called : null };
}

const figures = (o: PhaseChoiceOdds) => ({ hit: o.hit, struck: o.struck, points: o.points, cover: o.cover, traumatic: o.traumatic, out: o.out, called: o.called });

function expectClose(actual: PhaseChoiceOdds, expected: PhaseChoiceOdds, digits = 12) {
  const a = figures(actual);
  const e = figures(expected);
  for (const key of Object.keys(e) as (keyof typeof e)[]) {
    if (e[key] === null) expect(a[key], key).toBeNull();
    else expect(a[key], key).toBeCloseTo(e[key] as number, digits);
  }
}

const d = (dice: number, faces: number, flat = 0) => ({ dice, faces, flat });
const chestCovered = { chart: "human", obstacles: { cover: ["abdomen" as const, "rightArm" as const], missing: ["leftArm" as const] }, armor: { ...perArea(0), chest: 3, head: 1 }, thresholds: thresholds(), wounds: { flesh: 12, stun: 0, fleshMax: 20, traumas: [{ area: "leftLeg" as const, phase: 1 }], traumaLimit: 3 } };

const CASES: [string, Attack][] = [
  ["P17: a plain shot, 2d6, nothing in the way", attack()],
  ["P18, P19, P41: a shot called at the chest, Aim +2, armor, cover and a missing arm, a wounded target", attack({ called: "chest", aim: 2, target: chestCovered })],
  ["P14: a wild shot — the call and the Aim dropped, −2", attack({ targeting: false, called: "head", aim: 3 })],
  ["P18: the head called from afar (range +2, other −1)", attack({ called: "head", range: 2, other: -1 })],
  ["P22: a burst called at the head, 1d4, margin up to 3 hits", attack({ action: "burst", called: "head", weapon: { kind: "ranged", damage: d(1, 4), stun: false, alwaysTraumatic: false }, attacker: { attribute: 4, skill: 5, traumaticWounds: 0 } })],
  ["P12, P39: target and fire, two checks, Aim on the first, 1d3+1", attack({ action: "targetAndFire", aim: 1, weapon: { kind: "ranged", damage: d(1, 3, 1), stun: false, alwaysTraumatic: false }, target: chestCovered })],
  ["P25: a melee attack called at the right arm, 1d6+1", attack({ action: "melee", targeting: true, called: "rightArm", weapon: { kind: "melee", damage: d(1, 6, 1), stun: false, alwaysTraumatic: false } })],
  ["P28: a stunning weapon near unconsciousness (stun 15 of 20)", attack({ weapon: { kind: "ranged", damage: d(2, 6, 2), stun: true, alwaysTraumatic: true }, target: { ...attack().target, wounds: { flesh: 0, stun: 15, fleshMax: 20, traumas: [], traumaLimit: 3 } } })],
  ["P29, P30: an always-traumatic weapon against two wounds of three, through 5 armor", attack({ weapon: { kind: "ranged", damage: d(1, 6), stun: false, alwaysTraumatic: true }, target: { ...attack().target, armor: perArea(5), wounds: { flesh: 2, stun: 0, fleshMax: 20, traumas: [{ area: "chest", phase: 1 }, { area: "head", phase: 2 }], traumaLimit: 3 } } })],
  ["P36: a wounded attacker (−2) against a target already collapsed", attack({ attacker: { attribute: 3, skill: 3, traumaticWounds: 2 }, target: { ...attack().target, wounds: { flesh: 20, stun: 0, fleshMax: 20, traumas: [], traumaLimit: 3 } } })],
];

describe("phase odds equal every roll counted through resolveAttack", () => {
  it.each(CASES)("%s", (_, a) => {
    for (const defense of ["none", "defend"] as const) {
      const counted = enumerate(a, defense);
      // Tens of thousands of leaves summed: the float sums agree to 1e-10.
      expect(counted.mass).toBeCloseTo(1, 10);
      expectClose(phaseChoiceOdds(a, defense), counted, 10);
    }
  });

  it("a world's own rules: Defend +3, the burst's hits every 2 points, a snake's chart of six faces", () => {
    const rules: PhaseRules = {
      ...PHASE_STANDARD_RULES, defendBonus: 3, burstHitMarginStep: 2,
      locationCharts: { ...PHASE_STANDARD_RULES.locationCharts, snake: { die: 6, rows: [{ from: 1, to: 2, area: "head" }, { from: 3, to: 6, area: "chest" }] } },
    };
    const a = attack({ action: "burst", weapon: { kind: "ranged", damage: d(1, 4), stun: false, alwaysTraumatic: false }, target: { ...attack().target, chart: "snake", obstacles: { cover: [], missing: ["abdomen"] } } });
    for (const defense of ["none", "defend"] as const) expectClose(phaseChoiceOdds(a, defense, rules), enumerate(a, defense, rules), 10);
  });
});

/** A list whose every element is drawn when it is first read (its length: those read so far), so the resolution takes exactly the dice it asks for. */
function drawn<T>(draw: () => T): T[] {
  const list: T[] = [];
  return new Proxy(list, {
    get(target, key, receiver) {
      if (typeof key === "string" && /^\d+$/.test(key)) while (target.length <= Number(key)) target.push(draw());
      return Reflect.get(target, key, receiver);
    },
  });
}

describe("full auto (P23), too many dice to count: a seeded Monte-Carlo through resolveAttack", () => {
  it("100,000 attacks: every chance and the expected flesh within 3 standard errors", () => {
    // Only the head can be hit: a leg or the abdomen rolled walks its path into the cover (P21).
    const covered = { ...chestCovered, obstacles: { cover: ["chest" as const, "abdomen" as const, "rightLeg" as const, "leftLeg" as const, "rightArm" as const], missing: ["leftArm" as const] } };
    const a = attack({ action: "fullAuto", aim: 2, called: "head", weapon: { kind: "ranged", damage: d(2, 6), stun: false, alwaysTraumatic: false }, attacker: { attribute: 4, skill: 2, traumaticWounds: 0 }, target: covered });
    const rules = PHASE_STANDARD_RULES;
    const random = seededRandom(2026);
    const roll = (faces: number) => 1 + Math.floor(random() * faces);
    const n = 100_000;
    const count = { hit: 0, struck: 0, cover: 0, traumatic: 0, out: 0, called: 0 };
    let points = 0;
    let squares = 0;
    for (let i = 0; i < n; i++) {
      // Each die drawn as the resolution first reads it: one resolveAttack per attack.
      const dice = { checks: drawn(() => roll(10)), locations: drawn(() => roll(10)), damage: drawn(() => [roll(6), roll(6)]) };
      const res = resolveAttack({ ...a, phase: 1, defending: false, dice }, rules);
      expect(res.pending).toBeNull();
      const hits = res.checks.flatMap((c) => c.hits);
      const taken = res.after.flesh - res.before.flesh;
      points += taken;
      squares += taken * taken;
      if (res.hits) count.hit++;
      if (res.landed) count.struck++;
      if (hits.some((h) => h.placement.area === null)) count.cover++;
      if (res.newTraumas.length) count.traumatic++;
      if (res.conditionAfter.out) count.out++;
      if (hits.some((h) => h.placement.area === "head")) count.called++;
    }
    const exact = phaseChoiceOdds(a, "none", rules);
    for (const key of Object.keys(count) as (keyof typeof count)[]) {
      const p = exact[key] as number;
      const sigma = Math.sqrt((p * (1 - p)) / n);
      expect(Math.abs(count[key] / n - p), `${key}: ${count[key] / n} vs ${p}`).toBeLessThanOrEqual(3 * Math.max(sigma, 1e-9));
    }
    const mean = points / n;
    const sd = Math.sqrt(squares / n - mean * mean);
    expect(Math.abs(mean - exact.points)).toBeLessThanOrEqual((3 * sd) / Math.sqrt(n));
    // The case is not trivial: some hits, some misses, some wounds, some cover struck.
    for (const key of ["hit", "struck", "cover", "traumatic", "out", "called"] as const) expect(exact[key]).toBeGreaterThan(0.01), expect(exact[key]).toBeLessThan(0.99);
  });
});

describe("the choices offered (P26) and the seam", () => {
  it("Defend still open: both, Defend the best answer; in force: Defend alone; closed: none alone", () => {
    const q = (defend: PhaseOddsQuery["defend"]) => phaseAttackOdds({ attack: attack({ called: "head" }), defend });
    const open = q("open");
    expect(open.unit).toBe("flesh");
    expect(open.defenses.map((x) => x.defense)).toEqual(["none", "defend"]);
    expect(bestDefense(open).defense).toBe("defend");
    expect(open.defenses[1]!.struck).toBeLessThan(open.defenses[0]!.struck);
    expect(q("inForce").defenses.map((x) => x.defense)).toEqual(["defend"]);
    expect(q("closed").defenses.map((x) => x.defense)).toEqual(["none"]);
    // P17: attribute 3 + skill 2 against 10 hits on 6 faces of 10; the named chances beside.
    const none = open.defenses[0]!;
    expect(none.outcomes.hit).toBeCloseTo(0.6, 12);
    expect(none.outcomes.miss).toBeCloseTo(0.4, 12);
    expect(Object.keys(none.outcomes).sort()).toEqual(["called", "cover", "hit", "miss", "out", "traumatic"]);
    expect([none.attackerStruck, none.attackerInjury]).toEqual([0, 0]);
  });

  it("a stunning weapon counts stun points (P28)", () => {
    expect(phaseAttackOdds({ attack: attack({ weapon: { kind: "ranged", damage: d(2, 6), stun: true, alwaysTraumatic: false } }), defend: "closed" }).unit).toBe("stun");
  });

  it("every chance is in [0, 1]; hit ≥ struck; struck + (no hit landing) = 1", () => {
    for (const [, a] of CASES) {
      for (const o of [phaseChoiceOdds(a, "none"), phaseChoiceOdds(a, "defend")]) {
        for (const v of [o.hit, o.struck, o.cover, o.traumatic, o.out]) expect(v >= -1e-12 && v <= 1 + 1e-12).toBe(true);
        expect(o.hit + 1e-12).toBeGreaterThanOrEqual(o.struck);
      }
    }
  });
});

describe("what a GM expects of the odds (fast-check)", () => {
  const arbitraryAttack = fc.record({
    action: fc.constantFrom("fire", "burst", "targetAndFire", "fullAuto", "melee"),
    skill: fc.integer({ min: -2, max: 8 }),
    called: fc.constantFrom(null, "head", "chest", "leftLeg"),
    aim: fc.integer({ min: 0, max: 3 }),
    targeting: fc.boolean(),
    armor: fc.integer({ min: 0, max: 6 }),
    cover: fc.subarray(["abdomen", "rightArm", "leftLeg"] as const),
  });
  const build = (x: typeof arbitraryAttack extends fc.Arbitrary<infer T> ? T : never): Attack =>
    attack({
      action: x.action,
      attacker: { attribute: 3, skill: x.skill, traumaticWounds: 0 },
      weapon: { kind: x.action === "melee" ? "melee" : "ranged", damage: d(2, 6), stun: false, alwaysTraumatic: false },
      called: x.called,
      aim: x.action === "melee" ? 0 : x.aim,
      targeting: x.targeting,
      target: { ...attack().target, armor: perArea(x.armor), obstacles: { cover: [...x.cover], missing: [] } },
    });

  it("one more point of skill never lowers the chance to hit; Defend never raises it; more armor never raises the expected flesh", () => {
    fc.assert(
      fc.property(arbitraryAttack, (x) => {
        const a = build(x);
        const now = phaseChoiceOdds(a, "none");
        const better = phaseChoiceOdds({ ...a, attacker: { ...a.attacker, skill: a.attacker.skill + 1 } }, "none");
        const defended = phaseChoiceOdds(a, "defend");
        const armored = phaseChoiceOdds({ ...a, target: { ...a.target, armor: perArea(x.armor + 1) } }, "none");
        return better.hit >= now.hit - 1e-12 && defended.hit <= now.hit + 1e-12 && armored.points <= now.points + 1e-12;
      }),
      { numRuns: 300 },
    );
  });
});

describe("the cost of a query (the dialog asks on every change)", () => {
  it("full auto with two bursts against a covered, armored, wounded target: well under the 1 ms target on average (a generous ceiling against a regression)", () => {
    const a = attack({ action: "fullAuto", aim: 2, called: "chest", weapon: { kind: "ranged", damage: d(2, 6), stun: false, alwaysTraumatic: false }, attacker: { attribute: 4, skill: 4, traumaticWounds: 0 }, target: chestCovered });
    for (let i = 0; i < 50; i++) phaseAttackOdds({ attack: a, defend: "open" });
    const n = 400;
    const start = performance.now();
    for (let i = 0; i < n; i++) phaseAttackOdds({ attack: a, defend: "open" });
    const perQuery = (performance.now() - start) / n;
    expect(perQuery).toBeLessThan(10);
  });
});
