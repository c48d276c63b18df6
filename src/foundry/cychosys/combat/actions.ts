/**
 * The tracker's controls on the GM's side (R16, R17): an extra action, a
 * wait, the end of an interrupt — each run by the active GM for a checked
 * request (requests.ts) or for the GM's own click, in the one queue. The
 * round state is read from and written to the combat (round-state.ts); the
 * requester's identity is the request message's author. Where a control
 * changes two documents (an extra action: the actor's fatigue, then the
 * combat), a failure of the second pays the first back (by the amount paid,
 * so a change made in between is kept), and a failure of that is reported,
 * never left silently half done.
 *
 * The recovery pool (R17) is the owner's preference on their own combatant;
 * the owner writes it directly, and the GM checks it when it is used.
 */
import { type Facet, isFacet, type RulesOptions } from "../../../rulesets/cychosys/rules/index.js";
import { format, localize } from "../../i18n.js";
import { escapeHtml } from "../../../core/html.js";
import {
  type CombatantFacts,
  combatantFacts,
  type DocumentUpdate,
  fatigueRefund,
  interruptReturnTurn,
  planExtraAction,
  planInterrupt,
  planWait,
  readInterrupt,
  recoveryPoolUpdate,
  storedOrderFigures,
} from "../../../rulesets/cychosys/combat/plan.js";
import { PartialChange, Refusal, requestHandlers, type RequestUser } from "../../requests.js";
import type { CombatRequest } from "../../../rulesets/cychosys/combat/request-schema.js";
import { currentOptions, FLAG_SCOPE } from "../../../rulesets/cychosys/combat/round-state.js";

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

/** What the tracker's rules read of a combatant, with the order figures its combat holds for it. */
export const facts = (c: CombatantDoc): CombatantFacts => factsWith(storedOrderFigures(combatOf(c)?.flags))(c);

/** `facts` for many combatants of one combat, its stored order figures read once (`storedOrderFigures`). */
export function factsWith(stored: Readonly<Record<string, unknown>> | undefined): (c: CombatantDoc) => CombatantFacts {
  return (c) => combatantFacts(c, stored);
}

const combatOf = (c: CombatantDoc) => (c as { combat?: { flags?: Record<string, unknown> } | null }).combat;

const notify = (level: "info" | "warn", text: string) => ui.notifications?.[level](text);

/** May this user work this combatant's controls? Its actor's owners and the GM. */
export function mayControl(user: RequestUser, combatant: CombatantDoc | undefined): boolean {
  if (!combatant) return false;
  return user.isGM === true || combatant.actor?.testUserPermission(user, "OWNER") === true;
}

/** The combatant a user may control in a started combat, or a refusal. */
function controlled(combat: CombatDoc, combatantId: string, user: RequestUser): CombatantDoc & { actor: NonNullable<CombatantDoc["actor"]> } {
  const combatant = combat.combatants.get(combatantId);
  if (!combatant || !mayControl(user, combatant)) throw new Refusal(localize("CYCHOSYS.Combat.notYours"));
  if (!combat.started) throw new Refusal(localize("CYCHOSYS.Combat.notStarted"));
  if (!combatant.actor?.system.pools) throw new Refusal(format("CYCHOSYS.Combat.noPools", { name: combatant.name }));
  return combatant as CombatantDoc & { actor: NonNullable<CombatantDoc["actor"]> };
}

/**
 * R16 on the GM's side: pay the fatigue, count the extra action, and let the
 * combatant interrupt — it takes the current turn; ending that turn returns
 * to the one interrupted. The actor pays first (its update is the likelier to
 * fail, and then nothing has changed); the combat's update (budget, turn,
 * interrupt) is one document update; if it fails the fatigue is paid back.
 */
export async function extraAction(combat: CombatDoc, combatantId: string, pool: Facet, user: RequestUser, options: RulesOptions = currentOptions()): Promise<void> {
  const combatant = controlled(combat, combatantId, user);
  if (!isFacet(pool)) throw new Refusal(format("CYCHOSYS.Combat.badPool", { value: String(pool) }));
  const plan = planExtraAction(combat, facts(combatant), pool, options);
  const update: DocumentUpdate = { ...plan.combatUpdate };
  const interrupt = planInterrupt(combat.turns.map((t) => t.id), combat.turn, combatantId, readInterrupt(combat.flags));
  if (interrupt) {
    update.turn = interrupt.turn;
    update[`flags.${FLAG_SCOPE}.interrupt`] = interrupt.interrupt;
  }
  await combatant.actor.update(plan.actorUpdate);
  try {
    await combat.update(update);
  } catch (error) {
    console.error("Cychosys | the extra action could not be recorded; paying the fatigue back", error);
    try {
      await combatant.actor.update(fatigueRefund(combatant.actor, pool, plan.paid));
    } catch (refundError) {
      console.error("Cychosys | paying the fatigue back failed", refundError);
      throw new PartialChange(format("CYCHOSYS.Combat.extraPartial", { name: combatant.name, cost: options.extraActionFatigue, pool: localize(`CYCHOSYS.Facet.${pool}`) }));
    }
    throw new Refusal(format("CYCHOSYS.Combat.extraFailed", { name: combatant.name }));
  }
  const note = format("CYCHOSYS.Combat.extraTaken", { name: combatant.name, cost: options.extraActionFatigue, pool: localize(`CYCHOSYS.Facet.${pool}`) });
  // The change is made; a note that cannot be posted is only logged.
  await ChatMessage.implementation
    .create({ content: `<p class="cychosys-tracker-note">${escapeHtml(note)}</p>` } as never)
    .catch((error: unknown) => console.error("Cychosys | could not post the extra-action note", error));
}

/** R17 on the GM's side: hold the combatant's action (its budget is on the combat, which only the GM writes). */
export async function waitAction(combat: CombatDoc, combatantId: string, user: RequestUser, options: RulesOptions = currentOptions()): Promise<void> {
  const combatant = controlled(combat, combatantId, user);
  const plan = planWait(combat, facts(combatant), options);
  if (Object.keys(plan.combatUpdate).length > 0) await combat.update(plan.combatUpdate);
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

/** A request to end the interrupt: only the interrupting combatant's owners (or the GM). */
export async function endInterruptFor(combat: CombatDoc, user: RequestUser): Promise<void> {
  const interrupt = readInterrupt(combat.flags);
  if (!interrupt) return;
  if (!mayControl(user, combat.combatants.get(interrupt.combatantId))) throw new Refusal(localize("CYCHOSYS.Combat.notYours"));
  await endInterrupt(combat);
}

/**
 * R17: the fatigue pool unused actions restore ("" for the most depleted).
 * The owner sets it on their own combatant, on their own client; the round
 * end takes only a facet from it.
 */
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

/** The combat a request names, from the world (`game.combats`). */
function combatById(id: string): CombatDoc {
  const combats = (game as unknown as { combats?: { contents: CombatDoc[] } }).combats?.contents ?? [];
  const combat = combats.find((c) => c.id === id);
  if (!combat) throw new Refusal(localize("CYCHOSYS.Combat.noCombat"));
  return combat;
}

/** The GM-side handlers of the tracker's requests (requests.ts runs them, checked, in its queue). */
export function registerActionHandlers(): void {
  const registerRequestHandler = requestHandlers<CombatRequest>();
  registerRequestHandler("extraAction", (user, request) => extraAction(combatById(request.combatId), request.combatantId, request.pool, user));
  registerRequestHandler("wait", (user, request) => waitAction(combatById(request.combatId), request.combatantId, user));
  registerRequestHandler("endInterrupt", (user, request) => endInterruptFor(combatById(request.combatId), user));
}
