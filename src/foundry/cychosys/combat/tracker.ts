/**
 * The combat tracker's additions (Foundry's own tracker, via the
 * `renderCombatTracker` hook): under each combatant its quickness and action
 * budget as the combat holds it (templates/combat/tracker-row.hbs), and for
 * its owners and the GM the "Extra action" and "Wait" controls — both change
 * the combat, so both are requests to the active GM (the GM's own click too,
 * through the same queue) — and the recovery pool, the owner's own
 * combatant's preference; in the header, for the GM, a button opening the
 * chase window.
 */
import { format, localize } from "../../i18n.js";
import { promptForm } from "../sheets/shared.js";
import type { Facet } from "../../../rulesets/cychosys/rules/index.js";
import { type CombatDoc, facts, mayControl, setRecoveryPool } from "./actions.js";
import { extraActionChoices, readInterrupt } from "../../../rulesets/cychosys/combat/plan.js";
import { submitRequest } from "../../requests.js";
import { currentOptions } from "../../../rulesets/cychosys/combat/round-state.js";
import { EXTRA_ACTION_TEMPLATE, extraActionView, TRACKER_ROW_TEMPLATE, trackerRowView } from "../../../rulesets/cychosys/combat/tracker-view.js";
import { claimDecoration } from "../../tracker-decoration.js";

interface UserDoc {
  id: string;
  name: string;
  isGM: boolean;
}
const user = () => (game as unknown as { user: UserDoc }).user;
const render = (path: string, context: object) => foundry.applications.handlebars.renderTemplate(path, context as never);

/** The extra-action dialog: which fatigue pool pays (R16). Null when dismissed or nothing can pay. */
async function choosePool(combat: CombatDoc, combatantId: string): Promise<Facet | null> {
  const combatant = combat.combatants.get(combatantId);
  if (!combatant) return null;
  const options = currentOptions();
  const choices = extraActionChoices(facts(combatant), options);
  const first = choices.find((c) => c.affordable);
  if (!first) return null;
  const content = await render(EXTRA_ACTION_TEMPLATE, extraActionView(combatant.name, choices, options.extraActionFatigue));
  return promptForm<Facet | null>(
    format("CYCHOSYS.Combat.extraTitle", { name: combatant.name }),
    content,
    localize("CYCHOSYS.Combat.extraConfirm"),
    (form) => ((new FormData(form).get("pool") as Facet | null) ?? null),
  );
}

/** Both controls change the combat (budget, turn), which only the GM writes: they are requests to the active GM. */
async function onControl(combat: CombatDoc, combatantId: string, action: string): Promise<void> {
  if (action === "wait") {
    await submitRequest({ kind: "wait", combatId: combat.id, combatantId });
    return;
  }
  if (action === "extraAction") {
    const pool = await choosePool(combat, combatantId);
    if (pool) await submitRequest({ kind: "extraAction", combatId: combat.id, combatantId, pool });
  }
}

/** `renderCombatTracker`: add each row's budget and controls, and the chase button. */
export async function decorateTracker(app: { viewed?: CombatDoc | null }, html: HTMLElement, openChase: () => void): Promise<void> {
  const combat = app.viewed;
  const me = user();
  if (me.isGM && !html.querySelector('[data-cychosys-action="openChase"]')) {
    const header = html.querySelector(".combat-tracker-header, header");
    if (header) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "cychosys-open-chase";
      button.dataset.cychosysAction = "openChase";
      button.textContent = localize("CYCHOSYS.Chase.open");
      button.addEventListener("click", (event) => {
        event.stopPropagation();
        openChase();
      });
      header.append(button);
    }
  }
  if (!combat) return;
  const options = currentOptions();
  const interrupt = readInterrupt(combat.flags);
  for (const row of html.querySelectorAll<HTMLElement>("li.combatant[data-combatant-id]")) {
    const combatant = combat.combatants.get(row.dataset.combatantId!);
    if (!combatant) continue;
    const put = claimDecoration(row, ".cychosys-budget");
    const view = trackerRowView(combat, facts(combatant), options, {
      canControl: mayControl(me, combatant),
      interrupting: interrupt?.combatantId === combatant.id,
      started: combat.started,
    });
    const holder = document.createElement("div");
    holder.innerHTML = await render(TRACKER_ROW_TEMPLATE, view);
    const budget = holder.firstElementChild as HTMLElement;
    for (const type of ["click", "dblclick", "pointerdown", "mousedown", "contextmenu"]) {
      budget.addEventListener(type, (event) => event.stopPropagation());
    }
    budget.addEventListener("change", (event) => {
      const select = (event.target as HTMLElement).closest<HTMLSelectElement>('select[data-cychosys-action="recoverTo"]');
      if (select) void setRecoveryPool(combat, combatant.id, select.value, me);
    });
    budget.addEventListener("click", (event) => {
      const button = (event.target as HTMLElement).closest<HTMLButtonElement>("[data-cychosys-action]");
      if (!button || button.disabled) return;
      void onControl(combat, combatant.id, button.dataset.cychosysAction!);
    });
    put(() => (row.querySelector(".token-name") ?? row).append(budget));
  }
}
