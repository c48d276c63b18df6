/**
 * The scene as CWN's rules read it (src/rulesets/cwn/workflow/board.ts):
 * the tokens on the canvas with their dispositions and their actors'
 * derived data, measured with the scene's grid in metres. Used by the
 * attacker's client to fill the dialog and by the GM's client to check the
 * card (the GM's measure wins). Undefined when there is no canvas or either
 * fighter has no token on it.
 */
import type { CwnDerived } from "../../rulesets/cwn/data/derived.js";
import { type BoardToken, measureBoard, metresOf } from "../../rulesets/cwn/workflow/board.js";
import { cwnRules } from "./rules-source.js";

interface Point {
  x: number;
  y: number;
}
interface TokenLike {
  actor: { uuid: string; system?: { derived?: CwnDerived } } | null;
  center: Point;
  document: { disposition: number };
}
interface CanvasLike {
  ready?: boolean;
  tokens?: { placeables: TokenLike[] };
  grid?: { units?: string; measurePath(waypoints: Point[]): { distance: number } };
}

export function measureOnScene(attackerUuid: string, targetUuid: string): { metres: number; adjacentFoe: "none" | "fists" | "armed" } | undefined {
  const board = (globalThis as { canvas?: CanvasLike }).canvas;
  const grid = board?.grid;
  if (!board?.ready || !grid || !board.tokens) return undefined;
  const tokens = board.tokens.placeables
    .filter((t) => t.actor)
    .map((t) => ({ actorUuid: t.actor!.uuid, disposition: t.document.disposition, derived: t.actor!.system?.derived, center: t.center }) satisfies BoardToken & { center: Point });
  const units = grid.units ?? "m";
  return measureBoard(tokens, attackerUuid, targetUuid, (a, b) => metresOf(grid.measurePath([a.center, b.center]).distance, units), cwnRules());
}

/** The actor behind a fighter (a combatant of a combat): for the GM's workflow and the dialog's odds (W26 screeners). */
export function actorOfFighter(combatId: string, fighterId: string): string | undefined {
  const combat = (game as unknown as { combats?: { get(id: string): { combatants: { get(id: string): { actor?: { uuid: string } | null } | undefined } } | undefined } }).combats?.get(combatId);
  return combat?.combatants.get(fighterId)?.actor?.uuid;
}
