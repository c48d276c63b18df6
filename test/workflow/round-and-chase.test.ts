import { describe, expect, it } from "vitest";
import { nextChaseRound, recordMove, setTerrain, startChase, waitingToMove } from "../../src/rulesets/cychosys/workflow/chase.js";
import { buyExtraAction, closeRound, grantParryBonus, holdAction, isDefeated, newRoundState, orderForRound, useAction, useDefense } from "../../src/rulesets/cychosys/workflow/round.js";

describe("the combat round", () => {
  it("R14: each round is ordered by current quickness", () => {
    const order = orderForRound([
      { id: "sentry", quickness: 3, playerCharacter: false, physicalHits: 4, tiebreak: 0 },
      { id: "parker", quickness: 7, playerCharacter: true, physicalHits: 10, tiebreak: 1 },
    ]);
    expect(order.map((o) => o.id)).toEqual(["parker", "sentry"]);
  });

  it("R25: a parry bonus is spent by the next attack on that opponent and lapses at round end", () => {
    let state = grantParryBonus(newRoundState(), { againstUuid: "Actor.parker", bonus: 4 });
    state = grantParryBonus(state, { againstUuid: "Actor.parker", bonus: 2 }); // the better bonus stays
    const attack = useAction(state, "Actor.parker");
    expect(attack.parryBonus).toBe(4);
    expect(attack.state.parryBonuses).toEqual([]);
    const kept = grantParryBonus(newRoundState(), { againstUuid: "Actor.parker", bonus: 4 });
    expect(closeRound(kept, { physical: 6, mental: 6, emotional: 6 }, { physical: 6, mental: 6, emotional: 6 }).state.parryBonuses).toEqual([]);
  });

  it("R15–R17: defenses, extra actions and waiting flow through one round; unused actions restore fatigue", () => {
    let state = newRoundState(1); // two actions
    state = useDefense(state, "a1").state;
    const second = useDefense(state, "a1");
    expect(second.costsAction).toBe(true);
    state = holdAction(second.state);
    const bought = buyExtraAction(state, { physical: 6, mental: 3, emotional: 6 }, "emotional");
    expect(bought.fatigue).toEqual({ physical: 6, mental: 3, emotional: 0 });
    const end = closeRound(bought.state, bought.fatigue, { physical: 6, mental: 6, emotional: 6 }, 1);
    expect(end.unused).toBe(1);
    expect(end.restored).toEqual({ physical: 0, mental: 0, emotional: 1 });
    expect(end.state.budget).toMatchObject({ perRound: 2, spent: 0, waiting: false });
  });

  it("R33: any hit pool at 0 is defeated", () => {
    expect(isDefeated({ physical: 5, mental: 0, emotional: 3 })).toBe(true);
    expect(isDefeated({ physical: 5, mental: 1, emotional: 3 })).toBe(false);
  });
});

describe("the chase tracker (R39)", () => {
  it("replays the chapter's chase: Parker 0 → 2 → 15, the sentry 5 → 10 → stopped at the door, 15", () => {
    let chase = startChase("the office door", [
      { actorUuid: "Actor.parker", name: "Parker", position: 0, quickness: 7, terrain: 10 },
      { actorUuid: "Actor.sentry", name: "the sentry", position: 5, quickness: 3, terrain: 5 },
    ]);
    chase = recordMove(chase, "Actor.parker", 11);
    expect(waitingToMove(chase).map((p) => p.name)).toEqual(["the sentry"]);
    chase = recordMove(chase, "Actor.sentry", 17);
    expect(chase.participants.map((p) => p.position)).toEqual([2, 10]);
    expect(() => recordMove(chase, "Actor.parker", 20)).toThrow("Parker has already moved this round.");

    chase = nextChaseRound(chase);
    chase = setTerrain(chase, "Actor.parker", 5, 15);
    chase = setTerrain(chase, "Actor.sentry", 2, 15);
    chase = recordMove(recordMove(chase, "Actor.parker", 26), "Actor.sentry", 15);
    expect(chase.participants.map((p) => [p.position, p.move?.stopped])).toEqual([
      [15, false],
      [15, true],
    ]);
    expect(chase.history.map((h) => [h.round, h.change])).toEqual([
      [1, 2],
      [1, 5],
      [2, 13],
      [2, 8],
    ]);
  });
});

describe("an attack in the round (R15, R25)", () => {
  it("spends an action; against one target it uses the parry bonus held against that target, once", async () => {
    const { attackRoundStep, grantParryBonus, newRoundState } = await import("../../src/rulesets/cychosys/workflow/round.js");
    const held = grantParryBonus(newRoundState(0), { againstUuid: "Actor.parker", bonus: 4 });
    const first = attackRoundStep(held, ["Actor.parker"]);
    expect(first.parryBonus).toBe(4);
    expect(first.state.parryBonuses).toEqual([]);
    expect(first.state.budget.spent).toBe(1);
    expect(() => attackRoundStep(first.state, ["Actor.parker"])).toThrow("No action left this round.");
  });

  it("an attack on several targets shares one total: no single target's bonus applies", async () => {
    const { attackRoundStep, grantParryBonus, newRoundState } = await import("../../src/rulesets/cychosys/workflow/round.js");
    const held = grantParryBonus(newRoundState(1), { againstUuid: "Actor.parker", bonus: 4 });
    const step = attackRoundStep(held, ["Actor.parker", "Actor.riddle"]);
    expect(step.parryBonus).toBe(0);
    expect(step.state.parryBonuses).toHaveLength(1);
  });
});
