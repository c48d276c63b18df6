/**
 * Dice expressions of the chapter: weapon damage (W16), Trauma Die (W15),
 * written `1d8`, `2d6+2`, `1d10-1`. Faces are inputs (the rules core rolls
 * nothing): `readDice` checks them against the expression and totals them.
 */
import { echoString } from "../../../core/echo.js";
import { CwnError } from "./errors.js";
import type { DicePool } from "./options.js";

/** Most dice in one expression, largest die and largest flat part: sanity bounds of the input, not rules. */
export const MAX_DICE = 20;
export const MAX_FACES = 100;
export const MAX_DICE_FLAT = 99;
/** Longest expression text read. */
export const MAX_DICE_TEXT = 16;

export interface DiceExpr {
  readonly count: number;
  readonly faces: number;
  readonly flat: number;
}

const PATTERN = /^(\d{1,3})d(\d{1,4})(?:([+-])(\d{1,4}))?$/i;

/** `1d8`, `2d6+2`, `1d10-1` (no spaces; the `d` in either case). */
export function parseDice(text: string): DiceExpr {
  if (typeof text !== "string" || text.trim() === "") throw new CwnError("diceEmpty");
  const shown = echoString(text);
  if (text.length > MAX_DICE_TEXT) throw new CwnError("diceInvalid", { text: shown });
  const m = PATTERN.exec(text);
  if (!m) throw new CwnError("diceInvalid", { text: shown });
  const count = Number(m[1]);
  const faces = Number(m[2]);
  const flat = m[3] ? (m[3] === "-" ? -Number(m[4]) : Number(m[4])) : 0;
  if (count < 1 || count > MAX_DICE) throw new CwnError("diceCount", { text: shown, max: MAX_DICE });
  if (faces < 2 || faces > MAX_FACES) throw new CwnError("diceFaces", { text: shown, max: MAX_FACES });
  if (Math.abs(flat) > MAX_DICE_FLAT) throw new CwnError("diceFlat", { text: shown, max: MAX_DICE_FLAT });
  return { count, faces, flat };
}

export function formatDice(d: DiceExpr): string {
  return `${d.count}d${d.faces}${d.flat > 0 ? `+${d.flat}` : d.flat < 0 ? `${d.flat}` : ""}`;
}

/** The highest total the expression can roll (W24's cap). */
export function maxOfDice(d: DiceExpr): number {
  return d.count * d.faces + d.flat;
}

/** Check one face: a whole number from 1 to `faces`; `what` names the roll. */
export function checkFace(face: number, faces: number, what: string): number {
  if (typeof face !== "number" || !Number.isInteger(face) || face < 1 || face > faces) {
    throw new CwnError("dieFace", { what, max: faces, value: String(face) });
  }
  return face;
}

/** Check the faces of a roll of `count` dice of `faces` sides and sum them. */
export function sumFaces(given: readonly number[], count: number, faces: number, what: string): number {
  if (!Array.isArray(given) || given.length !== count) {
    throw new CwnError("facesCount", { what, expected: count, dice: `${count}d${faces}`, got: Array.isArray(given) ? given.length : 0 });
  }
  let sum = 0;
  for (const face of given) sum += checkFace(face, faces, what);
  return sum;
}

/** The total of an expression's roll from its faces: the faces' sum + the flat part. */
export function readDice(d: DiceExpr, given: readonly number[], what: string): number {
  return sumFaces(given, d.count, d.faces, what) + d.flat;
}

/** The total of a dice pool (2d6 Morale and screen checks). */
export function readPool(pool: DicePool, given: readonly number[], what: string): number {
  return sumFaces(given, pool.count, pool.faces, what);
}
