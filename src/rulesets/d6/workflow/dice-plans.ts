/**
 * How many dice a player's client rolls for an OpenD6 step — the same plan
 * the GM's core reads the faces with (D41: the code − multi-action dice D12 −
 * wound dice D37 + aim dice D29, then D3), so the request carries exactly the
 * faces the GM expects. The GM checks them again; this only spares a player a
 * refused roll. Pure.
 */
import { type CombatantRound, D6_STANDARD_RULES, type D6Rules, multiActionPenaltyDice, planRoll, requireRollable, type RollPlan } from "../rules/index.js";
import type { D6Derived, D6WeaponView } from "../data/derived.js";
import { DEFENSE_SKILL_NAMES, woundDiceAt } from "./steps.js";
import type { DefenseSkill, WoundState } from "../rules/index.js";

/** D37: the wound dice the GM will count: the stored wounds in the round (derived data knows no round), else the derived figure. */
const woundDice = (derived: D6Derived, wounds: WoundState | undefined, round: number, rules: Readonly<D6Rules>) =>
  wounds ? woundDiceAt(wounds, round, rules) : derived.wound.penaltyDice;

/** D41/D12/D37/D29: the attack roll with a weapon at a target (outside a combat: one action, no aim, round 1 as the GM reads it). */
export function attackPlan(
  derived: D6Derived,
  weapon: D6WeaponView,
  round: CombatantRound | undefined,
  targetUuid: string,
  rules: Readonly<D6Rules> = D6_STANDARD_RULES,
  wounds?: WoundState,
): RollPlan {
  const aim = round?.aim;
  const aimRounds = aim && weapon.aimable && aim.targetId === targetUuid && aim.lastRound < round.round ? aim.rounds : 0;
  const plan = planRoll(weapon.skill.code, {
    actionDice: multiActionPenaltyDice(round ? round.declared : 1, round?.freeActions ?? rules.defaultFreeActions, rules),
    woundDice: woundDice(derived, wounds, Math.max(1, round?.round ?? 1), rules),
    bonusDice: Math.min(aimRounds * rules.aimDicePerRound, rules.aimMaxDice),
  });
  requireRollable(plan, "attack roll");
  return plan;
}

/** D14, D18–D20, D24: an interrupting active defense, one of the round's N actions. */
export function defensePlan(derived: D6Derived, skill: DefenseSkill, round: CombatantRound, rules: Readonly<D6Rules> = D6_STANDARD_RULES, wounds?: WoundState): RollPlan {
  const wanted = DEFENSE_SKILL_NAMES[skill];
  const code = derived.skills.find((s) => s.name.toLowerCase() === wanted)?.code ?? derived.attributes.agility;
  const plan = planRoll(code, { actionDice: multiActionPenaltyDice(round.declared, round.freeActions, rules), woundDice: woundDice(derived, wounds, round.round, rules) });
  requireRollable(plan, `${skill} roll`);
  return plan;
}
