/**
 * Unmetered attacker (22.3), the phase card: the card resolves only the
 * actions the ledger holds as due (P9), each rolled by its own combatant's
 * owner; it names no attacker a player could swap, and only the GM posts it.
 * An actor outside the phase — a second owned actor, a combatant removed
 * mid-phase — has nothing to roll and nothing resolves for it. A combatant
 * leaving while the phase end is on a card gives that card up (it acted on
 * the fight as it was) instead of leaving the tracker waiting on it forever.
 */
import { describe, expect, it } from "vitest";
import { FakePhaseActor, gm, onCard, p1, p2, phaseWorld } from "./world.js";

/** Phase 1: Mo (the GM's) bursts at Leroy (p1's); Earl (p2's) fastdraws (P7) and fires at Mo; the GM resolves on a card. */
async function shootoutOnCard() {
  const w = phaseWorld();
  const card = await w.cardAfter(
    { kind: "phaseInitiative", combatantId: "mo", faces: [1, 1] },
    { kind: "phaseInitiative", combatantId: "earl", faces: [7, 9], as: p2 },
    { kind: "phaseCloseInitiative" },
    { kind: "phaseDeclare", combatantId: "mo", action: "burst", weapon: "smg", target: "leroy" },
    { kind: "phaseFree", combatantId: "earl", action: "draw", weapon: "pistol", face: 10, as: p2 },
    { kind: "phaseDeclare", combatantId: "earl", action: "fire", weapon: "pistol", target: "mo", as: p2 },
  );
  return { w, card };
}

const roll = (card: { id: string; flow: { id: string } }, combatantId: string, faces: number[]) => ({ step: "roll", ...onCard(card), combatantId, roll: "check", faces });

describe("unmetered attacker (the phase card)", () => {
  it("the second owned actor: Earl's player's Dana, not in the fight, has no roll on the card and cannot post one; Earl rolls only his own", async () => {
    const { w, card } = await shootoutOnCard();
    const dana = new FakePhaseActor("Actor.dana", "Dana", "phaseCharacter", { reflexes: 6, skills: [{ name: "pistol", value: 4 }] }, [p2.id]);
    dana.addItem("pistol", "Pistol", "phaseWeapon", { kind: "ranged", skill: "pistol", damage: "2d6", ammo: { value: 12, max: 12 }, ready: true });
    w.actors.push(dana);
    const before = JSON.stringify(card().flow);
    expect(await w.send(roll(card(), "dana", [10]), p2)).toMatchObject({ ok: false, reason: expect.stringContaining("dana") });
    expect(await w.send(roll(card(), "mo", [10]), p2)).toMatchObject({ ok: false, reason: "You do not control that combatant." });
    expect(await w.send(roll(card(), "leroy", [10]), p1)).toMatchObject({ ok: false });
    // Only the GM resolves a phase's end: a player cannot post a card of their own.
    expect(await w.send({ step: "declare", combatId: "combat1", revision: w.ledger().revision }, p2)).toMatchObject({ ok: false });
    expect(JSON.stringify(card().flow)).toBe(before);
    expect(w.cards()).toHaveLength(1);
    expect(await w.send(roll(card(), "earl", [9]), p2)).toMatchObject({ ok: true });
    expect(card().flow.people.map((p) => p.combatantId)).toEqual(["leroy", "earl", "mo"]);
  });

  it("the removed combatant: Mo taken out of the combat while the card waits for his dice — the card is given up, the phase goes on without his burst", async () => {
    const { w, card } = await shootoutOnCard();
    const old = card();
    w.remove("mo");
    // The card acted on the fight as it was: nothing more lands from it.
    expect(await w.local(roll(old, "mo", [10]))).toMatchObject({ ok: false, reason: expect.stringContaining("changed") });
    expect(await w.local({ step: "apply", ...onCard(old) })).toMatchObject({ ok: false });
    // The tracker is not left waiting on that card: the GM resolves again; Earl's shot at Mo — gone — is dropped too.
    expect(w.ledger().resolving).toBeNull();
    expect(await w.resolve()).toMatchObject({ ok: true });
    const fresh = card();
    expect(fresh.id).not.toBe(old.id);
    expect(fresh.flow.due.flatMap((g) => g.actions.map((a) => a.action.actor))).toEqual([]);
    expect(fresh.flow.status).toBe("applied");
    expect(w.leroy.source.flesh).toBe(0);
    expect(w.mo.items.get("smg")!.system.ammo).toEqual({ value: 30, max: 30 });
    void gm;
  });

  it("the removed target: Leroy taken out while the card is open — Mo's burst at him is dropped when the GM resolves again; Earl's shot still rolls", async () => {
    const { w } = await shootoutOnCard();
    w.remove("leroy");
    expect(w.ledger().resolving).toBeNull();
    expect(await w.resolve()).toMatchObject({ ok: true });
    const flow = w.cards().at(-1)!.flow;
    expect(flow.due.flatMap((g) => g.actions.map((a) => a.action.actor))).toEqual(["earl"]);
    expect(flow.needs).toEqual([expect.objectContaining({ actor: "earl", roll: "check" })]);
  });
});
