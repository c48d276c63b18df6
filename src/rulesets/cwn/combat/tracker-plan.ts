/**
 * The CWN tracker's plan (pure): how Foundry's combatants become the fight's
 * sides and members (W3, W4), what is owed before the fight can start (each
 * side's d8, tie rolls between sides still tied), the order of Foundry's
 * turns (side by side in initiative order), which combatant Foundry's turn
 * marker follows (a member of the acting side, W4), and a side arriving
 * mid-fight (W3). Before the fight starts the GM's choices (a combatant moved
 * to another group, a side surprised, W2) and the rolls live on the combat
 * at `flags.cychosys.cwnSetup`, checked here before use.
 */
import { z } from "zod/mini";
import type { CwnCombatState, CwnSideSetup } from "../rules/combat.js";
import { bestDex, orderSides } from "../rules/initiative.js";
import { CWN_STANDARD_RULES, type CwnRules } from "../rules/options.js";
import type { DownedState } from "../rules/types.js";

export const CWN_SETUP_FLAG = "cwnSetup";
export const CWN_SETUP_PATH = `flags.cychosys.${CWN_SETUP_FLAG}`;

/** What the tracker knows of one combatant (from its actor's derived data and token). */
export interface CwnCombatantFacts {
  id: string;
  name: string;
  /** Owned by a player: a member of the player characters' side (W3). */
  playerOwned: boolean;
  /** Foundry's token disposition: 1 friendly, 0 neutral, −1 hostile, −2 secret. */
  disposition: number;
  /** W3: the Dexterity modifier (null: a combatant with no CWN actor). */
  dex: number | null;
  canSnap: boolean;
  downed: DownedState;
  /** W6: the group's Morale score (NPCs). */
  morale: number | null;
}

const sideId = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/));
const face = z.int().check(z.minimum(1), z.maximum(20));
const setupSchema = z.strictObject({
  groups: z.record(sideId, sideId),
  surprised: z.array(sideId).check(z.maxLength(16)),
  rolls: z.record(sideId, z.strictObject({ roll: face, tieRolls: z.array(face).check(z.maxLength(8)) })),
});
export type CwnSetup = z.infer<typeof setupSchema>;

export const EMPTY_SETUP: CwnSetup = Object.freeze({ groups: {}, surprised: [], rolls: {} }) as CwnSetup;

/** The stored setup if well-formed, else an empty one. */
export function readCwnSetup(value: unknown): CwnSetup {
  const parsed = setupSchema.safeParse(value);
  return parsed.success ? structuredClone(parsed.data) : structuredClone(EMPTY_SETUP);
}

/** The side a combatant fights on: the GM's group, else the players' side, else its token's disposition. */
export function defaultSideOf(c: Pick<CwnCombatantFacts, "playerOwned" | "disposition">): string {
  if (c.playerOwned) return "pcs";
  return c.disposition > 0 ? "friendly" : c.disposition === 0 ? "neutral" : "hostile";
}

export function sideOfCombatant(c: CwnCombatantFacts, setup: CwnSetup): string {
  return Object.hasOwn(setup.groups, c.id) ? setup.groups[c.id]! : defaultSideOf(c);
}

export interface PlannedSide {
  id: string;
  playerCharacters: boolean;
  members: CwnCombatantFacts[];
  surprised: boolean;
  roll: { roll: number; tieRolls: number[] } | null;
}

/** The sides the combatants make, in the order they first appear. */
export function plannedSides(combatants: readonly CwnCombatantFacts[], setup: CwnSetup): PlannedSide[] {
  const sides = new Map<string, PlannedSide>();
  for (const c of combatants) {
    const id = sideOfCombatant(c, setup);
    const side = sides.get(id) ?? { id, playerCharacters: false, members: [], surprised: setup.surprised.includes(id), roll: Object.hasOwn(setup.rolls, id) ? setup.rolls[id]! : null };
    side.members.push(c);
    side.playerCharacters ||= c.playerOwned;
    sides.set(id, side);
  }
  return [...sides.values()];
}

/** W3/W6: the fight's setup of a planned side (its roll must be in). */
export function sideSetup(side: PlannedSide, rules: Readonly<CwnRules> = CWN_STANDARD_RULES): CwnSideSetup {
  const morale = side.members.map((m) => m.morale).find((m): m is number => m !== null);
  return {
    id: side.id,
    playerCharacters: side.playerCharacters,
    surprised: side.surprised,
    members: side.members.map((m) => ({ id: m.id, dex: m.dex, canSnap: m.canSnap, able: m.downed === "none" })),
    roll: side.roll!.roll,
    tieRolls: [...side.roll!.tieRolls],
    ...(!side.playerCharacters && { morale: morale ?? rules.defaultMorale }),
  };
}

/** What is owed before the fight starts: sides with no d8 yet; then groups of sides still tied (W3). */
export function startOwed(sides: readonly PlannedSide[], rules: Readonly<CwnRules> = CWN_STANDARD_RULES): { rolls: string[]; ties: string[][] } {
  const rolls = sides.filter((s) => !s.roll).map((s) => s.id);
  if (rolls.length) return { rolls, ties: [] };
  const order = orderSides(
    sides.map((s) => {
      const setup = sideSetup(s, rules);
      const dex = bestDex(setup.members.map((m) => ({ dex: m.dex, able: m.able ?? true })));
      return { id: s.id, playerCharacters: s.playerCharacters, total: setup.roll + dex, dex, tieRolls: setup.tieRolls ?? [] };
    }),
    rules,
  );
  return { rolls: [], ties: order.owed.map((g) => [...g]) };
}

/** W3, W4: Foundry's turns, side by side in the fight's order, members in their side's order; combatants not in the fight last. */
export function turnKey(fight: CwnCombatState | null, combatantId: string): number {
  if (!fight) return 0;
  for (const [i, id] of fight.order.entries()) {
    const members = fight.sides[id]!.members;
    const at = members.indexOf(combatantId);
    if (at >= 0) return i * 1000 + at;
  }
  return 1_000_000;
}

/**
 * W4: the member of the acting side Foundry's turn marker follows: the one
 * acting, else the first still to act; null between rounds or when the
 * fight is over.
 */
export function markedFighter(fight: CwnCombatState): string | null {
  const sideId = fight.order[fight.current];
  if (sideId === undefined) return null;
  const members = fight.sides[sideId]!.members.map((id) => [id, fight.fighters[id]!] as const);
  const able = members.filter(([, f]) => f.downed === "none");
  return (able.find(([, f]) => f.turn === "acting") ?? able.find(([, f]) => f.turn === "pending"))?.[0] ?? null;
}

/** W3: the combatants not in the fight, grouped by the side they would join (a new side: its id made unique). */
export function arrivals(combatants: readonly CwnCombatantFacts[], fight: CwnCombatState, setup: CwnSetup): PlannedSide[] {
  const out = plannedSides(combatants.filter((c) => !Object.hasOwn(fight.fighters, c.id)), setup);
  return out.map((side) => {
    let id = side.id;
    for (let n = 2; Object.hasOwn(fight.sides, id); n++) id = `${side.id}-${n}`;
    return { ...side, id, surprised: false, roll: null };
  });
}
