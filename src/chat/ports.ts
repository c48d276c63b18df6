/**
 * The few Foundry objects the attack workflow's glue touches, as narrow
 * shapes. The Foundry wiring (src/chat/foundry.ts) hands in the real
 * documents; the tests (test/chat/) hand in small fakes.
 */
import type { CombatantDerived } from "../data/derive/combatant.js";
import type { Rules } from "../rules/index.js";
import type { AttackFlow } from "../workflow/attack-flow.js";
import type { AttackRequest } from "./requests.js";

export interface UserLike {
  id: string;
  name: string;
  isGM: boolean;
}

export interface EffectLike {
  id: string;
}

/** A character, NPC or object actor. */
export interface ActorLike {
  uuid: string;
  name: string;
  type: string;
  system: {
    derived?: CombatantDerived;
    modifiers?: { soakSteps: number; actions: number };
    hits?: { value: number; max: number };
  };
  effects: { get(id: string): EffectLike | undefined };
  items: { get(id: string): ItemLike | undefined };
  testUserPermission(user: UserLike, level: "OWNER"): boolean;
  update(data: Record<string, unknown>): Promise<unknown>;
  createEmbeddedDocuments(name: "ActiveEffect", data: Record<string, unknown>[], options: { keepId: true }): Promise<unknown>;
  deleteEmbeddedDocuments(name: "ActiveEffect", ids: string[]): Promise<unknown>;
}

/** A weapon or trick used to parry. */
export interface ItemLike {
  uuid: string;
  name: string;
  type: string;
  system: { edge?: string; parry?: { hits: number; shield: string } };
  update(data: Record<string, unknown>): Promise<unknown>;
}

/** A chat message: the attack card (flow in `flags.cychosys.flow`) or a request. */
export interface MessageLike {
  id: string;
  author: UserLike | null;
  flags: { cychosys?: { flow?: AttackFlow; request?: AttackRequest } };
  update(data: Record<string, unknown>): Promise<unknown>;
  delete(): Promise<unknown>;
}

/** A combatant of the active combat: its round state lives in `flags.cychosys.round`. */
export interface CombatantLike {
  flags: { cychosys?: { round?: unknown } } | null;
  actor?: { system?: unknown } | null;
  update(data: Record<string, unknown>): Promise<unknown>;
}

/** What the GM-side processor needs from the world. */
export interface WorkflowEnv {
  rules: Rules;
  /** `fromUuid`. */
  resolve(uuid: string): Promise<ActorLike | ItemLike | null | undefined>;
  /** `game.messages.get`. */
  message(id: string): MessageLike | undefined;
  /** The actor's combatant in the active combat, if any. */
  combatantOf(actorUuid: string): CombatantLike | undefined;
  /** `foundry.utils.randomID()`. */
  randomId(): string;
  /** Whisper a refusal (already localized) to a user. */
  whisper(user: UserLike, text: string): Promise<unknown>;
  /** Localized text (`game.i18n.format`). */
  format(key: string, params?: Record<string, string | number>): string;
  /** World setting: apply the default injury to NPCs as soon as an attack settles. */
  autoApplyNpc(): boolean;
}
