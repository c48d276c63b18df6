/**
 * The Combat and Combatant document classes (the turn tracker, R14–R17,
 * R25, R33). Initiative is quickness, set without a roll; the order is the
 * rules core's `compareTurnOrder` (via src/combat/plan.ts), refreshed at the
 * start of every round; the end of a round runs once, on the active GM's
 * client, in the one combat queue (requests.ts); each combatant's round
 * state lives on the combat, `flags.cychosys.rounds.<id>` (round-state.ts).
 */
import type { RulesOptions } from "../../../rulesets/cychosys/rules/index.js";
import { roundEndHtml } from "../../../rulesets/cychosys/combat/tracker-view.js";
import { outOfFightNames, planRoundEndWork, roundEndNote, turnComparator } from "../../../rulesets/cychosys/combat/table.js";
import { format } from "../../i18n.js";
import {
  combatStartCombatUpdate,
  combatStartUpdates,
  drawTiebreaks,
  roundStartOrderUpdate,
  compareCombatants,
  defeatUpdate,
  type DocumentUpdate,
  quicknessOf,
  readInterrupt,
  roundStartUpdates,
  storedOrderFigures,
} from "../../../rulesets/cychosys/combat/plan.js";
import { currentOptions, FLAG_SCOPE, readRoundState } from "../../../rulesets/cychosys/combat/round-state.js";
import { enqueue, isActiveGM, submitRequest } from "../../requests.js";
import { type CombatantDoc, type CombatDoc, endInterrupt, facts, factsWith, registerActionHandlers } from "./actions.js";
import type { CombatRules } from "../../combat.js";

export type { CombatantDoc, CombatDoc };

/** Foundry's uniform generator (CONFIG.Dice.randomUniform), so a world's dice settings apply to the tiebreak too. */
function randomUniform(): number {
  const config = (globalThis as { CONFIG?: { Dice?: { randomUniform?: () => number } } }).CONFIG;
  return config?.Dice?.randomUniform?.() ?? Math.random();
}

const isGM = () => (game as unknown as { user: { isGM: boolean } }).user.isGM;
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

// ---------------------------------------------------------------------------
// What the documents do, as functions over the narrow shapes (tested with fakes).

/** Every combatant's facts, the combat's stored order figures read once. */
const factsOfAll = (combat: CombatDoc) => combat.combatants.contents.map(factsWith(storedOrderFigures(combat.flags)));

/** R14: initiative for the given combatants is their quickness — no roll. */
export async function setInitiativeFromQuickness(combat: CombatDoc, ids: readonly string[]): Promise<void> {
  const updates: DocumentUpdate[] = [];
  for (const id of ids) {
    const c = combat.combatants.get(id);
    const q = c ? quicknessOf(c.actor) : null;
    if (c && q !== null) updates.push({ _id: c.id, initiative: q });
  }
  if (updates.length > 0) await combat.updateEmbeddedDocuments("Combatant", updates);
}

/**
 * Combat start (GM): fresh budgets on the combat, no interrupt, no round
 * closed yet (one combat update); then initiative, the tiebreak drawn once
 * and the tie figures on the combatants.
 */
export async function prepareCombatStart(combat: CombatDoc, random: () => number = randomUniform, options: RulesOptions = currentOptions()): Promise<void> {
  const list = factsOfAll(combat);
  const tiebreaks = drawTiebreaks(list, random);
  const combatUpdate = combatStartCombatUpdate(combat, list, options, tiebreaks);
  if (Object.keys(combatUpdate).length > 0) await combat.update(combatUpdate);
  const updates = combatStartUpdates(list, tiebreaks);
  if (updates.length > 0) await combat.updateEmbeddedDocuments("Combatant", updates);
}

/** R14: refresh initiative and tie figures from current pools; true when anything changed. */
export async function refreshOrder(combat: CombatDoc): Promise<boolean> {
  const list = factsOfAll(combat);
  const order = roundStartOrderUpdate(combat.flags, list);
  if (Object.keys(order).length > 0) await combat.update(order);
  const updates = roundStartUpdates(list);
  if (updates.length > 0) await combat.updateEmbeddedDocuments("Combatant", updates);
  return updates.length > 0 || Object.keys(order).length > 0;
}

/** R33: mark (or unmark) the combat's combatants by their hit pools. */
export async function markDefeated(combat: CombatDoc, onlyActorUuid?: string): Promise<void> {
  const updates: DocumentUpdate[] = [];
  const factsOf = factsWith(storedOrderFigures(combat.flags));
  for (const c of combat.combatants.contents) {
    if (onlyActorUuid && c.actor?.uuid !== onlyActorUuid) continue;
    const update = defeatUpdate(factsOf(c));
    if (update) updates.push({ _id: c.id, ...update });
  }
  if (updates.length > 0) await combat.updateEmbeddedDocuments("Combatant", updates);
}

/**
 * R17, R25, R33: the end of round `round`, once — only on the active GM's
 * client, and only the first time (the combat remembers the last round
 * closed). One combat update closes the round and resets every budget (both
 * or neither); then unused actions restore fatigue, actor by actor — one that
 * fails is reported (console, notification, the note) and the others go on;
 * then the defeated are marked and one note says what happened. Returns
 * whether the round was closed. Callers run it in the combat queue.
 */
export async function closeCombatRound(combat: CombatDoc, round: number, options: RulesOptions = currentOptions()): Promise<boolean> {
  if (!isActiveGM()) return false;
  const closed = (combat.flags?.[FLAG_SCOPE] as Record<string, unknown> | undefined)?.closedRound;
  if (typeof closed === "number" && closed >= round) return false;
  const list = combat.combatants.contents;
  const { plans, combatUpdate } = planRoundEndWork(combat, factsOfAll(combat), options);
  try {
    await combat.update({ ...combatUpdate, [`flags.${FLAG_SCOPE}.closedRound`]: round });
  } catch (error) {
    console.error(`Cychosys | the end of round ${round} could not be recorded`, error);
    ui.notifications?.error(format("CYCHOSYS.Combat.RoundEnd.failed", { round, error: errorText(error) }), { permanent: true });
    return false;
  }
  const failed = new Set<string>();
  for (const plan of plans) {
    const actor = combat.combatants.get(plan.combatantId)?.actor;
    if (!actor || Object.keys(plan.actorUpdate).length === 0) continue;
    try {
      await actor.update(plan.actorUpdate);
    } catch (error) {
      console.error(`Cychosys | round ${round}: ${plan.name}'s fatigue could not be restored`, error);
      failed.add(plan.combatantId);
    }
  }
  const failedNames = plans.filter((p) => failed.has(p.combatantId)).map((p) => p.name);
  if (failedNames.length) ui.notifications?.error(format("CYCHOSYS.Combat.RoundEnd.notRestored", { names: failedNames.join(", ") }), { permanent: true });
  await markDefeated(combat).catch((error) => console.error("Cychosys | marking the defeated failed", error));
  // One note in the chat says what the round's end did (as the documents are now), so the table can follow it.
  const out = outOfFightNames(factsOfAll(combat));
  const summary = roundEndNote(round, { plans, out }, list, (key, params) => format(key, (params ?? {}) as Record<string, string | number>), failed);
  await ChatMessage.implementation
    .create({ content: roundEndHtml(summary), speaker: { alias: summary.title } } as never)
    .catch((error: unknown) => console.error("Cychosys | could not post the round-end note", error));
  return true;
}

// ---------------------------------------------------------------------------
// The document classes.

function combats(): CombatDoc[] {
  return ((game as unknown as { combats?: { contents: CombatDoc[] } }).combats?.contents ?? []) as CombatDoc[];
}

type CombatantCreating = CombatantDoc & { combat: CombatDoc | null };

/** Cychosys's turning points of the tracker (src/foundry/combat.ts): quickness, no roll, R14 ties, the round's end. */
export const cychosysCombatRules: CombatRules = {
  /** R14: the rules core's order; no initiative goes last. */
  compare: (a, b) => compareCombatants(facts(a as CombatantDoc), facts(b as CombatantDoc)),

  /** R14 for one sort: the combat's order figures read once, each combatant's key computed once. */
  prepareSort: (combat) => turnComparator(factsWith(storedOrderFigures((combat as CombatDoc).flags))) as (a: unknown, b: unknown) => number,

  /** Initiative is quickness: nothing is rolled, no message is posted. */
  rollInitiative: (combat, ids) => setInitiativeFromQuickness(combat as CombatDoc, ids),

  async startCombat(combat) {
    if (!isGM()) return;
    // Reported, not fatal: the combat still starts (its budgets are then last run's, and say so).
    await enqueue(() => prepareCombatStart(combat as CombatDoc)).catch((error) => {
      console.error("Cychosys | preparing the combat failed", error);
      ui.notifications?.error(format("CYCHOSYS.Combat.startFailed", { error: errorText(error) }), { permanent: true });
    });
  },

  /** The GM re-sorts before the round turns over, so the new round's first turn is right at once. */
  async nextRound(combat) {
    if (isGM()) await enqueue(() => refreshOrder(combat as CombatDoc));
  },

  /** R16: ending an interrupting combatant's turn returns to the one interrupted — on the active GM, in the queue; anyone else asks it. */
  async nextTurn(c) {
    const combat = c as CombatDoc;
    if (!readInterrupt(combat.flags)) return false;
    if (isActiveGM()) return enqueue(() => endInterrupt(combat));
    await submitRequest({ kind: "endInterrupt", combatId: combat.id });
    return true;
  },

  /** Runs on the one designated GM after the round changed. */
  async endRound(combat, round) {
    await enqueue(() => closeCombatRound(combat as CombatDoc, round));
  },

  /** A round started by a player's "end turn": the active GM re-sorts here and starts with the first. */
  async startRound(c) {
    const combat = c as CombatDoc;
    if (!isActiveGM()) return;
    await enqueue(async () => {
      if ((await refreshOrder(combat)) && combat.turn !== 0) await combat.update({ turn: 0 });
    });
  },

  /**
   * Initiative from quickness; joining a started combat draws the tiebreak
   * now. No budget is written here (the creator may be a player, who cannot
   * write the combat): a combatant the combat holds no round state for has a
   * fresh one.
   */
  preCreateCombatant(c) {
    const combatant = c as CombatantCreating;
    const q = quicknessOf(combatant.actor);
    const source: DocumentUpdate = {};
    if (q !== null && typeof combatant.initiative !== "number") source.initiative = q;
    if (combatant.combat?.started) {
      source[`flags.${FLAG_SCOPE}.tiebreak`] = randomUniform();
      source[`flags.${FLAG_SCOPE}.physicalHits`] = combatant.actor?.system.pools?.hit.physical.value ?? 0;
    }
    return source;
  },

  /** R14: Foundry's own initiative paths get the quickness itself (no dice). */
  initiativeFormula: (c) => String(quicknessOf((c as CombatantCreating).actor) ?? 0),
  initiative: { formula: "@derived.quickness.quickness", decimals: 0 },
};

/** This round's action budget and parry bonuses of a combatant, as the combat holds them (fresh when it holds none yet). */
export function roundStateOf(combatant: CombatantCreating) {
  return readRoundState(combatant.combat, combatant);
}

/** Register the request handlers and the hooks the tracker needs (in `init`). */
export function registerCombatHandlers(): void {
  registerActionHandlers();
  // R33: whenever an actor's pools change during a combat, the active GM marks or unmarks it (in the queue).
  const mark = (actorUuid: string) => {
    for (const combat of combats()) {
      if (combat.started) void enqueue(() => markDefeated(combat, actorUuid)).catch((error) => console.error("Cychosys | marking the defeated failed", error));
    }
  };
  Hooks.on("updateActor", ((actor: { uuid: string }, changes: { system?: { pools?: unknown } }) => {
    if (changes?.system?.pools && isActiveGM()) mark(actor.uuid);
  }) as never);
  // An unlinked token's actor changes through its token's delta: the same check for that synthetic actor.
  Hooks.on("updateToken", ((token: { actor?: { uuid: string } | null }, changes: { delta?: { system?: { pools?: unknown } } }) => {
    if (changes?.delta?.system?.pools && token.actor && isActiveGM()) mark(token.actor.uuid);
  }) as never);
}
