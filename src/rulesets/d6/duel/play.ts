/**
 * `npm run duel -- --ruleset d6`: one OpenD6 duel played to its end with the
 * full rules — initiative every round (D6, D8, D37), ties acting together
 * with their effects applied after the last of them (D7), the declared
 * actions and their penalty (D11–D13), waits and interrupts (D14), defenses
 * in force until their owner's next turn (D18), the attack as the GM
 * resolves it (resolveD6Attack: D17–D37), wounds stacking and leaving a side
 * unable to act (D10, D36–D37). Point-blank range, no cover.
 *
 * The policy (docs/odds.md): a side attacks with the weapon of the most
 * expected wound steps against the defender's best answer; when the other
 * side's turn is still to come this round it declares three actions —
 * attack, wait, interrupt — instead of one if the exact odds say the
 * interrupt saves more wound steps than the −2D costs its own attack; when
 * attacked while holding a wait it interrupts with the defense of the best
 * expected outcome (`bestDefense`), or none. Dice come from the
 * `DiceSource` handed in.
 */
import { english } from "../../../core/messages.js";
import { bestDefense, type DiceSource, type DuelResult } from "../../../core/ruleset.js";
import type { D6WeaponView } from "../data/derived.js";
import {
  activeDefense, addDice, attackRollAdjustments, type CombatantRound, type D6AttackInput, D6_STANDARD_RULES, planRoll, d6AttackOdds, type D6Rules, declareActions, type DieCode, newCombatantRound, readRoll,
  currentWounds, formatDieCode, resolveD6Attack, resistanceCode, type RollFaces, rollInitiative, startRound, takeAttack, takePartialDefense, takeWait, becomeUnableToAct, UNHURT,
  type WoundState, woundStatus,
} from "../rules/index.js";
import { interruptOptions, oddsQueryOf } from "../workflow/odds-query.js";
import { attackInputFrom, type RoundOf } from "../workflow/steps.js";
import type { D6Fighter } from "./fighter.js";

interface Side {
  fighter: D6Fighter;
  wounds: WoundState;
  round: CombatantRound;
  /** The state's number, and what it was worked out from. */
  key?: { round: CombatantRound; wounds: WoundState; id: number };
}

const weaponIndex = (s: Side, weapon: D6WeaponView) => s.fighter.actor.system.derived.weapons.indexOf(weapon);

const NO_DICE: RollFaces = { dice: [], wild: [] };

function facesFor(code: DieCode, roll: DiceSource, rules: Readonly<D6Rules>): RollFaces {
  if (code.dice <= 0) return NO_DICE;
  const wild = [roll(rules.dieFaces)];
  while (wild[wild.length - 1] === rules.explodingFace && wild.length < 50) wild.push(roll(rules.dieFaces));
  const dice = new Array<number>(code.dice - 1);
  for (let i = 0; i < dice.length; i++) dice[i] = roll(rules.dieFaces);
  return { dice, wild };
}

const roundOf = (s: Side): RoundOf => ({ state: { round: s.round } as never, round: s.round.round });
const asActor = (s: Side) => ({ ...s.fighter.actor, system: { ...s.fighter.actor.system, wounds: { level: s.wounds.level, untilRound: s.wounds.untilRound ?? 0 } } });
/** What the odds depend on — the wound as it stands this round (not the round itself), the actions, the defenses in force — as a small number, worked out again only when it changes. */
function stateKey(s: Side): number {
  const seen = s.key;
  if (seen && seen.round === s.round && seen.wounds === s.wounds) return seen.id;
  const text = `${currentWounds(s.wounds, s.round.round).level}:${s.round.declared}:${s.round.used}:${s.round.waits}:${s.round.defenses.map((d) => `${d.skill}${d.total}`).join(",")}`;
  const id = s.fighter.ids.id(text);
  s.key = { round: s.round, wounds: s.wounds, id };
  return id;
}

/** A decision remembered by the fighter: by its kind and the two sides' states, then a number (`inner`). */
const remembered = <T>(s: Side, kind: number, a: number, b: number, inner: number, make: () => T): T => s.fighter.memo.get((kind * 65_536 + a) * 65_536 + b, inner, make) as T;

/** The attack's input as the GM would build it (the same `attackInputFrom`), its dice still to roll. */
function inputOf(me: Side, them: Side, weapon: D6WeaponView, rules: Readonly<D6Rules>): D6AttackInput {
  return remembered(me, 1, stateKey(me), stateKey(them), weaponIndex(me, weapon) * 100_000 + me.round.round, () => {
    const request = { roll: { dice: [], wild: [] }, flat: 0, ...(weapon.mode === "ranged" && { range: { band: "pointBlank" as const } }) };
    return attackInputFrom(asActor(me), weapon, asActor(them), request, roundOf(me), roundOf(them), rules).input;
  });
}

/** The odds of `me` attacking `them` with a weapon now (as the attack dialog would show them). */
function oddsOf(me: Side, them: Side, weapon: D6WeaponView, rules: Readonly<D6Rules>, attackTotal?: number) {
  const interrupts = interruptOptions(them.fighter.actor.system.derived, them.round, them.wounds, rules);
  return d6AttackOdds(oddsQueryOf(inputOf(me, them, weapon, rules), interrupts, attackTotal), rules);
}

/** Policy: the weapon of the most expected wound steps against the defender's best answer. */
function chooseWeapon(me: Side, them: Side, rules: Readonly<D6Rules>): { weapon: D6WeaponView; steps: number } {
  return remembered(me, 2, stateKey(me), stateKey(them), 0, () => {
    let best = { weapon: me.fighter.actor.system.derived.weapons[0]!, steps: -1 };
    for (const weapon of me.fighter.actor.system.derived.weapons) {
      try {
        const steps = bestDefense(oddsOf(me, them, weapon, rules)).injury;
        if (steps > best.steps) best = { weapon, steps };
      } catch {
        // D3: no die left for this weapon's skill; another may still roll
      }
    }
    return best;
  });
}

/** One attack of `me` on `them`: the interrupt, the attack, damage and resistance; the wound is returned, not applied (D7). */
function attack(me: Side, them: Side, roll: DiceSource, rules: Readonly<D6Rules>): { side: Side; wounds: WoundState } | undefined {
  const { weapon, steps } = chooseWeapon(me, them, rules);
  if (steps < 0) return undefined; // D3: no weapon it can roll
  const taken = takeAttack(me.round, { targetId: them.fighter.actor.uuid, aimable: weapon.aimable }, {}, rules);
  me.round = taken.state;
  const base = inputOf(me, them, weapon, rules);
  const code = planCode(base.attacker, me.round.round, rules);
  const faces = facesFor(code, roll, rules);
  // D14: holding a wait, the defender sees the total and interrupts with its best answer, or lets it stand.
  const total = readRoll(code, faces, "skill", "attack roll", rules).total + (base.attacker.flat ?? 0);
  const answer = remembered(them, 3, stateKey(them), stateKey(me), weaponIndex(me, weapon) * 100_000 + total + 50_000, () => bestDefense(oddsOf(me, them, weapon, rules, total)).defense);
  let input = { ...base, attacker: { ...base.attacker, roll: faces } };
  if (answer !== "none") {
    const option = interruptOptions(them.fighter.actor.system.derived, them.round, them.wounds, rules).find((o) => o.skill === answer)!;
    const defense = readRoll(option.code, facesFor(option.code, roll, rules), "skill", "defense", rules).total;
    them.round = takePartialDefense(them.round, activeDefense(option.skill, "partial", defense, option.weapon, rules), { interrupting: true }, rules);
    input = { ...input, defender: { ...input.defender, defenses: [...(input.defender.defenses ?? []), { skill: option.skill, mode: "partial", total: defense, ...(option.weapon && { weapon: option.weapon }) }] } };
  }
  let res = resolveD6Attack(input, rules);
  if (res.pending === "damage") {
    const resistance = resistanceCode(res.struck === "attacker" ? input.attacker : input.defender, rules);
    res = resolveD6Attack({ ...input, damageRoll: facesFor(res.damage!.code, roll, rules), resistanceRoll: facesFor(resistance, roll, rules) }, rules);
  }
  if (res.struck === "none" || !res.woundTaken) return undefined;
  return res.struck === "defender" ? { side: them, wounds: res.woundsAfter.defender } : { side: me, wounds: res.woundsAfter.attacker };
}

/** D41, D12, D37, D29: the code the attack rolls, planned as the core plans it. */
function planCode(attacker: D6AttackInput["attacker"] | Omit<D6AttackInput["attacker"], "roll">, round: number, rules: Readonly<D6Rules>): DieCode {
  const woundDice = woundStatus(attacker.wounds ?? UNHURT, round, rules).penaltyDice;
  return planRoll(attacker.skill, attackRollAdjustments(attacker, woundDice, rules)).code;
}

/** D11: one action (attack), or three (attack, wait, interrupt) when the interrupt is worth its −2D. */
function declare(me: Side, them: Side, theyActLater: boolean, rules: Readonly<D6Rules>): number {
  if (!theyActLater) return 1;
  return remembered(me, 4, stateKey(me), stateKey(them), 0, () => {
    const plain = chooseWeapon({ ...me, round: declareActions(me.round, 1, {}, rules) }, them, rules).steps;
    const guarded = { ...me, round: takeWait(declareActions(me.round, 3, {}, rules), rules) };
    const dealt = chooseWeapon(guarded, them, rules).steps;
    const theirWeapon = chooseWeapon(them, me, rules).weapon;
    const exposed = oddsOf(them, { ...me, round: declareActions(me.round, 1, {}, rules) }, theirWeapon, rules).defenses[0]!.injury;
    const covered = bestDefense(oddsOf(them, guarded, theirWeapon, rules)).injury;
    return exposed - covered > plain - dealt ? 3 : 1;
  });
}

const unable = (s: Side, round: number, rules: Readonly<D6Rules>) => woundStatus(s.wounds, round, rules).unableToAct;

/** One duel: rounds until a side cannot act (the other wins), both cannot, or `maxRounds` pass (a draw). */
export function playD6Duel(a: D6Fighter, b: D6Fighter, roll: DiceSource, maxRounds: number, rules: Readonly<D6Rules> = D6_STANDARD_RULES): DuelResult {
  const sides: [Side, Side] = [a, b].map((fighter) => ({ fighter, wounds: UNHURT, round: newCombatantRound(0, fighter.actor.system.freeActions ?? rules.defaultFreeActions) })) as [Side, Side];
  for (let round = 1; round <= maxRounds; round++) {
    for (const s of sides) s.round = startRound(s.round, round);
    // D6, D8, D37: Perception less wound dice, with the Wild Die, plus the bonus.
    const totals = sides.map((s) => {
      const derived = s.fighter.actor.system.derived;
      const woundDice = woundStatus(s.wounds, round, rules).penaltyDice;
      const faces = facesFor(addDice(derived.attributes.perception, -woundDice), roll, rules);
      return rollInitiative({ perception: derived.attributes.perception, woundDice, roll: faces, bonus: derived.initiativeBonus }, rules).total;
    });
    const tied = totals[0] === totals[1];
    const order = totals[0]! >= totals[1]! ? [0, 1] : [1, 0];
    const pending: { side: Side; wounds: WoundState }[] = [];
    order.forEach((index, place) => {
      const me = sides[index]!;
      const them = sides[1 - index]!;
      if (unable(me, round, rules) || unable(them, round, rules)) return;
      const n = declare(me, them, place === 0 && !tied, rules);
      me.round = declareActions(me.round, n, {}, rules);
      const wound = attack(me, them, roll, rules);
      if (wound) pending.push(wound);
      if (n > 1) me.round = takeWait(me.round, rules);
      // D7: a tie's effects wait for the last of the tied turns.
      if (!tied) apply(pending.splice(0), round, rules);
    });
    apply(pending, round, rules);
    const [aOut, bOut] = [unable(sides[0], round, rules), unable(sides[1], round, rules)];
    if (aOut || bOut) return { winner: aOut && bOut ? "draw" : aOut ? "b" : "a", rounds: round };
  }
  return { winner: "draw", rounds: maxRounds };
}

/** D36–D37, D10: the wounds land; a side left unable to act loses its actions and defenses. */
function apply(wounds: { side: Side; wounds: WoundState }[], round: number, rules: Readonly<D6Rules>): void {
  for (const { side, wounds: after } of wounds) {
    side.wounds = after;
    if (woundStatus(after, round, rules).unableToAct) side.round = becomeUnableToAct(side.round);
  }
}

/**
 * The policy in words, from the fresh state of round 1 (docs/odds.md, "The
 * duel simulator"): the weapon the fighter attacks with and its expected
 * wound steps; whether, acting first, it declares attack, wait and
 * interrupt (D11–D14) and with which defense — or one action; and, with the
 * weapon its opponent picks, the defense it would answer with.
 */
export function describeD6Plan(a: D6Fighter, b: D6Fighter, rules: Readonly<D6Rules> = D6_STANDARD_RULES): string {
  const fresh = (fighter: D6Fighter): Side => ({ fighter, wounds: UNHURT, round: startRound(newCombatantRound(0, fighter.actor.system.freeActions ?? rules.defaultFreeActions), 1) });
  const me = fresh(a);
  const them = fresh(b);
  const say = (key: string, params: Record<string, string | number> = {}) => english(`CYCHOSYS.D6.Duel.${key}`, params);
  const { weapon, steps } = chooseWeapon(me, them, rules);
  if (steps < 0) return say("noAttack", { name: a.name });
  const attack = say("attack", {
    name: a.name, weapon: weapon.name, skill: weapon.skill.name, code: formatDieCode(weapon.skill.code), damage: weapon.damageCode ? formatDieCode(weapon.damageCode) : weapon.damage, steps: steps.toFixed(2),
  });
  if (declare(me, them, true, rules) === 1) return `${attack} ${say("oneAction")}`;
  const guarded = { ...me, round: takeWait(declareActions(me.round, 3, {}, rules), rules) };
  const answer = bestDefense(oddsOf(them, guarded, chooseWeapon(them, guarded, rules).weapon, rules)).defense;
  if (answer === "none") return `${attack} ${say("waitNoAnswer")}`;
  const option = interruptOptions(a.actor.system.derived, guarded.round, UNHURT, rules).find((o) => o.skill === answer)!;
  return `${attack} ${say("waitAndInterrupt", { defense: english(`CYCHOSYS.D6.Defense.${answer}`), code: formatDieCode(option.code) })}`;
}
