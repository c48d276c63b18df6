/**
 * A strict reader of parsed JSON for a ruleset's scenario format: every
 * problem is one error naming the field path, e.g.
 * `attacker.weapon.damage: must be dice like "1d8" (got "1x8").`
 * The ruleset gives its own error (`fail`) and words (`say`, its own lang
 * block), so its messages stay in its strings. Messages stay short whatever
 * the input held (echo.ts). The OpenD6 reader predates it
 * (src/rulesets/d6/rules/scenario-reader.ts); new rulesets use this one.
 *
 * The words `say` must know: object, unknownField, required, list,
 * listLength (or the ruleset's own `listLength` problem), integer, number,
 * range, boolean, text, textTooLong, oneOf, controlCharacters.
 */
import { echoText, echoValue, findUnsafe } from "./echo.js";
import { LocalizedError } from "./errors.js";

export type Json = Record<string, unknown>;
export type Say = (key: string, params?: Record<string, unknown>) => string;

/** A field path with one more key (the key made printable and short). */
export function joinField(field: string, key: string): string {
  return field ? `${field}.${echoText(key, 40)}` : echoText(key, 40);
}

export class FieldReader {
  constructor(
    /** Throw the ruleset's scenario error for `field`. */
    readonly failWith: (field: string, problem: string) => never,
    readonly say: Say,
  ) {}

  fail(field: string, problem: string): never {
    return this.failWith(field, problem);
  }

  /** Run `fn`; any other LocalizedError of the rules it raises becomes a problem of `field`. */
  at<T>(field: string, fn: () => T): T {
    try {
      return fn();
    } catch (error) {
      if (error instanceof LocalizedError && error.code !== "scenarioField") this.fail(field, error.message);
      throw error;
    }
  }

  has(o: Json, key: string): boolean {
    return Object.hasOwn(o, key) && o[key] !== undefined;
  }

  object(value: unknown, field: string, allowed: readonly string[], required: readonly string[] = []): Json {
    if (!value || typeof value !== "object" || Array.isArray(value)) this.fail(field, this.say("object", { value: echoValue(value) }));
    for (const key of Object.keys(value)) {
      if (!allowed.includes(key)) this.fail(joinField(field, key), this.say("unknownField", { allowed: allowed.join(", ") }));
    }
    const o = value as Json;
    for (const key of required) if (!this.has(o, key)) this.fail(joinField(field, key), this.say("required"));
    return o;
  }

  list(value: unknown, field: string, max: number, min = 0): readonly unknown[] {
    if (!Array.isArray(value)) this.fail(field, this.say("list", { value: echoValue(value) }));
    if (value.length > max || value.length < min) this.fail(field, this.listLength(min, max, value.length));
    return value;
  }

  /** The problem of a list of `length` entries outside `min`..`max`; a ruleset may word it its own way. */
  protected listLength(min: number, max: number, length: number): string {
    return this.say("listLength", { min, max, length });
  }

  integer(value: unknown, field: string, min: number, max: number): number {
    if (typeof value !== "number" || !Number.isInteger(value)) this.fail(field, this.say("integer", { value: echoValue(value) }));
    if (value < min || value > max) this.fail(field, this.say("range", { min, max, value: echoValue(value) }));
    return value;
  }

  number(value: unknown, field: string, min: number, max: number): number {
    if (typeof value !== "number" || !Number.isFinite(value)) this.fail(field, this.say("number", { value: echoValue(value) }));
    if (value < min || value > max) this.fail(field, this.say("range", { min, max, value: echoValue(value) }));
    return value;
  }

  boolean(value: unknown, field: string): boolean {
    if (typeof value !== "boolean") this.fail(field, this.say("boolean", { value: echoValue(value) }));
    return value;
  }

  /** A string of at most `max` characters, with no control, bidi or invisible characters. */
  text(value: unknown, field: string, max: number): string {
    if (typeof value !== "string") this.fail(field, this.say("text", { value: echoValue(value) }));
    if (value.length > max) this.fail(field, this.say("textTooLong", { max, length: value.length }));
    if (findUnsafe(value) >= 0) this.fail(field, this.say("controlCharacters"));
    return value;
  }

  /** One of `allowed` (strings or numbers), compared exactly. */
  oneOf<T extends string | number>(value: unknown, field: string, allowed: readonly T[]): T {
    if (!(allowed as readonly unknown[]).includes(value)) this.fail(field, this.say("oneOf", { allowed: allowed.join(", "), value: echoValue(value) }));
    return value as T;
  }
}
