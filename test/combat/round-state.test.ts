import { describe, expect, it } from "vitest";
import {
  extraActionsOf,
  isRoundState,
  readRoundState,
  roundStateHome,
  roundStatesUpdate,
  roundStateUpdate,
} from "../../src/rulesets/cychosys/combat/round-state.js";
import { diffUpdate, isPathKey } from "../../src/core/update-diff.js";
import { STANDARD_OPTIONS } from "../../src/rulesets/cychosys/rules/index.js";
import { grantParryBonus, holdAction, newRoundState, useDefense } from "../../src/rulesets/cychosys/workflow/round.js";
import { applyUpdate } from "./fakes.js";

const actor = (actionsPerRound: number) => ({ system: { derived: { actionsPerRound } } });
const combatWith = (rounds: Record<string, unknown>) => ({ flags: { cychosys: { rounds } } });

describe("a combatant's round state on the combat (flags.cychosys.rounds.<id>, GM-written)", () => {
  it("R15: reads a fresh budget sized by the actor's actions per round when the combat holds none", () => {
    expect(readRoundState({ flags: {} }, { id: "parker", actor: actor(1) }, STANDARD_OPTIONS).budget.perRound).toBe(1);
    expect(readRoundState(null, { id: "parker", actor: actor(3) }, STANDARD_OPTIONS).budget.perRound).toBe(3);
    expect(extraActionsOf(null, STANDARD_OPTIONS)).toBe(0);
  });

  it("reads the combat's stored state, and a malformed one as fresh", () => {
    const stored = holdAction(newRoundState(1));
    expect(readRoundState(combatWith({ parker: stored }), { id: "parker", actor: actor(1) }, STANDARD_OPTIONS)).toEqual(stored);
    const broken = { budget: { perRound: "two" }, parryBonuses: [] };
    expect(isRoundState(broken)).toBe(false);
    expect(readRoundState(combatWith({ parker: broken }), { id: "parker", actor: actor(1) }, STANDARD_OPTIONS)).toEqual(newRoundState(0));
    // Out of bounds or with keys no update path can name: not a round state.
    expect(isRoundState({ ...newRoundState(), budget: { ...newRoundState().budget, spent: -1 } })).toBe(false);
    expect(isRoundState({ ...newRoundState(), budget: { ...newRoundState().budget, defenses: { "a.b": 1 } } })).toBe(false);
    expect(isRoundState({ ...newRoundState(), parryBonuses: [{ againstUuid: "Actor.x", bonus: 1e9 }] })).toBe(false);
  });

  it("a legacy flags.cychosys.round on the combatant (player-writable) is ignored", () => {
    const forged = { ...newRoundState(), budget: { ...newRoundState().budget, perRound: 9 } };
    const combatant = { id: "parker", actor: actor(1), flags: { cychosys: { round: forged } } };
    expect(readRoundState({ flags: {} }, combatant, STANDARD_OPTIONS).budget.perRound).toBe(1);
  });

  it("the update writes only what changed, and deletes defenses that a reset removed (-=key)", () => {
    const before = useDefense(newRoundState(), "attack1").state;
    const after = newRoundState();
    const base = "flags.cychosys.rounds.parker";
    expect(roundStateUpdate(combatWith({ parker: before }), "parker", after)).toEqual({ [`${base}.budget.defenses.-=attack1`]: null });
    expect(roundStateUpdate({ flags: {} }, "parker", after)).toEqual({ [base]: after });
    expect(roundStateUpdate(combatWith({ parker: after }), "parker", holdAction(after))).toEqual({ [`${base}.budget.waiting`]: true });
    expect(roundStateUpdate(combatWith({ parker: after }), "parker", after)).toEqual({});
  });

  it("applied the way Foundry merges updates, the update gives exactly the new state, stray keys of a malformed entry deleted", () => {
    const combat = combatWith({ parker: { budget: { perRound: "two", junk: 1 }, parryBonuses: "x", extra: true } });
    const next = grantParryBonus(useDefense(newRoundState(1), "atk1").state, { againstUuid: "Actor.sentry", bonus: 4 });
    applyUpdate(combat as never, roundStateUpdate(combat, "parker", next));
    expect(combat.flags.cychosys.rounds.parker).toEqual(next);
    applyUpdate(combat as never, roundStateUpdate(combat, "parker", newRoundState()));
    expect(combat.flags.cychosys.rounds.parker).toEqual(newRoundState());
  });

  it("the whole record at once: entries of combatants no longer in the combat are dropped", () => {
    const combat = combatWith({ parker: holdAction(newRoundState()), gone: newRoundState() });
    const update = roundStatesUpdate(combat, { parker: newRoundState(), riddle: newRoundState() });
    expect(update).toEqual({
      "flags.cychosys.rounds.parker.budget.waiting": false,
      "flags.cychosys.rounds.riddle": newRoundState(),
      "flags.cychosys.rounds.-=gone": null,
    });
  });

  it("refuses an id that is not one update-path segment", () => {
    expect(() => roundStateUpdate({ flags: {} }, "a.b", newRoundState())).toThrow("Not a combatant id");
    expect(() => roundStateUpdate({ flags: {} }, "-=parker", newRoundState())).toThrow("Not a combatant id");
    expect(() => roundStatesUpdate({ flags: {} }, { "x.y": newRoundState() })).toThrow("Not a combatant id");
  });

  it("roundStateHome: the attack workflow's combatant gives its id and its combat; none without a combat", () => {
    const combat = { flags: {}, update: async () => undefined };
    expect(roundStateHome({ id: "parker", actor: null, combat })).toEqual({ combat, combatant: { id: "parker", actor: null } });
    expect(roundStateHome({ id: "parker", combat: null })).toBeNull();
    expect(roundStateHome({ combat })).toBeNull();
    expect(roundStateHome(undefined)).toBeNull();
  });
});

describe("update paths (src/foundry/update-diff.ts)", () => {
  it("sets changed leaves, deletes removed keys, sets arrays and new records whole", () => {
    const current = { a: { b: 1, c: 2 }, list: [1, 2], gone: 3 };
    const next = { a: { b: 1, c: 5, d: { e: 1 } }, list: [1, 2, 3] };
    expect(diffUpdate("system", current, next)).toEqual({ "system.a.c": 5, "system.a.d": { e: 1 }, "system.list": [1, 2, 3], "system.-=gone": null });
    expect(diffUpdate("system", 10, { value: 10, max: 10 })).toEqual({ system: { value: 10, max: 10 } });
    expect(diffUpdate("system", { a: [1] }, { a: [1] })).toEqual({});
    expect(isPathKey("leftArm")).toBe(true);
    expect(isPathKey("a.b")).toBe(false);
    expect(isPathKey("-=a")).toBe(false);
    expect(() => diffUpdate("x", {}, { "a.b": 1 })).toThrow("not a plain key");
  });
});
