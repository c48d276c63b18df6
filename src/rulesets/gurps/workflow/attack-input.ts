/**
 * The core's attack input from what the GM holds (G24–G27, G35–G38,
 * G51–G57): the attacker's derived figures and round (aim, evaluate, feint,
 * shock, posture), the weapon line and its state, the target's figures and
 * round, and the choices a request names. The GM's declare step
 * (steps.ts) builds the card's input with it; the attack dialog builds the
 * same input to show the effective skill before the roll. Pure.
 */
import { attackerOf, defenderOf, weaponInputOf } from "../data/combat-inputs.js";
import type { GurpsDerived, GurpsLineView, GurpsWeaponView } from "../data/derived.js";
import type { AoaOption, AttackManeuver, DiceRoll, GurpsAttackInput, GurpsDefenderInput, GurpsFighterRound, HitLocation, ItemState } from "../rules/index.js";

export interface AttackChoices {
  maneuver: AttackManeuver;
  aoaOption: AoaOption | null;
  deceptive: number;
  rapidStrike: boolean;
  modifiers: readonly { value: number; label?: string | undefined }[];
  range: number;
  speed: number;
  location: HitLocation;
  fromFront: boolean;
  inReach: boolean;
  shots: number;
}

export interface AttackSides {
  attacker: { id: string; derived: GurpsDerived; round: GurpsFighterRound | null };
  target: { id: string; derived: GurpsDerived; round: GurpsFighterRound | null };
  weapon: GurpsWeaponView;
  line: GurpsLineView;
  item: ItemState;
}

/** `defender`: the target's input when the caller already holds it (the duel keeps it while the target is unchanged). */
export function attackInputOf(sides: AttackSides, choices: AttackChoices, roll: DiceRoll, defender?: GurpsDefenderInput): GurpsAttackInput {
  const { attacker, target, weapon, line, item } = sides;
  return {
    // Into the fresh attacker object: a spread of it would take V8's slow path (the duel builds thousands a second).
    attacker: Object.assign(attackerOf(attacker.id, attacker.derived, weapon, attacker.round, target.id), {
      maneuver: choices.maneuver, aoaOption: choices.aoaOption,
      deceptive: choices.deceptive, rapidStrike: choices.rapidStrike, situational: choices.modifiers.map((m) => ({ value: m.value, ...(m.label && { label: m.label }) })),
      roll,
    }),
    weapon: weaponInputOf(weapon, line, item.shotsLeft),
    defender: defender ?? defenderOf(target.id, target.derived, target.round),
    range: choices.range, speed: choices.speed, location: choices.location, fromFront: choices.fromFront, inReach: choices.inReach, shots: choices.shots,
  };
}

/** Yards in one of a scene's grid units (G53 measures range in yards); null for a unit we do not know. */
const YARDS_PER_UNIT: Readonly<Record<string, number>> = { yd: 1, yds: 1, yard: 1, yards: 1, ft: 1 / 3, feet: 1 / 3, m: 1.0936, meter: 1.0936, meters: 1.0936, metre: 1.0936, metres: 1.0936, hex: 1 };

/** G53: a distance measured on the scene in its grid units, in whole yards (rounded up: a yard short is still at that range); null when the unit is unknown. */
export function yardsOf(distance: number, units: string): number | null {
  const per = YARDS_PER_UNIT[units.trim().toLowerCase()];
  if (per === undefined || !Number.isFinite(distance) || distance < 0) return null;
  return Math.max(0, Math.ceil(distance * per - 1e-9));
}
