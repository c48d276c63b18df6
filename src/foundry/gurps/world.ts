/**
 * What the GM's GURPS workflow reads of the Foundry world besides documents
 * (steps.ts, `GurpsWorld`): whose turn it is in the started combat (G9, G10)
 * and the yards between two actors' tokens on the viewed scene (G36, G53,
 * G60), measured by the scene's grid in its own units.
 */
import type { GurpsWorld } from "../../rulesets/gurps/workflow/steps.js";
import { yardsOf } from "../../rulesets/gurps/workflow/attack-input.js";
import { fromUuidSync } from "../uuid.js";

interface TokenLike {
  center: { x: number; y: number };
}
interface ActorWithTokens {
  uuid: string;
  getActiveTokens(linked?: boolean, document?: boolean): TokenLike[];
}
interface CanvasLike {
  ready?: boolean;
  scene?: { grid?: { units?: string } } | null;
  grid?: { measurePath(waypoints: { x: number; y: number }[]): { distance: number } };
}

const syncUuid = (uuid: string) => fromUuidSync<ActorWithTokens>(uuid);

/** Yards between the two actors' first tokens on the viewed scene; null when either is not on it or the unit is unknown. */
export function sceneDistance(fromUuid: string, toUuid: string): number | null {
  const c = (globalThis as { canvas?: CanvasLike }).canvas;
  if (!c?.ready || !c.grid) return null;
  const a = syncUuid(fromUuid)?.getActiveTokens?.()[0];
  const b = syncUuid(toUuid)?.getActiveTokens?.()[0];
  if (!a || !b) return null;
  const { distance } = c.grid.measurePath([a.center, b.center]);
  return yardsOf(distance, c.scene?.grid?.units ?? "yd");
}

/** Is it this actor's turn in the started combat? Null outside one. */
export function turnOf(actorUuid: string): boolean | null {
  const combat = (game as unknown as { combat?: { started?: boolean; combatant?: { actor?: { uuid?: string } | null } | null } | null }).combat;
  if (!combat?.started) return null;
  return combat.combatant?.actor?.uuid === actorUuid;
}

export const foundryGurpsWorld: GurpsWorld = { turnOf, distance: sceneDistance };
