/**
 * Localizing through Foundry when it is ready, with the English strings of
 * lang/en.json as the fallback (early in `init`, and in tests).
 */
import { english } from "../core/messages.js";

type Params = Record<string, string | number>;

function i18n(): { localize(key: string): string; format(key: string, data?: Params): string } | undefined {
  const candidate = (globalThis as { game?: { i18n?: unknown } }).game?.i18n as
    | { localize(key: string): string; format(key: string, data?: Params): string; translations?: object }
    | undefined;
  return candidate && typeof candidate.format === "function" ? candidate : undefined;
}

/** `game.i18n.format`, or the English text when Foundry's localization is not there yet. */
export function format(key: string, params: Params = {}): string {
  const text = i18n()?.format(key, params);
  return text !== undefined && text !== key ? text : english(key, params);
}

/** `game.i18n.localize`, with the same fallback. */
export function localize(key: string): string {
  const text = i18n()?.localize(key);
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
