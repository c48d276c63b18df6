/**
 * GURPS's turn tracker: the turning points of the Combat class
 * (src/foundry/combat.ts). G9: no initiative roll — the order is Basic
 * Speed, then DX, then a random draw, read once when the fight starts (or a
 * fighter joins) and kept on the combat (`flags.cychosys.gurpsOrder`), never
 * re-sorted (a reeling fighter keeps his place); `combatant.initiative`
 * only shows the kept Basic Speed. G8: who cannot act keeps his slot and is
 * skipped. At each turn's start the active GM ends the last fighter's turn
 * and starts the new one's in the round state (tracker-plan.ts): shock into
 * force and out again, a feint or an evaluate lapsing, defenses counted
 * afresh, a stunned fighter's Do Nothing.
 */
import type { CombatRules } from "../combat.js";
import { escapeHtml } from "../../core/html.js";
import { format } from "../i18n.js";
import { enqueue, isActiveGM, registerRequestParser } from "../requests.js";
import { GURPS_TRACKER_GM_ONLY_FIELDS, parseGurpsCombatRequest } from "../../rulesets/gurps/combat/request-schema.js";
import {
  compareEntries, gurpsOrderUpdate, gurpsSortKeys, nextGurpsTurn, type OrderFigures, orderMayHaveChanged, readGurpsOrder, storedGetsTurns, turnChange, withKeys,
} from "../../rulesets/gurps/combat/tracker-plan.js";
import { FLAG_SCOPE } from "../../rulesets/gurps/combat/round-state.js";
import { GURPS_MANEUVER_TEMPLATE, GURPS_TASK_TEMPLATE } from "../../rulesets/gurps/combat/tracker-view.js";
import type { OrderEntry, TurnStartDue } from "../../rulesets/gurps/rules/index.js";
import { type GurpsCombatantDoc, type GurpsCombatDoc, orderFiguresOf, refOf, registerGurpsTrackerHandlers } from "./combat-actions.js";
import { gurpsRules } from "./rules-source.js";
import { decorateGurpsTracker } from "./tracker.js";

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

const figuresOf = orderFiguresOf;

const random = () => (CONFIG as unknown as { Dice: { randomUniform(): number } }).Dice.randomUniform();

/** G9: keys for whoever has none (the start, a late joiner), kept; the tracker shows the kept Basic Speed. */
export async function keepOrder(combat: GurpsCombatDoc): Promise<void> {
  const order = readGurpsOrder(combat.flags);
  const missing = combat.combatants.contents.filter((c) => !order.keys[c.id]);
  if (missing.length === 0) return;
  const next = withKeys(order, missing.map(figuresOf), random);
  await combat.update(gurpsOrderUpdate(next, order));
  const shown = missing.map((c) => ({ _id: c.id, initiative: next.keys[c.id]!.basicSpeed }));
  await combat.updateEmbeddedDocuments("Combatant", shown).catch((error) => console.error("Cychosys | GURPS: could not show the order", error));
}

/** A note for the table of what a turn's start calls for (G81 the 0-HP roll, G47 choking, G19 stunned, lapses); nothing when nothing. */
function dueNote(name: string, due: TurnStartDue): string | null {
  const lines: string[] = [];
  if (due.forcedDoNothing) lines.push(format("CYCHOSYS.Gurps.Tracker.Due.doNothing", { name }));
  if (due.consciousness && !due.consciousness.skipIfDoNothing) lines.push(format("CYCHOSYS.Gurps.Tracker.Due.consciousness", { name, ht: due.consciousness.effective }));
  if (due.consciousness?.skipIfDoNothing) lines.push(format("CYCHOSYS.Gurps.Tracker.Due.consciousnessUnlessNothing", { name, ht: due.consciousness.effective }));
  if (due.fpLoss > 0) lines.push(format("CYCHOSYS.Gurps.Tracker.Due.fpLoss", { name, fp: due.fpLoss }));
  for (const lapse of due.lapsed) lines.push(format(`CYCHOSYS.Gurps.Tracker.Due.${lapse}Lapsed`, { name }));
  return lines.length ? `<div class="cychosys cy-gurps-note">${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join("")}</div>` : null;
}

/** The turn that just began (GM): the last one's end and this one's start in the round state, once per turn. */
export async function beginGurpsTurn(combat: GurpsCombatDoc): Promise<void> {
  if (combat.turn === null) return;
  const current = combat.turns?.[combat.turn];
  if (!current) return;
  const change = turnChange(readGurpsOrder(combat.flags), current.id, `${combat.round}.${combat.turn}`, (id) => {
    const c = combat.combatants.get(id);
    return c ? refOf(combat, c) : undefined;
  }, (id) => {
    const d = combat.combatants.get(id)?.actor?.system.derived;
    return d ? { hp: d.hp.max, currentHp: d.hp.value, ht: d.attributes.ht } : undefined;
  }, gurpsRules());
  if (Object.keys(change.update).length === 0) return;
  await combat.update(change.update);
  const note = change.due ? dueNote(current.name, change.due) : null;
  if (note) await ChatMessage.implementation.create({ content: note } as never).catch((error: unknown) => console.error("Cychosys | GURPS: could not post the turn's note", error));
}

/** G8: the next turn after the current one, past whoever cannot act (each read as stored, one after another); null to let Foundry go on. */
export function skipTarget(combat: GurpsCombatDoc): { turn: number; round: number } | null {
  const rounds = (combat.flags?.[FLAG_SCOPE] as { rounds?: Record<string, unknown> } | undefined)?.rounds;
  const able = (id: string) => {
    const c = combat.combatants.get(id);
    return !!c && storedGetsTurns(rounds?.[id], c.defeated === true);
  };
  return nextGurpsTurn({ turn: combat.turn, round: combat.round, ids: (combat.turns ?? []).map((c) => c.id) }, able);
}

/** G9: a comparator over one sort's keys (the stored order read once, each fighter keyed once). */
function comparatorOver(keyOf: (live: OrderFigures) => OrderEntry): (a: unknown, b: unknown) => number {
  return (a, b) => compareEntries(keyOf(figuresOf(a as GurpsCombatantDoc)), keyOf(figuresOf(b as GurpsCombatantDoc)));
}

/**
 * One sort's keys (G9) when `_sortCombatants` is called outside `setupTurns`
 * (which uses `prepareSort`): it compares two combatants at a time, so the
 * stored order is read once, at a sort's first comparison, and kept until the
 * sort is over (it runs without a pause: the next microtask ends it) — or
 * until the stored order is another object.
 */
let sorting: { combat: object; stored: unknown; keyOf: (live: OrderFigures) => OrderEntry } | null = null;
function keysOfThisSort(combat: GurpsCombatDoc | null | undefined): (live: OrderFigures) => OrderEntry {
  const stored = (combat?.flags?.[FLAG_SCOPE] as Record<string, unknown> | undefined)?.gurpsOrder;
  if (sorting && sorting.combat === combat && sorting.stored === stored) return sorting.keyOf;
  if (!sorting) queueMicrotask(() => (sorting = null));
  sorting = { combat: combat ?? {}, stored, keyOf: gurpsSortKeys(combat?.flags) };
  return sorting.keyOf;
}

/** GURPS's turning points of the tracker. */
export const gurpsCombatRules: CombatRules = {
  /** G9: the kept key (Basic Speed, DX, draw), highest first. */
  compare(a, b) {
    return comparatorOver(keysOfThisSort((a as { combat?: GurpsCombatDoc | null }).combat))(a, b);
  },

  /** G9: one sort of the turns (`setupTurns`): the stored order read once, each fighter keyed once. */
  prepareSort: (combat) => comparatorOver(gurpsSortKeys((combat as GurpsCombatDoc).flags)),

  /** G9: nothing is rolled; the GM keeps the order of whoever has none yet. */
  async rollInitiative(combat) {
    if (isActiveGM()) await enqueue(() => keepOrder(combat as GurpsCombatDoc));
    else ui.notifications?.info(format("CYCHOSYS.Gurps.Tracker.noRoll"));
  },

  /** G9: the order is read and kept when the fight starts. */
  async startCombat(combat) {
    if (!isActiveGM()) return;
    await enqueue(() => keepOrder(combat as GurpsCombatDoc)).catch((error) => {
      console.error("Cychosys | GURPS: preparing the combat failed", error);
      ui.notifications?.error(format("CYCHOSYS.Gurps.Tracker.startFailed", { error: errorText(error) }), { permanent: true });
    });
  },

  /** G8: past those who cannot act. */
  async nextTurn(combat) {
    const c = combat as GurpsCombatDoc;
    const target = skipTarget(c);
    if (!target) return false;
    await c.update(target);
    return true;
  },

  async startTurn(combat) {
    if (isActiveGM()) await enqueue(() => beginGurpsTurn(combat as GurpsCombatDoc)).catch((error) => console.error("Cychosys | GURPS: the turn's start failed", error));
  },

  /** G9: shown until kept: his Basic Speed now. */
  preCreateCombatant(combatant) {
    const d = (combatant as GurpsCombatantDoc).actor?.system.derived;
    return d ? { initiative: d.basicSpeed } : undefined;
  },

  /** Foundry's own initiative paths roll nothing: the Basic Speed (G9). */
  initiativeFormula(combatant) {
    return String((combatant as GurpsCombatantDoc).actor?.system.derived?.basicSpeed ?? 0);
  },
  /** G9: Basic Speed in quarters (5.25). */
  initiative: { formula: "@derived.basicSpeed", decimals: 2 },
};

/** Register the tracker (called from the adapter's `register`). */
export function registerGurpsCombat(): void {
  registerRequestParser(parseGurpsCombatRequest, GURPS_TRACKER_GM_ONLY_FIELDS);
  registerGurpsTrackerHandlers();
  Hooks.on("renderCombatTracker", ((app: { viewed?: GurpsCombatDoc | null }, html: HTMLElement) => void decorateGurpsTracker(app, html)) as never);
  // The order lives in the combat's flags and Foundry re-sorts only when combatants change: re-sort here, when the kept keys changed (G9).
  Hooks.on("updateCombat", ((combat: GurpsCombatDoc & { setupTurns?(): unknown }, changed: unknown) => {
    if (orderMayHaveChanged(changed)) combat.setupTurns?.();
  }) as never);
  // A fighter joining a started fight is slotted by the same key (G9).
  Hooks.on("createCombatant", ((combatant: { combat?: GurpsCombatDoc | null }) => {
    const combat = combatant.combat;
    if (combat?.started && isActiveGM()) void enqueue(() => keepOrder(combat)).catch((error) => console.error("Cychosys | GURPS: keeping the order failed", error));
  }) as never);
  void foundry.applications.handlebars.loadTemplates([GURPS_MANEUVER_TEMPLATE, GURPS_TASK_TEMPLATE]);
}
