import { asUser, chapterCombatants, createdMessages, FakeActor, type FakeCombatBase, FakeCombatant, gm, notifications, player, setUsers } from "./fakes.js";
import { beforeEach, describe, expect, it } from "vitest";
import { closeCombatRound, markDefeated, roundStateOf } from "../../src/foundry/cychosys/combat/documents.js";
import { defineCombatDocuments } from "./classes.js";
import { endInterrupt, extraAction, setRecoveryPool, waitAction } from "../../src/foundry/cychosys/combat/actions.js";
import { readRoundState } from "../../src/rulesets/cychosys/combat/round-state.js";
import { CychosysActor } from "../../src/foundry/cychosys/documents/actor.js";
import { STANDARD_OPTIONS } from "../../src/rulesets/cychosys/rules/index.js";
import { grantParryBonus, holdAction, newRoundState, useAction } from "../../src/rulesets/cychosys/workflow/round.js";

const { CychosysCombat, CychosysCombatant } = defineCombatDocuments();
type Combat = FakeCombatBase & { rollInitiative(ids: string[]): Promise<unknown> };

function combatOf(...combatants: FakeCombatant[]): Combat {
  const combat = new CychosysCombat() as unknown as Combat;
  combat.list = combatants;
  for (const c of combatants) c.combat = combat;
  return combat;
}

function chapter() {
  const { parker, riddle, sentry } = chapterCombatants();
  const c = { parker: new FakeCombatant(parker), riddle: new FakeCombatant(riddle), sentry: new FakeCombatant(sentry) };
  return { actors: { parker, riddle, sentry }, c, combat: combatOf(c.sentry, c.parker, c.riddle) };
}

beforeEach(() => {
  setUsers(gm, gm);
  notifications.warn.length = 0;
  notifications.info.length = 0;
});

describe("the combat's order (R14)", () => {
  it("initiative is quickness, set without a roll, and the turns run from highest to lowest", async () => {
    const { combat } = chapter();
    await combat.rollInitiative(["parker", "riddle", "sentry"]);
    expect(combat.list.map((c) => c.initiative)).toEqual([3, 7, 6]);
    expect(combat.turns.map((c) => c.id)).toEqual(["parker", "riddle", "sentry"]);
  });

  it("ties: a player character first, then the higher physical hit pool, then the tiebreak drawn at the start", async () => {
    const pc = new FakeCombatant(new FakeActor({ id: "pc", type: "character", quickness: 5, hits: [2, 5, 5] }));
    const strong = new FakeCombatant(new FakeActor({ id: "strong", quickness: 5, hits: [9, 5, 5] }));
    const weakA = new FakeCombatant(new FakeActor({ id: "weakA", quickness: 5, hits: [4, 5, 5] }));
    const weakB = new FakeCombatant(new FakeActor({ id: "weakB", quickness: 5, hits: [4, 5, 5] }));
    const combat = combatOf(weakA, weakB, strong, pc);
    const draws = [0.9, 0.1, 0.5, 0.7];
    const { prepareCombatStart } = await import("../../src/foundry/cychosys/combat/documents.js");
    await prepareCombatStart(combat as never, () => draws.shift()!, STANDARD_OPTIONS);
    expect(combat.turns.map((c) => c.id)).toEqual(["pc", "strong", "weakB", "weakA"]);
    // Kept: the order does not change when nothing else does.
    expect(combat.turns.map((c) => c.id)).toEqual(["pc", "strong", "weakB", "weakA"]);
  });

  it("starting the combat (GM) sets initiative, draws each tiebreak once from Foundry's generator and gives fresh budgets on the combat", async () => {
    const { combat, c } = chapter();
    combat.flags = { cychosys: { rounds: { parker: holdAction(newRoundState()), gone: newRoundState() }, closedRound: 4, interrupt: { combatantId: "parker", returnTo: null } } };
    await combat.startCombat();
    expect(combat.calls).toEqual(["startCombat"]);
    expect(c.parker.initiative).toBe(7);
    expect(c.parker.flags.cychosys.tiebreak).toBe(0.5);
    expect(c.parker.flags.cychosys.physicalHits).toBe(10);
    expect(readRoundState(combat, c.parker).budget.waiting).toBe(false);
    // A combat started again: its rounds close again, no interrupt, no entry for a combatant who left.
    expect(Object.keys(combat.flags.cychosys.rounds).sort()).toEqual(["parker", "riddle", "sentry"]);
    expect(combat.flags.cychosys.closedRound).toBeUndefined();
    expect(combat.flags.cychosys.interrupt).toBeUndefined();
    expect(c.parker.flags.cychosys.round).toBeUndefined();
  });

  it("a player starting nothing: only the GM prepares the combatants", async () => {
    setUsers(player, { id: "gm", isSelf: false });
    const { combat, c } = chapter();
    await combat.startCombat();
    expect(c.parker.updates).toEqual([]);
    expect(combat.calls).toEqual(["startCombat"]);
  });

  it("the order is recomputed from current figures at the start of every round", async () => {
    const { combat, actors } = chapter();
    await combat.startCombat();
    expect(combat.turns.map((c) => c.id)).toEqual(["parker", "riddle", "sentry"]);
    actors.parker.system.derived.quickness.quickness = 4; // injured: slower next round
    await combat.nextRound();
    expect(combat.calls).toEqual(["startCombat", "nextRound"]);
    expect(combat.turns.map((c) => c.id)).toEqual(["riddle", "parker", "sentry"]);
  });

  it("a combatant joining a started combat gets quickness and its own tiebreak; its budget is the combat's (fresh), nothing on the combatant", async () => {
    const { combat } = chapter();
    await combat.startCombat();
    const late = new CychosysCombatant(new FakeActor({ id: "late", quickness: 5, actionsPerRound: 2 }) as never) as unknown as FakeCombatant & {
      _preCreate(...a: unknown[]): Promise<unknown>;
    };
    late.combat = combat as never;
    await late._preCreate({}, {}, {});
    expect(late.initiative).toBe(5);
    expect(late.flags.cychosys.tiebreak).toBe(0.5);
    expect(late.flags.cychosys.round).toBeUndefined();
    expect(readRoundState(combat, late).budget.perRound).toBe(2);
    expect(roundStateOf(late as never).budget.perRound).toBe(2);
  });
});

describe("the end of a round (R17, R25, R33)", () => {
  it("runs once, on the active GM only: unused actions restore fatigue, parry bonuses lapse, budgets reset, the defeated are marked", async () => {
    const { combat, c, actors } = chapter();
    await combat.startCombat();
    actors.parker.system.pools.fatigue.physical.value = 3; // spent 3 earlier
    combat.flags.cychosys.rounds.parker = grantParryBonus(newRoundState(), { againstUuid: "Actor.sentry", bonus: 4 });
    combat.flags.cychosys.rounds.riddle = useAction(newRoundState()).state; // acted: restores nothing
    actors.sentry.system.pools.hit.physical.value = 0;

    setUsers(gm, { id: "gm2", isSelf: false }); // a GM client that is not the active GM: does nothing
    expect(await closeCombatRound(combat as never, 1)).toBe(false);
    expect(actors.parker.updates).toEqual([]);

    setUsers(gm, gm);
    expect(await closeCombatRound(combat as never, 1)).toBe(true);
    expect(actors.parker.updates).toEqual([{ "system.pools.fatigue.physical.value": 4 }]);
    expect(actors.riddle.updates).toEqual([]);
    expect(readRoundState(combat, c.parker).parryBonuses).toEqual([]);
    expect(readRoundState(combat, c.riddle).budget.spent).toBe(0);
    expect(c.sentry.defeated).toBe(true);
    expect(c.parker.defeated).toBe(false);

    // Twice for the same round (a second GM client, a replayed event): nothing more.
    expect(await closeCombatRound(combat as never, 1)).toBe(false);
    expect(actors.parker.system.pools.fatigue.physical.value).toBe(4);
  });

  it("posts one note saying what the round's end did: fatigue restored, parry bonuses lapsed, who is out", async () => {
    const { combat, actors } = chapter();
    await combat.startCombat();
    actors.parker.system.pools.fatigue.physical.value = 3;
    combat.flags.cychosys.rounds.parker = grantParryBonus(newRoundState(), { againstUuid: "Actor.sentry", bonus: 4 });
    combat.flags.cychosys.rounds.riddle = useAction(newRoundState()).state;
    actors.sentry.system.pools.hit.physical.value = 0;
    createdMessages.length = 0;
    await closeCombatRound(combat as never, 3);
    expect(createdMessages).toHaveLength(1);
    const html = String(createdMessages[0]!.content);
    expect(html).toContain("End of round 3");
    expect(html).toContain("parker rests: +1 Physical fatigue for 1 unused action (R17).");
    expect(html).toContain("parker&#39;s parry bonus +4 against sentry lapses unused (R25).");
    expect(html).toContain("Out of the fight: sentry (R33).");
    expect(html).not.toContain("riddle:");
    expect(html).not.toContain("sentry:"); // full fatigue: nothing restored, no line
  });

  it("R17: an owner chooses the pool unused actions restore; it is used while it has room, then the most depleted", async () => {
    const { combat, c, actors } = chapter();
    await combat.startCombat();
    actors.parker.system.pools.fatigue.physical.value = 3;
    actors.parker.system.pools.fatigue.mental.value = 5;
    actors.parker.owners.add(player.id);
    // The owner writes it on their own combatant, on their own client.
    await asUser(player, async () => {
      expect(await setRecoveryPool(combat as never, "parker", "mental", player)).toBe(true);
      expect(await setRecoveryPool(combat as never, "riddle", "mental", player)).toBe(false);
      expect(await setRecoveryPool(combat as never, "parker", "spleen", player)).toBe(false);
    });
    expect(notifications.warn).toEqual(["Only the combatant's owners or the GM can do that.", '"spleen" is not a fatigue pool: choose physical, mental or emotional.']);
    combat.flags.cychosys.rounds.parker = newRoundState(1); // two actions, both unused
    await closeCombatRound(combat as never, 1);
    // The first goes to the chosen mental pool (5 → 6, full), the second to the most depleted, physical (3 → 4).
    expect(actors.parker.system.pools.fatigue.mental.value).toBe(6);
    expect(actors.parker.system.pools.fatigue.physical.value).toBe(4);
    expect(await asUser(player, () => setRecoveryPool(combat as never, "parker", "", player))).toBe(true);
    expect(c.parker.flags.cychosys.recoverTo).toBeUndefined();
  });

  it("fatigue is not restored above its maximum", async () => {
    const { combat, actors } = chapter();
    await combat.startCombat();
    await closeCombatRound(combat as never, 1);
    expect(actors.parker.updates).toEqual([]);
    expect(actors.parker.system.pools.fatigue.physical.value).toBe(6);
  });

  it("the document's _onEndRound closes the round that ended", async () => {
    const { combat, actors } = chapter();
    await combat.startCombat();
    actors.riddle.system.pools.fatigue.mental.value = 1;
    await (combat as unknown as { _onEndRound(c: { round: number }): Promise<void> })._onEndRound({ round: 1 });
    expect(combat.calls).toContain("_onEndRound");
    expect(actors.riddle.system.pools.fatigue.mental.value).toBe(2);
    expect(combat.flags.cychosys.closedRound).toBe(1);
  });
});

describe("defeat (R33)", () => {
  it("marks a combatant when its actor's hit pool reaches 0, unmarks it when it recovers, leaves a GM's own mark", async () => {
    const { combat, c, actors } = chapter();
    actors.riddle.system.pools.hit.mental.value = 0;
    await markDefeated(combat as never, actors.riddle.uuid);
    expect(c.riddle.defeated).toBe(true);
    expect(c.sentry.defeated).toBe(false);
    actors.riddle.system.pools.hit.mental.value = 2; // the injury undone
    await markDefeated(combat as never);
    expect(c.riddle.defeated).toBe(false);
    c.sentry.defeated = true; // marked by the GM by hand
    await markDefeated(combat as never);
    expect(c.sentry.defeated).toBe(true);
  });
});

describe("the tracker's controls (R16, R17)", () => {
  it("R17 Wait (GM side, for the owner): the budget on the combat holds the action; another player is refused and nothing changes", async () => {
    const { combat, c } = chapter();
    await combat.startCombat();
    await waitAction(combat as never, "parker", player);
    expect(readRoundState(combat, c.parker).budget.waiting).toBe(true);
    expect(c.parker.updates.filter((u) => JSON.stringify(u).includes("round"))).toEqual([]);
    await expect(waitAction(combat as never, "parker", player)).rejects.toThrow("Already waiting with an action.");
    const before = combat.updates.length;
    await expect(waitAction(combat as never, "riddle", player)).rejects.toThrow("Only the combatant's owners or the GM can do that.");
    expect(combat.updates.length).toBe(before);
  });

  it("Extra action: 6 fatigue from the chosen pool, the combatant interrupts, and ending its turn returns to the one interrupted", async () => {
    const { combat, c, actors } = chapter();
    await combat.startCombat();
    combat.turn = 1; // Riddle's turn
    await expect(extraAction(combat as never, "sentry", "physical", gm, STANDARD_OPTIONS)).rejects.toThrow();
    expect(actors.sentry.updates).toEqual([]); // the sentry has only 4 physical fatigue
    await extraAction(combat as never, "parker", "mental", player, STANDARD_OPTIONS);
    expect(actors.parker.system.pools.fatigue.mental.value).toBe(0);
    expect(readRoundState(combat, c.parker).budget.extraTaken).toBe(1);
    expect(combat.turns[combat.turn!]!.id).toBe("parker");
    expect(combat.flags.cychosys.interrupt).toEqual({ combatantId: "parker", returnTo: "riddle" });
    await combat.nextTurn();
    expect(combat.turns[combat.turn!]!.id).toBe("riddle");
    expect(combat.flags.cychosys.interrupt).toBeUndefined();
    expect(combat.calls).not.toContain("nextTurn");
    await combat.nextTurn();
    expect(combat.calls).toContain("nextTurn");
    expect(await endInterrupt(combat as never)).toBe(false);
  });

  it("Extra action for someone else's combatant is refused", async () => {
    const { combat, actors } = chapter();
    await combat.startCombat();
    await expect(extraAction(combat as never, "riddle", "physical", player, STANDARD_OPTIONS)).rejects.toThrow("Only the combatant's owners or the GM can do that.");
    expect(actors.riddle.updates).toEqual([]);
  });
});

describe("R18: experience in combat", () => {
  it("an actor with a combatant in a started combat is inCombat; before the start it is not", async () => {
    const { combat, c } = chapter();
    const actor = new CychosysActor({ uuid: c.parker.actor!.uuid, id: "parker", type: "character", system: c.parker.actor!.system } as never);
    c.parker.actor = actor as never;
    (globalThis as any).game.combats = { contents: [combat] };
    expect(actor.inCombat).toBe(false);
    await combat.startCombat();
    expect(actor.inCombat).toBe(true);
    (globalThis as any).game.combats = { contents: [] };
  });
});

describe("defeat follows the pools as they change (R33)", () => {
  it("the active GM marks a combatant when its actor's pools change, linked (updateActor) or an unlinked token (updateToken)", async () => {
    const handlers = new Map<string, (...args: unknown[]) => void>();
    const g = globalThis as unknown as { Hooks: { on: unknown }; game: { combats?: unknown } };
    const hooks = g.Hooks.on;
    g.Hooks.on = (name: string, fn: (...args: unknown[]) => void) => handlers.set(name, fn);
    const { registerCombatHandlers } = await import("../../src/foundry/cychosys/combat/documents.js");
    registerCombatHandlers();
    g.Hooks.on = hooks;
    const { combat, c, actors } = chapter();
    await combat.startCombat();
    g.game.combats = { contents: [combat] };
    try {
      actors.riddle.system.pools.hit.mental.value = 0;
      handlers.get("updateToken")!({ actor: actors.riddle }, { delta: { system: { pools: { hit: {} } } } });
      await new Promise((r) => setTimeout(r, 0));
      expect(c.riddle.defeated).toBe(true);
      actors.sentry.system.pools.hit.physical.value = 0;
      handlers.get("updateActor")!(actors.sentry, { system: { pools: { hit: {} } } });
      await new Promise((r) => setTimeout(r, 0));
      expect(c.sentry.defeated).toBe(true);
      // Another change (a name) marks nothing.
      actors.parker.system.pools.hit.physical.value = 0;
      handlers.get("updateToken")!({ actor: actors.parker }, { name: "P" });
      await new Promise((r) => setTimeout(r, 0));
      expect(c.parker.defeated).toBe(false);
    } finally {
      delete g.game.combats;
    }
  });
});
