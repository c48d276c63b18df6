/**
 * A strict reader of parsed JSON for the D6 scenario format: every problem is
 * a D6Error("scenarioField") naming the field path, e.g.
 * `attacker.weapon.damage: must be a die code like "4D" or "+1D" (got "4E").`
 * Messages stay short whatever the input held (printable(), preview()).
 */
import { english } from "../../../core/messages.js";
import { type DieCode, type DieModifier, parseDieCode, parseDieModifier, parseWeaponDamage, type WeaponDamage } from "./die-code.js";
import { D6Error } from "./errors.js";
import { d6RefusalOf } from "./refusal.js";
import { D6_STANDARD_RULES, type D6Rules } from "./options.js";
import { preview, printable } from "./text.js";

export type Json = Record<string, unknown>;

export const say = (key: string, params: Record<string, unknown> = {}) => english(`CYCHOSYS.D6.Scenario.${key}`, params);

/** A field path with one more key (the key made printable and short). */
export function join(field: string, key: string): string {
  return field ? `${field}.${printable(key, 40)}` : printable(key, 40);
}

export class ScenarioReader {
  constructor(readonly rules: Readonly<D6Rules> = D6_STANDARD_RULES) {}

  fail(field: string, problem: string): never {
    throw new D6Error("scenarioField", { field, problem });
  }

  /** Run `fn`, turning any other D6Error it raises into one about `field` — or, when a rule forbids the action, into its refusal. */
  at<T>(field: string, fn: () => T): T {
    try {
      return fn();
    } catch (error) {
      const refusal = d6RefusalOf(error);
      if (refusal) throw refusal;
      if (error instanceof D6Error && error.code !== "scenarioField") this.fail(field, error.message);
      throw error;
    }
  }

  has(o: Json, key: string): boolean {
    return Object.hasOwn(o, key) && o[key] !== undefined;
  }

  object(value: unknown, field: string, allowed: readonly string[], required: readonly string[] = []): Json {
    if (!value || typeof value !== "object" || Array.isArray(value)) this.fail(field, say("object", { value: preview(value) }));
    for (const key of Object.keys(value)) {
      if (!allowed.includes(key)) this.fail(join(field, key), say("unknownField", { allowed: allowed.join(", ") }));
    }
    const o = value as Json;
    for (const key of required) if (!this.has(o, key)) this.fail(join(field, key), say("required"));
    return o;
  }

  list(value: unknown, field: string, max: number): readonly unknown[] {
    if (!Array.isArray(value)) this.fail(field, say("list", { value: preview(value) }));
    if (value.length > max) this.fail(field, say("listTooLong", { max, length: value.length }));
    return value;
  }

  integer(value: unknown, field: string, min: number, max: number): number {
    if (typeof value !== "number" || !Number.isInteger(value)) this.fail(field, say("integer", { value: preview(value) }));
    if (value < min || value > max) this.fail(field, say("range", { min, max, value: preview(value) }));
    return value;
  }

  number(value: unknown, field: string, min: number, max: number): number {
    if (typeof value !== "number" || !Number.isFinite(value)) this.fail(field, say("number", { value: preview(value) }));
    if (value < min || value > max) this.fail(field, say("range", { min, max, value: preview(value) }));
    return value;
  }

  boolean(value: unknown, field: string): boolean {
    if (typeof value !== "boolean") this.fail(field, say("boolean", { value: preview(value) }));
    return value;
  }

  text(value: unknown, field: string, max: number): string {
    if (typeof value !== "string") this.fail(field, say("text", { value: preview(value) }));
    if (value.length > max) this.fail(field, say("textTooLong", { max, length: value.length }));
    return value;
  }

  oneOf<T extends string>(value: unknown, field: string, allowed: readonly T[]): T {
    if (typeof value !== "string" || !(allowed as readonly string[]).includes(value)) {
      this.fail(field, say("oneOf", { allowed: allowed.join(", "), value: preview(value) }));
    }
    return value as T;
  }

  private codeText(value: unknown, field: string, example: string): string {
    if (typeof value !== "string") this.fail(field, say("dieCode", { example, value: preview(value) }));
    return value;
  }

  dieCode(value: unknown, field: string): DieCode {
    const text = this.codeText(value, field, "3D+2");
    return this.at(field, () => parseDieCode(text, this.rules));
  }

  dieModifier(value: unknown, field: string): DieModifier {
    const text = this.codeText(value, field, "+1D");
    return this.at(field, () => parseDieModifier(text, this.rules));
  }

  weaponDamage(value: unknown, field: string): WeaponDamage {
    const text = this.codeText(value, field, "+1D");
    return this.at(field, () => parseWeaponDamage(text, this.rules));
  }

  /** A list of die faces (whole numbers, 1 to the die's faces); range errors come from the rules core later. */
  faces(value: unknown, field: string, max: number): number[] {
    const list = this.list(value, field, max);
    return list.map((face, i) => this.integer(face, `${field}[${i}]`, 1, this.rules.dieFaces));
  }
}
