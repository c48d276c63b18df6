/**
 * The strict field reader behind the phase scenarios: each problem is one
 * PhaseError("scenarioField") naming the field path, e.g.
 * `target.armor.tail: unknown field (expected one of head, chest, …).`
 * Values are echoed cut and escaped (src/core/echo.ts), so a message stays one
 * short line whatever the input held.
 */
import { echoText, echoValue, findUnsafe } from "../../../core/echo.js";
import { english } from "../../../core/messages.js";
import { PhaseError } from "./errors.js";
import { AREAS, type Area, isMember } from "./types.js";

export type Json = Record<string, unknown>;

export const say = (key: string, params: Record<string, unknown> = {}) => english(`CYCHOSYS.Phase.Scenario.${key}`, params);

/** A field path one key deeper (the key cut and escaped). */
export const at = (field: string, key: string | number): string =>
  typeof key === "number" ? `${field}[${key}]` : field ? `${field}.${echoText(key, 40)}` : echoText(key, 40);

export class FieldReader {
  fail(field: string, problem: string): never {
    throw new PhaseError("scenarioField", { field, problem });
  }

  /** Run `fn`; another PhaseError it throws becomes one about `field`. */
  within<T>(field: string, fn: () => T): T {
    try {
      return fn();
    } catch (error) {
      if (error instanceof PhaseError && error.code !== "scenarioField") this.fail(field, error.message);
      throw error;
    }
  }

  has(o: Json, key: string): boolean {
    return Object.hasOwn(o, key) && o[key] !== undefined;
  }

  object(value: unknown, field: string, allowed: readonly string[], required: readonly string[] = []): Json {
    if (!value || typeof value !== "object" || Array.isArray(value)) this.fail(field, say("object", { value: echoValue(value) }));
    for (const key of Object.keys(value)) if (!allowed.includes(key)) this.fail(at(field, key), say("unknownField", { allowed: allowed.join(", ") }));
    const o = value as Json;
    for (const key of required) if (!this.has(o, key)) this.fail(at(field, key), say("required"));
    return o;
  }

  /** An object whose keys are names (ids, skills): each key checked, at most `max`. */
  record(value: unknown, field: string, max: number): Json {
    if (!value || typeof value !== "object" || Array.isArray(value)) this.fail(field, say("object", { value: echoValue(value) }));
    const keys = Object.keys(value);
    if (keys.length > max) this.fail(field, say("tooManyKeys", { max, length: keys.length }));
    for (const key of keys) this.name(key, at(field, key), 40);
    return value as Json;
  }

  list(value: unknown, field: string, max: number): readonly unknown[] {
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

  /** Text of at most `max` characters, with no control characters or line breaks. */
  name(value: unknown, field: string, max: number): string {
    if (typeof value !== "string") this.fail(field, say("text", { value: echoValue(value) }));
    if (value.length > max) this.fail(field, say("textTooLong", { max, length: value.length }));
    if (findUnsafe(value) !== -1) this.fail(field, say("controlCharacters"));
    return value;
  }

  oneOf<T extends string>(value: unknown, field: string, allowed: readonly T[]): T {
    if (!isMember(allowed, value)) this.fail(field, say("oneOf", { allowed: allowed.join(", "), value: echoValue(value) }));
    return value;
  }

  area(value: unknown, field: string): Area {
    return this.oneOf(value, field, AREAS);
  }

  areas(value: unknown, field: string): Area[] {
    const list = this.list(value, field, AREAS.length).map((v, i) => this.area(v, at(field, i)));
    const repeated = list.find((a, i) => list.indexOf(a) !== i);
    if (repeated) this.fail(field, say("repeated", { value: repeated }));
    return list;
  }

  /** Whole-number faces of a die with `faces` sides; the count is the rules core's to check. */
  faces(value: unknown, field: string, max: number, faces: number): number[] {
    return this.list(value, field, max).map((f, i) => this.integer(f, at(field, i), 1, faces));
  }
}
