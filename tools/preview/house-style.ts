/**
 * The house style's pages (docs/style.md):
 *  - `house-kit` / `house-kit-light`: the shared kit alone — the card frame
 *    with its roll strip, outcome headline, buttons and working, and three
 *    tracker rows (the viewer's own with controls, another's without) —
 *    drawn by the real partials through the real view helpers;
 *  - `house-style-dark.html` / `house-style-light.html`: one card, one sheet
 *    and one tracker per ruleset side by side, each the ruleset's own
 *    preview page in a frame, so the five can be judged as one system.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import Handlebars from "handlebars";
import { attackTitle, cardFrameView, diceView, HOUSE_KEYS, HOUSE_PARTIALS, trackerRowView } from "../../src/core/views/house.js";
import { figure, plural, signed } from "../../src/core/views/text.js";
import { combatCss, page as trackerPage, svgFace, TRACKER_CSS } from "./combat.js";
import { makeI18n } from "./helpers.js";
import { type makeEnvironment, readLang } from "./render.js";
import { page as cardPage } from "./workflow.js";

type Env = ReturnType<typeof makeEnvironment>;
const escape = Handlebars.Utils.escapeExpression;

/** The kit's sample: Louis's swing at Pierre (the figures of the GURPS card's preview), in the kit's anatomy. */
function kitCard(env: Env, localize: (key: string, params?: Record<string, string | number>) => string): string {
  const view = cardFrameView(
    {
      cardClass: "house-kit-card",
      title: attackTitle("Louis", ["Pierre"], localize),
      subtitle: "Shortsword · swing · All-Out Attack (Determined)",
      roll: { label: "Attack", diceLabel: localize(HOUSE_KEYS.dice), dice: diceView([3, 4, 2]), total: "9", against: "/ 13", tone: "good" },
      outcome: { text: "Pierre takes 9 injury: HP 12 → 3", tone: "hit", details: [{ text: `Shock ${signed(-4)}`, tone: "shock" }, { text: "Major wound: HT 11 roll owed", tone: "wound" }] },
      buttons: [{ action: "apply", label: "Apply 9 injury" }, { action: "undo", label: "Undo" }],
      working: [
        `Skill 13: Shortsword 12, All-Out Attack (Determined) ${signed(4)}, shock ${signed(-2)}, deceptive ${signed(-1)}.`,
        `Damage 2d${figure(-1)}: 5 + 3 ${figure(-1)} = 7, cutting ×1.5 = ${plural(10, { one: "{count} point", other: "{count} points" })} less DR 1.`,
        "A major wound: more than half his HP at once (G77).",
      ],
    },
    localize,
  );
  // A ruleset's own section goes in the partial's block, between the outcome and the buttons.
  const block = `<p class="cy-hint">Pierre may roll HT 11 now: his button is on his owner's card.</p>`;
  return env.hbs.compile(`{{#> "${HOUSE_PARTIALS.cardFrame}"}}${block}{{/"${HOUSE_PARTIALS.cardFrame}"}}`)(view);
}

/** Three tracker rows: the viewer's own fighter (controls), another player's and the GM's foe (none). */
function kitTracker(env: Env, localize: (key: string, params?: Record<string, string | number>) => string, theme: "dark" | "light"): string {
  const rows = [
    { id: "louis", name: "Louis", init: "6", mine: true, figures: [["hp", "HP", "12/12"], ["fp", "FP", "11/11"], ["move", "Move", "6"]], statuses: [{ id: "aoa", label: "All-Out Attack" }] },
    { id: "pierre", name: "Pierre", init: "6", mine: false, figures: [["hp", "HP", "3/12", "hit"], ["fp", "FP", "10/10"], ["move", "Move", "5"]], statuses: [{ id: "shock", label: `Shock ${signed(-4)}`, tone: "shock" as const }, { id: "major", label: "Major wound", tone: "wound" as const }] },
    { id: "guard", name: "Guard", init: "5.5", mine: false, figures: [["hp", "HP", "10/10"], ["fp", "FP", "10/10"], ["move", "Move", "5"]], statuses: [] },
  ];
  const items = rows
    .map((row, index) => {
      const view = trackerRowView(
        {
          name: row.name,
          figures: row.figures.map(([id, label, value, tone]) => ({ id: id!, label: label!, value: value!, ...(tone && { tone: tone as "hit" }) })),
          statuses: row.statuses,
          controls: [
            { action: "chooseManeuver", label: "Choose maneuver", icon: "fa-solid fa-list-ol" },
            { action: "roll", label: "Roll", icon: "fa-solid fa-dice" },
          ],
          mayAct: row.mine,
        },
        localize,
      );
      return `<li class="combatant${index === 0 ? " active" : ""}" data-combatant-id="${row.id}">
  <img class="token-image" src="${svgFace(["#b9b2a6", "#d39b6a", "#8fa39a"][index]!)}" alt="">
  <div class="token-name"><strong class="name">${escape(row.name)}</strong>${env.render(HOUSE_PARTIALS.trackerRow, view)}</div>
  <div class="token-initiative"><span class="initiative">${row.init}</span></div>
</li>`;
    })
    .join("\n");
  return `<section class="combat-sidebar house-kit-tracker theme-${theme}" aria-label="Tracker rows">
  <header class="combat-tracker-header"><span>Round 2</span></header>
  <ol class="combat-tracker">
${items}
  </ol>
</section>`;
}

/** The kit's pages, dark and light: a card in the chat log beside three tracker rows. */
export function buildHouseKitPages(env: Env, css: string, frameCss: string, outDir: string): { id: string; file: string }[] {
  const i18n = makeI18n(readLang());
  const localize = (key: string, params?: Record<string, string | number>) => (params ? i18n.format(key, params) : i18n.localize(key));
  const out: { id: string; file: string }[] = [];
  for (const theme of ["dark", "light"] as const) {
    const id = theme === "dark" ? "house-kit" : "house-kit-light";
    const body = `<div class="house-kit">
<ol class="chat-log"><li class="chat-message message">
  <header class="message-header"><h4 class="message-sender">Louis</h4></header>
  <div class="message-content">${kitCard(env, localize)}</div>
</li></ol>
${kitTracker(env, localize, theme)}
</div>`;
    const file = join(outDir, `${id}.html`);
    const kitCss = `${combatCss()}\n${TRACKER_CSS}\n.house-kit { display: flex; gap: 12px; align-items: flex-start; padding: 8px; }\n.house-kit .chat-log { width: 320px; flex: 0 0 320px; }`;
    writeFileSync(file, cardPage(id, theme, `House style kit (${theme})`, 660, body, `${css}\n${kitCss}`, frameCss));
    out.push({ id, file });
  }
  return out;
}

/** One card, one sheet and one tracker per ruleset: the preview page ids, dark and (where the ruleset has one) light. */
export const HOUSE_STYLE_SET: readonly { ruleset: string; card: [string, string?]; sheet: [string, string?]; tracker: [string, string?] }[] = [
  { ruleset: "Cychosys", card: ["card-resolved", "card-resolved-light"], sheet: ["character", "character-light"], tracker: ["tracker"] },
  { ruleset: "OpenD6", card: ["d6-card-applied", "d6-card-applied-light"], sheet: ["d6-character", "d6-character-light"], tracker: ["d6-tracker", "d6-tracker-light"] },
  { ruleset: "Cities Without Number", card: ["cwn-card-traumatic", "cwn-card-traumatic-light"], sheet: ["cwn-character", "cwn-character-light"], tracker: ["cwn-tracker", "cwn-tracker-light"] },
  { ruleset: "GURPS 4e", card: ["gurps-card-applied", "gurps-card-applied-light"], sheet: ["gurps-character", "gurps-character-light"], tracker: ["gurps-tracker", "gurps-tracker-light"] },
  { ruleset: "Phase-based", card: ["phase-card-traumatic", "phase-card-traumatic-light"], sheet: ["phase-character", "phase-character-light"], tracker: ["phase-tracker-gm"] },
];

/** Sizes each frame to the window it shows (same-origin pages), then marks the page ready. */
const FIT_FRAMES = `
  const frames = [...document.querySelectorAll("iframe")];
  let left = frames.length;
  const fit = (frame) => {
    const doc = frame.contentDocument;
    const app = doc && doc.querySelector(".application");
    if (app) {
      const box = app.getBoundingClientRect();
      frame.style.width = Math.ceil(box.right + 24) + "px";
      frame.style.height = Math.ceil(box.bottom + 24) + "px";
    }
    if (--left === 0) document.body.dataset.ready = "true";
  };
  for (const frame of frames) {
    if (frame.contentDocument && frame.contentDocument.readyState === "complete" && frame.contentDocument.URL !== "about:blank") fit(frame);
    else frame.addEventListener("load", () => fit(frame), { once: true });
  }
`;

/** The side-by-side page of one theme (`house-style-<theme>.html`, beside the preview pages it frames). */
export function buildHouseStylePage(theme: "dark" | "light", outDir: string): { id: string; file: string } {
  const pick = (pair: [string, string?]) => (theme === "light" && pair[1] ? { id: pair[1], note: "" } : { id: pair[0], note: theme === "light" ? " (no light preview yet)" : "" });
  const cell = (what: string, pair: [string, string?]) => {
    const { id, note } = pick(pair);
    return `<figure><figcaption>${escape(what)}${escape(note)} — <code>${escape(id)}</code></figcaption><iframe src="${escape(id)}.html" title="${escape(`${what}: ${id}`)}" scrolling="no"></iframe></figure>`;
  };
  const rows = HOUSE_STYLE_SET.map(
    (set) => `<section class="ruleset"><h2>${escape(set.ruleset)}</h2><div class="cells">${cell("Card", set.card)}${cell("Sheet", set.sheet)}${cell("Tracker", set.tracker)}</div></section>`,
  ).join("\n");
  const id = `house-style-${theme}`;
  const file = join(outDir, `${id}.html`);
  writeFileSync(
    file,
    `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>House style side by side (${theme}) — Cychosys preview</title>
<style>
  body { margin: 0; padding: 16px; font-family: "Signika", "Noto Sans", "DejaVu Sans", sans-serif; background: ${theme === "dark" ? "#0b0a13" : "#8a8a8a"}; color: ${theme === "dark" ? "#efe6d8" : "#111"}; }
  h1 { margin: 0 0 12px; font-size: 20px; }
  .ruleset { margin: 0 0 16px; }
  .ruleset h2 { margin: 0 0 6px; font-size: 16px; }
  .cells { display: flex; gap: 12px; align-items: flex-start; }
  figure { margin: 0; }
  figcaption { font-size: 12px; margin-bottom: 4px; }
  iframe { display: block; border: 0; width: 360px; height: 300px; background: transparent; }
</style>
</head>
<body>
<h1>One card, one sheet and one tracker per ruleset (${theme} theme)</h1>
${rows}
<script>${FIT_FRAMES}</script>
</body>
</html>
`,
  );
  return { id, file };
}
