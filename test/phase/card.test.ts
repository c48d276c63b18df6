/**
 * The end of a phase on a card (P9, P11 steps 4–5), run by the GM's
 * transport: the GM reads every figure from the ledger and the sheets it
 * holds, a request names only the faces of the roll its author owes, the
 * GM's apply writes flesh, stun, traumatic wounds, rounds and drawn weapons
 * and steps the ledger to the next phase, and undo restores all of it
 * exactly.
 */
import { describe, expect, it } from "vitest";
import { currentApplication, type PhaseFlow } from "../../src/rulesets/phase/workflow/flow.js";
import { phaseCardView } from "../../src/rulesets/phase/workflow/card-view.js";
import { projectLedger } from "../../src/rulesets/phase/combat/projection.js";
import { gm, onCard, p1, p2, phaseWorld } from "./world.js";

/** Phase 1 of the seed (checks 1–3): Leroy draws; Earl's fastdraw and his Targeting on Leroy's head; Mo passes. */
function seedPhaseOne(w: ReturnType<typeof phaseWorld>) {
  w.track(
    { kind: "phaseInitiative", combatantId: "leroy", faces: [5, 7], as: p1 },
    { kind: "phaseInitiative", combatantId: "earl", faces: [7, 9], as: p2 },
    { kind: "phaseCloseInitiative" },
    { kind: "phaseDeclare", combatantId: "leroy", action: "draw", weapon: "pistol", as: p1 },
    { kind: "phaseDeclare", combatantId: "earl", action: "targeting", target: "leroy", area: "head", as: p2 },
  );
}

/** Phase 2: Mo (initiative 2) bursts at Leroy without Targeting — a wild shot (P14, P22); Leroy and Earl pass. */
function wildBurst(w: ReturnType<typeof phaseWorld>) {
  w.track(
    { kind: "phaseInitiative", combatantId: "mo", faces: [1, 1] },
    { kind: "phaseCloseInitiative" },
    { kind: "phaseDeclare", combatantId: "mo", action: "burst", weapon: "smg", target: "leroy" },
  );
}

const card = (w: ReturnType<typeof phaseWorld>) => w.cards().at(-1)!;

describe("the phase card", () => {
  it("seed check 4 (P9): nothing to roll — Leroy's draw and Earl's Targeting resolve together at once; the pistol is drawn; undo takes it back exactly", async () => {
    const w = phaseWorld();
    seedPhaseOne(w);
    const before = w.ledger();
    expect(await w.resolve()).toMatchObject({ ok: true });
    const flow = card(w).flow;
    expect(flow.status).toBe("applied");
    expect(flow.outcome.groups.map((g) => [g.length, g.entries.map((e) => `${e.action.actor}:${e.outcome.kind}`)])).toEqual([["phase", ["leroy:draw", "earl:targeting"]]]);
    expect(w.leroy.items.get("pistol")!.system.ready).toBe(true);
    expect(w.ledger().state).toMatchObject({ phase: 2, step: "initiative" });
    expect(w.ledger().state.combatants.find((c) => c.id === "earl")!.targeting).toEqual({ target: "leroy", area: "head" });
    // The combat holds the public projection only (the ledger is elsewhere).
    expect(w.combat.flags.cychosys).toMatchObject({ phase: { phase: 2, step: "initiative", revision: w.ledger().revision } });
    expect(JSON.stringify(w.combat.flags)).not.toContain("targeting");
    expect(await w.local({ step: "undo", ...onCard(card(w)) })).toMatchObject({ ok: true });
    expect(w.leroy.items.get("pistol")!.system.ready).toBe(false);
    expect(w.ledger().state).toEqual(before.state);
    expect(w.ledger().resolving).toEqual({ flowId: flow.id });
    expect(card(w).flow.status).toBe("resolved");
    // Applied again, it lands the same way.
    expect(await w.local({ step: "apply", ...onCard(card(w)) })).toMatchObject({ ok: true });
    expect(w.leroy.items.get("pistol")!.system.ready).toBe(true);
    expect(w.ledger().state.phase).toBe(2);
  });

  it("P14/P22: Mo's burst fired without Targeting is wild: −2; the GM rolls for his NPC; a traumatic wound lands on Leroy when applied, and undo takes it back", async () => {
    const w = phaseWorld();
    seedPhaseOne(w);
    await w.resolve();
    wildBurst(w);
    expect(await w.resolve()).toMatchObject({ ok: true });
    let flow = card(w).flow;
    expect(flow.status).toBe("rolling");
    expect(flow.needs).toEqual([expect.objectContaining({ actor: "mo", roll: "check", dice: 1, faces: 10 })]);
    // Mo's check: d10 9 + Reflexes 2 + smg 3 − 2 (wild) = 12 against 10: margin 2 → one hit (P22).
    expect(await w.local({ step: "roll", ...onCard(card(w)), combatantId: "mo", roll: "check", faces: [9] })).toMatchObject({ ok: true });
    flow = card(w).flow;
    const attack = flow.outcome.groups[0]!.entries[0]!.outcome;
    expect(attack.kind === "attack" && attack.attack).toMatchObject({ wild: true, called: null, modifiers: { wild: -2 }, checks: [{ check: { total: 12 }, margin: 2, scored: 1 }] });
    expect(flow.needs).toEqual([expect.objectContaining({ roll: "location", faces: 10 })]);
    await w.local({ step: "roll", ...onCard(card(w)), combatantId: "mo", roll: "location", faces: [3] }); // chest
    expect(card(w).flow.needs).toEqual([expect.objectContaining({ roll: "damage", dice: 2, faces: 6 })]);
    await w.local({ step: "roll", ...onCard(card(w)), combatantId: "mo", roll: "damage", faces: [5, 4] }); // 9 + 1 = 10 ≥ chest 7: traumatic
    flow = card(w).flow;
    expect(flow.status).toBe("resolved");
    expect(w.leroy.flesh).toBe(0);
    expect(await w.local({ step: "apply", ...onCard(card(w)) })).toMatchObject({ ok: true });
    expect(w.leroy.flesh).toBe(10);
    expect(w.leroy.traumas).toEqual([{ area: "chest", phase: 2 }]);
    expect(w.mo.items.get("smg")!.system.ammo).toEqual({ value: 27, max: 30 });
    const view = phaseCardView(card(w).flow, { isGM: false, owns: () => false });
    expect(view.phase.attacks[0]!.subtitle).toContain("wild shot −2");
    expect(view.outcome?.details).toEqual([{ text: "Traumatic wound to Leroy: chest", tone: "wound" }]);
    expect(view.phase.applied).toEqual(["Leroy: flesh +10, a traumatic wound (chest).", "SMG: 3 rounds spent."]);
    // Undo: flesh, the wound, the rounds and the phase, exactly.
    expect(await w.local({ step: "undo", ...onCard(card(w)) })).toMatchObject({ ok: true });
    expect(w.leroy.flesh).toBe(0);
    expect(w.leroy.traumas).toEqual([]);
    expect(w.mo.items.get("smg")!.system.ammo).toEqual({ value: 30, max: 30 });
    expect(w.ledger().state).toMatchObject({ phase: 2, step: "declare" });
  });

  it("the projection on the combat never holds a hidden declaration, while the card shows what resolves", async () => {
    const w = phaseWorld();
    seedPhaseOne(w);
    const hidden = projectLedger(w.ledger());
    expect(JSON.stringify(hidden)).not.toContain("head");
    await w.resolve();
    const flow: PhaseFlow = card(w).flow;
    expect(JSON.stringify(flow.due)).toContain("head");
    expect(currentApplication(flow)).toBeTruthy();
    void gm;
  });
});
