/**
 * Localizing through Foundry's `game.i18n` once it is there; the functions
 * themselves are the core's (src/core/i18n.ts), which fall back to English.
 */
import { type Translator, useTranslator } from "../core/i18n.js";

export { format, localize, localizeError } from "../core/i18n.js";

useTranslator(() => {
  const candidate = (globalThis as { game?: { i18n?: unknown } }).game?.i18n as Translator | undefined;
  return candidate && typeof candidate.format === "function" ? candidate : undefined;
});
