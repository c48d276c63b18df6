/**
 * The notations a ruleset's `notation` fields are written in, by name: each
 * ruleset registers its parser's check (Cychosys `bundle`, R2; OpenD6
 * `d6Code`, D1). The schema check and the Foundry field's validator both
 * ask here, so a stored value is checked by the ruleset's own parser.
 */

import { LocalizedError } from "../errors.js";

/** A problem as a lang/en.json key and its parameters. */
export interface SyntaxProblem {
  key: string;
  params: Record<string, string | number>;
}

export interface Syntax {
  /**
   * The problem with `value` (a string, already checked), or undefined when it
   * is fine. `context` is whatever the caller passed for this ruleset's parser
   * (Cychosys: an effects table), absent for the world's own.
   */
  problem(value: string, allowNote: boolean, context?: never): SyntaxProblem | undefined;
}

const syntaxes = new Map<string, Syntax>();

export function registerSyntax(name: string, syntax: Syntax): void {
  syntaxes.set(name, syntax);
}

export function syntaxOf(name: string): Syntax | undefined {
  return syntaxes.get(name);
}

/**
 * A syntax from a ruleset parser that throws a LocalizedError: its key and
 * parameters become the schema problem; `blank` lets the empty text through
 * (a field that may hold nothing, e.g. a melee weapon's Shots).
 */
export function parserSyntax(parse: (text: string) => unknown, blank = false): Syntax {
  return {
    problem(value) {
      if (blank && value.trim() === "") return undefined;
      try {
        parse(value);
        return undefined;
      } catch (error) {
        if (error instanceof LocalizedError) return { key: error.i18nKey, params: { ...error.params } };
        throw error;
      }
    },
  };
}
