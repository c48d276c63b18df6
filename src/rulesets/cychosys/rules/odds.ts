/**
 * Exact odds of one attack against each defense form (docs/odds.md): evade
 * (R22), brave (R24), parry (R25) and counter (R23), from the distributions
 * of the totals (odds-totals.ts, R11–R13) through the strike classes
 * (odds-strike.ts, R26–R35). Every pair of totals is enumerated; nothing is
 * sampled. Pure: the rules, the totals and the sides are all parameters.
 *
 * Modelling assumptions (each stated in docs/odds.md):
 * - The struck side takes the default choices of R24 (cancel) and R28
 *   (piercing); "hits" are counted after soak and before reductions (R32,
 *   the struck side's choice), and a wounding effect left after soak counts
 *   as taken (unless reduced).
 * - R23 exchange: the side due to answer counters again while its chance of
 *   beating the standing total is at least `counterAgainAt` (default ½) and
 *   fewer than `maxCounters` counterattacks (default 6) have been made; else
 *   it takes the blow.
 */
import type { AttackOdds, DefenseOdds } from "../../../core/ruleset.js";
import type { ParryObject } from "./injury.js";
import type { Bundle } from "./notation.js";
import { type Rules, STANDARD_RULES } from "./options.js";
import type { HitLocation, OutfitPiece } from "./outfit.js";
import type { Facet } from "./types.js";
import { DEFENSE_FORMS, type DefenseForm } from "./contest.js";
import { knownTotal, tieTable, type TotalOdds, totalOdds, type TotalSpec } from "./odds-totals.js";
import { forceOf, forcedValue, impactClasses, locationIndexOf, strikeBook } from "./odds-strike.js";
import { DEFENDER, type StrikeOdds, Tally } from "./odds-tally.js";
import { exchange, type ExchangePolicy, STANDARD_EXCHANGE_POLICY } from "./odds-exchange.js";

export { type ExchangePolicy, STANDARD_EXCHANGE_POLICY } from "./odds-exchange.js";

export type { StrikeOdds } from "./odds-tally.js";

/** A total to come (its dice and static part), or one already rolled. */
export type TotalInput = TotalSpec | { known: number; surge?: boolean };

export interface CychosysOddsQuery {
  attack: {
    total: TotalInput;
    /** R23: the total the attacker counters again with inside an exchange (no added effects). */
    again: TotalSpec;
    /** The edge with the effects added to the attack (R27). */
    edge: Bundle;
    /** R29: an aimed location (the mind, the ego); else the last digit decides. */
    location?: HitLocation;
    /** R36: the impact is read as fatigue from this pool. */
    nonLethal?: Facet;
    /** The attacker's protection, for a counter that turns the attack (R23). */
    outfit: readonly OutfitPiece[];
    extraSoakSteps?: number;
  };
  defender: {
    outfit: readonly OutfitPiece[];
    extraSoakSteps?: number;
    /** The total each form would use; a form left out is not offered. */
    evade?: TotalSpec;
    brave?: TotalSpec;
    parry?: TotalSpec & { object?: ParryObject };
    /** The counter's total (its added effects' cost in it) and the counter weapon's edge. */
    counter?: TotalSpec & { edge: Bundle };
  };
  policy?: Partial<ExchangePolicy>;
}

export interface FormOdds extends StrikeOdds {
  form: DefenseForm;
  /** R23: the defender's first counter seizes the attack. */
  counterSeizes?: number;
}

const totalOf = (input: TotalInput): TotalOdds => ("known" in input ? knownTotal(input.known, input.surge ?? false) : totalOdds(input));

/** The odds of the attack against every form the query offers, in the order evade, brave, parry, counter. */
export function cychosysOdds(query: CychosysOddsQuery, rules: Rules = STANDARD_RULES): FormOdds[] {
  const attack = totalOf(query.attack.total);
  const out: FormOdds[] = [];
  for (const form of DEFENSE_FORMS) {
    const spec = query.defender[form];
    if (!spec) continue;
    out.push(formOdds(form, query, attack, rules));
  }
  return out;
}

/** The odds of the attack against one form (the form must be offered by the query). */
export function formOdds(form: DefenseForm, query: CychosysOddsQuery, attack: TotalOdds = totalOf(query.attack.total), rules: Rules = STANDARD_RULES): FormOdds {
  const { defender } = query;
  const aimed = query.attack.location;
  const onDefender = { edge: query.attack.edge, outfit: defender.outfit, extraSoakSteps: defender.extraSoakSteps ?? 0 };
  switch (form) {
    case "evade":
    case "brave":
    case "parry": {
      const spec = defender[form]!;
      const defense = totalOdds(spec);
      const object = form === "parry" ? defender.parry?.object : undefined;
      const book = strikeBook(onDefender, aimed, object, rules);
      const tally = new Tally(impactClasses(valueCeiling([attack, defense], [query.attack.edge], rules), rules), { sides: 1, anti: form !== "evade", won: form === "parry" });
      simpleContest(form, attack, defense, query.attack.edge, aimed, tally, rules);
      return { form, ...tally.read([book, undefined], rules) };
    }
    case "counter": {
      const spec = defender.counter!;
      const onAttacker = { edge: spec.edge, outfit: query.attack.outfit, extraSoakSteps: query.attack.extraSoakSteps ?? 0 };
      const again = totalOdds(query.attack.again);
      const first = totalOdds(spec);
      const tally = new Tally(impactClasses(valueCeiling([attack, again, first], [query.attack.edge, spec.edge], rules), rules), { sides: 2, anti: false, won: false });
      const policy = { ...STANDARD_EXCHANGE_POLICY, ...query.policy };
      const seizes = exchange(attack, again, first, { attacker: query.attack.edge, defender: spec.edge }, aimed, policy, tally, rules);
      // R29 with R23: the attacker struck by a counter is struck where the counter's own total lands, never where the attack aimed.
      const odds = tally.read([strikeBook(onDefender, aimed, undefined, rules), strikeBook(onAttacker, undefined, undefined, rules)], rules);
      return { form, ...odds, counterSeizes: seizes };
    }
  }
}

/** The highest chart value any strike here can reach: a result with the most F (R26), or a defense total read as an anti-impact (R24). */
function valueCeiling(totals: readonly TotalOdds[], edges: readonly Bundle[], rules: Rules): number {
  const top = Math.max(...totals.map((t) => t.plain.length));
  return Math.max(...edges.map((e) => forcedValue(top, e, rules)));
}

/** R22, R24, R25: every pair of an attack total and a defense total. */
function simpleContest(form: "evade" | "brave" | "parry", attack: TotalOdds, defense: TotalOdds, edge: Bundle, aimed: HitLocation | undefined, tally: Tally, rules: Rules): void {
  // R22: a tie misses (the defense wins it) unless a surge decides (R12); R25: ties go to the parry [fixed, parryWinsTies].
  const ties = tieTable(form === "parry" && !rules.options.parryWinsTies ? "a" : "b", rules.options);
  const force = forceOf(edge, rules);
  for (let as = 0; as < 2; as++) {
    const aChances = as ? attack.surge : attack.plain;
    for (let a = 0; a < aChances.length; a++) {
      const pa = aChances[a]!;
      if (pa === 0) continue;
      const location = locationIndexOf(a, aimed);
      for (let ds = 0; ds < 2; ds++) {
        const dChances = ds ? defense.surge : defense.plain;
        for (let d = 0; d < dChances.length; d++) {
          const pd = dChances[d]!;
          if (pd === 0) continue;
          const chance = pa * pd;
          const result = a - d;
          const hits = result > 0 || (result === 0 && ties[as]![ds]!);
          if (form === "brave") {
            // R24: the attack always arrives; the defense total is the anti-impact.
            tally.add(DEFENDER, location, result, force, d, false, chance);
          } else if (hits) {
            tally.add(DEFENDER, location, result, force, -1, false, chance);
          } else if (form === "parry") {
            // R25: the blow lands on the parrying object, read as bravery with the object's shield.
            tally.add(DEFENDER, location, result, force, d, true, chance);
          } else {
            tally.miss += chance;
          }
        }
      }
    }
  }
}

/** The odds in the engine's shape (src/core/ruleset.ts): one entry per form, injury in hits (fatigue for a non-lethal contest, R36). */
export function cychosysAttackOdds(query: CychosysOddsQuery, rules: Rules = STANDARD_RULES): AttackOdds {
  return { unit: query.attack.nonLethal ? "fatigue" : "hits", defenses: cychosysOdds(query, rules).map(defenseOdds) };
}

function defenseOdds(o: FormOdds): DefenseOdds {
  const outcomes: Record<string, number> = { miss: o.miss, smallTarget: o.smallTarget, hurt: o.defenderHurt };
  if (o.form === "parry") {
    outcomes.parryWon = o.parryWon;
    outcomes.objectBreaks = o.objectBreaks;
  }
  if (o.counterSeizes !== undefined) outcomes.counterSeizes = o.counterSeizes;
  for (const [letter, chance] of Object.entries(o.taken)) outcomes[`taken.${letter}`] = chance;
  for (const [letter, chance] of Object.entries(o.piercing)) outcomes[`piercing.${letter}`] = chance;
  return { defense: o.form, struck: o.defenderStruck, injury: o.defenderHits, attackerStruck: o.attackerStruck, attackerInjury: o.attackerHits, outcomes };
}
