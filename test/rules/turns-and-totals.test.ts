import { describe, expect, it } from "vitest";
import {
  actionsLeft,
  actionTotal,
  beats,
  conditionPenalties,
  conditionPenaltyFor,
  counterHandicap,
  defend,
  effectCosts,
  endRound,
  improveGear,
  improvementCost,
  makeRules,
  newBudget,
  parseBundle,
  spendAction,
  spendExperience,
  takeExtraAction,
  turnOrder,
  wait,
  assertNotInCombat,
  earnExperience,
  formatBundle,
} from "../../src/rulesets/cychosys/rules/index.js";

describe("R13 action totals", () => {
  it("R13: base + dice + finesse + speed + modifier − effect costs − condition penalties, with every term shown", () => {
    const total = actionTotal({ base: 10, roll: [2, 10], finesse: 3, speed: 9, modifier: -2, effectCost: 4, conditionPenalty: 2 });
    expect(total.total).toBe(10 + 12 + 3 + 9 - 2 - 4 - 2);
    expect(total.terms.map((t) => t.kind)).toEqual(["base", "dice", "finesse", "speed", "modifier", "effects", "conditions"]);
    expect(total.terms.find((t) => t.kind === "effects")?.value).toBe(-4);
  });

  it("R13: a total is never below 0", () => {
    expect(actionTotal({ base: 1, roll: [1], conditionPenalty: 6 }).total).toBe(0);
  });

  it("R12/R13: a crash overrides everything", () => {
    expect(actionTotal({ base: 20, roll: [12, 10, 10], speed: 9 }).total).toBe(0);
  });
});

describe("R19–R20 adding effects", () => {
  it("R19: the j-th instance costs j × power, counting the edge's own", () => {
    const costs = effectCosts(parseBundle("D2"), ["D", "D", "C"]);
    expect(costs.lines).toEqual([
      { letter: "D", instance: 2, cost: 4 },
      { letter: "D", instance: 3, cost: 6 },
      { letter: "C", instance: 1, cost: 8 },
    ]);
    expect(costs.total).toBe(18);
  });

  it("R23: counterattack handicaps are 8, 16, 24", () => {
    expect([1, 2, 3].map((k) => counterHandicap(k))).toEqual([8, 16, 24]);
  });

  it("R20: a total must beat the competing total; a tie is lost, unless a surge breaks it (R12)", () => {
    expect(beats({ total: 20 }, { total: 19 })).toBe(true);
    expect(beats({ total: 20 }, { total: 20 })).toBe(false);
    expect(beats({ total: 20, surge: true }, { total: 20 })).toBe(true);
    expect(beats({ total: 20 }, { total: 20, surge: true })).toBe(false);
    expect(beats({ total: 20, surge: true }, { total: 20, surge: true })).toBe(false);
  });

  it("R12: the surge tie rule is data", () => {
    const rules = makeRules({ options: { surgeWinsTies: false } });
    expect(beats({ total: 20, surge: true }, { total: 20 }, "b", rules.options)).toBe(false);
  });
});

describe("R10 conditions", () => {
  it("R10: each condition instance subtracts its penalty from its facets and quickness", () => {
    expect(conditionPenalties(["S", "P", "B"])).toEqual({ physical: 6, mental: 2, emotional: 2, quickness: 2, incapacitated: false });
    expect(conditionPenaltyFor(parseBundle("DD"), "mental")).toBe(4);
    expect(conditionPenalties(["U"]).incapacitated).toBe(true);
  });

  it("R27: modifier letters are never conditions", () => {
    expect(conditionPenalties(["V", "F"])).toEqual({ physical: 0, mental: 0, emotional: 0, quickness: 0, incapacitated: false });
  });
});

describe("R14 turn order", () => {
  const entry = (id: string, quickness: number, playerCharacter = false, physicalHits = 5, tiebreak = 0) => ({
    id,
    quickness,
    playerCharacter,
    physicalHits,
    tiebreak,
  });

  it("R14: highest quickness first (Parker 7 before the sentry 3)", () => {
    expect(turnOrder([entry("sentry", 3), entry("parker", 7, true)]).map((e) => e.id)).toEqual(["parker", "sentry"]);
  });

  it("R14: ties go to player characters, then the higher physical pool, then the drawn tiebreak", () => {
    const order = turnOrder([entry("npc", 5, false, 9), entry("pc", 5, true, 1), entry("npc2", 5, false, 9, -1), entry("npc3", 5, false, 10)]);
    expect(order.map((e) => e.id)).toEqual(["pc", "npc3", "npc2", "npc"]);
  });
});

describe("R15–R17 the action budget", () => {
  it("R15: one action per round, plus trademark actions", () => {
    expect(actionsLeft(newBudget())).toBe(1);
    expect(actionsLeft(newBudget(1))).toBe(2);
  });

  it("R15: attacking uses the action; there is none left after", () => {
    const after = spendAction(newBudget());
    expect(actionsLeft(after)).toBe(0);
    expect(() => spendAction(after)).toThrow("No action left this round.");
  });

  it("R15: the first defense against an attack is free; a second against the same attack costs an action", () => {
    const first = defend(newBudget(), "attack-1");
    expect(first.costsAction).toBe(false);
    expect(actionsLeft(first.budget)).toBe(1);
    const other = defend(first.budget, "attack-2");
    expect(other.costsAction).toBe(false);
    const second = defend(other.budget, "attack-1");
    expect(second.costsAction).toBe(true);
    expect(actionsLeft(second.budget)).toBe(0);
    expect(() => defend(second.budget, "attack-1")).toThrow("No action left this round.");
  });

  it("R16: an extra action costs 6 fatigue from one pool", () => {
    const { budget, fatigue } = takeExtraAction(newBudget(), { physical: 6, mental: 2, emotional: 0 }, "physical");
    expect(budget.extraTaken).toBe(1);
    expect(fatigue).toEqual({ physical: 0, mental: 2, emotional: 0 });
    expect(() => takeExtraAction(newBudget(), { physical: 5, mental: 9, emotional: 9 }, "physical")).toThrow(
      "An extra action costs 6 fatigue; the physical fatigue pool has 5.",
    );
  });

  it("R17: waiting holds the action; using it later clears the wait", () => {
    const waiting = wait(newBudget());
    expect(waiting.waiting).toBe(true);
    expect(() => wait(waiting)).toThrow("Already waiting");
    expect(spendAction(waiting).waiting).toBe(false);
  });

  it("R17: each unused action restores 1 fatigue at round end, never above the maximum; nothing carries over", () => {
    const budget = newBudget(2); // three actions
    const used = spendAction(budget);
    const end = endRound(used, { physical: 3, mental: 6, emotional: 5 }, { physical: 6, mental: 6, emotional: 6 }, ["mental", "emotional"]);
    expect(end.restored).toEqual({ physical: 0, mental: 0, emotional: 1 });
    expect(end.fatigue).toEqual({ physical: 3, mental: 6, emotional: 6 });
    expect(actionsLeft(end.budget)).toBe(3);
    expect(end.budget.defenses).toEqual({});
  });

  it("R17 [fixed]: without a choice the most depleted fatigue pool recovers", () => {
    const end = endRound(newBudget(), { physical: 5, mental: 1, emotional: 4 }, { physical: 6, mental: 6, emotional: 6 });
    expect(end.fatigue).toEqual({ physical: 5, mental: 2, emotional: 4 });
  });
});

describe("R18, R40–R41 experience", () => {
  it("R18: experience cannot be spent in combat", () => {
    expect(() => assertNotInCombat(true)).toThrow("Experience cannot be spent during combat (R18).");
    expect(() => spendExperience({ unspent: 10, spent: 0 }, 2, true)).toThrow(/during combat/);
  });

  it("R40: earning is allowed any time; spending moves points from unspent to spent", () => {
    const xp = earnExperience({ unspent: 0, spent: 3 }, 1);
    expect(xp).toEqual({ unspent: 1, spent: 3 });
    expect(spendExperience({ unspent: 5, spent: 1 }, 4, false)).toEqual({ unspent: 1, spent: 5 });
    expect(() => spendExperience({ unspent: 1, spent: 0 }, 4, false)).toThrow("That costs 4 experience; 1 unspent.");
  });

  it("R41: adding effects to gear costs their powers and is blocked in combat", () => {
    expect(improvementCost(["D", "S"])).toBe(6);
    const improved = improveGear(parseBundle("B2"), ["D"], { unspent: 5, spent: 0 }, false);
    expect(formatBundle(improved.gear)).toBe("BD2");
    expect(improved.xp).toEqual({ unspent: 3, spent: 2 });
    expect(() => improveGear(parseBundle("B2"), ["D"], { unspent: 5, spent: 0 }, true)).toThrow(/during combat/);
  });
});
