/**
 * Odds, step 2 (docs/odds.md): what one strike does, summed up for the odds.
 * A strike's outcome depends on the totals only through the impact of the
 * result (R26, R6–R7: a step function), where it lands (R29: the last digit
 * or the aimed location) and, for bravery and a won parry, the anti-impact of
 * the defense total (R24–R25). So every strike of a distribution falls into
 * a few classes; each class is resolved once with the core's own
 * `resolveStrike` and `canStrike` (the very pipeline the cards apply, with
 * the default choices of R24 and R28) and remembered.
 */
import { impact as chartImpact } from "./chart.js";
import { compileEffects } from "./effects.js";
import type { ParryObject } from "./injury.js";
import { type Bundle, countLetter, formatBundle, type Impact } from "./notation.js";
import type { Rules } from "./options.js";
import { ALL_LOCATIONS, canStrike, type HitLocation, LOCATION_BY_DIGIT, type OutfitPiece } from "./outfit.js";
import { resolveStrike } from "./strike.js";

/** A striker's edge meeting a struck side's protection (R27, R30–R31). */
export interface StrikeSide {
  edge: Bundle;
  outfit: readonly OutfitPiece[];
  extraSoakSteps?: number;
}

/** One class of strike, resolved. */
export interface StrikeSummary {
  /** R35: the attack can strike the target where the blow lands. */
  reached: boolean;
  /** Hits (or fatigue, R36) left after anti-impact, the parry object and soak, before any reduction (R32, the struck side's choice). */
  hits: number;
  /** Canonical positions (R3) of the wounding effects left, repeats kept; and of those left piercing (R28). */
  taken: readonly number[];
  piercing: readonly number[];
  /** R25, R37: the parrying object broke. */
  destroyed: boolean;
}

/** Impacts of values 0…max in dense classes, so a distribution's strikes can be tallied in flat arrays. */
export interface ImpactClasses {
  /** Class of each value 0…max (values ≤ 0 are class of 0: no impact). */
  readonly classOf: Int32Array;
  readonly impacts: readonly Impact[];
}

const classCache = new WeakMap<object, ImpactClasses>();

/** The classes of values 0…max (at least), remembered per chart: a table grown in steps of 256. */
export function impactClasses(max: number, rules: Rules): ImpactClasses {
  const found = classCache.get(rules.chart);
  if (found && found.classOf.length > max) return found;
  const made = buildClasses(Math.ceil((Math.max(0, max) + 1) / 256) * 256, rules);
  classCache.set(rules.chart, made);
  return made;
}

function buildClasses(max: number, rules: Rules): ImpactClasses {
  const classOf = new Int32Array(Math.max(0, max) + 1);
  const impacts: Impact[] = [];
  let last = "";
  for (let v = 0; v < classOf.length; v++) {
    const imp = v > 0 ? chartImpact(v, rules.chart) : { hits: 0, asterisks: 0 };
    const key = `${imp.hits}*${imp.asterisks}`;
    // R6–R7 never decrease, so a class is a run of values: compare with the previous one only.
    if (key !== last) {
      impacts.push(imp);
      last = key;
    }
    classOf[v] = impacts.length - 1;
  }
  return { classOf, impacts };
}

/** R26: what the striker's F add to a positive result. */
export function forceOf(edge: Bundle, rules: Rules): number {
  return countLetter(edge, "F") * rules.options.forceBonus;
}

/** R26: the chart value of a result with the striker's F (only a positive result gets the bonus). */
export function forcedValue(result: number, edge: Bundle, rules: Rules): number {
  return result > 0 ? result + forceOf(edge, rules) : 0;
}

/** R29: the index in ALL_LOCATIONS where a striking total lands. */
export function locationIndexOf(total: number, aimed: HitLocation | undefined): number {
  return ALL_LOCATIONS.indexOf(aimed ?? LOCATION_BY_DIGIT[Math.abs(Math.trunc(total)) % 10]!);
}

/** A total whose last digit lands on the location (R29), for resolving a class with the core. */
function totalLandingOn(location: HitLocation): number {
  const digit = LOCATION_BY_DIGIT.indexOf(location as (typeof LOCATION_BY_DIGIT)[number]);
  return 1000 + Math.max(0, digit);
}

/**
 * The resolved classes of one striker against one struck side, remembered
 * across calls (a dialog asks again on every keystroke with the same gear).
 */
export class StrikeBook {
  private readonly known = new Map<number, StrikeSummary>();

  constructor(
    private readonly side: StrikeSide,
    private readonly aimed: HitLocation | undefined,
    private readonly object: ParryObject | undefined,
    private readonly rules: Rules,
  ) {}

  /**
   * The strike landing at `location` with an impact `hit` (reached from a
   * result of `result`), after an anti-impact `anti` when the defense is
   * bravery or a won parry, on the parry object when `onObject`.
   */
  summary(locationIndex: number, hit: Impact, result: number, anti: Impact | undefined, onObject: boolean): StrikeSummary {
    const key = ((((locationIndex * 1024 + hit.hits) * 1024 + hit.asterisks) * 1024 + (anti ? anti.hits + 1 : 0)) * 1024 + (anti?.asterisks ?? 0)) * 2 + (onObject ? 1 : 0);
    let found = this.known.get(key);
    if (!found) {
      found = this.resolve(ALL_LOCATIONS[locationIndex]!, result, anti, onObject);
      this.known.set(key, found);
    }
    return found;
  }

  private resolve(location: HitLocation, result: number, anti: Impact | undefined, onObject: boolean): StrikeSummary {
    const { side, rules } = this;
    // R35: counted where the blow lands.
    if (!canStrike(side.edge, side.outfit, location).ok) return { reached: false, hits: 0, taken: [], piercing: [], destroyed: false };
    const striking = this.aimed ? 1000 : totalLandingOn(location);
    const strike = resolveStrike(
      {
        strikingTotal: striking,
        otherTotal: striking - result,
        edge: side.edge,
        outfit: side.outfit,
        extraSoakSteps: side.extraSoakSteps ?? 0,
        ...(anti && { antiImpact: anti }),
        ...(onObject && this.object && { object: this.object }),
        ...(this.aimed && { location: this.aimed }),
      },
      rules,
    );
    const rank = compileEffects(rules.effects).rankByCode;
    const taken = strike.taken.map((m) => rank[m.letter.charCodeAt(0)]!);
    const piercing = strike.taken.filter((m) => m.piercing).map((m) => rank[m.letter.charCodeAt(0)]!);
    return { reached: true, hits: strike.hits, taken, piercing, destroyed: strike.object?.destroyed ?? false };
  }
}

const books = new Map<string, StrikeBook>();
const BOOK_LIMIT = 64;

/** The book for a striker and struck side (one per distinct edge, outfit, aim and object). */
export function strikeBook(side: StrikeSide, aimed: HitLocation | undefined, object: ParryObject | undefined, rules: Rules): StrikeBook {
  const fmt = (b: Bundle) => {
    let text = bundleKeys.get(b);
    if (text === undefined) bundleKeys.set(b, (text = formatBundle(b, rules.effects)));
    return text;
  };
  let outfit = outfitKeys.get(side.outfit);
  if (outfit === undefined) {
    outfit = side.outfit.map((p) => `${fmt(p.shield)}@${p.layer}:${p.covers.join(",")}`).join(";");
    outfitKeys.set(side.outfit, outfit);
  }
  const key = [fmt(side.edge), outfit, side.extraSoakSteps ?? 0, aimed ?? "", object ? `${fmt(object.shield)}/${object.hits ?? ""}` : "-"].join("|");
  // A book holds resolutions under one rules object: a world's edited table starts afresh.
  let entry = books.get(key);
  if (!entry || bookRules.get(entry) !== rules) {
    entry = new StrikeBook(side, aimed, object, rules);
    bookRules.set(entry, rules);
    if (books.size >= BOOK_LIMIT) books.clear();
    books.set(key, entry);
  }
  return entry;
}
const bookRules = new WeakMap<StrikeBook, Rules>();
/** An outfit's text key, remembered per outfit list (a dialog and a duel hand the same list in again and again). */
const outfitKeys = new WeakMap<readonly OutfitPiece[], string>();
const bundleKeys = new WeakMap<Bundle, string>();
