/**
 * R14–R18: turn order and the per-round action budget, as pure state
 * transitions. The combat tracker stores an ActionBudget per combatant and
 * calls these; nothing here knows about Foundry.
 */
import { RulesError } from "./errors.js";
import { type RulesOptions, STANDARD_OPTIONS } from "./options.js";
import { FACETS, type Facet, type FacetValues } from "./types.js";

// ---------------------------------------------------------------------------
// R14: turn order.

export interface OrderEntry {
  id: string;
  quickness: number;
  /** Player characters go before others on a tie. */
  playerCharacter: boolean;
  /** Current physical hit pool: higher goes first on a tie. */
  physicalHits: number;
  /** Drawn once when the combat starts and kept: lower goes first on a remaining tie. */
  tiebreak: number;
}

/** R14: highest quickness first; ties: PCs, then higher physical pool, then the drawn tiebreak, then id. */
export function compareTurnOrder(a: OrderEntry, b: OrderEntry): number {
  return (
    b.quickness - a.quickness ||
    Number(b.playerCharacter) - Number(a.playerCharacter) ||
    b.physicalHits - a.physicalHits ||
    a.tiebreak - b.tiebreak ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

export function turnOrder<T extends OrderEntry>(entries: readonly T[]): T[] {
  return entries.slice().sort(compareTurnOrder);
}

// ---------------------------------------------------------------------------
// R15–R17: the action budget of one participant for one round.

export interface ActionBudget {
  /** Actions this round: 1 plus any from trademarks (R15). */
  perRound: number;
  /** Regular actions used (attacks, actions, moves, second defenses). */
  spent: number;
  /** Extra actions bought with fatigue this round (R16); each is used at once. */
  extraTaken: number;
  /** Holding an action for later (R17). */
  waiting: boolean;
  /** Defense totals made per attack id this round (R15). */
  defenses: Record<string, number>;
}

export function newBudget(extraActionsFromTrademarks = 0, options: RulesOptions = STANDARD_OPTIONS): ActionBudget {
  return { perRound: options.actionsPerRound + Math.max(0, extraActionsFromTrademarks), spent: 0, extraTaken: 0, waiting: false, defenses: {} };
}

export function actionsLeft(budget: ActionBudget): number {
  return Math.max(0, budget.perRound - budget.spent);
}

/** R15: attacking, a non-combat action total or moving uses an action (a held one first). */
export function spendAction(budget: ActionBudget): ActionBudget {
  if (actionsLeft(budget) <= 0) throw new RulesError("noActionsLeft");
  return { ...budget, spent: budget.spent + 1, waiting: false };
}

/**
 * R15: the first defense total against an attack is free; each further one
 * against the same attack costs an action.
 */
export function defend(budget: ActionBudget, attackId: string): { budget: ActionBudget; costsAction: boolean } {
  const made = budget.defenses[attackId] ?? 0;
  const costsAction = made >= 1;
  if (costsAction && actionsLeft(budget) <= 0) throw new RulesError("noActionsLeft");
  return {
    budget: {
      ...budget,
      spent: budget.spent + (costsAction ? 1 : 0),
      defenses: { ...budget.defenses, [attackId]: made + 1 },
    },
    costsAction,
  };
}

/** Would a defense against this attack cost an action? (For the dialog's warning.) */
export function defenseCostsAction(budget: ActionBudget, attackId: string): boolean {
  return (budget.defenses[attackId] ?? 0) >= 1;
}

/**
 * R16: pay the extra-action fatigue from one fatigue pool to act at once,
 * interrupting the current turn. Any participant may (the seed lets "another
 * participant" answer the same way).
 */
export function takeExtraAction(
  budget: ActionBudget,
  fatigue: FacetValues,
  pool: Facet,
  options: RulesOptions = STANDARD_OPTIONS,
): { budget: ActionBudget; fatigue: FacetValues } {
  const cost = options.extraActionFatigue;
  if (fatigue[pool] < cost) throw new RulesError("notEnoughFatigue", { cost, facet: pool, value: fatigue[pool] });
  return { budget: { ...budget, extraTaken: budget.extraTaken + 1 }, fatigue: { ...fatigue, [pool]: fatigue[pool] - cost } };
}

/** R17: hold an action for later in the round. */
export function wait(budget: ActionBudget): ActionBudget {
  if (budget.waiting) throw new RulesError("alreadyWaiting");
  if (actionsLeft(budget) <= 0) throw new RulesError("noActionsLeft");
  return { ...budget, waiting: true };
}

/**
 * R17: at round end each unused action restores fatigue to a pool of the
 * character's choice (not above its maximum); `choices` names a pool per
 * unused action, else the pool furthest below its maximum is chosen (ties
 * physical, mental, emotional). Actions never carry over.
 */
export function endRound(
  budget: ActionBudget,
  fatigue: FacetValues,
  fatigueMax: FacetValues,
  choices: readonly Facet[] = [],
  options: RulesOptions = STANDARD_OPTIONS,
): { budget: ActionBudget; fatigue: FacetValues; restored: FacetValues } {
  const unused = actionsLeft(budget);
  const after = { ...fatigue };
  const restored = { physical: 0, mental: 0, emotional: 0 };
  for (let i = 0; i < unused; i++) {
    const pool = choices[i] ?? mostDepleted(after, fatigueMax);
    const gain = Math.max(0, Math.min(options.unusedActionFatigue, fatigueMax[pool] - after[pool]));
    after[pool] += gain;
    restored[pool] += gain;
  }
  return { budget: { ...budget, spent: 0, extraTaken: 0, waiting: false, defenses: {} }, fatigue: after, restored };
}

function mostDepleted(values: FacetValues, max: FacetValues): Facet {
  let pick: Facet = "physical";
  for (const f of FACETS) if (max[f] - values[f] > max[pick] - values[pick]) pick = f;
  return pick;
}

// ---------------------------------------------------------------------------
// R18, R40, R41: no advancement in combat.

/** R18: experience can be earned but not spent during an active combat. */
export function assertNotInCombat(inCombat: boolean): void {
  if (inCombat) throw new RulesError("inCombat");
}
