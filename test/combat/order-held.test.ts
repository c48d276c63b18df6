/**
 * Issue "The GM holds the truth": the figures of R14's order (the round's
 * quickness, the physical pool for ties, the tiebreak drawn once) are held
 * on the combat, which only the GM writes; what a player writes on their own
 * combatant (its initiative, its tiebreak) does not move them in the order.
 */
import { describe, expect, it } from "vitest";
import { type CombatantFacts, combatStartCombatUpdate, compareCombatants, orderFiguresOf, roundStartOrderUpdate } from "../../src/rulesets/cychosys/combat/plan.js";
import { STANDARD_OPTIONS } from "../../src/rulesets/cychosys/rules/index.js";
import { applyDotted } from "../chat/fakes.js";

const actor = (id: string, quickness: number, physical: number, type = "npc") => ({
  uuid: `Actor.${id}`,
  type,
  system: { derived: { quickness: { quickness } }, pools: { hit: { physical: { value: physical, max: 10 }, mental: { value: 5, max: 5 }, emotional: { value: 5, max: 5 } }, fatigue: { physical: { value: 6, max: 6 }, mental: { value: 6, max: 6 }, emotional: { value: 6, max: 6 } } } },
});
const combatant = (id: string, a: ReturnType<typeof actor>, combatFlags: Record<string, unknown>, flags: Record<string, unknown> = {}, initiative: number | null = null): CombatantFacts => {
  const order = orderFiguresOf(combatFlags, id);
  return { id, name: id, initiative, defeated: false, flags, actor: a as never, ...(order && { order }) };
};

describe("R14: the order's figures are the GM's", () => {
  it("a player who rewrites their combatant's initiative and tiebreak keeps their place; the GM's figures decide", () => {
    const rose = actor("rose", 7, 5, "character");
    const sentry = actor("sentry", 7, 5);
    const combat = { flags: {} as Record<string, unknown> };
    const start = [combatant("rose", rose, combat.flags), combatant("sentry", sentry, combat.flags)];
    applyDotted(combat as never, combatStartCombatUpdate(combat as never, start, STANDARD_OPTIONS, { rose: 0.9, sentry: 0.1 }));
    // Rose is a PC: she goes first on the tie (R14). Her player forges a slower initiative for the sentry's sake — or a faster one for hers.
    const forged = combatant("rose", rose, combat.flags, { cychosys: { tiebreak: 0 } }, 99);
    const held = combatant("sentry", sentry, combat.flags, {}, 7);
    expect(compareCombatants(forged, held)).toBeLessThan(0);
    const sentryForged = combatant("sentry", sentry, combat.flags, { cychosys: { tiebreak: -5, physicalHits: 99 } }, 50);
    const roseHeld = combatant("rose", actor("rose", 7, 5, "character"), combat.flags, {}, 7);
    expect(compareCombatants(roseHeld, sentryForged)).toBeLessThan(0);
  });

  it("each round the GM's figures follow the actors (an injured combatant is slower next round); the tiebreak is kept", () => {
    const combat = { flags: {} as Record<string, unknown> };
    const a = actor("a", 7, 5);
    applyDotted(combat as never, combatStartCombatUpdate(combat as never, [combatant("a", a, combat.flags)], STANDARD_OPTIONS, { a: 0.42 }));
    const hurt = actor("a", 5, 2);
    applyDotted(combat as never, roundStartOrderUpdate(combat.flags, [combatant("a", hurt, combat.flags)]));
    expect(orderFiguresOf(combat.flags, "a")).toEqual({ quickness: 5, physicalHits: 2, tiebreak: 0.42 });
    expect(roundStartOrderUpdate(combat.flags, [combatant("a", hurt, combat.flags)])).toEqual({});
  });

  it("malformed figures on the combat are not used (the combatant's then count, as before)", () => {
    expect(orderFiguresOf({ cychosys: { order: { a: { quickness: "fast", physicalHits: 1, tiebreak: 0 } } } }, "a")).toBeUndefined();
    expect(orderFiguresOf({ cychosys: { order: "x" } }, "a")).toBeUndefined();
  });
});
