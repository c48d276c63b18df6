/**
 * Localizing with whatever translator the host installed (Foundry's
 * `game.i18n`, installed by src/foundry/i18n.ts), with the English strings of
 * lang/en.json as the fallback (early in `init`, in tests and in the CLI).
 * Pure: the translator is handed in, never looked up.
 */
import { english } from "./messages.js";

type Params = Record<string, string | number>;

export interface Translator {
  localize(key: string): string;
  format(key: string, data?: Params): string;
}

let translator: () => Translator | undefined = () => undefined;

/** Install the host's translator (read at each call: the host's may only be ready later). */
export function useTranslator(read: () => Translator | undefined): void {
  translator = read;
}

/** The translated text, or the English text when no translator knows the key yet. */
export function format(key: string, params: Params = {}): string {
  const text = translator()?.format(key, params);
  return text !== undefined && text !== key ? text : english(key, params);
}

/** `localize` with the same fallback. */
export function localize(key: string): string {
  const text = translator()?.localize(key);
  return text !== undefined && text !== key ? text : english(key);
}

/** A rules core error in the user's language (`CYCHOSYS.Error.<code>`). */
export function localizeError(error: unknown): string {
  if (error && typeof error === "object" && "i18nKey" in error && "params" in error) {
    const { i18nKey, params } = error as { i18nKey: string; params: Params };
    return format(i18nKey, { ...params });
  }
  return error instanceof Error ? error.message : String(error);
}
