/**
 * One complete GURPS attack, every die an input (G35): the maneuver and
 * range checks, the effective skill (G24–G27, G36–G38, G52–G57, G91), the
 * attack roll (G5), rapid-fire hits (G57), the legal defenses and the
 * defender's choice (G58–G68), criticals (G84–G86), then the hits (G69–G83)
 * and the effects of injury (G77–G81). A die not given stops the resolution
 * where it is needed and is named in `owed`; independent later rolls are
 * resolved when given. The result is plain data; outcome.ts and explain.ts
 * only read it.
 */
import { effectiveAttackSkill } from "./attack.js";
import { type IncomingAttack, legalDefenses } from "./defense.js";
import { successRoll } from "./dice.js";
import { GURPS_STANDARD_RULES, type GurpsRules } from "./options.js";
import type { OwedRoll } from "./owed.js";
import { checkShots, rapidFireHits, reloadPlan } from "./ranged.js";
import { defenseStage } from "./resolve-defense.js";
import { hitsStage, type Strike } from "./resolve-hits.js";
import type { CriticalTableRoll, GurpsAttackInput, GurpsAttackRolls, GurpsRefusal, GurpsResolution } from "./resolve-types.js";
import { incomingWeight } from "./defense.js";
import { isRanged, isSlamForm } from "./types.js";

const NONE: readonly never[] = Object.freeze([]);
const NO_ROLLS: GurpsAttackRolls = Object.freeze({});
type Mutable<T> = { -readonly [K in keyof T]: T[K] };
type Effect = { key: string; rule: string; who: "attacker" | "defender" };

/**
 * Each field of the input is read once: the inputs come in many shapes (see
 * resolve-read.ts), and every read of one is V8's slow generic read.
 */
export function resolveGurpsAttack(input: GurpsAttackInput, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): GurpsResolution {
  const a = input.attacker;
  const w = input.weapon;
  const d = input.defender;
  const form = w.form ?? "strike";
  const kind = w.kind;
  const ranged = isRanged(kind);
  const range = input.range ?? 0;
  const maneuver = a.maneuver;
  const aoaOption = a.aoaOption ?? null;
  const posture = a.posture ?? "standing";
  const defenderPosture = d.posture;
  const givenShotsLeft = w.shotsLeft;
  const shotsLeftBefore = givenShotsLeft === null || givenShotsLeft === undefined ? null : givenShotsLeft;
  const owed: OwedRoll[] = [];
  const effects: Effect[] = [];
  const criticals: CriticalTableRoll[] = [];
  const rolls = input.rolls ?? NO_ROLLS;
  const out: Mutable<GurpsResolution> = {
    attackerId: a.id, defenderId: d.id, maneuver, aoaOption: maneuver === "allOutAttack" ? aoaOption : null, kind, form,
    refused: null, skill: null, attackFaces: null, attack: null, shots: null, hitsScored: 0, legal: null, secondLegal: null, defenses: NONE, declined: false, hitsLanding: 0,
    criticals, effects, counter: null, damage: null, victim: null, self: null, slam: null, affliction: null, defenseUse: null, parried: NONE,
    weaponAfter: shotsLeftBefore === null ? UNTOUCHED : { ready: true, attackedWithU: false, shotsLeft: shotsLeftBefore }, attackerPosture: posture, defenderPosture, owed,
  };

  // G26: All-Out Attack needs its option, chosen first; G51: Max and minimum range; G56: shots.
  if (maneuver === "allOutAttack" && !aoaOption) return refused(out, "aoaOption");
  if (ranged) {
    const max = w.max;
    if (max !== null && max !== undefined && range > max) return refused(out, "beyondMax");
    const minRange = w.minRange;
    if (minRange && range < minRange) return refused(out, "underMinRange");
  }
  if (shotsLeftBefore !== null && shotsLeftBefore <= 0) return refused(out, "noShotsLeft");
  const shots = ranged ? checkShots(input.shots ?? 1, w.rof ?? 1, shotsLeftBefore) : 1;
  const location = input.location ?? "torso";

  // G24–G27, G36–G38, G52–G57, G91: the effective skill.
  // Built field by field: spreading the inputs is what a hot path cannot afford.
  const skill = effectiveAttackSkill(
    {
      skill: a.skill, maneuver, aoaOption, kind, form, posture, crouching: !!a.crouching,
      shock: a.shock ?? 0, grappled: !!a.grappled, evaluate: a.evaluate ?? 0, aim: a.aim ?? null, acc: w.acc ?? 0, bulk: w.bulk ?? 0, deceptive: a.deceptive ?? 0,
      rapidStrike: !!a.rapidStrike, offHand: !!a.offHand, ambidexterity: !!a.ambidexterity, location, targetSm: d.sm ?? 0,
      targetPosture: defenderPosture, targetCrouching: !!d.crouching, range, speed: input.speed ?? 0, shots, extraArms: a.extraArms ?? 0, situational: a.situational ?? NONE,
    },
    rules,
  );
  out.skill = skill;
  if (skill.refused) return refused(out, skill.refused);

  // The attack is made: the weapon afterwards (G40 ‡, G41 U, G55 thrown, G56 shots).
  const shotsLeft = shotsLeftBefore === null ? null : shotsLeftBefore - shots;
  const st = a.st;
  const unready = kind === "thrown" || (!!w.unreadyAfterAttack && st < rules.unreadyStMultiple * (w.minSt ?? 0));
  out.weaponAfter = { ready: !unready, attackedWithU: !!w.unbalanced, shotsLeft };
  if (unready) effects.push({ key: kind === "thrown" ? "thrownGone" : "weaponUnready", rule: kind === "thrown" ? "G55" : "G40", who: "attacker" });
  if (form === "flyingTackle") out.attackerPosture = "prone"; // G49: hit or miss, he ends lying down.

  // G5: the attack roll.
  const roll = a.roll;
  if (!roll) {
    owed.push({ id: "attacker.roll", roll: "3d6", who: "attacker", victim: a.id, target: skill.effective, rule: "G5", when: "now" });
    return out;
  }
  out.attackFaces = roll.faces;
  const attack = successRoll(skill.effective, roll.total, ranged ? "rangedAttack" : "meleeAttack", rules);
  out.attack = attack;
  const rcl = ranged ? (w.rcl ?? 1) : 1;
  const scored = attack.success ? (ranged && shots > 1 ? rapidFireHits(attack.margin, shots, rcl) : 1) : 0;
  if (ranged) {
    const spec = w.shots;
    if (spec) out.shots = { fired: shots, rcl, hits: scored, left: shotsLeft, reload: shotsLeft === 0 ? reloadPlan(spec, spec.shots) : null };
  }
  out.hitsScored = scored;
  if (form === "pounce") pounceRoll(a, rolls, out, owed, effects, rules);
  if (!attack.success) {
    // G5, G85: a critical miss → the Critical Miss Table, at once.
    if (attack.critical === "failure") {
      const table = rolls.criticalTable;
      criticals.push({ table: "miss", who: "attacker", roll: table?.total ?? null, rule: "G85" });
      if (!table) owed.push({ id: "rolls.criticalTable", roll: "table", who: "attacker", target: null, rule: "G85", when: "now" });
    }
    return out;
  }
  // G84: a critical hit lands with no active defense; the attacker rolls on the Critical Hit Table.
  const critical = attack.critical === "success";
  if (critical) {
    const table = rolls.criticalTable;
    criticals.push({ table: "hit", who: "attacker", roll: table?.total ?? null, rule: "G84" });
    if (!table) owed.push({ id: "rolls.criticalTable", roll: "table", who: "attacker", target: null, rule: "G84", when: "now" });
  }

  // G58–G68: the legal defenses and the defender's choice.
  const unarmed = !!w.unarmed;
  const incoming: IncomingAttack = {
    attackerId: a.id, kind, form, unarmed, thrust: !!w.thrust, judoKarate: !!w.judoKarate, inReach: !!input.inReach,
    fromFront: input.fromFront !== false, criticalHit: critical, feint: a.feint ?? 0, deceptive: skill.deceptiveDefense,
    weight: incomingWeight(form, unarmed, w.weight, st, rules),
  };
  const legal = legalDefenses(d, incoming, rules);
  out.legal = legal;
  const sink = { owed, effects, criticals };
  const defense = defenseStage(d, d.knockbackSkill, incoming, legal, scored, input.defenses ?? null, rolls, sink, rules);
  out.defenses = defense.outcomes;
  out.declined = defense.declined;
  out.defenseUse = defense.outcomes.length ? defense.use : null;
  out.parried = defense.parried;
  out.counter = defense.counter;
  out.secondLegal = defense.secondLegal;
  out.hitsLanding = defense.pending ? 0 : defense.hitsLanding;
  // G65, G68, G85: a defense that ends on the ground (dodge and drop, a critically failed dodge, a fall after a too-heavy parry).
  for (let i = 0; i < effects.length; i++) {
    const e = effects[i]!;
    if (e.who === "defender" && (e.key === "droppedProne" || e.key === "fallsProne")) out.defenderPosture = "prone";
  }
  if (defense.pending || defense.hitsLanding === 0) {
    // G48: a dodged slam carries the slammer at least 2 yards past.
    if (!defense.pending && isSlamForm(form)) effects.push({ key: "slamPast", rule: "G48", who: "attacker" });
    return out;
  }

  // G69–G83: the hits that landed.
  const halfDamage = ranged ? w.halfDamage : null;
  const halved = ranged && halfDamage !== null && halfDamage !== undefined && range >= halfDamage;
  // Each side is struck in the posture the attack left him in so far (a fall in defending, a flying tackle, a pounce).
  const strike: Strike = {
    attacker: a, self: a.self ?? null, attackerPosture: out.attackerPosture, weapon: w, form, defender: d, defenderPosture: out.defenderPosture, location, coverDr: input.coverDr ?? 0, rolls, damage: input.damage, followUpDamage: input.followUpDamage,
    linkedDamage: input.linkedDamage, slam: input.slam,
  };
  const hits = hitsStage(strike, defense.hitsLanding, halved, sink, rules);
  out.damage = hits.damage;
  out.victim = hits.victim;
  out.self = hits.self;
  out.slam = hits.slam;
  out.affliction = hits.affliction;
  // One source of truth: each side's posture afterwards is his state after the hits (G48 slams, G74 knockback, G78 major wounds).
  if (hits.attackerPosture) out.attackerPosture = hits.attackerPosture;
  if (hits.self) out.attackerPosture = hits.self.after.posture;
  if (hits.victim) out.defenderPosture = hits.victim.after.posture;
  if (hits.victim) pushAll(owed, hits.victim.owed);
  if (hits.self) pushAll(owed, hits.self.owed);
  return out;
}

/** The weapon afterwards when the attack is not made and it counts no shots: ready (one shared answer). */
const UNTOUCHED: GurpsResolution["weaponAfter"] = Object.freeze({ ready: true, attackedWithU: false, shotsLeft: null });

function refused(out: Mutable<GurpsResolution>, reason: GurpsRefusal): GurpsResolution {
  out.refused = reason;
  return out;
}

function pushAll(to: OwedRoll[], from: readonly OwedRoll[]): void {
  for (let i = 0; i < from.length; i++) to.push(from[i]!);
}

/** G49: after a pounce the attacker rolls (DX, Acrobatics or Jumping: his attack's base skill) to stay on his feet. */
function pounceRoll(a: GurpsAttackInput["attacker"], rolls: GurpsAttackRolls, out: Mutable<GurpsResolution>, owed: OwedRoll[], effects: Effect[], rules: Readonly<GurpsRules>): void {
  const given = rolls.pounce;
  if (!given) {
    owed.push({ id: "rolls.pounce", roll: "3d6", who: "attacker", victim: a.id, target: a.skill, rule: "G49", when: "now" });
    return;
  }
  if (!successRoll(a.skill, given.total, "other", rules).success) {
    out.attackerPosture = "prone";
    effects.push({ key: "pounceFalls", rule: "G49", who: "attacker" });
  }
}
