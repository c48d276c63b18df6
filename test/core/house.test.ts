/**
 * The house style's shared view models (src/core/views/house.ts) and the
 * partials that draw them (templates/partials/card-frame.hbs, roll-line.hbs,
 * tracker-row.hbs), rendered with the real Handlebars and Foundry's helpers
 * stood in (tools/preview/helpers.ts): docs/style.md's anatomy.
 */
import { describe, expect, it } from "vitest";
import { english } from "../../src/core/messages.js";
import { attackTitle, cardFrameView, diceView, HOUSE_KEYS, HOUSE_PARTIALS, trackerRowView } from "../../src/core/views/house.js";
import { makeEnvironment } from "../../tools/preview/render.js";

const localize = (key: string, params?: Record<string, string | number>) => english(key, params ?? {});
const env = makeEnvironment();
const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim();

describe("the card's words", () => {
  it("the title reads 'A attacks B', with every target named, or 'A attacks' before one is", () => {
    expect(attackTitle("Louis", ["Pierre"], localize)).toBe("Louis attacks Pierre");
    expect(attackTitle("Vee", ["Guard 1", "Guard 2", "Guard 3"], localize)).toBe("Vee attacks Guard 1, Guard 2, and Guard 3");
    expect(attackTitle("Thorton", [], localize)).toBe("Thorton attacks");
  });

  it("every kit key has its English text", () => {
    for (const key of Object.values(HOUSE_KEYS)) expect(english(key, { attacker: "A", target: "B", targets: "B", name: "N" })).not.toBe(key);
  });

  it("diceView writes each face and its marks", () => {
    expect(diceView([6, 3, 1], (face, i) => (i === 0 ? ["wild", "exploded"] : face === 1 ? ["min"] : []))).toEqual([
      { face: "6", marks: ["wild", "exploded"] },
      { face: "3", marks: [] },
      { face: "1", marks: ["min"] },
    ]);
  });
});

describe("the card frame partial", () => {
  const view = cardFrameView(
    {
      cardClass: "gurps-attack-card",
      title: attackTitle("Louis", ["Pierre"], localize),
      subtitle: "Shortsword · swing",
      roll: { label: "Attack", diceLabel: localize(HOUSE_KEYS.dice), dice: diceView([3, 4, 2]), total: "9", against: "/ 13", tone: "good" },
      outcome: { text: "Pierre takes 9 injury: HP 12 → 3", tone: "hit", details: [{ text: "Shock −4", tone: "shock" }, { text: "Major wound", tone: "wound" }] },
      buttons: [{ action: "undo", label: "Undo", data: [{ name: "target", value: "0" }] }],
      working: ["Skill 13.", "Damage 2d−1 → 7, DR 2, cutting ×1.5 → 7."],
    },
    localize,
  );
  const html = env.hbs.compile(`{{#> "${HOUSE_PARTIALS.cardFrame}"}}<p class="extra">{{subtitle}}</p>{{/"${HOUSE_PARTIALS.cardFrame}"}}`)(view);

  it("draws the title, the roll strip with each die and the big total, the outcome with its tone, the ruleset's block, the buttons and the working collapsed, in that order", () => {
    expect(html).toContain('class="cychosys chat-card cy-house-card gurps-attack-card"');
    expect(text(html)).toBe("Louis attacks Pierre Shortsword · swing Attack 3 4 2 9 / 13 Pierre takes 9 injury: HP 12 → 3 Shock −4 · Major wound Shortsword · swing Undo How it was worked out Skill 13. Damage 2d−1 → 7, DR 2, cutting ×1.5 → 7.");
    expect(html).toMatch(/<ol class="cy-dice" aria-label="Dice">(<li class="cy-die">\d<\/li>){3}<\/ol>/);
    expect(html).toContain('<p class="cy-outcome is-hit">');
    expect(html).toContain('<p class="cy-outcome-details"><span class="cy-tone is-shock">Shock −4</span> · <span class="cy-tone is-wound">Major wound</span></p>');
    expect(html).toContain('class="cy-roll-strip is-good"');
    expect(html).toContain('<button type="button" class="cy-card-button" data-action="undo" data-target="0">Undo</button>');
    expect(html).toMatch(/<details class="cy-working"><summary>How it was worked out<\/summary><ol><li>Skill 13\.<\/li>/);
    expect(html).not.toMatch(/<details[^>]* open/);
  });

  it("draws no block, roll, outcome, buttons or working it was not given, and escapes what it shows", () => {
    const bare = env.render(HOUSE_PARTIALS.cardFrame, cardFrameView({ cardClass: "", title: "<b>Kira</b> attacks" }, localize));
    expect(text(bare)).toBe("&lt;b&gt;Kira&lt;/b&gt; attacks");
    expect(bare).not.toMatch(/cy-roll-strip|cy-outcome|cy-card-buttons|cy-working/);
  });
});

describe("the tracker row partial", () => {
  const figures = [
    { id: "hp", label: "HP", value: "12/12" },
    { id: "move", label: "Move", value: "5" },
  ];
  const controls = [{ action: "rollInitiative", label: "Roll initiative", icon: "fa-solid fa-dice" }];

  it("one line of figures, the statuses, and the controls with accessible names when the viewer may act", () => {
    const view = trackerRowView({ name: "Parker", figures, statuses: [{ id: "stunned", label: "Stunned", tone: "shock" }], controls, mayAct: true }, localize);
    const html = env.render(HOUSE_PARTIALS.trackerRow, view);
    expect(html).toContain('<ul class="cy-tracker-figures" aria-label="Parker: figures">');
    expect(text(html)).toBe("HP 12/12 Move 5 Stunned");
    expect(html).toContain('<li class="cy-status is-shock" data-status="stunned">Stunned</li>');
    expect(html).toContain('aria-label="Parker: controls"');
    expect(html).toContain('<button type="button" class="cy-tracker-control" data-action="rollInitiative" aria-label="Roll initiative" data-tooltip="Roll initiative"><i class="fa-solid fa-dice" inert></i></button>');
  });

  it("no controls at all for a viewer who may not act on the combatant", () => {
    const view = trackerRowView({ name: "Riddle", figures, controls, mayAct: false }, localize);
    expect(view.controls).toEqual([]);
    expect(env.render(HOUSE_PARTIALS.trackerRow, view)).not.toContain("<button");
  });
});
