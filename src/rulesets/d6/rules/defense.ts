/**
 * D17–D20, D23–D25: passive and active defenses, what each covers, and the
 * base difficulty an attack meets before range, cover and other modifiers.
 */
import type { BladeWeapon } from "./damage.js";
import type { DieCode } from "./die-code.js";
import { D6Error } from "./errors.js";
import { D6_STANDARD_RULES, type D6Rules } from "./options.js";
import { multiActionPenaltyDice, rollSkill, type SkillRoll } from "./skill-roll.js";
import type { AttackMode, DefenseMode, DefenseSkill } from "./types.js";
import type { RollFaces } from "./wild-die.js";

/** An active defense in force (D18): it stands until the start of its owner's next turn. */
export interface ActiveDefense {
  readonly skill: DefenseSkill;
  readonly mode: DefenseMode;
  /** The defense roll's total (penalties and flat modifiers in). */
  readonly roll: number;
  /** The difficulty it sets: the roll, + 10 for a full defense (D23). */
  readonly total: number;
  /** D21: a parry's weapon, when it is one (edged or energized or not). */
  readonly weapon?: BladeWeapon;
}

/** D18/D23: a defense in force from its roll total; a full defense adds 10. A total below 10 still stands. */
export function activeDefense(
  skill: DefenseSkill,
  mode: DefenseMode,
  roll: number,
  weapon?: BladeWeapon,
  rules: Readonly<D6Rules> = D6_STANDARD_RULES,
): ActiveDefense {
  const total = mode === "full" ? roll + rules.fullDefenseBonus : roll;
  return weapon ? { skill, mode, roll, total, weapon } : { skill, mode, roll, total };
}

/**
 * The multi-action dice of a defense roll: a full defense is the turn's only
 * action (N = 1, no penalty, D23); a partial defense is one of N (D24); a
 * GM-called defense costs no action but takes the round's declared penalty,
 * 0 before the turn (D25).
 */
export function defenseActionDice(
  mode: DefenseMode,
  declared: number | null,
  freeActions: number = D6_STANDARD_RULES.defaultFreeActions,
  rules: Readonly<D6Rules> = D6_STANDARD_RULES,
): number {
  if (mode === "full") {
    if (declared !== null && declared !== 1) throw new D6Error("fullDefenseActions", { declared });
    return 0;
  }
  if (mode === "partial" && (declared === null || declared < rules.minDeclaredActions)) {
    throw new D6Error("partialDefenseActions", { min: rules.minDeclaredActions });
  }
  return multiActionPenaltyDice(declared, freeActions, rules);
}

export interface DefenseRollInput {
  skill: DefenseSkill;
  mode: DefenseMode;
  /** The dodge, brawling (block) or melee combat (parry) code. */
  code: DieCode;
  /** N declared this round (null before the turn; 1 or null for a full defense). */
  declared: number | null;
  freeActions?: number;
  woundDice?: number;
  faces: RollFaces;
  flat?: number;
  weapon?: BladeWeapon;
}

/** D18–D25: roll an active defense (D41 order, D3 test) and put it in force. */
export function rollActiveDefense(
  input: DefenseRollInput,
  what = `${input.skill} roll`,
  rules: Readonly<D6Rules> = D6_STANDARD_RULES,
): { roll: SkillRoll; defense: ActiveDefense } {
  const actionDice = defenseActionDice(input.mode, input.declared, input.freeActions ?? rules.defaultFreeActions, rules);
  const roll = rollSkill(input.code, { actionDice, woundDice: input.woundDice ?? 0 }, input.faces, input.flat ?? 0, what, rules);
  return { roll, defense: activeDefense(input.skill, input.mode, roll.total, input.weapon, rules) };
}

/** D18 [fixed]: a dodge covers every attack; a block or parry unarmed and melee attacks only. */
export function coversAttack(defense: ActiveDefense, mode: AttackMode, rules: Readonly<D6Rules> = D6_STANDARD_RULES): boolean {
  return rules.defenseCovers[defense.skill].includes(mode);
}

export interface BaseDifficulty {
  readonly value: number;
  /** Index of the deciding defense in the list; −1 for the passive value (D17). */
  readonly defenseIndex: number;
}

/**
 * D17/D18: the passive 10, or the total of a covering defense in force; of
 * two covering totals the higher (on equal totals the first listed).
 */
export function baseDifficulty(
  defenses: readonly ActiveDefense[],
  mode: AttackMode,
  rules: Readonly<D6Rules> = D6_STANDARD_RULES,
): BaseDifficulty {
  let defenseIndex = -1;
  let value = rules.passiveDefense;
  for (let i = 0; i < defenses.length; i++) {
    const d = defenses[i]!;
    if (!coversAttack(d, mode, rules)) continue;
    if (defenseIndex < 0 || d.total > value) {
      defenseIndex = i;
      value = d.total;
    }
  }
  return { value, defenseIndex };
}
