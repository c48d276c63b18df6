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
import { CwnError } from "../rules/errors.js";
import { CWN_FIGHT_LIMITS } from "./fight-shape.js";

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
  surprised: z.array(sideId).check(z.maxLength(CWN_FIGHT_LIMITS.fighters)),
  rolls: z.record(sideId, z.strictObject({ roll: face, tieRolls: z.array(face).check(z.maxLength(CWN_FIGHT_LIMITS.tieRolls)) })),
});
export type CwnSetup = z.infer<typeof setupSchema>;

export const EMPTY_SETUP: CwnSetup = Object.freeze({ groups: {}, surprised: [], rolls: {} }) as CwnSetup;

/** The stored setup if well-formed, else an empty one. */
export function readCwnSetup(value: unknown): CwnSetup {
  const parsed = setupSchema.safeParse(value);
  return parsed.success ? parsed.data : structuredClone(EMPTY_SETUP);
}

/** Issue 20: a setup about to be stored, refused (naming the field) when it would not read back — the GM's groups and rolls are never lost to a write. */
export function requireStorableSetup(setup: CwnSetup): CwnSetup {
  const parsed = setupSchema.safeParse(setup);
  if (!parsed.success) throw new CwnError("fightUnreadable", { field: ["cwnSetup", ...(parsed.error.issues[0]?.path ?? [])].join(".") });
  return setup;
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

/**
 * W3, W4: the place of every fighter in Foundry's turns — side by side in
 * the fight's order, members in their side's order — computed once for a
 * whole sort (a combatant not in the fight has none: it goes last).
 */
export function turnPlaces(fight: CwnCombatState): Map<string, number> {
  const places = new Map<string, number>();
  for (const id of fight.order) for (const m of fight.sides[id]!.members) places.set(m, places.size);
  return places;
}

/** Before the fight: each combatant's planned side, by the sides' order (names break ties within a side). */
export function plannedPlaces(sides: readonly PlannedSide[]): Map<string, number> {
  const places = new Map<string, number>();
  sides.forEach((side, i) => {
    for (const m of side.members) places.set(m.id, i);
  });
  return places;
}

/** One combatant's place in Foundry's turns (a search of the sides: to sort many, `turnPlaces` once). */
export function turnKey(fight: CwnCombatState | null, combatantId: string): number {
  if (!fight) return 0;
  return placeIn(turnPlaces(fight), combatantId);
}

/** The place of a combatant by one of the maps above; one not in it after every other. */
export const placeIn = (places: ReadonlyMap<string, number>, id: string): number => places.get(id) ?? Number.MAX_SAFE_INTEGER;

/**
 * Foundry's turn order (`_sortCombatants`) and the marker's index agree by
 * using this one comparison: by place, then (`tie`) by id in the fight, by
 * name before it.
 */
export function compareTurns(places: ReadonlyMap<string, number>, tie: "id" | "name", a: { id: string; name: string }, b: { id: string; name: string }): number {
  return placeIn(places, a.id) - placeIn(places, b.id) || a[tie].localeCompare(b[tie]);
}

/** W3, W4: the fight's combatant ids in Foundry's turn order (as `compareTurns` by id). */
export function orderedTurns(ids: readonly string[], places: ReadonlyMap<string, number>): string[] {
  return ids.slice().sort((a, b) => placeIn(places, a) - placeIn(places, b) || a.localeCompare(b));
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
