/**
 * Cities Without Number's turn tracker (W1–W6): the turning points of the
 * Combat class (src/foundry/combat.ts) and its registration. Turns belong
 * to sides (W3, W4): Foundry's turns are ordered side by side, and its turn
 * marker follows a member of the acting side; Foundry's "next turn" ends
 * the marked fighter's turn and "next round" ends the acting side's turn —
 * each a request the GM runs on the fight. The fight starts with the
 * combat and ends with it (fight-start.ts).
 */
import { compareTurns, CWN_SETUP_FLAG, plannedPlaces, turnPlaces } from "../../rulesets/cwn/combat/tracker-plan.js";
import { CWN_TRACKER_GM_ONLY, parseCwnCombatRequest } from "../../rulesets/cwn/combat/request-schema.js";
import { fightOf, storedFight } from "../../rulesets/cwn/ruleset.js";
import type { CombatRules } from "../combat.js";
import { format } from "../i18n.js";
import { enqueue, isActiveGM, registerRequestParser, submitRequest } from "../requests.js";
import { type CwnCombatantDoc, type CwnCombatDoc, markerUpdate, mayControl, plannedOf, registerCwnTrackerHandlers } from "./combat-actions.js";
import { rollAndShow } from "./dice.js";
import { cwnRules } from "./rules-source.js";
import { afterFight, startFight } from "./fight-start.js";
import { decorateCwnTracker, loadCwnTrackerTemplates } from "./tracker.js";

const me = () => (game as unknown as { user: { id: string; name: string; isGM: boolean } }).user;
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
/** W3: roll the d8 of the sides of these combatants this user may roll for (before the fight), or let arrivals join (the GM). */
export async function rollCwnInitiative(combat: CwnCombatDoc, ids: readonly string[]): Promise<void> {
  const user = me();
  if (fightOf(combat)) return;
  const sides = plannedOf(combat).filter((s) => !s.roll && s.members.some((m) => ids.includes(m.id)));
  for (const side of sides) {
    if (!user.isGM && !(side.playerCharacters && side.members.some((m) => mayControl(user, combat.combatants.get(m.id))))) continue;
    const [faces] = await rollAndShow([{ count: 1, faces: cwnRules().initiativeDieFaces }]);
    await submitRequest({ kind: "cwnRollSide", combatId: combat.id, sideId: side.id, face: faces![0]! });
  }
}

const setupFlag = (combat: CwnCombatDoc): unknown => (combat.flags?.cychosys as Record<string, unknown> | undefined)?.[CWN_SETUP_FLAG];

/**
 * The places of one sort (issue 21): Foundry compares two combatants at a
 * time, so the places are worked out from ONE read of the stored fight (or
 * the plan before it) on the first comparison and kept until the sort is
 * over — the end of the current task, as a sort runs without a pause. They
 * are made again if the stored values were replaced meanwhile.
 */
interface SortPlaces {
  fight: unknown;
  /** The stored order's array: an update replaces it (as every array), so a new one means a new order. */
  order: unknown;
  setup: unknown;
  size: number;
  tie: "id" | "name";
  places: Map<string, number>;
}
const sortPlaces = new WeakMap<object, SortPlaces>();

function placesFor(combat: CwnCombatDoc): SortPlaces {
  const stored = storedFight(combat);
  const order = (stored as { order?: unknown } | undefined)?.order;
  const setup = setupFlag(combat);
  // A Collection's size is kept; its `contents` is a new array each time (not once per comparison).
  const size = (combat.combatants as { size?: number }).size ?? combat.combatants.contents.length;
  const kept = sortPlaces.get(combat);
  if (kept && kept.fight === stored && kept.order === order && kept.setup === setup && kept.size === size) return kept;
  const fight = fightOf(combat);
  const base = { fight: stored, order, setup, size };
  const made: SortPlaces = fight ? { ...base, tie: "id", places: turnPlaces(fight) } : { ...base, tie: "name", places: plannedPlaces(plannedOf(combat)) };
  sortPlaces.set(combat, made);
  queueMicrotask(() => sortPlaces.get(combat) === made && sortPlaces.delete(combat));
  return made;
}

/**
 * What decides the order of the turns (W3, W4): the fight's sides and their
 * members, or before the fight the GM's groups. A change of the fight that
 * leaves it (an action, a turn, a round) needs no new sort.
 */
function orderSignature(combat: CwnCombatDoc): string {
  const fight = storedFight(combat) as { order?: unknown; sides?: Record<string, { members?: unknown }> } | undefined;
  if (!fight || !Array.isArray(fight.order)) return `plan:${JSON.stringify(setupFlag(combat) ?? null)}`;
  return JSON.stringify(fight.order.map((id) => [id, fight.sides?.[String(id)]?.members]));
}
const lastOrder = new WeakMap<object, string>();

/** Cities Without Number's turning points of the tracker. */
export const cwnCombatRules: CombatRules = {
  /** W3, W4: side by side in the fight's order (before it: by side, then name); the places read once per sort. */
  compare(a, b) {
    const x = a as CwnCombatantDoc & { combat?: CwnCombatDoc | null };
    const y = b as CwnCombatantDoc;
    if (!x.combat) return x.name.localeCompare(y.name);
    const { places, tie } = placesFor(x.combat);
    return compareTurns(places, tie, x, y);
  },

  rollInitiative: (combat, ids) => rollCwnInitiative(combat as CwnCombatDoc, ids),

  /** W2, W3: the fight starts with the combat (the GM's client). */
  async startCombat(combat) {
    if (!isActiveGM()) return;
    await enqueue(() => startFight(combat as CwnCombatDoc)).catch((error) => {
      console.error("Cychosys | CWN: starting the fight failed", error);
      ui.notifications?.error(format("CYCHOSYS.Cwn.Combat.startFailed", { error: errorText(error) }), { permanent: true });
    });
  },

  /** W4: "next turn" ends the marked fighter's turn (or passes it). */
  async nextTurn(combat) {
    const c = combat as CwnCombatDoc & { combatant?: CwnCombatantDoc | null };
    if (!fightOf(c)) return false;
    if (c.combatant) await submitRequest({ kind: "cwnEndTurn", combatId: c.id, combatantId: c.combatant.id });
    return true;
  },

  /** W4, W5: "next round" ends the acting side's turn; the round turns when every side has acted. */
  async nextRound(combat) {
    const c = combat as CwnCombatDoc;
    if (!fightOf(c)) return;
    await submitRequest({ kind: "cwnEndSide", combatId: c.id });
    return true;
  },

  /** Nothing rolled yet: a side rolls for all its members. */
  preCreateCombatant: () => ({ initiative: null }),

  /** W3: the formula Foundry's own initiative paths roll: 1d8 + the fighter's Dex (the tracker rolls per side). */
  initiativeFormula(c) {
    const dex = (c as CwnCombatantDoc).actor?.system.derived?.initiativeDex ?? 0;
    return dex ? `1d8 + ${dex}` : "1d8";
  },
  initiative: { formula: "1d8 + @derived.initiativeDex", decimals: 0 },
};

/**
 * Every client: Foundry re-sorts its turns only when combatants change, so a
 * change of the fight's sides or members (or of the plan before it)
 * re-sorts them here — and no other change does. The active GM keeps Foundry's
 * marker on the acting side (W4): Foundry's own start and round changes may
 * have moved it.
 */
export function onCombatUpdate(combat: CwnCombatDoc & { setupTurns?(): unknown }, changed: { flags?: unknown; turn?: unknown; round?: unknown }): void {
  if (changed?.flags) {
    const signature = orderSignature(combat);
    if (lastOrder.get(combat) !== signature) {
      lastOrder.set(combat, signature);
      combat.setupTurns?.();
    }
  }
  if (!isActiveGM() || !(changed?.flags || "turn" in (changed ?? {}) || "round" in (changed ?? {}))) return;
  const fight = fightOf(combat);
  if (!fight) return;
  const update = markerUpdate(combat, fight);
  if (Object.keys(update).length) void enqueue(() => combat.update(update)).catch((error) => console.error("Cychosys | CWN: could not move the turn marker", error));
}

/** The tracker's requests: their shape check, the fields only a GM may send (W2, W3, W6), and their handlers on the GM's side. */
export function registerCwnRequests(): void {
  registerRequestParser(parseCwnCombatRequest, CWN_TRACKER_GM_ONLY);
  registerCwnTrackerHandlers();
}

/** Register the tracker (called from the adapter's `register`). */
export function registerCwnCombat(): void {
  registerCwnRequests();
  Hooks.on("renderCombatTracker", ((app: { viewed?: CwnCombatDoc | null }, html: HTMLElement) => void decorateCwnTracker(app, html)) as never);
  Hooks.on("updateCombat", ((combat: CwnCombatDoc, changed: { flags?: unknown }) => onCombatUpdate(combat, changed)) as never);
  Hooks.on("deleteCombat", ((combat: CwnCombatDoc) => {
    if (isActiveGM() && fightOf(combat)) void enqueue(() => afterFight(combat));
  }) as never);
  loadCwnTrackerTemplates();
}
