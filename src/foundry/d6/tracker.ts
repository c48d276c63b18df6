/**
 * The OpenD6 tracker's additions to Foundry's combat tracker
 * (`renderCombatTracker`): under each combatant its row (tracker-view.ts:
 * initiative with Wild Die marks, actions and penalty, wait, defenses,
 * wound) and the controls this user may use; above the list, for the GM
 * while initiative is rolled, the "Set the order" banner; and the
 * declare-actions dialog (D11, D12). Every control is a request to the
 * active GM (the GM's own click too, through the same queue).
 */
import { format, localize } from "../i18n.js";
import { submitRequest } from "../requests.js";
import { d6Rules } from "./rules-source.js";
import { D6_BANNER_TEMPLATE, D6_DECLARE_TEMPLATE, d6BannerView, d6DeclareView, d6HouseRow, d6TrackerRowView } from "../../rulesets/d6/combat/tracker-view.js";
import { HOUSE_PARTIALS } from "../../core/views/house.js";
import { rollD6Code, showDice } from "./code-roll.js";
import { type D6CombatantDoc, type D6CombatDoc, factsOf, mayControl, orderOf, stateOf, tableOf, turnsOf } from "./combat-actions.js";
import { d6CurrentTurnId } from "../../rulesets/d6/combat/table.js";
import { promptForm } from "../dialogs.js";
import { claimDecoration } from "../tracker-decoration.js";

const me = () => (game as unknown as { user: { id: string; name: string; isGM: boolean } }).user;
const render = (path: string, context: object) => foundry.applications.handlebars.renderTemplate(path, context as never);
const words = (key: string, params?: Record<string, unknown>) => format(key, (params ?? {}) as Record<string, string | number>);

/** D11/D12: ask the owner for N (with the penalty each brings), and send it. */
export async function promptDeclare(combat: D6CombatDoc, combatant: D6CombatantDoc, movedUp = false): Promise<void> {
  const view = d6DeclareView(combatant.name, stateOf(combat, combatant), { movedUp }, d6Rules());
  const content = await render(D6_DECLARE_TEMPLATE, view);
  const actions = await promptForm(format("CYCHOSYS.D6.Combat.declareTitle", { name: combatant.name }), content, localize("CYCHOSYS.D6.Combat.declareConfirm"), (form) =>
    Number(new FormData(form).get("actions")),
  );
  if (actions === null || !Number.isInteger(actions)) return;
  // `movedUp` is the GM's field (D15, D6_TRACKER_GM_ONLY): sent only for a moved-up action.
  await submitRequest({ kind: "d6Declare", combatId: combat.id, combatantId: combatant.id, actions, ...(movedUp && { movedUp: true }) });
}

/** D5: the GM's place for a combatant this round. */
async function promptPlace(combat: D6CombatDoc, combatant: D6CombatantDoc): Promise<void> {
  const count = combat.combatants.contents.length;
  const options = Array.from({ length: count }, (_, i) => `<option value="${i}">${i + 1}</option>`).join("");
  const content = `<label class="cy-d6-place">${localize("CYCHOSYS.D6.Combat.placeLabel")} <select name="position">${options}</select></label>`;
  const position = await promptForm(format("CYCHOSYS.D6.Combat.placeTitle", { name: combatant.name }), content, localize("CYCHOSYS.D6.Combat.place"), (form) => Number(new FormData(form).get("position")));
  if (position === null || !Number.isInteger(position)) return;
  await submitRequest({ kind: "d6Place", combatId: combat.id, combatantId: combatant.id, position });
}

/** D9: roll one Character Point die on this client and send its chain. */
async function spendPoint(combat: D6CombatDoc, combatant: D6CombatantDoc): Promise<void> {
  const { roll, faces } = await rollD6Code({ dice: 1, pips: 0 });
  await showDice(roll);
  await submitRequest({ kind: "d6CharacterPoint", combatId: combat.id, combatantId: combatant.id, chain: [...faces.wild] });
}

async function onControl(combat: D6CombatDoc, combatant: D6CombatantDoc, action: string): Promise<void> {
  switch (action) {
    case "roll":
      await (combat as unknown as { rollInitiative(ids: string[]): Promise<unknown> }).rollInitiative([combatant.id]);
      return;
    case "characterPoint":
      return spendPoint(combat, combatant);
    case "declare":
      return promptDeclare(combat, combatant);
    case "moveUp":
      return promptDeclare(combat, combatant, true);
    case "wait":
      await submitRequest({ kind: "d6Wait", combatId: combat.id, combatantId: combatant.id });
      return;
    case "place":
      return promptPlace(combat, combatant);
  }
}

const stop = (element: HTMLElement) => {
  for (const type of ["click", "dblclick", "pointerdown", "mousedown", "contextmenu"]) element.addEventListener(type, (event) => event.stopPropagation());
};

/** `renderCombatTracker`: the banner and each row's figures and controls. */
export async function decorateD6Tracker(app: { viewed?: D6CombatDoc | null }, html: HTMLElement): Promise<void> {
  const combat = app.viewed;
  if (!combat) return;
  const user = me();
  const order = orderOf(combat);
  const turns = turnsOf(combat);
  const current = d6CurrentTurnId(tableOf(combat), turns);
  const list = combat.combatants.contents;
  const banner = d6BannerView(
    order,
    list.map((c) => ({ name: c.name, rolled: stateOf(combat, c).initiative?.round === order.round, defeated: c.defeated === true })),
    { isGM: user.isGM, started: combat.started },
  );
  const putBanner = claimDecoration(html, ".cy-d6-banner");
  if (!banner.show) putBanner(() => undefined);
  else {
    const holder = document.createElement("div");
    holder.innerHTML = await render(D6_BANNER_TEMPLATE, banner);
    const element = holder.firstElementChild as HTMLElement;
    stop(element);
    element.querySelector("[data-cychosys-action=setOrder]")?.addEventListener("click", () => void submitRequest({ kind: "d6SetOrder", combatId: combat.id }));
    putBanner(() => {
      const anchor = html.querySelector(".combat-tracker, ol.plain, ol");
      if (anchor) anchor.before(element);
      else html.prepend(element);
    });
  }
  const turnOf = new Map(turns.map((t) => [t.id, t] as const));
  for (const row of html.querySelectorAll<HTMLElement>("li.combatant[data-combatant-id]")) {
    const combatant = combat.combatants.get(row.dataset.combatantId!);
    if (!combatant) continue;
    const put = claimDecoration(row, ".cy-d6-row");
    const view = d6TrackerRowView(factsOf(combat, combatant), stateOf(combat, combatant), {
      order,
      turn: turnOf.get(combatant.id),
      current: current === combatant.id,
      canControl: mayControl(user, combatant),
      isGM: user.isGM,
      started: combat.started,
    }, d6Rules());
    // The house row (docs/style.md) in a holder of our own, so a redraw finds and replaces it.
    const element = document.createElement("div");
    element.className = "cy-d6-row";
    element.dataset.combatantId = combatant.id;
    element.innerHTML = await render(HOUSE_PARTIALS.trackerRow, d6HouseRow(combatant.name, view, words));
    stop(element);
    element.addEventListener("click", (event) => {
      const button = (event.target as HTMLElement).closest<HTMLButtonElement>(".cy-tracker-control[data-action]");
      if (button && !button.disabled) void onControl(combat, combatant, button.dataset.action!);
    });
    put(() => (row.querySelector(".token-name") ?? row).append(element));
  }
}
