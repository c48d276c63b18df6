/**
 * The OpenD6 sheets' view models (src/rulesets/d6/views/sheets.ts) and the
 * submission check (sheet-submit.ts), over Kira and the thug derived by the
 * real derive; and the D6 templates rendered with real Handlebars: every
 * lang key they use exists, no raw key renders.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { english, englishString } from "../../../src/core/messages.js";
import { D6_CHARACTER_PARTS, D6_CREATURE_PARTS, D6_PARTIALS, D6_TEMPLATE_ROOT, d6ActorSheetView, d6ItemParts, d6ItemSheetView } from "../../../src/rulesets/d6/views/sheets.js";
import { checkD6Submission } from "../../../src/rulesets/d6/views/sheet-submit.js";
import { D6_ITEM_TYPES } from "../../../src/rulesets/d6/data/schema.js";
import { derivedOf, kira, thug, type D6SheetActor } from "../../fixtures/d6-sheets.js";
import { makeEnvironment, ROOT } from "../../../tools/preview/render.js";

const localize = (key: string, params?: Record<string, unknown>) => english(key, params ?? {});
const viewOf = (actor: D6SheetActor, o: Partial<Parameters<typeof d6ActorSheetView>[0]> = {}) =>
  d6ActorSheetView({ type: actor.type, name: actor.name, img: "", system: actor.system, derived: derivedOf(actor), items: actor.items, editable: true, enrichedText: "", localize, ...o });
const fileOf = (path: string) => join(ROOT, "templates", path.slice("systems/cychosys/templates/".length));

describe("the parts and partials", () => {
  it("name templates that exist", () => {
    const paths = [...Object.values(D6_CHARACTER_PARTS), ...Object.values(D6_CREATURE_PARTS), ...D6_ITEM_TYPES.flatMap((t) => Object.values(d6ItemParts(t)))].map((p) => p.template);
    for (const path of [...paths, ...D6_PARTIALS]) {
      expect(path.startsWith(D6_TEMPLATE_ROOT)).toBe(true);
      expect(existsSync(fileOf(path)), path).toBe(true);
    }
  });
});

describe("the character sheet's view (Kira)", () => {
  const view = viewOf(kira);

  it("D1: each attribute with its code and its skills under it, in the items' order, each with its roll key", () => {
    const agility = view.attributes.find((a) => a.id === "agility")!;
    expect(agility).toMatchObject({ code: "3D+2", source: "3D+2", key: "attribute:agility", path: "system.attributes.agility" });
    expect(agility.skills.map((s) => [s.name, s.code, s.key])).toEqual([
      ["dodge", "5D+1", "skill:sDodge"],
      ["melee combat", "4D+2", "skill:sMelee"],
      ["firearms", "4D", "skill:sFire"],
    ]);
    expect(view.attributes.map((a) => a.id)).toEqual(["agility", "strength", "mechanical", "knowledge", "perception", "technical"]);
    expect(view.attributes.find((a) => a.id === "mechanical")!.skills).toEqual([]);
  });

  it("D35–D37: the stored wound level selected, every level with its penalty dice, the penalty now", () => {
    expect(view.wound.level).toBe("wounded");
    expect(view.wound.options.find((o) => o.selected)?.value).toBe("wounded");
    expect(Object.fromEntries(view.wound.options.map((o) => [o.value, o.penalty]))).toMatchObject({ none: 0, wounded: 1, severelyWounded: 2 });
    expect(view.wound).toMatchObject({ penaltyDice: 1, unableToAct: false, path: "system.wounds.level" });
  });

  it("D32 Strength Damage, D8 initiative bonus, D34 armor (the worn vest only) and resistance", () => {
    expect(view.strengthDamage).toBe("2D");
    expect(view.initiativeBonus).toBe(0);
    expect(view.armor).toBe("1D");
    expect(view.resistance).toBe("4D");
    expect(view.points).toEqual({ character: 5, fate: 1 });
  });

  it("weapons: skill and code, the damage as written and what a + code rolls (D32), range limits (D27), uses (D16)", () => {
    const [knife, pistol] = view.weapons;
    expect(knife).toMatchObject({ name: "knife", skill: "melee combat", skillCode: "4D+2", damage: "+1D", damageRolled: "3D", ranges: null, usesPerRound: 2, edged: true, mode: "CYCHOSYS.D6.Mode.melee" });
    expect(pistol).toMatchObject({ skill: "firearms", skillCode: "4D", damage: "4D", damageRolled: null, ranges: "10/25/40", usesPerRound: 3, aimable: true });
  });

  it("armor pieces with their codes, worn or not", () => {
    expect(view.armors.map((a) => [a.name, a.code, a.equipped])).toEqual([["padded vest", "1D", true], ["helmet", "1D+1", false]]);
  });

  it("tabs: attributes first, an unknown tab falls back to it", () => {
    expect(view.tabs!.attributes!.active).toBe(true);
    expect(viewOf(kira, { activeTab: "combat" }).tabs!.combat!.cssClass).toBe("active");
    expect(viewOf(kira, { activeTab: "nonsense" }).tabs!.attributes!.active).toBe(true);
  });

  it("a creature has no points and no tabs, its notes as the text", () => {
    const creature = viewOf(thug);
    expect(creature.points).toBeNull();
    expect(creature.tabs).toBeNull();
    expect(creature.text.path).toBe("system.notes");
  });
});

describe("problems (D1)", () => {
  it("the derive's unreadable codes in words: where, and the parser's message", () => {
    const view = viewOf(thug);
    expect(view.problems).toEqual([expect.stringMatching(/^intimidation \(code\): "2D\+7": pips run from 0 to 2/)]);
  });

  it("an unreadable attribute is named by its label", () => {
    const broken = { ...kira, system: { ...kira.system, attributes: { ...(kira.system.attributes as object), strength: "lots" } } };
    expect(viewOf(broken).problems[0]).toMatch(/^Strength: /);
  });

  it("without derived data: stored values shown, the sheet says its figures are not computed", () => {
    const view = viewOf(kira, { derived: undefined });
    expect(view.underived).toBe(true);
    expect(view.strengthDamage).toBe("—");
    expect(view.attributes[0]!.code).toBe("3D+2");
    expect(view.attributes[0]!.skills.map((s) => s.code)).toEqual(["5D+1", "4D+2", "4D"]);
  });
});

describe("the item sheets' view", () => {
  it("a skill's attribute choices, a weapon's modes and range limits", () => {
    const skill = d6ItemSheetView({ type: "d6Skill", name: "dodge", img: "", system: kira.items[0]!.system, editable: true, enrichedDescription: "" });
    expect(skill.attributes.find((a) => a.selected)?.value).toBe("agility");
    const pistol = kira.items.find((i) => i.id === "wPistol")!;
    const weapon = d6ItemSheetView({ type: "d6Weapon", name: pistol.name, img: "", system: pistol.system, editable: true, enrichedDescription: "", ownerSkills: ["firearms"] });
    expect(weapon.modes.find((m) => m.selected)?.value).toBe("ranged");
    expect(weapon.ranges.map((r) => [r.path, r.value])).toEqual([["system.ranges.short", 10], ["system.ranges.medium", 25], ["system.ranges.long", 40]]);
    expect(weapon.ownerSkills).toEqual(["firearms"]);
  });
});

describe("checking a submission's codes (D1)", () => {
  it("an unreadable attribute code is left out with the parser's key; every other field goes through", () => {
    const { accepted, problems } = checkD6Submission("d6Character", { "system.attributes.agility": "3X", "system.fatePoints": 2, name: "Kira" });
    expect(accepted).toEqual({ "system.fatePoints": 2, name: "Kira" });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ name: "system.attributes.agility", value: "3X" });
    expect(problems[0]!.key).toMatch(/^CYCHOSYS\.D6\.Error\./);
    expect(englishString(problems[0]!.key)).toBeDefined();
  });

  it("each field's own syntax: a weapon's + damage, a modifier, a plain code; codes trimmed", () => {
    expect(checkD6Submission("d6Weapon", { "system.damage": " +1D+1 " }).accepted).toEqual({ "system.damage": "+1D+1" });
    expect(checkD6Submission("d6Character", { "system.strengthAdjustment": "-1D" }).problems).toEqual([]);
    expect(checkD6Submission("d6Armor", { "system.code": "+1D" }).problems).toHaveLength(1);
    expect(checkD6Submission("d6Skill", { "system.code": "5D+3" }).problems[0]!.key).toBe("CYCHOSYS.D6.Error.dieCodePips");
  });
});

describe("the templates with real Handlebars", () => {
  const env = makeEnvironment();
  const d6Templates = (dir = join(ROOT, "templates/d6")): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? d6Templates(join(dir, e.name)) : e.name.endsWith(".hbs") ? [join(dir, e.name)] : []));

  it("every lang key the D6 sheet templates name exists", () => {
    const keys = new Set<string>();
    for (const file of d6Templates().filter((f) => /templates\/d6\/(actor|item|partials)\//.test(f))) {
      for (const m of readFileSync(file, "utf8").matchAll(/"(CYCHOSYS\.[A-Za-z0-9.]+)"/g)) keys.add(m[1]!);
    }
    expect(keys.size).toBeGreaterThan(40);
    expect([...keys].filter((k) => englishString(k) === undefined)).toEqual([]);
  });

  it("every key a view hands the templates exists (labels, types, modes, wounds, tabs)", () => {
    const view = viewOf(kira);
    const keys = [
      view.typeLabel,
      ...view.attributes.map((a) => a.label),
      ...view.wound.options.map((o) => o.label),
      ...view.weapons.map((w) => w.mode),
      ...Object.values(view.tabs!).map((t) => t.label),
      view.text.label,
      ...D6_ITEM_TYPES.flatMap((type) => {
        const v = d6ItemSheetView({ type, name: "x", img: "", system: {}, editable: true, enrichedDescription: "" });
        return [v.typeLabel, ...v.attributes.map((a) => a.label), ...v.modes.map((m) => m.label), ...v.ranges.map((r) => r.label)];
      }),
    ];
    expect(keys.filter((k) => englishString(k) === undefined)).toEqual([]);
  });

  it("no raw key renders: Kira's parts, the thug's, each item sheet, editable or not", () => {
    const render = (parts: Record<string, { template: string }>, context: Record<string, unknown>) =>
      Object.entries(parts)
        .map(([partId, part]) => env.render(part.template, { ...context, tab: (context.tabs as Record<string, unknown> | null)?.[partId] }))
        .join("");
    const pages = [
      render(D6_CHARACTER_PARTS, viewOf(kira)),
      render(D6_CHARACTER_PARTS, viewOf(kira, { editable: false })),
      render(D6_CREATURE_PARTS, viewOf(thug)),
      render(D6_CHARACTER_PARTS, viewOf(kira, { derived: undefined })),
      ...kira.items.map((i) => render(d6ItemParts(i.type as never), d6ItemSheetView({ type: i.type as never, name: i.name, img: "", system: i.system, editable: true, enrichedDescription: "" }))),
    ];
    for (const html of pages) {
      expect(html).not.toMatch(/CYCHOSYS\./);
      expect(html.length).toBeGreaterThan(300);
    }
    expect(pages[0]).toContain('data-roll-key="skill:sDodge"');
    expect(pages[1]).not.toContain('name="system.attributes.agility"');
    expect(pages[3]).toContain("not computed yet");
  });
});
