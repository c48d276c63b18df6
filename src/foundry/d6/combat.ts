/**
 * OpenD6's turn tracker (D5–D18): the turning points of the Combat class
 * (src/foundry/combat.ts) and its registration. Every round starts with
 * initiative being rolled (D6: everyone rolls again; the round state keeps
 * no total from the last round) and no turn can pass until the GM sets the
 * order (D9: Character Points are spent before it is set); the order is the
 * round state's (tracker-plan.ts), never `combatant.initiative`, which only
 * mirrors the totals for display. The roll happens on the roller's client;
 * only its faces travel to the GM (combat-actions.ts).
 */
import type { CombatRules } from "../combat.js";
import { format, localize } from "../i18n.js";
import { enqueue, isActiveGM, submitRequest } from "../requests.js";
import { formatDieCode } from "../../rulesets/d6/rules/index.js";
import { readD6Round } from "../../rulesets/d6/combat/round-state.js";
import { initiativeCode } from "../../rulesets/d6/combat/tracker-plan.js";
import { d6OrderMayChange, d6RoundBeginUpdate, d6TurnBeginUpdate, d6TurnPlaces } from "../../rulesets/d6/combat/table.js";
import { D6_BANNER_TEMPLATE, D6_DECLARE_TEMPLATE } from "../../rulesets/d6/combat/tracker-view.js";
import { D6_INITIATIVE_CARD_TEMPLATE } from "../../rulesets/d6/views/initiative-card.js";
import { rollD6Code, showDice } from "./code-roll.js";
import { d6Rules } from "./rules-source.js";
import { d6CombatantFacts } from "../../rulesets/d6/combat/facts.js";
import { d6SkillFormula } from "../../rulesets/d6/views/roll-card.js";
import { currentId, type D6CombatantDoc, type D6CombatDoc, factsOf, mayControl, orderOf, registerD6TrackerHandlers, tableOf } from "./combat-actions.js";
import { decorateD6Tracker, promptDeclare } from "./tracker.js";

const me = () => (game as unknown as { user: { id: string; name: string; isGM: boolean } }).user;
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** D6, D11, D18: the combat update that begins `round`: every state reset (initiative cleared), the order being rolled. */
export function roundBeginUpdate(combat: D6CombatDoc, round: number): Record<string, unknown> {
  return d6RoundBeginUpdate(tableOf(combat), round, d6Rules());
}

/** D6: begin `round` (GM): states reset, the order to be rolled, the shown totals cleared. */
export async function beginRound(combat: D6CombatDoc, round: number): Promise<void> {
  // Once per round: the round's start may be seen twice (nextRound, then _onStartRound).
  if ((combat.flags as { cychosys?: { d6Order?: { round?: unknown } } }).cychosys?.d6Order?.round === round) return;
  await combat.update(roundBeginUpdate(combat, round));
  const shown = combat.combatants.contents.filter((c) => c.initiative !== null).map((c) => ({ _id: c.id, initiative: null }));
  if (shown.length) await combat.updateEmbeddedDocuments("Combatant", shown);
}

/** D18: the defenses of the combatant whose turn starts end now (GM). */
export async function beginTurn(combat: D6CombatDoc): Promise<void> {
  const update = d6TurnBeginUpdate(tableOf(combat), d6Rules());
  if (update) await combat.update(update);
}

/**
 * D5–D7: each combatant's place this round, read once per sort. Foundry
 * sorts with a comparator of two combatants (`_sortCombatants`), so the
 * places are computed at a sort's first comparison — one read of the combat
 * (src/rulesets/d6/combat/table.ts) — and kept until the sort's synchronous
 * run is over (a microtask clears them); a change of the order seen by the
 * update hook clears them at once, and a combatant they do not know (one
 * just added) reads them again.
 */
const placesBySort = new WeakMap<object, Map<string, number>>();

function placesOf(combat: D6CombatDoc, ...ids: string[]): Map<string, number> {
  let places = placesBySort.get(combat);
  if (places && ids.every((id) => places!.has(id))) return places;
  places = d6TurnPlaces(tableOf(combat));
  placesBySort.set(combat, places);
  queueMicrotask(() => placesBySort.delete(combat));
  return places;
}

/**
 * D6: roll on this client the initiative of the given combatants this user
 * may control, and send the faces; the GM rolls once for each group of
 * creatures no player owns (they share the place).
 */
export async function rollD6Initiative(combat: D6CombatDoc, ids: readonly string[]): Promise<void> {
  const user = me();
  const groups = new Set<string>();
  for (const id of ids) {
    const combatant = combat.combatants.get(id);
    if (!combatant || !mayControl(user, combatant)) continue;
    const facts = factsOf(combat, combatant);
    const code = initiativeCode(facts);
    const group = user.isGM && !facts.playerOwned && facts.groupKey !== null;
    if (group) {
      // One roll per kind of foe rolling the same code and bonus (the GM's handler applies the same test).
      const key = `${facts.groupKey}|${formatDieCode(code)}|${facts.initiativeBonus}`;
      if (groups.has(key)) continue;
      groups.add(key);
    }
    const { roll, faces } = await rollD6Code(code);
    await showDice(roll);
    // `group` is the GM's field (D6_TRACKER_GM_ONLY): sent only when it is true.
    await submitRequest({ kind: "d6Initiative", combatId: combat.id, combatantId: id, dice: [...faces.dice], wild: [...faces.wild], ...(group && { group: true }) });
  }
}

/** OpenD6's turning points of the tracker. */
export const d6CombatRules: CombatRules = {
  /** D5–D7: the order the combat holds for this round. */
  compare(a, b) {
    const combat = (a as { combat?: D6CombatDoc | null }).combat;
    if (!combat) return 0;
    const [x, y] = [(a as D6CombatantDoc).id, (b as D6CombatantDoc).id];
    const places = placesOf(combat, x, y);
    return (places.get(x) ?? Number.MAX_SAFE_INTEGER) - (places.get(y) ?? Number.MAX_SAFE_INTEGER);
  },

  rollInitiative: (combat, ids) => rollD6Initiative(combat as D6CombatDoc, ids),

  /** D6: round 1 begins with initiative to roll. */
  async startCombat(combat) {
    if (!isActiveGM()) return;
    await enqueue(() => beginRound(combat as D6CombatDoc, 1)).catch((error) => {
      console.error("Cychosys | D6: preparing the combat failed", error);
      ui.notifications?.error(format("CYCHOSYS.D6.Combat.startFailed", { error: errorText(error) }), { permanent: true });
    });
  },

  /** D6: everyone rolls again at the start of every round. */
  async nextRound(combat) {
    const c = combat as D6CombatDoc;
    if (isActiveGM()) await enqueue(() => beginRound(c, c.round + 1));
  },

  /** No turn passes while the order is being rolled (D6, D9). */
  async nextTurn(combat) {
    if (orderOf(combat as D6CombatDoc).set) return false;
    ui.notifications?.warn(localize("CYCHOSYS.D6.Combat.orderNotSet"));
    return true;
  },

  /** A round started another way (a player's last "end turn"): the active GM begins it. */
  async startRound(combat, round) {
    if (isActiveGM()) await enqueue(() => beginRound(combat as D6CombatDoc, round));
  },

  async startTurn(combat) {
    if (isActiveGM()) await enqueue(() => beginTurn(combat as D6CombatDoc)).catch((error) => console.error("Cychosys | D6: the turn's start failed", error));
  },

  /** Nothing rolled yet: the combatant rolls when initiative is rolled. */
  preCreateCombatant: () => ({ initiative: null }),

  /** D6, D8, D37: Perception less the wound dice, with the Wild Die, plus the initiative bonus — for Foundry's own initiative paths (the tracker's roll goes through the GM). */
  initiativeFormula(c) {
    const combatant = c as D6CombatantDoc & { combat?: { round: number } | null };
    const facts = d6CombatantFacts(combatant as never, combatant.combat?.round ?? 0, d6Rules());
    return d6SkillFormula(initiativeCode(facts), facts.initiativeBonus);
  },
  /** D6: a die code with the Wild Die, less the round's wound dice — no one Foundry formula over roll data says it. */
  initiative: { formula: null, decimals: 0 },
};

/** Prompted already, so a redraw does not ask twice: `combat.round.combatant`. */
const prompted = new Set<string>();

/**
 * Every client: the order lives in the combat's flags, and Foundry re-sorts
 * its turns only when combatants change — so a change of what the order
 * reads (the order set, a place, a roll, a new round) re-sorts them here;
 * any other update (actions spent, a defense) leaves the order as it is.
 * Then D11: at the start of a turn, its owner (a player, else the GM) is
 * asked for N.
 */
function onCombatUpdate(combat: D6CombatDoc & { setupTurns?(): unknown }, changed: { flags?: unknown }): void {
  if (d6OrderMayChange(changed)) {
    placesBySort.delete(combat);
    combat.setupTurns?.();
  }
  if (!combat.started || !orderOf(combat).set || combat.turn === null) return;
  const id = currentId(combat);
  const combatant = id ? combat.combatants.get(id) : undefined;
  if (!combatant) return;
  const user = me();
  const facts = factsOf(combat, combatant);
  const asks = user.isGM ? !facts.playerOwned && isActiveGM() : !!combatant.actor?.testUserPermission(user, "OWNER");
  if (!asks || readD6Round({ combat: combat as never, combatant: combatant as never }, d6Rules()).round.declared !== null) return;
  const key = `${combat.id}.${combat.round}.${combatant.id}`;
  if (prompted.has(key) || facts.wound.unableToAct) return;
  prompted.add(key);
  void promptDeclare(combat, combatant);
}

/** Register the tracker (called from the adapter's `register`). */
export function registerD6Combat(): void {
  registerD6TrackerHandlers();
  Hooks.on("renderCombatTracker", ((app: { viewed?: D6CombatDoc | null }, html: HTMLElement) => void decorateD6Tracker(app, html)) as never);
  Hooks.on("updateCombat", ((combat: D6CombatDoc, changed: { flags?: unknown }) => onCombatUpdate(combat, changed)) as never);
  void foundry.applications.handlebars.loadTemplates([D6_BANNER_TEMPLATE, D6_DECLARE_TEMPLATE, D6_INITIATIVE_CARD_TEMPLATE]);
}
