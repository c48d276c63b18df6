/** Shared helpers of the CWN rules-core tests. */
import { expect } from "vitest";
import {
  type CwnAttackInput, type CwnError as CwnErrorType, CwnError, type CwnErrorCode, type CwnWeapon, parseDice,
} from "../../../src/rulesets/cwn/rules/index.js";
import { thrownBy } from "../../helpers/thrown.js";

/** Run `fn`, require a CwnError with `code` whose message holds every fragment; return it. */
export function cwnError(fn: () => unknown, code: CwnErrorCode, ...fragments: (string | number)[]): CwnErrorType {
  const error = thrownBy(fn, CwnError);
  expect(error.code).toBe(code);
  expect(error.i18nKey).toBe(`CYCHOSYS.Cwn.Error.${code}`);
  for (const f of fragments) expect(error.message).toContain(String(f));
  return error;
}

/** A scenario field error: the message starts with the field path and holds every fragment. */
export function fieldError(fn: () => unknown, field: string, ...fragments: (string | number)[]): CwnErrorType {
  const error = cwnError(fn, "scenarioField", ...fragments);
  expect(error.params.field).toBe(field);
  expect(error.message.startsWith(`${field}: `)).toBe(true);
  return error;
}

export function weapon(patch: Partial<CwnWeapon> = {}): CwnWeapon {
  return {
    kind: "melee", damage: parseDice("1d8"), attributes: ["str"], skill: "stab", shock: null, traumaDie: parseDice("1d6"), traumaRating: 2,
    twoHanded: false, unarmed: false, bodyWeapon: false, ...patch,
  };
}

export const pistol = (patch: Partial<CwnWeapon> = {}): CwnWeapon =>
  weapon({ kind: "ranged", damage: parseDice("1d8"), attributes: ["dex"], skill: "shoot", traumaDie: parseDice("1d8"), traumaRating: 3, ...patch });

/** An attack with every die given (a hit on 15+ against AC 13/15 by default); callers patch what their test is about. */
export function attack(patch: Partial<CwnAttackInput> = {}, attacker: Partial<CwnAttackInput["attacker"]> = {}, defender: Partial<CwnAttackInput["defender"]> = {}): CwnAttackInput {
  return {
    attacker: { baseHitBonus: 1, attributes: { str: 1, dex: 1 }, skills: { stab: 1, shoot: 1, punch: 0 }, weapon: weapon(), ...attacker },
    defender: { ac: { melee: 13, ranged: 15 }, hp: 10, ...defender },
    roll: 15,
    traumaDice: [1],
    damageDice: [4],
    ...patch,
  };
}
