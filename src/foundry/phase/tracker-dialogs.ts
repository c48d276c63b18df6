/**
 * The declare and free-action dialogs of the phase tracker
 * (src/rulesets/phase/views/declare-dialog.ts decides what is offered): the
 * owner picks one of the choices the rules allow now, and what it asks for
 * (a target, an area to call, the distance, the tokens under a suppressive
 * template, a few words); a free action a skill makes free rolls its d10
 * here (Dice So Nice shows it). The request carries the choice and the
 * face, never a total. The dialog shows the odds (docs/odds.md): the attacks
 * due on this combatant with each answer's (P26), and the chosen attack's,
 * redrawn as the choice, target and area change.
 */
import { format, localize } from "../i18n.js";
import { promptForm } from "../dialogs.js";
import { submitRequest } from "../requests.js";
import { phaseRules } from "./rules-source.js";
import { rollAndShow } from "./dice.js";
import type { PhaseCombatDoc } from "./tracker-actions.js";
import { isPhaseCombatant } from "./table.js";
import { phaseFighter } from "../../rulesets/phase/data/derive.js";
import { type DeclareChoice, declareDialogView, PHASE_DECLARE_TEMPLATE, readDeclareForm } from "../../rulesets/phase/views/declare-dialog.js";
import { type DeclareOddsContext, declareOddsLines } from "../../rulesets/phase/views/declare-odds.js";
import { AREAS, type Area, type DeclarationView, type Fighter } from "../../rulesets/phase/rules/index.js";
import { ODDS_LINES_PARTIAL } from "../../core/views/odds.js";
import { mayKnow, oddsShown } from "../odds.js";

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

/**
 * What this user may know for the odds (docs/odds.md): the declarations it
 * sees, and a sheet only when it may see it (the GM, an owner, an observer);
 * none at all when the GM turned odds off for players.
 */
function oddsContext(combat: PhaseCombatDoc, me: string, fighter: Fighter, targeting: DeclareOddsContext["me"]["targeting"], aim: number, view: DeclarationView): DeclareOddsContext | null {
  if (!oddsShown()) return null;
  const known = new Map<string, Fighter | null>();
  return {
    me: { id: me, fighter, targeting, aim },
    view,
    know: (id) => {
      if (!known.has(id)) {
        const c = combat.combatants.get(id);
        known.set(id, c && isPhaseCombatant(c) && mayKnow(c.actor as never) ? phaseFighter(c.id, c.name, c.actor.system.derived) : null);
      }
      return known.get(id)!;
    },
    name: (id) => combat.combatants.get(id)?.name ?? id,
  };
}

/** Redraw the chosen attack's odds as the choice, the target and the area change. */
function wireDeclareOdds(root: HTMLElement, odds: DeclareOddsContext, choices: readonly DeclareChoice[]): void {
  const holder = root.querySelector<HTMLElement>(".cy-phase-odds");
  const form = root.closest("form") ?? root;
  if (!holder) return;
  const redraw = async () => {
    const value = (name: string) => form.querySelector<HTMLSelectElement>(`select[name=${name}]`)?.value ?? "";
    const choice = choices.find((c) => c.value === value("choice"));
    const target = choice?.fixedTarget ?? (value("target") || null);
    const area = (AREAS as readonly string[]).includes(value("area")) ? (value("area") as Area) : null;
    const lines = declareOddsLines(odds, choice, target, choice && choice.area !== "none" ? area : null, phaseRules(), tr);
    holder.innerHTML = await render(ODDS_LINES_PARTIAL, { lines });
  };
  for (const name of ["choice", "target", "area"]) form.querySelector(`select[name=${name}]`)?.addEventListener("change", () => void redraw());
}

/** P6–P8: the owner's declaration (or free action, P7) in the current slot. */
export async function promptDeclare(combat: PhaseCombatDoc, combatantId: string, free: boolean, view: DeclarationView | null): Promise<void> {
  const combatant = combat.combatants.get(combatantId);
  if (!combatant || !isPhaseCombatant(combatant) || !view) return;
  const rules = phaseRules();
  const row = view.rows.find((r) => r.id === combatantId);
  const targeting = row && row.targeting !== "hidden" ? row.targeting : null;
  const others = view.rows.map((r) => ({ id: r.id, name: combat.combatants.get(r.id)?.name ?? r.id }));
  const fighter = phaseFighter(combatant.id, combatant.name, combatant.actor.system.derived);
  const odds = oddsContext(combat, combatantId, fighter, targeting, row && typeof row.aim === "number" ? row.aim : 0, view);
  const dialog = declareDialogView(combatant.name, fighter, { id: combatantId, targeting }, others, free, rules, tr, odds);
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
    (root) => {
      wireDeclareForm(root);
      if (odds) wireDeclareOdds(root, odds, dialog.choices);
    },
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
