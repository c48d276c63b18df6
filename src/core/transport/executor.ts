/**
 * Carries out a step's `WriteCommand`s on Foundry documents, as the active
 * GM, for any ruleset, in two halves:
 *
 * 1. `planWrites` checks everything and changes nothing: every document is
 *    found, every actor is a participant of the card, every item one the
 *    card allows (R25: a parry object is the defender's own), every round
 *    operation can be paid (the ruleset's round state, simulated in order).
 *    A refusal here leaves the world as it was.
 * 2. `executeWrites` makes the planned `DocumentWrite`s, each idempotent
 *    (src/core/writes.ts): the caller records them on the card first, so
 *    after a failure halfway the same list runs again and nothing lands twice.
 *
 * Numbers change by deltas clamped to their range, inside the GM's one queue,
 * so two injuries to one actor both land.
 */
import type { RulesetRound } from "../ruleset.js";
import type { PendingMarks } from "./pending-marks.js";
import { FlowRefusal } from "./refusal.js";
import { type Adjustment, type DocumentWrite, isItemOf, MAX_MARKS, valueAt, type WriteCommand, type WriteScope, writeMark } from "../writes.js";
import { type ActorLike, type CombatantRef, isActor, type ItemLike, type MessageLike, type WorkflowEnv } from "./ports.js";

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === "object" && !Array.isArray(value);

/** Writes go to `system.*` and nowhere else (never ownership, flags or the document's type). */
const writablePath = (path: string) => /^system(\.[A-Za-z0-9_]+)+$/.test(path);

/** Check every command and turn it into the writes to make; throws (changing nothing) when one cannot be done. */
export async function planWrites(commands: readonly WriteCommand[], env: WorkflowEnv, scope: WriteScope, round: RulesetRound): Promise<DocumentWrite[]> {
  const documentAt = async (uuid: string): Promise<ActorLike | ItemLike> => {
    if (scope.participants.has(uuid)) {
      const doc = await env.resolve(uuid);
      if (!isActor(doc)) throw new FlowRefusal("noSuchItem", { id: uuid });
      return doc;
    }
    const owner = scope.objects.get(uuid);
    if (!owner || !scope.participants.has(owner)) throw new FlowRefusal("notParticipant");
    const doc = await env.resolve(uuid);
    const owned = isActor(doc) ? uuid === owner : !!doc && isItemOf(uuid, owner);
    if (!doc || !owned) throw new FlowRefusal("noSuchItem", { id: uuid });
    return doc;
  };
  // Round states are simulated in order, so a refusal (no action left) comes before any write.
  const rounds = new Map<string, { ref: CombatantRef; state: unknown }>();
  const writes: DocumentWrite[] = [];

  for (const command of commands) {
    switch (command.kind) {
      case "adjust":
      case "set": {
        await documentAt(command.uuid);
        if (!command.changes.every((c) => writablePath(c.path))) throw new FlowRefusal("notParticipant");
        writes.push(structuredClone(command));
        break;
      }
      case "createEffects":
      case "deleteEffects": {
        if (!scope.participants.has(command.actorUuid)) throw new FlowRefusal("notParticipant");
        await documentAt(command.actorUuid);
        writes.push(structuredClone(command));
        break;
      }
      case "round": {
        if (!scope.participants.has(command.actorUuid)) throw new FlowRefusal("notParticipant");
        const ref = env.combatantOf(command.actorUuid);
        if (!ref) break; // Outside a combat there is no round state to keep.
        // One state per combatant, or (scope "combat") one for the whole combat, so a step's operations chain on it.
        const key = round.scope === "combat" ? ref.combat.id : `${ref.combat.id}.${ref.combatant.id}`;
        const state = rounds.get(key)?.state ?? round.read(ref);
        rounds.set(key, { ref, state: round.apply(state, command.operation, ref) });
        writes.push({ kind: "round", combatId: ref.combat.id, combatantId: ref.combatant.id, actorUuid: command.actorUuid, operation: structuredClone(command.operation) });
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

/**
 * The update entries that leave `mark` on a document, dropping its oldest
 * markers beyond MAX_MARKS — never one a pending card still needs (`held`).
 */
export function markUpdate(flags: unknown, mark: string, now: number, held?: PendingMarks): Record<string, unknown> {
  const marks = marksOf(flags);
  const update: Record<string, unknown> = { [`flags.cychosys.intents.${mark}`]: now };
  const droppable = Object.entries(marks)
    .filter(([key]) => !held?.isHeld(key))
    .sort((a, b) => a[1] - b[1]);
  const over = Math.max(0, Object.keys(marks).length + 1 - MAX_MARKS);
  for (const [key] of droppable.slice(0, over)) update[`flags.cychosys.intents.-=${key}`] = null;
  return update;
}

const hasMark = (flags: unknown, mark: string): boolean => mark in marksOf(flags);
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The new values of adjusted numbers: current + delta, each within its min and max. */
export function adjusted(doc: { system: unknown }, changes: readonly Adjustment[]): Record<string, number> {
  const data: Record<string, number> = {};
  const source = { system: doc.system };
  for (const change of changes) {
    const current = valueAt(source, change.path);
    const max = typeof change.max === "number" ? change.max : valueAt(source, change.max.path);
    if (typeof current !== "number" || typeof max !== "number") throw new FlowRefusal("noSuchItem", { id: change.path });
    data[change.path] = clamp(current + change.delta, change.min, max);
  }
  return data;
}

async function executeWrite(write: DocumentWrite, mark: string, env: WorkflowEnv, round: RulesetRound): Promise<void> {
  switch (write.kind) {
    case "adjust":
    case "set": {
      const doc = await env.resolve(write.uuid);
      if (!doc) throw new FlowRefusal("noSuchItem", { id: write.uuid });
      if (hasMark(doc.flags, mark)) return;
      const values = write.kind === "adjust" ? adjusted(doc, write.changes) : Object.fromEntries(write.changes.map((c) => [c.path, structuredClone(c.value)]));
      await doc.update({ ...values, ...markUpdate(doc.flags, mark, env.now(), env.pendingMarks) });
      return;
    }
    case "createEffects": {
      const actor = await env.resolve(write.actorUuid);
      if (!isActor(actor)) throw new FlowRefusal("noSuchItem", { id: write.actorUuid });
      const data = write.effects.filter((e) => !actor.effects.get(e.id)).map((e) => ({ ...structuredClone(e.data), _id: e.id }));
      if (data.length) await actor.createEmbeddedDocuments("ActiveEffect", data, { keepId: true });
      return;
    }
    case "deleteEffects": {
      const actor = await env.resolve(write.actorUuid);
      if (!isActor(actor)) return;
      // Exactly the effects the step named; one removed since is simply gone.
      const ids = write.ids.filter((id) => actor.effects.get(id));
      if (ids.length) await actor.deleteEmbeddedDocuments("ActiveEffect", ids);
      return;
    }
    case "round": {
      const combat = env.combat(write.combatId);
      if (!combat || hasMark(combat.flags, mark)) return; // A combat deleted since has no round left to keep.
      const found = env.combatantOf(write.actorUuid);
      const ref: CombatantRef =
        found && found.combat.id === write.combatId && found.combatant.id === write.combatantId ? found : { combat, combatant: { id: write.combatantId, actor: null } };
      const state = round.read(ref);
      let next: unknown;
      try {
        next = round.apply(state, write.operation, ref);
      } catch {
        // Checked when planned; a budget spent since (by a GM's hand) is not charged twice.
        next = state;
      }
      // What must not go on the combat first: a retry that finds the combat unwritten stores it again.
      await round.store?.(ref, next);
      await combat.update({ ...round.update(ref, next), ...markUpdate(combat.flags, mark, env.now(), env.pendingMarks) });
      return;
    }
  }
}

/** Make the writes in order; each is skipped when its marker shows it done (a retry). */
export async function executeWrites(writes: readonly DocumentWrite[], requestId: string, env: WorkflowEnv, round: RulesetRound): Promise<void> {
  for (const [index, write] of writes.entries()) await executeWrite(write, writeMark(requestId, index), env, round);
}

/**
 * A card whose writes were recorded but not confirmed (the GM's client failed
 * halfway): make them now — each skips itself if it landed — and clear the
 * record.
 */
export async function finishPending(env: WorkflowEnv, card: MessageLike, round: RulesetRound): Promise<void> {
  const pending = card.flags.cychosys?.flow?.pending;
  if (!pending) return;
  // Held until confirmed: if this retry fails too, later writes must not push these markers out.
  env.pendingMarks?.hold(card.id, pending.requestId, pending.writes.length);
  await executeWrites(pending.writes, pending.requestId, env, round);
  await card.update({ "flags.cychosys.flow.-=pending": null });
  env.pendingMarks?.release(card.id);
}
