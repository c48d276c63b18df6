/**
 * The documented attack outcome JSON (docs/rules-command.md, "OpenD6", version 1) of a D6
 * resolution: every figure a GM checks, codes written as text (`3D+2`).
 */
import { formatDieCode } from "./die-code.js";
import type { D6Refusal, D6Resolution, D6Side } from "./resolve.js";
import type { SkillRoll } from "./skill-roll.js";
import type { AttackMode, CoverLevel, DefenseMode, DefenseSkill, RangeBand, WoundLevel } from "./types.js";
import type { RollReading } from "./wild-die.js";
import type { WoundStatus } from "./wounds.js";

export interface D6RollJson {
  /** The code rolled (after penalties and bonuses). */
  code: string;
  dice: number[];
  wild: number[];
  /** D2: faces a removing complication took away. */
  removed: number[];
  complication: boolean;
  /** Counted faces + pips. */
  total: number;
}

export interface D6SkillRollJson extends D6RollJson {
  /** The skill or attribute before penalties. */
  base: string;
  actionDice: number;
  woundDice: number;
  bonusDice: number;
  flat: number;
  /** The roll's total with flat modifiers (this is what is compared). */
  total: number;
}

export interface D6WoundJson {
  level: WoundLevel;
  untilRound: number | null;
  penaltyDice: number;
  unableToAct: boolean;
  dying: boolean;
  out: boolean;
}

export interface D6OutcomeJson {
  refused: D6Refusal | null;
  round: number;
  mode: AttackMode;
  range: { band: RangeBand | "beyond"; metres: number | null; reach: RangeBand[]; modifier: number | null };
  defenses: { skill: DefenseSkill; mode: DefenseMode; roll: number; total: number; covers: boolean; rolled: D6SkillRollJson | null }[];
  difficulty: {
    base: number;
    source: "passive" | DefenseSkill;
    defenseIndex: number | null;
    range: number;
    cover: { level: CoverLevel; value: number; rolled: boolean };
    modifiers: { value: number; rolled: boolean; label: string | null }[];
    beforeFloor: number;
    final: number;
    floorApplied: boolean;
  } | null;
  attack: (D6SkillRollJson & { aimDice: number }) | null;
  hit: boolean | null;
  margin: number | null;
  bladeRule: "bladeParry" | "bareHandBlock" | null;
  spared: boolean;
  struck: D6Side | "none";
  damage: { to: D6Side; rule: string; strengthDamage: number | null; code: string; roll: D6RollJson | null; flat: number; bonus: number; total: number | null } | null;
  resistance: { code: string; roll: D6RollJson | null; total: number | null } | null;
  excess: number | null;
  woundTaken: WoundLevel | null;
  pending: "damage" | "resistance" | null;
  attackerAfter: D6WoundJson;
  defenderAfter: D6WoundJson;
  becameUnableToAct: D6Side | null;
  complications: string[];
}

export function rollJson(r: RollReading): D6RollJson {
  return { code: formatDieCode(r.code), dice: [...r.dice], wild: [...r.wild], removed: [...r.removed], complication: r.complication, total: r.total };
}

export function skillRollJson(s: SkillRoll): D6SkillRollJson {
  return {
    ...rollJson(s.reading),
    base: formatDieCode(s.plan.base),
    actionDice: s.plan.actionDice,
    woundDice: s.plan.woundDice,
    bonusDice: s.plan.bonusDice,
    flat: s.flat,
    total: s.total,
  };
}

function woundJson(w: WoundStatus): D6WoundJson {
  return { level: w.level, untilRound: w.untilRound, penaltyDice: w.penaltyDice, unableToAct: w.unableToAct, dying: w.dying, out: w.out };
}

export function d6OutcomeJson(res: D6Resolution): D6OutcomeJson {
  const diff = res.difficulty;
  const dmg = res.damage;
  const resist = res.resistance;
  return {
    refused: res.refused,
    round: res.round,
    mode: res.mode,
    range: { band: res.band, metres: res.metres, reach: [...res.reach], modifier: diff ? diff.range : null },
    defenses: res.defenses.map((d) => ({
      skill: d.skill, mode: d.mode, roll: d.roll, total: d.total, covers: d.covers, rolled: d.rolled ? skillRollJson(d.rolled) : null,
    })),
    difficulty: diff && {
      base: diff.base,
      source: diff.source,
      defenseIndex: diff.defenseIndex < 0 ? null : diff.defenseIndex,
      range: diff.range,
      cover: { ...diff.cover },
      modifiers: diff.modifiers.map((m) => ({ ...m })),
      beforeFloor: diff.beforeFloor,
      final: diff.final,
      floorApplied: diff.floorApplied,
    },
    attack: res.attack && { ...skillRollJson(res.attack), aimDice: res.aimDice },
    hit: res.hit,
    margin: res.margin,
    bladeRule: res.bladeRule,
    spared: res.spared,
    struck: res.struck,
    damage: dmg && {
      to: dmg.to,
      rule: dmg.rule,
      strengthDamage: dmg.strengthDamage,
      code: formatDieCode(dmg.code),
      roll: dmg.reading && rollJson(dmg.reading),
      flat: dmg.flat,
      bonus: dmg.bonus,
      total: dmg.total,
    },
    resistance: resist && { code: formatDieCode(resist.code), roll: resist.reading && rollJson(resist.reading), total: resist.total },
    excess: res.excess,
    woundTaken: res.woundTaken,
    pending: res.pending,
    attackerAfter: woundJson(res.after.attacker),
    defenderAfter: woundJson(res.after.defender),
    becameUnableToAct: res.becameUnableToAct,
    complications: [...res.complications],
  };
}
