/**
 * Preview pages of the GURPS attack card and its dialog, every figure from
 * the real core, flow and view models (test/fixtures/gurps-cards.ts): Louis
 * swings his shortsword at Pierre — the card asking for a defense as Pierre's
 * owner sees it (only the legal ones, each a button) and as another player
 * sees it (no buttons); the major wound with shock and its HT roll owed to
 * Pierre's owner; the roll made and the injury applied (the GM's undo); a
 * critical hit rolled on an empty table (the GM adjudicates, G86); and the
 * attack dialog in a combat (the round's All-Out Attack, shock) and outside
 * one (the pistol, range measured); the odds (docs/odds.md): the card's
 * defense panel as Pierre's owner sees it and the dialog's odds line, in
 * both themes.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import Handlebars from "handlebars";
import type { FlowUser } from "../../src/core/ruleset.js";
import { deriveGurpsActor } from "../../src/rulesets/gurps/data/derive.js";
import { chooseManeuver, newFighterRound, startTurn } from "../../src/rulesets/gurps/rules/index.js";
import { GURPS_ATTACK_CARD_TEMPLATE, gurpsAttackCardView, type CardOptions } from "../../src/rulesets/gurps/views/attack-card.js";
import { GURPS_ATTACK_DIALOG_TEMPLATE, gurpsAttackDialogView } from "../../src/rulesets/gurps/views/attack-dialog.js";
import { type GurpsFlow, rollDamage, rollOwed } from "../../src/rulesets/gurps/workflow/flow.js";
import { louisData, pierreData } from "../../test/fixtures/gurps-actors.js";
import { declaredSwing, GM, gurpsCardFlows, LOUIS_PLAYER, ONLOOKER, PIERRE_PLAYER } from "../../test/fixtures/gurps-cards.js";
import { makeI18n } from "./helpers.js";
import { type makeEnvironment, ROOT } from "./render.js";
import { page } from "./workflow.js";

type Env = ReturnType<typeof makeEnvironment>;

export const GURPS_CARD_PAGES = [
  "gurps-card-defend-owner", "gurps-card-defend-onlooker", "gurps-card-major-wound-owed", "gurps-card-applied", "gurps-card-applied-light", "gurps-card-critical-empty-table",
  "gurps-dialog-combat", "gurps-dialog-pistol", "gurps-dialog-slam", "gurps-dialog-slam-light",
  "gurps-card-defend-odds", "gurps-card-defend-odds-light", "gurps-dialog-odds", "gurps-dialog-odds-light",
] as const;

/** A critical hit (3, 1, 2 → hit at 15), its table roll 4 made; the compendium's table is empty. */
function criticalFlow(): GurpsFlow {
  const rolled = rollOwed(declaredSwing([1, 1, 2]), "rolls.criticalTable", [2, 1, 1], LOUIS_PLAYER);
  return rollDamage(rolled, "damage", [[5]], LOUIS_PLAYER);
}

export function buildGurpsCardPages(env: Env, systemCss: string, frameCss: string, outDir: string): { id: string; file: string }[] {
  const i18n = makeI18n(JSON.parse(readFileSync(join(ROOT, "lang/en.json"), "utf8")) as Record<string, unknown>);
  const localize = (key: string, params?: Record<string, unknown>) => (params ? i18n.format(key, params) : i18n.localize(key));
  const css = [systemCss, ...["styles/workflow.css", "styles/gurps-card.css", "styles/core.css", "styles/odds.css"].map((f) => readFileSync(join(ROOT, f), "utf8"))].join("\n");
  const out: { id: string; file: string }[] = [];
  const write = (id: string, title: string, width: number, body: string, theme: "dark" | "light" = "dark") => {
    const file = join(outDir, `${id}.html`);
    writeFileSync(file, page(id, theme, title, width, body, css, frameCss));
    out.push({ id, file });
  };
  const card = (id: string, flow: GurpsFlow, user: FlowUser, viewer: string, o: CardOptions = {}, theme: "dark" | "light" = "dark") => {
    const body = `<ol class="chat-log"><li class="chat-message message">
  <header class="message-header"><h4 class="message-sender">Louis</h4><span class="preview-viewer">${Handlebars.Utils.escapeExpression(viewer)}</span></header>
  <div class="message-content">${env.render(GURPS_ATTACK_CARD_TEMPLATE, gurpsAttackCardView(flow, user, { localize, ...o }))}</div>
</li></ol>`;
    write(id, `GURPS attack card (${viewer})`, 340, body, theme);
  };
  const flows = gurpsCardFlows();
  card("gurps-card-defend-owner", flows.defend, PIERRE_PLAYER, "as Pierre's player");
  card("gurps-card-defend-onlooker", flows.defend, ONLOOKER, "as another player");
  card("gurps-card-major-wound-owed", flows.majorWoundOwed, PIERRE_PLAYER, "as Pierre's player");
  card("gurps-card-applied", flows.applied, GM, "as the GM");
  card("gurps-card-applied-light", flows.applied, GM, "as the GM", {}, "light");
  card("gurps-card-critical-empty-table", criticalFlow(), GM, "as the GM", { tables: { hit: { name: "Critical Hit Table", results: [] } } });

  const fighter = (d: ReturnType<typeof louisData>, round: ReturnType<typeof newFighterRound> | null) => ({ uuid: d.uuid, name: d.name, derived: deriveGurpsActor(d.source, d.items), round });
  const dialog = (id: string, view: ReturnType<typeof gurpsAttackDialogView>, theme: "dark" | "light" = "dark") => {
    const body = `<header class="window-header"><h1 class="window-title">${Handlebars.Utils.escapeExpression(view.title)}</h1></header>
<form class="dialog-form"><div class="dialog-body">${env.render(GURPS_ATTACK_DIALOG_TEMPLATE, view)}</div>
<footer class="form-footer"><button type="button">${Handlebars.Utils.escapeExpression(localize("CYCHOSYS.Gurps.Card.rollAttack"))}</button></footer></form>`;
    write(id, view.title, 460, body, theme);
  };
  const aoa = { ...chooseManeuver(startTurn(newFighterRound(), { hp: 11, currentHp: 11, ht: 11 }).state, { id: "allOutAttack", aoaOption: "determined" }, {}), shock: 2 };
  const inCombat = fighter(louisData(), aoa);
  dialog("gurps-dialog-combat", gurpsAttackDialogView({ attacker: inCombat, weapon: inCombat.derived.weapons[0]!, target: fighter(pierreData(), null), myTurn: true, measured: 1, gm: false, localize }));
  const outside = fighter(louisData(), null);
  dialog("gurps-dialog-pistol", gurpsAttackDialogView({ attacker: outside, weapon: outside.derived.weapons[1]!, target: fighter(pierreData(), null), myTurn: null, measured: 12, gm: true, localize }));
  // G48, G49: Pierre (small shield ready) on a Move and Attack: the slams offered instead of the shortsword's lines, each with its effective skill.
  const charging = fighter(pierreData(), chooseManeuver(startTurn(newFighterRound(), { hp: 10, currentHp: 10, ht: 11 }).state, { id: "moveAndAttack" }, {}));
  for (const theme of ["dark", "light"] as const) {
    dialog(`gurps-dialog-slam${theme === "light" ? "-light" : ""}`, gurpsAttackDialogView({ attacker: charging, weapon: charging.derived.weapons[0]!, target: fighter(louisData(), null), myTurn: true, measured: 1, gm: false, slam: theme === "dark" ? "slam" : "shieldRush", localize }), theme);
  }
  // docs/odds.md: the odds for who may know them (the world's setting on; Pierre's owner, and a player who sees Pierre's sheet).
  card("gurps-card-defend-odds", flows.defend, PIERRE_PLAYER, "as Pierre's player, odds shown", { odds: true });
  card("gurps-card-defend-odds-light", flows.defend, PIERRE_PLAYER, "as Pierre's player, odds shown", { odds: true }, "light");
  for (const theme of ["dark", "light"] as const) {
    const view = gurpsAttackDialogView({ attacker: outside, weapon: outside.derived.weapons[0]!, target: fighter(pierreData(), null), myTurn: null, measured: 1, gm: false, localize, odds: "shown" });
    dialog(theme === "dark" ? "gurps-dialog-odds" : "gurps-dialog-odds-light", view, theme);
  }
  return out;
}
