/**
 * The pure data layer: the four types' schemas (bounds, the damage notation
 * by the core's parser, a version), the manifest, and everything derive
 * computes through the core for the sheets, the tracker and the cards.
 */
import { describe, expect, it } from "vitest";
import { systemDefaults, validateSystemSource } from "../../../src/core/schema/validate.js";
import { derivePhaseActor, phaseFighter, type PhaseItemInput, weaponActions } from "../../../src/rulesets/phase/data/derive.js";
import { PHASE_ACTOR_TYPES, PHASE_ITEM_TYPES, PHASE_SCHEMA_VERSION } from "../../../src/rulesets/phase/data/schema.js";
import { PHASE_MANIFEST } from "../../../src/rulesets/phase/manifest.js";
import { closeInitiative, declareAction, makePhaseRules, resolvePhase, rollInitiativeFor, startPhase, newPhaseCombat, AWARE } from "../../../src/rulesets/phase/rules/index.js";
import { englishString } from "../../../src/core/messages.js";

import "../../../src/rulesets/manifests.js";

const actor = (more: Record<string, unknown> = {}) => ({ ...systemDefaults("Actor", "phaseCharacter"), ...more });
const item = (id: string, type: string, system: Record<string, unknown> = {}, name = id): PhaseItemInput => ({ id, name, type, system: { ...systemDefaults("Item", type), ...system } });

describe("schemas", () => {
  it("every type is prefixed, versioned and valid at its defaults", () => {
    expect([...PHASE_ACTOR_TYPES, ...PHASE_ITEM_TYPES]).toEqual(["phaseCharacter", "phaseCreature", "phaseWeapon", "phaseArmor"]);
    for (const type of PHASE_ACTOR_TYPES) expect(validateSystemSource("Actor", type, systemDefaults("Actor", type))).toEqual([]);
    for (const type of PHASE_ITEM_TYPES) expect(validateSystemSource("Item", type, systemDefaults("Item", type))).toEqual([]);
    expect(systemDefaults("Actor", "phaseCharacter")).toMatchObject({ reflexes: 3, fleshMax: 20, traumaLimit: 3, bodyType: "human", schemaVersion: PHASE_SCHEMA_VERSION.phaseCharacter });
    expect(systemDefaults("Actor", "phaseCharacter").traumaThresholds).toEqual({ head: 5, chest: 7, abdomen: 7, rightArm: 9, leftArm: 9, rightLeg: 9, leftLeg: 9 });
    expect(systemDefaults("Item", "phaseWeapon")).toMatchObject({ damage: "2d6", ammo: { value: 12, max: 12 }, suppressAmmo: 10, ready: false });
  });

  it("the damage formula is checked by the core's parser (phaseDamage), bounds by the schema", () => {
    const bad = validateSystemSource("Item", "phaseWeapon", { ...systemDefaults("Item", "phaseWeapon"), damage: "2d6+x" });
    expect(bad.map((p) => p.path)).toEqual(["damage"]);
    expect(bad[0]!.message).toContain("NdF");
    const more = validateSystemSource("Actor", "phaseCharacter", actor({ fleshMax: 0, missingAreas: ["head", "head"], traumaticWounds: [{ area: "tail", phase: 1 }], skills: [{ name: " ", value: 2 }] }));
    expect(more.map((p) => p.path).sort()).toEqual(["fleshMax", "missingAreas.1", "skills.0.name", "traumaticWounds.0.area"]);
    expect(validateSystemSource("Item", "phaseWeapon", { ...systemDefaults("Item", "phaseWeapon"), ammo: { value: 13, max: 12 } }).map((p) => p.path)).toEqual(["ammo.value"]);
  });

  it("the manifest: types, packs, html fields, its strings", () => {
    expect(PHASE_MANIFEST.id).toBe("phase");
    expect(Object.keys(PHASE_MANIFEST.Actor)).toEqual(["phaseCharacter", "phaseCreature"]);
    expect(PHASE_MANIFEST.Actor.phaseCharacter!.htmlFields).toEqual(["biography"]);
    expect(PHASE_MANIFEST.Item.phaseWeapon!.htmlFields).toEqual(["description"]);
    for (const key of [PHASE_MANIFEST.name, PHASE_MANIFEST.blurb]) expect(englishString(key)).toBeTruthy();
  });
});

describe("derivePhaseActor", () => {
  const pistol = item("p1", "phaseWeapon", { skill: "Pistol", ready: true }, "Pistol");
  const vest = item("a1", "phaseArmor", { areas: { chest: 3, abdomen: 2 } }, "vest");
  const helmet = item("a2", "phaseArmor", { areas: { head: 2 }, equipped: false }, "helmet");

  it("P32, P4, P17: a weapon's attribute and skill by name, its check base and its chance against the attack TN", () => {
    const d = derivePhaseActor(actor({ reflexes: 3, skills: [{ name: "pistol", value: 2 }] }), [pistol]);
    expect(d.weapons[0]).toMatchObject({ attribute: "reflexes", attributeValue: 3, skill: "pistol", skillValue: 2, checkBase: 5, chance: 0.6, damageOk: true });
    expect(d.problems).toEqual([]);
  });

  it("P30, P36: traumatic wounds lower every check; the states come from the core", () => {
    const d = derivePhaseActor(actor({ skills: [{ name: "pistol", value: 2 }], flesh: 20, traumaticWounds: [{ area: "chest", phase: 3 }] }), [pistol]);
    expect(d.wounds).toMatchObject({ penalty: -1, states: ["collapsed"], outOfAction: true });
    expect([d.weapons[0]!.checkBase, d.surpriseBase, d.initiativeBonus]).toEqual([4, 2, 3]);
  });

  it("P28: armor per area is natural armor plus the equipped pieces only", () => {
    const d = derivePhaseActor(actor({ naturalArmor: { ...systemDefaults("Actor", "phaseCharacter").naturalArmor as object, chest: 1 } }), [vest, helmet]);
    expect(d.armor).toEqual({ head: 0, chest: 4, abdomen: 2, rightArm: 0, leftArm: 0, rightLeg: 0, leftLeg: 0 });
  });

  it("P8, P39: the actions a weapon can be declared with now", () => {
    const auto = item("s1", "phaseWeapon", { auto: true, ready: true, ammo: { value: 5, max: 30 } });
    const d = derivePhaseActor(actor(), [pistol, auto, item("k1", "phaseWeapon", { kind: "melee", skill: "knife", ready: true, ammo: { value: 0, max: 0 } }), item("h1", "phaseWeapon")]);
    expect(d.weapons.map((w) => w.actions)).toEqual([
      ["holster", "fire", "targetAndFire", "suppress"],
      ["holster", "fire", "targetAndFire", "burst"],
      ["holster", "melee"],
      ["draw"],
    ]);
    expect(weaponActions({ ...phaseFighter("x", "x", d).weapons.s1!, ammo: 10 })).toContain("fullAuto");
  });

  it("never throws: unreadable or unknown stored values fall back and are listed", () => {
    const d = derivePhaseActor(actor({ bodyType: "wyrm", skills: [{ name: "pistol", value: 1 }, { name: "Pistol", value: 5 }] }), [item("w", "phaseWeapon", { damage: "lots", attribute: "strength" })]);
    expect(d.chart).toBe("human");
    expect(d.skills.pistol).toBe(1);
    expect(d.weapons[0]).toMatchObject({ damageOk: false, damageFormula: { dice: 0, faces: 0, flat: 0 }, attributeValue: 0 });
    expect(d.problems.map((p) => p.where)).toEqual(["skills.1.name", "bodyType", "item:w.attribute", "item:w.damage"]);
    for (const p of d.problems) expect(englishString(p.i18nKey)).toBeTruthy();
    expect(() => derivePhaseActor(undefined, null as never)).not.toThrow();
    const odd = derivePhaseActor({ reflexes: "fast", flesh: -3, traumaticWounds: "many", naturalArmor: null, missingAreas: ["tail", "head", "head"] }, [null, { id: 3 }] as never);
    expect([odd.reflexes, odd.wounds.flesh, odd.wounds.traumaticWounds, odd.armor.head, odd.missing]).toEqual([0, 0, [], 0, ["head"]]);
  });

  it("a world's own chart is kept; the fighter the core reads plays a phase", () => {
    const rules = makePhaseRules({ locationCharts: { human: makePhaseRules().locationCharts.human!, snake: { die: 2, rows: [{ from: 1, to: 1, area: "head" }, { from: 2, to: 2, area: "chest" }] } } });
    expect(derivePhaseActor(actor({ bodyType: "snake" }), [], rules).chart).toBe("snake");
    const me = phaseFighter("me", "Me", derivePhaseActor(actor({ skills: [{ name: "pistol", value: 2 }] }), [pistol]));
    const you = phaseFighter("you", "You", derivePhaseActor(actor(), [vest]));
    const f = { me, you };
    let s = newPhaseCombat([{ id: "me", awareness: AWARE }, { id: "you", awareness: AWARE }]);
    s = closeInitiative(rollInitiativeFor(startPhase(s, f, {}), f, "me", [5, 5]));
    s = declareAction(s, f, "me", { action: "fire", weapon: "p1", target: "you" });
    const r = resolvePhase(s, f, { me: { checks: [9], locations: [2], damage: [[4, 4]] } });
    expect(r.status === "resolved" && [r.fighters.you!.wounds.flesh, r.fighters.me!.weapons.p1!.ammo]).toEqual([5, 11]);
  });
});
