/**
 * Preview pages of the GURPS tracker: a duel in Foundry's combat sidebar,
 * each row in the house style (one line: maneuver, HP, FP, yards moved;
 * marks as chips; icon controls for who may act) — the order kept (G9),
 * Louis on his turn with All-Out Attack (Determined) chosen, Pierre who
 * parried twice and retreated from him, shocked and kneeling, a guard
 * Waiting with his trigger, a knocked-out bandit skipped (G8); seen by
 * Louis's player and by the GM (who also moves fighters in the order); a
 * Wait triggered out of turn (G31), a task begun (G29, G89), standing as the
 * step (G15) — the task dialog, and the maneuver dialog for a grappled
 * fighter (the maneuvers he may not take greyed with why).
 * Built with the same pure functions the Foundry code calls (order, round
 * operations, views), in dark and light.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import Handlebars from "handlebars";
import { compareEntries, gurpsManeuverFacts } from "../../src/rulesets/gurps/combat/tracker-plan.js";
import { GURPS_MANEUVER_TEMPLATE, GURPS_TASK_TEMPLATE, gurpsManeuverDialogView, gurpsTaskDialogView, gurpsTrackerRowView } from "../../src/rulesets/gurps/combat/tracker-view.js";
import { HOUSE_PARTIALS } from "../../src/core/views/house.js";
import { applyGurpsRoundOperation } from "../../src/rulesets/gurps/combat/round-state.js";
import { beginTask, fireWait, type GurpsFighterRound, newFighterRound, NO_DEFENSE_USE, freshItem } from "../../src/rulesets/gurps/rules/index.js";
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

/** HP and FP now and full per fighter (Pierre hurt, the bandit down). */
const FIGURES: Record<string, { hp: [number, number]; fp: [number, number] }> = {
  louis: { hp: [12, 12], fp: [11, 11] }, pierre: { hp: [6, 12], fp: [10, 10] }, guard: { hp: [11, 11], fp: [11, 11] }, bandit: { hp: [-2, 10], fp: [10, 10] },
};

type TrackerScene = false | "choosing" | "zeroHp" | "waitFired" | "task" | "kneeling";

function trackerBody(env: Env, theme: "dark" | "light", localize: (k: string, p?: Record<string, unknown>) => string, scene: TrackerScene = false, viewer: "player" | "gm" = "player"): string {
  const rounds = gurpsDuelRounds();
  // Louis's turn has just begun: he has still to choose (G10).
  if (scene === "choosing") rounds.louis = start(op(rounds.louis!, { kind: "endTurn", recovery: null }));
  // Louis's turn begins at −3 HP: the HT roll to stay conscious is owed before any maneuver but Do Nothing (G81).
  if (scene === "zeroHp") rounds.louis = op(op(rounds.louis!, { kind: "endTurn", recovery: null }), { kind: "startTurn", hp: 12, currentHp: -3, ht: 11 });
  // G31: Louis steps in; the guard's trigger fires on Louis's turn: the guard acts now, Louis waits to resume.
  if (scene === "waitFired") rounds.guard = fireWait(rounds.guard!, { myTurn: false });
  // G29, G89: Louis, at his turn's start, begins reloading (a long action under Ready): 1 of 3 seconds.
  if (scene === "task") rounds.louis = beginTask(start(op(rounds.louis!, { kind: "endTurn", recovery: null })), { name: "Reload the crossbow", needed: 3, interruptible: true, kind: "ready" }, {});
  // G15: Louis, kneeling, takes Attack: he may stand as his step.
  if (scene === "kneeling") {
    const turnStart = { ...start(op(rounds.louis!, { kind: "endTurn", recovery: null })), posture: "kneeling" as const };
    rounds.louis = op(turnStart, { kind: "maneuver", choice: { id: "attack" }, facts: {} });
  }
  const interrupt = scene === "waitFired" ? { by: "guard", of: "louis" } : null;
  const order = [...FIGHTERS].sort(compareEntries);
  const rows = order.map((f, index) => {
    const fig = scene === "zeroHp" && f.id === "louis" ? { hp: [-3, 12] as [number, number], fp: FIGURES.louis!.fp } : FIGURES[f.id]!;
    const view = gurpsTrackerRowView({
      round: rounds[f.id]!, name: f.name, id: f.id, nameOf: (id) => NAMES[id] ?? id, current: index === 0, canControl: viewer === "gm" || f.id === "louis", isGM: viewer === "gm", started: true,
      hp: { value: fig.hp[0], max: fig.hp[1] }, fp: { value: fig.fp[0], max: fig.fp[1] }, moveNow: 6, place: { index, count: order.length }, interrupt, localize,
    });
    return `<li class="combatant${index === 0 ? " active" : ""}${f.id === "bandit" ? " defeated" : ""}" data-combatant-id="${f.id}">
  <img class="token-image" src="${face(["#b9b2a6", "#d39b6a", "#8fa39a", "#a39ad3"][index % 4]!)}" alt="">
  <div class="token-name"><strong class="name">${escape(f.name)}</strong><div class="cy-gurps-row" data-combatant-id="${f.id}">${env.render(HOUSE_PARTIALS.trackerRow, view)}</div></div>
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

function taskBody(env: Env, theme: "dark" | "light", localize: (k: string, p?: Record<string, unknown>) => string): string {
  const round = start(newFighterRound());
  return `<form id="{{id}}" class="application themed theme-${theme} dialog" style="width: 420px;" data-preview-sheet="gurps-task">
  <header class="window-header"><h1 class="window-title">${escape(localize("CYCHOSYS.Gurps.Tracker.taskTitle", { name: "Louis" }))}</h1></header>
  <section class="window-content" style="padding: 10px 12px; gap: 10px;">
    ${env.render(GURPS_TASK_TEMPLATE, gurpsTaskDialogView(round, localize))}
    <button type="button">${escape(localize("CYCHOSYS.Gurps.Tracker.taskConfirm"))}</button>
  </section>
</form>`;
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
      [`gurps-tracker-gm${suffix}`, "GURPS tracker, the GM's view", trackerBody(env, theme, localize, false, "gm")],
      [`gurps-maneuver${suffix}`, "GURPS maneuver dialog", dialogBody(env, theme, localize)],
      [`gurps-tracker-choosing${suffix}`, "GURPS tracker, a turn beginning", trackerBody(env, theme, localize, "choosing")],
      [`gurps-tracker-zero-hp${suffix}`, "GURPS tracker, a turn beginning below 0 HP", trackerBody(env, theme, localize, "zeroHp")],
      [`gurps-tracker-wait${suffix}`, "GURPS tracker, a Wait triggered (GM)", trackerBody(env, theme, localize, "waitFired", "gm")],
      [`gurps-tracker-task${suffix}`, "GURPS tracker, a task begun", trackerBody(env, theme, localize, "task")],
      [`gurps-tracker-kneeling${suffix}`, "GURPS tracker, standing as the step", trackerBody(env, theme, localize, "kneeling")],
      [`gurps-task${suffix}`, "GURPS task dialog", taskBody(env, theme, localize)],
    ] as const) {
      const file = join(outDir, `${id}.html`);
      writeFileSync(file, page(title, id, body, all, frameCss, theme, [TRACKER_CSS, DIALOG_CSS]));
      out.push({ id, file });
    }
  }
  return out;
}
