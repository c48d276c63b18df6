/**
 * D1 die codes (`nD+p`), signed modifiers (`+1D`, `-2D`) and weapon damage
 * (`4D`, or `+1D` added to Strength Damage, D31), parsed, formatted and added.
 * D41: dice penalties remove whole dice, never pips.
 */
import { D6Error } from "./errors.js";
import { D6_STANDARD_RULES, type D6Rules } from "./options.js";
import { printable } from "./text.js";

/** `dice`D+`pips`, pips always below `pipsPerDie` (D1). Values are immutable. */
export interface DieCode {
  readonly dice: number;
  readonly pips: number;
}

/** A die-code modifier (D1, D26, D31): added (`+1D`) or taken away (`-2D`). */
export interface DieModifier {
  readonly sign: 1 | -1;
  readonly code: DieCode;
}

/** A weapon's damage (D31): `4D` as listed, or `+1D` added to the wielder's Strength Damage. */
export interface WeaponDamage {
  readonly code: DieCode;
  readonly addsStrength: boolean;
}

/** Most dice a code may hold; anything larger is an input mistake. */
export const MAX_CODE_DICE = 99;
/** Longest die-code text read. */
export const MAX_CODE_LENGTH = 16;

export const ZERO_CODE: DieCode = Object.freeze({ dice: 0, pips: 0 });

/** A die code from dice and pips, carrying whole dice out of the pips (D1: three pips make one die). */
export function dieCode(dice: number, pips = 0, rules: Readonly<D6Rules> = D6_STANDARD_RULES): DieCode {
  const per = rules.pipsPerDie;
  return { dice: dice + Math.floor(pips / per), pips: pips % per };
}

/** The whole code in pips (3D+2 = 11 with three pips a die). */
export function codePips(code: DieCode, rules: Readonly<D6Rules> = D6_STANDARD_RULES): number {
  return code.dice * rules.pipsPerDie + code.pips;
}

/** The code holding `pips` pips (never below 0D). */
export function codeFromPips(pips: number, rules: Readonly<D6Rules> = D6_STANDARD_RULES): DieCode {
  const p = Math.max(0, pips);
  return { dice: Math.floor(p / rules.pipsPerDie), pips: p % rules.pipsPerDie };
}

/** D1/D34: two codes added into one (3D+1 + 1D+2 = 5D). */
export function addCodes(a: DieCode, b: DieCode, rules: Readonly<D6Rules> = D6_STANDARD_RULES): DieCode {
  return codeFromPips(codePips(a, rules) + codePips(b, rules), rules);
}

/** D41: `n` dice added (n > 0) or removed (n < 0); removal stops at 0D and never touches the pips (3D+2 − 1D = 2D+2). */
export function addDice(code: DieCode, n: number): DieCode {
  const dice = code.dice + n;
  return dice === code.dice ? code : { dice: dice < 0 ? 0 : dice, pips: code.pips };
}

/**
 * D1/D31: a signed modifier applied to a code. Added modifiers add pips with
 * carry; a taken-away modifier removes its pips (never below 0D) and then its
 * whole dice (D41: never pips).
 */
export function applyModifier(code: DieCode, modifier: DieModifier, rules: Readonly<D6Rules> = D6_STANDARD_RULES): DieCode {
  if (modifier.sign > 0) return addCodes(code, modifier.code, rules);
  const lessPips = modifier.code.pips ? codeFromPips(codePips(code, rules) - modifier.code.pips, rules) : code;
  return addDice(lessPips, -modifier.code.dice);
}

export function formatDieCode(code: DieCode): string {
  return code.pips ? `${code.dice}D+${code.pips}` : `${code.dice}D`;
}

export function formatModifier(modifier: DieModifier): string {
  return `${modifier.sign < 0 ? "-" : "+"}${formatDieCode(modifier.code)}`;
}

export function formatWeaponDamage(damage: WeaponDamage): string {
  return `${damage.addsStrength ? "+" : ""}${formatDieCode(damage.code)}`;
}

export function sameCode(a: DieCode, b: DieCode): boolean {
  return a.dice === b.dice && a.pips === b.pips;
}

const CODE = /^([+\-\u2212]?)(\d{1,3})[Dd](?:\+(\d{1,3}))?$/;

/** Read `[sign]nD[+p]`; `allowSign` says whether a sign may lead. */
function readCode(text: unknown, allowSign: boolean, rules: Readonly<D6Rules>): { sign: "" | "+" | "-"; code: DieCode } {
  if (typeof text !== "string") throw new D6Error("dieCodeInvalid", { text: printable(String(text)) });
  if (text.length > MAX_CODE_LENGTH) throw new D6Error("dieCodeInvalid", { text: printable(text) });
  const compact = text.replace(/\s+/g, "");
  if (compact === "") throw new D6Error("dieCodeEmpty");
  const match = CODE.exec(compact);
  if (!match) throw new D6Error("dieCodeInvalid", { text: printable(text) });
  const sign = match[1] === "" ? "" : match[1] === "+" ? "+" : "-";
  if (sign && !allowSign) throw new D6Error("dieCodeSign", { text: printable(text) });
  const dice = Number(match[2]);
  const pips = match[3] === undefined ? 0 : Number(match[3]);
  if (dice > MAX_CODE_DICE) throw new D6Error("dieCodeTooLarge", { text: printable(text), max: MAX_CODE_DICE });
  if (pips >= rules.pipsPerDie) {
    throw new D6Error("dieCodePips", { text: printable(text), max: rules.pipsPerDie - 1, carried: formatDieCode(dieCode(dice, pips, rules)) });
  }
  return { sign, code: { dice, pips } };
}

/** D1: an unsigned die code such as `3D+2` (the D may be lower case; pips 0 to 2). */
export function parseDieCode(text: string, rules: Readonly<D6Rules> = D6_STANDARD_RULES): DieCode {
  return readCode(text, false, rules).code;
}

/** D1: a modifier such as `+1D`, `-2D` or `−2D`; no sign means added. */
export function parseDieModifier(text: string, rules: Readonly<D6Rules> = D6_STANDARD_RULES): DieModifier {
  const { sign, code } = readCode(text, true, rules);
  return { sign: sign === "-" ? -1 : 1, code };
}

/** D31: weapon damage; a leading `+` adds the code to the wielder's Strength Damage. A `-` is refused. */
export function parseWeaponDamage(text: string, rules: Readonly<D6Rules> = D6_STANDARD_RULES): WeaponDamage {
  const { sign, code } = readCode(text, true, rules);
  if (sign === "-") throw new D6Error("dieCodeSign", { text: printable(text) });
  return { code, addsStrength: sign === "+" };
}
