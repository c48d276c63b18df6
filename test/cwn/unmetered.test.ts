/**
 * Unmetered attacker (issue 22): in a started CWN fight, an attack on a
 * fighter goes through the combat — the shared gate
 * (src/core/transport/combat-gate.ts) first, then the fight's own turn and
 * action rules (W4, W7, W21–W25). A player's actor outside the combat a
 * target fights in cannot attack it at all (a second owned actor never added
 * to the fight, a combatant removed from it); the GM may still attack on an
 * NPC's behalf from outside the tracker (a trap, a sniper off the map), at
 * no action cost — the gate's reading, which CWN keeps: its rules meter
 * fighters, and an NPC outside the fight has no round to spend.
 */
import { describe, expect, it } from "vitest";
import { FakeCwnActor, cwnWorld, gm, p1, p2 } from "./world.js";
import { guards, vee } from "../fixtures/cwn-sheets.js";

type World = ReturnType<typeof cwnWorld>;
const itemsOf = (list: typeof vee.items) => list.map((i) => ({ id: i.id, name: i.name, type: i.type, system: i.system }));
/** Everything an attack could have changed: the fight, the actors and their items, the cards. */
const snapshot = (w: World) => JSON.stringify({ fight: w.combat?.flags, actors: w.actors.map((a) => [a.source, a.itemDocs.map((i) => i.system)]), cards: w.cards().length });
const pistolAt = (w: World, attacker: FakeCwnActor, target: FakeCwnActor) => ({
  step: "declare", actorUuid: attacker.uuid, itemId: "wPistol", targetUuid: target.uuid, action: "attack", lethal: true, roll: { d20: 14, trauma: [1], damage: [6] },
});

/** Vee's player's second character, never added to the combat (a companion, a fresh actor). */
function withSecondCharacter(w: World): FakeCwnActor {
  const drone = new FakeCwnActor("Actor.drone", "Drone", "cwnCharacter", vee.system, itemsOf(vee.items), [p1.id]);
  w.actors.push(drone);
  return drone;
}

describe("unmetered attacker: a fighter in a started combat is attacked only through the combat", () => {
  it("a player's second actor, never added to the fight, cannot attack a fighter: refused with what to do, nothing spent or posted", async () => {
    const w = cwnWorld({ fight: true });
    const drone = withSecondCharacter(w);
    const before = snapshot(w);
    expect(await w.send(pistolAt(w, drone, w.g1), p1)).toEqual({
      ok: false,
      reason: "Drone is not fighting in the combat Guard 1 is in, so cannot attack Guard 1 now. Add Drone's token to that combat and attack on Drone's turn.",
    });
    expect(snapshot(w)).toBe(before);
    // Not once, not ten times (the unmetered attacker had no limit).
    for (let i = 0; i < 10; i++) expect(await w.send(pistolAt(w, drone, w.g2), p1)).toMatchObject({ ok: false });
    expect(w.cards()).toEqual([]);
  });

  it("a combatant removed from the combat cannot attack those still in it", async () => {
    const w = cwnWorld({ fight: true });
    w.combat!.combatants = w.combat!.combatants.filter((c) => c.actor !== (w.mack as never));
    const before = snapshot(w);
    const knife = { step: "declare", actorUuid: w.mack.uuid, itemId: "wKnife", targetUuid: w.g1.uuid, action: "attack", lethal: true, roll: { d20: 18, trauma: [1], damage: [4] } };
    expect(await w.send(knife, p2)).toMatchObject({ ok: false, reason: expect.stringContaining("Mack is not fighting in the combat Guard 1 is in") });
    expect(snapshot(w)).toBe(before);
  });

  it("the fighter's own turn and actions still meter it: out of its side's turn, or with its Main spent, it is refused (W4, W7)", async () => {
    const w = cwnWorld({ fight: true });
    // The guards' side has not started: Guard 1 cannot attack Vee now (W4).
    expect(await w.local({ step: "declare", actorUuid: w.g1.uuid, itemId: "wBaton", targetUuid: w.vee.uuid, action: "attack", lethal: true, roll: { d20: 15, trauma: [2], damage: [5] } })).toMatchObject({ ok: false });
    await w.play({ kind: "beginTurn", fighterId: w.id(w.vee) });
    expect(await w.send(pistolAt(w, w.vee, w.g1), p1)).toMatchObject({ ok: true });
    expect(await w.send(pistolAt(w, w.vee, w.g1), p1)).toMatchObject({ ok: false, reason: expect.stringContaining("Main") });
    expect(w.cards()).toHaveLength(1);
  });

  it("a combatant added after the fight began is not a fighter yet: refused until its side joins (W3)", async () => {
    const w = cwnWorld({ fight: true });
    const drone = withSecondCharacter(w);
    w.combat!.combatants.push({ id: "cdrone", actor: drone as never });
    expect(await w.send(pistolAt(w, drone, w.g1), p1)).toMatchObject({ ok: false, reason: expect.stringContaining("Drone") });
    expect(w.cards()).toEqual([]);
  });

  it("the GM's NPC outside the tracker may attack a fighter (the gate's reading): no fighter's action is spent, only the shot's round (W32)", async () => {
    const w = cwnWorld({ fight: true });
    const sniper = new FakeCwnActor("Actor.sniper", "Sniper", "cwnNpc", guards.system, itemsOf(guards.items));
    w.actors.push(sniper);
    const fight = JSON.stringify(w.combat!.flags);
    const rifle = { step: "declare", actorUuid: sniper.uuid, itemId: "wRifle", targetUuid: w.vee.uuid, action: "attack", lethal: true, roll: { d20: 12, trauma: [1], damage: [4] } };
    expect(await w.send(rifle, gm)).toMatchObject({ ok: true });
    expect(JSON.stringify(w.combat!.flags)).toBe(fight);
    expect((sniper.item("wRifle").system.magazine as { value: number }).value).toBe(29);
  });

  it("away from any fight, a player's second actor attacks freely (nothing to meter it against)", async () => {
    const w = cwnWorld({ fight: true });
    const drone = withSecondCharacter(w);
    expect(await w.send(pistolAt(w, drone, w.bystander), p1)).toMatchObject({ ok: true });
  });
});
