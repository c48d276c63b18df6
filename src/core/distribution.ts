/**
 * Exact distributions of whole numbers, for every ruleset's odds
 * (docs/odds.md): a die is a list of chances, a sum of dice their
 * convolution. Plain float64 chances: the engines check their sums to 1e-12,
 * and every operation here is a finite sum of products (no sampling, no
 * randomness). Pure; a ruleset's core builds its dice from these.
 */

/** P(X = min + i) = p[i], over consecutive whole numbers. */
export interface Distribution {
  readonly min: number;
  readonly p: Float64Array;
}

/** Nothing but `value`. */
export function pointDistribution(value: number): Distribution {
  return { min: value, p: Float64Array.of(1) };
}

/** From chances listed from `min` up (taken as given, not normalized). */
export function distributionOf(min: number, chances: ArrayLike<number>): Distribution {
  return { min, p: Float64Array.from(chances) };
}

/** A fair die: each listed value equally likely, repeats counted (`[1, …, 10, 0, 0]` is a Cychosys die's other dice). */
export function uniformFaces(values: readonly number[]): Distribution {
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of values) {
    lo = Math.min(lo, v);
    hi = Math.max(hi, v);
  }
  const p = new Float64Array(hi - lo + 1);
  for (const v of values) p[v - lo]! += 1 / values.length;
  return { min: lo, p };
}

/** Largest value with a chance (the top of the array). */
export function maxOf(d: Distribution): number {
  return d.min + d.p.length - 1;
}

/** X + Y for independent X, Y. */
export function convolve(a: Distribution, b: Distribution): Distribution {
  const p = new Float64Array(a.p.length + b.p.length - 1);
  for (let i = 0; i < a.p.length; i++) {
    const pa = a.p[i]!;
    if (pa === 0) continue;
    for (let j = 0; j < b.p.length; j++) p[i + j]! += pa * b.p[j]!;
  }
  return { min: a.min + b.min, p };
}

const powers = new WeakMap<Distribution, Distribution[]>();

/** The sum of `n` independent copies of `die` (n ≥ 0), remembered per die object. */
export function convolvePower(die: Distribution, n: number): Distribution {
  let list = powers.get(die);
  if (!list) {
    list = [pointDistribution(0)];
    powers.set(die, list);
  }
  while (list.length <= n) list.push(convolve(list[list.length - 1]!, die));
  return list[n]!;
}

/** X + k. */
export function shift(d: Distribution, k: number): Distribution {
  return { min: d.min + k, p: d.p };
}

/** max(X, floor): the chance below `floor` gathered at `floor`. */
export function floorAt(d: Distribution, floor: number): Distribution {
  if (d.min >= floor) return d;
  const top = maxOf(d);
  if (top <= floor) return pointDistribution(floor);
  const cut = floor - d.min;
  const p = d.p.slice(cut);
  let below = 0;
  for (let i = 0; i < cut; i++) below += d.p[i]!;
  p[0]! += below;
  return { min: floor, p };
}

/** The chance of every value together (1 for a distribution, less for a part of one). */
export function massOf(d: Distribution): number {
  let sum = 0;
  for (let i = 0; i < d.p.length; i++) sum += d.p[i]!;
  return sum;
}

/** E[X] (of the mass present). */
export function meanOf(d: Distribution): number {
  let sum = 0;
  for (let i = 0; i < d.p.length; i++) sum += d.p[i]! * (d.min + i);
  return sum;
}

/** P(X = v). */
export function chanceOf(d: Distribution, v: number): number {
  const i = v - d.min;
  return i >= 0 && i < d.p.length ? d.p[i]! : 0;
}

/** P(X ≥ v). */
export function chanceAtLeast(d: Distribution, v: number): number {
  let sum = 0;
  for (let i = Math.max(0, v - d.min); i < d.p.length; i++) sum += d.p[i]!;
  return sum;
}

/** w·X's chances added into `into` (a mixture built in place), over a range wide enough for both. */
export function mixInto(into: Map<number, number>, d: Distribution, weight: number): void {
  if (weight === 0) return;
  for (let i = 0; i < d.p.length; i++) {
    const c = d.p[i]!;
    if (c !== 0) into.set(d.min + i, (into.get(d.min + i) ?? 0) + weight * c);
  }
}

/** A mixture built with `mixInto` as a distribution. */
export function fromMap(chances: ReadonlyMap<number, number>): Distribution {
  if (chances.size === 0) return pointDistribution(0);
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of chances.keys()) {
    lo = Math.min(lo, v);
    hi = Math.max(hi, v);
  }
  const p = new Float64Array(hi - lo + 1);
  for (const [v, c] of chances) p[v - lo] = c;
  return { min: lo, p };
}
