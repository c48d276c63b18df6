/**
 * Forged GM field (22.1), the phase tracker: the marks the rules leave to
 * the GM (P2/P40 unaware, P40/P3 a hostile act witnessed and for how long,
 * P24 suppressed) and the phase a restarted record begins at are declared
 * once (`PHASE_TRACKER_GM_ONLY`) and refused by name from a player by the
 * shared request check (src/foundry/requests.ts), before any handler runs:
 * the ledger, the projection and the records stay as they were.
 */
import { describe, expect, it } from "vitest";
import { mallory, player, world } from "./fakes.js";
import { on, replies, seedFight, send, usePhaseCombatWorld } from "./phase-fakes.js";
import { ledgerFor } from "../../src/foundry/phase/store.js";
import { PHASE_TRACKER_GM_ONLY } from "../../src/rulesets/phase/combat/request-schema.js";

const g = globalThis as any;
usePhaseCombatWorld();
const refusal = (field: string) => `<p class="cychosys cy-refusal">The GM&#39;s client refused the request: Only a GM may set &quot;${field}&quot;; the request was refused and nothing changed.</p>`;

describe("forged GM field (the phase tracker)", () => {
  it("the GM's marks are declared: awareness (P2, P40), a hostile act witnessed (P40, P3), suppressed (P24), the restarted record's phase", () => {
    expect(PHASE_TRACKER_GM_ONLY).toEqual({ phaseAwareness: ["aware"], phaseWitness: ["combatantIds", "extraPhases"], phaseSuppressed: ["suppressed"], phaseRestart: ["phase"] });
  });

  it("every GM-only field a player sends is refused by name — on their own combatant too — and nothing is written", async () => {
    const { combat } = await seedFight();
    const records = () => JSON.stringify(world.messages.filter((m) => !m.deleted && (m.flags as { cychosys?: object }).cychosys).map((m) => m.flags));
    const before = { ledger: structuredClone(ledgerFor("combat1").ledger), projection: structuredClone(combat.flags.cychosys.phase), records: records() };
    const forged: [Record<string, unknown>, string][] = [
      [{ kind: "phaseAwareness", ...on("leroy"), aware: false }, "aware"],
      [{ kind: "phaseAwareness", ...on("mo"), aware: true }, "aware"],
      [{ kind: "phaseWitness", combatId: "combat1", combatantIds: ["leroy"], extraPhases: 0 }, "combatantIds"],
      [{ kind: "phaseSuppressed", ...on("earl"), suppressed: true }, "suppressed"],
      [{ kind: "phaseSuppressed", ...on("leroy"), suppressed: false }, "suppressed"],
      [{ kind: "phaseRestart", combatId: "combat1", phase: 1 }, "phase"],
    ];
    for (const [request] of forged) await send(player, request);
    for (const [request] of forged) await send(mallory, request);
    expect(replies("alice")).toEqual(forged.map(([, field]) => refusal(field)));
    expect(replies("mallory")).toEqual(forged.map(([, field]) => refusal(field)));
    expect(ledgerFor("combat1").ledger).toEqual(before.ledger);
    expect(combat.flags.cychosys.phase).toEqual(before.projection);
    // Only the request messages came and went: no record was written.
    expect(records()).toBe(before.records);
  });

  it("the GM sends them and they land", async () => {
    const { combat } = await seedFight();
    await send(g.game.user, { kind: "phaseSuppressed", ...on("earl"), suppressed: true });
    await send(g.game.user, { kind: "phaseAwareness", ...on("mo"), aware: false });
    const state = ledgerFor("combat1").ledger!.state;
    expect(state.combatants.find((c) => c.id === "earl")!.suppressed).toBe(true);
    expect(state.combatants.find((c) => c.id === "mo")!.awareness).toEqual({ state: "unaware" });
    expect(replies("gm").filter((r) => r.includes("refused"))).toEqual([]);
    void combat;
  });
});
