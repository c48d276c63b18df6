/**
 * Issue 22.3, "unmetered attacker" (Cychosys): in a started combat, an
 * attack on a combatant goes through the combat (the shared gate,
 * src/core/transport/combat-gate.ts) before the attacker's action is
 * checked and spent (R15). Before the gate, `declare` metered only an
 * attacker who was a combatant: a second actor of the same player, never
 * added to the fight, attacked a fighter out of turn, at no action cost, any
 * number of times.
 */
import { describe, expect, it } from "vitest";
import { parker } from "../../fixtures/cast.js";
import { FakeActor } from "../../chat/fakes.js";
import { gm, p1, world } from "../../chat/world.js";

const OUTSIDE = (attacker: string, target: string) =>
  `${attacker} is not fighting in the combat ${target} is in, so cannot attack ${target} now. Add ${attacker}'s token to that combat and attack on ${attacker}'s turn.`;

const declareRequest = (actorUuid: string, targets: string[]) => ({
  step: "declare",
  actorUuid,
  itemId: "wpPistol",
  roll: { totalKey: "gear:wpPistol", faces: [5, 5, 5, 5, 5], modifier: 0 },
  added: [],
  targets,
});

/** The combat world, plus a second actor of Parker's player that is in no combat (a companion, a fresh actor). */
function withCompanion() {
  const w = world({ combat: true });
  const companion = new FakeActor("Actor.companion", "Bruno", "character", parker, [p1.id]);
  w.actors.push(companion);
  return { ...w, companion };
}

const cards = (w: ReturnType<typeof world>) => w.messages.filter((m) => m.author?.isGM && m.flags.cychosys?.flow).length;

describe("unmetered attacker (R15 through the shared combat gate)", () => {
  it("a player's second owned actor, never added to the fight, cannot attack a fighter: refused with what to do, nothing posted or spent", async () => {
    const w = withCompanion();
    const combatBefore = structuredClone(w.combat!.flags);
    for (let i = 0; i < 3; i++) {
      const outcome = await w.send(declareRequest(w.companion.uuid, [w.thortonActor.uuid]), p1);
      expect(outcome).toEqual({ ok: false, reason: OUTSIDE("Bruno", "Thorton") });
    }
    expect(cards(w)).toBe(0);
    expect(w.combat!.flags).toEqual(combatBefore);
    expect(w.companion.writes).toEqual([]);
    expect(w.whispers.map((x) => x.user)).toEqual([p1.id, p1.id, p1.id]);
  });

  it("a surge on the refused attack earns no experience either (nothing of the declaration is written)", async () => {
    const w = withCompanion();
    const request = { ...declareRequest(w.companion.uuid, [w.thortonActor.uuid]), roll: { totalKey: "gear:wpPistol", faces: [11, 5, 5, 5, 5], modifier: 0 } };
    expect(await w.send(request, p1)).toMatchObject({ ok: false });
    expect(w.companion.system.experience!.unspent).toBe(parker.system.experience.unspent);
  });

  it("one target in the fight among several is enough: the attack must go through the combat", async () => {
    const w = withCompanion();
    const outcome = await w.send(declareRequest(w.companion.uuid, [w.sentryActor.uuid, w.riddleActor.uuid]), p1);
    expect(outcome).toEqual({ ok: false, reason: OUTSIDE("Bruno", "Riddle") });
  });

  it("a combatant removed from the combat is outside it: refused, the combat's round states untouched", async () => {
    const w = world({ combat: true });
    // Parker attacks once as a combatant: his action is spent on the combat.
    await w.declare(w.parkerActor, "wpPistol", [5, 5, 5, 5, 5], [w.thortonActor], p1);
    expect(w.combat!.roundOf(w.parkerActor)!.budget.spent).toBe(1);
    // The GM removes him from the tracker; he is no longer metered, so he may not attack a fighter at all.
    w.combat!.combatants = w.combat!.combatants.filter((c) => c.actor !== w.parkerActor);
    const combatBefore = structuredClone(w.combat!.flags);
    const before = cards(w);
    expect(await w.send(declareRequest(w.parkerActor.uuid, [w.thortonActor.uuid]), p1)).toEqual({ ok: false, reason: OUTSIDE("Parker", "Thorton") });
    expect(cards(w)).toBe(before);
    expect(w.combat!.flags).toEqual(combatBefore);
  });

  it("a combatant is still metered: his one action is spent, the second attack refused (R15)", async () => {
    const w = world({ combat: true });
    await w.declare(w.parkerActor, "wpPistol", [5, 5, 5, 5, 5], [w.thortonActor], p1);
    expect(await w.send(declareRequest(w.parkerActor.uuid, [w.thortonActor.uuid]), p1)).toEqual({
      ok: false,
      reason: "No action left this round. An extra action costs 6 fatigue (R15, R16).",
    });
  });

  it("the GM's NPC outside the tracker may attack a fighter (the GM is trusted: a trap, a sniper off the map), unmetered", async () => {
    const w = world({ combat: true });
    const card = await w.declare(w.sentryActor, "wpPistol", [5, 5, 5, 5, 5, 5], [w.parkerActor], gm);
    expect(card.flow.attacker.name).toBe("Sentry");
    expect(w.combat!.roundOf(w.sentryActor)).toBeUndefined();
    // A GM's NPC that is a combatant is metered as always.
    await w.declare(w.thortonActor, "wpPistol", [5, 5, 5, 5, 5, 5], [w.parkerActor], gm);
    expect(w.combat!.roundOf(w.thortonActor)!.budget.spent).toBe(1);
  });

  it("an attack on nobody in the combat is not the combat's business: a companion may attack a bystander", async () => {
    const w = withCompanion();
    expect(await w.send(declareRequest(w.companion.uuid, [w.sentryActor.uuid]), p1)).toMatchObject({ ok: true });
    expect(cards(w)).toBe(1);
  });
});
