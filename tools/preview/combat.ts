/**
 * Preview pages of the turn tracker and the chase window: the chapter's
 * fight in Foundry's combat sidebar (Parker, Riddle and the sentry with
 * their budgets, as the GM sees them, in both themes; as Parker's player
 * sees them; the whole cast of six), the extra-action and rest-into
 * dialogs, and the chase replayed — Parker 0 → 2 → 15, the sentry 5 → 10 →
 * 15 stopped at the door — through the same pure functions the Foundry code
 * calls.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import Handlebars from "handlebars";
import { applyChaseCommand } from "../../src/rulesets/cychosys/views/chase-logic.js";
import { CHASE_TEMPLATE, chaseView } from "../../src/rulesets/cychosys/views/chase-view.js";
import { type CombatantFacts, extraActionChoices, planRoundEnd } from "../../src/rulesets/cychosys/combat/plan.js";
import { EXTRA_ACTION_TEMPLATE, extraActionView, REST_INTO_TEMPLATE, restIntoView, roundEndHtml, roundEndSummary, TRACKER_ROW_TEMPLATE, trackerRowView } from "../../src/rulesets/cychosys/combat/tracker-view.js";
import { english, type Localize, STANDARD_OPTIONS } from "../../src/rulesets/cychosys/rules/index.js";
import { buyExtraAction, grantParryBonus, holdAction, newRoundState, type RoundState, useAction } from "../../src/rulesets/cychosys/workflow/round.js";
import type { ChaseState } from "../../src/rulesets/cychosys/workflow/chase.js";
import { CHAT_LOG_CSS, type makeEnvironment, ROOT } from "./render.js";

type Env = ReturnType<typeof makeEnvironment>;
const escape = Handlebars.Utils.escapeExpression;

export const combatCss = (): string => readFileSync(join(ROOT, "styles/combat.css"), "utf8");

const pool = (value: number, max = value) => ({ value, max });
const pools = (hit: [number, number, number], hitMax: [number, number, number], fatigue: [number, number, number], fatigueMax: [number, number, number]) => ({
  hit: { physical: pool(hit[0], hitMax[0]), mental: pool(hit[1], hitMax[1]), emotional: pool(hit[2], hitMax[2]) },
  fatigue: { physical: pool(fatigue[0], fatigueMax[0]), mental: pool(fatigue[1], fatigueMax[1]), emotional: pool(fatigue[2], fatigueMax[2]) },
});

/** A combat holding round states (`flags.cychosys.rounds.<combatantId>`). */
const combatWith = (rounds: Record<string, RoundState>) => ({ flags: { cychosys: { rounds } } });

/** The chapter's figures (packs/_source/cast): quickness 7, 6 and 3; with `whole`, Thorton, Wiley and Ungar too (the card table's six). */
export function trackerCombatants(whole = false): CombatantFacts[] {
  const actor = (id: string, type: string, quickness: number, p: ReturnType<typeof pools>) => ({ uuid: `Actor.${id}`, type, system: { pools: p, derived: { quickness: { quickness }, actionsPerRound: 1 } } });
  const three: CombatantFacts[] = [
    { id: "parker", name: "Parker", initiative: 7, defeated: false, flags: {}, actor: actor("parker", "character", 7, pools([10, 5, 4], [10, 5, 4], [0, 6, 6], [6, 6, 6])) },
    { id: "riddle", name: "Riddle", initiative: 6, defeated: false, flags: {}, actor: actor("riddle", "npc", 6, pools([7, 5, 5], [7, 5, 5], [5, 5, 5], [5, 5, 5])) },
    { id: "sentry", name: "Belham, the sentry", initiative: 3, defeated: false, flags: {}, actor: actor("sentry", "npc", 3, pools([4, 3, 3], [4, 3, 3], [4, 4, 4], [4, 4, 4])) },
  ];
  if (!whole) return three;
  return [
    three[0]!,
    { id: "thorton", name: "Thorton", initiative: 6, defeated: false, flags: {}, actor: actor("thorton", "npc", 6, pools([7, 5, 5], [7, 5, 5], [6, 6, 6], [6, 6, 6])) },
    three[1]!,
    { id: "wiley", name: "Wiley", initiative: 5, defeated: false, flags: {}, actor: actor("wiley", "npc", 5, pools([6, 5, 5], [6, 5, 5], [6, 6, 6], [6, 6, 6])) },
    { id: "ungar", name: "Ungar", initiative: 4, defeated: false, flags: {}, actor: actor("ungar", "npc", 4, pools([6, 4, 4], [6, 4, 4], [6, 6, 6], [6, 6, 6])) },
    three[2]!,
  ];
}

/** Round 1, Riddle's turn interrupted: Parker paid 6 physical fatigue for an extra action and is waiting with his own. */
export function trackerCombat() {
  return combatWith({
    parker: holdAction(buyExtraAction(newRoundState(), { physical: 6, mental: 6, emotional: 6 }, "physical").state),
    riddle: useAction(newRoundState()).state,
    sentry: newRoundState(),
  });
}

/** A token portrait for the previews. */
export const svgFace = (fill: string) =>
  `data:image/svg+xml;base64,${Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#3a3947"/><circle cx="32" cy="24" r="12" fill="${fill}"/><path d="M10 60c2-14 12-20 22-20s20 6 22 20z" fill="${fill}"/></svg>`).toString("base64")}`;

/** Foundry's combat sidebar, reduced to what our rows sit in (both rulesets' trackers). */
export const TRACKER_CSS = `
  .combat-sidebar { width: 300px; padding: 0; }
  .combat-sidebar header { padding: 6px 8px; font-weight: 600; border-bottom: 1px solid #0006; display: flex; justify-content: space-between; align-items: center; }
  .combat-sidebar header button { font-size: 12px; padding: 2px 8px; }
  .combat-tracker { list-style: none; margin: 0; padding: 0; }
  li.combatant { display: flex; align-items: flex-start; gap: 6px; padding: 6px 8px; border-bottom: 1px solid #ffffff14; }
  li.combatant.active { background: #ffffff12; box-shadow: inset 3px 0 0 #c9593f; }
  li.combatant img.token-image { width: 40px; height: 40px; flex: 0 0 40px; border-radius: 4px; }
  li.combatant .token-name { flex: 1; min-width: 0; display: flex; flex-direction: column; }
  li.combatant .token-name strong { font-size: 14px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
  li.combatant .token-initiative { flex: 0 0 28px; text-align: center; font-size: 18px; font-weight: 600; }
`;

/** A preview page: the frame, the system's styles, then the page's own (the tracker and chat log by default). */
export function page(title: string, id: string, body: string, css: string, frameCss: string, theme: "dark" | "light" = "dark", extraCss: readonly string[] = [TRACKER_CSS, CHAT_LOG_CSS]): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escape(title)} — Cychosys preview</title>
<style>${frameCss}</style>
<style>${css}</style>
${extraCss.map((extra) => `<style>${extra}</style>`).join("\n")}
</head>
<body class="theme-${theme}">
<main>
${body.replace("{{id}}", escape(id))}
</main>
</body>
</html>
`;
}

/** The tracker as `viewer` sees it: the GM may act for every combatant, Parker's player for Parker only. */
function trackerBody(env: Env, options: { theme: "dark" | "light"; viewer: "gm" | "player"; whole?: boolean }): string {
  const combat = trackerCombat();
  const rows = trackerCombatants(options.whole)
    .map((c, index) => {
      const canControl = options.viewer === "gm" || c.id === "parker";
      const view = trackerRowView(combat, c, STANDARD_OPTIONS, { canControl, interrupting: c.id === "parker", started: true });
      return `<li class="combatant${index === 0 ? " active" : ""}" data-combatant-id="${c.id}">
  <img class="token-image" src="${svgFace(["#b9b2a6", "#d39b6a", "#8fa39a", "#c7a0d8", "#9fb6d6", "#d6c29f"][index]!)}" alt="">
  <div class="token-name"><strong class="name">${escape(c.name)}</strong>${env.render(TRACKER_ROW_TEMPLATE, view.row)}</div>
  <div class="token-initiative"><span class="initiative">${c.initiative}</span></div>
</li>`;
    })
    .join("\n");
  const chase = options.viewer === "gm" ? `<button type="button" data-cychosys-action="openChase">Chase</button>` : "";
  return `<section id="{{id}}" class="application themed theme-${options.theme} combat-sidebar" data-preview-sheet="tracker">
  <header class="combat-tracker-header"><span>Round 1</span>${chase}</header>
  <ol class="combat-tracker">
${rows}
  </ol>
</section>`;
}

function restIntoBody(env: Env): string {
  return `<form id="{{id}}" class="application themed theme-dark dialog" style="width: 320px;" data-preview-sheet="rest-into">
  <header class="window-header"><h1 class="window-title">Rest into</h1></header>
  <section class="window-content" style="padding: 10px 12px; gap: 10px;">
    ${env.render(REST_INTO_TEMPLATE, restIntoView("Parker", "physical"))}
    <button type="button">Choose</button>
  </section>
</form>`;
}

function dialogBody(env: Env): string {
  const parker = trackerCombatants()[0]!;
  const fresh = { ...parker, actor: { ...parker.actor!, system: { ...parker.actor!.system, pools: pools([10, 5, 4], [10, 5, 4], [6, 4, 6], [6, 6, 6]) } } };
  const view = extraActionView("Parker", extraActionChoices(fresh, STANDARD_OPTIONS), STANDARD_OPTIONS.extraActionFatigue);
  return `<form id="{{id}}" class="application themed theme-dark dialog" style="width: 320px;" data-preview-sheet="extra-action">
  <header class="window-header"><h1 class="window-title">Extra action: Parker</h1></header>
  <section class="window-content" style="padding: 10px 12px; gap: 10px;">
    ${env.render(EXTRA_ACTION_TEMPLATE, view)}
    <button type="button">Take the extra action</button>
  </section>
</form>`;
}

/**
 * The note the active GM posts at the end of round 1: Parker's waiting action
 * restores fatigue to the pool he chose, Riddle's parry bonus against the
 * sentry lapses, the sentry is out of the fight.
 */
export function roundEndNote(localize: Localize): { title: string; lines: string[] } {
  const [parker, riddle, sentry] = trackerCombatants();
  parker!.flags = { cychosys: { recoverTo: "physical" } };
  const combat = combatWith({
    parker: holdAction(newRoundState()),
    riddle: grantParryBonus(useAction(newRoundState()).state, { againstUuid: "Actor.sentry", bonus: 4 }),
  });
  sentry!.actor!.system.pools!.hit.physical.value = 0;
  const combatants = [parker!, riddle!, sentry!];
  const { plans } = planRoundEnd(combat, combatants, STANDARD_OPTIONS);
  const nameOf = (uuid: string) => combatants.find((c) => c.actor?.uuid === uuid)?.name ?? uuid;
  return roundEndSummary(1, plans, nameOf, [sentry!.name], localize);
}

function roundEndBody(localize: Localize): string {
  return `<section id="{{id}}" class="application themed theme-dark cychosys" style="width: 300px;" data-preview-sheet="round-end">
  <ol class="chat-log"><li class="chat-message message">
    <div class="message-content">${roundEndHtml(roundEndNote(localize))}</div>
  </li></ol>
</section>`;
}

/** The chase of the chapter, step by step, as the GM's client applies it. */
export function chapterChase(upTo: "round1" | "round2-start" | "round2"): ChaseState {
  const gm = { isGM: true, owns: () => true };
  const run = (s: ChaseState | null, ...commands: Parameters<typeof applyChaseCommand>[1][]) => commands.reduce<ChaseState | null>((state, c) => applyChaseCommand(state, c, gm), s)!;
  let s = run(
    null,
    { kind: "start", landmark: "the pallet stacks" },
    { kind: "add", participant: { actorUuid: "Actor.parker", name: "Parker", position: 0, quickness: 7 } },
    { kind: "add", participant: { actorUuid: "Actor.sentry", name: "Belham, the sentry", position: 5, quickness: 3 } },
    { kind: "terrain", actorUuid: "Actor.parker", terrain: 10, barrier: null },
    { kind: "terrain", actorUuid: "Actor.sentry", terrain: 5, barrier: null },
    { kind: "move", actorUuid: "Actor.parker", total: 11, messageId: "rollParker1" },
    { kind: "move", actorUuid: "Actor.sentry", total: 17, messageId: "rollSentry1" },
  );
  if (upTo === "round1") return s;
  s = run(s, { kind: "nextRound", quickness: {} }, { kind: "terrain", actorUuid: "Actor.parker", terrain: 5, barrier: 15 }, { kind: "terrain", actorUuid: "Actor.sentry", terrain: 2, barrier: 15 });
  if (upTo === "round2-start") return s;
  return run(s, { kind: "move", actorUuid: "Actor.parker", total: 26, messageId: "rollParker2" }, { kind: "move", actorUuid: "Actor.sentry", total: 15, messageId: "rollSentry2" });
}

function chaseBody(env: Env, id: string, state: ChaseState, asGM: boolean): string {
  const user = asGM
    ? { isGM: true, owns: () => true, rollsFor: (uuid: string) => (uuid === "Actor.sentry" ? [{ key: "skill:move", skill: "move", formula: "2dc + 2" }] : []) }
    : { isGM: false, owns: (uuid: string) => uuid === "Actor.parker", rollsFor: (uuid: string) => (uuid === "Actor.parker" ? [{ key: "skill:move", skill: "move", formula: "2dc + 2" }] : []) };
  const context = chaseView(state, user, true);
  return `<form id="{{id}}" class="application themed theme-dark cychosys chase-window" style="width: 680px;" data-preview-sheet="${escape(id)}">
  <header class="window-header"><h1 class="window-title">Chase</h1></header>
  <section class="window-content">
    ${env.render(CHASE_TEMPLATE, { ...context, partId: "chase" })}
  </section>
</form>`;
}

/** Write the pages; returns them for the index and the browser checks. */
export function buildCombatPages(env: Env, css: string, frameCss: string, outDir: string): { id: string; file: string }[] {
  const all = `${css}\n${combatCss()}`;
  const pages: [string, string, string][] = [
    ["tracker", "Combat tracker", trackerBody(env, { theme: "dark", viewer: "gm" })],
    ["tracker-light", "Combat tracker, light theme", trackerBody(env, { theme: "light", viewer: "gm" })],
    ["tracker-player", "Combat tracker, Parker's player", trackerBody(env, { theme: "dark", viewer: "player" })],
    ["tracker-six", "Combat tracker, the card table's six", trackerBody(env, { theme: "dark", viewer: "gm", whole: true })],
    ["rest-into", "Rest into", restIntoBody(env)],
    ["extra-action", "Extra action", dialogBody(env)],
    ["round-end", "End of round note", roundEndBody(english)],
    ["chase-round1", "Chase, round 1", chaseBody(env, "chase-round1", chapterChase("round1"), true)],
    ["chase", "Chase, round 2", chaseBody(env, "chase", chapterChase("round2"), true)],
    ["chase-player", "Chase, a player's view", chaseBody(env, "chase-player", chapterChase("round2-start"), false)],
  ];
  return pages.map(([id, title, body]) => {
    const file = join(outDir, `${id}.html`);
    writeFileSync(file, page(title, id, body, all, frameCss, id.endsWith("-light") ? "light" : "dark"));
    return { id, file };
  });
}
