/**
 * The combat tracker's additions (Foundry's own tracker, via the
 * `renderCombatTracker` hook), in the house style (docs/style.md): under each
 * combatant one line of essentials — quickness, the action budget as the
 * combat holds it — its statuses, and for its owners and the GM only, icon
 * buttons for what they may do now (the kit's partials/tracker-row.hbs):
 * "Extra action" and "Wait" change the combat, so both are requests to the
 * active GM (the GM's own click too, through the same queue); "Rest into"
 * sets the recovery pool, the owner's own combatant's preference. In the
 * header, for the GM, a button opening the chase window.
 */
import { format, localize } from "../../i18n.js";
import { promptForm } from "../sheets/shared.js";
import type { Facet } from "../../../rulesets/cychosys/rules/index.js";
import { type CombatDoc, facts, mayControl, setRecoveryPool } from "./actions.js";
import { extraActionChoices, readInterrupt } from "../../../rulesets/cychosys/combat/plan.js";
import { submitRequest } from "../../requests.js";
import { currentOptions } from "../../../rulesets/cychosys/combat/round-state.js";
import { EXTRA_ACTION_TEMPLATE, extraActionView, REST_INTO_TEMPLATE, restIntoView, TRACKER_ROW_TEMPLATE, trackerRowView } from "../../../rulesets/cychosys/combat/tracker-view.js";
import { recoveryPoolOf } from "../../../rulesets/cychosys/combat/plan.js";
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

/** R17: the rest-into dialog: the pool each unused action restores. Null when dismissed. */
async function choosePoolToRestInto(combat: CombatDoc, combatantId: string): Promise<string | null> {
  const combatant = combat.combatants.get(combatantId);
  if (!combatant) return null;
  const content = await render(REST_INTO_TEMPLATE, restIntoView(combatant.name, recoveryPoolOf(facts(combatant)) ?? ""));
  return promptForm<string | null>(
    localize("CYCHOSYS.Combat.recoverTo"),
    content,
    localize("CYCHOSYS.Combat.restIntoConfirm"),
    (form) => ((new FormData(form).get("pool") as string | null) ?? null),
  );
}

/** Extra action and Wait change the combat (budget, turn), which only the GM writes: they are requests to the active GM. Rest into is the owner's own preference. */
async function onControl(combat: CombatDoc, combatantId: string, action: string): Promise<void> {
  if (action === "restInto") {
    const pool = await choosePoolToRestInto(combat, combatantId);
    if (pool !== null) await setRecoveryPool(combat, combatantId, pool, user());
    return;
  }
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
    const put = claimDecoration(row, ".cy-tracker-row");
    const view = trackerRowView(
      combat,
      facts(combatant),
      options,
      { canControl: mayControl(me, combatant), interrupting: interrupt?.combatantId === combatant.id, started: combat.started },
      (key, params) => format(key, (params ?? {}) as Record<string, string | number>),
    );
    const holder = document.createElement("div");
    holder.innerHTML = await render(TRACKER_ROW_TEMPLATE, view.row);
    const budget = holder.firstElementChild as HTMLElement;
    for (const type of ["click", "dblclick", "pointerdown", "mousedown", "contextmenu"]) {
      budget.addEventListener(type, (event) => event.stopPropagation());
    }
    budget.addEventListener("click", (event) => {
      const button = (event.target as HTMLElement).closest<HTMLButtonElement>("button[data-action]");
      if (!button || button.disabled) return;
      void onControl(combat, combatant.id, button.dataset.action!);
    });
    put(() => (row.querySelector(".token-name") ?? row).append(budget));
  }
}
