/**
 * Preview pages of what every world shares and of OpenD6's cards: the
 * "Combat rules" window (first run, and a change in a world that holds
 * documents), the read-only sheet of a document made for other rules, and
 * the OpenD6 attack card — the thug's swing at Kira with its Wild Die, an
 * exploding Wild Die on the damage, the wound applied. Every figure comes
 * from the real core, workflow and view models.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import Handlebars from "handlebars";
import type { FlowUser } from "../../src/core/ruleset.js";
import { inactiveSheetView } from "../../src/core/views/inactive.js";
import { rulesetChoiceView } from "../../src/core/views/ruleset-choice.js";
import { MANIFESTS } from "../../src/rulesets/manifests.js";
import { readD6Scenario } from "../../src/rulesets/d6/rules/index.js";
import { D6_ATTACK_CARD_TEMPLATE, d6AttackCardView } from "../../src/rulesets/d6/views/attack-card.js";
import { applyWound, declareD6Attack, type D6Flow, interrupt, resist, rollDamage } from "../../src/rulesets/d6/workflow/flow.js";
import { makeI18n } from "./helpers.js";
import { type makeEnvironment, ROOT } from "./render.js";
import { page } from "./workflow.js";

type Env = ReturnType<typeof makeEnvironment>;
const KIRA = { actorUuid: "Actor.kira", name: "Kira" };
const THUG = { actorUuid: "Actor.thug", name: "the thug" };
const gm: FlowUser = { id: "gm", isGM: true, owns: () => true };
const kiraPlayer: FlowUser = { id: "p1", isGM: false, owns: (uuid) => uuid === KIRA.actorUuid };

const example = (file: string) => readD6Scenario(JSON.parse(readFileSync(join(ROOT, "examples/d6", file), "utf8")));

/** The OpenD6 card's states: the thug's swing Kira may interrupt (D14); her knife's hit with the wound applied (D30–D37). */
export function d6Flows(): Record<"interruptible" | "interrupted" | "damage" | "applied", { flow: D6Flow; user: FlowUser }> {
  const thug = example("thug-swings-at-interrupt-dodge.json").input;
  const swing = declareD6Attack(
    "preview-d6-1",
    THUG,
    { weapon: "fists", skill: "brawling", mode: "unarmed", roll: thug.attacker.roll },
    [{ ref: KIRA, input: { ...thug, defender: { ...thug.defender, defenses: [] } }, canInterrupt: true }],
  );
  const dodge = thug.defender.defenses![0]!;
  const interrupted = interrupt(swing, 0, dodge, kiraPlayer);
  const knife = example("knife-with-strength-damage.json").input;
  const { damageRoll, resistanceRoll, ...declared } = knife;
  const cut = declareD6Attack("preview-d6-2", KIRA, { weapon: "knife", skill: "melee combat", mode: "melee", roll: knife.attacker.roll }, [{ ref: THUG, input: declared, canInterrupt: false }]);
  const damaged = rollDamage(cut, 0, { dice: damageRoll!.dice, wild: [6, 6, 1] }, kiraPlayer);
  const resisted = resist(damaged, 0, resistanceRoll!, gm);
  const applied = applyWound(resisted, 0, { level: "none", untilRound: null }, gm).flow;
  return {
    interruptible: { flow: swing, user: kiraPlayer },
    interrupted: { flow: interrupted, user: kiraPlayer },
    damage: { flow: damaged, user: gm },
    applied: { flow: applied, user: gm },
  };
}

/** Write the pages; returns their ids and files. */
export function buildRulesetPages(env: Env, systemCss: string, frameCss: string, outDir: string): { id: string; file: string }[] {
  const i18n = makeI18n(JSON.parse(readFileSync(join(ROOT, "lang/en.json"), "utf8")) as Record<string, unknown>);
  const localize = (key: string, params?: Record<string, unknown>) => (params ? i18n.format(key, params) : i18n.localize(key));
  const css = [systemCss, ...["styles/workflow.css", "styles/d6-card.css", "styles/core.css"].map((f) => readFileSync(join(ROOT, f), "utf8"))].join("\n");
  const out: { id: string; file: string }[] = [];
  const write = (id: string, title: string, width: number, body: string, theme: "dark" | "light" = "dark") => {
    const file = join(outDir, `${id}.html`);
    writeFileSync(file, page(id, theme, title, width, body, css, frameCss));
    out.push({ id, file });
  };
  const windowBody = (title: string, inner: string) => `<header class="window-header"><h1 class="window-title">${Handlebars.Utils.escapeExpression(title)}</h1></header>
<form class="window-content">${inner}</form>`;
  const choice = (firstRun: boolean) =>
    env.render("systems/cychosys/templates/core/ruleset-choice.hbs", rulesetChoiceView(MANIFESTS, "cychosys", firstRun ? [] : [{ ruleset: "cychosys", actors: 12, items: 40 }, { ruleset: "d6", actors: 1, items: 3 }], firstRun, localize));
  write("ruleset-first-run", "Combat rules", 520, windowBody(localize("CYCHOSYS.Ruleset.title"), choice(true)));
  write("ruleset-change", "Combat rules", 520, windowBody(localize("CYCHOSYS.Ruleset.title"), choice(false)));
  write("ruleset-change-light", "Combat rules", 520, windowBody(localize("CYCHOSYS.Ruleset.title"), choice(false)), "light");
  const kiraSheet = inactiveSheetView(
    { name: "Kira", img: "icons/svg/mystery-man.svg", system: { attributes: { agility: "3D+1", strength: "2D+2", perception: "3D+2" }, freeActions: 1, wounds: { level: "wounded", untilRound: 0 }, biography: "<p>A pilot with <em>good</em> reflexes.</p>" } },
    localize("CYCHOSYS.Ruleset.banner", { ruleset: localize("CYCHOSYS.Ruleset.d6.name") }),
  );
  write("inactive-sheet", "Kira", 480, windowBody("Kira", env.render("systems/cychosys/templates/core/inactive-sheet.hbs", kiraSheet)));
  for (const [state, { flow, user }] of Object.entries(d6Flows())) {
    const context = d6AttackCardView(flow, user, localize);
    const body = `<ol class="chat-log"><li class="chat-message message">
  <header class="message-header"><h4 class="message-sender">${Handlebars.Utils.escapeExpression(flow.attacker.name)}</h4></header>
  <div class="message-content">${env.render(D6_ATTACK_CARD_TEMPLATE, context)}</div>
</li></ol>`;
    write(`d6-card-${state}`, `OpenD6 attack card: ${state}`, 320, body);
    if (state === "applied") write(`d6-card-${state}-light`, `OpenD6 attack card: ${state}`, 320, body, "light");
  }
  return out;
}
