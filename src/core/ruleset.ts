/**
 * The seam between the engine and a ruleset (docs/adding-a-ruleset.md). The
 * engine — the GM's transport, the write executor, the card and tracker glue,
 * the Node commands — calls a ruleset only through these interfaces and
 * imports no ruleset itself. Kept as small as the rulesets that exist
 * need: Cychosys, OpenD6, Cities Without Number and GURPS.
 *
 * - `RulesetManifest`: what every world loads for every ruleset — its id,
 *   names, document types and their Foundry-free schemas. Small.
 * - `Ruleset`: the engine part, used only for the active ruleset — its
 *   workflow on the cards, its round state, and optionally its odds
 *   (docs/odds.md). The Node commands' parts (scenario readers, demos,
 *   duels) are attached by the commands (src/cli/), so a world's bundle
 *   does not carry them.
 */
import type { GmOnlyFields } from "./gm-only.js";
import type { FieldsDescription, MigrationStep } from "./schema/description.js";
import type { WriteCommand, WriteScope } from "./writes.js";
import type { ActorLike, CombatantRef, UserLike, WorkflowEnv } from "./transport/ports.js";

export const RULESET_IDS = ["cychosys", "d6", "cwn", "phase", "gurps"] as const;
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

/**
 * One actor type's token bars: the attribute paths (under `system`) a token
 * may show — `bar`: `{ value, max }` objects, `value`: single numbers — and
 * the two a new token of it shows (`token`: its damage track first; null for
 * none). A derived path (`derived.…`) is shown, not edited on the token.
 */
export interface TokenTrackable {
  bar: readonly string[];
  value: readonly string[];
  token: readonly [bar1: string | null, bar2: string | null];
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
  /** Token bars, per actor type (every one of its actor types has its own entry). */
  trackable: Readonly<Record<string, TokenTrackable>>;
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
  /**
   * Per step (`declare`, `defend`, …), the fields only a GM may send: the
   * transport refuses a request from any other author that sends one
   * (src/core/gm-only.ts), before the step runs.
   */
  gmOnlyFields?: GmOnlyFields;
  /** A new attack: the flow of the card the GM posts, and the writes it needs (an action spent, experience). */
  declare(ctx: StepContext, request: Declare, author: UserLike, requestId: string): Promise<StepResult<Flow>>;
  /** A step on a card, as `user`: the new flow and its writes; throws a LocalizedError to refuse. */
  step(ctx: StepContext, flow: Flow, request: Step, user: FlowUser, actors: ReadonlyMap<string, ActorLike>): Promise<StepResult<Flow>>;
  /** What the card's writes may touch. */
  scope(flow: Flow): WriteScope;
}

/**
 * A combatant's round state on the combat (written by the GM only), as the
 * transport changes it. Most rulesets keep one state per combatant; a
 * ruleset whose turns belong to sides (Cities Without Number, W3/W4) keeps
 * one state for the whole combat and says so with `scope: "combat"`: `read`
 * then returns the whole state for any of its combatants, and `apply` is
 * told which combatant the operation is for (`ref`), so an operation never
 * names a combatant itself.
 */
export interface RulesetRound {
  /** The stored state if well-formed, else a fresh one for this combatant (with scope "combat": the combat's whole state). */
  read(ref: CombatantRef): unknown;
  /** The state after the combatant's operation; throws a LocalizedError when it cannot be done (no action left). */
  apply(state: unknown, operation: unknown, ref: CombatantRef): unknown;
  /** The combat update that stores `next` (changed paths only). */
  update(ref: CombatantRef, next: unknown): Record<string, unknown>;
  /**
   * Optional: keep what of `next` must not go on the combat, which every
   * client receives (the phase ruleset's hidden declarations). Called before
   * the combat's update, and again by a retry that finds the combat not yet
   * written, so it must be idempotent.
   */
  store?(ref: CombatantRef, next: unknown): Promise<void>;
  /**
   * Whose state an operation changes: the combatant's own (default), or the
   * combat's as a whole — then several operations of one step on different
   * combatants of a combat are checked one after the other on one state.
   */
  scope?: "combatant" | "combat";
}

// ---------------------------------------------------------------------------
// Odds (optional): exact chances before a roll (docs/odds.md, docs/adding-a-ruleset.md "Odds").

/**
 * One attack answered with one defense choice, as exact chances (each in
 * [0, 1]) and expectations. Computed by the ruleset's pure core from dice
 * distributions, never by sampling; it decides nothing.
 */
export interface DefenseOdds {
  /** The ruleset's key for the choice ("evade", "parry", "none", "dodge" …); the ruleset labels it. */
  defense: string;
  /** The blow lands on the defender (whether or not anything gets through their protection). */
  struck: number;
  /** Expected injury to the defender, in the odds' `unit`. */
  injury: number;
  /** The attack turns on the attacker (a counter that seizes it, a blade that parries a fist): 0 where the rules have none. */
  attackerStruck: number;
  /** Expected injury to the attacker, in the same unit. */
  attackerInjury: number;
  /** Further named chances in the ruleset's own keys ("miss", "parryBreaks", "taken.B", "level.wounded" …). */
  outcomes: Readonly<Record<string, number>>;
}

/** One attack against every defense open to the defender. */
export interface AttackOdds {
  /** What `injury` counts: a key of `CYCHOSYS.Odds.Unit` ("hits", "fatigue", "woundSteps" …). */
  unit: string;
  /** One entry per defense open to the defender, in the ruleset's order; never empty (no choice is one entry, "none"). */
  defenses: readonly DefenseOdds[];
}

/**
 * The choice a defender who wants the best expected outcome makes: the least
 * expected injury to themselves less injury to the attacker, then the lower
 * chance of being struck, then the ruleset's order. The attack dialog's
 * "chance to strike" is against this choice, and the duel command's
 * defenders play it.
 */
export function bestDefense(odds: AttackOdds): DefenseOdds {
  let best = odds.defenses[0]!;
  for (const d of odds.defenses) {
    const net = d.injury - d.attackerInjury;
    const bestNet = best.injury - best.attackerInjury;
    if (net < bestNet - 1e-12 || (Math.abs(net - bestNet) <= 1e-12 && d.struck < best.struck - 1e-12)) best = d;
  }
  return best;
}

/**
 * A ruleset's odds: `attack` takes the ruleset's own query (the attack as far
 * as it is known — a total already rolled, or the dice still to roll — and
 * the defender's options, all from what the asking client may see) and
 * returns the odds against each defense choice. Pure and fast enough to run
 * on every keystroke of a dialog.
 */
export interface RulesetOdds<Query = unknown> {
  attack(query: Query): AttackOdds;
}

/** A die the Node duel command rolls for a core (a seeded generator): a face from 1 to `sides`. The cores never roll themselves. */
export type DiceSource = (sides: number) => number;

/** How one simulated duel ended. */
export interface DuelResult {
  /** Who was left standing: "a", "b", or "draw" (both out, or the round limit reached). */
  winner: "a" | "b" | "draw";
  /** Rounds played (the last one included). */
  rounds: number;
}

/**
 * A ruleset's duel simulator for `npm run duel`: the full rules (turn order,
 * action budget) with a simple policy per side, each defender taking the
 * `bestDefense` of the ruleset's odds.
 */
export interface RulesetDuel<Fighter = unknown> {
  /** One actor (a compendium export or plain JSON) as a fighter; throws a LocalizedError naming the field. */
  fighter(json: unknown): Fighter;
  /** Play one duel between `a` and `b` to its end or `maxRounds`, with dice from `roll`. */
  play(a: Fighter, b: Fighter, roll: DiceSource, maxRounds: number): DuelResult;
  /**
   * What `fighter` will do against `opponent` under the policy — the weapon,
   * the defense, the manoeuvre — in one line (a sentence naming the
   * fighter), printed above the figures so a GM can tell why one side wins.
   */
  plan?(fighter: Fighter, opponent: Fighter): string;
}

/** The engine part of a ruleset. */
export interface Ruleset<Flow extends CardFlow = CardFlow> {
  manifest: RulesetManifest;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the engine hands each ruleset back only what its own parser accepted
  workflow: RulesetWorkflow<Flow, any, any>;
  round: RulesetRound;
  /** Exact odds before a roll; absent while a ruleset has none (its dialogs and cards then show none). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each ruleset's Foundry side builds its own query shape
  odds?: RulesetOdds<any>;
  /**
   * The duel simulator of `npm run duel` (`src/rulesets/<id>/duel/index.ts`),
   * attached by the command (src/cli/duel-rulesets.ts); a world's ruleset has
   * none.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a fighter is the ruleset's own shape
  duel?: RulesetDuel<any>;
}
