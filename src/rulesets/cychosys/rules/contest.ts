/**
 * R21–R25: an attack total against one of the four defense forms, and the
 * counterattack exchange. Decides who is struck, by which total and edge;
 * the injury itself is R26–R33 (injury.ts, strike.ts).
 */
import { impact, rank } from "./chart.js";
import { RulesError } from "./errors.js";
import type { Bundle, Impact } from "./notation.js";
import { type Rules, STANDARD_RULES } from "./options.js";
import { beats, counterHandicap, type OpposedTotal } from "./totals.js";

export const DEFENSE_FORMS = ["evade", "brave", "parry", "counter"] as const;
export type DefenseForm = (typeof DEFENSE_FORMS)[number];
export type Side = "attacker" | "defender";

export function isDefenseForm(value: unknown): value is DefenseForm {
  return typeof value === "string" && (DEFENSE_FORMS as readonly string[]).includes(value);
}

export function otherSide(side: Side): Side {
  return side === "attacker" ? "defender" : "attacker";
}

export interface AttackTotal extends OpposedTotal {
  /** Edge of the weapon or trick with the effects added to the attack (R19, R27). */
  edge: Bundle;
}

export type Defense =
  | ({ form: "evade" | "brave" | "parry" } & OpposedTotal)
  | {
      form: "counter";
      /** Successive counter totals before handicap: defender first, then attacker, alternating (R23). */
      totals: readonly OpposedTotal[];
      /** The defender's weapon edge, used if the defender ends up striking. */
      edge: Bundle;
    };

/** One counterattack of an exchange (R23). */
export interface ExchangeStep {
  side: Side;
  /** k: 1 for the first counterattack of the exchange. */
  k: number;
  raw: number;
  handicap: number;
  total: number;
  surge: boolean;
  /** The total it had to beat. */
  answers: number;
  beat: boolean;
}

export interface ContestOutcome {
  form: DefenseForm;
  /** The attack total, and the defense total (counter: the first counter after handicap). */
  attackTotal: number;
  defenseTotal: number;
  /** Who takes injury resolution; "none" when the attack misses. */
  struck: Side | "none";
  /** The striking side and its edge, when someone is struck. */
  striker?: Side;
  edge?: Bundle;
  /** The total that strikes (its last digit gives the location, R29). */
  strikingTotal?: number;
  /** The total it is compared with. */
  otherTotal?: number;
  /** R24/R25: the defense total read as an impact that cancels injury. */
  antiImpact?: Impact;
  /** R25: the parry won (ties included): the blow lands on the parrying object. */
  parryWon?: boolean;
  /** R25: rank(defense − attack) for the defender's next attack on this attacker this round. */
  parryBonus?: number;
  /** R23: every counterattack made, in order. */
  exchange?: ExchangeStep[];
  /** R23: the exchange ended because a side declined rather than failed. */
  declinedBy?: Side;
}

/**
 * R21–R25: resolve who is struck. Totals are final action totals (effect
 * costs paid); counter totals are before their handicap.
 */
export function contest(attack: AttackTotal, defense: Defense, rules: Rules = STANDARD_RULES): ContestOutcome {
  const { options } = rules;
  switch (defense.form) {
    case "evade":
      // R22: strictly larger hits; equal or lower misses (a surge wins a tie, R12).
      return beats(attack, defense, "b", options)
        ? struckDefender("evade", attack, defense.total)
        : outcomeOf("evade", attack.total, defense.total, "none");
    case "brave": {
      // R24: the attack always arrives; the defense total becomes the anti-impact.
      const outcome = struckDefender("brave", attack, defense.total);
      outcome.antiImpact = impact(defense.total, rules.chart);
      return outcome;
    }
    case "parry": {
      // R25: a higher attack strikes as evasion; otherwise it lands on the parry.
      const outcome = struckDefender("parry", attack, defense.total);
      outcome.parryWon = !beats(attack, defense, options.parryWinsTies ? "b" : "a", options);
      if (outcome.parryWon) {
        outcome.antiImpact = impact(defense.total, rules.chart);
        outcome.parryBonus = rank(defense.total - attack.total, rules.chart);
      }
      return outcome;
    }
    case "counter":
      return counterExchange(attack, defense.totals, defense.edge, rules);
    default:
      throw new RulesError("unknownForm", { value: String((defense as { form: unknown }).form) });
  }
}

/** A contest outcome with every field present (undefined where it does not apply): one shape for all. */
function outcomeOf(form: DefenseForm, attackTotal: number, defenseTotal: number, struck: Side | "none"): ContestOutcome {
  return {
    form,
    attackTotal,
    defenseTotal,
    struck,
    striker: undefined,
    edge: undefined,
    strikingTotal: undefined,
    otherTotal: undefined,
    antiImpact: undefined,
    parryWon: undefined,
    parryBonus: undefined,
    exchange: undefined,
    declinedBy: undefined,
  };
}

function struckDefender(form: DefenseForm, attack: AttackTotal, defenseTotal: number): ContestOutcome {
  const outcome = outcomeOf(form, attack.total, defenseTotal, "defender");
  outcome.striker = "attacker";
  outcome.edge = attack.edge;
  outcome.strikingTotal = attack.total;
  outcome.otherTotal = defenseTotal;
  return outcome;
}

/**
 * R23: the k-th counterattack carries 8k (k × the power of C). A counter that
 * beats the total it answers seizes the attack; the exchange ends when one
 * fails, or when the totals run out (the side due to answer declined). The
 * failing or declining side is struck by the last successful total, with the
 * striker's own edge.
 */
export function counterExchange(
  attack: AttackTotal,
  counters: readonly OpposedTotal[],
  defenderEdge: Bundle,
  rules: Rules = STANDARD_RULES,
): ContestOutcome {
  if (counters.length === 0) throw new RulesError("counterTotals");
  const exchange: ExchangeStep[] = [];
  let standing: { side: Side; total: number; surge: boolean } = {
    side: "attacker",
    total: attack.total,
    surge: Boolean(attack.surge),
  };
  const lastTotal: Record<Side, number> = { attacker: attack.total, defender: 0 };
  for (let i = 0; i < counters.length; i++) {
    const k = i + 1;
    const side: Side = k % 2 === 1 ? "defender" : "attacker";
    const counter = counters[i]!;
    const handicap = counterHandicap(k, rules.effects);
    const total = Math.max(0, counter.total - handicap);
    const surge = Boolean(counter.surge);
    const beat = beats({ total, surge }, standing, "b", rules.options);
    exchange.push({ side, k, raw: counter.total, handicap, total, surge, answers: standing.total, beat });
    lastTotal[side] = total;
    if (!beat) {
      return strikeFromExchange(attack, standing.side, side, standing.total, total, exchange, defenderEdge);
    }
    standing = { side, total, surge };
  }
  const decliner = otherSide(standing.side);
  const outcome = strikeFromExchange(attack, standing.side, decliner, standing.total, lastTotal[decliner], exchange, defenderEdge);
  outcome.declinedBy = decliner;
  return outcome;
}

function strikeFromExchange(
  attack: AttackTotal,
  striker: Side,
  struck: Side,
  strikingTotal: number,
  otherTotal: number,
  exchange: ExchangeStep[],
  defenderEdge: Bundle,
): ContestOutcome {
  const outcome = outcomeOf("counter", attack.total, exchange[0]!.total, struck);
  outcome.striker = striker;
  outcome.edge = striker === "attacker" ? attack.edge : defenderEdge;
  outcome.strikingTotal = strikingTotal;
  outcome.otherTotal = otherTotal;
  outcome.exchange = exchange;
  return outcome;
}
