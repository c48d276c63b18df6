/**
 * Property tests of the rules core (fast-check). Each test names the rule
 * ids it checks (the rule index of docs/rulesets/cychosys.md).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ALL_LOCATIONS, type AttackInput, type Bundle, category, contest, countLetter, distributeHits,
  type EffectMark, FACETS, type FacetValues, formatBundle, impactAsterisks, impactHits, LAYERS, makeBundle,
  mark, type OrderEntry, type OutfitPiece, outcomeJson, parseBundle, tryParseBundle, type Pools, rank, actionTotal,
  reduceEffects, resolveAttack, soak, STANDARD_CHART, STANDARD_EFFECTS, strikeResult, sumFacets, turnOrder,
} from "../../src/rulesets/cychosys/rules/index.js";

const LETTERS = STANDARD_EFFECTS.effects.map((e) => e.letter);
const WOUNDING = STANDARD_EFFECTS.effects.filter((e) => e.kind === "wounding").map((e) => e.letter);
const costOf = (letter: string): FacetValues => STANDARD_EFFECTS.effects.find((e) => e.letter === letter)!.reduceCost!;

const arbMark: fc.Arbitrary<EffectMark> = fc
  .tuple(fc.constantFrom(...LETTERS), fc.boolean())
  .map(([letter, piercing]) => mark(letter, piercing));
/** Bundles stay well under the parser's 200-character limit (40 marks ≤ 80 chars). */
const arbBundle = (maxMarks = 12, maxHits = 999): fc.Arbitrary<Bundle> =>
  fc.tuple(fc.array(arbMark, { maxLength: maxMarks }), fc.integer({ min: 0, max: maxHits })).map(([m, h]) => makeBundle(m, h));
const NOTE_CHARS = [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -.,'*:/"];
const arbNote = fc
  .string({ unit: fc.constantFrom(...NOTE_CHARS), minLength: 1, maxLength: 40 })
  .map((s) => s.trim())
  .filter((s) => s.length > 0);
const NOTATIONISH = [..."VTFCWUSXOBPDRHQAZvdbx0123456789*()-. ,\t"];
const arbNotationish = fc.string({ unit: fc.constantFrom(...NOTATIONISH), maxLength: 40 });
const arbFacets = (max: number) =>
  fc.record(
    { physical: fc.integer({ min: 0, max }), mental: fc.integer({ min: 0, max }), emotional: fc.integer({ min: 0, max }) },
    { noNullPrototype: true },
  );
const arbPools: fc.Arbitrary<Pools> = fc.record({ hit: arbFacets(20), fatigue: arbFacets(20) });
const arbPiece: fc.Arbitrary<OutfitPiece> = fc.record({
  shield: arbBundle(4, 5), covers: fc.subarray([...ALL_LOCATIONS], { minLength: 1 }), layer: fc.constantFrom(...LAYERS),
});
const arbOutfit = fc.array(arbPiece, { maxLength: 3 });
const arbTotal = fc.integer({ min: 0, max: 90 });

/** Count of each letter as plain (`B`) and piercing (`B*`). */
function tally(b: Bundle): Map<string, number> {
  const out = new Map<string, number>();
  for (const key of b.effects.map((m) => (m.piercing ? `${m.letter}*` : m.letter))) out.set(key, (out.get(key) ?? 0) + 1);
  return out;
}
const piercingCount = (b: Bundle) => b.effects.filter((m) => m.piercing).length;

describe("notation (R2, R3)", () => {
  it("R2/R3: parseBundle(formatBundle(b)) equals b for any canonical bundle, with or without a note", () => {
    const arb = fc
      .tuple(fc.array(arbMark, { maxLength: 40 }), fc.integer({ min: 0, max: 999 }), fc.option(arbNote, { nil: undefined }))
      .map(([m, h, note]) => makeBundle(m, h, note));
    fc.assert(
      fc.property(arb, (b) => {
        expect(parseBundle(formatBundle(b))).toStrictEqual(b);
      }),
    );
  });

  it("R3: formatBundle writes letters in canonical order and omits 0 hits only when a letter is present", () => {
    fc.assert(
      fc.property(arbBundle(), (b) => {
        const text = formatBundle(b);
        const letters = [...text.replace(/[^A-Z]/g, "")].map((l) => LETTERS.indexOf(l));
        expect(letters).toStrictEqual([...letters].sort((x, y) => x - y));
        if (b.effects.length === 0) expect(text).toBe(String(b.hits));
        else expect(/\d/.test(text)).toBe(b.hits > 0);
      }),
    );
  });

  it("R2: the parser never crashes: any fc.string() parses or throws a RulesError", () => {
    const check = (s: string) => {
      expect(() => tryParseBundle(s)).not.toThrow(); // it returns undefined for a RulesError and rethrows anything else
    };
    fc.assert(fc.property(fc.string({ maxLength: 250 }), check), { numRuns: 500 });
    fc.assert(fc.property(fc.string({ unit: "binary", maxLength: 60 }), check), { numRuns: 500 });
    fc.assert(fc.property(arbNotationish, check), { numRuns: 2000 });
  });

  it("R2/R3: whatever the parser accepts reformats to text that parses to the same bundle", () => {
    fc.assert(
      fc.property(arbNotationish, (s) => {
        const b = tryParseBundle(s);
        if (!b) return;
        expect(b.hits).toBeGreaterThanOrEqual(0);
        expect(b.hits).toBeLessThanOrEqual(999);
        expect(parseBundle(formatBundle(b))).toStrictEqual(b);
      }),
      { numRuns: 2000 },
    );
  });

  it("R2: letters may come in any order and whitespace is ignored", () => {
    fc.assert(
      fc.property(arbBundle(10), fc.infiniteStream(fc.constantFrom("", " ", "  ", "\t")), fc.context(), (b, spaces, ctx) => {
        const tokens = b.effects.map((m) => (m.piercing ? `${m.letter}*` : m.letter)).reverse();
        const text = [...tokens, String(b.hits)].map((t) => t + spaces.next().value).join("");
        ctx.log(text);
        expect(parseBundle(text)).toStrictEqual(b);
      }),
    );
  });
});

describe("chart (R5–R8)", () => {
  const arbValue = fc.integer({ min: -1000, max: 200_000 });
  const categoryIndex = (v: number) => STANDARD_CHART.categories.findIndex((c) => c.key === category(v));
  it("R5–R8: rank, impact hits, asterisks and category never go down as the value rises; all 0 for values ≤ 0", () => {
    fc.assert(
      fc.property(arbValue, fc.integer({ min: 0, max: 5000 }), (v, step) => {
        expect(rank(v + step)).toBeGreaterThanOrEqual(rank(v));
        expect(impactHits(v + step)).toBeGreaterThanOrEqual(impactHits(v));
        expect(impactAsterisks(v + step)).toBeGreaterThanOrEqual(impactAsterisks(v));
        expect(categoryIndex(v + step)).toBeGreaterThanOrEqual(categoryIndex(v));
        if (v <= 0) expect([rank(v), impactHits(v), impactAsterisks(v), category(v)]).toStrictEqual([0, 0, 0, undefined]);
      }),
    );
  });

  it("R5–R7: positive values follow the reference formulas (rank (4v+11)/10, doubling thresholds, v/20)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200_000 }), (v) => {
        expect(rank(v)).toBe(Math.floor((4 * v + 11) / 10));
        expect(impactAsterisks(v)).toBe(Math.floor(v / 20));
        let hits = [1, 5, 11, 22, 44, 88, 176].filter((t) => v >= t).length;
        for (let t = 352; v >= t; t *= 2) hits++;
        expect(impactHits(v)).toBe(hits);
      }),
    );
  });
});

describe("action totals (R12, R13)", () => {
  const arbFaces = fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 8 });
  it("R13: an action total is never below 0, and a crash on the key die makes it 0", () => {
    const arbTerm = fc.integer({ min: -999, max: 999 });
    fc.assert(
      fc.property(arbFaces, arbTerm, arbTerm, fc.integer({ min: 0, max: 999 }), (faces, base, modifier, cost) => {
        const t = actionTotal({ base, roll: faces, modifier, effectCost: cost });
        expect(t.total).toBeGreaterThanOrEqual(0);
        if (faces[0] === 12) expect(t.total).toBe(0);
        else expect(t.total).toBe(Math.max(0, base + t.roll.sum + modifier - cost));
      }),
    );
  });
});

describe("turn order (R14)", () => {
  const arbEntries = fc.uniqueArray(
    fc.record({
      id: fc.string({ minLength: 1, maxLength: 4 }),
      quickness: fc.integer({ min: -3, max: 12 }),
      playerCharacter: fc.boolean(),
      physicalHits: fc.integer({ min: 0, max: 6 }),
      tiebreak: fc.integer({ min: 0, max: 3 }),
    }),
    { selector: (e) => e.id, maxLength: 12 },
  );
  it("R14: turnOrder is a permutation sorted by non-increasing quickness, ties PCs, physical pool, drawn tiebreak", () => {
    fc.assert(
      fc.property(arbEntries, (entries) => {
        const order = turnOrder(entries);
        expect([...order].sort((a, b) => (a.id < b.id ? -1 : 1))).toStrictEqual([...entries].sort((a, b) => (a.id < b.id ? -1 : 1)));
        for (let i = 1; i < order.length; i++) {
          const [a, b] = [order[i - 1]!, order[i]!];
          expect(a.quickness).toBeGreaterThanOrEqual(b.quickness);
          if (a.quickness !== b.quickness) continue;
          expect(Number(a.playerCharacter)).toBeGreaterThanOrEqual(Number(b.playerCharacter));
          if (a.playerCharacter !== b.playerCharacter) continue;
          expect(a.physicalHits).toBeGreaterThanOrEqual(b.physicalHits);
          if (a.physicalHits === b.physicalHits) expect(a.tiebreak).toBeLessThanOrEqual(b.tiebreak);
        }
      }),
    );
  });

  it("R14: the order does not depend on the order the entries came in", () => {
    fc.assert(
      fc.property(arbEntries.chain((e) => fc.tuple(fc.constant(e), fc.shuffledSubarray(e, { minLength: e.length }))), ([a, b]) => {
        expect(turnOrder<OrderEntry>(b)).toStrictEqual(turnOrder<OrderEntry>(a));
      }),
    );
  });
});

describe("contest (R22, R23, R25)", () => {
  const attackEdge = parseBundle("VD6");
  const defenderEdge = parseBundle("BR3");
  const wins = (a: { total: number; surge: boolean }, b: { total: number; surge: boolean }) =>
    a.total > b.total || (a.total === b.total && a.surge && !b.surge);
  /** Narrow ranges so that ties (and surges breaking them, R12) come up often. */
  const near = (max: number) => fc.record({ total: fc.integer({ min: 0, max }), surge: fc.boolean() });

  it("R22/R25: evasion and a parry that loses strike the defender exactly when the attack beats the defense", () => {
    fc.assert(
      fc.property(near(12), near(12), (att, def) => {
        const evade = contest({ ...att, edge: attackEdge }, { form: "evade", ...def });
        expect(evade.struck).toBe(wins(att, def) ? "defender" : "none");
        const parry = contest({ ...att, edge: attackEdge }, { form: "parry", ...def });
        expect(parry.struck).toBe("defender");
        expect(parry.parryWon).toBe(!wins(att, def));
        if (parry.parryWon) expect(parry.parryBonus).toBe(rank(def.total - att.total));
      }),
    );
  });

  it("R23: a counter exchange strikes exactly one side, by the last total that beat, with the striker's edge", () => {
    fc.assert(
      fc.property(near(30), fc.array(near(60), { minLength: 1, maxLength: 5 }), (att, counters) => {
        const out = contest({ ...att, edge: attackEdge }, { form: "counter", totals: counters, edge: defenderEdge });
        const steps = out.exchange!;
        expect(["attacker", "defender"]).toContain(out.struck);
        expect(out.striker).toBe(out.struck === "attacker" ? "defender" : "attacker");
        expect(out.edge).toBe(out.striker === "attacker" ? attackEdge : defenderEdge);
        steps.forEach((s, i) => {
          expect(s.side).toBe(i % 2 === 0 ? "defender" : "attacker");
          expect([s.handicap, s.total]).toStrictEqual([8 * (i + 1), Math.max(0, s.raw - 8 * (i + 1))]);
          const answered = i === 0 ? att : { total: steps[i - 1]!.total, surge: steps[i - 1]!.surge };
          expect(s.beat).toBe(wins({ total: s.total, surge: s.surge }, answered));
          if (i < steps.length - 1) expect(s.beat).toBe(true);
        });
        const last = steps[steps.length - 1]!;
        const lastBeat = [...steps].reverse().find((s) => s.beat);
        expect(out.strikingTotal).toBe(lastBeat ? lastBeat.total : att.total);
        if (out.declinedBy) {
          expect(steps.length).toBe(counters.length);
          expect(out.declinedBy).toBe(out.struck);
        } else {
          expect(last.beat).toBe(false);
          expect([out.struck, out.otherTotal]).toStrictEqual([last.side, last.total]);
        }
        expect(out.strikingTotal!).toBeGreaterThanOrEqual(out.otherTotal!);
      }),
      { numRuns: 1000 },
    );
  });
});

describe("injury steps (R26, R28, R31–R33)", () => {
  it("R26: a higher striking total never yields a smaller result value or impact", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 500 }), fc.nat(300), fc.integer({ min: 0, max: 500 }), arbBundle(6), (s, up, other, edge) => {
        const low = strikeResult(s, other, edge);
        const high = strikeResult(s + up, other, edge);
        expect(high.value).toBeGreaterThanOrEqual(low.value);
        expect(high.impact.hits).toBeGreaterThanOrEqual(low.impact.hits);
        expect(high.impact.asterisks).toBeGreaterThanOrEqual(low.impact.asterisks);
        expect(low.value).toBe(low.base > 0 ? low.base + 10 * countLetter(edge, "F") : low.base); // F adds only to a positive result
        if (low.value <= 0) expect(low.impact).toStrictEqual({ hits: 0, asterisks: 0 });
      }),
    );
  });

  it("R28/R31: soak applies 1 + V(shield) + extra − V − min(T, wounding) steps, never adds, never touches modifiers or piercing", () => {
    fc.assert(
      fc.property(arbBundle(12, 60), arbBundle(8, 10), fc.nat(3), (injury, shield, extra) => {
        const out = soak(injury, shield, extra);
        const wounding = injury.effects.filter((m) => WOUNDING.includes(m.letter)).length;
        const steps = 1 + countLetter(shield, "V") + extra - countLetter(injury, "V") - Math.min(countLetter(injury, "T"), wounding);
        expect(out.applied).toBe(Math.max(0, steps));
        const after = out.injury;
        expect(after.hits).toBeLessThanOrEqual(injury.hits);
        expect(after.hits).toBeGreaterThanOrEqual(0);
        const [before, now] = [tally(injury), tally(after)];
        for (const [key, n] of now) expect(n).toBeLessThanOrEqual(before.get(key) ?? 0);
        for (const [key, n] of before) {
          const kept = key.endsWith("*") || !WOUNDING.includes(key);
          if (kept) expect(now.get(key) ?? 0).toBe(n);
        }
      }),
    );
  });

  it("R24/R31: more shield (letters, hits or soak steps) never yields more hits or more of any wounding effect", () => {
    fc.assert(
      fc.property(arbBundle(12, 60), arbBundle(6, 10), arbBundle(6, 10), fc.nat(2), fc.nat(2), (injury, shield, more, extra, moreSteps) => {
        const bigger = makeBundle([...shield.effects, ...more.effects], shield.hits + more.hits);
        const small = soak(injury, shield, extra).injury;
        const big = soak(injury, bigger, extra + moreSteps).injury;
        expect(big.hits).toBeLessThanOrEqual(small.hits);
        for (const letter of WOUNDING) expect(countLetter(big, letter)).toBeLessThanOrEqual(countLetter(small, letter));
      }),
    );
  });

  it("R32: reducing chosen effects pays exactly the sum of their table costs and removes exactly those effects", () => {
    const arbCase = arbBundle(12, 20).chain((injury) => {
      const reducible = injury.effects.filter((m) => !m.piercing && WOUNDING.includes(m.letter)).map((m) => m.letter);
      return fc.tuple(fc.constant(injury), fc.shuffledSubarray(reducible), arbFacets(5));
    });
    fc.assert(
      fc.property(arbCase, ([injury, letters, slack]) => {
        const cost = { physical: 0, mental: 0, emotional: 0 };
        for (const l of letters) for (const f of FACETS) cost[f] += costOf(l)[f];
        const pools = { physical: cost.physical + slack.physical, mental: cost.mental + slack.mental, emotional: cost.emotional + slack.emotional };
        const poolsCopy = { ...pools };
        const out = reduceEffects(injury, letters, pools);
        expect(out.paid).toStrictEqual(cost);
        expect(out.pools).toStrictEqual(slack);
        expect(pools).toStrictEqual(poolsCopy);
        expect(out.injury.hits).toBe(injury.hits);
        const [before, after] = [tally(injury), tally(out.injury)];
        for (const key of new Set([...before.keys(), ...after.keys()])) {
          const chosen = key.endsWith("*") ? 0 : letters.filter((l) => l === key).length;
          expect(after.get(key) ?? 0).toBe((before.get(key) ?? 0) - chosen);
        }
        // One hit short in any facet the choice pays from: whole or not at all (R32).
        for (const f of FACETS.filter((f) => cost[f] > 0)) {
          expect(() => reduceEffects(injury, letters, { ...cost, [f]: cost[f] - 1 })).toThrow(
            expect.objectContaining({ code: "reduceUnaffordable" }),
          );
        }
      }),
    );
  });

  /** R33 [fixed] default, literally: one hit at a time from the largest pool, ties P, M, E. */
  function oneHitAtATime(hits: number, pools: FacetValues): FacetValues {
    const left = { ...pools };
    const out = { physical: 0, mental: 0, emotional: 0 };
    for (let i = 0; i < hits; i++) {
      const pick = FACETS.reduce((best, f) => (left[f] > left[best] ? f : best), FACETS[0]!);
      if (left[pick] <= 0) break;
      left[pick]--;
      out[pick]++;
    }
    return out;
  }

  it("R33: the default distribution takes min(hits, pools) one hit at a time from the largest pool; overflow is the rest", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3000 }), arbFacets(999), (hits, pools) => {
        const out = distributeHits(hits, pools);
        const taken = Math.min(hits, sumFacets(pools));
        expect(sumFacets(out.distribution)).toBe(taken);
        expect(out.overflow).toBe(hits - taken);
        for (const f of FACETS) {
          expect(out.pools[f]).toBeGreaterThanOrEqual(0);
          expect(out.pools[f]).toBe(pools[f] - out.distribution[f]);
        }
        expect(out.distribution).toStrictEqual(oneHitAtATime(hits, pools));
      }),
    );
  });

  it("R33: any chosen distribution that gives min(hits, pools) without exceeding a pool is accepted as given", () => {
    const arbCase = arbFacets(30).chain((pools) =>
      fc.tuple(fc.constant(pools), fc.record({ physical: fc.nat(pools.physical), mental: fc.nat(pools.mental), emotional: fc.nat(pools.emotional) }, { noNullPrototype: true })),
    );
    fc.assert(
      fc.property(arbCase, fc.nat(20), ([pools, chosen], excess) => {
        const full = sumFacets(chosen) === sumFacets(pools);
        const hits = sumFacets(chosen) + (full ? excess : 0);
        const out = distributeHits(hits, pools, chosen);
        expect(out.distribution).toStrictEqual(chosen);
        expect(out.overflow).toBe(full ? excess : 0);
      }),
    );
  });
});

describe("whole attack (R21–R33)", () => {
  const arbDefense: fc.Arbitrary<AttackInput["defense"]> = fc.oneof(
    fc.record({ form: fc.constantFrom("evade" as const, "brave" as const), total: arbTotal, surge: fc.boolean() }),
    fc.record({
      form: fc.constant("parry" as const), total: arbTotal, surge: fc.boolean(),
      object: fc.option(fc.record({ shield: arbBundle(3, 5), hits: fc.option(fc.nat(8), { nil: undefined }) }), { nil: undefined }),
    }),
    fc.record({ form: fc.constant("counter" as const), totals: fc.array(fc.record({ total: arbTotal }), { minLength: 1, maxLength: 4 }), edge: arbBundle(5, 10) }),
  );
  const arbAttack: fc.Arbitrary<AttackInput> = fc.record(
    {
      attacker: fc.record({ total: arbTotal, surge: fc.boolean(), edge: arbBundle(6, 12), outfit: arbOutfit, pools: arbPools }),
      defender: fc.record({ outfit: arbOutfit, pools: arbPools, extraSoakSteps: fc.nat(2) }),
      defense: arbDefense,
      location: fc.constantFrom(...ALL_LOCATIONS),
      nonLethal: fc.constantFrom(...FACETS),
    },
    { requiredKeys: ["attacker", "defender", "defense"] },
  );

  it("R21–R33: resolveAttack never throws with default choices; pools stay ≥ 0; soak never adds hits; piercing survives soak", () => {
    fc.assert(
      fc.property(arbAttack, (input) => {
        const res = resolveAttack(input);
        const json = outcomeJson(res);
        if (res.struck === "none") {
          expect(res.strike).toBeUndefined();
          return;
        }
        const strike = res.strike!;
        const struckSide = res.struck === "defender" ? input.defender : input.attacker;
        for (const kind of ["hit", "fatigue"] as const) {
          for (const f of FACETS) expect(strike.pools![kind][f]).toBeGreaterThanOrEqual(0);
        }
        const changed = input.nonLethal ? "fatigue" : "hit";
        const unchanged = input.nonLethal ? "hit" : "fatigue";
        expect(strike.pools![unchanged]).toStrictEqual(struckSide.pools![unchanged]);
        const before = sumFacets(struckSide.pools![changed]);
        expect(before - sumFacets(strike.pools![changed])).toBe(input.nonLethal ? Math.min(strike.hits, struckSide.pools!.fatigue[input.nonLethal]) : Math.min(strike.hits, before));
        expect(strike.soak.injury.hits).toBeLessThanOrEqual(strike.injury.hits);
        const preSoak = strike.object?.injury ?? strike.antiImpact?.injury ?? strike.injury;
        expect(piercingCount(strike.soak.injury)).toBe(piercingCount(preSoak));
        for (const m of strike.taken) expect(WOUNDING).toContain(m.letter);
        expect(parseBundle(json.injury!)).toStrictEqual(strike.injury);
        expect(parseBundle(json.afterSoak!)).toStrictEqual(strike.soak.injury);
      }),
      { numRuns: 500 },
    );
  });

  it("R24: a higher bravery total never leaves more hits after soak", () => {
    fc.assert(
      fc.property(arbTotal, arbTotal, fc.nat(30), arbBundle(6, 12), arbOutfit, (att, def, up, edge, outfit) => {
        const hits = (total: number) =>
          resolveAttack({ attacker: { total: att, edge, outfit: [] }, defender: { outfit }, defense: { form: "brave", total } }).strike?.hits ?? 0;
        expect(hits(def + up)).toBeLessThanOrEqual(hits(def));
      }),
    );
  });
});
