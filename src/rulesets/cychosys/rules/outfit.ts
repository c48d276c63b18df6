/**
 * R29: hit locations; R30: the shield at a location; R31: soak steps there;
 * R34–R35: size (V) and small targets (T) carried in the outfit.
 */
import { type EffectsTable, STANDARD_EFFECTS } from "./effects.js";
import { RulesError } from "./errors.js";
import { type Bundle, countLetter, type EffectMark, EMPTY_BUNDLE, mergeMarks, sortMarks } from "./notation.js";
import { type RulesOptions, STANDARD_OPTIONS } from "./options.js";

export const BODY_LOCATIONS = ["head", "chest", "leftArm", "rightArm", "leftLeg", "rightLeg"] as const;
export const ALL_LOCATIONS = [...BODY_LOCATIONS, "mind", "ego"] as const;
export type BodyLocation = (typeof BODY_LOCATIONS)[number];
export type HitLocation = (typeof ALL_LOCATIONS)[number];

export const LAYERS = ["worn", "skin", "will", "virtual"] as const;
export type Layer = (typeof LAYERS)[number];

/** R29 [seed]: the body location for each last digit of the attack total, 0–9. */
export const LOCATION_BY_DIGIT: readonly BodyLocation[] = [
  "rightLeg", // 0
  "head", // 1
  "chest", // 2
  "chest", // 3
  "chest", // 4
  "leftArm", // 5
  "leftArm", // 6
  "rightArm", // 7
  "rightArm", // 8
  "leftLeg", // 9
];

/** R29: the location struck by a total, from its last digit. */
export function locationFromTotal(total: number): BodyLocation {
  const digit = Math.abs(Math.trunc(total)) % 10;
  return LOCATION_BY_DIGIT[digit]!;
}

/** R29: where a strike lands: the aimed location (an aimed, mental or emotional attack), else the last digit of the striking total. */
export function strikeLocation(strikingTotal: number, aimed?: HitLocation): HitLocation {
  return aimed ?? locationFromTotal(strikingTotal);
}

/**
 * R29 with R23: the location the attacker aimed at (a called location, the
 * mind, the ego) belongs to the attacker's own blow. A counterattack that
 * turns the attack "becomes an attack" of its own: it lands where the last
 * digit of its own striking total says, whatever the first attack aimed at.
 * The one reading shared by the `rules` command, the card and the odds.
 */
export function aimFor(striker: "attacker" | "defender" | undefined, aimed: HitLocation | undefined): HitLocation | undefined {
  return striker === "attacker" ? aimed : undefined;
}

export function isLocation(value: unknown): value is HitLocation {
  return typeof value === "string" && (ALL_LOCATIONS as readonly string[]).includes(value);
}

export function isLayer(value: unknown): value is Layer {
  return typeof value === "string" && (LAYERS as readonly string[]).includes(value);
}

export function requireLocation(value: unknown): HitLocation {
  if (!isLocation(value)) throw new RulesError("unknownLocation", { value: String(value), allowed: ALL_LOCATIONS.join(", ") });
  return value;
}

/** One piece of an outfit (R30): its shield, where it covers, its layer, its weight (R38). */
export interface OutfitPiece {
  shield: Bundle;
  covers: readonly HitLocation[];
  layer: Layer;
  weight?: number;
  name?: string;
}

/**
 * Which layers protect a location: body locations take worn, skin and virtual
 * pieces; the mind and ego take only a will outfit (R29).
 */
export function layerProtects(layer: Layer, location: HitLocation): boolean {
  const mental = location === "mind" || location === "ego";
  return mental ? layer === "will" : layer !== "will";
}

/** The pieces of an outfit that protect a location. */
export function piecesAt(outfit: readonly OutfitPiece[], location: HitLocation): OutfitPiece[] {
  return outfit.filter((piece) => layerProtects(piece.layer, location) && piece.covers.includes(location));
}

// ---------------------------------------------------------------------------
// A sealed outfit, worked out once: every attack on its wearer reads the
// shield and the T at one location (R30, R31, R35), so the outfit an actor
// derives is sealed — frozen all the way down, with its shield and T at
// every location worked out beside it — and an attack looks them up.

const LOCATION_INDEX: Readonly<Record<HitLocation, number>> = Object.freeze(Object.fromEntries(ALL_LOCATIONS.map((l, i) => [l, i])) as Record<HitLocation, number>);

/** Where a sealed outfit keeps its locations (a hidden property: not copied, not compared, not stored). */
const AT_LOCATIONS = Symbol("cychosys.outfitAtLocations");

interface OutfitAtLocations {
  /** R30: the shield at each location, summed in this table's canonical order. */
  table: EffectsTable;
  shields: readonly Bundle[];
  /** R35: the T at each location. */
  small: readonly number[];
}

type SealedOutfit = readonly OutfitPiece[] & { readonly [AT_LOCATIONS]?: OutfitAtLocations };

const frozenBundle = (b: Bundle): Bundle => (Object.isFrozen(b) && Object.isFrozen(b.effects) ? b : Object.freeze({ ...b, effects: Object.freeze([...b.effects]) }));

/**
 * An outfit that cannot change (its pieces, covers and shields frozen), its
 * shield and T at every location worked out now with `table` (R30, R35): the
 * derived outfit of an actor. The same pieces and values as `pieces`.
 */
export function sealOutfit(pieces: readonly OutfitPiece[], table: EffectsTable = STANDARD_EFFECTS): readonly OutfitPiece[] {
  const outfit = pieces.map((p) => Object.freeze({ ...p, covers: Object.freeze([...p.covers]), shield: frozenBundle(p.shield) }));
  const at: OutfitAtLocations = Object.freeze({
    table,
    shields: Object.freeze(ALL_LOCATIONS.map((l) => frozenBundle(sumShieldAt(outfit, l, table)))),
    small: Object.freeze(ALL_LOCATIONS.map((l) => countLetterAt(outfit, l, "T"))),
  });
  Object.defineProperty(outfit, AT_LOCATIONS, { value: at, enumerable: false });
  return Object.freeze(outfit);
}

/** R30: the shield at a location, the sum of every piece covering it. */
export function shieldAt(outfit: readonly OutfitPiece[], location: HitLocation, table: EffectsTable = STANDARD_EFFECTS): Bundle {
  const at = (outfit as SealedOutfit)[AT_LOCATIONS];
  return at?.table === table ? at.shields[LOCATION_INDEX[location]]! : sumShieldAt(outfit, location, table);
}

function sumShieldAt(outfit: readonly OutfitPiece[], location: HitLocation, table: EffectsTable): Bundle {
  let effects: readonly EffectMark[] | undefined;
  let all: EffectMark[] | undefined;
  let first: Bundle | undefined;
  let pieces = 0;
  let hits = 0;
  for (const piece of outfit) {
    if (!layerProtects(piece.layer, location) || !piece.covers.includes(location)) continue;
    const shield = piece.shield;
    pieces++;
    hits += shield.hits;
    if (first === undefined) first = shield;
    // Two or three pieces are merged as they come; a heap of them is gathered and sorted once (R3).
    if (all) all.push(...shield.effects);
    else if (pieces <= 3) effects = effects === undefined ? shield.effects : mergeMarks(effects, shield.effects, table);
    else all = [...effects!, ...shield.effects];
  }
  if (first === undefined) return EMPTY_BUNDLE;
  // Shields carry notes ("X (heat)"); the sum at a location does not.
  if (pieces === 1 && first.note === undefined) return first;
  return { effects: all ? sortMarks(all, table) : effects!, hits };
}

/** R31, R34: soak steps at a location: the base step, one per V in the shield there, plus trademarks. */
export function soakStepsFor(shield: Bundle, extraSoakSteps = 0, options: RulesOptions = STANDARD_OPTIONS): number {
  return options.baseSoakSteps + countLetter(shield, "V") + Math.max(0, extraSoakSteps);
}

/**
 * How many of one letter protect a location: every piece covering it, summed
 * as R30 sums shields (the mind and ego count only will pieces, R29).
 */
export function letterAt(outfit: readonly OutfitPiece[], location: HitLocation, letter: string): number {
  const at = (outfit as SealedOutfit)[AT_LOCATIONS];
  if (at && letter === "T") return at.small[LOCATION_INDEX[location]]!;
  return countLetterAt(outfit, location, letter);
}

function countLetterAt(outfit: readonly OutfitPiece[], location: HitLocation, letter: string): number {
  let n = 0;
  for (const piece of outfit) {
    if (layerProtects(piece.layer, location) && piece.covers.includes(location)) n += countLetter(piece.shield, letter);
  }
  return n;
}

/** The most of one letter at any one location (R30 sums), a whole-outfit summary. */
function mostAtAnyLocation(outfit: readonly OutfitPiece[], letter: string): number {
  let most = 0;
  for (const location of ALL_LOCATIONS) most = Math.max(most, letterAt(outfit, location, letter));
  return most;
}

/** R35: how many T make a target small at a location (R30: every piece covering it, summed). */
export function smallSizeAt(outfit: readonly OutfitPiece[], location: HitLocation): number {
  return letterAt(outfit, location, "T");
}

/**
 * R35, a summary for sheets: the most T at any one location. Not the strike
 * decision, which counts T where the blow lands (`canStrike`).
 */
export function smallSize(outfit: readonly OutfitPiece[]): number {
  return mostAtAnyLocation(outfit, "T");
}

/** R34, a summary for sheets: the most V (size) at any one location; soak counts V where the blow lands (R31). */
export function largeSize(outfit: readonly OutfitPiece[]): number {
  return mostAtAnyLocation(outfit, "V");
}

/** R35: whether an attack reaches a small target where its blow lands, and the T that decided it. */
export interface StrikeReach {
  ok: boolean;
  /** Where the blow lands (R29): the last digit of the striking total, or the aimed location. */
  location: HitLocation;
  /** T protecting that location, every piece covering it summed (R30). */
  needed: number;
  /** T in the attack. */
  has: number;
}

/**
 * R35: can an attack with this bundle strike the target at this location? The
 * T that make a target small are counted where the blow lands, summing every
 * piece that covers it (R30, as R31 counts V): a skin `T1` and a cloak `TB1`
 * need TT; a helmet's T matters for head shots only; the mind and ego are
 * covered only by will pieces (R29), so the T of a skin does not stop an
 * insult. The attack needs at least as many T, or any V.
 */
export function canStrike(attack: Bundle, outfit: readonly OutfitPiece[], location: HitLocation): StrikeReach {
  const needed = smallSizeAt(outfit, location);
  const has = countLetter(attack, "T");
  return { ok: needed === 0 || has >= needed || countLetter(attack, "V") > 0, location, needed, has };
}

/** Expand `"all"` to the six body locations and check every name. */
export function normalizeCovers(covers: "all" | readonly unknown[]): HitLocation[] {
  if (covers === "all") return [...BODY_LOCATIONS];
  const out: HitLocation[] = [];
  for (const value of covers) {
    const location = requireLocation(value);
    if (!out.includes(location)) out.push(location);
  }
  return out;
}
