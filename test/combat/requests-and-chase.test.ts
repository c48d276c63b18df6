import { createdMessages, fakeRoll, gm, notifications, player, setUsers } from "./fakes.js";
import { beforeEach, describe, expect, it } from "vitest";
import { onRequestMessage, Refusal, requestHandlers, submitRequest } from "../../src/foundry/requests.js";
import type { CombatRequest } from "../../src/rulesets/cychosys/combat/request-schema.js";
import { rollFacts } from "../../src/foundry/cychosys/chase-app.js";
import { parseCombatRequest } from "../../src/rulesets/cychosys/combat/request-schema.js";
import { applyChaseCommand, chaseTotals, moveFromMessage } from "../../src/rulesets/cychosys/views/chase-logic.js";
import { chaseView } from "../../src/rulesets/cychosys/views/chase-view.js";
import { trackerRowView } from "../../src/rulesets/cychosys/combat/tracker-view.js";
import { STANDARD_OPTIONS } from "../../src/rulesets/cychosys/rules/index.js";
import { buyExtraAction, holdAction, newRoundState } from "../../src/rulesets/cychosys/workflow/round.js";
import type { ChaseState } from "../../src/rulesets/cychosys/workflow/chase.js";

const handled: { user: string; pool: string }[] = [];
requestHandlers<CombatRequest>()("extraAction", async (user, request) => {
  if (user.id === "mallory") throw new Refusal("Only the combatant's owners or the GM can do that.");
  handled.push({ user: user.id, pool: request.pool });
});

beforeEach(() => {
  handled.length = 0;
  createdMessages.length = 0;
  notifications.warn.length = 0;
});

const request = { kind: "extraAction", combatId: "c1", combatantId: "parker", pool: "mental" } as const;

describe("requests to the active GM", () => {
  it("a GM's request runs at once, with no message", async () => {
    setUsers(gm, gm);
    expect(await submitRequest(request)).toBe(true);
    expect(handled).toEqual([{ user: "gm", pool: "mental" }]);
    expect(createdMessages).toEqual([]);
  });

  it("a player's request is a message whispered to the GMs; with no GM connected nothing is sent and the player is told", async () => {
    setUsers(player, null);
    expect(await submitRequest(request)).toBe(false);
    expect(createdMessages).toEqual([]);
    expect(notifications.warn).toEqual(["A GM must be connected to change the combat or the chase; nothing was changed."]);
    setUsers(player, { id: "gm", isSelf: false });
    expect(await submitRequest(request)).toBe(true);
    expect(createdMessages).toHaveLength(1);
    expect(createdMessages[0]).toMatchObject({ whisper: ["gm"], flags: { cychosys: { combatRequest: request } } });
    expect(handled).toEqual([]);
  });

  it("the active GM carries a request out as its author (message.author), then deletes it; a refusal is whispered back", async () => {
    let deleted = 0;
    const message = (authorId: string, id = `m-${authorId}`) => ({ id, author: { id: authorId, name: authorId, isGM: false, isSelf: false }, flags: { cychosys: { combatRequest: request } }, delete: async () => void deleted++ });
    setUsers(player, { id: "gm", isSelf: false }); // not the GM's client: ignored
    await onRequestMessage(message("alice"));
    expect(handled).toEqual([]);
    setUsers(gm, gm);
    await onRequestMessage(message("alice"));
    expect(handled).toEqual([{ user: "alice", pool: "mental" }]);
    await onRequestMessage(message("mallory"));
    expect(createdMessages.at(-1)).toMatchObject({ whisper: ["mallory"] });
    expect(String(createdMessages.at(-1)!.content)).toContain("Only the combatant&#39;s owners or the GM can do that.");
    expect(deleted).toBe(2);
    expect(parseCombatRequest({ kind: "launchMissiles" })).toMatchObject({ ok: false, field: "kind" });
  });
});

describe("the chase window's GM-side processing (R39)", () => {
  const gmUser = { isGM: true, owns: () => true };
  const alice = { isGM: false, owns: (uuid: string) => uuid === "Actor.parker" };

  function chapterChase(): ChaseState {
    let s = applyChaseCommand(null, { kind: "start", landmark: "the pallet stack" }, gmUser)!;
    s = applyChaseCommand(s, { kind: "add", participant: { actorUuid: "Actor.parker", name: "Parker", position: 0, quickness: 7 } }, gmUser)!;
    s = applyChaseCommand(s, { kind: "add", participant: { actorUuid: "Actor.sentry", name: "the sentry", position: 0, quickness: 3 } }, gmUser)!;
    s = applyChaseCommand(s, { kind: "position", actorUuid: "Actor.sentry", position: 5 }, gmUser)!;
    s = applyChaseCommand(s, { kind: "terrain", actorUuid: "Actor.parker", terrain: 10, barrier: null }, gmUser)!;
    return applyChaseCommand(s, { kind: "terrain", actorUuid: "Actor.sentry", terrain: 5, barrier: null }, gmUser)!;
  }

  it("replays the chapter: Parker 0 → 2 → 15, the sentry 5 → 10 → 15, stopped at the door", () => {
    let s = chapterChase();
    s = applyChaseCommand(s, { kind: "move", actorUuid: "Actor.parker", total: 11, messageId: "roll1" }, alice)!;
    s = applyChaseCommand(s, { kind: "move", actorUuid: "Actor.sentry", total: 17, messageId: "roll2" }, gmUser)!;
    expect(s.participants.map((p) => p.position)).toEqual([2, 10]);
    s = applyChaseCommand(s, { kind: "nextRound", quickness: { "Actor.parker": 7 } }, gmUser)!;
    s = applyChaseCommand(s, { kind: "terrain", actorUuid: "Actor.parker", terrain: 5, barrier: 15 }, gmUser)!;
    s = applyChaseCommand(s, { kind: "terrain", actorUuid: "Actor.sentry", terrain: 2, barrier: 15 }, gmUser)!;
    s = applyChaseCommand(s, { kind: "move", actorUuid: "Actor.parker", total: 26, messageId: "roll3" }, alice)!;
    s = applyChaseCommand(s, { kind: "move", actorUuid: "Actor.sentry", total: 15, messageId: "roll4" }, gmUser)!;
    expect(s.round).toBe(2);
    expect(s.participants.map((p) => [p.position, p.move?.stopped])).toEqual([[15, false], [15, true]]);
    expect(applyChaseCommand(s, { kind: "end" }, gmUser)).toBeNull();
  });

  it("a player may roll only their own participant's move, once a round, and may not run the chase", () => {
    const s = chapterChase();
    expect(() => applyChaseCommand(s, { kind: "move", actorUuid: "Actor.sentry", total: 17, messageId: "roll1" }, alice)).toThrow("Only the participant's owners or the GM can roll its move.");
    expect(() => applyChaseCommand(s, { kind: "terrain", actorUuid: "Actor.parker", terrain: 0, barrier: null }, alice)).toThrow("Only the GM runs the chase.");
    expect(() => applyChaseCommand(s, { kind: "nextRound", quickness: {} }, alice)).toThrow("Only the GM runs the chase.");
    const moved = applyChaseCommand(s, { kind: "move", actorUuid: "Actor.parker", total: 11, messageId: "roll1" }, alice)!;
    expect(() => applyChaseCommand(moved, { kind: "move", actorUuid: "Actor.parker", total: 30, messageId: "roll2" }, alice)).toThrow("Parker has already moved this round.");
  });

  it("the GM takes a move total only from the player's own roll message, rolled with a chase skill of that actor", () => {
    const actor = { id: "parker", name: "Parker", chaseTotals: [{ key: "skill:skMove", dice: 2, static: 2 }] };
    const roll = { authorId: "alice", speakerActorId: "parker", totalKey: "skill:skMove", total: 11, roll: rollFacts(fakeRoll(2, [8, 1], 2)) };
    expect(moveFromMessage(roll, "alice", actor)).toBe(11);
    expect(() => moveFromMessage(roll, "mallory", actor)).toThrow("That roll is not yours for Parker.");
    expect(() => moveFromMessage({ ...roll, totalKey: "gear:wpPistol" }, "alice", actor)).toThrow("That roll is not a move, drive or pilot total for Parker.");
    expect(() => moveFromMessage(null, "alice", actor)).toThrow("The move roll was not found.");
    expect(
      chaseTotals([
        { key: "skill:a", skillName: "move", formula: "2dc + 2" },
        { key: "skill:a:0", skillName: "move", finesseName: "sprint", formula: "2dc + 3" },
        { key: "skill:b", skillName: "Drive", formula: "3dc + 4" },
        { key: "skill:c", skillName: "shoot", formula: "5dc + 10" },
      ]).map((t) => t.key),
    ).toEqual(["skill:a", "skill:b"]);
  });

  it("the window's context: the track with the landmark at 0, barriers, markers, and rolls only for the owner", () => {
    let s = chapterChase();
    s = applyChaseCommand(s, { kind: "move", actorUuid: "Actor.parker", total: 11, messageId: "roll1" }, alice)!;
    s = applyChaseCommand(s, { kind: "terrain", actorUuid: "Actor.sentry", terrain: 5, barrier: 15 }, gmUser)!;
    const view = chaseView(s, { ...alice, rollsFor: () => [{ key: "skill:m", skill: "move", formula: "2dc + 2" }] }) as Extract<ReturnType<typeof chaseView>, { active: true }>;
    expect(view.active).toBe(true);
    expect(view.participants.map((p) => [p.name, p.position, p.moved, p.rolls.length])).toEqual([["Parker", 2, true, 0], ["the sentry", 5, false, 0]]);
    expect(view.participants[0]!.move).toMatchObject({ total: 11, rank: 5, change: 2, from: 0, to: 2 });
    expect(view.track.barriers.map((b) => b.value)).toEqual([15]);
    // 0 and 15 span the track: landmark near the left, the barrier near the right, everyone between.
    expect(view.track.landmark).toBeLessThan(view.participants[0]!.left);
    expect(view.participants[1]!.left).toBeLessThan(view.track.barriers[0]!.left);
    expect(view.track.barriers[0]!.left).toBeLessThan(100);
    const fresh = chaseView(chapterChase(), { ...alice, rollsFor: () => [{ key: "skill:m", skill: "move", formula: "2dc + 2" }] }) as typeof view;
    expect(fresh.participants.map((p) => p.rolls.length)).toEqual([1, 0]);
    expect(chaseView(null, { ...gmUser, rollsFor: () => [] })).toEqual({ active: false, isGM: true, hasCombat: false });
  });
});

describe("a tracker row (R15–R17)", () => {
  const parker = {
    id: "parker",
    name: "Parker",
    initiative: 7,
    defeated: false,
    flags: {},
    actor: {
      uuid: "Actor.parker",
      type: "character",
      system: {
        pools: { hit: { physical: { value: 10, max: 10 }, mental: { value: 5, max: 5 }, emotional: { value: 4, max: 4 } }, fatigue: { physical: { value: 6, max: 6 }, mental: { value: 2, max: 6 }, emotional: { value: 6, max: 6 } } },
        derived: { quickness: { quickness: 7 }, actionsPerRound: 1 },
      },
    },
  };

  it("shows quickness, actions left of per round, extras taken, waiting; controls only for owners in a started combat", () => {
    const bought = buyExtraAction(holdAction(newRoundState()), { physical: 6, mental: 2, emotional: 6 }, "physical").state;
    const combat = { flags: { cychosys: { rounds: { parker: bought } } } };
    const row = trackerRowView(combat, parker, STANDARD_OPTIONS, { canControl: true, interrupting: false, started: true });
    expect(row).toMatchObject({ quickness: 7, actionsLeft: 1, perRound: 1, extraTaken: 1, waiting: true, controls: true, canWait: false, canExtra: true, extraCost: 6 });
    expect(trackerRowView(combat, parker, STANDARD_OPTIONS, { canControl: false, interrupting: false, started: true }).controls).toBe(false);
    expect(trackerRowView(combat, parker, STANDARD_OPTIONS, { canControl: true, interrupting: false, started: false }).controls).toBe(false);
    // What the player wrote on their own combatant is not the budget shown.
    const forged = { ...parker, flags: { cychosys: { round: newRoundState(5) } } };
    expect(trackerRowView({ flags: {} }, forged, STANDARD_OPTIONS, { canControl: true, interrupting: false, started: true })).toMatchObject({ actionsLeft: 1, perRound: 1 });
    const tired = { ...parker, actor: { ...parker.actor, system: { ...parker.actor.system, pools: { ...parker.actor.system.pools, fatigue: { physical: { value: 5, max: 6 }, mental: { value: 2, max: 6 }, emotional: { value: 0, max: 6 } } } } } };
    expect(trackerRowView(combat, tired, STANDARD_OPTIONS, { canControl: true, interrupting: false, started: true }).canExtra).toBe(false);
  });
});
