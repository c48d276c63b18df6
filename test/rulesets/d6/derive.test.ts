import { describe, expect, it } from "vitest";
import { deriveD6Actor, findRollable, type D6ItemInput } from "../../../src/rulesets/d6/data/derive.js";
import { D6_STANDARD_RULES, formatDieCode, makeD6Rules } from "../../../src/rulesets/d6/rules/index.js";

const attrs = (o: Partial<Record<string, string>> = {}) => ({
  agility: "3D", strength: "2D", mechanical: "2D", knowledge: "2D", perception: "3D", technical: "2D", ...o,
});
const actor = (o: Record<string, unknown> = {}) => ({
  attributes: attrs(), freeActions: 1, strengthAdjustment: "+0D", protection: "0D", blockBlades: false, wounds: { level: "none", untilRound: 0 }, ...o,
});
const skill = (id: string, name: string, code: string, attribute = "agility"): D6ItemInput => ({ id, name, type: "d6Skill", system: { attribute, code } });
const weapon = (id: string, name: string, system: Record<string, unknown>): D6ItemInput => ({
  id, name, type: "d6Weapon", system: { skill: "melee combat", mode: "melee", damage: "+1D", edged: false, lengthCm: 0, ranges: { short: 0, medium: 0, long: 0 }, usesPerRound: 1, aimable: false, ...system },
});
const armor = (id: string, code: string, equipped = true): D6ItemInput => ({ id, name: id, type: "d6Armor", system: { code, equipped } });
const txt = (c: { dice: number; pips: number }) => formatDieCode(c);

describe("D1 codes of attributes and skills", () => {
  it("reads every attribute and skill item, keyed", () => {
    const d = deriveD6Actor(actor({ attributes: attrs({ agility: "3D+2" }) }), [skill("s1", "Dodge", "5D+1")]);
    expect(txt(d.attributes.agility)).toBe("3D+2");
    const dodge = d.skills.find((s) => s.name === "Dodge")!;
    expect(dodge).toMatchObject({ id: "s1", key: "skill:s1", untrained: false, text: "5D+1" });
    expect(d.problems).toEqual([]);
  });

  it("lists the untrained table's skills it lacks on their attribute: weapon and defense skills on Agility, search on Perception", () => {
    const d = deriveD6Actor(actor({ attributes: attrs({ agility: "4D", perception: "3D+1" }) }), [skill("s1", "dodge", "5D")]);
    const names = d.skills.filter((s) => s.untrained).map((s) => s.name).sort();
    expect(names).toEqual(["brawling", "firearms", "gunnery", "melee combat", "missile weapons", "search", "throwing"]);
    expect(d.skills.find((s) => s.key === "untrained:search")).toMatchObject({ attribute: "perception", text: "3D+1", id: "" });
    expect(d.skills.find((s) => s.key === "untrained:firearms")).toMatchObject({ attribute: "agility", text: "4D" });
    expect(d.skills.filter((s) => s.name.toLowerCase() === "dodge")).toHaveLength(1);
  });

  it("never throws: an unreadable attribute counts 0D, an unreadable skill falls back to its attribute, each listed", () => {
    const d = deriveD6Actor(actor({ attributes: attrs({ strength: "lots", perception: "3D+2" }) }), [skill("s9", "search", "5D+7", "perception")]);
    expect(txt(d.attributes.strength)).toBe("0D");
    expect(d.skills.find((s) => s.id === "s9")!.text).toBe("3D+2");
    expect(d.problems!.map((p) => p.where)).toEqual(["attributes.strength", "item:s9.code"]);
    expect(d.problems![0]).toMatchObject({ value: "lots", i18nKey: "CYCHOSYS.D6.Error.dieCodeInvalid" });
    expect(d.problems![1]!.i18nKey).toBe("CYCHOSYS.D6.Error.dieCodePips");
  });

  it("survives missing and hostile stored data", () => {
    expect(() => deriveD6Actor(undefined, [])).not.toThrow();
    const d = deriveD6Actor({ attributes: null, wounds: { level: "eaten", untilRound: -4 }, strengthAdjustment: 7 }, [{ id: "x", name: "x", type: "d6Skill", system: null }]);
    expect(d.wound.level).toBe("none");
    expect(d.problems!.length).toBeGreaterThan(6);
    expect(d.skills.find((s) => s.id === "x")).toMatchObject({ attribute: "agility", text: "0D" });
    const odd = [null, { id: 7, name: null, type: "d6Weapon", system: { skill: 3, damage: null } }] as unknown as D6ItemInput[];
    expect(() => deriveD6Actor(actor(), odd)).not.toThrow();
    expect(deriveD6Actor(actor(), null as never).skills.every((s) => s.untrained)).toBe(true);
  });
});

describe("D8 initiative bonus", () => {
  it("seed check 12: Agility 3D+2 → 0, 4D → +1, 8D+1 → +2", () => {
    expect(deriveD6Actor(actor({ attributes: attrs({ agility: "3D+2" }) }), []).initiativeBonus).toBe(0);
    expect(deriveD6Actor(actor({ attributes: attrs({ agility: "4D" }) }), []).initiativeBonus).toBe(1);
    expect(deriveD6Actor(actor({ attributes: attrs({ agility: "8D+1" }) }), []).initiativeBonus).toBe(2);
  });
  it("seed check 12: Perception 3D with search 5D+1 → +1; both sources → the better only", () => {
    const d = deriveD6Actor(actor({ attributes: attrs({ perception: "3D" }) }), [skill("s", "search", "5D+1", "perception")]);
    expect(d.initiativeBonus).toBe(1);
    const both = deriveD6Actor(actor({ attributes: attrs({ perception: "3D", agility: "8D" }) }), [skill("s", "Search", "5D+1", "perception")]);
    expect(both.initiativeSources).toEqual({ fromSearch: 1, fromAgility: 2 });
    expect(both.initiativeBonus).toBe(2);
  });
  it("an untrained search gives nothing; the sum when the world says so", () => {
    expect(deriveD6Actor(actor({ attributes: attrs({ perception: "5D" }) }), []).initiativeSources!.fromSearch).toBe(0);
    const sum = makeD6Rules({ initiativeBonusCombine: "sum" });
    expect(deriveD6Actor(actor({ attributes: attrs({ perception: "3D", agility: "4D" }) }), [skill("s", "search", "5D", "perception")], sum).initiativeBonus).toBe(2);
  });
});

describe("D32 Strength Damage and D31 weapon damage", () => {
  it.each([["3D+2", 2], ["4D", 2], ["5D+1", 3], ["1D", 1]])("seed check 10: Strength %s → %iD", (strength, dice) => {
    expect(deriveD6Actor(actor({ attributes: attrs({ strength }) }), []).strengthDamageDice).toBe(dice);
  });
  it("seed check 10: a +1D knife with Strength 3D+2 → 3D; a listed 4D stays 4D", () => {
    const d = deriveD6Actor(actor({ attributes: attrs({ strength: "3D+2" }) }), [weapon("k", "knife", { damage: "+1D", edged: true }), weapon("g", "pistol", { damage: "4D", mode: "ranged", skill: "firearms" })]);
    expect(txt(d.weapons[0]!.damageCode!)).toBe("3D");
    expect(d.weapons[0]!.damage).toBe("+1D");
    expect(txt(d.weapons[1]!.damageCode!)).toBe("4D");
  });
  it("the actor's Strength adjustment applies before the pips drop", () => {
    expect(deriveD6Actor(actor({ attributes: attrs({ strength: "3D+2" }), strengthAdjustment: "+1D" }), []).strengthDamageDice).toBe(2);
    expect(deriveD6Actor(actor({ attributes: attrs({ strength: "4D" }), strengthAdjustment: "+1D" }), []).strengthDamageDice).toBe(3);
    expect(deriveD6Actor(actor({ attributes: attrs({ strength: "4D" }), strengthAdjustment: "-2D" }), []).strengthDamageDice).toBe(1);
  });
  it("a weapon rolls its named skill, else that skill untrained on its attribute; bad damage counts 0D", () => {
    const d = deriveD6Actor(actor({ attributes: attrs({ agility: "3D+1" }) }), [skill("mc", "Melee Combat", "5D"), weapon("a", "axe", {}), weapon("b", "bow", { skill: "missile weapons", damage: "x" }), weapon("c", "whip", { skill: "Whip" })]);
    expect(d.weapons[0]!.skill).toMatchObject({ key: "skill:mc", text: "5D" });
    expect(d.weapons[1]!.skill).toMatchObject({ key: "untrained:missile weapons", text: "3D+1", untrained: true });
    expect(txt(d.weapons[1]!.damageCode!)).toBe("0D");
    expect(d.problems!.map((p) => p.where)).toEqual(["item:b.damage"]);
    expect(findRollable(d, "untrained:whip")).toMatchObject({ attribute: "agility", untrained: true });
  });
});

describe("D34 armor and resistance", () => {
  it("equipped pieces add; Strength 3D+1 + armor 1D+2 = 5D; protection adds", () => {
    const d = deriveD6Actor(actor({ attributes: attrs({ strength: "3D+1" }) }), [armor("vest", "1D"), armor("helm", "0D+2"), armor("spare", "3D", false)]);
    expect(txt(d.armor)).toBe("1D+2");
    expect(txt(d.resistance)).toBe("5D");
    expect(txt(deriveD6Actor(actor({ attributes: attrs({ strength: "3D+1" }), protection: "1D" }), []).resistance)).toBe("4D+1");
  });
  it("resistWithStrength off: armor and abilities only", () => {
    const d = deriveD6Actor(actor({ attributes: attrs({ strength: "3D+1" }) }), [armor("vest", "1D")], makeD6Rules({ resistWithStrength: false }));
    expect(txt(d.resistance)).toBe("1D");
  });
});

describe("D35–D37 wounds", () => {
  it.each([
    ["none", 0, false, false, false],
    ["stunned", 1, false, false, false],
    ["wounded", 1, false, false, false],
    ["severelyWounded", 2, false, false, false],
    ["incapacitated", 0, true, false, false],
    ["mortallyWounded", 0, true, true, false],
    ["killed", 0, true, false, true],
  ] as const)("%s → −%iD, unable %s, dying %s, out %s", (level, penaltyDice, unableToAct, dying, out) => {
    const d = deriveD6Actor(actor({ wounds: { level, untilRound: level === "stunned" ? 4 : 0 } }), []);
    expect(d.wound).toEqual({ level, untilRound: level === "stunned" ? 4 : null, penaltyDice, unableToAct, dying, out });
  });
  it("follows the world's wound table", () => {
    const rules = makeD6Rules({ woundEffects: { ...D6_STANDARD_RULES.woundEffects, wounded: { ...D6_STANDARD_RULES.woundEffects.wounded, penaltyDice: 2 } } });
    expect(deriveD6Actor(actor({ wounds: { level: "wounded", untilRound: 0 } }), [], rules).wound.penaltyDice).toBe(2);
  });
});

describe("the chapter's people", () => {
  const kira = deriveD6Actor(
    actor({ attributes: attrs({ agility: "3D", strength: "2D+2", perception: "3D+2" }), characterPoints: 5, fatePoints: 1 }),
    [skill("kd", "dodge", "4D"), skill("kb", "brawling", "3D"), skill("ks", "search", "5D+1", "perception"), weapon("kk", "knife", { damage: "+1D", edged: true })],
  );
  const thug = deriveD6Actor(actor({ attributes: attrs({ strength: "3D+1" }) }), [skill("tb", "brawling", "3D+1"), weapon("tf", "fists", { skill: "brawling", mode: "unarmed", damage: "+0D" })]);

  it("Kira: dodge 4D (seed check 2 dodges at −1D from it), search 5D+1 over 3D+2 → +0 (D8), knife 2D (D32)", () => {
    expect(findRollable(kira, "skill:kd")).toMatchObject({ kind: "skill", name: "dodge", untrained: false });
    expect(txt(findRollable(kira, "skill:kd")!.code)).toBe("4D");
    expect(kira.initiativeBonus).toBe(0);
    expect(kira.strengthDamageDice).toBe(1);
    expect(txt(kira.weapons[0]!.damageCode!)).toBe("2D");
    expect(kira.weapons[0]!.skill.key).toBe("untrained:melee combat");
    expect(txt(kira.resistance)).toBe("2D+2");
  });
  it("the thug: brawling 3D+1 with his fists, Strength Damage 2D (D32)", () => {
    expect(thug.weapons[0]!.skill).toMatchObject({ key: "skill:tb", text: "3D+1" });
    expect(thug.strengthDamageDice).toBe(2);
    expect(txt(thug.weapons[0]!.damageCode!)).toBe("2D");
  });
  it("findRollable: attributes by id, nothing for unknown keys", () => {
    expect(findRollable(kira, "attribute:perception")).toMatchObject({ kind: "attribute", name: "perception", untrained: false });
    expect(txt(findRollable(kira, "attribute:perception")!.code)).toBe("3D+2");
    expect(findRollable(kira, "attribute:luck")).toBeUndefined();
    expect(findRollable(kira, "skill:nope")).toBeUndefined();
    expect(findRollable(kira, "untrained:firearms")).toMatchObject({ untrained: true, attribute: "agility" });
  });
});
