/**
 * The seam between the engine and a ruleset (docs/adding-a-ruleset.md). The
 * engine — the GM's transport, the write executor, the card and tracker glue,
 * the Node commands — calls a ruleset only through these interfaces and
 * imports no ruleset itself. Kept as small as the two rulesets that exist
 * need: Cychosys and OpenD6.
 *
 * - `RulesetManifest`: what every world loads for every ruleset — its id,
 *   names, document types and their Foundry-free schemas. Small.
 * - `Ruleset`: the engine part, loaded only for the active ruleset — its
 *   workflow on the cards, its round state, its headless codecs.
 */
import type { FieldsDescription, MigrationStep } from "./schema/description.js";
import type { WriteCommand, WriteScope } from "./writes.js";
import type { ActorLike, CombatantRef, UserLike, WorkflowEnv } from "./transport/ports.js";

export const RULESET_IDS = ["cychosys", "d6"] as const;
export type RulesetId = (typeof RULESET_IDS)[number];
export const DEFAULT_RULESET: RulesetId = "cychosys";

export const isRulesetId = (value: unknown): value is RulesetId => typeof value === "string" && (RULESET_IDS as readonly string[]).includes(value);

/** One document type of a ruleset: its schema, version and migrations (Foundry-free). */
export interface TypeManifest {
  fields: FieldsDescription;
  /** The schema version a document of this type is written at; migrations bring older ones up to it. */
  version: number;
  migrations: readonly MigrationStep[];
  /** Fields holding HTML (Foundry's `htmlFields` in system.json). */
  htmlFields?: readonly string[];
}

export interface RulesetManifest {
  id: RulesetId;
  /** `CYCHOSYS.Ruleset.<id>.name` / `.blurb`: the game's name and one line about it (the first-run prompt). */
  name: string;
  blurb: string;
  Actor: Readonly<Record<string, TypeManifest>>;
  Item: Readonly<Record<string, TypeManifest>>;
  /** The compendium packs of this ruleset (system.json names), shown in its own folder. */
  packs: readonly string[];
  /** Token bars: the attribute paths each actor type offers. */
  trackable: Readonly<Record<string, { bar: string[]; value: string[] }>>;
}

/** Who is asking: the transport fills it from the request's author and document ownership. */
export interface FlowUser {
  id: string;
  isGM: boolean;
  /** Does this user own the actor? (Foundry: `testUserPermission(user, "OWNER")`.) */
  owns(actorUuid: string): boolean;
}

export interface ParticipantRef {
  actorUuid: string;
  name: string;
}

/** What every card's flow has, whatever its ruleset. */
export interface CardFlow {
  version: number;
  /** Absent on cards made before rulesets existed: those are Cychosys cards. */
  ruleset?: RulesetId;
  id: string;
  attacker: ParticipantRef;
  targets: { target: ParticipantRef }[];
  /** The request (its message id) the GM posted this card for; absent for a GM's own attack. */
  origin?: string;
  /** Writes the GM recorded as intended and has not yet confirmed done. */
  pending?: { requestId: string; writes: import("./writes.js").DocumentWrite[] };
  /** The last requests carried out on this card, so a replayed one changes nothing. */
  done?: string[];
}

/** Why a request was refused before anything else: the first problem, with its field path. */
export interface RequestProblem {
  field: string;
  kind: "type" | "value" | "range" | "length" | "unknownField" | "missing";
}

/** A request the ruleset's schema accepted: a new attack, or a step on an existing card. */
export type ParsedRequest<Declare, Step> =
  | { kind: "declare"; request: Declare }
  | { kind: "step"; attackId: string; messageId: string; request: Step };

export interface StepResult<Flow extends CardFlow = CardFlow> {
  flow: Flow;
  commands: WriteCommand[];
}

/** What a ruleset's steps may read of the world (the GM's client). */
export interface StepContext {
  env: WorkflowEnv;
  /** The GM whose client runs the step (the NPC setting's automatic apply acts as this GM). */
  gm: UserLike;
}

/** The attack workflow of a ruleset, as the GM's transport drives it. */
export interface RulesetWorkflow<Flow extends CardFlow = CardFlow, Declare = unknown, Step = unknown> {
  /** Check a request's shape; never throws. */
  parseRequest(value: unknown): { ok: true; parsed: ParsedRequest<Declare, Step> } | { ok: false; problem: RequestProblem };
  /** A new attack: the flow of the card the GM posts, and the writes it needs (an action spent, experience). */
  declare(ctx: StepContext, request: Declare, author: UserLike, requestId: string): Promise<StepResult<Flow>>;
  /** A step on a card, as `user`: the new flow and its writes; throws a LocalizedError to refuse. */
  step(ctx: StepContext, flow: Flow, request: Step, user: FlowUser, actors: ReadonlyMap<string, ActorLike>): Promise<StepResult<Flow>>;
  /** What the card's writes may touch. */
  scope(flow: Flow): WriteScope;
}

/** A combatant's round state on the combat (written by the GM only), as the transport changes it. */
export interface RulesetRound {
  /** The stored state if well-formed, else a fresh one for this combatant. */
  read(ref: CombatantRef): unknown;
  /** The state after an operation; throws a LocalizedError when it cannot be done (no action left). */
  apply(state: unknown, operation: unknown): unknown;
  /** The combat update that stores `next` for the combatant (changed paths only). */
  update(ref: CombatantRef, next: unknown): Record<string, unknown>;
}

/** The Node commands' view of a ruleset: one scenario text in, the outcome JSON out. */
export interface RulesetHeadless {
  resolve(text: string): unknown;
  demo(): string;
}

/** The engine part of a ruleset. */
export interface Ruleset<Flow extends CardFlow = CardFlow> {
  manifest: RulesetManifest;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the engine hands each ruleset back only what its own parser accepted
  workflow: RulesetWorkflow<Flow, any, any>;
  round: RulesetRound;
  headless: RulesetHeadless;
}
