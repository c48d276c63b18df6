/**
 * `npm run duel`: one Cychosys duel played to its end with the full rules —
 * turn order by quickness each round (R14), each side's actions (R15), the
 * attack total and the defense the defender picks (R13, R21–R25), the
 * exchange of counters (R23), small targets (R35), the whole strike with its
 * default choices (R26–R33), conditions that lower totals and quickness
 * (R10, R38), the parry bonus for the round (R25), the parrying object
 * wearing out (R37). A side is out when a hit pool reaches 0 (R33) or a
 * condition leaves it unable to act (Unconscious).
 *
 * The policy (docs/odds.md): each attacker uses the weapon or trick with the
 * most expected hits against the defender's best answer, adds no effects;
 * each defender, seeing the attack total, takes the form with the best
 * expected outcome (`bestDefense` of the exact odds); inside an exchange a
 * side counters again by the odds' own policy. Never extra actions or waits.
 * Dice come from the `DiceSource` handed in; nothing here is random.
 */
import { english } from "../../../core/messages.js";
import { bestDefense, type DiceSource, type DuelResult } from "../../../core/ruleset.js";
import type { ActionTotalView } from "../data/derive/combatant.js";
import {
  actionTotal, beats, chanceToBeat, conditionPenalties, counterHandicap, cychosysAttackOdds, type CychosysOddsQuery, type DefenseForm, type Facet,
  type FacetValues, handicapped, type OpposedTotal, outOfFight, quickness, resolveAttack, type Rules, STANDARD_EXCHANGE_POLICY, STANDARD_RULES,
  type TotalOdds, type TotalSpec, tieTable, totalOdds, turnOrder,
} from "../rules/index.js";
import { defaultDefenseTotal, defenderOptions, dialogQuery, type OddsSide, parryGearOf } from "../workflow/odds-query.js";
import type { CychosysFighter } from "./fighter.js";

interface Side {
  id: "a" | "b";
  fighter: CychosysFighter;
  hit: FacetValues;
  conditions: string[];
  penalty: FacetValues & { incapacitated: boolean };
  /** R25, R37: hits left on each parrying item. */
  parryLeft: Map<string, number>;
  /** R25: the bonus held against the other side this round. */
  parryBonus: number;
  tiebreak: number;
  /** What the odds read of the side as it stands, worked out again only when a condition or a parrying object changes. */
  view?: SideView;
}

interface SideView {
  /** The state the defender's options depend on (penalties, hits left to parry), and the penalties alone, as small numbers. */
  key: number;
  penalties: number;
  totals: ActionTotalView[];
  odds: OddsSide;
  options: CychosysOddsQuery["defender"];
  againKey: string;
}

function sideOf(id: "a" | "b", fighter: CychosysFighter, roll: DiceSource): Side {
  const pools = fighter.derived.pools;
  return {
    id, fighter, hit: { ...pools.hit }, conditions: [], penalty: { physical: 0, mental: 0, emotional: 0, incapacitated: false },
    parryLeft: new Map(fighter.gear.map((g) => [g.id, g.parry.hits])), parryBonus: 0, tiebreak: roll(1_000_000),
  };
}

const isOut = (s: Side) => s.penalty.incapacitated || outOfFight(s.hit).defeated;

/** The side's view: R10, R13 totals less its conditions' penalties; its gear with the hits left to parry; its defense options (R22–R25). */
function viewOf(s: Side, rules: Rules): SideView {
  if (s.view) return s.view;
  const p = s.penalty;
  const penalties = `${s.id}${p.physical},${p.mental},${p.emotional}`;
  const text = `${penalties}|${[...s.parryLeft.values()].join(",")}`;
  // The same state in another duel (or later in this one): the same view.
  const known = views.get(s.fighter)?.get(text);
  if (known) return (s.view = known);
  const totals = s.fighter.derived.totals.map((t) => ({ ...t, static: t.static - p[t.facet as Facet] }));
  const gear = s.fighter.gear.map((g) => ({ ...g, parry: { ...g.parry, hits: s.parryLeft.get(g.id) ?? 0 } }));
  const odds: OddsSide = { totals, outfit: s.fighter.derived.outfit, extraSoakSteps: s.fighter.source.modifiers.soakSteps, gear };
  s.view = { key: intern(s, text), penalties: intern(s, penalties), totals, odds, options: defenderOptions(odds, rules), againKey: defaultDefenseTotal("counterAgain", totals, gear[0]?.id ?? "") };
  let mine = views.get(s.fighter);
  if (!mine) views.set(s.fighter, (mine = new Map()));
  if (mine.size > 5_000) mine.clear();
  mine.set(text, s.view);
  return s.view;
}

/** A state's text as a small number (lookups by number are cheaper than by a new string). */
const intern = (s: Side, text: string): number => s.fighter.ids.id(text);

const views = new WeakMap<CychosysFighter, Map<string, SideView>>();

/** A decision remembered by the fighter, per pair of states (`outer`) and a number (`inner`). */
const remembered = <T>(s: Side, outer: number, inner: number, make: () => T): T => s.fighter.memo.get(outer, inner, make);

/** Two state ids (each below 2^20) as one number, tagged by the kind of decision. */
const pair = (kind: number, a: number, b: number) => (kind * 1_048_576 + a) * 1_048_576 + b;

/** Policy: the weapon or trick with the most expected hits against the defender's best answer. */
function chooseAttack(me: Side, them: Side, rules: Rules) {
  if (me.fighter.attacks.length === 1) return me.fighter.attacks[0]!;
  const mine = viewOf(me, rules);
  const theirs = viewOf(them, rules);
  return remembered(me, pair(1, mine.penalties, theirs.key), me.parryBonus, () => {
    let best = me.fighter.attacks[0]!;
    let most = -1;
    for (const option of me.fighter.attacks) {
      const total = mine.totals.find((t) => t.key === option.key)!;
      const query = dialogQuery({ total, modifier: 0, cost: 0, edge: option.edge, parryBonus: me.parryBonus }, mine.odds, theirs.odds, rules);
      const expected = bestDefense(cychosysAttackOdds(query, rules)).injury;
      if (expected > most) {
        most = expected;
        best = option;
      }
    }
    return best;
  });
}

const rollTotal = (spec: TotalSpec, roll: DiceSource, extra = 0): OpposedTotal => {
  const faces = new Array<number>(Math.max(1, spec.dice));
  for (let i = 0; i < faces.length; i++) faces[i] = roll(12);
  const t = actionTotal({ base: spec.static, roll: faces, parryBonus: extra });
  return { total: t.total, surge: t.surge };
};

function specFor(totals: readonly ActionTotalView[], key: string): TotalSpec {
  const t = totals.find((x) => x.key === key) ?? totals[0]!;
  return { dice: t.dice, static: t.static };
}

/** One attack, resolved and applied. */
function attack(me: Side, them: Side, roll: DiceSource, rules: Rules): void {
  const option = chooseAttack(me, them, rules);
  const mine = viewOf(me, rules);
  const theirs = viewOf(them, rules);
  const spec = specFor(mine.totals, option.key);
  const attackTotal = rollTotal(spec, roll, me.parryBonus);
  me.parryBonus = 0;
  // The defender sees the total on the card and answers with its best form (bestDefense of the exact odds).
  const again = specFor(mine.totals, mine.againKey);
  const choice = (me.fighter.attacks.indexOf(option) * 4096 + attackTotal.total) * 2 + (attackTotal.surge ? 1 : 0);
  const form = remembered(them, pair(2, theirs.key, mine.penalties), choice, () => {
    const query: CychosysOddsQuery = {
      attack: { total: { known: attackTotal.total, surge: !!attackTotal.surge }, again, edge: option.edge, outfit: me.fighter.derived.outfit, extraSoakSteps: me.fighter.source.modifiers.soakSteps },
      defender: theirs.options,
    };
    return bestDefense(cychosysAttackOdds(query, rules)).defense as DefenseForm;
  });
  const options = theirs.options;
  let defense;
  if (form === "counter") {
    const counter = options.counter!;
    defense = { form, totals: exchangeTotals(attackTotal, counter, again, roll, rules), edge: counter.edge };
  } else {
    const chosen = options[form]!;
    const rolled = rollTotal(chosen, roll);
    const object = form === "parry" && "object" in chosen ? chosen.object : undefined;
    defense = { form, ...rolled, ...(object && { object }) };
  }
  const res = resolveAttack(
    {
      attacker: { ...attackTotal, edge: option.edge, outfit: me.fighter.derived.outfit, extraSoakSteps: me.fighter.source.modifiers.soakSteps, pools: { hit: me.hit, fatigue: me.fighter.derived.pools.fatigue } },
      defender: { outfit: them.fighter.derived.outfit, extraSoakSteps: them.fighter.source.modifiers.soakSteps, pools: { hit: them.hit, fatigue: them.fighter.derived.pools.fatigue } },
      defense,
    },
    rules,
  );
  // R25: a won parry's bonus against this attacker for the round; the object wears (R37).
  if (res.contest.parryWon) them.parryBonus = res.contest.parryBonus ?? 0;
  if (res.strike?.object) {
    const gear = parryGearOf(theirs.odds.gear);
    if (gear && them.parryLeft.get(gear.id) !== res.strike.object.hitsLeft) {
      them.parryLeft.set(gear.id, res.strike.object.hitsLeft);
      them.view = undefined;
    }
  }
  const strike = res.strike;
  if (!strike?.pools) return;
  const struck = res.struck === "attacker" ? me : them;
  struck.hit = strike.pools.hit;
  if (strike.taken.length) {
    for (const m of strike.taken) struck.conditions.push(m.letter);
    struck.penalty = conditionPenalties(struck.conditions, rules.effects);
    struck.view = undefined;
  }
}

const decided = new WeakMap<TotalOdds, Map<number, boolean>>();

/** R23, the odds' policy: does a side whose counters are `rolls` counter again on this standing total? Remembered per distribution. */
function countersAgain(rolls: TotalOdds, standing: OpposedTotal, ties: [[boolean, boolean], [boolean, boolean]], at: number): boolean {
  let known = decided.get(rolls);
  if (!known) decided.set(rolls, (known = new Map()));
  const key = standing.total * 2 + (standing.surge ? 1 : 0);
  let yes = known.get(key);
  if (yes === undefined) known.set(key, (yes = chanceToBeat(rolls, standing.total, !!standing.surge, ties) >= at));
  return yes;
}

/** R23: the counters of an exchange, each side countering again while the policy says so. */
function exchangeTotals(attackTotal: OpposedTotal, counter: TotalSpec, again: TotalSpec, roll: DiceSource, rules: Rules): OpposedTotal[] {
  const ties = tieTable("b", rules.options);
  const policy = STANDARD_EXCHANGE_POLICY;
  const totals = [rollTotal(counter, roll)];
  let standing: OpposedTotal = { total: Math.max(0, totals[0]!.total - counterHandicap(1, rules.effects)), surge: totals[0]!.surge };
  if (!beats(standing, attackTotal, "b", rules.options)) return totals;
  for (let k = 2; k <= policy.maxCounters; k++) {
    const spec = k % 2 === 0 ? again : counter;
    const handicap = counterHandicap(k, rules.effects);
    if (!countersAgain(handicapped(totalOdds(spec), handicap), standing, ties, policy.counterAgainAt)) break;
    const next = rollTotal(spec, roll);
    totals.push(next);
    const after = { total: Math.max(0, next.total - handicap), surge: next.surge };
    if (!beats(after, standing, "b", rules.options)) break;
    standing = after;
  }
  return totals;
}

/** One duel: rounds until a side is out (the other wins), both are, or `maxRounds` pass (a draw). */
export function playCychosysDuel(a: CychosysFighter, b: CychosysFighter, roll: DiceSource, maxRounds: number, rules: Rules = STANDARD_RULES): DuelResult {
  const sides = [sideOf("a", a, roll), sideOf("b", b, roll)] as const;
  for (let round = 1; round <= maxRounds; round++) {
    // R14: order by quickness from current pools and conditions, recomputed each round.
    const entries = sides.map((s) => ({
      id: s.id, side: s, playerCharacter: s.fighter.playerCharacter, physicalHits: s.hit.physical, tiebreak: s.tiebreak,
      quickness: quickness({ hitPools: s.hit, outfit: s.fighter.derived.outfit, trademarkModifier: s.fighter.source.modifiers.quickness, conditions: s.conditions }, rules.effects).quickness,
    }));
    for (const s of sides) s.parryBonus = 0;
    for (const { side: me } of turnOrder(entries)) {
      const them = me === sides[0] ? sides[1] : sides[0];
      // R15: the round's actions, all spent attacking.
      const actions = rules.options.actionsPerRound + Math.max(0, me.fighter.source.modifiers.actions);
      for (let i = 0; i < actions && !isOut(me) && !isOut(them); i++) attack(me, them, roll, rules);
    }
    const [aOut, bOut] = [isOut(sides[0]), isOut(sides[1])];
    if (aOut || bOut) return { winner: aOut && bOut ? "draw" : aOut ? "b" : "a", rounds: round };
  }
  return { winner: "draw", rounds: maxRounds };
}

/** The expected hits of `me`'s chosen attack against `them`'s best answer before the roll, and that answer (R21–R25). */
function expectedExchange(me: Side, them: Side, rules: Rules) {
  const option = chooseAttack(me, them, rules);
  const mine = viewOf(me, rules);
  const total = mine.totals.find((t) => t.key === option.key)!;
  const query = dialogQuery({ total, modifier: 0, cost: 0, edge: option.edge, parryBonus: 0 }, mine.odds, viewOf(them, rules).odds, rules);
  const best = bestDefense(cychosysAttackOdds(query, rules));
  return { option, total, hits: best.injury, answer: best.defense as DefenseForm };
}

/**
 * The policy in words, from the fresh state of round 1 (docs/odds.md, "The
 * duel simulator"): the weapon or trick the fighter attacks with, its total
 * (R13) and the hits it expects against the opponent's best answer; the
 * actions it spends attacking each round (R15); and the defense it answers
 * the opponent's own chosen attack with (R21–R25), by the odds before that
 * roll (in the duel the answer is picked again once the total is known).
 */
export function describeCychosysPlan(a: CychosysFighter, b: CychosysFighter, rules: Rules = STANDARD_RULES): string {
  const steady: DiceSource = () => 1;
  const me = sideOf("a", a, steady);
  const them = sideOf("b", b, steady);
  const say = (key: string, params: Record<string, string | number> = {}) => english(`CYCHOSYS.Odds.Duel.Plan.${key}`, params);
  const mine = expectedExchange(me, them, rules);
  const theirs = expectedExchange(them, me, rules);
  const weapon = a.gear.find((g) => g.id === mine.option.gearId)?.name ?? mine.total.gearName ?? mine.total.skillName;
  const actions = rules.options.actionsPerRound + Math.max(0, a.source.modifiers.actions);
  return [
    say("attack", { name: a.name, weapon, skill: mine.total.skillName, formula: mine.total.formula, hits: mine.hits.toFixed(2) }),
    say("actions", { count: actions }),
    say("defense", { defense: english(`CYCHOSYS.DefenseForm.${theirs.answer}`).toLowerCase(), opponent: b.name, weapon: b.gear.find((g) => g.id === theirs.option.gearId)?.name ?? theirs.total.skillName }),
  ].join(" ");
}
