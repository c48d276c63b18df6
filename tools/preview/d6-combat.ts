/**
 * Preview pages of the OpenD6 tracker: the thug fight of seed check 2 in
 * Foundry's combat sidebar — round 1 while initiative is rolled (the GM's
 * "Set the order" banner, the roll / Character Point / place controls), then
 * with the order set (Mara placed first by the GM, N = 2 with −1D, a wait
 * held; the thugs tied on a group roll; a dodge in force; a wound) — and the
 * declare-actions dialog. Built with the same pure functions the Foundry
 * code calls (facts, initiative from faces, order, views).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import Handlebars from "handlebars";
import { d6CombatantFacts, type D6CombatantLike } from "../../src/rulesets/d6/combat/facts.js";
import { applyD6RoundOperation, type D6RoundState } from "../../src/rulesets/d6/combat/round-state.js";
import { d6TurnOrder, type D6OrderState, readInitiative, withCharacterPoint } from "../../src/rulesets/d6/combat/tracker-plan.js";
import { D6_BANNER_TEMPLATE, D6_DECLARE_TEMPLATE, d6BannerView, d6DeclareView, d6HouseRow, d6TrackerRowView } from "../../src/rulesets/d6/combat/tracker-view.js";
import { HOUSE_PARTIALS } from "../../src/core/views/house.js";
import { makeI18n } from "./helpers.js";
import { newCombatantRound } from "../../src/rulesets/d6/rules/index.js";
import { type makeEnvironment, ROOT } from "./render.js";
import { combatCss, page, svgFace as face, TRACKER_CSS } from "./combat.js";

type Env = ReturnType<typeof makeEnvironment>;
const escape = Handlebars.Utils.escapeExpression;

export const d6CombatCss = (): string => readFileSync(join(ROOT, "styles/d6-combat.css"), "utf8");

/** What the OpenD6 dialogs need beside the tracker's frame (combat.ts): radio buttons and their fieldset. */
const DIALOG_CSS = `
  input[type=radio] { accent-color: var(--cychosys-accent); }
  fieldset { border: 1px solid var(--cychosys-border); border-radius: 3px; }
`;


/** Mara (a player's character, 3D Perception), two thugs of one kind (2D+1), and a wounded lookout. */
export function d6Combatants(): D6CombatantLike[] {
  const creature = (id: string, system: Record<string, unknown>) => ({ id, type: "d6Creature", hasPlayerOwner: false, system });
  return [
    { id: "mara", name: "Mara", actor: { id: "mara", type: "d6Character", hasPlayerOwner: true, system: { attributes: { perception: "3D" }, characterPoints: 2, derived: { initiativeBonus: 1 } } } },
    { id: "thug", name: "Thug", actorId: "thug", actor: creature("thug", { attributes: { perception: "2D+1" } }) },
    { id: "thug2", name: "Thug (second)", actorId: "thug", actor: creature("thug", { attributes: { perception: "2D+1" } }) },
    { id: "lookout", name: "Lookout", actor: creature("lookout", { attributes: { perception: "2D" }, wounds: { level: "wounded", untilRound: 0 } }) },
  ];
}

/** The round's states: `set` false while rolling (Mara and the thugs rolled, the lookout not yet). */
export function d6RoundStates(set: boolean): { states: Record<string, D6RoundState>; order: D6OrderState } {
  const [mara, thug, thug2, lookout] = d6Combatants().map((c) => d6CombatantFacts(c, 1));
  const fresh = (): D6RoundState => ({ round: newCombatantRound(1) });
  const maraInit = withCharacterPoint(readInitiative(mara!, { dice: [2, 3], wild: [6, 4] }, 1), [3]);
  const thugInit = readInitiative(thug!, { dice: [5], wild: [6, 3] }, 1, { group: "thug" });
  const states: Record<string, D6RoundState> = {
    mara: { ...fresh(), initiative: maraInit },
    thug: { ...fresh(), initiative: thugInit },
    thug2: { ...fresh(), initiative: { ...thugInit, playerCharacter: thug2!.playerCharacter } },
    lookout: fresh(),
  };
  if (!set) return { states, order: { round: 1, set: false, overrides: {} } };
  states.lookout = { ...fresh(), initiative: readInitiative(lookout!, { dice: [], wild: [1] }, 1) };
  states.mara = applyD6RoundOperation(applyD6RoundOperation(states.mara!, { kind: "declare", actions: 2 }), { kind: "wait" });
  let t = applyD6RoundOperation(states.thug!, { kind: "declare", actions: 1 });
  t = applyD6RoundOperation(t, { kind: "defense", defense: { skill: "dodge", mode: "partial", roll: 9, total: 9 } });
  states.thug = t;
  return { states, order: { round: 1, set: true, overrides: { mara: 0 } } };
}

const i18n = makeI18n(JSON.parse(readFileSync(join(ROOT, "lang/en.json"), "utf8")) as Record<string, unknown>);
const localize = (key: string, params?: Record<string, unknown>) => (params ? i18n.format(key, params) : i18n.localize(key));

/** `viewer`: the GM sees every control; a player (Mara's) only hers. */
function trackerBody(env: Env, set: boolean, theme: "dark" | "light" = "dark", viewer: "gm" | "player" = "gm"): string {
  const combatants = d6Combatants();
  const { states, order } = d6RoundStates(set);
  const facts = combatants.map((c) => d6CombatantFacts(c, 1));
  const turns = d6TurnOrder(facts.map((f) => ({ id: f.id, facts: f, state: states[f.id]! })), order);
  const rows = turns
    .map((turn, index) => {
      const f = facts.find((x) => x.id === turn.id)!;
      const gm = viewer === "gm";
      const view = d6TrackerRowView(f, states[f.id]!, { order, turn, current: set && index === 0, canControl: gm || f.id === "mara", isGM: gm, started: true });
      return `<li class="combatant${set && index === 0 ? " active" : ""}" data-combatant-id="${f.id}">
  <img class="token-image" src="${face(["#b9b2a6", "#d39b6a", "#8fa39a", "#a39ad3"][index % 4]!)}" alt="">
  <div class="token-name"><strong class="name">${escape(f.name)}</strong><div class="cy-d6-row" data-combatant-id="${f.id}">${env.render(HOUSE_PARTIALS.trackerRow, d6HouseRow(f.name, view, localize))}</div></div>
  <div class="token-initiative"><span class="initiative">${view.initiative ?? ""}</span></div>
</li>`;
    })
    .join("\n");
  const banner = d6BannerView(order, facts.map((f) => ({ name: f.name, rolled: states[f.id]!.initiative?.round === 1, defeated: false })), { isGM: viewer === "gm", started: true });
  return `<section id="{{id}}" class="application themed theme-${theme} combat-sidebar" data-preview-sheet="d6-tracker">
  <header class="combat-tracker-header"><span>Round 1</span></header>
  ${banner.show ? env.render(D6_BANNER_TEMPLATE, banner) : ""}
  <ol class="combat-tracker">
${rows}
  </ol>
</section>`;
}

function declareBody(env: Env): string {
  const view = d6DeclareView("Mara", { round: newCombatantRound(1) }, { max: 5 });
  return `<form id="{{id}}" class="application themed theme-dark dialog" style="width: 340px;" data-preview-sheet="d6-declare">
  <header class="window-header"><h1 class="window-title">Mara: how many actions this round?</h1></header>
  <section class="window-content" style="padding: 10px 12px; gap: 10px;">
    ${env.render(D6_DECLARE_TEMPLATE, view)}
    <button type="button">Declare</button>
  </section>
</form>`;
}


/** Write the pages; returns them for the browser checks. */
export function buildD6CombatPages(env: Env, css: string, frameCss: string, outDir: string): { id: string; file: string }[] {
  // In Foundry every stylesheet of system.json is loaded: the tracker rows share combat.css.
  const all = `${css}\n${combatCss()}\n${d6CombatCss()}`;
  const pages: [string, string, string, "dark" | "light"][] = [
    ["d6-tracker-rolling", "OpenD6 tracker, initiative being rolled", trackerBody(env, false), "dark"],
    ["d6-tracker", "OpenD6 tracker, the order set", trackerBody(env, true), "dark"],
    ["d6-tracker-light", "OpenD6 tracker, the order set (light)", trackerBody(env, true, "light"), "light"],
    ["d6-tracker-player", "OpenD6 tracker, the order set, as Mara's player sees it", trackerBody(env, true, "dark", "player"), "dark"],
    ["d6-declare", "OpenD6 declare actions", declareBody(env), "dark"],
  ];
  return pages.map(([id, title, body, theme]) => {
    const file = join(outDir, `${id}.html`);
    writeFileSync(file, page(title, id, body, all, frameCss, theme, [TRACKER_CSS, DIALOG_CSS]));
    return { id, file };
  });
}
