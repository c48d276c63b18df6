import { describe, expect, it } from "vitest";
import { deriveCombatant, deriveObject, rollFormula } from "../../src/rulesets/cychosys/data/derive/combatant.js";
import { parker, thorton } from "../fixtures/cast.js";

describe("derived character data", () => {
  const derived = deriveCombatant(parker.system, parker.items, parker.conditions);

  it("R38: Parker's quickness is 10 − burden 1 − Heavy 2 = 7; movement equals it", () => {
    expect(derived.quickness).toMatchObject({ quickness: 7, highestPool: 10, trademarkModifier: -2, conditionPenalty: 0 });
    expect(derived.burden.burden).toBe(1);
    expect(derived.movement).toBe(7);
  });

  it("R30–R31: shields per location count natural skin and equipped pieces only", () => {
    expect(derived.locations.chest).toMatchObject({ shield: "BBDDRH3", soakSteps: 1, pieces: ["skin", "suit"] });
    expect(derived.locations.head).toMatchObject({ shield: "BBDD2", pieces: ["skin"] });
    expect(derived.locations.mind).toMatchObject({ shield: "0", pieces: [] });
  });

  it("R13: action totals for each skill, finesse and weapon, with the dice formula", () => {
    const byKey = Object.fromEntries(derived.totals.map((t) => [t.key, t]));
    expect(byKey["skill:skShoot"]).toMatchObject({ static: 10, dice: 5, formula: "5dc + 10" });
    expect(byKey["skill:skShoot:0"]).toMatchObject({ finesseName: "pistol", static: 11 });
    expect(byKey["gear:wpPistol"]).toMatchObject({ skillName: "shoot", finesseName: "pistol", static: 11, formula: "5dc + 11" });
  });

  it("R10/R13: conditions lower the totals of their facet and quickness", () => {
    const hurt = deriveCombatant(thorton.system, thorton.items, [...thorton.conditions, { letter: "S", piercing: false }]);
    expect(hurt.penalties).toMatchObject({ physical: 4, quickness: 2 });
    expect(hurt.conditions).toBe("SB*");
    expect(hurt.totals.find((t) => t.key === "gear:wpPistol")).toMatchObject({ static: 5, formula: "6dc + 5" });
  });

  it("R33: a hit pool at 0 marks the combatant out", () => {
    const down = structuredClone(thorton.system);
    down.pools.hit.mental.value = 0;
    expect(deriveCombatant(down, [], []).out).toEqual({ facets: ["mental"], defeated: true });
  });

  it("gear naming a skill the actor lacks is rolled untrained and flagged", () => {
    const items = thorton.items.filter((i) => i.id !== "skShoot");
    expect(deriveCombatant(thorton.system, items, []).totals.find((t) => t.key === "gear:wpPistol")).toMatchObject({
      missingSkill: true,
      formula: "1dc",
    });
  });

  it("a stored notation that no longer parses is reported, not thrown", () => {
    const broken = structuredClone(parker.system);
    broken.natural.skin = "BQ2";
    const result = deriveCombatant(broken, [], []);
    expect(result.invalid).toEqual([{ field: "natural.skin", message: 'Unknown effect letter "Q" at position 2 in "BQ2".' }]);
  });

  it("R15: actions per round are 1 plus trademark actions", () => {
    const quick = structuredClone(parker.system);
    quick.modifiers.actions = 1;
    expect(deriveCombatant(quick, [], []).actionsPerRound).toBe(2);
  });
});

describe("derived object data (R37)", () => {
  it("an object at 0 hits is destroyed; V in its shield adds soak steps", () => {
    expect(deriveObject({ hits: { value: 0, max: 10 }, shield: "VVSB4" })).toEqual({ destroyed: true, soakSteps: 3, size: { small: 0, large: 2 } });
  });
});

describe("roll formulas (R11)", () => {
  it("writes the dc die and the static part", () => {
    expect(rollFormula(3, 12)).toBe("3dc + 12");
    expect(rollFormula(1, -2)).toBe("1dc - 2");
    expect(rollFormula(2, 0)).toBe("2dc");
  });
});
