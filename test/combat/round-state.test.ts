import { describe, expect, it } from "vitest";
import { extraActionsOf, isRoundState, readRoundState, roundStateUpdate, writeRoundState } from "../../src/combat/round-state.js";
import { STANDARD_OPTIONS } from "../../src/rules/index.js";
import { holdAction, newRoundState, useDefense } from "../../src/workflow/round.js";

const actor = (actionsPerRound: number) => ({ system: { derived: { actionsPerRound } } });

describe("a combatant's round state in flags.cychosys.round", () => {
  it("reads a fresh budget sized by the actor's actions per round when none is stored (R15)", () => {
    expect(readRoundState({ flags: {}, actor: actor(1) }, STANDARD_OPTIONS).budget.perRound).toBe(1);
    expect(readRoundState({ flags: {}, actor: actor(3) }, STANDARD_OPTIONS).budget.perRound).toBe(3);
    expect(extraActionsOf(null, STANDARD_OPTIONS)).toBe(0);
  });

  it("reads a stored state, and ignores a malformed one", () => {
    const stored = holdAction(newRoundState(1));
    expect(readRoundState({ flags: { cychosys: { round: stored } }, actor: actor(1) }, STANDARD_OPTIONS)).toEqual(stored);
    const broken = { budget: { perRound: "two" }, parryBonuses: [] };
    expect(isRoundState(broken)).toBe(false);
    expect(readRoundState({ flags: { cychosys: { round: broken } }, actor: actor(1) }, STANDARD_OPTIONS)).toEqual(newRoundState(0));
  });

  it("writes only what changed and deletes defenses that a reset removed", () => {
    const before = useDefense(newRoundState(), "attack1").state;
    const after = newRoundState();
    expect(roundStateUpdate(before, after)).toEqual({ "flags.cychosys.round.budget.defenses.-=attack1": null });
    expect(roundStateUpdate(undefined, after)).toEqual({ "flags.cychosys.round": after });
    expect(roundStateUpdate(after, holdAction(after))).toEqual({ "flags.cychosys.round.budget.waiting": true });
  });

  it("writeRoundState sends one update, none when nothing changed", async () => {
    const updates: Record<string, unknown>[] = [];
    const combatant = { flags: { cychosys: { round: newRoundState() } }, actor: actor(1), update: async (d: Record<string, unknown>) => updates.push(d) };
    await writeRoundState(combatant, newRoundState());
    expect(updates).toEqual([]);
    await writeRoundState(combatant, holdAction(newRoundState()));
    expect(updates).toEqual([{ "flags.cychosys.round.budget.waiting": true }]);
  });
});
