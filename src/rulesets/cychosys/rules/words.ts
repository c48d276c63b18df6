/**
 * Counted words in narration (docs/style.md, "Typography"): "1 hit",
 * "2 hits", never "2 hit(s)". Each noun is a lang entry with plural
 * sub-keys (`CYCHOSYS.Count.<noun>.one`, `.other`, and in other languages
 * `.few`, `.many`…), picked by the count's plural category; a language
 * without the category falls back to `.other`. Pure: the localizer is
 * handed in (English by default).
 */
import { english, type Localize } from "../../../core/messages.js";
import { figure, pluralCategory } from "../../../core/views/text.js";

/** The nouns with plural forms under `CYCHOSYS.Count` in lang/en.json. */
export type CountedNoun = "asterisk" | "condition" | "hit" | "impactHit" | "soakStep" | "step" | "unusedAction";

/** `count` and its noun in the right form: countOf("hit", 1) → "1 hit", countOf("hit", 3) → "3 hits". */
export function countOf(noun: CountedNoun, count: number, localize: Localize = english, locale = "en"): string {
  return countedKey(`CYCHOSYS.Count.${noun}`, count, localize, locale);
}

/** The plural form of any lang entry with plural sub-keys (`<base>.one`, `<base>.other`…), `{count}` filled. */
export function countedKey(base: string, count: number, localize: Localize = english, locale = "en"): string {
  const params = { count: figure(count) };
  const key = `${base}.${pluralCategory(count, locale)}`;
  const text = localize(key, params);
  // A localizer answers a key it does not hold with the key itself.
  return text === key ? localize(`${base}.other`, params) : text;
}
