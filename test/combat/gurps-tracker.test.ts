/**
 * The GURPS tracker: the order kept on the combat (G9), those who cannot act
 * skipped (G8), each turn's end and start in the round state (G77 shock in
 * and out, G25 a feint lapsing, G19 stunned: Do Nothing), and its GM-side
 * handlers against a hostile table — forged fields, another's combatant, a
 * replay, two requests at once, a failure halfway. Requests go the whole
 * way: a message written by its author, the active GM's client, the zod
 * schema, the queue, the handler, the documents (fakes' permission model).
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { asUser, gm, mallory, PermissionError, player } from "./fakes.js";
import { deliver, duel, replies, requestFrom, send, useGurpsCombatWorld } from "./gurps-fakes.js";
import { readGurpsRound } from "../../src/rulesets/gurps/combat/round-state.js";
import { readGurpsOrder } from "../../src/rulesets/gurps/combat/tracker-plan.js";
import { parseGurpsCombatRequest } from "../../src/rulesets/gurps/combat/request-schema.js";
import { beginGurpsTurn } from "../../src/foundry/gurps/combat.js";
import { capturingErrors } from "../fixtures/console.js";

useGurpsCombatWorld();

const ref = (combat: unknown, c: unknown) => ({ combat: combat as never, combatant: c as never });
const ids = (combat: { turns: { id: string }[] }) => combat.turns.map((t) => t.id);
const maneuver = (combatantId: string, turn: number, choice: Record<string, unknown>) => ({ kind: "gurpsManeuver", combatId: "combat1", combatantId, turn, choice });

async function started() {
  const fight = await duel();
  await beginGurpsTurn(fight.combat as never);
  return fight;
}

describe("the order (G8, G9)", () => {
  it("Basic Speed, then DX, then the kept draw; a reeling fighter keeps his place; combatant.initiative shows the kept Basic Speed", async () => {
    const { combat, c, actors } = await duel();
    expect(ids(combat)).toEqual(["louis", "pierre", "guard"]);
    expect(readGurpsOrder(combat.flags).keys.louis).toEqual({ basicSpeed: 6, dx: 12, draw: 0.3 });
    expect(c.louis.initiative).toBe(6);
    actors.louis.setFigures({ basicSpeed: 6, dx: 12, hp: { value: 2, max: 12 } });
    expect(actors.louis.system.derived.reeling).toBe(true);
    actors.pierre.setFigures({ basicSpeed: 7, dx: 14, hp: { value: 12, max: 12 } });
    expect(ids(combat)).toEqual(["louis", "pierre", "guard"]);
  });

  it("equal Basic Speed and DX: the draw kept at the start decides, every time", async () => {
    const { combat, actors } = await duel();
    actors.pierre.setFigures({ basicSpeed: 6, dx: 12, hp: { value: 12, max: 12 } });
    const order = readGurpsOrder(combat.flags);
    await combat.update({ "flags.cychosys.gurpsOrder.keys.pierre": { ...order.keys.pierre, dx: 12 } });
    expect(ids(combat)).toEqual(["pierre", "louis", "guard"]);
  });

  it("G8: an unconscious fighter keeps his slot but is skipped; past the last, a new second begins", async () => {
    const { combat, c } = await started();
    await combat.update({ "flags.cychosys.rounds.pierre": { ...readGurpsRound(ref(combat, c.pierre)), unconscious: true } });
    expect(readGurpsRound(ref(combat, c.pierre)).unconscious).toBe(true);
    await combat.nextTurn();
    expect([combat.round, combat.turn]).toEqual([1, 2]);
    await combat.update({ "flags.cychosys.rounds.pierre": { ...readGurpsRound(ref(combat, c.pierre)), unconscious: false }, "flags.cychosys.rounds.guard": { ...readGurpsRound(ref(combat, c.guard)), dead: true }, turn: 1 });
    await combat.nextTurn();
    expect([combat.round, combat.turn]).toEqual([2, 0]);
    expect(ids(combat)).toEqual(["louis", "pierre", "guard"]);
  });

  it("a player cannot rewrite the kept order (only the GM writes the combat)", async () => {
    const { combat } = await duel();
    await asUser(player, async () => {
      await expect(combat.update({ "flags.cychosys.gurpsOrder.keys.louis.basicSpeed": 99 })).rejects.toThrow(PermissionError);
    });
    expect(readGurpsOrder(combat.flags).keys.louis!.basicSpeed).toBe(6);
  });
});

describe("turns in the round state (G10, G19, G25, G77)", () => {
  it("shock from injury since his last turn is in force on his turn and gone when it ends", async () => {
    const { combat, c } = await started();
    expect(readGurpsRound(ref(combat, c.louis)).turn).toBe(1);
    await combat.update({ "flags.cychosys.rounds.pierre": { ...readGurpsRound(ref(combat, c.pierre)), injurySinceLastTurn: 3 } });
    await combat.nextTurn();
    await beginGurpsTurn(combat as never);
    expect(readGurpsRound(ref(combat, c.pierre))).toMatchObject({ turn: 1, shock: 3, injurySinceLastTurn: 0 });
    await beginGurpsTurn(combat as never); // the same turn seen again changes nothing
    expect(readGurpsRound(ref(combat, c.pierre))).toMatchObject({ turn: 1, shock: 3 });
    await combat.nextTurn();
    await beginGurpsTurn(combat as never);
    expect(readGurpsRound(ref(combat, c.pierre)).shock).toBe(0);
  });

  it("a stunned fighter's turn is Do Nothing; his recovery roll (3d6 faces) is read against HT and ends his turn once", async () => {
    const { combat, c } = await duel();
    await combat.update({ "flags.cychosys.rounds.louis": { ...readGurpsRound(ref(combat, c.louis)), stun: "physical" } });
    await beginGurpsTurn(combat as never);
    expect(readGurpsRound(ref(combat, c.louis)).maneuver.id).toBe("doNothing");
    await send(player, maneuver("louis", 1, { id: "attack" }));
    expect(replies("alice").at(-1)).toContain("stunned");
    await send(player, { kind: "gurpsRecover", combatId: "combat1", combatantId: "louis", turn: 1, faces: [7, 1, 1] });
    await send(player, { kind: "gurpsRecover", combatId: "combat1", combatantId: "louis", turn: 1, faces: [3, 3, 4] });
    expect(readGurpsRound(ref(combat, c.louis)).stun).toBe(null);
    expect(readGurpsOrder(combat.flags).ended).toBe(true);
    await send(player, { kind: "gurpsRecover", combatId: "combat1", combatantId: "louis", turn: 1, faces: [1, 1, 1] });
    expect(replies("alice")).toHaveLength(3);
  });
});

describe("choosing a maneuver (G10, G26, G28, G31) against a hostile table", () => {
  it("the owner chooses All-Out Attack (Determined) on his turn; a Wait keeps its trigger", async () => {
    const { combat, c } = await started();
    await send(player, maneuver("louis", 1, { id: "allOutAttack", aoaOption: "determined", aodOption: "increasedDodge" }));
    expect(replies("alice")).toEqual([]);
    expect(readGurpsRound(ref(combat, c.louis)).maneuver).toEqual({ id: "allOutAttack", aoaOption: "determined" });
    await combat.nextTurn();
    await beginGurpsTurn(combat as never);
    await send(gm, maneuver("pierre", 1, { id: "wait", wait: { trigger: "  Louis steps in  ", response: "attack" } }));
    expect(readGurpsRound(ref(combat, c.pierre)).maneuver).toEqual({ id: "wait", wait: { trigger: "Louis steps in", response: "attack" } });
  });

  it("forged fields are refused by the schema and nothing is written: a result, an unknown maneuver or option, a long trigger, a foreign id", async () => {
    const { combat, c } = await started();
    const before = readGurpsRound(ref(combat, c.louis));
    await send(player, { ...maneuver("louis", 1, { id: "attack" }), total: 20 });
    await send(player, maneuver("louis", 1, { id: "teleport" }));
    await send(player, maneuver("louis", 1, { id: "allOutAttack", aoaOption: "triple" }));
    await send(player, maneuver("louis", 1, { id: "wait", wait: { trigger: "x".repeat(201), response: "attack" } }));
    await send(player, maneuver("louis", 1, { id: "attack", targetId: "../etc" }));
    await send(player, maneuver("louis", 1, { id: "attack", skill: 30 }));
    await send(player, { kind: "gurpsManeuver", combatId: "combat1", combatantId: "louis", turn: 1, choice: { id: "attack", __proto__: { admin: true } } });
    expect(replies("alice")).toHaveLength(7);
    expect(replies("alice")[0]).toContain("total");
    expect(replies("alice")[6]).toContain("choice.admin is not a field");
    expect(readGurpsRound(ref(combat, c.louis))).toEqual(before);
  });

  it("the core's refusals: All-Out Attack with no option, a Wait with no trigger, Aim with no ranged weapon ready, a target not in the fight", async () => {
    const { combat, c } = await started();
    await send(player, maneuver("louis", 1, { id: "allOutAttack" }));
    await send(player, maneuver("louis", 1, { id: "wait", wait: { trigger: "   ", response: "attack" } }));
    await send(player, maneuver("louis", 1, { id: "aim", targetId: "pierre" }));
    await send(player, maneuver("louis", 1, { id: "attack", targetId: "ghost" }));
    await send(player, maneuver("louis", 1, { id: "ready", itemId: "nosuch" }));
    expect(replies("alice").map((r) => r.match(/\(G\d+\)|not in this fight|no such item/)?.[0])).toEqual(["(G26)", "(G31)", "(G22)", "not in this fight", "no such item"]);
    expect(readGurpsRound(ref(combat, c.louis)).chosenTurn).toBeUndefined();
  });

  it("another's combatant, another's turn, or a choice for another of his turns is refused", async () => {
    const { combat, c } = await started();
    await send(mallory, maneuver("louis", 1, { id: "attack" }));
    await send(player, maneuver("pierre", 1, { id: "attack" }));
    await send(player, maneuver("louis", 2, { id: "attack" }));
    expect(replies("mallory")[0]).toContain("may not act");
    expect(replies("alice")).toHaveLength(2);
    await combat.nextTurn();
    await beginGurpsTurn(combat as never);
    await send(player, maneuver("louis", 1, { id: "attack" }));
    expect(replies("alice").at(-1)).toContain("not Louis&#39;s turn");
    expect(readGurpsRound(ref(combat, c.louis)).chosenTurn).toBeUndefined();
  });

  it("a replay: the same message twice is carried out once; the same choice sent again is one maneuver too many (G10)", async () => {
    const { combat, c } = await started();
    const message = requestFrom(player, maneuver("louis", 1, { id: "evaluate", targetId: "pierre" }));
    await deliver(message);
    await deliver(message);
    expect(replies("alice")).toEqual([]);
    await send(player, maneuver("louis", 1, { id: "evaluate", targetId: "pierre" }));
    expect(replies("alice")[0]).toContain("one maneuver a turn");
    expect(readGurpsRound(ref(combat, c.louis)).evaluate).toMatchObject({ targetId: "pierre", bonus: 1 });
  });

  it("two requests at once: one is carried out, the other refused; the round holds one choice", async () => {
    const { combat, c } = await started();
    await Promise.all([send(player, maneuver("louis", 1, { id: "allOutDefense", aodOption: "increasedParry" })), send(gm, maneuver("louis", 1, { id: "move" }))]);
    const all = [...replies("alice"), ...replies("gm")];
    expect(all).toHaveLength(1);
    expect(readGurpsRound(ref(combat, c.louis)).maneuver).toEqual({ id: "allOutDefense", aodOption: "increasedParry" });
  });

  it("a failure halfway: the combat refuses the write; nothing is recorded and the choice may be made again", async () => {
    const { combat, c } = await started();
    combat.failNext = 1;
    const logged = await capturingErrors(() => send(player, maneuver("louis", 1, { id: "attack" })));
    expect(logged).toEqual([expect.stringMatching(/^Cychosys \| the gurpsManeuver request of Alice failed Error: .*refused the update/)]);
    expect(replies("alice")[0]).toContain("refused the update");
    expect(readGurpsRound(ref(combat, c.louis)).chosenTurn).toBeUndefined();
    await send(player, maneuver("louis", 1, { id: "attack" }));
    expect(readGurpsRound(ref(combat, c.louis)).maneuver).toEqual({ id: "attack" });
  });

  it("a player writing his own actor does not change what the GM reads of the round", async () => {
    const { combat, c, actors } = await started();
    await asUser(player, () => actors.louis.update({ "flags.cychosys.rounds.louis.chosenTurn": 1 }));
    await send(player, maneuver("louis", 1, { id: "attack" }));
    expect(readGurpsRound(ref(combat, c.louis)).maneuver).toEqual({ id: "attack" });
  });
});

describe("posture (G15, G16)", () => {
  it("Change Posture goes to the posture named, from lying not straight to standing; without one it is refused", async () => {
    const { combat, c } = await started();
    await combat.update({ "flags.cychosys.rounds.louis": { ...readGurpsRound(ref(combat, c.louis)), posture: "prone" } });
    await send(player, maneuver("louis", 1, { id: "changePosture" }));
    await send(player, maneuver("louis", 1, { id: "changePosture", posture: "standing" }));
    expect(replies("alice")).toHaveLength(2);
    expect(replies("alice")[0]).toContain("(G15)");
    await send(player, maneuver("louis", 1, { id: "changePosture", posture: "kneeling" }));
    expect(readGurpsRound(ref(combat, c.louis))).toMatchObject({ posture: "kneeling", maneuver: { id: "changePosture", posture: "kneeling" } });
  });

  it("a crouch at the start of his turn, not after his maneuver moved him more than a step, not on another's turn; rising is free at any time", async () => {
    const { combat, c } = await started();
    const crouch = (combatantId: string, crouching: boolean, turn = 1) => ({ kind: "gurpsCrouch", combatId: "combat1", combatantId, turn, crouching });
    await send(player, crouch("louis", true));
    expect(readGurpsRound(ref(combat, c.louis)).crouching).toBe(true);
    await send(player, crouch("louis", false));
    expect(readGurpsRound(ref(combat, c.louis)).crouching).toBe(false);
    await send(player, maneuver("louis", 1, { id: "move" }));
    await combat.update({ "flags.cychosys.rounds.louis.yardsMoved": 5 });
    await send(player, crouch("louis", true));
    expect(replies("alice").at(-1)).toContain("(G16)");
    await send(gm, crouch("pierre", true));
    expect(replies("gm").at(-1)).toContain("not Pierre&#39;s turn");
    expect(readGurpsRound(ref(combat, c.louis)).crouching).toBe(false);
  });
});

describe("readying (G30, G39)", () => {
  it("a Ready on his unready bow readies it in the round (what the defenses and attacks read); an item he lacks is refused", async () => {
    const { combat, c } = await started();
    await combat.nextTurn();
    await beginGurpsTurn(combat as never);
    await combat.nextTurn();
    await beginGurpsTurn(combat as never);
    await combat.update({ "flags.cychosys.rounds.guard.items.bow": { ready: false, reach: null, shotsLeft: null, reloadDone: 0, attackedThisTurn: false, parriedSinceLastTurn: false, parries: 0, readyDone: 0 } });
    await send(gm, maneuver("guard", 1, { id: "ready", itemId: "bow" }));
    expect(replies("gm")).toEqual([]);
    expect(readGurpsRound(ref(combat, c.guard)).items.bow!.ready).toBe(true);
  });
});

describe("movement (G12, G13, G34)", () => {
  it("after choosing: a Move's full Move in parts, never past it; an Attack's step; nothing before choosing or on another's turn", async () => {
    const { combat, c, actors } = await started();
    const move = (combatantId: string, yards: number, turn = 1) => ({ kind: "gurpsMove", combatId: "combat1", combatantId, turn, yards });
    const moveNow = actors.louis.system.derived.moveNow as number;
    await send(player, move("louis", 1));
    expect(replies("alice").at(-1)).toContain("before moving");
    await send(player, maneuver("louis", 1, { id: "move" }));
    await send(player, move("louis", moveNow - 1));
    await send(player, move("louis", 2));
    expect(replies("alice").at(-1)).toContain(`may move 1 more yards this turn, not 2`);
    await send(player, move("louis", 1));
    expect(readGurpsRound(ref(combat, c.louis)).yardsMoved).toBe(moveNow);
    await send(player, { ...move("louis", 1), yards: 5000 });
    expect(replies("alice").at(-1)).toContain("yards");
    await combat.nextTurn();
    await beginGurpsTurn(combat as never);
    await send(gm, maneuver("pierre", 1, { id: "attack" }));
    await send(gm, move("pierre", 2));
    expect(replies("gm").at(-1)).toContain("may move 1 more yards");
    await send(player, move("louis", 1));
    expect(replies("alice").at(-1)).toContain("not Louis&#39;s turn");
  });
});

describe("the request schema (fast-check)", () => {
  it("never throws; passes only known kinds with exactly their fields; a pass is a fresh copy", () => {
    fc.assert(fc.property(fc.anything({ withObjectString: true, withNullPrototype: true }), (value) => {
      const check = parseGurpsCombatRequest(value);
      if (check.ok) expect(["gurpsManeuver", "gurpsRecover", "gurpsConsciousness"]).toContain(check.request.kind);
    }), { numRuns: 500 });
    fc.assert(fc.property(fc.record({ kind: fc.constantFrom("gurpsManeuver", "gurpsRecover", "gurpsConsciousness", "x"), combatId: fc.string(), combatantId: fc.string(), turn: fc.integer(), faces: fc.array(fc.integer()), choice: fc.object() }, { requiredKeys: [] }), (value) => {
      const check = parseGurpsCombatRequest(value);
      if (check.ok) {
        expect(check.request).not.toBe(value);
        expect(check.request.combatantId).toMatch(/^[A-Za-z0-9]{1,64}$/);
      }
    }), { numRuns: 500 });
  });
});
