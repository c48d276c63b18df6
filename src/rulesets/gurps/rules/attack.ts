/**
 * The attack's effective skill (G24, G26, G27, G36–G38, G42–G43, G49,
 * G52–G57, G77, G91): base skill plus every modifier, each kept with its rule,
 * then Move and Attack's cap; and whether the roll may be made at all.
 */
import { GurpsError } from "./errors.js";
import { postureRow } from "./movement.js";
import { GURPS_STANDARD_RULES, type GurpsRules } from "./options.js";
import { type AimBonus, type AimInput, aimBonus, rapidFireBonus, speedRangeModifier } from "./ranged.js";
import {
  type AoaOption, type AttackForm, type AttackKind, type HitLocation, isRanged, isSlamForm, type Modifier, type Posture,
} from "./types.js";

/** The maneuvers that attack (G35); a Wait converted into one names the one it became (G31). */
export type AttackManeuver = "attack" | "allOutAttack" | "moveAndAttack";

export interface AttackSkillInput {
  /** Base skill with the attack line (weapon skill, DX or a grappling skill, G36). */
  skill: number;
  maneuver: AttackManeuver;
  aoaOption?: AoaOption | null;
  kind: AttackKind;
  form?: AttackForm;
  posture?: Posture;
  crouching?: boolean;
  /** G77: the attacker's shock penalty in force this turn (0–4, as a positive number). */
  shock?: number;
  /** G43: the attacker is grappled (−4 DX). */
  grappled?: boolean;
  /** G23: consecutive Evaluates on this target (0–3). */
  evaluate?: number;
  /** G22: the Aim before this attack (ranged; Attack or All-Out Attack only). */
  aim?: AimInput | null;
  acc?: number;
  bulk?: number;
  /** G37: levels of Deceptive Attack. */
  deceptive?: number;
  /** G38. */
  rapidStrike?: boolean;
  /** G26: the off hand (−4 unless Ambidexterity). */
  offHand?: boolean;
  ambidexterity?: boolean;
  /** G36: the aimed location (torso by default). */
  location?: HitLocation;
  /** G52: the target's SM (ranged). */
  targetSm?: number;
  /** G14: the target's posture and crouch (ranged). */
  targetPosture?: Posture;
  targetCrouching?: boolean;
  /** G53: range in yards, and the target's speed in yards per second when it counts. */
  range?: number;
  speed?: number;
  /** G56–G57: shots fired. */
  shots?: number;
  /** G43, G50: arms beyond two used to grapple (+2 each). */
  extraArms?: number;
  /** G3: the GM's situational modifiers. */
  situational?: readonly { value: number; label?: string }[];
}

export type AttackRefusal = "minimumSkill" | "deceptiveBelowMinimum" | "suppressionFire" | "rapidStrikeManeuver" | "deceptiveQuickLevels";

export interface EffectiveSkill {
  readonly base: number;
  readonly modifiers: readonly Modifier[];
  /** Base + modifiers, before Move and Attack's cap. */
  readonly beforeCap: number;
  /** G27: the cap (9) when it applies. */
  readonly cap: number | null;
  readonly effective: number;
  /** G37: the penalty a Deceptive Attack gives the defender (as a negative number, 0 when none). */
  readonly deceptiveDefense: number;
  readonly aim: AimBonus | null;
  /** Why the roll cannot be made (G26 Suppression Fire, G37, G38, G91), or null. */
  readonly refused: AttackRefusal | null;
}

/** G36, G42, G43: the hit-location penalty: full for strikes, −4 (hand) for a grab, half (fraction dropped) for a grapple. */
export function locationPenalty(location: HitLocation, form: AttackForm, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): number {
  if (form === "grab") return rules.grabHand;
  const penalty = rules.hitLocations[location].penalty;
  return form === "grapple" ? Math.trunc(penalty / 2) : penalty;
}

/** G37: the skill penalty and the defense penalty of `levels` of Deceptive Attack (the quick variant: one level, flat). */
export function deceptiveAttack(levels: number, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): { skill: number; defense: number } {
  if (levels <= 0) return { skill: 0, defense: 0 };
  if (rules.deceptiveQuick) return { skill: rules.deceptiveQuickSkill, defense: rules.deceptiveQuickDefense };
  return { skill: -rules.deceptiveSkillPerLevel * levels, defense: -levels };
}

const NO_DECEPTION = Object.freeze({ skill: 0, defense: 0 });

/** Push a modifier unless it is 0. */
function add(mods: Modifier[], key: string, value: number, rule: string): void {
  if (value !== 0) mods.push({ key, value, rule });
}

/** The effective skill of one attack roll, every modifier with its rule (pure; never throws). */
export function effectiveAttackSkill(a: AttackSkillInput, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): EffectiveSkill {
  const mods: Modifier[] = [];
  const form = a.form ?? "strike";
  const kind = a.kind;
  const ranged = isRanged(kind);
  const maneuver = a.maneuver;
  const option = maneuver === "allOutAttack" ? (a.aoaOption ?? null) : null;
  let refused: AttackRefusal | null = null;
  let aim: AimBonus | null = null;

  // G26: All-Out Attack (Determined) +4 melee, +1 ranged; Suppression Fire's resolution is out of scope.
  if (option === "determined") add(mods, "aoaDetermined", ranged ? rules.aoaDeterminedRanged : rules.aoaDeterminedMelee, "G26");
  if (option === "suppressionFire") refused = "suppressionFire";
  // G38: Rapid Strike, only with Attack or All-Out Attack.
  if (a.rapidStrike) {
    if (maneuver === "moveAndAttack") refused ??= "rapidStrikeManeuver";
    add(mods, "rapidStrike", rules.rapidStrike, "G38");
  }
  // G26, G63: the off hand.
  if (a.offHand && !a.ambidexterity) add(mods, "offHand", rules.offHandSkill, "G26");
  // G77: shock; G43: grappled (−4 DX).
  const shock = a.shock;
  if (shock) add(mods, "shock", -Math.min(Math.abs(shock), rules.shockCap), "G77");
  if (a.grappled) add(mods, "grappled", rules.grappleDx, "G43");
  if (!ranged) {
    // G14: the attacker's posture (melee).
    add(mods, "posture", rules.postures[postureRow(a.posture ?? "standing", a.crouching)].meleeAttack, "G14");
    // G23: Evaluate (melee: Attack, All-Out Attack, Move and Attack).
    const evaluate = a.evaluate;
    if (evaluate) add(mods, "evaluate", Math.min(evaluate, rules.evaluateMax) * rules.evaluatePerTurn, "G23");
  }
  // G36, G42, G43: location; G43 extra arms; G49 flying tackle and pounce.
  add(mods, form === "grab" ? "grabHand" : "location", locationPenalty(a.location ?? "torso", form, rules), form === "grab" ? "G42" : form === "grapple" ? "G43" : "G36");
  if (form === "grapple" || form === "grab") {
    const extraArms = a.extraArms;
    if (extraArms) add(mods, "extraArms", extraArms * rules.grappleExtraArm, "G43");
  }
  if (form === "flyingTackle" || form === "pounce") add(mods, "flyingTackle", rules.flyingTackleBonus, "G49");

  if (ranged) {
    // G22: aim (Attack or All-Out Attack only; Move and Attack forfeits it).
    const given = a.aim;
    if (given && maneuver !== "moveAndAttack") {
      aim = aimBonus(given, a.acc ?? 0, kind, rules);
      add(mods, "aim", aim.total, "G22");
    }
    // G52–G54: SM, speed/range; G14: the target's posture.
    add(mods, "sizeModifier", a.targetSm ?? 0, "G52");
    add(mods, "speedRange", speedRangeModifier((a.range ?? 0) + (a.speed ?? 0), rules), "G53");
    add(mods, "targetPosture", rules.postures[postureRow(a.targetPosture ?? "standing", a.targetCrouching)].rangedTarget, "G14");
    // G57: rapid fire.
    add(mods, "rapidFire", rapidFireBonus(a.shots ?? 1, rules), "G57");
    // G27: Move and Attack, −2 or Bulk, whichever is worse.
    if (maneuver === "moveAndAttack") add(mods, "moveAndAttack", Math.min(rules.moveAttackRanged, a.bulk ?? 0), "G27");
  } else if (maneuver === "moveAndAttack" && !isSlamForm(form)) {
    // G27, G48, G49: melee Move and Attack −4 (not slams; a shove takes it).
    add(mods, "moveAndAttack", rules.moveAttackMelee, "G27");
  }

  // G37: Deceptive Attack.
  const levels = a.deceptive ?? 0;
  const deceptive = levels > 0 ? deceptiveAttack(levels, rules) : NO_DECEPTION;
  if (rules.deceptiveQuick && levels > 1) refused ??= "deceptiveQuickLevels";
  add(mods, "deceptive", deceptive.skill, "G37");

  const situational = a.situational;
  if (situational) {
    for (let i = 0; i < situational.length; i++) {
      const s = situational[i]!;
      const value = s.value;
      if (value !== 0) {
        const label = s.label;
        mods.push(label !== undefined ? { key: "situational", value, rule: "G3", label } : { key: "situational", value, rule: "G3" });
      }
    }
  }

  const base = a.skill;
  let beforeCap = base;
  for (let i = 0; i < mods.length; i++) beforeCap += mods[i]!.value;
  // G27 [fixed]: the melee cap of 9, after every other modifier (not for slams).
  const cap = maneuver === "moveAndAttack" && !ranged && !isSlamForm(form) ? rules.moveAttackMeleeCap : null;
  const effective = cap !== null ? Math.min(beforeCap, cap) : beforeCap;
  if (deceptive.defense && effective < rules.deceptiveMinSkill) refused ??= "deceptiveBelowMinimum";
  if (rules.minEffectiveSkill > 0 && effective < rules.minEffectiveSkill) refused ??= "minimumSkill";
  return { base, modifiers: mods, beforeCap, cap, effective, deceptiveDefense: deceptive.defense, aim, refused };
}

/** Throwing form for the Foundry side's attack dialog: the effective skill, or the reason it cannot be rolled. */
export function requireAttackable(skill: EffectiveSkill): number {
  if (skill.refused) throw new GurpsError("attackRefused", { reason: skill.refused });
  return skill.effective;
}
