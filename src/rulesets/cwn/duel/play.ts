/**
 * `npm run duel` with Cities Without Number actors: one duel played to its
 * end with the full rules — side initiative rolled once with ties rolled
 * again (W3, W5), each turn's Main and Move through the fight's own
 * transitions (W4, W7, rules/combat.ts), Ready (W31), Reload (W32), Run
 * (W28) and Charge (W25) with its −2 AC, the attack as the GM resolves it
 * (resolveCwnAttack, W13–W19, W22, W39), Total Defense as an Instant after
 * the roll (W27), soak then hit points, out at 0 (W19).
 *
 * The fighters start 10 m apart (`CWN_DUEL_START_METRES`: one Move, within
 * a Charge). The policy (docs/odds.md): each turn the fighter takes the
 * option of most expected hit points dealt against the defender's best
 * answer (the exact odds, rules/odds.ts) — fire or throw from where it
 * stands, strike when adjacent, Charge or run in and strike with a melee
 * weapon; with nothing to attack with, it readies or reloads its best
 * weapon. Attacked while its Main is still to come, a defender sees the
 * roll and answers with Total Defense when the hit points it saves exceed
 * what its own attack this round is expected to deal. Nobody withdraws
 * (so no free attacks, W12). Dice come from the `DiceSource` handed in.
 */
import type { DiceSource, DuelResult } from "../../../core/ruleset.js";
import { bestDefense } from "../../../core/ruleset.js";
import { english } from "../../../core/messages.js";
import { attackerInput } from "../data/derive.js";
import type { CwnWeaponView } from "../data/derived.js";
import { act, actingSide, beginTurn, type CombatActionContext, type CwnCombatState, endSideIfDone, endTurn, setDowned, startCwnCombat } from "../rules/combat.js";
import type { CwnActionId } from "../rules/actions.js";
import { CwnError } from "../rules/errors.js";
import { orderSides } from "../rules/initiative.js";
import { cwnAttackOdds } from "../rules/odds.js";
import { CWN_STANDARD_RULES, type CwnRules } from "../rules/options.js";
import { type AdjacentFoe, type CwnAttackInput, resolveCwnAttack } from "../rules/resolve.js";
import { totalDefenseOpen as fighterMayTotalDefend, whyNot } from "../rules/round.js";
import { stateFigures } from "../rules/states.js";
import { formatDice } from "../rules/dice.js";
import type { CwnFighter } from "./fighter.js";

/** Where a duel starts: the fighters this many metres apart (one Move of an ordinary human, W9; within a Charge, W25). */
export const CWN_DUEL_START_METRES = 10;

type SideId = "a" | "b";

interface Side {
  id: SideId;
  fighter: CwnFighter;
  hp: number;
  soak: number;
  /** W31: each weapon Readied (bare hands and body weapons always are). */
  readied: boolean[];
  /** W32: rounds in each weapon's magazine (a weapon without one: −1). */
  rounds: number[];
  /** A thrown weapon lies where it fell (W34: picking it up is not the policy). */
  thrown: boolean[];
}

/** One thing a fighter can do with its turn. */
type OptionKind = "strike" | "shoot" | "throw" | "charge" | "close" | "ready" | "reload";
interface Option {
  kind: OptionKind;
  weapon: number;
  /** Expected hit points dealt this turn against the defender's best answer. */
  value: number;
}

interface Duel {
  state: CwnCombatState;
  metres: number;
  sides: Record<SideId, Side>;
  rules: Readonly<CwnRules>;
}

const weapons = (s: Side) => s.fighter.derived.weapons;
const ready = (s: Side, i: number) => s.readied[i]! || weapons(s)[i]!.unarmed || weapons(s)[i]!.bodyWeapon;
const usable = (s: Side, i: number) => ready(s, i) && !s.thrown[i] && s.rounds[i] !== 0;

/** W22: what the foe next to an attacker holds: a Readied melee weapon or a body weapon ("armed"), or only fists. */
function holding(s: Side): AdjacentFoe {
  return weapons(s).some((w, i) => w.kind === "melee" && !w.unarmed && (w.bodyWeapon || s.readied[i])) ? "armed" : "fists";
}

/** The attack's input as the GM builds it (data/derive.ts, the fight's states), its dice still to roll. */
function inputOf(duel: Duel, me: Side, them: Side, weapon: number, kind: OptionKind): Omit<CwnAttackInput, "roll"> {
  const w = weapons(me)[weapon]!;
  const f = duel.state.fighters[them.id]!;
  const states = stateFigures(f.effects, duel.rules);
  const adjacent = duel.metres === 0 || kind === "close" || kind === "charge" || kind === "strike";
  return {
    action: kind === "charge" ? "charge" : "attack",
    attacker: attackerInput(me.fighter.derived, w.id)!,
    defender: {
      playerCharacter: them.fighter.derived.playerCharacter, ac: { ...them.fighter.derived.ac }, traumaTarget: them.fighter.derived.traumaTarget, hp: them.hp, soak: them.soak,
      shockImmune: them.fighter.derived.shockImmune, totalDefense: !!states.totalDefense, charging: !!states.charging, prone: f.prone,
    },
    distance: adjacent ? "adjacent" : "distant",
    adjacentFoe: duel.metres === 0 ? holding(them) : "none",
    ...(kind === "charge" && { charge: { metres: duel.metres } }),
  };
}

/** W27: may the defender still answer with Total Defense (its Main unspent or to come, not in it already)? */
const totalDefenseOpen = (duel: Duel, s: Side): boolean => fighterMayTotalDefend(duel.state.fighters[s.id]!, duel.rules);

/** A number for everything an option's value depends on (both sides' standing, distance, states, weapons left). */
function situationKey(duel: Duel, me: Side, them: Side): string {
  const mine = duel.state.fighters[me.id]!;
  const theirs = duel.state.fighters[them.id]!;
  const fx = (f: typeof mine) => f.effects.map((e) => e.kind).join(",");
  return `${duel.metres}|${them.hp}|${them.soak}|${fx(theirs)}|${totalDefenseOpen(duel, them) ? 1 : 0}|${mine.main}${mine.move}|${me.readied.join("")}|${me.thrown.join("")}|${me.rounds.map((r) => (r === 0 ? 0 : 1)).join("")}|${them.readied.join("")}`;
}

/** The options open to `me` now, each with its exact expected value (remembered per situation). */
function options(duel: Duel, me: Side, them: Side): Option[] {
  const key = situationKey(duel, me, them);
  return me.fighter.memo.get(0, me.fighter.ids.id(key), () => {
    const rules = duel.rules;
    const f = duel.state.fighters[me.id]!;
    const out: Option[] = [];
    const value = (weapon: number, kind: OptionKind) => {
      const odds = cwnAttackOdds({ input: inputOf(duel, me, them, weapon, kind), totalDefenseOpen: totalDefenseOpen(duel, them) }, rules);
      return bestDefense(odds).injury;
    };
    const can = (action: CwnActionId, ctx: CombatActionContext = {}) => whyNot(f, action, ctx, rules) === null;
    const move = me.fighter.derived.moveMetres;
    weapons(me).forEach((w, i) => {
      if (me.thrown[i]) return;
      if (!ready(me, i)) {
        if (can("readyStow")) out.push({ kind: "ready", weapon: i, value: 0 });
        return;
      }
      if (w.kind === "melee") {
        if (duel.metres === 0) {
          if (can("meleeAttack", { readiedWeapon: true })) out.push({ kind: "strike", weapon: i, value: value(i, "strike") });
          return;
        }
        if (can("charge", { metres: duel.metres, weaponKind: w.kind, moveMetres: move })) out.push({ kind: "charge", weapon: i, value: value(i, "charge") });
        else if (can("run", { metres: duel.metres, moveMetres: move }) && can("meleeAttack", { readiedWeapon: true })) out.push({ kind: "close", weapon: i, value: value(i, "close") });
        return;
      }
      if (me.rounds[i] === 0) {
        if (can("reload", { reload: w.reloadAction, quiverReadied: true, shootLevel: me.fighter.derived.combatSkills.shoot })) out.push({ kind: "reload", weapon: i, value: 0 });
        return;
      }
      const kind = w.kind === "thrown" ? "throw" : "shoot";
      if (can("rangedAttack", { readiedWeapon: true })) out.push({ kind, weapon: i, value: value(i, kind) });
      if (w.kind === "thrown" && duel.metres > 0 && can("charge", { metres: duel.metres, weaponKind: w.kind, moveMetres: move })) out.push({ kind: "charge", weapon: i, value: value(i, "charge") });
    });
    return out;
  });
}

/** The policy's choice: the most expected hit points now; with no attack worth anything, ready or reload the best weapon. */
function choose(duel: Duel, me: Side, them: Side): Option | undefined {
  const list = options(duel, me, them);
  let best: Option | undefined;
  for (const o of list) if (o.value > 0 && (!best || o.value > best.value)) best = o;
  if (best) return best;
  // Nothing lands from here: make the best weapon usable (W31, W32), or run in (W28) to strike next turn.
  const prepare = list.filter((o) => o.kind === "ready" || o.kind === "reload");
  if (prepare.length) return prepare.reduce((x, y) => (strength(me, y.weapon) > strength(me, x.weapon) ? y : x));
  return list[0];
}

/** A weapon's damage at a glance (its dice's mean plus its bonus), to pick what to ready first. */
function strength(s: Side, i: number): number {
  const w = weapons(s)[i]!;
  const d = w.rules.damage;
  return (d.count * (d.faces + 1)) / 2 + d.flat + w.damageBonus;
}

const rollDice = (roll: DiceSource, count: number, faces: number) => Array.from({ length: count }, () => roll(faces));

/** One action through the fight's transitions (W7–W37). */
function take(duel: Duel, s: Side, action: CwnActionId, ctx: CombatActionContext = {}): void {
  duel.state = act(duel.state, s.id, action, ctx, duel.rules).state;
}

/** The value of the defender's own attack this round, if its turn is still to come (what Total Defense would cost it). */
function ownAttackValue(duel: Duel, s: Side, attacker: Side): number {
  if (duel.state.fighters[s.id]!.turn !== "pending") return 0;
  return choose(duel, s, attacker)?.value ?? 0;
}

/** W13–W19, W27: the attack rolled, the defender's answer, the harm applied. */
function strike(duel: Duel, me: Side, them: Side, weapon: number, kind: OptionKind, roll: DiceSource): void {
  const w = weapons(me)[weapon]!;
  const base = inputOf(duel, me, them, weapon, kind);
  const rules = duel.rules;
  const input: CwnAttackInput = {
    ...base,
    roll: roll(rules.attackDieFaces),
    ...(w.rules.traumaDie && { traumaDice: rollDice(roll, w.rules.traumaDie.count, w.rules.traumaDie.faces) }),
    damageDice: rollDice(roll, w.rules.damage.count, w.rules.damage.faces),
  };
  let res = resolveCwnAttack(input, rules);
  // W27: the roll is seen; Total Defense (an Instant spending the Main) when it saves more than the defender's own attack would deal.
  if (totalDefenseOpen(duel, them)) {
    const guarded = resolveCwnAttack({ ...input, defender: { ...input.defender, totalDefense: true } }, rules);
    const saved = (res.harm?.hpLost ?? 0) - (guarded.harm?.hpLost ?? 0);
    if (saved > 0 && saved > ownAttackValue(duel, them, me)) {
      take(duel, them, "totalDefense");
      res = guarded;
    }
  }
  const harm = res.harm;
  if (!harm) return;
  them.hp = harm.hpAfter;
  them.soak = harm.soakAfter;
  if (harm.downed) duel.state = setDowned(duel.state, them.id, harm.downed).state;
}

/** One turn of `me`: the policy's option, through the fight's transitions. */
function turn(duel: Duel, me: Side, them: Side, roll: DiceSource): void {
  const option = choose(duel, me, them);
  if (!option) return;
  const w: CwnWeaponView = weapons(me)[option.weapon]!;
  const move = me.fighter.derived.moveMetres;
  switch (option.kind) {
    case "ready":
      take(duel, me, "readyStow");
      me.readied[option.weapon] = true;
      return;
    case "reload":
      take(duel, me, "reload", { reload: w.reloadAction, quiverReadied: true, shootLevel: me.fighter.derived.combatSkills.shoot });
      me.rounds[option.weapon] = w.magazine.max;
      // A fast reload (Move, On Turn) leaves the Main: fire at once.
      if (duel.state.fighters[me.id]!.main === "unspent") shoot(duel, me, them, option.weapon, roll);
      return;
    case "charge":
      take(duel, me, "charge", { metres: duel.metres, weaponKind: w.kind, moveMetres: move });
      strike(duel, me, them, option.weapon, "charge", roll);
      duel.metres = 0;
      if (w.kind === "thrown") me.thrown[option.weapon] = true;
      return;
    case "close":
      take(duel, me, "run", { metres: duel.metres, moveMetres: move });
      duel.metres = 0;
      take(duel, me, "meleeAttack", { readiedWeapon: true });
      strike(duel, me, them, option.weapon, "strike", roll);
      return;
    case "strike":
      take(duel, me, "meleeAttack", { readiedWeapon: true });
      strike(duel, me, them, option.weapon, "strike", roll);
      return;
    case "shoot":
    case "throw":
      shoot(duel, me, them, option.weapon, roll);
  }
}

function shoot(duel: Duel, me: Side, them: Side, weapon: number, roll: DiceSource): void {
  const w = weapons(me)[weapon]!;
  take(duel, me, "rangedAttack", { readiedWeapon: true });
  strike(duel, me, them, weapon, w.kind === "thrown" ? "throw" : "shoot", roll);
  if (w.kind === "thrown") me.thrown[weapon] = true;
  else if (me.rounds[weapon]! > 0) me.rounds[weapon]!--;
}

function sideOf(id: SideId, fighter: CwnFighter): Side {
  const list = fighter.derived.weapons;
  return {
    id, fighter, hp: fighter.derived.hp.value, soak: fighter.derived.soak.value,
    readied: list.map((w) => w.state === "readied"), rounds: list.map((w) => (w.kind === "ranged" && w.magazine.max > 0 ? w.magazine.value : -1)), thrown: list.map(() => false),
  };
}

/** W3: each side's d8 + its best Dex, ties between like sides rolled again until they part. */
function initiative(a: CwnFighter, b: CwnFighter, roll: DiceSource, rules: Readonly<CwnRules>) {
  const setup = (id: SideId, f: CwnFighter) => ({ id, playerCharacters: f.derived.playerCharacter, members: [{ id, dex: f.derived.initiativeDex, canSnap: f.derived.canSnap }], roll: roll(rules.initiativeDieFaces), tieRolls: [] as number[] });
  const sides = [setup("a", a), setup("b", b)];
  for (let guard = 0; guard < 64; guard++) {
    const { owed } = orderSides(sides.map((s) => ({ id: s.id, playerCharacters: s.playerCharacters, total: s.roll + (s.members[0]!.dex ?? 0), dex: s.members[0]!.dex ?? 0, tieRolls: s.tieRolls })), rules);
    if (!owed.length) break;
    for (const s of sides) s.tieRolls.push(roll(rules.initiativeDieFaces));
  }
  return sides;
}

/** One duel: turns until a side is down (the other wins), or `maxRounds` pass (a draw). */
export function playCwnDuel(a: CwnFighter, b: CwnFighter, roll: DiceSource, maxRounds: number, rules: Readonly<CwnRules> = CWN_STANDARD_RULES): DuelResult {
  const sides = { a: sideOf("a", a), b: sideOf("b", b) };
  if (sides.a.hp === 0 || sides.b.hp === 0) return { winner: sides.a.hp === 0 && sides.b.hp === 0 ? "draw" : sides.a.hp === 0 ? "b" : "a", rounds: 0 };
  const duel: Duel = { state: startCwnCombat(initiative(a, b, roll, rules), rules).state, metres: CWN_DUEL_START_METRES, sides, rules };
  for (let guard = 0; guard < maxRounds * 4 + 8; guard++) {
    const side = actingSide(duel.state);
    if (!side || duel.state.round > maxRounds) break;
    const me = sides[side.members[0] as SideId];
    const them = sides[me.id === "a" ? "b" : "a"];
    duel.state = beginTurn(duel.state, me.id).state;
    try {
      turn(duel, me, them, roll);
    } catch (error) {
      // A choice the fight refuses ends the turn unused; anything else is a bug.
      if (!(error instanceof CwnError)) throw error;
    }
    if (them.hp === 0) return { winner: me.id, rounds: duel.state.round };
    duel.state = endSideIfDone(endTurn(duel.state, me.id), rules).state;
  }
  return { winner: "draw", rounds: Math.min(maxRounds, duel.state.round) };
}

const say = (key: string, params: Record<string, string | number> = {}) => english(`CYCHOSYS.Cwn.Duel.${key}`, params);

/** A weapon in words: "Heavy pistol (+4 to hit, 1d8+1, Trauma 1d8 ×3)". */
function weaponText(w: CwnWeaponView): string {
  const hit = w.hitBonus < 0 ? `\u2212${-w.hitBonus}` : `+${w.hitBonus}`;
  const damage = formatDice({ ...w.rules.damage, flat: w.rules.damage.flat + w.damageBonus });
  return say("weapon", { name: w.name, hit, damage: damage.replace(/-(\d)/, "\u2212$1") });
}

/**
 * A fighter's plan in a sentence, above the duel's figures (Ruleset.duel.plan):
 * its opening move from 10 m and its blow once adjacent (the policy's own
 * choices at the start), and when it answers with Total Defense.
 */
export function cwnDuelPlan(me: CwnFighter, them: CwnFighter, rules: Readonly<CwnRules> = CWN_STANDARD_RULES): string {
  const sides = { a: sideOf("a", me), b: sideOf("b", them) };
  const state = startCwnCombat([
    { id: "a", playerCharacters: me.derived.playerCharacter, members: [{ id: "a", dex: 0 }], roll: 8 },
    { id: "b", playerCharacters: !me.derived.playerCharacter, members: [{ id: "b", dex: 0 }], roll: 1 },
  ], rules).state;
  const duel: Duel = { state: beginTurn(state, "a").state, metres: CWN_DUEL_START_METRES, sides, rules };
  const opening = choose(duel, sides.a, sides.b);
  const close: Duel = { ...duel, metres: 0 };
  const afterwards = choose(close, sides.a, sides.b);
  const step = (o: Option | undefined) => (o ? say(`step.${o.kind}`, { weapon: weaponText(weapons(sides.a)[o.weapon]!) }) : say("step.none"));
  return say("plan", { name: me.name, opening: step(opening), then: step(afterwards) });
}
