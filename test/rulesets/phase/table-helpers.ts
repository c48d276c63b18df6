/**
 * The seed's fight at the table, for the tracker's and the card's tests:
 * Leroy and Earl (seed checks 1–5), each drawing a pistol, and Mo, a
 * bystander with an SMG and a knife; a ledger played through the GM's
 * handlers' pure plan (tracker-plan.ts) as each user asks.
 */
import { newLedger, type PhaseLedger } from "../../../src/rulesets/phase/combat/ledger.js";
import type { PhaseTrackerRequest } from "../../../src/rulesets/phase/combat/request-schema.js";
import { planTrackerRequest, type TableUser } from "../../../src/rulesets/phase/combat/tracker-plan.js";
import type { Fighter } from "../../../src/rulesets/phase/rules/index.js";
import { fighter, fighters, weapon } from "./helpers.js";

export const GM: TableUser = { isGM: true, owns: () => true };
export const LEROYS: TableUser = { isGM: false, owns: (id) => id === "leroy" };
export const EARLS: TableUser = { isGM: false, owns: (id) => id === "earl" };
export const NOBODY: TableUser = { isGM: false, owns: () => false };

/** Leroy (Reflexes 4) and Earl (Reflexes 5, fastdraw 2), pistols holstered; Mo (Reflexes 2), SMG drawn. */
export function seedFighters(): Record<string, Fighter> {
  return fighters(
    fighter("leroy", { name: "Leroy", weapons: { pistol: weapon("pistol", { name: "Pistol", ready: false }) } }),
    fighter("earl", { name: "Earl", reflexes: 5, attributes: { reflexes: 5 }, weapons: { pistol: weapon("pistol", { name: "Pistol", ready: false }) } }),
    fighter("mo", { name: "Mo", reflexes: 2, attributes: { reflexes: 2 }, weapons: { smg: weapon("smg", { name: "SMG", auto: true, ammo: 30 }), knife: weapon("knife", { name: "Knife", kind: "melee", skill: "knife", ammo: 0, damage: { dice: 1, faces: 6, flat: 1 } }) } }),
  );
}

export const seedLedger = (): PhaseLedger => newLedger("combat1", ["leroy", "earl", "mo"].map((id) => ({ id })));

/** A request without its combat id (the tests' combat is "combat1"). */
export type Asked = PhaseTrackerRequest extends infer R ? (R extends PhaseTrackerRequest ? Omit<R, "combatId"> : never) : never;

/** Play requests in order (each as its user), the tiebreak drawn as 0.5; returns the ledger after. */
export function play(ledger: PhaseLedger | null, f: Record<string, Fighter>, steps: [TableUser, Asked][]): PhaseLedger {
  let l = ledger;
  for (const [user, request] of steps) l = planTrackerRequest(l, { combatId: "combat1", ...request } as PhaseTrackerRequest, user, f, () => 0.5).ledger;
  return l!;
}

/** Phase 1 of the seed's example up to Earl's slot: Leroy 16, Earl 21 (seed check 1); Leroy declared his draw (seed check 2). */
export function seedMidDeclaration(f = seedFighters()): PhaseLedger {
  return play(seedLedger(), f, [
    [LEROYS, { kind: "phaseInitiative", combatantId: "leroy", faces: [5, 7] }],
    [EARLS, { kind: "phaseInitiative", combatantId: "earl", faces: [7, 9] }],
    [GM, { kind: "phaseCloseInitiative" }],
    [LEROYS, { kind: "phaseDeclare", combatantId: "leroy", action: "draw", weapon: "pistol" }],
  ]);
}
