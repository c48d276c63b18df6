/**
 * The turn sequence and a fighter's round as pure transitions (G8–G10,
 * G19–G34, §15 "What a VTT must track"): order, maneuver choice and what it
 * permits, aim and evaluate building, feints owed and lapsing, shock in force
 * for one turn, stun recovery, defenses counted afresh, grapples.
 */
import { describe, expect, it } from "vitest";
import {
  canAct, chooseManeuver, convertWait, endTurn, evaluateBonusOn, feintPenaltyOn, freedFrom, freshItem, heldBy, holdFoe, insertLateJoiner, maneuverFacts,
  maneuverPermits, maneuverRefusal, movementAllowance, newFighterRound, nextTurn, NO_DEFENSE_USE, postureChange, recordAttack, recordDefense, recordFeint,
  recordInjury, recordMove, startSuffocating, startTask, startTurn, successRoll, taskDone, turnOrder, type GurpsFighterRound,
} from "../../../src/rulesets/gurps/rules/index.js";
import { gurpsError } from "./helpers.js";

const figures = { hp: 12, currentHp: 12, ht: 11 };
const after = (s: GurpsFighterRound, more: object = {}) => ({
  hp: 6, fp: 10, injurySinceLastTurn: 6, shock: 4, reeling: false, stunned: null, posture: s.posture, unconscious: false, mortallyWounded: false, dead: false,
  deathChecksRolled: 0, drLost: 0, aimLost: null, taskBroken: null, ...more,
});

describe("turn order (G8, G9)", () => {
  it("G9: Basic Speed, then DX, then the kept draw; never re-sorted; a late joiner slots in by the same key", () => {
    const order = turnOrder([
      { id: "pierre", basicSpeed: 5, dx: 10, draw: 0.2 },
      { id: "louis", basicSpeed: 6, dx: 12, draw: 0.1 },
      { id: "thug", basicSpeed: 5, dx: 10, draw: 0.9 },
      { id: "archer", basicSpeed: 5, dx: 12, draw: 0.5 },
    ]);
    expect(order.map((o) => o.id)).toEqual(["louis", "archer", "thug", "pierre"]);
    expect(insertLateJoiner(order, { id: "guard", basicSpeed: 5.5, dx: 9, draw: 0 }).map((o) => o.id)).toEqual(["louis", "guard", "archer", "thug", "pierre"]);
    gurpsError(() => turnOrder([{ id: "a", basicSpeed: 5, dx: 10, draw: 0 }, { id: "a", basicSpeed: 5, dx: 10, draw: 0 }]), "duplicateCombatant");
  });
  it("G8: the knocked out keep their slot but are skipped; a wrap is one second", () => {
    const order = turnOrder([{ id: "a", basicSpeed: 6, dx: 10, draw: 0 }, { id: "b", basicSpeed: 5, dx: 10, draw: 0 }, { id: "c", basicSpeed: 4, dx: 10, draw: 0 }]);
    const out = new Set(["b"]);
    expect(nextTurn(order, 0, (id) => !out.has(id))).toEqual({ index: 2, newSecond: false });
    expect(nextTurn(order, 2, (id) => !out.has(id))).toEqual({ index: 0, newSecond: true });
    expect(nextTurn(order, 0, () => false)).toBe(null);
  });
});

describe("maneuvers (G10, G19–G34, G44, G50)", () => {
  it("G10: before his first turn a fighter counts as doing nothing; G8: the knocked out do not act", () => {
    const s = newFighterRound();
    expect(s.maneuver.id).toBe("doNothing");
    expect(canAct({ ...s, unconscious: true })).toBe(false);
  });
  it("G19: stunned or surprised → Do Nothing only", () => {
    expect(maneuverRefusal({ id: "attack" }, { stunned: "physical" })).toEqual({ reason: "stunned", rule: "G19" });
    expect(maneuverRefusal({ id: "doNothing" }, { surprised: true })).toBe(null);
  });
  it("G26, G28, G31: All-Out Attack and All-Out Defense need their option; a Wait its trigger", () => {
    expect(maneuverRefusal({ id: "allOutAttack" }, {})!.reason).toBe("aoaOption");
    expect(maneuverRefusal({ id: "allOutAttack", aoaOption: "strong" }, {})).toBe(null);
    expect(maneuverRefusal({ id: "allOutDefense", aodOption: "doubleDefense" }, {})).toBe(null);
    expect(maneuverRefusal({ id: "wait", wait: { trigger: " ", response: "attack" } }, {})!.reason).toBe("waitTrigger");
  });
  it("G44, G50: grappled — no Move without 2× ST, no Aim, Feint, Concentrate, Wait or ranged attack; pinned — nothing physical but an Attack to break free", () => {
    expect(maneuverRefusal({ id: "move" }, { grappled: true, st: 10, grapplerSt: 10 })!.reason).toBe("grappledMove");
    expect(maneuverRefusal({ id: "move" }, { grappled: true, st: 20, grapplerSt: 10 })).toBe(null);
    expect(maneuverRefusal({ id: "feint", targetId: "x" }, { grappled: true })!.reason).toBe("grappled");
    expect(maneuverRefusal({ id: "attack", ranged: true }, { grappled: true })!.reason).toBe("rangedWhileGrappled");
    expect(maneuverRefusal({ id: "aim", targetId: "x" }, { grapplingUnpinned: true })!.reason).toBe("grappling");
    expect(maneuverRefusal({ id: "move" }, { pinned: true })!.reason).toBe("pinned");
    expect(maneuverRefusal({ id: "attack" }, { pinned: true })).toBe(null);
  });
  it("G34: what a maneuver permits — All-Out Attack no defense, Move and Attack no retreat, Suppression Fire full-turn", () => {
    expect(maneuverPermits({ id: "allOutAttack", aoaOption: "determined" })).toMatchObject({ attacks: true, noDefense: true, fullTurn: false });
    expect(maneuverPermits({ id: "allOutAttack", aoaOption: "suppressionFire" }).fullTurn).toBe(true);
    expect(maneuverPermits({ id: "moveAndAttack" })).toMatchObject({ defenses: "dodgeOrBlock", retreat: false });
    expect(maneuverPermits({ id: "aim" }).fullTurn).toBe(true);
  });
  it("G12, G13, G26, G28, G32: movement by maneuver and posture", () => {
    expect(movementAllowance("allOutAttack", 5)).toMatchObject({ yards: 3, forwardOnly: true });
    expect(movementAllowance("allOutDefense", 5, { aodOption: "increasedDodge" }).yards).toBe(3);
    expect(movementAllowance("allOutDefense", 5, { aodOption: "increasedParry" }).yards).toBe(1);
    expect(movementAllowance("allOutReady", 3).yards).toBe(2);
    expect(movementAllowance("move", 6, { posture: "crawling" }).yards).toBe(2);
    expect(movementAllowance("move", 6, { posture: "prone" }).yards).toBe(1);
    expect(movementAllowance("move", 6, { posture: "sitting" }).yards).toBe(0);
    expect(movementAllowance("move", 6, { crouching: true }).yards).toBe(4);
    expect(movementAllowance("move", 10, { sprintStreak: 1 })).toMatchObject({ yards: 12, sprint: 2 });
    expect(movementAllowance("aim", 6, { bracedTwoHanded: true }).yards).toBe(0);
    expect(movementAllowance("attack", 0).yards).toBe(0);
  });
  it("G15: from lying one must first rise to crawling, kneeling or sitting; a step switches kneeling ↔ standing only", () => {
    expect(postureChange("prone", "standing", "maneuver").allowed).toBe(false);
    expect(postureChange("prone", "kneeling", "maneuver").allowed).toBe(true);
    expect(postureChange("prone", "faceUp", "maneuver").allowed).toBe(true);
    expect(postureChange("kneeling", "standing", "step").allowed).toBe(true);
    expect(postureChange("sitting", "standing", "step").allowed).toBe(false);
    expect(postureChange("standing", "kneeling", "fall").allowed).toBe(false);
  });
  it("G31: a triggered Wait becomes its response; after a defense while waiting, never an All-Out Attack", () => {
    const wait = { id: "wait" as const, wait: { trigger: "he steps in", response: "allOutAttack" as const, aoaOption: "determined" as const } };
    expect(convertWait(wait, false)).toEqual({ id: "allOutAttack", aoaOption: "determined" });
    expect(convertWait(wait, true)).toEqual({ id: "attack" });
  });
});

describe("a fighter's round (§15)", () => {
  it("G22: consecutive Aims on one weapon and target build seconds; another maneuver loses the aim; an attack spends it", () => {
    let s = startTurn(newFighterRound(), figures).state;
    s = chooseManeuver(s, { id: "aim", itemId: "rifle", targetId: "spy", braced: true }, {});
    s = chooseManeuver(startTurn(endTurn(s), figures).state, { id: "aim", itemId: "rifle", targetId: "spy", braced: true }, {});
    expect(s.aim).toMatchObject({ seconds: 2, braced: true });
    const attacking = chooseManeuver(startTurn(endTurn(s), figures).state, { id: "attack", ranged: true }, {});
    expect(attacking.aim!.seconds).toBe(2);
    expect(recordAttack(attacking, { targetId: "spy" }).aim).toBe(null);
    expect(chooseManeuver(startTurn(endTurn(s), figures).state, { id: "move" }, {}).aim).toBe(null);
  });
  it("G22: any active defense spoils the aim", () => {
    const s = chooseManeuver(startTurn(newFighterRound(), figures).state, { id: "aim", itemId: "rifle", targetId: "spy" }, {});
    expect(recordDefense(s, NO_DEFENSE_USE, []).aim).toBe(null);
  });
  it("G23: Evaluate builds +1 a turn on one foe (max +3) and is good on the next turn only", () => {
    let s = startTurn(newFighterRound(), figures).state;
    for (let i = 0; i < 4; i++) s = startTurn(endTurn(chooseManeuver(s, { id: "evaluate", targetId: "pierre" }, {})), figures).state;
    expect(evaluateBonusOn(s, "pierre")).toBe(3);
    expect(evaluateBonusOn(s, "thug")).toBe(0);
    const next = startTurn(endTurn(chooseManeuver(s, { id: "attack" }, {})), figures);
    expect(evaluateBonusOn(next.state, "pierre")).toBe(0);
  });
  it("G25: a feint's penalty is good on the feinter's next turn only (both attacks of a Double); it lapses unused", () => {
    let s = chooseManeuver(startTurn(newFighterRound(), figures).state, { id: "feint", targetId: "pierre" }, {});
    s = recordFeint(s, "pierre", 3);
    expect(feintPenaltyOn(s, "pierre")).toBe(0);
    s = startTurn(endTurn(s), figures).state;
    expect(feintPenaltyOn(s, "pierre")).toBe(3);
    expect(feintPenaltyOn(s, "thug")).toBe(0);
    const unused = startTurn(endTurn(chooseManeuver(s, { id: "move" }, {})), figures);
    expect(unused.state.feint).toBe(null);
    const double = recordFeint(chooseManeuver(startTurn(newFighterRound(), figures).state, { id: "allOutAttack", aoaOption: "feint" }, {}), "pierre", 2, { sameTurn: true, double: true });
    const once = recordAttack(double, { targetId: "pierre" });
    expect(feintPenaltyOn(once, "pierre")).toBe(2);
    expect(feintPenaltyOn(recordAttack(once, { targetId: "pierre" }), "pierre")).toBe(0);
  });
  it("G77: the injury since his last turn is shock on his next turn only, capped at 4", () => {
    let s = startTurn(newFighterRound(), figures).state;
    s = recordInjury(s, after(s, { injurySinceLastTurn: 6 }));
    const next = startTurn(endTurn(s), figures).state;
    expect(next.shock).toBe(4);
    expect(startTurn(endTurn(next), figures).state.shock).toBe(0);
  });
  it("G19, G79: stunned — Do Nothing forced; HT at the end of the turn ends it; −4 until his next turn begins", () => {
    let s = startTurn(newFighterRound(), figures).state;
    s = recordInjury(s, after(s, { stunned: "physical", posture: "prone" }));
    expect(s.stunDefense).toBe(true);
    const t = startTurn(endTurn(s), figures);
    expect(t.due.forcedDoNothing).toBe(true);
    gurpsError(() => chooseManeuver(t.state, { id: "attack" }, maneuverFacts(t.state)), "maneuverNotAllowed", "stunned");
    const recovered = endTurn(chooseManeuver(t.state, { id: "doNothing" }, maneuverFacts(t.state)), successRoll(11, 9, "other"));
    expect(recovered.stun).toBe(null);
    expect(recovered.stunDefense).toBe(true);
    expect(startTurn(recovered, figures).state.stunDefense).toBe(false);
    const failed = endTurn(chooseManeuver(t.state, { id: "doNothing" }, {}), successRoll(11, 13, "other"));
    expect(failed.stun).toBe("physical");
  });
  it("G40: a ‡ weapon goes unready when its wielder falls or is stunned", () => {
    let s = startTurn(newFighterRound({ maul: freshItem({ ready: true }) }), figures).state;
    s = recordInjury(s, after(s, { posture: "prone" }), ["maul"]);
    expect(s.items.maul!.ready).toBe(false);
  });
  it("G61–G67: defenses used since his last turn are counted afresh at its start; G41 a parry marks a U weapon", () => {
    let s = startTurn(newFighterRound({ axe: freshItem({ ready: true }) }), figures).state;
    s = recordDefense(s, { ...NO_DEFENSE_USE, blocked: true, retreatAgainst: "louis" }, ["axe"]);
    expect(s.items.axe).toMatchObject({ parries: 1, parriedSinceLastTurn: true });
    const next = startTurn(s, figures).state;
    expect(next.used).toEqual(NO_DEFENSE_USE);
    expect(next.items.axe!.parries).toBe(0);
  });
  it("G67: moving faster than Basic Move bars retreat until his next turn is over", () => {
    const s = recordMove(startTurn(newFighterRound(), figures).state, 7, 5);
    expect(s.movedFast).toBe(true);
    expect(startTurn(s, figures).state.movedFastLastTurn).toBe(true);
  });
  it("G81: at 0 HP or below, a HT roll at the start of each turn (−1 per full multiple below zero), skippable on a Do Nothing turn without defense", () => {
    const t = startTurn(newFighterRound(), { hp: 10, currentHp: -22, ht: 12 });
    expect(t.due.consciousness).toEqual({ effective: 10, skipIfDoNothing: true });
    expect(startTurn(newFighterRound(), figures).due.consciousness).toBe(null);
  });
  it("G43–G50: holds, pins and breaking free; G47 suffocation costs 1 FP a turn until free", () => {
    let s = holdFoe(newFighterRound(), { with: "pierre", location: "torso", hands: 2, pinned: false });
    expect(maneuverFacts(s).grapplingUnpinned).toBe(true);
    let v = heldBy(newFighterRound(), { with: "louis", location: "neck", hands: 2, pinned: false }, true);
    v = startSuffocating(v);
    expect(startTurn(v, figures).due.fpLoss).toBe(1);
    v = freedFrom(v, "louis");
    expect([v.pinnedBy, v.grappledBy.length, v.suffocating]).toEqual([null, 0, false]);
    s = holdFoe(s, { with: "pierre", location: "torso", hands: 2, pinned: true });
    expect(maneuverFacts(s).grapplingUnpinned).toBe(false);
  });
  it("G29, G89: Concentrate and Ready advance a task; another maneuver pauses an interruptible one and ends the rest", () => {
    let s = startTask(startTurn(newFighterRound(), figures).state, "reload", 2);
    s = chooseManeuver(s, { id: "ready" }, {});
    s = chooseManeuver(startTurn(endTurn(s), figures).state, { id: "ready" }, {});
    expect(taskDone(s)).toBe(true);
    const ritual = chooseManeuver(startTask(newFighterRound(), "ritual", 5, false), { id: "move" }, {});
    expect(ritual.task).toBe(null);
  });
});
