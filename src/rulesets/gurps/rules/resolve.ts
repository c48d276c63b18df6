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
import { hitsStage } from "./resolve-hits.js";
import type { CriticalTableRoll, GurpsAttackInput, GurpsRefusal, GurpsResolution } from "./resolve-types.js";
import { incomingWeight } from "./defense.js";
import { isRanged, isSlamForm } from "./types.js";

const NONE: readonly never[] = Object.freeze([]);
type Mutable<T> = { -readonly [K in keyof T]: T[K] };
type Effect = { key: string; rule: string; who: "attacker" | "defender" };

export function resolveGurpsAttack(input: GurpsAttackInput, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): GurpsResolution {
  const { attacker: a, weapon: w, defender: d } = input;
  const form = w.form ?? "strike";
  const ranged = isRanged(w.kind);
  const range = input.range ?? 0;
  const owed: OwedRoll[] = [];
  const effects: Effect[] = [];
  const criticals: CriticalTableRoll[] = [];
  const rolls = input.rolls ?? {};
  const out: Mutable<GurpsResolution> = {
    attackerId: a.id, defenderId: d.id, maneuver: a.maneuver, aoaOption: a.maneuver === "allOutAttack" ? (a.aoaOption ?? null) : null, kind: w.kind, form,
    refused: null, skill: null, attackFaces: null, attack: null, shots: null, hitsScored: 0, legal: null, secondLegal: null, defenses: [], declined: false, hitsLanding: 0,
    criticals, effects, counter: null, damage: null, victim: null, self: null, slam: null, affliction: null, defenseUse: null, parried: [],
    weaponAfter: { ready: true, attackedWithU: false, shotsLeft: w.shotsLeft ?? null }, attackerPosture: a.posture ?? "standing", defenderPosture: d.posture, owed,
  };
  const refuse = (reason: GurpsRefusal): GurpsResolution => {
    out.refused = reason;
    return out;
  };

  // G26: All-Out Attack needs its option, chosen first; G51: Max and minimum range; G56: shots.
  if (a.maneuver === "allOutAttack" && !a.aoaOption) return refuse("aoaOption");
  if (ranged && w.max !== null && w.max !== undefined && range > w.max) return refuse("beyondMax");
  if (ranged && w.minRange && range < w.minRange) return refuse("underMinRange");
  if (w.shotsLeft !== null && w.shotsLeft !== undefined && w.shotsLeft <= 0) return refuse("noShotsLeft");
  const rof = w.rof ?? 1;
  const shots = ranged ? checkShots(input.shots ?? 1, rof, w.shotsLeft ?? null) : 1;

  // G24–G27, G36–G38, G52–G57, G91: the effective skill.
  // Built field by field: spreading the inputs is what a hot path cannot afford.
  const skill = effectiveAttackSkill(
    {
      skill: a.skill, maneuver: a.maneuver, aoaOption: a.aoaOption ?? null, kind: w.kind, form, posture: a.posture ?? "standing", crouching: !!a.crouching,
      shock: a.shock ?? 0, grappled: !!a.grappled, evaluate: a.evaluate ?? 0, aim: a.aim ?? null, acc: w.acc ?? 0, bulk: w.bulk ?? 0, deceptive: a.deceptive ?? 0,
      rapidStrike: !!a.rapidStrike, offHand: !!a.offHand, ambidexterity: !!a.ambidexterity, location: input.location ?? "torso", targetSm: d.sm ?? 0,
      targetPosture: d.posture, targetCrouching: !!d.crouching, range, speed: input.speed ?? 0, shots, extraArms: a.extraArms ?? 0, situational: a.situational ?? NONE,
    },
    rules,
  );
  out.skill = skill;
  if (skill.refused) return refuse(skill.refused);

  // The attack is made: the weapon afterwards (G40 ‡, G41 U, G55 thrown, G56 shots).
  const shotsLeft = w.shotsLeft === null || w.shotsLeft === undefined ? null : w.shotsLeft - shots;
  const unready = w.kind === "thrown" || (!!w.unreadyAfterAttack && a.st < rules.unreadyStMultiple * (w.minSt ?? 0));
  out.weaponAfter = { ready: !unready, attackedWithU: !!w.unbalanced, shotsLeft };
  if (unready) effects.push({ key: w.kind === "thrown" ? "thrownGone" : "weaponUnready", rule: w.kind === "thrown" ? "G55" : "G40", who: "attacker" });
  if (form === "flyingTackle") out.attackerPosture = "prone"; // G49: hit or miss, he ends lying down.

  // G5: the attack roll.
  if (!a.roll) {
    owed.push({ id: "attacker.roll", roll: "3d6", who: "attacker", victim: a.id, target: skill.effective, rule: "G5", when: "now" });
    return out;
  }
  out.attackFaces = a.roll.faces;
  const attack = successRoll(skill.effective, a.roll.total, ranged ? "rangedAttack" : "meleeAttack", rules);
  out.attack = attack;
  const scored = attack.success ? (ranged && shots > 1 ? rapidFireHits(attack.margin, shots, w.rcl ?? 1) : 1) : 0;
  if (ranged && w.shots) out.shots = { fired: shots, rcl: w.rcl ?? 1, hits: scored, left: shotsLeft, reload: shotsLeft === 0 ? reloadPlan(w.shots, w.shots.shots) : null };
  out.hitsScored = scored;
  if (form === "pounce") pounceRoll(input, out, owed, effects, rules);
  if (!attack.success) {
    // G5, G85: a critical miss → the Critical Miss Table, at once.
    if (attack.critical === "failure") {
      criticals.push({ table: "miss", who: "attacker", roll: rolls.criticalTable?.total ?? null, rule: "G85" });
      if (!rolls.criticalTable) owed.push({ id: "rolls.criticalTable", roll: "table", who: "attacker", target: null, rule: "G85", when: "now" });
    }
    return out;
  }
  // G84: a critical hit lands with no active defense; the attacker rolls on the Critical Hit Table.
  const critical = attack.critical === "success";
  if (critical) {
    criticals.push({ table: "hit", who: "attacker", roll: rolls.criticalTable?.total ?? null, rule: "G84" });
    if (!rolls.criticalTable) owed.push({ id: "rolls.criticalTable", roll: "table", who: "attacker", target: null, rule: "G84", when: "now" });
  }

  // G58–G68: the legal defenses and the defender's choice.
  const incoming: IncomingAttack = {
    attackerId: a.id, kind: w.kind, form, unarmed: !!w.unarmed, thrust: !!w.thrust, judoKarate: !!w.judoKarate, inReach: !!input.inReach,
    fromFront: input.fromFront !== false, criticalHit: critical, feint: a.feint ?? 0, deceptive: skill.deceptiveDefense,
    weight: incomingWeight(form, !!w.unarmed, w.weight, a.st, rules),
  };
  const legal = legalDefenses(d, incoming, rules);
  out.legal = legal;
  const choices = input.defenses ?? null;
  const defense = defenseStage(d, { skill: d.knockbackSkill }, incoming, legal, scored, choices, rolls, { owed, effects, criticals }, rules);
  out.defenses = defense.outcomes;
  out.declined = defense.declined;
  out.defenseUse = defense.outcomes.length ? defense.use : null;
  out.parried = defense.parried;
  out.counter = defense.counter;
  out.secondLegal = defense.secondLegal;
  out.hitsLanding = defense.pending ? 0 : defense.hitsLanding;
  // G65, G68, G85: a defense that ends on the ground (dodge and drop, a critically failed dodge, a fall after a too-heavy parry).
  for (const e of effects) if (e.who === "defender" && (e.key === "droppedProne" || e.key === "fallsProne")) out.defenderPosture = "prone";
  if (defense.pending || defense.hitsLanding === 0) {
    // G48: a dodged slam carries the slammer at least 2 yards past.
    if (!defense.pending && isSlamForm(form)) effects.push({ key: "slamPast", rule: "G48", who: "attacker" });
    return out;
  }

  // G69–G83: the hits that landed.
  const halved = ranged && w.halfDamage !== null && w.halfDamage !== undefined && range >= w.halfDamage;
  // Each side is struck in the posture the attack left him in so far (a fall in defending, a flying tackle, a pounce).
  const self = a.self && (a.self.posture ?? "standing") !== out.attackerPosture ? { ...a.self, posture: out.attackerPosture } : a.self;
  const struck = out.defenderPosture === d.posture && self === a.self ? input : { ...input, attacker: self === a.self ? a : { ...a, self }, defender: { ...d, posture: out.defenderPosture } };
  const hits = hitsStage(struck, defense.hitsLanding, halved, { owed, effects }, rules);
  out.damage = hits.damage;
  out.victim = hits.victim;
  out.self = hits.self;
  out.slam = hits.slam;
  out.affliction = hits.affliction;
  // One source of truth: each side's posture afterwards is his state after the hits (G48 slams, G74 knockback, G78 major wounds).
  if (hits.attackerPosture) out.attackerPosture = hits.attackerPosture;
  if (hits.self) out.attackerPosture = hits.self.after.posture;
  if (hits.victim) out.defenderPosture = hits.victim.after.posture;
  if (hits.victim) for (const o of hits.victim.owed) owed.push(o);
  if (hits.self) for (const o of hits.self.owed) owed.push(o);
  return out;
}

/** G49: after a pounce the attacker rolls (DX, Acrobatics or Jumping: his attack's base skill) to stay on his feet. */
function pounceRoll(input: GurpsAttackInput, out: Mutable<GurpsResolution>, owed: OwedRoll[], effects: Effect[], rules: Readonly<GurpsRules>): void {
  const given = input.rolls?.pounce;
  if (!given) {
    owed.push({ id: "rolls.pounce", roll: "3d6", who: "attacker", victim: input.attacker.id, target: input.attacker.skill, rule: "G49", when: "now" });
    return;
  }
  if (!successRoll(input.attacker.skill, given.total, "other", rules).success) {
    out.attackerPosture = "prone";
    effects.push({ key: "pounceFalls", rule: "G49", who: "attacker" });
  }
}
