/**
 * P11 steps 1–2 as transitions: surprised characters whose wait is over roll
 * (P3); everyone who wants to declare, take a free action or cancel rolls
 * initiative (P5, P7, P10); the order is then fixed, lowest first. Also the
 * GM's awareness marks (P2, P40).
 */
import { outOfAction } from "./wounds.js";
import { PhaseError } from "./errors.js";
import { declarationOrder, rollInitiative } from "./initiative.js";
import { PHASE_STANDARD_RULES, type PhaseRules } from "./options.js";
import { changedCombatant, type CombatantPhase, combatantOf, type Fighter, type Fighters, fighterOf, keepPlaces, type PhaseEvent, type PhaseState, withCombatant } from "./state.js";
import { AWARE, rollSurprise, rollsForSurprise, surprise, UNAWARE } from "./surprise.js";

function requireStep(state: PhaseState, step: PhaseState["step"]): void {
  if (state.step !== step) throw new PhaseError("wrongStep", { step: state.step, wanted: step });
}

/** Who must roll for surprise at the start of this phase (P3). */
export function surpriseRollers(state: PhaseState): string[] {
  return state.combatants.filter((c) => rollsForSurprise(c.awareness, state.phase)).map((c) => c.id);
}

/** P11 step 1 (P3, P36): each surprised character whose wait is over rolls; `faces` gives each one's d10. */
export function startPhase(state: PhaseState, fighters: Fighters, faces: Readonly<Record<string, number>>, rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES): PhaseState {
  requireStep(state, "start");
  const events: PhaseEvent[] = [];
  const combatants = keepPlaces(state.combatants, state.combatants.map((c) => {
    const a = c.awareness;
    if (a.state !== "surprised" || !rollsForSurprise(a, state.phase)) return c;
    const face = Object.hasOwn(faces, c.id) ? faces[c.id] : undefined;
    if (face === undefined) throw new PhaseError("diceMissing", { what: "surprise roll", who: c.id });
    const f = fighterOf(fighters, c.id);
    const roll = rollSurprise(a, face, f.reflexes, f.wounds.traumas.length, rules);
    events.push({ kind: "surpriseRoll", actor: c.id, face, bonus: roll.bonus, total: roll.check.total, tn: roll.check.tn, success: roll.check.success });
    return { ...c, awareness: roll.after };
  }));
  const rolled = new Set(events.map((e) => e.actor));
  for (const id of Object.keys(faces)) {
    if (!rolled.has(id)) throw new PhaseError("diceUnused", { what: `surprise roll of ${id}`, given: 1, used: 0 });
  }
  return { ...state, step: "initiative", combatants, events: [...state.events, ...events] };
}

/** Why this combatant may not take a declaration slot now, or null (P3, P37, P2). */
export function slotRefusal(c: CombatantPhase, fighter: Fighter, rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES): PhaseError | null {
  if (c.awareness.state === "surprised") return new PhaseError("surprised", { id: c.id });
  if (c.awareness.state === "unaware") return new PhaseError("unaware", { id: c.id });
  if (outOfAction(fighter.wounds)) return new PhaseError("outOfAction", { id: c.id });
  return null;
}

/** P5/P7/P10: a combatant that wants a slot rolls initiative (`tiebreak` drawn once for the phase). */
export function rollInitiativeFor(
  state: PhaseState,
  fighters: Fighters,
  id: string,
  faces: readonly number[],
  tiebreak: number | null = null,
  rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES,
): PhaseState {
  requireStep(state, "initiative");
  const c = combatantOf(state, id);
  const f = fighterOf(fighters, id);
  const refusal = slotRefusal(c, f, rules);
  if (refusal) throw refusal;
  if (c.initiative) throw new PhaseError("alreadyRolled", { id });
  const roll = rollInitiative(faces, f.reflexes, rules);
  return withCombatant(state, changedCombatant(c, { initiative: { faces: roll.faces, reflexes: roll.reflexes, total: roll.total, tiebreak } }));
}

const SLOT_OPEN = Object.freeze({ slot: "open" } as const);

/** P5: the order is fixed, lowest total first; the slots open. */
export function closeInitiative(state: PhaseState): PhaseState {
  requireStep(state, "initiative");
  const order = declarationOrder(
    state.combatants.filter((c) => c.initiative).map((c) => ({ id: c.id, total: c.initiative!.total, reflexes: c.initiative!.reflexes, tiebreak: c.initiative!.tiebreak })),
  );
  const combatants = keepPlaces(state.combatants, state.combatants.map((c): CombatantPhase => (c.initiative ? changedCombatant(c, SLOT_OPEN) : c)));
  return { ...state, step: "declare", order, cursor: 0, combatants };
}

/** P2/P40: the GM marks a combatant aware or unaware (a surprised one made aware joins at once). */
export function setAwareness(state: PhaseState, id: string, aware: boolean): PhaseState {
  const c = combatantOf(state, id);
  return withCombatant(state, { ...c, awareness: aware ? AWARE : UNAWARE });
}

/** P40: an overt hostile act the GM saw them witness, resolving at the end of `phase`, surprises the unaware. */
export function witnessHostility(state: PhaseState, ids: readonly string[], phase: number = state.phase, extraPhases = 0, rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES): PhaseState {
  for (const id of ids) combatantOf(state, id);
  const seen = new Set(ids);
  return { ...state, combatants: state.combatants.map((c) => (seen.has(c.id) ? { ...c, awareness: surprise(c.awareness, phase, extraPhases, rules) } : c)) };
}

/** P24: the GM marks or clears `suppressed` (what it means is the GM's call). */
export function setSuppressed(state: PhaseState, id: string, suppressed: boolean): PhaseState {
  const c = combatantOf(state, id);
  return withCombatant(state, { ...c, suppressed });
}
