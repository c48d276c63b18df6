/**
 * Issue 22.2, "undo by delta" (Cychosys tracker, R16): an extra action pays
 * its fatigue first, then records itself on the combat; when the combat's
 * update fails, the fatigue is paid back — by the amount paid, clamped to the
 * pool's range, never by writing the value read before the payment back (that
 * would erase a change that landed in between, such as the owner spending
 * fatigue on their own sheet while the GM's update was on its way).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { deliver, player, replies, requestFrom, resetCombatWorld } from "../../combat/fakes.js";
import { chapterFight } from "../../combat/classes.js";
import { registerCombatHandlers } from "../../../src/foundry/cychosys/combat/documents.js";
import { readRoundState } from "../../../src/rulesets/cychosys/combat/round-state.js";

registerCombatHandlers();
const g = globalThis as unknown as { game: { combats: unknown } };

async function fight() {
  const { combat, c, actors } = await chapterFight();
  return { combat, c, parker: actors.parker };
}

beforeEach(resetCombatWorld);
afterEach(() => {
  vi.restoreAllMocks();
  g.game.combats = { contents: [] };
});

describe("undo by delta: the extra action's fatigue paid back (R16)", () => {
  it("a change to the pool that landed between the payment and the refund is kept", async () => {
    const { combat, c, parker } = await fight();
    vi.spyOn(console, "error").mockImplementation(() => {});
    parker.system.pools.fatigue.mental = { value: 8, max: 10 };
    // The combat's update fails; meanwhile the owner's own spending of 1 mental fatigue reached the GM's client.
    combat.failWhen = () => {
      parker.system.pools.fatigue.mental.value -= 1;
      return true;
    };
    await deliver(requestFrom(player, { kind: "extraAction", combatId: combat.id, combatantId: "parker", pool: "mental" }));
    combat.failWhen = null;
    expect(parker.system.pools.fatigue.mental.value).toBe(8 - 6 - 1 + 6);
    expect(readRoundState(combat, c.parker).budget.extraTaken).toBe(0);
    expect(replies("alice").at(-1)).toContain("the fatigue was paid back and nothing changed");
  });

  it("paid back within the pool's range: never above its maximum", async () => {
    const { combat, parker } = await fight();
    vi.spyOn(console, "error").mockImplementation(() => {});
    parker.system.pools.fatigue.mental = { value: 8, max: 10 };
    // Meanwhile the round's end restored 5 of it (2 → 7): paying 6 back stops at 10.
    combat.failWhen = () => {
      parker.system.pools.fatigue.mental.value += 5;
      return true;
    };
    await deliver(requestFrom(player, { kind: "extraAction", combatId: combat.id, combatantId: "parker", pool: "mental" }));
    combat.failWhen = null;
    expect(parker.system.pools.fatigue.mental.value).toBe(10);
  });
});
