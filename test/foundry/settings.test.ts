/** Settings data (R5–R10 tables, options), the settings form, status effects and the migration planner. */
import "./fakes.js";
import { describe, expect, it } from "vitest";
import { planWorldMigration, schemaFingerprint } from "../../src/foundry/migrations.js";
import { CYCHOSYS_MANIFEST } from "../../src/rulesets/cychosys/manifest.js";
import { D6_MANIFEST } from "../../src/rulesets/d6/manifest.js";
import { readRulesForm, rulesFormContext, rulesFormProblems } from "../../src/foundry/cychosys/rules-form.js";
import { rulesFromSettings, standardChart, standardEffects } from "../../src/foundry/cychosys/settings.js";
import { statusEffectsFor } from "../../src/rulesets/cychosys/data/status-effects.js";
import { english, STANDARD_CHART, STANDARD_EFFECTS, STANDARD_OPTIONS } from "../../src/rulesets/cychosys/rules/index.js";
import { systemDefaults } from "../../src/rulesets/cychosys/data/schema/index.js";

const format = (key: string, params: Record<string, string | number> = {}) => english(key, params);

/** The flat form a browser would submit for a table and chart. */
function submitted(effects = STANDARD_EFFECTS, chart = STANDARD_CHART): Record<string, unknown> {
  const form: Record<string, unknown> = {};
  effects.effects.forEach((e, i) => {
    Object.assign(form, {
      [`effects.${i}.letter`]: e.letter,
      [`effects.${i}.name`]: e.name,
      [`effects.${i}.description`]: e.description,
      [`effects.${i}.kind`]: e.kind,
      [`effects.${i}.power`]: String(e.power),
      [`effects.${i}.reducible`]: e.reduceCost !== null,
      [`effects.${i}.incapacitates`]: e.incapacitates,
    });
    const cost = e.reduceCost ?? { physical: 0, mental: 0, emotional: 0 };
    for (const [k, v] of Object.entries(cost)) form[`effects.${i}.reduceCost.${k}`] = v;
    for (const [k, v] of Object.entries(e.penalty)) form[`effects.${i}.penalty.${k}`] = v;
  });
  Object.assign(form, {
    "chart.rank.multiplier": chart.rank.multiplier,
    "chart.rank.offset": chart.rank.offset,
    "chart.rank.divisor": chart.rank.divisor,
    "chart.impactThresholds": chart.impactThresholds.join(", "),
    "chart.asteriskStep": chart.asteriskStep,
  });
  chart.categories.forEach((c, i) => (form[`chart.categories.${i}.min`] = c.min));
  return form;
}

describe("the rules settings form", () => {
  it("reads back exactly the standard table and chart", () => {
    const { effects, chart } = readRulesForm(submitted(), STANDARD_CHART);
    expect(effects).toEqual(standardEffects());
    expect(chart).toEqual(standardChart());
    expect(rulesFormProblems(effects, chart)).toEqual([]);
  });

  it("reports the rules core's problems for a bad edit", () => {
    const form = submitted();
    form["effects.1.letter"] = "V";
    form["effects.5.power"] = "0";
    form["chart.impactThresholds"] = "5, 1";
    const { effects, chart } = readRulesForm(form, STANDARD_CHART);
    expect(rulesFormProblems(effects, chart)).toEqual([
      "row 2: the letter V appears twice.",
      "U: the power must be a whole number from 1 to 99.",
      "the rules need the modifier letter T.",
      "impact thresholds must be whole numbers above 0, each larger than the one before.",
    ]);
  });

  it("the context lists every row and the chart", () => {
    const context = rulesFormContext(STANDARD_EFFECTS, STANDARD_CHART, ["x"]);
    expect(context.effects).toHaveLength(STANDARD_EFFECTS.effects.length);
    expect(context.chart.impactThresholds).toBe("1, 5, 11, 22, 44, 88, 176");
    expect(context.problems).toEqual(["x"]);
  });
});

describe("rules from the stored settings", () => {
  it("valid settings replace the parts of the rules", () => {
    const effects = standardEffects();
    (effects.effects[4] as { power: number }).power = 3;
    const { rules, problems } = rulesFromSettings({ effects, chart: standardChart(), options: { ...STANDARD_OPTIONS, actionsPerRound: 2 } });
    expect(problems).toEqual([]);
    expect(rules.effects.effects[4]!.power).toBe(3);
    expect(rules.options.actionsPerRound).toBe(2);
  });

  it("invalid stored data falls back to the standard part, reported", () => {
    const { rules, problems } = rulesFromSettings({ effects: { effects: [] }, chart: { bad: true }, options: { actionsPerRound: 1.5 } });
    expect(rules.effects).toBe(STANDARD_EFFECTS);
    expect(rules.chart).toBe(STANDARD_CHART);
    expect(rules.options.actionsPerRound).toBe(1);
    expect(problems.length).toBeGreaterThan(0);
  });
});

describe("status effects", () => {
  it("one per wounding effect, with core icons and the penalty in the description", () => {
    const statuses = statusEffectsFor(STANDARD_EFFECTS, format);
    expect(statuses.map((s) => s.id)).toEqual(["cychosys-W", "cychosys-U", "cychosys-S", "cychosys-X", "cychosys-O", "cychosys-B", "cychosys-P", "cychosys-D", "cychosys-R", "cychosys-H"]);
    for (const s of statuses) expect(s.img).toMatch(/^icons\/svg\/[a-z-]+\.svg$/);
    expect(statuses.find((s) => s.id === "cychosys-H")!.description).toContain("Penalty: quickness −2.");
    expect(statuses.find((s) => s.id === "cychosys-U")!.description).toContain("cannot act");
  });
});

describe("world migration", () => {
  it("plans updates for old actors, embedded items and world items only", () => {
    const current = systemDefaults("Actor", "npc");
    const oldActor = { _id: "a1", name: "Old", type: "character", system: { ...systemDefaults("Actor", "character"), schemaVersion: 0, pools: { hit: { physical: 8, mental: { value: 1, max: 1 }, emotional: { value: 1, max: 1 } }, fatigue: systemDefaults("Actor", "character").pools } } } as never;
    const updates = planWorldMigration(
      [oldActor, { _id: "a2", type: "npc", system: current, items: [{ _id: "i1", name: "Suit", type: "outfit", system: { ...systemDefaults("Item", "outfit"), covers: "all", schemaVersion: 0 } }] }],
      [{ _id: "i2", type: "skill", system: systemDefaults("Item", "skill") }],
    );
    expect(updates.map((u) => [u.documentName, u.id, u.parentId])).toEqual([
      ["Actor", "a1", undefined],
      ["Item", "i1", "a2"],
    ]);
    expect((updates[0]!.system as any).pools.hit.physical).toEqual({ value: 8, max: 8 });
    expect((oldActor as any).system.pools.hit.physical).toBe(8);
  });

  it("runs when a ruleset's schema versions change: each ruleset has its own fingerprint", () => {
    expect(schemaFingerprint(CYCHOSYS_MANIFEST)).toBe("character:1,npc:1,object:1,skill:2,trademark:1,weapon:1,trick:1,outfit:1");
    expect(schemaFingerprint(D6_MANIFEST)).toBe("d6Character:1,d6Creature:1,d6Skill:1,d6Weapon:1,d6Armor:1");
  });
});
