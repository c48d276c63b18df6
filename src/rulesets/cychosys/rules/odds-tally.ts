/**
 * Odds, step 3 (docs/odds.md): chances tallied by strike class while the
 * totals are enumerated, then read out once per class through the strike
 * books (odds-strike.ts) into the figures a defense form's odds show.
 */
import { compileEffects } from "./effects.js";
import type { Impact } from "./notation.js";
import type { Rules } from "./options.js";
import { ALL_LOCATIONS } from "./outfit.js";
import type { ImpactClasses, StrikeBook } from "./odds-strike.js";

/** Who is struck: the defender (by the attacker's edge) or the attacker (by the defender's counter, R23). */
export const DEFENDER = 0;
export const ATTACKER = 1;

const LOCATIONS = ALL_LOCATIONS.length;

/** The figures of one defense form (or any mixture of outcomes), every chance exact. */
export interface StrikeOdds {
  /** The attack missed: nobody is struck (R22, R25). */
  miss: number;
  /** R35: a blow that would land cannot strike the small target there. */
  smallTarget: number;
  /** The blow lands on the defender / on the attacker (R23: a counter that turns it). */
  defenderStruck: number;
  attackerStruck: number;
  /** R25: the parry won (ties included): the blow lands on the object. */
  parryWon: number;
  /** R25, R37: the parrying object broke. */
  objectBreaks: number;
  /** Expected hits (fatigue, R36) each side takes after soak, before reductions (R31–R32). */
  defenderHits: number;
  attackerHits: number;
  /** The defender takes at least one hit or one wounding effect. */
  defenderHurt: number;
  /** Per letter (R10): chance the defender is left with at least one of it after soak (taken unless reduced, R32), and at least one piercing (R28: cannot be reduced). */
  taken: Record<string, number>;
  piercing: Record<string, number>;
  /** Every chance counted (1 for a whole distribution; tests check it). */
  mass: number;
}

/** Which dimensions a tally needs: both sides (an exchange), anti-impacts (bravery, parry), a won parry. */
export interface TallyShape {
  sides: 1 | 2;
  anti: boolean;
  won: boolean;
}

/**
 * One scratch buffer for every tally (a tally is filled and read before the
 * next one starts): no array allocated or scanned per call, only the cells
 * touched are read and cleared.
 */
let scratchMass = new Float64Array(1024);
let scratchRep = new Int32Array(1024);
let touched = new Int32Array(1024);
let touchedCount = 0;

const letterLists = new WeakMap<object, readonly string[]>();
/** The table's letters in canonical order (R3), listed once per table. */
function lettersOf(rules: Rules): readonly string[] {
  let found = letterLists.get(rules.effects);
  if (!found) letterLists.set(rules.effects, (found = compileEffects(rules.effects).table.effects.map((e) => e.letter)));
  return found;
}

function clearScratch(): void {
  for (let t = 0; t < touchedCount; t++) scratchMass[touched[t]!] = 0;
  touchedCount = 0;
}

/** Chances tallied by (struck side, location, impact class, anti-impact class, parry won). */
export class Tally {
  miss = 0;
  private readonly k: number;
  private readonly a: number;
  private readonly w: number;

  constructor(
    private readonly classes: ImpactClasses,
    shape: TallyShape,
  ) {
    this.k = classes.impacts.length;
    this.a = shape.anti ? this.k + 1 : 1;
    this.w = shape.won ? 2 : 1;
    const size = shape.sides * LOCATIONS * this.k * this.a * this.w;
    clearScratch(); // a tally that was never read (an error on the way) leaves nothing behind
    if (scratchMass.length < size) {
      scratchMass = new Float64Array(size);
      scratchRep = new Int32Array(size);
    }
    if (touched.length < size) touched = new Int32Array(size);
  }

  /**
   * A strike of `side` landing at `location`, from a result of `result` with
   * the striker's F worth `force` (R26), after the anti-impact of the
   * defense total `anti` (−1: none), on the parry object when `won`.
   */
  add(side: number, location: number, result: number, force: number, anti: number, won: boolean, chance: number): void {
    const cls = this.classes.classOf[result > 0 ? result + force : 0]!;
    const antiCls = anti < 0 ? 0 : this.classes.classOf[anti]! + 1;
    const i = (((side * LOCATIONS + location) * this.k + cls) * this.a + antiCls) * this.w + (won ? 1 : 0);
    if (scratchMass[i] === 0) touched[touchedCount++] = i;
    scratchMass[i]! += chance;
    scratchRep[i] = result;
  }

  /** Read the tally out: each class resolved once by its side's book. */
  read(books: readonly [StrikeBook, StrikeBook | undefined], rules: Rules): StrikeOdds {
    const letters = lettersOf(rules);
    const takenBy = new Float64Array(letters.length);
    const piercingBy = new Float64Array(letters.length);
    const out: StrikeOdds = {
      miss: this.miss, smallTarget: 0, defenderStruck: 0, attackerStruck: 0, parryWon: 0, objectBreaks: 0,
      defenderHits: 0, attackerHits: 0, defenderHurt: 0, taken: {}, piercing: {}, mass: this.miss,
    };
    const { impacts } = this.classes;
    const seen = new Uint8Array(letters.length);
    for (let t = 0; t < touchedCount; t++) {
      const i = touched[t]!;
      const chance = scratchMass[i]!;
      if (chance === 0) continue;
      out.mass += chance;
      const won = this.w === 2 && i % 2 === 1;
      let rest = (i - (won ? 1 : 0)) / this.w;
      const antiCls = rest % this.a;
      rest = (rest - antiCls) / this.a;
      const cls = rest % this.k;
      rest = (rest - cls) / this.k;
      const location = rest % LOCATIONS;
      const side = (rest - location) / LOCATIONS;
      const book = books[side];
      if (!book) continue;
      const anti: Impact | undefined = antiCls === 0 ? undefined : impacts[antiCls - 1];
      const s = book.summary(location, impacts[cls]!, scratchRep[i]!, anti, won);
      if (won) out.parryWon += chance;
      if (!s.reached) {
        out.smallTarget += chance;
        continue;
      }
      if (s.destroyed) out.objectBreaks += chance;
      if (side === ATTACKER) {
        out.attackerStruck += chance;
        out.attackerHits += chance * s.hits;
        continue;
      }
      if (!won) out.defenderStruck += chance;
      out.defenderHits += chance * s.hits;
      if (s.hits > 0 || s.taken.length > 0) out.defenderHurt += chance;
      seen.fill(0);
      for (const r of s.taken) if (!seen[r]) { seen[r] = 1; takenBy[r]! += chance; }
      seen.fill(0);
      for (const r of s.piercing) if (!seen[r]) { seen[r] = 1; piercingBy[r]! += chance; }
    }
    clearScratch();
    letters.forEach((letter, r) => {
      if (takenBy[r]! > 0) out.taken[letter] = takenBy[r]!;
      if (piercingBy[r]! > 0) out.piercing[letter] = piercingBy[r]!;
    });
    return out;
  }
}
