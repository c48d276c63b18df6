/**
 * G48–G49: a slam from the attack card — the body thrown at the foe, not a
 * weapon line. Which forms the card offers (slam, flying tackle, shield rush;
 * a pounce needs four legs, a shove is not a slam), the skill each is rolled
 * with, the yards a slam may claim under the maneuver, and the core's input
 * for it. Pure: the GM's declare (steps.ts) and the attack dialog
 * (views/attack-dialog.ts) both build a slam from here, so the dialog shows
 * the effective skill the GM will roll against.
 */
import { attackerOf, defenderOf, victimOf } from "../data/combat-inputs.js";
import type { GurpsDerived, GurpsShieldView } from "../data/derived.js";
import {
  type AoaOption, type AttackManeuver, type DiceRoll, GURPS_STANDARD_RULES, type GurpsAttackInput, type GurpsFighterRound, type GurpsRules, type ManeuverId, movementAllowance,
} from "../rules/index.js";

/** The slam forms the card offers (G48, G49). */
export const CARD_SLAM_FORMS = ["slam", "flyingTackle", "shieldRush"] as const;
export type CardSlamForm = (typeof CARD_SLAM_FORMS)[number];

/** G48: the maneuvers a slam is made with (every variant too, G49 [fixed]). */
export const SLAM_MANEUVERS: readonly AttackManeuver[] = ["attack", "allOutAttack", "moveAndAttack"];

export interface SlamSkill {
  /** The level rolled: the best of the skills the form allows. */
  level: number;
  /** The skill's name as the sheet shows it ("DX" for the attribute). */
  skillName: string;
  /** G49: the shield a shield rush is made with (its DB adds to the damage roll). */
  shield: GurpsShieldView | null;
}

const isReady = (shield: GurpsShieldView, round: GurpsFighterRound | null) => (round?.items[shield.id] ? round.items[shield.id]!.ready : shield.ready);

/**
 * G48, G49: the skill a slam form is rolled with — DX, Brawling or Sumo
 * Wrestling for a slam; those or Jumping for a flying tackle; Shield, with the
 * best ready shield, for a shield rush — or null when the form is not open
 * (no ready shield).
 */
export function slamSkillOf(d: GurpsDerived, round: GurpsFighterRound | null, form: CardSlamForm): SlamSkill | null {
  if (form === "shieldRush") {
    const shield = d.shields.filter((s) => s.kind !== "cloak" && isReady(s, round)).sort((a, b) => b.skillLevel - a.skillLevel)[0];
    return shield ? { level: shield.skillLevel, skillName: shield.name, shield } : null;
  }
  let best: SlamSkill = { level: d.attributes.dx, skillName: "DX", shield: null };
  for (const s of d.skills) {
    const counts = s.unarmed === "brawling" || s.unarmed === "sumo" || (form === "flyingTackle" && /^jumping$/i.test(s.name.trim()));
    if (counts && s.level > best.level) best = { level: s.level, skillName: s.name, shield: null };
  }
  return best;
}

/**
 * G48: the most yards a slam may claim under this maneuver — what the
 * maneuver lets him move in his posture (G34: a step for Attack, half Move
 * for All-Out Attack, full Move for Move and Attack) plus what the foe may
 * have moved toward him on his last turn (his Move, head-on).
 */
export function slamVelocityCap(maneuver: AttackManeuver, attacker: GurpsDerived, round: GurpsFighterRound | null, target: GurpsDerived, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): number {
  const own = movementAllowance(maneuver as ManeuverId, attacker.moveNow, { posture: round?.posture ?? "standing", crouching: round?.crouching ?? false }, rules).yards;
  return own + target.moveNow;
}

export interface SlamChoices {
  form: CardSlamForm;
  velocity: number;
  maneuver: AttackManeuver;
  aoaOption: AoaOption | null;
  deceptive: number;
  modifiers: readonly { value: number; label?: string }[];
  fromFront: boolean;
}

/**
 * G48, G49: the core's input for a slam: the attacker with his best slam
 * skill and his own figures (the slam hurts him too, G48; a shield rush's
 * shield takes his share), a body "weapon" of the form with no damage line
 * (damage from HP × velocity) and the shield's DB for a rush, in reach, at
 * the torso. Null when the form is not open to him.
 */
export function slamInputOf(
  attacker: { id: string; derived: GurpsDerived; round: GurpsFighterRound | null },
  target: { id: string; derived: GurpsDerived; round: GurpsFighterRound | null },
  choices: SlamChoices,
  roll: DiceRoll,
): GurpsAttackInput | null {
  const skill = slamSkillOf(attacker.derived, attacker.round, choices.form);
  if (!skill) return null;
  // The body (or the shield on its arm) is not an off-hand weapon: no G39 penalty; no aim on it.
  const body = { id: skill.shield?.id ?? choices.form, skillLevel: skill.level, hand: "main" } as const;
  return {
    attacker: Object.assign(attackerOf(attacker.id, attacker.derived, body, attacker.round, target.id), {
      maneuver: choices.maneuver, aoaOption: choices.aoaOption, deceptive: choices.deceptive, rapidStrike: false,
      situational: choices.modifiers.map((m) => ({ value: m.value, ...(m.label && { label: m.label }) })), roll,
      self: victimOf(attacker.id, attacker.derived, attacker.round),
    }),
    weapon: { name: choices.form, kind: "melee", form: choices.form, ...(skill.shield && { shieldDb: skill.shield.db }) },
    defender: defenderOf(target.id, target.derived, target.round),
    range: 1, speed: 0, location: "torso", fromFront: choices.fromFront, inReach: true, shots: 1,
    slam: { velocity: choices.velocity },
  };
}
