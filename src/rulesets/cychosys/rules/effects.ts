/**
 * R9–R10: the effects table as data. A world setting may replace it, so every
 * function that needs it takes a table, defaulting to STANDARD_EFFECTS.
 * Table order is the canonical order (R3).
 */
import { RulesError } from "./errors.js";
import { english } from "../../../core/messages.js";
import { FACETS, type FacetValues, sumFacets } from "./types.js";

export type EffectKind = "modifier" | "wounding";

/** What a condition (a taken wounding effect) subtracts while it lasts (R10). */
export interface EffectPenalty {
  physical: number;
  mental: number;
  emotional: number;
  quickness: number;
}

export interface EffectDefinition {
  /** A single upper-case letter (R1). */
  letter: string;
  name: string;
  description: string;
  kind: EffectKind;
  /** Cost of adding it to an action (R19) and experience to add it to gear (R41). */
  power: number;
  /** Hits paid from the hit pools to reduce it (R32); null when it cannot be reduced. */
  reduceCost: FacetValues | null;
  penalty: EffectPenalty;
  /** The taker cannot act while the condition lasts (Unconscious). */
  incapacitates: boolean;
}

export interface EffectsTable {
  effects: readonly EffectDefinition[];
}

const NO_PENALTY: EffectPenalty = { physical: 0, mental: 0, emotional: 0, quickness: 0 };

function row(
  letter: string,
  kind: EffectKind,
  power: number,
  reduceCost: [number, number, number] | null,
  penalty: Partial<EffectPenalty> = {},
  incapacitates = false,
): EffectDefinition {
  return {
    letter,
    name: english(`CYCHOSYS.Effect.${letter}.name`),
    description: english(`CYCHOSYS.Effect.${letter}.description`),
    kind,
    power,
    reduceCost: reduceCost && { physical: reduceCost[0], mental: reduceCost[1], emotional: reduceCost[2] },
    penalty: { ...NO_PENALTY, ...penalty },
    incapacitates,
  };
}

const ALL = (n: number): Partial<EffectPenalty> => ({ physical: n, mental: n, emotional: n });

/** The default table of R10, in canonical order V T F C W U S X O B P D R H (R3). */
export const STANDARD_EFFECTS: EffectsTable = deepFreeze({
  effects: [
    row("V", "modifier", 6, null),
    row("T", "modifier", 4, null),
    row("F", "modifier", 10, null),
    row("C", "modifier", 8, null),
    row("W", "wounding", 2, [0, 2, 0], { mental: 2 }),
    row("U", "wounding", 6, [1, 1, 1], {}, true),
    row("S", "wounding", 4, [2, 0, 0], { physical: 2, quickness: 2 }),
    row("X", "wounding", 3, [1, 1, 0], { physical: 2 }),
    row("O", "wounding", 4, [2, 1, 0], ALL(2)),
    row("B", "wounding", 2, [1, 0, 0], { physical: 2 }),
    row("P", "wounding", 2, [0, 1, 0], ALL(2)),
    row("D", "wounding", 2, [0, 1, 0], { mental: 2 }),
    row("R", "wounding", 2, [0, 0, 1], { emotional: 2 }),
    row("H", "wounding", 3, [1, 0, 0], { quickness: 2 }),
  ],
});

/** A table with lookups built once; cached per table object. */
export interface CompiledEffects {
  readonly table: EffectsTable;
  readonly byLetter: ReadonlyMap<string, EffectDefinition>;
  /** Canonical position of each letter (R3). */
  readonly order: ReadonlyMap<string, number>;
  /** By character code (letters are A–Z): canonical position, or -1 for a letter not in the table. */
  readonly rankByCode: Int16Array;
  /** By character code: 1 for a wounding effect. */
  readonly woundingByCode: Uint8Array;
  /** By character code: total reduce cost (R24, R28 default choices). */
  readonly reduceTotalByCode: Int16Array;
}

const compiled = new WeakMap<EffectsTable, CompiledEffects>();
// The rules almost always run against one table: remember the last one without a map lookup.
let lastTable: EffectsTable | undefined;
let lastCompiled: CompiledEffects | undefined;

export function compileEffects(table: EffectsTable = STANDARD_EFFECTS): CompiledEffects {
  if (table === lastTable) return lastCompiled!;
  let result = compiled.get(table);
  if (!result) {
    const byLetter = new Map<string, EffectDefinition>();
    const order = new Map<string, number>();
    const rankByCode = new Int16Array(128).fill(-1);
    const woundingByCode = new Uint8Array(128);
    const reduceTotalByCode = new Int16Array(128);
    table.effects.forEach((effect, index) => {
      byLetter.set(effect.letter, effect);
      order.set(effect.letter, index);
      const code = effect.letter.charCodeAt(0);
      if (code < 128) {
        rankByCode[code] = index;
        woundingByCode[code] = effect.kind === "wounding" ? 1 : 0;
        reduceTotalByCode[code] = effect.reduceCost ? sumFacets(effect.reduceCost) : 0;
      }
    });
    result = { table, byLetter, order, rankByCode, woundingByCode, reduceTotalByCode };
    compiled.set(table, result);
  }
  lastTable = table;
  lastCompiled = result;
  return result;
}

export function effectDefinition(letter: string, table: EffectsTable = STANDARD_EFFECTS): EffectDefinition | undefined {
  return compileEffects(table).byLetter.get(letter);
}

export function isWounding(letter: string, table: EffectsTable = STANDARD_EFFECTS): boolean {
  return compileEffects(table).woundingByCode[letter.charCodeAt(0)] === 1;
}

/** Sum of an effect's reduce cost over the three pools (used by the default choices of R24, R28). */
export function totalReduceCost(letter: string, table: EffectsTable = STANDARD_EFFECTS): number {
  return compileEffects(table).reduceTotalByCode[letter.charCodeAt(0)] ?? 0;
}

/**
 * Check a table a GM edited (world setting). Returns every problem found, as
 * readable sentences; an empty list means the table is usable.
 */
export function validateEffectsTable(table: unknown): string[] {
  const problems: string[] = [];
  const say = (key: string, params: Record<string, unknown> = {}) =>
    problems.push(english(`CYCHOSYS.TableProblem.${key}`, params));
  if (!table || typeof table !== "object" || !Array.isArray((table as EffectsTable).effects)) {
    say("notList");
    return problems;
  }
  const seen = new Set<string>();
  (table as EffectsTable).effects.forEach((effect, index) => {
    const rowNumber = index + 1;
    if (!effect || typeof effect !== "object") {
      say("notEffect", { row: rowNumber });
      return;
    }
    if (typeof effect.letter !== "string" || !/^[A-Z]$/.test(effect.letter)) say("letter", { row: rowNumber });
    else if (seen.has(effect.letter)) say("duplicate", { row: rowNumber, letter: effect.letter });
    else seen.add(effect.letter);
    const label = typeof effect.letter === "string" && effect.letter ? effect.letter : `#${rowNumber}`;
    if (typeof effect.name !== "string" || effect.name.trim() === "") say("name", { label });
    if (effect.kind !== "modifier" && effect.kind !== "wounding") say("kind", { label });
    if (!isCount(effect.power, 1, 99)) say("power", { label });
    if (effect.reduceCost !== null) {
      if (!effect.reduceCost || FACETS.some((f) => !isCount(effect.reduceCost?.[f], 0, 99))) say("reduceCost", { label });
      else if (effect.kind === "modifier") say("modifierCost", { label });
    }
    const penalty = effect.penalty;
    if (!penalty || (["physical", "mental", "emotional", "quickness"] as const).some((k) => !isCount(penalty[k], 0, 99))) {
      say("penalty", { label });
    }
  });
  for (const letter of ["V", "T", "F", "C"]) {
    if (!seen.has(letter)) say("missingModifier", { letter });
  }
  if (!(table as EffectsTable).effects.some((e) => e?.kind === "wounding")) say("missingWounding");
  return problems;
}

/** Throw a RulesError naming the first problem unless the table is usable. */
export function assertEffectsTable(table: unknown): asserts table is EffectsTable {
  const problems = validateEffectsTable(table);
  if (problems.length > 0) throw new RulesError("tableInvalid", { problem: problems[0]! });
}

function isCount(value: unknown, min: number, max: number): boolean {
  return typeof value === "number" && Number.isInteger(value) && value >= min && value <= max;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object") {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
