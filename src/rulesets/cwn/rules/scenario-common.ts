/**
 * What the CWN scenario readers share (docs/rulesets/cwn.md, "Scenario"):
 * the field reader with CWN's own error and words, the world options, the
 * version and ruleset checks, and the bounds of every number (sanity
 * limits of the input, not rules).
 */
import { english } from "../../../core/messages.js";
import { echoString, echoValue } from "../../../core/echo.js";
import { FieldReader, type Json } from "../../../core/scenario-fields.js";
import { type DiceExpr, MAX_DICE_TEXT, parseDice, sumFaces } from "./dice.js";
import { CwnError } from "./errors.js";
import { CWN_STANDARD_RULES, type CwnRules, makeCwnRules } from "./options.js";

export const CWN_SCENARIO_VERSION = 1;
/** Longest scenario text read (the CLI reads at most 1 MiB of bytes before this). */
export const MAX_SCENARIO_CHARS = 65_536;

export const LIMITS = Object.freeze({
  name: 60,
  attribute: 5,
  skill: 10,
  hitBonus: 30,
  modifier: 50,
  modifiers: 16,
  ac: 40,
  hp: 9999,
  soak: 999,
  traumaRating: 10,
  traumaTarget: 40,
  shock: 50,
  metres: 10_000,
  screeners: 8,
  participants: 99,
  sides: 16,
  members: 64,
  steps: 500,
  answers: 16,
  morale: 12,
});

export const say = (key: string, params: Record<string, unknown> = {}) => english(`CYCHOSYS.Cwn.Scenario.${key}`, params);

/** The CWN field reader: problems are CwnError("scenarioField"). */
export class CwnFieldReader extends FieldReader {
  constructor(readonly rules: Readonly<CwnRules> = CWN_STANDARD_RULES) {
    super((field, problem) => {
      throw new CwnError("scenarioField", { field, problem });
    }, say);
  }

  name(value: unknown, field: string): string {
    return this.text(value, field, LIMITS.name);
  }

  dice(value: unknown, field: string): DiceExpr {
    if (typeof value !== "string") this.fail(field, say("dice", { value: echoValue(value) }));
    if (value.length > MAX_DICE_TEXT) this.fail(field, say("textTooLong", { max: MAX_DICE_TEXT, length: value.length }));
    return this.at(field, () => parseDice(value));
  }

  /** Faces of `count` dice of `faces` sides. */
  faces(value: unknown, field: string, count: number, faces: number, what: string): number[] {
    const list = this.list(value, field, count, count).map((f, i) => this.integer(f, `${field}[${i}]`, 1, faces));
    this.at(field, () => sumFaces(list, count, faces, what));
    return list;
  }

  /** A list of `{ label, value }` modifiers. */
  modifiers(value: unknown, field: string): { label: string; value: number }[] {
    return this.list(value, field, LIMITS.modifiers).map((m, i) => {
      const where = `${field}[${i}]`;
      const o = this.object(m, where, ["label", "value"], ["label", "value"]);
      return { label: this.name(o.label, `${where}.label`), value: this.integer(o.value, `${where}.value`, -LIMITS.modifier, LIMITS.modifier) };
    });
  }

  id(value: unknown, field: string): string {
    const id = this.name(value, field);
    if (id.trim() === "") this.fail(field, say("blankId"));
    return id;
  }
}

/** The root's common fields: ruleset, version, kind, options; returns the rules the scenario runs under. */
export function readRoot(r: CwnFieldReader, root: Json, kind: "attack" | "combat"): CwnRules {
  if (r.has(root, "ruleset") && root.ruleset !== "cwn") r.fail("ruleset", say("ruleset", { value: echoValue(root.ruleset) }));
  if (r.has(root, "version") && root.version !== CWN_SCENARIO_VERSION) {
    throw new CwnError("scenarioVersion", { value: echoValue(root.version), version: CWN_SCENARIO_VERSION });
  }
  if (r.has(root, "kind") && root.kind !== kind) r.fail("kind", say("oneOf", { allowed: "attack, combat", value: echoValue(root.kind) }));
  if (!r.has(root, "options")) return makeCwnRules({}, r.rules);
  const o = r.object(root.options, "options", ["freeAttackNeedsWeapon", "fistsHinderRangedAttacks", "soakRefillsAfterFight", "meleeRangeMetres", "defaultMorale"]);
  const parts: Partial<CwnRules> = {};
  for (const key of ["freeAttackNeedsWeapon", "fistsHinderRangedAttacks", "soakRefillsAfterFight"] as const) {
    if (r.has(o, key)) parts[key] = r.boolean(o[key], `options.${key}`);
  }
  if (r.has(o, "meleeRangeMetres")) parts.meleeRangeMetres = r.number(o.meleeRangeMetres, "options.meleeRangeMetres", 0.5, 100);
  if (r.has(o, "defaultMorale")) parts.defaultMorale = r.integer(o.defaultMorale, "options.defaultMorale", 2, LIMITS.morale);
  return makeCwnRules(parts, r.rules);
}

/** Unique ids: the second use of one is an error naming it. */
export function requireUnique(r: CwnFieldReader, ids: readonly { id: string; field: string }[]): void {
  const seen = new Set<string>();
  for (const { id, field } of ids) {
    if (seen.has(id)) r.fail(field, say("duplicateId", { id: echoString(id) }));
    seen.add(id);
  }
}
