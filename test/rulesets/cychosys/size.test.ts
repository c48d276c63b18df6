/**
 * Issue 20.5, "nothing fails silently at size" (Cychosys): the combat's
 * stored state (`flags.cychosys.rounds` and `.order`, round-state.ts and
 * plan.ts) holds 1,000 combatants and reads back what was stored; the bounds
 * its reader keeps against corrupted data are far beyond a thousand-strong
 * fight and, when an operation would pass one, it is refused with a message
 * before anything is written (never stored to read back as a fresh budget);
 * and a chase of 1,000 runners keeps every roll it has used.
 */
import { describe, expect, it } from "vitest";
import { benchCombat } from "../../../src/rulesets/cychosys/bench.js";
import { combatantFacts, combatStartCombatUpdate, orderFiguresOf, storedOrderFigures } from "../../../src/rulesets/cychosys/combat/plan.js";
import { freshRoundState, readRoundState, ROUND_STATE_LIMITS, roundStateUpdate } from "../../../src/rulesets/cychosys/combat/round-state.js";
import { planRoundEndWork } from "../../../src/rulesets/cychosys/combat/table.js";
import { createCychosysRuleset } from "../../../src/rulesets/cychosys/ruleset.js";
import { STANDARD_OPTIONS } from "../../../src/rulesets/cychosys/rules/index.js";
import { nextStoredChase } from "../../../src/rulesets/cychosys/views/chase-logic.js";
import { applyRoundOperation } from "../../../src/rulesets/cychosys/workflow/round-operations.js";
import type { RoundState } from "../../../src/rulesets/cychosys/workflow/round.js";
import { applyDotted } from "../../chat/fakes.js";

/** What Foundry keeps of an update: merged into the stored data, then written and read as JSON. */
function stored(combat: { flags: Record<string, unknown> }, update: Record<string, unknown>): void {
  const wrapper = { flags: combat.flags };
  applyDotted(wrapper, update);
  combat.flags = JSON.parse(JSON.stringify(wrapper.flags)) as Record<string, unknown>;
}

describe("1,000 combatants on the combat (20.5)", () => {
  it("the combat's start stores every budget and order figure; each reads back as stored", () => {
    const { combat, docs } = benchCombat(1000);
    combat.flags = {};
    const facts = docs.map((d) => combatantFacts(d, undefined));
    const tiebreaks = Object.fromEntries(docs.map((d, i) => [d.id, i / 1000]));
    stored(combat, combatStartCombatUpdate(combat, facts, STANDARD_OPTIONS, tiebreaks));
    for (const [i, d] of docs.entries()) {
      expect(readRoundState(combat, d, STANDARD_OPTIONS)).toEqual(freshRoundState(d.actor, STANDARD_OPTIONS));
      expect(orderFiguresOf(combat.flags, d.id)).toEqual({ quickness: d.actor.system.derived.quickness.quickness, physicalHits: d.actor.system.pools.hit.physical.value, tiebreak: i / 1000 });
    }
    expect(Object.keys(storedOrderFigures(combat.flags)!)).toHaveLength(1000);
  });

  it("a round of 1,000 combatants who each acted and parried closes, and every fresh budget reads back", () => {
    const world = benchCombat(1000);
    const facts = world.docs.map((d) => combatantFacts(d, storedOrderFigures(world.combat.flags)));
    for (const d of world.docs) expect(readRoundState(world.combat, d, STANDARD_OPTIONS).budget.spent).toBe(1);
    const work = planRoundEndWork(world.combat, facts, STANDARD_OPTIONS);
    stored(world.combat, work.combatUpdate);
    for (const d of world.docs) expect(readRoundState(world.combat, d, STANDARD_OPTIONS)).toEqual(freshRoundState(d.actor, STANDARD_OPTIONS));
    // The stored state stays small enough for one document update (under a megabyte).
    expect(JSON.stringify(world.combat.flags).length).toBeLessThan(1_000_000);
  });

  it("one combatant who parried 150 attackers and met 600 attacks this round keeps its whole round (the bounds are far past it)", () => {
    const ruleset = createCychosysRuleset();
    const combat = { id: "combat1", flags: {} as Record<string, unknown>, update: async () => undefined };
    const ref = { combat, combatant: { id: "cbtHero", actor: null } };
    let state = ruleset.round.read(ref) as RoundState;
    state = applyRoundOperation(state, { kind: "attack", targetUuids: [] });
    for (let i = 0; i < 150; i++) state = applyRoundOperation(state, { kind: "grantParryBonus", againstUuid: `Actor.attacker${i}`, bonus: 2 });
    state = { ...state, budget: { ...state.budget, defenses: Object.fromEntries(Array.from({ length: 600 }, (_, i) => [`attack${i}`, 1])) } };
    stored(combat, roundStateUpdate(combat, "cbtHero", state));
    const back = ruleset.round.read(ref) as RoundState;
    expect(back.parryBonuses).toHaveLength(150);
    expect(Object.keys(back.budget.defenses)).toHaveLength(600);
    expect(back.budget.spent).toBe(1);
  });

  it("an operation that would pass a bound is refused with a message, and the stored round is kept", () => {
    const full: RoundState = {
      budget: { perRound: 1, spent: 0, extraTaken: 0, waiting: false, defenses: {} },
      parryBonuses: Array.from({ length: ROUND_STATE_LIMITS.parryBonuses }, (_, i) => ({ againstUuid: `Actor.a${i}`, bonus: 1 })),
    };
    const before = structuredClone(full);
    expect(() => applyRoundOperation(full, { kind: "grantParryBonus", againstUuid: "Actor.one.more", bonus: 3 })).toThrow(
      "This round cannot record more for one combatant (at most 10000 defenses and 10000 parry bonuses a round). Nothing changed; end the round to go on.",
    );
    expect(full).toEqual(before);
    // The same bonus again replaces the old one: no growth, no refusal.
    expect(applyRoundOperation(full, { kind: "grantParryBonus", againstUuid: "Actor.a0", bonus: 5 }).parryBonuses).toHaveLength(ROUND_STATE_LIMITS.parryBonuses);
  });
});

describe("a chase of 1,000 runners (R39, 20.5)", () => {
  const gm = { isGM: true, owns: () => true };

  it("every roll that moved someone is remembered for the whole chase: a roll from round 1 cannot move again in round 2", () => {
    let chase: unknown = nextStoredChase({}, { kind: "start", landmark: "the docks" }, gm);
    for (let i = 0; i < 1000; i++) chase = nextStoredChase(chase, { kind: "add", participant: { actorUuid: `Actor.r${i}`, name: `Runner ${i}`, position: 0, quickness: 5 } }, gm);
    for (let i = 0; i < 1000; i++) chase = nextStoredChase(chase, { kind: "move", actorUuid: `Actor.r${i}`, total: 11, messageId: `roll${i}` }, gm);
    chase = JSON.parse(JSON.stringify(nextStoredChase(chase, { kind: "nextRound", quickness: {} }, gm)));
    expect(() => nextStoredChase(chase, { kind: "move", actorUuid: "Actor.r0", total: 40, messageId: "roll0" }, gm)).toThrow("That roll has already made a move");
    expect((chase as { participants: unknown[] }).participants).toHaveLength(1000);
  });
});
