/**
 * The figures of one attack, each a function of its own so a dialog can
 * preview it: the hit roll with every modifier (W13, W22–W25, W36), the
 * target's AC (W13, W25, W27), hit or miss (W14), the Trauma check (W15),
 * hit damage with the swarm bonus and its cap (W16, W24), Shock (W18, W24,
 * W27) and the hit floor (W17). W39 puts them in order (resolve.ts).
 */
import { type DiceExpr, maxOfDice } from "./dice.js";
import { CWN_STANDARD_RULES, type CwnRules } from "./options.js";
import type { AcKind, Attribute, AttackAction, AttackKind, CombatSkill, Distance } from "./types.js";

export interface CwnShockRating {
  /** W18: base Shock damage. */
  readonly damage: number;
  /** W18: the highest AC it affects. */
  readonly ac: number;
}

export interface CwnWeapon {
  readonly kind: AttackKind;
  /** W16: damage dice. */
  readonly damage: DiceExpr;
  /** W13: the weapon's attribute(s); with two the better modifier is used for hit, damage and Shock. */
  readonly attributes: readonly Attribute[];
  /** W13/W21: the combat skill it is used with (fists and body weapons: Punch). */
  readonly skill: CombatSkill;
  /** W18: null for a weapon with no Shock rating. */
  readonly shock: CwnShockRating | null;
  /** W15: null for a weapon that rolls no Trauma Die. */
  readonly traumaDie: DiceExpr | null;
  /** W16: the Traumatic Hit multiplier. */
  readonly traumaRating: number;
  /** W22: two-handed (a rifle). */
  readonly twoHanded: boolean;
  /** W21: bare hands: a hit adds the Punch level to damage. */
  readonly unarmed: boolean;
  /** W21/W22: a body weapon (Body Blades): rolls with Punch, no damage from it; counts as a melee weapon held. */
  readonly bodyWeapon: boolean;
}

/** One addend of the hit roll, with the rule that puts it there. */
export interface HitPart {
  readonly source:
    | "baseHitBonus"
    | "attribute"
    | "skill"
    | "snap"
    | "meleeFoeAdjacent"
    | "charge"
    | "swarm"
    | "proneDistant"
    | "proneAdjacent"
    | "modifier";
  readonly value: number;
  readonly rule: string;
  /** The attribute, the skill's name and level, or a modifier's label. */
  readonly detail?: string;
  /** W13: the skill is untrained (its level is −1, the hit takes −2). */
  readonly untrained?: boolean;
  readonly level?: number;
}

export interface AcPart {
  readonly source: "totalDefense" | "charging" | "modifier";
  readonly value: number;
  readonly rule: string;
  readonly detail?: string;
}

/** W13: the better of the weapon's attribute modifiers (0 when it lists none or the actor has none). */
export function weaponAttribute(weapon: Pick<CwnWeapon, "attributes">, modifiers: Partial<Record<Attribute, number>>): { attribute: Attribute | null; modifier: number } {
  let best: Attribute | null = null;
  let value = 0;
  for (const a of weapon.attributes) {
    const m = modifiers[a] ?? 0;
    if (best === null || m > value) {
      best = a;
      value = m;
    }
  }
  return { attribute: best, modifier: value };
}

/** W13: a combat skill's level (untrained: the rules' −1) and what it adds to the hit roll (untrained: −2). */
export function skillHitModifier(level: number | undefined, rules: Readonly<CwnRules> = CWN_STANDARD_RULES): { level: number; value: number; untrained: boolean } {
  if (level === undefined || level <= rules.untrainedSkillLevel) return { level: rules.untrainedSkillLevel, value: rules.untrainedHitModifier, untrained: true };
  return { level, value: level, untrained: false };
}

/** W24: the hit and damage bonus of a swarm's blow, from the other participants still standing. */
export function swarmBonus(othersStanding: number, rules: Readonly<CwnRules> = CWN_STANDARD_RULES): { hit: number; damage: number } {
  const others = Math.max(0, othersStanding);
  return { hit: Math.min(others * rules.swarmHitPerOther, rules.swarmMaxHit), damage: Math.min(others * rules.swarmDamagePerOther, rules.swarmMaxDamage) };
}

export interface HitSituation {
  action: AttackAction;
  kind: AttackKind;
  /** W22: a foe holding a melee weapon is adjacent to the attacker. */
  meleeFoeAdjacent: boolean;
  /** W36: the target is prone, and how far the attacker is. */
  targetProne: boolean;
  distance: Distance;
  /** W24: other swarm participants still standing. */
  swarmOthers: number;
}

/**
 * W39 step 2: the situational addends of the hit roll, in the order W39 lists
 * them: Snap −4 (W23), one-handed gun or thrown next to a melee-armed foe −4
 * (W22), Charge +2 (W25), swarm +2 per other survivor (W24), prone target −2
 * at a distance for ranged, +2 adjacent (W36).
 */
export function situationParts(s: HitSituation, rules: Readonly<CwnRules> = CWN_STANDARD_RULES): HitPart[] {
  const parts: HitPart[] = [];
  if (s.action === "snap") parts.push({ source: "snap", value: rules.snapHitModifier, rule: "W23" });
  if (s.kind !== "melee" && s.meleeFoeAdjacent) parts.push({ source: "meleeFoeAdjacent", value: rules.meleeFoeRangedModifier, rule: "W22" });
  if (s.action === "charge") parts.push({ source: "charge", value: rules.chargeHitModifier, rule: "W25" });
  if (s.action === "swarm") parts.push({ source: "swarm", value: swarmBonus(s.swarmOthers, rules).hit, rule: "W24" });
  if (s.targetProne) {
    if (s.distance === "adjacent") parts.push({ source: "proneAdjacent", value: rules.proneAdjacentModifier, rule: "W36" });
    else if (s.kind !== "melee") parts.push({ source: "proneDistant", value: rules.proneDistantRangedModifier, rule: "W36" });
  }
  return parts;
}

/** W14: the verdict of a d20 against an AC: natural 1 misses, natural 20 hits, else total ≥ AC. */
export function hitVerdict(natural: number, total: number, ac: number, rules: Readonly<CwnRules> = CWN_STANDARD_RULES): { hit: boolean; by: "natural1" | "natural20" | "total" } {
  if (natural <= rules.naturalMiss) return { hit: false, by: "natural1" };
  if (natural >= rules.naturalHit) return { hit: true, by: "natural20" };
  return { hit: total >= ac, by: "total" };
}

export interface TargetAcState {
  totalDefense: boolean;
  charging: boolean;
}

/** W13, W25, W27: the AC this attack meets: melee or ranged, + Total Defense +2, charging −2, + other modifiers. */
export function targetAc(
  ac: { melee: number; ranged: number },
  kind: AcKind,
  state: TargetAcState,
  extra: readonly { label: string; value: number }[] = [],
  rules: Readonly<CwnRules> = CWN_STANDARD_RULES,
): { kind: AcKind; base: number; parts: AcPart[]; total: number } {
  const base = ac[kind];
  const parts: AcPart[] = [];
  if (state.totalDefense) parts.push({ source: "totalDefense", value: rules.totalDefenseAcModifier, rule: "W27" });
  if (state.charging) parts.push({ source: "charging", value: rules.chargeAcModifier, rule: "W25" });
  for (const m of extra) parts.push({ source: "modifier", value: m.value, rule: "W39", detail: m.label });
  let total = base;
  for (const p of parts) total += p.value;
  return { kind, base, parts, total };
}

/** W15: a Traumatic Hit when the Trauma roll (the die + any bonus) meets or beats the Trauma Target. */
export function isTraumatic(traumaRoll: number, traumaTarget: number): boolean {
  return traumaRoll >= traumaTarget;
}

export interface ShockTarget {
  /** The AC the attack targeted, with its modifiers (W18, W39). */
  ac: number;
  /** W27: Total Defense: immune to all Shock, a swarm's included. */
  totalDefense: boolean;
  /** W18: a shield, a Focus or another flag: immune, except to a swarm's Shock (W24). */
  shockImmune: boolean;
}

export type ShockBlock = "noRating" | "acTooHigh" | "totalDefense" | "immune" | null;

export interface ShockFigure {
  readonly rating: CwnShockRating | null;
  /** Why no Shock lands, or null when it does. */
  readonly blockedBy: ShockBlock;
  readonly base: number;
  readonly attribute: number;
  readonly bonus: number;
  /** W18 (fill): the sum, 0 when negative or blocked. */
  readonly amount: number;
  /** W24: a swarm's Shock went through a too-high AC or an immunity that stops other Shock. */
  readonly swarmPierced: boolean;
}

/**
 * W18: the Shock this weapon deals this target on a miss (and W17's floor on
 * a hit): its base + the attribute modifier + explicit Shock bonuses (never
 * Punch, never the swarm's damage bonus), at least 0; none without a rating,
 * against a higher AC, Total Defense or an immunity — but a swarm's Shock
 * ignores the AC and every immunity save Total Defense (W24, W27).
 */
export function shockFigure(rating: CwnShockRating | null, attribute: number, bonus: number, target: ShockTarget, swarm: boolean): ShockFigure {
  const none = (blockedBy: ShockBlock): ShockFigure => ({ rating, blockedBy, base: rating?.damage ?? 0, attribute, bonus, amount: 0, swarmPierced: false });
  if (!rating) return none("noRating");
  if (target.totalDefense) return none("totalDefense");
  const tooHigh = rating.ac < target.ac;
  if (tooHigh && !swarm) return none("acTooHigh");
  if (target.shockImmune && !swarm) return none("immune");
  const amount = Math.max(0, rating.damage + attribute + bonus);
  return { rating, blockedBy: null, base: rating.damage, attribute, bonus, amount, swarmPierced: swarm && (tooHigh || target.shockImmune) };
}

export interface DamageInput {
  weapon: Pick<CwnWeapon, "damage" | "unarmed" | "traumaRating">;
  /** Sum of the damage dice's faces (the expression's flat part not included). */
  faces: number;
  attribute: number;
  /** W21: the Punch level (only an unarmed hit adds it; never below 0). */
  punch: number;
  /** Other bonuses that add to hit damage. */
  bonus: number;
  /** W24: the swarm's damage bonus (0 outside a swarm). */
  swarm: number;
  traumatic: boolean;
  /** W17: the floor (this target's Shock). */
  floor: number;
}

export interface DamageFigure {
  /** The dice's faces + the expression's flat part. */
  readonly rolled: number;
  readonly attribute: number;
  readonly punch: number;
  readonly bonus: number;
  /** W24: the swarm's damage bonus, what of it counts under the cap, and the cap (the blow's usual maximum). */
  readonly swarmBonus: number;
  readonly swarm: number;
  readonly swarmCap: number | null;
  /** W16 (fill): the total before Trauma, never below 0. */
  readonly beforeTrauma: number;
  readonly multiplier: number;
  readonly afterTrauma: number;
  readonly floor: number;
  readonly floorApplied: boolean;
  readonly total: number;
}

/**
 * W16, W17, W24, W39 step 4: dice + attribute (+ Punch for an unarmed hit) +
 * bonuses; the swarm's bonus cannot take it past the blow's usual maximum;
 * at least 0; × the Trauma Rating on a Traumatic Hit; then raised to the
 * floor.
 */
export function hitDamage(d: DamageInput): DamageFigure {
  const punch = d.weapon.unarmed ? Math.max(0, d.punch) : 0;
  const rolled = d.faces + d.weapon.damage.flat;
  const plain = rolled + d.attribute + punch + d.bonus;
  let swarm = 0;
  let swarmCap: number | null = null;
  if (d.swarm > 0) {
    swarmCap = maxOfDice(d.weapon.damage) + d.attribute + punch + d.bonus;
    swarm = Math.max(0, Math.min(d.swarm, swarmCap - plain));
  }
  const beforeTrauma = Math.max(0, plain + swarm);
  const multiplier = d.traumatic ? d.weapon.traumaRating : 1;
  const afterTrauma = beforeTrauma * multiplier;
  const total = Math.max(afterTrauma, d.floor);
  return { rolled, attribute: d.attribute, punch, bonus: d.bonus, swarmBonus: d.swarm, swarm, swarmCap, beforeTrauma, multiplier, afterTrauma, floor: d.floor, floorApplied: total > afterTrauma, total };
}
