/**
 * R11–R13 for Foundry's Roll: what a roll containing Cychosys dice totals.
 * Pure: the die term and the Roll subclass (src/dice/) call these.
 */
import { readDie, readRoll } from "../../rules/index.js";

/** R11: what one face adds (11 surge and 12 crash add 0). */
export function faceValue(face: number): number {
  return readDie(face).value;
}

/** R11: the label a face shows: its number, or S (surge) / C (crash). */
export function faceLabel(face: number): string {
  const die = readDie(face);
  return die.surge ? "S" : die.crash ? "C" : String(face);
}

/**
 * R12–R13: the total of a roll whose first Cychosys dice are `keyFaces`
 * (key die first) and whose terms add up to `raw`: 0 when the key die
 * crashed, never below 0. With no Cychosys dice the raw total stands.
 */
export function cychosysRollTotal(raw: number, keyFaces: readonly number[]): number {
  if (keyFaces.length === 0) return raw;
  return readRoll(keyFaces).crash ? 0 : Math.max(0, raw);
}
