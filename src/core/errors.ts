/**
 * An error whose text lives in lang/en.json: `i18nKey` + `params` let the
 * Foundry side localize it with `game.i18n.format`; `message` is the English.
 * Every ruleset's errors are LocalizedErrors with their own key prefix.
 */
import { english } from "./messages.js";

export class LocalizedError<Code extends string = string> extends Error {
  readonly code: Code;
  readonly params: Readonly<Record<string, string | number>>;
  readonly i18nKey: string;

  constructor(prefix: string, code: Code, params: Record<string, string | number> = {}) {
    super(english(`${prefix}.${code}`, params));
    this.code = code;
    this.params = params;
    this.i18nKey = `${prefix}.${code}`;
  }
}

/** A problem with a JSON input as a whole (syntax, limits, size): `CYCHOSYS.Error.<code>`. */
export class InputError extends LocalizedError<"scenarioJson" | "scenarioLimit" | "scenarioTooLarge"> {
  constructor(code: "scenarioJson" | "scenarioLimit" | "scenarioTooLarge", params: Record<string, string | number> = {}) {
    super("CYCHOSYS.Error", code, params);
    this.name = "InputError";
  }
}
