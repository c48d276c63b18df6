/**
 * D7 on the Foundry side: the tie an actor's combatant is in, read from the
 * combat's order and current turn, holds its wounds back until the tie's
 * last turn (the card's apply asks `d6TieOf`).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { gm, resetCombatWorld } from "./fakes.js";
import { send, thugFight } from "./d6-fakes.js";
import { d6TieOf } from "../../src/foundry/d6/combat-actions.js";

const g = globalThis as any;

beforeEach(resetCombatWorld);

describe("D7: whose tie is acting", () => {
  it("the two thugs tied at 15 act at once: during either turn a thug's effects wait for the second thug; on Mara's turn nothing waits", async () => {
    const { combat, actors } = await thugFight();
    g.game.combat = combat;
    await send(gm, { kind: "d6Initiative", combatId: combat.id, combatantId: "mara", dice: [2, 3], wild: [4], group: false });
    await send(gm, { kind: "d6Initiative", combatId: combat.id, combatantId: "thug", dice: [5], wild: [6, 3], group: true });
    // Before the GM sets the order nothing waits.
    expect(d6TieOf(actors.thug.uuid)).toBeNull();
    await send(gm, { kind: "d6SetOrder", combatId: combat.id });
    expect(combat.turns.map((t) => t.id)).toEqual(["thug", "thug2", "mara"]);
    expect(d6TieOf(actors.thug.uuid)).toBe("Thug 2");
    expect(d6TieOf(actors.mara.uuid)).toBeNull();
    await combat.update({ turn: 1 });
    expect(d6TieOf(actors.thug.uuid)).toBe("Thug 2");
    await combat.update({ turn: 2 });
    expect(d6TieOf(actors.thug.uuid)).toBeNull();
    g.game.combat = null;
  });
});
