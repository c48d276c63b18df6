/**
 * Shared vocabulary of the Cities Without Number rules core. Rule ids
 * (W1…W40): the rule index of docs/rulesets/cwn.md.
 */

/** The six attributes; the core only ever reads their modifiers (W13). */
export const ATTRIBUTES = ["str", "dex", "con", "int", "wis", "cha"] as const;
export type Attribute = (typeof ATTRIBUTES)[number];

/** The combat skills (W13, W21, W26): Punch for fists and body weapons, Stab for melee, Shoot for ranged and thrown. */
export const COMBAT_SKILLS = ["punch", "stab", "shoot"] as const;
export type CombatSkill = (typeof COMBAT_SKILLS)[number];

/** How a weapon attacks (W13, W22): thrown weapons are ranged attacks against ranged AC. */
export const ATTACK_KINDS = ["melee", "ranged", "thrown"] as const;
export type AttackKind = (typeof ATTACK_KINDS)[number];

/** Which Armor Class an attack targets (W13). */
export type AcKind = "melee" | "ranged";
export const acKindOf = (kind: AttackKind): AcKind => (kind === "melee" ? "melee" : "ranged");

/** The attack actions (W21–W25): a plain attack, a Snap Attack, a Charge, the blow of a Swarm Attack. */
export const ATTACK_ACTIONS = ["attack", "snap", "charge", "swarm"] as const;
export type AttackAction = (typeof ATTACK_ACTIONS)[number];

/** W36: how far the attacker is from a prone target: within melee range (W12) or beyond it. */
export const DISTANCES = ["adjacent", "distant"] as const;
export type Distance = (typeof DISTANCES)[number];

/** W19: what a combatant at 0 hit points is; `none` while it stands. */
export const DOWNED_STATES = ["none", "mortallyWounded", "dead", "unconscious", "stunned"] as const;
export type DownedState = (typeof DOWNED_STATES)[number];

/** W7–W11: the kinds of action. */
export const ACTION_TYPES = ["main", "move", "onTurn", "instant"] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

/** W32: what reloading a weapon costs; `bow` is On Turn with a Readied quiver and Shoot-1, else Move. */
export const RELOAD_ACTIONS = ["main", "move", "onTurn", "bow"] as const;
export type ReloadAction = (typeof RELOAD_ACTIONS)[number];

/** W31: where an item is. */
export const ITEM_STATES = ["readied", "stowed"] as const;
export type ItemState = (typeof ITEM_STATES)[number];

export const isMember = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === "string" && (list as readonly string[]).includes(value);

/** A labelled number added to a roll or an Armor Class. */
export interface Modifier {
  readonly label: string;
  readonly value: number;
}
