/**
 * Cychosys's attack workflow as the GM's transport drives it
 * (src/core/ruleset.ts, `RulesetWorkflow`): a request (already checked for
 * shape) becomes the state machine's declarations from the actors as they
 * are now — an attack or a defense is rebuilt from that actor's own derived
 * totals and items, never from a total the request names — and the machine's
 * commands become the shared write commands (pools and hits by delta,
 * conditions as ActiveEffects, round state on the combat). Pure apart from
 * reading the actors handed in.
 */
import type { CardFlow, FlowUser, ParsedRequest, RequestProblem, RulesetWorkflow, StepContext, StepResult } from "../../../core/ruleset.js";
import type { ActorLike, ItemLike, UserLike, WorkflowEnv } from "../../../core/transport/ports.js";
import { isActor } from "../../../core/transport/ports.js";
import { attackerInCombat } from "../../../core/transport/combat-gate.js";
import type { GmOnlyFields } from "../../../core/gm-only.js";
import type { WriteCommand, WriteScope } from "../../../core/writes.js";
import type { CombatantDerived } from "../data/derive/combatant.js";
import { conditionEffectData } from "../data/status-effects.js";
import { earnExperience, effectDefinition, FACETS, type Pools, readRoll, type Rules } from "../rules/index.js";
import {
  applyInjury,
  assignTargets,
  type AttackFlow,
  counterAgain,
  declareAttack,
  declineCounter,
  defend,
  type FlowCommand,
  mayActFor,
  type ParticipantRef,
  previewResolution,
  type StruckState,
  struckParticipant,
  undoInjury,
} from "./attack-flow.js";
import { FlowError } from "./errors.js";
import { type AttackRequest, type CardRequest, parseAttackRequest } from "./request-schema.js";
import { attackDeclaration, defenseDeclaration, type GearRef, totalOf } from "./requests.js";
import { attackRoundStep, type RoundState } from "./round.js";
import type { RoundOperation } from "./round-operations.js";

/** What Cychosys reads of an actor's `system`. */
export interface CychosysSystem {
  derived?: CombatantDerived;
  pools?: Record<"hit" | "fatigue", Record<string, { value: number; max: number }>>;
  modifiers?: { soakSteps: number; actions: number };
  hits?: { value: number; max: number };
  experience?: { unspent: number; spent: number };
}
export type CychosysActor = ActorLike<CychosysSystem>;
type GearSystem = { edge?: string; parry?: { hits: number; shield: string } };

const asCychosys = (actor: ActorLike) => actor as CychosysActor;
type Declaration = Extract<AttackRequest, { step: "declare" }>;

/** The struck side as the rules see it now: outfit, trademark soak steps, pools. */
export function struckStateOf(actor: CychosysActor): StruckState {
  const derived = actor.system.derived;
  if (!derived) throw new FlowError("nobodyStruck");
  return { outfit: derived.outfit, extraSoakSteps: actor.system.modifiers?.soakSteps ?? 0, pools: derived.pools };
}

/**
 * R25, R37: the hits the parry object a target's defense named holds now —
 * an item of `actor` (the defender), read from the actor as it is; undefined
 * for an ad-hoc object or an item no longer there (then the hits declared).
 */
export function parryObjectHitsNow(flow: AttackFlow, index: number, actor: ActorLike): number | undefined {
  const defense = flow.targets[index]?.defense;
  const uuid = defense && defense.form !== "counter" ? defense.object?.itemUuid : undefined;
  const prefix = `${actor.uuid}.Item.`;
  if (!uuid?.startsWith(prefix)) return undefined;
  const hits = (actor.items.get(uuid.slice(prefix.length)) as ItemLike<GearSystem> | undefined)?.system.parry?.hits;
  return typeof hits === "number" && Number.isInteger(hits) && hits >= 0 ? hits : undefined;
}

/** The struck side of a card's target as it is now: `struckStateOf`, and the parry object's hits as its item holds them. */
export function struckStateAt(flow: AttackFlow, index: number, actor: CychosysActor): StruckState {
  const state = struckStateOf(actor);
  const objectHits = parryObjectHitsNow(flow, index, actor);
  return objectHits === undefined ? state : { ...state, objectHits };
}

/** The actor's own weapons and tricks as the builders read them: nobody else's item can be named. */
export function gearOf(actor: ActorLike): (id: string) => GearRef | undefined {
  return (id) => {
    const item = actor.items.get(id) as ItemLike<GearSystem> | undefined;
    if (!item || (item.type !== "weapon" && item.type !== "trick")) return undefined;
    return { name: item.name, edge: item.system.edge ?? "0", ...(item.system.parry && { parry: item.system.parry }), uuid: item.uuid };
  };
}

function actorOrThrow(actors: ReadonlyMap<string, ActorLike>, uuid: string): CychosysActor {
  const actor = actors.get(uuid) as CychosysActor | undefined;
  if (!actor?.system.derived) throw new FlowError("noSuchItem", { id: uuid });
  return actor;
}

/** The actors a list of UUIDs names, as card participants (the attacker and unknown UUIDs refused). */
export async function participantsFrom(env: WorkflowEnv, uuids: readonly string[], attackerUuid: string): Promise<ParticipantRef[]> {
  const refs: ParticipantRef[] = [];
  for (const uuid of new Set(uuids)) {
    if (uuid === attackerUuid) continue;
    const doc = await env.resolve(uuid);
    if (!isActor(doc)) throw new FlowError("noSuchItem", { id: uuid });
    refs.push({ actorUuid: doc.uuid, name: doc.name });
  }
  return refs;
}

/** The participants of a card and the parry objects its defenders named: all a step's writes may touch. */
export function scopeOf(flow: AttackFlow): WriteScope {
  const participants = new Set([flow.attacker.actorUuid, ...flow.targets.map((t) => t.target.actorUuid)]);
  const objects = new Map<string, string>();
  for (const t of flow.targets) {
    const defense = t.defense;
    if (defense && defense.form !== "counter" && defense.object?.itemUuid) objects.set(defense.object.itemUuid, t.target.actorUuid);
  }
  return { participants, objects };
}

const POOL_PATHS = ["hit", "fatigue"] as const;

/** R32–R33: a change of pools as adjustments of each pool's value, kept within 0 and its maximum. */
function poolChanges(delta: Pools) {
  return POOL_PATHS.flatMap((kind) =>
    FACETS.filter((f) => delta[kind][f] !== 0).map((f) => ({
      path: `system.pools.${kind}.${f}.value`,
      delta: delta[kind][f],
      min: 0,
      max: { path: `system.pools.${kind}.${f}.max` },
    })),
  );
}

/** Hits an item may hold in `system.parry.hits` (docs/data-model.md). */
const MAX_ITEM_HITS = 999;

/** The state machine's commands as the shared write commands. */
export async function writeCommands(commands: readonly FlowCommand[], env: WorkflowEnv, rules: Rules): Promise<WriteCommand[]> {
  const out: WriteCommand[] = [];
  for (const command of commands) {
    switch (command.kind) {
      case "addToPools": {
        const changes = poolChanges(command.delta);
        // A zero change is still recorded, so the application leaves its mark (nothing lands twice).
        out.push({ kind: "adjust", uuid: command.actorUuid, changes: changes.length ? changes : [{ path: "system.pools.hit.physical.value", delta: 0, min: 0, max: { path: "system.pools.hit.physical.max" } }] });
        break;
      }
      case "addConditions":
        out.push({
          kind: "createEffects",
          actorUuid: command.actorUuid,
          effects: command.conditions.map((c) => {
            const effect = effectDefinition(c.letter, rules.effects);
            if (!effect || effect.kind !== "wounding") throw new FlowError("noSuchItem", { id: c.letter });
            return { id: c.id, data: conditionEffectData(effect, c.piercing, env.format) as Record<string, unknown> };
          }),
        });
        break;
      case "removeConditions":
        out.push({ kind: "deleteEffects", actorUuid: command.actorUuid, ids: [...command.ids] });
        break;
      case "addToObjectHits": {
        // R25, R37: an object actor's hits, or a parrying item's.
        const doc = await env.resolve(command.itemUuid);
        const change = isActor(doc)
          ? { path: "system.hits.value", delta: command.delta, min: 0, max: { path: "system.hits.max" } }
          : { path: "system.parry.hits", delta: command.delta, min: 0, max: MAX_ITEM_HITS };
        out.push({ kind: "adjust", uuid: command.itemUuid, changes: [change] });
        break;
      }
      case "spendAction":
        out.push({ kind: "round", actorUuid: command.actorUuid, operation: { kind: "spendAction", attackId: command.attackId } satisfies RoundOperation });
        break;
      case "grantParryBonus":
        out.push({ kind: "round", actorUuid: command.actorUuid, operation: { kind: "grantParryBonus", againstUuid: command.againstUuid, bonus: command.bonus } satisfies RoundOperation });
        break;
    }
  }
  return out;
}

/** The state machine's answer to a request on a card. */
async function machineStep(flow: AttackFlow, request: CardRequest, user: FlowUser, actors: ReadonlyMap<string, ActorLike>, env: WorkflowEnv, rules: Rules) {
  if (request.step === "assignTargets") {
    // A player's targets were refused before the step (CYCHOSYS_GM_ONLY_FIELDS); the state machine refuses a player's step as a whole.
    return assignTargets(flow, await participantsFrom(env, request.targets, flow.attacker.actorUuid), user);
  }
  const index = request.targetIndex;
  const target = flow.targets[index];
  if (!target) throw new FlowError("noSuchTarget", { index });
  switch (request.step) {
    case "defend": {
      if (!mayActFor(flow, index, "defender", user)) throw new FlowError("notYours", { name: target.target.name });
      const actor = actorOrThrow(actors, target.target.actorUuid);
      return defend(flow, index, defenseDeclaration(actor.system.derived!, request.answer, gearOf(actor), rules), user, rules);
    }
    case "counterAgain": {
      const side = target.awaiting;
      if (target.phase !== "exchange" || !side) throw new FlowError("noExchange");
      if (!mayActFor(flow, index, side, user)) throw new FlowError("notYours", { name: side === "attacker" ? flow.attacker.name : target.target.name });
      const actor = actorOrThrow(actors, side === "attacker" ? flow.attacker.actorUuid : target.target.actorUuid);
      const { total, surge, summary } = totalOf(actor.system.derived!, request.roll);
      return counterAgain(flow, index, total, surge, user, rules, summary);
    }
    case "declineCounter":
      return declineCounter(flow, index, user, rules);
    case "apply": {
      const struck = struckParticipant(flow, index);
      if (target.phase === "applied") throw new FlowError("alreadyApplied", { name: target.target.name });
      if (!struck) throw new FlowError(target.phase === "resolved" ? "nobodyStruck" : "notResolved");
      if (!(user.isGM || user.owns(struck.actorUuid))) throw new FlowError("notYours", { name: struck.name });
      const state = struckStateAt(flow, index, actorOrThrow(actors, struck.actorUuid));
      const preview = previewResolution(flow, index, state, request.choices, rules);
      if (!preview?.strike) throw new FlowError("nobodyStruck");
      const ids = Array.from({ length: preview.strike.taken.length }, () => env.randomId());
      return applyInjury(flow, index, state, request.choices, user, ids, rules);
    }
    case "undo":
      return undoInjury(flow, index, user);
  }
}

/**
 * The NPC setting: once a target settles and an NPC is struck by a blow that
 * can land (a small target, R35, cannot be struck at all), the GM applies the
 * default injury at once.
 */
export function shouldAutoApply(flow: AttackFlow, index: number, actors: ReadonlyMap<string, ActorLike>, env: WorkflowEnv, rules: Rules): boolean {
  const target = flow.targets[index];
  if (!env.autoApplyNpc() || target?.phase !== "resolved" || target.applications.length) return false;
  const struck = struckParticipant(flow, index);
  const actor = struck && (actors.get(struck.actorUuid) as CychosysActor | undefined);
  if (!actor || actor.type !== "npc" || !actor.system.derived) return false;
  return !!previewResolution(flow, index, struckStateAt(flow, index, actor), {}, rules)?.strike;
}

/** R13, R15, R19, R25, R27, R29, R36, R40: a declared attack's flow, checked, and the writes it needs. */
async function declare(ctx: StepContext, request: Declaration, author: UserLike, rules: Rules, readRound: (ref: NonNullable<ReturnType<WorkflowEnv["combatantOf"]>>) => RoundState): Promise<StepResult<AttackFlow>> {
  const env = ctx.env;
  const actor = (await env.resolve(request.actorUuid)) as CychosysActor | ItemLike | null | undefined;
  if (!isActor(actor) || !asCychosys(actor).system.derived) throw new FlowError("noSuchItem", { id: request.actorUuid });
  const attacker = asCychosys(actor);
  if (!(author.isGM || attacker.testUserPermission(author, "OWNER"))) throw new FlowError("notYours", { name: attacker.name });
  const gear = gearOf(attacker)(request.itemId);
  if (!gear) throw new FlowError("noSuchItem", { id: request.itemId });
  const targets = await participantsFrom(env, request.targets, attacker.uuid);
  const targetUuids = targets.map((t) => t.actorUuid);

  const commands: WriteCommand[] = [];
  // A fighter in a started combat is attacked only through that combat (the shared gate), so the attacker is metered below.
  const ref = attackerInCombat(env, attacker, targets, author);
  // R15 refuses here when no action is left; R25 adds the bonus held against a single target.
  const parryBonus = ref ? attackRoundStep(readRound(ref), targetUuids).parryBonus : 0;
  if (ref) commands.push({ kind: "round", actorUuid: attacker.uuid, operation: { kind: "attack", targetUuids } satisfies RoundOperation });
  const declaration = attackDeclaration(
    attacker.system.derived!,
    gear,
    request.roll,
    request.added,
    { ...(request.location && { location: request.location }), ...(request.nonLethal && { nonLethal: request.nonLethal }), ...(parryBonus && { parryBonus }) },
    rules,
  );
  // R12, R40: a surge or crash on the key die earns a character 1 experience.
  const earned = readRoll(request.roll.faces).experience;
  const xp = attacker.system.experience;
  if (earned > 0 && attacker.type === "character" && xp) {
    const delta = earnExperience(xp, earned).unspent - xp.unspent;
    commands.push({ kind: "adjust", uuid: attacker.uuid, changes: [{ path: "system.experience.unspent", delta, min: 0, max: 99_999 }] });
  }
  return { flow: declareAttack(env.randomId(), { actorUuid: attacker.uuid, name: attacker.name }, declaration, targets), commands };
}

/**
 * The card requests' fields only a GM may send (src/core/gm-only.ts): the
 * targets of an attack posted without any, which the card offers to a GM
 * only. Every other field is the author's own answer for an actor they own
 * (checked by the state machine); nothing in Cychosys's rules is a GM's
 * figure sent with a request (R13's situational modifier is the roller's,
 * as the dialog offers it to everyone).
 */
export const CYCHOSYS_GM_ONLY_FIELDS = { assignTargets: ["targets"] } as const satisfies GmOnlyFields;

/** Cychosys's `RulesetWorkflow`, over the world's rules as they are when each step runs. */
export function cychosysWorkflow(rules: () => Rules, readRound: (ref: NonNullable<ReturnType<WorkflowEnv["combatantOf"]>>) => RoundState): RulesetWorkflow<AttackFlow, Declaration, CardRequest> {
  return {
    parseRequest(value): { ok: true; parsed: ParsedRequest<Declaration, CardRequest> } | { ok: false; problem: RequestProblem } {
      const parsed = parseAttackRequest(value);
      if (!parsed.ok) return parsed;
      const request = parsed.request;
      return request.step === "declare"
        ? { ok: true, parsed: { kind: "declare", request } }
        : { ok: true, parsed: { kind: "step", attackId: request.attackId, messageId: request.messageId, request } };
    },
    gmOnlyFields: CYCHOSYS_GM_ONLY_FIELDS,
    declare: (ctx, request, author) => declare(ctx, request, author, rules(), readRound),
    async step(ctx, flow, request, user, actors) {
      const world = rules();
      let result = await machineStep(flow, request, user, actors, ctx.env, world);
      const commands = [...result.commands];
      if ("targetIndex" in request && request.step !== "apply" && request.step !== "undo" && shouldAutoApply(result.flow, request.targetIndex, actors, ctx.env, world)) {
        const gm: FlowUser = { id: ctx.gm.id, isGM: ctx.gm.isGM, owns: (uuid) => actors.get(uuid)?.testUserPermission(ctx.gm, "OWNER") ?? false };
        const auto = await machineStep(result.flow, { ...request, step: "apply", choices: {} }, gm, actors, ctx.env, world);
        commands.push(...auto.commands);
        result = auto;
      }
      return { flow: result.flow, commands: await writeCommands(commands, ctx.env, world) };
    },
    scope: scopeOf,
  };
}

export type { CardFlow };
