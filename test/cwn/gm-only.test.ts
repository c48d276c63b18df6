/**
 * Forged GM field (issue 22): the fields of the CWN card's requests only a
 * GM may set — the situation's modifiers (W13: the GM's call) and the
 * downed state the GM picks for a fighter taken to 0 (W19) — are declared
 * once on the workflow (`gmOnlyFields`, src/core/gm-only.ts) and refused by
 * the shared check before any step runs: a player who sends one is told
 * why, and nothing changes (no card, no round spent, no magazine round, no
 * state written). The GM may send them.
 */
import { describe, expect, it } from "vitest";
import { cwnWorld, gm, onCard, p1 } from "./world.js";

type World = ReturnType<typeof cwnWorld>;
const shot = (w: World) => ({ step: "declare", actorUuid: w.vee.uuid, itemId: "wPistol", targetUuid: w.g1.uuid, action: "attack", lethal: true, roll: { d20: 14, trauma: [7], damage: [6] } });
const magazine = (w: World) => (w.vee.item("wPistol").system.magazine as { value: number }).value;
/** Everything a refused request could have changed. */
const snapshot = (w: World) => JSON.stringify({ actors: w.actors.map((a) => [a.source, a.itemDocs.map((i) => i.system)]), fight: w.combat?.flags, cards: w.cards().map((c) => c.flow) });

/** A request of each step that declares GM-only fields, with every one of those fields set, and what it is on. */
async function forgedRequests(w: World): Promise<Record<string, Record<string, unknown>>> {
  // A card with a guard taken to 0 (a Traumatic Hit, W15/W19), applied by the GM: the downed choice is open.
  await w.local(shot(w));
  const card = w.cards()[0]!;
  await w.local({ step: "apply", ...onCard(card) });
  return {
    declare: { ...shot(w), modifiers: [{ label: "luck", value: 20 }] },
    downed: { step: "downed", ...onCard(card), state: "unconscious" },
  };
}

describe("forged GM field: the CWN card's GM-only fields are declared once and refused from players", () => {
  it("the workflow declares the situation's modifiers (W13) and the downed choice (W19) as the GM's", () => {
    const w = cwnWorld();
    expect(w.ruleset.workflow.gmOnlyFields).toEqual({ declare: ["modifiers"], downed: ["state"] });
  });

  it("every GM-only field sent as a player is refused by the shared check, with the field named, and changes nothing", async () => {
    const w = cwnWorld({ fight: true });
    await w.play({ kind: "beginTurn", fighterId: w.id(w.vee) });
    const forged = await forgedRequests(w);
    const fields = w.ruleset.workflow.gmOnlyFields!;
    expect(Object.keys(forged).sort()).toEqual(Object.keys(fields).sort());
    for (const [step, names] of Object.entries(fields)) {
      for (const field of names) {
        const before = snapshot(w);
        const message = w.requestMessage(forged[step], p1);
        expect(await w.handle(message), `${step}.${field}`).toEqual({ ok: false, reason: `Only a GM may set "${field}"; the request was refused and nothing changed.` });
        expect(message.deleted).toBe(true);
        expect(snapshot(w)).toBe(before);
      }
    }
    expect(w.whispers.filter((x) => x.user === p1.id).map((x) => x.text)).toEqual([
      'Only a GM may set "modifiers"; the request was refused and nothing changed.',
      'Only a GM may set "state"; the request was refused and nothing changed.',
    ]);
  });

  it("a player's declaration without the field goes on; the GM's modifier counts (W13)", async () => {
    const w = cwnWorld();
    expect(await w.send(shot(w), p1)).toMatchObject({ ok: true });
    expect(magazine(w)).toBe(11);
    expect(await w.send({ ...shot(w), modifiers: [{ label: "cover", value: -2 }] }, gm)).toMatchObject({ ok: true });
    expect(w.cards()[1]!.flow.input.attacker.hitModifiers).toEqual([{ label: "cover", value: -2 }]);
  });

  it("the GM may pick the downed state; an empty modifier list from a player counts as none sent", async () => {
    const w = cwnWorld();
    const forged = await forgedRequests(w);
    expect(await w.send(forged.downed, gm)).toMatchObject({ ok: true });
    expect(w.g1.downed).toBe("unconscious");
    expect(await w.send({ ...shot(w), modifiers: [] }, p1)).toMatchObject({ ok: true });
  });
});
