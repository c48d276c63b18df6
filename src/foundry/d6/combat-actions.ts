/**
 * The OpenD6 tracker's requests on the active GM's side (D5–D15): each
 * re-checks against the GM's own documents who may do it and when — the
 * requester's identity is the request message's author, the combat's round
 * state (flags.cychosys, GM-written) holds the truth, and the rules core
 * reads every face. Each runs in the one combat queue (requests.ts), so two
 * requests never interleave.
 */
import { format, localize } from "../i18n.js";
import { escapeHtml } from "../../core/html.js";
import { D6Error, sameCode } from "../../rulesets/d6/rules/index.js";
import { d6Rules } from "./rules-source.js";
import { d6CombatantFacts, type D6CombatantFacts, type D6CombatantLike } from "../../rulesets/d6/combat/facts.js";
import { type D6CombatRequest, D6_TRACKER_GM_ONLY, parseD6CombatRequest } from "../../rulesets/d6/combat/request-schema.js";
import { applyD6RoundOperation, type D6Initiative, d6RoundUpdate, type D6RoundState, readD6Round } from "../../rulesets/d6/combat/round-state.js";
import { D6_INITIATIVE_CARD_TEMPLATE, d6InitiativeCardView } from "../../rulesets/d6/views/initiative-card.js";
import { actingTieEnd, d6OrderUpdate, type D6OrderState, type D6Turn, initiativeCode, readD6Order, readInitiative, withCharacterPoint } from "../../rulesets/d6/combat/tracker-plan.js";
import { d6CurrentTurnId, type D6CombatTable, d6TableTurns } from "../../rulesets/d6/combat/table.js";
import { PartialChange, Refusal, registerRequestParser, requestHandlers, type RequestUser } from "../requests.js";
import { combatantOf } from "../transport.js";

/** The members of a Combatant the tracker uses. */
export interface D6CombatantDoc extends D6CombatantLike {
  initiative: number | null;
  /** Hidden from players in the tracker: its initiative card is whispered to the GMs. */
  hidden?: boolean;
  actor: (NonNullable<D6CombatantLike["actor"]> & { testUserPermission(user: unknown, level: string): boolean; update(data: Record<string, unknown>): Promise<unknown> }) | null;
  update(data: Record<string, unknown>): Promise<unknown>;
}

/** The members of a Combat the tracker uses. */
export interface D6CombatDoc {
  id: string;
  round: number;
  turn: number | null;
  started: boolean;
  flags: Record<string, unknown>;
  combatants: { contents: D6CombatantDoc[]; get(id: string): D6CombatantDoc | undefined };
  update(data: Record<string, unknown>): Promise<unknown>;
  updateEmbeddedDocuments(name: "Combatant", updates: Record<string, unknown>[]): Promise<unknown>;
}

const combats = () => (game as unknown as { combats?: { get?(id: string): unknown; contents?: D6CombatDoc[] } }).combats;

/** The combat a request names (a started one), or a refusal. */
export function combatOf(id: string): D6CombatDoc {
  const all = combats();
  const combat = (all?.get?.(id) ?? all?.contents?.find((c) => c.id === id)) as D6CombatDoc | undefined;
  if (!combat) throw new Refusal(localize("CYCHOSYS.D6.Combat.noCombat"));
  if (!combat.started) throw new Refusal(localize("CYCHOSYS.D6.Combat.notStarted"));
  return combat;
}

/** May this user work this combatant's controls? Its actor's owners and the GM. */
export function mayControl(user: RequestUser, combatant: D6CombatantDoc | undefined): boolean {
  if (!combatant) return false;
  return user.isGM === true || combatant.actor?.testUserPermission(user, "OWNER") === true;
}

function controlled(combat: D6CombatDoc, combatantId: string, user: RequestUser): D6CombatantDoc {
  const combatant = combat.combatants.get(combatantId);
  if (!combatant || !mayControl(user, combatant)) throw new Refusal(localize("CYCHOSYS.D6.Combat.notYours"));
  if (!combatant.actor) throw new Refusal(format("CYCHOSYS.D6.Combat.noActor", { name: combatant.name }));
  return combatant;
}

export const factsOf = (combat: D6CombatDoc, c: D6CombatantDoc): D6CombatantFacts => d6CombatantFacts(c, combat.round, d6Rules());
const ref = (combat: D6CombatDoc, c: D6CombatantDoc) => ({ combat: combat as never, combatant: c as never });
export const stateOf = (combat: D6CombatDoc, c: D6CombatantDoc): D6RoundState => readD6Round(ref(combat, c), d6Rules());
export const orderOf = (combat: D6CombatDoc): D6OrderState => readD6Order(combat.flags, combat.round);

/**
 * D7: the name of the last combatant of the tie an actor's combatant is in,
 * while that tie is acting in the started combat (the card's apply waits
 * for it); else null.
 */
export function d6TieOf(actorUuid: string): string | null {
  const ref = combatantOf(actorUuid);
  if (!ref) return null;
  const combat = ref.combat as unknown as D6CombatDoc;
  if (!orderOf(combat).set) return null;
  const last = actingTieEnd(turnsOf(combat), combat.turn, ref.combatant.id);
  return last ? (combat.combatants.get(last.id)?.name ?? last.id) : null;
}

/** What the pure table functions read of a combat (src/rulesets/d6/combat/table.ts). */
export const tableOf = (combat: D6CombatDoc): D6CombatTable => ({ round: combat.round, turn: combat.turn, flags: combat.flags, combatants: combat.combatants.contents });

/** D5–D7: this round's turns, from one read of the round state on the combat. */
export function turnsOf(combat: D6CombatDoc): D6Turn[] {
  return d6TableTurns(tableOf(combat));
}

/** The combatant whose turn it is, by the order the combat holds. */
export function currentId(combat: D6CombatDoc): string | null {
  return d6CurrentTurnId(tableOf(combat));
}

const requireRolling = (combat: D6CombatDoc) => {
  if (orderOf(combat).set) throw new Refusal(localize("CYCHOSYS.D6.Combat.orderSet"));
};
const requireGM = (user: RequestUser) => {
  if (!user.isGM) throw new Refusal(localize("CYCHOSYS.D6.Combat.gmOnly"));
};

/** Mirror a total into `combatant.initiative`, for display only (the order never reads it). */
async function mirror(combat: D6CombatDoc, totals: Record<string, number | null>): Promise<void> {
  const updates = Object.entries(totals).map(([_id, initiative]) => ({ _id, initiative }));
  if (updates.length === 0) return;
  await combat.updateEmbeddedDocuments("Combatant", updates).catch((error) => console.error("Cychosys | D6: could not show the initiative totals", error));
}

const gmIds = () => [...new Set(((game as unknown as { users?: { contents?: { id: string; isGM: boolean }[] } }).users?.contents ?? []).filter((u) => u.isGM).map((u) => u.id))];
const words = (key: string, params?: Record<string, unknown>) => format(key, (params ?? {}) as Record<string, string | number>);

/**
 * D6, D9: the initiative's chat card (views/initiative-card.ts), posted by
 * the GM once the roll or the Character Point is recorded — so its figures
 * are the GM's, read by the core from the faces stored. Hidden combatants'
 * cards go to the GMs only. A card that cannot be posted changes nothing
 * recorded: it is logged, and the row still shows the total.
 */
async function postInitiativeCard(combat: D6CombatDoc, roller: D6CombatantDoc, members: readonly D6CombatantDoc[], initiative: D6Initiative, characterPoint = false): Promise<void> {
  const view = d6InitiativeCardView({ name: roller.name, members: members.map((m) => m.name), initiative, characterPoint, localize: words, rules: d6Rules() });
  if (!view) return;
  try {
    const content = await foundry.applications.handlebars.renderTemplate(D6_INITIATIVE_CARD_TEMPLATE, view as never);
    const messages = ChatMessage.implementation as unknown as { create(data: object): Promise<unknown>; getSpeaker(options: { actor: unknown }): unknown };
    const whisper = members.every((m) => m.hidden === true) ? gmIds() : [];
    await messages.create({
      content,
      speaker: messages.getSpeaker({ actor: roller.actor }),
      ...(whisper.length && { whisper }),
      flags: { cychosys: { d6Initiative: { combatId: combat.id, combatantId: roller.id, round: initiative.round, total: initiative.total, characterPoint } } },
    });
  } catch (error) {
    console.error("Cychosys | D6: could not post the initiative card", error);
  }
}

/**
 * D6/D8/D37: the GM reads a combatant's roll with the core from the faces
 * sent (their count and range checked against the code the GM derives); with
 * `group` (the GM's roll only) every combatant of the same creature no player
 * owns that has not rolled shares the total and the place.
 */
export async function setInitiative(combat: D6CombatDoc, request: Extract<D6CombatRequest, { kind: "d6Initiative" }>, user: RequestUser): Promise<void> {
  requireRolling(combat);
  const combatant = controlled(combat, request.combatantId, user);
  const facts = factsOf(combat, combatant);
  if (stateOf(combat, combatant).initiative?.round === combat.round) throw new Refusal(format("CYCHOSYS.D6.Combat.alreadyRolled", { name: combatant.name }));
  // The shared check refuses `group` from a player already (D6_TRACKER_GM_ONLY); kept here for any other way in.
  if (request.group && !user.isGM) throw new Refusal(localize("CYCHOSYS.D6.Combat.gmOnly"));
  const members = request.group && facts.groupKey
    ? combat.combatants.contents.filter((c) => {
        const f = factsOf(combat, c);
        // Same kind of foe, rolling the same code with the same bonus (a wounded one rolls alone), not rolled yet.
        const same = f.groupKey === facts.groupKey && sameCode(initiativeCode(f), initiativeCode(facts)) && f.initiativeBonus === facts.initiativeBonus;
        return c.id === combatant.id || (same && stateOf(combat, c).initiative?.round !== combat.round);
      })
    : [combatant];
  const group = members.length > 1 ? facts.groupKey! : undefined;
  const update: Record<string, unknown> = {};
  const totals: Record<string, number> = {};
  let read: D6Initiative | undefined;
  for (const c of members) {
    const initiative = readInitiative(factsOf(combat, c), { dice: request.dice, wild: request.wild }, combat.round, group ? { group } : {}, d6Rules());
    Object.assign(update, d6RoundUpdate(ref(combat, c), applyD6RoundOperation(stateOf(combat, c), { kind: "initiative", initiative }, d6Rules())));
    totals[c.id] = initiative.total;
    if (c.id === combatant.id) read = initiative;
  }
  await combat.update(update);
  await mirror(combat, totals);
  // The roll's card, once the total is the combat's (a failed write above posts none).
  await postInitiativeCard(combat, combatant, members, read!);
}

/**
 * D9: one Character Point on this round's initiative, before the order is
 * set. The actor pays first; if the combat then cannot be written the point
 * is paid back, and a failure of that is reported as a partial change.
 */
export async function spendCharacterPoint(combat: D6CombatDoc, request: Extract<D6CombatRequest, { kind: "d6CharacterPoint" }>, user: RequestUser): Promise<void> {
  requireRolling(combat);
  const combatant = controlled(combat, request.combatantId, user);
  const state = stateOf(combat, combatant);
  const initiative = state.initiative?.round === combat.round ? state.initiative : undefined;
  if (!initiative?.roll) throw new Refusal(format("CYCHOSYS.D6.Combat.notRolled", { name: combatant.name }));
  const points = factsOf(combat, combatant).characterPoints;
  if (points === null || points < 1) throw new Refusal(format("CYCHOSYS.D6.Combat.noCharacterPoints", { name: combatant.name }));
  const next = withCharacterPoint(initiative, request.chain, d6Rules());
  const members = initiative.group ? combat.combatants.contents.filter((c) => stateOf(combat, c).initiative?.group === initiative.group) : [combatant];
  if (members.length > 1) throw new Refusal(localize("CYCHOSYS.D6.Combat.groupNoPoints"));
  const actor = combatant.actor!;
  await actor.update({ "system.characterPoints": points - 1 });
  try {
    await combat.update(d6RoundUpdate(ref(combat, combatant), applyD6RoundOperation(state, { kind: "initiative", initiative: next }, d6Rules())));
  } catch (error) {
    console.error("Cychosys | D6: the Character Point could not be recorded; paying it back", error);
    try {
      await actor.update({ "system.characterPoints": points });
    } catch (refundError) {
      console.error("Cychosys | D6: paying the Character Point back failed", refundError);
      throw new PartialChange(format("CYCHOSYS.D6.Combat.pointPartial", { name: combatant.name }));
    }
    throw new Refusal(format("CYCHOSYS.D6.Combat.pointFailed", { name: combatant.name }));
  }
  await mirror(combat, { [combatant.id]: next.total });
  await postInitiativeCard(combat, combatant, [combatant], next, true);
}

/** D5: the GM places a combatant for this round (before the order is set). */
export async function placeCombatant(combat: D6CombatDoc, combatantId: string, position: number, user: RequestUser): Promise<void> {
  requireGM(user);
  requireRolling(combat);
  const combatant = combat.combatants.get(combatantId);
  if (!combatant) throw new Refusal(localize("CYCHOSYS.D6.Combat.notYours"));
  if (stateOf(combat, combatant).initiative?.round !== combat.round) throw new Refusal(format("CYCHOSYS.D6.Combat.notRolled", { name: combatant.name }));
  const order = orderOf(combat);
  await combat.update(d6OrderUpdate(combat.flags, { ...order, overrides: { ...order.overrides, [combatantId]: position } }));
}

/** D6/D9: the GM sets the order; the round's first turn begins. */
export async function setOrder(combat: D6CombatDoc, user: RequestUser): Promise<void> {
  requireGM(user);
  requireRolling(combat);
  await combat.update({ ...d6OrderUpdate(combat.flags, { ...orderOf(combat), set: true }), turn: 0 });
  // One note says the round's order, so the table can follow it; a note that cannot be posted is only logged.
  const names = turnsOf(combat).map((t) => {
    const name = escapeHtml(combat.combatants.get(t.id)?.name ?? t.id);
    return t.unrolled ? name : `${name} ${t.total}${t.overridden ? ` (${escapeHtml(localize("CYCHOSYS.D6.Combat.placed"))})` : ""}`;
  });
  const title = escapeHtml(format("CYCHOSYS.D6.Combat.orderNote", { round: combat.round }));
  await ChatMessage.implementation
    .create({ content: `<div class="cychosys cy-d6-order-note"><strong>${title}</strong><ol>${names.map((n) => `<li>${n}</li>`).join("")}</ol></div>` } as never)
    .catch((error: unknown) => console.error("Cychosys | D6: could not post the order note", error));
}

/** Only on its turn (or, moved up by the GM, D15), once the order is set. */
function requireTurn(combat: D6CombatDoc, combatant: D6CombatantDoc, movedUp: boolean, user: RequestUser): void {
  if (!orderOf(combat).set) throw new Refusal(localize("CYCHOSYS.D6.Combat.orderNotSet"));
  if (movedUp) {
    requireGM(user);
    return;
  }
  if (currentId(combat) !== combatant.id && !stateOf(combat, combatant).round.movedUp) throw new Refusal(format("CYCHOSYS.D6.Combat.notTurn", { name: combatant.name }));
}

/** D11/D15: N for the round, at the turn's start (or a moved-up action the GM allows); the core refuses a second declaration. */
export async function declare(combat: D6CombatDoc, request: Extract<D6CombatRequest, { kind: "d6Declare" }>, user: RequestUser): Promise<void> {
  const combatant = controlled(combat, request.combatantId, user);
  const movedUp = request.movedUp === true;
  requireTurn(combat, combatant, movedUp, user);
  if (factsOf(combat, combatant).wound.unableToAct) throw new D6Error("unableToAct");
  const next = applyD6RoundOperation(stateOf(combat, combatant), { kind: "declare", actions: request.actions, movedUp }, d6Rules());
  await combat.update(d6RoundUpdate(ref(combat, combatant), next));
}

/** D13: a wait, one of the N actions (the right to interrupt, D14). */
export async function wait(combat: D6CombatDoc, combatantId: string, user: RequestUser): Promise<void> {
  const combatant = controlled(combat, combatantId, user);
  requireTurn(combat, combatant, false, user);
  const next = applyD6RoundOperation(stateOf(combat, combatant), { kind: "wait" }, d6Rules());
  await combat.update(d6RoundUpdate(ref(combat, combatant), next));
}

/** Register the tracker's requests: their shape check with the fields only a GM may send (D6_TRACKER_GM_ONLY), and their handlers. */
export function registerD6TrackerHandlers(): void {
  registerRequestParser(parseD6CombatRequest, D6_TRACKER_GM_ONLY);
  const on = requestHandlers<D6CombatRequest>();
  on("d6Initiative", (user, r) => setInitiative(combatOf(r.combatId), r, user));
  on("d6CharacterPoint", (user, r) => spendCharacterPoint(combatOf(r.combatId), r, user));
  on("d6Place", (user, r) => placeCombatant(combatOf(r.combatId), r.combatantId, r.position, user));
  on("d6SetOrder", (user, r) => setOrder(combatOf(r.combatId), user));
  on("d6Declare", (user, r) => declare(combatOf(r.combatId), r, user));
  on("d6Wait", (user, r) => wait(combatOf(r.combatId), r.combatantId, user));
}
