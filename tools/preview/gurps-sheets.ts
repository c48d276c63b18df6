/**
 * Preview pages of the GURPS sheets: Sir Aldric's character sheet (dark and
 * light, read-only, and in a fight: shocked, stunned, kneeling), each item
 * sheet, and the sheet's roll card and dialog — the real templates and view
 * models over the real derive (test/fixtures/gurps-sheets.ts), and the
 * damage card of his broadsword's swing.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import Handlebars from "handlebars";
import { GURPS_CHARACTER_PARTS, gurpsItemParts, type GurpsSheetItem } from "../../src/rulesets/gurps/views/sheet-parts.js";
import { gurpsActorSheetView } from "../../src/rulesets/gurps/views/sheet-actor.js";
import { gurpsItemSheetView } from "../../src/rulesets/gurps/views/sheet-items.js";
import type { GurpsItemType } from "../../src/rulesets/gurps/data/schema.js";
import { findGurpsRollable, readGurpsRoll, rollOptions, roundModifiers } from "../../src/rulesets/gurps/data/rollables.js";
import { GURPS_ROLL_CARD_TEMPLATE, GURPS_ROLL_DIALOG_TEMPLATE, gurpsRollCardContext, gurpsRollDialogView } from "../../src/rulesets/gurps/views/roll.js";
import { GURPS_DAMAGE_CARD_TEMPLATE, gurpsDamageCardContext } from "../../src/rulesets/gurps/views/damage.js";
import { gurpsDamagePlan, readGurpsDamage } from "../../src/rulesets/gurps/data/damage-roll.js";
import { newFighterRound, type GurpsFighterRound } from "../../src/rulesets/gurps/rules/index.js";
import { aldric, gurpsDerivedOf } from "../../test/fixtures/gurps-sheets.js";
import type { PreviewSheet } from "./fixtures.js";
import { makeI18n } from "./helpers.js";
import { type makeEnvironment, readLang, renderPage, ROOT } from "./render.js";
import { page } from "./workflow.js";

type Env = ReturnType<typeof makeEnvironment>;
type Localize = (key: string, params?: Record<string, unknown>) => string;

const svg = (body: string) =>
  `data:image/svg+xml;base64,${Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#3a3947"/>${body}</svg>`).toString("base64")}`;
const PORTRAIT = svg('<circle cx="32" cy="24" r="12" fill="#b8b8c8"/><path d="M10 60c2-14 12-20 22-20s20 6 22 20z" fill="#8a8aa0"/>');
const ITEM_IMG = svg('<path d="M14 50L44 14l6 6-36 30z" fill="#b9b2a6"/>');

export const GURPS_SHEET_TABS = ["attributes", "combat", "traits", "notes"];

/** Aldric in a fight: 3 injury since his last turn (shock pending), stunned, kneeling. */
export const fightingRound = (): GurpsFighterRound => ({ ...newFighterRound(), injurySinceLastTurn: 3, stun: "physical", stunDefense: true, posture: "kneeling" });

function actorPage(id: string, theme: "dark" | "light", editable: boolean, round: GurpsFighterRound | null, localize: Localize): PreviewSheet {
  const items = aldric.items.map((i) => ({ ...i, img: ITEM_IMG }));
  const view = gurpsActorSheetView({
    name: aldric.name, img: PORTRAIT, source: aldric.system, derived: gurpsDerivedOf(aldric), items, effects: aldric.effects.map((e) => ({ ...e, img: ITEM_IMG })), editable,
    enriched: { advantages: String(aldric.system.advantages), notes: String(aldric.system.notes) }, round, localize,
  });
  return {
    id, title: aldric.name, classes: ["cychosys", "gurps", "sheet", "actor", "gurps-character"], width: 780, height: 820,
    parts: GURPS_CHARACTER_PARTS, context: { ...view, tabsById: view.tabs }, tabs: GURPS_SHEET_TABS, theme,
  };
}

function itemPage(id: string, item: GurpsSheetItem, theme: "dark" | "light"): PreviewSheet {
  const type = item.type as GurpsItemType;
  const description = `<p>${item.name}: kept in good order.</p>`;
  const skills = aldric.items.filter((i) => i.type === "gurpsSkill").map((i) => i.name);
  return {
    id, title: item.name, classes: ["cychosys", "gurps", "sheet", "item", type],
    width: type === "gurpsWeapon" ? 640 : 560, height: type === "gurpsWeapon" ? 900 : type === "gurpsArmor" ? 780 : 560,
    parts: gurpsItemParts(type),
    context: gurpsItemSheetView({ type, id: item.id, name: item.name, img: ITEM_IMG, system: { ...item.system, description }, editable: true, enrichedDescription: description, owner: { name: aldric.name, derived: gurpsDerivedOf(aldric), skills } }),
    theme,
  };
}

export function gurpsSheetPages(localize: Localize): PreviewSheet[] {
  const byId = (id: string) => aldric.items.find((i) => i.id === id)!;
  return [
    actorPage("gurps-character", "dark", true, null, localize),
    actorPage("gurps-character-light", "light", true, null, localize),
    actorPage("gurps-character-readonly", "dark", false, null, localize),
    actorPage("gurps-character-fighting", "dark", true, fightingRound(), localize),
    itemPage("gurps-item-skill", byId("skBrawl"), "dark"),
    itemPage("gurps-item-weapon", byId("wSpear"), "dark"),
    itemPage("gurps-item-weapon-light", byId("wSword"), "light"),
    itemPage("gurps-item-armor", byId("aMail"), "dark"),
    itemPage("gurps-item-shield", byId("shMedium"), "light"),
  ];
}

export function buildGurpsSheetPages(env: Env, systemCss: string, frameCss: string, outDir: string): { id: string; file: string; tabs?: string[] }[] {
  const i18n = makeI18n(readLang());
  const localize: Localize = (key, params) => (params ? i18n.format(key, params) : i18n.localize(key));
  const css = [systemCss, ...["styles/ruleset-sheets.css", "styles/gurps.css"].map((f) => readFileSync(join(ROOT, f), "utf8"))].join("\n");
  const out: { id: string; file: string; tabs?: string[] }[] = gurpsSheetPages(localize).map((sheet) => {
    const file = join(outDir, `${sheet.id}.html`);
    writeFileSync(file, renderPage(env, sheet, css));
    return { id: sheet.id, file, ...(sheet.tabs && { tabs: sheet.tabs }) };
  });
  // The roll from the sheet: his Broadsword attack while shocked and kneeling (G77, G14), and the Dodge dialog with the shield's DB offered (G59).
  const derived = gurpsDerivedOf(aldric);
  const round = { ...fightingRound(), shock: 2 };
  const attack = findGurpsRollable(derived, "attack:wSword:0")!;
  const roll = readGurpsRoll(attack, roundModifiers(attack, round), [2, 3, 1]);
  const card = env.render(GURPS_ROLL_CARD_TEMPLATE, gurpsRollCardContext({ actorName: aldric.name, roll, localize }));
  const dodge = findGurpsRollable(derived, "dodge")!;
  const dialog = env.render(GURPS_ROLL_DIALOG_TEMPLATE, gurpsRollDialogView({ rollable: dodge, modifiers: roundModifiers(dodge, round), options: rollOptions(dodge, derived, round), localize }));
  const chatOf = (content: string) => `<ol class="chat-log"><li class="chat-message message"><header class="message-header"><h4 class="message-sender">${Handlebars.Utils.escapeExpression(aldric.name)}</h4></header><div class="message-content">${content}</div></li></ol>`;
  const chat = chatOf(card);
  // His broadsword's swing, 1d+3 cut, rolled 5 with the GM's +1: basic damage 9 (G69).
  const plan = gurpsDamagePlan(derived, "damage:wSword:0")!;
  const damage = chatOf(env.render(GURPS_DAMAGE_CARD_TEMPLATE, gurpsDamageCardContext({ actorName: aldric.name, roll: readGurpsDamage(plan, [5], { strong: false, halved: false, bonus: 1 }), localize })));
  for (const theme of ["dark", "light"] as const) {
    const suffix = theme === "light" ? "-light" : "";
    for (const [id, body, width] of [[`gurps-roll${suffix}`, chat, 320], [`gurps-damage-roll${suffix}`, damage, 320], [`gurps-roll-dialog${suffix}`, `<header class="window-header"><h1 class="window-title">${Handlebars.Utils.escapeExpression(aldric.name)}: Dodge</h1></header><form class="dialog-form"><div class="dialog-body">${dialog}</div><footer class="form-footer"><button type="button">${localize("CYCHOSYS.Gurps.Roll.rollIt")}</button></footer></form>`, 380]] as const) {
      const file = join(outDir, `${id}.html`);
      writeFileSync(file, page(id, theme, "GURPS roll", width, body, css, frameCss));
      out.push({ id, file });
    }
  }
  return out;
}
