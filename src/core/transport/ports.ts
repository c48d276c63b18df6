/**
 * The few Foundry objects the GM's transport touches, as narrow shapes, the
 * same for every ruleset (a ruleset reads `system` as its own data). The
 * Foundry wiring hands in the real documents; the tests hand in small fakes.
 */
import type { CardFlow } from "../ruleset.js";
import type { PendingMarks } from "./pending-marks.js";

export interface UserLike {
  id: string;
  name: string;
  isGM: boolean;
}

export interface EffectLike {
  id: string;
}

type Flags = Record<string, unknown> | null | undefined;

/** An actor of any ruleset; `system` is that ruleset's data. */
export interface ActorLike<System = unknown> {
  uuid: string;
  name: string;
  type: string;
  flags?: Flags;
  system: System;
  effects: { get(id: string): EffectLike | undefined };
  items: { get(id: string): ItemLike | undefined };
  testUserPermission(user: UserLike, level: "OWNER"): boolean;
  update(data: Record<string, unknown>): Promise<unknown>;
  createEmbeddedDocuments(name: "ActiveEffect", data: Record<string, unknown>[], options: { keepId: true }): Promise<unknown>;
  deleteEmbeddedDocuments(name: "ActiveEffect", ids: string[]): Promise<unknown>;
}

/** An item of any ruleset. */
export interface ItemLike<System = unknown> {
  uuid: string;
  name: string;
  type: string;
  flags?: Flags;
  system: System;
  update(data: Record<string, unknown>): Promise<unknown>;
}

/** A chat message: an attack card (its flow in `flags.cychosys.flow`) or a request. */
export interface MessageLike<Flow extends CardFlow = CardFlow> {
  id: string;
  author: UserLike | null;
  flags: { cychosys?: { flow?: Flow; request?: unknown } };
  update(data: Record<string, unknown>): Promise<unknown>;
  delete(): Promise<unknown>;
}

/** The combat a combatant fights in: round state lives in the combat's flags, which only a GM writes. */
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

export const isActor = (doc: ActorLike | ItemLike | null | undefined): doc is ActorLike => !!doc && "testUserPermission" in doc;

/** What the GM-side transport needs from the world. */
export interface WorkflowEnv {
  /** `fromUuid`. */
  resolve(uuid: string): Promise<ActorLike | ItemLike | null | undefined>;
  /** `game.messages.get`. */
  message(id: string): MessageLike | undefined;
  /** The GM posts an attack card: a chat message the GM authors, spoken by the attacker. */
  createCard(speaker: ActorLike, flow: CardFlow): Promise<MessageLike>;
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
  /**
   * The markers of cards whose writes are recorded but not yet confirmed
   * (pending-marks.ts): one per GM client, kept across requests. Without it
   * a card left pending for long may have its markers pushed out.
   */
  pendingMarks?: PendingMarks;
}
