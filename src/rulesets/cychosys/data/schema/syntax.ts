/**
 * R2: the `bundle` notation of Cychosys fields, checked by the rules core's
 * parser with the world's effects table (R10 setting) when one is set.
 */
import type { SyntaxProblem } from "../../../../core/schema/syntax.js";
import { type EffectsTable, STANDARD_EFFECTS } from "../../rules/effects.js";
import { RulesError } from "../../rules/errors.js";
import { formatBundle, parseBundle } from "../../rules/notation.js";

let effectsTable: () => EffectsTable = () => STANDARD_EFFECTS;

/** The table notation is read with (the Foundry side sets the world's). */
export function useEffectsTable(table: () => EffectsTable): void {
  effectsTable = table;
}

/** The parser's own problem (code and parameters), or a note where the field takes none. */
export function bundleProblem(value: string, allowNote: boolean, effects: EffectsTable = effectsTable()): SyntaxProblem | undefined {
  try {
    const bundle = parseBundle(value, effects);
    if (bundle.note !== undefined && !allowNote) return { key: "CYCHOSYS.Schema.noteNotAllowed", params: { note: bundle.note, text: value } };
    return undefined;
  } catch (error) {
    if (error instanceof RulesError) return { key: error.i18nKey, params: { ...error.params } };
    throw error;
  }
}

/** The canonical spelling of a valid notation (R3), e.g. `6DV` → `VD6`. */
export function canonicalNotation(value: string, effects: EffectsTable = effectsTable()): string {
  return formatBundle(parseBundle(value, effects), effects);
}
