/**
 * The CWN tracker's additions to Foundry's combat tracker
 * (`renderCombatTracker`): above the list the banner (before the fight the
 * sides with their d8 and surprise, W2/W3; in the fight the round, ending
 * the acting side's turn, Morale due, swarms, arrivals, W4–W6/W24), a
 * header before each side's first member (W3, W4), and under each fighter
 * what it has left this round and its states (W7, W19, W25–W27, W36, W37)
 * with the controls this user may use; the actions dialog (W8–W37). Every
 * control is a request to the active GM (the GM's own click too, through
 * the same queue); the views are pure (src/rulesets/cwn/combat/table-view.ts).
 */
import {
  actionFormView, actionMenuView, CWN_TRACKER_TEMPLATES, fighterRowView, fightBannerView, readActionForm, setupBannerView, sideHeaderView, type TableUser, trackerIndex,
} from "../../rulesets/cwn/combat/table-view.js";
import { arrivals } from "../../rulesets/cwn/combat/tracker-plan.js";
import { fightOf } from "../../rulesets/cwn/ruleset.js";
import { type CwnCombatState, sidesByFighter } from "../../rulesets/cwn/rules/combat.js";
import { escapeHtml } from "../../core/html.js";
import { promptForm, formValues } from "../dialogs.js";
import { format, localize } from "../i18n.js";
import { enqueue, isActiveGM, submitRequest } from "../requests.js";
import { type CwnCombatantDoc, type CwnCombatDoc, factsOf, mayControl, nameIn, plannedOf, setupOf } from "./combat-actions.js";
import { rollAndShow } from "./dice.js";
import { startFight } from "./fight-start.js";
import { cwnRules } from "./rules-source.js";
import { claimDecoration } from "../tracker-decoration.js";
import { mayKnow } from "../odds.js";

const me = () => (game as unknown as { user: { id: string; name: string; isGM: boolean; targets?: Set<{ actor: { uuid: string } | null }> } }).user;
const render = (path: string, context: object) => foundry.applications.handlebars.renderTemplate(path, context as never);

export function loadCwnTrackerTemplates(): void {
  void foundry.applications.handlebars.loadTemplates(Object.values(CWN_TRACKER_TEMPLATES));
}

const stop = (element: HTMLElement) => {
  for (const type of ["click", "dblclick", "pointerdown", "mousedown", "contextmenu"]) element.addEventListener(type, (event) => event.stopPropagation());
};

async function element(path: string, context: object): Promise<HTMLElement> {
  const holder = document.createElement("div");
  holder.innerHTML = await render(path, context);
  const el = holder.firstElementChild as HTMLElement;
  stop(el);
  return el;
}

const tableUser = (combat: CwnCombatDoc): TableUser => {
  const user = me();
  return { isGM: user.isGM, owns: (id) => mayControl(user, combat.combatants.get(id)) };
};

/** W8–W37: the actions dialog for one fighter; the chosen action as a request. */
async function promptActions(combat: CwnCombatDoc, fight: CwnCombatState, combatant: CwnCombatantDoc): Promise<void> {
  const d = combatant.actor?.system.derived;
  if (!d) return;
  const reloadable = d.weapons.find((w) => w.magazine.max > 0);
  const menu = actionMenuView(fight, combatant.id, { moveMetres: d.moveMetres, highestSkill: d.highestCombatSkill, shootLevel: d.combatSkills.shoot, ...(reloadable && { reload: reloadable.reloadAction }) }, localize, cwnRules());
  const side = sidesByFighter(fight).get(combatant.id);
  const allies = (side?.members ?? []).filter((id) => id !== combatant.id).map((id) => ({ id, name: combat.combatants.get(id)?.name ?? id }));
  const weapons = d.weapons.filter((w) => !w.unarmed).map((w) => ({ id: w.id, name: w.name }));
  const targeted = [...(me().targets ?? [])].map((t) => combat.combatants.contents.find((c) => c.actor?.uuid === t.actor?.uuid)).find((c) => c && c.id !== combatant.id);
  const content = await render(CWN_TRACKER_TEMPLATES.actions, { actions: menu, ...actionFormView({ allies, weapons, target: targeted?.name ?? null }, localize) });
  const form = await promptForm(format("CYCHOSYS.Cwn.Combat.actionsTitle", { name: combatant.name }), content, localize("CYCHOSYS.Cwn.Combat.confirm"), formValues);
  if (!form) return;
  const chosen = readActionForm(form);
  if (!chosen.action) return;
  await submitRequest({ kind: "cwnAct", combatId: combat.id, combatantId: combatant.id, action: chosen.action, metres: chosen.metres, allyId: chosen.allyId, itemId: chosen.itemId, targetId: targeted?.id ?? "", label: chosen.label, quiver: chosen.quiver });
}

/** A banner control. */
async function onBanner(combat: CwnCombatDoc, target: HTMLElement): Promise<void> {
  const side = target.dataset.side ?? "";
  const d8 = async () => (await rollAndShow([{ count: 1, faces: cwnRules().initiativeDieFaces }]))[0]![0]!;
  switch (target.dataset.cychosysAction) {
    case "rollSide":
      return void (await submitRequest({ kind: "cwnRollSide", combatId: combat.id, sideId: side, face: await d8() }));
    case "surprise":
      return void (await submitRequest({ kind: "cwnSurprise", combatId: combat.id, sideId: side, surprised: (target as HTMLInputElement).checked }));
    case "endSide":
      return void (await submitRequest({ kind: "cwnEndSide", combatId: combat.id }));
    case "morale": {
      const [faces] = await rollAndShow([cwnRules().moraleDice]);
      return void (await submitRequest({ kind: "cwnMorale", combatId: combat.id, sideId: side, faces: faces! }));
    }
    case "skipMorale":
      return void (await submitRequest({ kind: "cwnMorale", combatId: combat.id, sideId: side, faces: [] }));
    case "readySwarm":
      return void (await submitRequest({ kind: "cwnReadySwarm", combatId: combat.id, swarmId: Number(target.dataset.swarm) }));
    case "join":
      return void (await submitRequest({ kind: "cwnJoin", combatId: combat.id, sideId: side, face: await d8() }));
    case "group": {
      // W3, W4: the GM names the group this combatant fights in (an existing side or a new one).
      const combatantId = target.dataset.combatant ?? "";
      const name = combat.combatants.get(combatantId)?.name ?? "";
      const sides = plannedOf(combat).map((s) => s.id);
      const content = `<div class="form-group"><label for="cwn-group">${escapeHtml(localize("CYCHOSYS.Cwn.Combat.groupLabel"))}</label><input id="cwn-group" type="text" name="sideId" list="cwn-groups" pattern="[A-Za-z0-9_-]{1,64}" required><datalist id="cwn-groups">${sides.map((id) => `<option value="${escapeHtml(id)}"></option>`).join("")}</datalist></div>`;
      const sideId = await promptForm(format("CYCHOSYS.Cwn.Combat.groupTitle", { name }), content, localize("CYCHOSYS.Cwn.Combat.confirm"), (form) => String(new FormData(form).get("sideId") ?? "").trim());
      if (sideId) await submitRequest({ kind: "cwnGroup", combatId: combat.id, combatantId, sideId });
      return;
    }
    case "startFight": {
      if (isActiveGM()) await enqueue(() => startFight(combat));
      return;
    }
  }
}

/** A row control. */
async function onRow(combat: CwnCombatDoc, combatant: CwnCombatantDoc, action: string): Promise<void> {
  const fight = fightOf(combat);
  switch (action) {
    case "begin":
      return void (await submitRequest({ kind: "cwnBeginTurn", combatId: combat.id, combatantId: combatant.id }));
    case "end":
    case "pass":
      return void (await submitRequest({ kind: "cwnEndTurn", combatId: combat.id, combatantId: combatant.id }));
    case "actions":
      if (fight) await promptActions(combat, fight, combatant);
      return;
  }
}

/** `renderCombatTracker`: the banner, each side's header and each fighter's row. */
export async function decorateCwnTracker(app: { viewed?: CwnCombatDoc | null }, html: HTMLElement): Promise<void> {
  const combat = app.viewed;
  if (!combat) return;
  // Every piece is drawn first, then all are put in at once (in place of an earlier redraw's).
  const put = claimDecoration(html, ".cwn-banner, .cwn-side-header, .cwn-row");
  const placing: (() => void)[] = [];
  const user = tableUser(combat);
  const names = nameIn(combat);
  const fight = fightOf(combat);
  const banner = fight
    ? fightBannerView(fight, arrivals(combat.combatants.contents.map(factsOf), fight, setupOf(combat)), names, user, localize)
    : combat.started
      ? { started: true, title: localize("CYCHOSYS.Cwn.Combat.noFightYet"), acting: "", endSide: false, morale: [], swarms: [], ready: [], arrivals: [], restart: user.isGM }
      : setupBannerView(plannedOf(combat), names, user, localize);
  const top = await element(CWN_TRACKER_TEMPLATES.banner, banner);
  const act = (event: Event) => {
    const target = (event.target as HTMLElement).closest<HTMLElement>("[data-cychosys-action]");
    if (target && !(target as HTMLButtonElement).disabled) void onBanner(combat, target);
  };
  top.addEventListener("click", (e) => (e.target as HTMLElement).matches("input") || act(e));
  top.addEventListener("change", act);
  placing.push(() => {
    const list = html.querySelector("ol.combat-tracker, ol.plain, ol");
    if (list) list.before(top);
    else html.prepend(top);
  });
  if (!fight) return void put(() => placing.forEach((place) => place()));
  // One view of the fight for every row, and each fighter's side found once (no search per row).
  const index = trackerIndex(fight);
  const sides = sidesByFighter(fight);
  const rows = [...html.querySelectorAll<HTMLElement>("li.combatant[data-combatant-id]")];
  const shown = new Set(rows.map((row) => row.dataset.combatantId!));
  const firstOfSide = new Set(fight.order.map((id) => fight.sides[id]!.members.find((m) => shown.has(m))).filter((m): m is string => !!m));
  for (const row of rows) {
    const combatant = combat.combatants.get(row.dataset.combatantId!);
    if (!combatant) continue;
    if (firstOfSide.has(combatant.id)) {
      const header = await element(CWN_TRACKER_TEMPLATES.side, sideHeaderView(fight, sides.get(combatant.id)!.id, localize, index));
      placing.push(() => row.before(header));
    }
    // Hit points only where this user may see the sheet (docs/odds.md, "What a client may know").
    const actor = combatant.actor as (CwnCombatantDoc["actor"] & { system: { hp?: { value?: number; max?: number } } }) | null | undefined;
    const hp = actor && mayKnow(actor as never) ? { value: Number(actor.system.hp?.value ?? 0), max: Number(actor.system.hp?.max ?? 0) } : undefined;
    const view = fighterRowView(fight, combatant.id, names, user, localize, index, hp);
    if (!view) continue;
    const el = await element(CWN_TRACKER_TEMPLATES.row, view);
    el.addEventListener("click", (event) => {
      const button = (event.target as HTMLElement).closest<HTMLButtonElement>("button[data-action]");
      if (button && el.contains(button) && !button.disabled) void onRow(combat, combatant, button.dataset.action!);
    });
    placing.push(() => (row.querySelector(".token-name") ?? row).append(el));
  }
  put(() => placing.forEach((place) => place()));
}
