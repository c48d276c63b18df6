/**
 * Registration of the turn tracker and the chase window (called from `init`):
 * the Combat and Combatant document classes, the GM's request handlers, the
 * tracker's row additions, the chase setting and window, and
 * `cychosys.openChase()` for a macro.
 */
import { openChase, refreshChaseWindow, registerChaseHandlers } from "../chase-app.js";
import { CHASE_TEMPLATE } from "../../../rulesets/cychosys/views/chase-view.js";
import { registerChaseSetting } from "../settings.js";
import { registerCombatHandlers } from "./documents.js";
import { registerRequestParser } from "../../requests.js";
import { parseCombatRequest } from "../../../rulesets/cychosys/combat/request-schema.js";
export { cychosysCombatRules } from "./documents.js";
import { decorateTracker } from "./tracker.js";
import { EXTRA_ACTION_TEMPLATE, TRACKER_ROW_TEMPLATE } from "../../../rulesets/cychosys/combat/tracker-view.js";

export function registerCombat(): void {
  registerRequestParser(parseCombatRequest);
  registerCombatHandlers();
  registerChaseHandlers();
  registerChaseSetting(refreshChaseWindow);
  Hooks.on("renderCombatTracker", ((app: Parameters<typeof decorateTracker>[0], html: HTMLElement) => void decorateTracker(app, html, openChase)) as never);
  void foundry.applications.handlebars.loadTemplates([TRACKER_ROW_TEMPLATE, EXTRA_ACTION_TEMPLATE, CHASE_TEMPLATE]);
  (globalThis.cychosys as unknown as Record<string, unknown>).openChase = openChase;
}
