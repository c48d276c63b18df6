/**
 * Carries out the state machine's `FlowCommand`s on Foundry documents, as the
 * active GM (or a GM acting locally). Everything is checked and computed
 * first — every document found, every round state spent — and only then
 * changed, so a refusal changes nothing. Pools are written exactly as the
 * rules core computed them: nothing is clamped here.
 */
import { effectDefinition, FACETS, type Pools } from "../rules/index.js";
import { conditionEffectData } from "../foundry/status-effects.js";
import { FlowError } from "../workflow/errors.js";
import { type FlowCommand } from "../workflow/attack-flow.js";
import { grantParryBonus, type RoundState, useAction } from "../workflow/round.js";
import { readRoundState, roundStateHome, roundStateUpdate } from "../combat/round-state.js";
import type { ActorLike, ItemLike, WorkflowEnv } from "./ports.js";


type Change = () => Promise<unknown>;

const isActor = (doc: ActorLike | ItemLike): doc is ActorLike => "testUserPermission" in doc;

function poolUpdate(pools: Pools): Record<string, number> {
  const data: Record<string, number> = {};
  for (const kind of ["hit", "fatigue"] as const) {
    for (const facet of FACETS) data[`system.pools.${kind}.${facet}.value`] = pools[kind][facet];
  }
  return data;
}

/** Check and plan every command; returns the changes to make, in order. Throws (changing nothing) when one cannot be done. */
export async function planCommands(commands: readonly FlowCommand[], env: WorkflowEnv): Promise<Change[]> {
  const docs = new Map<string, ActorLike | ItemLike>();
  const load = async (uuid: string) => {
    if (!docs.has(uuid)) {
      const doc = await env.resolve(uuid);
      if (!doc) throw new FlowError("noSuchItem", { id: uuid });
      docs.set(uuid, doc);
    }
    return docs.get(uuid)!;
  };
  const actorAt = async (uuid: string) => {
    const doc = await load(uuid);
    if (!isActor(doc)) throw new FlowError("noSuchItem", { id: uuid });
    return doc;
  };
  const rounds = new Map<string, RoundState>();
  const changes: Change[] = [];

  for (const command of commands) {
    switch (command.kind) {
      case "setPools": {
        const actor = await actorAt(command.actorUuid);
        const data = poolUpdate(command.pools);
        changes.push(() => actor.update(data));
        break;
      }
      case "addToPools": {
        const actor = await actorAt(command.actorUuid);
        const current = actor.system.derived?.pools;
        if (!current) throw new FlowError("noSuchItem", { id: command.actorUuid });
        const restored: Pools = { hit: { ...current.hit }, fatigue: { ...current.fatigue } };
        for (const kind of ["hit", "fatigue"] as const) for (const f of FACETS) restored[kind][f] += command.delta[kind][f];
        const data = poolUpdate(restored);
        changes.push(() => actor.update(data));
        break;
      }
      case "addConditions": {
        const actor = await actorAt(command.actorUuid);
        const data = command.conditions.map((c) => {
          const effect = effectDefinition(c.letter, env.rules.effects);
          if (!effect || effect.kind !== "wounding") throw new FlowError("noSuchItem", { id: c.letter });
          return { _id: c.id, ...conditionEffectData(effect, c.piercing, env.format) };
        });
        changes.push(() => actor.createEmbeddedDocuments("ActiveEffect", data, { keepId: true }));
        break;
      }
      case "removeConditions": {
        const actor = await actorAt(command.actorUuid);
        // Exactly the conditions the application created; one removed since (treated) is simply gone.
        const ids = command.ids.filter((id) => actor.effects.get(id));
        if (ids.length) changes.push(() => actor.deleteEmbeddedDocuments("ActiveEffect", ids));
        break;
      }
      case "setObjectHits": {
        const doc = await load(command.itemUuid);
        const data = isActor(doc) ? { "system.hits.value": command.hits } : { "system.parry.hits": command.hits };
        changes.push(() => doc.update(data));
        break;
      }
      case "spendAction":
      case "grantParryBonus": {
        const home = roundStateHome(env.combatantOf(command.actorUuid));
        if (!home) break; // Outside a combat there is no round budget to keep (R15, R25).
        // The round state is on the combat, GM-written (src/combat/round-state.ts).
        const { combat, combatant } = home;
        const state = rounds.get(combatant.id) ?? readRoundState(combat, combatant, env.rules.options);
        const next =
          command.kind === "spendAction"
            ? useAction(state).state
            : grantParryBonus(state, { againstUuid: command.againstUuid, bonus: command.bonus });
        if (!rounds.has(combatant.id)) {
          changes.push(() => {
            const update = roundStateUpdate(combat, combatant.id, rounds.get(combatant.id)!);
            return Object.keys(update).length ? combat.update(update) : Promise.resolve();
          });
        }
        rounds.set(combatant.id, next);
        break;
      }
    }
  }
  return changes;
}

/** Plan, then make every change in order. */
export async function carryOut(commands: readonly FlowCommand[], env: WorkflowEnv): Promise<void> {
  const changes = await planCommands(commands, env);
  for (const change of changes) await change();
}
