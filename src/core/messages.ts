/**
 * English text for the rules core, read from `lang/en.json` so that every
 * user-facing string has one source. The Foundry adapter localizes the same
 * keys through `game.i18n.format`, so other languages work there too.
 */
import en from "../../lang/en.json" with { type: "json" };

type Tree = { [key: string]: string | Tree };

const ROOT = en as unknown as Tree;

/** Look a dotted key (e.g. `CYCHOSYS.Error.dieFace`) up in the English strings. */
export function englishString(key: string): string | undefined {
  let node: string | Tree | undefined = ROOT;
  for (const part of key.split(".")) {
    if (node === undefined || typeof node === "string") return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

/** Fill `{name}` placeholders the way Foundry's `game.i18n.format` does. */
export function fillPlaceholders(template: string, params: Record<string, unknown>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** English text for a key with its parameters; the key itself when it is missing. */
export function english(key: string, params: Record<string, unknown> = {}): string {
  const template = englishString(key);
  return template === undefined ? key : fillPlaceholders(template, params);
}

/** Turns a key and its parameters into text (English here; `game.i18n.format` in Foundry). */
export type Localize = (key: string, params?: Record<string, unknown>) => string;

/** One line of an explanation: its key and parameters (for another language) and the text. */
export interface ExplainLine {
  key: string;
  params: Record<string, string | number>;
  text: string;
}
