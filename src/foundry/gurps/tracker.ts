/**
 * The GURPS tracker's additions to Foundry's combat tracker
 * (`renderCombatTracker`): under each fighter his row in the house style
 * (tracker-view.ts: the maneuver and what it permits, HP, FP, marks, the
 * defenses used since his last turn) and the controls this user may use now;
 * the maneuver dialog (G10), the task dialog (G29, G89), the stun recovery
 * roll (G19, G79), the step's kneel ↔ stand (G15), a Wait's trigger (G31)
 * and the GM's hand on the order (G9). Every control is a request to the active GM
 * (the GM's own click too, through the same queue); dice are rolled here
 * with Foundry's Roll and only their faces travel.
 */
import { format } from "../i18n.js";
import { escapeHtml } from "../../core/html.js";
import { submitRequest } from "../requests.js";
import { formValues, promptForm } from "../dialogs.js";
import { gurpsManeuverFacts, readGurpsOrder } from "../../rulesets/gurps/combat/tracker-plan.js";
import {
  GURPS_MANEUVER_TEMPLATE, GURPS_TASK_TEMPLATE, type GurpsRowAction, gurpsManeuverDialogView, gurpsTaskDialogView, gurpsTrackerRowView, readManeuverForm, readTaskForm,
} from "../../rulesets/gurps/combat/tracker-view.js";
import { HOUSE_PARTIALS } from "../../core/views/house.js";
import { type GurpsCombatantDoc, type GurpsCombatDoc, currentOf, grapplerStOf, mayControl, roundOf } from "./combat-actions.js";
import { gurpsRules } from "./rules-source.js";
import { rollGurpsToChat } from "./dice.js";
import { claimDecoration } from "../tracker-decoration.js";

const me = () => (game as unknown as { user: { id: string; name: string; isGM: boolean } }).user;
const render = (path: string, context: object) => foundry.applications.handlebars.renderTemplate(path, context as never);
const localize = (key: string, params?: Record<string, unknown>) => format(key, (params ?? {}) as Record<string, string | number>);

/** A name for an id of the fight: a combatant's, else one of the fighter's items, else the id. */
function namer(combat: GurpsCombatDoc, combatant: GurpsCombatantDoc) {
  return (id: string) => combat.combatants.get(id)?.name ?? combatant.actor?.system.derived?.weapons.find((w) => w.id === id)?.name ?? combatant.actor?.system.derived?.shields.find((s) => s.id === id)?.name ?? id;
}

/** His weapons and shields for the dialog (a weapon with a ranged line counts as ranged for G44, G50). */
function itemsOf(combatant: GurpsCombatantDoc) {
  const d = combatant.actor?.system.derived;
  return [...(d?.weapons ?? []).map((w) => ({ id: w.id, name: w.name, ranged: w.lines.some((l) => l.kind !== "melee") })), ...(d?.shields ?? []).map((s) => ({ id: s.id, name: s.name, ranged: false }))];
}

/** G10: the maneuver dialog; the choice goes to the GM, who checks it. */
export async function promptManeuver(combat: GurpsCombatDoc, combatant: GurpsCombatantDoc): Promise<void> {
  const round = roundOf(combat, combatant);
  const items = itemsOf(combatant);
  const view = gurpsManeuverDialogView({
    name: combatant.name, round, facts: gurpsManeuverFacts(combatant.actor?.system.derived, round, grapplerStOf(combat, round)),
    targets: combat.combatants.contents.filter((c) => c.id !== combatant.id).map((c) => ({ id: c.id, name: c.name })), items, localize, rules: gurpsRules(),
  });
  const form = await promptForm(localize("CYCHOSYS.Gurps.Tracker.chooseTitle", { name: combatant.name }), await render(GURPS_MANEUVER_TEMPLATE, view), localize("CYCHOSYS.Gurps.Tracker.chooseConfirm"), formValues);
  if (!form) return;
  await submitRequest({ kind: "gurpsManeuver", combatId: combat.id, combatantId: combatant.id, turn: round.turn, choice: readManeuverForm(form, items) });
}

/** Roll 3d6 here in the GURPS success colours (Dice So Nice shows it) with this flavor; only the faces travel. */
const rollFaces = (flavor: string): Promise<number[]> => rollGurpsToChat(gurpsRules().successDice, flavor);

/** G19, G79: the faces go to the GM, who reads them against HT (IQ for mental stun). */
async function rollRecovery(combat: GurpsCombatDoc, combatant: GurpsCombatantDoc): Promise<void> {
  const faces = await rollFaces(localize("CYCHOSYS.Gurps.Tracker.recoverFlavor", { name: combatant.name }));
  await submitRequest({ kind: "gurpsRecover", combatId: combat.id, combatantId: combatant.id, turn: roundOf(combat, combatant).turn, faces });
}

/** G81: the faces go to the GM, who reads them against HT −1 per full multiple of HP below zero. */
async function rollToStayConscious(combat: GurpsCombatDoc, combatant: GurpsCombatantDoc): Promise<void> {
  const faces = await rollFaces(localize("CYCHOSYS.Gurps.Tracker.consciousnessFlavor", { name: combatant.name }));
  await submitRequest({ kind: "gurpsConsciousness", combatId: combat.id, combatantId: combatant.id, turn: roundOf(combat, combatant).turn, faces });
}

/** G12, G13: yards moved now; the GM checks them against his maneuver's allowance. */
async function promptMove(combat: GurpsCombatDoc, combatant: GurpsCombatantDoc): Promise<void> {
  const label = escapeHtml(localize("CYCHOSYS.Gurps.Tracker.moveYards"));
  const content = `<div class="cychosys gurps-dialog"><label class="gurps-field">${label} <input type="number" name="yards" value="1" min="1" max="1000" step="1" required></label></div>`;
  const yards = await promptForm(localize("CYCHOSYS.Gurps.Tracker.moveTitle", { name: combatant.name }), content, localize("CYCHOSYS.Gurps.Tracker.move"), (form) => Number(new FormData(form).get("yards")));
  if (yards === null || !Number.isInteger(yards)) return;
  await submitRequest({ kind: "gurpsMove", combatId: combat.id, combatantId: combatant.id, turn: roundOf(combat, combatant).turn, yards });
}

const stop = (element: HTMLElement) => {
  for (const type of ["click", "dblclick", "pointerdown", "mousedown", "contextmenu"]) element.addEventListener(type, (event) => event.stopPropagation());
};

/** G29, G89: the task dialog; the task goes to the GM, who checks it and starts it with its maneuver. */
async function promptTask(combat: GurpsCombatDoc, combatant: GurpsCombatantDoc): Promise<void> {
  const round = roundOf(combat, combatant);
  const form = await promptForm(localize("CYCHOSYS.Gurps.Tracker.taskTitle", { name: combatant.name }), await render(GURPS_TASK_TEMPLATE, gurpsTaskDialogView(round, localize, gurpsRules())), localize("CYCHOSYS.Gurps.Tracker.taskConfirm"), formValues);
  if (!form) return;
  await submitRequest({ kind: "gurpsTask", combatId: combat.id, combatantId: combatant.id, turn: round.turn, ...readTaskForm(form) });
}

/** What a row's control does: a dialog, a roll, or a request to the GM. */
function onControl(combat: GurpsCombatDoc, combatant: GurpsCombatantDoc, action: GurpsRowAction, place: number): void {
  const base = { combatId: combat.id, combatantId: combatant.id };
  const turn = () => roundOf(combat, combatant).turn;
  switch (action) {
    case "maneuver": return void promptManeuver(combat, combatant);
    case "recover": return void rollRecovery(combat, combatant);
    case "consciousness": return void rollToStayConscious(combat, combatant);
    case "move": return void promptMove(combat, combatant);
    case "task": return void promptTask(combat, combatant);
    case "crouch": case "rise": return void submitRequest({ kind: "gurpsCrouch", ...base, turn: turn(), crouching: action === "crouch" });
    case "kneel": case "stand": return void submitRequest({ kind: "gurpsStepPosture", ...base, turn: turn(), posture: action === "kneel" ? "kneeling" : "standing" });
    case "fireWait": return void submitRequest({ kind: "gurpsWaitFire", ...base, turn: turn() });
    case "waitDone": return void submitRequest({ kind: "gurpsWaitDone", ...base, turn: turn() });
    case "orderUp": case "orderDown": return void submitRequest({ kind: "gurpsReorder", ...base, to: Math.max(0, place + (action === "orderUp" ? -1 : 1)) });
  }
}

/** `renderCombatTracker`: each row in the house style (docs/style.md) — one line of essentials, the marks, the controls this viewer may use now. */
export async function decorateGurpsTracker(app: { viewed?: GurpsCombatDoc | null }, html: HTMLElement): Promise<void> {
  const combat = app.viewed;
  if (!combat) return;
  const user = me();
  const current = currentOf(combat);
  const order = readGurpsOrder(combat.flags);
  const turns = combat.turns ?? [];
  const placeOf = new Map(turns.map((t, index) => [t.id, index] as const));
  for (const row of html.querySelectorAll<HTMLElement>("li.combatant[data-combatant-id]")) {
    const combatant = combat.combatants.get(row.dataset.combatantId!);
    if (!combatant) continue;
    const put = claimDecoration(row, ".cy-gurps-row");
    const derived = combatant.actor?.system.derived;
    const index = placeOf.get(combatant.id);
    const view = gurpsTrackerRowView({
      round: roundOf(combat, combatant), nameOf: namer(combat, combatant), name: combatant.name, id: combatant.id, current: current?.id === combatant.id,
      canControl: mayControl(user, combatant), isGM: user.isGM, started: combat.started, hp: derived?.hp ?? null, fp: derived?.fp ?? null,
      moveNow: derived?.moveNow ?? null, place: index === undefined ? null : { index, count: turns.length }, interrupt: order.interrupt, localize, rules: gurpsRules(),
    });
    // The house row (templates/partials/tracker-row.hbs) in a holder of our own, so a redraw finds and replaces it.
    const element = document.createElement("div");
    element.className = "cy-gurps-row";
    element.dataset.combatantId = combatant.id;
    element.innerHTML = await render(HOUSE_PARTIALS.trackerRow, view);
    stop(element);
    element.addEventListener("click", (event) => {
      const button = (event.target as HTMLElement).closest<HTMLButtonElement>(".cy-tracker-control[data-action]");
      if (!button || button.disabled) return;
      const action = button.dataset.action as GurpsRowAction;
      if (view.actions.includes(action)) onControl(combat, combatant, action, index ?? 0);
    });
    put(() => (row.querySelector(".token-name") ?? row).append(element));
  }
}
