/**
 * The phase tracker in Foundry's combat sidebar (`renderCombatTracker`): in
 * a started combat it takes the place of Foundry's turn list and turn
 * controls (there are no turns, P1–P11). What it shows is what this user
 * may know: the GM reads the ledger (whispered to the GMs only); a player
 * reads the combat's public projection and the secrets whispered to them
 * for their own combatants (store.ts) — so another player's declaration is
 * "declared — hidden" on that player's screen because it is nowhere on that
 * player's client. Every control is a request to the active GM (the GM's
 * own click too, through the same queue); "resolve" posts the phase card.
 */
import { format, localize } from "../i18n.js";
import { submitRequest } from "../requests.js";
import { dispatch } from "../transport.js";
import { confirmDialog } from "../dialogs.js";
import { phaseRules } from "./rules-source.js";
import { ledgerFor, secretsFor } from "./store.js";
import { isPhaseCombatant } from "./table.js";
import type { PhaseCombatDoc } from "./tracker-actions.js";
import { rollAndShow } from "./dice.js";
import { promptDeclare } from "./tracker-dialogs.js";
import { readProjection, readSecret } from "../../rulesets/phase/combat/projection-reader.js";
import { viewFromProjection } from "../../rulesets/phase/combat/projection.js";
import { PHASE_TRACKER_TEMPLATE, phaseTrackerView, type PhaseTrackerView, type TrackerPerson, trackerWounds } from "../../rulesets/phase/combat/tracker-view.js";
import { PHASE_FLAG } from "../../rulesets/phase/ruleset.js";
import { declarationView, type DeclarationView, type Viewer } from "../../rulesets/phase/rules/index.js";
import { PHASE_DECLARE_TEMPLATE } from "../../rulesets/phase/views/declare-dialog.js";
import { claimDecoration } from "../tracker-decoration.js";

interface UserDoc {
  id: string;
  name: string;
  isGM: boolean;
}
const me = () => (game as unknown as { user: UserDoc }).user;
const render = (path: string, context: object) => foundry.applications.handlebars.renderTemplate(path, context as never);
const tr = (key: string, params?: Record<string, unknown>) => format(key, (params ?? {}) as Record<string, string | number>);

export function loadTrackerTemplates(): void {
  void foundry.applications.handlebars.loadTemplates([PHASE_TRACKER_TEMPLATE, PHASE_DECLARE_TEMPLATE]);
}

/** What this client knows of the combat's phase, as the declarations this user may see. */
export function knownView(combat: PhaseCombatDoc, user: UserDoc): { view: DeclarationView | null; resolving: boolean; rolled: string[]; revision: number | null; problem: "noRecord" | "unreadable" | null } {
  const rules = phaseRules();
  const owns = (id: string) => combat.combatants.get(id)?.actor?.testUserPermission(user, "OWNER") === true;
  if (user.isGM) {
    const { ledger, problem } = ledgerFor(combat.id);
    if (!ledger) return { view: null, resolving: false, rolled: [], revision: null, problem };
    return { view: declarationView(ledger.state, { isGM: true, owns: () => true }, rules), resolving: ledger.resolving !== null, rolled: Object.keys(ledger.surprise), revision: ledger.revision, problem: null };
  }
  const stored = (combat.flags as { cychosys?: Record<string, unknown> }).cychosys?.[PHASE_FLAG];
  const projection = readProjection(stored, rules);
  if (!projection) return { view: null, resolving: false, rolled: [], revision: null, problem: stored === undefined ? "noRecord" : "unreadable" };
  const secrets = secretsFor(combat.id).flatMap((s) => readSecret(s, projection, rules) ?? []);
  const viewer: Viewer = { isGM: false, owns };
  return { view: viewFromProjection(projection, secrets, viewer, rules), resolving: projection.resolving, rolled: projection.surpriseRolled, revision: projection.revision, problem: null };
}

/** The tracker's view model for this user. */
export function trackerViewFor(combat: PhaseCombatDoc, user: UserDoc): PhaseTrackerView {
  const known = knownView(combat, user);
  const people: TrackerPerson[] = combat.combatants.contents.flatMap((c) => {
    if (!isPhaseCombatant(c)) return [];
    const actor = c.actor;
    return {
      id: c.id,
      name: c.name,
      img: c.img ?? actor.img ?? "",
      out: actor.system.derived.wounds.states,
      canControl: user.isGM || actor.testUserPermission(user, "OWNER"),
      weapons: Object.fromEntries(actor.system.derived.weapons.map((w) => [w.id, w.name])),
      // Flesh and wounds on the row only for who may see the sheet (the GM, an owner, an observer).
      wounds: user.isGM || actor.testUserPermission(user, "OBSERVER") ? trackerWounds(actor.system.derived.wounds) : null,
    };
  });
  if (!known.view) return phaseTrackerView({ phase: 1, step: "start", current: null, rows: [], events: [], due: [] }, people, { isGM: user.isGM, resolving: false, surpriseDue: [], surpriseRolled: [], problem: known.problem ?? "noRecord" }, tr, phaseRules());
  const view = known.view;
  const rolled = new Set(known.rolled);
  const surpriseDue = view.step === "start" ? view.rows.filter((r) => r.awareness === "surprised" && r.surpriseLeft === 0 && !rolled.has(r.id)).map((r) => r.id) : [];
  return phaseTrackerView(view, people, { isGM: user.isGM, resolving: known.resolving, surpriseDue, surpriseRolled: known.rolled, problem: null }, tr, phaseRules());
}

async function onControl(combat: PhaseCombatDoc, action: string, combatantId: string | undefined): Promise<void> {
  const rules = phaseRules();
  const id = combatantId ?? "";
  const on = { combatId: combat.id, combatantId: id };
  switch (action) {
    case "rollSurprise": {
      const [face] = await rollAndShow(1, rules.checkDie);
      if (face !== undefined) await submitRequest({ kind: "phaseSurprise", ...on, face });
      return;
    }
    case "rollInitiative": {
      const faces = await rollAndShow(rules.initiativeDice, rules.initiativeFaces);
      await submitRequest({ kind: "phaseInitiative", ...on, faces });
      return;
    }
    case "declare":
    case "free":
      return promptDeclare(combat, id, action === "free", knownView(combat, me()).view);
    case "cancel":
      await submitRequest({ kind: "phaseCancel", ...on });
      return;
    case "pass":
      await submitRequest({ kind: "phasePass", ...on });
      return;
    case "markAware":
    case "markUnaware":
      await submitRequest({ kind: "phaseAwareness", ...on, aware: action === "markAware" });
      return;
    case "witness":
      await submitRequest({ kind: "phaseWitness", combatId: combat.id, combatantIds: [id], extraPhases: 0 });
      return;
    case "distract":
      await submitRequest({ kind: "phaseDistract", ...on });
      return;
    case "suppress":
    case "unsuppress":
      await submitRequest({ kind: "phaseSuppressed", ...on, suppressed: action === "suppress" });
      return;
    case "closeInitiative":
      await submitRequest({ kind: "phaseCloseInitiative", combatId: combat.id });
      return;
    case "resolve": {
      const known = knownView(combat, me());
      if (known.revision !== null) await dispatch({ step: "declare", combatId: combat.id, revision: known.revision });
      return;
    }
    case "restart": {
      if (!(await confirmDialog(localize("CYCHOSYS.Phase.Tracker.restartTitle"), localize("CYCHOSYS.Phase.Tracker.restartContent")))) return;
      const stored = readProjection((combat.flags as { cychosys?: Record<string, unknown> }).cychosys?.[PHASE_FLAG], rules);
      await submitRequest({ kind: "phaseRestart", combatId: combat.id, phase: stored?.phase ?? 1 });
      return;
    }
  }
}

const stop = (element: HTMLElement) => {
  for (const type of ["click", "dblclick", "pointerdown", "mousedown", "contextmenu"]) element.addEventListener(type, (event) => event.stopPropagation());
};

/** `renderCombatTracker`: in a started combat, the phase tracker in place of the turn list and the turn controls. */
export async function decoratePhaseTracker(app: { viewed?: PhaseCombatDoc | null }, html: HTMLElement): Promise<void> {
  const combat = app.viewed;
  if (!combat?.started) return;
  const put = claimDecoration(html, ".cy-phase-tracker");
  const markup = await render(PHASE_TRACKER_TEMPLATE, trackerViewFor(combat, me()));
  const holder = document.createElement("div");
  holder.innerHTML = markup;
  const element = holder.firstElementChild as HTMLElement;
  stop(element);
  element.addEventListener("click", (event) => {
    const button = (event.target as HTMLElement).closest<HTMLButtonElement>("[data-phase-action]");
    if (!button || button.disabled) return;
    button.disabled = true;
    void onControl(combat, button.dataset.phaseAction!, button.closest<HTMLElement>("[data-combatant-id]")?.dataset.combatantId)
      .catch((error: unknown) => ui.notifications?.error(String((error as Error)?.message ?? error)))
      .finally(() => {
        button.disabled = false;
      });
  });
  const placed = put(() => {
    const list = html.querySelector<HTMLElement>("ol.combat-tracker");
    if (list) {
      list.classList.add("cy-phase-replaced");
      list.before(element);
    } else html.append(element);
  });
  if (!placed) return;
  // No turns to step through (P1–P11): Foundry's round and turn controls stay out of the way.
  for (const controls of html.querySelectorAll<HTMLElement>(".combat-controls [data-action='previousRound'], .combat-controls [data-action='previousTurn'], .combat-controls [data-action='nextTurn'], .combat-controls [data-action='nextRound']")) controls.classList.add("cy-phase-replaced");
}
