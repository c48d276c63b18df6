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

/** Is `hand` one of `hands` (both hands are every hand)? A plain loop: it is asked for every parry source. */
function handBlocked(hand: Hand, hands: readonly Hand[] | undefined): boolean {
  if (!hands) return false;
  for (let i = 0; i < hands.length; i++) if (sameHand(hand, hands[i]!)) return true;
  return false;
}
const sameHand = (a: Hand, b: Hand): boolean => a === b || a === "both" || b === "both";

const NONE: readonly never[] = Object.freeze([]);

/** The rule behind each reason a parry is refused. */
const PARRY_REFUSAL_RULE: Readonly<Record<string, string>> = {
  maneuverDodgeOrBlock: "G34", justReadied: "G34", notInReach: "G60", cannotParry: "G63", notReady: "G39", unbalancedAttacked: "G41", handHeld: "G50", handBusy: "G43", handFull: "G66",
};

/** G67: a parry that retreats as a fencer or a boxer, judoka or karateka does (+3). */
const FENCING_RETREAT = Object.freeze({ fencing: true });
const empty = (none: LegalDefenses["none"]): LegalDefenses => ({ none, options: [], refused: [], doubleDefense: false, noRetreat: null });

/** G58–G68: the legal active defenses of `d` against `attack`, each with its score and modifiers. */
export function legalDefenses(d: DefenderState, attack: IncomingAttack, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): LegalDefenses {
  const maneuver = rules.maneuvers[d.maneuver];
  if (attack.criticalHit) return empty("criticalHit");
  if (d.unconscious) return empty("unconscious");
  if (d.immobilized) return empty("immobilized");
  if (d.unaware) return empty("unaware");
  if (maneuver.defenses === "none") return empty("allOut");

  const used = d.used ?? NO_DEFENSE_USE;
  const table = rules.defenseTable[attack.kind];
  const options: DefenseOption[] = [];
  const refused: { id: string; kind: DefenseKind; reason: DefenseRefusal; rule: string }[] = [];
  const trained = !!d.trainedByAMaster;

  // Modifiers every defense takes (G14, G25, G28, G37, G59).
  const common: Modifier[] = [];
  add(common, "posture", rules.postures[postureRow(d.posture, d.crouching)].defense, "G14");
  if (d.stunned) add(common, "stunned", rules.stunnedDefense, "G59");
  add(common, "feint", -Math.abs(attack.feint ?? 0), "G25");
  add(common, "deceptive", attack.deceptive ?? 0, "G37");
  let shieldDb = 0;
  if (table.shieldDb && attack.fromFront !== false) for (const s of d.shields ?? []) if (s.ready && s.db > shieldDb) shieldDb = s.db;
  add(common, "shieldDb", shieldDb, "G59");

  // G67: retreat — melee only; not sitting or kneeling, stunned, after Move and Attack or Move and Ready,
  // a sacrificial dodge or moving faster than Basic Move; once between turns (in force against that attacker).
  let noRetreat: string | null = null;
  const retreatInForce = used.retreatAgainst === attack.attackerId;
  if (!table.retreat) noRetreat = "attackKind";
  else if (d.posture === "sitting" || d.posture === "kneeling") noRetreat = "posture";
  else if (d.stunned) noRetreat = "stunned";
  else if (!maneuver.retreat) noRetreat = "maneuver";
  else if (used.sacrificialDodge) noRetreat = "sacrificialDodge";
  else if (d.movedFast) noRetreat = "movedFast";
  else if (retreatInForce) noRetreat = null;
  else if (used.retreatAgainst !== null) noRetreat = "alreadyRetreated";
  const mayRetreat = noRetreat === null && !retreatInForce;
  const dropInForce = used.dropAgainst === attack.attackerId;
  const mayDrop = table.dodgeAndDrop && !isLying(d.posture) && !dropInForce;
  const aod = d.maneuver === "allOutDefense" ? (d.aodOption ?? null) : null;
  const cost = maneuver.onDefense;

  /**
   * `modifiers`: the common ones then the option's own (each option starts from `common.slice()` and pushes
   * its own: no second list, no `concat`, which V8 makes many times slower on these short lists).
   * `retreat`: this defense's retreat bonus (G67): in force already, offered now, or neither. Built field by field (a hot path).
   */
  const offer = (id: string, kind: DefenseKind, sourceId: string | null, base: number, modifiers: Modifier[], retreat: number, drop: number | null, acrobatic: boolean, tooHeavy: boolean, odds: number | null) => {
    if (retreatInForce && noRetreat === null) add(modifiers, "retreatInForce", retreat, "G67");
    let score = base;
    for (let i = 0; i < modifiers.length; i++) score += modifiers[i]!.value;
    options.push({ id, kind, sourceId, base, modifiers, score, retreat: mayRetreat ? retreat : null, dodgeAndDrop: drop, acrobatic, tooHeavy, breakageOdds: odds, cost });
  };

  // G61: Dodge — any attack the defender knows of.
  {
    const own = common.slice();
    if (aod === "increasedDodge") add(own, "allOutDefense", rules.aodIncreased, "G28");
    if (dropInForce) add(own, "dodgeAndDropInForce", rules.dodgeAndDrop, "G68");
    const reeling = d.reeling ?? (d.hp !== undefined && d.currentHp !== undefined && isReeling(d.currentHp, d.hp, rules));
    const base = d.vehicle ? vehicularDodge(d.vehicle.skill, d.vehicle.handling) : dodgeScore(d.basicSpeed, d.encumbrance, reeling, rules);
    const acrobatic = d.acrobatics !== null && d.acrobatics !== undefined && !used.acrobaticDodge && !d.vehicle;
    offer("dodge", "dodge", null, base, own, retreatBonus("dodge", undefined, rules), mayDrop ? rules.dodgeAndDrop : null, acrobatic, false, null);
  }

  // G62: Block — a ready shield or cloak, once per turn; not against firearms or beams.
  for (const s of d.shields ?? NONE) {
    const id = `block:${s.id}`;
    const reason: DefenseRefusal | null = !table.block ? "attackKind" : !s.ready ? "notReady" : used.blocked ? "blockUsed" : d.readiedItemId === s.id && maneuver.defenses === "notReadiedItem" ? "justReadied" : null;
    if (reason) {
      refused.push({ id, kind: "block", reason, rule: reason === "attackKind" ? "G60" : reason === "blockUsed" ? "G62" : reason === "justReadied" ? "G34" : "G62" });
      continue;
    }
    const own = common.slice();
    if (aod === "increasedBlock") add(own, "allOutDefense", rules.aodIncreased, "G28");
    offer(id, "block", s.id, blockScore(s.skill, rules), own, retreatBonus("block", undefined, rules), null, false, false, null);
  }

  // G63, G66: Parry — a ready weapon or an empty hand.
  const pounds = attack.weight ?? 0;
  // G66: the hands holding a ready weapon or shield (read only when a bare hand might parry).
  const sources = d.parrySources ?? NONE;
  const shields = d.shields ?? NONE;
  const handFull = (hand: Hand): boolean => {
    for (const q of sources) if (q.ready && !q.unarmed && sameHand(hand, q.hand)) return true;
    for (const s of shields) if (s.ready && sameHand(hand, s.hand ?? "off")) return true;
    return false;
  };
  for (const p of sources) {
    const id = `parry:${p.id}`;
    const reason: DefenseRefusal | null =
      maneuver.defenses === "dodgeOrBlock" ? "maneuverDodgeOrBlock"
      : d.readiedItemId === p.id && maneuver.defenses === "notReadiedItem" ? "justReadied"
      : table.parry === "inReach" && !attack.inReach ? "notInReach"
      : p.parry === null ? "cannotParry"
      : !p.ready ? "notReady"
      : p.unbalanced && p.attackedThisTurn ? "unbalancedAttacked"
      : handBlocked(p.hand, d.heldHands) ? "handHeld"
      : p.unarmed && handBlocked(p.hand, d.busyHands) ? "handBusy"
      : p.unarmed && handFull(p.hand) ? "handFull"
      : null;
    if (reason) {
      refused.push({ id, kind: "parry", reason, rule: PARRY_REFUSAL_RULE[reason] ?? "G63" });
      continue;
    }
    const own = common.slice();
    if (p.hand === "off" && !d.ambidexterity && !p.unarmed) add(own, "offHandParry", rules.offHandSkill / 2, "G63");
    const step = repeatedParryStep(!!p.fencing, trained, rules);
    add(own, "repeatedParry", (p.parries ?? 0) * step, "G63");
    if (attack.kind === "thrown") add(own, pounds > 0 && pounds <= rules.thrownLightPounds ? "thrownLightParry" : "thrownParry", pounds > 0 && pounds <= rules.thrownLightPounds ? rules.thrownLightParry : rules.thrownParry, "G60");
    if (p.unarmed && !attack.unarmed && attack.kind === "melee" && !attack.thrust && p.unarmed !== "judo" && p.unarmed !== "karate") add(own, "unarmedVsWeapon", rules.unarmedParryVsWeapon, "G66");
    if (aod === "increasedParry") add(own, "allOutDefense", rules.aodIncreased, "G28");
    const heavy = d.basicLift !== undefined && attack.kind === "melee" && tooHeavyToParry(pounds, d.basicLift, p.hand, !!p.unarmed, rules);
    const odds = p.unarmed || attack.kind !== "melee" ? null : breakageOdds(pounds, p.weight ?? 0, p.quality ?? "good", rules);
    const skilledRetreat = p.fencing || p.unarmed === "boxing" || p.unarmed === "judo" || p.unarmed === "karate";
    offer(id, "parry", p.id, parryScore(p.skill, p.unarmed ? 0 : (p.parry ?? 0), rules), own, retreatBonus("parry", skilledRetreat ? FENCING_RETREAT : undefined, rules), null, false, heavy, odds);
  }
  return { none: null, options, refused, doubleDefense: aod === "doubleDefense", noRetreat };
}

/** G65: the weight `IncomingAttack.weight` should carry for an attack (weapon, unarmed ST/10, slam ST). */
export function incomingWeight(form: AttackForm, unarmed: boolean, weight: number | undefined, st: number, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): number {
  return attackWeight({ slam: isSlamForm(form), unarmed, weight, st }, rules);
}
