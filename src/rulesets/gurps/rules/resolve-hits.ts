/**
 * The hits of one attack that landed (G42–G49, G69–G83): no damage for grabs
 * and grapples; damage both ways for slams; otherwise the damage line with
 * its bonuses rolled per hit, follow-up and linked payloads, the victim's
 * injury and its rolls, hurting yourself, afflictions.
 */
import { type ArmorLayer, hurtingYourself, layerDr, stopThrustBonus, strongBonus } from "./damage.js";
import { type DamageSpec, resolveDamage, successRoll, sumFaces } from "./dice.js";
import { GurpsError } from "./errors.js";
import { grappleHolds, shoveDamage, slamDice, slamKnockdown } from "./grapple.js";
import { GURPS_STANDARD_RULES, type GurpsRules } from "./options.js";
import type { OwedRoll } from "./owed.js";
import type { GurpsAttackerInput, GurpsAttackInput, GurpsAttackRolls, GurpsDefenderInput, GurpsResolution, GurpsWeaponInput, Payload } from "./resolve-types.js";
import { type AttackForm, type DamageType, type HitLocation, isRanged, isSlamForm, type Modifier, type Posture } from "./types.js";
import { applyHits, type HitsContext, hitFigure, type HitToApply, knockedDown, type VictimInput, type VictimResult, type VictimRolls } from "./victim.js";

type Effect = { key: string; rule: string; who: "attacker" | "defender" };
type Rolls = readonly (readonly number[])[];
export interface HitsStage {
  damage: GurpsResolution["damage"];
  victim: VictimResult | null;
  self: VictimResult | null;
  slam: GurpsResolution["slam"];
  affliction: GurpsResolution["affliction"];
  attackerPosture: Posture | null;
}

/**
 * What the hit stage reads of one attack, each input field read once by
 * resolveGurpsAttack (the inputs come in many shapes, and each read of one is
 * slow). Each side is struck in the posture the attack left him in so far
 * (a fall in defending, a flying tackle, a pounce).
 */
export interface Strike {
  readonly attacker: GurpsAttackerInput;
  /** The attacker's own figures when the attack can hurt him (G48, G73), or null. */
  readonly self: VictimInput | null;
  readonly attackerPosture: Posture;
  readonly weapon: GurpsWeaponInput;
  readonly form: AttackForm;
  readonly defender: GurpsDefenderInput;
  readonly defenderPosture: Posture;
  readonly location: HitLocation;
  readonly coverDr: number;
  readonly rolls: GurpsAttackRolls;
  readonly damage: Rolls | null | undefined;
  readonly followUpDamage: Rolls | null | undefined;
  readonly linkedDamage: Rolls | null | undefined;
  readonly slam: GurpsAttackInput["slam"];
}

const NO_BONUSES: readonly Modifier[] = Object.freeze([]);

function hasEffect(effects: readonly Effect[], key: string): boolean {
  for (let i = 0; i < effects.length; i++) if (effects[i]!.key === key) return true;
  return false;
}

/** Every hit context in one shape (one literal), whatever the payload. */
function contextOf(
  spec: DamageSpec, type: DamageType, divisor: number, bonuses: readonly Modifier[], halved: boolean, location: HitLocation, coverDr: number, knockback: boolean,
  knockbackOnly: boolean, area: boolean, inside: boolean,
): HitsContext {
  return { spec, type, divisor, bonuses, halved, location, coverDr, knockback, knockbackOnly, area, inside };
}

/** G69: a damage roll owed (the attacker rolls it). */
function oweDamage(owed: OwedRoll[], id: string, dice: number, hits: number, rule: string, who: "attacker" | "defender" = "attacker"): void {
  owed.push({ id, roll: "damage", who, target: null, dice, hits, rule, when: "now" });
}

/** Run the hit stage for `hits` landing hits; `halved` is G70's 1/2D. */
export function hitsStage(x: Strike, hits: number, halved: boolean, sink: { owed: OwedRoll[]; effects: Effect[] }, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): HitsStage {
  const a = x.attacker;
  const w = x.weapon;
  const d = x.defender;
  const form = x.form;
  const location = x.location;
  const coverDr = x.coverDr;
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
  if (isSlamForm(form)) return slamStage(x, stage, sink, rules);

  // G69 step 1: the line (thrust/swing resolved; a shove's doubled thrust), and its bonuses.
  const option = a.maneuver === "allOutAttack" ? (a.aoaOption ?? null) : null;
  const line = w.damage;
  let spec: DamageSpec;
  if (form === "shove") {
    if (!a.thrust) throw new GurpsError("damageBaseMissing", { base: "thr" });
    spec = shoveDamage(a.thrust, !!a.oneHand, rules);
  } else {
    if (!line) throw new GurpsError("damageEmpty");
    spec = resolveDamage(line, a.thrust ?? null, a.swing ?? null);
  }
  const type = form === "shove" ? "cr" : (w.type ?? "cr");
  const bonuses: Modifier[] = [];
  // G26: Strong — ST-based thrust/swing melee damage only.
  if (option === "strong" && !isRanged(w.kind) && line && line.base !== "dice") bonuses.push({ key: "aoaStrong", value: strongBonus(spec.dice, rules), rule: "G26" });
  if (a.stopThrustYards && w.thrust) bonuses.push({ key: "stopThrust", value: stopThrustBonus(a.stopThrustYards, rules), rule: "G31" });
  const divisor = w.divisor ?? 1;
  stage.damage = { spec, type, divisor, bonuses, halved, location, coverDr };
  const area = !!w.area;
  const knockbackOnly = form === "shove";
  const context = contextOf(spec, type, divisor, bonuses, halved, location, coverDr, true, knockbackOnly, area, false);

  // G73: one damage roll for every hit under the fast-resolution setting.
  const rollsNeeded = rules.fastMultiHit ? 1 : hits;
  const given = x.damage;
  if (!given) {
    oweDamage(sink.owed, "damage", spec.dice, rollsNeeded, "G69");
    return stage;
  }
  if (given.length !== rollsNeeded) throw new GurpsError("damageRollCount", { given: given.length, hits: rollsNeeded });
  // Every roll's faces checked and summed before any hit is applied (a bad face names its roll).
  const primary: number[] = [];
  for (let i = 0; i < given.length; i++) primary.push(sumFaces(given[i]!, spec.dice, () => `damage[${i}]`, rules));
  const followUp = w.followUp;
  const linked = w.linked;
  const toApply: HitToApply[] = [];
  let hpProbe = d.currentHp;
  for (let i = 0; i < hits; i++) {
    const k = rules.fastMultiHit ? 0 : i;
    const hit: HitToApply = { payload: "primary", context, faces: given[k]!, diceTotal: primary[k]! };
    toApply.push(hit);
    // G82: a follow-up acts inside (DR 0, no knockback or blunt trauma) when the primary penetrated, else outside;
    // a payload that needs the bloodstream does nothing outside. Never halved at 1/2D.
    if (followUp) {
      const probe = hitFigure(d, hit, hpProbe, rules);
      hpProbe = probe.hpAfter;
      const inside = probe.penetrating > 0;
      if (!inside && followUp.bloodstream) {
        sink.effects.push({ key: "followUpNoEffect", rule: "G82", who: "defender" });
      } else {
        const payload = payloadHit(followUp, x.followUpDamage, i, "followUpDamage", hits, sink.owed, "followUp", false, knockbackOnly, area, inside, location, coverDr, rules);
        if (!payload) return stage;
        toApply.push(payload);
      }
    }
    if (linked) {
      const payload = payloadHit(linked, x.linkedDamage, i, "linkedDamage", hits, sink.owed, "linked", halved, knockbackOnly, area, false, location, coverDr, rules);
      if (!payload) return stage;
      toApply.push(payload);
    }
  }
  // G29: a defense under Concentrate already called the Will−3 roll.
  const concentrating = d.concentrating && !hasEffect(sink.effects, "concentrateCheck");
  const rolls = x.rolls;
  const victim = applyHits(d, toApply, rolls, { who: "defender", prefix: "rolls", concentrating: !!concentrating, posture: x.defenderPosture }, rules);
  stage.victim = victim;

  // G73: an unarmed strike on DR 3+ hurts the striker.
  if (w.unarmed && form === "strike" && victim.hits.length) {
    const first = victim.hits[0]!;
    const hurt = hurtingYourself(first.damage.basic, first.dr.total, toughSkinAt(d.armor, rules.hitLocations[location].drKey, type), a.strikerDr ?? 0, rules);
    if (hurt.injury > 0) {
      sink.effects.push({ key: "hurtYourself", rule: "G73", who: "attacker" });
      if (x.self) stage.self = selfHit(x.self, x.attackerPosture, hurt.injury, rolls, rules);
    }
  }
  afflictionStage(x, halved, stage, sink, rules);
  return stage;
}

/** G73: does a Tough Skin layer with DR there cover the location (no hurting yourself on it)? */
function toughSkinAt(armor: readonly ArmorLayer[] | undefined, drKey: HitLocation, type: DamageType): boolean {
  if (!armor) return false;
  for (let i = 0; i < armor.length; i++) if (armor[i]!.toughSkin && layerDr(armor[i]!, drKey, type) > 0) return true;
  return false;
}

/** G82: one follow-up or linked payload's hit (its dice given, else owed: null). */
function payloadHit(
  p: Payload, given: Rolls | null | undefined, i: number, field: string, hits: number, owed: OwedRoll[], payload: "followUp" | "linked", halved: boolean, knockbackOnly: boolean,
  area: boolean, inside: boolean, location: HitLocation, coverDr: number, rules: Readonly<GurpsRules>,
): HitToApply | null {
  if (!given) {
    oweDamage(owed, field, p.damage.dice, hits, "G82");
    return null;
  }
  if (given.length !== hits) throw new GurpsError("damageRollCount", { given: given.length, hits });
  const faces = given[i]!;
  const context = contextOf(p.damage, p.type, p.divisor, NO_BONUSES, halved, location, coverDr, false, knockbackOnly, area, inside);
  return { payload, context, faces, diceTotal: sumFaces(faces, p.damage.dice, () => `${field}[${i}]`, rules) };
}

/** Injury already through DR, applied to the attacker's own figures (G48 shield rush aside, G73). */
function selfHit(self: VictimInput, posture: Posture, injury: number, rolls: GurpsAttackRolls, rules: Readonly<GurpsRules>): VictimResult {
  const spec: DamageSpec = { base: "dice", dice: 0, adds: injury, multiplier: 1 };
  const context = contextOf(spec, "cr", 1, NO_BONUSES, false, "torso", 0, false, false, false, true);
  return applyHits(self, [{ payload: "primary", context, faces: NO_FACES, diceTotal: 0 }], rolls.attacker ?? NO_ROLLS, { who: "attacker", prefix: "rolls.attacker", posture }, rules);
}
const NO_FACES: readonly number[] = Object.freeze([]);
const NO_ROLLS: VictimRolls = Object.freeze({});

/** G83: on a hit the victim rolls HT + the attack's modifier (+3 beyond 1/2D, G70); failure applies the condition. */
function afflictionStage(x: Strike, halved: boolean, stage: HitsStage, sink: { owed: OwedRoll[] }, rules: Readonly<GurpsRules>): void {
  const aff = x.weapon.affliction;
  if (!aff) return;
  const effective = x.defender.ht + aff.modifier + (halved ? rules.afflictionHalfDamageBonus : 0);
  const given = x.rolls.affliction;
  const roll = given ? successRoll(effective, given.total, "other", rules) : null;
  stage.affliction = { effective, roll, affected: roll ? !roll.success : null, condition: aff.condition };
  if (!roll) sink.owed.push({ id: "rolls.affliction", roll: "3d6", who: "defender", victim: x.defender.id, target: effective, rule: "G83", when: "now" });
}

/**
 * G48–G49: a slam's damage both ways (HP × velocity / 100 each, the
 * slammer's roll with Strong's bonus and a shield rush's DB), each through the
 * other's DR; then who falls.
 */
function slamStage(x: Strike, stage: HitsStage, sink: { owed: OwedRoll[]; effects: Effect[] }, rules: Readonly<GurpsRules>): HitsStage {
  const { attacker: a, weapon: w, defender: d, form, self, slam } = x;
  if (!self || !slam) throw new GurpsError("slamVelocity", { velocity: 0, min: rules.slamMinYards });
  const velocity = slam.velocity;
  const slammerDice = slamDice(self.hp, velocity, rules);
  const foeDice = slamDice(d.hp, velocity, rules);
  const bonuses: Modifier[] = [];
  if (a.maneuver === "allOutAttack" && a.aoaOption === "strong") bonuses.push({ key: "aoaStrong", value: strongBonus(slammerDice.dice, rules), rule: "G48" });
  if (form === "shieldRush" && w.shieldDb) bonuses.push({ key: "shieldRush", value: w.shieldDb, rule: "G49" });
  const location = x.location;
  const coverDr = x.coverDr;
  stage.damage = { spec: slammerDice, type: "cr", divisor: 1, bonuses, halved: false, location, coverDr };
  const damage = x.damage;
  const slammerFaces = damage?.[0] ?? null;
  const foeFaces = slam.foeDamage ?? null;
  if (!slammerFaces) oweDamage(sink.owed, "damage", slammerDice.dice, 1, "G48");
  if (!foeFaces) oweDamage(sink.owed, "slam.foeDamage", foeDice.dice, 1, "G48", "defender");
  stage.slam = { velocity, slammerDice, foeDice, slammerRoll: null, foeRoll: null, knockdown: null, foeDx: null };
  if (!slammerFaces || !foeFaces) return stage;
  if (damage!.length !== 1) throw new GurpsError("damageRollCount", { given: damage!.length, hits: 1 });
  const rolls = x.rolls;
  const context = contextOf(slammerDice, "cr", 1, bonuses, false, location, coverDr, false, false, false, false);
  stage.victim = applyHits(d, [{ payload: "primary", context, faces: slammerFaces, diceTotal: sumFaces(slammerFaces, slammerDice.dice, "damage[0]", rules) }], rolls, { who: "defender", prefix: "rolls", posture: x.defenderPosture }, rules);
  const slammerRoll = stage.victim.hits[0]!.damage.basic;
  const foeContext = contextOf(foeDice, "cr", 1, NO_BONUSES, false, "torso", 0, false, false, false, false);
  const foeHit: HitToApply = { payload: "primary", context: foeContext, faces: foeFaces, diceTotal: sumFaces(foeFaces, foeDice.dice, "slam.foeDamage", rules) };
  // G49: the shield takes a shield rusher's share.
  const foeRoll = hitFigure(self, foeHit, self.currentHp, rules).damage.basic;
  if (form !== "shieldRush") stage.self = applyHits(self, [foeHit], rolls.attacker ?? NO_ROLLS, { who: "attacker", prefix: "rolls.attacker", posture: x.attackerPosture }, rules);
  const knockdown = slamKnockdown(slammerRoll, foeRoll);
  let foeDx = null;
  if (knockdown.foe === "rollsDx") {
    foeDx = rolls.slamDx ? successRoll(d.knockbackSkill, rolls.slamDx.total, "other", rules) : null;
    if (!foeDx) sink.owed.push({ id: "rolls.slamDx", roll: "3d6", who: "defender", victim: d.id, target: d.knockbackSkill, rule: "G48", when: "now" });
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
