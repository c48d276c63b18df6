/**
 * The defense stage of one attack (G58–G68, G28, G64–G66, G84–G85, G92):
 * the defender's choices checked against the legal ones, rolled, and what
 * follows each — hits stopped, breakage and heavy weapons, the counterstrike
 * on an unarmed attacker, critical successes and failures.
 */
import { chooseDefense, type DefenseChoice, hitsAfterDefense, recordDefenseUse } from "./defense-choice.js";
import { type DefenderState, type DefenseUse, type IncomingAttack, type LegalDefenses, legalDefenses, NO_DEFENSE_USE, type ParrySource } from "./defense.js";
import { successRoll, type SuccessRoll } from "./dice.js";
import { GurpsError } from "./errors.js";
import { GURPS_STANDARD_RULES, type GurpsRules } from "./options.js";
import type { OwedRoll } from "./owed.js";
import type { CriticalTableRoll, DefenseOutcome, GurpsAttackRolls } from "./resolve-types.js";

export interface DefenseStage {
  outcomes: DefenseOutcome[];
  declined: boolean;
  hitsLanding: number;
  /** A roll (or choice) is owed before the attack can go on. */
  pending: boolean;
  use: DefenseUse;
  parried: string[];
  counter: { effective: number; roll: SuccessRoll | null } | null;
  /** G28: when a second defense is owed, the defenses legal for it now (after the first's use, without the first). */
  secondLegal: LegalDefenses | null;
}

type Effect = { key: string; rule: string; who: "attacker" | "defender" };

const NO_SOURCES: readonly ParrySource[] = Object.freeze([]);

function sourceOf(sources: readonly ParrySource[], id: string | null): ParrySource | null {
  for (let i = 0; i < sources.length; i++) if (sources[i]!.id === id) return sources[i]!;
  return null;
}

/** A roll the defense stage owes (`who` the defender unless said). */
function owe(owed: OwedRoll[], id: string, roll: OwedRoll["roll"], target: number | null, rule: string, who: "attacker" | "defender" = "defender"): void {
  owed.push({ id, roll, who, target, rule, when: "now" });
}

/**
 * Run the defender's choices (`choices` null: owed) against `hits` scored
 * hits; `balanceSkill` is his roll against a fall (G65, G74).
 */
export function defenseStage(
  d: DefenderState, balanceSkill: number, incoming: IncomingAttack, legal: LegalDefenses, hits: number, choices: readonly DefenseChoice[] | null, rolls: GurpsAttackRolls,
  sink: { owed: OwedRoll[]; effects: Effect[]; criticals: CriticalTableRoll[] }, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES,
): DefenseStage {
  const stage: DefenseStage = { outcomes: [], declined: false, hitsLanding: hits, pending: false, use: d.used ?? NO_DEFENSE_USE, parried: [], counter: null, secondLegal: null };
  if (legal.none) return stage;
  const owed = sink.owed;
  if (!choices || choices.length === 0) {
    owe(owed, "defenses[0]", "3d6", null, "G58");
    stage.pending = true;
    return stage;
  }
  if (choices[0]!.id === "none") {
    stage.declined = true;
    return stage;
  }
  const maxDefenses = legal.doubleDefense ? 2 : 1;
  if (choices.length > maxDefenses) throw new GurpsError("defenseSecondNotAllowed");
  const given: readonly ParrySource[] = d.parrySources ?? NO_SOURCES;
  const acrobatics = d.acrobatics ?? null;
  let sources = given;
  let left = hits;
  let now = legal;
  for (let i = 0; i < choices.length; i++) {
    const choice = choices[i]!;
    if (i > 0) {
      if (choice.id === "none") break;
      if (choice.id === choices[0]!.id) throw new GurpsError("defenseRepeated", { id: choice.id.slice(0, 40) });
      now = legalDefenses({ ...d, used: stage.use, parrySources: sources }, incoming, rules);
    }
    const chosen = chooseDefense(now, choice, acrobatics, rules);
    const outcome: { chosen: typeof chosen; hitsAfter: number; breakage: DefenseOutcome["breakage"]; tooHeavy: boolean } = { chosen, hitsAfter: left, breakage: null, tooHeavy: false };
    stage.outcomes.push(outcome);
    stage.use = recordDefenseUse(stage.use, chosen, incoming.attackerId);
    const option = chosen.option;
    if (option.kind === "parry") {
      stage.parried.push(option.sourceId!);
      // The parry counted on its source, for a second defense only (All-Out Defense (Double), G28).
      if (legal.doubleDefense) sources = sources.map((p) => (p.id === option.sourceId ? { ...p, parries: (p.parries ?? 0) + 1 } : p));
    }
    if (option.cost === "spoilsAim") sink.effects.push({ key: "aimSpoiled", rule: "G22", who: "defender" });
    if (option.cost === "concentrateCheck") sink.effects.push({ key: "concentrateCheck", rule: "G29", who: "defender" });
    if (option.cost === "waitBecomesAttack") sink.effects.push({ key: "waitDefended", rule: "G31", who: "defender" });
    if (chosen.dodgeAndDrop) sink.effects.push({ key: "droppedProne", rule: "G68", who: "defender" });
    if (chosen.acrobatic && !chosen.acrobatic.roll) {
      owe(owed, `defenses[${i}].acrobaticRoll`, "3d6", chosen.acrobatic.skill, "G61");
      stage.pending = true;
      return stage;
    }
    const roll = chosen.roll;
    if (!roll) {
      owe(owed, `defenses[${i}].roll`, "3d6", chosen.effective, "G58");
      stage.pending = true;
      return stage;
    }
    let held = roll.success;
    const source = option.kind === "parry" ? sourceOf(given, option.sourceId) : null;
    if (held && option.kind === "parry") {
      // G65: breakage (the parry still counts unless the odds exceeded 6), then the weight limit.
      if (option.breakageOdds !== null && option.breakageOdds > 0) {
        const sure = option.breakageOdds >= rules.dieFaces;
        const face = sure ? null : (rolls.breakage ?? null);
        const broken = sure ? true : face === null ? null : face <= option.breakageOdds;
        outcome.breakage = { odds: option.breakageOdds, face, broken };
        if (!sure && face === null) {
          owe(owed, "rolls.breakage", "1d", option.breakageOdds, "G65");
          stage.pending = true;
        }
        if (broken) sink.effects.push({ key: "weaponBroken", rule: "G65", who: "defender" });
        if (option.breakageOdds > rules.dieFaces) held = false;
      }
      if (option.tooHeavy) {
        outcome.tooHeavy = true;
        held = false;
        if (source?.unarmed) {
          // Knocked back 1 yard: the knockback roll (G74) or fall.
          sink.effects.push({ key: "heavyKnockback", rule: "G65", who: "defender" });
          if (!rolls.heavyParryDx) owe(owed, "rolls.heavyParryDx", "3d6", balanceSkill, "G65");
          else if (!successRoll(balanceSkill, rolls.heavyParryDx.total, "other", rules).success) sink.effects.push({ key: "fallsProne", rule: "G65", who: "defender" });
        } else if (outcome.breakage?.broken !== true) sink.effects.push({ key: "weaponDropped", rule: "G65", who: "defender" });
      }
    }
    if (held) {
      outcome.hitsAfter = hitsAfterDefense(left, option.kind, roll);
      // G84: a critical success against a melee attack sends the attacker to the Critical Miss Table.
      if (roll.critical === "success" && incoming.kind === "melee") {
        const table = rolls.criticalTable ?? null;
        sink.criticals.push({ table: "miss", who: "attacker", roll: table ? table.total : null, rule: "G84" });
        if (!table) owe(owed, "rolls.criticalTable", "table", null, "G84", "attacker");
      }
      // G55, G84: a bare-handed parry of a thrown weapon by 5+ or critically may catch it.
      if (incoming.kind === "thrown" && source?.unarmed && (roll.critical === "success" || roll.margin >= rules.catchMargin)) sink.effects.push({ key: "mayCatch", rule: "G55", who: "defender" });
      // G64: a weapon parry of an unarmed attack: the parrier rolls his weapon skill to strike the limb.
      if (option.kind === "parry" && source && !source.unarmed && incoming.unarmed && stage.counter === null) {
        const effective = source.skill + (incoming.judoKarate ? rules.parryCounterJudoKarate : 0);
        const counter = rolls.parryCounter ? successRoll(effective, rolls.parryCounter.total, "other", rules) : null;
        stage.counter = { effective, roll: counter };
        if (!counter) owe(owed, "rolls.parryCounter", "3d6", effective, "G64");
        else if (counter.success) sink.effects.push({ key: "counterHits", rule: "G64", who: "defender" });
      }
    } else {
      outcome.hitsAfter = left;
      if (roll.critical === "failure") {
        // G85: a dodge falls prone; a block loses the shield's grip; a parry goes to the Critical Miss Table.
        if (option.kind === "dodge") sink.effects.push({ key: "fallsProne", rule: "G85", who: "defender" });
        else if (option.kind === "block") sink.effects.push({ key: "shieldUnready", rule: "G85", who: "defender" });
        else {
          const table = rolls.defenderCriticalTable ?? null;
          sink.criticals.push({ table: "miss", who: "defender", roll: table ? table.total : null, rule: "G85" });
          if (!table) owe(owed, "rolls.defenderCriticalTable", "table", null, "G85");
        }
      }
      // G66: a failed unarmed parry of a weapon lets the attacker strike the parrying arm instead (hit locations).
      if (source?.unarmed && !incoming.unarmed && incoming.kind === "melee") sink.effects.push({ key: "armAtRisk", rule: "G66", who: "defender" });
    }
    left = outcome.hitsAfter;
    if (left === 0 || stage.pending) break;
    // G28: after a failed defense, All-Out Defense (Double) allows a second, different one.
    if (i === 0 && !held && legal.doubleDefense && choices.length === 1) {
      owe(owed, "defenses[1]", "3d6", null, "G28");
      const next = legalDefenses({ ...d, used: stage.use, parrySources: sources }, incoming, rules);
      stage.secondLegal = { ...next, options: next.options.filter((o) => o.id !== choice.id) };
      stage.pending = true;
      break;
    }
  }
  stage.hitsLanding = left;
  return stage;
}
