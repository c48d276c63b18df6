/**
 * `npm run duel` for GURPS: one duel played to its end with the full rules,
 * through the same pieces the table uses — the turn order kept from the
 * start (G9: Basic Speed, DX, a draw), each turn's start and end
 * (`startTurn`/`endTurn`: shock G77, defenses counted afresh, the 0-HP roll
 * G81, the stun and its recovery roll G19/G79), the maneuver chosen and
 * checked (`chooseManeuver`, G10), getting up (Change Posture to kneeling,
 * then kneeling → standing as the Attack's step, G15), Ready for an unready
 * weapon (G30, G40, G56), the whole attack (`resolveGurpsAttack`, every
 * owed roll rolled in turn as the card asks for it) and what the card writes
 * of it (`factCommands`, `applicationOf`: defense use, falls, items lost, HP,
 * FP, death checks and the injury on the round). The two fighters start in
 * reach of each other (a ranged weapon fires at 1 yard).
 *
 * The policy (docs/odds.md): each attacks with the weapon line — and the
 * Deceptive Attack level (G37) — of the most expected injury against the
 * defender's best answer by the exact odds (`gurpsAttackOdds`); each
 * defends with `bestDefense` of those odds once the roll is known,
 * retreating whenever a retreat is open (G67). Dice come from the
 * `DiceSource` handed in; the core never rolls.
 */
import { english } from "../../../core/messages.js";
import { bestDefense, type DiceSource, type DuelResult } from "../../../core/ruleset.js";
import type { WriteCommand } from "../../../core/writes.js";
import { itemStateOf, unreadyOnFall } from "../combat/fighter.js";
import { applyGurpsRoundOperation, type GurpsRoundOperation } from "../combat/round-state.js";
import { gurpsManeuverFacts } from "../combat/tracker-plan.js";
import type { GurpsDerived, GurpsLineView, GurpsWeaponView } from "../data/derived.js";
import {
  afterAttack, canAct, compareTurnOrder, consciousnessModifier, type DefenseChoice, figuresNow, GURPS_STANDARD_RULES, type GurpsAttackInput, type GurpsDefenderInput, type GurpsFighterRound, type GurpsResolution,
  type DiceRoll, type GurpsRules, gurpsAttackOdds, gurpsOddsQueryOf, isLying, newFighterRound, parseShots, postureRefusal, readRoll, resolveGurpsAttack, successRoll, withOwedRoll,
} from "../rules/index.js";
import { attackInputOf } from "../workflow/attack-input.js";
import { defenderOf } from "../data/combat-inputs.js";
import { applicationOf, factCommands, FP_FLOOR, HP_FLOOR, type StruckInput } from "../workflow/writes.js";
import type { GurpsFighter } from "./fighter.js";

interface Side {
  fighter: GurpsFighter;
  /** His id in round states ("a" or "b"). */
  id: string;
  round: GurpsFighterRound;
  hp: number;
  fp: number;
  deathChecksRolled: number;
  /** Items broken or dropped (G65, G85): out of this duel. */
  lost: Set<string>;
  /** His derived figures at his HP now (reeling, G80), kept until his HP changes. */
  now?: { hp: number; fp: number; checks: number; derived: GurpsDerived };
  /** His part of the policy's key, kept while his round state is the same. */
  key?: { round: GurpsFighterRound; reeling: boolean; lost: number; text: string };
  /** His input as a defender, kept while his round and figures are the same. */
  asDefender?: { round: GurpsFighterRound; derived: GurpsDerived; input: GurpsDefenderInput };
}

/** G58–G81: the side as the core's defender, from the same `defenderOf` the card uses, worked out once per state. */
function defenderInput(s: Side, rules: Readonly<GurpsRules>): GurpsDefenderInput {
  const derived = derivedNow(s, rules);
  const kept = s.asDefender;
  if (kept && kept.round === s.round && kept.derived === derived) return kept.input;
  const input = defenderOf(s.id, derived, s.round);
  s.asDefender = { round: s.round, derived, input };
  return input;
}

/** The attack a fighter makes: the weapon line, its Deceptive Attack levels (G37), and the injury it is expected to do. */
interface AttackPlan {
  weapon: GurpsWeaponView;
  line: GurpsLineView;
  deceptive: number;
  /** Expected injury against the defender's best answer; −1 when no line can be rolled. */
  injury: number;
  /** The defender's best answer to it, and its score. */
  defense: { id: string; score: number; retreat: boolean } | null;
  effective: number;
}

const op = (side: Side, operation: GurpsRoundOperation, rules: Readonly<GurpsRules>): void => {
  side.round = applyGurpsRoundOperation(side.round, operation, rules);
};

/** G80: his derived figures as they stand at his HP and FP now (the same `figuresNow` the sheet's derive uses). */
function derivedNow(side: Side, rules: Readonly<GurpsRules>): GurpsDerived {
  const kept = side.now;
  if (kept && kept.hp === side.hp && kept.fp === side.fp && kept.checks === side.deathChecksRolled) return kept.derived;
  const d = side.fighter.derived;
  const f = figuresNow({ basicSpeed: d.basicSpeed, move: d.move, encumbrance: d.encumbrance, currentHp: side.hp, hp: d.hp.max }, rules);
  const derived: GurpsDerived = {
    ...d, hp: { ...d.hp, value: side.hp }, fp: { ...d.fp, value: side.fp }, deathChecksRolled: side.deathChecksRolled, reeling: f.reeling, speedNow: f.basicSpeed,
    moveNow: f.move, dodge: f.dodge, step: f.step, consciousnessModifier: side.hp <= 0 ? consciousnessModifier(side.hp, d.hp.max) : null,
  };
  side.now = { hp: side.hp, fp: side.fp, checks: side.deathChecksRolled, derived };
  return derived;
}

function faces(roll: DiceSource, n: number): number[] {
  const out = new Array<number>(n);
  for (let i = 0; i < n; i++) out[i] = roll(6);
  return out;
}
const d3 = (roll: DiceSource, rules: Readonly<GurpsRules>) => readRoll(faces(roll, rules.successDice), "roll", rules);
/** A roll total that only stands in until the real one is set. */
const PROBE: DiceRoll = Object.freeze({ total: 10, faces: null });

/** The attack input as the GM builds it (the same `attackInputOf`), at point-blank reach, its roll still to set. */
function baseInput(me: Side, them: Side, weapon: GurpsWeaponView, line: GurpsLineView, rules: Readonly<GurpsRules>): GurpsAttackInput {
  const item = itemStateOf(me.round, weapon, line);
  const shots = line.kind === "melee" ? 1 : Math.max(1, Math.min(line.rof, item.shotsLeft ?? line.rof));
  return attackInputOf(
    { attacker: { id: me.id, derived: derivedNow(me, rules), round: me.round }, target: { id: them.id, derived: derivedNow(them, rules), round: them.round }, weapon, line, item },
    { maneuver: "attack", aoaOption: null, deceptive: 0, rapidStrike: false, modifiers: [], range: 1, speed: 0, location: "torso", fromFront: true, inReach: true, shots },
    PROBE,
    defenderInput(them, rules),
  );
}

/** The same attack with its Deceptive Attack levels (G37) and its roll. */
const withRoll = (base: GurpsAttackInput, deceptive: number, roll: DiceRoll): GurpsAttackInput => ({ ...base, attacker: { ...base.attacker, deceptive, roll } });

/** A roll that hits without a critical at this effective skill (the defender's options are then the core's), or null when none does. */
const probeRoll = (effective: number): number | null => (effective >= 7 ? 7 : effective >= 5 ? effective : null);

/**
 * What the policy's choice depends on, as a key: each side's figures that
 * change skill and defenses — posture, shock, stun, maneuver, defenses used,
 * items, items lost, reeling (G80) — worked out once per round state.
 */
function stateKey(me: Side, them: Side, rules: Readonly<GurpsRules>): string {
  return `${sideKey(me, rules)}#${sideKey(them, rules)}`;
}

function sideKey(s: Side, rules: Readonly<GurpsRules>): string {
  const reeling = derivedNow(s, rules).reeling;
  const kept = s.key;
  if (kept && kept.round === s.round && kept.reeling === reeling && kept.lost === s.lost.size) return kept.text;
  const r = s.round;
  let items = "";
  for (const id in r.items) {
    const i = r.items[id]!;
    items += `${id}${i.ready ? "r" : "u"}${i.shotsLeft ?? ""}.${i.parries}${i.attackedThisTurn ? "a" : ""},`;
  }
  const used = `${r.used.blocked ? "b" : ""}${r.used.retreatAgainst ?? ""}/${r.used.dropAgainst ?? ""}${r.used.acrobaticDodge ? "a" : ""}`;
  const text = `${r.posture}${r.crouching ? "c" : ""}|${r.shock}|${r.stunDefense ? "s" : ""}|${r.maneuver.id}|${used}|${items}|${[...s.lost].join(",")}|${reeling ? "r" : ""}`;
  s.key = { round: r, reeling, lost: s.lost.size, text };
  return text;
}

/**
 * The policy: of every ready weapon line and Deceptive Attack level (G37:
 * −2 skill for −1 to the defense, never below 10), the one of the most
 * expected injury against the defender's best defense (exact odds).
 */
function planAttack(me: Side, them: Side, rules: Readonly<GurpsRules>): AttackPlan | null {
  const key = stateKey(me, them, rules);
  const memo = me.fighter.memo;
  if (memo.has(key)) return memo.get(key) as AttackPlan | null;
  let best: AttackPlan | null = null;
  for (const weapon of derivedNow(me, rules).weapons) {
    if (me.lost.has(weapon.id)) continue;
    for (const line of weapon.lines) {
      if (!itemStateOf(me.round, weapon, line).ready || (itemStateOf(me.round, weapon, line).shotsLeft ?? 1) <= 0) continue;
      const base = baseInput(me, them, weapon, line, rules);
      for (let deceptive = 0; deceptive <= 5; deceptive++) {
        const plain = resolveGurpsAttack(withRoll(base, deceptive, PROBE), rules);
        if (plain.refused || !plain.skill) break;
        const probe = probeRoll(plain.skill.effective);
        const input = probe === null ? null : withRoll(base, deceptive, { total: probe, faces: null });
        const r = input ? resolveGurpsAttack(input, rules) : plain;
        const query = input && gurpsOddsQueryOf(input, r, { retreat: true }, rules);
        if (!query) continue;
        const odds = gurpsAttackOdds({ ...query, attack: { ...query.attack, rolled: null } }, rules);
        const answer = bestDefense(odds);
        const option = r.legal?.options.find((o) => o.id === answer.defense) ?? null;
        if (!best || answer.injury > best.injury + 1e-12) {
          best = { weapon, line, deceptive, injury: answer.injury, effective: plain.skill.effective, defense: option && { id: option.id, score: option.score + (option.retreat ?? 0), retreat: option.retreat !== null } };
        }
      }
    }
  }
  memo.set(key, best);
  return best;
}

/** The defender's answer once the attack roll is known: `bestDefense` of the exact odds, retreating when it can (G67). */
function chooseDefense(input: GurpsAttackInput, r: GurpsResolution, legal: GurpsResolution["legal"], roll: DiceSource, rules: Readonly<GurpsRules>): DefenseChoice {
  const options = legal?.options ?? [];
  const query = gurpsOddsQueryOf(input, { ...r, legal }, { retreat: true }, rules);
  if (!options.length || !query) return { id: "none" };
  const answer = bestDefense(gurpsAttackOdds(query, rules)).defense;
  const option = options.find((o) => o.id === answer);
  if (!option) return { id: "none" };
  return { id: option.id, ...(option.retreat !== null && { retreat: true }), roll: d3(roll, rules) };
}

/** Every roll the attack asks for, one owed roll after another (as the card asks each side), until nothing is owed now. */
function rollItThrough(start: GurpsAttackInput, roll: DiceSource, rules: Readonly<GurpsRules>): { input: GurpsAttackInput; r: GurpsResolution } {
  let input = start;
  for (let step = 0; step < 32; step++) {
    const r = resolveGurpsAttack(input, rules);
    const owed = r.owed.find((o) => o.when === "now");
    if (r.refused || !owed) return { input, r };
    if (/^defenses\[\d\]$/.test(owed.id)) {
      const legal = owed.id === "defenses[0]" ? r.legal : r.secondLegal;
      input = { ...input, defenses: [...(input.defenses ?? []), chooseDefense(input, r, legal, roll, rules)] };
    } else if (owed.roll === "damage") {
      const dice = Array.from({ length: owed.hits ?? 1 }, () => faces(roll, owed.dice ?? 1));
      input = owed.id === "slam.foeDamage" ? { ...input, slam: { velocity: input.slam?.velocity ?? 0, foeDamage: dice[0]! } } : { ...input, [owed.id]: dice };
    } else if (owed.id.startsWith("rolls.")) {
      input = withOwedRoll(input, owed.id, owed.roll === "1d" ? roll(6) : d3(roll, rules));
    } else {
      return { input, r };
    }
  }
  return { input, r: resolveGurpsAttack(input, rules) };
}

/** What the card writes, done to the duel's sides: HP, FP and death checks by delta within range, round operations. */
function write(commands: readonly WriteCommand[], sides: ReadonlyMap<string, Side>, rules: Readonly<GurpsRules>): void {
  for (const c of commands) {
    if (c.kind === "round") {
      const side = sides.get(c.actorUuid);
      if (side) op(side, c.operation as GurpsRoundOperation, rules);
    } else if (c.kind === "adjust") {
      const side = sides.get(c.uuid);
      if (!side) continue;
      for (const a of c.changes) {
        const d = side.fighter.derived;
        if (a.path === "system.hp.value") side.hp = Math.min(d.hp.max, Math.max(HP_FLOOR, side.hp + a.delta));
        else if (a.path === "system.fp.value") side.fp = Math.min(d.fp.max, Math.max(FP_FLOOR, side.fp + a.delta));
        else if (a.path === "system.deathChecksRolled") side.deathChecksRolled = Math.max(0, Math.min(rules.deathChecks, side.deathChecksRolled + a.delta));
      }
    }
  }
}

/** One attack of `me` on `them` with his planned line: rolled through, its facts and injury written as the card writes them. */
function attack(me: Side, them: Side, plan: AttackPlan, roll: DiceSource, rules: Readonly<GurpsRules>): void {
  const { weapon, line } = plan;
  const item = itemStateOf(me.round, weapon, line);
  const { input, r } = rollItThrough(withRoll(baseInput(me, them, weapon, line, rules), plan.deceptive, d3(roll, rules)), roll, rules);
  if (r.refused) return;
  op(me, { kind: "attack", targetId: them.id, itemId: weapon.id, item: afterAttack(item, { thrown: line.kind === "thrown", staysReady: line.staysReady, unbalanced: line.unbalanced, shots: line.shots ? input.shots ?? 1 : 0 }) }, rules);
  const sides = new Map([[me.id, me], [them.id, them]]);
  const facts = factCommands({ noted: [] }, r, them.id, me.id);
  write(facts.commands, sides, rules);
  for (const e of r.effects) {
    if (e.who === "defender" && (e.key === "weaponBroken" || e.key === "weaponDropped")) {
      const id = r.defenses.find((o) => o.chosen.option.kind === "parry")?.chosen.option.sourceId;
      if (id && id !== "hands") them.lost.add(id);
    }
  }
  const struck: StruckInput[] = [];
  if (r.victim) struck.push({ side: "defender", ref: { actorUuid: them.id, name: them.fighter.name }, victim: r.victim, snapshot: input.defender, round: them.round, unreadyOnFall: unreadyOnFall(them.fighter.derived) });
  if (r.self && input.attacker.self) struck.push({ side: "attacker", ref: { actorUuid: me.id, name: me.fighter.name }, victim: r.self, snapshot: input.attacker.self, round: me.round, unreadyOnFall: unreadyOnFall(me.fighter.derived) });
  if (struck.length) write(applicationOf("duel", struck).commands, sides, rules);
}

/** G10, G15, G19, G30, G35, G79, G81: one turn of `me` against `them`. */
function takeTurn(me: Side, them: Side, roll: DiceSource, rules: Readonly<GurpsRules>): void {
  const d = me.fighter.derived;
  op(me, { kind: "startTurn", hp: d.hp.max, currentHp: me.hp, ht: d.attributes.ht }, rules);
  // G81: at 0 HP or below, HT to stay conscious (the policy always acts, so it always rolls).
  if (me.round.consciousness) {
    const level = d.attributes.ht + consciousnessModifier(me.hp, d.hp.max);
    op(me, { kind: "consciousness", stays: successRoll(level, d3(roll, rules).total, "other", rules).success }, rules);
  }
  if (!canAct(me.round)) return;
  const facts = gurpsManeuverFacts(derivedNow(me, rules), me.round, 0);
  const choose = (choice: Parameters<typeof applyGurpsRoundOperation>[1] & { kind: "maneuver" }) => op(me, choice, rules);
  // G19, G79: stunned, Do Nothing, and HT (IQ for a mental stun) at the end to recover.
  if (me.round.stun) {
    choose({ kind: "maneuver", choice: { id: "doNothing" }, facts });
    const level = me.round.stun === "mental" ? d.attributes.iq : d.attributes.ht;
    op(me, { kind: "endTurn", recovery: successRoll(level, d3(roll, rules).total, "other", rules) }, rules);
    return;
  }
  // G15: from lying, a Change Posture to kneeling first.
  if (isLying(me.round.posture)) {
    choose({ kind: "maneuver", choice: { id: "changePosture", posture: "kneeling" }, facts });
    op(me, { kind: "changePosture", posture: "kneeling", crouching: false }, rules);
    op(me, { kind: "endTurn", recovery: null }, rules);
    return;
  }
  const plan = planAttack(me, them, rules);
  if (!plan) {
    // G30, G40, G56: nothing ready to attack with: Ready the first weapon not lost (a reload counts a second).
    const weapon = derivedNow(me, rules).weapons.find((w) => !me.lost.has(w.id));
    choose({ kind: "maneuver", choice: weapon ? { id: "ready", itemId: weapon.id } : { id: "doNothing" }, facts });
    if (weapon) op(me, { kind: "ready", itemId: weapon.id, shots: weapon.lines[0]?.shots ? parseShots(weapon.lines[0].shots) : null }, rules);
    op(me, { kind: "endTurn", recovery: null }, rules);
    return;
  }
  choose({ kind: "maneuver", choice: { id: "attack", targetId: them.id, ...(plan.line.kind !== "melee" && { ranged: true }) }, facts });
  // G15, G11: kneeling → standing as the Attack's step, before he moves.
  if (me.round.posture === "kneeling" && !postureRefusal(me.round, "standing", { myTurn: true, move: derivedNow(me, rules).moveNow }, rules)) {
    op(me, { kind: "changePosture", posture: "standing", crouching: false }, rules);
  }
  attack(me, them, planAttack(me, them, rules) ?? plan, roll, rules);
  op(me, { kind: "endTurn", recovery: null }, rules);
}

const side = (fighter: GurpsFighter, id: string): Side => ({ fighter, id, round: newFighterRound(), hp: fighter.derived.hp.max, fp: fighter.derived.fp.max, deathChecksRolled: 0, lost: new Set() });

/** One duel: seconds until a side cannot act (G8: the other wins), both cannot, or `maxRounds` pass (a draw). */
export function playGurpsDuel(a: GurpsFighter, b: GurpsFighter, roll: DiceSource, maxRounds: number, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): DuelResult {
  const sides: [Side, Side] = [side(a, "a"), side(b, "b")];
  // G9: the order, set once: Basic Speed, DX, a draw kept for the fight.
  const key = (s: Side) => ({ id: s.id, basicSpeed: s.fighter.derived.basicSpeed, dx: s.fighter.derived.attributes.dx, draw: (roll(1_000_000) - 1) / 1_000_000 });
  const keys = sides.map(key);
  const order = compareTurnOrder(keys[0]!, keys[1]!) <= 0 ? [0, 1] : [1, 0];
  for (let round = 1; round <= maxRounds; round++) {
    for (const i of order) {
      const me = sides[i]!;
      const them = sides[1 - i]!;
      if (canAct(me.round) && canAct(them.round)) takeTurn(me, them, roll, rules);
    }
    const [aOut, bOut] = [!canAct(sides[0].round), !canAct(sides[1].round)];
    if (aOut || bOut) return { winner: aOut && bOut ? "draw" : aOut ? "b" : "a", rounds: round };
  }
  return { winner: "draw", rounds: maxRounds };
}

const say = (key: string, params: Record<string, string | number> = {}) => english(`CYCHOSYS.Gurps.Duel.${key}`, params);

/**
 * What `me` will do against `them` at the start, in one sentence (printed
 * above the duel's figures): the maneuver, the weapon line with its damage,
 * skill and Deceptive Attack (G37), and how he answers the other's opening
 * attack (his best defense, with a retreat, G67).
 */
export function gurpsDuelPlan(me: GurpsFighter, them: GurpsFighter, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): string {
  const [mine, theirs] = [side(me, "a"), side(them, "b")];
  const attackPlan = planAttack(mine, theirs, rules);
  const answer = planAttack(theirs, mine, rules)?.defense ?? null;
  const attackText = attackPlan
    ? say("attack", {
      maneuver: english("CYCHOSYS.Gurps.Maneuver.attack"), weapon: attackPlan.weapon.name, line: attackPlan.line.name || say("line", { number: attackPlan.line.index + 1 }),
      damage: `${attackPlan.line.damage} ${attackPlan.line.type}`, skill: attackPlan.effective,
      deceptive: attackPlan.deceptive ? say("deceptive", { skill: 2 * attackPlan.deceptive, defense: attackPlan.deceptive }) : "",
    })
    : say("noAttack");
  const defenseText = answer
    ? say(answer.retreat ? "defendsRetreating" : "defends", { defense: defenseName(answer.id, me.derived), score: answer.score })
    : say("noDefense");
  return say("plan", { name: me.name, attack: attackText, defense: defenseText });
}

/** A defense option in words: "Parry with the shortsword", "Block with the small shield", "Dodge". */
function defenseName(id: string, d: GurpsDerived): string {
  const [kind, source] = id.split(":");
  if (source === "hands") return say("handsParry");
  const item = [...d.weapons, ...d.shields].find((i) => i.id === source)?.name ?? source;
  return item ? say("defense", { kind: english(`CYCHOSYS.Gurps.Defense.${kind}`), item }) : english(`CYCHOSYS.Gurps.Defense.${kind}`);
}
