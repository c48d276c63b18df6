/**
 * The few Foundry objects the attack workflow's glue touches, as narrow
 * shapes. The Foundry wiring (src/chat/foundry.ts) hands in the real
 * documents; the tests (test/chat/) hand in small fakes.
 */
import type { CombatantDerived } from "../../rulesets/cychosys/data/derive/combatant.js";
import type { Facet, Rules } from "../../rulesets/cychosys/rules/index.js";
import type { AttackFlow } from "../../rulesets/cychosys/workflow/attack-flow.js";

export interface UserLike {
  id: string;
  name: string;
  isGM: boolean;
}

export interface EffectLike {
  id: string;
}

type Flags = Record<string, unknown> | null | undefined;

/** A stored pool (docs/data-model.md). */
export interface PoolSource {
  value: number;
  max: number;
}

/** A character, NPC or object actor. */
export interface ActorLike {
  uuid: string;
  name: string;
  type: string;
  flags?: Flags;
  system: {
    derived?: CombatantDerived;
    pools?: { hit: Record<Facet, PoolSource>; fatigue: Record<Facet, PoolSource> };
    modifiers?: { soakSteps: number; actions: number };
    hits?: PoolSource;
    experience?: { unspent: number; spent: number };
  };
  effects: { get(id: string): EffectLike | undefined };
  items: { get(id: string): ItemLike | undefined };
  testUserPermission(user: UserLike, level: "OWNER"): boolean;
  update(data: Record<string, unknown>): Promise<unknown>;
  createEmbeddedDocuments(name: "ActiveEffect", data: Record<string, unknown>[], options: { keepId: true }): Promise<unknown>;
  deleteEmbeddedDocuments(name: "ActiveEffect", ids: string[]): Promise<unknown>;
}

/** A weapon or trick used to attack or parry. */
export interface ItemLike {
  uuid: string;
  name: string;
  type: string;
  flags?: Flags;
  system: { edge?: string; parry?: { hits: number; shield: string } };
  update(data: Record<string, unknown>): Promise<unknown>;
}

/** A chat message: the attack card (flow in `flags.cychosys.flow`) or a request. */
export interface MessageLike {
  id: string;
  author: UserLike | null;
  flags: { cychosys?: { flow?: AttackFlow; request?: unknown } };
  update(data: Record<string, unknown>): Promise<unknown>;
  delete(): Promise<unknown>;
}

/** The combat a combatant fights in: its round state lives in the combat's flags, which only a GM writes. */
export interface CombatLike {
  id: string;
  flags?: Flags;
  update(data: Record<string, unknown>): Promise<unknown>;
}

/** A combatant: which combat, which id, which actor. */
export interface CombatantRef {
  combat: CombatLike;
  combatant: { id: string; actor?: { system?: unknown } | null };
}

/** What the GM-side processor needs from the world. */
export interface WorkflowEnv {
  rules: Rules;
  /** `fromUuid`. */
  resolve(uuid: string): Promise<ActorLike | ItemLike | null | undefined>;
  /** `game.messages.get`. */
  message(id: string): MessageLike | undefined;
  /** The GM posts an attack card: a chat message the GM authors, spoken by the attacker. */
  createCard(speaker: ActorLike, flow: AttackFlow): Promise<MessageLike>;
  /** The card already posted for a request, if any (a replayed declaration posts nothing new). */
  cardFor(requestId: string): MessageLike | undefined;
  /** The actor's combatant in the started combat, if any. */
  combatantOf(actorUuid: string): CombatantRef | undefined;
  /** A combat by id (`game.combats.get`). */
  combat(id: string): CombatLike | undefined;
  /** `foundry.utils.randomID()`. */
  randomId(): string;
  /** A clock for the write markers (`Date.now()`). */
  now(): number;
  /** Whisper a refusal (already localized) to a user. */
  whisper(user: UserLike, text: string): Promise<unknown>;
  /** Localized text (`game.i18n.format`). */
  format(key: string, params?: Record<string, string | number>): string;
  /** World setting: apply the default injury to NPCs as soon as an attack settles. */
  autoApplyNpc(): boolean;
  /** Report what went wrong unexpectedly (console.error in Foundry). */
  report(error: unknown): void;
}
