/**
 * P28: a weapon's damage formula (item data), `NdF`, `NdF+M`, `NdF−M` or a
 * flat `M`, and the roll of it with its faces given. The same parser checks
 * the item field (the `phaseDamage` syntax the manifest registers).
 */
import { echoText } from "../../../core/echo.js";
import { english } from "../../../core/messages.js";
import { PhaseError, requireFace } from "./errors.js";

export const MAX_DAMAGE_DICE = 20;
export const MAX_DAMAGE_FACES = 100;
export const MAX_DAMAGE_FLAT = 99;
const MAX_FORMULA_LENGTH = 20;

export interface DamageFormula {
  dice: number;
  faces: number;
  flat: number;
}

const FORMULA = /^(?:(\d{1,3})[dD](\d{1,3}))?(?:\s*([+\-−])\s*(\d{1,3}))?$/;
const FLAT_ONLY = /^[+]?(\d{1,3})$/;

/** Read a damage formula; throws PhaseError("damageFormula") saying what is wrong. */
export function parseDamageFormula(text: string): DamageFormula {
  const fail = (key: string): never => {
    throw new PhaseError("damageFormula", { text: echoText(String(text)), problem: english(`CYCHOSYS.Phase.Formula.${key}`, { dice: MAX_DAMAGE_DICE, faces: MAX_DAMAGE_FACES, flat: MAX_DAMAGE_FLAT }) });
  };
  if (typeof text !== "string") return fail("text");
  const t = text.trim();
  if (t.length === 0 || t.length > MAX_FORMULA_LENGTH) return fail("shape");
  const flatOnly = FLAT_ONLY.exec(t);
  if (flatOnly) {
    const flat = Number(flatOnly[1]);
    if (flat > MAX_DAMAGE_FLAT) return fail("flat");
    return { dice: 0, faces: 0, flat };
  }
  const m = FORMULA.exec(t);
  if (!m || m[1] === undefined) return fail("shape");
  const dice = Number(m[1]);
  const faces = Number(m[2]);
  const flat = m[3] === undefined ? 0 : (m[3] === "+" ? 1 : -1) * Number(m[4]);
  if (dice < 1 || dice > MAX_DAMAGE_DICE) return fail("dice");
  if (faces < 2 || faces > MAX_DAMAGE_FACES) return fail("faces");
  if (Math.abs(flat) > MAX_DAMAGE_FLAT) return fail("flat");
  return { dice, faces, flat };
}

/** `2d6+1`, `1d10`, `3`. */
export function formatDamageFormula(f: DamageFormula): string {
  if (f.dice === 0) return String(f.flat);
  const flat = f.flat > 0 ? `+${f.flat}` : f.flat < 0 ? `-${-f.flat}` : "";
  return `${f.dice}d${f.faces}${flat}`;
}

/** P28: the formula's total from its faces (exactly `dice` of them, each a face of the die). */
export function rollDamage(f: DamageFormula, faces: readonly number[], what = "damage roll"): number {
  if (faces.length !== f.dice) throw new PhaseError("diceCount", { what, wanted: f.dice, given: faces.length });
  let total = f.flat;
  for (let i = 0; i < faces.length; i++) total += requireFace(faces[i]!, f.faces, what);
  return total;
}
