/**
 * R1–R4: effect bundles and impacts, parsed and formatted.
 *
 * A bundle is a weapon's edge, an outfit's shield, an injury: effect letters,
 * some piercing (`B*`), then whole hits, then an optional note (`X (heat)`).
 * Bundles are immutable values kept in canonical order (R3), so two bundles
 * with the same content are deep-equal and `parse(format(b))` equals `b`.
 */
import { NotationError, RulesError } from "./errors.js";
import { compileEffects, type EffectsTable, STANDARD_EFFECTS } from "./effects.js";
import { MAX_HITS } from "./types.js";

/** One effect in a bundle. Instances are shared and frozen: compare by fields. */
export interface EffectMark {
  readonly letter: string;
  readonly piercing: boolean;
}

export interface Bundle {
  /** In canonical order (R3); within one letter, plain before piercing. */
  readonly effects: readonly EffectMark[];
  readonly hits: number;
  /** Text of a `(note)`; no mechanical effect (R2). */
  readonly note?: string;
}

/** R4: hits plus asterisks, e.g. `4*`. */
export interface Impact {
  readonly hits: number;
  readonly asterisks: number;
}

/** Longest notation text accepted; anything longer is an input mistake, not a bundle. */
export const MAX_NOTATION_LENGTH = 200;

const marks = new Map<string, EffectMark>();

/** The shared mark for a letter, plain or piercing. */
export function mark(letter: string, piercing = false): EffectMark {
  const key = piercing ? `${letter}*` : letter;
  let found = marks.get(key);
  if (!found) {
    found = Object.freeze({ letter, piercing });
    marks.set(key, found);
  }
  return found;
}

export const EMPTY_BUNDLE: Bundle = Object.freeze({ effects: Object.freeze([]) as readonly EffectMark[], hits: 0 });

/** Build a bundle from marks in any order; sorts them canonically (R3). */
export function makeBundle(
  effects: readonly EffectMark[],
  hits = 0,
  note?: string,
  table: EffectsTable = STANDARD_EFFECTS,
): Bundle {
  const sorted = sortMarks(effects, table);
  return note === undefined ? { effects: sorted, hits } : { effects: sorted, hits, note };
}

function sortMarks(effects: readonly EffectMark[], table: EffectsTable): readonly EffectMark[] {
  if (effects.length < 2) return effects.slice();
  const order = compileEffects(table).order;
  const rankOf = (m: EffectMark) => (order.get(m.letter) ?? 1000) * 2 + (m.piercing ? 1 : 0);
  return effects.slice().sort((a, b) => rankOf(a) - rankOf(b) || (a.letter < b.letter ? -1 : a.letter > b.letter ? 1 : 0));
}

const CODE_0 = 48;
const CODE_9 = 57;
const CODE_A = 65;
const CODE_Z = 90;
const CODE_a = 97;
const CODE_z = 122;
const CODE_STAR = 42;
const CODE_OPEN = 40;
const CODE_CLOSE = 41;
const CODE_MINUS = 45;
const CODE_DOT = 46;
const CODE_COMMA = 44;

function isSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13 || code === 160;
}

/**
 * Parse a bundle (R2). Whitespace is ignored; letters may come in any order;
 * the result is canonical (R3). Throws a NotationError naming the offending
 * character and its 1-based position.
 */
export function parseBundle(text: string, table: EffectsTable = STANDARD_EFFECTS): Bundle {
  if (typeof text !== "string") throw new NotationError("notationEmpty", String(text), 1);
  if (text.length > MAX_NOTATION_LENGTH) {
    throw new RulesError("notationTooLong", { length: text.length, max: MAX_NOTATION_LENGTH });
  }
  const known = compileEffects(table).byLetter;
  const effects: EffectMark[] = [];
  let hits = 0;
  let digits = 0;
  let digitsStart = -1;
  let sawAnything = false;
  let note: string | undefined;
  let inOrder = true;
  const order = compileEffects(table).order;
  let lastRank = -1;
  const fail = (code: ConstructorParameters<typeof NotationError>[0], i: number, extra: Record<string, string | number> = {}) =>
    new NotationError(code, text, i + 1, { char: text[i] ?? "", ...extra });

  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (isSpace(code)) continue;
    if (code >= CODE_0 && code <= CODE_9) {
      if (digits === 0) digitsStart = i;
      hits = hits * 10 + (code - CODE_0);
      digits++;
      if (hits > MAX_HITS) {
        let end = i;
        while (end + 1 < text.length && /[0-9\s]/.test(text[end + 1]!)) end++;
        throw fail("notationHitsTooLarge", digitsStart, {
          max: MAX_HITS,
          hits: text.slice(digitsStart, end + 1).replace(/\s/g, ""),
        });
      }
      sawAnything = true;
      continue;
    }
    if (code >= CODE_A && code <= CODE_Z) {
      if (digits > 0) throw fail("notationLetterAfterHits", i);
      const letter = text[i]!;
      if (!known.has(letter)) throw fail("notationUnknownLetter", i);
      let piercing = false;
      let j = i + 1;
      while (j < text.length && isSpace(text.charCodeAt(j))) j++;
      if (j < text.length && text.charCodeAt(j) === CODE_STAR) {
        piercing = true;
        i = j;
        let k = j + 1;
        while (k < text.length && isSpace(text.charCodeAt(k))) k++;
        if (k < text.length && text.charCodeAt(k) === CODE_STAR) throw fail("notationDoubleAsterisk", k);
      }
      const m = mark(letter, piercing);
      const rank = (order.get(letter) ?? 0) * 2 + (piercing ? 1 : 0);
      if (rank < lastRank) inOrder = false;
      lastRank = rank;
      effects.push(m);
      sawAnything = true;
      continue;
    }
    if (code === CODE_OPEN) {
      const close = text.indexOf(")", i + 1);
      if (close < 0) throw new NotationError("notationUnclosedNote", text, i + 1);
      for (let k = close + 1; k < text.length; k++) {
        if (!isSpace(text.charCodeAt(k))) throw fail("notationAfterNote", k);
      }
      const inner = text.slice(i + 1, close).trim();
      if (inner.includes("(")) throw fail("notationUnexpected", text.indexOf("(", i + 1));
      if (inner !== "") note = inner;
      if (!sawAnything) throw new NotationError("notationEmpty", text, 1);
      break;
    }
    if (code >= CODE_a && code <= CODE_z) {
      throw fail("notationLowerCase", i, { upper: text[i]!.toUpperCase() });
    }
    if (code === CODE_STAR) throw fail("notationStrayAsterisk", i);
    if (code === CODE_MINUS) throw fail("notationNegative", i);
    if ((code === CODE_DOT || code === CODE_COMMA) && digits > 0) throw fail("notationFraction", i);
    if (code === CODE_CLOSE) throw fail("notationUnexpected", i);
    throw fail("notationUnexpected", i);
  }
  if (!sawAnything) throw new NotationError("notationEmpty", text, 1);
  const sorted = inOrder ? effects : sortMarks(effects, table);
  return note === undefined ? { effects: sorted, hits } : { effects: sorted, hits, note };
}

/** Parse, or return undefined instead of throwing (for quick checks). */
export function tryParseBundle(text: string, table: EffectsTable = STANDARD_EFFECTS): Bundle | undefined {
  try {
    return parseBundle(text, table);
  } catch (error) {
    if (error instanceof RulesError) return undefined;
    throw error;
  }
}

/** Format a bundle canonically (R3): letters in table order, `*` after piercing ones, hits, ` (note)`. */
export function formatBundle(bundle: Bundle, table: EffectsTable = STANDARD_EFFECTS): string {
  const effects = isCanonical(bundle.effects, table) ? bundle.effects : sortMarks(bundle.effects, table);
  let out = "";
  for (const m of effects) out += m.piercing ? `${m.letter}*` : m.letter;
  if (bundle.hits > 0 || out === "") out += String(bundle.hits);
  return bundle.note ? `${out} (${bundle.note})` : out;
}

function isCanonical(effects: readonly EffectMark[], table: EffectsTable): boolean {
  if (effects.length < 2) return true;
  const order = compileEffects(table).order;
  let last = -1;
  for (const m of effects) {
    const rank = (order.get(m.letter) ?? 1000) * 2 + (m.piercing ? 1 : 0);
    if (rank < last) return false;
    last = rank;
  }
  return true;
}

// ---------------------------------------------------------------------------
// Bundle arithmetic used by injury, soak and gear improvement.

/** How many of a letter the bundle holds; `piercing` narrows to one kind. */
export function countLetter(bundle: Bundle, letter: string, piercing?: boolean): number {
  let n = 0;
  for (const m of bundle.effects) {
    if (m.letter === letter && (piercing === undefined || m.piercing === piercing)) n++;
  }
  return n;
}

/** Both bundles' effects together and their hits added (R27, R30). The first note is kept. */
export function addBundles(a: Bundle, b: Bundle, table: EffectsTable = STANDARD_EFFECTS): Bundle {
  const hits = a.hits + b.hits;
  const note = a.note ?? b.note;
  if (b.effects.length === 0) return note === undefined ? { effects: a.effects, hits } : { effects: a.effects, hits, note };
  return makeBundle([...a.effects, ...b.effects], hits, note, table);
}

/** Sum of many bundles (R30: the shield at a location). */
export function sumBundles(bundles: readonly Bundle[], table: EffectsTable = STANDARD_EFFECTS): Bundle {
  const effects: EffectMark[] = [];
  let hits = 0;
  for (const b of bundles) {
    effects.push(...b.effects);
    hits += b.hits;
  }
  return makeBundle(effects, hits, undefined, table);
}

/** The bundle with different hits. */
export function withHits(bundle: Bundle, hits: number): Bundle {
  return bundle.note === undefined ? { effects: bundle.effects, hits } : { effects: bundle.effects, hits, note: bundle.note };
}

/** The bundle with its effects replaced (already canonical) and the note dropped. */
export function withEffects(bundle: Bundle, effects: readonly EffectMark[]): Bundle {
  return { effects, hits: bundle.hits };
}

/** The bundle without its note (injuries carry none). */
export function withoutNote(bundle: Bundle): Bundle {
  return bundle.note === undefined ? bundle : { effects: bundle.effects, hits: bundle.hits };
}

/** Add letters (plain) to a bundle, e.g. effects added to an attack (R19) or gear (R41). */
export function addLetters(bundle: Bundle, letters: readonly string[], table: EffectsTable = STANDARD_EFFECTS): Bundle {
  if (letters.length === 0) return bundle;
  return makeBundle([...bundle.effects, ...letters.map((l) => mark(l))], bundle.hits, bundle.note, table);
}

/** The letters of a bundle as a string without hits, e.g. `VD*` (for conditions and messages). */
export function formatLetters(effects: readonly EffectMark[]): string {
  let out = "";
  for (const m of effects) out += m.piercing ? `${m.letter}*` : m.letter;
  return out;
}

/** Split letter text such as `"XP"` or `["X","P"]` into letters, checking each against the table. */
export function parseLetters(input: string | readonly string[], table: EffectsTable = STANDARD_EFFECTS): string[] {
  const text = typeof input === "string" ? input : input.join("");
  if (text.trim() === "") return [];
  return parseBundle(text, table).effects.map((m) => m.letter);
}

// ---------------------------------------------------------------------------
// R4: impacts.

export function formatImpact(impact: Impact): string {
  return `${impact.hits}${"*".repeat(impact.asterisks)}`;
}

export function parseImpact(text: string): Impact {
  const match = /^\s*(\d{1,3})\s*(\**)\s*$/.exec(text);
  if (!match) throw new RulesError("impactInvalid", { text });
  return { hits: Number(match[1]), asterisks: match[2]!.length };
}
