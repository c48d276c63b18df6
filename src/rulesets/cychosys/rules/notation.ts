/**
 * R1–R4: effect bundles and impacts, parsed and formatted.
 *
 * A bundle is a weapon's edge, an outfit's shield, an injury: effect letters,
 * some piercing (`B*`), then whole hits, then an optional note (`X (heat)`).
 * Bundles are immutable values kept in canonical order (R3), so two bundles
 * with the same content are deep-equal and `parse(format(b))` equals `b`.
 */
import { echoText } from "../../../core/echo.js";
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
export const MAX_NOTATION_LENGTH = 500;
/** Most effects one bundle may hold, and the longest note: formatting never exceeds the text limit. */
export const MAX_EFFECTS = 99;
export const MAX_NOTE_LENGTH = 100;

// One frozen mark per letter code and piercing flag, shared by every bundle.
const plainMarks: (EffectMark | undefined)[] = [];
const piercingMarks: (EffectMark | undefined)[] = [];

function markByCode(code: number, piercing: boolean): EffectMark {
  const cache = piercing ? piercingMarks : plainMarks;
  let found = cache[code];
  if (!found) {
    found = Object.freeze({ letter: String.fromCharCode(code), piercing });
    cache[code] = found;
  }
  return found;
}

/** The shared mark for a letter, plain or piercing. */
export function mark(letter: string, piercing = false): EffectMark {
  return markByCode(letter.charCodeAt(0), piercing);
}

export const EMPTY_BUNDLE: Bundle = Object.freeze({ effects: Object.freeze([]) as readonly EffectMark[], hits: 0 });

/** Build a bundle from marks in any order; sorts them canonically (R3). */
export function makeBundle(
  effects: readonly EffectMark[],
  hits = 0,
  note?: string,
  table: EffectsTable = STANDARD_EFFECTS,
): Bundle {
  const sorted = sortMarks(effects.slice(), table);
  return note === undefined ? { effects: sorted, hits } : { effects: sorted, hits, note };
}

/** Canonical sort key of a mark: table position, plain before piercing; unknown letters last. */
function markRank(m: EffectMark, rankByCode: Int16Array): number {
  const r = rankByCode[m.letter.charCodeAt(0)] ?? -1;
  return (r < 0 ? 1000 : r) * 2 + (m.piercing ? 1 : 0);
}

/** Merge two canonical mark lists into one canonical list in one pass (R3, R30). */
export function mergeMarks(a: readonly EffectMark[], b: readonly EffectMark[], table: EffectsTable = STANDARD_EFFECTS): readonly EffectMark[] {
  if (b.length === 0) return a;
  if (a.length === 0) return b;
  const rankByCode = compileEffects(table).rankByCode;
  const out: EffectMark[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (markRank(b[j]!, rankByCode) < markRank(a[i]!, rankByCode)) out.push(b[j++]!);
    else out.push(a[i++]!);
  }
  while (i < a.length) out.push(a[i++]!);
  while (j < b.length) out.push(b[j++]!);
  return out;
}

/** Lists longer than this are sorted by the engine's (stable) sort; shorter ones by insertion. */
const INSERTION_SORT_MAX = 16;

/** Sort marks in place into canonical order (stable: insertion sort for the short lists bundles are, the engine's sort for long ones). */
export function sortMarks(effects: EffectMark[], table: EffectsTable = STANDARD_EFFECTS): EffectMark[] {
  const rankByCode = compileEffects(table).rankByCode;
  if (effects.length > INSERTION_SORT_MAX) return effects.sort((a, b) => markRank(a, rankByCode) - markRank(b, rankByCode));
  for (let i = 1; i < effects.length; i++) {
    const m = effects[i]!;
    const r = markRank(m, rankByCode);
    let j = i - 1;
    while (j >= 0 && markRank(effects[j]!, rankByCode) > r) {
      effects[j + 1] = effects[j]!;
      j--;
    }
    effects[j + 1] = m;
  }
  return effects;
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

function notationError(code: ConstructorParameters<typeof NotationError>[0], text: string, i: number, extra: Record<string, string | number> = {}) {
  return new NotationError(code, text, i + 1, { char: text[i] ?? "", ...extra });
}

/**
 * Parse a bundle (R2). Whitespace is ignored; letters may come in any order;
 * the result is canonical (R3). Throws a NotationError naming the offending
 * character and its 1-based position.
 */
export function parseBundle(text: string, table: EffectsTable = STANDARD_EFFECTS): Bundle {
  if (typeof text !== "string") throw new NotationError("notationEmpty", "", 1);
  if (text.length > MAX_NOTATION_LENGTH) {
    throw new RulesError("notationTooLong", { length: text.length, max: MAX_NOTATION_LENGTH });
  }
  const rankByCode = compileEffects(table).rankByCode;
  const effects: EffectMark[] = [];
  let hits = 0;
  let digitsStart = -1;
  let sawAnything = false;
  let note: string | undefined;
  let inOrder = true;
  let lastRank = -1;

  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (isSpace(code)) continue;
    if (code >= CODE_0 && code <= CODE_9) {
      if (digitsStart < 0) digitsStart = i;
      hits = hits * 10 + (code - CODE_0);
      if (hits > MAX_HITS) {
        let end = i;
        while (end + 1 < text.length && /[0-9\s]/.test(text[end + 1]!)) end++;
        throw notationError("notationHitsTooLarge", text, digitsStart, {
          max: MAX_HITS,
          hits: echoText(text.slice(digitsStart, end + 1).replace(/\s/g, "")),
        });
      }
      sawAnything = true;
      continue;
    }
    if (code >= CODE_A && code <= CODE_Z) {
      if (digitsStart >= 0) throw notationError("notationLetterAfterHits", text, i);
      const rank = rankByCode[code]!;
      if (rank < 0) throw notationError("notationUnknownLetter", text, i);
      let piercing = false;
      let j = i + 1;
      while (j < text.length && isSpace(text.charCodeAt(j))) j++;
      if (j < text.length && text.charCodeAt(j) === CODE_STAR) {
        piercing = true;
        i = j;
        let k = j + 1;
        while (k < text.length && isSpace(text.charCodeAt(k))) k++;
        if (k < text.length && text.charCodeAt(k) === CODE_STAR) throw notationError("notationDoubleAsterisk", text, k);
      }
      const markRankValue = rank * 2 + (piercing ? 1 : 0);
      if (markRankValue < lastRank) inOrder = false;
      lastRank = markRankValue;
      if (effects.length >= MAX_EFFECTS) throw notationError("notationTooManyEffects", text, i, { max: MAX_EFFECTS });
      effects.push(markByCode(code, piercing));
      sawAnything = true;
      continue;
    }
    if (code === CODE_OPEN) {
      const close = text.indexOf(")", i + 1);
      if (close < 0) throw new NotationError("notationUnclosedNote", text, i + 1);
      for (let k = close + 1; k < text.length; k++) {
        if (!isSpace(text.charCodeAt(k))) throw notationError("notationAfterNote", text, k);
      }
      const inner = text.slice(i + 1, close).trim();
      if (inner.includes("(")) throw notationError("notationUnexpected", text, text.indexOf("(", i + 1));
      if (inner.length > MAX_NOTE_LENGTH) throw new NotationError("notationNoteTooLong", text, i + 1, { max: MAX_NOTE_LENGTH });
      if (inner !== "") note = inner;
      if (!sawAnything) throw new NotationError("notationEmpty", text, 1);
      break;
    }
    if (code >= CODE_a && code <= CODE_z) throw notationError("notationLowerCase", text, i, { upper: text[i]!.toUpperCase() });
    if (code === CODE_STAR) throw notationError("notationStrayAsterisk", text, i);
    if (code === CODE_MINUS) throw notationError("notationNegative", text, i);
    if ((code === CODE_DOT || code === CODE_COMMA) && digitsStart >= 0) throw notationError("notationFraction", text, i);
    throw notationError("notationUnexpected", text, i);
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
  const effects = isCanonical(bundle.effects, table) ? bundle.effects : sortMarks(bundle.effects.slice(), table);
  let out = "";
  for (const m of effects) out += m.piercing ? `${m.letter}*` : m.letter;
  if (bundle.hits > 0 || out === "") out += String(bundle.hits);
  return bundle.note ? `${out} (${bundle.note})` : out;
}

function isCanonical(effects: readonly EffectMark[], table: EffectsTable): boolean {
  if (effects.length < 2) return true;
  const rankByCode = compileEffects(table).rankByCode;
  let last = -1;
  for (const m of effects) {
    const rank = markRank(m, rankByCode);
    if (rank < last) return false;
    last = rank;
  }
  return true;
}

// ---------------------------------------------------------------------------
// Bundle arithmetic used by injury, soak and gear improvement.

/** How many of a letter the bundle holds; `piercing` narrows to one kind. */
export function countLetter(bundle: Bundle, letter: string, piercing?: boolean): number {
  // An indexed loop: edges and shields come frozen or not, and for…of over such a mix of arrays costs more than the count.
  const effects = bundle.effects;
  let n = 0;
  for (let i = 0; i < effects.length; i++) {
    const m = effects[i]!;
    if (m.letter === letter && (piercing === undefined || m.piercing === piercing)) n++;
  }
  return n;
}

/** Both bundles' effects together and their hits added (R27, R30). The first note is kept. */
export function addBundles(a: Bundle, b: Bundle, table: EffectsTable = STANDARD_EFFECTS): Bundle {
  const hits = a.hits + b.hits;
  const note = a.note ?? b.note;
  if (b.effects.length === 0) return note === undefined ? { effects: a.effects, hits } : { effects: a.effects, hits, note };
  const effects = sortMarks(a.effects.concat(b.effects), table);
  return note === undefined ? { effects, hits } : { effects, hits, note };
}

/** Sum of many bundles (R30: the shield at a location). */
export function sumBundles(bundles: readonly Bundle[], table: EffectsTable = STANDARD_EFFECTS): Bundle {
  const effects: EffectMark[] = [];
  let hits = 0;
  for (const b of bundles) {
    for (const m of b.effects) effects.push(m);
    hits += b.hits;
  }
  return { effects: sortMarks(effects, table), hits };
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
