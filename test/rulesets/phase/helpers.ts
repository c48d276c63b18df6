/** Shared helpers of the phase rules-core tests. */
import { expect } from "vitest";
import {
  AREAS, type Area, type AttackInput, AWARE, type Fighter, type FighterWeapon, newPhaseCombat, PhaseError, type PhaseErrorCode, type PhaseState,
} from "../../../src/rulesets/phase/rules/index.js";
import { PhaseRefusal } from "../../../src/rulesets/phase/rules/refusal.js";
import { RuleRefusal } from "../../../src/core/refusal.js";
import { thrownBy } from "../../helpers/thrown.js";

/** Run `fn`, require a PhaseError with `code` whose message holds every fragment; return it. */
export function phaseError(fn: () => unknown, code: PhaseErrorCode, ...fragments: (string | number)[]): PhaseError {
  const error = thrownBy(fn, PhaseError);
  expect(error.code).toBe(code);
  expect(error.i18nKey).toBe(`CYCHOSYS.Phase.Error.${code}`);
  for (const f of fragments) expect(error.message).toContain(String(f));
  return error;
}

/** A scenario field error: the message starts with the field path and holds every fragment. */
export function fieldError(fn: () => unknown, field: string, ...fragments: (string | number)[]): PhaseError {
  const error = phaseError(fn, "scenarioField", ...fragments);
  expect(error.params.field).toBe(field);
  expect(error.message.startsWith(`${field}: `)).toBe(true);
  return error;
}

/** A rule's refusal (an outcome, exit code 0): its rule, the field that asked, and every fragment of its reason. */
export function refusal(fn: () => unknown, rule: string, field: string, ...fragments: (string | number)[]): PhaseRefusal {
  const error = thrownBy(fn, PhaseRefusal);
  expect(error).toBeInstanceOf(RuleRefusal);
  expect([error.rule, error.field]).toEqual([rule, field]);
  for (const f of fragments) expect(error.message).toContain(String(f));
  expect(error.toJSON()).toEqual({ refused: { rule, reason: error.message, field } });
  return error;
}

export const perArea = (n: number) => Object.fromEntries(AREAS.map((a) => [a, n])) as Record<Area, number>;
export const thresholds = () => ({ head: 5, chest: 7, abdomen: 7, rightArm: 9, leftArm: 9, rightLeg: 9, leftLeg: 9 }) as Record<Area, number>;

export const weapon = (id: string, more: Partial<FighterWeapon> = {}): FighterWeapon => ({
  id, name: id, kind: "ranged", attribute: "reflexes", skill: "pistol", damage: { dice: 2, faces: 6, flat: 0 }, stun: false, alwaysTraumatic: false,
  semiAuto: true, auto: false, ammo: 12, suppressAmmo: 10, ready: true, ...more,
});

export function fighter(id: string, more: Partial<Fighter> = {}): Fighter {
  return {
    id, name: id, reflexes: 4, attributes: { reflexes: 4 }, skills: { pistol: 3, knife: 2, fastdraw: 2 },
    weapons: { pistol: weapon("pistol"), knife: weapon("knife", { kind: "melee", skill: "knife", damage: { dice: 1, faces: 6, flat: 1 }, ammo: 0 }) },
    chart: "human", missing: [], armor: perArea(0), thresholds: thresholds(), wounds: { flesh: 0, stun: 0, fleshMax: 20, traumas: [], traumaLimit: 3 }, ...more,
  };
}

export function fighters(...list: Fighter[]): Record<string, Fighter> {
  return Object.fromEntries(list.map((f) => [f.id, f]));
}

/** A fresh combat of these ids (all aware), at `phase`. */
export const combat = (ids: string[], phase = 1): PhaseState => newPhaseCombat(ids.map((id) => ({ id, awareness: AWARE })), phase);

/** An attack input with sensible defaults (attribute 3, skill 2, a 2d6 pistol, an unhurt human target). */
export function attackInput(more: Partial<AttackInput> = {}): AttackInput {
  return {
    phase: 1, action: "fire", attacker: { attribute: 3, skill: 2, traumaticWounds: 0 },
    weapon: { kind: "ranged", damage: { dice: 2, faces: 6, flat: 0 }, stun: false, alwaysTraumatic: false },
    targeting: true, aim: 0, called: null, range: 0, cover: 0, other: 0, defending: false,
    target: { chart: "human", obstacles: { cover: [], missing: [] }, armor: perArea(0), thresholds: thresholds(), wounds: { flesh: 0, stun: 0, fleshMax: 20, traumas: [], traumaLimit: 3 } },
    dice: { checks: [], locations: [], damage: [] },
    ...more,
  };
}
