/**
 * The phase-based token statuses and the plan that keeps a token's statuses
 * equal to what they mirror. Two sources, each the one truth of its own:
 *
 * - the actor's stored wounds (P30): collapsed, unconscious, incapacitated —
 *   drawn by whoever changed the wounds (the GM's card, a sheet);
 * - the tracker's public state (P3, P24): surprised, suppressed — drawn by
 *   the active GM whenever the phase record changes.
 *
 * Defend and Targeting are hidden (the hidden declarations), so
 * they are never a token status. Pure; icons are Foundry core's.
 */
import type { OutState } from "../rules/types.js";
import { OUT_STATES } from "../rules/types.js";

export type PhaseStatus = OutState | "surprised" | "suppressed";
export const WOUND_STATUSES: readonly OutState[] = OUT_STATES;
export const TRACKER_STATUSES: readonly ("surprised" | "suppressed")[] = ["surprised", "suppressed"];

const ICONS: Readonly<Record<PhaseStatus, string>> = Object.freeze({
  collapsed: "icons/svg/falling.svg",
  unconscious: "icons/svg/unconscious.svg",
  incapacitated: "icons/svg/skull.svg",
  surprised: "icons/svg/daze.svg",
  suppressed: "icons/svg/net.svg",
});

export const statusId = (status: PhaseStatus): string => `phase-${status}`;

/** The status an effect id stands for, or undefined when it is not one of the phase ruleset's. */
export function statusOfId(id: unknown): PhaseStatus | undefined {
  if (typeof id !== "string" || !id.startsWith("phase-")) return undefined;
  const status = id.slice(6) as PhaseStatus;
  return Object.hasOwn(ICONS, status) ? status : undefined;
}

/** `CONFIG.statusEffects` entries (names are lang keys Foundry localizes in the HUD). */
export function phaseStatusEffects(): { id: string; name: string; img: string }[] {
  return (Object.keys(ICONS) as PhaseStatus[]).map((s) => ({ id: statusId(s), name: `CYCHOSYS.Phase.Status.${s}`, img: ICONS[s] }));
}

/**
 * What to change so the effects of `kind` (wounds or tracker statuses) are
 * exactly `wanted`: effects to delete (by id; a status carried twice loses
 * its copies) and statuses to add.
 */
export function statusPlan(wanted: readonly PhaseStatus[], effects: readonly { id: string; statuses: Iterable<string> }[], kind: readonly PhaseStatus[]): { remove: string[]; add: PhaseStatus[] } {
  const remove: string[] = [];
  const have = new Set<PhaseStatus>();
  for (const effect of effects) {
    for (const id of effect.statuses) {
      const status = statusOfId(id);
      if (!status || !kind.includes(status)) continue;
      if (!wanted.includes(status) || have.has(status)) remove.push(effect.id);
      else have.add(status);
    }
  }
  return { remove: [...new Set(remove)], add: wanted.filter((s) => kind.includes(s) && !have.has(s)) };
}
