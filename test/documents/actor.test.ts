/** The data models and the Actor document against small Foundry fakes. */
import { createdMessages, FakeDie, notifications, renderedTemplates } from "../foundry/fakes.js";
import { beforeEach, describe, expect, it } from "vitest";
import { ACTOR_MODELS, CharacterModel, ITEM_MODELS, NpcModel, ObjectModel, SkillModel } from "../../src/foundry/cychosys/models/index.js";
import { conditionsFromEffects } from "../../src/rulesets/cychosys/data/conditions.js";
import { CychosysDie } from "../../src/foundry/cychosys/dice.js";
import { CychosysActor } from "../../src/foundry/cychosys/documents/actor.js";
import { CychosysItem } from "../../src/foundry/cychosys/documents/item.js";
import { ACTOR_SCHEMAS, ITEM_SCHEMAS, systemDefaults } from "../../src/rulesets/cychosys/data/schema/index.js";
import { parker, thorton } from "../fixtures/cast.js";
import { setActiveAdapter } from "../../src/foundry/adapter.js";
import { deriveCychosys } from "../../src/foundry/cychosys/derive.js";
import { createCychosysRuleset } from "../../src/rulesets/cychosys/ruleset.js";

const g = globalThis as unknown as { CONFIG: Record<string, any>; game: Record<string, any> };
g.CONFIG.Dice.terms.c = CychosysDie;
// A Cychosys world: the models derive through the Cychosys code once it has loaded.
setActiveAdapter({ ruleset: createCychosysRuleset(), register: () => undefined, cardContent: async () => "", renderCard: () => undefined, derive: deriveCychosys });

/** A fake actor: items and effects as Foundry collections would give them. */
function makeActor(type: "character" | "npc", cast: typeof parker | typeof thorton, effects: object[] = []) {
  const items = cast.items.map((i) => new CychosysItem({ id: i.id, name: i.name, type: i.type, system: structuredClone(i.system) } as never) as any);
  const actor: any = new CychosysActor({
    id: "actor1",
    uuid: "Actor.actor1",
    name: cast.name,
    type,
    items: Object.assign(items, { get: (id: string) => items.find((i) => i.id === id) }),
    effects: Object.assign([...effects], { get: (id: string) => (effects as { id: string }[]).find((e) => e.id === id) }),
  } as never);
  for (const item of items) (item as unknown as { actor: unknown }).actor = actor;
  const Model = type === "character" ? CharacterModel : NpcModel;
  const system: any = new Model(structuredClone(cast.system) as never, { parent: actor } as never);
  system.prepareDerivedData();
  (actor as unknown as { system: unknown }).system = system;
  return { actor: actor as CychosysActor & { updates: unknown[] }, system, items: items as (CychosysItem & { updates: unknown[] })[] };
}

beforeEach(() => {
  notifications.info.length = notifications.warn.length = notifications.error.length = 0;
  createdMessages.length = 0;
  renderedTemplates.length = 0;
  g.game.combats = { contents: [] };
});

describe("data models", () => {
  it("static members come from the schema description and the pure migrations", () => {
    expect(Object.keys(CharacterModel.defineSchema())).toEqual(Object.keys(ACTOR_SCHEMAS.character));
    expect(CharacterModel.migrateData({ pools: { hit: { physical: 7 } }, schemaVersion: 0 })).toEqual({ pools: { hit: { physical: { value: 7, max: 7 } } }, schemaVersion: 1 });
    expect(SkillModel.migrateData({ dice: 0 })).toEqual({ dice: 1 });
  });

  it("each model builds its own type's schema (weapons and tricks share their fields, not their type)", () => {
    for (const [type, Model] of Object.entries(ITEM_MODELS)) {
      expect(Model.schemaType).toBe(type);
      expect(Object.keys(Model.defineSchema())).toEqual(Object.keys(ITEM_SCHEMAS[type as keyof typeof ITEM_SCHEMAS]));
    }
    for (const [type, Model] of Object.entries(ACTOR_MODELS)) {
      expect(Model.schemaType).toBe(type);
      expect(Object.keys(Model.defineSchema())).toEqual(Object.keys(ACTOR_SCHEMAS[type as keyof typeof ACTOR_SCHEMAS]));
    }
  });

  it("validateJoint rejects value > max with the path (R33, R37)", () => {
    const system = systemDefaults("Actor", "character") as Record<string, any>;
    expect(() => CharacterModel.validateJoint(system)).not.toThrow();
    system.pools.fatigue.mental = { value: 7, max: 6 };
    expect(() => CharacterModel.validateJoint(system)).toThrow("pools.fatigue.mental.value: the value 7 is above the maximum 6.");
    expect(() => ObjectModel.validateJoint({ hits: { value: 3, max: 2 } })).toThrow(/hits.value/);
  });

  it("a character's derived data comes from deriveCombatant: Parker's quickness 7 (R38), totals (R13), experience total", () => {
    const { system } = makeActor("character", parker);
    expect(system.derived.quickness.quickness).toBe(7);
    expect(system.derived.locations.chest.shield).toBe("BBDDRH3");
    expect(system.derived.locations.head.pieces).toEqual(["Skin"]);
    expect(system.derived.totals.find((t: { key: string }) => t.key === "gear:wpPistol")).toMatchObject({ formula: "5dc + 11" });
    expect(system.derived.experience).toEqual({ total: 15 });
  });

  it("conditions come from the actor's effects with cychosys-<letter> statuses (R10, R33)", () => {
    const effects = [
      { id: "e1", statuses: new Set(["cychosys-S"]), disabled: false, flags: {} },
      { id: "e2", statuses: new Set(["cychosys-B"]), disabled: false, flags: { cychosys: { piercing: true } } },
      { id: "e3", statuses: new Set(["cychosys-B"]), disabled: true, flags: {} },
      { id: "e4", statuses: new Set(["dead"]), disabled: false, flags: {} },
    ];
    const { system } = makeActor("npc", thorton, effects);
    expect(system.derived.conditions).toBe("SB*");
    expect(system.derived.penalties).toMatchObject({ physical: 4, quickness: 2 });
    expect(conditionsFromEffects(effects)).toEqual([
      { letter: "S", piercing: false },
      { letter: "B", piercing: true },
    ]);
  });

  it("an object's derived data comes from deriveObject (R37)", () => {
    const object = new ObjectModel({ hits: { value: 0, max: 2 }, shield: "VV2", description: "", schemaVersion: 1 } as never);
    object.prepareDerivedData();
    expect(object.derived).toMatchObject({ destroyed: true, size: { large: 2, small: 0 } });
  });
});

describe("CychosysActor.rollAction (R8, R11–R13, R40)", () => {
  it("rolls the derived total with dc dice and posts the card with every die, key die, total and category", async () => {
    const { actor } = makeActor("character", parker);
    FakeDie.faces = [2, 10, 8, 4, 6];
    const message = await actor.rollAction("skill:skShoot");
    expect(message).toBeDefined();
    const card = renderedTemplates[0]!.context as Record<string, any>;
    expect(renderedTemplates[0]!.path).toBe("systems/cychosys/templates/chat/action-roll.hbs");
    expect(card.dice.map((d: { label: string }) => d.label)).toEqual(["2", "10", "8", "4", "6"]);
    expect(card).toMatchObject({ total: 40, categoryLabel: "CYCHOSYS.Category.tough", crash: false, surge: false, experience: 0 });
    expect((createdMessages[0]!.rolls as { total: number }[])[0]!.total).toBe(40);
    expect(actor.updates).toEqual([]);
  });

  it("a crash on the key die: total 0 and 1 experience, in combat too", async () => {
    const { actor, system } = makeActor("character", parker);
    g.game.combats = { contents: [{ started: true, combatants: [{ actor: { uuid: "Actor.actor1" } }] }] };
    FakeDie.faces = [12, 9];
    await actor.rollAction("skill:skMove", { modifier: 3 });
    const card = renderedTemplates[0]!.context as Record<string, any>;
    expect(card).toMatchObject({ total: 0, crash: true, categoryLabel: undefined, experience: 1 });
    expect(actor.updates).toEqual([{ "system.experience.unspent": 4 }]);
    expect(system.experience.unspent).toBe(4);
  });

  it("an NPC's surge earns nothing (NPCs do not advance)", async () => {
    const { actor } = makeActor("npc", thorton);
    FakeDie.faces = [11, 1, 1, 1, 1, 1];
    await actor.rollAction("skill:skShoot");
    expect((renderedTemplates[0]!.context as { surge: boolean; experience: number })).toMatchObject({ surge: true, experience: 0 });
    expect(actor.updates).toEqual([]);
  });

  it("an unknown total or a bad modifier posts nothing and says why", async () => {
    const { actor } = makeActor("character", parker);
    expect(await actor.rollAction("skill:nope")).toBeUndefined();
    expect(await actor.rollAction("skill:skShoot", { modifier: 1.5 })).toBeUndefined();
    expect(notifications.warn[0]).toContain('"skill:nope"');
    expect(notifications.error[0]).toContain("1.5");
    expect(createdMessages).toEqual([]);
  });
});

describe("experience (R18, R40, R41)", () => {
  it("spending is refused during an active combat, with the reason", async () => {
    const { actor } = makeActor("character", parker);
    g.game.combats = { contents: [{ started: true, combatants: [{ actor: { uuid: "Actor.actor1" } }] }] };
    expect(actor.inCombat).toBe(true);
    expect(await actor.spendExperience(1)).toBe(false);
    expect(notifications.warn).toEqual(["Experience cannot be spent during combat (R18)."]);
    expect(actor.updates).toEqual([]);
  });

  it("a combat not started, or without the actor, does not block", async () => {
    const { actor } = makeActor("character", parker);
    g.game.combats = { contents: [{ started: false, combatants: [{ actor: { uuid: "Actor.actor1" } }] }, { started: true, combatants: [{ actor: { uuid: "Actor.other" } }] }] };
    expect(actor.inCombat).toBe(false);
    expect(await actor.spendExperience(2)).toBe(true);
    expect(actor.updates).toEqual([{ "system.experience.unspent": 1, "system.experience.spent": 14 }]);
  });

  it("cannot spend more than is unspent", async () => {
    const { actor } = makeActor("character", parker);
    expect(await actor.spendExperience(4)).toBe(false);
    expect(notifications.warn).toEqual(["That costs 4 experience; 3 unspent."]);
  });

  it("improveGear adds letters to an edge for their powers (R41)", async () => {
    const { actor, items } = makeActor("character", parker);
    expect(await actor.improveGear("wpPistol", ["B"])).toBe(true);
    const pistol = items.find((i) => i.id === "wpPistol")!;
    expect(pistol.updates).toEqual([{ "system.edge": "FBB2" }]);
    expect(actor.updates).toEqual([{ "system.experience.unspent": 1, "system.experience.spent": 14 }]);
  });

  it("improveGear is blocked in combat and refuses non-gear", async () => {
    const { actor } = makeActor("character", parker);
    expect(await actor.improveGear("skShoot", ["B"])).toBe(false);
    g.game.combats = { contents: [{ started: true, combatants: [{ actor: { uuid: "Actor.actor1" } }] }] };
    expect(await actor.improveGear("ofSuit", ["B"])).toBe(false);
    expect(notifications.warn.at(-1)).toBe("Experience cannot be spent during combat (R18).");
    expect(actor.updates).toEqual([]);
  });
});

describe("conditions as ActiveEffects (R10, R33)", () => {
  it("addCondition creates one effect with the status id, name, icon, penalty and piercing flag", async () => {
    const { actor } = makeActor("character", parker);
    const created: unknown[] = [];
    (actor as unknown as { createEmbeddedDocuments: unknown }).createEmbeddedDocuments = async (_name: string, data: unknown[]) => {
      created.push(...data);
      return data;
    };
    await actor.addCondition("S", true);
    expect(created).toEqual([
      {
        name: "Shatter (piercing)",
        img: "icons/svg/paralysis.svg",
        statuses: ["cychosys-S"],
        description: "<p>Broken bone: −2 to physical action totals, quickness −2.</p><p>Penalty: Physical −2, quickness −2.</p>",
        flags: { cychosys: { piercing: true } },
      },
    ]);
    expect(await actor.addCondition("V")).toBeUndefined();
    expect(notifications.warn[0]).toContain('"V" is not a wounding effect');
  });

  it("removeCondition deletes the effect by id", async () => {
    let deleted = false;
    const { actor } = makeActor("character", parker, [{ id: "e1", statuses: new Set(["cychosys-D"]), delete: async () => ((deleted = true), {}) }]);
    await actor.removeCondition("e1");
    expect(deleted).toBe(true);
    expect(await actor.removeCondition("zzz")).toBeUndefined();
  });
});

describe("CychosysItem", () => {
  it("knows the total it rolls", () => {
    const { items } = makeActor("character", parker);
    expect(items.find((i) => i.id === "skShoot")!.totalKey).toBe("skill:skShoot");
    expect(items.find((i) => i.id === "wpPistol")!.totalKey).toBe("gear:wpPistol");
    expect(items.find((i) => i.id === "ofSuit")!.totalKey).toBeUndefined();
  });
});
