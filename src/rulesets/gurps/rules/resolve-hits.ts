/**
 * The hits of one attack that landed (G42–G49, G69–G83): no damage for grabs
 * and grapples; damage both ways for slams; otherwise the damage line with
 * its bonuses rolled per hit, follow-up and linked payloads, the victim's
 * injury and its rolls, hurting yourself, afflictions.
 */
import { hurtingYourself, layerDr, stopThrustBonus, strongBonus } from "./damage.js";
import { type DamageSpec, resolveDamage, successRoll, sumFaces } from "./dice.js";
import { GurpsError } from "./errors.js";
import { grappleHolds, shoveDamage, slamDice, slamKnockdown } from "./grapple.js";
import { GURPS_STANDARD_RULES, type GurpsRules } from "./options.js";
import type { OwedRoll } from "./owed.js";
import type { GurpsAttackInput, GurpsResolution, Payload } from "./resolve-types.js";
import { type HitLocation, isRanged, isSlamForm, type Modifier, type Posture } from "./types.js";
import { applyHits, type HitsContext, hitFigure, type HitToApply, knockedDown, type VictimResult } from "./victim.js";

type Effect = { key: string; rule: string; who: "attacker" | "defender" };
export interface HitsStage {
  damage: GurpsResolution["damage"];
  victim: VictimResult | null;
  self: VictimResult | null;
  slam: GurpsResolution["slam"];
  affliction: GurpsResolution["affliction"];
  attackerPosture: Posture | null;
}

const owe = (owed: OwedRoll[], o: Omit<OwedRoll, "when">) => owed.push({ ...o, when: "now" });
function hasEffect(effects: readonly Effect[], key: string): boolean {
  for (let i = 0; i < effects.length; i++) if (effects[i]!.key === key) return true;
  return false;
}

/** The faces of `count` dice in each given roll, summed (`what` names the field in errors). */
function totals(rolls: readonly (readonly number[])[], dice: number, what: string, rules: Readonly<GurpsRules>): number[] {
  const out: number[] = [];
  for (let i = 0; i < rolls.length; i++) out.push(sumFaces(rolls[i]!, dice, () => `${what}[${i}]`, rules));
  return out;
}

/** Run the hit stage for `hits` landing hits; `halved` is G70's 1/2D. */
export function hitsStage(
  input: GurpsAttackInput, hits: number, halved: boolean, sink: { owed: OwedRoll[]; effects: Effect[] }, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES,
): HitsStage {
  const { attacker: a, weapon: w, defender: d } = input;
  const form = w.form ?? "strike";
  const location: HitLocation = input.location ?? "torso";
  const coverDr = input.coverDr ?? 0;
  const rolls = input.rolls ?? {};
  const stage: HitsStage = { damage: null, victim: null, self: null, slam: null, affliction: null, attackerPosture: null };

  // G42, G43: grabs and grapples do no damage.
  if (form === "grab") {
    sink.effects.push({ key: "grabbed", rule: "G42", who: "attacker" });
    return stage;
  }
  if (form === "grapple") {
    sink.effects.push({ key: grappleHolds(a.st, d.st ?? d.hp, rules) ? "grappled" : "grappledNoHold", rule: "G43", who: "defender" });
    return stage;
  }
  if (isSlamForm(form)) return slamStage(input, sink, rules);

  // G69 step 1: the line (thrust/swing resolved; a shove's doubled thrust), and its bonuses.
  const option = a.maneuver === "allOutAttack" ? (a.aoaOption ?? null) : null;
  let spec: DamageSpec;
  if (form === "shove") {
    if (!a.thrust) throw new GurpsError("damageBaseMissing", { base: "thr" });
    spec = shoveDamage(a.thrust, !!a.oneHand, rules);
  } else {
    if (!w.damage) throw new GurpsError("damageEmpty");
    spec = resolveDamage(w.damage, a.thrust ?? null, a.swing ?? null);
  }
  const type = form === "shove" ? "cr" : (w.type ?? "cr");
  const bonuses: Modifier[] = [];
  // G26: Strong — ST-based thrust/swing melee damage only.
  if (option === "strong" && !isRanged(w.kind) && w.damage && w.damage.base !== "dice") bonuses.push({ key: "aoaStrong", value: strongBonus(spec.dice, rules), rule: "G26" });
  if (a.stopThrustYards && w.thrust) bonuses.push({ key: "stopThrust", value: stopThrustBonus(a.stopThrustYards, rules), rule: "G31" });
  const divisor = w.divisor ?? 1;
  stage.damage = { spec, type, divisor, bonuses, halved, location, coverDr };
  const context: HitsContext = { spec, type, divisor, bonuses, halved, location, coverDr, knockback: true, knockbackOnly: form === "shove", area: !!w.area };

  // G73: one damage roll for every hit under the fast-resolution setting.
  const rollsNeeded = rules.fastMultiHit ? 1 : hits;
  if (!input.damage) {
    owe(sink.owed, { id: "damage", roll: "damage", who: "attacker", target: null, dice: spec.dice, hits: rollsNeeded, rule: "G69" });
    return stage;
  }
  if (input.damage.length !== rollsNeeded) throw new GurpsError("damageRollCount", { given: input.damage.length, hits: rollsNeeded });
  const primary = totals(input.damage, spec.dice, "damage", rules);
  const toApply: HitToApply[] = [];
  let hpProbe = d.currentHp;
  for (let i = 0; i < hits; i++) {
    const k = rules.fastMultiHit ? 0 : i;
    const hit: HitToApply = { payload: "primary", context, faces: input.damage[k]!, diceTotal: primary[k]! };
    toApply.push(hit);
    // G82: a follow-up acts inside (DR 0, no knockback or blunt trauma) when the primary penetrated, else outside;
    // a payload that needs the bloodstream does nothing outside. Never halved at 1/2D.
    if (w.followUp) {
      const probe = hitFigure(d, hit, hpProbe, rules);
      hpProbe = probe.hpAfter;
      const inside = probe.penetrating > 0;
      if (!inside && w.followUp.bloodstream) {
        sink.effects.push({ key: "followUpNoEffect", rule: "G82", who: "defender" });
      } else {
        const payload = payloadHit(w.followUp, input.followUpDamage, i, "followUpDamage", hits, sink.owed, { ...context, knockback: false, halved: false, inside, bonuses: [] }, rules);
        if (!payload) return stage;
        toApply.push({ ...payload, payload: "followUp" });
      }
    }
    if (w.linked) {
      const payload = payloadHit(w.linked, input.linkedDamage, i, "linkedDamage", hits, sink.owed, { ...context, knockback: false, bonuses: [] }, rules);
      if (!payload) return stage;
      toApply.push({ ...payload, payload: "linked" });
    }
  }
  // G29: a defense under Concentrate already called the Will−3 roll.
  const concentrating = d.concentrating && !hasEffect(sink.effects, "concentrateCheck");
  stage.victim = applyHits(d, toApply, rolls, { who: "defender", prefix: "rolls", concentrating: !!concentrating }, rules);

  // G73: an unarmed strike on DR 3+ hurts the striker.
  if (w.unarmed && form === "strike" && stage.victim.hits.length) {
    const first = stage.victim.hits[0]!;
    const drKey = rules.hitLocations[location].drKey;
    const tough = (d.armor ?? []).some((l) => l.toughSkin && layerDr(l, drKey, type) > 0);
    const hurt = hurtingYourself(first.damage.basic, first.dr.total, tough, a.strikerDr ?? 0, rules);
    if (hurt.injury > 0) {
      sink.effects.push({ key: "hurtYourself", rule: "G73", who: "attacker" });
      if (a.self) stage.self = selfHit(a.self, hurt.injury, rolls, rules);
    }
  }
  afflictionStage(input, halved, stage, sink, rules);
  return stage;
}

function payloadHit(
  p: Payload, given: readonly (readonly number[])[] | null | undefined, i: number, field: string, hits: number, owed: OwedRoll[], base: HitsContext, rules: Readonly<GurpsRules>,
): Omit<HitToApply, "payload"> | null {
  if (!given) {
    owe(owed, { id: field, roll: "damage", who: "attacker", target: null, dice: p.damage.dice, hits, rule: "G82" });
    return null;
  }
  if (given.length !== hits) throw new GurpsError("damageRollCount", { given: given.length, hits });
  const faces = given[i]!;
  return { context: { ...base, spec: p.damage, type: p.type, divisor: p.divisor }, faces, diceTotal: sumFaces(faces, p.damage.dice, () => `${field}[${i}]`, rules) };
}

/** Injury already through DR, applied to the attacker's own figures (G48 shield rush aside, G73). */
function selfHit(self: NonNullable<GurpsAttackInput["attacker"]["self"]>, injury: number, rolls: GurpsAttackInput["rolls"], rules: Readonly<GurpsRules>): VictimResult {
  const spec: DamageSpec = { base: "dice", dice: 0, adds: injury, multiplier: 1 };
  const context: HitsContext = { spec, type: "cr", divisor: 1, bonuses: [], halved: false, location: "torso", coverDr: 0, knockback: false, inside: true };
  return applyHits(self, [{ payload: "primary", context, faces: [], diceTotal: 0 }], rolls?.attacker ?? {}, { who: "attacker", prefix: "rolls.attacker" }, rules);
}

/** G83: on a hit the victim rolls HT + the attack's modifier (+3 beyond 1/2D, G70); failure applies the condition. */
function afflictionStage(input: GurpsAttackInput, halved: boolean, stage: HitsStage, sink: { owed: OwedRoll[] }, rules: Readonly<GurpsRules>): void {
  const aff = input.weapon.affliction;
  if (!aff) return;
  const effective = input.defender.ht + aff.modifier + (halved ? rules.afflictionHalfDamageBonus : 0);
  const given = input.rolls?.affliction;
  const roll = given ? successRoll(effective, given.total, "other", rules) : null;
  stage.affliction = { effective, roll, affected: roll ? !roll.success : null, condition: aff.condition };
  if (!roll) owe(sink.owed, { id: "rolls.affliction", roll: "3d6", who: "defender", victim: input.defender.id, target: effective, rule: "G83" });
}

/**
 * G48–G49: a slam's damage both ways (HP × velocity / 100 each, the
 * slammer's roll with Strong's bonus and a shield rush's DB), each through the
 * other's DR; then who falls.
 */
function slamStage(input: GurpsAttackInput, sink: { owed: OwedRoll[]; effects: Effect[] }, rules: Readonly<GurpsRules>): HitsStage {
  const { attacker: a, weapon: w, defender: d } = input;
  const form = w.form!;
  const self = a.self;
  if (!self || !input.slam) throw new GurpsError("slamVelocity", { velocity: 0, min: rules.slamMinYards });
  const velocity = input.slam.velocity;
  const slammerDice = slamDice(self.hp, velocity, rules);
  const foeDice = slamDice(d.hp, velocity, rules);
  const stage: HitsStage = { damage: null, victim: null, self: null, slam: null, affliction: null, attackerPosture: null };
  const bonuses: Modifier[] = [];
  if (a.maneuver === "allOutAttack" && a.aoaOption === "strong") bonuses.push({ key: "aoaStrong", value: strongBonus(slammerDice.dice, rules), rule: "G48" });
  if (form === "shieldRush" && w.shieldDb) bonuses.push({ key: "shieldRush", value: w.shieldDb, rule: "G49" });
  const location: HitLocation = input.location ?? "torso";
  const coverDr = input.coverDr ?? 0;
  stage.damage = { spec: slammerDice, type: "cr", divisor: 1, bonuses, halved: false, location, coverDr };
  const slammerFaces = input.damage?.[0] ?? null;
  const foeFaces = input.slam.foeDamage ?? null;
  if (!slammerFaces) owe(sink.owed, { id: "damage", roll: "damage", who: "attacker", target: null, dice: slammerDice.dice, hits: 1, rule: "G48" });
  if (!foeFaces) owe(sink.owed, { id: "slam.foeDamage", roll: "damage", who: "defender", target: null, dice: foeDice.dice, hits: 1, rule: "G48" });
  stage.slam = { velocity, slammerDice, foeDice, slammerRoll: null, foeRoll: null, knockdown: null, foeDx: null };
  if (!slammerFaces || !foeFaces) return stage;
  if (input.damage!.length !== 1) throw new GurpsError("damageRollCount", { given: input.damage!.length, hits: 1 });
  const rolls = input.rolls ?? {};
  const context: HitsContext = { spec: slammerDice, type: "cr", divisor: 1, bonuses, halved: false, location, coverDr, knockback: false };
  stage.victim = applyHits(d, [{ payload: "primary", context, faces: slammerFaces, diceTotal: sumFaces(slammerFaces, slammerDice.dice, "damage[0]", rules) }], rolls, { who: "defender", prefix: "rolls" }, rules);
  const slammerRoll = stage.victim.hits[0]!.damage.basic;
  const foeContext: HitsContext = { spec: foeDice, type: "cr", divisor: 1, bonuses: [], halved: false, location: "torso", coverDr: 0, knockback: false };
  const foeHit: HitToApply = { payload: "primary", context: foeContext, faces: foeFaces, diceTotal: sumFaces(foeFaces, foeDice.dice, "slam.foeDamage", rules) };
  // G49: the shield takes a shield rusher's share.
  const foeRoll = hitFigure(self, foeHit, self.currentHp, rules).damage.basic;
  if (form !== "shieldRush") stage.self = applyHits(self, [foeHit], rolls.attacker ?? {}, { who: "attacker", prefix: "rolls.attacker" }, rules);
  const knockdown = slamKnockdown(slammerRoll, foeRoll);
  let foeDx = null;
  if (knockdown.foe === "rollsDx") {
    foeDx = rolls.slamDx ? successRoll(d.knockbackSkill, rolls.slamDx.total, "other", rules) : null;
    if (!foeDx) owe(sink.owed, { id: "rolls.slamDx", roll: "3d6", who: "defender", victim: d.id, target: d.knockbackSkill, rule: "G48" });
  }
  // The fall is part of each side's state after the slam: the figure the outcome reports and the card writes.
  if (knockdown.foe === "falls" || (foeDx && !foeDx.success)) {
    sink.effects.push({ key: "fallsProne", rule: "G48", who: "defender" });
    stage.victim = knockedDown(stage.victim);
  }
  if (knockdown.slammer === "falls") {
    sink.effects.push({ key: "slammerFalls", rule: "G48", who: "attacker" });
    stage.attackerPosture = "prone";
    if (stage.self) stage.self = knockedDown(stage.self);
  }
  stage.slam = { velocity, slammerDice, foeDice, slammerRoll, foeRoll, knockdown, foeDx };
  return stage;
}
