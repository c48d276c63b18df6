/**
 * The vocabularies of the GURPS rules core: each a const list (for readers,
 * schemas and tests) and its type. Names are ids, never English; the text of
 * each lives at `CYCHOSYS.Gurps.<Group>.<id>` in lang/en.json.
 */

/** G14, G15: the postures (lying is prone or face up). Crouching is a flag on standing (G16), not a posture. */
export const POSTURES = ["standing", "kneeling", "sitting", "crawling", "prone", "faceUp"] as const;
export type Posture = (typeof POSTURES)[number];
/** A row of the G14 posture table: a posture, or standing while crouched. */
export type PostureRow = Posture | "crouching";
export const isLying = (p: Posture): boolean => p === "prone" || p === "faceUp";

/** G75: damage types by their codes. */
export const DAMAGE_TYPES = ["pi-", "pi", "pi+", "pi++", "imp", "cut", "cr", "burn", "cor", "fat", "tox"] as const;
export type DamageType = (typeof DAMAGE_TYPES)[number];
/** G72, G76: the piercing family and impaling. */
export const isPiercingFamily = (t: DamageType): boolean => t === "pi-" || t === "pi" || t === "pi+" || t === "pi++" || t === "imp";

/** G60: the attack kinds the defense table knows. */
export const ATTACK_KINDS = ["melee", "thrown", "musclePowered", "firearm", "projectedLiquid"] as const;
export type AttackKind = (typeof ATTACK_KINDS)[number];
export const isRanged = (k: AttackKind): boolean => k !== "melee";

/** What an attack does on a hit: damage (a strike), G42 grab an item, G43 grapple, G48–G49 slams and the shove. */
export const ATTACK_FORMS = ["strike", "grab", "grapple", "slam", "flyingTackle", "pounce", "shieldRush", "shove"] as const;
export type AttackForm = (typeof ATTACK_FORMS)[number];
/** G49: the forms that are "as slam" (no Move and Attack penalty or cap; damage by HP × velocity). */
export const isSlamForm = (f: AttackForm): boolean => f === "slam" || f === "flyingTackle" || f === "pounce" || f === "shieldRush";

/** G75: the wounding column. */
export const WOUNDING_CLASSES = ["living", "unliving", "homogenous"] as const;
export type WoundingClass = (typeof WOUNDING_CLASSES)[number];

/** G34: the fifteen maneuvers. */
export const MANEUVERS = [
  "doNothing", "move", "changePosture", "aim", "evaluate", "attack", "feint", "allOutAttack", "moveAndAttack",
  "allOutDefense", "concentrate", "ready", "wait", "allOutReady", "moveAndReady",
] as const;
export type ManeuverId = (typeof MANEUVERS)[number];

/** G26: All-Out Attack's options (Determined is +4 melee, +1 ranged; Suppression Fire is ranged, full-turn). */
export const AOA_OPTIONS = ["determined", "double", "feint", "strong", "suppressionFire"] as const;
export type AoaOption = (typeof AOA_OPTIONS)[number];
/** G28: All-Out Defense's options. */
export const AOD_OPTIONS = ["increasedDodge", "increasedParry", "increasedBlock", "doubleDefense"] as const;
export type AodOption = (typeof AOD_OPTIONS)[number];

/** G58: the three active defenses. */
export const DEFENSE_KINDS = ["dodge", "parry", "block"] as const;
export type DefenseKind = (typeof DEFENSE_KINDS)[number];

/** G66: unarmed skills a parry may use (DX when higher); Sumo and Wrestling need both hands. */
export const UNARMED_SKILLS = ["boxing", "brawling", "judo", "karate", "sumo", "wrestling", "dx"] as const;
export type UnarmedSkill = (typeof UNARMED_SKILLS)[number];

/** Which hand holds a weapon or parries (G39, G43, G50, G63). */
export const HANDS = ["main", "off", "both"] as const;
export type Hand = (typeof HANDS)[number];

/** G65: weapon quality (breakage odds). */
export const QUALITIES = ["cheap", "good", "fine", "veryFine"] as const;
export type Quality = (typeof QUALITIES)[number];

/** G36: the hit locations of the shipped table (GM data). */
export const HIT_LOCATIONS = ["torso", "vitals", "skull", "eye", "face", "neck", "groin", "arm", "hand", "leg", "foot"] as const;
export type HitLocation = (typeof HIT_LOCATIONS)[number];

/** G19, G79: physical stun (HT to recover) or mental stun and surprise (IQ). */
export const STUN_KINDS = ["physical", "mental"] as const;
export type StunKind = (typeof STUN_KINDS)[number];

/** G71: armor divisors (fractional ones multiply DR). */
export const ARMOR_DIVISORS = [1, 2, 3, 5, 10, 100, 0.5, 0.2, 0.1] as const;
export type ArmorDivisor = (typeof ARMOR_DIVISORS)[number];

/** Who rolls a die the resolution still needs (G69: the attacker rolls damage, the GM for NPCs). */
export type Roller = "attacker" | "defender" | "gm";

/** A modifier with the rule that gives it; `key` names its text at `CYCHOSYS.Gurps.Modifier.<key>`. */
export interface Modifier {
  readonly key: string;
  readonly value: number;
  readonly rule: string;
  /** A GM's own situational modifier's label (G3: free GM inputs). */
  readonly label?: string;
}

export const isMember = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === "string" && (list as readonly string[]).includes(value);
