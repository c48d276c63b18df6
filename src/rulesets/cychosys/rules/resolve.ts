/**
 * One complete attack, end to end: contest (R21–R25), small targets (R35, at
 * the location the blow lands, R29), then the strike (R26–R33, R36). This is
 * what the `rules` command and the demo call, and what the chat cards show.
 */
import { type ContestOutcome, contest, type Defense, type Side } from "./contest.js";
import type { ObjectOutcome, ParryObject } from "./injury.js";
import { type Bundle, formatBundle, formatImpact, formatLetters } from "./notation.js";
import { type Rules, STANDARD_RULES } from "./options.js";
import { aimFor, canStrike, type HitLocation, type OutfitPiece, smallSizeAt, strikeLocation } from "./outfit.js";
import { resolveStrike, type StrikeChoices, type StrikeInput, type StrikeResolution } from "./strike.js";
import type { Facet, Pools } from "./types.js";

export interface Combatant {
  outfit: readonly OutfitPiece[];
  extraSoakSteps?: number;
  pools?: Pools;
}

export interface AttackInput {
  attacker: Combatant & { total: number; surge?: boolean; edge: Bundle };
  defender: Combatant;
  /** For a parry, `object` is what the blow lands on if the parry wins (R25). */
  defense: Defense & { object?: ParryObject };
  location?: HitLocation;
  nonLethal?: Facet;
  choices?: StrikeChoices;
}

/** R35: why a small target is not struck: the T at the location the blow would land on (R29, R30). */
export interface SmallTargetMiss {
  location: HitLocation;
  /** The location was aimed at (R29), not read from the last digit of the striking total. */
  aimed: boolean;
  needed: number;
  has: number;
}

export interface AttackResolution {
  contest: ContestOutcome;
  struck: Side | "none";
  /** Why nobody is struck. */
  missed?: "miss" | "smallTarget";
  /** R35: where the blow would land, whether it was aimed there, the T there and the T the attack has. */
  smallTarget?: SmallTargetMiss;
  strike?: StrikeResolution;
}

export function resolveAttack(input: AttackInput, rules: Rules = STANDARD_RULES): AttackResolution {
  const outcome = contest(input.attacker, input.defense, rules);
  if (outcome.struck === "none") return { contest: outcome, struck: "none", missed: "miss" };

  const struckSide = outcome.struck === "defender" ? input.defender : input.attacker;
  const edge = outcome.edge!;
  // R29 with R23: only the attacker's own blow goes where it was aimed; a counter lands by its own total.
  const aimed = aimFor(outcome.striker, input.location);
  // R35 needs the location (R29): the T that make a target small are counted where the blow lands (none there: any blow reaches).
  const location = strikeLocation(outcome.strikingTotal!, aimed);
  if (smallSizeAt(struckSide.outfit, location) > 0) {
    const reach = canStrike(edge, struckSide.outfit, location);
    if (!reach.ok) {
      const smallTarget = { location: reach.location, aimed: aimed !== undefined, needed: reach.needed, has: reach.has };
      return { contest: outcome, struck: "none", missed: "smallTarget", smallTarget };
    }
  }
  // Every field present (undefined when it does not apply): one object shape for every strike, as the contest outcome has.
  const strikeInput: StrikeInput = {
    strikingTotal: outcome.strikingTotal!,
    otherTotal: outcome.otherTotal!,
    edge,
    antiImpact: outcome.antiImpact,
    object: outcome.parryWon ? input.defense.object : undefined,
    outfit: struckSide.outfit,
    extraSoakSteps: struckSide.extraSoakSteps ?? 0,
    location: aimed,
    pools: struckSide.pools,
    nonLethal: input.nonLethal,
    choices: input.choices,
  };
  const strike = resolveStrike(strikeInput, rules);
  return { contest: outcome, struck: outcome.struck, strike };
}

/** The outcome in the documented JSON shape of the `rules` command (version 1). */
export interface AttackOutcomeJson {
  struck: Side | "none";
  result: number | null;
  impact: string | null;
  location: HitLocation | null;
  injury: string | null;
  soakSteps: number | null;
  afterSoak: string | null;
  reduced: string[];
  taken: string | null;
  hits: number | null;
  pools?: Pools;
  parryBonus?: number;
  object?: { hitsTaken: number; destroyed: boolean };
  /** Extras that explain the outcome; not needed to read the figures above. */
  missed?: "miss" | "smallTarget";
  /** R35: where the blow would land, the T there and the T the attack has. */
  smallTarget?: { location: HitLocation; needed: number; has: number };
  antiImpact?: { impact: string; cancelledHits: number; cancelled: string };
  exchange?: { side: Side; raw: number; handicap: number; total: number; beat: boolean }[];
  forceBonus?: number;
  piercing?: string[];
  overflow?: number;
}

export function outcomeJson(resolution: AttackResolution, rules: Rules = STANDARD_RULES): AttackOutcomeJson {
  const { contest: c, strike } = resolution;
  const fmt = (b: Bundle) => formatBundle(b, rules.effects);
  const out: AttackOutcomeJson = {
    struck: resolution.struck,
    result: strike ? strike.result.base : null,
    impact: strike ? formatImpact(strike.result.impact) : null,
    location: strike ? strike.location : null,
    injury: strike ? fmt(strike.injury) : null,
    soakSteps: strike ? strike.soak.applied : null,
    afterSoak: strike ? fmt(strike.soak.injury) : null,
    reduced: strike ? strike.reduction.reduced : [],
    taken: strike ? formatLetters(strike.taken) : null,
    hits: strike ? strike.hits : null,
  };
  if (strike?.pools) out.pools = strike.pools;
  if (c.parryWon && c.parryBonus !== undefined) out.parryBonus = c.parryBonus;
  if (strike?.object) out.object = objectJson(strike.object);
  if (resolution.missed) out.missed = resolution.missed;
  if (resolution.smallTarget) {
    const { location, needed, has } = resolution.smallTarget;
    out.smallTarget = { location, needed, has };
  }
  if (strike?.antiImpact) {
    out.antiImpact = {
      impact: formatImpact(strike.antiImpact.impact),
      cancelledHits: strike.antiImpact.cancelledHits,
      cancelled: formatLetters(strike.antiImpact.cancelledEffects),
    };
  }
  if (c.exchange) {
    out.exchange = c.exchange.map(({ side, raw, handicap, total, beat }) => ({ side, raw, handicap, total, beat }));
  }
  if (strike && strike.result.forceBonus) out.forceBonus = strike.result.forceBonus;
  if (strike && strike.piercing.pierced.length) out.piercing = [...strike.piercing.pierced];
  if (strike?.distribution?.overflow) out.overflow = strike.distribution.overflow;
  return out;
}

function objectJson(object: ObjectOutcome): { hitsTaken: number; destroyed: boolean } {
  return { hitsTaken: object.hitsTaken, destroyed: object.destroyed };
}
