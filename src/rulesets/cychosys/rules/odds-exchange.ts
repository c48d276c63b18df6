/**
 * Odds of the R23 exchange (docs/odds.md): the defender's first counter
 * (handicap 8) must beat the attack; then the side due to answer counters
 * again (handicap 8k) or takes it, by the policy. A counter that fails is
 * struck by the standing total (result: standing − the failed total); a side
 * that takes it is struck with result standing − its own last total. The
 * states are kept sparse — (the total the standing one beat, the standing
 * total, its surge) with their chance — and every strike goes to the tally.
 */
import type { Bundle } from "./notation.js";
import type { Rules } from "./options.js";
import { aimFor, type HitLocation } from "./outfit.js";
import { forceOf, locationIndexOf } from "./odds-strike.js";
import { ATTACKER, DEFENDER, type Tally } from "./odds-tally.js";
import { chanceToBeat, handicapped, tieTable, type TotalOdds } from "./odds-totals.js";
import { counterHandicap } from "./totals.js";

/** R23: how deep an exchange of counterattacks goes (an assumption about players, not a rule). */
export interface ExchangePolicy {
  /** A side counters again when its chance of beating the standing total is at least this. */
  counterAgainAt: number;
  /** No side counters again once this many counterattacks have been made in the exchange. */
  maxCounters: number;
}

export const STANDARD_EXCHANGE_POLICY: Readonly<ExchangePolicy> = Object.freeze({ counterAgainAt: 0.5, maxCounters: 6 });

/** A growable list of (prev, standing, surge, chance) states. */
class States {
  data = new Float64Array(256);
  length = 0;
  push(prev: number, standing: number, surge: number, chance: number): void {
    if (this.length + 4 > this.data.length) {
      const grown = new Float64Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = prev;
    this.data[this.length++] = standing;
    this.data[this.length++] = surge;
    this.data[this.length++] = chance;
  }
}

/** The exchange's strikes into `tally`; returns the chance that the first counter seizes the attack. */
export function exchange(
  attack: TotalOdds,
  again: TotalOdds,
  counter: TotalOdds,
  edges: { attacker: Bundle; defender: Bundle },
  aimed: HitLocation | undefined,
  policy: ExchangePolicy,
  tally: Tally,
  rules: Rules,
): number {
  const ties = tieTable("b", rules.options);
  const forces = [forceOf(edges.defender, rules), forceOf(edges.attacker, rules)]; // by striking side: DEFENDER 0, ATTACKER 1
  let states = new States();
  for (let t = 0; t < attack.plain.length; t++) {
    if (attack.plain[t]! > 0) states.push(0, t, 0, attack.plain[t]!);
    if (attack.surge[t]! > 0) states.push(0, t, 1, attack.surge[t]!);
  }
  let standingSide = ATTACKER;
  let seizes = 0;
  for (let k = 1; states.length > 0; k++) {
    const answering = standingSide === ATTACKER ? DEFENDER : ATTACKER;
    const rolls = handicapped(answering === DEFENDER ? counter : again, counterHandicap(k, rules.effects));
    const force = forces[standingSide]!;
    // R29 with R23: the standing side strikes; only the attacker's own blow goes where it was aimed.
    const landsAt = aimFor(standingSide === ATTACKER ? "attacker" : "defender", aimed);
    // Who counters: the first counter is the form itself; later ones follow the policy, on the standing total (all the answering side knows).
    const answers = new Map<number, boolean>();
    const answer = (v: number, s: number) => {
      const key = v * 2 + s;
      let yes = answers.get(key);
      if (yes === undefined) answers.set(key, (yes = k === 1 || (k <= policy.maxCounters && chanceToBeat(rolls, v, s === 1, ties) >= policy.counterAgainAt)));
      return yes;
    };
    // The chance that stands at (v, s) and is answered; takers are struck at once.
    const weight = new Map<number, number>();
    const d = states.data;
    for (let i = 0; i < states.length; i += 4) {
      const prev = d[i]!;
      const v = d[i + 1]!;
      const s = d[i + 2]!;
      const chance = d[i + 3]!;
      if (answer(v, s)) weight.set(v * 2 + s, (weight.get(v * 2 + s) ?? 0) + chance);
      else tally.add(answering, locationIndexOf(v, landsAt), v - prev, force, -1, false, chance);
    }
    const next = new States();
    let going = 0;
    for (const [key, w] of weight) {
      const v = key >> 1;
      const s = key & 1;
      const location = locationIndexOf(v, landsAt);
      for (let cs = 0; cs < 2; cs++) {
        const chances = cs ? rolls.surge : rolls.plain;
        for (let c = 0; c < chances.length; c++) {
          const pc = chances[c]!;
          if (pc === 0) continue;
          const chance = w * pc;
          if (c > v || (c === v && ties[cs]![s]!)) {
            next.push(v, c, cs, chance);
            going += chance;
          } else {
            // Fails: struck by the standing total, result standing − the failed counter.
            tally.add(answering, location, v - c, force, -1, false, chance);
          }
        }
      }
    }
    if (k === 1) seizes = going;
    states = next;
    standingSide = answering;
  }
  return seizes;
}
