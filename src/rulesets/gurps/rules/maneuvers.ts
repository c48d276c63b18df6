/**
 * The maneuver a fighter chooses each turn (G10, G18–G34, G44, G50): the
 * choice with its option, whether he may take it, and what it permits —
 * movement, attacks, active defenses — read from the maneuver table (G34).
 */
import { GURPS_STANDARD_RULES, type GurpsRules } from "./options.js";
import type { ManeuverDefenses } from "./tables.js";
import { type AoaOption, type AodOption, type ManeuverId, type Posture, type StunKind } from "./types.js";

/** G31: what a Wait is ready to do when its trigger comes. */
export const WAIT_RESPONSES = ["attack", "feint", "allOutAttack", "ready", "reflex"] as const;
export type WaitResponse = (typeof WAIT_RESPONSES)[number];

export interface ManeuverChoice {
  id: ManeuverId;
  /** G26. */
  aoaOption?: AoaOption | null;
  /** G28. */
  aodOption?: AodOption | null;
  /** G31: the stated trigger, the response (All-Out Attack with its option), a stop thrust. */
  wait?: { trigger: string; response: WaitResponse; aoaOption?: AoaOption | null; stopThrust?: boolean } | null;
  /** G22, G23, G25: the target named. */
  targetId?: string | null;
  /** G22: the weapon aimed; G30, G33: the item readied. */
  itemId?: string | null;
  /** G22: braced, and the sight bonus. */
  braced?: boolean;
  sight?: number;
  /** The attack (or aim) is ranged (G44, G50 forbid it while grappling or grappled). */
  ranged?: boolean;
  /** G15: the posture a Change Posture goes to. */
  posture?: Posture | null;
}

export const DO_NOTHING: Readonly<ManeuverChoice> = Object.freeze({ id: "doNothing" });

/** What the choice is checked against: the fighter's state as the tracker knows it. */
export interface ManeuverFacts {
  unconscious?: boolean;
  dead?: boolean;
  /** G19: stunned (physical or mental) or surprised: Do Nothing only. */
  stunned?: StunKind | null;
  surprised?: boolean;
  /** G50: grappled (and the strongest grappler's ST), pinned. */
  grappled?: boolean;
  grapplerSt?: number;
  st?: number;
  pinned?: boolean;
  /** G44: holding a foe who is not pinned. */
  grapplingUnpinned?: boolean;
  /** G24, G25: a ready melee weapon or an empty hand; G22: a ready ranged weapon. */
  meleeReady?: boolean;
  rangedReady?: boolean;
}

export type ManeuverRefusal =
  | "cannotAct" | "stunned" | "pinned" | "grappledMove" | "grappled" | "grappling" | "rangedWhileGrappled" | "aoaOption" | "aodOption" | "waitTrigger"
  | "noMeleeWeapon" | "noRangedWeapon" | "noTarget";

/** G10, G19, G22–G31, G44, G50: may the fighter take this maneuver now? */
export function maneuverRefusal(choice: ManeuverChoice, facts: ManeuverFacts, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): { reason: ManeuverRefusal; rule: string } | null {
  const row = rules.maneuvers[choice.id];
  const id = choice.id;
  if (facts.unconscious || facts.dead) return { reason: "cannotAct", rule: "G8" };
  if ((facts.stunned || facts.surprised) && id !== "doNothing") return { reason: "stunned", rule: "G19" };
  if (id === "allOutAttack" && (!choice.aoaOption || !row.options.includes(choice.aoaOption))) return { reason: "aoaOption", rule: "G26" };
  if (id === "allOutDefense" && (!choice.aodOption || !row.options.includes(choice.aodOption))) return { reason: "aodOption", rule: "G28" };
  if (id === "wait") {
    const w = choice.wait;
    if (!w || w.trigger.trim() === "") return { reason: "waitTrigger", rule: "G31" };
    if (w.response === "allOutAttack" && (!w.aoaOption || !rules.maneuvers.allOutAttack.options.includes(w.aoaOption))) return { reason: "aoaOption", rule: "G31" };
  }
  // G50: pinned — nothing that needs physical movement (an Attack may still try to break free, a Ready switch an advantage).
  if (facts.pinned && row.physical && id !== "attack" && id !== "allOutAttack" && id !== "ready") return { reason: "pinned", rule: "G50" };
  if (facts.grappled) {
    if (id === "move" && (facts.st ?? 0) < 2 * (facts.grapplerSt ?? 0)) return { reason: "grappledMove", rule: "G50" };
    if (row.notWhileGrappling) return { reason: "grappled", rule: "G50" };
    if (choice.ranged && row.attacks) return { reason: "rangedWhileGrappled", rule: "G50" };
  }
  if (facts.grapplingUnpinned) {
    if (row.notWhileGrappling) return { reason: "grappling", rule: "G44" };
    if (choice.ranged && row.attacks) return { reason: "rangedWhileGrappled", rule: "G44" };
  }
  if ((id === "aim" || id === "evaluate" || id === "feint") && !choice.targetId) return { reason: "noTarget", rule: id === "aim" ? "G22" : id === "evaluate" ? "G23" : "G25" };
  if (id === "feint" && facts.meleeReady === false) return { reason: "noMeleeWeapon", rule: "G25" };
  if (id === "aim" && facts.rangedReady === false) return { reason: "noRangedWeapon", rule: "G22" };
  return null;
}

export interface ManeuverPermits {
  /** G34: movement kind and whether it is forward only. */
  readonly movement: string;
  readonly attacks: boolean;
  readonly defenses: ManeuverDefenses;
  readonly retreat: boolean;
  readonly fullTurn: boolean;
  /** G26, G32: All-Out Attack and All-Out Ready leave no defense. */
  readonly noDefense: boolean;
}

/** G34: what a chosen maneuver permits (the tracker shows it; the attack and defense checks enforce it). */
export function maneuverPermits(choice: ManeuverChoice, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): ManeuverPermits {
  const row = rules.maneuvers[choice.id];
  // G10: All-Out Attack (Suppression Fire) is full-turn.
  const fullTurn = row.fullTurn || (choice.id === "allOutAttack" && choice.aoaOption === "suppressionFire");
  return { movement: row.movement, attacks: row.attacks, defenses: row.defenses, retreat: row.retreat, fullTurn, noDefense: row.defenses === "none" };
}

/** G31: a Wait that is triggered becomes its response; after a defense while waiting it may become an Attack, never an All-Out Attack. */
export function convertWait(choice: ManeuverChoice, defendedWhileWaiting: boolean): ManeuverChoice {
  const w = choice.wait;
  if (choice.id !== "wait" || !w) return choice;
  if (w.response === "allOutAttack") return defendedWhileWaiting ? { id: "attack" } : { id: "allOutAttack", aoaOption: w.aoaOption ?? null };
  if (w.response === "reflex") return { id: "doNothing" };
  return { id: w.response };
}
