/**
 * The phase tracker's turning points of Foundry's Combat class
 * (src/foundry/combat.ts) and its registration. The phase-based combat has
 * no turns: a phase counter, declarations lowest initiative first and
 * actions resolving when their length runs out (P1–P11). So Foundry's turn
 * order only mirrors the declaration order for display, "next turn" does
 * nothing (the tracker's own controls move the phase), initiative is rolled
 * per phase by those who want a slot (P5), and the truth lives in the
 * ledger the GM keeps (store.ts).
 */
import type { CombatRules } from "../combat.js";
import { format, localize } from "../i18n.js";
import { enqueue, isActiveGM, registerRequestParser, submitRequest } from "../requests.js";
import { newLedger, startWhenReady, syncCombatants } from "../../rulesets/phase/combat/ledger.js";
import { PHASE_TRACKER_GM_ONLY, parsePhaseTrackerRequest } from "../../rulesets/phase/combat/request-schema.js";
import { readProjection } from "../../rulesets/phase/combat/projection-reader.js";
import { compareByPlace, sortByPlace, trackerPlaces } from "../../rulesets/phase/combat/order.js";
import { PHASE_FLAG } from "../../rulesets/phase/ruleset.js";
import { phaseRules } from "./rules-source.js";
import { commitLedger, forgetCombat, isPhaseRecord, ledgerFor } from "./store.js";
import { isPhaseCombatant, phaseCombatantIds, phaseTable } from "./table.js";
import { afterLedgerChange, type PhaseCombatDoc, type PhaseCombatantDoc, registerPhaseTrackerHandlers, reportLeftOut } from "./tracker-actions.js";
import { rollAndShow } from "./dice.js";
import { decoratePhaseTracker, loadTrackerTemplates } from "./tracker.js";

const me = () => (game as unknown as { user: { id: string; name: string; isGM: boolean } }).user;
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
const redraw = () => (ui as unknown as { combat?: { render(force?: boolean): unknown } }).combat?.render();

/** P2: a new fight's ledger at phase 1, everyone aware; the phase opens when nobody must roll for surprise. */
export async function startPhaseCombat(combat: PhaseCombatDoc): Promise<void> {
  const table = phaseTable(combat);
  const ids = phaseCombatantIds(combat);
  const ledger = startWhenReady(newLedger(combat.id, ids.map((id) => ({ id }))), table.fighters, phaseRules());
  await commitLedger(combat, ledger);
  await afterLedgerChange(combat, ledger);
  reportLeftOut(combat, ledger, ids);
}

/** A combatant joined or left (GM): the ledger follows. */
export async function syncPhaseCombatants(combat: PhaseCombatDoc): Promise<void> {
  const { ledger } = ledgerFor(combat.id);
  if (!ledger || !combat.started) return;
  const ids = phaseCombatantIds(combat);
  const next = syncCombatants(ledger, ids);
  if (next !== ledger) {
    const started = startWhenReady(next, phaseTable(combat).fighters, phaseRules());
    await commitLedger(combat, started);
    await afterLedgerChange(combat, started);
  }
  reportLeftOut(combat, next, ids);
}

/** P30: stun clears when the fight ends (GM). */
async function endFight(combat: PhaseCombatDoc): Promise<void> {
  for (const c of combat.combatants.contents) {
    const actor = c.actor as (PhaseCombatantDoc["actor"] & { system: { stun?: number }; update(data: Record<string, unknown>): Promise<unknown> }) | null;
    if (!isPhaseCombatant(c) || !actor || !actor.system.stun) continue;
    await actor.update({ "system.stun": 0 }).catch((error: unknown) => console.error("Cychosys | phase: could not clear stun", error));
  }
}

/** P5: roll on this client the initiative of the given combatants this user controls, and send the faces. */
export async function rollPhaseInitiative(combat: PhaseCombatDoc, ids: readonly string[]): Promise<void> {
  const rules = phaseRules();
  for (const id of ids) {
    const c = combat.combatants.get(id);
    if (!c || !(me().isGM || c.actor?.testUserPermission(me(), "OWNER"))) continue;
    const faces = await rollAndShow(rules.initiativeDice, rules.initiativeFaces);
    await submitRequest({ kind: "phaseInitiative", combatId: combat.id, combatantId: id, faces });
  }
}

/** The last places worked out per combat, with what they were worked out from. */
const placesMemo = new WeakMap<object, { stored: unknown; revision: unknown; places: ReadonlyMap<string, number> }>();

/**
 * The tracker's places of a combat's combatants, from ONE read of the public
 * projection every client holds: Foundry sorts by comparing two combatants
 * at a time, so the places are kept until the stored projection changes (a
 * new object or a new revision: every change the GM writes has one).
 */
export function placesFor(combat: PhaseCombatDoc): ReadonlyMap<string, number> {
  const stored = (combat.flags as { cychosys?: Record<string, unknown> }).cychosys?.[PHASE_FLAG];
  const revision = (stored as { revision?: unknown } | null | undefined)?.revision;
  const memo = placesMemo.get(combat);
  if (memo && memo.stored === stored && memo.revision === revision) return memo.places;
  const places = trackerPlaces(readProjection(stored, phaseRules()));
  placesMemo.set(combat, { stored, revision, places });
  return places;
}

/** The order each combat's turns were last sorted in (ids by place). */
const sortedOrder = new WeakMap<object, string>();

/**
 * Every client (`updateCombat`): Foundry re-sorts its turns only when
 * combatants change, and the tracker's order lives in the combat's
 * projection — so a change of that order (initiative closed, a combatant
 * placed or gone) re-sorts them here, and no other change (a declaration,
 * a mark, a roll) does.
 */
export function onPhaseCombatUpdate(combat: PhaseCombatDoc & { setupTurns?(): unknown }, changed: { flags?: unknown } | undefined): void {
  if (!changed?.flags) return;
  const places = placesFor(combat);
  const order = sortByPlace([...places.keys()], places).join(",");
  if (sortedOrder.get(combat) === order) return;
  sortedOrder.set(combat, order);
  combat.setupTurns?.();
}

export const phaseCombatRules: CombatRules = {
  /** P5: the declaration order, lowest first; those without a slot after. */
  compare(a, b) {
    const combat = (a as { combat?: PhaseCombatDoc | null }).combat;
    return combat ? compareByPlace(placesFor(combat), (a as { id: string }).id, (b as { id: string }).id) : 0;
  },
  rollInitiative: (combat, ids) => rollPhaseInitiative(combat as PhaseCombatDoc, ids),
  /** P2: the phase counter starts at phase 1. */
  async startCombat(combat) {
    if (!isActiveGM()) return;
    await enqueue(() => startPhaseCombat(combat as PhaseCombatDoc)).catch((error) => {
      console.error("Cychosys | phase: starting the phase tracker failed", error);
      ui.notifications?.error(format("CYCHOSYS.Phase.Tracker.startFailed", { error: errorText(error) }), { permanent: true });
    });
  },
  /** No turns: the phase moves with the tracker's own controls. */
  async nextTurn() {
    ui.notifications?.info(localize("CYCHOSYS.Phase.Tracker.noTurns"));
    return true;
  },
  preCreateCombatant: () => ({ initiative: null }),
  /** P5: 2d10 + Reflexes, for Foundry's own initiative paths (the tracker's roll goes through the GM). */
  initiativeFormula(c) {
    const rules = phaseRules();
    const reflexes = (c as { actor?: { system?: { derived?: { initiativeBonus?: number } } } | null }).actor?.system?.derived?.initiativeBonus ?? 0;
    return `${rules.initiativeDice}d${rules.initiativeFaces} + ${reflexes}`;
  },
  /** P5, with the world's dice as they are now (a setting may change them). */
  initiative: {
    get formula() {
      const rules = phaseRules();
      return `${rules.initiativeDice}d${rules.initiativeFaces} + @derived.initiativeBonus`;
    },
    decimals: 0,
  },
};

/** Register the tracker (from the adapter's `register`). */
export function registerPhaseCombat(): void {
  registerRequestParser(parsePhaseTrackerRequest, PHASE_TRACKER_GM_ONLY);
  registerPhaseTrackerHandlers();
  loadTrackerTemplates();
  Hooks.on("renderCombatTracker", ((app: { viewed?: PhaseCombatDoc | null }, html: HTMLElement) => void decoratePhaseTracker(app, html)) as never);
  const sync = (combatant: { combat?: PhaseCombatDoc | null; parent?: PhaseCombatDoc | null }) => {
    const combat = combatant.combat ?? combatant.parent;
    if (combat && isActiveGM()) void enqueue(() => syncPhaseCombatants(combat)).catch((error) => console.error("Cychosys | phase: following the combatants failed", error));
  };
  Hooks.on("updateCombat", onPhaseCombatUpdate as never);
  Hooks.on("createCombatant", sync as never);
  Hooks.on("deleteCombatant", sync as never);
  Hooks.on("deleteCombat", ((combat: PhaseCombatDoc) => {
    if (!isActiveGM()) return;
    void enqueue(async () => {
      await forgetCombat(combat.id);
      await endFight(combat);
    }).catch((error) => console.error("Cychosys | phase: closing the combat failed", error));
  }) as never);
  // A phase record that changed, arrived or went: the tracker redraws (the chat log never shows one).
  for (const hook of ["createChatMessage", "updateChatMessage", "deleteChatMessage"]) {
    Hooks.on(hook as never, ((message: { flags?: unknown }) => {
      if (isPhaseRecord(message.flags)) redraw();
    }) as never);
  }
  Hooks.on("renderChatMessageHTML", ((message: { flags?: unknown }, html: HTMLElement) => {
    if (isPhaseRecord(message.flags)) html.classList.add("cy-phase-record-message");
  }) as never);
}
