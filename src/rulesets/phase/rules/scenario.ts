/**
 * The headless attack scenario, version 1 (docs/rulesets/phase.md): JSON in,
 * checked field by field, out as an AttackInput with the rules it runs under.
 * Strict: unknown fields are errors, numbers are bounded, and each problem is
 * one PhaseError("scenarioField") naming the field path. A scenario that
 * reads is resolved once here, so a wrong number of dice is named as a field.
 */
import { readJson, SCENARIO_JSON_LIMITS } from "../../../core/json.js";
import { echoValue } from "../../../core/echo.js";
import { type AttackInput, type AttackResolution, attackSpec, resolveAttack } from "./attack.js";
import { MAX_PHASE } from "./clock.js";
import { PhaseError } from "./errors.js";
import { PHASE_STANDARD_RULES, type PhaseRules } from "./options.js";
import { at, PhaseFieldReader, type Json, say } from "./reader.js";
import { BODY_FIELDS, MAX_NAME, MAX_STAT, MAX_TN_MODIFIER, readBody, readOptions, readWeapon } from "./scenario-parts.js";
import { PhaseRefusal } from "./refusal.js";
import { roundsNeeded, weaponFits } from "./slots.js";
import { actionLabel, weaponNeedsLabel } from "./words.js";
import type { AttackDice } from "./attack.js";

export const PHASE_SCENARIO_VERSION = 1;
/** Longest scenario text read; a real scenario is a few hundred characters. */
export const MAX_SCENARIO_CHARS = 65_536;
const MAX_CHECKS = 9;
const MAX_HITS = 99;

export interface PhaseAttackScenario {
  input: AttackInput;
  rules: PhaseRules;
  names: { attacker?: string; target?: string; weapon?: string };
}

/** The dice of an attack (P4, P20, P28): checks, chart rolls and damage faces, in the order they are used. */
export function readDice(r: PhaseFieldReader, value: unknown, field: string, rules: Readonly<PhaseRules>): AttackDice {
  const o = r.object(value, field, ["checks", "locations", "damage"]);
  const die = Math.max(1, ...Object.values(rules.locationCharts).map((c) => c.die));
  return {
    checks: r.has(o, "checks") ? r.faces(o.checks, at(field, "checks"), MAX_CHECKS, rules.checkDie) : [],
    locations: r.has(o, "locations") ? r.faces(o.locations, at(field, "locations"), MAX_HITS, die) : [],
    damage: r.has(o, "damage") ? r.list(o.damage, at(field, "damage"), MAX_HITS).map((d, i) => r.faces(d, at(at(field, "damage"), i), 20, 100)) : [],
  };
}

/** The check's version and ruleset fields, common to both scenarios. */
export function readHeader(r: PhaseFieldReader, root: Json): void {
  if (r.has(root, "ruleset") && root.ruleset !== "phase") r.fail("ruleset", say("ruleset", { value: echoValue(root.ruleset) }));
  if (r.has(root, "version") && root.version !== PHASE_SCENARIO_VERSION) r.fail("version", say("version", { value: echoValue(root.version), version: PHASE_SCENARIO_VERSION }));
}

/** Check a parsed attack scenario and turn it into an AttackInput. */
export function readPhaseAttack(value: unknown, worldRules: Readonly<PhaseRules> = PHASE_STANDARD_RULES): PhaseAttackScenario {
  const r = new PhaseFieldReader();
  const root = r.object(
    value,
    "scenario",
    ["ruleset", "version", "options", "phase", "action", "attacker", "weapon", "targeting", "aim", "called", "range", "cover", "other", "target", "dice"],
    ["action", "attacker", "weapon", "target"],
  );
  readHeader(r, root);
  const rules = r.has(root, "options") ? readOptions(r, root.options, worldRules) : { ...worldRules };
  const names: PhaseAttackScenario["names"] = {};
  const action = r.text(root.action, "action", 40);
  const spec = r.at("action", () => attackSpec(action, rules));

  const a = r.object(root.attacker, "attacker", ["name", "attribute", "skill", "traumaticWounds"], ["attribute", "skill"]);
  if (r.has(a, "name")) names.attacker = r.text(a.name, "attacker.name", MAX_NAME);
  const attacker = {
    attribute: r.integer(a.attribute, "attacker.attribute", -MAX_STAT, MAX_STAT),
    skill: r.integer(a.skill, "attacker.skill", -MAX_STAT, MAX_STAT),
    traumaticWounds: r.has(a, "traumaticWounds") ? r.integer(a.traumaticWounds, "attacker.traumaticWounds", 0, MAX_STAT) : 0,
  };

  const weapon = readWeapon(r, root.weapon, "weapon", rules, false);
  if (weapon.name !== "weapon") names.weapon = weapon.name;
  // A rule refusing the attack (the weapon cannot make it, P12/P15/P22/P25; not the rounds, P39) is an outcome,
  // answered once the whole scenario has read: a malformed field elsewhere is still the scenario's problem.
  const need = roundsNeeded(spec, weapon);
  const refusal =
    !weaponFits(spec, weapon) ? PhaseRefusal.of(new PhaseError("weaponKind", { weapon: weapon.name, action: actionLabel(action), requires: spec.requires, needs: weaponNeedsLabel(spec.requires) }), "weapon")
    : weapon.ammo < need ? PhaseRefusal.of(new PhaseError("noAmmo", { weapon: weapon.name, need, left: weapon.ammo }), "weapon.ammo")
    : null;

  const t = r.object(root.target, "target", ["name", "defending", "coverAreas", ...BODY_FIELDS]);
  if (r.has(t, "name")) names.target = r.text(t.name, "target.name", MAX_NAME);
  const body = readBody(r, t, "target", rules);
  const coverAreas = r.has(t, "coverAreas") ? r.areas(t.coverAreas, "target.coverAreas") : [];

  const targeting = r.has(root, "targeting") ? r.boolean(root.targeting, "targeting") : true;
  if (spec.kind === "melee" && r.has(root, "targeting")) r.fail("targeting", say("meleeTargeting"));
  const aim = r.has(root, "aim") ? r.integer(root.aim, "aim", 0, rules.aimMax) : 0;
  if (spec.kind === "melee" && aim > 0) r.fail("aim", say("meleeAim"));
  const mod = (key: string) => (r.has(root, key) ? r.integer(root[key], key, -MAX_TN_MODIFIER, MAX_TN_MODIFIER) : 0);
  const input: AttackInput = {
    phase: r.has(root, "phase") ? r.integer(root.phase, "phase", 1, MAX_PHASE) : 1,
    action,
    attacker,
    weapon,
    targeting,
    aim,
    called: r.has(root, "called") && root.called !== null ? r.area(root.called, "called") : null,
    range: mod("range"),
    cover: mod("cover"),
    other: mod("other"),
    defending: r.has(t, "defending") ? r.boolean(t.defending, "target.defending") : false,
    target: { chart: body.chart, obstacles: { cover: coverAreas, missing: body.missing }, armor: body.armor, thresholds: body.thresholds, wounds: body.wounds },
    dice: r.has(root, "dice") ? readDice(r, root.dice, "dice", rules) : { checks: [], locations: [], damage: [] },
  };
  if (refusal) throw refusal;
  // Resolve once: the rules core names dice that do not fit (their count, their faces) as a field.
  try {
    resolveAttack(input, rules);
  } catch (error) {
    if (error instanceof PhaseError && error.code !== "scenarioField") r.fail("dice", error.message);
    throw error;
  }
  return { input, rules, names };
}

/** Parse scenario text (JSON). Oversized text and bad JSON fail before anything else. */
export function parseJsonScenario(text: string): unknown {
  if (typeof text !== "string") throw new PhaseError("scenarioText", { message: typeof text });
  if (text.length > MAX_SCENARIO_CHARS) throw new PhaseError("scenarioTooLarge", { length: text.length, max: MAX_SCENARIO_CHARS });
  try {
    return readJson(text, SCENARIO_JSON_LIMITS);
  } catch (error) {
    throw new PhaseError("scenarioText", { message: error instanceof Error ? error.message : String(error) });
  }
}

export function parsePhaseAttack(text: string, worldRules: Readonly<PhaseRules> = PHASE_STANDARD_RULES): PhaseAttackScenario {
  return readPhaseAttack(parseJsonScenario(text), worldRules);
}

export function resolvePhaseAttack(scenario: PhaseAttackScenario): AttackResolution {
  return resolveAttack(scenario.input, scenario.rules);
}
