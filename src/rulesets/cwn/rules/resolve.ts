/**
 * One complete CWN attack, every die an input, in W39's order: legality
 * (range, W22's ban, the action's own conditions: W23 Snap, W24 Swarm, W25
 * Charge), screening (W26, W40), the hit roll and the AC it meets (W13,
 * W22–W25, W27, W36), hit or miss (W14); on a hit the Trauma check (W15),
 * damage (W16, W24) and its floor (W17); on a miss Shock (W18, W24, W27);
 * then soak and hit points (W19). The result is plain data holding every
 * figure a GM checks; outcome.ts and explain.ts only read it. A roll whose
 * faces are not given is named in `owed` and the resolution stops there.
 */
import {
  type AcPart, type CwnWeapon, type DamageFigure, type HitPart, hitDamage, hitVerdict, isTraumatic, type ShockFigure, shockFigure, situationParts,
  skillHitModifier, swarmBonus, targetAc, weaponAttribute,
} from "./attack.js";
import { checkFace, type DiceExpr, readDice, sumFaces } from "./dice.js";
import { CwnError } from "./errors.js";
import { applyHarm, type HarmFigure } from "./harm.js";
import { CWN_STANDARD_RULES, type CwnRules } from "./options.js";
import { resolveScreen, type ScreenerInput, type ScreenFigure } from "./screen.js";
import { type AcKind, acKindOf, type Attribute, type AttackAction, type AttackKind, type CombatSkill, type Distance, type Modifier } from "./types.js";

export interface CwnAttackerInput {
  playerCharacter?: boolean;
  baseHitBonus: number;
  /** Attribute modifiers; an attribute not given counts 0. */
  attributes?: Partial<Record<Attribute, number>>;
  /** Combat skill levels; a skill not given is untrained (W13). */
  skills?: Partial<Record<CombatSkill, number>>;
  /** W23: may Snap Attack (default: player characters only). */
  canSnap?: boolean;
  /** W23: this round's Main is already used. */
  mainSpent?: boolean;
  /** W9/W25: metres of one Move (default the rules' 10). */
  moveMetres?: number;
  weapon: CwnWeapon;
  /** W13: good gear or the situation. */
  hitModifiers?: readonly Modifier[];
  /** Bonuses that add to hit damage only. */
  damageBonus?: number;
  /** W18: bonuses that explicitly add to Shock (e.g. Killing Blow). */
  shockBonus?: number;
  /** W15: added to the Trauma Die's roll (e.g. Killing Blow). */
  traumaBonus?: number;
}

export interface CwnDefenderInput {
  playerCharacter?: boolean;
  ac: { melee: number; ranged: number };
  acModifiers?: readonly Modifier[];
  /** W15: default the rules' 6. */
  traumaTarget?: number;
  hp: number;
  soak?: number;
  /** W27: Total Defense in force (+2 AC, immune to all Shock). */
  totalDefense?: boolean;
  /** W25: charged since its last turn (−2 AC). */
  charging?: boolean;
  /** W18: a shield, a Focus or another flag making it immune to Shock (not a swarm's). */
  shockImmune?: boolean;
  prone?: boolean;
  /** W14/W24: wholly immune to this weapon: no hit can happen. */
  immune?: boolean;
}

export interface CwnScreenerEntry extends ScreenerInput {
  defender: CwnDefenderInput;
}

/** W22: who stands adjacent to the attacker: nobody, a foe with only fists, or a foe holding a melee or body weapon. */
export type AdjacentFoe = "none" | "fists" | "armed";

export interface CwnAttackInput {
  action?: AttackAction;
  attacker: CwnAttackerInput;
  defender: CwnDefenderInput;
  /** W36/W12: within melee range or beyond (default: adjacent for melee, distant otherwise). */
  distance?: Distance;
  /** W22 (default none). */
  adjacentFoe?: AdjacentFoe;
  /** W39 step 1: the target is in the weapon's range and can be seen or targeted (default true). */
  inRange?: boolean;
  /** W25: metres rushed in a straight line. */
  charge?: { metres: number };
  /** W24: assailants who joined, and how many of them are still standing as it resolves (the striker included). */
  swarm?: { participants: number; standing: number };
  /** W26: screeners of the target, the attacker's check faces, and W40's pick. */
  screen?: { attackerDice: readonly number[]; screeners: readonly CwnScreenerEntry[]; choice?: number };
  /** W19: default true. */
  lethal?: boolean;
  /** The d20's face. */
  roll: number;
  traumaDice?: readonly number[];
  damageDice?: readonly number[];
}

export type CwnRefusal =
  | "outOfReach"
  | "outOfRange"
  | "immune"
  | "twoHandedMeleeFoe"
  | "cannotSnap"
  | "snapMainSpent"
  | "chargeWeapon"
  | "chargeTooShort"
  | "chargeTooFar"
  | "swarmTooSmall"
  | "swarmFull";

export type CwnOwedRoll = "screenChoice" | "trauma" | "damage";

export interface CwnHitRoll {
  readonly natural: number;
  readonly parts: readonly HitPart[];
  readonly total: number;
}

export interface CwnAcFigure {
  readonly kind: AcKind;
  readonly base: number;
  readonly parts: readonly AcPart[];
  readonly total: number;
}

export interface CwnTraumaFigure {
  readonly faces: readonly number[];
  readonly bonus: number;
  readonly roll: number;
  readonly target: number;
  readonly traumatic: boolean;
  readonly rating: number;
}

export interface CwnResolution {
  readonly action: AttackAction;
  readonly kind: AttackKind;
  readonly refused: CwnRefusal | null;
  readonly screen: ScreenFigure | null;
  /** Who the attack goes against: the defender, or a screener (its index) that held (W26). */
  readonly target: "defender" | "screener";
  readonly screenerIndex: number | null;
  readonly weaponAttribute: Attribute | null;
  readonly attributeModifier: number;
  /** The weapon's damage dice and Trauma Die (W15, W16). */
  readonly damageDice: DiceExpr;
  readonly traumaDie: DiceExpr | null;
  readonly hitRoll: CwnHitRoll | null;
  readonly ac: CwnAcFigure | null;
  readonly hit: boolean | null;
  readonly hitBy: "natural1" | "natural20" | "total" | null;
  /** W15: null on a miss and for a weapon with no Trauma Die. */
  readonly trauma: CwnTraumaFigure | null;
  /** W18 on a miss, W17's floor on a hit. */
  readonly shock: ShockFigure | null;
  readonly damage: DamageFigure | null;
  /** What lands: hit damage or Shock. */
  readonly dealt: number | null;
  readonly harm: HarmFigure | null;
  readonly owed: readonly CwnOwedRoll[];
}

const NONE: readonly never[] = Object.freeze([]);

/** W39 step 1: why this attack cannot be made, or null. */
export function attackRefusal(input: CwnAttackInput, rules: Readonly<CwnRules> = CWN_STANDARD_RULES): CwnRefusal | null {
  const a = input.attacker;
  const w = a.weapon;
  const action = input.action ?? "attack";
  const distance = input.distance ?? (w.kind === "melee" ? "adjacent" : "distant");
  if (w.kind === "melee" && distance !== "adjacent") return "outOfReach";
  if (input.inRange === false) return "outOfRange";
  if (input.defender.immune) return "immune";
  if (w.kind === "ranged" && w.twoHanded && rules.twoHandedBlockedByMeleeFoe && meleeFoeAdjacent(input.adjacentFoe, rules)) return "twoHandedMeleeFoe";
  if (action === "snap") {
    if (!(a.canSnap ?? !!a.playerCharacter)) return "cannotSnap";
    if (a.mainSpent) return "snapMainSpent";
  }
  if (action === "charge") {
    if (w.kind === "ranged") return "chargeWeapon";
    const metres = input.charge?.metres ?? 0;
    if (metres < rules.chargeMinMetres) return "chargeTooShort";
    if (metres > (a.moveMetres ?? rules.moveMetres) * rules.chargeMoveMultiplier) return "chargeTooFar";
  }
  if (action === "swarm") {
    const joined = input.swarm?.participants ?? 1;
    if (joined < rules.swarmMinParticipants) return "swarmTooSmall";
    if (joined > rules.swarmMaxParticipants) return "swarmFull";
  }
  return null;
}

/** W26: what the attacker adds to its screen check: its level in the weapon's combat skill (untrained −1) and the better of Str and Dex. */
export function screenCheckOf(a: Pick<CwnAttackerInput, "weapon" | "skills" | "attributes">, rules: Readonly<CwnRules> = CWN_STANDARD_RULES): { skill: number; strDex: number } {
  return { skill: skillHitModifier(a.skills?.[a.weapon.skill], rules).level, strDex: Math.max(a.attributes?.str ?? 0, a.attributes?.dex ?? 0) };
}

/** W22: a foe hindering ranged attacks is adjacent (fists only under the world setting). */
export function meleeFoeAdjacent(foe: AdjacentFoe | undefined, rules: Readonly<CwnRules> = CWN_STANDARD_RULES): boolean {
  return foe === "armed" || (foe === "fists" && rules.fistsHinderRangedAttacks);
}

export function resolveCwnAttack(input: CwnAttackInput, rules: Readonly<CwnRules> = CWN_STANDARD_RULES): CwnResolution {
  const a = input.attacker;
  const w = a.weapon;
  const action = input.action ?? "attack";
  const acKind = acKindOf(w.kind);
  const { attribute, modifier: attr } = weaponAttribute(w, a.attributes ?? {});
  const out: Mutable<CwnResolution> = {
    action, kind: w.kind, refused: attackRefusal(input, rules), screen: null, target: "defender", screenerIndex: null,
    weaponAttribute: attribute, attributeModifier: attr, damageDice: w.damage, traumaDie: w.traumaDie, hitRoll: null, ac: null, hit: null, hitBy: null, trauma: null, shock: null,
    damage: null, dealt: null, harm: null, owed: NONE,
  };
  if (out.refused) return out;
  const swarmOthers = action === "swarm" ? swarmStanding(input) - 1 : 0;

  // W26, W40: a screen decides who the attack goes against.
  let target = input.defender;
  if (input.screen && input.screen.screeners.length > 0) {
    const s = input.screen;
    const { skill, strDex } = screenCheckOf(a, rules);
    const screen = resolveScreen({ kind: w.kind, attackerSkill: skill, attackerStrDex: strDex, attackerDice: s.attackerDice, screeners: s.screeners, choice: s.choice }, rules);
    out.screen = screen;
    if (screen.owed) {
      out.owed = ["screenChoice"];
      return out;
    }
    if (screen.redirectedTo !== null) {
      out.target = "screener";
      out.screenerIndex = screen.redirectedTo;
      target = s.screeners[screen.redirectedTo]!.defender;
    }
  }

  // W39 step 2: the hit total and the AC.
  const natural = checkFace(input.roll, rules.attackDieFaces, "attack roll");
  const skill = skillHitModifier(a.skills?.[w.skill], rules);
  // Literals of one shape each, no spread: the hot path of every resolution (issue 21).
  const parts: HitPart[] = [
    { source: "baseHitBonus", value: a.baseHitBonus, rule: "W13" },
    attribute ? { source: "attribute", value: attr, rule: "W13", detail: attribute } : { source: "attribute", value: attr, rule: "W13" },
    { source: "skill", value: skill.value, rule: "W13", detail: w.skill, level: skill.level, untrained: skill.untrained },
  ];
  for (const m of a.hitModifiers ?? NONE) parts.push({ source: "modifier", value: m.value, rule: "W13", detail: m.label });
  const distance = input.distance ?? (w.kind === "melee" ? "adjacent" : "distant");
  for (const p of situationParts({ action, kind: w.kind, meleeFoeAdjacent: meleeFoeAdjacent(input.adjacentFoe, rules), targetProne: !!target.prone, distance, swarmOthers }, rules)) parts.push(p);
  let total = natural;
  for (const p of parts) total += p.value;
  out.hitRoll = { natural, parts, total };
  const ac = targetAc(target.ac, acKind, { totalDefense: !!target.totalDefense, charging: !!target.charging }, target.acModifiers ?? NONE, rules);
  out.ac = ac;

  // W39 step 3.
  const verdict = hitVerdict(natural, total, ac.total, rules);
  out.hit = verdict.hit;
  out.hitBy = verdict.by;

  // W18/W24/W27: this target's Shock — dealt on a miss, W17's floor on a hit.
  const shock = shockFigure(w.shock, attr, a.shockBonus ?? 0, { ac: ac.total, totalDefense: !!target.totalDefense, shockImmune: !!target.shockImmune }, action === "swarm");
  out.shock = shock;
  const lethal = input.lethal ?? true;
  const harmTarget = { hp: target.hp, soak: target.soak ?? 0, playerCharacter: !!target.playerCharacter };
  if (!verdict.hit) {
    out.dealt = shock.amount;
    out.harm = applyHarm(harmTarget, shock.amount, lethal, rules);
    return out;
  }

  // W39 step 4: Trauma (W15), then damage (W16, W24) and its floor (W17).
  const owed: CwnOwedRoll[] = [];
  let traumatic = false;
  if (w.traumaDie) {
    if (!input.traumaDice) owed.push("trauma");
    else {
      const bonus = a.traumaBonus ?? 0;
      const roll = readDice(w.traumaDie, input.traumaDice, "Trauma Die") + bonus;
      const traumaTarget = target.traumaTarget ?? rules.defaultTraumaTarget;
      traumatic = isTraumatic(roll, traumaTarget);
      out.trauma = { faces: input.traumaDice, bonus, roll, target: traumaTarget, traumatic, rating: w.traumaRating };
    }
  }
  if (!input.damageDice) owed.push("damage");
  if (owed.length) {
    out.owed = owed;
    return out;
  }
  const faces = sumFaces(input.damageDice!, w.damage.count, w.damage.faces, "damage roll");
  const damage = hitDamage({
    weapon: w, faces, attribute: attr, punch: a.skills?.punch ?? rules.untrainedSkillLevel, bonus: a.damageBonus ?? 0,
    swarm: action === "swarm" ? swarmBonus(swarmOthers, rules).damage : 0, traumatic, floor: shock.amount,
  });
  out.damage = damage;
  out.dealt = damage.total;

  // W39 step 5.
  out.harm = applyHarm(harmTarget, damage.total, lethal, rules);
  return out;
}

/** W24: participants still standing as the swarm resolves (the striker at least); more than joined is an input error. */
function swarmStanding(input: CwnAttackInput): number {
  const s = input.swarm;
  if (!s) return 1;
  if (s.standing > s.participants) throw new CwnError("standingMoreThanJoined", { standing: s.standing, participants: s.participants });
  return Math.max(1, s.standing);
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
