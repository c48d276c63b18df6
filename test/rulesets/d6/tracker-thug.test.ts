/**
 * Seed check 2 played through the tracker's requests: the GM lets the
 * character who surprised the thug act first (D5); she declares N = 2 (D11)
 * and spends one on a wait (D13); the thug swings; she interrupts (D14) with
 * a dodge at −1D because it is her second action (D12); that dodge total is
 * the difficulty of the swing (D18). Every step is a request message written
 * by its author and carried out by the active GM.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { createdMessages, gm, player, resetCombatWorld } from "../../combat/fakes.js";
import { send, thugFight, replies } from "../../combat/d6-fakes.js";
import { d6RoundUpdate, readD6Round, applyD6RoundOperation } from "../../../src/rulesets/d6/combat/round-state.js";
import { baseDifficulty, canInterrupt, parseDieCode, roundPenaltyDice, rollActiveDefense } from "../../../src/rulesets/d6/rules/index.js";
import { readD6Order } from "../../../src/rulesets/d6/combat/tracker-plan.js";

beforeEach(resetCombatWorld);

describe("seed check 2 through the tracker (D5, D11–D14, D18)", () => {
  it("the thug: placed first, N = 2, a wait, an interrupting dodge at −1D is the swing's difficulty", async () => {
    const { combat, c } = await thugFight();
    const id = combat.id;
    // D6: Mara rolls 3D on her client; only the faces travel (2 dice + the Wild Die). 2+3+4 = 9.
    await send(player, { kind: "d6Initiative", combatId: id, combatantId: "mara", dice: [2, 3], wild: [4] });
    // D6: the GM rolls once for the thugs (2D+1): 5 + 6,3 = 15 — both share it.
    await send(gm, { kind: "d6Initiative", combatId: id, combatantId: "thug", dice: [5], wild: [6, 3], group: true });
    expect(replies("alice")).toEqual([]);
    const ref = (x: typeof c.mara) => ({ combat: combat as never, combatant: x as never });
    expect(readD6Round(ref(c.mara)).initiative?.total).toBe(9);
    expect(readD6Round(ref(c.thug)).initiative?.total).toBe(15);
    expect(readD6Round(ref(c.thug2)).initiative).toMatchObject({ total: 15, group: "thug" });
    expect(c.mara.initiative).toBe(9); // mirrored for display
    expect(combat.turns.map((t) => t.id)).toEqual(["thug", "thug2", "mara"]);
    // D5: she surprised him — the GM places her first for this round; then sets the order.
    await send(gm, { kind: "d6Place", combatId: id, combatantId: "mara", position: 0 });
    await send(gm, { kind: "d6SetOrder", combatId: id });
    expect(readD6Order(combat.flags, 1)).toEqual({ round: 1, set: true, overrides: { mara: 0 } });
    expect(combat.turns.map((t) => t.id)).toEqual(["mara", "thug", "thug2"]);
    expect(combat.turn).toBe(0);
    expect(String(createdMessages.at(-1)?.content)).toContain("<li>Mara 9 (Placed by the GM)</li><li>Thug 15</li><li>Thug 2 15</li>");
    // D11: her turn: N = 2; D12: −1D on every roll this round.
    await send(player, { kind: "d6Declare", combatId: id, combatantId: "mara", actions: 2 });
    expect(roundPenaltyDice(readD6Round(ref(c.mara)).round)).toBe(1);
    // D13: she spends one on a wait.
    await send(player, { kind: "d6Wait", combatId: id, combatantId: "mara" });
    expect(replies("alice")).toEqual([]);
    await combat.nextTurn();
    expect(combat.turn).toBe(1);
    // The thug's turn: the GM declares one action; he swings.
    await send(gm, { kind: "d6Declare", combatId: id, combatantId: "thug", actions: 1 });
    // D14: she holds a wait and an action: she may interrupt. Her dodge (3D) is rolled at −1D: 2D, faces 4 + 3 = 7.
    const mine = readD6Round(ref(c.mara));
    expect(canInterrupt(mine.round)).toBe(true);
    const { roll, defense } = rollActiveDefense({ skill: "dodge", mode: "partial", code: parseDieCode("3D"), declared: mine.round.declared, freeActions: mine.round.freeActions, faces: { dice: [4], wild: [3] } });
    expect(roll.reading.code).toEqual(parseDieCode("2D"));
    expect(roll.total).toBe(7);
    // The workflow's round operation for the interrupting dodge, written by the GM.
    await combat.update(d6RoundUpdate(ref(c.mara), applyD6RoundOperation(mine, { kind: "defense", defense, interrupting: true })));
    const after = readD6Round(ref(c.mara));
    expect(after.round.used).toBe(2);
    expect(canInterrupt(after.round)).toBe(false);
    // D18: the dodge total (7, below 10, still replaces the passive value) is the swing's difficulty.
    expect(baseDifficulty(after.round.defenses, "melee").value).toBe(7);
  });
});
