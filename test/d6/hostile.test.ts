/**
 * OpenD6's attack card against a forging player (issue 22), through the
 * GM's transport: request messages written by their authors, handled by the
 * active GM's client. Each describe names the class of hole it guards:
 *
 * - forged GM field: the difficulty modifier of D26 is the GM's (the dialog
 *   shows it to the GM only); a player sending one is refused and nothing
 *   changes;
 * - out-of-order undo: undoing an attack takes back its own change only —
 *   the wound by its step on the D36 ladder (clamped), and the round state
 *   it changed when the wound left the actor unable to act (D10, D18);
 * - unmetered attacker: a fighter in a started combat is attacked only
 *   through the combat (src/core/transport/combat-gate.ts), by a combatant
 *   whose actions D11 meters.
 */
import { describe, expect, it } from "vitest";
import { newCombatantRound } from "../../src/rulesets/d6/rules/index.js";
import type { D6Derived } from "../../src/rulesets/d6/data/derived.js";
import { phaseOf, resolutionOf, undoWound } from "../../src/rulesets/d6/workflow/flow.js";
import { d6World, FakeD6Actor, gm, onCard, p1 } from "./world.js";

type World = ReturnType<typeof d6World>;

const knifeAt = (w: World, target: FakeD6Actor, roll = { dice: [1, 1, 1], wild: [2] }, extra: Record<string, unknown> = {}) => ({
  step: "declare",
  actorUuid: w.kira.uuid,
  itemId: "wpKnife",
  roll,
  targets: [target.uuid],
  ...extra,
});

/** A second actor p1 owns, never added to the fight (a companion, a summon, a fresh actor). */
function companion(w: World, owners = [p1.id]): FakeD6Actor {
  const derived = structuredClone(w.kira.system.derived) as D6Derived;
  const pet = new FakeD6Actor("Actor.pet", "Rex", "d6Creature", derived, owners);
  w.actors.push(pet);
  return pet;
}

/** Kira and the thug have each declared `actions` this round (D11), free of the multi-action penalty (D12: as many free actions). */
async function declared(w: World, actions = 3) {
  await w.setRound(w.kira, { round: { ...newCombatantRound(1, actions), declared: actions } });
  await w.setRound(w.thug, { round: { ...newCombatantRound(1, actions), declared: actions } });
}

describe("forged GM field (D26: the difficulty modifier is the GM's)", () => {
  it("a player's modifier of −99 is refused before anything runs: no card, no action spent; the knife's 5 never hits the thug's 10", async () => {
    const w = d6World({ combat: true });
    await declared(w, 1);
    const before = structuredClone(w.combat!.flags);
    const outcome = await w.send(knifeAt(w, w.thug, undefined, { modifiers: [{ value: -99 }] }), p1);
    expect(outcome).toEqual({ ok: false, reason: 'Only a GM may set "modifiers"; the request was refused and nothing changed.' });
    expect(w.cards()).toEqual([]);
    expect(w.combat!.flags).toEqual(before);
    expect(w.whispers.at(-1)).toMatchObject({ user: p1.id, text: expect.stringContaining('"modifiers"') });
  });

  it("every GM-only field of every step, sent by a player, is refused; the same attack without it is the player's", async () => {
    const w = d6World();
    const forged = [{ modifiers: [{ value: -99 }] }, { modifiers: [{ value: 0, label: "zero is a value" }] }];
    for (const fields of forged) expect(await w.send(knifeAt(w, w.thug, undefined, fields), p1)).toMatchObject({ ok: false, reason: expect.stringContaining("Only a GM") });
    expect(w.cards()).toEqual([]);
    expect(w.ruleset.workflow.gmOnlyFields).toEqual({ declare: ["modifiers", "flat"], interrupt: ["flat"] });
    // Without the field (or with an empty list, what a player's dialog sends), the knife's 5 misses the passive 10 (D17).
    expect(await w.send(knifeAt(w, w.thug, undefined, { modifiers: [] }), p1)).toMatchObject({ ok: true });
    expect(resolutionOf(w.cards()[0]!.flow.targets[0]!).hit).toBe(false);
  });

  it("D41: a player's flat bonus to the attack — +99, or even 0 — is refused before anything runs; no card, no action spent", async () => {
    const w = d6World({ combat: true });
    await declared(w, 1);
    const before = structuredClone(w.combat!.flags);
    for (const flat of [99, -3, 0]) {
      expect(await w.send(knifeAt(w, w.thug, undefined, { flat }), p1)).toEqual({ ok: false, reason: 'Only a GM may set "flat"; the request was refused and nothing changed.' });
    }
    expect(w.cards()).toEqual([]);
    expect(w.combat!.flags).toEqual(before);
    // The same attack without it is Kira's: 1+1+1+2 = 5 against the passive 10, a miss.
    expect(await w.send(knifeAt(w, w.thug), p1)).toMatchObject({ ok: true });
    expect(resolutionOf(w.cards()[0]!.flow.targets[0]!).attack!.total).toBe(5);
  });

  it("D14, D41: a player's flat bonus to an interrupting dodge is refused; the card waits, the wait is still held", async () => {
    const w = d6World({ combat: true });
    await w.setRound(w.kira, { round: { ...newCombatantRound(1, 2), declared: 2, used: 1, waits: 1 } });
    await w.setRound(w.thug, { round: { ...newCombatantRound(1, 1), declared: 1 } });
    expect(await w.local({ step: "declare", actorUuid: w.thug.uuid, itemId: "wpFists", roll: { dice: [4, 3], wild: [2] }, targets: [w.kira.uuid] })).toMatchObject({ ok: true });
    const card = w.cards()[0]!;
    expect(phaseOf(card.flow.targets[0]!, resolutionOf(card.flow.targets[0]!))).toBe("interruptible");
    const dodge = { step: "interrupt", ...onCard(card), skill: "dodge", roll: { dice: [5, 3, 3], wild: [4] } };
    expect(await w.send({ ...dodge, flat: 50 }, p1)).toEqual({ ok: false, reason: 'Only a GM may set "flat"; the request was refused and nothing changed.' });
    expect(phaseOf(w.cards()[0]!.flow.targets[0]!, resolutionOf(w.cards()[0]!.flow.targets[0]!))).toBe("interruptible");
    expect((w.roundOf(w.kira) as { round: { waits: number } }).round.waits).toBe(1);
    expect(await w.send(dodge, p1)).toMatchObject({ ok: true });
  });

  it("the GM's flat bonus stands (D41): +5 on the knife's 5 reaches the passive 10", async () => {
    const w = d6World();
    expect(await w.local(knifeAt(w, w.thug, undefined, { flat: 5 }))).toMatchObject({ ok: true });
    const resolution = resolutionOf(w.cards()[0]!.flow.targets[0]!);
    expect([resolution.attack!.total, resolution.hit]).toEqual([10, true]);
  });

  it("the GM may still set it (D26): −99 brings 10 down to the floor of 3 and the knife's 5 hits", async () => {
    const w = d6World();
    expect(await w.local(knifeAt(w, w.thug, undefined, { modifiers: [{ value: -99 }] }))).toMatchObject({ ok: true });
    const resolution = resolutionOf(w.cards()[0]!.flow.targets[0]!);
    expect(resolution.difficulty!.final).toBe(3);
    expect(resolution.hit).toBe(true);
  });
});

type Faces = { dice: number[]; wild: number[] };

/** Kira's knife on the thug, rolled to the end: damage and resistance faces given, the wound applied by the GM. */
async function woundThug(w: World, rolls: { damage: Faces; resistance: Faces }) {
  expect(await w.send(knifeAt(w, w.thug, { dice: [6, 6, 6], wild: [5] }), p1)).toEqual({ ok: true, flow: expect.anything() });
  const card = () => w.cards().at(-1)!;
  // D14: a thug holding a wait may interrupt; he lets it go.
  if (phaseOf(card().flow.targets[0]!) === "interruptible") expect(await w.local({ step: "announce", ...onCard(card()) })).toMatchObject({ ok: true });
  expect(await w.send({ step: "damage", ...onCard(card()), roll: rolls.damage }, p1)).toMatchObject({ ok: true });
  expect(await w.local({ step: "resist", ...onCard(card()), roll: rolls.resistance })).toMatchObject({ ok: true });
  expect(phaseOf(card().flow.targets[0]!)).toBe("resolved");
  expect(await w.local({ step: "apply", ...onCard(card()) })).toMatchObject({ ok: true });
  return card();
}

// The knife: melee combat 4D rolls 23 against the thug's 10, +3 damage (D33); +1D on Kira's Strength Damage of 1D rolls 2D
// (D31, D32); the thug resists with Strength 3D+1, here 5 (D34). Excess 1–3 Stunned, 4–8 Wounded, 9–12 Incapacitated (D35).
const resistance = { dice: [1, 1], wild: [2] };
const STUN = { damage: { dice: [1], wild: [2] }, resistance }; // 6 − 5 = 1
const WOUND = { damage: { dice: [4], wild: [4] }, resistance }; // 11 − 5 = 6
const KNOCK_OUT = { damage: { dice: [5], wild: [6, 1] }, resistance }; // 15 − 5 = 10

describe("out-of-order undo (D36: each undo takes back its own step on the ladder, clamped)", () => {
  it("attack A wounds the thug, attack B wounds him worse; undoing A leaves B's step, undoing B too leaves him unhurt", async () => {
    const w = d6World();
    const a = await woundThug(w, STUN);
    expect(w.thug.wounds.level).toBe("stunned");
    const b = await woundThug(w, KNOCK_OUT);
    expect(w.thug.wounds.level).toBe("incapacitated");
    expect(await w.local({ step: "undo", ...onCard(a) })).toMatchObject({ ok: true });
    // A took him from unhurt to Stunned (one step); B's own change stays: Incapacitated less one step.
    expect(w.thug.wounds.level).toBe("severelyWounded");
    expect(await w.local({ step: "undo", ...onCard(b) })).toMatchObject({ ok: true });
    expect(w.thug.wounds).toEqual({ level: "none", untilRound: 0 });
  });

  it("undone newest first, the same two attacks return him to the start too", async () => {
    const w = d6World();
    const a = await woundThug(w, WOUND);
    const b = await woundThug(w, WOUND);
    expect(w.thug.wounds.level).toBe("severelyWounded"); // D36: a second Wounded moves him one step up
    await w.local({ step: "undo", ...onCard(b) });
    expect(w.thug.wounds.level).toBe("wounded");
    await w.local({ step: "undo", ...onCard(a) });
    expect(w.thug.wounds).toEqual({ level: "none", untilRound: 0 });
  });

  it("two undos of one card at once, or one replayed: taken back once; the newer wound stays", async () => {
    const w = d6World();
    const a = await woundThug(w, WOUND);
    await woundThug(w, WOUND);
    expect(w.thug.wounds.level).toBe("severelyWounded");
    const undo = w.requestMessage({ step: "undo", ...onCard(a) }, gm);
    const outcomes = await Promise.all([w.handle(undo), w.handle(undo), w.send({ step: "undo", ...onCard(a) }, gm)]);
    // The message and its replay: carried out once (the replay answers with the card as it is); another undo: nothing left to undo.
    expect(outcomes.map((o) => o?.ok)).toEqual([true, true, false]);
    expect(w.thug.wounds.level).toBe("stunned");
  });

  it("an undo whose write fails halfway is finished by the next request on the card, once", async () => {
    const w = d6World();
    const a = await woundThug(w, WOUND);
    await woundThug(w, WOUND);
    w.thug.failNext();
    expect(await w.send({ step: "undo", ...onCard(a) }, gm)).toMatchObject({ ok: false, reason: expect.stringContaining("could not finish") });
    expect(w.thug.wounds.level).toBe("severelyWounded");
    expect(await w.send({ step: "undo", ...onCard(a) }, gm)).toMatchObject({ ok: false, reason: expect.stringContaining("undo") });
    expect(w.thug.wounds.level).toBe("stunned");
  });

  it("a card applied before the round's loss was kept (no lostRound) still lets the undone actor act again; one unable already is left unable", async () => {
    const w = d6World();
    const a = await woundThug(w, KNOCK_OUT);
    const application = a.flow.targets[0]!.applications[0]!;
    expect(application).toMatchObject({ disabled: true, lostRound: "none" }); // outside a combat: no round to give back
    const legacy = { ...a.flow, targets: [{ ...a.flow.targets[0]!, applications: [{ ...application, lostRound: undefined }] }] };
    const gmUser = { id: gm.id, isGM: true, owns: () => true };
    expect(undoWound(legacy, 0, { level: "incapacitated", untilRound: null }, gmUser).undo.regain).toEqual({});
    expect(undoWound(a.flow, 0, { level: "incapacitated", untilRound: null }, gmUser).undo.regain).toBe(false);
  });

  it("the undo is clamped: healed by hand in between, undoing the attack leaves him unhurt, never below", async () => {
    const w = d6World();
    const a = await woundThug(w, WOUND);
    await w.thug.update({ "system.wounds.level": "none", "system.wounds.untilRound": 0 });
    expect(await w.local({ step: "undo", ...onCard(a) })).toMatchObject({ ok: true });
    expect(w.thug.wounds).toEqual({ level: "none", untilRound: 0 });
  });

  it("in a combat, each order of undo returns the round state too: unable to act (D10), his wait and his defense (D18) come back with the undo that took them", async () => {
    for (const order of [["a", "b"], ["b", "a"]] as const) {
      const w = d6World({ combat: true });
      await declared(w);
      (w.kira.system.derived as D6Derived).weapons[0]!.usesPerRound = 2; // D16: two knife attacks this round
      // A dodge of 10 in force: the same difficulty as his passive 10 (D17, D18).
      const guard = { skill: "dodge", mode: "partial", roll: 10, total: 10 };
      await w.setRound(w.thug, { round: { ...newCombatantRound(1, 3), declared: 3, used: 2, waits: 1, defenses: [guard] } });
      const start = structuredClone(w.roundOf(w.thug));
      const a = await woundThug(w, KNOCK_OUT);
      expect(w.thug.wounds.level).toBe("incapacitated");
      expect(w.roundOf(w.thug).round).toMatchObject({ unableToAct: true, waits: 0, defenses: [] });
      const b = await woundThug(w, STUN);
      expect(w.thug.wounds.level).toBe("mortallyWounded");
      const cards = { a, b };
      await w.local({ step: "undo", ...onCard(cards[order[0]]) });
      // Mortally Wounded less one step (B) is Incapacitated; less four (A) is Stunned, able to act again.
      expect(w.thug.wounds.level).toBe(order[0] === "a" ? "stunned" : "incapacitated");
      expect(w.roundOf(w.thug).round.unableToAct).toBe(order[0] === "b");
      await w.local({ step: "undo", ...onCard(cards[order[1]]) });
      expect(w.thug.wounds).toEqual({ level: "none", untilRound: 0 });
      expect(w.roundOf(w.thug)).toEqual(start);
    }
  });
});

describe("unmetered attacker (a fighter in a started combat is attacked only through the combat)", () => {
  it("a player's second actor, never added to the fight, cannot attack the thug: refused with what to do, nothing spent", async () => {
    const w = d6World({ combat: true });
    await declared(w);
    const pet = companion(w);
    const weapon = (pet.system.derived as D6Derived).weapons[0]!;
    const before = structuredClone(w.combat!.flags);
    for (let i = 0; i < 3; i++) {
      const outcome = await w.send({ ...knifeAt(w, w.thug), actorUuid: pet.uuid, itemId: weapon.id }, p1);
      expect(outcome).toEqual({ ok: false, reason: "Rex is not fighting in the combat the thug is in, so cannot attack the thug now. Add Rex's token to that combat and attack on Rex's turn." });
    }
    expect(w.cards()).toEqual([]);
    expect(w.combat!.flags).toEqual(before);
  });

  it("a combatant removed from the combat is outside it: Kira's knife is refused; back in the combat, it is metered (D11)", async () => {
    const w = d6World({ combat: true });
    await declared(w, 1);
    const kiraCombatant = w.combat!.combatants.find((c) => c.actor === (w.kira as never))!;
    w.combat!.combatants.splice(w.combat!.combatants.indexOf(kiraCombatant), 1);
    expect(await w.send(knifeAt(w, w.thug), p1)).toMatchObject({ ok: false, reason: expect.stringContaining("Kira is not fighting in the combat") });
    expect(w.cards()).toEqual([]);
    w.combat!.combatants.push(kiraCombatant);
    expect(await w.send(knifeAt(w, w.thug), p1)).toMatchObject({ ok: true });
    expect(w.roundOf(w.kira).round).toMatchObject({ declared: 1, used: 1 });
    expect(await w.send(knifeAt(w, w.thug), p1)).toMatchObject({ ok: false });
    expect(w.cards()).toHaveLength(1);
  });

  it("two attacks at once for the last action: one card, the other refused (D11); a replayed declaration posts nothing new", async () => {
    const w = d6World({ combat: true });
    await declared(w, 1);
    const first = w.requestMessage(knifeAt(w, w.thug), p1);
    const outcomes = await Promise.all([w.handle(first), w.send(knifeAt(w, w.thug), p1), w.handle(first)]);
    expect(outcomes.map((o) => o?.ok)).toEqual([true, false, true]);
    expect(w.cards()).toHaveLength(1);
    expect(w.roundOf(w.kira).round).toMatchObject({ declared: 1, used: 1 });
  });

  it("the GM may attack for an NPC outside the tracker (a sniper off the map): allowed, and unmetered — there is no budget to spend", async () => {
    const w = d6World({ combat: true });
    await declared(w);
    const sniper = companion(w, []);
    const weapon = (sniper.system.derived as D6Derived).weapons[0]!;
    const before = structuredClone(w.combat!.flags);
    expect(await w.local({ ...knifeAt(w, w.kira), actorUuid: sniper.uuid, itemId: weapon.id })).toMatchObject({ ok: true });
    expect(w.cards()).toHaveLength(1);
    expect(w.combat!.flags).toEqual(before);
    expect(gm.isGM).toBe(true);
  });

  it("out of any combat (no target fights in one) an attack needs no combat", async () => {
    const w = d6World();
    const pet = companion(w);
    const weapon = (pet.system.derived as D6Derived).weapons[0]!;
    expect(await w.send({ ...knifeAt(w, w.bystander), actorUuid: pet.uuid, itemId: weapon.id }, p1)).toMatchObject({ ok: true });
  });
});
