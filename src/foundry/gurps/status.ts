/**
 * GURPS's token status effects and the mirror that keeps them equal to what
 * is stored (src/rulesets/gurps/data/status.ts decides which): the actor's
 * HP (reeling G80, at 0 HP G81, dead at −5 × HP) and, in a started fight,
 * his round on the combat (shock G77, stun G19/G79, a major wound G78,
 * unconscious and dying G81, posture G14–G16, grappled and pinned G46/G50,
 * suffocating G47). They are marks, never set by hand: a GURPS status turned
 * on or off from the token HUD is refused with a word (the round is the
 * GM's, the HP the sheet's). Whoever changed the actor redraws it; the
 * active GM redraws the fighters when the combat's rounds change.
 */
import { KeyedQueue } from "../../core/queue.js";
import { GURPS_ACTOR_TYPES } from "../../rulesets/gurps/data/schema.js";
import { conditionEffectData, conditionOfStatus, gurpsConditions, gurpsStatusEffects, gurpsStatusPlan } from "../../rulesets/gurps/data/status.js";
import type { GurpsDerived } from "../../rulesets/gurps/data/derived.js";
import { readGurpsRound, roundsChanged } from "../../rulesets/gurps/combat/round-state.js";
import type { GurpsFighterRound } from "../../rulesets/gurps/rules/index.js";
import { format } from "../i18n.js";
import { actorOfTypes, fromSync as markedBySync, installStatusEffects, type StatusSyncActor, type StatusSyncEffect } from "../status-sync.js";
import { gurpsRules } from "./rules-source.js";

/** The operation option that marks the mirror's own writes (the HUD guard lets them through). */
export const GURPS_STATUS_SYNC = "gurpsStatusSync";

export interface StatusEffectDoc extends StatusSyncEffect {
  name: string;
}
export interface StatusActorDoc extends StatusSyncActor<StatusEffectDoc> {
  system: { derived?: GurpsDerived };
  updateEmbeddedDocuments(name: "ActiveEffect", data: object[], options?: Record<string, unknown>): Promise<unknown>;
}
interface CombatDoc {
  started: boolean;
  flags?: Record<string, unknown>;
  combatants: Iterable<{ id: string; actor?: unknown }>;
}
interface World {
  user?: { id?: string; isActiveGM?: boolean };
  combats?: Iterable<CombatDoc>;
}
const world = () => (globalThis as { game?: World }).game ?? {};

export const isGurpsActor = actorOfTypes<StatusActorDoc>(GURPS_ACTOR_TYPES);

/** His round in the started combat he fights in (read-only), else null. */
export function gurpsRoundOf(actor: { uuid: string }): GurpsFighterRound | null {
  for (const combat of world().combats ?? []) {
    if (!combat.started) continue;
    for (const combatant of combat.combatants) {
      if ((combatant.actor as { uuid?: string } | undefined)?.uuid === actor.uuid) return readGurpsRound({ combat: combat as never, combatant: combatant as never });
    }
  }
  return null;
}

/** Every fighter of the world's started combats, by actor UUID, each with a reader of his round: one pass, so a redraw of N fighters is not N searches. */
function fightersNow(): Map<string, () => GurpsFighterRound> {
  const out = new Map<string, () => GurpsFighterRound>();
  for (const combat of world().combats ?? []) {
    if (!combat.started) continue;
    for (const combatant of combat.combatants) {
      const uuid = (combatant.actor as { uuid?: string } | undefined)?.uuid;
      if (uuid && !out.has(uuid)) out.set(uuid, () => readGurpsRound({ combat: combat as never, combatant: combatant as never }));
    }
  }
  return out;
}

/** One sync at a time per actor: a second waits for the first and then reads the effects as they are. */
const syncs = new KeyedQueue();

/**
 * Make the actor's status effects the conditions in force; whether anything
 * changed. Call it on a client that may write the actor. `round` reads his
 * round in the started fight (found when not given).
 */
export function syncGurpsStatus(actor: StatusActorDoc, round?: () => GurpsFighterRound | null): Promise<boolean> {
  return syncs.run(actor.uuid, async () => {
    const derived = actor.system.derived;
    if (!isGurpsActor(actor) || !actor.isOwner || !derived) return false;
    const wanted = gurpsConditions({ hp: derived.hp, reeling: derived.reeling, round: round ? round() : gurpsRoundOf(actor) }, gurpsRules());
    const plan = gurpsStatusPlan(wanted, [...actor.effects].map((e) => ({ id: e.id, name: e.name, statuses: e.statuses ?? [] })), format);
    const options = { [GURPS_STATUS_SYNC]: true };
    if (plan.remove.length) await actor.deleteEmbeddedDocuments("ActiveEffect", plan.remove, options);
    if (plan.rename.length) await actor.updateEmbeddedDocuments("ActiveEffect", plan.rename.map((r) => ({ _id: r.id, name: r.name })), options);
    if (plan.add.length) await actor.createEmbeddedDocuments("ActiveEffect", plan.add.map((c) => conditionEffectData(c, format)), options);
    return plan.remove.length + plan.rename.length + plan.add.length > 0;
  });
}

const fromSync = (options: unknown) => markedBySync(options, GURPS_STATUS_SYNC);
const report = (error: unknown) => console.error("Cychosys | GURPS status", error);
const ours = (statuses: Iterable<string> | undefined) => [...(statuses ?? [])].map(conditionOfStatus).find((c) => c !== undefined);

/** The conditions in force on the actor now. */
function inForce(actor: StatusActorDoc) {
  const derived = actor.system.derived;
  return derived ? gurpsConditions({ hp: derived.hp, reeling: derived.reeling, round: gurpsRoundOf(actor) }, gurpsRules()).map((c) => c.id) : [];
}

/**
 * `preCreateActiveEffect` / `preDeleteActiveEffect`: a GURPS condition is
 * drawn by the mirror only; by hand it is refused with why — except taking
 * off a mark no longer in force (a stale one), which is let go.
 */
export function onPreEffectChange(effect: StatusEffectDoc, data: { statuses?: Iterable<string> } | undefined, options: unknown, deleting = false): boolean | void {
  if (fromSync(options) || !isGurpsActor(effect.parent)) return;
  const condition = ours(effect.statuses ?? data?.statuses);
  if (!condition) return;
  if (deleting && !inForce(effect.parent).includes(condition)) return;
  (globalThis as { ui?: { notifications?: { info(text: string): void } } }).ui?.notifications?.info(format("CYCHOSYS.Gurps.Status.byHand", { name: format(`CYCHOSYS.Gurps.Status.${condition}`) }));
  return false;
}

/** `updateActor`: the user who changed it redraws (HP, or an effect that changed HP max). */
export function onUpdateActor(actor: unknown, _changes: unknown, _options: unknown, userId: string): void {
  if (userId !== world().user?.id || !isGurpsActor(actor)) return;
  void syncGurpsStatus(actor).catch(report);
}

/**
 * `updateCombat` / `deleteCombat`: the active GM redraws the fighters whose
 * round changed (`changed`, Foundry's diff; every fighter when the fight
 * starts, ends or is deleted), each from one read of the world's fights.
 */
export function onCombatChange(combat: CombatDoc, changed?: unknown): void {
  if (!world().user?.isActiveGM) return;
  const which = roundsChanged(changed);
  if (which !== "all" && which.size === 0) return;
  const fighters = fightersNow();
  for (const combatant of combat.combatants) {
    if (which !== "all" && !which.has(combatant.id)) continue;
    const actor = combatant.actor;
    if (!isGurpsActor(actor)) continue;
    const round = fighters.get(actor.uuid);
    void syncGurpsStatus(actor, () => (round ? round() : null)).catch(report);
  }
}

let hooked = false;

/**
 * In a GURPS world: `CONFIG.statusEffects` = the GURPS conditions then
 * Foundry's "dead" marker (the tracker's "defeated"); the guard and the
 * mirror's hooks (the token bars are set on `init`, src/foundry/token-bars.ts).
 */
export function registerGurpsStatusEffects(): void {
  installStatusEffects(() => gurpsStatusEffects(format));
  if (hooked) return;
  hooked = true;
  Hooks.on("preCreateActiveEffect", ((effect: StatusEffectDoc, data: { statuses?: string[] }, options: unknown) => onPreEffectChange(effect, data, options)) as never);
  Hooks.on("preDeleteActiveEffect", ((effect: StatusEffectDoc, options: unknown) => onPreEffectChange(effect, undefined, options, true)) as never);
  Hooks.on("updateActor", onUpdateActor as never);
  Hooks.on("updateCombat", ((combat: CombatDoc, changed: unknown) => onCombatChange(combat, changed)) as never);
  // Once deleted the combat is no longer among the world's: its fighters' round marks go.
  Hooks.on("deleteCombat", ((combat: CombatDoc) => onCombatChange(combat)) as never);
}
