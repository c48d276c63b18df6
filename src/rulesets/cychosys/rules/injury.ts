/**
 * R26–R33, R36: from a strike to changed pools.
 * result → impact → injury → piercing → (anti-impact, parry object) →
 * soak at the location → reduction → hits distributed → conditions taken.
 * Each step is its own function so a dialog can preview it; resolveStrike
 * (strike.ts) chains them.
 *
 * Here R26–R28, R24, R25/R37; soak and reduction (R31–R32) live in
 * injury-soak.ts, hits over the pools (R33, R36) in injury-hits.ts, the
 * effect-list helpers in injury-marks.ts. Import them all from here.
 */
import { impact as chartImpact } from "./chart.js";
import { compileEffects, type EffectsTable, STANDARD_EFFECTS } from "./effects.js";
import { RulesError } from "./errors.js";
import { type Bundle, countLetter, type EffectMark, type Impact, mark, sortMarks } from "./notation.js";
import { type Rules, STANDARD_RULES } from "./options.js";
import { countWounding, isWoundingIn, removeSoakable, removeWoundingPreferPiercing } from "./injury-marks.js";

export { countWounding, woundingEffects } from "./injury-marks.js";
export * from "./injury-soak.js";
export * from "./injury-hits.js";

// ---------------------------------------------------------------------------
// R26: result and impact.

const NO_IMPACT: Impact = Object.freeze({ hits: 0, asterisks: 0 });

export interface StrikeResult {
  /** Winning total − losing total, before F (R26). */
  base: number;
  /** +forceBonus per F in the striker's edge, only when base > 0. */
  forceBonus: number;
  /** What the chart reads: base + forceBonus. */
  value: number;
  impact: Impact;
}

export function strikeResult(strikingTotal: number, otherTotal: number, edge: Bundle, rules: Rules = STANDARD_RULES): StrikeResult {
  const base = strikingTotal - otherTotal;
  const forceBonus = base > 0 ? countLetter(edge, "F") * rules.options.forceBonus : 0;
  const value = base + forceBonus;
  return { base, forceBonus, value, impact: value > 0 ? chartImpact(value, rules.chart) : NO_IMPACT };
}

/** R27: injury = the edge's effects and hits + the impact's hits (effects added to the attack are in the edge given). */
export function injuryFrom(edge: Bundle, impact: Impact): Bundle {
  return { effects: edge.effects, hits: edge.hits + impact.hits };
}

const NO_LETTERS: readonly string[] = Object.freeze([]);

// ---------------------------------------------------------------------------
// R28: piercing.

/** Letters that an asterisk could make piercing: non-piercing wounding effects, repeats kept. */
export function piercingCandidates(injury: Bundle, table: EffectsTable = STANDARD_EFFECTS): string[] {
  const wounding = compileEffects(table).woundingByCode;
  const out: string[] = [];
  for (const m of injury.effects) if (!m.piercing && isWoundingIn(wounding, m.letter)) out.push(m.letter);
  return out;
}

/** How many letters an asterisk could make piercing (`piercingCandidates(…).length`, no list built). */
function countPiercingCandidates(injury: Bundle, table: EffectsTable): number {
  const wounding = compileEffects(table).woundingByCode;
  let n = 0;
  for (const m of injury.effects) if (!m.piercing && isWoundingIn(wounding, m.letter)) n++;
  return n;
}

/** R28 [fixed]: default piercing choice: lowest total reduce cost first, ties in canonical order. */
export function defaultPiercing(injury: Bundle, asterisks: number, table: EffectsTable = STANDARD_EFFECTS): string[] {
  if (asterisks <= 0) return [];
  const { woundingByCode, reduceTotalByCode, rankByCode } = compileEffects(table);
  const keyed: { letter: string; key: number }[] = [];
  for (const m of injury.effects) {
    const code = m.letter.charCodeAt(0);
    if (m.piercing || woundingByCode[code] !== 1) continue;
    keyed.push({ letter: m.letter, key: reduceTotalByCode[code]! * 1024 + rankByCode[code]! });
  }
  return pickLowest(keyed, asterisks);
}

/**
 * The letters of the `count` lowest keys, lowest first, ties in list order (lists here are a handful long).
 * A picked entry's key becomes Infinity instead of being spliced out: the keys are finite, so it is never picked again.
 */
function pickLowest(keyed: { letter: string; key: number }[], count: number): string[] {
  const out: string[] = [];
  const picks = Math.min(count, keyed.length);
  for (let n = 0; n < picks; n++) {
    let best = 0;
    for (let i = 1; i < keyed.length; i++) if (keyed[i]!.key < keyed[best]!.key) best = i;
    out.push(keyed[best]!.letter);
    keyed[best]!.key = Number.POSITIVE_INFINITY;
  }
  return out;
}

export interface PiercingOutcome {
  injury: Bundle;
  /** Letters made piercing by the impact's asterisks. */
  pierced: readonly string[];
  /** Asterisks with no wounding effect left to pierce. */
  unusedAsterisks: number;
}

/**
 * R28: one wounding effect per asterisk becomes piercing, the struck side's
 * choice (`choice`), else the default. A choice must name exactly as many
 * effects as can be pierced.
 */
export function applyPiercing(
  injury: Bundle,
  asterisks: number,
  choice?: readonly string[],
  table: EffectsTable = STANDARD_EFFECTS,
): PiercingOutcome {
  if (asterisks <= 0 && (!choice || choice.length === 0)) return { injury, pierced: NO_LETTERS, unusedAsterisks: 0 };
  const expected = Math.min(Math.max(0, asterisks), countPiercingCandidates(injury, table));
  const pierced = choice ? [...choice] : defaultPiercing(injury, asterisks, table);
  if (pierced.length !== expected) throw new RulesError("piercingCount", { expected, got: pierced.length });
  if (expected === 0) return { injury, pierced: [], unusedAsterisks: Math.max(0, asterisks) };
  const wounding = compileEffects(table).woundingByCode;
  const effects = injury.effects.slice();
  for (const letter of pierced) {
    const removed = removeSoakable(effects, letter, wounding);
    if (!removed) throw new RulesError("piercingNotPresent", { letter });
    effects.push(mark(letter, true));
  }
  return {
    injury: { effects: sortMarks(effects, table), hits: injury.hits },
    pierced,
    unusedAsterisks: asterisks - expected,
  };
}

// ---------------------------------------------------------------------------
// R24: the anti-impact of bravery (and of a won parry, R25).

/** R24 [fixed]: default cancel choice: piercing first, then highest total reduce cost, ties canonical. */
export function defaultCancel(injury: Bundle, asterisks: number, table: EffectsTable = STANDARD_EFFECTS): string[] {
  if (asterisks <= 0) return [];
  const { woundingByCode, reduceTotalByCode, rankByCode } = compileEffects(table);
  const keyed: { letter: string; key: number }[] = [];
  for (const m of injury.effects) {
    const code = m.letter.charCodeAt(0);
    if (woundingByCode[code] !== 1) continue;
    // Lower key first: piercing before plain, then the higher cost, then canonical order.
    keyed.push({ letter: m.letter, key: (m.piercing ? 0 : 1) * 1_048_576 + (1023 - reduceTotalByCode[code]!) * 1024 + rankByCode[code]! });
  }
  return pickLowest(keyed, asterisks);
}

export interface CancelOutcome {
  injury: Bundle;
  cancelledHits: number;
  cancelledEffects: readonly EffectMark[];
}

/**
 * R24: the anti-impact's hits cancel injury hits; each asterisk cancels one
 * wounding effect of the struck side's choice, piercing ones included.
 */
export function applyAntiImpact(
  injury: Bundle,
  anti: Impact,
  choice?: readonly string[],
  table: EffectsTable = STANDARD_EFFECTS,
): CancelOutcome {
  const expected = Math.min(anti.asterisks, countWounding(injury, table));
  const letters = choice ? [...choice] : defaultCancel(injury, anti.asterisks, table);
  if (letters.length !== expected) throw new RulesError("cancelCount", { expected, got: letters.length });
  const woundingByCode = compileEffects(table).woundingByCode;
  const effects = injury.effects.slice();
  const cancelledEffects: EffectMark[] = [];
  for (const letter of letters) {
    const removed = removeWoundingPreferPiercing(effects, letter, woundingByCode);
    if (!removed) throw new RulesError("cancelNotPresent", { letter });
    cancelledEffects.push(removed);
  }
  const cancelledHits = Math.min(injury.hits, anti.hits);
  return { injury: { effects, hits: injury.hits - cancelledHits }, cancelledHits, cancelledEffects };
}

// ---------------------------------------------------------------------------
// R25, R37: the object a won parry lands on.

export interface ParryObject {
  shield: Bundle;
  /** Its own hits (R37); when unknown, the shield's hits ("the chair has 2 hits"). */
  hits?: number;
}

export interface ObjectOutcome extends CancelOutcome {
  /** The object's own shield and hits before the blow. */
  shield: Bundle;
  objectHits: number;
  /** Hits the object takes: those past the anti-impact, up to its own hits. */
  hitsTaken: number;
  destroyed: boolean;
  hitsLeft: number;
}

/**
 * R25: the object's shield cancels too: its hits cancel hits, its effects cancel
 * matching non-piercing wounding effects. The object takes the hits that got
 * past the anti-impact, up to its own hits, and breaks when they reach them.
 */
export function applyParryObject(injury: Bundle, object: ParryObject, table: EffectsTable = STANDARD_EFFECTS): ObjectOutcome {
  const objectHits = object.hits ?? object.shield.hits;
  const hitsTaken = Math.min(injury.hits, objectHits);
  const destroyed = injury.hits > 0 && injury.hits >= objectHits;
  const wounding = compileEffects(table).woundingByCode;
  const effects = injury.effects.slice();
  const cancelledEffects: EffectMark[] = [];
  for (const m of object.shield.effects) {
    const removed = removeSoakable(effects, m.letter, wounding);
    if (removed) cancelledEffects.push(removed);
  }
  const cancelledHits = Math.min(injury.hits, object.shield.hits);
  return {
    shield: object.shield,
    objectHits,
    injury: { effects, hits: injury.hits - cancelledHits },
    cancelledHits,
    cancelledEffects,
    hitsTaken,
    destroyed,
    hitsLeft: objectHits - hitsTaken,
  };
}
