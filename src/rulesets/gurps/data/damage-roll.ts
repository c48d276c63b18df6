/**
 * A damage roll from a weapon line on the sheet (G69 step 1, G70): the
 * line's damage as the derive resolved it with the wielder's thrust or swing
 * (G2), the dice to roll, the bonuses the roller may take — All-Out Attack
 * (Strong) on an ST-based melee line (G26), the half-damage range of a
 * ranged line (G70) — and the dice read back into basic damage by the core
 * (`basicDamage`: dice × multiplier + adds + bonuses, then the minimum, then
 * halving). Injury is the attack card's: DR and wounding need a target. Pure.
 */
import { basicDamage, type BasicDamage, type DamageSpec, GURPS_STANDARD_RULES, type GurpsRules, type Modifier, parseDamage, strongBonus, sumFaces } from "../rules/index.js";
import type { GurpsDerived, GurpsLineView, GurpsWeaponView } from "./derived.js";

export interface GurpsDamagePlan {
  key: string;
  weapon: GurpsWeaponView;
  line: GurpsLineView;
  /** The line's damage with thrust/swing resolved (`2d+1`, `6d×3`). */
  spec: DamageSpec;
  /** G26: an ST-based melee line may take All-Out Attack (Strong). */
  strong: Modifier | null;
  /** G70: a line with a 1/2D range may be rolled at or beyond it. */
  halvable: boolean;
}

/** `damage:<weapon>:<line>` on this actor, or undefined (unknown key, a line whose damage does not read). */
export function gurpsDamagePlan(d: GurpsDerived, key: string, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): GurpsDamagePlan | undefined {
  const m = typeof key === "string" ? /^damage:([^:]{1,64}):(\d{1,3})$/.exec(key) : null;
  const weapon = m ? d.weapons.find((w) => w.id === m[1]) : undefined;
  const line = m && weapon ? weapon.lines[Number(m[2])] : undefined;
  if (!weapon || !line) return undefined;
  let spec: DamageSpec;
  try {
    spec = parseDamage(line.damage);
  } catch {
    return undefined;
  }
  if (spec.base !== "dice") return undefined;
  const strong = line.stBased && line.kind === "melee" ? { key: "aoaStrong", value: strongBonus(spec.dice, rules), rule: "G26" } : null;
  return { key, weapon, line, spec, strong, halvable: line.halfDamage !== null };
}

/** The most extra damage a roller may add or take away by hand. */
export const MAX_DAMAGE_BONUS = 99;

export interface GurpsDamageChoice {
  strong: boolean;
  halved: boolean;
  /** A situational bonus (GM input), −MAX…MAX. */
  bonus: number;
}

export interface GurpsDamageResult {
  plan: GurpsDamagePlan;
  faces: readonly number[];
  basic: BasicDamage;
}

/** G69 step 1, G70: the dice read back into basic damage with the bonuses chosen; throws the core's GurpsError for faces that are not the line's dice. */
export function readGurpsDamage(plan: GurpsDamagePlan, faces: readonly number[], choice: GurpsDamageChoice, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): GurpsDamageResult {
  const total = sumFaces(faces, plan.spec.dice, plan.weapon.name, rules);
  const bonuses: Modifier[] = [];
  if (choice.strong && plan.strong) bonuses.push(plan.strong);
  if (choice.bonus !== 0) bonuses.push({ key: "situational", value: choice.bonus, rule: "G3" });
  const basic = basicDamage(plan.spec, total, plan.line.type as Parameters<typeof basicDamage>[2], bonuses, choice.halved && plan.halvable);
  return { plan, faces: [...faces], basic };
}
