/**
 * Preview pages of the phase-based ruleset, built with the same pure
 * functions the Foundry code calls over the real derive
 * (test/fixtures/phase-sheets.ts): Leroy's character sheet on each tab (dark
 * and light), Mo's creature sheet, the weapon and armor sheets; the phase
 * tracker mid-declaration as Earl's player sees it (the projection and
 * Earl's own secret, through JSON and the readers: Mo's and Leroy's
 * declarations hidden) and as the GM sees it; surprise at phase 4's start
 * (the GM's view); Leroy's target-and-fire underway with Cancel and his free
 * action taken (his player's view); the declare dialog; and the
 * phase card with a wild shot resolved and with a traumatic wound applied.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { readFileSync } from "node:fs";
import { applyLedgerOperation, newLedger, type PhaseLedger, startWhenReady } from "../../src/rulesets/phase/combat/ledger.js";
import { projectLedger, secretOf, viewFromProjection } from "../../src/rulesets/phase/combat/projection.js";
import { readProjection, readSecret } from "../../src/rulesets/phase/combat/projection-reader.js";
import type { PhaseTrackerRequest } from "../../src/rulesets/phase/combat/request-schema.js";
import { planTrackerRequest } from "../../src/rulesets/phase/combat/tracker-plan.js";
import { PHASE_TRACKER_TEMPLATE, phaseTrackerView, type TrackerPerson, trackerWounds } from "../../src/rulesets/phase/combat/tracker-view.js";
import { type AttackRolls, declarationView, type Fighter, PHASE_STANDARD_RULES, resolvePhase } from "../../src/rulesets/phase/rules/index.js";
import { declareDialogView, PHASE_DECLARE_TEMPLATE } from "../../src/rulesets/phase/views/declare-dialog.js";
import { PHASE_CHARACTER_PARTS, PHASE_CREATURE_PARTS, phaseActorSheetView, phaseItemParts, phaseItemSheetView, type PhaseSheetItem } from "../../src/rulesets/phase/views/sheets.js";
import { type CardViewer, PHASE_CARD_TEMPLATE, phaseCardView } from "../../src/rulesets/phase/workflow/card-view.js";
import { applyPhaseEnd, newPhaseFlow, type PhaseFlow, withRolls } from "../../src/rulesets/phase/workflow/flow.js";
import { derivedOf, earl, fighterOf, leroy, mo, type PhaseSheetActor } from "../../test/fixtures/phase-sheets.js";
import { page, svgFace, TRACKER_CSS } from "./combat.js";
import { page as cardPage } from "./workflow.js";
import type { PreviewSheet } from "./fixtures.js";
import { makeI18n } from "./helpers.js";
import { CHAT_LOG_CSS, type makeEnvironment, readLang, renderPage, ROOT } from "./render.js";

type Env = ReturnType<typeof makeEnvironment>;
type Localize = (key: string, params?: Record<string, unknown>) => string;

const svg = (body: string) => `data:image/svg+xml;base64,${Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#3a3947"/>${body}</svg>`).toString("base64")}`;
const PORTRAIT = svg('<circle cx="32" cy="24" r="12" fill="#c9a27a"/><path d="M10 60c2-14 12-20 22-20s20 6 22 20z" fill="#c9a27a"/>');
const ITEM_IMG = svg('<path d="M14 50L44 14l6 6-36 30z" fill="#b9b2a6"/>');
const FACES: Record<string, string> = { leroy: svgFace("#d39b6a"), earl: svgFace("#8fa39a"), mo: svgFace("#a39ad3") };

export const PHASE_SHEET_TABS = ["combat", "gear", "biography"];
const ACTORS = [leroy, earl, mo];

function localizer(): Localize {
  const i18n = makeI18n(readLang());
  return (key, params) => (params ? i18n.format(key, params) : i18n.localize(key));
}

// ------------------------------------------------------------------ sheets

function actorPage(id: string, actor: PhaseSheetActor, theme: "dark" | "light", localize: Localize): PreviewSheet {
  const items = actor.items.map((i) => ({ ...i, img: ITEM_IMG }));
  const character = actor.type === "phaseCharacter";
  const text = String((character ? actor.system.biography : actor.system.notes) ?? "");
  const view = phaseActorSheetView({ type: actor.type, name: actor.name, img: PORTRAIT, system: actor.system, derived: derivedOf(actor), items, editable: true, enrichedText: text, localize });
  return {
    id, title: actor.name, theme,
    classes: ["cychosys", "phase", "sheet", "actor", character ? "phase-character" : "phase-creature"],
    width: character ? 780 : 760, height: character ? 800 : 1100,
    parts: character ? PHASE_CHARACTER_PARTS : PHASE_CREATURE_PARTS,
    context: { ...view, tabsById: view.tabs ?? {} },
    ...(character && { tabs: PHASE_SHEET_TABS }),
  };
}

function itemPage(id: string, item: PhaseSheetItem, theme: "dark" | "light"): PreviewSheet {
  const type = item.type as "phaseWeapon" | "phaseArmor";
  const description = `<p>${item.name}: kept in good order.</p>`;
  return {
    id, title: item.name, theme, classes: ["cychosys", "phase", "sheet", "item", type], width: 540, height: type === "phaseWeapon" ? 700 : 560,
    parts: phaseItemParts(type),
    context: phaseItemSheetView({ type, name: item.name, img: ITEM_IMG, system: { ...item.system, description }, editable: true, enrichedDescription: description }),
  };
}

export function phaseSheetPages(): PreviewSheet[] {
  const localize = localizer();
  return [
    actorPage("phase-character", leroy, "dark", localize),
    actorPage("phase-character-light", leroy, "light", localize),
    actorPage("phase-creature", mo, "dark", localize),
    itemPage("phase-item-weapon", mo.items[0]!, "dark"),
    itemPage("phase-item-armor", leroy.items[1]!, "light"),
  ];
}

// ----------------------------------------------------------------- tracker

const fighters = (): Record<string, Fighter> => Object.fromEntries(ACTORS.map((a) => [a.id, fighterOf(a)]));
type Asked = PhaseTrackerRequest extends infer R ? (R extends PhaseTrackerRequest ? Omit<R, "combatId"> : never) : never;
const GM_USER = { isGM: true, owns: () => true };
function play(ledger: PhaseLedger, steps: Asked[]): PhaseLedger {
  let l = ledger;
  for (const step of steps) l = planTrackerRequest(l, { combatId: "combat1", ...step } as PhaseTrackerRequest, GM_USER, fighters(), () => 0.5).ledger;
  return l;
}

/** A new fight of the three, ready for phase 1, with `steps` played. */
const fromStart = (steps: Asked[]): PhaseLedger => play(startWhenReady(newLedger("combat1", ACTORS.map((a) => ({ id: a.id }))), fighters()), steps);

/** Phase 1 played with `steps`, its end resolved on card `flowId` with nothing to roll: the ledger at phase 2's start. */
function afterPhaseOne(flowId: string, steps: Asked[]): PhaseLedger {
  const f = fighters();
  const played = fromStart(steps);
  const resolving = applyLedgerOperation(played, { kind: "beginResolve", basis: played.revision, flowId }, f);
  return applyLedgerOperation(resolving, { kind: "phaseEnd", basis: resolving.revision, flowId, rolls: {} }, f);
}

/** Phase 1 mid-declaration: Mo 4, Leroy 16, Earl 21 (seed check 1); Mo lines up on Earl, Leroy fires at Mo; Earl's slot is current. */
export function midDeclaration(): PhaseLedger {
  return fromStart([
    { kind: "phaseInitiative", combatantId: "leroy", faces: [5, 7] },
    { kind: "phaseInitiative", combatantId: "earl", faces: [7, 9] },
    { kind: "phaseInitiative", combatantId: "mo", faces: [1, 1] },
    { kind: "phaseCloseInitiative" },
    { kind: "phaseDeclare", combatantId: "mo", action: "targeting", target: "earl", area: "chest" },
    { kind: "phaseDeclare", combatantId: "leroy", action: "fire", weapon: "pistol", target: "mo" },
  ]);
}

/** The combatants as one user's tracker names them; flesh and wounds only where that user may see the sheet (here: whom they control). */
const people = (canControl: (id: string) => boolean): TrackerPerson[] =>
  ACTORS.map((a) => {
    const d = derivedOf(a);
    return { id: a.id, name: a.name, img: FACES[a.id]!, out: d.wounds.states, canControl: canControl(a.id), weapons: Object.fromEntries(d.weapons.map((w) => [w.id, w.name])), wounds: canControl(a.id) ? trackerWounds(d.wounds) : null };
  });

/** The tracker as Earl's player sees it: what their client received (the projection and Earl's secret), read back. */
export function playerTrackerView(localize: Localize) {
  const ledger = midDeclaration();
  const projection = readProjection(JSON.parse(JSON.stringify(projectLedger(ledger))))!;
  const secret = readSecret(JSON.parse(JSON.stringify(secretOf(ledger, "earl"))), projection)!;
  const viewer = { isGM: false, owns: (id: string) => id === "earl" };
  const view = viewFromProjection(projection, [secret], viewer);
  return phaseTrackerView(view, people((id) => id === "earl"), { isGM: false, resolving: false, surpriseDue: [], surpriseRolled: [], problem: null }, localize);
}

export function gmTrackerView(localize: Localize) {
  const ledger = midDeclaration();
  return phaseTrackerView(declarationView(ledger.state, GM_USER), people(() => true), { isGM: true, resolving: false, surpriseDue: [], surpriseRolled: [], problem: null }, localize);
}

/**
 * P3, P40: the start of phase 4. Mo was surprised by an act resolving in
 * phase 1 (no actions in phases 1–2), failed his roll in phase 3 and owes
 * this phase's roll, now +1; Earl is still unaware (the GM may mark him
 * aware, or surprised by a hostile act he saw). As the GM sees it.
 */
export function surpriseLedger(): PhaseLedger {
  return newLedger("combat1", [
    { id: "leroy" },
    { id: "earl", awareness: { state: "unaware" } },
    { id: "mo", awareness: { state: "surprised", since: 1, rollFrom: 3, failures: 1 } },
  ], 4);
}

export function surpriseTrackerView(localize: Localize) {
  const ledger = surpriseLedger();
  const view = declarationView(ledger.state, GM_USER);
  const surpriseDue = view.rows.filter((r) => r.awareness === "surprised" && r.surpriseLeft === 0).map((r) => r.id);
  return phaseTrackerView(view, people(() => true), { isGM: true, resolving: false, surpriseDue, surpriseRolled: [], problem: null }, localize);
}

/**
 * P10, P12, P7: phase 2. Leroy declared target-and-fire at Mo in phase 1 (a
 * round action: its Targeting took effect at the end of phase 1, the two
 * shots are due at the end of phase 2); on his slot this phase he has taken
 * his free action (he shouts a warning) and may still cancel the shots or
 * pass. As Leroy's player sees it, through what his client received.
 */
export function longActionLedger(): PhaseLedger {
  const l = afterPhaseOne("card1", [
    { kind: "phaseInitiative", combatantId: "leroy", faces: [5, 7] },
    { kind: "phaseInitiative", combatantId: "earl", faces: [7, 9] },
    { kind: "phaseCloseInitiative" },
    { kind: "phaseDeclare", combatantId: "leroy", action: "targetAndFire", weapon: "pistol", target: "mo" },
    { kind: "phaseDeclare", combatantId: "earl", action: "draw", weapon: "pistol" },
  ]);
  return play(l, [
    { kind: "phaseInitiative", combatantId: "leroy", faces: [4, 6] },
    { kind: "phaseInitiative", combatantId: "earl", faces: [8, 8] },
    { kind: "phaseCloseInitiative" },
    { kind: "phaseFree", combatantId: "leroy", action: "speak", label: "Drop it, Mo!" },
  ]);
}

export function longActionTrackerView(localize: Localize) {
  const ledger = longActionLedger();
  const projection = readProjection(JSON.parse(JSON.stringify(projectLedger(ledger))))!;
  const secret = readSecret(JSON.parse(JSON.stringify(secretOf(ledger, "leroy"))), projection)!;
  const view = viewFromProjection(projection, [secret], { isGM: false, owns: (id: string) => id === "leroy" });
  return phaseTrackerView(view, people((id) => id === "leroy"), { isGM: false, resolving: false, surpriseDue: [], surpriseRolled: [], problem: null }, localize);
}

function trackerBody(env: Env, id: string, view: ReturnType<typeof gmTrackerView>, who: string, theme: "dark" | "light" = "dark"): string {
  return `<section id="{{id}}" class="application themed theme-${theme} combat-sidebar" data-preview-sheet="${id}">
  <header class="combat-tracker-header"><span>${who}</span><span>Encounter 1</span></header>
  ${env.render(PHASE_TRACKER_TEMPLATE, view)}
</section>`;
}

function declareBody(env: Env, localize: Localize): string {
  const view = declareDialogView("Earl", fighterOf(earl), { id: "earl", targeting: null }, ACTORS.map((a) => ({ id: a.id, name: a.name })), false, PHASE_STANDARD_RULES, localize);
  return `<form id="{{id}}" class="application themed theme-dark dialog" style="width: 380px;" data-preview-sheet="phase-declare">
  <header class="window-header"><h1 class="window-title">Earl: declare</h1></header>
  <section class="window-content" style="padding: 10px 12px; gap: 10px;">
    ${env.render(PHASE_DECLARE_TEMPLATE, view)}
    <button type="button">Declare</button>
  </section>
</form>`;
}

/**
 * P26, P13: phase 2 as the GM sees it at Leroy's slot. Leroy lined up on Mo
 * in phase 1; this phase Mo (initiative 4) declared a burst at Leroy without
 * Targeting (wild, P14), due at the end of this phase. Leroy's dialog: the
 * defense panel — keep his action or Defend — and the odds of his own Fire
 * at Mo, the one it opens on.
 */
export function defendLedger(): PhaseLedger {
  const l = afterPhaseOne("card0", [
    { kind: "phaseInitiative", combatantId: "leroy", faces: [5, 7] },
    { kind: "phaseCloseInitiative" },
    { kind: "phaseDeclare", combatantId: "leroy", action: "targeting", target: "mo" },
  ]);
  return play(l, [
    { kind: "phaseInitiative", combatantId: "mo", faces: [1, 1] },
    { kind: "phaseInitiative", combatantId: "leroy", faces: [5, 7] },
    { kind: "phaseCloseInitiative" },
    { kind: "phaseDeclare", combatantId: "mo", action: "burst", weapon: "smg", target: "leroy" },
  ]);
}

export function defendDialogView(localize: Localize) {
  const ledger = defendLedger();
  const view = declarationView(ledger.state, GM_USER);
  const f = fighters();
  const me = ledger.state.combatants.find((c) => c.id === "leroy")!;
  const odds = { me: { id: "leroy", fighter: f.leroy!, targeting: me.targeting, aim: me.aim?.bonus ?? 0 }, view, know: (id: string) => f[id] ?? null, name: (id: string) => ACTORS.find((a) => a.id === id)?.name ?? id };
  return declareDialogView("Leroy", f.leroy!, { id: "leroy", targeting: me.targeting }, ACTORS.map((a) => ({ id: a.id, name: a.name })), false, PHASE_STANDARD_RULES, localize, odds);
}

function defendBody(env: Env, localize: Localize, theme: "dark" | "light"): string {
  const id = theme === "dark" ? "phase-declare-odds" : "phase-declare-odds-light";
  return `<form id="{{id}}" class="application themed theme-${theme} dialog" style="width: 400px;" data-preview-sheet="${id}">
  <header class="window-header"><h1 class="window-title">Leroy: declare</h1></header>
  <section class="window-content" style="padding: 10px 12px; gap: 10px;">
    ${env.render(PHASE_DECLARE_TEMPLATE, defendDialogView(localize))}
    <button type="button">Declare</button>
  </section>
</form>`;
}

// -------------------------------------------------------------------- card

/** Mo (4) and Leroy (16) roll initiative; Mo, lowest, bursts at Leroy (P5, P22); Leroy declares next. */
const moBurstsAtLeroy: Asked[] = [
    { kind: "phaseInitiative", combatantId: "mo", faces: [1, 1] },
    { kind: "phaseInitiative", combatantId: "leroy", faces: [5, 7] },
    { kind: "phaseCloseInitiative" },
    { kind: "phaseDeclare", combatantId: "mo", action: "burst", weapon: "smg", target: "leroy" },
];

/** Phase 1: Mo bursts at Leroy without Targeting (a wild shot, P14, P22) while Leroy defends (TN 12, P26): check 9 + 2 + 3 − 2 = 12, margin 0, one hit on the chest, 6 + 6 + 1 = 13 less the vest's 4 = 9, past the chest's threshold 7 (P29). */
export function cardFlows(): { wild: PhaseFlow; applied: PhaseFlow; rolling: PhaseFlow; exchange: PhaseFlow } {
  const f = fighters();
  let l = fromStart([...moBurstsAtLeroy, { kind: "phaseDeclare", combatantId: "leroy", action: "defend" }]);
  l = { ...l, revision: l.revision + 1, resolving: { flowId: "card1" } };
  const personOf = (a: PhaseSheetActor) => ({ combatantId: a.id, actorUuid: `Actor.${a.id}`, name: a.name, weapons: Object.fromEntries(derivedOf(a).weapons.map((w) => [w.id, w.name])) });
  const peopleList = ACTORS.map(personOf);
  const rolling = newPhaseFlow("card1", { combatId: "combat1", revision: l.revision, state: l.state, fighters: f, people: peopleList, resolution: resolvePhase(l.state, f, {}) });
  // Leroy defends (+2 TN): Mo's 12 against 12 still hits (margin 0: one hit).
  const rolls: Record<string, AttackRolls> = { mo: { checks: [9], locations: [3], damage: [[6, 6]] } };
  const resolution = resolvePhase(l.state, f, rolls);
  const wild = withRolls(rolling, rolls, resolution, l.state, f);
  if (resolution.status !== "resolved") throw new Error("the preview's dice do not resolve the phase");
  const applied = applyPhaseEnd(wild, f, resolution.fighters, (uuid) => ({ traumaticWounds: (ACTORS.find((a) => `Actor.${a.id}` === uuid)!.system.traumaticWounds as never) ?? [] }), "gm").flow;
  return { wild, applied, rolling, exchange: exchangeFlow(peopleList) };
}

/**
 * P9: two gunmen at the same moment. Mo bursts at Leroy and Leroy fires back,
 * both without Targeting (wild, P14): Mo 10 + 2 + 3 − 2 = 13, margin 3 → two
 * hits, chest and abdomen (6 + 2 and 4 + 4 less the vest's 4 and 3); Leroy
 * 7 + 4 + 3 − 1 (his wound) − 2 = 11, the abdomen, 5 + 5 = 10 less Mo's
 * hide 1 = 9, a traumatic wound (P29). Both resolved, not yet applied.
 */
function exchangeFlow(peopleList: PhaseFlow["people"]): PhaseFlow {
  const f = fighters();
  let l = fromStart([...moBurstsAtLeroy, { kind: "phaseDeclare", combatantId: "leroy", action: "fire", weapon: "pistol", target: "mo" }]);
  l = { ...l, revision: l.revision + 1, resolving: { flowId: "card2" } };
  const rolls: Record<string, AttackRolls> = { mo: { checks: [10], locations: [2, 5], damage: [[6, 2], [4, 4]] }, leroy: { checks: [7], locations: [6], damage: [[5, 5]] } };
  const start = newPhaseFlow("card2", { combatId: "combat1", revision: l.revision, state: l.state, fighters: f, people: peopleList, resolution: resolvePhase(l.state, f, {}) });
  return withRolls(start, rolls, resolvePhase(l.state, f, rolls), l.state, f);
}

/** Who looks at a card: the GM while the phase record is still where the card left it, the GM once it has moved on (undo takes back the sheets only), or Leroy's player. */
type CardLook = "gm" | "gmMovedOn" | "player";

function cardBody(env: Env, flow: PhaseFlow, look: CardLook, localize: Localize): string {
  const viewer: CardViewer = look === "player" ? { isGM: false, owns: (uuid: string) => uuid === "Actor.leroy" } : { isGM: true, owns: () => true, recordMovedOn: look === "gmMovedOn" };
  return `<ol class="chat-log"><li class="chat-message message"><header class="message-header"><h4 class="message-sender">Mo</h4></header>
  <div class="message-content">${env.render(PHASE_CARD_TEMPLATE, phaseCardView(flow, viewer, localize))}</div></li></ol>`;
}

/** Write the pages; returns them for the browser checks. */
export function buildPhasePages(env: Env, systemCss: string, frameCss: string, outDir: string): { id: string; file: string; tabs?: string[] }[] {
  const localize = localizer();
  const css = [systemCss, readFileSync(join(ROOT, "styles/combat.css"), "utf8"), readFileSync(join(ROOT, "styles/ruleset-sheets.css"), "utf8"), readFileSync(join(ROOT, "styles/phase.css"), "utf8"), readFileSync(join(ROOT, "styles/phase-combat.css"), "utf8"), readFileSync(join(ROOT, "styles/odds.css"), "utf8")].join("\n");
  const out: { id: string; file: string; tabs?: string[] }[] = [];
  for (const sheet of phaseSheetPages()) {
    const file = join(outDir, `${sheet.id}.html`);
    writeFileSync(file, renderPage(env, sheet, css));
    out.push({ id: sheet.id, file, ...(sheet.tabs && { tabs: sheet.tabs }) });
  }
  const flows = cardFlows();
  const pages: [string, string, string, "dark" | "light"][] = [
    ["phase-tracker-player", "Phase tracker, Earl's player", trackerBody(env, "phase-tracker-player", playerTrackerView(localize), "Earl's player"), "dark"],
    ["phase-tracker-gm", "Phase tracker, the GM", trackerBody(env, "phase-tracker-gm", gmTrackerView(localize), "Gamemaster"), "dark"],
    ["phase-tracker-gm-light", "Phase tracker, the GM (light)", trackerBody(env, "phase-tracker-gm-light", gmTrackerView(localize), "Gamemaster", "light"), "light"],
    ["phase-tracker-surprise", "Phase tracker, surprise (the GM)", trackerBody(env, "phase-tracker-surprise", surpriseTrackerView(localize), "Gamemaster"), "dark"],
    ["phase-tracker-long-action", "Phase tracker, a long action underway (Leroy's player)", trackerBody(env, "phase-tracker-long-action", longActionTrackerView(localize), "Leroy's player"), "dark"],
    ["phase-declare", "Phase declare dialog", declareBody(env, localize), "dark"],
    ["phase-declare-odds", "Phase declare dialog with its odds (the GM, Leroy's slot)", defendBody(env, localize, "dark"), "dark"],
    ["phase-declare-odds-light", "Phase declare dialog with its odds (the GM, Leroy's slot)", defendBody(env, localize, "light"), "light"],
  ];
  for (const [id, title, body, theme] of pages) {
    const file = join(outDir, `${id}.html`);
    writeFileSync(file, page(title, id, body, css, frameCss, theme, [TRACKER_CSS, CHAT_LOG_CSS]));
    out.push({ id, file });
  }
  const cards: [string, string, PhaseFlow, CardLook, "dark" | "light"][] = [
    ["phase-card-rolling", "Phase card, rolling (Leroy's player)", flows.rolling, "player", "dark"],
    ["phase-card-wild", "Phase card, a wild shot resolved", flows.wild, "gm", "dark"],
    ["phase-card-traumatic", "Phase card, a traumatic wound applied", flows.applied, "gm", "dark"],
    ["phase-card-traumatic-light", "Phase card, a traumatic wound applied", flows.applied, "player", "light"],
    ["phase-card-moved-on", "Phase card, applied, the phase moved on since (the GM)", flows.applied, "gmMovedOn", "dark"],
    ["phase-card-exchange", "Phase card, two gunmen at the same moment (the GM)", flows.exchange, "gm", "dark"],
  ];
  for (const [id, title, flow, look, theme] of cards) {
    const file = join(outDir, `${id}.html`);
    writeFileSync(file, cardPage(id, theme, title, 340, cardBody(env, flow, look, localize), css, frameCss));
    out.push({ id, file });
  }
  return out;
}
