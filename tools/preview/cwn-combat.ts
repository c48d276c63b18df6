/**
 * Preview pages of the Cities Without Number tracker: the crew (Vee, Mack)
 * against three corporate guards in Foundry's combat sidebar — before the
 * fight (the sides, the crew's d8 rolled, the guards' owed, the GM's
 * surprise boxes), and in round 1 with the crew acting (W4): Mack screening
 * Vee and done, Vee acting with her Main spent and her Move left, a guard in
 * Total Defense before its turn (W27), a guard dead (W19) — each fighter's
 * actions left (W7) and its states until when; and Vee's actions dialog
 * with the refusals greyed out and their reasons. Built with the same pure
 * functions the Foundry code calls.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import Handlebars from "handlebars";
import { applyTableOperation, type CwnCombatOperation } from "../../src/rulesets/cwn/combat/state.js";
import { actionFormView, actionMenuView, CWN_TRACKER_TEMPLATES, fighterRowView, fightBannerView, setupBannerView, sideHeaderView, sideName, type TableUser } from "../../src/rulesets/cwn/combat/table-view.js";
import { type CwnCombatantFacts, plannedSides, sideSetup, turnKey } from "../../src/rulesets/cwn/combat/tracker-plan.js";
import type { CwnCombatState } from "../../src/rulesets/cwn/rules/combat.js";
import { combatCss, page, svgFace, TRACKER_CSS } from "./combat.js";
import { makeI18n } from "./helpers.js";
import { type makeEnvironment, readLang, ROOT } from "./render.js";

type Env = ReturnType<typeof makeEnvironment>;
const escape = Handlebars.Utils.escapeExpression;

export const cwnCombatCss = (): string => readFileSync(join(ROOT, "styles/cwn-combat.css"), "utf8");

const fact = (id: string, name: string, playerOwned: boolean, dex: number, o: Partial<CwnCombatantFacts> = {}): CwnCombatantFacts => ({
  id, name, playerOwned, disposition: playerOwned ? 1 : -1, dex, canSnap: playerOwned, downed: "none", morale: playerOwned ? null : 8, ...o,
});

export function cwnCombatants(): CwnCombatantFacts[] {
  return [fact("vee", "Vee", true, 1), fact("mack", "Mack", true, 0), fact("g1", "Guard 1", false, 1), fact("g2", "Guard 2", false, 1), fact("g3", "Guard 3", false, 1)];
}

/** Round 1, the crew acting: Mack screened Vee and ended his turn; Vee shot (Main spent, Move left); Guard 2 went to Total Defense early; Guard 3 is dead. */
export function cwnPreviewFight(): CwnCombatState {
  const ops: CwnCombatOperation[] = [
    { kind: "beginTurn", fighterId: "mack" },
    { kind: "act", fighterId: "mack", action: "screenAlly", context: { allyId: "vee", highestSkill: 2, metres: 2, allyMetres: 1 } },
    { kind: "endTurn", fighterId: "mack" },
    { kind: "beginTurn", fighterId: "vee" },
    { kind: "act", fighterId: "vee", action: "rangedAttack", context: { readiedWeapon: true } },
    { kind: "act", fighterId: "g2", action: "totalDefense" },
    { kind: "downed", fighterId: "g3", state: "dead" },
  ];
  const setups = plannedSides(cwnCombatants(), { groups: {}, surprised: [], rolls: { pcs: { roll: 6, tieRolls: [] }, hostile: { roll: 3, tieRolls: [] } } });
  let state = applyTableOperation(null, {
    kind: "start",
    sides: setups.map((s) => sideSetup(s)),
  }).state;
  for (const op of ops) state = applyTableOperation(state, op).state;
  return state;
}

const GM: TableUser = { isGM: true, owns: () => true };
/** Vee's player: her row's controls only, and no guard's hit points (docs/style.md: controls only where the viewer may act). */
const VEE_PLAYER: TableUser = { isGM: false, owns: (id) => id === "vee" };
/** Hit points as the sheets hold them (the crew's and the guards'). */
const HP: Record<string, { value: number; max: number }> = { vee: { value: 11, max: 14 }, mack: { value: 12, max: 12 }, g1: { value: 9, max: 9 }, g2: { value: 6, max: 9 }, g3: { value: 0, max: 9 } };
const FACES: Record<string, string> = { vee: "#8fb3c9", mack: "#d39b6a", g1: "#a39ad3", g2: "#8fa39a", g3: "#b9b2a6" };

function localizer() {
  const i18n = makeI18n(readLang());
  return (key: string, params?: Record<string, unknown>) => (params ? i18n.format(key, params) : i18n.localize(key));
}

function trackerBody(env: Env, started: boolean, theme: "dark" | "light" = "dark", user: TableUser = GM): string {
  const localize = localizer();
  const combatants = cwnCombatants();
  const names = (id: string) => combatants.find((c) => c.id === id)?.name ?? sideName(id, localize);
  const fight = started ? cwnPreviewFight() : null;
  const banner = fight
    ? fightBannerView(fight, [], names, user, localize)
    : setupBannerView(plannedSides(combatants, { groups: {}, surprised: [], rolls: { pcs: { roll: 6, tieRolls: [] } } }), names, user, localize);
  const ordered = fight ? [...combatants].sort((a, b) => turnKey(fight, a.id) - turnKey(fight, b.id)) : combatants;
  const marked = fight ? "vee" : null;
  const rows = ordered
    .map((c) => {
      const side = fight?.order.find((id) => fight.sides[id]!.members[0] === c.id);
      const header = fight && side ? env.render(CWN_TRACKER_TEMPLATES.side, sideHeaderView(fight, side, localize)) : "";
      const sees = user.isGM || combatants.find((x) => x.id === c.id)!.playerOwned;
      const view = fight ? fighterRowView(fight, c.id, names, user, localize, undefined, sees ? HP[c.id] : undefined) : null;
      const total = fight?.order.map((id) => fight.sides[id]!).find((s) => s.members.includes(c.id))?.initiative.total ?? "";
      return `${header}<li class="combatant${c.id === marked ? " active" : ""}" data-combatant-id="${c.id}">
  <img class="token-image" src="${svgFace(FACES[c.id]!)}" alt="">
  <div class="token-name"><strong class="name">${escape(c.name)}</strong>${view ? env.render(CWN_TRACKER_TEMPLATES.row, view) : ""}</div>
  <div class="token-initiative"><span class="initiative">${total}</span></div>
</li>`;
    })
    .join("\n");
  return `<section id="{{id}}" class="application themed theme-${theme} combat-sidebar" data-preview-sheet="cwn-tracker" style="width: 340px;">
  <header class="combat-tracker-header"><span>${started ? "Round 1" : "Not started"}</span></header>
  ${env.render(CWN_TRACKER_TEMPLATES.banner, banner)}
  <ol class="combat-tracker">
${rows}
  </ol>
</section>`;
}

function actionsBody(env: Env): string {
  const localize = localizer();
  const fight = cwnPreviewFight();
  const menu = actionMenuView(fight, "vee", { moveMetres: 10, highestSkill: 2, shootLevel: 2, reload: "main" }, localize);
  const form = actionFormView({ allies: [{ id: "mack", name: "Mack" }], weapons: [{ id: "wPistol", name: "Heavy pistol" }, { id: "wKnife", name: "Knife" }], target: "Guard 1" }, localize);
  return `<form id="{{id}}" class="application themed theme-dark dialog" style="width: 440px;" data-preview-sheet="cwn-actions">
  <header class="window-header"><h1 class="window-title">${escape(localize("CYCHOSYS.Cwn.Combat.actionsTitle", { name: "Vee" }))}</h1></header>
  <section class="window-content" style="padding: 10px 12px; gap: 10px;">
    ${env.render(CWN_TRACKER_TEMPLATES.actions, { actions: menu, ...form })}
    <button type="button">${escape(localize("CYCHOSYS.Cwn.Combat.confirm"))}</button>
  </section>
</form>`;
}

const DIALOG_CSS = `
  input[type=radio] { accent-color: var(--cychosys-accent); }
  fieldset { border: 1px solid var(--cychosys-border); border-radius: 3px; }
  .form-group { display: flex; align-items: center; gap: 8px; justify-content: space-between; }
  .form-group select, .form-group input[type=text] { max-width: 60%; }
`;

/** Write the pages; returns them for the browser checks. */
export function buildCwnCombatPages(env: Env, css: string, frameCss: string, outDir: string): { id: string; file: string }[] {
  const all = `${css}\n${combatCss()}\n${cwnCombatCss()}`;
  const pages: [string, string, string][] = [
    ["cwn-tracker-setup", "CWN tracker, the sides before the fight", trackerBody(env, false)],
    ["cwn-tracker", "CWN tracker, round 1 by side", trackerBody(env, true)],
    ["cwn-tracker-light", "CWN tracker, round 1 by side (light)", trackerBody(env, true, "light")],
    ["cwn-tracker-player", "CWN tracker, round 1 as Vee's player sees it", trackerBody(env, true, "dark", VEE_PLAYER)],
    ["cwn-actions", "CWN actions dialog", actionsBody(env)],
  ];
  return pages.map(([id, title, body]) => {
    const file = join(outDir, `${id}.html`);
    writeFileSync(file, page(title, id, body, all, frameCss, id.endsWith("-light") ? "light" : "dark", [TRACKER_CSS, DIALOG_CSS]));
    return { id, file };
  });
}
