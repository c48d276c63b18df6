/**
 * The GURPS tracker's requests on the active GM's side: a maneuver chosen
 * (G10), a stunned fighter's recovery roll (G19, G79), the 0-HP roll to
 * stay conscious (G81), a crouch (G16), yards moved (G12), the step spent on
 * kneeling ↔ standing (G15), a task begun (G29, G89), a Wait's trigger fired
 * and its action ended (G31), and the GM's hand on the order (G9). Each re-checks
 * against the GM's own documents who may do it and when — the requester is
 * the request message's author, the combat's round state (flags.cychosys,
 * GM-written) holds the truth, the rules core decides and reads the faces.
 * Each runs in the one combat queue (requests.ts), so two never interleave,
 * and each writes the combat once, so a failure leaves nothing half done.
 */
import { format } from "../i18n.js";
import { escapeHtml } from "../../core/html.js";
import type { GurpsDerived } from "../../rulesets/gurps/data/derived.js";
import type { GurpsCombatRequest } from "../../rulesets/gurps/combat/request-schema.js";
import { applyGurpsRoundOperation, gurpsRoundUpdate, readGurpsRound } from "../../rulesets/gurps/combat/round-state.js";
import {
  consciousnessBars, consciousnessOwed, consciousnessRoll, endTurnWith, gurpsManeuverFacts, gurpsOrderUpdate, moveLeft, normalizeChoice, type OrderFigures, readGurpsOrder, recoveryRoll, reorderUpdate,
} from "../../rulesets/gurps/combat/tracker-plan.js";
import {
  beginTask, changePosture, endWaitAction, fireWait, fireWaitRefusal, type GurpsFighterRound, mayCrouch, parseShots, setPosture, type ShotsSpec, stepPosture, stepPostureRefusal, taskRefusal, type TurnActRefusal,
} from "../../rulesets/gurps/rules/index.js";
import { Refusal, requestHandlers, type RequestUser } from "../requests.js";
import { gurpsRules } from "./rules-source.js";

/** The members of a Combatant the tracker uses. */
export interface GurpsCombatantDoc {
  id: string;
  name: string;
  defeated?: boolean;
  initiative: number | null;
  actor: {
    uuid: string;
    name: string;
    system: { derived?: GurpsDerived };
    items?: { get(id: string): unknown };
    testUserPermission(user: unknown, level: string): boolean;
  } | null;
}

/** The members of a Combat the tracker uses. */
export interface GurpsCombatDoc {
  id: string;
  round: number;
  turn: number | null;
  started: boolean;
  flags: Record<string, unknown>;
  turns?: GurpsCombatantDoc[];
  combatants: { contents: GurpsCombatantDoc[]; get(id: string): GurpsCombatantDoc | undefined };
  update(data: Record<string, unknown>): Promise<unknown>;
  updateEmbeddedDocuments(name: "Combatant", updates: Record<string, unknown>[]): Promise<unknown>;
}

const combats = () => (game as unknown as { combats?: { get?(id: string): unknown; contents?: GurpsCombatDoc[] } }).combats;

/** The started combat a request names, or a refusal. */
export function combatOf(id: string): GurpsCombatDoc {
  const all = combats();
  const combat = (all?.get?.(id) ?? all?.contents?.find((c) => c.id === id)) as GurpsCombatDoc | undefined;
  if (!combat) throw new Refusal(format("CYCHOSYS.Gurps.Tracker.noCombat"));
  if (!combat.started) throw new Refusal(format("CYCHOSYS.Gurps.Tracker.notStarted"));
  return combat;
}

/** Its actor's owners and the GM work a combatant's controls. */
export function mayControl(user: RequestUser, combatant: GurpsCombatantDoc | undefined): boolean {
  if (!combatant) return false;
  return user.isGM === true || combatant.actor?.testUserPermission(user, "OWNER") === true;
}

export const refOf = (combat: GurpsCombatDoc, c: GurpsCombatantDoc) => ({ combat: combat as never, combatant: c as never });
export const roundOf = (combat: GurpsCombatDoc, c: GurpsCombatantDoc): GurpsFighterRound => readGurpsRound(refOf(combat, c));

/** The combatant whose turn it is. */
export function currentOf(combat: GurpsCombatDoc): GurpsCombatantDoc | undefined {
  if (combat.turn === null) return undefined;
  return combat.turns?.[combat.turn];
}

/** G50: the strongest ST among those holding him. */
export function grapplerStOf(combat: GurpsCombatDoc, round: GurpsFighterRound): number {
  let st = 0;
  for (const hold of round.grappledBy) st = Math.max(st, combat.combatants.get(hold.with)?.actor?.system.derived?.attributes.st ?? 0);
  return st;
}

/** A combatant of this combat (none outside it) the user may act for, with an actor. */
function controlled(combat: GurpsCombatDoc, combatantId: string, user: RequestUser): GurpsCombatantDoc & { actor: NonNullable<GurpsCombatantDoc["actor"]> } {
  const combatant = combat.combatants.get(combatantId);
  if (!combatant || !mayControl(user, combatant)) throw new Refusal(format("CYCHOSYS.Gurps.Tracker.notYours"));
  if (!combatant.actor) throw new Refusal(format("CYCHOSYS.Gurps.Tracker.noActor", { name: combatant.name }));
  return combatant as GurpsCombatantDoc & { actor: NonNullable<GurpsCombatantDoc["actor"]> };
}

/** G31: while a triggered Wait acts, the fighter he interrupted waits to resume. */
function notInterrupted(combat: GurpsCombatDoc, combatant: GurpsCombatantDoc): void {
  const interrupt = readGurpsOrder(combat.flags).interrupt;
  if (interrupt?.of === combatant.id) throw new Refusal(format("CYCHOSYS.Gurps.Tracker.isInterrupted", { name: combatant.name, by: combat.combatants.get(interrupt.by)?.name ?? "" }));
}

function controlledOnTurn(combat: GurpsCombatDoc, combatantId: string, user: RequestUser): GurpsCombatantDoc {
  const combatant = controlled(combat, combatantId, user);
  if (currentOf(combat)?.id !== combatant.id) throw new Refusal(format("CYCHOSYS.Gurps.Tracker.notTurn", { name: combatant.name }));
  notInterrupted(combat, combatant);
  return combatant;
}

/** On his turn (not interrupted), or acting out of turn on his triggered Wait (G31). */
function controlledActing(combat: GurpsCombatDoc, combatantId: string, user: RequestUser): GurpsCombatantDoc {
  const combatant = controlled(combat, combatantId, user);
  if (currentOf(combat)?.id === combatant.id) notInterrupted(combat, combatant);
  else if (!roundOf(combat, combatant).waitTriggered) throw new Refusal(format("CYCHOSYS.Gurps.Tracker.notTurn", { name: combatant.name }));
  return combatant;
}

/** A refusal of the core's tracker acts (turn-acts.ts), in words with its rule. */
const actRefusal = (name: string, refusal: TurnActRefusal) =>
  new Refusal(format("CYCHOSYS.Gurps.Tracker.refusedAct", { name, reason: format(`CYCHOSYS.Gurps.Tracker.Act.${refusal.reason}`), rule: refusal.rule }));

/** G10: this turn's maneuver, checked by the core against what he may do now (G19, G22–G31, G44, G50); one a turn. */
export async function chooseGurpsManeuver(combat: GurpsCombatDoc, request: Extract<GurpsCombatRequest, { kind: "gurpsManeuver" }>, user: RequestUser): Promise<void> {
  const combatant = controlledOnTurn(combat, request.combatantId, user);
  const round = roundOf(combat, combatant);
  if (request.turn !== round.turn) throw new Refusal(format("CYCHOSYS.Gurps.Tracker.staleTurn", { name: combatant.name }));
  const choice = normalizeChoice(request.choice);
  // G81: at 0 HP or below he rolls HT to stay conscious first, unless he does nothing (which excuses it).
  if (consciousnessBars(round, choice.id)) throw new Refusal(format("CYCHOSYS.Gurps.Tracker.consciousnessFirst", { name: combatant.name }));
  if (choice.targetId && !combat.combatants.get(choice.targetId)) throw new Refusal(format("CYCHOSYS.Gurps.Tracker.unknownTarget"));
  if (choice.itemId && !combatant.actor!.items?.get(choice.itemId)) throw new Refusal(format("CYCHOSYS.Gurps.Tracker.unknownItem", { name: combatant.name }));
  const facts = gurpsManeuverFacts(combatant.actor!.system.derived, round, grapplerStOf(combat, round));
  let next = applyGurpsRoundOperation(round, { kind: "maneuver", choice, facts }, gurpsRules());
  // G15: Change Posture goes to the posture named, as the core allows (from lying, not straight to standing).
  if (choice.id === "changePosture") {
    if (!choice.posture) throw new Refusal(format("CYCHOSYS.Gurps.Tracker.noPosture"));
    next = setPosture(next, changePosture(round.posture, choice.posture, "maneuver"));
  }
  // G30, G56, G87: a Ready on a weapon or shield readies it (or, empty, is a second of reloading), in the same write.
  if ((choice.id === "ready" || choice.id === "moveAndReady" || choice.id === "allOutReady") && choice.itemId) {
    next = applyGurpsRoundOperation(next, { kind: "ready", itemId: choice.itemId, shots: shotsOf(combatant, choice.itemId) }, gurpsRules());
  }
  if (choice.id === "doNothing" && round.consciousness === "unlessDoNothing") next = applyGurpsRoundOperation(next, { kind: "consciousness", stays: true }, gurpsRules());
  await combat.update(gurpsRoundUpdate(refOf(combat, combatant), next));
}

/** G56: the shots a weapon holds and how it reloads (its first line that shoots), or null. */
function shotsOf(combatant: GurpsCombatantDoc, itemId: string): ShotsSpec | null {
  const text = combatant.actor?.system.derived?.weapons.find((w) => w.id === itemId)?.lines.find((l) => l.shots)?.shots;
  if (!text) return null;
  try {
    return parseShots(text);
  } catch {
    return null;
  }
}

/** G16: crouch at the start of his turn (or after no more than a step, never sprinting); rising from a crouch is free at any time. */
export async function setCrouch(combat: GurpsCombatDoc, request: Extract<GurpsCombatRequest, { kind: "gurpsCrouch" }>, user: RequestUser): Promise<void> {
  const combatant = combat.combatants.get(request.combatantId);
  if (!combatant || !mayControl(user, combatant)) throw new Refusal(format("CYCHOSYS.Gurps.Tracker.notYours"));
  const round = roundOf(combat, combatant);
  if (request.crouching) {
    if (currentOf(combat)?.id !== combatant.id) throw new Refusal(format("CYCHOSYS.Gurps.Tracker.notTurn", { name: combatant.name }));
    notInterrupted(combat, combatant);
    if (request.turn !== round.turn) throw new Refusal(format("CYCHOSYS.Gurps.Tracker.staleTurn", { name: combatant.name }));
    const step = combatant.actor?.system.derived?.step ?? 1;
    const may = mayCrouch({ posture: round.posture, atTurnStart: round.chosenTurn !== round.turn, yardsMoved: round.yardsMoved, step, sprinting: round.sprintStreak > 1 });
    if (!may) throw new Refusal(format("CYCHOSYS.Gurps.Tracker.noCrouch", { name: combatant.name }));
  }
  if (round.crouching === request.crouching) return;
  await combat.update(gurpsRoundUpdate(refOf(combat, combatant), setPosture(round, round.posture, request.crouching)));
}

/** G19, G79: the recovery roll of a stunned fighter who did nothing, read by the core; it ends his turn (once). */
export async function recoverFromStun(combat: GurpsCombatDoc, request: Extract<GurpsCombatRequest, { kind: "gurpsRecover" }>, user: RequestUser): Promise<void> {
  const combatant = controlledOnTurn(combat, request.combatantId, user);
  const round = roundOf(combat, combatant);
  const order = readGurpsOrder(combat.flags);
  if (request.turn !== round.turn || order.acting !== combatant.id || order.ended) throw new Refusal(format("CYCHOSYS.Gurps.Tracker.staleTurn", { name: combatant.name }));
  const derived = combatant.actor!.system.derived;
  if (!derived || round.stun === null || round.maneuver.id !== "doNothing") throw new Refusal(format("CYCHOSYS.Gurps.Tracker.notStunned", { name: combatant.name }));
  const roll = recoveryRoll(round, derived, request.faces, gurpsRules());
  await combat.update({ ...gurpsRoundUpdate(refOf(combat, combatant), endTurnWith(round, roll)), ...gurpsOrderUpdate({ ...order, ended: true }, order) });
  const text = format(roll.success ? "CYCHOSYS.Gurps.Tracker.recovered" : "CYCHOSYS.Gurps.Tracker.stillStunned", { name: combatant.name, roll: roll.roll, level: roll.effective });
  await ChatMessage.implementation.create({ content: `<p class="cychosys cy-gurps-note">${escapeHtml(text)}</p>` } as never).catch((error: unknown) => console.error("Cychosys | GURPS: could not post the recovery", error));
}

/**
 * G81: the HT roll to stay conscious at the start of his turn, at 0 HP or
 * below (the GM's own figures), owed this turn and not yet made; the core
 * reads the faces (HT −1 per full multiple of HP below zero). Failure: he
 * falls unconscious in the round state. Made once: the round then owes none.
 */
export async function rollConsciousness(combat: GurpsCombatDoc, request: Extract<GurpsCombatRequest, { kind: "gurpsConsciousness" }>, user: RequestUser): Promise<void> {
  const combatant = controlledOnTurn(combat, request.combatantId, user);
  const round = roundOf(combat, combatant);
  const order = readGurpsOrder(combat.flags);
  if (request.turn !== round.turn || order.acting !== combatant.id || order.ended) throw new Refusal(format("CYCHOSYS.Gurps.Tracker.staleTurn", { name: combatant.name }));
  const derived = combatant.actor!.system.derived;
  if (!derived || derived.hp.value > 0 || !consciousnessOwed(round)) throw new Refusal(format("CYCHOSYS.Gurps.Tracker.noConsciousnessRoll", { name: combatant.name }));
  const roll = consciousnessRoll(derived, request.faces, gurpsRules());
  await combat.update(gurpsRoundUpdate(refOf(combat, combatant), applyGurpsRoundOperation(round, { kind: "consciousness", stays: roll.success }, gurpsRules())));
  const text = format(roll.success ? "CYCHOSYS.Gurps.Tracker.staysConscious" : "CYCHOSYS.Gurps.Tracker.fallsUnconscious", { name: combatant.name, roll: roll.roll, level: roll.effective });
  await ChatMessage.implementation.create({ content: `<p class="cychosys cy-gurps-note">${escapeHtml(text)}</p>` } as never).catch((error: unknown) => console.error("Cychosys | GURPS: could not post the consciousness roll", error));
}

/** G12, G13, G34: yards moved on his turn, within what his maneuver this turn allows (G67: faster than Basic Move bars retreating). */
export async function moveFighter(combat: GurpsCombatDoc, request: Extract<GurpsCombatRequest, { kind: "gurpsMove" }>, user: RequestUser): Promise<void> {
  const combatant = controlledActing(combat, request.combatantId, user);
  const round = roundOf(combat, combatant);
  if (request.turn !== round.turn) throw new Refusal(format("CYCHOSYS.Gurps.Tracker.staleTurn", { name: combatant.name }));
  if (round.chosenTurn !== round.turn) throw new Refusal(format("CYCHOSYS.Gurps.Tracker.chooseFirst", { name: combatant.name }));
  const derived = combatant.actor!.system.derived;
  if (!derived) throw new Refusal(format("CYCHOSYS.Gurps.Tracker.noActor", { name: combatant.name }));
  const { left } = moveLeft(round, derived.moveNow, gurpsRules());
  if (request.yards > left) throw new Refusal(format("CYCHOSYS.Gurps.Tracker.tooFar", { name: combatant.name, yards: request.yards, left }));
  const next = applyGurpsRoundOperation(round, { kind: "move", yards: request.yards, basicMove: derived.basicMove }, gurpsRules());
  await combat.update(gurpsRoundUpdate(refOf(combat, combatant), next));
}

/** G11, G15: kneeling ↔ standing as the step of this turn's maneuver (his turn, or his triggered Wait), the step then spent. */
export async function stepToPosture(combat: GurpsCombatDoc, request: Extract<GurpsCombatRequest, { kind: "gurpsStepPosture" }>, user: RequestUser): Promise<void> {
  const combatant = controlledActing(combat, request.combatantId, user);
  const round = roundOf(combat, combatant);
  if (request.turn !== round.turn) throw new Refusal(format("CYCHOSYS.Gurps.Tracker.staleTurn", { name: combatant.name }));
  const move = combatant.actor!.system.derived?.moveNow;
  if (move === undefined) throw new Refusal(format("CYCHOSYS.Gurps.Tracker.noActor", { name: combatant.name }));
  const refusal = stepPostureRefusal(round, request.posture, move, gurpsRules());
  if (refusal) throw actRefusal(combatant.name, refusal);
  await combat.update(gurpsRoundUpdate(refOf(combat, combatant), stepPosture(round, request.posture, move, gurpsRules())));
}

/** G29, G89: a task begun on his turn with its maneuver (Concentrate or Ready), its first second counted; one a turn. */
export async function beginGurpsTask(combat: GurpsCombatDoc, request: Extract<GurpsCombatRequest, { kind: "gurpsTask" }>, user: RequestUser): Promise<void> {
  const combatant = controlledOnTurn(combat, request.combatantId, user);
  const round = roundOf(combat, combatant);
  const order = readGurpsOrder(combat.flags);
  if (request.turn !== round.turn || order.acting !== combatant.id || order.ended) throw new Refusal(format("CYCHOSYS.Gurps.Tracker.staleTurn", { name: combatant.name }));
  if (consciousnessBars(round, request.maneuver)) throw new Refusal(format("CYCHOSYS.Gurps.Tracker.consciousnessFirst", { name: combatant.name }));
  const facts = gurpsManeuverFacts(combatant.actor!.system.derived, round, grapplerStOf(combat, round));
  const task = { name: request.name, needed: request.seconds, interruptible: request.interruptible, kind: request.maneuver };
  const refusal = taskRefusal(round, task, facts, gurpsRules());
  if (refusal) throw actRefusal(combatant.name, refusal);
  await combat.update(gurpsRoundUpdate(refOf(combat, combatant), beginTask(round, task, facts, gurpsRules())));
}

/**
 * G31: the Wait's trigger fired before his next turn (his owner, whose choice
 * the response is, or the GM): the Wait becomes its response and he acts now,
 * interrupting whoever's turn it is, who resumes when he is done. One
 * interrupt at a time; a trigger fires once.
 */
export async function fireGurpsWait(combat: GurpsCombatDoc, request: Extract<GurpsCombatRequest, { kind: "gurpsWaitFire" }>, user: RequestUser): Promise<void> {
  const combatant = controlled(combat, request.combatantId, user);
  const current = currentOf(combat);
  const round = roundOf(combat, combatant);
  if (request.turn !== round.turn) throw new Refusal(format("CYCHOSYS.Gurps.Tracker.staleTurn", { name: combatant.name }));
  const order = readGurpsOrder(combat.flags);
  if (!current || order.interrupt) throw new Refusal(format("CYCHOSYS.Gurps.Tracker.interruptOpen", { name: combatant.name }));
  const refusal = fireWaitRefusal(round, { myTurn: current.id === combatant.id });
  if (refusal) throw actRefusal(combatant.name, refusal);
  const trigger = round.maneuver.wait?.trigger ?? "";
  const next = fireWait(round, { myTurn: false });
  await combat.update({ ...gurpsRoundUpdate(refOf(combat, combatant), next), ...gurpsOrderUpdate({ ...order, interrupt: { by: combatant.id, of: current.id } }, order) });
  const text = format("CYCHOSYS.Gurps.Tracker.waitFired", { name: combatant.name, trigger, maneuver: format(`CYCHOSYS.Gurps.Maneuver.${next.maneuver.id}`), other: current.name });
  await ChatMessage.implementation.create({ content: `<p class="cychosys cy-gurps-note">${escapeHtml(text)}</p>` } as never).catch((error: unknown) => console.error("Cychosys | GURPS: could not post the Wait's trigger", error));
}

/** G31: his action out of turn is over (his owner or the GM); the interrupted fighter resumes his turn. */
export async function endGurpsWait(combat: GurpsCombatDoc, request: Extract<GurpsCombatRequest, { kind: "gurpsWaitDone" }>, user: RequestUser): Promise<void> {
  const combatant = controlled(combat, request.combatantId, user);
  const order = readGurpsOrder(combat.flags);
  const round = roundOf(combat, combatant);
  // Acting on his Wait: fired from the tracker (the interrupt names him), or by an attack out of turn (the card converts it, G31).
  const interrupting = order.interrupt?.by === combatant.id;
  if (!interrupting && !(round.waitTriggered && currentOf(combat)?.id !== combatant.id)) throw actRefusal(combatant.name, { reason: "notActing", rule: "G31" });
  if (request.turn !== round.turn) throw new Refusal(format("CYCHOSYS.Gurps.Tracker.staleTurn", { name: combatant.name }));
  const next = round.waitTriggered ? endWaitAction(round) : round;
  await combat.update({ ...gurpsRoundUpdate(refOf(combat, combatant), next), ...(interrupting && gurpsOrderUpdate({ ...order, interrupt: null }, order)) });
}

/**
 * G9 [fixed]: the GM moves a fighter to a place in the order (ties, or his
 * choice). GM only — a player's request naming a place is refused before it
 * gets here (`GURPS_TRACKER_GM_ONLY_FIELDS`), and again here. Every fighter's
 * place is kept in the combat's order (GM-written); the fighter whose turn it
 * is keeps it.
 */
export async function reorderGurps(combat: GurpsCombatDoc, request: Extract<GurpsCombatRequest, { kind: "gurpsReorder" }>, user: RequestUser): Promise<void> {
  if (user.isGM !== true) throw new Refusal(format("CYCHOSYS.Gurps.Tracker.gmOrders"));
  const combatant = combat.combatants.get(request.combatantId);
  if (!combatant) throw new Refusal(format("CYCHOSYS.Gurps.Tracker.notYours"));
  const turns = combat.turns ?? combat.combatants.contents;
  const update = reorderUpdate(readGurpsOrder(combat.flags), turns.map(orderFiguresOf), { round: combat.round, turn: combat.turn }, combatant.id, request.to);
  if (update) await combat.update(update);
}

/** G9: what the order reads of a fighter now (before it is kept). */
export function orderFiguresOf(c: GurpsCombatantDoc): OrderFigures {
  const d = c.actor?.system.derived;
  return { id: c.id, basicSpeed: d?.basicSpeed ?? 0, dx: d?.attributes.dx ?? 0 };
}

/** Register the handlers of the tracker's requests. */
export function registerGurpsTrackerHandlers(): void {
  const on = requestHandlers<GurpsCombatRequest>();
  on("gurpsManeuver", (user, r) => chooseGurpsManeuver(combatOf(r.combatId), r, user));
  on("gurpsRecover", (user, r) => recoverFromStun(combatOf(r.combatId), r, user));
  on("gurpsConsciousness", (user, r) => rollConsciousness(combatOf(r.combatId), r, user));
  on("gurpsCrouch", (user, r) => setCrouch(combatOf(r.combatId), r, user));
  on("gurpsMove", (user, r) => moveFighter(combatOf(r.combatId), r, user));
  on("gurpsStepPosture", (user, r) => stepToPosture(combatOf(r.combatId), r, user));
  on("gurpsTask", (user, r) => beginGurpsTask(combatOf(r.combatId), r, user));
  on("gurpsWaitFire", (user, r) => fireGurpsWait(combatOf(r.combatId), r, user));
  on("gurpsWaitDone", (user, r) => endGurpsWait(combatOf(r.combatId), r, user));
  on("gurpsReorder", (user, r) => reorderGurps(combatOf(r.combatId), r, user));
}
