/**
 * Preview pages of the GURPS tracker: a duel in Foundry's combat sidebar —
 * the order kept (G9: Basic Speed, DX), Louis on his turn with All-Out
 * Attack (Determined) chosen, Pierre who parried twice and retreated from
 * him, shocked and kneeling, a guard Waiting with his trigger and an Aim
 * built up, a knocked-out bandit skipped (G8) — and the maneuver dialog for
 * a grappled fighter (the maneuvers he may not take greyed with why).
 * Built with the same pure functions the Foundry code calls (order, round
 * operations, views), in dark and light.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import Handlebars from "handlebars";
import { compareEntries, gurpsManeuverFacts } from "../../src/rulesets/gurps/combat/tracker-plan.js";
import { GURPS_MANEUVER_TEMPLATE, GURPS_TRACKER_ROW_TEMPLATE, gurpsManeuverDialogView, gurpsTrackerRowView } from "../../src/rulesets/gurps/combat/tracker-view.js";
import { applyGurpsRoundOperation } from "../../src/rulesets/gurps/combat/round-state.js";
import { type GurpsFighterRound, newFighterRound, NO_DEFENSE_USE, freshItem } from "../../src/rulesets/gurps/rules/index.js";
import { makeI18n } from "./helpers.js";
import { type makeEnvironment, readLang, ROOT } from "./render.js";
import { combatCss, page, svgFace as face, TRACKER_CSS } from "./combat.js";

type Env = ReturnType<typeof makeEnvironment>;
const escape = Handlebars.Utils.escapeExpression;
const DIALOG_CSS = `
  input[type=radio] { accent-color: var(--cychosys-accent); }
  fieldset { border: 1px solid var(--cychosys-border); border-radius: 3px; }
`;

const FIGHTERS = [
  { id: "louis", name: "Louis", basicSpeed: 6, dx: 12, draw: 0.3 },
  { id: "pierre", name: "Pierre", basicSpeed: 6, dx: 11, draw: 0.9 },
  { id: "guard", name: "Guard", basicSpeed: 5.5, dx: 12, draw: 0.1 },
  { id: "bandit", name: "Bandit", basicSpeed: 5, dx: 10, draw: 0.5 },
];
const NAMES: Record<string, string> = { louis: "Louis", pierre: "Pierre", guard: "Guard", bandit: "Bandit", sword: "rapier", dagger: "main-gauche", bow: "short bow" };

const op = applyGurpsRoundOperation;
const start = (s: GurpsFighterRound, injury = 0) => op({ ...s, injurySinceLastTurn: injury }, { kind: "startTurn", hp: 12, currentHp: 12, ht: 11 });

/** The fighters' rounds part-way through second 2. */
export function gurpsDuelRounds(): Record<string, GurpsFighterRound> {
  let louis = start(newFighterRound({ sword: freshItem({ ready: true }) }));
  louis = op(louis, { kind: "maneuver", choice: { id: "allOutAttack", aoaOption: "determined" }, facts: {} });
  louis = op(louis, { kind: "move", yards: 2, basicMove: 6 });
  let pierre = start(newFighterRound({ sword: freshItem({ ready: true }), dagger: freshItem({ ready: true }) }), 4);
  pierre = op(pierre, { kind: "maneuver", choice: { id: "allOutDefense", aodOption: "increasedParry" }, facts: {} });
  pierre = op(pierre, { kind: "posture", posture: "kneeling", crouching: false });
  pierre = op(pierre, { kind: "defense", used: { ...NO_DEFENSE_USE, retreatAgainst: "louis" }, parried: ["sword"] });
  pierre = op(pierre, { kind: "defense", used: { ...NO_DEFENSE_USE, retreatAgainst: "louis" }, parried: ["sword"] });
  let guard = start(newFighterRound({ bow: freshItem({ ready: true }) }));
  guard = op(guard, { kind: "maneuver", choice: { id: "aim", itemId: "bow", targetId: "louis", ranged: true }, facts: {} });
  guard = start(op(guard, { kind: "endTurn", recovery: null }));
  guard = { ...guard, aim: null, maneuver: { id: "wait", wait: { trigger: "Louis comes within 5 yards", response: "attack" } }, chosenTurn: guard.turn };
  const bandit = { ...start(newFighterRound()), unconscious: true, posture: "prone" as const };
  return { louis, pierre, guard, bandit };
}

function trackerBody(env: Env, theme: "dark" | "light", localize: (k: string, p?: Record<string, unknown>) => string, choosing: false | "choosing" | "zeroHp" = false): string {
  const rounds = gurpsDuelRounds();
  // Louis's turn has just begun: he has still to choose (G10).
  if (choosing === "choosing") rounds.louis = start(op(rounds.louis!, { kind: "endTurn", recovery: null }));
  // Louis's turn begins at −3 HP: the HT roll to stay conscious is owed before any maneuver but Do Nothing (G81).
  if (choosing === "zeroHp") rounds.louis = op(op(rounds.louis!, { kind: "endTurn", recovery: null }), { kind: "startTurn", hp: 12, currentHp: -3, ht: 11 });
  const order = [...FIGHTERS].sort(compareEntries);
  const rows = order.map((f, index) => {
    const view = gurpsTrackerRowView({ round: rounds[f.id]!, nameOf: (id) => NAMES[id] ?? id, current: index === 0, canControl: f.id === "louis", started: true, key: { basicSpeed: f.basicSpeed, dx: f.dx }, moveNow: 6, localize });
    return `<li class="combatant${index === 0 ? " active" : ""}${f.id === "bandit" ? " defeated" : ""}" data-combatant-id="${f.id}">
  <img class="token-image" src="${face(["#b9b2a6", "#d39b6a", "#8fa39a", "#a39ad3"][index % 4]!)}" alt="">
  <div class="token-name"><strong class="name">${escape(f.name)}</strong>${env.render(GURPS_TRACKER_ROW_TEMPLATE, view)}</div>
  <div class="token-initiative"><span class="initiative">${f.basicSpeed}</span></div>
</li>`;
  }).join("\n");
  return `<section id="{{id}}" class="application themed theme-${theme} combat-sidebar" data-preview-sheet="gurps-tracker">
  <header class="combat-tracker-header"><span>${escape(localize("CYCHOSYS.Gurps.Tracker.Preview.second", { second: 2 }))}</span></header>
  <ol class="combat-tracker">
${rows}
  </ol>
</section>`;
}

function dialogBody(env: Env, theme: "dark" | "light", localize: (k: string, p?: Record<string, unknown>) => string): string {
  // Pierre, grappled by a stronger foe (G50): no Move, Aim, Feint, Concentrate or Wait; no ranged weapon ready (G22).
  const round = { ...start(newFighterRound({ sword: freshItem({ ready: true }) })), grappledBy: [{ with: "louis", location: "torso" as const, hands: 2, pinned: false }] };
  const facts = gurpsManeuverFacts(undefined, round, 14);
  const view = gurpsManeuverDialogView({
    name: "Pierre", round, facts: { ...facts, st: 10 }, targets: [{ id: "louis", name: "Louis" }, { id: "guard", name: "Guard" }], items: [{ id: "sword", name: "rapier", ranged: false }], localize,
  });
  return `<form id="{{id}}" class="application themed theme-${theme} dialog" style="width: 560px;" data-preview-sheet="gurps-maneuver">
  <header class="window-header"><h1 class="window-title">${escape(localize("CYCHOSYS.Gurps.Tracker.chooseTitle", { name: "Pierre" }))}</h1></header>
  <section class="window-content" style="padding: 10px 12px; gap: 10px;">
    ${env.render(GURPS_MANEUVER_TEMPLATE, view)}
    <button type="button">${escape(localize("CYCHOSYS.Gurps.Tracker.chooseConfirm"))}</button>
  </section>
</form>`;
}

/** Write the pages; returns them for the browser checks. */
export function buildGurpsCombatPages(env: Env, css: string, frameCss: string, outDir: string): { id: string; file: string }[] {
  const i18n = makeI18n(readLang());
  const localize = (key: string, params?: Record<string, unknown>) => (params ? i18n.format(key, params) : i18n.localize(key));
  const all = `${css}\n${combatCss()}\n${readFileSync(join(ROOT, "styles/gurps-combat.css"), "utf8")}`;
  const out: { id: string; file: string }[] = [];
  for (const theme of ["dark", "light"] as const) {
    const suffix = theme === "light" ? "-light" : "";
    for (const [id, title, body] of [
      [`gurps-tracker${suffix}`, "GURPS tracker", trackerBody(env, theme, localize)],
      [`gurps-maneuver${suffix}`, "GURPS maneuver dialog", dialogBody(env, theme, localize)],
      [`gurps-tracker-choosing${suffix}`, "GURPS tracker, a turn beginning", trackerBody(env, theme, localize, "choosing")],
      [`gurps-tracker-zero-hp${suffix}`, "GURPS tracker, a turn beginning below 0 HP", trackerBody(env, theme, localize, "zeroHp")],
    ] as const) {
      const file = join(outDir, `${id}.html`);
      writeFileSync(file, page(title, id, body, all, frameCss, theme, [TRACKER_CSS, DIALOG_CSS]));
      out.push({ id, file });
    }
  }
  return out;
}
