/**
 * W30: an ordinary skill check — the Use a Skill action's roll (a Dex/Heal
 * check to keep a downed friend alive, a rallying shout) and any skill use
 * outside a fight: 2d6 + the skill's level + an attribute's modifier (the
 * GM names which), against a difficulty the GM sets. An untrained skill
 * counts −1 (review note 1: the −2 is for hit rolls only). The chapter gives
 * no difficulty table; the GM's number is an input, and without one the
 * check has a total and no verdict.
 */
import { readPool } from "./dice.js";
import { CwnError } from "./errors.js";
import { CWN_STANDARD_RULES, type CwnRules } from "./options.js";
import type { Attribute } from "./types.js";

/** Bounds of what a check takes (a sheet's numbers; anything else is refused). */
export const CWN_SKILL_CHECK_LIMITS = Object.freeze({ level: { min: -1, max: 10 }, attributeModifier: { min: -3, max: 3 }, modifier: { min: -20, max: 20 }, difficulty: { min: 2, max: 30 } });

export interface CwnSkillCheckInput {
  /** The dice's faces (rules.skillCheckDice: two d6). */
  faces: readonly number[];
  /** The skill's level; null when untrained (W30, review note 1: −1). */
  level: number | null;
  attribute: Attribute;
  attributeModifier: number;
  /** The GM's or a situation's modifier (0 for none). */
  modifier?: number;
  /** The GM's difficulty; null or absent: no verdict. */
  difficulty?: number | null;
}

export interface CwnSkillCheck {
  faces: number[];
  dice: number;
  level: number;
  untrained: boolean;
  attribute: Attribute;
  attributeModifier: number;
  modifier: number;
  total: number;
  difficulty: number | null;
  /** total ≥ difficulty; null without a difficulty. */
  success: boolean | null;
}

function whole(value: unknown, bounds: { min: number; max: number }, what: string): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < bounds.min || value > bounds.max) {
    throw new CwnError("skillCheckField", { what, min: bounds.min, max: bounds.max, value: String(value).slice(0, 20) });
  }
  return value;
}

/** W30: the check from its dice; refuses faces or figures out of bounds with the field named. */
export function resolveCwnSkillCheck(input: CwnSkillCheckInput, rules: Readonly<CwnRules> = CWN_STANDARD_RULES): CwnSkillCheck {
  const L = CWN_SKILL_CHECK_LIMITS;
  const untrained = input.level === null;
  const level = untrained ? rules.untrainedSkillLevel : whole(input.level, L.level, "skill level");
  const attributeModifier = whole(input.attributeModifier, L.attributeModifier, "attribute modifier");
  const modifier = whole(input.modifier ?? 0, L.modifier, "modifier");
  const difficulty = input.difficulty === null || input.difficulty === undefined ? null : whole(input.difficulty, L.difficulty, "difficulty");
  const dice = readPool(rules.skillCheckDice, input.faces, "skill check");
  const total = dice + level + attributeModifier + modifier;
  return { faces: [...input.faces], dice, level, untrained, attribute: input.attribute, attributeModifier, modifier, total, difficulty, success: difficulty === null ? null : total >= difficulty };
}
