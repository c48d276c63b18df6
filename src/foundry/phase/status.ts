/**
 * The phase-based token statuses (src/rulesets/phase/data/status.ts), kept
 * equal to what they mirror:
 *
 * - P30: collapsed, unconscious, incapacitated follow the actor's stored
 *   flesh, stun and traumatic wounds — drawn by the user who changed them
 *   (the GM applying a phase card, a sheet edit, an undo);
 * - P3, P24: surprised and suppressed follow the tracker's public state —
 *   drawn by the active GM whenever the phase record changes.
 *
 * Turning one of them on or off by hand (the token HUD) is refused with a
 * note: the sheet and the tracker say what is so. Foundry's own "dead"
 * marker (the tracker's "defeated") stays the GM's.
 */
import { type PhaseStatus, phaseStatusEffects, statusId, statusOfId, statusPlan, TRACKER_STATUSES, WOUND_STATUSES } from "../../rulesets/phase/data/status.js";
import { PHASE_ACTOR_TYPES } from "../../rulesets/phase/data/schema.js";
import type { PhaseDerived } from "../../rulesets/phase/data/derived.js";
import type { PhaseLedger } from "../../rulesets/phase/combat/ledger.js";
import { format, localize } from "../i18n.js";
import { actorOfTypes, fromSync as markedBySync, installStatusEffects, type StatusSyncActor, type StatusSyncEffect, touchesSystem } from "../status-sync.js";
import { KeyedQueue } from "../../core/queue.js";

/** The operation option marking the sync's own writes (the HUD guard lets them through). */
export const STATUS_SYNC_OPTION = "phaseStatusSync";

export type StatusEffectDoc = StatusSyncEffect;
export interface StatusActorDoc extends StatusSyncActor<StatusEffectDoc> {
  system: { derived?: PhaseDerived };
}

export const isPhaseActor = actorOfTypes<StatusActorDoc>(PHASE_ACTOR_TYPES);

/** One sync at a time per actor. */
const syncs = new KeyedQueue();
const serially = <T>(key: string, task: () => Promise<T>): Promise<T> => syncs.run(key, task);

const effectData = (status: PhaseStatus) => ({ name: localize(`CYCHOSYS.Phase.Status.${status}`), img: phaseStatusEffects().find((s) => s.id === statusId(status))!.img, statuses: [statusId(status)] });

/** Make the actor's effects of `kind` exactly `wanted`; true when it changed anything. */
export function syncStatuses(actor: StatusActorDoc, wanted: readonly PhaseStatus[], kind: readonly PhaseStatus[]): Promise<boolean> {
  return serially(actor.uuid, async () => {
    if (!isPhaseActor(actor) || !actor.isOwner) return false;
    const plan = statusPlan(wanted, [...actor.effects].map((e) => ({ id: e.id, statuses: e.statuses ?? [] })), kind);
    if (plan.remove.length) await actor.deleteEmbeddedDocuments("ActiveEffect", plan.remove, { [STATUS_SYNC_OPTION]: true });
    if (plan.add.length) await actor.createEmbeddedDocuments("ActiveEffect", plan.add.map(effectData), { [STATUS_SYNC_OPTION]: true });
    return plan.remove.length > 0 || plan.add.length > 0;
  });
}

/** P30: the out-of-action statuses the actor's wounds call for now. */
export const syncWoundStatuses = (actor: StatusActorDoc) => syncStatuses(actor, actor.system.derived?.wounds.states ?? [], WOUND_STATUSES);

/** P3/P24 (GM): every combatant's surprised and suppressed marks, from the ledger. */
export async function syncTrackerStatuses(combat: { combatants: { contents: { id: string; actor: unknown }[] } }, ledger: PhaseLedger): Promise<void> {
  const actors = new Map(combat.combatants.contents.map((x) => [x.id, x.actor]));
  for (const c of ledger.state.combatants) {
    const actor = actors.get(c.id);
    if (!isPhaseActor(actor)) continue;
    const wanted: PhaseStatus[] = [];
    if (c.awareness.state === "surprised") wanted.push("surprised");
    if (c.suppressed) wanted.push("suppressed");
    await syncStatuses(actor, wanted, TRACKER_STATUSES);
  }
}

const fromSync = (options: unknown) => markedBySync(options, STATUS_SYNC_OPTION);
const report = (error: unknown) => console.error("Cychosys | phase statuses", error);
const firstStatus = (statuses: Iterable<string> | undefined) => [...(statuses ?? [])].map(statusOfId).find((s) => s !== undefined);

/** `preCreateActiveEffect` / `preDeleteActiveEffect`: a phase status by hand is refused, with why. */
export function onHandEdit(effect: StatusEffectDoc, data: { statuses?: Iterable<string> } | undefined, options: unknown): boolean | void {
  if (fromSync(options) || !isPhaseActor(effect.parent)) return;
  const status = firstStatus(effect.statuses ?? data?.statuses);
  if (!status) return;
  ui.notifications?.info(format(`CYCHOSYS.Phase.Status.byHand`, { status: localize(`CYCHOSYS.Phase.Status.${status}`) }));
  return false;
}

const WOUND_KEYS = ["flesh", "stun", "fleshMax", "traumaticWounds", "traumaLimit"];
const touchesWounds = (changes: unknown): boolean => touchesSystem(changes, WOUND_KEYS);

/** `updateActor`: the user who changed the wounds draws them. */
export function onUpdateActor(actor: unknown, changes: unknown, _options: unknown, userId: string): void {
  if (userId !== (game as { user?: { id?: string } }).user?.id || !isPhaseActor(actor) || !touchesWounds(changes)) return;
  void syncWoundStatuses(actor).catch(report);
}

let hooked = false;

/** In a phase-based world: the statuses (then Foundry's "dead"), the guard and the sync hooks (token bars: src/foundry/token-bars.ts, on `init`). */
export function registerPhaseStatusEffects(): void {
  installStatusEffects(phaseStatusEffects);
  if (hooked) return;
  hooked = true;
  Hooks.on("preCreateActiveEffect", ((effect: StatusEffectDoc, data: { statuses?: string[] }, options: unknown) => onHandEdit(effect, data, options)) as never);
  Hooks.on("preDeleteActiveEffect", ((effect: StatusEffectDoc, options: unknown) => onHandEdit(effect, undefined, options)) as never);
  Hooks.on("updateActor", onUpdateActor as never);
}
