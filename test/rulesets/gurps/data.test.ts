/**
 * The GURPS data layer: the stored types described for the data models and
 * checked with the core's notation parsers (schema.ts, manifest.ts), every
 * figure a sheet or the workflow needs derived through the core (derive.ts),
 * and the core's inputs assembled from derived data and round state
 * (combat-inputs.ts) — checked against the seed's own example.
 */
import { describe, expect, it } from "vitest";
import { checkObject, type KeyedProblem } from "../../../src/core/schema/validate.js";
import type { FieldsDescription } from "../../../src/core/schema/description.js";
import { GURPS_MANIFEST } from "../../../src/rulesets/gurps/manifest.js";
import { GURPS_ACTOR_SCHEMAS, GURPS_ITEM_SCHEMAS, GURPS_SCHEMA_VERSION } from "../../../src/rulesets/gurps/data/schema.js";
import { deriveGurpsActor, type GurpsItemInput } from "../../../src/rulesets/gurps/data/derive.js";
import { attackerOf, defenderOf, defenderStateOf, weaponInputOf } from "../../../src/rulesets/gurps/data/combat-inputs.js";
import { legalDefenses, makeGurpsRules, newFighterRound, recordDefense, resolveGurpsAttack, startTurn, NO_DEFENSE_USE, freshItem } from "../../../src/rulesets/gurps/rules/index.js";

function defaults(fields: FieldsDescription): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, f.kind === "object" ? defaults(f.fields) : f.kind === "list" ? [] : f.initial]));
}
const problems = (fields: FieldsDescription, value: unknown) => {
  const out: KeyedProblem[] = [];
  checkObject(fields, value, "", out);
  return out;
};
const character = (o: Record<string, unknown> = {}) => ({ ...defaults(GURPS_ACTOR_SCHEMAS.gurpsCharacter), ...o });
const item = (type: keyof typeof GURPS_ITEM_SCHEMAS, id: string, name: string, o: Record<string, unknown> = {}): GurpsItemInput => ({
  id, name, type, system: { ...defaults(GURPS_ITEM_SCHEMAS[type]), ...o },
});
const line = (o: Record<string, unknown> = {}) => ({ ...defaults({ l: (GURPS_ITEM_SCHEMAS.gurpsWeapon.lines as { element: FieldsDescription[string] }).element } as FieldsDescription).l as object, ...o });

/** Filthy Pierre, as a sheet holds him: ST 10, DX 10, HT 11, HP 12, Basic Speed 5, Shortsword-11, Shield-12, cloth DR 1. */
const pierreSystem = character({ attributes: { st: 10, dx: 10, iq: 10, ht: 11 }, hp: { value: 12, max: 12 }, basicSpeed: 5, damage: { thrust: "1d-2", swing: "1d" } });
const pierreItems = [
  item("gurpsSkill", "sk1", "Shortsword", { base: "dx", relativeLevel: 1 }),
  item("gurpsSkill", "sk2", "Shield", { base: "dx", relativeLevel: 2 }),
  item("gurpsWeapon", "w1", "shortsword", { skill: "Shortsword", weight: 2, lines: [line({ name: "swing", damage: "sw", type: "cut" }), line({ name: "thrust", damage: "thr", type: "imp" })] }),
  item("gurpsShield", "sh1", "small shield", { db: 1, skill: "Shield" }),
  item("gurpsArmor", "a1", "cloth armor", { dr: Object.fromEntries(["torso", "vitals", "arm", "leg", "groin"].map((l) => [l, 1])), flexible: true }),
];

describe("schema (G1, G2)", () => {
  it("every type's defaults are valid, each type has a schema version, and the types are named gurps…", () => {
    for (const [type, fields] of [...Object.entries(GURPS_ACTOR_SCHEMAS), ...Object.entries(GURPS_ITEM_SCHEMAS)]) {
      expect(type).toMatch(/^gurps[A-Z]/);
      expect(problems(fields, defaults(fields)), type).toEqual([]);
      expect(GURPS_SCHEMA_VERSION[type as keyof typeof GURPS_SCHEMA_VERSION]).toBe(type === "gurpsSkill" ? 1 : 2);
    }
    expect(Object.keys(GURPS_MANIFEST.Actor)).toEqual(["gurpsCharacter"]);
    expect(Object.keys(GURPS_MANIFEST.Item)).toEqual(["gurpsSkill", "gurpsWeapon", "gurpsArmor", "gurpsShield"]);
    expect(GURPS_MANIFEST.Actor.gurpsCharacter!.htmlFields).toEqual(["advantages", "notes"]);
  });

  it("notations are checked by the core's parsers: damage (G2), Shots (G56, blank allowed), reach (G39); Basic Speed (G1) and weight (G65) are numbers on their step", () => {
    const weapon = GURPS_ITEM_SCHEMAS.gurpsWeapon;
    const bad = problems(weapon, { ...defaults(weapon), weight: "heavy", lines: [line({ damage: "2q", reach: "far", shots: "6[3]" })] });
    expect(bad.map((p) => [p.path, p.key])).toEqual([
      ["lines.0.damage", "CYCHOSYS.Gurps.Error.damageInvalid"], ["lines.0.reach", "CYCHOSYS.Gurps.Error.reachInvalid"],
      ["lines.0.shots", "CYCHOSYS.Gurps.Error.shotsInvalid"], ["weight", "CYCHOSYS.Schema.number"],
    ]);
    expect(problems(weapon, { ...defaults(weapon), lines: [line({ shots: "", reach: "C,1*" })] })).toEqual([]);
    expect(problems(GURPS_ACTOR_SCHEMAS.gurpsCharacter, character({ basicSpeed: 5.3 })).map((p) => p.key)).toEqual(["CYCHOSYS.Schema.step"]);
    expect(problems(GURPS_ACTOR_SCHEMAS.gurpsCharacter, character({ basicSpeed: "5.75" })).map((p) => p.key)).toEqual(["CYCHOSYS.Schema.number"]);
    expect(problems(GURPS_ACTOR_SCHEMAS.gurpsCharacter, character({ basicSpeed: 5.75, basicLift: 0.07 }))).toEqual([]);
    expect(problems(weapon, { ...defaults(weapon), weight: 0.005 }).map((p) => [p.path, p.key])).toEqual([["weight", "CYCHOSYS.Schema.step"]]);
    expect(problems(weapon, { ...defaults(weapon), weight: -1 }).map((p) => [p.path, p.key])).toEqual([["weight", "CYCHOSYS.Schema.range"]]);
  });

  it("G81, G94: current HP may fall far below zero but not above full HP; attributes are bounded", () => {
    expect(problems(GURPS_ACTOR_SCHEMAS.gurpsCharacter, character({ hp: { value: -55, max: 11 } }))).toEqual([]);
    expect(problems(GURPS_ACTOR_SCHEMAS.gurpsCharacter, character({ hp: { value: 13, max: 12 } })).map((p) => p.key)).toEqual(["CYCHOSYS.Schema.aboveMax"]);
    expect(problems(GURPS_ACTOR_SCHEMAS.gurpsCharacter, character({ attributes: { st: 10, dx: 100, iq: 10, ht: 10 } })).map((p) => p.path)).toEqual(["attributes.dx"]);
  });
});

describe("derive (G1, G2, G61–G66, G71, G77–G81)", () => {
  const d = deriveGurpsActor(pierreSystem, pierreItems);
  it("Pierre's figures: skills relative to DX; Dodge 8, Parry 8, Block 9; his lines with his own swing and thrust; DR 1 where the cloth covers", () => {
    expect(d.skills.map((s) => [s.name, s.level])).toEqual([["Shortsword", 11], ["Shield", 12]]);
    expect(d.dodge).toBe(8);
    expect(d.weapons[0]!.lines.map((l) => [l.name, l.damage, l.parry])).toEqual([["swing", "1d", 8], ["thrust", "1d-2", 8]]);
    expect(d.shields[0]).toMatchObject({ block: 9, db: 1 });
    expect([d.dr.torso, d.dr.skull, d.flexible.torso]).toEqual([1, 0, true]);
    expect(d.problems).toEqual([]);
  });
  it("G77–G81: the thresholds on the sheet — major wound over 6, reeling below 4, death checks at −12 … −48, dead at −60", () => {
    expect(d.thresholds).toEqual({ majorWoundOver: 6, reelingBelow: 4, deathChecksAt: [-12, -24, -36, -48], deadAt: -60, shockDivisor: 1 });
  });
  it("G80: reeling halves Basic Speed (seed) or Dodge (p419) and Move; G81 the 0-HP roll's modifier", () => {
    const hurt = deriveGurpsActor({ ...pierreSystem, basicSpeed: 5.75, encumbrance: 1, hp: { value: 3, max: 12 } }, pierreItems);
    expect([hurt.reeling, hurt.speedNow, hurt.dodge, hurt.moveNow]).toEqual([true, 3, 5, 3]);
    expect(deriveGurpsActor({ ...pierreSystem, basicSpeed: 5.75, encumbrance: 1, hp: { value: 3, max: 12 } }, pierreItems, makeGurpsRules({ reelingRule: "p419" })).dodge).toBe(4);
    expect(deriveGurpsActor({ ...pierreSystem, hp: { value: -25, max: 12 } }, pierreItems).consciousnessModifier).toBe(-2);
  });
  it("G66: the bare hand parries with the best unarmed skill or DX; G1 a weapon whose skill he lacks uses DX + its default", () => {
    const brawler = deriveGurpsActor(pierreSystem, [...pierreItems, item("gurpsSkill", "sk3", "Brawling", { relativeLevel: 2, unarmed: "brawling" }), item("gurpsWeapon", "w2", "axe", { skill: "Axe/Mace", lines: [line({ damage: "sw+2" })] })]);
    expect(brawler.unarmedParry).toEqual({ skill: "brawling", level: 12, parry: 9 });
    expect(brawler.weapons[1]).toMatchObject({ skillLevel: 6, defaulted: true });
  });
  it("never throws: unreadable notations and numbers off their step count as safe defaults and are listed", () => {
    const odd = deriveGurpsActor({ ...pierreSystem, basicSpeed: "fast", basicLift: 0.333, damage: { thrust: "x", swing: "1d" } }, [...pierreItems, item("gurpsWeapon", "w3", "junk", { weight: NaN, lines: [line({ damage: "??" })] }), null as never]);
    expect(odd.basicSpeed).toBe(5);
    expect(odd.basicLift).toBe(20);
    expect(odd.weapons[1]!.weight).toBe(0);
    expect(odd.problems.map((p) => [p.where, p.i18nKey])).toEqual([
      ["basicSpeed", "CYCHOSYS.Schema.number"], ["basicLift", "CYCHOSYS.Schema.step"], ["damage.thrust", "CYCHOSYS.Gurps.Error.damageInvalid"],
      ["item:w3.weight", "CYCHOSYS.Schema.number"], ["item:w3.lines.0.damage", "CYCHOSYS.Gurps.Error.damageInvalid"],
    ]);
    expect(() => deriveGurpsActor(null, null as never)).not.toThrow();
  });
  it("G71: armor layers outermost first, DR by type, natural DR on every location", () => {
    const armored = deriveGurpsActor({ ...pierreSystem, naturalDr: 2 }, [
      item("gurpsArmor", "in", "gambeson", { dr: { torso: 2 }, flexible: true, layer: 1 }),
      item("gurpsArmor", "out", "breastplate", { dr: { torso: 6 }, layer: 0, drByType: [{ type: "burn", dr: 3 }] }),
      item("gurpsArmor", "off", "helmet", { dr: { skull: 4 }, equipped: false }),
    ]);
    expect(armored.armorLayers.map((l) => l.name)).toEqual(["breastplate", "gambeson"]);
    expect(armored.armorLayers[0]!.byType).toEqual({ burn: 3 });
    expect([armored.dr.torso, armored.dr.skull, armored.dr.foot]).toEqual([10, 2, 2]);
  });
});

describe("combat inputs: derived data + round state → the core", () => {
  it("seed check 12 from the sheets: Louis's shortsword against Pierre's block and cloth gives the chapter's 6 HP", () => {
    const louisSheet = deriveGurpsActor(character({ attributes: { st: 11, dx: 12, iq: 10, ht: 10 }, damage: { thrust: "1d-1", swing: "1d+1" }, basicSpeed: 6 }), [
      item("gurpsSkill", "s", "Shortsword", { relativeLevel: 3 }),
      item("gurpsWeapon", "w", "shortsword", { skill: "Shortsword", weight: 2, lines: [line({ damage: "sw", type: "cut" })] }),
    ]);
    const pierre = deriveGurpsActor(pierreSystem, pierreItems);
    const w = louisSheet.weapons[0]!;
    const r = resolveGurpsAttack({
      attacker: { ...attackerOf("louis", louisSheet, w, null, "pierre"), maneuver: "attack", roll: { total: 13, faces: [6, 4, 3] } },
      weapon: weaponInputOf(w, w.lines[0]!, null),
      defender: defenderOf("pierre", pierre, null),
      defenses: [{ id: "block:sh1", retreat: true, roll: { total: 12, faces: [5, 4, 3] } }],
      damage: [[4]],
    });
    expect([r.skill!.effective, r.defenses[0]!.chosen.effective, r.victim!.hits[0]!.damage.basic, r.victim!.injury, r.victim!.after.hp, r.victim!.after.shock]).toEqual([15, 11, 5, 6, 6, 4]);
  });
  it("G64, G66, G73: a punch used with Brawling is an unarmed strike (a weapon parrying it may injure the hand; a bare hand parries it at no −3); Karate marks Judo/Karate; a sword is not", () => {
    const fists = deriveGurpsActor(character(), [
      item("gurpsSkill", "b", "Brawling", { unarmed: "brawling" }),
      item("gurpsSkill", "k", "Karate", { unarmed: "karate" }),
      item("gurpsWeapon", "p", "punch", { skill: "Brawling", lines: [line({ damage: "thr-1", type: "cr", reach: "C" })] }),
      item("gurpsWeapon", "kp", "karate punch", { skill: "Karate", lines: [line({ damage: "thr", type: "cr", reach: "C" })] }),
      item("gurpsWeapon", "s", "sword", { skill: "Broadsword", lines: [line({ damage: "sw", type: "cut" })] }),
    ]);
    const [punch, karate, sword] = fists.weapons;
    expect(weaponInputOf(punch!, punch!.lines[0]!, null)).toMatchObject({ unarmed: true, judoKarate: false, thrust: true });
    expect(weaponInputOf(karate!, karate!.lines[0]!, null)).toMatchObject({ unarmed: true, judoKarate: true });
    expect(weaponInputOf(sword!, sword!.lines[0]!, null)).toMatchObject({ unarmed: false, judoKarate: false, thrust: false });
    // G66: Pierre's bare hand takes −3 against the sword, none against the punch.
    const unshielded = deriveGurpsActor(pierreSystem, pierreItems.filter((i) => i.type !== "gurpsShield"));
    const bare = (w: typeof punch) => legalDefenses(defenderStateOf(unshielded, null), { attackerId: "x", kind: "melee", unarmed: weaponInputOf(w!, w!.lines[0]!, null).unarmed, thrust: weaponInputOf(w!, w!.lines[0]!, null).thrust }).options.find((o) => o.id === "parry:hands")!.score;
    expect(bare(sword) - bare(punch)).toBe(-3);
  });
  it("the round state reaches the legal defenses: parries counted, block used, maneuver", () => {
    const pierre = deriveGurpsActor(pierreSystem, pierreItems);
    let round = startTurn(newFighterRound({ w1: freshItem({ ready: true }) }), { hp: 12, currentHp: 12, ht: 11 }).state;
    round = recordDefense(round, { ...NO_DEFENSE_USE, blocked: true }, ["w1"]);
    const legal = legalDefenses(defenderStateOf(pierre, round), { attackerId: "louis", kind: "melee" });
    expect(legal.refused.find((x) => x.id === "block:sh1")!.reason).toBe("blockUsed");
    expect(legal.options.find((o) => o.id === "parry:w1")!.score).toBe(8 + 1 - 4);
    // Sword in the main hand, shield on the off arm: no empty hand to parry with (G66).
    expect(legal.refused.find((x) => x.id === "parry:hands")!.reason).toBe("handFull");
    const unshielded = deriveGurpsActor(pierreSystem, pierreItems.filter((i) => i.type !== "gurpsShield"));
    expect(legalDefenses(defenderStateOf(unshielded, round), { attackerId: "louis", kind: "melee", unarmed: true }).options.find((o) => o.id === "parry:hands")!.score).toBe(8);
    expect(legalDefenses(defenderStateOf(pierre, { ...round, maneuver: { id: "allOutAttack", aoaOption: "strong" } }), { attackerId: "louis", kind: "melee" }).none).toBe("allOut");
  });
});
