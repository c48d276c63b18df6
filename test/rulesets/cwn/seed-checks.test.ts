/**
 * The 15 seed checks of the CWN rules reference (§6), one named
 * test each, through the public API of the CWN rules core.
 */
import { describe, expect, it } from "vitest";
import {
  act, actionsLeft, applyHarm, beginTurn, CWN_STANDARD_RULES, endSideTurn, moveAllowance, newFighterRound, parseDice, reloadCost, requireSideOrder,
  resolveCwnAttack, rollSideInitiative, screenUses, startCwnCombat, stateFigures, swarmBonus, takeAction, whyNot,
} from "../../../src/rulesets/cwn/rules/index.js";
import { attack, cwnError, pistol, weapon } from "./helpers.js";

const acting = (round = 1) => ({ ...newFighterRound(round, { canSnap: true }), turn: "acting" as const });

describe("§6 seed checks", () => {
  it("seed check 1: 1d8 + best Dex; a PC side and an NPC side both at 7 → the PC side goes first (W3)", () => {
    const pcs = rollSideInitiative([{ dex: 1, able: true }, { dex: 2, able: true }, { dex: 3, able: false }], 5);
    const npcs = rollSideInitiative([{ dex: null, able: true }, { dex: 1, able: true }], 6);
    expect([pcs.total, npcs.total]).toEqual([7, 7]);
    expect(pcs.dex).toBe(2); // the downed member's +3 does not count
    const entries = [
      { id: "gangers", playerCharacters: false, total: npcs.total, dex: npcs.dex },
      { id: "crew", playerCharacters: true, total: pcs.total, dex: pcs.dex },
    ];
    expect(requireSideOrder(entries)).toEqual(["crew", "gangers"]);
  });

  it("seed check 2: d20 14 + base hit 1 + Dex 1 + Shoot 1 = 17 vs ranged AC 15 → hit; natural 1 → miss whatever the total; natural 20 → hit (W13, W14)", () => {
    const shot = (roll: number, baseHitBonus = 1, ranged = 15) =>
      resolveCwnAttack(attack({ roll }, { baseHitBonus, attributes: { dex: 1 }, weapon: pistol() }, { ac: { melee: 13, ranged } }));
    const hit = shot(14);
    expect(hit.hitRoll!.total).toBe(17);
    expect(hit.ac!.kind).toBe("ranged");
    expect(hit.ac!.total).toBe(15);
    expect([hit.hit, hit.hitBy]).toEqual([true, "total"]);
    const one = shot(1, 30);
    expect(one.hitRoll!.total).toBe(33);
    expect([one.hit, one.hitBy]).toEqual([false, "natural1"]);
    const twenty = shot(20, 1, 40);
    expect(twenty.hitRoll!.total).toBeLessThan(40);
    expect([twenty.hit, twenty.hitBy]).toEqual([true, "natural20"]);
  });

  it("seed check 3: damage 1d8+1 rolls 6 + 1 = 7, the Trauma Die meets the Trauma Target, Trauma Rating ×3 → 21 (W15, W16)", () => {
    const res = resolveCwnAttack(attack({ traumaDice: [6], damageDice: [6] }, { attributes: { dex: 1 }, weapon: pistol() }, { hp: 30, traumaTarget: 6 }));
    expect(res.trauma).toMatchObject({ roll: 6, target: 6, traumatic: true, rating: 3 });
    expect(res.damage).toMatchObject({ rolled: 6, attribute: 1, beforeTrauma: 7, multiplier: 3, afterTrauma: 21, total: 21 });
    // One below the Trauma Target: no multiplier.
    const plain = resolveCwnAttack(attack({ traumaDice: [5], damageDice: [6] }, { attributes: { dex: 1 }, weapon: pistol() }, { hp: 30 }));
    expect(plain.damage!.total).toBe(7);
  });

  it("seed check 4: Shock 2 / AC 13, Str +1: a miss against AC 13 → 3; against AC 14 → 0; a hit whose damage total is 2 against AC 13 → raised to 3 (W17, W18)", () => {
    const baton = weapon({ damage: parseDice("1d6"), shock: { damage: 2, ac: 13 } });
    const swing = (roll: number, melee: number, damage = [1]) => resolveCwnAttack(attack({ roll, damageDice: damage }, { weapon: baton, attributes: { str: 1 } }, { ac: { melee, ranged: melee } }));
    const miss13 = swing(8, 13);
    expect(miss13.hit).toBe(false);
    expect(miss13.shock!.amount).toBe(3);
    expect(miss13.dealt).toBe(3);
    const miss14 = swing(8, 14);
    expect(miss14.shock!.blockedBy).toBe("acTooHigh");
    expect(miss14.dealt).toBe(0);
    const hit = swing(15, 13, [1]);
    expect(hit.hit).toBe(true);
    expect(hit.damage).toMatchObject({ beforeTrauma: 2, afterTrauma: 2, floor: 3, floorApplied: true, total: 3 });
  });

  it("seed check 5: 8 damage against soak 5 and 10 HP → soak 0, HP 7 (W19)", () => {
    expect(applyHarm({ hp: 10, soak: 5, playerCharacter: false }, 8, true)).toMatchObject({ soaked: 5, soakAfter: 0, hpLost: 3, hpAfter: 7, downed: null });
    const maul = weapon({ damage: parseDice("2d6") });
    const res = resolveCwnAttack(attack({ damageDice: [4, 3] }, { weapon: maul }, { soak: 5, hp: 10 }));
    expect(res.dealt).toBe(8);
    expect(res.harm).toMatchObject({ soakBefore: 5, soakAfter: 0, hpBefore: 10, hpAfter: 7 });
  });

  it("seed check 6: a Snap Attack is −4 to hit and spends the Main (W23)", () => {
    const plain = resolveCwnAttack(attack({}, { playerCharacter: true }));
    const snap = resolveCwnAttack(attack({ action: "snap" }, { playerCharacter: true }));
    expect(snap.hitRoll!.total).toBe(plain.hitRoll!.total - 4);
    expect(snap.hitRoll!.parts.find((p) => p.source === "snap")).toMatchObject({ value: -4, rule: "W23" });
    // Before its turn: the Main goes; the turn then has Move and On Turn only.
    const before = takeAction(newFighterRound(1, { canSnap: true }), "snapAttack", { readiedWeapon: true });
    expect(before.main).toBe("spent");
    expect(before.mainBeforeTurn).toBe(true);
    const turn = { ...before, turn: "acting" as const };
    expect(actionsLeft(turn)).toEqual({ main: false, move: true, instantMain: false, onTurn: true });
    cwnError(() => takeAction(turn, "meleeAttack"), "mainSpent");
    expect(takeAction(turn, "run", { metres: 10 }).move).toBe("spent");
    // A nameless foe may not.
    cwnError(() => takeAction(newFighterRound(1), "snapAttack"), "cannotSnap");
    expect(resolveCwnAttack(attack({ action: "snap" })).refused).toBe("cannotSnap");
  });

  it("seed check 7: a two-handed gun with a melee-armed foe adjacent → not allowed; one-handed or thrown → −4 (W22)", () => {
    const rifle = pistol({ twoHanded: true });
    expect(resolveCwnAttack(attack({ adjacentFoe: "armed" }, { weapon: rifle })).refused).toBe("twoHandedMeleeFoe");
    const oneHanded = resolveCwnAttack(attack({ adjacentFoe: "armed" }, { weapon: pistol() }));
    expect(oneHanded.refused).toBeNull();
    expect(oneHanded.hitRoll!.parts.find((p) => p.source === "meleeFoeAdjacent")!.value).toBe(-4);
    const thrown = resolveCwnAttack(attack({ adjacentFoe: "armed" }, { weapon: pistol({ kind: "thrown", twoHanded: true }) }));
    expect(thrown.refused).toBeNull();
    expect(thrown.hitRoll!.parts.find((p) => p.source === "meleeFoeAdjacent")!.value).toBe(-4);
    // Bare fists next to it do not count (world setting).
    expect(resolveCwnAttack(attack({ adjacentFoe: "fists" }, { weapon: rifle })).refused).toBeNull();
  });

  it("seed check 8: swarm of 2 → +2 / +1; 3 → +4 / +2; 4 → +6 / +3; a fifth cannot join (W24)", () => {
    expect([1, 2, 3].map((others) => swarmBonus(others))).toEqual([{ hit: 2, damage: 1 }, { hit: 4, damage: 2 }, { hit: 6, damage: 3 }]);
    const blow = (participants: number) => resolveCwnAttack(attack({ action: "swarm", swarm: { participants, standing: participants }, damageDice: [1] }));
    expect([2, 3, 4].map((n) => blow(n).hitRoll!.parts.find((p) => p.source === "swarm")!.value)).toEqual([2, 4, 6]);
    expect([2, 3, 4].map((n) => blow(n).damage!.swarm)).toEqual([1, 2, 3]);
    expect(blow(5).refused).toBe("swarmFull");
    let step = startCwnCombat([
      { id: "pack", playerCharacters: false, roll: 8, members: [1, 2, 3, 4, 5].map((n) => ({ id: `g${n}`, dex: null })) },
      { id: "crew", playerCharacters: true, roll: 1, members: [{ id: "mack", dex: 0 }] },
    ]);
    for (const n of [1, 2, 3, 4]) {
      step = beginTurn(step.state, `g${n}`);
      step = act(step.state, `g${n}`, "swarmAttack", { targetId: "mack" });
    }
    expect(step.events).toContainEqual({ kind: "swarmReady", swarmId: 1 });
    step = beginTurn(step.state, "g5");
    cwnError(() => act(step.state, "g5", "swarmAttack", { targetId: "mack" }), "swarmFull", 4);
  });

  it("seed check 9: Charge: up to 2 × 10 m = 20 m straight, at least 10 ft, +2 to hit, −2 AC, uses Move and Main (W25)", () => {
    const f = acting();
    cwnError(() => takeAction(f, "charge", { metres: 21 }), "chargeTooFar", 20);
    cwnError(() => takeAction(f, "charge", { metres: 2.9 }), "chargeTooShort", 3);
    const charged = takeAction(f, "charge", { metres: 20 });
    expect([charged.main, charged.move]).toEqual(["spent", "spent"]);
    expect(stateFigures(charged.effects)).toMatchObject({ charging: true, acModifier: -2 });
    const res = resolveCwnAttack(attack({ action: "charge", charge: { metres: 12 } }));
    expect(res.hitRoll!.parts.find((p) => p.source === "charge")!.value).toBe(2);
    expect(resolveCwnAttack(attack({}, {}, { charging: true })).ac!.total).toBe(11);
    // A charge after a Move is refused: it takes both.
    cwnError(() => takeAction(takeAction(f, "run", { metres: 5 }), "charge", { metres: 10 }), "moveSpent");
  });

  it("seed check 10: Stab-2 → two attackers a round; skill 0 → cannot screen (W26)", () => {
    expect(screenUses(2)).toBe(2);
    expect(screenUses(0)).toBe(0);
    const screener = takeAction(acting(), "screenAlly", { highestSkill: 2, allyId: "vee", metres: 5, allyMetres: 1 });
    expect(stateFigures(screener.effects).screening).toEqual({ allyId: "vee", usesLeft: 2 });
    cwnError(() => takeAction(acting(), "screenAlly", { highestSkill: 0, allyId: "vee" }), "screenSkill");
    const screened = (usesLeft: number, highestSkill = 2) =>
      resolveCwnAttack(attack({ screen: { attackerDice: [3, 3], screeners: [{ highestSkill, strDex: 1, usesLeft, integralCyberArmor: false, dice: [6, 6], defender: { ac: { melee: 15, ranged: 15 }, hp: 12 } }] } }));
    expect(screened(2).target).toBe("screener");
    expect(screened(1).screen!.screeners[0]!.usesAfter).toBe(0);
    expect(screened(0).screen!.screeners[0]!.barred).toBe("noUses");
    expect(screened(2, 0).screen!.screeners[0]!.barred).toBe("skill");
  });

  it("seed check 11: Total Defense: +2 AC and no Shock, Swarm Shock included (W27)", () => {
    const machete = weapon({ shock: { damage: 2, ac: 15 } });
    const swarmMiss = (totalDefense: boolean) =>
      resolveCwnAttack(attack({ action: "swarm", swarm: { participants: 3, standing: 3 }, roll: 2 }, { weapon: machete }, { totalDefense }));
    const td = swarmMiss(true);
    expect(td.ac!.total).toBe(15);
    expect(td.ac!.parts).toEqual([{ source: "totalDefense", value: 2, rule: "W27" }]);
    expect(td.shock!.blockedBy).toBe("totalDefense");
    expect(td.dealt).toBe(0);
    expect(swarmMiss(false).dealt).toBe(3);
    const defended = takeAction(acting(), "totalDefense");
    expect(stateFigures(defended.effects)).toMatchObject({ totalDefense: true, shockImmune: true, acModifier: 2 });
    cwnError(() => takeAction(takeAction(acting(), "meleeAttack"), "totalDefense"), "mainSpent");
  });

  it("seed check 12: Move 10 m; prone → 5 m; a prone target: −2 to distant ranged, +2 to adjacent attackers (W9, W36)", () => {
    expect(moveAllowance({ prone: false })).toBe(10);
    expect(moveAllowance({ prone: true })).toBe(5);
    const prone = takeAction(acting(), "goProne");
    cwnError(() => takeAction(prone, "run", { metres: 6 }), "moveTooFar", 5);
    expect(takeAction(prone, "run", { metres: 5 }).moves).toBe(1);
    const far = resolveCwnAttack(attack({}, { weapon: pistol() }, { prone: true }));
    expect(far.hitRoll!.parts.find((p) => p.source === "proneDistant")!.value).toBe(-2);
    const near = resolveCwnAttack(attack({}, {}, { prone: true }));
    expect(near.hitRoll!.parts.find((p) => p.source === "proneAdjacent")!.value).toBe(2);
    const pointBlank = resolveCwnAttack(attack({ distance: "adjacent" }, { weapon: pistol() }, { prone: true }));
    expect(pointBlank.hitRoll!.parts.find((p) => p.source === "proneAdjacent")!.value).toBe(2);
  });

  it("seed check 13: bow reload: On Turn with a Readied quiver and Shoot-1; otherwise Move (W32)", () => {
    expect(reloadCost("bow", { quiverReadied: true, shootLevel: 1 })).toBe("onTurn");
    expect(reloadCost("bow", { quiverReadied: true, shootLevel: 0 })).toBe("move");
    expect(reloadCost("bow", { quiverReadied: false, shootLevel: 3 })).toBe("move");
    expect(reloadCost("main", { quiverReadied: true, shootLevel: 3 })).toBe("main");
    const shot = takeAction(acting(), "rangedAttack");
    const onTurn = takeAction(shot, "reload", { reload: "bow", quiverReadied: true, shootLevel: 1 });
    expect([onTurn.main, onTurn.move]).toEqual(["spent", "unspent"]);
    expect(onTurn.log.at(-1)!.paid).toEqual(["onTurn"]);
    const asMove = takeAction(shot, "reload", { reload: "bow", quiverReadied: false, shootLevel: 1 });
    expect(asMove.move).toBe("spent");
  });

  it("seed check 14: a side wins initiative; a member spends the Move to hold; as a foe comes round a corner the held Main becomes an Instant ranged attack that resolves before the foe's action (W37)", () => {
    let step = startCwnCombat([
      { id: "crew", playerCharacters: true, roll: 7, members: [{ id: "mack", dex: 1 }] },
      { id: "gangers", playerCharacters: false, roll: 3, members: [{ id: "g1", dex: null }] },
    ]);
    expect(step.state.order).toEqual(["crew", "gangers"]);
    step = beginTurn(step.state, "mack");
    step = act(step.state, "mack", "holdAction");
    expect(step.state.fighters.mack).toMatchObject({ move: "held", main: "held", holding: true, turn: "done" });
    step = endSideTurn(step.state);
    step = beginTurn(step.state, "g1");
    // The run is answered: the held attack goes first, out of Mack's turn (W11, W37; see orderAnswers).
    const shot = act(step.state, "mack", "rangedAttack", { readiedWeapon: true });
    expect(shot.events[0]).toMatchObject({ kind: "acted", fighterId: "mack", paid: ["main"], outOfTurn: true });
    expect(shot.state.fighters.mack!.main).toBe("spent");
    // Unused, a held action lapses at the round's end.
    let other = beginTurn(startCwnCombat([
      { id: "crew", playerCharacters: true, roll: 7, members: [{ id: "mack", dex: 1 }] },
      { id: "gangers", playerCharacters: false, roll: 3, members: [{ id: "g1", dex: null }] },
    ]).state, "mack");
    other = act(other.state, "mack", "holdAction");
    other = endSideTurn(endSideTurn(other.state).state);
    expect(other.events).toContainEqual({ kind: "roundEnded", round: 1, heldLapsed: ["mack"] });
    expect(other.state.fighters.mack).toMatchObject({ holding: false, main: "unspent" });
  });

  it("seed check 15: the Main spent as a Move → two Moves (20 m) in one turn (W7)", () => {
    let f = takeAction(acting(), "run", { metres: 10 });
    f = takeAction(f, "run", { metres: 10 });
    expect(f.moves).toBe(2);
    expect(f.log.map((l) => l.paid[0])).toEqual(["move", "main"]);
    expect(f.moves * CWN_STANDARD_RULES.moveMetres).toBe(20);
    expect(whyNot(f, "run", { metres: 1 })!.code).toBe("noMoveLeft");
    expect(whyNot(f, "meleeAttack")!.code).toBe("mainSpent");
  });
});
