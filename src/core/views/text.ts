/**
 * The house style's typography (docs/style.md, "Typography"), for every
 * ruleset's cards, sheets, trackers and narration: signed numbers with a
 * true minus, real plurals, sentence case, lists in words. Pure: the locale
 * is handed in (English by default), nothing is looked up.
 */

/** The minus sign (U+2212), never the hyphen-minus, before a negative figure. */
export const MINUS = "\u2212";

/** A figure as text, a negative one with a true minus: −2, 0, 3. */
export function figure(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  return value < 0 ? `${MINUS}${String(-value)}` : String(value === 0 ? 0 : value);
}

/** A modifier: +3, −2, and 0 (or `zero`, e.g. "±0") for nothing. */
export function signed(value: number, zero = "0"): string {
  if (!Number.isFinite(value)) return String(value);
  if (value === 0) return zero;
  return value > 0 ? `+${String(value)}` : figure(value);
}

/** Text with every hyphen used as a minus before a digit (at the start, or after a space or bracket) made a true minus: "-2" → "−2", "1d6-1" unchanged. */
export function trueMinus(text: string): string {
  return text.replace(/(^|[\s([{/=:,])-(?=\d)/g, `$1${MINUS}`);
}

/** A plural rule's category for `count` in `locale` ("one", "other", and in other languages "few", "many"…). */
export function pluralCategory(count: number, locale = "en"): Intl.LDMLPluralRule {
  return new Intl.PluralRules(locale).select(count);
}

/** The forms of one word or phrase by plural category; `other` is required, the rest fall back to it. */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

/**
 * `count` with the right form, `{count}` in the form replaced by the count
 * written as a figure: plural(1, { one: "{count} hit", other: "{count} hits" }) → "1 hit".
 */
export function plural(count: number, forms: PluralForms, locale = "en"): string {
  const form = forms[pluralCategory(count, locale)] ?? forms.other;
  return form.replaceAll("{count}", figure(count));
}

/**
 * The lang key of `count`'s plural form under `base` (`<base>.one`,
 * `<base>.other`…), falling back to `<base>.other` when the language has no
 * entry for the category: for lang files that hold plurals as sub-keys.
 */
export function pluralKey(base: string, count: number, has: (key: string) => boolean, locale = "en"): string {
  const key = `${base}.${pluralCategory(count, locale)}`;
  return has(key) ? key : `${base}.other`;
}

/**
 * The text with its first word's letter a capital (locale-aware), the rest
 * untouched: "mortally wounded" → "Mortally wounded"; a text that opens with
 * a figure ("3 hits") stays as it is.
 */
export function sentenceCase(text: string, locale = "en"): string {
  const first = text.match(/[\p{L}\p{N}]/u);
  if (!first || first.index === undefined || !/\p{L}/u.test(first[0])) return text;
  const at = first.index;
  return text.slice(0, at) + text.charAt(at).toLocaleUpperCase(locale) + text.slice(at + 1);
}

/** Items joined as a reader says them, in the locale's own words: in English "A", "A and B", "A, B, and C". */
export function listText(items: readonly string[], locale = "en"): string {
  return new Intl.ListFormat(locale, { style: "long", type: "conjunction" }).format(items);
}
