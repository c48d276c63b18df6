/**
 * The scenario format (version 1) of the `rules` command: plain JSON in,
 * checked field by field, out as an AttackInput. Every problem is a
 * RulesError("scenarioField") naming the field, e.g.
 * `defender.outfit[1].shield: Unknown effect letter "Q" at position 2 in "BQ1".`
 *
 * Hostile text fails fast: the text is at most MAX_SCENARIO_BYTES, the JSON
 * reader (json.ts) caps nesting, strings and numbers and says where a problem
 * is, the lists below have caps, text fields hold no control, bidi or
 * invisible characters, and every value a message echoes is cut and escaped
 * (echo.ts). The limits are documented in docs/rules-command.md.
 */
import type { Defense } from "./contest.js";
import { isDefenseForm } from "./contest.js";
import { RulesError } from "./errors.js";
import { InputError } from "../../../core/errors.js";
import type { ParryObject } from "./injury.js";
import { type Bundle, MAX_EFFECTS, parseBundle, parseLetters } from "./notation.js";
import { type Rules, STANDARD_RULES } from "./options.js";
import { characterCount, characterPosition, echoChar, echoText, echoValue, findUnsafe } from "../../../core/echo.js";
import { readJson, SCENARIO_JSON_LIMITS } from "../../../core/json.js";
import { english } from "../../../core/messages.js";
import { ALL_LOCATIONS, isLayer, isLocation, type Layer, LAYERS, letterAt, normalizeCovers, type OutfitPiece } from "./outfit.js";
import type { AttackInput, Combatant } from "./resolve.js";
import type { StrikeChoices } from "./strike.js";
import { FACETS, type FacetValues, isFacet, MAX_HITS, type Pools } from "./types.js";

export const SCENARIO_VERSION = 1;
const MAX_TOTAL = 999;

/** Largest scenario text read: 1 MiB of UTF-8. */
export const MAX_SCENARIO_BYTES = 1024 * 1024;
/** Most outfit pieces one side wears. */
export const MAX_OUTFIT_PIECES = 64;
/** Most trademark soak steps one side adds (R31). */
export const MAX_EXTRA_SOAK_STEPS = 20;
/** Most soak steps at any one location: the base step, one per V there (R34) and the trademark steps (R31). */
export const MAX_SOAK_STEPS = 100;
/** Most counter totals in one exchange (R23; the 32nd already carries a handicap of 256). */
export const MAX_COUNTER_TOTALS = 32;
/** Most letters in a list of choices (piercing, cancel, reduce): as many as one bundle holds. */
export const MAX_CHOICE_LETTERS = MAX_EFFECTS;
/** Longest name (of an outfit piece or a parrying object), in characters. */
export const MAX_NAME_LENGTH = 100;

type Json = Record<string, unknown>;

const say = (key: string, params: Record<string, unknown> = {}) => english(`CYCHOSYS.Scenario.${key}`, params);

class Reader {
  constructor(readonly rules: Rules) {}

  fail(field: string, problem: string): never {
    throw new RulesError("scenarioField", { field, problem });
  }

  /** Run `fn`, turning any RulesError it raises into one about `field`. */
  at<T>(field: string, fn: () => T): T {
    try {
      return fn();
    } catch (error) {
      if (error instanceof RulesError && error.code !== "scenarioField") this.fail(field, error.message);
      throw error;
    }
  }

  object(value: unknown, field: string, allowed: readonly string[]): Json {
    if (!value || typeof value !== "object" || Array.isArray(value)) this.fail(field, say("object"));
    for (const key of Object.keys(value)) {
      if (!allowed.includes(key)) this.fail(join(field, echoText(key)), say("unknownField", { allowed: allowed.join(", ") }));
    }
    return value as Json;
  }

  integer(value: unknown, field: string, min: number, max: number): number {
    if (typeof value !== "number" || !Number.isInteger(value)) this.fail(field, say("integer", { value: echoValue(value) }));
    if (value < min || value > max) this.fail(field, say("range", { min, max, value }));
    return value;
  }

  boolean(value: unknown, field: string): boolean {
    if (typeof value !== "boolean") this.fail(field, say("boolean"));
    return value;
  }

  /** Text with no control, bidi or invisible character (echo.ts), so nothing in it can disguise a line. */
  plain(value: string, field: string): string {
    const at = findUnsafe(value);
    if (at >= 0) this.fail(field, say("unsafeChar", { char: echoChar(value, at), position: characterPosition(value, at) }));
    return value;
  }

  name(value: unknown, field: string): string {
    if (typeof value !== "string") this.fail(field, say("text", { value: echoValue(value) }));
    const length = characterCount(value);
    if (length > MAX_NAME_LENGTH) this.fail(field, say("textTooLong", { length, max: MAX_NAME_LENGTH }));
    return this.plain(value, field);
  }

  bundle(value: unknown, field: string): Bundle {
    if (typeof value !== "string") this.fail(field, say("notation", { value: echoValue(value) }));
    this.plain(value, field);
    return this.at(field, () => parseBundle(value, this.rules.effects));
  }

  letters(value: unknown, field: string): string[] {
    if (typeof value === "string") return this.at(field, () => parseLetters(this.plain(value, field), this.rules.effects));
    if (!Array.isArray(value) || value.some((v) => typeof v !== "string")) this.fail(field, say("letters"));
    if (value.length > MAX_CHOICE_LETTERS) this.fail(field, say("tooManyLetters", { count: value.length, max: MAX_CHOICE_LETTERS }));
    const letters = value.flatMap((v, i) => this.at(`${field}[${i}]`, () => parseLetters(this.plain(v as string, `${field}[${i}]`), this.rules.effects)));
    if (letters.length > MAX_CHOICE_LETTERS) this.fail(field, say("tooManyLetters", { count: letters.length, max: MAX_CHOICE_LETTERS }));
    return letters;
  }

  facets(value: unknown, field: string, max = MAX_HITS): FacetValues {
    const o = this.object(value, field, FACETS);
    const out = { physical: 0, mental: 0, emotional: 0 };
    for (const f of FACETS) {
      if (!(f in o)) this.fail(join(field, f), say("required"));
      out[f] = this.integer(o[f], join(field, f), 0, max);
    }
    return out;
  }

  pools(value: unknown, field: string): Pools {
    const o = this.object(value, field, ["hit", "fatigue"]);
    if (!("hit" in o)) this.fail(join(field, "hit"), say("required"));
    if (!("fatigue" in o)) this.fail(join(field, "fatigue"), say("required"));
    return { hit: this.facets(o.hit, join(field, "hit")), fatigue: this.facets(o.fatigue, join(field, "fatigue")) };
  }

  outfit(value: unknown, field: string): OutfitPiece[] {
    if (!Array.isArray(value)) this.fail(field, say("outfitList"));
    if (value.length > MAX_OUTFIT_PIECES) this.fail(field, say("tooManyPieces", { count: value.length, max: MAX_OUTFIT_PIECES }));
    return value.map((raw, i) => {
      const where = `${field}[${i}]`;
      const o = this.object(raw, where, ["name", "shield", "covers", "layer", "weight"]);
      if (!("shield" in o)) this.fail(join(where, "shield"), say("required"));
      const shield = this.bundle(o.shield, join(where, "shield"));
      const covers = o.covers ?? "all";
      if (covers !== "all" && !Array.isArray(covers)) this.fail(join(where, "covers"), say("covers"));
      if (Array.isArray(covers) && covers.length > ALL_LOCATIONS.length) {
        this.fail(join(where, "covers"), say("tooManyLocations", { count: covers.length, max: ALL_LOCATIONS.length }));
      }
      const layer: Layer = o.layer === undefined ? "worn" : (o.layer as Layer);
      if (!isLayer(layer)) this.fail(join(where, "layer"), say("layer", { allowed: LAYERS.join(", "), value: echoValue(o.layer) }));
      const piece: OutfitPiece = { shield, covers: this.at(join(where, "covers"), () => normalizeCovers(covers)), layer };
      if (o.weight !== undefined) piece.weight = this.integer(o.weight, join(where, "weight"), 0, 99);
      if (o.name !== undefined) piece.name = this.name(o.name, join(where, "name"));
      return piece;
    });
  }

  combatant(o: Json, field: string): Combatant {
    const c: Combatant = { outfit: o.outfit === undefined ? [] : this.outfit(o.outfit, join(field, "outfit")) };
    if (o.extraSoakSteps !== undefined) c.extraSoakSteps = this.integer(o.extraSoakSteps, join(field, "extraSoakSteps"), 0, MAX_EXTRA_SOAK_STEPS);
    this.soakSteps(c, field);
    if (o.pools !== undefined) c.pools = this.pools(o.pools, join(field, "pools"));
    return c;
  }

  /** R31: the soak steps at each location stay within MAX_SOAK_STEPS. */
  soakSteps(c: Combatant, field: string): void {
    for (const location of ALL_LOCATIONS) {
      const steps = this.rules.options.baseSoakSteps + letterAt(c.outfit, location, "V") + (c.extraSoakSteps ?? 0);
      if (steps > MAX_SOAK_STEPS) {
        this.fail(join(field, "outfit"), say("soakSteps", { steps, location: english(`CYCHOSYS.Location.${location}`), max: MAX_SOAK_STEPS }));
      }
    }
  }

  total(value: unknown, field: string): number {
    if (value === undefined) this.fail(field, say("required"));
    return this.integer(value, field, 0, MAX_TOTAL);
  }

  defense(value: unknown): Defense & { object?: ParryObject } {
    const raw = this.object(value, "defense", ["form", "total", "surge", "object", "totals", "edge"]);
    const form = raw.form;
    if (!isDefenseForm(form)) this.fail("defense.form", say("form", { value: echoValue(form) }));
    if (form === "counter") {
      if (!Array.isArray(raw.totals) || raw.totals.length === 0) this.fail("defense.totals", say("counterTotals"));
      if (raw.totals.length > MAX_COUNTER_TOTALS) {
        this.fail("defense.totals", say("tooManyCounters", { count: raw.totals.length, max: MAX_COUNTER_TOTALS }));
      }
      if (raw.edge === undefined) this.fail("defense.edge", say("counterEdge"));
      for (const key of ["total", "object", "surge"]) if (key in raw) this.fail(`defense.${key}`, say("notForCounter"));
      return {
        form,
        totals: raw.totals.map((t, i) => this.counterTotal(t, `defense.totals[${i}]`)),
        edge: this.bundle(raw.edge, "defense.edge"),
      };
    }
    for (const key of ["totals", "edge"]) if (key in raw) this.fail(`defense.${key}`, say("onlyCounter"));
    if ("object" in raw && form !== "parry") this.fail("defense.object", say("onlyParry"));
    const defense: Defense & { object?: ParryObject } = { form, total: this.total(raw.total, "defense.total") };
    if (raw.surge !== undefined) (defense as { surge?: boolean }).surge = this.boolean(raw.surge, "defense.surge");
    if (raw.object !== undefined) {
      const o = this.object(raw.object, "defense.object", ["shield", "hits", "name"]);
      if (o.name !== undefined) this.name(o.name, "defense.object.name");
      const object: ParryObject = { shield: o.shield === undefined ? { effects: [], hits: 0 } : this.bundle(o.shield, "defense.object.shield") };
      if (o.hits !== undefined) object.hits = this.integer(o.hits, "defense.object.hits", 0, MAX_HITS);
      defense.object = object;
    }
    return defense;
  }

  /** A counter total: a number, or `{ total, surge }` when its key die surged (R12). */
  counterTotal(value: unknown, field: string): { total: number; surge?: boolean } {
    if (typeof value === "number") return { total: this.integer(value, field, 0, MAX_TOTAL) };
    const o = this.object(value, field, ["total", "surge"]);
    const out: { total: number; surge?: boolean } = { total: this.total(o.total, join(field, "total")) };
    if (o.surge !== undefined) out.surge = this.boolean(o.surge, join(field, "surge"));
    return out;
  }

  choices(value: unknown): StrikeChoices {
    const o = this.object(value, "choices", ["piercing", "cancel", "reduce", "distribute"]);
    const out: StrikeChoices = {};
    if (o.piercing !== undefined) out.piercing = this.letters(o.piercing, "choices.piercing");
    if (o.cancel !== undefined) out.cancel = this.letters(o.cancel, "choices.cancel");
    if (o.reduce !== undefined) out.reduce = this.letters(o.reduce, "choices.reduce");
    if (o.distribute !== undefined) out.distribute = this.facets(o.distribute, "choices.distribute");
    return out;
  }
}

function join(field: string, key: string): string {
  return field ? `${field}.${key}` : key;
}

/** Check a parsed JSON scenario and turn it into an AttackInput. */
export function readScenario(value: unknown, rules: Rules = STANDARD_RULES): AttackInput {
  const r: Reader = new Reader(rules);
  const root = r.object(value, "scenario", ["version", "attacker", "defender", "defense", "location", "nonLethal", "choices"]);
  if (root.version !== undefined && root.version !== SCENARIO_VERSION) {
    throw new RulesError("scenarioVersion", { value: echoValue(root.version) });
  }
  if (root.attacker === undefined) r.fail("attacker", say("required"));
  if (root.defender === undefined) r.fail("defender", say("required"));
  if (root.defense === undefined) r.fail("defense", say("required"));
  const a = r.object(root.attacker, "attacker", ["total", "surge", "edge", "outfit", "extraSoakSteps", "pools"]);
  if (a.edge === undefined) r.fail("attacker.edge", say("required"));
  const attacker: AttackInput["attacker"] = {
    ...r.combatant(a, "attacker"),
    total: r.total(a.total, "attacker.total"),
    edge: r.bundle(a.edge, "attacker.edge"),
  };
  if (a.surge !== undefined) attacker.surge = r.boolean(a.surge, "attacker.surge");
  const d = r.object(root.defender, "defender", ["outfit", "extraSoakSteps", "pools"]);
  const input: AttackInput = { attacker, defender: r.combatant(d, "defender"), defense: r.defense(root.defense) };
  const { location, nonLethal } = root;
  if (location !== undefined) {
    if (!isLocation(location)) {
      r.fail("location", say("location", { value: echoValue(location), allowed: ALL_LOCATIONS.join(", ") }));
    }
    input.location = location;
  }
  if (nonLethal !== undefined) {
    if (!isFacet(nonLethal)) r.fail("nonLethal", say("facet", { value: echoValue(nonLethal) }));
    input.nonLethal = nonLethal;
  }
  if (root.choices !== undefined) input.choices = r.choices(root.choices);
  return input;
}

/** Bytes of a text encoded as UTF-8 (an unpaired surrogate as the 3 bytes of U+FFFD). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if ((code & 0xfc00) === 0xd800 && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/**
 * Parse scenario text (JSON, at most MAX_SCENARIO_BYTES; a byte order mark at
 * the very start is skipped) and read it.
 */
export function parseScenario(text: string, rules: Rules = STANDARD_RULES): AttackInput {
  // Every UTF-16 unit is at least one byte: a text that long is over without counting.
  if (text.length > MAX_SCENARIO_BYTES || utf8Length(text) > MAX_SCENARIO_BYTES) {
    throw new RulesError("scenarioTooLarge", { max: MAX_SCENARIO_BYTES });
  }
  let value: unknown;
  try {
    value = readJson(text, SCENARIO_JSON_LIMITS);
  } catch (error) {
    // The shared reader's problem, as this core's own error type (same code and text).
    if (error instanceof InputError) throw new RulesError(error.code, { ...error.params });
    throw error;
  }
  return readScenario(value, rules);
}
