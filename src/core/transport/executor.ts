/**
 * Carries out the state machine's `FlowCommand`s on Foundry documents, as the
 * active GM, in two halves:
 *
 * 1. `planWrites` checks everything and changes nothing: every document is
 *    found, every actor is a participant of the flow, a parry object is an
 *    item of the defender who parried with it, every condition letter is a
 *    wounding effect, every round budget can pay. A refusal here leaves the
 *    world as it was.
 * 2. `executeWrites` makes the planned `DocumentWrite`s, each idempotent
 *    (src/workflow/writes.ts): the caller records them on the card first, so
 *    after a failure halfway the same list runs again and nothing lands twice.
 *
 * Pools and hits change by deltas clamped to their range, inside the GM's one
 * queue, so two injuries to one actor both land.
 */
import { earnExperience, effectDefinition, FACETS, type Pools } from "../../rulesets/cychosys/rules/index.js";
import { conditionEffectData } from "../../foundry/cychosys/status-effects.js";
import { FlowError } from "../../rulesets/cychosys/workflow/errors.js";
import type { FlowCommand } from "../../rulesets/cychosys/workflow/attack-flow.js";
import { attackRoundStep, grantParryBonus, type RoundState, useAction } from "../../rulesets/cychosys/workflow/round.js";
import { type DocumentWrite, MAX_MARKS, type RoundOperation, writeMark } from "../writes.js";
import { readRoundState, roundStateUpdate } from "../../rulesets/cychosys/combat/round-state.js";
import type { ActorLike, CombatLike, ItemLike, MessageLike, WorkflowEnv } from "./ports.js";

const isActor = (doc: ActorLike | ItemLike | null | undefined): doc is ActorLike => !!doc && "testUserPermission" in doc;
const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === "object" && !Array.isArray(value);

/** What a step's writes may touch. */
export interface WriteScope {
  /** The actors taking part in the flow (attacker and targets): the only actors a write may change. */
  participants: ReadonlySet<string>;
  /** Parry objects by item UUID, each with the actor who parried with it (R25: only the defender's own gear). */
  objects: ReadonlyMap<string, string>;
}

/** R15/R25: a round operation on a state (throws `noActionsLeft` when the budget cannot pay). */
export function applyRoundOperation(state: RoundState, operation: RoundOperation): RoundState {
  switch (operation.kind) {
    case "attack":
      return attackRoundStep(state, operation.targetUuids).state;
    case "spendAction":
      return useAction(state).state;
    case "grantParryBonus":
      return grantParryBonus(state, { againstUuid: operation.againstUuid, bonus: operation.bonus });
  }
}

/** Is this UUID an embedded item of that actor? (`Actor.x.Item.y` of `Actor.x`, token actors alike.) */
export function isItemOf(itemUuid: string, actorUuid: string): boolean {
  return itemUuid.startsWith(`${actorUuid}.Item.`) && !itemUuid.slice(actorUuid.length + 6).includes(".");
}

/** Check every command and turn it into the writes to make; throws (changing nothing) when one cannot be done. */
export async function planWrites(commands: readonly FlowCommand[], env: WorkflowEnv, scope: WriteScope): Promise<DocumentWrite[]> {
  const actorAt = async (uuid: string): Promise<ActorLike> => {
    if (!scope.participants.has(uuid)) throw new FlowError("notParticipant");
    const doc = await env.resolve(uuid);
    if (!isActor(doc)) throw new FlowError("noSuchItem", { id: uuid });
    return doc;
  };
  // Round budgets are simulated in order, so a refusal (no action left) comes before any write.
  const rounds = new Map<string, RoundState>();
  const writes: DocumentWrite[] = [];

  for (const command of commands) {
    switch (command.kind) {
      case "addToPools": {
        const actor = await actorAt(command.actorUuid);
        if (!actor.system.pools) throw new FlowError("noSuchItem", { id: command.actorUuid });
        writes.push({ kind: "pools", actorUuid: command.actorUuid, delta: structuredClone(command.delta) });
        break;
      }
      case "addConditions": {
        await actorAt(command.actorUuid);
        for (const c of command.conditions) {
          const effect = effectDefinition(c.letter, env.rules.effects);
          if (!effect || effect.kind !== "wounding") throw new FlowError("noSuchItem", { id: c.letter });
        }
        writes.push({ kind: "createConditions", actorUuid: command.actorUuid, conditions: structuredClone(command.conditions) });
        break;
      }
      case "removeConditions":
        await actorAt(command.actorUuid);
        writes.push({ kind: "deleteConditions", actorUuid: command.actorUuid, ids: [...command.ids] });
        break;
      case "addToObjectHits": {
        const owner = scope.objects.get(command.itemUuid);
        if (!owner || !scope.participants.has(owner)) throw new FlowError("notParticipant");
        const doc = await env.resolve(command.itemUuid);
        const owned = isActor(doc) ? command.itemUuid === owner : !!doc && isItemOf(command.itemUuid, owner);
        if (!owned) throw new FlowError("noSuchItem", { id: command.itemUuid });
        writes.push({ kind: "objectHits", uuid: command.itemUuid, delta: command.delta });
        break;
      }
      case "spendAction":
      case "grantParryBonus": {
        if (!scope.participants.has(command.actorUuid)) throw new FlowError("notParticipant");
        const ref = env.combatantOf(command.actorUuid);
        if (!ref) break; // Outside a combat there is no round budget to keep (R15, R25).
        const operation: RoundOperation =
          command.kind === "spendAction"
            ? { kind: "spendAction", attackId: command.attackId }
            : { kind: "grantParryBonus", againstUuid: command.againstUuid, bonus: command.bonus };
        const key = `${ref.combat.id}.${ref.combatant.id}`;
        const state = rounds.get(key) ?? readRoundState(ref.combat, ref.combatant, env.rules.options);
        rounds.set(key, applyRoundOperation(state, operation));
        writes.push({ kind: "round", combatId: ref.combat.id, combatantId: ref.combatant.id, actorUuid: command.actorUuid, operation });
        break;
      }
    }
  }
  return writes;
}

// ---------------------------------------------------------------------------

const marksOf = (flags: unknown): Record<string, number> => {
  const intents = isRecord(flags) && isRecord(flags.cychosys) ? flags.cychosys.intents : undefined;
  const out: Record<string, number> = {};
  if (isRecord(intents)) for (const [key, value] of Object.entries(intents)) if (typeof value === "number") out[key] = value;
  return out;
};

/** The update entries that leave `mark` on a document, dropping its oldest markers beyond MAX_MARKS. */
export function markUpdate(flags: unknown, mark: string, now: number): Record<string, unknown> {
  const marks = marksOf(flags);
  const update: Record<string, unknown> = { [`flags.cychosys.intents.${mark}`]: now };
  const kept = Object.entries(marks).sort((a, b) => a[1] - b[1]);
  for (const [key] of kept.slice(0, Math.max(0, kept.length + 1 - MAX_MARKS))) update[`flags.cychosys.intents.-=${key}`] = null;
  return update;
}

const hasMark = (flags: unknown, mark: string): boolean => mark in marksOf(flags);
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The pools' new values: current + delta, each within 0 and its maximum. */
export function poolsAfter(pools: NonNullable<ActorLike["system"]["pools"]>, delta: Pools): Record<string, number> {
  const data: Record<string, number> = {};
  for (const kind of ["hit", "fatigue"] as const) {
    for (const facet of FACETS) {
      const pool = pools[kind][facet];
      data[`system.pools.${kind}.${facet}.value`] = clamp(pool.value + delta[kind][facet], 0, pool.max);
    }
  }
  return data;
}

/** Hits an item may hold in `system.parry.hits` (docs/data-model.md). */
const MAX_ITEM_HITS = 999;

async function executeWrite(write: DocumentWrite, mark: string, env: WorkflowEnv): Promise<void> {
  switch (write.kind) {
    case "pools": {
      const actor = await env.resolve(write.actorUuid);
      if (!isActor(actor) || !actor.system.pools) throw new FlowError("noSuchItem", { id: write.actorUuid });
      if (hasMark(actor.flags, mark)) return;
      await actor.update({ ...poolsAfter(actor.system.pools, write.delta), ...markUpdate(actor.flags, mark, env.now()) });
      return;
    }
    case "createConditions": {
      const actor = await env.resolve(write.actorUuid);
      if (!isActor(actor)) throw new FlowError("noSuchItem", { id: write.actorUuid });
      const data = write.conditions
        .filter((c) => !actor.effects.get(c.id))
        .map((c) => ({ _id: c.id, ...conditionEffectData(effectDefinition(c.letter, env.rules.effects)!, c.piercing, env.format) }));
      if (data.length) await actor.createEmbeddedDocuments("ActiveEffect", data, { keepId: true });
      return;
    }
    case "deleteConditions": {
      const actor = await env.resolve(write.actorUuid);
      if (!isActor(actor)) return;
      // Exactly the conditions the application created; one removed since (treated) is simply gone.
      const ids = write.ids.filter((id) => actor.effects.get(id));
      if (ids.length) await actor.deleteEmbeddedDocuments("ActiveEffect", ids);
      return;
    }
    case "objectHits": {
      const doc = await env.resolve(write.uuid);
      if (!doc) throw new FlowError("noSuchItem", { id: write.uuid });
      if (hasMark(doc.flags, mark)) return;
      const marker = markUpdate(doc.flags, mark, env.now());
      if (isActor(doc)) {
        const hits = doc.system.hits;
        if (!hits) throw new FlowError("noSuchItem", { id: write.uuid });
        await doc.update({ "system.hits.value": clamp(hits.value + write.delta, 0, hits.max), ...marker });
      } else {
        const hits = doc.system.parry?.hits ?? 0;
        await doc.update({ "system.parry.hits": clamp(hits + write.delta, 0, MAX_ITEM_HITS), ...marker });
      }
      return;
    }
    case "round": {
      const combat: CombatLike | undefined = env.combat(write.combatId);
      if (!combat || hasMark(combat.flags, mark)) return; // A combat deleted since has no budget left to keep.
      const ref = env.combatantOf(write.actorUuid);
      const combatant = ref && ref.combat.id === write.combatId && ref.combatant.id === write.combatantId ? ref.combatant : { id: write.combatantId, actor: null };
      const state = readRoundState(combat, combatant, env.rules.options);
      let next: RoundState;
      try {
        next = applyRoundOperation(state, write.operation);
      } catch {
        // Checked when planned; a budget spent since (by a GM's hand) is not charged twice.
        next = state;
      }
      await combat.update({ ...roundStateUpdate(combat, write.combatantId, next), ...markUpdate(combat.flags, mark, env.now()) });
      return;
    }
    case "experience": {
      const actor = await env.resolve(write.actorUuid);
      const xp = isActor(actor) ? actor.system.experience : undefined;
      if (!isActor(actor) || !xp || hasMark(actor.flags, mark)) return;
      await actor.update({ "system.experience.unspent": earnExperience(xp, write.earned).unspent, ...markUpdate(actor.flags, mark, env.now()) });
      return;
    }
  }
}

/** Make the writes in order; each is skipped when its marker shows it done (a retry). */
export async function executeWrites(writes: readonly DocumentWrite[], requestId: string, env: WorkflowEnv): Promise<void> {
  for (const [index, write] of writes.entries()) await executeWrite(write, writeMark(requestId, index), env);
}

/**
 * A card whose writes were recorded but not confirmed (the GM's client failed
 * halfway): make them now — each skips itself if it landed — and clear the
 * record.
 */
export async function finishPending(env: WorkflowEnv, card: MessageLike): Promise<void> {
  const pending = card.flags.cychosys?.flow?.pending;
  if (!pending) return;
  await executeWrites(pending.writes, pending.requestId, env);
  await card.update({ "flags.cychosys.flow.-=pending": null });
}
