/**
 * The rules core's inputs assembled from an actor's derived data and its
 * round state (rules/round.ts): what the attack card hands to
 * `legalDefenses` and `resolveGurpsAttack`. Pure; the Foundry side calls
 * these with the GM's own documents, never with figures a request carried.
 */
import {
  type DefenderState, feintPenaltyOn, evaluateBonusOn, type GurpsAttackerInput, type GurpsDefenderInput, type GurpsFighterRound, type GurpsWeaponInput,
  type ParrySource, parseDamage, parseShots, type ShieldSource, type VictimInput,
} from "../rules/index.js";
import type { GurpsDerived, GurpsLineView, GurpsWeaponView } from "./derived.js";

/** G61–G68: the defender's state for `legalDefenses`: his derived scores and what his round says. */
export function defenderStateOf(d: GurpsDerived, round: GurpsFighterRound | null): DefenderState {
  const items = round?.items ?? {};
  const parrySources: ParrySource[] = [];
  for (const w of d.weapons) {
    const line = w.lines.find((l) => l.kind === "melee" && l.parry !== null) ?? null;
    const state = items[w.id];
    parrySources.push({
      id: w.id, skill: w.skillLevel, parry: line ? line.parryModifier : null, ready: state ? state.ready : w.ready, hand: w.hand,
      fencing: !!line?.fencing, unbalanced: !!line?.unbalanced, attackedThisTurn: !!state?.attackedThisTurn, parries: state?.parries ?? 0, weight: w.weight, quality: w.quality,
    });
  }
  // G66: the bare hand (its own count of parries, kept as the item "hands").
  const hands = items.hands;
  parrySources.push({ id: "hands", skill: d.unarmedParry.level, parry: 0, ready: true, hand: "off", unarmed: d.unarmedParry.skill, parries: hands?.parries ?? 0 });
  const shields: ShieldSource[] = d.shields.map((s) => ({ id: s.id, skill: s.skillLevel, db: s.db, ready: items[s.id] ? items[s.id]!.ready : s.ready, hand: s.hand }));
  const maneuver = round?.maneuver ?? { id: "doNothing" as const };
  const busy = round && round.grappling.length ? (["main"] as const) : [];
  return {
    basicSpeed: d.basicSpeed, encumbrance: d.encumbrance, reeling: d.reeling, maneuver: maneuver.id, aodOption: maneuver.aodOption ?? null,
    readiedItemId: maneuver.id === "moveAndReady" ? (maneuver.itemId ?? null) : null, posture: round?.posture ?? "standing", crouching: round?.crouching ?? false,
    stunned: round?.stunDefense ? (round.stun ?? "physical") : null, unconscious: round?.unconscious ?? false, immobilized: round?.pinnedBy != null,
    parrySources, shields, used: round?.used, movedFast: round?.movedFastLastTurn ?? false, ambidexterity: d.traits.ambidexterity,
    trainedByAMaster: d.traits.trainedByAMaster || d.traits.weaponMaster, acrobatics: d.acrobatics, busyHands: busy, heldHands: round && round.grappledBy.length ? ["main"] : [],
    basicLift: d.basicLift,
  };
}

/** G69–G81: the actor as a victim of injury. */
export function victimOf(id: string, d: GurpsDerived, round: GurpsFighterRound | null): VictimInput {
  return {
    id, hp: d.hp.max, currentHp: d.hp.value, fp: d.fp.max, currentFp: d.fp.value, ht: d.attributes.ht, st: d.attributes.st, knockbackSkill: d.balance,
    perfectBalance: d.traits.perfectBalance, woundingClass: d.traits.injuryTolerance === "none" ? "living" : d.traits.injuryTolerance, diffuse: d.traits.diffuse,
    injurySinceLastTurn: round?.injurySinceLastTurn ?? 0, deathChecksRolled: d.deathChecksRolled, posture: round?.posture ?? "standing", stunned: round?.stun ?? null,
    unconscious: round?.unconscious ?? false, aiming: round?.maneuver.id === "aim", concentrating: round?.maneuver.id === "concentrate", will: d.will,
    armor: d.armorLayers, naturalDr: d.naturalDr,
  };
}

/** The whole defender of `resolveGurpsAttack`: his state and his figures as a victim. */
export function defenderOf(id: string, d: GurpsDerived, round: GurpsFighterRound | null): GurpsDefenderInput {
  // Into the fresh victim object: spreading two objects that share keys takes V8's slow path (tens of µs a call, measured).
  return Object.assign(victimOf(id, d, round), defenderStateOf(d, round), { sm: d.sm });
}

/**
 * G2, G51–G57: a weapon line as the core's weapon input. G64–G66, G73: a
 * line used with an unarmed skill is an unarmed strike (Judo and Karate
 * marked, G64); a `thr` line is a thrust (G66, G31).
 */
export function weaponInputOf(w: GurpsWeaponView, line: GurpsLineView, shotsLeft: number | null): GurpsWeaponInput {
  const damage = parseDamage(line.damageText);
  return {
    name: w.name, kind: line.kind, damage, unarmed: w.unarmed !== null && line.kind === "melee", judoKarate: w.unarmed === "judo" || w.unarmed === "karate",
    thrust: damage.base === "thr", type: line.type as GurpsWeaponInput["type"], divisor: line.divisor, weight: w.weight,
    acc: line.acc, bulk: line.bulk, halfDamage: line.halfDamage, max: line.max, minRange: line.minRange, rof: line.rof, rcl: line.rcl,
    shots: line.shots ? parseShots(line.shots) : null, shotsLeft: line.shots ? shotsLeft : null, unreadyAfterAttack: line.unreadyAfterAttack, minSt: line.minSt,
    unbalanced: line.unbalanced,
  };
}

/** G22–G27, G77: the attacker's side of an attack: his skill with the weapon and what his round holds against this target. */
export function attackerOf(id: string, d: GurpsDerived, w: Pick<GurpsWeaponView, "id" | "skillLevel" | "hand">, round: GurpsFighterRound | null, targetId: string): Omit<GurpsAttackerInput, "maneuver" | "roll"> {
  const aim = round?.aim && round.aim.itemId === w.id && round.aim.targetId === targetId ? { seconds: round.aim.seconds, braced: round.aim.braced, sight: round.aim.sight } : null;
  return {
    id, skill: w.skillLevel, st: d.attributes.st, thrust: parseDamage(d.thrust), swing: parseDamage(d.swing), posture: round?.posture ?? "standing",
    crouching: round?.crouching ?? false, shock: round?.shock ?? 0, grappled: (round?.grappledBy.length ?? 0) > 0, evaluate: round ? evaluateBonusOn(round, targetId) : 0,
    aim, feint: round ? feintPenaltyOn(round, targetId) : 0, offHand: w.hand === "off", ambidexterity: d.traits.ambidexterity,
  };
}
