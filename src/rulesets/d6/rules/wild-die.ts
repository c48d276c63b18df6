/**
 * D2 reading a rolled die code with its Wild Die, D9 Character Point dice,
 * D26 plain modifier dice. The core never rolls: faces are inputs.
 *
 * A roll of nD (n ≥ 1) is given as n − 1 plain faces and the Wild Die's
 * chain: its first face, then every face it was rolled again for after a 6
 * (`[6, 6, 3]` adds 15). A 0D code rolls nothing and counts its pips.
 */
import { type DieCode, type DieModifier, formatDieCode } from "./die-code.js";
import { D6Error } from "./errors.js";
import { D6_STANDARD_RULES, type D6Rules } from "./options.js";
import type { RollKind } from "./types.js";

/** Faces of one roll: the plain dice and the Wild Die's chain. */
export interface RollFaces {
  readonly dice: readonly number[];
  readonly wild: readonly number[];
}

/** Longest Wild Die (or Character Point die) chain read: 50 sixes in a row is not a roll. */
export const MAX_CHAIN = 50;

export interface RollReading {
  readonly code: DieCode;
  readonly dice: readonly number[];
  readonly wild: readonly number[];
  /** Faces a removing complication took away (D2): the Wild Die's 1 and the highest other die; empty otherwise. */
  readonly removed: readonly number[];
  /** D2: a 1 on the Wild Die's first face of a skill, attribute or initiative roll. */
  readonly complication: boolean;
  /** The counted faces plus the pips. */
  readonly total: number;
}

const EMPTY: readonly number[] = Object.freeze([]);

function checkFace(face: number, what: string, rules: Readonly<D6Rules>): number {
  if (typeof face !== "number" || !Number.isInteger(face) || face < 1 || face > rules.dieFaces) {
    throw new D6Error("dieFace", { what, value: String(face), max: rules.dieFaces });
  }
  return face;
}

/** D2/D9: the sum of an exploding chain (every face but the last is the exploding face, the last is not). */
export function readChain(chain: readonly number[], what: string, rules: Readonly<D6Rules> = D6_STANDARD_RULES): number {
  const n = chain.length;
  if (n === 0) throw new D6Error("wildMissing", { what });
  if (n > MAX_CHAIN) throw new D6Error("chainTooLong", { what, max: MAX_CHAIN });
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const face = checkFace(chain[i]!, what, rules);
    if (i < n - 1 && face !== rules.explodingFace) {
      throw new D6Error("wildChainBroken", { what, face, position: i + 1, explode: rules.explodingFace });
    }
    sum += face;
  }
  if (chain[n - 1] === rules.explodingFace) throw new D6Error("wildChainOpen", { what, explode: rules.explodingFace });
  return sum;
}

/** D2: only skill, attribute and initiative rolls can complicate; damage and resistance never do. */
export function canComplicate(kind: RollKind): boolean {
  return kind === "skill" || kind === "initiative";
}

/**
 * D2: read a rolled code. A 1 on the Wild Die's first face of a roll that can
 * complicate flags it; in the world's "remove" mode the 1 and the single
 * highest other die are taken away (a roll with only the Wild Die keeps its
 * pips). A 1 later in the chain, or on a damage or resistance roll, counts 1.
 */
export function readRoll(
  code: DieCode,
  faces: RollFaces,
  kind: RollKind,
  what = "roll",
  rules: Readonly<D6Rules> = D6_STANDARD_RULES,
): RollReading {
  const { dice, wild } = faces;
  if (code.dice === 0) {
    if (dice.length !== 0) throw new D6Error("diceCount", { what, code: formatDieCode(code), expected: 0, got: dice.length });
    if (wild.length !== 0) throw new D6Error("wildNotAllowed", { what });
    return { code, dice: EMPTY, wild: EMPTY, removed: EMPTY, complication: false, total: code.pips };
  }
  if (dice.length !== code.dice - 1) {
    throw new D6Error("diceCount", { what, code: formatDieCode(code), expected: code.dice - 1, got: dice.length });
  }
  let sum = 0;
  let highest = 0;
  for (let i = 0; i < dice.length; i++) {
    const face = checkFace(dice[i]!, what, rules);
    sum += face;
    if (face > highest) highest = face;
  }
  const wildSum = readChain(wild, what, rules);
  const complication = canComplicate(kind) && wild[0] === rules.complicationFace;
  if (complication && rules.complicationMode === "remove") {
    const removed = dice.length ? [wild[0]!, highest] : [wild[0]!];
    return { code, dice, wild, removed, complication, total: sum - (dice.length ? highest : 0) + code.pips };
  }
  return { code, dice, wild, removed: EMPTY, complication, total: sum + wildSum + code.pips };
}

/** D9: one Character Point die: a chain like the Wild Die's; a 1 counts 1 and never complicates. */
export function readCharacterPointDie(chain: readonly number[], what = "Character Point die", rules: Readonly<D6Rules> = D6_STANDARD_RULES): number {
  return readChain(chain, what, rules);
}

/** D26: a rolled modifier is plain dice (no Wild Die, no complication); a taken-away code subtracts its roll. */
export function readModifierDice(
  modifier: DieModifier,
  faces: readonly number[],
  what = "modifier",
  rules: Readonly<D6Rules> = D6_STANDARD_RULES,
): number {
  if (faces.length !== modifier.code.dice) {
    throw new D6Error("modifierDice", { what, code: formatDieCode(modifier.code), expected: modifier.code.dice, got: faces.length });
  }
  let sum = modifier.code.pips;
  for (let i = 0; i < faces.length; i++) sum += checkFace(faces[i]!, what, rules);
  return modifier.sign * sum;
}

/** D26/D28: a modifier's standard number: dice × 3.5 rounded down, plus pips, with its sign. */
export function standardNumber(modifier: DieModifier, rules: Readonly<D6Rules> = D6_STANDARD_RULES): number {
  return modifier.sign * (Math.floor(modifier.code.dice * rules.standardNumberPerDie) + modifier.code.pips);
}

/** The highest total a code can show without the Wild Die exploding (a property-test helper and a sanity bound). */
export function maxWithoutExplosion(code: DieCode, rules: Readonly<D6Rules> = D6_STANDARD_RULES): number {
  return code.dice * rules.dieFaces + code.pips;
}
