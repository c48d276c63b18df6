/**
 * OpenD6 cards when things go wrong (the transport is the engine's; these
 * check the D6 workflow's writes through it): a wound write that fails
 * halfway is finished once by the GM's client, never twice; two applies at
 * once land one wound; a replayed request message does nothing.
 */
import { describe, expect, it } from "vitest";
import { finishAllPending } from "../../src/core/transport/processor.js";
import { d6World, onCard, p1 } from "./world.js";

/** The thug's swing hits Kira (10 against her passive 10), damage 11 against resistance 5: Wounded (D35). */
async function kiraStruck(w: ReturnType<typeof d6World>) {
  await w.local({ step: "declare", actorUuid: w.thug.uuid, itemId: "wpFists", roll: { dice: [4, 3], wild: [2] }, targets: [w.kira.uuid] });
  const card = w.cards()[0]!;
  await w.local({ step: "damage", ...onCard(card), roll: { dice: [6], wild: [5] } });
  await w.send({ step: "resist", ...onCard(card), roll: { dice: [1], wild: [2] } }, p1);
  return card;
}

describe("OpenD6 cards: failures halfway, races, replays", () => {
  it("the wound's write fails after it was recorded: the GM's client finishes it once — Kira is Wounded, not Severely Wounded", async () => {
    const w = d6World();
    const card = await kiraStruck(w);
    w.kira.failNext(0);
    expect(await w.send({ step: "apply", ...onCard(card) }, p1)).toMatchObject({ ok: false });
    expect(w.kira.wounds.level).toBe("none");
    await finishAllPending(w.env, w.ruleset, w.queue, w.messages);
    await finishAllPending(w.env, w.ruleset, w.queue, w.messages);
    expect(card.flow.pending).toBeUndefined();
    expect(w.kira.wounds).toEqual({ level: "wounded", untilRound: 0 });
    expect(w.kira.writes.filter((x) => JSON.stringify(x.data).includes("wounds"))).toHaveLength(1);
  });

  it("two applies at once (the GM and Kira's player): one wound lands, the other is refused", async () => {
    const w = d6World();
    const card = await kiraStruck(w);
    const [a, b] = await Promise.all([w.local({ step: "apply", ...onCard(card) }), w.send({ step: "apply", ...onCard(card) }, p1)]);
    expect([a?.ok, b?.ok].filter(Boolean)).toHaveLength(1);
    expect(w.kira.wounds.level).toBe("wounded");
  });

  it("a request message delivered twice is carried out once", async () => {
    const w = d6World();
    const card = await kiraStruck(w);
    const message = w.requestMessage({ step: "apply", ...onCard(card) }, p1);
    await Promise.all([w.handle(message), w.handle(message)]);
    await w.handle(message);
    expect(w.kira.wounds.level).toBe("wounded");
    expect(w.kira.writes.filter((x) => JSON.stringify(x.data).includes("wounds"))).toHaveLength(1);
  });
});
