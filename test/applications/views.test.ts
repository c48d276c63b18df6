import { describe, expect, it } from "vitest";
import { deriveCombatant, deriveObject } from "../../src/rulesets/cychosys/data/derive/combatant.js";
import { combatantSheetView, itemSheetView, objectSheetView, tabsView, CHARACTER_TABS } from "../../src/rulesets/cychosys/views/index.js";
import { parker, thorton } from "../fixtures/cast.js";

const parkerView = (inCombat = false) =>
  combatantSheetView({
    kind: "character",
    name: parker.name,
    img: "p.svg",
    system: parker.system,
    derived: { ...deriveCombatant(parker.system, parker.items, []), experience: { total: 15 } },
    items: parker.items,
    conditions: [],
    inCombat,
    editable: true,
  });

describe("character sheet view (Parker)", () => {
  const view = parkerView();

  it("R38: shows quickness 7 and its parts, movement 7 and burden 1 from derived data", () => {
    expect(view.quickness).toEqual({ value: 7, highestPool: 10, burden: 1, trademark: -2, conditions: 0 });
    expect(view.movement).toBe(7);
    expect(view.burden).toMatchObject({ value: 1, commonWeight: 1, extraLayers: 0, hasWorn: true });
  });

  it("R30–R31: the body table lists the eight locations with shield and soak steps", () => {
    expect(view.body.map((b) => b.location)).toEqual(["head", "chest", "leftArm", "rightArm", "leftLeg", "rightLeg", "mind", "ego"]);
    expect(view.body.find((b) => b.location === "chest")).toMatchObject({ shield: "BBDDRH3", soakSteps: 1, pieces: "skin, suit" });
    expect(view.body.find((b) => b.location === "head")).toMatchObject({ shield: "BBDD2", bare: false });
    expect(view.body.find((b) => b.location === "mind")).toMatchObject({ shield: "0", bare: true, mental: true });
  });

  it("R13: skills, finesses and the pistol carry their totals and roll keys", () => {
    const shoot = view.skills.find((s) => s.name === "shoot")!;
    expect(shoot.total).toMatchObject({ key: "skill:skShoot", formula: "5dc + 10" });
    expect(shoot.finesses[0]).toMatchObject({ name: "pistol", bonus: 1, total: { key: "skill:skShoot:0", formula: "5dc + 11" } });
    const pistol = view.gear.find((g) => g.id === "wpPistol")!;
    expect(pistol).toMatchObject({ type: "weapon", edge: "FB2", skillName: "shoot", finesseName: "pistol", canParry: false });
    expect(pistol.total).toMatchObject({ key: "gear:wpPistol", formula: "5dc + 11", missingSkill: false });
    expect(pistol.total!.terms).toEqual([
      { label: "CYCHOSYS.Term.dice", value: 5 },
      { label: "CYCHOSYS.Term.base", value: 10 },
      { label: "CYCHOSYS.Term.finesse", value: 1 },
    ]);
  });

  it("pools: six, with their form paths, and bars from value and max", () => {
    expect(view.pools.hit.map((p) => [p.valuePath, p.value, p.max, p.percent])).toEqual([
      ["system.pools.hit.physical.value", 10, 10, 100],
      ["system.pools.hit.mental.value", 5, 5, 100],
      ["system.pools.hit.emotional.value", 4, 4, 100],
    ]);
    expect(view.pools.fatigue).toHaveLength(3);
  });

  it("outfit: equipped and unequipped pieces, covers as short labels; experience with its total", () => {
    expect(view.outfit.map((o) => [o.name, o.equipped])).toEqual([["suit", true], ["denim coat", false]]);
    expect(view.outfit[1]!.covers).toEqual(["CYCHOSYS.Sheet.LocationShort.chest", "CYCHOSYS.Sheet.LocationShort.leftArm", "CYCHOSYS.Sheet.LocationShort.rightArm"]);
    expect(view.experience).toEqual({ unspent: 3, spent: 12, total: 15 });
    expect(view.text).toMatchObject({ path: "system.biography" });
  });

  it("R18: in combat, advancement is locked with the reason; out of combat it is not", () => {
    expect(view.advancement).toEqual({ locked: false, reason: "" });
    expect(parkerView(true).advancement).toEqual({ locked: true, reason: "CYCHOSYS.Error.inCombat" });
  });
});

describe("NPC sheet view (Thorton)", () => {
  const view = combatantSheetView({
    kind: "npc",
    name: thorton.name,
    img: "t.svg",
    system: thorton.system,
    derived: deriveCombatant(thorton.system, thorton.items, thorton.conditions),
    items: thorton.items,
    conditions: [{ id: "ae1", letter: "B", piercing: true }],
    inCombat: true,
    editable: false,
  });

  it("R10, R33: conditions with their effect ids, names and the penalties they cause", () => {
    expect(view.conditions).toEqual([
      { id: "ae1", letter: "B", piercing: true, notation: "B*", name: "Bleed", description: "Bleeding: −2 to physical action totals." },
    ]);
    expect(view.conditionsText).toBe("B*");
    expect(view.penalties).toEqual([{ label: "CYCHOSYS.Facet.physical", value: 2 }]);
    expect(view.gear[0]!.total!.formula).toBe("6dc + 7");
  });

  it("has notes, not experience; offers only wounding effects as conditions to add", () => {
    expect(view.experience).toBeUndefined();
    expect(view.text).toMatchObject({ path: "system.notes", label: "CYCHOSYS.Sheet.Notes" });
    expect(view.conditionChoices.map((c) => c.letter).join("")).toBe("WUSXOBPDRH");
  });
});

describe("item and object sheet views", () => {
  const byId = (id: string) => parker.items.find((i) => i.id === id)!;

  it("skill: facet choices and one name/bonus path pair per finesse, and its description (schema v2)", () => {
    const view = itemSheetView({ name: "shoot", img: "", type: "skill", system: byId("skShoot").system, editable: true });
    expect(view.skill!.facets.filter((f) => f.selected).map((f) => f.value)).toEqual(["physical"]);
    expect(view.skill!.finesses).toEqual([{ index: 0, name: "pistol", bonus: 1, namePath: "system.finesses.0.name", bonusPath: "system.finesses.0.bonus" }]);
    expect(view.description).toEqual({ path: "system.description", raw: "", enriched: "" });
    const described = itemSheetView({ name: "shoot", img: "", type: "skill", system: { ...byId("skShoot").system, description: "<p>Guns.</p>" }, editable: true });
    expect(described.description.raw).toBe("<p>Guns.</p>");
  });

  it("outfit: the covered locations are checked, the layer selected; improvable only when owned", () => {
    const view = itemSheetView({ name: "suit", img: "", type: "outfit", system: byId("ofSuit").system, editable: true });
    expect(view.outfit!.locations.filter((l) => l.checked).map((l) => l.location)).toEqual(["chest", "leftArm", "rightArm", "leftLeg", "rightLeg"]);
    expect(view.outfit!.layers.find((l) => l.selected)!.value).toBe("worn");
    expect(view.outfit!.improvable).toBe(false);
    expect(itemSheetView({ name: "suit", img: "", type: "outfit", system: byId("ofSuit").system, editable: true, ownerSkills: [] }).outfit!.improvable).toBe(true);
  });

  it("trademark: effect changes on known keys get labels, others show the raw key", () => {
    const view = itemSheetView({
      name: "Heavy",
      img: "",
      type: "trademark",
      system: byId("tmHeavy").system,
      editable: true,
      effects: [{ id: "e", name: "Heavy", img: "", disabled: false, changes: [{ key: "system.modifiers.quickness", mode: 2, value: "-2" }, { key: "flags.x", mode: 5, value: "1" }] }],
    });
    expect(view.effects![0]!.changes).toEqual([
      { keyLabel: "CYCHOSYS.Sheet.Modifier.quickness", knownKey: true, modeLabel: "CYCHOSYS.Sheet.EffectMode.add", value: "-2" },
      { keyLabel: "flags.x", knownKey: false, modeLabel: "CYCHOSYS.Sheet.EffectMode.override", value: "1" },
    ]);
  });

  it("object (R37): hits bar, shield, destroyed at 0 hits", () => {
    const system = { hits: { value: 0, max: 6 }, shield: "V2", description: "", schemaVersion: 1 };
    expect(objectSheetView({ name: "car", img: "", system, derived: deriveObject(system), editable: true })).toMatchObject({
      hits: { value: 0, max: 6, percent: 0 },
      destroyed: true,
      soakSteps: 2,
      size: { small: 0, large: 1 },
    });
  });

  it("tabs: exactly one active, labelled from lang keys", () => {
    const tabs = tabsView(CHARACTER_TABS, "gear");
    expect(Object.values(tabs).filter((t) => t.active).map((t) => t.id)).toEqual(["gear"]);
    expect(tabs.gear).toMatchObject({ cssClass: "active", label: "CYCHOSYS.Sheet.Tab.gear", group: "primary" });
  });
});
