/**
 * Cities Without Number's token status effects (src/rulesets/cwn/data/
 * status.ts) and the mirror that keeps each CWN token's statuses equal to
 * what the rules say: its downed state (W19, `system.downed`) and, in a
 * fight, prone, holding, surprised, Total Defense, charging, screening and
 * broken, read from the fight on the combat. The active GM's client writes
 * the mirror (it may write every actor), so a state that lapses on its own
 * (a Total Defense at its owner's next turn, W27) leaves the token at once.
 * From the token HUD a downed status sets `system.downed`; the fight's own
 * statuses are refused with the reason (the tracker and the cards set them).
 */
import { CWN_ACTOR_TYPES } from "../../rulesets/cwn/data/schema.js";
import { cwnStatusEffects, cwnStatusId, DOWNED_STATUS_KINDS, downedOfStatus, FIGHT_STATUS_KINDS, statusKindOf, statusPlan, wantedStatuses } from "../../rulesets/cwn/data/status.js";
import { fightOf } from "../../rulesets/cwn/ruleset.js";
import { type CwnCombatState, type CwnSideState, sidesByFighter } from "../../rulesets/cwn/rules/combat.js";
import { DOWNED_STATES, type DownedState, isMember } from "../../rulesets/cwn/rules/types.js";
import { format } from "../i18n.js";
import { KeyedQueue } from "../../core/queue.js";
import { actorOfTypes, fromSync as markedBySync, installStatusEffects, type StatusSyncActor, type StatusSyncEffect, touchesSystem } from "../status-sync.js";

/** The flag that marks an effect as the mirror's, and the option of its own writes. */
export const STATUS_FLAG = "cwnStatus";
export const STATUS_SYNC_OPTION = "cwnStatusSync";

export interface StatusEffectDoc extends StatusSyncEffect {
  flags?: Record<string, unknown>;
}
export interface StatusActorDoc extends StatusSyncActor<StatusEffectDoc> {
  system: { downed?: unknown };
  update(data: Record<string, unknown>, options?: Record<string, unknown>): Promise<unknown>;
}
interface CombatDoc {
  flags?: Record<string, unknown>;
  combatants: Iterable<{ id: string; actor?: unknown }>;
}
interface World {
  user?: { id?: string; isActiveGM?: boolean };
  combats?: Iterable<CombatDoc>;
}
const world = () => (globalThis as { game?: World }).game ?? {};
const report = (error: unknown) => console.error("Cychosys | CWN token statuses", error);

export const isCwnActor = actorOfTypes<StatusActorDoc>(CWN_ACTOR_TYPES);

/** The fight an actor fights in and its fighter id there, if any. */
export function fightOfActor(actor: { uuid: string }): { fight: CwnCombatState; fighterId: string } | null {
  for (const combat of world().combats ?? []) {
    const fight = fightOf(combat as never);
    if (!fight) continue;
    for (const c of combat.combatants) if ((c.actor as { uuid?: string } | undefined)?.uuid === actor.uuid && Object.hasOwn(fight.fighters, c.id)) return { fight, fighterId: c.id };
  }
  return null;
}

const downedOf = (actor: StatusActorDoc): DownedState => (isMember(DOWNED_STATES, actor.system.downed) ? actor.system.downed : "none");

/** One sync at a time per actor: a second waits for the first and then reads the effects as they are. */
const syncs = new KeyedQueue();
const serially = <T>(key: string, task: () => Promise<T>): Promise<T> => syncs.run(key, task);

/** Make the actor's managed effects show exactly what the rules say; `where` overrides the fight looked up (null: none). */
export function syncCwnStatuses(actor: StatusActorDoc, where?: { fight: CwnCombatState; fighterId: string; sides?: ReadonlyMap<string, CwnSideState> } | null): Promise<boolean> {
  return serially(actor.uuid, async () => {
    if (!isCwnActor(actor)) return false;
    const at: { fight: CwnCombatState; fighterId: string; sides?: ReadonlyMap<string, CwnSideState> } | null = where === undefined ? fightOfActor(actor) : where;
    const wanted = wantedStatuses(downedOf(actor), at?.fight ?? null, at?.fighterId ?? null, at?.sides);
    const effects = [...actor.effects].map((e) => ({ id: e.id, statuses: [...(e.statuses ?? [])], managed: (e.flags?.cychosys as Record<string, unknown> | undefined)?.[STATUS_FLAG] === true }));
    const plan = statusPlan(wanted, effects);
    if (plan.remove.length) await actor.deleteEmbeddedDocuments("ActiveEffect", plan.remove, { [STATUS_SYNC_OPTION]: true });
    if (plan.add.length) {
      const definitions = new Map(CONFIG.statusEffects.map((s) => [s.id, s as { id: string; name?: string; img?: string }]));
      const data = plan.add.map((id) => ({ name: format(definitions.get(id)?.name ?? id), img: definitions.get(id)?.img, statuses: [id], flags: { cychosys: { [STATUS_FLAG]: true } } }));
      await actor.createEmbeddedDocuments("ActiveEffect", data, { [STATUS_SYNC_OPTION]: true });
    }
    return plan.remove.length > 0 || plan.add.length > 0;
  });
}

/** The active GM mirrors every combatant of a combat whose fight changed (`fight` null: it ended). */
export function syncCombat(combat: CombatDoc, ended = false): void {
  if (!world().user?.isActiveGM) return;
  const fight = ended ? null : fightOf(combat as never);
  const sides = fight ? sidesByFighter(fight) : undefined;
  for (const c of combat.combatants) {
    if (!isCwnActor(c.actor)) continue;
    const where = fight && Object.hasOwn(fight.fighters, c.id) ? { fight, fighterId: c.id, sides } : ended ? null : undefined;
    void syncCwnStatuses(c.actor, where).catch(report);
  }
}

const fromSync = (options: unknown) => markedBySync(options, STATUS_SYNC_OPTION);
const firstKind = (statuses: Iterable<string> | undefined) => {
  for (const s of statuses ?? []) {
    const kind = statusKindOf(s);
    if (kind) return kind;
  }
  return undefined;
};
const warn = (text: string) => ui.notifications?.warn(text);

/** A CWN status toggled from the HUD: a downed one sets `system.downed`; the fight's own are refused; prone in a fight is the tracker's. */
export function onPreCreateEffect(effect: StatusEffectDoc, data: { statuses?: Iterable<string> } | undefined, options: unknown): boolean | void {
  if (fromSync(options) || !isCwnActor(effect.parent)) return;
  const kind = firstKind(effect.statuses ?? data?.statuses);
  if (!kind) return;
  return guard(effect.parent, kind, true);
}

export function onPreDeleteEffect(effect: StatusEffectDoc, options: unknown): boolean | void {
  if (fromSync(options) || !isCwnActor(effect.parent)) return;
  const kind = firstKind(effect.statuses);
  if (!kind || (effect.flags?.cychosys as Record<string, unknown> | undefined)?.[STATUS_FLAG] !== true) return;
  return guard(effect.parent, kind, false);
}

function guard(actor: StatusActorDoc, kind: ReturnType<typeof statusKindOf> & string, on: boolean): false | void {
  const name = format(`CYCHOSYS.Cwn.Status.${kind}`);
  if (FIGHT_STATUS_KINDS.includes(kind)) {
    warn(format("CYCHOSYS.Cwn.Status.fromFight", { status: name }));
    return false;
  }
  if (kind === "prone") {
    if (!fightOfActor(actor)) return;
    warn(format("CYCHOSYS.Cwn.Status.proneInFight"));
    return false;
  }
  if ((DOWNED_STATUS_KINDS as readonly string[]).includes(kind)) {
    if (!actor.isOwner) warn(format("CYCHOSYS.Cwn.Status.notOwner", { actor: actor.name ?? "?" }));
    else void actor.update({ "system.downed": on ? downedOfStatus(kind)! : "none" }).catch(report);
    return false;
  }
}

/** `updateActor`: a change of `system.downed` is mirrored by the active GM. */
export function onUpdateActor(actor: unknown, changes: unknown): void {
  if (!world().user?.isActiveGM || !isCwnActor(actor)) return;
  if (!touchesSystem(changes, ["downed"])) return;
  void syncCwnStatuses(actor).catch(report);
}

let hooked = false;

/** In a CWN world: the CWN statuses then Foundry's "dead"; the HUD guard and the mirror's hooks. */
export function registerCwnStatusEffects(): void {
  installStatusEffects(() => cwnStatusEffects(format));
  if (hooked) return;
  hooked = true;
  Hooks.on("preCreateActiveEffect", ((effect: StatusEffectDoc, data: { statuses?: string[] }, options: unknown) => onPreCreateEffect(effect, data, options)) as never);
  Hooks.on("preDeleteActiveEffect", ((effect: StatusEffectDoc, options: unknown) => onPreDeleteEffect(effect, options)) as never);
  Hooks.on("updateActor", ((actor: unknown, changes: unknown) => onUpdateActor(actor, changes)) as never);
  Hooks.on("updateCombat", ((combat: CombatDoc, changes: { flags?: unknown }) => changes?.flags !== undefined && syncCombat(combat)) as never);
  Hooks.on("deleteCombat", ((combat: CombatDoc) => syncCombat(combat, true)) as never);
}

export { cwnStatusId };
