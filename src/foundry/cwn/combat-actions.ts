/**
 * The CWN tracker's requests on the active GM's side (W2–W37): each
 * re-checks against the GM's own documents who may do it and when — the
 * requester is the request message's author, the fight on the combat
 * (`flags.cychosys.cwnCombat`, GM-written) holds the truth — and runs the
 * rules core's transition (combat/state.ts `applyTableOperation`). Every
 * fight write also moves Foundry's turn marker to the member of the acting
 * side (W4) and its round number along (W5). Each runs in the one combat
 * queue (requests.ts), so two requests never interleave.
 */
import { escapeHtml } from "../../core/html.js";
import { applyTableOperation, type CwnCombatOperation } from "../../rulesets/cwn/combat/state.js";
import { sideName } from "../../rulesets/cwn/combat/table-view.js";
import {
  arrivals, CWN_SETUP_FLAG, CWN_SETUP_PATH, type CwnCombatantFacts, type CwnSetup, markedFighter, orderedTurns, plannedSides, readCwnSetup, requireStorableSetup, sideSetup, turnPlaces,
} from "../../rulesets/cwn/combat/tracker-plan.js";
import type { CwnCombatRequest } from "../../rulesets/cwn/combat/request-schema.js";
import type { CwnDerived } from "../../rulesets/cwn/data/derived.js";
import { fightOf, fightUpdate } from "../../rulesets/cwn/ruleset.js";
import { type AdjacentEnemy, type CombatActionContext, type CwnCombatState, CwnError, type CwnEvent, explainCwnEvent, sidesByFighter } from "../../rulesets/cwn/rules/index.js";
import { foes, metresOf } from "../../rulesets/cwn/workflow/board.js";
import { foeHolding } from "../../rulesets/cwn/workflow/inputs.js";
import { format, localize, localizeError } from "../i18n.js";
import { PartialChange, Refusal, requestHandlers, type RequestUser } from "../requests.js";
import { cwnRules } from "./rules-source.js";

interface CwnActorDoc {
  uuid: string;
  type: string;
  name: string;
  hasPlayerOwner?: boolean;
  system: { derived?: CwnDerived };
  items: { get(id: string): { id: string; type: string; system: Record<string, unknown>; update(data: Record<string, unknown>): Promise<unknown> } | undefined };
  testUserPermission(user: unknown, level: string): boolean;
}

/** The members of a Combatant the tracker uses. */
export interface CwnCombatantDoc {
  id: string;
  name: string;
  initiative: number | null;
  actor: CwnActorDoc | null;
  token?: { disposition?: number } | null;
}

/** The members of a Combat the tracker uses. */
export interface CwnCombatDoc {
  id: string;
  round: number;
  turn: number | null;
  started: boolean;
  flags: Record<string, unknown>;
  combatants: { contents: CwnCombatantDoc[]; get(id: string): CwnCombatantDoc | undefined };
  update(data: Record<string, unknown>): Promise<unknown>;
  updateEmbeddedDocuments(name: "Combatant", updates: Record<string, unknown>[]): Promise<unknown>;
}

const combats = () => (game as unknown as { combats?: { get?(id: string): unknown; contents?: CwnCombatDoc[] } }).combats;

/** The combat a request names, or a refusal. */
export function combatOf(id: string, started?: boolean): CwnCombatDoc {
  const all = combats();
  const combat = (all?.get?.(id) ?? all?.contents?.find((c) => c.id === id)) as CwnCombatDoc | undefined;
  if (!combat) throw new Refusal(localize("CYCHOSYS.Cwn.Combat.noCombat"));
  if (started === true && !combat.started) throw new Refusal(localize("CYCHOSYS.Cwn.Combat.notStarted"));
  if (started === false && fightOf(combat)) throw new Refusal(localize("CYCHOSYS.Cwn.Combat.started"));
  return combat;
}

/** What the tracker knows of a combatant (its actor's derived figures, its token). */
export function factsOf(c: CwnCombatantDoc): CwnCombatantFacts {
  const d = c.actor?.system.derived;
  return {
    id: c.id,
    name: c.name,
    playerOwned: c.actor?.hasPlayerOwner === true,
    disposition: c.token?.disposition ?? -1,
    dex: d ? d.initiativeDex : null,
    canSnap: d?.canSnap ?? false,
    downed: d?.downed ?? "none",
    morale: d?.morale ?? null,
  };
}

export const setupOf = (combat: CwnCombatDoc): CwnSetup => readCwnSetup((combat.flags.cychosys as Record<string, unknown> | undefined)?.[CWN_SETUP_FLAG]);
export const plannedOf = (combat: CwnCombatDoc) => plannedSides(combat.combatants.contents.map(factsOf), setupOf(combat));

/** May this user work this combatant's controls? Its actor's owners and the GM. */
export function mayControl(user: RequestUser, combatant: CwnCombatantDoc | undefined): boolean {
  return !!combatant && (user.isGM || combatant.actor?.testUserPermission(user, "OWNER") === true);
}

function controlled(combat: CwnCombatDoc, combatantId: string, user: RequestUser): CwnCombatantDoc {
  const combatant = combat.combatants.get(combatantId);
  if (!combatant || !mayControl(user, combatant)) throw new Refusal(localize("CYCHOSYS.Cwn.Combat.notYours"));
  if (!combatant.actor?.system.derived) throw new Refusal(format("CYCHOSYS.Cwn.Combat.noActor", { name: combatant.name }));
  return combatant;
}

function fightIn(combat: CwnCombatDoc): CwnCombatState {
  const fight = fightOf(combat);
  if (!fight) throw new Refusal(localize("CYCHOSYS.Cwn.Error.noFight"));
  return fight;
}

/** A name for a fighter or side id in the notes. */
export const nameIn = (combat: CwnCombatDoc) => (id: string) => combat.combatants.get(id)?.name ?? sideName(id, localize);

/** W4, W5: Foundry's round and turn marker as the fight has them: the acting side's member (W4), the round (the free round shows as 1). */
export function markerUpdate(combat: CwnCombatDoc, fight: CwnCombatState): Record<string, unknown> {
  const ordered = orderedTurns(combat.combatants.contents.map((c) => c.id), turnPlaces(fight));
  const marked = markedFighter(fight);
  const turn = marked ? ordered.indexOf(marked) : null;
  const round = Math.max(1, fight.round);
  const out: Record<string, unknown> = {};
  if (turn !== null && turn >= 0 && turn !== combat.turn) out.turn = turn;
  if (round !== combat.round) out.round = round;
  return out;
}

/** Post the events of a step in words (the table's log of the fight); a note that cannot be posted is only logged. */
export async function postEvents(combat: CwnCombatDoc, events: readonly CwnEvent[]): Promise<void> {
  const shown = events.filter((e) => !(e.kind === "turnStarted" && !e.lapsed.length) && !(e.kind === "turnEnded" && !e.forfeited.length));
  if (!shown.length) return;
  const lines = shown.flatMap((e) => explainCwnEvent(e, localize, nameIn(combat))).map((l) => `<li>${escapeHtml(l.text)}</li>`);
  await ChatMessage.implementation
    .create({ content: `<div class="cychosys cwn-fight-note"><strong>${escapeHtml(localize("CYCHOSYS.Cwn.Combat.noteTitle"))}</strong><ul>${lines.join("")}</ul></div>` } as never)
    .catch((error: unknown) => console.error("Cychosys | CWN: could not post the fight's note", error));
}

/** The refusals that mean the fight is at one of its limits (issue 20): the GM hears of them whoever asked. */
const LIMIT_CODES: readonly string[] = ["tooManyFighters", "tooManyRounds", "tooManySwarms", "tooManyTieRolls", "fightUnreadable"];

/** A step of the fight, or (at a limit) the GM told on its own client too, and the refusal passed on to whoever asked: nothing was written. */
export function stepOrTellGM<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof CwnError && LIMIT_CODES.includes(error.code)) ui.notifications?.error(localizeError(error), { permanent: true });
    throw error;
  }
}

/** Run one operation on the fight and store it with Foundry's marker; the events are posted. */
export async function operate(combat: CwnCombatDoc, op: CwnCombatOperation): Promise<CwnCombatState> {
  const fight = fightIn(combat);
  const step = stepOrTellGM(() => applyTableOperation(fight, op, cwnRules()));
  await combat.update({ ...fightUpdate(combat, step.state, fight), ...markerUpdate(combat, step.state) });
  await postEvents(combat, step.events);
  return step.state;
}

/** W12: enemies next to a fighter's token as it moves away (from the scene, when it has one). */
function adjacentEnemies(combat: CwnCombatDoc, combatant: CwnCombatantDoc): AdjacentEnemy[] {
  interface TokenLike { actor: { uuid: string; system?: { derived?: CwnDerived } } | null; center: { x: number; y: number }; document: { disposition: number } }
  const board = (globalThis as { canvas?: { ready?: boolean; tokens?: { placeables: TokenLike[] }; grid?: { units?: string; measurePath(p: unknown[]): { distance: number } } } }).canvas;
  if (!board?.ready || !board.tokens || !board.grid || !combatant.actor) return [];
  const grid = board.grid;
  const mine = board.tokens.placeables.find((t) => t.actor?.uuid === combatant.actor!.uuid);
  if (!mine) return [];
  const fight = fightOf(combat);
  const me = { disposition: mine.document.disposition, actorUuid: "", derived: undefined };
  const byActor = new Map(combat.combatants.contents.map((c) => [c.actor?.uuid, c] as const));
  const out: AdjacentEnemy[] = [];
  for (const t of board.tokens.placeables) {
    const other = t.actor ? byActor.get(t.actor.uuid) : undefined;
    const d = t.actor?.system?.derived;
    if (t === mine || !other || !d || !foes(me, { disposition: t.document.disposition, actorUuid: "", derived: d })) continue;
    if (metresOf(grid.measurePath([mine.center, t.center]).distance, grid.units ?? "m") > cwnRules().meleeRangeMetres) continue;
    const f = fight?.fighters[other.id];
    out.push({ id: other.id, canAttack: d.downed === "none" && !(fight?.round === 0 && f?.surprised), armed: foeHolding(d) === "armed" });
  }
  return out;
}

/** A change of an item then of the fight, never left half done: the item is put back if the fight cannot be written. */
async function withItem(item: { update(data: Record<string, unknown>): Promise<unknown> } | undefined, change: Record<string, unknown>, back: Record<string, unknown>, fight: () => Promise<unknown>, name: string): Promise<void> {
  if (!item) {
    await fight();
    return;
  }
  await item.update(change);
  try {
    await fight();
  } catch (error) {
    try {
      await item.update(back);
    } catch (again) {
      console.error("Cychosys | CWN: putting the weapon back failed", again);
      throw new PartialChange(format("CYCHOSYS.Cwn.Combat.itemPartial", { name }));
    }
    throw error;
  }
}

/** W8–W37: an action from the tracker; the context from the GM's documents (and the scene for W12). */
export async function act(combat: CwnCombatDoc, r: Extract<CwnCombatRequest, { kind: "cwnAct" }>, user: RequestUser): Promise<void> {
  const combatant = controlled(combat, r.combatantId, user);
  const fight = fightIn(combat);
  if (!Object.hasOwn(fight.fighters, combatant.id)) throw new Refusal(format("CYCHOSYS.Cwn.Combat.notInFight", { name: combatant.name }));
  const d = combatant.actor!.system.derived!;
  const ctx: CombatActionContext = { moveMetres: d.moveMetres, ...(r.label && { label: r.label }) };
  const weapon = r.itemId ? d.weapons.find((w) => w.id === r.itemId) : undefined;
  if (r.itemId && !weapon) throw new Refusal(format("CYCHOSYS.Cwn.Combat.noSuchItem", { name: combatant.name }));
  switch (r.action) {
    case "run":
    case "otherMove":
      Object.assign(ctx, { metres: r.metres, adjacentEnemies: adjacentEnemies(combat, combatant) });
      break;
    case "screenAlly":
      Object.assign(ctx, { metres: r.metres, highestSkill: d.highestCombatSkill, allyId: r.allyId || undefined, allyMetres: 0 });
      if (r.allyId && !fight.sides[fight.order.find((id) => fight.sides[id]!.members.includes(combatant.id))!]!.members.includes(r.allyId)) throw new Refusal(format("CYCHOSYS.Cwn.Combat.screenNotAlly", { name: combatant.name }));
      break;
    case "swarmAttack":
      if (!r.targetId || !Object.hasOwn(fight.fighters, r.targetId)) throw new Refusal(localize("CYCHOSYS.Cwn.Combat.noTarget"));
      ctx.targetId = r.targetId;
      break;
    case "reload":
      if (!weapon) throw new Refusal(format("CYCHOSYS.Cwn.Combat.noSuchItem", { name: combatant.name }));
      Object.assign(ctx, { reload: weapon.reloadAction, quiverReadied: r.quiver, shootLevel: d.combatSkills.shoot });
      break;
    case "pickUp":
      ctx.freeHand = true;
      break;
  }
  const item = weapon ? combatant.actor!.items.get(weapon.id) : undefined;
  if (r.action === "reload" && weapon) {
    // W32: a full magazine; the cost is the weapon's (checked before anything is written).
    stepOrTellGM(() => applyTableOperation(fight, { kind: "act", fighterId: combatant.id, action: "reload", context: ctx }, cwnRules()));
    return withItem(item, { "system.magazine.value": weapon.magazine.max }, { "system.magazine.value": weapon.magazine.value }, () => operate(combat, { kind: "act", fighterId: combatant.id, action: "reload", context: ctx }), weapon.name);
  }
  if (r.action === "readyStow" && weapon) {
    // W31: Readied ⇄ Stowed.
    stepOrTellGM(() => applyTableOperation(fight, { kind: "act", fighterId: combatant.id, action: "readyStow", context: ctx }, cwnRules()));
    const next = weapon.state === "readied" ? "stowed" : "readied";
    return withItem(item, { "system.state": next }, { "system.state": weapon.state }, () => operate(combat, { kind: "act", fighterId: combatant.id, action: "readyStow", context: ctx }), weapon.name);
  }
  await operate(combat, { kind: "act", fighterId: combatant.id, action: r.action, context: ctx });
}

/** W3: a side's d8 before the fight: a player for their own side, the GM for any. */
export async function rollSide(combat: CwnCombatDoc, sideId: string, face: number, user: RequestUser): Promise<void> {
  const side = plannedOf(combat).find((s) => s.id === sideId);
  if (!side) throw new Refusal(format("CYCHOSYS.Cwn.Combat.noSide", { side: sideId }));
  if (!user.isGM && !(side.playerCharacters && side.members.some((m) => mayControl(user, combat.combatants.get(m.id))))) throw new Refusal(localize("CYCHOSYS.Cwn.Combat.notYourSide"));
  if (side.roll) throw new Refusal(format("CYCHOSYS.Cwn.Combat.alreadyRolled", { side: sideName(sideId, localize) }));
  const setup = setupOf(combat);
  await combat.update({ [CWN_SETUP_PATH]: requireStorableSetup({ ...setup, rolls: { ...setup.rolls, [sideId]: { roll: face, tieRolls: [] } } }) });
}

/**
 * W3, W4: the GM groups a combatant into a side (a new group id, or a side
 * that exists). Only a GM may send it: its fields are GM-only
 * (CWN_TRACKER_GM_ONLY, refused from anyone else before this runs); the
 * same holds for surprise, Morale and arrivals below.
 */
export async function group(combat: CwnCombatDoc, combatantId: string, sideId: string): Promise<void> {
  if (!combat.combatants.get(combatantId)) throw new Refusal(localize("CYCHOSYS.Cwn.Combat.notYours"));
  const setup = setupOf(combat);
  await combat.update({ [CWN_SETUP_PATH]: requireStorableSetup({ ...setup, groups: { ...setup.groups, [combatantId]: sideId } }) });
}

/** W2: the GM marks a side caught wholly unaware. */
export async function surprise(combat: CwnCombatDoc, sideId: string, surprised: boolean): Promise<void> {
  const setup = setupOf(combat);
  const list = setup.surprised.filter((s) => s !== sideId);
  await combat.update({ [CWN_SETUP_PATH]: requireStorableSetup({ ...setup, surprised: surprised ? [...list, sideId] : list }) });
}

/** W3: the arrivals of one planned side join with the GM's d8. */
export async function join(combat: CwnCombatDoc, sideId: string, face: number): Promise<void> {
  const fight = fightIn(combat);
  const side = arrivals(combat.combatants.contents.map(factsOf), fight, setupOf(combat)).find((s) => s.id === sideId);
  if (!side) throw new Refusal(format("CYCHOSYS.Cwn.Combat.noSide", { side: sideId }));
  const state = await operate(combat, { kind: "join", side: sideSetup({ ...side, roll: { roll: face, tieRolls: [] } }, cwnRules()) });
  await mirrorTotals(combat, state);
}

/** Each combatant's Foundry initiative shows its side's total (W3; display only, the order is the fight's). */
export async function mirrorTotals(combat: CwnCombatDoc, fight: CwnCombatState): Promise<void> {
  const sides = sidesByFighter(fight);
  const updates = combat.combatants.contents.flatMap((c) => {
    const side = sides.get(c.id);
    return side && c.initiative !== side.initiative.total ? [{ _id: c.id, initiative: side.initiative.total }] : [];
  });
  if (updates.length) await combat.updateEmbeddedDocuments("Combatant", updates).catch((error) => console.error("Cychosys | CWN: could not show the sides' totals", error));
}

/** Register the handlers of the tracker's requests. */
export function registerCwnTrackerHandlers(): void {
  const on = requestHandlers<CwnCombatRequest>();
  on("cwnRollSide", (user, r) => rollSide(combatOf(r.combatId, false), r.sideId, r.face, user));
  // cwnGroup, cwnSurprise, cwnMorale, cwnJoin: the GM's only (their fields are GM-only, CWN_TRACKER_GM_ONLY).
  on("cwnGroup", (_user, r) => group(combatOf(r.combatId, false), r.combatantId, r.sideId));
  on("cwnSurprise", (_user, r) => surprise(combatOf(r.combatId, false), r.sideId, r.surprised));
  on("cwnBeginTurn", async (user, r) => {
    const combat = combatOf(r.combatId, true);
    await operate(combat, { kind: "beginTurn", fighterId: controlled(combat, r.combatantId, user).id });
  });
  on("cwnEndTurn", async (user, r) => {
    const combat = combatOf(r.combatId, true);
    const id = controlled(combat, r.combatantId, user).id;
    await operate(combat, { kind: fightIn(combat).fighters[id]?.turn === "acting" ? "endTurn" : "pass", fighterId: id });
  });
  on("cwnAct", (user, r) => act(combatOf(r.combatId, true), r, user));
  on("cwnEndSide", async (user, r) => {
    const combat = combatOf(r.combatId, true);
    const fight = fightIn(combat);
    const side = fight.sides[fight.order[fight.current] ?? ""];
    if (!user.isGM && !(side?.playerCharacters && side.members.some((id) => mayControl(user, combat.combatants.get(id))))) throw new Refusal(localize("CYCHOSYS.Cwn.Combat.notYourSide"));
    await operate(combat, { kind: "endSideTurn" });
  });
  on("cwnMorale", async (_user, r) => {
    await operate(combatOf(r.combatId, true), { kind: "morale", sideId: r.sideId, faces: r.faces.length ? r.faces : null });
  });
  on("cwnReadySwarm", async (user, r) => {
    const combat = combatOf(r.combatId, true);
    const swarm = fightIn(combat).swarms.find((w) => w.id === r.swarmId);
    const members = swarm ? fightIn(combat).sides[swarm.sideId]!.members : [];
    if (!user.isGM && !members.some((id) => mayControl(user, combat.combatants.get(id)))) throw new Refusal(localize("CYCHOSYS.Cwn.Combat.notYourSide"));
    await operate(combat, { kind: "readySwarm", swarmId: r.swarmId });
  });
  on("cwnJoin", (_user, r) => join(combatOf(r.combatId, true), r.sideId, r.face));
}
