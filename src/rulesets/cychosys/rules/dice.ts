/**
 * R11–R12: reading Cychosys dice. The core never rolls: faces (1–12) come in
 * from Foundry's Roll, a test, or a scenario.
 */
import { RulesError } from "./errors.js";

/** How one d12 face reads (R11). */
export interface DieReading {
  face: number;
  /** What it adds: the face for 1–10, 0 for 11 and 12. */
  value: number;
  surge: boolean;
  crash: boolean;
  /** A 1: counts 1, named for chat text. */
  nit: boolean;
}

/** The faces that are read specially (R11). */
export const SURGE_FACE = 11;
export const CRASH_FACE = 12;

export function readDie(face: number): DieReading {
  if (typeof face !== "number" || !Number.isInteger(face) || face < 1 || face > 12) {
    throw new RulesError("dieFace", { value: String(face) });
  }
  const surge = face === SURGE_FACE;
  const crash = face === CRASH_FACE;
  return { face, value: surge || crash ? 0 : face, surge, crash, nit: face === 1 };
}

/** A whole roll read (R12): the first die is the key die. */
export interface RollReading {
  dice: DieReading[];
  key: DieReading;
  /** Sum of the dice values (11 and 12 add 0). */
  sum: number;
  /** The key die surged: an unopposed action succeeds; an opposed one wins a tie. */
  surge: boolean;
  /** The key die crashed: the action total is 0. */
  crash: boolean;
  /** R12, R40: a surge or crash on the key die earns 1 experience. */
  experience: number;
}

export function readRoll(faces: readonly number[]): RollReading {
  if (!Array.isArray(faces) || faces.length === 0) throw new RulesError("noDice");
  const dice = faces.map(readDie);
  const key = dice[0]!;
  let sum = 0;
  for (const d of dice) sum += d.value;
  return { dice, key, sum, surge: key.surge, crash: key.crash, experience: key.surge || key.crash ? 1 : 0 };
}

/** R12: how many dice an action rolls: the skill's dice rating, at least 1. */
export function diceToRoll(rating: number): number {
  return Math.max(1, Math.floor(Number.isFinite(rating) ? rating : 1));
}
