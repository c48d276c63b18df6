/**
 * The declare and free-action dialogs of the phase tracker
 * (src/rulesets/phase/views/declare-dialog.ts decides what is offered): the
 * owner picks one of the choices the rules allow now, and what it asks for
 * (a target, an area to call, the distance, the tokens under a suppressive
 * template, a few words); a free action a skill makes free rolls its d10
 * here (Dice So Nice shows it). The request carries the choice and the
 * face, never a total.
 */
import { format, localize } from "../i18n.js";
import { promptForm } from "../dialogs.js";
import { submitRequest } from "../requests.js";
import { phaseRules } from "./rules-source.js";
import { rollAndShow } from "./dice.js";
import type { PhaseCombatDoc } from "./tracker-actions.js";
import { isPhaseCombatant } from "./table.js";
import { phaseFighter } from "../../rulesets/phase/data/derive.js";
import { declareDialogView, PHASE_DECLARE_TEMPLATE, readDeclareForm } from "../../rulesets/phase/views/declare-dialog.js";
import type { DeclarationView } from "../../rulesets/phase/rules/index.js";

const render = (path: string, context: object) => foundry.applications.handlebars.renderTemplate(path, context as never);
const tr = (key: string, params?: Record<string, unknown>) => format(key, (params ?? {}) as Record<string, string | number>);

/** Show only the fields the chosen action asks for (each field names what it is for in `data-needs`). */
export function wireDeclareForm(root: HTMLElement): void {
  const select = root.querySelector<HTMLSelectElement>("select[name=choice]");
  if (!select) return;
  const update = () => {
    const option = select.selectedOptions[0];
    for (const field of root.querySelectorAll<HTMLElement>("[data-needs]")) {
      const needs = field.dataset.needs!;
      const wanted = option?.dataset[needs];
      field.hidden = !wanted || wanted === "false" || wanted === "none";
    }
  };
  select.addEventListener("change", update);
  update();
}

/** P6–P8: the owner's declaration (or free action, P7) in the current slot. */
export async function promptDeclare(combat: PhaseCombatDoc, combatantId: string, free: boolean, view: DeclarationView | null): Promise<void> {
  const combatant = combat.combatants.get(combatantId);
  if (!combatant || !isPhaseCombatant(combatant) || !view) return;
  const rules = phaseRules();
  const row = view.rows.find((r) => r.id === combatantId);
  const targeting = row && row.targeting !== "hidden" ? row.targeting : null;
  const others = view.rows.map((r) => ({ id: r.id, name: combat.combatants.get(r.id)?.name ?? r.id }));
  const dialog = declareDialogView(combatant.name, phaseFighter(combatant.id, combatant.name, combatant.actor.system.derived), { id: combatantId, targeting }, others, free, rules, tr);
  if (dialog.empty) {
    ui.notifications?.info(dialog.empty);
    return;
  }
  const content = await render(PHASE_DECLARE_TEMPLATE, dialog);
  const title = format(free ? "CYCHOSYS.Phase.Dialog.freeTitle" : "CYCHOSYS.Phase.Dialog.declareTitle", { name: combatant.name });
  const fields = await promptForm(
    title,
    content,
    localize(free ? "CYCHOSYS.Phase.Dialog.take" : "CYCHOSYS.Phase.Dialog.declare"),
    (form) => {
      const data = new FormData(form);
      const values: Record<string, unknown> = Object.fromEntries(data.entries());
      values.targets = data.getAll("targets");
      return readDeclareForm(values, dialog.choices);
    },
    wireDeclareForm,
  );
  if (!fields) return;
  const on = { combatId: combat.id, combatantId };
  if (!free) {
    await submitRequest({ kind: "phaseDeclare", ...on, ...fields });
    return;
  }
  const choice = dialog.choices.find((c) => c.action === fields.action && c.weapon === (fields.weapon ?? null));
  // P7/P33: the skill's check, rolled here; the GM's core adds it up.
  const face = choice?.check ? (await rollAndShow(1, rules.checkDie))[0] : undefined;
  await submitRequest({
    kind: "phaseFree",
    ...on,
    action: fields.action,
    ...(fields.weapon && { weapon: fields.weapon }),
    ...(fields.label && { label: fields.label }),
    ...(face !== undefined && { face }),
  });
}
