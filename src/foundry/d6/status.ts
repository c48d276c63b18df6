/**
 * OpenD6's token status effects and token bars (D35–D37), and the mirror that
 * keeps each D6 token's status equal to its actor's wound level.
 *
 * One source of truth: the stored `system.wounds`. Whoever changes it (the
 * GM's card, a sheet, the tracker) triggers `syncWoundStatus` on that user's
 * client, which leaves exactly one wound status effect on the actor — the
 * level it shows now (src/rulesets/d6/data/status.ts). Turning a wound
 * status on or off from the token HUD (or deleting the effect) never creates
 * or deletes the effect itself: it is refused and read as setting the wound
 * level, and the sync then draws it. Foundry's own "dead" marker (the
 * tracker's "defeated") stays as it is.
 */
import { D6_ACTOR_TYPES } from "../../rulesets/d6/data/schema.js";
import {
  type D6WoundStatusLevel,
  d6StatusEffects,
  shownWoundLevel,
  storedToWounds,
  woundEffectData,
  woundLevelOfStatus,
  woundsForStatus,
  woundStatusPlan,
} from "../../rulesets/d6/data/status.js";
import { D6_STANDARD_RULES, type D6Rules } from "../../rulesets/d6/rules/options.js";
import type { WoundLevel } from "../../rulesets/d6/rules/types.js";
import { format } from "../i18n.js";
import { actorOfTypes, fromSync as markedBySync, installStatusEffects, touchesSystem } from "../status-sync.js";
import { KeyedQueue } from "../../core/queue.js";

/** The operation option that marks the sync's own effect writes (the HUD guard lets them through). */
export const WOUND_SYNC_OPTION = "d6WoundSync";

/** What the sync reads and writes of an ActiveEffect and an actor (Foundry's documents have these). */
export interface WoundEffectDoc {
  id: string;
  statuses?: Iterable<string>;
  parent?: unknown;
}
export interface WoundActorDoc {
  uuid: string;
  documentName: string;
  type: string;
  name?: string;
  isOwner: boolean;
  system: { wounds?: { level?: unknown; untilRound?: unknown } };
  effects: Iterable<WoundEffectDoc>;
  update(data: Record<string, unknown>, options?: Record<string, unknown>): Promise<unknown>;
  createEmbeddedDocuments(name: "ActiveEffect", data: object[], options?: Record<string, unknown>): Promise<unknown>;
  deleteEmbeddedDocuments(name: "ActiveEffect", ids: string[], options?: Record<string, unknown>): Promise<unknown>;
}
interface CombatDoc {
  started: boolean;
  round: number;
  combatants: Iterable<{ actor?: unknown }>;
}

interface World {
  user?: { id?: string; isActiveGM?: boolean };
  combats?: Iterable<CombatDoc>;
}
const world = () => (globalThis as { game?: World }).game ?? {};

let rules: Readonly<D6Rules> = D6_STANDARD_RULES;

/** A D6 actor (character or creature, world or token actor). */
export const isD6Actor = actorOfTypes<WoundActorDoc>(D6_ACTOR_TYPES);

/** The round of the started combat this actor fights in (by uuid), or null when it is in none. */
export function combatRoundOf(actor: { uuid: string }): number | null {
  for (const combat of world().combats ?? []) {
    if (!combat.started) continue;
    for (const combatant of combat.combatants) if ((combatant.actor as { uuid?: string } | undefined)?.uuid === actor.uuid) return combat.round;
  }
  return null;
}

/** The level the actor's token shows now (D37: an expired Stunned shows as unhurt in its combat). */
export function shownLevelOf(actor: WoundActorDoc): WoundLevel {
  return shownWoundLevel(storedToWounds(actor.system.wounds), combatRoundOf(actor));
}

const firstWoundLevel = (statuses: Iterable<string> | undefined): D6WoundStatusLevel | undefined => {
  for (const status of statuses ?? []) {
    const level = woundLevelOfStatus(status);
    if (level) return level;
  }
  return undefined;
};

/** One sync at a time per actor. */
const syncs = new KeyedQueue();
const serially = <T>(key: string, task: () => Promise<T>): Promise<T> => syncs.run(key, task);

/**
 * Make the actor's effects carry exactly the wound status of the level it
 * shows: remove the others, add it when missing. Returns whether it changed
 * anything. Call it on the client that changed the wounds (it writes).
 */
export function syncWoundStatus(actor: WoundActorDoc): Promise<boolean> {
  return serially(actor.uuid, async () => {
    if (!isD6Actor(actor) || !actor.isOwner) return false;
    const plan = woundStatusPlan(
      shownLevelOf(actor),
      [...actor.effects].map((e) => ({ id: e.id, statuses: e.statuses ?? [] })),
    );
    if (plan.remove.length > 0) await actor.deleteEmbeddedDocuments("ActiveEffect", plan.remove, { [WOUND_SYNC_OPTION]: true });
    if (plan.add) await actor.createEmbeddedDocuments("ActiveEffect", [woundEffectData(plan.add, format, rules)], { [WOUND_SYNC_OPTION]: true });
    return plan.remove.length > 0 || plan.add !== null;
  });
}

/** A wound status turned on or off from the HUD: set the stored level (D36 is not applied: the GM's hand), then draw it. */
export async function setWoundFromStatus(actor: WoundActorDoc, level: D6WoundStatusLevel, active: boolean): Promise<void> {
  if (!actor.isOwner) {
    (globalThis as { ui?: { notifications?: { warn(text: string): void } } }).ui?.notifications?.warn(format("CYCHOSYS.D6.Status.notOwner", { actor: actor.name ?? "?" }));
    return;
  }
  const wounds = woundsForStatus(level, active, shownLevelOf(actor), combatRoundOf(actor), rules);
  if (wounds) await actor.update({ "system.wounds.level": wounds.level, "system.wounds.untilRound": wounds.untilRound });
  await syncWoundStatus(actor);
}

const fromSync = (options: unknown) => markedBySync(options, WOUND_SYNC_OPTION);
const report = (error: unknown) => console.error("Cychosys | OpenD6 wound status", error);

/** `preCreateActiveEffect`: a wound status not made by the sync is refused and sets the level instead. */
export function onPreCreateEffect(effect: WoundEffectDoc, data: { statuses?: Iterable<string> } | undefined, options: unknown): boolean | void {
  if (fromSync(options) || !isD6Actor(effect.parent)) return;
  const level = firstWoundLevel(effect.statuses ?? data?.statuses);
  if (!level) return;
  void setWoundFromStatus(effect.parent, level, true).catch(report);
  return false;
}

/** `preDeleteActiveEffect`: removing the shown level's status clears the wound; a stale one is let go. */
export function onPreDeleteEffect(effect: WoundEffectDoc, options: unknown): boolean | void {
  if (fromSync(options) || !isD6Actor(effect.parent)) return;
  const level = firstWoundLevel(effect.statuses);
  if (!level || shownLevelOf(effect.parent) !== level) return;
  void setWoundFromStatus(effect.parent, level, false).catch(report);
  return false;
}

const touchesWounds = (changes: unknown): boolean => touchesSystem(changes, ["wounds"]);

/** `updateActor`: the user who changed the wounds draws them. */
export function onUpdateActor(actor: unknown, changes: unknown, _options: unknown, userId: string): void {
  if (userId !== world().user?.id || !isD6Actor(actor) || !touchesWounds(changes)) return;
  void syncWoundStatus(actor).catch(report);
}

/** `createActor`: an actor made hurt (an import, a copy) shows it. */
export function onCreateActor(actor: unknown, _options: unknown, userId: string): void {
  if (userId !== world().user?.id || !isD6Actor(actor)) return;
  if (storedToWounds(actor.system.wounds).level !== "none") void syncWoundStatus(actor).catch(report);
}

/** `updateCombat` / `deleteCombat`: a new round (or the end of the fight) may clear a Stunned (D37); the active GM redraws. */
export function onCombatChange(combat: CombatDoc, changes?: unknown): void {
  if (!world().user?.isActiveGM) return;
  if (changes !== undefined && !("round" in (changes as object))) return;
  for (const combatant of combat.combatants) if (isD6Actor(combatant.actor)) void syncWoundStatus(combatant.actor).catch(report);
}

let hooked = false;

/**
 * In a D6 world (the adapter's `register`): `CONFIG.statusEffects` = the wound
 * levels then Foundry's "dead" marker; the HUD guard and the sync hooks (the
 * token bars are every type's own, set on `init`: src/foundry/token-bars.ts). Descriptions are put in words again at `setup`, when the
 * translations are there. `worldRules` are the world's D6 rules when a
 * setting changes the wound table.
 */
export function registerD6StatusEffects(worldRules: Readonly<D6Rules> = D6_STANDARD_RULES): void {
  rules = worldRules;
  installStatusEffects(() => d6StatusEffects(format, rules));
  if (hooked) return;
  hooked = true;
  Hooks.on("preCreateActiveEffect", ((effect: WoundEffectDoc, data: { statuses?: string[] }, options: unknown) => onPreCreateEffect(effect, data, options)) as never);
  Hooks.on("preDeleteActiveEffect", ((effect: WoundEffectDoc, options: unknown) => onPreDeleteEffect(effect, options)) as never);
  Hooks.on("updateActor", onUpdateActor as never);
  Hooks.on("createActor", onCreateActor as never);
  Hooks.on("updateCombat", ((combat: CombatDoc, changes: unknown) => onCombatChange(combat, changes)) as never);
  Hooks.on("deleteCombat", ((combat: CombatDoc) => onCombatChange(combat)) as never);
}
