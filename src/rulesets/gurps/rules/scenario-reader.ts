/**
 * A strict reader of parsed JSON for the GURPS scenario format: every problem
 * is a GurpsError("scenarioField") naming the field path, e.g.
 * `attacker.roll: a 3d6 roll is 3 faces or a total from 3 to 18 (got [4, 4]).`
 * Messages stay short whatever the input held (the core's echo).
 */
import { echoText, echoValue } from "../../../core/echo.js";
import { english } from "../../../core/messages.js";
import { type DamageSpec, type DiceRoll, parseDamage, readRoll } from "./dice.js";
import { parseBasicSpeed, parseShots, type ShotsSpec } from "./notation.js";
import { GurpsError } from "./errors.js";
import { GURPS_STANDARD_RULES, type GurpsRules } from "./options.js";

export type Json = Record<string, unknown>;

export const say = (key: string, params: Record<string, unknown> = {}) => english(`CYCHOSYS.Gurps.Scenario.${key}`, params);

/** A field path with one more key (the key made printable and short). */
export function join(field: string, key: string): string {
  const k = echoText(key, 40);
  return field ? `${field}.${k}` : k;
}

/** Sanity bounds of the input (not rules): no GURPS figure comes near them. */
export const LIMITS = Object.freeze({
  score: 99, hp: 9999, st: 999, skill: 99, modifier: 99, yards: 1_000_000, speed: 100_000, dr: 9999, weight: 100_000, shots: 10_000, list: 16, hits: 100, name: 60,
});

export class ScenarioReader {
  constructor(readonly rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES) {}

  fail(field: string, problem: string): never {
    throw new GurpsError("scenarioField", { field, problem });
  }

  /** Run `fn`, turning any other GurpsError it raises into one about `field`. */
  at<T>(field: string, fn: () => T): T {
    try {
      return fn();
    } catch (error) {
      if (error instanceof GurpsError && error.code !== "scenarioField") this.fail(field, error.message);
      throw error;
    }
  }

  has(o: Json, key: string): boolean {
    return Object.hasOwn(o, key) && o[key] !== undefined && o[key] !== null;
  }

  object(value: unknown, field: string, allowed: readonly string[], required: readonly string[] = []): Json {
    if (!value || typeof value !== "object" || Array.isArray(value)) this.fail(field, say("object", { value: echoValue(value) }));
    for (const key of Object.keys(value)) {
      if (!allowed.includes(key)) this.fail(join(field, key), say("unknownField", { allowed: allowed.join(", ") }));
    }
    const o = value as Json;
    for (const key of required) if (!this.has(o, key)) this.fail(join(field, key), say("required"));
    return o;
  }

  list(value: unknown, field: string, max: number = LIMITS.list): readonly unknown[] {
    if (!Array.isArray(value)) this.fail(field, say("list", { value: echoValue(value) }));
    if (value.length > max) this.fail(field, say("listTooLong", { max, length: value.length }));
    return value;
  }

  integer(value: unknown, field: string, min: number, max: number): number {
    if (typeof value !== "number" || !Number.isInteger(value)) this.fail(field, say("integer", { value: echoValue(value) }));
    if (value < min || value > max) this.fail(field, say("range", { min, max, value: echoValue(value) }));
    return value;
  }

  number(value: unknown, field: string, min: number, max: number): number {
    if (typeof value !== "number" || !Number.isFinite(value)) this.fail(field, say("number", { value: echoValue(value) }));
    if (value < min || value > max) this.fail(field, say("range", { min, max, value: echoValue(value) }));
    return value;
  }

  boolean(value: unknown, field: string): boolean {
    if (typeof value !== "boolean") this.fail(field, say("boolean", { value: echoValue(value) }));
    return value;
  }

  text(value: unknown, field: string, max: number = LIMITS.name): string {
    if (typeof value !== "string") this.fail(field, say("text", { value: echoValue(value) }));
    if (value.length > max) this.fail(field, say("textTooLong", { max, length: value.length }));
    if (/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(value)) this.fail(field, say("controlCharacters"));
    return value;
  }

  oneOf<T extends string | number>(value: unknown, field: string, allowed: readonly T[]): T {
    if (!(allowed as readonly unknown[]).includes(value)) this.fail(field, say("oneOf", { allowed: allowed.join(", "), value: echoValue(value) }));
    return value as T;
  }

  /** A 3d6 roll: three faces, or the total. */
  roll(value: unknown, field: string): DiceRoll {
    if (typeof value === "number") return this.at(field, () => readRoll(this.integer(value, field, 3, 18), field, this.rules));
    const faces = this.faces(value, field, this.rules.successDice);
    return this.at(field, () => readRoll(faces, field, this.rules));
  }

  /** Die faces, 1 to 6 each, at most `max` of them. */
  faces(value: unknown, field: string, max: number): number[] {
    return this.list(value, field, max).map((f, i) => this.integer(f, `${field}[${i}]`, 1, this.rules.dieFaces));
  }

  /** One list of faces per hit. */
  hitFaces(value: unknown, field: string): number[][] {
    return this.list(value, field, LIMITS.hits).map((f, i) => this.faces(f, `${field}[${i}]`, 100));
  }

  damage(value: unknown, field: string): DamageSpec {
    if (typeof value !== "string") this.fail(field, say("damageText", { value: echoValue(value) }));
    return this.at(field, () => parseDamage(value));
  }

  speed(value: unknown, field: string): number {
    if (typeof value === "number") {
      const n = this.number(value, field, 0, 100);
      if ((n * 4) % 1 !== 0) this.fail(field, say("quarters", { value: echoValue(value) }));
      return n;
    }
    if (typeof value !== "string") this.fail(field, say("speedText", { value: echoValue(value) }));
    return this.at(field, () => parseBasicSpeed(value));
  }

  shots(value: unknown, field: string): ShotsSpec {
    if (typeof value !== "string") this.fail(field, say("shotsText", { value: echoValue(value) }));
    return this.at(field, () => parseShots(value));
  }

  /** Copy the optional keys of `o` read by `read` into `out` (a field absent or null stays absent). */
  optional<T extends object>(o: Json, field: string, out: T, readers: { [K in keyof T]?: (value: unknown, field: string) => T[K] }): T {
    for (const key of Object.keys(readers) as (keyof T & string)[]) {
      if (this.has(o, key)) out[key] = readers[key]!(o[key], join(field, key));
    }
    return out;
  }
}
