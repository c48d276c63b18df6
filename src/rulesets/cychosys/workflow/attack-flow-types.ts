/**
 * The attack workflow's data (see attack-flow.ts): the flow a chat message
 * stores, what each side declares, the verdict and applications kept for undo,
 * and the commands a step hands the Foundry side.
 */
import type { AttackOutcomeJson, AttackResolution, Facet, HitLocation, OutfitPiece, Pools, Side, StrikeChoices } from "../rules/index.js";
import type { CardFlow, ParticipantRef } from "../../../core/ruleset.js";

export type { FlowUser, ParticipantRef } from "../../../core/ruleset.js";

export const FLOW_VERSION = 1;

/** An actor taking part, by document UUID, with the name the cards show. */

/** How a total was made, for the card: the faces rolled (key die first) and each addend (R13). */
export interface RollSummary {
  /** What was rolled, e.g. "Knife · Brawl". */
  label: string;
  faces: number[];
  /** Every addend, costs and penalties negative; they sum to the total unless the key die crashed (R12). */
  terms: { kind: string; value: number }[];
}

export interface AttackDeclaration {
  /** Final action total, effect costs paid (R13, R19). */
  total: number;
  surge: boolean;
  /** Edge with the effects added to the attack (R27), as notation. */
  edge: string;
  /** Faces rolled, key die first, for the card. */
  dice: number[];
  /** An attack aimed at the mind or ego, or a called location (R29). */
  location?: HitLocation;
  /** R36: a non-lethal contest against this fatigue pool. */
  nonLethal?: Facet;
  roll?: RollSummary;
}

/** An object a parry lands on (R25, R37). */
export interface ParryObjectDeclaration {
  name: string;
  shield: string;
  hits: number;
  /** The item it is, so the GM can damage it; absent for an ad-hoc object. */
  itemUuid?: string;
}

export type DefenseDeclaration =
  | { form: "evade" | "brave" | "parry"; total: number; surge: boolean; object?: ParryObjectDeclaration; roll?: RollSummary }
  | { form: "counter"; total: number; surge: boolean; edge: string; roll?: RollSummary };

export interface CounterStep {
  side: Side;
  /** Total before handicap (R23). */
  total: number;
  surge: boolean;
  roll?: RollSummary;
}

export type TargetPhase = "awaitingDefense" | "exchange" | "resolved" | "applied";

/** What an application changed, kept so undo restores it exactly. */
export interface AppliedInjury {
  by: string;
  struck: ParticipantRef;
  choices: InjuryChoices;
  outcome: AttackOutcomeJson;
  /** The whole resolution (plain data), so the card explains every step (explainAttack). */
  resolution: AttackResolution;
  /** Pools before and after, exactly as stored. */
  before: Pools;
  after: Pools;
  /** Conditions created, with the ids handed in for their ActiveEffects. */
  conditions: { id: string; letter: string; piercing: boolean }[];
  object?: { itemUuid: string; hitsBefore: number; hitsAfter: number; destroyed: boolean };
  undoneBy?: string;
}

export interface TargetFlow {
  target: ParticipantRef;
  phase: TargetPhase;
  /** Defense totals made against this attack (R15: the second costs an action). */
  defenses: number;
  defense?: DefenseDeclaration;
  /** Counterattacks so far (R23), defender first. */
  counters: CounterStep[];
  /** Who is due to counter again or take it, during an exchange. */
  awaiting?: Side;
  /** The contest's verdict once resolved: who is struck, by which totals. */
  verdict?: Verdict;
  /** Every application, newest last; at most one is in force (not undone). */
  applications: AppliedInjury[];
}

export interface Verdict {
  struck: Side | "none";
  striker?: Side;
  strikingTotal?: number;
  otherTotal?: number;
  edge?: string;
  antiImpact?: { hits: number; asterisks: number };
  parryWon?: boolean;
  parryBonus?: number;
  missed?: "miss" | "smallTarget";
}

/** A Cychosys card's flow: the shared card fields (src/core/ruleset.ts) and the attack with its targets. */
export interface AttackFlow extends CardFlow {
  attack: AttackDeclaration;
  targets: TargetFlow[];
}

/**
 * What the Foundry side must change after a step. Pools and an object's hits
 * change by a delta (after − before, or before − after for undo), so another
 * injury landing on the same actor in between is kept, never overwritten.
 */
export type FlowCommand =
  | { kind: "spendAction"; actorUuid: string; attackId: string }
  | { kind: "addToPools"; actorUuid: string; delta: Pools }
  | { kind: "addConditions"; actorUuid: string; conditions: { id: string; letter: string; piercing: boolean }[] }
  | { kind: "removeConditions"; actorUuid: string; ids: string[] }
  | { kind: "addToObjectHits"; itemUuid: string; delta: number }
  | { kind: "grantParryBonus"; actorUuid: string; againstUuid: string; bonus: number };

export interface StepResult {
  flow: AttackFlow;
  commands: FlowCommand[];
}

/**
 * The struck side's choices (R28, R32, R33) and, R36, whether the impact is
 * read as fatigue: a facet overrides the attack's declaration, `false` makes
 * the blow lethal after all; absent keeps what the attack declared.
 */
export interface InjuryChoices extends StrikeChoices {
  nonLethal?: Facet | false;
}

/** The struck side's state at the moment of application, read from its actor. */
export interface StruckState {
  outfit: readonly OutfitPiece[];
  extraSoakSteps: number;
  pools: Pools;
  /**
   * R25, R37: the hits the parry object the defense named holds now (the
   * defender's own item, read from its actor): a blow applied since the
   * parry was declared may have damaged it. Absent: the hits declared.
   */
  objectHits?: number;
}
