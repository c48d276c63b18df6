/**
 * Shared vocabulary of the OpenD6 rules core. Rule ids (D1…D41): the rule
 * index of docs/rulesets/d6.md.
 */

/** How an attack reaches its target (D18 coverage, D27 range and reach, D29 aim). */
export type AttackMode = "unarmed" | "melee" | "ranged";
export const ATTACK_MODES: readonly AttackMode[] = ["unarmed", "melee", "ranged"];

/** The active defense skills (D18–D20): block is with the body (brawling), parry with something held. */
export type DefenseSkill = "dodge" | "block" | "parry";
export const DEFENSE_SKILLS: readonly DefenseSkill[] = ["dodge", "block", "parry"];

/** How an active defense was taken: one of N (D24), full (D23), or called by the GM at no action (D25). */
export type DefenseMode = "partial" | "full" | "gmCalled";
export const DEFENSE_MODES: readonly DefenseMode[] = ["partial", "full", "gmCalled"];

/** D27 range bands, closest first. */
export type RangeBand = "pointBlank" | "short" | "medium" | "long";
export const RANGE_BANDS: readonly RangeBand[] = ["pointBlank", "short", "medium", "long"];

/** D28 cover; `full` (wholly hidden) cannot be targeted. */
export type CoverLevel = "none" | "light" | "medium" | "heavy" | "full";
export const COVER_LEVELS: readonly CoverLevel[] = ["none", "light", "medium", "heavy", "full"];

/** D35–D36 wound levels in stacking order; `none` is unhurt. */
export type WoundLevel = "none" | "stunned" | "wounded" | "severelyWounded" | "incapacitated" | "mortallyWounded" | "killed";
export const WOUND_LEVELS: readonly WoundLevel[] = [
  "none",
  "stunned",
  "wounded",
  "severelyWounded",
  "incapacitated",
  "mortallyWounded",
  "killed",
];

/** What a roll is for: decides the Wild Die's complication handling (D2) and the penalties that apply (D12, D37). */
export type RollKind = "skill" | "initiative" | "damage" | "resistance";

export const isMember = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === "string" && (list as readonly string[]).includes(value);
