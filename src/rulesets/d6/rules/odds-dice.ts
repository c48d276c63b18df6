/**
 * Odds, step 1 (docs/odds.md): the exact distribution of a rolled die code
 * (D1) with its Wild Die (D2), and of plain modifier dice (D26). The Wild
 * Die's chain is followed to WILD_CHAIN sixes in a row: what is left out,
 * 6^−22 ≈ 8e−18, is below what a float can add to 1. Distributions are
 * cached by their shape.
 */
import { convolve, convolvePower, type Distribution, pointDistribution, shift } from "../../../core/distribution.js";
import type { DieCode, DieModifier } from "./die-code.js";
import { D6_STANDARD_RULES, type D6Rules } from "./options.js";
import type { RollKind } from "./types.js";
import { canComplicate, standardNumber } from "./wild-die.js";

/** How far a Wild Die's chain of exploding faces is followed (D2). */
export const WILD_CHAIN = 22;

const caches = new WeakMap<Readonly<D6Rules>, Map<string, Distribution>>();

function cached(rules: Readonly<D6Rules>, key: string, make: () => Distribution): Distribution {
  let cache = caches.get(rules);
  if (!cache) {
    cache = new Map();
    caches.set(rules, cache);
  }
  let found = cache.get(key);
  if (!found) {
    found = make();
    if (cache.size > 512) cache.clear();
    cache.set(key, found);
  }
  return found;
}

/** One plain die (D1): faces 1…dieFaces. */
export function plainDie(rules: Readonly<D6Rules> = D6_STANDARD_RULES): Distribution {
  return cached(rules, "die", () => ({ min: 1, p: new Float64Array(rules.dieFaces).fill(1 / rules.dieFaces) }));
}

/**
 * D2: the Wild Die, every face counted (damage, resistance, and skill rolls
 * in the "flag" mode): on the exploding face it is added and rolled again.
 * `skipFirst` leaves one first face out (the "remove" mode takes the
 * complication apart): its chance is left out, not spread.
 */
export function wildDie(rules: Readonly<D6Rules> = D6_STANDARD_RULES, skipFirst?: number): Distribution {
  return cached(rules, `wild:${skipFirst ?? ""}`, () => {
    const faces = rules.dieFaces;
    const explode = rules.explodingFace;
    const p = new Float64Array(WILD_CHAIN * explode + faces + 1);
    // k exploding faces in a row, then a face that stops the chain.
    let chain = 1;
    for (let k = 0; k < WILD_CHAIN; k++) {
      chain /= faces;
      for (let face = 1; face <= faces; face++) {
        if (face === explode) continue;
        if (k === 0 && face === skipFirst) continue;
        p[k * explode + face]! += chain;
      }
    }
    return { min: 0, p };
  });
}

/** The sum of `n` plain dice less the highest of them (D2 "remove": the complication takes the highest other die). */
function sumLessHighest(n: number, rules: Readonly<D6Rules>): Distribution {
  if (n === 0) return pointDistribution(0);
  return cached(rules, `less:${n}`, () => {
    const faces = rules.dieFaces;
    // ways[high][sum]: chance of n dice with highest face `high` and sum `sum`, built die by die.
    let ways = Array.from({ length: faces + 1 }, () => new Float64Array(n * faces + 1));
    ways[0]![0] = 1;
    for (let d = 0; d < n; d++) {
      const next = Array.from({ length: faces + 1 }, () => new Float64Array(n * faces + 1));
      for (let high = 0; high <= faces; high++) {
        const row = ways[high]!;
        for (let sum = 0; sum < row.length; sum++) {
          const c = row[sum]!;
          if (c === 0) continue;
          for (let face = 1; face <= faces; face++) next[Math.max(high, face)]![sum + face]! += c / faces;
        }
      }
      ways = next;
    }
    const p = new Float64Array(n * faces + 1);
    for (let high = 1; high <= faces; high++) {
      const row = ways[high]!;
      for (let sum = 0; sum < row.length; sum++) if (row[sum]! !== 0) p[sum - high]! += row[sum]!;
    }
    return { min: 0, p };
  });
}

/**
 * D1, D2: the total of a code rolled as `kind`: n − 1 plain dice, the Wild
 * Die, the pips. A skill roll in the "remove" mode loses the complication
 * face and the highest other die (a 1D roll keeps its pips). 0D is its pips.
 */
export function codeDistribution(code: DieCode, kind: RollKind, rules: Readonly<D6Rules> = D6_STANDARD_RULES): Distribution {
  if (code.dice <= 0) return pointDistribution(code.pips);
  const remove = canComplicate(kind) && rules.complicationMode === "remove";
  return cached(rules, `code:${code.dice}:${code.pips}:${remove ? "r" : "f"}`, () => {
    const others = convolvePower(plainDie(rules), code.dice - 1);
    if (!remove) return shift(convolve(others, wildDie(rules)), code.pips);
    const kept = convolve(others, wildDie(rules, rules.complicationFace));
    const complicated = sumLessHighest(code.dice - 1, rules);
    return shift(mixture(kept, complicated, 1 / rules.dieFaces), code.pips);
  });
}

/** a + w·b over the union of their ranges (a already carries its own weight). */
function mixture(a: Distribution, b: Distribution, w: number): Distribution {
  const min = Math.min(a.min, b.min);
  const max = Math.max(a.min + a.p.length, b.min + b.p.length);
  const p = new Float64Array(max - min);
  for (let i = 0; i < a.p.length; i++) p[a.min - min + i]! += a.p[i]!;
  for (let i = 0; i < b.p.length; i++) p[b.min - min + i]! += w * b.p[i]!;
  return { min, p };
}

/**
 * D26: a difficulty modifier's value: its standard number, or, when the
 * world rolls modifiers, its plain dice (no Wild Die), taken away for a
 * negative code.
 */
export function modifierDistribution(modifier: DieModifier, rules: Readonly<D6Rules> = D6_STANDARD_RULES): Distribution {
  if (!rules.rollDifficultyModifiers) return pointDistribution(standardNumber(modifier, rules));
  const dice = shift(convolvePower(plainDie(rules), modifier.code.dice), modifier.code.pips);
  return modifier.sign > 0 ? dice : negate(dice);
}

/** −X. */
export function negate(d: Distribution): Distribution {
  const p = new Float64Array(d.p.length);
  for (let i = 0; i < d.p.length; i++) p[d.p.length - 1 - i] = d.p[i]!;
  return { min: -(d.min + d.p.length - 1), p };
}
