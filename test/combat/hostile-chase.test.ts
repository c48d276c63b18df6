/**
 * R39 chase moves against a hostile table: the GM reads a move total from
 * the player's own roll message — which the player may rewrite at will — so
 * the total must be one the roll's own dice can give, with the formula the
 * sheet gives, adding up, written by the requester, and used once only.
 * Requests go the whole way (message → onRequestMessage → schema → queue →
 * handler → the GM-only world setting).
 */
import {
  asUser,
  createdMessages,
  FakeActor,
  FakeMessage,
  fakeRoll,
  type FakeUser,
  latency,
  mallory,
  player,
  resetCombatWorld,
  settingsStore,
  world,
} from "./fakes.js";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { CHASE_SETTING, chaseMoveHandler, readChase, registerChaseHandlers, rollFacts, updateChase } from "../../src/foundry/cychosys/chase-app.js";
import { applyChaseCommand, moveFromMessage, nextStoredChase, rollBounds, usedRollsOf } from "../../src/rulesets/cychosys/views/chase-logic.js";
import { onRequestMessage } from "../../src/foundry/requests.js";
import { MAX_USED_ROLLS } from "../../src/rulesets/cychosys/workflow/chase.js";

registerChaseHandlers();

const MOVE = { key: "skill:skMove", skillName: "move", formula: "2dc + 2", dice: 2, static: 2 };

function cast() {
  const parker = new FakeActor({ id: "parker", name: "Parker", type: "character", quickness: 7, owners: ["alice"] });
  parker.system.derived.totals = [MOVE, { key: "skill:skShoot", skillName: "shoot", formula: "5dc + 10", dice: 5, static: 10 }];
  const sentry = new FakeActor({ id: "sentry", name: "the sentry", quickness: 3 });
  sentry.system.derived.totals = [{ ...MOVE, key: "skill:sentryMove" }];
  world.actors = [parker, sentry];
  return { parker, sentry };
}

async function chase() {
  const actors = cast();
  settingsStore.clear();
  await updateChase({ kind: "start", landmark: "the pallet stacks" });
  await updateChase({ kind: "add", participant: { actorUuid: "Actor.parker", name: "Parker", position: 0, quickness: 7 } });
  await updateChase({ kind: "add", participant: { actorUuid: "Actor.sentry", name: "the sentry", position: 5, quickness: 3 } });
  await updateChase({ kind: "terrain", actorUuid: "Actor.parker", terrain: 10, barrier: null });
  return actors;
}

let count = 0;
/** Parker's move roll, as `actor.rollAction` posts it: written by `author`, spoken by Parker. */
function rollMessage(author: FakeUser = player, faces = [8, 1], staticPart = 2, dice = 2): FakeMessage {
  const roll = fakeRoll(dice, faces, staticPart);
  const message = new FakeMessage(`roll${++count}`, author, { cychosys: { totalKey: MOVE.key, total: roll.total } }, { actor: "parker" }, [roll]);
  world.messages.push(message);
  return message;
}
function moveRequest(author: FakeUser, messageId: string, actorUuid = "Actor.parker"): FakeMessage {
  const message = new FakeMessage(`req${++count}`, author, { cychosys: { combatRequest: { kind: "chaseMove", actorUuid, messageId } } });
  world.messages.push(message);
  return message;
}
const deliver = (message: FakeMessage) => onRequestMessage(message as never);
const parkerOf = () => readChase()!.participants.find((p) => p.actorUuid === "Actor.parker")!;
const lastReply = (userId: string) => String(createdMessages.filter((m) => (m.whisper as string[] | undefined)?.[0] === userId).at(-1)?.content ?? "");

beforeEach(resetCombatWorld);

describe("R39: a move total read from the player's roll message", () => {
  it("R39: Parker's move 2 + ⑧ + ① = 11 moves him 0 → 2 (the chapter's round 1)", async () => {
    await chase();
    await deliver(moveRequest(player, rollMessage().id));
    expect(parkerOf()).toMatchObject({ position: 2, move: { total: 11, rank: 5 } });
    expect(readChase()!.usedRolls).toHaveLength(1);
  });

  it("R39: a total above what the roll's dice can give (2dc + 2: at most 22) is refused, though the player wrote it into both the card and the roll", async () => {
    await chase();
    const roll = rollMessage();
    await asUser(player, () => roll.update({ "flags.cychosys.total": 99 }));
    (roll.rolls[0] as { total: number }).total = 99; // the roll JSON is the author's to rewrite too
    await deliver(moveRequest(player, roll.id));
    expect(parkerOf().move).toBeUndefined();
    expect(lastReply("alice")).toContain("A total of 99 cannot come from that roll&#39;s dice (at most 22) for Parker.");
  });

  it("R39: dice added to the roll (9dc + 2 instead of the sheet's 2dc + 2) are refused; so is a roll with other dice or multiplication", () => {
    const actor = { id: "parker", name: "Parker", chaseTotals: [{ key: MOVE.key, dice: 2, static: 2 }] };
    const facts = (roll: ReturnType<typeof fakeRoll>) => ({ authorId: "alice", speakerActorId: "parker", totalKey: MOVE.key, total: roll.total, roll: rollFacts(roll) });
    expect(() => moveFromMessage(facts(fakeRoll(9, [10, 10, 10, 10, 10, 10, 10, 10, 10], 2)), "alice", actor)).toThrow("That roll is not Parker's move, drive or pilot roll as the sheet gives it");
    expect(() => moveFromMessage(facts(fakeRoll(2, [8, 1], 12)), "alice", actor)).toThrow("as the sheet gives it");
    expect(rollBounds({ total: 5, terms: [{ kind: "dice", denomination: "d20", number: 1, results: [5] }] })).toBeNull();
    expect(rollBounds({ total: 5, terms: [{ kind: "dice", denomination: "dc", number: 2, results: [5, 5] }, { kind: "operator", operator: "*" }, { kind: "number", value: 3 }] })).toBeNull();
    expect(rollBounds({ total: 5, terms: [{ kind: "number", value: 20 }, { kind: "operator", operator: "-" }, { kind: "dice", denomination: "dc", number: 2, results: [5, 5] }] })).toBeNull();
    expect(rollBounds({ total: 5, terms: [{ kind: "other" }] })).toBeNull();
    expect(rollBounds(rollFacts(fakeRoll(3, [1, 2, 3], -4))!)).toMatchObject({ dice: 3, static: -4, max: 26 });
    expect(rollBounds(rollFacts(fakeRoll(1, [5], -40))!)).toMatchObject({ max: 0 });
  });

  it("R11, R12: a total its own dice do not add up to, or a card total that differs from the roll's, is refused; a key-die crash is 0", () => {
    const actor = { id: "parker", name: "Parker", chaseTotals: [{ key: MOVE.key, dice: 2, static: 2 }] };
    const facts = (roll: ReturnType<typeof fakeRoll>, total: unknown = roll.total) => ({ authorId: "alice", speakerActorId: "parker", totalKey: MOVE.key, total, roll: rollFacts(roll) });
    expect(() => moveFromMessage(facts(fakeRoll(2, [8, 1], 2, 20)), "alice", actor)).toThrow("Parker's roll does not add up");
    expect(() => moveFromMessage(facts(fakeRoll(2, [8, 1], 2), 20), "alice", actor)).toThrow("Parker's roll does not add up");
    expect(() => moveFromMessage(facts(fakeRoll(2, [8, 13], 2, 10)), "alice", actor)).toThrow("Parker's roll does not add up");
    expect(moveFromMessage(facts(fakeRoll(2, [12, 9], 2)), "alice", actor)).toBe(0);
    expect(moveFromMessage(facts(fakeRoll(2, [11, 9], 2)), "alice", actor)).toBe(11);
  });

  it("R39: a roll message moves once only — reused the next round it is refused, and a replayed request changes nothing", async () => {
    await chase();
    const roll = rollMessage();
    const request = moveRequest(player, roll.id);
    await deliver(request);
    await deliver(request); // replayed
    expect(parkerOf().position).toBe(2);
    await updateChase({ kind: "nextRound", quickness: {} });
    await deliver(moveRequest(player, roll.id));
    expect(parkerOf().move).toBeUndefined();
    expect(lastReply("alice")).toContain("That roll has already made a move; roll again.");
  });

  it("R39: two move requests for the same roll at once — one moves, the other is refused (one queue)", async () => {
    await chase();
    latency.ticks = 3;
    const roll = rollMessage();
    await updateChase({ kind: "terrain", actorUuid: "Actor.parker", terrain: 0, barrier: null });
    await Promise.all([deliver(moveRequest(player, roll.id)), deliver(moveRequest(player, roll.id))]);
    expect(readChase()!.history).toHaveLength(1);
    expect(lastReply("alice")).toMatch(/already (made a move|moved this round)/);
  });

  it("R39: someone else's roll message, or a roll for another actor, is refused", async () => {
    await chase();
    await deliver(moveRequest(mallory, rollMessage(player).id));
    expect(lastReply("mallory")).toContain("Only the participant&#39;s owners or the GM can roll its move.");
    await deliver(moveRequest(player, rollMessage(mallory).id));
    expect(lastReply("alice")).toContain("That roll is not yours for Parker.");
    await deliver(moveRequest(player, rollMessage(player).id, "Actor.sentry"));
    expect(lastReply("alice")).toContain("Only the participant&#39;s owners or the GM can roll its move.");
    const shoot = rollMessage(player, [8, 1, 1, 1, 1], 10, 5);
    shoot.flags.cychosys.totalKey = "skill:skShoot";
    await deliver(moveRequest(player, shoot.id));
    expect(lastReply("alice")).toContain("That roll is not a move, drive or pilot total for Parker.");
    expect(readChase()!.history).toEqual([]);
  });

  it("R39: forged request fields (a script in the uuid, an over-long message id, an extra total) are refused before anything is read", async () => {
    await chase();
    const read = vi.spyOn((globalThis as any).game.messages, "get");
    for (const payload of [
      { kind: "chaseMove", actorUuid: "<script>alert(1)</script>", messageId: "roll1" },
      { kind: "chaseMove", actorUuid: "Actor.parker", messageId: "r".repeat(65) },
      { kind: "chaseMove", actorUuid: "Actor.parker", messageId: "roll1", total: 40 },
      { kind: "chaseMove", actorUuid: "Actor.parker" },
    ]) {
      const message = new FakeMessage(`forged${++count}`, player, { cychosys: { combatRequest: payload } });
      await deliver(message);
      expect(message.deleted).toBe(true);
    }
    expect(read).not.toHaveBeenCalled();
    expect(readChase()!.history).toEqual([]);
    read.mockRestore();
  });

  it("R39: the chase setting failing to save leaves the chase as it was, and the author is told", async () => {
    await chase();
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const settings = (globalThis as any).game.settings;
    const set = settings.set;
    settings.set = async () => {
      throw new Error("the server is away");
    };
    const roll = rollMessage();
    await deliver(moveRequest(player, roll.id));
    settings.set = set;
    expect(parkerOf().move).toBeUndefined();
    expect(lastReply("alice")).toContain("could not carry it out (the server is away)");
    // The roll was not used up by the failed attempt.
    await deliver(moveRequest(player, roll.id));
    expect(parkerOf().position).toBe(2);
    errors.mockRestore();
  });

  it("R39: a player cannot write the chase (a GM-only world setting); the GM's own changes run in the queue", async () => {
    await chase();
    await asUser(player, async () => {
      await expect((globalThis as any).game.settings.set("cychosys", CHASE_SETTING, {})).rejects.toThrow("may not update");
    });
    await expect(chaseMoveHandler(player, { actorUuid: "Actor.nobody", messageId: "x" })).rejects.toThrow("There is no chase under way.");
  });
});

describe("R39: the used roll ids the chase keeps", () => {
  const gmUser = { isGM: true, owns: () => true };

  it("are all kept while the chase runs; when it ends the newest MAX_USED_ROLLS are carried into the next one", () => {
    let stored: unknown = nextStoredChase({}, { kind: "start", landmark: "the door" }, gmUser);
    stored = nextStoredChase(stored, { kind: "add", participant: { actorUuid: "Actor.parker", name: "Parker", position: 0, quickness: 7 } }, gmUser);
    stored = nextStoredChase(stored, { kind: "move", actorUuid: "Actor.parker", total: 11, messageId: "oldRoll" }, gmUser);
    stored = nextStoredChase(stored, { kind: "end" }, gmUser);
    expect(stored).toEqual({ usedRolls: ["oldRoll"] });
    stored = nextStoredChase(stored, { kind: "start", landmark: "the roof" }, gmUser);
    stored = nextStoredChase(stored, { kind: "add", participant: { actorUuid: "Actor.parker", name: "Parker", position: 0, quickness: 7 } }, gmUser);
    expect(() => nextStoredChase(stored, { kind: "move", actorUuid: "Actor.parker", total: 30, messageId: "oldRoll" }, gmUser)).toThrow("That roll has already made a move");
    const many = Array.from({ length: MAX_USED_ROLLS + 20 }, (_, i) => `roll${i}`);
    expect(usedRollsOf({ usedRolls: many })).toEqual(many);
    expect(usedRollsOf({ usedRolls: ["ok1", "not an id", 7, { a: 1 }] })).toEqual(["ok1"]);
    const full = { ...(stored as object), usedRolls: many };
    const after = applyChaseCommand(full as never, { kind: "move", actorUuid: "Actor.parker", total: 11, messageId: "newest" }, gmUser)!;
    expect(after.usedRolls).toHaveLength(MAX_USED_ROLLS + 21);
    expect(after.usedRolls!.at(-1)).toBe("newest");
    expect(nextStoredChase(after, { kind: "end" }, gmUser)).toEqual({ usedRolls: [...many, "newest"].slice(-MAX_USED_ROLLS) });
  });
});
