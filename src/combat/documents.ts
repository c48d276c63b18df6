/**
 * The Combat and Combatant document classes (the turn tracker, R14–R17,
 * R25, R33). Initiative is quickness, set without a roll; the order is the
 * rules core's `compareTurnOrder` (via src/combat/plan.ts), refreshed at the
 * start of every round; the end of a round runs once, on the active GM's
 * client; each combatant's round state lives in `flags.cychosys.round`.
 */
import { type Facet, isFacet, RulesError, type RulesOptions } from "../rules/index.js";
import { isDefeated } from "../workflow/round.js";
import { roundEndHtml, roundEndSummary } from "./tracker-view.js";
import { format, localize, localizeError } from "../foundry/i18n.js";
import {
  type CombatantFacts,
  combatStartUpdates,
  compareCombatants,
  defeatUpdate,
  type DocumentUpdate,
  interruptReturnTurn,
  planExtraAction,
  planInterrupt,
  planRoundEnd,
  planWait,
  quicknessOf,
  readInterrupt,
  recoveryPoolUpdate,
  roundStartUpdates,
} from "./plan.js";
import { currentOptions, FLAG_SCOPE, readRoundState, ROUND_FLAG } from "./round-state.js";
import { isActiveGM, registerRequestHandler, type RequestUser, submitRequest } from "./requests.js";

/** The members of a Combatant the system uses. */
export interface CombatantDoc {
  id: string;
  name: string;
  initiative: number | null;
  defeated: boolean;
  flags: Record<string, unknown>;
  actor: (CombatantFacts["actor"] & { testUserPermission(user: unknown, level: string): boolean; update(data: DocumentUpdate): Promise<unknown> }) | null;
  update(data: DocumentUpdate): Promise<unknown>;
}

/** The members of a Combat the system uses. */
export interface CombatDoc {
  id: string;
  round: number;
  turn: number | null;
  started: boolean;
  flags: Record<string, unknown>;
  turns: CombatantDoc[];
  combatants: { contents: CombatantDoc[]; get(id: string): CombatantDoc | undefined };
  update(data: DocumentUpdate): Promise<unknown>;
  updateEmbeddedDocuments(name: "Combatant", updates: DocumentUpdate[]): Promise<unknown>;
}

export const facts = (c: CombatantDoc): CombatantFacts => ({
  id: c.id,
  name: c.name,
  initiative: typeof c.initiative === "number" ? c.initiative : null,
  defeated: c.defeated === true,
  flags: c.flags ?? {},
  actor: c.actor ?? null,
});

/** Foundry's uniform generator (CONFIG.Dice.randomUniform), so a world's dice settings apply to the tiebreak too. */
function randomUniform(): number {
  const config = (globalThis as { CONFIG?: { Dice?: { randomUniform?: () => number } } }).CONFIG;
  return config?.Dice?.randomUniform?.() ?? Math.random();
}

const isGM = () => (game as unknown as { user: { isGM: boolean } }).user.isGM;
const notify = (level: "info" | "warn", text: string) => ui.notifications?.[level](text);

// ---------------------------------------------------------------------------
// What the documents do, as functions over the narrow shapes (tested with fakes).

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

/** Combat start (GM): initiative, the tiebreak drawn once, tie figures, fresh budgets. */
export async function prepareCombatStart(combat: CombatDoc, random: () => number = randomUniform, options: RulesOptions = currentOptions()): Promise<void> {
  const updates = combatStartUpdates(combat.combatants.contents.map(facts), random, options);
  if (updates.length > 0) await combat.updateEmbeddedDocuments("Combatant", updates);
}

/** R14: refresh initiative and tie figures from current pools; true when anything changed. */
export async function refreshOrder(combat: CombatDoc): Promise<boolean> {
  const updates = roundStartUpdates(combat.combatants.contents.map(facts));
  if (updates.length > 0) await combat.updateEmbeddedDocuments("Combatant", updates);
  return updates.length > 0;
}

/** R33: mark (or unmark) the combat's combatants by their hit pools. */
export async function markDefeated(combat: CombatDoc, onlyActorUuid?: string): Promise<void> {
  const updates: DocumentUpdate[] = [];
  for (const c of combat.combatants.contents) {
    if (onlyActorUuid && c.actor?.uuid !== onlyActorUuid) continue;
    const update = defeatUpdate(facts(c));
    if (update) updates.push({ _id: c.id, ...update });
  }
  if (updates.length > 0) await combat.updateEmbeddedDocuments("Combatant", updates);
}

/**
 * R17, R25, R33: the end of round `round`, once — only on the active GM's
 * client, and only the first time (the combat remembers the last round
 * closed). Unused actions restore fatigue, parry bonuses lapse, budgets
 * reset, the defeated are marked. Returns whether it ran.
 */
export async function closeCombatRound(combat: CombatDoc, round: number, options: RulesOptions = currentOptions()): Promise<boolean> {
  if (!isActiveGM()) return false;
  const closed = (combat.flags?.[FLAG_SCOPE] as Record<string, unknown> | undefined)?.closedRound;
  if (typeof closed === "number" && closed >= round) return false;
  await combat.update({ [`flags.${FLAG_SCOPE}.closedRound`]: round });
  const plans = planRoundEnd(combat.combatants.contents.map(facts), options);
  for (const plan of plans) {
    const actor = combat.combatants.get(plan.combatantId)?.actor;
    if (actor && Object.keys(plan.actorUpdate).length > 0) await actor.update(plan.actorUpdate);
  }
  const updates = plans.filter((p) => Object.keys(p.combatantUpdate).length > 0).map((p) => ({ _id: p.combatantId, ...p.combatantUpdate }));
  if (updates.length > 0) await combat.updateEmbeddedDocuments("Combatant", updates);
  await markDefeated(combat);
  // One note in the chat says what the round's end did, so the table can follow it.
  const list = combat.combatants.contents;
  const nameOf = (uuid: string) => list.find((c) => c.actor?.uuid === uuid)?.name ?? uuid;
  const out = list
    .filter((c) => {
      const hit = c.actor?.system.pools?.hit;
      return !!hit && isDefeated({ physical: hit.physical.value, mental: hit.mental.value, emotional: hit.emotional.value });
    })
    .map((c) => c.name);
  const summary = roundEndSummary(round, plans, nameOf, out, (key, params) => format(key, (params ?? {}) as Record<string, string | number>));
  await ChatMessage.implementation.create({ content: roundEndHtml(summary), speaker: { alias: summary.title } } as never);
  return true;
}

/** May this user work this combatant's controls? Its actor's owners and the GM. */
export function mayControl(user: RequestUser, combatant: CombatantDoc | undefined): boolean {
  if (!combatant) return false;
  return user.isGM || combatant.actor?.testUserPermission(user, "OWNER") === true;
}

/** R17: wait. An owner may update their own combatant's flags, so this needs no GM. */
export async function waitAction(combat: CombatDoc, combatantId: string, user: RequestUser, options: RulesOptions = currentOptions()): Promise<boolean> {
  const combatant = combat.combatants.get(combatantId);
  if (!mayControl(user, combatant)) {
    notify("warn", localize("CYCHOSYS.Combat.notYours"));
    return false;
  }
  try {
    const plan = planWait(facts(combatant!), options);
    await combatant!.update(plan.combatantUpdate);
    return true;
  } catch (error) {
    if (!(error instanceof RulesError)) throw error;
    notify("warn", localizeError(error));
    return false;
  }
}

/** R17: the fatigue pool unused actions restore ("" for the most depleted). An owner may set it on their own combatant. */
export async function setRecoveryPool(combat: CombatDoc, combatantId: string, value: string, user: RequestUser): Promise<boolean> {
  const combatant = combat.combatants.get(combatantId);
  if (!mayControl(user, combatant)) {
    notify("warn", localize("CYCHOSYS.Combat.notYours"));
    return false;
  }
  if (value !== "" && !isFacet(value)) {
    notify("warn", format("CYCHOSYS.Combat.badPool", { value }));
    return false;
  }
  await combatant!.update(recoveryPoolUpdate(value === "" ? undefined : value));
  return true;
}

/**
 * R16 on the GM's side (run for the GM or for a player's request): pay the
 * fatigue, count the extra action, and let the combatant interrupt — it takes
 * the current turn; ending that turn returns to the one interrupted.
 */
export async function extraAction(combat: CombatDoc, combatantId: string, pool: Facet, user: RequestUser, options: RulesOptions = currentOptions()): Promise<void> {
  const combatant = combat.combatants.get(combatantId);
  if (!mayControl(user, combatant)) throw new Error(localize("CYCHOSYS.Combat.notYours"));
  const plan = planExtraAction(facts(combatant!), pool, options);
  await combatant!.actor!.update(plan.actorUpdate);
  await combatant!.update(plan.combatantUpdate);
  if (combat.started) {
    const interrupt = planInterrupt(combat.turns.map((t) => t.id), combat.turn, combatantId, readInterrupt(combat.flags));
    if (interrupt) await combat.update({ turn: interrupt.turn, [`flags.${FLAG_SCOPE}.interrupt`]: interrupt.interrupt });
  }
  await ChatMessage.implementation.create({
    content: `<p class="cychosys-tracker-note">${format("CYCHOSYS.Combat.extraTaken", {
      name: combatant!.name,
      cost: options.extraActionFatigue,
      pool: localize(`CYCHOSYS.Facet.${pool}`),
    })}</p>`,
  } as never);
}

/** End an interrupt (GM side): the turn goes back to the combatant interrupted. True when it did. */
export async function endInterrupt(combat: CombatDoc): Promise<boolean> {
  const interrupt = readInterrupt(combat.flags);
  if (!interrupt) return false;
  const turn = interruptReturnTurn(combat.turns.map((t) => t.id), interrupt);
  const update: DocumentUpdate = { [`flags.${FLAG_SCOPE}.-=interrupt`]: null };
  if (turn !== null) update.turn = turn;
  await combat.update(update);
  return turn !== null;
}

// ---------------------------------------------------------------------------
// The document classes.

type CombatBase = new (...args: never[]) => CombatDoc & {
  startCombat(): Promise<unknown>;
  nextRound(): Promise<unknown>;
  nextTurn(): Promise<unknown>;
};

function combats(): CombatDoc[] {
  return ((game as unknown as { combats?: { contents: CombatDoc[] } }).combats?.contents ?? []) as CombatDoc[];
}
const combatById = (id: string) => combats().find((c) => c.id === id);

/** Define the classes (Foundry's `Combat` and `Combatant` are globals only once Foundry runs). */
export function defineCombatDocuments() {
  const FoundryCombat = Combat as unknown as CombatBase;

  class CychosysCombat extends FoundryCombat {
    /** R14: the rules core's order; no initiative goes last. */
    _sortCombatants(a: CombatantDoc, b: CombatantDoc): number {
      return compareCombatants(facts(a), facts(b));
    }

    /** Initiative is quickness: nothing is rolled, no message is posted. */
    async rollInitiative(ids: string | string[]): Promise<this> {
      await setInitiativeFromQuickness(this, typeof ids === "string" ? [ids] : ids);
      return this;
    }

    override async startCombat(): Promise<unknown> {
      if (isGM()) await prepareCombatStart(this);
      return super.startCombat();
    }

    /** The GM re-sorts before the round turns over, so the new round's first turn is right at once. */
    override async nextRound(): Promise<unknown> {
      if (isGM()) await refreshOrder(this);
      return super.nextRound();
    }

    /** R16: ending an interrupting combatant's turn returns to the one interrupted. */
    override async nextTurn(): Promise<unknown> {
      if (readInterrupt(this.flags)) {
        if (isGM()) {
          if (await endInterrupt(this)) return this;
        } else {
          await submitRequest({ kind: "endInterrupt", combatId: this.id });
          return this;
        }
      }
      return super.nextTurn();
    }

    /** Runs on the one designated GM after the round changed. */
    async _onEndRound(context: { round: number }): Promise<void> {
      const base = FoundryCombat.prototype as unknown as { _onEndRound?: (c: unknown) => Promise<void> };
      await base._onEndRound?.call(this, context);
      await closeCombatRound(this, context?.round ?? this.round - 1);
    }

    /** A round started by a player's "end turn": the active GM re-sorts here and starts with the first. */
    async _onStartRound(context: { round: number }): Promise<void> {
      const base = FoundryCombat.prototype as unknown as { _onStartRound?: (c: unknown) => Promise<void> };
      await base._onStartRound?.call(this, context);
      if (!isActiveGM()) return;
      if ((await refreshOrder(this)) && this.turn !== 0) await this.update({ turn: 0 });
    }
  }

  type CombatantBase = new (...args: never[]) => CombatantDoc & {
    combat: CombatDoc | null;
    updateSource(data: DocumentUpdate): unknown;
  };
  const FoundryCombatant = Combatant as unknown as CombatantBase;

  class CychosysCombatant extends FoundryCombatant {
    /** This round's action budget and parry bonuses. */
    get roundState() {
      return readRoundState(this);
    }

    /** Initiative from quickness, a fresh budget; joining a started combat draws the tiebreak now. */
    async _preCreate(data: unknown, options: unknown, user: unknown): Promise<boolean | void> {
      const base = FoundryCombatant.prototype as unknown as { _preCreate?: (...a: unknown[]) => Promise<boolean | void> };
      if ((await base._preCreate?.call(this, data, options, user)) === false) return false;
      const q = quicknessOf(this.actor);
      const source: DocumentUpdate = { [`flags.${FLAG_SCOPE}.${ROUND_FLAG}`]: readRoundState({ flags: {}, actor: this.actor }) };
      if (q !== null && typeof this.initiative !== "number") source.initiative = q;
      if (this.combat?.started) {
        source[`flags.${FLAG_SCOPE}.tiebreak`] = randomUniform();
        source[`flags.${FLAG_SCOPE}.physicalHits`] = this.actor?.system.pools?.hit.physical.value ?? 0;
      }
      this.updateSource(source);
    }
  }

  return { CychosysCombat, CychosysCombatant };
}

/** Register the request handlers and the hooks the tracker needs (in `init`). */
export function registerCombatHandlers(): void {
  registerRequestHandler("extraAction", async (user, request) => {
    const combat = combatById(request.combatId);
    if (!combat) throw new Error(localize("CYCHOSYS.Combat.noCombat"));
    await extraAction(combat, request.combatantId, request.pool, user);
  });
  registerRequestHandler("endInterrupt", async (user, request) => {
    const combat = combatById(request.combatId);
    if (!combat) throw new Error(localize("CYCHOSYS.Combat.noCombat"));
    const interrupt = readInterrupt(combat.flags);
    if (!interrupt) return;
    if (!mayControl(user, combat.combatants.get(interrupt.combatantId))) throw new Error(localize("CYCHOSYS.Combat.notYours"));
    await endInterrupt(combat);
  });
  // R33: whenever an actor's pools change during a combat, the active GM marks or unmarks it.
  Hooks.on("updateActor", ((actor: { uuid: string }, changes: { system?: { pools?: unknown } }) => {
    if (!changes?.system?.pools || !isActiveGM()) return;
    for (const combat of combats()) {
      if (combat.started) void markDefeated(combat, actor.uuid);
    }
  }) as never);
  // An unlinked token's actor changes through its token's delta: the same check for that synthetic actor.
  Hooks.on("updateToken", ((token: { actor?: { uuid: string } | null }, changes: { delta?: { system?: { pools?: unknown } } }) => {
    if (!changes?.delta?.system?.pools || !token.actor || !isActiveGM()) return;
    for (const combat of combats()) {
      if (combat.started) void markDefeated(combat, token.actor.uuid);
    }
  }) as never);
}
