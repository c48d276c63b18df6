/**
 * The strict field reader behind the phase scenarios: each problem is one
 * PhaseError("scenarioField") naming the field path, e.g.
 * `target.armor.tail: unknown field (expected one of head, chest, …).`
 * Values are echoed cut and escaped (src/core/echo.ts), so a message stays one
 * short line whatever the input held.
 */
import { echoValue } from "../../../core/echo.js";
import { english } from "../../../core/messages.js";
import { FieldReader, joinField, type Json } from "../../../core/scenario-fields.js";
import { LocalizedError } from "../../../core/errors.js";
import { PhaseError } from "./errors.js";
import { PhaseRefusal } from "./refusal.js";
import { AREAS, type Area } from "./types.js";

export type { Json };

export const say = (key: string, params: Record<string, unknown> = {}) => english(`CYCHOSYS.Phase.Scenario.${key}`, params);

/** A key that reads the same cut and escaped (an id, a field name): joined as it is. */
const PLAIN_KEY = /^[A-Za-z0-9_-]{1,40}$/;

/** Keys already found plain (the field names of the stored shapes, a few thousand ids at most). */
const plainKeys = new Set<string>();

const isPlain = (key: string): boolean => {
  if (plainKeys.has(key)) return true;
  if (!PLAIN_KEY.test(key)) return false;
  if (plainKeys.size < 4096) plainKeys.add(key);
  return true;
};

/** A field path one key deeper (the key cut and escaped), or one index deeper. Built for every field read, so plain keys skip the escaping. */
export const at = (field: string, key: string | number): string =>
  typeof key === "number" ? `${field}[${key}]` : isPlain(key) ? (field ? `${field}.${key}` : key) : joinField(field, key);

/** The shared field reader with the phase ruleset's error and words, and its record and area readers. */
export class PhaseFieldReader extends FieldReader {
  constructor() {
    super((field, problem) => {
      throw new PhaseError("scenarioField", { field, problem });
    }, say);
  }

  /**
   * Run a step of the rules core for `field`: a rule's refusal comes out as
   * a PhaseRefusal naming the field (an outcome, docs/rules-command.md
   * "Refusals"), any other problem as the field's error.
   */
  override at<T>(field: string, fn: () => T): T {
    try {
      return fn();
    } catch (error) {
      if (error instanceof PhaseRefusal) throw error;
      if (error instanceof PhaseError) {
        const refusal = PhaseRefusal.of(error, field);
        if (refusal) throw refusal;
      }
      if (error instanceof LocalizedError && error.code !== "scenarioField") this.fail(field, error.message);
      throw error;
    }
  }

  protected override listLength(_min: number, max: number, length: number): string {
    return say("listTooLong", { max, length });
  }

  /** An object whose keys are names (ids, skills): each key checked, at most `max`. */
  record(value: unknown, field: string, max: number): Json {
    if (!value || typeof value !== "object" || Array.isArray(value)) this.fail(field, say("object", { value: echoValue(value) }));
    const keys = Object.keys(value);
    if (keys.length > max) this.fail(field, say("tooManyKeys", { max, length: keys.length }));
    for (const key of keys) this.text(key, at(field, key), 40);
    return value as Json;
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
