/**
 * Which active defenses a fighter may use against one attack, with their
 * scores (G58–G68, G19, G22, G28, G29, G31, G34, G39–G41, G43, G47, G50,
 * G65, G79, G84): ONE pure function the attack card calls to offer the
 * defender's owner the legal choices only, each with its modifiers, and the
 * refused ones with the rule that refuses them.
 */
import { attackWeight, blockScore, breakageOdds, dodgeScore, parryScore, repeatedParryStep, retreatBonus, tooHeavyToParry, vehicularDodge } from "./defense-scores.js";
import { isReeling } from "./injury.js";
import { postureRow } from "./movement.js";
import { GURPS_STANDARD_RULES, type GurpsRules } from "./options.js";
import type { ManeuverRow } from "./tables.js";
import {
  type AodOption, type AttackForm, type AttackKind, type DefenseKind, type Hand, isLying, isSlamForm, type ManeuverId, type Modifier, type Posture,
  type Quality, type StunKind, type UnarmedSkill,
} from "./types.js";

/** A weapon or a bare hand the fighter might parry with (G63, G66). */
export interface ParrySource {
  id: string;
  /** The skill it parries with (weapon skill; for a bare hand the unarmed skill, or DX when higher). */
  skill: number;
  /** The weapon's parry modifier; null: this weapon cannot parry. */
  parry: number | null;
  ready: boolean;
  hand: Hand;
  /** A bare-handed parry and the skill it uses (G66). */
  unarmed?: UnarmedSkill | null;
  fencing?: boolean;
  /** G41: a U weapon, and whether it attacked on this turn. */
  unbalanced?: boolean;
  attackedThisTurn?: boolean;
  /** G63: parries with it since the fighter's last turn. */
  parries?: number;
  /** G65: weight (lb) and quality, for breakage. */
  weight?: number;
  quality?: Quality;
}

/** A shield or cloak (G59, G62). */
export interface ShieldSource {
  id: string;
  skill: number;
  db: number;
  ready: boolean;
  hand?: Hand;
}

/** G61–G68: what the fighter used since his last turn. */
export interface DefenseUse {
  /** G62: one block per turn. */
  blocked: boolean;
  /** G67: the attacker retreated from (its bonus covers all defenses against him until the next turn). */
  retreatAgainst: string | null;
  /** G68: the foe dodged and dropped against. */
  dropAgainst: string | null;
  /** G61: the acrobatic dodge (once per turn). */
  acrobaticDodge: boolean;
  /** G61: a sacrificial dodge forbids retreating until after his next turn. */
  sacrificialDodge: boolean;
}
export const NO_DEFENSE_USE: Readonly<DefenseUse> = Object.freeze({ blocked: false, retreatAgainst: null, dropAgainst: null, acrobaticDodge: false, sacrificialDodge: false });

export interface DefenderState {
  basicSpeed: number;
  encumbrance: number;
  /** G80: reeling (3 × current HP < full); read from `currentHp` and `hp` when not given. */
  reeling?: boolean;
  hp?: number;
  currentHp?: number;
  /** G61: an evasively driven vehicle: the operator's skill and its Handling. */
  vehicle?: { skill: number; handling: number } | null;
  /** G10: the last maneuver (Do Nothing before the first turn), its option, and the item a Move and Ready readied. */
  maneuver: ManeuverId;
  aodOption?: AodOption | null;
  readiedItemId?: string | null;
  posture: Posture;
  crouching?: boolean;
  /** G19, G59, G79: stunned (physical) or surprised / mentally stunned: −4 until his next turn begins, no retreat. */
  stunned?: StunKind | null;
  /** G58: no active defense at all. */
  unconscious?: boolean;
  unaware?: boolean;
  /** G46, G58: pinned, tied up or otherwise immobilized. */
  immobilized?: boolean;
  parrySources?: readonly ParrySource[];
  shields?: readonly ShieldSource[];
  used?: DefenseUse;
  /** G67: moved faster than Basic Move last turn (sprint, Enhanced Move). */
  movedFast?: boolean;
  /** G61, G63: traits. */
  ambidexterity?: boolean;
  trainedByAMaster?: boolean;
  /** G61: Acrobatics (or Aerobatics) skill with at least one point in it; null without. */
  acrobatics?: number | null;
  /** G43, G47, G50: hands grappling or choking a foe, and hands a foe holds. */
  busyHands?: readonly Hand[];
  heldHands?: readonly Hand[];
  /** G65: Basic Lift (lb); the heavy-weapon limit is not checked without it. */
  basicLift?: number;
}

export interface IncomingAttack {
  attackerId: string;
  kind: AttackKind;
  form?: AttackForm;
  /** G64, G66: an unarmed attack; a thrust; made with Judo or Karate. */
  unarmed?: boolean;
  thrust?: boolean;
  judoKarate?: boolean;
  /** G60: the attacker is within reach of a parry (for missile attacks). */
  inReach?: boolean;
  /** G59 [fixed]: from the front or the shield side (default yes). */
  fromFront?: boolean;
  /** G84: no defense against a critical hit. */
  criticalHit?: boolean;
  /** G25: the feint penalty the attacker holds on this defender (positive). */
  feint?: number;
  /** G37: the Deceptive Attack's defense penalty (negative). */
  deceptive?: number;
  /** G55, G60, G65: the weight (lb) of the attacking weapon, thrown object or body (attackWeight). */
  weight?: number;
}

export type DefenseRefusal =
  | "maneuverDodgeOrBlock" | "justReadied" | "attackKind" | "notInReach" | "notReady" | "cannotParry" | "unbalancedAttacked" | "handHeld" | "handBusy"
  | "handFull" | "blockUsed";

export interface DefenseOption {
  /** `dodge`, `parry:<source id>`, `block:<shield id>`. */
  readonly id: string;
  readonly kind: DefenseKind;
  readonly sourceId: string | null;
  /** Dodge, Parry or Block before modifiers. */
  readonly base: number;
  readonly modifiers: readonly Modifier[];
  /** Base + modifiers: the score before the defender's options. */
  readonly score: number;
  /** G67: a retreat now, and its bonus; null when not allowed. */
  readonly retreat: number | null;
  /** G68: dodge and drop, and its bonus; null when not allowed. */
  readonly dodgeAndDrop: number | null;
  /** G61: an acrobatic dodge may be tried. */
  readonly acrobatic: boolean;
  /** G65: the parry cannot hold the weight: it fails and the blow lands. */
  readonly tooHeavy: boolean;
  /** G65: breakage odds on 1d (null: cannot break). */
  readonly breakageOdds: number | null;
  /** G22, G29, G31: what defending under the maneuver costs. */
  readonly cost: "spoilsAim" | "concentrateCheck" | "waitBecomesAttack" | null;
}

export interface LegalDefenses {
  /** G58, G84: why there is no defense at all, or null. */
  readonly none: "allOut" | "unaware" | "unconscious" | "immobilized" | "criticalHit" | null;
  readonly options: readonly DefenseOption[];
  readonly refused: readonly { readonly id: string; readonly kind: DefenseKind; readonly reason: DefenseRefusal; readonly rule: string }[];
  /** G28: All-Out Defense (Double Defense): a second, different defense after a failed one. */
  readonly doubleDefense: boolean;
  /** G67: why no retreat is possible against this attack (null when one is, or it is already in force). */
  readonly noRetreat: string | null;
}

/** Push a modifier unless it is 0. */
function add(list: Modifier[], key: string, value: number, rule: string): void {
  if (value !== 0) list.push({ key, value, rule });
}

/**
 * `list` with one more modifier unless `value` is 0. Options start from the
 * shared common list and copy it only when they add one of their own: most
 * options add nothing, and a list per option was most of this function's
 * allocation (the result is the same either way: plain data, never mutated).
 */
function plus(list: readonly Modifier[], shared: readonly Modifier[], key: string, value: number, rule: string): readonly Modifier[] {
  if (value === 0) return list;
  const out = list === shared ? list.slice() : (list as Modifier[]);
  out.push({ key, value, rule });
  return out;
}

/** Is `hand` one of `hands` (both hands are every hand)? A plain loop: it is asked for every parry source. */
function handBlocked(hand: Hand, hands: readonly Hand[] | undefined): boolean {
  if (!hands) return false;
  for (let i = 0; i < hands.length; i++) if (sameHand(hand, hands[i]!)) return true;
  return false;
}
const sameHand = (a: Hand, b: Hand): boolean => a === b || a === "both" || b === "both";

/** G66: does a ready weapon or shield fill `hand` (asked only when a bare hand might parry)? */
function handFull(hand: Hand, sources: readonly ParrySource[], shields: readonly ShieldSource[]): boolean {
  for (let i = 0; i < sources.length; i++) {
    const q = sources[i]!;
    if (q.ready && !q.unarmed && sameHand(hand, q.hand)) return true;
  }
  for (let i = 0; i < shields.length; i++) {
    const s = shields[i]!;
    if (s.ready && sameHand(hand, s.hand ?? "off")) return true;
  }
  return false;
}

const NONE: readonly never[] = Object.freeze([]);

/** The rule behind each reason a parry is refused (a switch: a lookup by a varying key is slow in V8). */
function parryRefusalRule(reason: DefenseRefusal): string {
  switch (reason) {
    case "maneuverDodgeOrBlock":
    case "justReadied":
      return "G34";
    case "notInReach":
      return "G60";
    case "notReady":
      return "G39";
    case "unbalancedAttacked":
      return "G41";
    case "handHeld":
      return "G50";
    case "handBusy":
      return "G43";
    case "handFull":
      return "G66";
    default:
      return "G63";
  }
}

/** G67: a parry that retreats as a fencer or a boxer, judoka or karateka does (+3), or one that does not. */
const FENCING_RETREAT = Object.freeze({ fencing: true });
const PLAIN_RETREAT = Object.freeze({});
/** No defense at all: one shared answer per reason (the lists are empty and never written). */
const EMPTY: Readonly<Record<NonNullable<LegalDefenses["none"]>, LegalDefenses>> = Object.freeze({
  allOut: Object.freeze({ none: "allOut", options: NONE, refused: NONE, doubleDefense: false, noRetreat: null }),
  unaware: Object.freeze({ none: "unaware", options: NONE, refused: NONE, doubleDefense: false, noRetreat: null }),
  unconscious: Object.freeze({ none: "unconscious", options: NONE, refused: NONE, doubleDefense: false, noRetreat: null }),
  immobilized: Object.freeze({ none: "immobilized", options: NONE, refused: NONE, doubleDefense: false, noRetreat: null }),
  criticalHit: Object.freeze({ none: "criticalHit", options: NONE, refused: NONE, doubleDefense: false, noRetreat: null }),
});

type Refused = { id: string; kind: DefenseKind; reason: DefenseRefusal; rule: string };

/** The modifiers' sum on `base`. */
function scoreOf(base: number, modifiers: readonly Modifier[]): number {
  let score = base;
  for (let i = 0; i < modifiers.length; i++) score += modifiers[i]!.value;
  return score;
}

/**
 * G58–G68: the legal active defenses of `d` against `attack`, each with its
 * score and modifiers. Built with plain loops and no closures: it runs for
 * every attack that is not a miss.
 */
export function legalDefenses(d: DefenderState, attack: IncomingAttack, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): LegalDefenses {
  const maneuverId = d.maneuver;
  const maneuver = rules.maneuvers[maneuverId];
  if (attack.criticalHit) return EMPTY.criticalHit;
  if (d.unconscious) return EMPTY.unconscious;
  if (d.immobilized) return EMPTY.immobilized;
  if (d.unaware) return EMPTY.unaware;
  if (maneuver.defenses === "none") return EMPTY.allOut;

  const used = d.used ?? NO_DEFENSE_USE;
  const table = rules.defenseTable[attack.kind];
  const options: DefenseOption[] = [];
  let refused: Refused[] | null = null;
  const trained = !!d.trainedByAMaster;
  const shields = d.shields ?? NONE;
  const sources = d.parrySources ?? NONE;
  const posture = d.posture;
  const stunned = d.stunned;
  const readiedItemId = d.readiedItemId;

  // Modifiers every defense takes (G14, G25, G28, G37, G59).
  const commonList: Modifier[] = [];
  add(commonList, "posture", rules.postures[postureRow(posture, d.crouching)].defense, "G14");
  if (stunned) add(commonList, "stunned", rules.stunnedDefense, "G59");
  add(commonList, "feint", -Math.abs(attack.feint ?? 0), "G25");
  add(commonList, "deceptive", attack.deceptive ?? 0, "G37");
  let shieldDb = 0;
  if (table.shieldDb && attack.fromFront !== false) {
    for (let i = 0; i < shields.length; i++) {
      const s = shields[i]!;
      if (s.ready && s.db > shieldDb) shieldDb = s.db;
    }
  }
  add(commonList, "shieldDb", shieldDb, "G59");
  const common: readonly Modifier[] = commonList.length ? commonList : NONE;

  // G67: retreat — melee only; not sitting or kneeling, stunned, after Move and Attack or Move and Ready,
  // a sacrificial dodge or moving faster than Basic Move; once between turns (in force against that attacker).
  let noRetreat: string | null = null;
  const retreatInForce = used.retreatAgainst === attack.attackerId;
  if (!table.retreat) noRetreat = "attackKind";
  else if (posture === "sitting" || posture === "kneeling") noRetreat = "posture";
  else if (stunned) noRetreat = "stunned";
  else if (!maneuver.retreat) noRetreat = "maneuver";
  else if (used.sacrificialDodge) noRetreat = "sacrificialDodge";
  else if (d.movedFast) noRetreat = "movedFast";
  else if (retreatInForce) noRetreat = null;
  else if (used.retreatAgainst !== null) noRetreat = "alreadyRetreated";
  const mayRetreat = noRetreat === null && !retreatInForce;
  // A retreat already in force adds its bonus to every defense (G67), after the defense's own modifiers.
  const addRetreat = retreatInForce && noRetreat === null;
  const dropInForce = used.dropAgainst === attack.attackerId;
  const mayDrop = table.dodgeAndDrop && !isLying(posture) && !dropInForce;
  const aod = maneuverId === "allOutDefense" ? (d.aodOption ?? null) : null;
  const cost = maneuver.onDefense;

  // G61: Dodge — any attack the defender knows of.
  {
    let own = common;
    if (aod === "increasedDodge") own = plus(own, common, "allOutDefense", rules.aodIncreased, "G28");
    if (dropInForce) own = plus(own, common, "dodgeAndDropInForce", rules.dodgeAndDrop, "G68");
    const retreat = retreatBonus("dodge", PLAIN_RETREAT, rules);
    if (addRetreat) own = plus(own, common, "retreatInForce", retreat, "G67");
    const reeling = d.reeling ?? (d.hp !== undefined && d.currentHp !== undefined && isReeling(d.currentHp, d.hp, rules));
    const vehicle = d.vehicle;
    const base = vehicle ? vehicularDodge(vehicle.skill, vehicle.handling) : dodgeScore(d.basicSpeed, d.encumbrance, reeling, rules);
    const acrobatics = d.acrobatics;
    const acrobatic = acrobatics !== null && acrobatics !== undefined && !used.acrobaticDodge && !vehicle;
    options.push({
      id: "dodge", kind: "dodge", sourceId: null, base, modifiers: own, score: scoreOf(base, own), retreat: mayRetreat ? retreat : null, dodgeAndDrop: mayDrop ? rules.dodgeAndDrop : null,
      acrobatic, tooHeavy: false, breakageOdds: null, cost,
    });
  }

  // G62: Block — a ready shield or cloak, once per turn; not against firearms or beams.
  for (let i = 0; i < shields.length; i++) {
    const s = shields[i]!;
    const id = "block:" + s.id;
    const reason: DefenseRefusal | null = !table.block ? "attackKind" : !s.ready ? "notReady" : used.blocked ? "blockUsed" : readiedItemId === s.id && maneuver.defenses === "notReadiedItem" ? "justReadied" : null;
    if (reason) {
      (refused ??= []).push({ id, kind: "block", reason, rule: reason === "attackKind" ? "G60" : reason === "blockUsed" ? "G62" : reason === "justReadied" ? "G34" : "G62" });
      continue;
    }
    let own = common;
    if (aod === "increasedBlock") own = plus(own, common, "allOutDefense", rules.aodIncreased, "G28");
    const retreat = retreatBonus("block", PLAIN_RETREAT, rules);
    if (addRetreat) own = plus(own, common, "retreatInForce", retreat, "G67");
    const base = blockScore(s.skill, rules);
    options.push({
      id, kind: "block", sourceId: s.id, base, modifiers: own, score: scoreOf(base, own), retreat: mayRetreat ? retreat : null, dodgeAndDrop: null, acrobatic: false, tooHeavy: false,
      breakageOdds: null, cost,
    });
  }

  // G63, G66: Parry — a ready weapon or an empty hand.
  if (sources.length) {
    const kind = attack.kind;
    const pounds = attack.weight ?? 0;
    const parry: ParryContext = {
      defenses: maneuver.defenses, readiedItemId, outOfReach: table.parry === "inReach" && !attack.inReach, heldHands: d.heldHands, busyHands: d.busyHands,
      sources, shields, common, ambidexterity: !!d.ambidexterity, trained, kind, pounds, thrownLight: pounds > 0 && pounds <= rules.thrownLightPounds,
      unarmedVsWeapon: !attack.unarmed && kind === "melee" && !attack.thrust, increasedParry: aod === "increasedParry", addRetreat, mayRetreat, basicLift: d.basicLift, cost,
    };
    for (let i = 0; i < sources.length; i++) {
      const p = sources[i]!;
      const id = "parry:" + p.id;
      const reason = parryRefusal(p, parry);
      if (reason) (refused ??= []).push({ id, kind: "parry", reason, rule: parryRefusalRule(reason) });
      else options.push(parryOption(p, id, parry, rules));
    }
  }
  return { none: null, options, refused: refused ?? NONE, doubleDefense: aod === "doubleDefense", noRetreat };
}

/** What every parry of one defense reads (the defender's and the attack's figures, read once for all his parry sources). */
interface ParryContext {
  readonly defenses: ManeuverRow["defenses"];
  readonly readiedItemId: string | null | undefined;
  /** G60: a parry needs the attacker within reach, and he is not. */
  readonly outOfReach: boolean;
  readonly heldHands: readonly Hand[] | undefined;
  readonly busyHands: readonly Hand[] | undefined;
  readonly sources: readonly ParrySource[];
  readonly shields: readonly ShieldSource[];
  readonly common: readonly Modifier[];
  readonly ambidexterity: boolean;
  readonly trained: boolean;
  readonly kind: AttackKind;
  readonly pounds: number;
  readonly thrownLight: boolean;
  /** G66: an unarmed melee attack that is not a thrust (a bare-handed parry takes −3 against a weapon otherwise). */
  readonly unarmedVsWeapon: boolean;
  readonly increasedParry: boolean;
  readonly addRetreat: boolean;
  readonly mayRetreat: boolean;
  readonly basicLift: number | undefined;
  readonly cost: DefenseOption["cost"];
}

/** G34, G39, G41, G43, G50, G60, G63, G66: why `p` cannot parry (the first reason), or null. */
function parryRefusal(p: ParrySource, x: ParryContext): DefenseRefusal | null {
  if (x.defenses === "dodgeOrBlock") return "maneuverDodgeOrBlock";
  if (x.readiedItemId === p.id && x.defenses === "notReadiedItem") return "justReadied";
  if (x.outOfReach) return "notInReach";
  if (p.parry === null) return "cannotParry";
  if (!p.ready) return "notReady";
  if (p.unbalanced && p.attackedThisTurn) return "unbalancedAttacked";
  const hand = p.hand;
  if (handBlocked(hand, x.heldHands)) return "handHeld";
  if (p.unarmed && handBlocked(hand, x.busyHands)) return "handBusy";
  if (p.unarmed && handFull(hand, x.sources, x.shields)) return "handFull";
  return null;
}

/** G63, G65–G67: the parry with `p`, its modifiers and score (a function of its own: its helpers are inlined into it). */
function parryOption(p: ParrySource, id: string, x: ParryContext, rules: Readonly<GurpsRules>): DefenseOption {
  const common = x.common;
  const unarmed = p.unarmed;
  const fencing = !!p.fencing;
  const hand = p.hand;
  let own = common;
  if (hand === "off" && !x.ambidexterity && !unarmed) own = plus(own, common, "offHandParry", rules.offHandSkill / 2, "G63");
  const parries = p.parries ?? 0;
  if (parries !== 0) own = plus(own, common, "repeatedParry", parries * repeatedParryStep(fencing, x.trained, rules), "G63");
  if (x.kind === "thrown") own = plus(own, common, x.thrownLight ? "thrownLightParry" : "thrownParry", x.thrownLight ? rules.thrownLightParry : rules.thrownParry, "G60");
  if (unarmed && x.unarmedVsWeapon && unarmed !== "judo" && unarmed !== "karate") own = plus(own, common, "unarmedVsWeapon", rules.unarmedParryVsWeapon, "G66");
  if (x.increasedParry) own = plus(own, common, "allOutDefense", rules.aodIncreased, "G28");
  const skilledRetreat = fencing || unarmed === "boxing" || unarmed === "judo" || unarmed === "karate";
  const retreat = retreatBonus("parry", skilledRetreat ? FENCING_RETREAT : PLAIN_RETREAT, rules);
  if (x.addRetreat) own = plus(own, common, "retreatInForce", retreat, "G67");
  const melee = x.kind === "melee";
  const heavy = x.basicLift !== undefined && melee && tooHeavyToParry(x.pounds, x.basicLift, hand, !!unarmed, rules);
  const odds = unarmed || !melee ? null : breakageOdds(x.pounds, p.weight ?? 0, p.quality ?? "good", rules);
  const base = parryScore(p.skill, unarmed ? 0 : (p.parry ?? 0), rules);
  return {
    id, kind: "parry", sourceId: p.id, base, modifiers: own, score: scoreOf(base, own), retreat: x.mayRetreat ? retreat : null, dodgeAndDrop: null, acrobatic: false, tooHeavy: heavy,
    breakageOdds: odds, cost: x.cost,
  };
}

/** G65: the weight `IncomingAttack.weight` should carry for an attack (weapon, unarmed ST/10, slam ST). */
export function incomingWeight(form: AttackForm, unarmed: boolean, weight: number | undefined, st: number, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): number {
  return attackWeight({ slam: isSlamForm(form), unarmed, weight, st }, rules);
}
