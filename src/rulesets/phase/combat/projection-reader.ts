/**
 * A player's client reading what the GM stored for it: the projection on
 * the combat and the secrets whispered to it (projection.ts). Only a GM
 * writes either, but a client still reads them strictly — through the rules
 * core's own reader of a stored phase state (ids, bounds, the catalogue,
 * slots against the order) — so a damaged or old record shows as unreadable
 * instead of breaking the tracker. Pure.
 */
import { PhaseError } from "../rules/errors.js";
import { PHASE_STANDARD_RULES, type PhaseRules } from "../rules/options.js";
import { copyStored, PHASE_MAX_EVENTS, readStoredCombatant, readStoredPhaseState } from "../rules/stored-state.js";
import type { PhaseState } from "../rules/state.js";
import { isMember } from "../rules/types.js";
import type { EventView } from "../rules/view.js";
import { MAX_REVISION } from "./ledger.js";
import { type HiddenAction, type PhaseProjection, type PhaseSecret, PROJECTION_VERSION, type ProjectedCombatant } from "./projection.js";

type Rec = Record<string, unknown>;
const isRecord = (v: unknown): v is Rec => v !== null && typeof v === "object" && !Array.isArray(v);
const isId = (v: unknown): v is string => typeof v === "string" && /^[A-Za-z0-9_-]{1,64}$/.test(v);
/** A declared action's id: `<combatant>@<phase declared>`. */
const isActionId = (v: unknown): v is string => typeof v === "string" && /^[A-Za-z0-9_-]{1,64}@[0-9]{1,6}$/.test(v);
const isWhole = (v: unknown, min: number, max: number): v is number => typeof v === "number" && Number.isInteger(v) && v >= min && v <= max;
const EVENT_KINDS = ["surpriseRoll", "free", "declare", "cancel", "pass", "distracted"] as const;
const isHidden = (a: ProjectedCombatant["action"]): a is HiddenAction => a !== null && "hidden" in a;

/** The projection as a core state (hidden declarations left out), checked by the core's reader; throws PhaseError. */
function asState(p: Rec, combatants: Rec[], rules: Readonly<PhaseRules>): PhaseState {
  return readStoredPhaseState(
    {
      phase: p.phase, step: p.step, order: p.order, cursor: p.cursor, events: [],
      combatants: combatants.map((c) => {
        const hidden = isRecord(c.action) && c.action.hidden === true;
        return { id: c.id, awareness: c.awareness, action: hidden ? null : c.action, initiative: c.initiative, slot: c.slot, freeUsed: c.freeUsed, defending: c.defending === true, suppressed: c.suppressed, targeting: null, aim: null };
      }),
    },
    rules,
  );
}

function checkEvents(value: unknown, ids: ReadonlySet<string>): EventView[] {
  if (!Array.isArray(value) || value.length > PHASE_MAX_EVENTS) throw new PhaseError("scenarioField", { field: "events", problem: "list" });
  for (const e of value) if (!isRecord(e) || !isMember(EVENT_KINDS, e.kind) || !isId(e.actor) || !ids.has(e.actor)) throw new PhaseError("scenarioField", { field: "events", problem: "event" });
  return copyStored(value as EventView[]);
}

/** The combat's stored projection, or null when it is missing or not one this version reads. */
export function readProjection(value: unknown, rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES): PhaseProjection | null {
  try {
    if (!isRecord(value) || value.version !== PROJECTION_VERSION || !isId(value.combatId) || !isWhole(value.revision, 0, MAX_REVISION) || typeof value.resolving !== "boolean") return null;
    if (!Array.isArray(value.combatants) || !value.combatants.every(isRecord)) return null;
    const list = value.combatants as Rec[];
    const state = asState(value, list, rules);
    const ids = new Set(state.combatants.map((c) => c.id));
    const rolled = value.surpriseRolled;
    if (!Array.isArray(rolled) || !rolled.every((id) => isId(id) && ids.has(id))) return null;
    const combatants = state.combatants.map((c, i): ProjectedCombatant => {
      const raw = list[i]!;
      const hidden = isRecord(raw.action) && raw.action.hidden === true;
      if (hidden && (!isActionId((raw.action as Rec).id) || !String((raw.action as Rec).id).startsWith(`${c.id}@`) || Object.keys(raw.action as Rec).length !== 2)) throw new PhaseError("scenarioField", { field: "action", problem: "hidden" });
      if (raw.defending !== null && typeof raw.defending !== "boolean") throw new PhaseError("scenarioField", { field: "defending", problem: "boolean" });
      const action: ProjectedCombatant["action"] = hidden ? ({ hidden: true, id: (raw.action as Rec).id as string } satisfies HiddenAction) : c.action;
      return { id: c.id, awareness: c.awareness, action, initiative: c.initiative, slot: c.slot, freeUsed: c.freeUsed, suppressed: c.suppressed, defending: raw.defending as boolean | null };
    });
    return {
      version: PROJECTION_VERSION, combatId: value.combatId, revision: value.revision, phase: state.phase, step: state.step, order: state.order, cursor: state.cursor,
      resolving: value.resolving, surpriseRolled: [...(rolled as string[])], combatants, events: checkEvents(value.events, ids),
    };
  } catch (error) {
    if (error instanceof PhaseError) return null;
    throw error;
  }
}

/** A secret whispered to this client, checked against the projection it belongs to; null when it does not fit. */
export function readSecret(value: unknown, projection: PhaseProjection, rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES): PhaseSecret | null {
  try {
    if (!isRecord(value) || value.version !== PROJECTION_VERSION || value.combatId !== projection.combatId || !isId(value.combatantId) || !isWhole(value.revision, 0, MAX_REVISION)) return null;
    const id = value.combatantId;
    const pub = projection.combatants.find((c) => c.id === id);
    if (!pub) return null;
    // Its public part as the projection holds it, its hidden part from the secret: checked as one stored combatant.
    const ids = new Set(projection.combatants.map((x) => x.id));
    const own = { targeting: value.targeting, aim: value.aim, defending: value.defending, ...(value.action !== null && { action: value.action }) };
    const c = readStoredCombatant({ id, awareness: pub.awareness, action: isHidden(pub.action) ? null : pub.action, initiative: pub.initiative, slot: pub.slot, freeUsed: pub.freeUsed, suppressed: pub.suppressed, ...own }, ids, rules);
    if (!Array.isArray(value.events) || value.events.length > PHASE_MAX_EVENTS) return null;
    const events = value.events.map((e) => {
      if (!isRecord(e) || !isWhole(e.index, 0, PHASE_MAX_EVENTS - 1) || !isRecord(e.event) || e.event.actor !== id) throw new PhaseError("scenarioField", { field: "events", problem: "event" });
      checkEvents([e.event], ids);
      return { index: e.index, event: copyStored(e.event) as PhaseSecret["events"][number]["event"] };
    });
    return { version: PROJECTION_VERSION, combatId: projection.combatId, combatantId: id, revision: value.revision, action: value.action === null ? null : c.action, targeting: c.targeting, aim: c.aim, defending: c.defending, events };
  } catch (error) {
    if (error instanceof PhaseError) return null;
    throw error;
  }
}
