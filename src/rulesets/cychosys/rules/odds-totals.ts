/**
 * Odds, step 1 (docs/odds.md): the exact distribution of an action total
 * before it is rolled (R11–R13), of a counterattack after its handicap
 * (R23), and who wins an opposed comparison (R12, R20). Convolution of the
 * non-key dice, cached by their number; the key die is enumerated face by
 * face with the core's own `readDie`, so a crash (total 0) and a surge (wins
 * ties) come from the same reading the workflow uses.
 */
import { convolvePower, type Distribution, uniformFaces } from "../../../core/distribution.js";
import { diceToRoll, readDie } from "./dice.js";
import { type RulesOptions, STANDARD_OPTIONS } from "./options.js";
import { beats } from "./totals.js";

/** R13: an action total before its roll: the dice rating and every other addend (base, finesse, speed, modifier, parry bonus, less effect costs and condition penalties). */
export interface TotalSpec {
  dice: number;
  static: number;
}

/**
 * The chance of each total (index = the total, R13: never below 0), split by
 * whether the key die surged (R12: a surge wins an opposed tie). A total
 * already rolled is one entry.
 */
export interface TotalOdds {
  readonly plain: Float64Array;
  readonly surge: Float64Array;
}

const FACES = 12;
/** R11: the value every face adds as a non-key die (11 and 12 add 0). */
const OTHER_DIE: Distribution = uniformFaces(Array.from({ length: FACES }, (_, i) => readDie(i + 1).value));

/** Most dice a total may roll here (more is not a character, and keeps the arrays small). */
export const MAX_ODDS_DICE = 60;
/** Highest static part handled (R13 totals are bounded by the sheet's fields). */
export const MAX_ODDS_STATIC = 2000;

const cache = new Map<string, TotalOdds>();
const CACHE_LIMIT = 512;

const known = new Map<number, TotalOdds>();

/** A total already rolled: one value, with or without a surge (remembered: the arrays are never changed). */
export function knownTotal(total: number, surge = false): TotalOdds {
  const t = Math.max(0, Math.min(MAX_ODDS_STATIC + 10 * MAX_ODDS_DICE, Math.trunc(total)));
  const key = t * 2 + (surge ? 1 : 0);
  let found = known.get(key);
  if (!found) {
    if (known.size > 4096) known.clear();
    known.set(key, (found = pointOdds(t, surge)));
  }
  return found;
}

function pointOdds(t: number, surge: boolean): TotalOdds {
  const plain = new Float64Array(t + 1);
  const surged = new Float64Array(t + 1);
  (surge ? surged : plain)[t] = 1;
  return { plain, surge: surged };
}

/**
 * R11–R13: the distribution of an action total. The key die is read face by
 * face: a crash makes the whole total 0, a surge adds 0 and is remembered,
 * 1–10 add their value; the other N − 1 dice add their convolution; the
 * total is never below 0.
 */
export function totalOdds(spec: TotalSpec): TotalOdds {
  const dice = Math.min(MAX_ODDS_DICE, diceToRoll(spec.dice));
  const stat = Math.max(-MAX_ODDS_STATIC, Math.min(MAX_ODDS_STATIC, Math.trunc(spec.static)));
  const key = `${dice}:${stat}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const others = convolvePower(OTHER_DIE, dice - 1);
  const top = Math.max(0, stat + 10 * dice);
  const plain = new Float64Array(top + 1);
  const surge = new Float64Array(top + 1);
  for (let face = 1; face <= FACES; face++) {
    const key = readDie(face);
    if (key.crash) {
      plain[0]! += 1 / FACES; // R12: a crash on the key die makes the total 0
      continue;
    }
    const into = key.surge ? surge : plain;
    const offset = others.min + stat + key.value;
    for (let i = 0; i < others.p.length; i++) {
      const total = offset + i;
      into[total > 0 ? total : 0]! += others.p[i]! / FACES; // R13: never below 0
    }
  }
  const odds = { plain, surge };
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(key, odds);
  return odds;
}

const handicaps = new WeakMap<TotalOdds, Map<number, TotalOdds>>();

/** R23: a counter total less its handicap, never below 0 (the surge stays with it); remembered per distribution. */
export function handicapped(odds: TotalOdds, handicap: number): TotalOdds {
  if (handicap <= 0) return odds;
  let known = handicaps.get(odds);
  if (!known) handicaps.set(odds, (known = new Map()));
  let found = known.get(handicap);
  if (!found) known.set(handicap, (found = shiftDown(odds, handicap)));
  return found;
}

function shiftDown(odds: TotalOdds, handicap: number): TotalOdds {
  const size = Math.max(1, odds.plain.length - handicap);
  const plain = new Float64Array(size);
  const surge = new Float64Array(size);
  for (let t = 0; t < odds.plain.length; t++) {
    const to = t > handicap ? t - handicap : 0;
    plain[to]! += odds.plain[t]!;
    surge[to]! += odds.surge[t]!;
  }
  return { plain, surge };
}

/** Sum of every chance (1 for a whole distribution). */
export function totalMass(odds: TotalOdds): number {
  let sum = 0;
  for (let t = 0; t < odds.plain.length; t++) sum += odds.plain[t]! + odds.surge[t]!;
  return sum;
}

/** E[total]. */
export function meanTotal(odds: TotalOdds): number {
  let sum = 0;
  for (let t = 0; t < odds.plain.length; t++) sum += t * (odds.plain[t]! + odds.surge[t]!);
  return sum;
}

/**
 * R12, R20 on equal totals, read from the core's `beats`: `ties[aSurge][bSurge]`
 * says whether `a` beats `b` when both totals are the same.
 */
export function tieTable(tieWinner: "a" | "b", options: RulesOptions = STANDARD_OPTIONS): [[boolean, boolean], [boolean, boolean]] {
  const at = (a: boolean, b: boolean) => beats({ total: 0, surge: a }, { total: 0, surge: b }, tieWinner, options);
  return [
    [at(false, false), at(false, true)],
    [at(true, false), at(true, true)],
  ];
}

/** P(a total from `a` beats the known total `bTotal`, with or without a surge) (R20: strictly higher, ties by `ties`). */
export function chanceToBeat(a: TotalOdds, bTotal: number, bSurge: boolean, ties: [[boolean, boolean], [boolean, boolean]]): number {
  let sum = 0;
  for (let t = bTotal + 1; t < a.plain.length; t++) sum += a.plain[t]! + a.surge[t]!;
  if (bTotal >= 0 && bTotal < a.plain.length) {
    const b = bSurge ? 1 : 0;
    if (ties[0][b]) sum += a.plain[bTotal]!;
    if (ties[1][b]) sum += a.surge[bTotal]!;
  }
  return sum;
}
