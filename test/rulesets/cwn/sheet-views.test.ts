/**
 * The CWN sheets' view models (src/rulesets/cwn/views/sheets.ts) and the
 * submission check (sheet-submit.ts), over Vee and the guards derived by
 * the real derive; and the CWN templates: every part names a template that
 * exists, every lang key they use exists.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { english } from "../../../src/core/messages.js";
import { CWN_ITEM_TYPES } from "../../../src/rulesets/cwn/data/schema.js";
import { checkCwnSubmission, foldSceneAbilities } from "../../../src/rulesets/cwn/views/sheet-submit.js";
import { CWN_CHARACTER_PARTS, CWN_NPC_PARTS, CWN_PARTIALS, CWN_TEMPLATE_ROOT, cwnActorSheetView, cwnItemParts, cwnItemSheetView, weaponUses } from "../../../src/rulesets/cwn/views/sheets.js";
import { cwnDerivedOf, type CwnSheetActor, guards, vee } from "../../fixtures/cwn-sheets.js";
import { ROOT } from "../../../tools/preview/render.js";

const localize = (key: string, params?: Record<string, unknown>) => english(key, params ?? {});
const viewOf = (actor: CwnSheetActor, o: Partial<Parameters<typeof cwnActorSheetView>[0]> = {}) =>
  cwnActorSheetView({ type: actor.type, name: actor.name, img: "", system: actor.system, derived: cwnDerivedOf(actor), items: actor.items, editable: true, enrichedText: "", localize, ...o });
const fileOf = (path: string) => join(ROOT, "templates", path.slice("systems/cychosys/templates/".length));

describe("the parts and partials", () => {
  it("name templates that exist", () => {
    const paths = [...Object.values(CWN_CHARACTER_PARTS), ...Object.values(CWN_NPC_PARTS), ...CWN_ITEM_TYPES.flatMap((t) => Object.values(cwnItemParts(t)))].map((p) => p.template);
    for (const path of [...paths, ...CWN_PARTIALS]) {
      expect(path.startsWith(CWN_TEMPLATE_ROOT)).toBe(true);
      expect(existsSync(fileOf(path)), path).toBe(true);
    }
  });

  it("every literal CYCHOSYS key in the CWN templates and view code is in lang/en.json", () => {
    const walk = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
    const text = [...walk(join(ROOT, "templates/cwn")), ...walk(join(ROOT, "src/rulesets/cwn/views")), ...walk(join(ROOT, "src/foundry/cwn"))].map((f) => readFileSync(f, "utf8")).join("\n");
    const keys = new Set([...text.matchAll(/CYCHOSYS\.[A-Za-z]+(?:\.[A-Za-z]+)+(?=["`])/g)].map((m) => m[0]));
    expect(keys.size).toBeGreaterThan(80);
    const lang = JSON.parse(readFileSync(join(ROOT, "lang/en.json"), "utf8"));
    const node = (key: string) => key.split(".").reduce<unknown>((n, part) => (n as Record<string, unknown> | undefined)?.[part], lang);
    expect([...keys].filter((k) => node(k) === undefined)).toEqual([]);
  });
});

describe("the character sheet's view (Vee)", () => {
  const view = viewOf(vee);

  it("W13: scores with the modifiers the rules use; the combat skills' levels", () => {
    expect(view.attributes.map((a) => [a.id, a.value, a.modifier])).toEqual([["str", 10, "+0"], ["dex", 16, "+1"], ["con", 12, "+0"], ["int", 13, "+0"], ["wis", 9, "+0"], ["cha", 14, "+1"]]);
    expect(view.combatSkills.map((c) => [c.id, c.level])).toEqual([["punch", 0], ["stab", 1], ["shoot", 2]]);
    expect(view.skills.map((s) => [s.name, s.level])).toEqual([["Shoot", "2"], ["Stab", "1"], ["Punch", "0"], ["Sneak", "1"]]);
  });

  it("W13–W18, W21: each weapon's hit bonus, damage with its bonus, Shock and Trauma; the magazine (W32)", () => {
    const rows = Object.fromEntries(view.weapons.map((w) => [w.id, w]));
    expect(rows.wPistol).toMatchObject({ hit: "+4", damage: "1d8+1", shock: "\u2014", trauma: "1d8 \u00d73", magazine: "12/15", readied: true });
    expect(rows.wKnife).toMatchObject({ hit: "+3", damage: "1d4+1", shock: "2/AC 15" });
    expect(rows.wFists).toMatchObject({ hit: "+2", damage: "1d2+1", tags: ["CYCHOSYS.Cwn.Sheet.Unarmed"] });
  });

  it("W13, W15, W19: the header's derived figures from the worn armor only; armor rows with worn state", () => {
    expect(view.figures).toMatchObject({ acMelee: 14, acRanged: 14, traumaTarget: 6, soak: "3/5", punch: "0", screenUses: 2 });
    expect(view.armors.map((a) => [a.id, a.ac, a.soak, a.trauma, a.worn])).toEqual([["aClothes", "13/13", "3/5", null, true], ["aVest", "15/15", "5/5", "+1", false]]);
    expect(view.downed).toMatchObject({ value: "none", out: false, label: "standing" });
    // docs/style.md: a choice is a label, in sentence case ("Standing", not "standing").
    expect(view.downed.options.map((o) => [o.label, o.selected])).toEqual([["Standing", true], ["Mortally wounded", false], ["Dead", false], ["Unconscious", false], ["Stunned and helpless", false]]);
  });

  it("docs/style.md: hit points the biggest figure, drawn as a track (14 of 17); the tabs in the house order, opening on Attributes", () => {
    expect(view.hp).toMatchObject({ value: 14, max: 17, percent: 82, meterLabel: "Hit points: 14 of 17" });
    expect(Object.keys(view.tabs!)).toEqual(["stats", "combat", "biography"]);
    expect(view.tabs!.stats!.active).toBe(true);
    expect(view.armorNote).toBeNull();
  });

  it("W1: scene abilities with their uses; a stowed weapon is marked", () => {
    expect(view.sceneAbilities).toEqual([{ index: 0, name: "Veteran's Luck", uses: 1, used: 0, spent: false, path: "system.sceneAbilities.0" }]);
    const stowed = viewOf({ ...vee, items: vee.items.map((i) => (i.id === "wKnife" ? { ...i, system: { ...i.system, state: "stowed" } } : i)) });
    expect(stowed.weapons.find((w) => w.id === "wKnife")).toMatchObject({ readied: false, stateLabel: "CYCHOSYS.Cwn.Sheet.Stowed" });
  });

  it("a downed character says so (W19); nothing derived shows the stored values and says so", () => {
    const down = viewOf({ ...vee, system: { ...vee.system, hp: { value: 0, max: 17 }, downed: "mortallyWounded" } });
    expect(down.downed).toMatchObject({ out: true, label: "mortally wounded" });
    expect(down.hp.down).toBe(true);
    const raw = viewOf(vee, { derived: undefined });
    expect(raw.underived).toBe(true);
    expect(raw.figures.acMelee).toBe("\u2014");
    expect(raw.weapons[0]).toMatchObject({ hit: "\u2014", damage: "1d8" });
  });
});

describe("the NPC sheet's view (the guards)", () => {
  const view = viewOf(guards);
  it("the stat block as stored; the unreadable Trauma Die listed with the parser's words (W15)", () => {
    expect(view.npc).toEqual({ acMelee: 14, acRanged: 14, soakValue: 3, soakMax: 3, traumaTarget: 7, morale: 8, skillBonus: 1 });
    expect(view.attributes.map((a) => [a.value, a.score])).toEqual([[0, false], [1, false], [0, false], [0, false], [0, false], [0, false]]);
    expect(view.problems).toEqual(['Shock baton (Trauma Die): "1d7x" is not dice: write a number of dice, d and their size, and maybe a flat part, like 1d8 or 2d6+2 (W15, W16). Counted as 1d2 until it is fixed.']);
    expect(view.weapons.find((w) => w.id === "wRifle")!.damage).toBe("1d10+3");
    expect(view.tabs).toBeNull();
  });

  it("W13, W19: the AC and soak come from the armour the guards wear, and the sheet says so; a stat block that differs says which counts", () => {
    expect(view.armors.map((a) => a.id)).toEqual(["aSecurityVest"]);
    expect(view.armorNote).toBe("AC and soak are the stat block's, and come from the armour worn: Security vest (AC 13/13, soak 3), with Dex +1 (W13, W19).");
    const heavier = viewOf({ ...guards, system: { ...guards.system, ac: { melee: 16, ranged: 16 } } });
    expect(heavier.armorNote).toBe("The stat block's AC 16/16 and soak 3 are what count; the armour worn, Security vest (AC 13/13, soak 3), with Dex +1 would give AC 14/14 and soak 3 (W13, W19).");
    expect(viewOf({ ...guards, items: guards.items.filter((i) => i.type !== "cwnArmor") }).armorNote).toBeNull();
  });
});

describe("the item sheets' views", () => {
  it("a weapon's choices and its Shock, magazine and range", () => {
    const knife = vee.items.find((i) => i.id === "wKnife")!;
    const view = cwnItemSheetView({ type: "cwnWeapon", name: knife.name, img: "", system: knife.system, editable: true, enrichedDescription: "" });
    expect(view.kinds.find((k) => k.selected)?.value).toBe("melee");
    expect(view.attributes.find((a) => a.selected)?.value).toBe("str");
    expect(view.altAttributes.find((a) => a.selected)?.value).toBe("dex");
    expect(view.shock).toEqual({ enabled: true, damage: 1, ac: 15 });
    expect(view.reloads.map((r) => r.value)).toEqual(["main", "move", "onTurn", "bow"]);
  });

  it("docs/style.md: a weapon shows only the fields its kind uses — a knife no range, magazine or reload; a thrown knife its range only; a rifle all but bare hands", () => {
    expect(weaponUses("melee")).toEqual({ range: false, magazine: false, reload: false, twoHanded: false, unarmed: true, bodyWeapon: true, properties: true });
    expect(weaponUses("thrown")).toEqual({ range: true, magazine: false, reload: false, twoHanded: false, unarmed: false, bodyWeapon: false, properties: false });
    expect(weaponUses("ranged")).toEqual({ range: true, magazine: true, reload: true, twoHanded: true, unarmed: false, bodyWeapon: false, properties: true });
  });
});

describe("the submission check", () => {
  it("W15/W16: unreadable dice are left out with the parser's message; everything else goes through", () => {
    const { accepted, problems } = checkCwnSubmission("cwnWeapon", { "system.damage": "2d6+x", "system.traumaDie": " 1d8 ", name: "Rifle", "system.twoHanded": true });
    expect(accepted).toEqual({ "system.traumaDie": "1d8", name: "Rifle", "system.twoHanded": true });
    expect(problems).toEqual([{ name: "system.damage", value: "2d6+x", key: "CYCHOSYS.Cwn.Error.diceInvalid", params: { text: '"2d6+x"' } }]);
    expect(english(problems[0]!.key, problems[0]!.params)).toContain("is not dice");
  });

  it("W1: the rows of scene abilities fold into the one stored list", () => {
    const stored = [{ name: "Luck", uses: 1, used: 0 }, { name: "Rage", uses: 2, used: 2 }];
    expect(foldSceneAbilities({ "system.sceneAbilities.1.used": 1, "system.sceneAbilities.0.name": "Veteran's Luck", name: "Vee" }, stored)).toEqual({
      name: "Vee",
      "system.sceneAbilities": [{ name: "Veteran's Luck", uses: 1, used: 0 }, { name: "Rage", uses: 2, used: 1 }],
    });
    expect(foldSceneAbilities({ "system.sceneAbilities.7.used": 1 }, stored)).toEqual({});
    expect(checkCwnSubmission("cwnCharacter", { "system.sceneAbilities.0.used": 1 }, { sceneAbilities: stored }).accepted).toEqual({ "system.sceneAbilities": [{ name: "Luck", uses: 1, used: 1 }, stored[1]] });
  });
});
