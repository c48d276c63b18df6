/**
 * The phase card as the GM's transport drives it (src/core/ruleset.ts,
 * `RulesetWorkflow`). Every figure is read from what the GM holds: the
 * ledger (the whole truth of the phase, `PhaseWorld.ledger`) and the
 * combatants' sheets as they are now (`PhaseWorld.table`); a request names
 * the faces of the roll its author owes, or the GM's modifiers, nothing
 * else. The flow's transitions (flow.ts) become the shared write commands.
 */
import type { FlowUser, ParsedRequest, RequestProblem, RulesetWorkflow, StepContext, StepResult } from "../../../core/ruleset.js";
import type { ActorLike, WorkflowEnv } from "../../../core/transport/ports.js";
import type { WriteScope } from "../../../core/writes.js";
import { PhaseTableError } from "../combat/errors.js";
import type { PhaseLedger } from "../combat/ledger.js";
import { PhaseError } from "../rules/errors.js";
import type { PhaseRules } from "../rules/options.js";
import { resolvePhase } from "../rules/resolve-phase.js";
import type { Fighter } from "../rules/state.js";
import { AREAS, type Area, isMember } from "../rules/types.js";
import type { TraumaticWound } from "../rules/wounds.js";
import {
  addRoll, applyPhaseEnd, beginCommand, cancelPhaseEnd, currentApplication, newPhaseFlow, type PhaseFlow, type PhasePerson, personOf, setModifiers, type StoredWounds, undoPhaseEnd, withRolls,
} from "./flow.js";
import { PHASE_CARD_GM_ONLY, parsePhaseCardRequest, type PhaseDeclareRequest, type PhaseStepRequest } from "./request-schema.js";

/** A combat's combatants as the GM holds them: the rules core's fighters (the sheets now) and who they are. */
export interface PhaseTable {
  fighters: Record<string, Fighter>;
  people: Record<string, PhasePerson>;
}

/** What the phase ruleset reads of the world on the GM's client (the Foundry side provides it; tests fake it). */
export interface PhaseWorld {
  /** The ledger the GM keeps for a combat; null when there is none or it cannot be read. */
  ledger(combatId: string): PhaseLedger | null;
  table(combatId: string): PhaseTable | null;
  /** Keep a ledger where only the GMs receive it, and each combatant's hidden part where only its owners do. */
  store(combatId: string, ledger: PhaseLedger): Promise<void>;
}

/** An actor's stored traumatic wounds, as well-formed entries (P29). */
export function storedWounds(actor: ActorLike | undefined | null): StoredWounds {
  const list = (actor?.system as { traumaticWounds?: unknown } | undefined)?.traumaticWounds;
  const traumaticWounds: TraumaticWound[] = (Array.isArray(list) ? list : [])
    .filter((t): t is { area: Area; phase: number } => !!t && typeof t === "object" && isMember(AREAS, (t as { area?: unknown }).area) && Number.isInteger((t as { phase?: unknown }).phase))
    .map((t) => ({ area: t.area, phase: t.phase }));
  return { traumaticWounds };
}

/** Is the weapon `<actor uuid>.Item.<id>` drawn now (undefined when it is gone)? */
function readyNow(actors: ReadonlyMap<string, ActorLike>, itemUuid: string): boolean | undefined {
  const at = itemUuid.lastIndexOf(".Item.");
  const ready = (actors.get(itemUuid.slice(0, at))?.items.get(itemUuid.slice(at + 6))?.system as { ready?: unknown } | undefined)?.ready;
  return typeof ready === "boolean" ? ready : undefined;
}

function requireGM(user: { isGM: boolean }): void {
  if (!user.isGM) throw new PhaseTableError("gmOnly");
}

/** The ledger this card acts on: at the card's revision, resolving on this card. */
function liveLedger(world: PhaseWorld, flow: PhaseFlow): PhaseLedger {
  const ledger = world.ledger(flow.combatId);
  if (!ledger) throw new PhaseTableError("noLedger");
  if (ledger.revision !== flow.revision) throw new PhaseTableError("stale", { revision: flow.revision, current: ledger.revision });
  if (ledger.resolving?.flowId !== flow.id) throw new PhaseTableError("notResolving");
  return ledger;
}

function tableOf(world: PhaseWorld, combatId: string): PhaseTable {
  const table = world.table(combatId);
  if (!table) throw new PhaseTableError("noCombat");
  return table;
}

async function declare(ctx: StepContext, request: PhaseDeclareRequest, author: { isGM: boolean }, rules: Readonly<PhaseRules>, world: PhaseWorld): Promise<StepResult<PhaseFlow>> {
  requireGM(author);
  const ledger = world.ledger(request.combatId);
  if (!ledger) throw new PhaseTableError("noLedger");
  if (ledger.revision !== request.revision) throw new PhaseTableError("stale", { revision: request.revision, current: ledger.revision });
  if (ledger.resolving) throw new PhaseTableError("resolving");
  if (ledger.state.step !== "declare") throw new PhaseError("wrongStep", { step: ledger.state.step, wanted: "declare" });
  const table = tableOf(world, request.combatId);
  const people = ledger.state.combatants.flatMap((c) => (table.people[c.id] ? [table.people[c.id]!] : []));
  if (!people.length) throw new PhaseTableError("noParticipants");
  // The ledger's steps go through the transport's combat writes: the combat on the table must be this one.
  if (ctx.env.combatantOf(people[0]!.actorUuid)?.combat.id !== request.combatId) throw new PhaseTableError("otherCombat");
  const resolution = resolvePhase(ledger.state, table.fighters, {}, rules);
  let flow = newPhaseFlow(ctx.env.randomId(), { combatId: request.combatId, revision: ledger.revision + 1, state: ledger.state, fighters: table.fighters, people, resolution }, rules);
  const commands = [beginCommand(flow, ledger.revision)];
  if (resolution.status === "resolved") {
    // Nothing to roll (no attack is due): the phase ends at once; the card can still undo it.
    const actors = await actorsOf(ctx.env, people);
    const applied = applyPhaseEnd(flow, table.fighters, resolution.fighters, (uuid) => storedWounds(actors.get(uuid)), ctx.gm.id);
    flow = applied.flow;
    commands.push(...applied.commands);
  }
  return { flow, commands };
}

async function actorsOf(env: WorkflowEnv, people: readonly PhasePerson[]): Promise<Map<string, ActorLike>> {
  const out = new Map<string, ActorLike>();
  for (const p of people) {
    const doc = await env.resolve(p.actorUuid);
    if (doc && "testUserPermission" in doc) out.set(p.actorUuid, doc);
  }
  return out;
}

/** An actor as the NPC setting reads it: Foundry's `Actor#hasPlayerOwner`. */
type PhaseActor = ActorLike & { hasPlayerOwner?: boolean };

/**
 * The world's NPC setting (`autoApplyNpc`, the same one the other rulesets
 * read): once the phase end is settled — every roll owed is in — the GM
 * applies it at once when every combatant it wounds (flesh, stun or a
 * traumatic wound, P29–P31) is one no player owns. A phase end that hurts a
 * player's combatant waits for the GM's Apply as before, and so does one
 * whose sheets the GM cannot read. The same apply as the GM's button, as
 * the GM.
 */
function autoApply(ctx: StepContext, flow: PhaseFlow, next: PhaseFlow, actors: ReadonlyMap<string, ActorLike>, world: PhaseWorld, rules: Readonly<PhaseRules>): StepResult<PhaseFlow> {
  const kept = { flow: next, commands: [] };
  if (!ctx.env.autoApplyNpc() || next.status !== "resolved" || flow.status === "resolved") return kept;
  const ledger = liveLedger(world, next);
  const table = tableOf(world, next.combatId);
  const resolution = resolvePhase(ledger.state, table.fighters, next.rolls, rules);
  if (resolution.status === "pending") return kept;
  for (const person of next.people) {
    const before = table.fighters[person.combatantId]?.wounds;
    const after = resolution.fighters[person.combatantId]?.wounds;
    if (!before || !after) continue;
    const wounded = after.flesh !== before.flesh || after.stun !== before.stun || after.traumas.length !== before.traumas.length;
    if (wounded && (actors.get(person.actorUuid) as PhaseActor | undefined)?.hasPlayerOwner !== false) return kept;
  }
  return applyPhaseEnd(next, table.fighters, resolution.fighters, (uuid) => storedWounds(actors.get(uuid)), ctx.gm.id);
}

function step(ctx: StepContext, flow: PhaseFlow, request: PhaseStepRequest, user: FlowUser, actors: ReadonlyMap<string, ActorLike>, rules: Readonly<PhaseRules>, world: PhaseWorld): StepResult<PhaseFlow> {
  const stored = (uuid: string) => storedWounds(actors.get(uuid));
  switch (request.step) {
    case "roll": {
      const ledger = liveLedger(world, flow);
      const table = tableOf(world, flow.combatId);
      const person = personOf(flow, request.combatantId);
      if (!person) throw new PhaseTableError("notInPhase", { name: request.combatantId });
      if (!user.isGM && !user.owns(person.actorUuid)) throw new PhaseTableError("notYours");
      // What is owed now (a sheet the GM changed since may owe other dice).
      const now = withRolls(flow, flow.rolls, resolvePhase(ledger.state, table.fighters, flow.rolls, rules), ledger.state, table.fighters, rules);
      const rolls = addRoll(now, request.combatantId, request.roll, request.faces);
      return autoApply(ctx, flow, withRolls(flow, rolls, resolvePhase(ledger.state, table.fighters, rolls, rules), ledger.state, table.fighters, rules), actors, world, rules);
    }
    case "modifiers": {
      requireGM(user);
      const ledger = liveLedger(world, flow);
      const table = tableOf(world, flow.combatId);
      const rolls = setModifiers(flow, request.combatantId, { ...request, coverAreas: request.coverAreas.filter((a): a is Area => isMember(AREAS, a)) }, rules);
      return autoApply(ctx, flow, withRolls(flow, rolls, resolvePhase(ledger.state, table.fighters, rolls, rules), ledger.state, table.fighters, rules), actors, world, rules);
    }
    case "apply": {
      requireGM(user);
      if (flow.status === "applied") throw new PhaseTableError("nothingToUndo");
      const ledger = liveLedger(world, flow);
      const table = tableOf(world, flow.combatId);
      const resolution = resolvePhase(ledger.state, table.fighters, flow.rolls, rules);
      if (resolution.status === "pending") throw new PhaseTableError("notResolved");
      return applyPhaseEnd(withRolls(flow, flow.rolls, resolution, ledger.state, table.fighters, rules), table.fighters, resolution.fighters, stored, user.id);
    }
    case "undo": {
      requireGM(user);
      const application = currentApplication(flow);
      if (!application) throw new PhaseTableError("nothingToUndo");
      // The record goes back only while nothing has happened on it since; the sheets by their own deltas either way.
      const ledger = world.ledger(flow.combatId);
      const recordBack = ledger?.revision === application.revision && ledger.previous?.resolving?.flowId === flow.id;
      return undoPhaseEnd(flow, { wounds: stored, ready: (uuid) => readyNow(actors, uuid) }, user.id, recordBack);
    }
    case "cancel":
      requireGM(user);
      liveLedger(world, flow);
      return cancelPhaseEnd(flow);
  }
}

export function scopeOf(flow: PhaseFlow): WriteScope {
  const objects = new Map<string, string>();
  for (const p of flow.people) for (const id of Object.keys(p.weapons)) objects.set(`${p.actorUuid}.Item.${id}`, p.actorUuid);
  return { participants: new Set(flow.people.map((p) => p.actorUuid)), objects };
}

/** The phase card's `RulesetWorkflow`, over the world's rules as they are when each step runs. */
export function phaseWorkflow(rules: () => Readonly<PhaseRules>, world: PhaseWorld): RulesetWorkflow<PhaseFlow, PhaseDeclareRequest, PhaseStepRequest> {
  return {
    parseRequest: (value): { ok: true; parsed: ParsedRequest<PhaseDeclareRequest, PhaseStepRequest> } | { ok: false; problem: RequestProblem } => parsePhaseCardRequest(value),
    gmOnlyFields: PHASE_CARD_GM_ONLY,
    declare: (ctx, request, author) => declare(ctx, request, author, rules(), world),
    step: async (ctx, flow, request, user, actors) => step(ctx, flow, request, user, actors, rules(), world),
    scope: scopeOf,
  };
}
