/**
 * The end of a phase on a card (P9, P11 steps 4–5), as a pure state machine
 * (docs/rulesets/phase.md, "On the table"):
 *
 *   rolling ─ every roll in ─▶ resolved ─ GM applies ─▶ applied ─ GM undoes ─▶ resolved …
 *      └──────────── GM cancels ───────────┘─▶ cancelled    └─ after the phase moved on ─▶ undone
 *
 * The card holds what is public once the phase ends — the actions due now,
 * the dice rolled, the GM's TN modifiers, and the outcome as it stands — and
 * the ledger revision it acts on; the rules core resolves the whole phase end
 * again at every step (`resolvePhase`), against the ledger and the sheets as
 * the GM holds them. Applying turns the resolution into the shared write
 * commands: flesh and stun by their change, the traumatic wounds added,
 * rounds spent and weapons drawn or put away, and the ledger's own step to
 * the next phase (first, so a retry never applies it twice); undo takes back
 * each of those by its own delta (`undoPhaseEnd`). No Foundry, no randomness.
 */
import type { CardFlow, ParticipantRef } from "../../../core/ruleset.js";
import type { WriteCommand } from "../../../core/writes.js";
import { PHASE_LIMITS } from "../data/schema.js";
import type { PhaseRoundOperation } from "../combat/ledger.js";
import { PhaseTableError } from "../combat/errors.js";
import { phaseClock, type PhaseClock } from "../rules/clock.js";
import { PHASE_STANDARD_RULES, type PhaseRules } from "../rules/options.js";
import { type AttackNeed, type AttackRolls, dueThisPhase, neededDice, type PhaseReport, type PhaseResolution, type ResolvedEntry } from "../rules/resolve-phase.js";
import type { DeclaredAction, Fighters, PhaseState } from "../rules/state.js";
import type { TimedLength } from "../rules/types.js";
import type { TraumaticWound } from "../rules/wounds.js";

/** A combatant of the card's combat, as the GM named it when the card was posted. */
export interface PhasePerson {
  combatantId: string;
  actorUuid: string;
  name: string;
  /** Weapon item id → name. */
  weapons: Record<string, string>;
}

/** A roll the card waits for, and the dice that make it (`formula`, faces read by the core). */
export interface PhaseNeed extends AttackNeed {
  dice: number;
  faces: number;
}

/** What the card shows of the resolution: public once the phase ends. */
export interface PhaseOutcome {
  groups: { length: TimedLength; entries: ResolvedEntry[] }[];
  /** P9/P37: actions lost; `action` null when it was not due and nobody else may see what it was. */
  lost: { actor: string; action: DeclaredAction | null; during: TimedLength | "before" }[];
  outOfAction: PhaseReport["outOfAction"];
  surprised: string[];
}

/** An applied phase end: what it changed, kept so undo takes back exactly that. */
export interface PhaseApplication {
  by: string;
  /** The ledger's revision after the phase end (undo refuses once it has moved on). */
  revision: number;
  actors: { actorUuid: string; name: string; flesh: number; stun: number; traumas: TraumaticWound[] }[];
  items: { uuid: string; actorUuid: string; name: string; ammo: number; ready: { before: boolean; after: boolean } | null }[];
  undoneBy?: string;
  /** Undone after the phase had moved on: the sheets went back, the phase record kept its course. */
  recordKept?: boolean;
}

/** `undone`: taken back from the sheets after the phase had moved on; nothing more happens on the card. */
export type PhaseCardStatus = "rolling" | "resolved" | "applied" | "cancelled" | "undone";

export interface PhaseFlow extends CardFlow {
  ruleset: "phase";
  combatId: string;
  clock: PhaseClock;
  /** The ledger revision the card acts on. */
  revision: number;
  status: PhaseCardStatus;
  people: PhasePerson[];
  /** P9: the actions due at the end of this phase, by length (they resolve now: public). */
  due: { length: TimedLength; actions: { action: DeclaredAction; part: "targeting" | null }[] }[];
  /** The dice given so far and the GM's TN modifiers, per attacker. */
  rolls: Record<string, AttackRolls>;
  needs: PhaseNeed[];
  outcome: PhaseOutcome;
  applications: PhaseApplication[];
}

export const personOf = (flow: Pick<PhaseFlow, "people">, combatantId: string): PhasePerson | undefined => flow.people.find((p) => p.combatantId === combatantId);

/** The dice a need is rolled with: the check die, the target's chart die (P20), the weapon's damage dice (P28). */
export function needDice(need: AttackNeed, state: PhaseState, fighters: Fighters, rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES): PhaseNeed {
  return { ...need, ...neededDice(need, state, fighters, rules) };
}

/** The resolution as the card keeps it: what resolved so far (or all of it), what is lost, what is owed. */
export function outcomeOf(resolution: PhaseResolution, state: PhaseState, fighters: Fighters, due: PhaseFlow["due"], rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES): { outcome: PhaseOutcome; needs: PhaseNeed[] } {
  if (resolution.status === "pending") {
    return { outcome: { groups: structuredClone(resolution.groups), lost: [], outOfAction: [], surprised: [] }, needs: resolution.needs.map((n) => needDice(n, state, fighters, rules)) };
  }
  const dueIds = new Set(due.flatMap((g) => g.actions.map((a) => a.action.id)));
  const r = resolution.report;
  return {
    outcome: {
      groups: structuredClone(r.groups),
      // A lost action that was not due is still nobody else's business (the hidden declarations).
      lost: r.lost.map((l) => ({ actor: l.action.actor, action: dueIds.has(l.action.id) || l.action.partsDone > 0 || rules.openDeclarations ? structuredClone(l.action) : null, during: l.during })),
      outOfAction: structuredClone(r.outOfAction),
      surprised: [...r.surprised],
    },
    needs: [],
  };
}

/** A new card for the phase's end of `state` (already resolved once with no dice). */
export function newPhaseFlow(
  id: string,
  o: { combatId: string; revision: number; state: PhaseState; fighters: Fighters; people: PhasePerson[]; resolution: PhaseResolution },
  rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES,
): PhaseFlow {
  const due = structuredClone(dueThisPhase(o.state, rules));
  const { outcome, needs } = outcomeOf(o.resolution, o.state, o.fighters, due, rules);
  const first = o.people[0]!;
  const attacker: ParticipantRef = { actorUuid: first.actorUuid, name: first.name };
  return {
    version: 1, ruleset: "phase", id, attacker, targets: [],
    combatId: o.combatId, clock: phaseClock(o.state.phase, rules), revision: o.revision,
    status: o.resolution.status === "pending" ? "rolling" : "resolved",
    people: o.people, due, rolls: {}, needs, outcome, applications: [],
  };
}

/** The flow with its dice (and the resolution they give) replaced. */
export function withRolls(flow: PhaseFlow, rolls: Record<string, AttackRolls>, resolution: PhaseResolution, state: PhaseState, fighters: Fighters, rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES): PhaseFlow {
  const { outcome, needs } = outcomeOf(resolution, state, fighters, flow.due, rules);
  return { ...flow, rolls, needs, outcome, status: resolution.status === "pending" ? "rolling" : "resolved" };
}

/** The combatant ids of the due attacks (they roll; the GM sets their TN modifiers). A stored card reads a null back as absent: never compare with null here. */
export function attackersOf(flow: PhaseFlow, rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES): string[] {
  const ids = flow.due.flatMap((g) => g.actions.filter((a) => !a.part && (rules.actions[a.action.action]?.checks ?? 0) > 0).map((a) => a.action.actor));
  return [...new Set(ids)];
}

/** Add the faces of the roll `combatantId` owes; throws when it owes another roll, or none. */
export function addRoll(flow: PhaseFlow, combatantId: string, roll: AttackNeed["roll"], faces: readonly number[]): Record<string, AttackRolls> {
  const name = personOf(flow, combatantId)?.name ?? combatantId;
  if (flow.status !== "rolling") throw new PhaseTableError("notRolling");
  const need = flow.needs.find((n) => n.actor === combatantId);
  if (!need) throw new PhaseTableError("noRollDue", { name });
  if (need.roll !== roll) throw new PhaseTableError("wrongRoll", { name, roll: need.roll });
  if (faces.length !== need.dice) throw new PhaseTableError("diceCount", { wanted: need.dice, given: faces.length });
  const mine: AttackRolls = flow.rolls[combatantId] ?? { checks: [], locations: [], damage: [] };
  const next: AttackRolls =
    roll === "check" ? { ...mine, checks: [...mine.checks, faces[0]!] } : roll === "location" ? { ...mine, locations: [...mine.locations, faces[0]!] } : { ...mine, damage: [...mine.damage, [...faces]] };
  return { ...flow.rolls, [combatantId]: next };
}

/** P17/P35, P21/P41: the GM's TN modifiers and the areas behind cover for one attacker, before its first check. */
export function setModifiers(flow: PhaseFlow, combatantId: string, mods: Pick<AttackRolls, "range" | "cover" | "other" | "coverAreas">, rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES): Record<string, AttackRolls> {
  const name = personOf(flow, combatantId)?.name ?? combatantId;
  if (flow.status !== "rolling" && flow.status !== "resolved") throw new PhaseTableError("notRolling");
  if (!attackersOf(flow, rules).includes(combatantId)) throw new PhaseTableError("noRollDue", { name });
  const mine: AttackRolls = flow.rolls[combatantId] ?? { checks: [], locations: [], damage: [] };
  if (mine.checks.length) throw new PhaseTableError("modifiersLocked", { name });
  return { ...flow.rolls, [combatantId]: { checks: [], locations: [], damage: [], range: mods.range ?? 0, cover: mods.cover ?? 0, other: mods.other ?? 0, coverAreas: [...(mods.coverAreas ?? [])] } };
}

/** What an actor and its items store that applying changes (read from the GM's documents as they are now). */
export interface StoredWounds {
  traumaticWounds: TraumaticWound[];
}

const flowRound = (flow: PhaseFlow, operation: PhaseRoundOperation): WriteCommand => ({ kind: "round", actorUuid: flow.people[0]!.actorUuid, operation });

/**
 * P9, P11 steps 4–5: apply the resolved phase end. `after` is the core's
 * resolution of the card's dice over `fighters` (the sheets now); `stored`
 * reads an actor's stored traumatic wounds (they are added to, never
 * replaced). The ledger's step comes first among the commands.
 */
export function applyPhaseEnd(
  flow: PhaseFlow,
  fighters: Fighters,
  after: Fighters,
  stored: (actorUuid: string) => StoredWounds,
  by: string,
): { flow: PhaseFlow; commands: WriteCommand[] } {
  if (flow.status === "applied") throw new PhaseTableError("nothingToUndo");
  if (flow.status !== "resolved") throw new PhaseTableError("notResolved");
  const commands: WriteCommand[] = [flowRound(flow, { kind: "phaseEnd", basis: flow.revision, flowId: flow.id, rolls: structuredClone(flow.rolls) })];
  const application: PhaseApplication = { by, revision: flow.revision + 1, actors: [], items: [] };
  for (const person of flow.people) {
    const before = fighters[person.combatantId];
    const now = after[person.combatantId];
    if (!before || !now) continue;
    const flesh = now.wounds.flesh - before.wounds.flesh;
    const stun = now.wounds.stun - before.wounds.stun;
    const traumas = now.wounds.traumas.slice(before.wounds.traumas.length).map((t) => ({ ...t }));
    if (flesh || stun || traumas.length) {
      application.actors.push({ actorUuid: person.actorUuid, name: person.name, flesh, stun, traumas });
      const changes = [
        ...(flesh ? [{ path: "system.flesh", delta: flesh, min: 0, max: PHASE_LIMITS.points }] : []),
        ...(stun ? [{ path: "system.stun", delta: stun, min: 0, max: PHASE_LIMITS.points }] : []),
      ];
      if (changes.length) commands.push({ kind: "adjust", uuid: person.actorUuid, changes });
      if (traumas.length) commands.push({ kind: "set", uuid: person.actorUuid, changes: [{ path: "system.traumaticWounds", value: [...stored(person.actorUuid).traumaticWounds, ...traumas] }] });
    }
    for (const [id, w] of Object.entries(before.weapons)) {
      const n = now.weapons[id];
      if (!n) continue;
      const ammo = w.ammo - n.ammo;
      const ready = w.ready !== n.ready ? { before: w.ready, after: n.ready } : null;
      if (!ammo && !ready) continue;
      const uuid = `${person.actorUuid}.Item.${id}`;
      application.items.push({ uuid, actorUuid: person.actorUuid, name: w.name, ammo, ready });
      if (ammo) commands.push({ kind: "adjust", uuid, changes: [{ path: "system.ammo.value", delta: -ammo, min: 0, max: { path: "system.ammo.max" } }] });
      if (ready) commands.push({ kind: "set", uuid, changes: [{ path: "system.ready", value: ready.after }] });
    }
  }
  return { flow: { ...flow, status: "applied", revision: application.revision, applications: [...flow.applications, application] }, commands };
}

/** The application in force (applied, not undone). */
export const currentApplication = (flow: PhaseFlow): PhaseApplication | undefined => {
  const last = flow.applications.at(-1);
  return last && !last.undoneBy && flow.status === "applied" ? last : undefined;
};

/** Take one occurrence of each added wound out of the list, newest first (changes made since are kept). */
export function withoutTraumas(list: readonly TraumaticWound[], added: readonly TraumaticWound[]): TraumaticWound[] {
  const out = list.map((t) => ({ ...t }));
  for (const t of added) {
    for (let i = out.length - 1; i >= 0; i--) {
      if (out[i]!.area === t.area && out[i]!.phase === t.phase) {
        out.splice(i, 1);
        break;
      }
    }
  }
  return out;
}

/** What undo reads of the sheets as they are now: an actor's stored traumatic wounds, a weapon's drawn state. */
export interface SheetsNow {
  wounds(actorUuid: string): StoredWounds;
  /** Is the item (`<actor>.Item.<id>`) drawn now; undefined when it is gone. */
  ready(itemUuid: string): boolean | undefined;
}

/**
 * Undo the applied phase end, each change by its own delta (22.2): flesh and
 * stun back by what this phase end added, clamped to the track; its
 * traumatic wounds taken out (one each — wounds added since stay); its
 * rounds given back, clamped to the magazine; a weapon it drew or put away
 * turned back only while it is still as this phase end left it (a draw
 * since is the newer change and stays). The phase record goes back too
 * when nothing has happened on it since (`recordBack`: the ledger is still
 * at this application's revision — so no later declaration can be erased,
 * and the card can be applied again). Once the phase has moved on, the
 * record keeps its course — the later phases were declared on top of it —
 * and the card is done ("undone"): the sheets are back, and what the phase
 * end did to the tracker (actions resolved, surprise and suppression
 * marks) is the GM's to change with the tracker's marks.
 */
export function undoPhaseEnd(flow: PhaseFlow, sheets: SheetsNow, by: string, recordBack: boolean): { flow: PhaseFlow; commands: WriteCommand[] } {
  const application = currentApplication(flow);
  if (!application) throw new PhaseTableError("nothingToUndo");
  const commands: WriteCommand[] = recordBack ? [flowRound(flow, { kind: "phaseUndo", revision: application.revision, flowId: flow.id })] : [];
  for (const a of application.actors) {
    const changes = [
      ...(a.flesh ? [{ path: "system.flesh", delta: -a.flesh, min: 0, max: PHASE_LIMITS.points }] : []),
      ...(a.stun ? [{ path: "system.stun", delta: -a.stun, min: 0, max: PHASE_LIMITS.points }] : []),
    ];
    if (changes.length) commands.push({ kind: "adjust", uuid: a.actorUuid, changes });
    if (a.traumas.length) commands.push({ kind: "set", uuid: a.actorUuid, changes: [{ path: "system.traumaticWounds", value: withoutTraumas(sheets.wounds(a.actorUuid).traumaticWounds, a.traumas) }] });
  }
  for (const item of application.items) {
    if (item.ammo) commands.push({ kind: "adjust", uuid: item.uuid, changes: [{ path: "system.ammo.value", delta: item.ammo, min: 0, max: { path: "system.ammo.max" } }] });
    if (item.ready && sheets.ready(item.uuid) === item.ready.after) commands.push({ kind: "set", uuid: item.uuid, changes: [{ path: "system.ready", value: item.ready.before }] });
  }
  const applications = flow.applications.slice();
  applications[applications.length - 1] = { ...application, undoneBy: by, ...(!recordBack && { recordKept: true }) };
  // The ledger takes the next revision when it goes back: the card acts on that one.
  if (recordBack) return { flow: { ...flow, status: "resolved", revision: application.revision + 1, applications }, commands };
  return { flow: { ...flow, status: "undone", applications }, commands };
}

/** The GM gives up resolving on this card: declarations open again. */
export function cancelPhaseEnd(flow: PhaseFlow): { flow: PhaseFlow; commands: WriteCommand[] } {
  if (flow.status !== "rolling" && flow.status !== "resolved") throw new PhaseTableError("notRolling");
  return { flow: { ...flow, status: "cancelled", revision: flow.revision + 1 }, commands: [flowRound(flow, { kind: "abortResolve", basis: flow.revision, flowId: flow.id })] };
}

/** The ledger step that begins resolving on a new card. */
export const beginCommand = (flow: PhaseFlow, basis: number): WriteCommand => flowRound(flow, { kind: "beginResolve", basis, flowId: flow.id });
