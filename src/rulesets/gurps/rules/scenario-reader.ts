/**
 * A strict reader of parsed JSON for the GURPS scenario format: every problem
 * is a GurpsError("scenarioField") naming the field path, e.g.
 * `attacker.roll: a 3d6 roll is 3 faces or a total from 3 to 18 (got [4, 4]).`
 * Messages stay short whatever the input held (the core's echo).
 */
import { echoValue } from "../../../core/echo.js";
import { english } from "../../../core/messages.js";
import { FieldReader, joinField, type Json } from "../../../core/scenario-fields.js";
import { type DamageSpec, type DiceRoll, parseDamage, readRoll } from "./dice.js";
import { parseBasicSpeed, parseShots, type ShotsSpec } from "./notation.js";
import { GurpsError } from "./errors.js";
import { GURPS_STANDARD_RULES, type GurpsRules } from "./options.js";

export type { Json };

export const say = (key: string, params: Record<string, unknown> = {}) => english(`CYCHOSYS.Gurps.Scenario.${key}`, params);

/** A field path with one more key (the key made printable and short). */
export const join = joinField;

/** Sanity bounds of the input (not rules): no GURPS figure comes near them. */
export const LIMITS = Object.freeze({
  score: 99, hp: 9999, st: 999, skill: 99, modifier: 99, yards: 1_000_000, speed: 100_000, dr: 9999, weight: 100_000, shots: 10_000, list: 16, hits: 100, name: 60,
});

/** The shared field reader with GURPS's error, words and limits, and the GURPS notations. */
export class ScenarioReader extends FieldReader {
  constructor(readonly rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES) {
    super((field, problem) => {
      throw new GurpsError("scenarioField", { field, problem });
    }, say);
  }

  /** In a GURPS scenario a null field is an absent one. */
  override has(o: Json, key: string): boolean {
    return super.has(o, key) && o[key] !== null;
  }

  override list(value: unknown, field: string, max: number = LIMITS.list): readonly unknown[] {
    return super.list(value, field, max);
  }

  protected override listLength(_min: number, max: number, length: number): string {
    return say("listTooLong", { max, length });
  }

  override text(value: unknown, field: string, max: number = LIMITS.name): string {
    return super.text(value, field, max);
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
