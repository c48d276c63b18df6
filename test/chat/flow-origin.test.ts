/**
 * Finding the card a declaration made (the GM transport's `cardFor`) reads
 * each recent message's flow origin in place: only a GM's card with a flow
 * counts, exactly as `trustedFlow` decides, and the flow is never copied.
 */
import { describe, expect, it } from "vitest";
import { trustedFlow, trustedFlowOrigin } from "../../src/core/transport/flow-store.js";

const gm = { isGM: true };
const player = { isGM: false };
const card = (author: { isGM: boolean } | null, flow: unknown) => ({ author, flags: { cychosys: { flow } } });

describe("trustedFlowOrigin", () => {
  it("a GM's card gives its origin; a player's copy of it, a card without one, or no card gives nothing", () => {
    const flow = { id: "atk1", origin: "req1", ruleset: "cychosys", targets: [] };
    expect(trustedFlowOrigin(card(gm, flow))).toBe("req1");
    expect(trustedFlowOrigin(card(player, flow))).toBeUndefined();
    expect(trustedFlowOrigin(card(null, flow))).toBeUndefined();
    expect(trustedFlowOrigin(card(gm, { id: "atk1" }))).toBeUndefined();
    expect(trustedFlowOrigin({ author: gm })).toBeUndefined();
  });

  it("agrees with trustedFlow on every shape a forged message may hold", () => {
    const shapes: unknown[] = [null, 3, "req1", [], ["req1"], { origin: "req1" }, { id: 7, origin: "req1" }, { id: "a", origin: 7 }, { id: "a", origin: null }, { id: "a", origin: "req1" }];
    for (const author of [gm, player, null]) {
      for (const flow of shapes) {
        const message = card(author, flow);
        const origin = trustedFlow(message)?.origin;
        expect(trustedFlowOrigin(message), JSON.stringify({ author, flow })).toBe(typeof origin === "string" ? origin : undefined);
      }
    }
  });

  it("reads the flow in place: looking through a thousand cards lists no flow's keys (trustedFlow would copy each)", () => {
    let listed = 0;
    const watched = (origin: string) =>
      new Proxy({ id: "atk", origin, targets: [{ index: 0 }] }, {
        ownKeys(target) {
          listed++;
          return Reflect.ownKeys(target);
        },
      });
    const messages = Array.from({ length: 1000 }, (_, i) => card(gm, watched(i === 998 ? "wanted" : "other")));
    expect(messages.findIndex((m) => trustedFlowOrigin(m) === "wanted")).toBe(998);
    expect(listed).toBe(0);
    // The same search through trustedFlow lists every flow it reads: the watch works.
    expect(messages.findIndex((m) => trustedFlow(m)?.origin === "wanted")).toBe(998);
    expect(listed).toBeGreaterThanOrEqual(999);
  });
});
