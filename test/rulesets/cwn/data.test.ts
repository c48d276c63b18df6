/** The CWN data layer: the stored schemas (validation, defaults) and the derived figures, through the rules core. */
import { describe, expect, it } from "vitest";
import type { RulesetManifest } from "../../../src/core/ruleset.js";
import { registerManifest } from "../../../src/core/schema/registry.js";
import { systemDefaults, validateSystemSource } from "../../../src/core/schema/validate.js";
import { attackerInput, type CwnItemInput, defenderInput, deriveCwnActor } from "../../../src/rulesets/cwn/data/derive.js";
import { CWN_ACTOR_TYPES, CWN_ITEM_TYPES, CWN_SCHEMA_VERSION } from "../../../src/rulesets/cwn/data/schema.js";
import { CWN_MANIFEST } from "../../../src/rulesets/cwn/manifest.js";
import { attributeModifier, makeCwnRules, resolveCwnAttack } from "../../../src/rulesets/cwn/rules/index.js";

registerManifest(CWN_MANIFEST as unknown as RulesetManifest);

const character = (patch: Record<string, unknown> = {}) => ({ ...systemDefaults("Actor", "cwnCharacter"), ...patch });
const npc = (patch: Record<string, unknown> = {}) => ({ ...systemDefaults("Actor", "cwnNpc"), ...patch });
const item = (id: string, type: string, name: string, patch: Record<string, unknown> = {}): CwnItemInput => ({ id, name, type, system: { ...systemDefaults("Item", type), ...patch } });
const skill = (id: string, combatSkill: string, level: number) => item(id, "cwnSkill", combatSkill, { combatSkill, level });

describe("schemas", () => {
  it.each([...CWN_ACTOR_TYPES.map((t) => ["Actor", t] as const), ...CWN_ITEM_TYPES.map((t) => ["Item", t] as const)])("a new %s %s is valid and at its schema version", (doc, type) => {
    const defaults = systemDefaults(doc, type);
    expect(validateSystemSource(doc, type, defaults)).toEqual([]);
    expect(defaults.schemaVersion).toBe(CWN_SCHEMA_VERSION[type]);
  });

  it("dice are checked by the core's parser; bounds, choices, pools and unknown keys by the description", () => {
    const weapon = { ...systemDefaults("Item", "cwnWeapon"), damage: "1x8", traumaDie: "21d6", kind: "laser", magazine: { value: 9, max: 6 } };
    const problems = validateSystemSource("Item", "cwnWeapon", weapon);
    expect(problems.map((p) => p.path)).toEqual(["kind", "damage", "traumaDie", "magazine.value"]);
    expect(problems[1]!.message).toContain('"1x8" is not dice');
    expect(problems[2]!.message).toContain("from 1 to 20 dice");
    const pc = validateSystemSource("Actor", "cwnCharacter", character({ attributes: { str: 19, dex: 10, con: 10, int: 10, wis: 10, cha: 10 }, extra: 1 }));
    expect(pc.map((p) => p.path)).toEqual(["attributes.str", "extra"]);
    expect(validateSystemSource("Actor", "cwnNpc", npc({ morale: 13, downed: "asleep" })).map((p) => p.path)).toEqual(["downed", "morale"]);
  });

  it("the manifest drafts every type with its version, html fields, packs and token bars", () => {
    expect(Object.keys(CWN_MANIFEST.Actor)).toEqual(["cwnCharacter", "cwnNpc"]);
    expect(Object.keys(CWN_MANIFEST.Item)).toEqual(["cwnWeapon", "cwnArmor", "cwnSkill"]);
    expect(CWN_MANIFEST.Actor.cwnCharacter!.htmlFields).toEqual(["biography"]);
    expect(CWN_MANIFEST.trackable.cwnNpc).toEqual({ bar: ["hp", "soak"], value: ["morale"], token: ["hp", "soak"] });
  });
});

describe("derived figures", () => {
  it("attribute modifiers follow the table: 3 → −2, 4–7 → −1, 8–13 → 0, 14–17 → +1, 18 → +2", () => {
    expect([3, 4, 7, 8, 13, 14, 17, 18].map((s) => attributeModifier(s))).toEqual([-2, -1, -1, 0, 0, 1, 1, 2]);
    expect(attributeModifier(18, makeCwnRules({ attributeModifiers: [{ min: 3, modifier: 0 }, { min: 16, modifier: 3 }] }))).toBe(3);
  });

  it("W13/W15/W19/W26: a character's AC is its best worn armor + Dex + bonus; Trauma Target and soak come from the armor", () => {
    const d = deriveCwnActor("cwnCharacter", character({ attributes: { str: 14, dex: 16, con: 10, int: 10, wis: 10, cha: 10 }, acBonus: 1, traumaTargetBonus: 1 }), [
      item("a1", "cwnArmor", "armored coat", { acMelee: 13, acRanged: 15, soak: { value: 3, max: 5 }, traumaTargetModifier: 1 }),
      item("a2", "cwnArmor", "cyber plating", { acMelee: 14, acRanged: 12, soak: { value: 4, max: 4 }, integralCyberArmor: true }),
      item("a3", "cwnArmor", "spare vest", { acMelee: 18, acRanged: 18, worn: false }),
    ]);
    expect(d.ac).toEqual({ melee: 14 + 1 + 1, ranged: 15 + 1 + 1 });
    expect(d.traumaTarget).toBe(6 + 1 + 1);
    expect(d.soak).toEqual({ value: 7, max: 9 });
    expect(d.soakPieces.map((p) => p.id)).toEqual(["a1", "a2"]);
    expect(d.integralCyberArmor).toBe(true);
    expect(deriveCwnActor("cwnCharacter", character(), []).ac).toEqual({ melee: 10, ranged: 10 });
  });

  it("W13/W26: combat skills from the items (untrained −1); the highest gives the screening uses; an NPC uses its skill bonus", () => {
    const pc = deriveCwnActor("cwnCharacter", character(), [skill("s1", "stab", 2), skill("s2", "shoot", 1), item("s3", "cwnSkill", "Talk", { level: 3 })]);
    expect(pc.combatSkills).toEqual({ punch: -1, stab: 2, shoot: 1 });
    expect([pc.highestCombatSkill, pc.screenUses]).toEqual([2, 2]);
    const foe = deriveCwnActor("cwnNpc", npc({ skillBonus: 1 }), [skill("s1", "shoot", 2)]);
    expect(foe.combatSkills).toEqual({ punch: 1, stab: 1, shoot: 2 });
    expect(deriveCwnActor("cwnCharacter", character(), []).screenUses).toBe(0);
  });

  it("W13/W16/W18/W21: each weapon's hit bonus, damage bonus and Shock, through the core", () => {
    const d = deriveCwnActor("cwnCharacter", character({ baseHitBonus: 1, attributes: { str: 14, dex: 16, con: 10, int: 10, wis: 10, cha: 10 } }), [
      skill("s1", "stab", 1),
      skill("s2", "punch", 2),
      item("w1", "cwnWeapon", "machete", { damage: "1d8", attribute: "str", altAttribute: "dex", shock: { enabled: true, damage: 2, ac: 13 }, traumaDie: "1d6", traumaRating: 3 }),
      item("w2", "cwnWeapon", "pistol", { kind: "ranged", damage: "1d6+1", attribute: "dex", skill: "shoot" }),
      item("w3", "cwnWeapon", "fists", { damage: "1d2", unarmed: true, skill: "stab" }),
    ]);
    const [machete, pistol, fists] = d.weapons;
    expect(machete).toMatchObject({ attribute: "str", attributeModifier: 1, skill: "stab", skillLevel: 1, hitBonus: 1 + 1 + 1, damageBonus: 1, shock: { damage: 3, ac: 13 }, traumaDie: "1d6", traumaRating: 3 });
    expect(pistol).toMatchObject({ damage: "1d6+1", untrained: true, skillLevel: -1, hitBonus: 1 + 1 - 2, shock: null });
    expect(fists).toMatchObject({ skill: "punch", hitBonus: 1 + 1 + 2, damageBonus: 1 + 2 });
  });

  it("the workflow's inputs resolve like the seed: d20 14 + base hit 1 + Dex 1 + Shoot 1 = 17 against ranged AC 15 (seed check 2)", () => {
    const mack = deriveCwnActor("cwnCharacter", character({ baseHitBonus: 1, attributes: { str: 10, dex: 14, con: 10, int: 10, wis: 10, cha: 10 } }), [
      skill("s1", "shoot", 1),
      item("w1", "cwnWeapon", "heavy pistol", { kind: "ranged", damage: "1d8", attribute: "dex", skill: "shoot", traumaDie: "1d8", traumaRating: 3 }),
    ]);
    const ganger = deriveCwnActor("cwnNpc", npc({ ac: { melee: 13, ranged: 15 }, hp: { value: 10, max: 10 } }), []);
    const res = resolveCwnAttack({ attacker: attackerInput(mack, "w1")!, defender: defenderInput(ganger, { charging: false }), roll: 14, traumaDice: [6], damageDice: [6] });
    expect([res.hitRoll!.total, res.ac!.total, res.hit, res.dealt, res.harm!.hpAfter, res.harm!.downed]).toEqual([17, 15, true, 21, 0, "dead"]);
    expect(attackerInput(mack, "nope")).toBeUndefined();
    expect(defenderInput(ganger, { totalDefense: true })).toMatchObject({ totalDefense: true, playerCharacter: false, traumaTarget: 6 });
  });

  it("never throws: hostile stored data reads as defaults, an unreadable dice text as 1d2 listed in problems", () => {
    expect(() => deriveCwnActor("cwnCharacter", undefined, [])).not.toThrow();
    const d = deriveCwnActor("cwnNpc", { hp: { value: 50, max: 8 }, ac: null, attributes: { dex: 9 }, morale: "brave" }, [
      null as never,
      { id: 7, name: null, type: "cwnWeapon", system: { damage: "lots", traumaDie: 4, kind: "laser" } } as never,
    ]);
    expect(d.hp).toEqual({ value: 8, max: 8 });
    expect(d.ac).toEqual({ melee: 10, ranged: 10 });
    expect(d.initiativeDex).toBe(0);
    expect(d.morale).toBe(8);
    expect(d.weapons[0]).toMatchObject({ id: "7", kind: "melee", damage: "1d2", traumaDie: "1d2" });
    expect(d.problems.map((p) => [p.where, p.i18nKey])).toEqual([["item:7.damage", "CYCHOSYS.Cwn.Error.diceInvalid"], ["item:7.traumaDie", "CYCHOSYS.Cwn.Error.diceEmpty"]]);
    expect(deriveCwnActor("cwnCharacter", character(), null as never).weapons).toEqual([]);
  });
});

describe("after the fight (W1, W19)", () => {
  it("scene uses reset; soak refills by the world setting, on an NPC's pool or a character's armor", async () => {
    const { afterFightChanges } = await import("../../../src/rulesets/cwn/data/after-fight.js");
    const pc = character({ sceneAbilities: [{ name: "Veteran's Luck", uses: 1, used: 1 }] });
    const armor = [item("a1", "cwnArmor", "coat", { soak: { value: 1, max: 5 } }), item("a2", "cwnArmor", "vest", { soak: { value: 3, max: 3 } })];
    expect(afterFightChanges("cwnCharacter", pc, armor)).toEqual({
      actor: [{ path: "system.sceneAbilities", value: [{ name: "Veteran's Luck", uses: 1, used: 0 }] }],
      items: [{ id: "a1", path: "system.soak.value", value: 5 }],
    });
    expect(afterFightChanges("cwnCharacter", pc, armor, makeCwnRules({ soakRefillsAfterFight: false })).items).toEqual([]);
    expect(afterFightChanges("cwnNpc", npc({ soak: { value: 0, max: 4 } }), []).actor).toEqual([{ path: "system.soak.value", value: 4 }]);
    expect(afterFightChanges("cwnNpc", undefined, null as never)).toEqual({ actor: [], items: [] });
  });
});
