/**
 * The headless D6 attack scenario format, version 1 (docs/rules-command.md, "OpenD6"): JSON in,
 * checked field by field, out as a D6AttackInput with the rules it runs
 * under. Strict: unknown fields are errors, numbers are bounded, and every
 * problem is one short D6Error("scenarioField") naming the field path. A
 * scenario that reads is also resolved once here, so a wrong number of
 * damage or resistance dice is named as a field too.
 */
import { readJson, SCENARIO_JSON_LIMITS } from "../../../core/json.js";
import { MAX_DECLARED_ACTIONS } from "./actions.js";
import type { BladeWeapon } from "./damage.js";
import { defenseActionDice } from "./defense.js";
import { type DieCode, MAX_CODE_DICE } from "./die-code.js";
import { checkRanges, coverModifier, type DifficultyModifier, modifierValue, type RangeInput, rangeBandAt } from "./difficulty.js";
import { D6Error } from "./errors.js";
import { english } from "../../../core/messages.js";
import { d6Refusal, d6RefusalOf } from "./refusal.js";
import { D6_STANDARD_RULES, type D6Rules, makeD6Rules } from "./options.js";
import {
  type D6AttackerInput, type D6AttackInput, type D6DefenderInput, type D6DefenseInput, type D6Resolution, type D6Weapon, type DamageModifier,
  defenseFigure, resolveD6Attack, rollAttack,
} from "./resolve.js";
import { type Json, join, say, ScenarioReader } from "./scenario-reader.js";
import { preview, printable } from "./text.js";
import { ATTACK_MODES, COVER_LEVELS, type CoverLevel, DEFENSE_MODES, DEFENSE_SKILLS, RANGE_BANDS, WOUND_LEVELS } from "./types.js";
import { MAX_CHAIN, type RollFaces } from "./wild-die.js";
import { type Protection, UNHURT, type WoundState, woundStatus } from "./wounds.js";

export const D6_SCENARIO_VERSION = 1;
/** The kinds of scenario: one attack (the default), one round's initiative, a defender's rounds. */
export const D6_SCENARIO_KINDS = ["attack", "initiative", "defense"] as const;
export type D6ScenarioKind = (typeof D6_SCENARIO_KINDS)[number];
/** Longest scenario text read; a real scenario is a few hundred characters. */
export const MAX_SCENARIO_CHARS = 65_536;
const MAX_ROUND = 9999;
const MAX_TOTAL = 999;
const MAX_FLAT = 99;
const MAX_METRES = 1_000_000;
const MAX_NAME = 60;
const MAX_DEFENSES = 8;
const MAX_MODIFIERS = 16;
const MAX_ABILITIES = 8;
/** Most Character Points one initiative roll may name (D9): a bound of the input. */
export const MAX_CHARACTER_POINTS = 20;

/** A read scenario: the attack, the rules it runs under (the world's, with the scenario's options), and names for explain. */
export interface D6Scenario {
  input: D6AttackInput;
  rules: D6Rules;
  names: { attacker?: string; defender?: string };
}

const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** The reader with the D6 scenario's own parts (names, rolls, wounds, weapons, defenses, modifiers); the other scenario kinds use it too. */
export class D6ScenarioReader extends ScenarioReader {
  name(value: unknown, field: string): string {
    const text = this.text(value, field, MAX_NAME);
    if (CONTROL.test(text)) this.fail(field, say("controlCharacters"));
    return text;
  }

  roll(value: unknown, field: string): RollFaces {
    const o = this.object(value, field, ["dice", "wild"]);
    return {
      dice: this.has(o, "dice") ? this.faces(o.dice, join(field, "dice"), MAX_CODE_DICE) : [],
      wild: this.has(o, "wild") ? this.faces(o.wild, join(field, "wild"), MAX_CHAIN) : [],
    };
  }

  codes(value: unknown, field: string) {
    return this.list(value, field, MAX_ABILITIES).map((v, i) => this.dieCode(v, `${field}[${i}]`));
  }

  wounds(value: unknown, field: string): WoundState {
    const o = this.object(value, field, ["level", "untilRound"], ["level"]);
    const level = this.oneOf(o.level, join(field, "level"), WOUND_LEVELS);
    const clears = level !== "none" && this.rules.woundEffects[level].clearsAfterRounds !== null;
    const until = o.untilRound ?? null;
    if (clears && until === null) this.fail(join(field, "untilRound"), say("untilRequired", { level }));
    if (!clears && until !== null) this.fail(join(field, "untilRound"), say("untilNotUsed", { level }));
    return { level, untilRound: until === null ? null : this.integer(until, join(field, "untilRound"), 0, MAX_ROUND) };
  }

  weapon(value: unknown, field: string): D6Weapon {
    const o = this.object(value, field, ["mode", "damage", "edged", "lengthMetres", "ranges"], ["mode", "damage"]);
    const w: D6Weapon = { mode: this.oneOf(o.mode, join(field, "mode"), ATTACK_MODES), damage: this.weaponDamage(o.damage, join(field, "damage")) };
    if (this.has(o, "edged")) w.edged = this.boolean(o.edged, join(field, "edged"));
    if (this.has(o, "lengthMetres")) w.lengthMetres = this.number(o.lengthMetres, join(field, "lengthMetres"), 0, 100);
    if (this.has(o, "ranges")) {
      const where = join(field, "ranges");
      const r = this.object(o.ranges, where, ["short", "medium", "long"], ["short", "medium", "long"]);
      const ranges = {
        short: this.number(r.short, join(where, "short"), 0, MAX_METRES),
        medium: this.number(r.medium, join(where, "medium"), 0, MAX_METRES),
        long: this.number(r.long, join(where, "long"), 0, MAX_METRES),
      };
      w.ranges = this.at(where, () => checkRanges(ranges, this.rules));
    }
    return w;
  }

  blade(value: unknown, field: string): BladeWeapon {
    const o = this.object(value, field, ["damage", "edged"], ["damage"]);
    return { damage: this.weaponDamage(o.damage, join(field, "damage")), edged: this.has(o, "edged") ? this.boolean(o.edged, join(field, "edged")) : false };
  }

  defense(value: unknown, field: string, woundDice: number): D6DefenseInput {
    const o = this.object(value, field, ["skill", "mode", "total", "code", "actions", "freeActions", "roll", "flat", "weapon"], ["skill", "mode"]);
    const skill = this.oneOf(o.skill, join(field, "skill"), DEFENSE_SKILLS);
    const mode = this.oneOf(o.mode, join(field, "mode"), DEFENSE_MODES);
    let weapon: BladeWeapon | undefined;
    if (this.has(o, "weapon")) {
      if (skill !== "parry") this.fail(join(field, "weapon"), say("onlyParry"));
      weapon = this.blade(o.weapon, join(field, "weapon"));
    }
    if (this.has(o, "total")) {
      for (const key of ["code", "actions", "freeActions", "roll", "flat"]) if (this.has(o, key)) this.fail(join(field, key), say("onlyRolled"));
      const total = this.integer(o.total, join(field, "total"), 0, MAX_TOTAL);
      return weapon ? { skill, mode, total, weapon } : { skill, mode, total };
    }
    if (!this.has(o, "code") || !this.has(o, "roll")) this.fail(join(field, this.has(o, "code") ? "roll" : "code"), say("defenseRolledOrTotal"));
    const declared = this.has(o, "actions") ? this.integer(o.actions, join(field, "actions"), 1, MAX_DECLARED_ACTIONS) : null;
    const d: Extract<D6DefenseInput, { code: DieCode }> = { skill, mode, code: this.dieCode(o.code, join(field, "code")), declared, faces: this.roll(o.roll, join(field, "roll")) };
    if (this.has(o, "freeActions")) d.freeActions = this.integer(o.freeActions, join(field, "freeActions"), 0, MAX_DECLARED_ACTIONS);
    if (this.has(o, "flat")) d.flat = this.integer(o.flat, join(field, "flat"), -MAX_FLAT, MAX_FLAT);
    if (weapon) d.weapon = weapon;
    this.at(join(field, "actions"), () => defenseActionDice(mode, declared, d.freeActions ?? this.rules.defaultFreeActions, this.rules));
    this.at(join(field, "roll"), () => defenseFigure(d, woundDice, this.rules));
    return d;
  }

  range(value: unknown, weapon: D6Weapon): RangeInput {
    const o = this.object(value, "range", ["band", "metres"]);
    if (this.has(o, "band") === this.has(o, "metres")) this.fail("range", say("bandOrMetres"));
    if (this.has(o, "band")) return { band: this.oneOf(o.band, "range.band", RANGE_BANDS) };
    const metres = this.number(o.metres, "range.metres", 0, MAX_METRES);
    this.at("range.metres", () => rangeBandAt(metres, weapon.ranges ?? null, this.rules));
    return { metres };
  }

  modifier(value: unknown, field: string): DifficultyModifier;
  modifier(value: unknown, field: string, damage: true): DamageModifier;
  modifier(value: unknown, field: string, damage?: true): DifficultyModifier | DamageModifier {
    const o = this.object(value, field, damage ? ["value", "code"] : ["value", "code", "dice", "label"]);
    if (this.has(o, "value") === this.has(o, "code")) this.fail(field, say("valueOrCode"));
    const label = this.has(o, "label") ? { label: this.name(o.label, join(field, "label")) } : {};
    if (this.has(o, "value")) {
      if (this.has(o, "dice")) this.fail(join(field, "dice"), say("diceOnlyForCode"));
      return { value: this.integer(o.value, join(field, "value"), -MAX_TOTAL, MAX_TOTAL), ...label };
    }
    const code = this.dieModifier(o.code, join(field, "code"));
    if (damage) return { code };
    const m: DifficultyModifier = this.has(o, "dice") ? { code, faces: this.faces(o.dice, join(field, "dice"), MAX_CODE_DICE), ...label } : { code, ...label };
    this.at(this.has(o, "dice") ? join(field, "dice") : field, () => modifierValue(m, field, this.rules));
    return m;
  }
}

/** The scenario's `options`: world settings for this scenario only. */
export function readOptions(r: ScenarioReader, value: unknown, rules: Readonly<D6Rules>): D6Rules {
  const o = r.object(value, "options", ["complicationMode", "rollDifficultyModifiers", "rangeModifierOnMelee", "resistWithStrength", "maxCharacterPointsOnInitiative"]);
  const parts: Partial<D6Rules> = {};
  if (r.has(o, "complicationMode")) parts.complicationMode = r.oneOf(o.complicationMode, "options.complicationMode", ["flag", "remove"] as const);
  for (const key of ["rollDifficultyModifiers", "rangeModifierOnMelee", "resistWithStrength"] as const) {
    if (r.has(o, key)) parts[key] = r.boolean(o[key], `options.${key}`);
  }
  // D9: the world's most Character Points on one initiative roll; null for no limit.
  if (Object.hasOwn(o, "maxCharacterPointsOnInitiative")) {
    const max = o.maxCharacterPointsOnInitiative;
    parts.maxCharacterPointsOnInitiative = max === null ? null : r.integer(max, "options.maxCharacterPointsOnInitiative", 0, MAX_CHARACTER_POINTS);
  }
  return makeD6Rules(parts, rules);
}

const PROTECTION = ["strength", "armor", "abilities"];

function readProtection(r: D6ScenarioReader, o: Json, field: string): Protection {
  const p: Protection = {
    strength: r.dieCode(o.strength, join(field, "strength")),
  };
  if (r.has(o, "armor")) p.armor = r.dieCode(o.armor, join(field, "armor"));
  if (r.has(o, "abilities")) p.abilities = r.codes(o.abilities, join(field, "abilities"));
  return p;
}

/** Check a parsed JSON scenario and turn it into a D6Scenario. */
export function readD6Scenario(value: unknown, worldRules: Readonly<D6Rules> = D6_STANDARD_RULES): D6Scenario {
  const base = new ScenarioReader(worldRules);
  const root = base.object(
    value,
    "scenario",
    ["ruleset", "version", "kind", "options", "round", "attacker", "defender", "range", "cover", "modifiers", "damage", "resistance"],
    ["attacker", "defender"],
  );
  if (base.has(root, "kind") && root.kind !== "attack") base.fail("kind", say("oneOf", { allowed: D6_SCENARIO_KINDS.join(", "), value: preview(root.kind) }));
  if (base.has(root, "ruleset") && root.ruleset !== "d6") base.fail("ruleset", say("ruleset", { value: preview(root.ruleset) }));
  if (base.has(root, "version") && root.version !== D6_SCENARIO_VERSION) {
    throw new D6Error("scenarioVersion", { value: printable(JSON.stringify(root.version) ?? "", 20), version: D6_SCENARIO_VERSION });
  }
  const rules = base.has(root, "options") ? readOptions(base, root.options, worldRules) : makeD6Rules({}, worldRules);
  const r = new D6ScenarioReader(rules);
  const round = base.has(root, "round") ? r.integer(root.round, "round", 1, MAX_ROUND) : 1;
  const names: D6Scenario["names"] = {};

  // The attacker.
  const a = r.object(root.attacker, "attacker", ["name", "skill", "actions", "freeActions", "wounds", "aimRounds", "roll", "flat", "weapon", "strengthAdjustments", ...PROTECTION], [
    "skill", "roll", "weapon", "strength",
  ]);
  if (r.has(a, "name")) names.attacker = r.name(a.name, "attacker.name");
  const weapon = r.weapon(a.weapon, "attacker.weapon");
  const attacker: D6AttackerInput = { ...readProtection(r, a, "attacker"), skill: r.dieCode(a.skill, "attacker.skill"), roll: r.roll(a.roll, "attacker.roll"), weapon };
  if (r.has(a, "actions")) attacker.declared = r.integer(a.actions, "attacker.actions", 1, MAX_DECLARED_ACTIONS);
  if (r.has(a, "freeActions")) attacker.freeActions = r.integer(a.freeActions, "attacker.freeActions", 0, MAX_DECLARED_ACTIONS);
  if (r.has(a, "flat")) attacker.flat = r.integer(a.flat, "attacker.flat", -MAX_FLAT, MAX_FLAT);
  if (r.has(a, "strengthAdjustments")) {
    attacker.strengthAdjustments = r.list(a.strengthAdjustments, "attacker.strengthAdjustments", MAX_ABILITIES).map((m, i) => r.dieModifier(m, `attacker.strengthAdjustments[${i}]`));
  }
  if (r.has(a, "wounds")) attacker.wounds = r.wounds(a.wounds, "attacker.wounds");
  const attackerStatus = woundStatus(attacker.wounds ?? UNHURT, round, rules);
  // D10, D37: a well-formed attack the rules forbid: the refusal is the outcome.
  if (attackerStatus.unableToAct) throw d6Refusal("D10", "attackerUnable", { name: names.attacker ?? english("CYCHOSYS.D6.Refusal.theAttacker"), level: english(`CYCHOSYS.D6.Wound.${attackerStatus.level}`) });
  if (r.has(a, "aimRounds")) {
    attacker.aimRounds = r.integer(a.aimRounds, "attacker.aimRounds", 0, 99);
    if (attacker.aimRounds > 0 && !rules.aimableModes.includes(weapon.mode)) throw d6RefusalOf(new D6Error("aimNotAllowed", { mode: weapon.mode }))!;
  }
  r.at("attacker.roll", () => rollAttack(attacker, attackerStatus.penaltyDice, rules));

  // The defender.
  const d = r.object(root.defender, "defender", ["name", "wounds", "unableToAct", "blockBlades", "defenses", ...PROTECTION], ["strength"]);
  if (r.has(d, "name")) names.defender = r.name(d.name, "defender.name");
  const defender: D6DefenderInput = readProtection(r, d, "defender");
  if (r.has(d, "wounds")) defender.wounds = r.wounds(d.wounds, "defender.wounds");
  if (r.has(d, "unableToAct")) defender.unableToAct = r.boolean(d.unableToAct, "defender.unableToAct");
  if (r.has(d, "blockBlades")) defender.blockBlades = r.boolean(d.blockBlades, "defender.blockBlades");
  if (r.has(d, "defenses")) {
    const list = r.list(d.defenses, "defender.defenses", MAX_DEFENSES);
    const status = woundStatus(defender.wounds ?? UNHURT, round, rules);
    if (list.length && (status.unableToAct || defender.unableToAct)) throw d6RefusalOf(new D6Error("defenseWhileUnable"))!;
    defender.defenses = list.map((x, i) => r.defense(x, `defender.defenses[${i}]`, status.penaltyDice));
  }

  const input: D6AttackInput = { round, attacker, defender };
  if (base.has(root, "range")) input.range = r.range(root.range, weapon);
  else if (weapon.mode === "ranged") r.fail("range", say("rangeForRanged"));
  if (base.has(root, "cover")) {
    const c = root.cover;
    const o = typeof c === "string" ? { level: c } : r.object(c, "cover", ["level", "dice"], ["level"]);
    const level: CoverLevel = r.oneOf(o.level, typeof c === "string" ? "cover" : "cover.level", COVER_LEVELS);
    input.cover = level;
    if (r.has(o, "dice")) input.coverFaces = r.faces(o.dice, "cover.dice", MAX_CODE_DICE);
    r.at(r.has(o, "dice") ? "cover.dice" : "cover", () => coverModifier(level, input.coverFaces, rules));
  }
  if (base.has(root, "modifiers")) input.modifiers = r.list(root.modifiers, "modifiers", MAX_MODIFIERS).map((m, i) => r.modifier(m, `modifiers[${i}]`));
  if (base.has(root, "damage")) {
    const o = r.object(root.damage, "damage", ["modifiers", "roll"]);
    if (r.has(o, "modifiers")) input.damageModifiers = r.list(o.modifiers, "damage.modifiers", MAX_MODIFIERS).map((m, i) => r.modifier(m, `damage.modifiers[${i}]`, true));
    if (r.has(o, "roll")) input.damageRoll = r.roll(o.roll, "damage.roll");
  }
  if (base.has(root, "resistance")) {
    const o = r.object(root.resistance, "resistance", ["roll"]);
    if (r.has(o, "roll")) input.resistanceRoll = r.roll(o.roll, "resistance.roll");
  }

  // The damage and resistance dice depend on who is struck: resolve once to name them as fields.
  try {
    resolveD6Attack(input, rules);
  } catch (error) {
    const refusal = d6RefusalOf(error);
    if (refusal) throw refusal;
    if (error instanceof D6Error && error.params.what === "damage roll") r.fail("damage.roll", error.message);
    if (error instanceof D6Error && error.params.what === "resistance roll") r.fail("resistance.roll", error.message);
    if (error instanceof D6Error) r.fail("scenario", error.message);
    throw error;
  }
  return { input, rules, names };
}

/** Scenario text (JSON) as parsed values. Oversized text and bad JSON fail before anything else. */
export function readD6Json(text: string): unknown {
  if (typeof text !== "string") throw new D6Error("scenarioJson", { problem: typeof text });
  if (text.length > MAX_SCENARIO_CHARS) throw new D6Error("scenarioTooLarge", { length: text.length, max: MAX_SCENARIO_CHARS });
  // The same strict JSON reader as the Cychosys scenario: a BOM at the start only, no duplicate keys,
  // bounded depth, strings and numbers, positions in characters; its errors are one short line.
  let value: unknown;
  try {
    value = readJson(text, SCENARIO_JSON_LIMITS);
  } catch (error) {
    // The reader's own one-line message (syntax, BOM, limits), already cut and escaped.
    throw new D6Error("scenarioText", { message: error instanceof Error ? error.message : String(error) });
  }
  return value;
}

/** Parse an attack scenario's text (JSON) and read it. */
export function parseD6Scenario(text: string, worldRules: Readonly<D6Rules> = D6_STANDARD_RULES): D6Scenario {
  return readD6Scenario(readD6Json(text), worldRules);
}

/** Resolve a read scenario under its rules. */
export function resolveD6Scenario(scenario: D6Scenario): D6Resolution {
  return resolveD6Attack(scenario.input, scenario.rules);
}
