/**
 * G81 on the tracker: at 0 HP or below, the HT roll to stay conscious at the
 * start of each of his turns (HT −1 per full multiple of HP below zero),
 * unless a Do Nothing turn with no defense since his last excuses it. The
 * request goes the whole way (message, schema, queue, handler, documents),
 * against a hostile table: a forged field, another player's combatant, not
 * his turn, a replay, two at once, HP above 0, a Do Nothing turn.
 */
import { describe, expect, it } from "vitest";
import { gm, mallory, player } from "./fakes.js";
import { deliver, duel, replies, requestFrom, send, useGurpsCombatWorld } from "./gurps-fakes.js";
import { readGurpsRound } from "../../src/rulesets/gurps/combat/round-state.js";
import { parseGurpsCombatRequest } from "../../src/rulesets/gurps/combat/request-schema.js";
import { gurpsTrackerRowView } from "../../src/rulesets/gurps/combat/tracker-view.js";
import { beginGurpsTurn } from "../../src/foundry/gurps/combat.js";

useGurpsCombatWorld();

const ref = (combat: unknown, c: unknown) => ({ combat: combat as never, combatant: c as never });
const roll = (faces: number[], turn = 1, more: Record<string, unknown> = {}) => ({ kind: "gurpsConsciousness", combatId: "combat1", combatantId: "louis", turn, faces, ...more });
const maneuver = (id: string) => ({ kind: "gurpsManeuver", combatId: "combat1", combatantId: "louis", turn: 1, choice: { id } });

/** Louis (HT 11, HP 12) at `hp` when his first turn starts; `defended`: he defended since his last turn (the roll is then owed whatever he does). */
async function atZeroHp(hp = -13, defended = true) {
  const fight = await duel();
  fight.actors.louis.setFigures({ basicSpeed: 6, dx: 12, hp: { value: hp, max: 12 } });
  if (defended) await fight.combat.update({ "flags.cychosys.rounds.louis": { ...readGurpsRound(ref(fight.combat, fight.c.louis)), defendedSinceLastTurn: true } });
  await beginGurpsTurn(fight.combat as never);
  return { ...fight, round: () => readGurpsRound(ref(fight.combat, fight.c.louis)) };
}

describe("G81: the HT roll to stay conscious at the start of his turn", () => {
  it("owed whatever he does: no maneuver before it; 3d6 read against HT −1 (−13 of 12 HP); a failure knocks him out; a replay is refused", async () => {
    const { round } = await atZeroHp();
    expect(round().consciousness).toBe("due");
    await send(player, maneuver("attack"));
    expect(replies("alice").at(-1)).toContain("roll HT to stay conscious first");
    await send(player, roll([4, 4, 3]));
    expect(round()).toMatchObject({ unconscious: true, consciousness: null });
    expect(replies("alice")).toHaveLength(1);
    await send(player, roll([1, 1, 1]));
    expect(replies("alice")).toHaveLength(2);
    expect(round().unconscious).toBe(true);
  });

  it("a success keeps him conscious and lets him choose; the same message delivered twice is carried out once, a second roll refused", async () => {
    const { round } = await atZeroHp();
    const message = requestFrom(player, roll([4, 3, 3]));
    await deliver(message);
    await deliver(message);
    expect(round()).toMatchObject({ unconscious: false, consciousness: null });
    expect(replies("alice")).toEqual([]);
    await send(player, roll([6, 6, 6]));
    expect(replies("alice")[0]).toContain("owes no HT roll");
    expect(round().unconscious).toBe(false);
    await send(player, maneuver("attack"));
    expect(round().maneuver).toEqual({ id: "attack" });
  });

  it("a forged field, another player's combatant, another of his turns, or another's turn is refused and nothing is written", async () => {
    const { combat, round } = await atZeroHp();
    expect(parseGurpsCombatRequest(roll([3, 3, 3], 1, { stays: true })).ok).toBe(false);
    expect(parseGurpsCombatRequest(roll([7, 1, 1])).ok).toBe(false);
    expect(parseGurpsCombatRequest(roll([1, 1])).ok).toBe(false);
    await send(player, roll([3, 3, 3], 1, { success: true }));
    await send(mallory, roll([6, 6, 6]));
    await send(player, roll([6, 6, 6], 2));
    expect(replies("mallory")[0]).toContain("may not act");
    expect(replies("alice")).toHaveLength(2);
    await combat.nextTurn();
    await beginGurpsTurn(combat as never);
    await send(player, roll([6, 6, 6]));
    expect(replies("alice").at(-1)).toContain("not Louis&#39;s turn");
    expect(round()).toMatchObject({ unconscious: false, consciousness: "due" });
  });

  it("two at once (owner and GM): one is carried out, the other refused", async () => {
    const { round } = await atZeroHp();
    await Promise.all([send(player, roll([6, 6, 5])), send(gm, roll([1, 1, 1]))]);
    expect([...replies("alice"), ...replies("gm")]).toHaveLength(1);
    expect(round().consciousness).toBe(null);
  });

  it("HP above 0 owes no roll, even when a stale round says so (healed since his turn began)", async () => {
    const { round } = await atZeroHp(5);
    expect(round().consciousness).toBe(null);
    await send(player, roll([6, 6, 6]));
    expect(replies("alice")[0]).toContain("owes no HT roll");
    const hurt = await atZeroHp(-2);
    hurt.actors.louis.setFigures({ basicSpeed: 6, dx: 12, hp: { value: 1, max: 12 } });
    await send(player, roll([6, 6, 6]));
    expect(replies("alice").at(-1)).toContain("owes no HT roll");
    expect(hurt.round()).toMatchObject({ unconscious: false, consciousness: "due" });
  });

  it("a Do Nothing turn with no defense since his last needs no roll; any other maneuver waits for it (setting zeroHpDoNothingSkipsRoll)", async () => {
    const { round } = await atZeroHp(-2, false);
    expect(round().consciousness).toBe("unlessDoNothing");
    await send(player, maneuver("attack"));
    expect(replies("alice").at(-1)).toContain("roll HT to stay conscious first");
    await send(player, maneuver("doNothing"));
    expect(round()).toMatchObject({ maneuver: { id: "doNothing" }, consciousness: null, unconscious: false });
    await send(player, roll([6, 6, 6]));
    expect(replies("alice").at(-1)).toContain("owes no HT roll");
    expect(round().unconscious).toBe(false);
  });

  it("the row: the owner on his turn sees the roll (and no maneuver while it is owed whatever he does); another player sees that it is owed", async () => {
    const { round } = await atZeroHp();
    const localize = (key: string) => key;
    const base = { round: round(), name: "Louis", nameOf: (id: string) => id, current: true, started: true, localize };
    const own = gurpsTrackerRowView({ ...base, canControl: true });
    expect(own.actions).toContain("consciousness");
    expect(own.actions).not.toContain("maneuver");
    expect(own.controls.find((c) => c.action === "consciousness")).toMatchObject({ label: "CYCHOSYS.Gurps.Tracker.Control.consciousness", icon: "fa-solid fa-heart-pulse" });
    expect(own.statuses.map((b) => b.id)).not.toContain("consciousness");
    const other = gurpsTrackerRowView({ ...base, canControl: false });
    expect(other.actions).not.toContain("consciousness");
    expect(other.controls).toEqual([]);
    expect(other.statuses.map((b) => b.id)).toContain("consciousness");
    const excusable = gurpsTrackerRowView({ ...base, round: { ...round(), consciousness: "unlessDoNothing" }, canControl: true });
    expect(excusable.actions).toEqual(expect.arrayContaining(["consciousness", "maneuver"]));
  });
});
