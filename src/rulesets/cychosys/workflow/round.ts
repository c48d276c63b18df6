/**
 * The combat round for the tracker, as pure functions over each combatant's
 * round state (stored in Combatant flags): turn order at the start of a
 * round (R14), the action budget and its spending (R15–R17), parry bonuses
 * that lapse at round end (R25), and who is defeated (R33). The rules core
 * decides; this module keeps the per-combatant state together.
 */
import {
  type ActionBudget,
  actionsLeft,
  defend,
  endRound as endBudgetRound,
  type Facet,
  type FacetValues,
  newBudget,
  type OrderEntry,
  outOfFight,
  type RulesOptions,
  spendAction,
  STANDARD_OPTIONS,
  takeExtraAction,
  turnOrder,
  wait,
} from "../rules/index.js";

/** R25: a bonus on the next attack against one opponent, this round only. */
export interface ParryBonus {
  againstUuid: string;
  bonus: number;
}

export interface RoundState {
  budget: ActionBudget;
  parryBonuses: ParryBonus[];
}

export function newRoundState(extraActions = 0, options: RulesOptions = STANDARD_OPTIONS): RoundState {
  return { budget: newBudget(extraActions, options), parryBonuses: [] };
}

/** R14: the order for a new round, from each combatant's current figures. */
export function orderForRound<T extends OrderEntry>(entries: readonly T[]): T[] {
  return turnOrder(entries);
}

/** R15: an attack, action total or move uses an action; an attack uses up a parry bonus against its target. */
export function useAction(state: RoundState, againstUuid?: string): { state: RoundState; parryBonus: number } {
  const budget = spendAction(state.budget);
  const index = againstUuid ? state.parryBonuses.findIndex((b) => b.againstUuid === againstUuid) : -1;
  const parryBonus = index >= 0 ? state.parryBonuses[index]!.bonus : 0;
  const parryBonuses = index >= 0 ? state.parryBonuses.filter((_, i) => i !== index) : state.parryBonuses;
  return { state: { budget, parryBonuses }, parryBonus };
}

/**
 * R15, R25: an attack spends an action; against a single target it also uses
 * up the parry bonus held against that target (an attack on several targets
 * shares one total, so no one target's bonus applies). Throws
 * `noActionsLeft` when the budget is spent.
 */
export function attackRoundStep(state: RoundState, targetUuids: readonly string[]): { state: RoundState; parryBonus: number } {
  return useAction(state, targetUuids.length === 1 ? targetUuids[0] : undefined);
}

/** R15: a defense total against an attack (the second against the same attack costs an action). */
export function useDefense(state: RoundState, attackId: string): { state: RoundState; costsAction: boolean } {
  const result = defend(state.budget, attackId);
  return { state: { ...state, budget: result.budget }, costsAction: result.costsAction };
}

/** R16: pay 6 fatigue from one pool for an extra action at once. */
export function buyExtraAction(
  state: RoundState,
  fatigue: FacetValues,
  pool: Facet,
  options: RulesOptions = STANDARD_OPTIONS,
): { state: RoundState; fatigue: FacetValues } {
  const result = takeExtraAction(state.budget, fatigue, pool, options);
  return { state: { ...state, budget: result.budget }, fatigue: result.fatigue };
}

/** R17: hold the action. */
export function holdAction(state: RoundState): RoundState {
  return { ...state, budget: wait(state.budget) };
}

/** R25: remember a parry bonus against the attacker (the best one, if several). */
export function grantParryBonus(state: RoundState, bonus: ParryBonus): RoundState {
  const others = state.parryBonuses.filter((b) => b.againstUuid !== bonus.againstUuid);
  const existing = state.parryBonuses.find((b) => b.againstUuid === bonus.againstUuid);
  const kept = existing && existing.bonus >= bonus.bonus ? existing : bonus;
  return { ...state, parryBonuses: [...others, kept] };
}

/**
 * R17, R25: end of round for one combatant: unused actions restore fatigue
 * (not above the maximum), parry bonuses lapse, the budget resets.
 */
export function closeRound(
  state: RoundState,
  fatigue: FacetValues,
  fatigueMax: FacetValues,
  extraActions = 0,
  choices: readonly Facet[] = [],
  options: RulesOptions = STANDARD_OPTIONS,
): { state: RoundState; fatigue: FacetValues; restored: FacetValues; unused: number } {
  const unused = actionsLeft(state.budget);
  const result = endBudgetRound(state.budget, fatigue, fatigueMax, choices, options);
  return { state: newRoundState(extraActions, options), fatigue: result.fatigue, restored: result.restored, unused };
}

/**
 * R17: the pool each unused action restores, by the character's standing
 * choice: the chosen pool while it has room, then (undefined) the rules
 * core's default, the most depleted pool. No choice: all default.
 */
export function recoveryChoices(
  preferred: Facet | undefined,
  unused: number,
  fatigue: FacetValues,
  fatigueMax: FacetValues,
  options: RulesOptions = STANDARD_OPTIONS,
): Facet[] {
  if (!preferred || unused <= 0 || options.unusedActionFatigue <= 0) return [];
  const room = Math.max(0, fatigueMax[preferred] - fatigue[preferred]);
  return Array.from({ length: Math.min(unused, Math.ceil(room / options.unusedActionFatigue)) }, () => preferred);
}

/** R33: a combatant with any hit pool at 0 is defeated. */
export function isDefeated(hitPools: FacetValues): boolean {
  return outOfFight(hitPools).defeated;
}
