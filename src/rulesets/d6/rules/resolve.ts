/**
 * One complete D6 attack, every die an input: defenses in force (D17–D25),
 * reach and range (D27), cover and modifiers with the floor (D26, D28), the
 * attack roll (D41, D3, D2, D12, D29, D37), hit or miss (D30), damage with
 * Strength Damage and bonus (D31–D33), the blade and the bare hand (D21,
 * D22), resistance and wounds (D34–D37). The result is plain data holding
 * every figure a GM checks; outcome.ts and explain.ts only read it.
 */
import { type BladeRule, type BladeWeapon, bladeRuleFor, blockSparesBlocker, damageBonus, damageCode, listedDamageCode, strengthDamageDice } from "./damage.js";
import { type ActiveDefense, activeDefense, baseDifficulty, coversAttack, rollActiveDefense } from "./defense.js";
import { applyModifier, type DieCode, type DieModifier, type WeaponDamage } from "./die-code.js";
import {
  applyFloor, coverModifier, type DifficultyModifier, modifierValue, type RangeInput, rangeBandAt, rangeModifier, reachBands, type WeaponRanges,
} from "./difficulty.js";
import { D6Error } from "./errors.js";
import { D6_STANDARD_RULES, type D6Rules } from "./options.js";
import { multiActionPenaltyDice, rollSkill, type SkillRoll } from "./skill-roll.js";
import type { AttackMode, CoverLevel, DefenseMode, DefenseSkill, RangeBand, WoundLevel } from "./types.js";
import { type RollFaces, type RollReading, readRoll } from "./wild-die.js";
import { type Protection, resistanceCode, stackWound, UNHURT, type WoundState, type WoundStatus, woundLevelForExcess, woundStatus } from "./wounds.js";

export interface D6Weapon {
  mode: AttackMode;
  damage: WeaponDamage;
  /** D21/D22: edged or energized. */
  edged?: boolean;
  /** D27: a melee weapon longer than 2 m also reaches Short. */
  lengthMetres?: number;
  /** D27: upper limits of Short, Medium, Long (item data). */
  ranges?: WeaponRanges;
}

export interface D6AttackerInput extends Protection {
  /** The combat skill's code (firearms, brawling, melee combat …). */
  skill: DieCode;
  /** D11: N declared this round (default 1); D12 sets the penalty from it. */
  declared?: number;
  freeActions?: number;
  wounds?: WoundState;
  /** D29: consecutive rounds aimed at this target before this attack. */
  aimRounds?: number;
  roll: RollFaces;
  /** D41: flat modifiers to the attack roll. */
  flat?: number;
  weapon: D6Weapon;
  /** D32: Disadvantage and Special Ability modifiers to Strength. */
  strengthAdjustments?: readonly DieModifier[];
}

/** A defense already in force (its total given) or rolled here (faces given). */
export type D6DefenseInput =
  | { skill: DefenseSkill; mode: DefenseMode; total: number; weapon?: BladeWeapon }
  | { skill: DefenseSkill; mode: DefenseMode; code: DieCode; declared: number | null; freeActions?: number; faces: RollFaces; flat?: number; weapon?: BladeWeapon };

export interface D6DefenderInput extends Protection {
  wounds?: WoundState;
  /** D10: held fast or otherwise unable to act besides wounds. */
  unableToAct?: boolean;
  /** D22: a special ability that lets a bare hand stop a blade. */
  blockBlades?: boolean;
  defenses?: readonly D6DefenseInput[];
}

/** A damage modifier from a special combat action (D31, D38): a die code rolled with the damage, or a flat number. */
export type DamageModifier = { code: DieModifier } | { value: number };

export interface D6AttackInput {
  round?: number;
  attacker: D6AttackerInput;
  defender: D6DefenderInput;
  /** D27: absent means Point Blank for melee and unarmed attacks; a ranged attack must say. */
  range?: RangeInput;
  cover?: CoverLevel;
  /** D26: faces of the cover dice when the world rolls modifiers. */
  coverFaces?: readonly number[];
  modifiers?: readonly DifficultyModifier[];
  damageModifiers?: readonly DamageModifier[];
  /** Faces of the damage roll, whoever takes it; absent → the resolution stops with `pending: "damage"`. */
  damageRoll?: RollFaces;
  /** Faces of the struck side's resistance roll; absent → `pending: "resistance"`. */
  resistanceRoll?: RollFaces;
}

export interface D6DefenseFigure {
  readonly skill: DefenseSkill;
  readonly mode: DefenseMode;
  readonly roll: number;
  readonly total: number;
  readonly covers: boolean;
  /** The roll, when it was rolled here. */
  readonly rolled: SkillRoll | null;
}

export interface D6Difficulty {
  readonly base: number;
  /** −1: the passive value (D17). */
  readonly defenseIndex: number;
  readonly source: "passive" | DefenseSkill;
  readonly range: number;
  readonly cover: { readonly level: CoverLevel; readonly value: number; readonly rolled: boolean };
  readonly modifiers: readonly { readonly value: number; readonly rolled: boolean; readonly label: string | null }[];
  readonly beforeFloor: number;
  readonly final: number;
  readonly floorApplied: boolean;
}

export type D6Refusal = "outOfReach" | "beyondRange" | "hidden";
export type D6Side = "attacker" | "defender";

export interface D6DamageFigure {
  /** Who takes it. */
  readonly to: D6Side;
  /** D31 a hit; D21 a blade parry; D22 a bare-hand block. */
  readonly rule: "hit" | Exclude<BladeRule, null>;
  /** D32: Strength Damage dice added (null when not added). */
  readonly strengthDamage: number | null;
  readonly code: DieCode;
  readonly reading: RollReading | null;
  readonly flat: number;
  /** D33 (0 for D21 and D22). */
  readonly bonus: number;
  readonly total: number | null;
}

export interface D6ResistanceFigure {
  readonly code: DieCode;
  readonly reading: RollReading | null;
  readonly total: number | null;
}

export interface D6Resolution {
  readonly round: number;
  readonly mode: AttackMode;
  readonly refused: D6Refusal | null;
  readonly reach: readonly RangeBand[];
  readonly band: RangeBand | "beyond";
  readonly metres: number | null;
  readonly defenses: readonly D6DefenseFigure[];
  readonly difficulty: D6Difficulty | null;
  readonly attack: SkillRoll | null;
  /** D29 aim dice in the attack roll. */
  readonly aimDice: number;
  readonly hit: boolean | null;
  /** Attack total − final difficulty. */
  readonly margin: number | null;
  readonly bladeRule: BladeRule;
  /** D22: the blocker's armor or `blockBlades` spared him. */
  readonly spared: boolean;
  readonly struck: D6Side | "none";
  readonly damage: D6DamageFigure | null;
  readonly resistance: D6ResistanceFigure | null;
  readonly excess: number | null;
  readonly woundTaken: WoundLevel | null;
  /** The roll still needed to finish, when its faces were not given. */
  readonly pending: "damage" | "resistance" | null;
  readonly before: { readonly attacker: WoundStatus; readonly defender: WoundStatus };
  readonly after: { readonly attacker: WoundStatus; readonly defender: WoundStatus };
  /** Wound state after, to store. */
  readonly woundsAfter: { readonly attacker: WoundState; readonly defender: WoundState };
  /** D10/D18: the side this attack left unable to act (its defenses end at once). */
  readonly becameUnableToAct: D6Side | null;
  /** D2: complications flagged: "attack", "defenses[i]". */
  readonly complications: readonly string[];
}

const NONE: readonly never[] = Object.freeze([]);

/** A defense of the input as it stands: given, or rolled here with the defender's wound dice (D18–D25, D41). */
export function defenseFigure(d: D6DefenseInput, woundDice: number, rules: Readonly<D6Rules> = D6_STANDARD_RULES): D6DefenseFigure {
  if ("total" in d) {
    const def = activeDefense(d.skill, d.mode, d.total, d.weapon, rules);
    return { skill: d.skill, mode: d.mode, roll: def.roll, total: def.total, covers: false, rolled: null };
  }
  const input = {
    skill: d.skill, mode: d.mode, code: d.code, declared: d.declared, woundDice, faces: d.faces,
    ...(d.freeActions !== undefined && { freeActions: d.freeActions }), ...(d.flat !== undefined && { flat: d.flat }),
  };
  const { roll, defense } = rollActiveDefense(input, `${d.skill} roll`, rules);
  return { skill: d.skill, mode: d.mode, roll: defense.roll, total: defense.total, covers: false, rolled: roll };
}

/** D41/D12/D37/D29: the dice an attack roll adjusts its skill by (aim is checked against the weapon's mode). */
export function attackRollAdjustments(a: Omit<D6AttackerInput, "roll">, woundDice: number, rules: Readonly<D6Rules> = D6_STANDARD_RULES): { actionDice: number; woundDice: number; bonusDice: number } {
  const mode = a.weapon.mode;
  const aimRounds = a.aimRounds ?? 0;
  if (aimRounds > 0 && !rules.aimableModes.includes(mode)) throw new D6Error("aimNotAllowed", { mode });
  const bonusDice = Math.min(aimRounds * rules.aimDicePerRound, rules.aimMaxDice);
  const actionDice = multiActionPenaltyDice(a.declared ?? rules.minDeclaredActions, a.freeActions ?? rules.defaultFreeActions, rules);
  return { actionDice, woundDice, bonusDice };
}

/** D41/D12/D37/D29: the attack roll (D3 refuses it with no die left); also its aim dice. */
export function rollAttack(a: D6AttackerInput, woundDice: number, rules: Readonly<D6Rules> = D6_STANDARD_RULES): { roll: SkillRoll; aimDice: number } {
  const adjust = attackRollAdjustments(a, woundDice, rules);
  const roll = rollSkill(a.skill, adjust, a.roll, a.flat ?? 0, "attack roll", rules);
  return { roll, aimDice: adjust.bonusDice };
}

/** D31–D32, D38: the code a hit rolls (Strength Damage for a `+` code, then die modifiers) and the flat damage modifiers. */
export function hitDamage(
  a: Omit<D6AttackerInput, "roll">,
  damageModifiers: readonly DamageModifier[] = NONE,
  rules: Readonly<D6Rules> = D6_STANDARD_RULES,
): { strength: number | null; code: DieCode; flat: number } {
  const weapon = a.weapon;
  const strength = weapon.damage.addsStrength ? strengthDamageDice(a.strength, a.strengthAdjustments, rules) : null;
  let code = damageCode(weapon.damage, strength ?? 0, NONE, rules);
  let flat = 0;
  for (let i = 0; i < damageModifiers.length; i++) {
    const m = damageModifiers[i]!;
    if ("code" in m) code = applyModifier(code, m.code, rules);
    else flat += m.value;
  }
  return { strength, code, flat };
}

export function resolveD6Attack(input: D6AttackInput, rules: Readonly<D6Rules> = D6_STANDARD_RULES): D6Resolution {
  const round = input.round ?? 1;
  const a = input.attacker;
  const d = input.defender;
  const weapon = a.weapon;
  const mode = weapon.mode;
  const attackerWounds = a.wounds ?? UNHURT;
  const defenderWounds = d.wounds ?? UNHURT;
  const before = { attacker: woundStatus(attackerWounds, round, rules), defender: woundStatus(defenderWounds, round, rules) };
  if (before.attacker.unableToAct) throw new D6Error("unableToAct");
  const defenseInputs = d.defenses ?? NONE;
  if ((before.defender.unableToAct || d.unableToAct) && defenseInputs.length) throw new D6Error("defenseWhileUnable");

  // D17–D25: the defenses in force and which cover this attack.
  const defenses: D6DefenseFigure[] = [];
  const inForce: ActiveDefense[] = [];
  const complications: string[] = [];
  for (let i = 0; i < defenseInputs.length; i++) {
    const f = defenseFigure(defenseInputs[i]!, before.defender.penaltyDice, rules);
    const def: ActiveDefense = { skill: f.skill, mode: f.mode, roll: f.roll, total: f.total };
    defenses.push({ skill: f.skill, mode: f.mode, roll: f.roll, total: f.total, covers: coversAttack(def, mode, rules), rolled: f.rolled });
    inForce.push(def);
    if (f.rolled?.reading.complication) complications.push(`defenses[${i}]`);
  }

  // D27/D28: reach, range, hidden targets.
  const reach = reachBands(mode, weapon.lengthMetres ?? 0, rules);
  const r = input.range;
  if (!r && mode === "ranged") throw new D6Error("rangeMissing");
  const metres = r && "metres" in r ? r.metres : null;
  const band = !r ? "pointBlank" : "band" in r ? r.band : rangeBandAt(r.metres, weapon.ranges ?? null, rules);
  const cover = input.cover ?? "none";
  const out: Mutable<D6Resolution> = {
    round, mode, refused: null, reach, band, metres, defenses, difficulty: null, attack: null, aimDice: 0, hit: null, margin: null,
    bladeRule: null, spared: false, struck: "none", damage: null, resistance: null, excess: null, woundTaken: null, pending: null,
    before, after: before, woundsAfter: { attacker: attackerWounds, defender: defenderWounds }, becameUnableToAct: null, complications,
  };
  if (band === "beyond") out.refused = "beyondRange";
  else if (!reach.includes(band)) out.refused = "outOfReach";
  else if (cover === "full") out.refused = "hidden";
  if (out.refused || band === "beyond") return out;

  // D26: difficulty = base + range + cover + modifiers, floor last.
  const base = baseDifficulty(inForce, mode, rules);
  const range = rangeModifier(band, mode, rules);
  const coverValue = coverModifier(cover, input.coverFaces, rules);
  let beforeFloor = base.value + range + coverValue.value;
  const modifierInputs = input.modifiers ?? NONE;
  const modifiers: { value: number; rolled: boolean; label: string | null }[] = [];
  for (let i = 0; i < modifierInputs.length; i++) {
    const m = modifierInputs[i]!;
    const v = modifierValue(m, `modifiers[${i}]`, rules);
    beforeFloor += v.value;
    modifiers.push({ value: v.value, rolled: v.rolled, label: m.label ?? null });
  }
  const final = applyFloor(beforeFloor, rules);
  out.difficulty = {
    base: base.value,
    defenseIndex: base.defenseIndex,
    source: base.defenseIndex < 0 ? "passive" : inForce[base.defenseIndex]!.skill,
    range,
    cover: { level: cover, value: coverValue.value, rolled: coverValue.rolled },
    modifiers,
    beforeFloor,
    final,
    floorApplied: final !== beforeFloor,
  };

  // D41/D12/D37/D29: the attack roll; D3 refuses it with no die left.
  const { roll: attack, aimDice } = rollAttack(a, before.attacker.penaltyDice, rules);
  if (attack.reading.complication) complications.unshift("attack");
  const hit = attack.total >= final;
  out.attack = attack;
  out.aimDice = aimDice;
  out.hit = hit;
  out.margin = attack.total - final;

  // D30–D33 a hit; D21/D22 an attack that fell short of a blade parry or a bare-hand block.
  let to: D6Side;
  let rule: D6DamageFigure["rule"];
  let strength: number | null = null;
  let code: DieCode;
  let flat = 0;
  let bonus = 0;
  if (hit) {
    ({ strength, code, flat } = hitDamage(a, input.damageModifiers, rules));
    to = "defender";
    rule = "hit";
    bonus = damageBonus(attack.total, final, rules);
  } else {
    const decidingInput = base.defenseIndex < 0 ? null : defenseInputs[base.defenseIndex]!;
    const parryWeapon = decidingInput?.weapon;
    const bladeRule = bladeRuleFor(mode, !!weapon.edged, false, decidingInput?.skill ?? null, !!parryWeapon?.edged);
    if (bladeRule === null) return out;
    out.bladeRule = bladeRule;
    if (bladeRule === "bareHandBlock" && blockSparesBlocker(d.armor, !!d.blockBlades)) {
      out.spared = true;
      return out;
    }
    to = bladeRule === "bladeParry" ? "attacker" : "defender";
    rule = bladeRule;
    code = listedDamageCode(bladeRule === "bladeParry" ? parryWeapon!.damage : weapon.damage);
  }
  out.struck = to;

  // The damage roll, then the struck side's resistance (D34) and wounds (D35–D37).
  const resistCode = resistanceCode(to === "defender" ? d : a, rules);
  if (!input.damageRoll) {
    out.damage = { to, rule, strengthDamage: strength, code, reading: null, flat, bonus, total: null };
    out.pending = "damage";
    return out;
  }
  const reading = readRoll(code, input.damageRoll, "damage", "damage roll", rules);
  const damageTotal = reading.total + flat + bonus;
  out.damage = { to, rule, strengthDamage: strength, code, reading, flat, bonus, total: damageTotal };
  if (!input.resistanceRoll) {
    out.resistance = { code: resistCode, reading: null, total: null };
    out.pending = "resistance";
    return out;
  }
  const resistReading = readRoll(resistCode, input.resistanceRoll, "resistance", "resistance roll", rules);
  const excess = damageTotal - resistReading.total;
  const woundTaken = woundLevelForExcess(excess, rules);
  const stacked = stackWound(to === "defender" ? defenderWounds : attackerWounds, woundTaken, round, rules);
  const status = woundStatus(stacked, round, rules);
  out.resistance = { code: resistCode, reading: resistReading, total: resistReading.total };
  out.excess = excess;
  out.woundTaken = woundTaken;
  if (to === "defender") {
    out.woundsAfter = { attacker: attackerWounds, defender: stacked };
    out.after = { attacker: before.attacker, defender: status };
  } else {
    out.woundsAfter = { attacker: stacked, defender: defenderWounds };
    out.after = { attacker: status, defender: before.defender };
  }
  out.becameUnableToAct = status.unableToAct && !before[to].unableToAct ? to : null;
  return out;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
