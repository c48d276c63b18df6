/**
 * The 14 seed checks of the OpenD6 rules reference (§7), one named test
 * each, through the public API of the D6 rules core.
 */
import { describe, expect, it } from "vitest";
import {
  activeDefense, aimAt, aimDice, baseDifficulty, canInterrupt, combatDifficulty, damageBonus, damageCode, declareActions, defenseActionDice,
  type D6AttackInput, D6Error, formatDieCode, initiativeBonus, initiativeOrder, multiActionPenaltyDice, newCombatantRound, parseDieCode,
  parseWeaponDamage, planRoll, rangeModifier, reachBands, resolveD6Attack, rollActiveDefense, rollInitiative, roundPenaltyDice, stackWound,
  startRound, strengthDamageDice, takeFullDefense, takePartialDefense, takeWait, UNHURT, woundLevelForExcess,
} from "../../../src/rulesets/d6/rules/index.js";

const c = parseDieCode;
const fists = { mode: "unarmed" as const, damage: parseWeaponDamage("+0D") };
const pistol = { mode: "ranged" as const, damage: parseWeaponDamage("3D+1"), ranges: { short: 10, medium: 30, long: 60 } };

/** An attack up to its damage roll (the damage and resistance codes are still worked out); callers patch what their check is about. */
function attack(patch: Partial<D6AttackInput> = {}, attacker: Partial<D6AttackInput["attacker"]> = {}): D6AttackInput {
  return {
    attacker: { skill: c("5D"), strength: c("3D"), weapon: fists, roll: { dice: [4, 4, 4, 4], wild: [4] }, ...attacker },
    defender: { strength: c("3D") },
    ...patch,
  };
}

describe("§7 seed checks", () => {
  it("seed check 1: four actions → −3D on every skill and attribute roll; damage, resistance and initiative unchanged (D12)", () => {
    expect(multiActionPenaltyDice(4, 1)).toBe(3);
    expect(planRoll(c("5D+2"), { actionDice: multiActionPenaltyDice(4, 1) }).code).toEqual(c("2D+2"));
    const easy = { defender: { strength: c("3D"), defenses: [{ skill: "dodge" as const, mode: "partial" as const, total: 5 }] }, damageRoll: { dice: [3], wild: [3] } };
    const four = resolveD6Attack(attack(easy, { declared: 4, roll: { dice: [4], wild: [4] } }));
    expect(four.attack!.plan.actionDice).toBe(3);
    expect(formatDieCode(four.attack!.plan.code)).toBe("2D");
    expect(four.hit).toBe(true);
    const one = resolveD6Attack(attack(easy));
    // Damage and resistance codes are the same with four actions as with one.
    expect(four.damage!.code).toEqual(one.damage!.code);
    expect(four.resistance!.code).toEqual(one.resistance!.code);
    expect(formatDieCode(four.damage!.code)).toBe("2D"); // Strength Damage of 3D, no penalty
    // Initiative takes no multi-action dice: a combatant who declared four still rolls all of Perception.
    const round = declareActions(newCombatantRound(1), 4);
    expect(roundPenaltyDice(round)).toBe(3);
    expect(rollInitiative({ perception: c("3D"), roll: { dice: [1, 1], wild: [1] }, bonus: 0 }).code).toEqual(c("3D"));
  });

  it("seed check 2: the thug — she acts first (D5), declares N = 2, waits, interrupts with a dodge at −1D that sets the swing's difficulty (D11–D14, D18)", () => {
    const order = initiativeOrder([{ id: "thug", total: 18 }, { id: "Kira", total: 15, playerCharacter: true }], [{ id: "Kira", position: 0 }]);
    expect(order.map((t) => t.id)).toEqual(["Kira", "thug"]);
    expect(order[0]!.overridden).toBe(true);
    let kira = takeWait(declareActions(newCombatantRound(1), 2));
    expect(canInterrupt(kira)).toBe(true);
    expect(defenseActionDice("partial", kira.declared)).toBe(1);
    const dodge = rollActiveDefense({ skill: "dodge", mode: "partial", code: c("4D"), declared: kira.declared, faces: { dice: [5, 3], wild: [4] } });
    expect(formatDieCode(dodge.roll.plan.code)).toBe("3D");
    expect(dodge.defense.total).toBe(12);
    kira = takePartialDefense(kira, dodge.defense, { interrupting: true });
    expect(kira.waits).toBe(0);
    expect(kira.used).toBe(2);
    const swing = resolveD6Attack({
      attacker: { skill: c("3D+1"), strength: c("3D+1"), weapon: fists, roll: { dice: [4, 3], wild: [2] } },
      defender: { strength: c("2D+2"), defenses: [{ skill: "dodge", mode: "partial", total: kira.defenses[0]!.total }] },
    });
    expect(swing.difficulty!.final).toBe(12);
    expect(swing.difficulty!.source).toBe("dodge");
    expect(swing.attack!.total).toBe(10);
    expect(swing.hit).toBe(false);
    // Without the interrupting dodge the same swing meets passive 10 and hits.
    const unopposed = resolveD6Attack({
      attacker: { skill: c("3D+1"), strength: c("3D+1"), weapon: fists, roll: { dice: [4, 3], wild: [2] } },
      defender: { strength: c("2D+2") },
    });
    expect(unopposed.hit).toBe(true);
  });

  it("seed check 3: one action → no penalty; with freeActions 2, three actions → −1D (D12)", () => {
    expect(multiActionPenaltyDice(1, 1)).toBe(0);
    expect(multiActionPenaltyDice(3, 2)).toBe(1);
    expect(roundPenaltyDice(declareActions(newCombatantRound(1, 2), 3))).toBe(1);
  });

  it("seed check 4: passive defense is 10 (D17); a dodge total of 7 replaces it → difficulty 7 (D18)", () => {
    expect(baseDifficulty([], "melee").value).toBe(10);
    const dodge7 = activeDefense("dodge", "partial", 7);
    expect(baseDifficulty([dodge7], "melee")).toEqual({ value: 7, defenseIndex: 0 });
    const res = resolveD6Attack(attack({ defender: { strength: c("3D"), defenses: [{ skill: "dodge", mode: "partial", total: 7 }] } }));
    expect(res.difficulty!.final).toBe(7);
  });

  it("seed check 5: full defense = roll + 10 (a dodge of 12 → 22 until her next turn); partial = the roll alone, 12 (D23, D24)", () => {
    const full = activeDefense("dodge", "full", 12);
    expect(full.total).toBe(22);
    expect(activeDefense("dodge", "partial", 12).total).toBe(12);
    let her = takeFullDefense(newCombatantRound(1), full);
    expect(her.declared).toBe(1);
    expect(roundPenaltyDice(her)).toBe(0);
    expect(baseDifficulty(her.defenses, "ranged").value).toBe(22);
    her = startRound(her, 2);
    expect(baseDifficulty(her.defenses, "ranged").value).toBe(22); // still in force until her turn comes
    her = declareActions(her, 1);
    expect(her.defenses).toEqual([]); // her next turn starts: it ends
  });

  it("seed check 6: floor of 3 (D26): Point Blank (−5) against passive 10 → 5; against a dodge of 6 → 1 → 3; a melee blow takes no range modifier (D27)", () => {
    expect(combatDifficulty(10, [rangeModifier("pointBlank", "ranged")]).final).toBe(5);
    expect(combatDifficulty(6, [rangeModifier("pointBlank", "ranged")])).toEqual({ beforeFloor: 1, final: 3 });
    const shot = (defenses: D6AttackInput["defender"]["defenses"]) =>
      resolveD6Attack(attack({ defender: { strength: c("3D"), ...(defenses && { defenses }) }, range: { metres: 2 } }, { weapon: pistol }));
    expect(shot(undefined).difficulty!.final).toBe(5);
    const dodged = shot([{ skill: "dodge", mode: "partial", total: 6 }]).difficulty!;
    expect(dodged.beforeFloor).toBe(1);
    expect(dodged.final).toBe(3);
    expect(dodged.floorApplied).toBe(true);
    expect(rangeModifier("pointBlank", "melee")).toBe(0);
    expect(resolveD6Attack(attack({ range: { metres: 2 } })).difficulty!.final).toBe(10);
  });

  it("seed check 7: reach — unarmed and ordinary melee at Point Blank only; a weapon over 2 m (the support beam) at Point Blank or Short (D27)", () => {
    expect(reachBands("unarmed")).toEqual(["pointBlank"]);
    expect(reachBands("melee", 1)).toEqual(["pointBlank"]);
    expect(reachBands("melee", 2)).toEqual(["pointBlank"]);
    expect(reachBands("melee", 3)).toEqual(["pointBlank", "short"]);
    const beam = { mode: "melee" as const, damage: parseWeaponDamage("+1D+1"), lengthMetres: 3 };
    expect(resolveD6Attack(attack({ range: { band: "short" } }, { weapon: beam })).refused).toBeNull();
    expect(resolveD6Attack(attack({ range: { band: "short" } }, { weapon: { ...beam, lengthMetres: 1.5 } })).refused).toBe("outOfReach");
  });

  it("seed check 8: aim 1, 2, 3 consecutive rounds → +1D, +2D, +3D; a fourth → still +3D (D29)", () => {
    let state = newCombatantRound(1);
    const bonuses: number[] = [];
    for (let round = 1; round <= 4; round++) {
      state = aimAt(round === 1 ? state : startRound(state, round), "target");
      bonuses.push(aimDice(state.aim));
    }
    expect(bonuses).toEqual([1, 2, 3, 3]);
  });

  it("seed check 9: initiative — one Character Point adds one extra Wild Die (D9); Fate Points are refused", () => {
    const plain = rollInitiative({ perception: c("3D"), roll: { dice: [2, 3], wild: [4] }, bonus: 0 });
    const withPoint = rollInitiative({ perception: c("3D"), roll: { dice: [2, 3], wild: [4] }, bonus: 0, characterPointDice: [[6, 5]] });
    expect(plain.total).toBe(9);
    expect(withPoint.characterPointDice).toEqual([11]);
    expect(withPoint.total).toBe(20);
    expect(() => rollInitiative({ perception: c("3D"), roll: { dice: [2, 3], wild: [4] }, bonus: 0, fatePoints: 1 })).toThrow(D6Error);
  });

  it("seed check 10: Strength Damage 3D+2 → 2D; 4D → 2D; 5D+1 → 3D; 1D → 1D; a +1D knife with Strength 3D+2 → 3D (D32, D31)", () => {
    expect(["3D+2", "4D", "5D+1", "1D"].map((s) => strengthDamageDice(c(s)))).toEqual([2, 2, 3, 1]);
    expect(formatDieCode(damageCode(parseWeaponDamage("+1D"), strengthDamageDice(c("3D+2"))))).toBe("3D");
  });

  it("seed check 11: damage bonus ⌈(total − difficulty) ÷ 5⌉: 17 vs 10 → 2; 15 → 1; 16 → 2; 10 → 0 (D33)", () => {
    expect([17, 15, 16, 10].map((t) => damageBonus(t, 10))).toEqual([2, 1, 2, 0]);
  });

  it("seed check 12: initiative bonus — Agility 3D+2 → 0; 4D → +1; 8D+1 → +2; Perception 3D with search 5D+1 → +1; both → the better only (D8)", () => {
    const agility = (a: string) => initiativeBonus({ perception: c("3D"), agility: c(a) }).bonus;
    expect([agility("3D+2"), agility("4D"), agility("8D+1")]).toEqual([0, 1, 2]);
    expect(initiativeBonus({ perception: c("3D"), search: c("5D+1"), agility: c("2D") }).bonus).toBe(1);
    const both = initiativeBonus({ perception: c("3D"), search: c("5D+1"), agility: c("8D+1") });
    expect(both).toEqual({ fromSearch: 1, fromAgility: 2, bonus: 2 });
  });

  it("seed check 13: ties — two totals of 14 act simultaneously (D7)", () => {
    const order = initiativeOrder([
      { id: "npc", total: 14 },
      { id: "pc", total: 14, playerCharacter: true },
      { id: "slow", total: 9 },
    ]);
    expect(order.map((t) => t.id)).toEqual(["pc", "npc", "slow"]);
    expect(order[0]!.tieGroup).toBe(order[1]!.tieGroup);
    expect(order[0]!.simultaneous && order[1]!.simultaneous).toBe(true);
    expect(order[2]!.simultaneous).toBe(false);
  });

  it("seed check 14: wounds — 15 vs 9 → 6 → Wounded; a second excess of 2 → Severely Wounded; then 10 → Incapacitated (D35, D36)", () => {
    expect(woundLevelForExcess(15 - 9)).toBe("wounded");
    let state = stackWound(UNHURT, "wounded", 1);
    expect(woundLevelForExcess(2)).toBe("stunned");
    state = stackWound(state, woundLevelForExcess(2), 2);
    expect(state.level).toBe("severelyWounded");
    state = stackWound(state, woundLevelForExcess(10), 3);
    expect(state.level).toBe("incapacitated");
  });
});
