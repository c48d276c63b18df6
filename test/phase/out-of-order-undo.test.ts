/**
 * Out-of-order undo (22.2), the phase card: an applied phase end is taken
 * back by its own deltas — flesh, stun, traumatic wounds, rounds and draws
 * — so a newer change on the same actor survives undoing an older one, and
 * undoing both in either order returns the sheets (and the out-of-action
 * states the token statuses follow, P30) to the start. The phase record goes
 * back only while nothing has happened on it since: a declaration made after
 * the apply is never erased.
 */
import { describe, expect, it } from "vitest";
import { gm, onCard, p1, phaseWorld } from "./world.js";

type World = ReturnType<typeof phaseWorld>;
const card = (w: World) => w.cards().at(-1)!;

/** Mo (the GM's) fires his SMG at Leroy: no Targeting (wild, P14) — check d10 9 hits; the chest (d10 3); damage `faces` + 1. */
async function moShootsLeroy(w: World, damage: [number, number], weapon = "smg", action = "fire") {
  w.track(
    { kind: "phaseInitiative", combatantId: "mo", faces: [1, 1] },
    { kind: "phaseCloseInitiative" },
    { kind: "phaseDeclare", combatantId: "mo", action, weapon, target: "leroy" },
  );
  expect(await w.resolve()).toMatchObject({ ok: true });
  const c = card(w);
  for (const [roll, faces] of [["check", [9]], ["location", [3]], ["damage", damage]] as const) {
    expect(await w.local({ step: "roll", ...onCard(c), combatantId: "mo", roll, faces: [...faces] })).toMatchObject({ ok: true });
  }
  expect(card(w).flow.status).toBe("resolved");
  expect(await w.local({ step: "apply", ...onCard(c) })).toMatchObject({ ok: true });
  return c;
}

/** What the sheets hold that a phase end changes, and the out-of-action states (the token statuses follow them, P30). */
const sheets = (w: World) => ({
  leroy: { flesh: w.leroy.source.flesh, stun: w.leroy.source.stun, traumas: w.leroy.traumas, states: w.leroy.system.derived.wounds.states },
  smg: w.mo.items.get("smg")!.system.ammo,
});

/** Phase 1: 4 + 2 + 1 = 7 on the chest (threshold 7: traumatic, P29). Phase 2: 6 + 6 + 1 = 13 more — flesh 20 = collapsed (P30). */
async function twoPhaseEnds() {
  const w = phaseWorld();
  const start = sheets(w);
  const a = await moShootsLeroy(w, [4, 2]);
  const afterA = sheets(w);
  const b = await moShootsLeroy(w, [6, 6]);
  expect(sheets(w)).toEqual({ leroy: { flesh: 20, stun: 0, traumas: [{ area: "chest", phase: 1 }, { area: "chest", phase: 2 }], states: ["collapsed"] }, smg: { value: 28, max: 30 } });
  return { w, a, b, start, afterA };
}

describe("out-of-order undo (the phase card)", () => {
  it("undo the older phase end: the newer one's flesh, wound and rounds stay; the record keeps its course; the card is done", async () => {
    const { w, a, b } = await twoPhaseEnds();
    const record = structuredClone(w.ledger());
    expect(await w.local({ step: "undo", ...onCard(a) })).toMatchObject({ ok: true });
    expect(sheets(w)).toEqual({ leroy: { flesh: 13, stun: 0, traumas: [{ area: "chest", phase: 2 }], states: [] }, smg: { value: 29, max: 30 } });
    expect(w.ledger()).toEqual(record);
    expect(w.cards().find((c) => c.id === a.id)!.flow.status).toBe("undone");
    // Done: neither applied again nor undone twice.
    expect(await w.local({ step: "undo", ...onCard(a) })).toMatchObject({ ok: false });
    expect(await w.local({ step: "apply", ...onCard(a) })).toMatchObject({ ok: false });
    expect(sheets(w).leroy.flesh).toBe(13);
    // The newer card still undoes wholly: its record goes back too.
    expect(await w.local({ step: "undo", ...onCard(b) })).toMatchObject({ ok: true });
    expect(w.ledger().state).toMatchObject({ phase: 2, step: "declare" });
  });

  it("undo both, older first or newer first: the sheets and the statuses are back at the start, and so is the record", async () => {
    const first = await twoPhaseEnds();
    expect(await first.w.local({ step: "undo", ...onCard(first.a) })).toMatchObject({ ok: true });
    expect(await first.w.local({ step: "undo", ...onCard(first.b) })).toMatchObject({ ok: true });
    expect(sheets(first.w)).toEqual(first.start);

    const second = await twoPhaseEnds();
    expect(await second.w.local({ step: "undo", ...onCard(second.b) })).toMatchObject({ ok: true });
    expect(sheets(second.w)).toEqual(second.afterA);
    expect(await second.w.local({ step: "undo", ...onCard(second.a) })).toMatchObject({ ok: true });
    expect(sheets(second.w)).toEqual(second.start);
    // Either way the record stands where the newer card's phase end began (phase 2 being resolved).
    expect(second.w.ledger().state).toEqual(first.w.ledger().state);
    expect(second.w.ledger().resolving).toEqual({ flowId: second.b.flow.id });
  });

  it("a change made by hand since (the GM's flesh and stun edit) survives the undo: each value moves by the card's own delta, clamped", async () => {
    const w = phaseWorld();
    const a = await moShootsLeroy(w, [2, 2]); // flesh 5, below the chest's threshold
    await w.leroy.update({ "system.flesh": 8, "system.stun": 4 });
    const b = await moShootsLeroy(w, [2, 2]); // flesh 13
    expect(await w.local({ step: "undo", ...onCard(a) })).toMatchObject({ ok: true });
    expect(w.leroy.source).toMatchObject({ flesh: 8, stun: 4 });
    // Healed by hand below what the newer card added: clamped at 0, never negative.
    await w.leroy.update({ "system.flesh": 1 });
    expect(await w.local({ step: "undo", ...onCard(b) })).toMatchObject({ ok: true });
    expect(w.leroy.source).toMatchObject({ flesh: 0, stun: 4 });
  });

  it("stun (P28, P30): a stun hit undone while a newer stun hit stays", async () => {
    const w = phaseWorld();
    w.mo.addItem("baton", "Baton", "phaseWeapon", { kind: "melee", skill: "knife", damage: "1d6", stun: true, ammo: { value: 0, max: 0 }, ready: true });
    const a = await moShootsLeroy(w, [4] as unknown as [number, number], "baton", "melee");
    const b = await moShootsLeroy(w, [6] as unknown as [number, number], "baton", "melee");
    expect(w.leroy.source).toMatchObject({ flesh: 0, stun: 10 });
    expect(await w.local({ step: "undo", ...onCard(a) })).toMatchObject({ ok: true });
    expect(w.leroy.source).toMatchObject({ flesh: 0, stun: 6 });
    expect(await w.local({ step: "undo", ...onCard(b) })).toMatchObject({ ok: true });
    expect(w.leroy.source.stun).toBe(0);
  });

  it("draws (P8): a drawn state is turned back only while it is still the card's own — a newer holster stays when the older draw is undone", async () => {
    const drawThenHolster = async () => {
      const w = phaseWorld();
      const phaseEnd = async (action: "draw" | "holster") => {
        w.track({ kind: "phaseInitiative", combatantId: "leroy", faces: [5, 7], as: p1 }, { kind: "phaseCloseInitiative" }, { kind: "phaseDeclare", combatantId: "leroy", action, weapon: "pistol", as: p1 });
        expect(await w.resolve()).toMatchObject({ ok: true }); // nothing to roll: applied at once
        return card(w);
      };
      const drawn = await phaseEnd("draw");
      expect(w.leroy.items.get("pistol")!.system.ready).toBe(true);
      const holstered = await phaseEnd("holster");
      expect(w.leroy.items.get("pistol")!.system.ready).toBe(false);
      return { w, drawn, holstered, pistol: () => w.leroy.items.get("pistol")!.system.ready };
    };
    // Newer first, then older: back at the start, holstered.
    const first = await drawThenHolster();
    expect(await first.w.local({ step: "undo", ...onCard(first.holstered) })).toMatchObject({ ok: true });
    expect(first.pistol()).toBe(true);
    expect(await first.w.local({ step: "undo", ...onCard(first.drawn) })).toMatchObject({ ok: true });
    expect(first.pistol()).toBe(false);
    // Older first: the newer holster stands. A drawn state is a state, not a count: undoing the holster
    // afterwards takes back exactly what it did (the pistol back in hand) — each card reverses only its own change.
    const second = await drawThenHolster();
    expect(await second.w.local({ step: "undo", ...onCard(second.drawn) })).toMatchObject({ ok: true });
    expect(second.pistol()).toBe(false);
    expect(await second.w.local({ step: "undo", ...onCard(second.holstered) })).toMatchObject({ ok: true });
    expect(second.pistol()).toBe(true);
  });

  it("two undos of the older card at once, and a replay: the sheets move back once", async () => {
    const { w, a } = await twoPhaseEnds();
    const message = w.requestMessage({ step: "undo", ...onCard(a) }, gm);
    const [first, second] = await Promise.all([w.handle(message), w.send({ step: "undo", ...onCard(a) }, gm)]);
    expect([first?.ok, second?.ok].sort()).toEqual([false, true]);
    message.deleted = false;
    await w.handle(message);
    expect(sheets(w).leroy).toMatchObject({ flesh: 13, traumas: [{ area: "chest", phase: 2 }] });
    expect(sheets(w).smg).toEqual({ value: 29, max: 30 });
  });

  it("a failure halfway through undoing the older card: the next request on it finishes the record, nothing lands twice", async () => {
    const { w, a } = await twoPhaseEnds();
    w.mo.items.get("smg")!.failNext(0, 1);
    expect(await w.send({ step: "undo", ...onCard(a) }, gm)).toMatchObject({ ok: false });
    const card = () => w.cards().find((c) => c.id === a.id)!;
    expect(card().flags.cychosys!.flow!.pending).toBeTruthy();
    // Any next request on the card finishes what was recorded (this one is then refused: nothing left to undo).
    expect(await w.local({ step: "undo", ...onCard(a) })).toMatchObject({ ok: false });
    expect(card().flags.cychosys!.flow!.pending).toBeUndefined();
    expect(sheets(w)).toEqual({ leroy: { flesh: 13, stun: 0, traumas: [{ area: "chest", phase: 2 }], states: [] }, smg: { value: 29, max: 30 } });
  });

  it("tracker marks (P24): the suppression a phase end made goes back with its record while nothing happened since; once the phase moved on the mark stays for the GM", async () => {
    const suppressed = async () => {
      const w = phaseWorld();
      w.track({ kind: "phaseInitiative", combatantId: "mo", faces: [1, 1] }, { kind: "phaseCloseInitiative" }, { kind: "phaseDeclare", combatantId: "mo", action: "suppress", weapon: "smg", targets: ["leroy", "earl"] });
      expect(await w.resolve()).toMatchObject({ ok: true }); // phase 1: the round action is underway
      w.track({ kind: "phaseCloseInitiative" });
      expect(await w.resolve()).toMatchObject({ ok: true }); // phase 2: it resolves, nothing to roll
      const marks = () => w.ledger().state.combatants.filter((c) => c.suppressed).map((c) => c.id);
      expect(marks()).toEqual(["leroy", "earl"]);
      expect(w.mo.items.get("smg")!.system.ammo).toMatchObject({ value: 20 });
      return { w, c: card(w), marks };
    };
    const now = await suppressed();
    expect(await now.w.local({ step: "undo", ...onCard(now.c) })).toMatchObject({ ok: true });
    expect(now.marks()).toEqual([]);
    expect(now.w.mo.items.get("smg")!.system.ammo).toMatchObject({ value: 30 });
    const later = await suppressed();
    later.w.track({ kind: "phaseInitiative", combatantId: "leroy", faces: [5, 7], as: p1 });
    expect(await later.w.local({ step: "undo", ...onCard(later.c) })).toMatchObject({ ok: true });
    expect(later.marks()).toEqual(["leroy", "earl"]);
    expect(later.w.mo.items.get("smg")!.system.ammo).toMatchObject({ value: 30 });
    expect(card(later.w).flow.status).toBe("undone");
  });

  it("the record: a declaration made after the apply is never erased — undo then takes back the sheets only", async () => {
    const w = phaseWorld();
    const a = await moShootsLeroy(w, [4, 2]);
    // Phase 2 goes on: Leroy's player rolls initiative (the record moves on).
    w.track({ kind: "phaseInitiative", combatantId: "leroy", faces: [5, 7], as: p1 });
    const record = structuredClone(w.ledger());
    expect(await w.local({ step: "undo", ...onCard(a) })).toMatchObject({ ok: true });
    expect(w.leroy.source).toMatchObject({ flesh: 0, traumaticWounds: [] });
    expect(w.mo.items.get("smg")!.system.ammo).toEqual({ value: 30, max: 30 });
    expect(w.ledger()).toEqual(record);
    expect(w.ledger().state.combatants.find((c) => c.id === "leroy")!.initiative).toMatchObject({ total: 16 });
    void gm;
  });
});
