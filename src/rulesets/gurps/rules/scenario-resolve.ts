/**
 * A read scenario resolved by the core: an attack (resolve.ts), a feint's
 * Quick Contest (G25), the legal defenses (G58–G68), or a maneuver's
 * movement and permits (G11–G13, G27, G34).
 */
import { type LegalDefenses, legalDefenses } from "./defense.js";
import { successRoll, type SuccessRoll } from "./dice.js";
import { feintAttacks, feintPenalty, type FeintSkill, feintSkill } from "./feint.js";
import { isReeling } from "./injury.js";
import { maneuverPermits, type ManeuverPermits, maneuverRefusal } from "./maneuvers.js";
import { type MovementAllowance, movementAllowance, postureMove, postureRow, shortOf, stepYards } from "./movement.js";
import type { OwedRoll } from "./owed.js";
import { resolveGurpsAttack } from "./resolve.js";
import type { GurpsResolution } from "./resolve-types.js";
import type { GurpsScenario, TriggeredWait } from "./scenario.js";
import { english } from "../../../core/messages.js";
import { GURPS_ATTACK_REFUSAL_RULES, GurpsRuleRefusal, refusalOf, refusedAttack } from "./refusals.js";
import { type TurnResult, resolveTurn } from "./turn.js";
import { type AttacksInput, type AttacksResult, resolveGurpsAttacks } from "./attacks.js";

export interface FeintResult {
  /** G23, G77, G3: the feinter's effective skill (G91: refused below the minimum). */
  readonly skill: FeintSkill;
  readonly feinter: SuccessRoll | null;
  readonly foe: SuccessRoll | null;
  /** G25: the defense penalty (null while a roll is owed). */
  readonly penalty: number | null;
  readonly attacks: number;
  readonly owed: readonly OwedRoll[];
}

export interface ManeuverResult {
  readonly refusal: { readonly reason: string; readonly rule: string } | null;
  /** G13: Move in his posture; G11: his step. */
  readonly moveInPosture: number;
  readonly step: number;
  readonly allowance: MovementAllowance;
  readonly permits: ManeuverPermits;
  /** Check 2: yards short of the goal (null: none given). */
  readonly shortOf: number | null;
}

export type GurpsScenarioResult =
  | { readonly kind: "attack"; readonly resolution: GurpsResolution; readonly wait?: TriggeredWait }
  | { readonly kind: "feint"; readonly feint: FeintResult }
  | { readonly kind: "defenses"; readonly legal: LegalDefenses }
  | { readonly kind: "maneuver"; readonly maneuver: ManeuverResult }
  | { readonly kind: "turn"; readonly turn: TurnResult }
  | { readonly kind: "attacks"; readonly attacks: AttacksResult; readonly input: AttacksInput }
  /** A rule forbids what the scenario asks (refusals.ts): the outcome is the refusal. */
  | { readonly kind: "refused"; readonly refusal: GurpsRuleRefusal };

/**
 * Resolve a read scenario. A rule's refusal — a defense choice the rules do
 * not allow, more attacks than the maneuver makes, a stunned fighter's
 * maneuver — is the result (`kind: "refused"`), not an error; an attack the
 * core refuses keeps its resolution (`resolution.refused`, with the figures
 * that refused it), and its outcome JSON is the refusal (outcome.ts).
 */
export function resolveGurpsScenario(s: GurpsScenario): GurpsScenarioResult {
  try {
    return resolveKind(s);
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal) return { kind: "refused", refusal };
    throw error;
  }
}

function resolveKind(s: GurpsScenario): GurpsScenarioResult {
  const rules = s.rules;
  switch (s.kind) {
    case "attack": {
      // G31, G35: a Wait triggered out of turn attacks only when its response is an attack.
      if (s.wait && s.wait.becomes !== s.input.attacker.maneuver) throw refusedAttack("notAttackManeuver");
      const resolution = resolveGurpsAttack(s.input, rules);
      return s.wait ? { kind: "attack", resolution, wait: s.wait } : { kind: "attack", resolution };
    }
    case "feint": {
      const { feinter, foe, double } = s.input;
      const owed: OwedRoll[] = [];
      const skill = feintSkill({ skill: feinter.skill, evaluate: feinter.evaluate, shock: feinter.shock, situational: feinter.situational }, rules);
      // G91: the feint's roll is not made below the minimum effective skill.
      if (skill.refused) throw new GurpsRuleRefusal(GURPS_ATTACK_REFUSAL_RULES.minimumSkill, "CYCHOSYS.Gurps.Refused", "feint", { reason: english("CYCHOSYS.Gurps.Refusal.minimumSkill") }, "minimumSkill");
      const a = feinter.roll ? successRoll(skill.effective, feinter.roll.total, "other", rules) : null;
      const b = foe.roll ? successRoll(foe.skill, foe.roll.total, "other", rules) : null;
      if (!a) owed.push({ id: "feinter.roll", roll: "3d6", who: "attacker", target: skill.effective, rule: "G25", when: "now" });
      if (!b) owed.push({ id: "foe.roll", roll: "3d6", who: "defender", target: foe.skill, rule: "G25", when: "now" });
      return { kind: "feint", feint: { skill, feinter: a, foe: b, penalty: a && b ? feintPenalty(a, b) : null, attacks: feintAttacks(double), owed } };
    }
    case "defenses": {
      const d = s.input.defender;
      return { kind: "defenses", legal: legalDefenses({ ...d, reeling: isReeling(d.currentHp, d.hp, rules) }, s.input.attack, rules) };
    }
    case "turn":
      return { kind: "turn", turn: resolveTurn(s.input, rules) };
    case "attacks":
      return { kind: "attacks", attacks: resolveGurpsAttacks(s.input, rules), input: s.input };
    case "maneuver": {
      const m = s.input;
      const inPosture = postureMove(m.move, postureRow(m.posture, m.crouching), rules);
      const allowance = movementAllowance(m.choice.id, m.move, { posture: m.posture, crouching: m.crouching, aodOption: m.choice.aodOption ?? null, bracedTwoHanded: m.bracedTwoHanded, sprintStreak: m.sprintStreak }, rules);
      return {
        kind: "maneuver",
        maneuver: {
          refusal: maneuverRefusal(m.choice, m.facts, rules), moveInPosture: inPosture, step: stepYards(inPosture, rules), allowance,
          permits: maneuverPermits(m.choice, rules), shortOf: m.distance === null ? null : shortOf(allowance, m.distance),
        },
      };
    }
  }
}
