/**
 * D31–D33 damage: Strength Damage, the damage code (with `+` codes and die
 * modifiers), the damage bonus; D21–D22 the blade and the bare hand.
 */
import { addCodes, applyModifier, type DieCode, type DieModifier, type WeaponDamage } from "./die-code.js";
import { D6_STANDARD_RULES, type D6Rules } from "./options.js";
import type { AttackMode, DefenseSkill } from "./types.js";

/**
 * D32: Strength (or lift) with the actor's Disadvantage and Special Ability
 * modifiers applied first, pips dropped, halved, rounded up: a number of dice
 * (3D+2 → 2, 4D → 2, 5D+1 → 3, 1D → 1).
 */
export function strengthDamageDice(
  strength: DieCode,
  adjustments: readonly DieModifier[] = [],
  rules: Readonly<D6Rules> = D6_STANDARD_RULES,
): number {
  let code = strength;
  for (const m of adjustments) code = applyModifier(code, m, rules);
  return Math.ceil(code.dice / rules.strengthDamageDivisor);
}

/**
 * D31: the code a hit rolls: the weapon's code (a `+` code added to the
 * Strength Damage dice), then die modifiers from special combat actions.
 */
export function damageCode(
  weapon: WeaponDamage,
  strengthDamage: number,
  modifiers: readonly DieModifier[] = [],
  rules: Readonly<D6Rules> = D6_STANDARD_RULES,
): DieCode {
  let code = weapon.addsStrength ? addCodes({ dice: strengthDamage, pips: 0 }, weapon.code, rules) : weapon.code;
  for (const m of modifiers) code = applyModifier(code, m, rules);
  return code;
}

/** D21/D22: the weapon's listed damage, without anyone's Strength Damage. */
export function listedDamageCode(weapon: WeaponDamage): DieCode {
  return weapon.code;
}

/**
 * D33: ⌈(attack total − difficulty) ÷ 5⌉ on a hit, added to the damage total;
 * the difficulty is the final one (after modifiers and the floor). 0 on a miss.
 */
export function damageBonus(attackTotal: number, difficulty: number, rules: Readonly<D6Rules> = D6_STANDARD_RULES): number {
  const margin = attackTotal - difficulty;
  return margin > 0 ? Math.ceil(margin / rules.damageBonusDivisor) : 0;
}

/** D30: equal or higher hits. */
export function isHit(attackTotal: number, difficulty: number): boolean {
  return attackTotal >= difficulty;
}

/** An edged or energized weapon (D21, D22). */
export interface BladeWeapon {
  damage: WeaponDamage;
  /** Edged or energized (sword, dagger, energy blade). */
  edged: boolean;
}

/** Which special case of the blade and the bare hand applies to an attack that fell short (D21, D22). */
export type BladeRule = "bladeParry" | "bareHandBlock" | null;

/**
 * D21: an unarmed attack that fell short of a parry made with an edged or
 * energized weapon. D22: an edged or energized melee weapon that fell short
 * of a block (the body). "Fell short" is the whole of "works" ([fixed]); the
 * deciding defense is the one that set the difficulty.
 */
export function bladeRuleFor(
  attackMode: AttackMode,
  attackEdged: boolean,
  hit: boolean,
  decidingSkill: DefenseSkill | null,
  parryWeaponEdged: boolean,
): BladeRule {
  if (hit || decidingSkill === null) return null;
  if (decidingSkill === "parry" && attackMode === "unarmed" && parryWeaponEdged) return "bladeParry";
  if (decidingSkill === "block" && attackMode === "melee" && attackEdged) return "bareHandBlock";
  return null;
}

/**
 * D22 [fixed]: a working block against a blade deals nothing when the
 * blocker wears armor above 0D (pips count: 0D+1 is above) or has an ability
 * flagged `blockBlades`.
 */
export function blockSparesBlocker(armor: DieCode | undefined, blockBlades: boolean): boolean {
  return blockBlades || (armor !== undefined && (armor.dice > 0 || armor.pips > 0));
}
