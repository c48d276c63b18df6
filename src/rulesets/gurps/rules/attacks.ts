/**
 * Several attacks of one turn on one defender (G35: "resolve one at a
 * time"): All-Out Attack (Double) (G26), Rapid Strike (G38), both. Each is a
 * whole attack (resolve.ts) with its own dice; the next one meets the
 * defender as the last left him — HP, FP, injury since his last turn, the
 * death checks rolled, posture, stun, unconsciousness, the defenses he used
 * and the parries with each weapon, a weapon broken or dropped, a shield's
 * grip lost — and the attacker as his last attack left him: aim and
 * evaluate spent, a feint used (All-Out Attack (Double) keeps it for both,
 * G25), shots left, his posture, his own figures (G48, G73). Pure.
 */
import { attacksAllowed } from "./acting.js";
import { GurpsError } from "./errors.js";
import { english } from "../../../core/messages.js";
import { plural } from "../../../core/views/text.js";
import { GURPS_STANDARD_RULES, type GurpsRules } from "./options.js";
import { blocksResolution } from "./owed.js";
import { resolveGurpsAttack } from "./resolve.js";
import type { GurpsAttackInput, GurpsAttackRolls, GurpsDefenderInput, GurpsResolution } from "./resolve-types.js";
import type { DefenseChoice } from "./defense-choice.js";
import type { DiceRoll } from "./dice.js";
import type { HitLocation } from "./types.js";
import type { VictimInput, VictimResult } from "./victim.js";

/** G26 (Double) + G38 (Rapid Strike): at most three attacks a turn; one more entry than that is refused by the maneuver anyway. */
export const ATTACKS_MAX = 4;

/** What one attack of the turn adds to the shared input: its roll and what follows it. */
export interface AttackEntry {
  roll?: DiceRoll | null;
  location?: HitLocation;
  shots?: number;
  deceptive?: number;
  defenses?: readonly DefenseChoice[] | null;
  damage?: readonly (readonly number[])[] | null;
  followUpDamage?: readonly (readonly number[])[] | null;
  linkedDamage?: readonly (readonly number[])[] | null;
  rolls?: GurpsAttackRolls;
}

export interface AttacksInput {
  /** The attacker, weapon, defender and situation every attack shares (no roll, no dice). */
  base: GurpsAttackInput;
  entries: readonly AttackEntry[];
}

export interface AttacksResult {
  /** G26, G35, G38: the attacks his maneuver makes this turn. */
  readonly allowed: number;
  /** Each attack resolved, in order (a refused one ends the list). */
  readonly attacks: readonly GurpsResolution[];
}

/** The victim's figures as an attack left them (the same `after` the card writes). */
function victimAfter<V extends VictimInput>(v: V, r: VictimResult | null, posture: V["posture"]): V {
  if (!r) return { ...v, posture };
  const a = r.after;
  return {
    ...v, currentHp: a.hp, currentFp: a.fp, injurySinceLastTurn: a.injurySinceLastTurn, deathChecksRolled: a.deathChecksRolled, posture: a.posture, stunned: a.stunned,
    unconscious: a.unconscious, mortallyWounded: a.mortallyWounded, dead: a.dead, aiming: a.aimLost ? false : v.aiming,
  };
}

/** G61–G68, G63, G65, G85: the defender after one attack: his figures, defenses used, parry counts, an item lost. */
function defenderAfter(d: GurpsDefenderInput, r: GurpsResolution): GurpsDefenderInput {
  const next = victimAfter(d, r.victim, r.defenderPosture);
  const parries = new Map<string, number>();
  for (const id of r.parried) parries.set(id, (parries.get(id) ?? 0) + 1);
  const lost = new Set<string>();
  for (const e of r.effects) {
    if (e.who !== "defender") continue;
    const outcome = e.key === "shieldUnready"
      ? r.defenses.find((o) => o.chosen.option.kind === "block" && o.chosen.roll?.critical === "failure")
      : e.key === "weaponBroken" || e.key === "weaponDropped" ? r.defenses.find((o) => o.chosen.option.kind === "parry") : undefined;
    const id = outcome?.chosen.option.sourceId;
    if (id) lost.add(id);
  }
  return {
    ...next,
    crouching: next.posture === d.posture ? d.crouching : false,
    used: r.defenseUse ?? d.used,
    parrySources: d.parrySources?.map((p) => (parries.has(p.id) || lost.has(p.id) ? { ...p, parries: (p.parries ?? 0) + (parries.get(p.id) ?? 0), ready: p.ready && !lost.has(p.id) } : p)),
    shields: d.shields?.map((s) => (lost.has(s.id) ? { ...s, ready: false } : s)),
  };
}

/** G22–G25, G56: the attacker after one attack: aim and evaluate spent, the feint used (kept for Double's second, G25), shots, posture, his own figures. */
function attackerAfter(input: GurpsAttackInput, r: GurpsResolution): GurpsAttackInput {
  const a = input.attacker;
  const double = a.maneuver === "allOutAttack" && a.aoaOption === "double";
  return {
    ...input,
    attacker: { ...a, aim: null, evaluate: 0, feint: double ? a.feint : 0, posture: r.attackerPosture, self: a.self ? victimAfter(a.self, r.self, r.attackerPosture) : a.self },
    weapon: { ...input.weapon, shotsLeft: r.weaponAfter.shotsLeft },
  };
}

/**
 * G26, G35, G38: the turn's attacks in order. More entries than the
 * maneuver makes is refused (`attacksSpent`), and so is an attack with a
 * weapon the last one left unready (`weaponUnready`, G40); an attack before
 * another that still owes a roll now is an input problem (its dice come
 * first).
 */
export function resolveGurpsAttacks(input: AttacksInput, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): AttacksResult {
  const a = input.base.attacker;
  const allowed = attacksAllowed({ id: a.maneuver, aoaOption: a.aoaOption ?? null }, !!a.rapidStrike, rules);
  if (input.entries.length > allowed) {
    const maneuver = english(`CYCHOSYS.Gurps.Maneuver.${a.maneuver}`) + (a.maneuver === "allOutAttack" && a.aoaOption ? ` (${english(`CYCHOSYS.Gurps.AoaOption.${a.aoaOption}`)})` : "") + (a.rapidStrike ? english("CYCHOSYS.Gurps.Explain.withRapidStrike") : "");
    throw new GurpsError("attacksSpent", { number: allowed + 1, maneuver, allowed: plural(allowed, { one: english("CYCHOSYS.Gurps.Explain.attackCount.one"), other: english("CYCHOSYS.Gurps.Explain.attackCount.other") }), rule: a.rapidStrike ? "G38" : "G35" });
  }
  const attacks: GurpsResolution[] = [];
  let shared = input.base;
  input.entries.forEach((e, i) => {
    const last = attacks[i - 1];
    if (last) {
      if (last.refused) return;
      const owed = last.owed.find(blocksResolution);
      if (owed) throw new GurpsError("scenarioField", { field: `attacks[${i}]`, problem: english("CYCHOSYS.Gurps.Scenario.earlierOwes", { number: i, id: owed.id }) });
      if (!last.weaponAfter.ready) throw new GurpsError("weaponUnready", { number: i + 1 });
      shared = { ...attackerAfter(shared, last), defender: defenderAfter(shared.defender, last) };
    }
    // G38: Rapid Strike makes one attack two at −6; beside All-Out Attack (Double) the third is at full skill.
    const attacker = { ...shared.attacker, roll: e.roll ?? null, deceptive: e.deceptive ?? 0, rapidStrike: !!a.rapidStrike && i < 2 };
    attacks.push(resolveGurpsAttack({
      ...shared, attacker, location: e.location ?? shared.location, shots: e.shots ?? shared.shots, defenses: e.defenses ?? null, damage: e.damage ?? null,
      followUpDamage: e.followUpDamage ?? null, linkedDamage: e.linkedDamage ?? null, rolls: e.rolls ?? {},
    }, rules));
  });
  return { allowed, attacks };
}
