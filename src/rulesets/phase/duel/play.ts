/**
 * `npm run duel` with the phase-based rules: one duel played phase by phase
 * with the full tracker — initiative every phase, declarations lowest first,
 * aloud (P5, P6), fastdraw as the free action (P7), draws and Targeting as
 * phase actions (P8, P13), the shots and blows resolving at the end of the
 * phase, both at the same moment (P9: two gunmen can drop each other), the
 * rounds spent (P39) and wounds taken (P28–P30) — through the core's own
 * transitions (`startPhase` … `resolvePhase`). At close quarters: no range,
 * no cover, melee in reach.
 *
 * The policy (docs/odds.md): each side fights with the weapon and attack
 * that deal the most expected flesh over the next few phases by the exact
 * odds (P17–P29), counting the phases a draw and Targeting cost; it draws
 * with a fastdraw when it has the skill (P7), lines up Targeting when its
 * plan is an aimed shot (P13), then attacks every phase. When an attack on
 * it is due at the end of the phase — declared aloud before its slot — it
 * Defends (P26) if the odds say Defend saves more flesh than its own action
 * would deal (`bestDefense`, its own action's expected damage counted as the
 * "attacker's injury" of not defending). A weapon out of rounds is dropped
 * from the plan. Dice come from the `DiceSource` handed in.
 */
import { bestDefense, type DiceSource, type DuelResult } from "../../../core/ruleset.js";
import { injury as injuryText, percent } from "../../../core/views/odds.js";
import { english } from "../../../core/messages.js";
import {
  actionSpec, type AttackRolls, attackSetup, AWARE, closeInitiative, combatantOf, declareAction, type Fighter, type FighterWeapon, type Fighters, newPhaseCombat, outOfAction, passSlot,
  phaseAttackOdds, phaseClock, PHASE_STANDARD_RULES, type PhaseRules, type PhaseState, resolvePhase, rollInitiativeFor, roundsNeeded, startPhase, takeFree, weaponFits,
} from "../rules/index.js";
import { actionLabel } from "../rules/words.js";
import type { PhaseDuelFighter } from "./fighter.js";

const SIDES = ["a", "b"] as const;
/** The two sides' combatant ids in a duel. */
export type SideId = (typeof SIDES)[number];
const other = (side: SideId): SideId => (side === "a" ? "b" : "a");

/** Phases a plan is weighed over: a draw and a Targeting cost one each of them. */
const HORIZON = 4;

/** How a side means to fight: a weapon, an attack, with Targeting first (aimed) or wild (P14). */
export interface PhasePlan {
  weapon: FighterWeapon;
  action: string;
  aimed: boolean;
  /** Expected points (flesh, or stun) a phase once set up, and the chance to hit, against no Defend. */
  perPhase: number;
  hit: number;
  /** P7: it draws first, and with a fastdraw. */
  draws: boolean;
  fastdraw: boolean;
}

/** What a side's decisions are remembered by, against one opponent. */
function memoOf(me: PhaseDuelFighter, them: PhaseDuelFighter): Map<string, unknown> {
  let m = me.memo.get(them);
  if (!m) me.memo.set(them, (m = new Map()));
  return m;
}

function remember<T>(memo: Map<string, unknown>, key: string, make: () => T): T {
  if (memo.has(key)) return memo.get(key) as T;
  const value = make();
  memo.set(key, value);
  return value;
}

/** The attacks a weapon can make in one phase (P15, P22, P25): the catalogue's phase-long shots and blows it fits. */
function phaseAttacks(w: FighterWeapon, rules: Readonly<PhaseRules>): string[] {
  return Object.keys(rules.actions).filter((key) => {
    const spec = rules.actions[key]!;
    return (spec.kind === "shoot" || spec.kind === "melee") && spec.length === "phase" && weaponFits(spec, w) && w.ammo >= roundsNeeded(spec, w);
  });
}

/** The odds of `me` attacking `them` now: held Targeting or not, the target's Defend (P26) open to it or not. */
function oddsOf(me: Fighter, w: FighterWeapon, action: string, them: Fighter, targeting: boolean, defend: "open" | "closed", rules: Readonly<PhaseRules>) {
  return phaseAttackOdds({ attack: attackSetup(me, w, action, them, { targeting, aim: 0, called: null }), defend }, rules);
}

/** The plan of the most expected damage over the next phases, for the weapons as they are now (rounds, drawn); null when none can hurt. */
export function planOf(me: PhaseDuelFighter, them: PhaseDuelFighter, mine: Fighter = me.fighter, theirs: Fighter = them.fighter, rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES): PhasePlan | null {
  const weapons = Object.values(mine.weapons);
  const key = `plan|${mine.wounds.traumas.length}|${weapons.map((w) => `${w.id}:${w.ready ? 1 : 0}:${phaseAttacks(w, rules).join("+")}`).join(",")}`;
  return remember(memoOf(me, them), key, () => {
    const free = rules.actions.draw?.freeWith ?? null;
    const fastdraw = free !== null && Object.hasOwn(mine.skills, free.skill);
    let best: { plan: PhasePlan; score: number } | null = null;
    for (const w of weapons) {
      for (const action of phaseAttacks(w, rules)) {
        const shoot = actionSpec(action, rules).kind === "shoot";
        for (const aimed of shoot ? [true, false] : [false]) {
          const odds = oddsOf(mine, w, action, theirs, aimed || !shoot, "closed", rules).defenses[0]!;
          const setup = (w.ready ? 0 : fastdraw ? 0.5 : 1) + (aimed ? 1 : 0);
          const score = Math.max(0, HORIZON - setup) * odds.injury;
          if (odds.injury > 0 && (!best || score > best.score + 1e-12)) {
            best = { plan: { weapon: w, action, aimed, perPhase: odds.injury, hit: odds.outcomes.hit ?? 0, draws: !w.ready, fastdraw: !w.ready && fastdraw }, score };
          }
        }
      }
    }
    return best?.plan ?? null;
  });
}

/** The one line `npm run duel` prints for a side: its weapon, its manoeuvre, its defense. */
export function phaseDuelPlan(me: PhaseDuelFighter, them: PhaseDuelFighter, rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES): string {
  const t = (key: string, params: Record<string, string | number> = {}) => english(`CYCHOSYS.Phase.Duel.${key}`, params);
  const plan = planOf(me, them, me.fighter, them.fighter, rules);
  if (!plan) return t("noPlan", { name: me.name, opponent: them.name });
  const action = actionLabel(plan.action);
  const how = actionSpec(plan.action, rules).kind === "melee" ? t("melee", { action }) : plan.aimed ? t("aimed", { action }) : t("wild", { action });
  return t("plan", {
    name: me.name,
    weapon: plan.weapon.name,
    how,
    chance: percent(plan.hit),
    injury: injuryText(plan.perPhase, plan.weapon.stun ? "stun" : "flesh"),
    draw: plan.fastdraw ? t("fastdraw") : plan.draws ? t("draw") : "",
    bonus: rules.defendBonus,
  });
}

/** A list whose every element is drawn when the resolution first reads it: exactly the dice it asks for (P4, P20, P28). */
function drawnList<T>(draw: () => T): T[] {
  return new Proxy([] as T[], {
    get(list, key, receiver) {
      if (typeof key === "string" && /^\d+$/.test(key)) while (list.length <= Number(key)) list.push(draw());
      return Reflect.get(list, key, receiver);
    },
  });
}

/** One side's slot (P6, P7): draw, line up, attack — or Defend against an attack due on it. */
export function duelSlot(state: PhaseState, fighters: Fighters, side: SideId, sides: Record<SideId, PhaseDuelFighter>, roll: DiceSource, rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES): { state: PhaseState; fighters: Fighters } {
  const me = fighters[side]!;
  const foe = other(side);
  const c = combatantOf(state, side);
  // P6: still waiting on an action underway — nothing new.
  if (c.action) return { state: passSlot(state, side), fighters };
  const plan = planOf(sides[side], sides[foe], me, fighters[foe]!, rules);
  if (!plan) return { state: passSlot(state, side), fighters };
  const w = me.weapons[plan.weapon.id]!;
  // P7: a fastdraw as the free action; a failed one leaves the draw as the phase's action.
  if (!w.ready && plan.fastdraw && !c.freeUsed) {
    const done = takeFree(state, fighters, side, { action: "draw", weapon: w.id, face: roll(rules.checkDie) }, rules);
    const next = { ...fighters, [side]: done.fighter };
    if (combatantOf(done.state, side).slot === "done") return { state: done.state, fighters: next };
    return duelSlot(done.state, next, side, sides, roll, rules);
  }
  const lined = c.targeting?.target === foe;
  const setup = !w.ready || (plan.aimed && !lined);
  const intended = !w.ready ? { action: "draw", weapon: w.id } : setup ? { action: "targeting", target: foe } : { action: plan.action, weapon: w.id, target: foe };
  // What this slot's own action is worth: the attack's expected damage now, or for a draw or Targeting the phase of attacks it buys.
  const worth = setup ? plan.perPhase : remember(memoOf(sides[side], sides[foe]), `now|${me.wounds.traumas.length}|${w.id}|${plan.action}|${lined}`, () => oddsOf(me, w, plan.action, fighters[foe]!, lined || !plan.aimed, "closed", rules).defenses[0]!.injury);
  if (defends(state, fighters, side, worth, sides, rules)) return { state: declareAction(state, fighters, side, { action: "defend" }, rules), fighters };
  return { state: declareAction(state, fighters, side, intended, rules), fighters };
}

/** P26: is an attack on `side` due at the end of this phase (declared aloud), and does Defend beat acting, by the exact odds? */
function defends(state: PhaseState, fighters: Fighters, side: SideId, worth: number, sides: Record<SideId, PhaseDuelFighter>, rules: Readonly<PhaseRules>): boolean {
  const foe = other(side);
  const a = combatantOf(state, foe).action;
  if (!a || a.target !== side || a.resolvesAt !== state.phase || actionSpec(a.action, rules).checks === 0 || !a.weapon) return false;
  const attacker = fighters[foe]!;
  const weapon = attacker.weapons[a.weapon];
  if (!weapon) return false;
  const held = combatantOf(state, foe).targeting?.target === side;
  const odds = remember(memoOf(sides[side], sides[foe]), `incoming|${attacker.wounds.traumas.length}|${a.weapon}|${a.action}|${held}|${a.area ?? ""}`, () =>
    phaseAttackOdds({ attack: attackSetup(attacker, weapon, a.action, fighters[side]!, { targeting: held, aim: 0, called: a.area }), defend: "open" }, rules),
  );
  // Not defending keeps this slot's own action: its damage is counted against the attack's.
  const choices = odds.defenses.map((d) => (d.defense === "none" ? { ...d, attackerInjury: worth } : d));
  return bestDefense({ unit: odds.unit, defenses: choices }).defense === "defend";
}

/** The dice each attack due now rolls, drawn as it asks for them. */
function dueRolls(state: PhaseState, fighters: Fighters, roll: DiceSource, rules: Readonly<PhaseRules>): Record<string, AttackRolls> {
  const rolls: Record<string, AttackRolls> = {};
  for (const side of SIDES) {
    const a = combatantOf(state, side).action;
    if (!a || a.resolvesAt > state.phase || actionSpec(a.action, rules).checks === 0) continue;
    const w = a.weapon ? fighters[side]!.weapons[a.weapon] : undefined;
    const chart = rules.locationCharts[fighters[other(side)]!.chart];
    const dice = w?.damage.dice ?? 0;
    const faces = w?.damage.faces ?? 0;
    rolls[side] = {
      checks: drawnList(() => roll(rules.checkDie)),
      locations: drawnList(() => roll(chart?.die ?? rules.checkDie)),
      damage: drawnList(() => Array.from({ length: dice }, () => roll(faces))),
    };
  }
  return rolls;
}

/** One duel between `a` and `b`, to one side out of action (P30, P37) or `maxRounds` rounds (P1: two phases each). */
export function playPhaseDuel(a: PhaseDuelFighter, b: PhaseDuelFighter, roll: DiceSource, maxRounds: number, rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES): DuelResult {
  const sides: Record<SideId, PhaseDuelFighter> = { a, b };
  let fighters: Fighters = { a: { ...a.fighter, id: "a" }, b: { ...b.fighter, id: "b" } };
  let state = newPhaseCombat([{ id: "a", awareness: AWARE }, { id: "b", awareness: AWARE }]);
  const lastPhase = maxRounds * rules.phasesPer.round;
  let phase = state.phase;
  for (; phase <= lastPhase; phase = state.phase) {
    state = startPhase(state, fighters, {}, rules);
    // P5: who wants a slot rolls; one busy with an action underway has nothing to declare.
    for (const side of SIDES) {
      if (combatantOf(state, side).action) continue;
      const faces = Array.from({ length: rules.initiativeDice }, () => roll(rules.initiativeFaces));
      state = rollInitiativeFor(state, fighters, side, faces, roll(1_000_000), rules);
    }
    state = closeInitiative(state);
    for (const side of [...state.order] as SideId[]) ({ state, fighters } = duelSlot(state, fighters, side, sides, roll, rules));
    const end = resolvePhase(state, fighters, dueRolls(state, fighters, roll, rules), rules);
    if (end.status !== "resolved") throw new Error("a duel's phase end asked for dice it was not given");
    state = end.state;
    fighters = end.fighters;
    const aOut = outOfAction(fighters.a!.wounds);
    const bOut = outOfAction(fighters.b!.wounds);
    if (aOut || bOut) return { winner: aOut && bOut ? "draw" : aOut ? "b" : "a", rounds: phaseClock(phase, rules).round };
  }
  return { winner: "draw", rounds: phaseClock(lastPhase, rules).round };
}
