/** One whole attack end to end (resolve.ts), its outcome JSON and its explanation. */
import { describe, expect, it } from "vitest";
import {
  type D6AttackInput, d6OutcomeJson, explainD6Attack, makeD6Rules, parseDieCode, parseDieModifier, parseWeaponDamage, resolveD6Attack,
  woundAt,
} from "../../../src/rulesets/d6/rules/index.js";
import { d6Error } from "./helpers.js";

const c = parseDieCode;
const sword = { mode: "melee" as const, damage: parseWeaponDamage("+2D"), edged: true, lengthMetres: 1 };
const rifle = { mode: "ranged" as const, damage: parseWeaponDamage("5D"), ranges: { short: 20, medium: 60, long: 150 } };
const fists = { mode: "unarmed" as const, damage: parseWeaponDamage("+0D") };

/** Kira's sword stroke (4D) at a thug, everything rolled: 5+4+3 + Wild 2 = 14 against passive 10. */
function stroke(patch: Partial<D6AttackInput> = {}, attacker: Partial<D6AttackInput["attacker"]> = {}): D6AttackInput {
  return {
    round: 1,
    attacker: { skill: c("4D"), strength: c("3D"), weapon: sword, roll: { dice: [5, 4, 3], wild: [2] }, ...attacker },
    defender: { strength: c("3D") },
    damageRoll: { dice: [4, 4, 4], wild: [4] }, // Strength Damage 2D + 2D = 4D
    resistanceRoll: { dice: [3, 3], wild: [3] },
    ...patch,
  };
}

describe("resolveD6Attack", () => {
  it("D30–D35: a hit end to end with every intermediate figure", () => {
    const res = resolveD6Attack(stroke());
    expect(res.refused).toBeNull();
    expect(res.difficulty).toMatchObject({ base: 10, source: "passive", range: 0, beforeFloor: 10, final: 10, floorApplied: false });
    expect(res.attack!.total).toBe(14);
    expect([res.hit, res.margin]).toEqual([true, 4]);
    expect(res.damage).toMatchObject({ to: "defender", rule: "hit", strengthDamage: 2, code: c("4D"), flat: 0, bonus: 1, total: 17 });
    expect(res.resistance).toMatchObject({ code: c("3D"), total: 9 });
    expect([res.excess, res.woundTaken]).toEqual([8, "wounded"]);
    expect(res.after.defender).toMatchObject({ level: "wounded", penaltyDice: 1 });
    expect(res.woundsAfter.defender).toEqual({ level: "wounded", untilRound: null });
    expect(res.struck).toBe("defender");
    expect(res.pending).toBeNull();
  });

  it("D30: a miss stops after the comparison; the damage and resistance rolls are not read", () => {
    const res = resolveD6Attack(stroke({ defender: { strength: c("3D"), defenses: [{ skill: "parry", mode: "partial", total: 15 }] } }));
    expect([res.hit, res.margin, res.struck]).toEqual([false, -1, "none"]);
    expect(res.damage).toBeNull();
    expect(res.after).toEqual(res.before);
  });

  it("the resolution stops at the first roll whose faces are missing, saying which code to roll", () => {
    const noDamage = resolveD6Attack({ ...stroke(), damageRoll: undefined });
    expect(noDamage.pending).toBe("damage");
    expect(noDamage.damage).toMatchObject({ code: c("4D"), reading: null, total: null });
    const noResistance = resolveD6Attack({ ...stroke(), resistanceRoll: undefined });
    expect(noResistance.pending).toBe("resistance");
    expect(noResistance.resistance).toEqual({ code: c("3D"), reading: null, total: null });
    expect(noResistance.woundTaken).toBeNull();
  });

  it("D33 [fixed]: the damage bonus is counted from the final difficulty, after modifiers and the floor", () => {
    const res = resolveD6Attack(stroke({ defender: { strength: c("3D"), defenses: [{ skill: "dodge", mode: "partial", total: 2 }] } }));
    expect(res.difficulty!.final).toBe(3);
    expect(res.damage!.bonus).toBe(3); // ⌈(14 − 3) ÷ 5⌉
  });

  it("D12, D37, D29: the attacker's declared actions, wounds and aim change the dice rolled", () => {
    const res = resolveD6Attack(
      {
        ...stroke({ range: { metres: 15 } }),
        attacker: { ...stroke().attacker, weapon: rifle, declared: 2, wounds: woundAt("wounded", 1), aimRounds: 5, roll: { dice: [6, 6, 6, 6], wild: [3] } },
        damageRoll: { dice: [1, 1, 1, 1], wild: [1] },
      },
    );
    expect(res.attack!.plan).toMatchObject({ actionDice: 1, woundDice: 1, bonusDice: 3, code: c("5D") });
    expect(res.aimDice).toBe(3);
    expect(res.attack!.total).toBe(27);
  });

  it("D29: aim on a melee attack is refused", () => {
    d6Error(() => resolveD6Attack(stroke({}, { aimRounds: 1 })), "aimNotAllowed", "melee");
  });

  it("D3: an attack roll with no die left is refused", () => {
    d6Error(() => resolveD6Attack(stroke({}, { skill: c("2D+2"), declared: 3 })), "nothingToRoll", "attack roll");
  });

  it("D10: an attacker unable to act cannot attack; a defender unable to act has no defense in force", () => {
    d6Error(() => resolveD6Attack(stroke({}, { wounds: woundAt("incapacitated", 1) })), "unableToAct");
    const held = { strength: c("3D"), unableToAct: true, defenses: [{ skill: "dodge" as const, mode: "partial" as const, total: 20 }] };
    d6Error(() => resolveD6Attack(stroke({ defender: held })), "defenseWhileUnable");
    expect(resolveD6Attack(stroke({ defender: { strength: c("3D"), unableToAct: true } })).difficulty!.final).toBe(10);
  });

  it("D27/D28: beyond Long, out of reach, or wholly hidden — no attack, nothing rolled", () => {
    const shot = (patch: Partial<D6AttackInput>) => resolveD6Attack({ ...stroke(patch), attacker: { ...stroke().attacker, weapon: rifle } });
    expect(shot({ range: { metres: 151 } }).refused).toBe("beyondRange");
    expect(shot({ range: { band: "long" }, cover: "full" }).refused).toBe("hidden");
    const reach = resolveD6Attack(stroke({ range: { band: "short" } }));
    expect(reach.refused).toBe("outOfReach");
    expect([reach.attack, reach.difficulty, reach.hit]).toEqual([null, null, null]);
    d6Error(() => resolveD6Attack({ ...stroke(), attacker: { ...stroke().attacker, weapon: rifle } }), "rangeMissing");
  });

  it("D26–D28: range, cover and GM modifiers add up before the floor", () => {
    const res = resolveD6Attack({
      ...stroke({ range: { metres: 40 }, cover: "medium", modifiers: [{ value: -2, label: "prone" }, { code: parseDieModifier("+1D") }] }),
      attacker: { ...stroke().attacker, weapon: rifle, roll: { dice: [6, 6, 6], wild: [5] } },
      damageRoll: { dice: [2, 2, 2, 2], wild: [2] },
    });
    expect(res.difficulty).toMatchObject({ base: 10, range: 5, cover: { level: "medium", value: 7, rolled: false }, beforeFloor: 23, final: 23 });
    expect(res.difficulty!.modifiers).toEqual([{ value: -2, rolled: false, label: "prone" }, { value: 3, rolled: false, label: null }]);
  });

  it("D26: in a world that rolls modifiers the cover and die-code modifiers use the given faces", () => {
    const rules = makeD6Rules({ rollDifficultyModifiers: true });
    const res = resolveD6Attack(stroke({ cover: "light", coverFaces: [6], modifiers: [{ code: parseDieModifier("-1D"), faces: [2] }] }), rules);
    expect(res.difficulty).toMatchObject({ cover: { value: 6, rolled: true }, beforeFloor: 14 });
  });

  it("D27: with rangeModifierOnMelee a sword at Point Blank takes −5", () => {
    expect(resolveD6Attack(stroke(), makeD6Rules({ rangeModifierOnMelee: true })).difficulty!.final).toBe(5);
  });

  it("D31/D38: damage modifiers — a die code joins the roll, a number is added after", () => {
    const res = resolveD6Attack(stroke({ damageModifiers: [{ code: parseDieModifier("+1D") }, { value: 2 }], damageRoll: { dice: [1, 1, 1, 1], wild: [1] } }));
    expect(res.damage).toMatchObject({ code: c("5D"), flat: 2, bonus: 1, total: 8 });
  });

  it("D2: complications on the attack and on a defense rolled here are listed; a removing world changes the total", () => {
    const input = stroke({
      defender: { strength: c("3D"), defenses: [{ skill: "dodge", mode: "gmCalled", code: c("2D"), declared: null, faces: { dice: [4], wild: [1] } }] },
    }, { roll: { dice: [6, 5, 4], wild: [1] } });
    const flagged = resolveD6Attack(input);
    expect(flagged.complications).toEqual(["attack", "defenses[0]"]);
    expect(flagged.attack!.total).toBe(16);
    const removed = resolveD6Attack(input, makeD6Rules({ complicationMode: "remove" }));
    expect(removed.attack!.total).toBe(9);
    expect(removed.defenses[0]!.total).toBe(0);
  });

  it("D2: the damage and resistance Wild Die never complicates", () => {
    const res = resolveD6Attack(stroke({ damageRoll: { dice: [4, 4, 4], wild: [1] }, resistanceRoll: { dice: [3, 3], wild: [1] } }), makeD6Rules({ complicationMode: "remove" }));
    expect(res.complications).toEqual([]);
    expect([res.damage!.total, res.resistance!.total]).toEqual([14, 7]);
  });

  it("D21: a punch that falls short of a knife parry — the puncher takes the knife's listed damage and resists with his own Strength and armor", () => {
    const res = resolveD6Attack({
      attacker: { skill: c("3D"), strength: c("4D"), armor: c("1D"), weapon: fists, roll: { dice: [1, 1], wild: [2] } },
      defender: { strength: c("2D"), defenses: [{ skill: "parry", mode: "partial", total: 11, weapon: { damage: parseWeaponDamage("+1D"), edged: true } }] },
      damageRoll: { dice: [], wild: [6, 6, 4] },
      resistanceRoll: { dice: [1, 1, 1, 1], wild: [1] },
    });
    expect(res.bladeRule).toBe("bladeParry");
    expect(res.damage).toMatchObject({ to: "attacker", rule: "bladeParry", strengthDamage: null, code: c("1D"), bonus: 0, total: 16 });
    expect(res.resistance!.code).toEqual(c("5D"));
    expect([res.excess, res.woundTaken]).toEqual([11, "incapacitated"]);
    expect(res.after.attacker.level).toBe("incapacitated");
    expect(res.after.defender.level).toBe("none");
    expect(res.becameUnableToAct).toBe("attacker");
  });

  it("D22: a blade stopped bare-handed still hurts without Strength Damage — unless armor or blockBlades spares the blocker", () => {
    const blocked = (defender: Partial<D6AttackInput["defender"]>) =>
      resolveD6Attack(stroke({
        defender: { strength: c("3D"), defenses: [{ skill: "block", mode: "partial", total: 16 }], ...defender },
        damageRoll: { dice: [5], wild: [5] },
      }));
    const bare = blocked({});
    expect(bare.bladeRule).toBe("bareHandBlock");
    expect(bare.damage).toMatchObject({ to: "defender", strengthDamage: null, code: c("2D"), bonus: 0, total: 10 });
    expect([bare.excess, bare.woundTaken]).toEqual([1, "stunned"]);
    expect(bare.woundsAfter.defender).toEqual({ level: "stunned", untilRound: 2 });
    for (const spared of [blocked({ armor: c("0D+1") }), blocked({ blockBlades: true })]) {
      expect([spared.bladeRule, spared.spared, spared.struck, spared.damage]).toEqual(["bareHandBlock", true, "none", null]);
    }
    // When the block fails, the hit is taken in full.
    const failed = resolveD6Attack(stroke({ defender: { strength: c("3D"), defenses: [{ skill: "block", mode: "partial", total: 13 }] } }));
    expect([failed.hit, failed.bladeRule, failed.damage!.strengthDamage, failed.damage!.bonus]).toEqual([true, null, 2, 1]);
  });

  it("D36–D37: the defender's wounds before the attack stack with the new result", () => {
    const res = resolveD6Attack(stroke({ round: 3, defender: { strength: c("3D"), wounds: woundAt("stunned", 2) }, damageRoll: { dice: [1, 1, 1], wild: [2] } }));
    expect(res.before.defender.level).toBe("stunned");
    expect(res.woundTaken).toBe("none");
    expect(res.after.defender.level).toBe("stunned");
    const again = resolveD6Attack(stroke({ round: 3, defender: { strength: c("3D"), wounds: woundAt("stunned", 2) }, damageRoll: { dice: [3, 3, 3], wild: [2] } }));
    expect(again.woundTaken).toBe("stunned");
    expect(again.woundsAfter.defender).toEqual({ level: "wounded", untilRound: null });
  });
});

describe("d6OutcomeJson and explainD6Attack", () => {
  it("the outcome writes every figure as plain JSON, codes as text", () => {
    const out = d6OutcomeJson(resolveD6Attack(stroke()));
    expect(JSON.parse(JSON.stringify(out))).toEqual(out);
    expect(out).toMatchObject({
      refused: null,
      range: { band: "pointBlank", reach: ["pointBlank"], modifier: 0 },
      difficulty: { base: 10, source: "passive", defenseIndex: null, final: 10 },
      attack: { base: "4D", code: "4D", dice: [5, 4, 3], wild: [2], total: 14, aimDice: 0 },
      hit: true,
      margin: 4,
      damage: { code: "4D", strengthDamage: 2, bonus: 1, total: 17, roll: { code: "4D", total: 16 } },
      resistance: { code: "3D", total: 9 },
      excess: 8,
      woundTaken: "wounded",
      defenderAfter: { level: "wounded", untilRound: null, penaltyDice: 1, unableToAct: false },
    });
  });

  it("every explain line cites at least one rule id and carries its key and parameters", () => {
    const inputs = [
      stroke(),
      stroke({ defender: { strength: c("3D"), defenses: [{ skill: "block", mode: "full", total: 8 }] }, damageRoll: { dice: [3], wild: [3] } }),
      stroke({ range: { band: "long" } }),
      { ...stroke(), damageRoll: undefined },
    ];
    for (const input of inputs) {
      const lines = explainD6Attack(resolveD6Attack(input), { attacker: "Kira", defender: "the thug" });
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) {
        expect(line.text).toMatch(/\(D\d+(?:[,–] ?D\d+)*\)\.$/);
        expect(line.key.startsWith("CYCHOSYS.D6.Explain.")).toBe(true);
        expect(line.text).not.toMatch(/\{\w+\}/);
      }
    }
    const text = explainD6Attack(resolveD6Attack(stroke()), { attacker: "Kira" }).map((l) => l.text);
    expect(text).toContain("Kira's attack 4D: 5 + 4 + 3 + Wild Die 2 = 14 (D41).");
    expect(text).toContain("Damage bonus for hitting by 4: +1 → damage total 17 (D33).");
    expect(text).toContain("The defender is Wounded: −1D to skill and attribute rolls until healed (D37).");
  });

  it("explain takes the caller's localizer", () => {
    const lines = explainD6Attack(resolveD6Attack(stroke()), {}, (key) => `[${key}]`);
    expect(lines[0]!.text).toBe("[CYCHOSYS.D6.Explain.passive]");
  });
});
