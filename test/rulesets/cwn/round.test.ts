/** One fighter's round (W2, W4, W7–W12, W21–W37) and the temporary states' expiry (W25–W27). */
import { describe, expect, it } from "vitest";
import {
  actionsLeft, beginFighterTurn, CWN_ACTION_IDS, CWN_ACTIONS, endFighterTurn, freeAttacksOnLeaving, lapseAtTurnStart, newFighterRound, nextFighterRound,
  orderAnswers, paidAs, passFighterTurn, stateFigures, takeAction, timedEffect, whyNot,
} from "../../../src/rulesets/cwn/rules/index.js";
import { cwnError } from "./helpers.js";

const fresh = (round = 1) => newFighterRound(round, { canSnap: true });
const acting = (round = 1) => beginFighterTurn(fresh(round));

describe("the action budget (W7–W11)", () => {
  it("W7: one Main and one Move a turn; On Turn actions are logged, not counted; Instants cost nothing", () => {
    let f = acting();
    expect(actionsLeft(f)).toEqual({ main: true, move: true, instantMain: true, onTurn: true });
    f = takeAction(f, "meleeAttack");
    f = takeAction(f, "run", { metres: 10 });
    for (let i = 0; i < 5; i++) f = takeAction(f, "otherOnTurn", { label: "a few words" });
    f = takeAction(f, "dropItem");
    expect(actionsLeft(f)).toEqual({ main: false, move: false, instantMain: false, onTurn: true });
    expect(f.log.map(paidAs)).toEqual(["main", "move", "onTurn", "onTurn", "onTurn", "onTurn", "onTurn", "instant"]);
    expect(f.log[2]).toEqual({ action: "otherOnTurn", paid: ["onTurn"], label: "a few words" });
    cwnError(() => takeAction(f, "useSkill"), "mainSpent");
    cwnError(() => takeAction(f, "pickUp"), "noMoveLeft");
  });

  it("W21–W37: every action of the chapter has its cost", () => {
    expect(Object.fromEntries(CWN_ACTION_IDS.map((id) => [id, CWN_ACTIONS[id].cost]))).toEqual({
      meleeAttack: "main", rangedAttack: "main", snapAttack: "instantMain", swarmAttack: "main", charge: "mainAndMove", screenAlly: "move",
      totalDefense: "instantMain", run: "move", fightingWithdrawal: "main", useSkill: "main", readyStow: "main", reload: "reload", dropItem: "instant",
      pickUp: "move", standUp: "move", goProne: "onTurn", holdAction: "hold", otherMain: "main", otherMove: "move", otherOnTurn: "onTurn", otherInstant: "instant",
    });
  });

  it("W11: outside its turn a fighter has only Instant actions", () => {
    const f = fresh();
    for (const action of ["meleeAttack", "run", "charge", "holdAction"] as const) expect(whyNot(f, action)!.code).toBe("notYourTurn");
    expect(whyNot(f, "goProne")!.code).toBe("onTurnOutsideTurn");
    expect(whyNot(f, "dropItem")).toBeNull();
    expect(whyNot(f, "otherInstant", { label: "Veteran's Luck" })).toBeNull();
    const done = endFighterTurn(acting());
    expect(whyNot(done, "dropItem")).toBeNull();
    expect(whyNot(done, "totalDefense")!.code).toBe("mainSpent");
  });

  it("W4/W7: the turn's end loses what was not used; passing is a turn taken", () => {
    const ended = endFighterTurn(takeAction(acting(), "run", { metres: 3 }));
    expect([ended.turn, ended.main, ended.move]).toEqual(["done", "forfeit", "spent"]);
    cwnError(() => endFighterTurn(fresh()), "turnNotStarted");
    cwnError(() => beginFighterTurn(ended), "turnAlreadyTaken");
    const passed = passFighterTurn(fresh());
    expect([passed.turn, passed.main, passed.move]).toEqual(["done", "forfeit", "forfeit"]);
    cwnError(() => passFighterTurn(passed), "turnAlreadyTaken");
  });

  it("W5/W37: a new round gives a fresh Main and Move and drops held actions; prone, downed and states carry on", () => {
    let f = takeAction(takeAction(acting(), "goProne"), "totalDefense");
    f = nextFighterRound(endFighterTurn(f), 2);
    expect(f).toMatchObject({ round: 2, turn: "pending", main: "unspent", move: "unspent", holding: false, prone: true, log: [] });
    expect(f.effects.map((e) => e.kind)).toEqual(["totalDefense"]);
  });

  it("W19: a downed fighter takes no action at all, not even an Instant", () => {
    const down = { ...acting(), downed: "unconscious" as const };
    cwnError(() => takeAction(down, "dropItem"), "downed", "unconscious");
    cwnError(() => beginFighterTurn({ ...fresh(), downed: "dead" }), "downed");
    expect(actionsLeft(down)).toEqual({ main: false, move: false, instantMain: false, onTurn: false });
  });
});

describe("surprise (W2)", () => {
  it("W2: a surprised fighter has no turn, no Main, Move or On Turn action, no Snap or Total Defense; Drop and Edges stay", () => {
    const f = newFighterRound(0, { canSnap: true, surprised: true });
    cwnError(() => beginFighterTurn(f), "surprised");
    for (const action of ["snapAttack", "totalDefense", "goProne", "run"] as const) expect(whyNot(f, action)!.code).toBe("surprised");
    expect(whyNot(f, "dropItem")).toBeNull();
    expect(whyNot(f, "otherInstant")).toBeNull();
    expect(actionsLeft(f).instantMain).toBe(false);
    expect(nextFighterRound(f, 1).surprised).toBe(false);
  });
});

describe("actions with conditions (W23–W36)", () => {
  it("W23: a Snap Attack needs a Readied weapon and the flag; it may come before the turn or in it, not after", () => {
    cwnError(() => takeAction(fresh(), "snapAttack", { readiedWeapon: false }), "noReadiedWeapon");
    const inTurn = takeAction(acting(), "snapAttack");
    expect([inTurn.main, inTurn.mainBeforeTurn]).toEqual(["spent", false]);
    cwnError(() => takeAction(endFighterTurn(acting()), "snapAttack"), "mainSpent");
  });

  it("W25: a charge needs its own turn with both actions; a thrown weapon may end it", () => {
    cwnError(() => takeAction(fresh(), "charge", { metres: 10 }), "notYourTurn");
    cwnError(() => takeAction(takeAction(acting(), "meleeAttack"), "charge", { metres: 10 }), "mainSpent");
    cwnError(() => takeAction(acting(), "charge", { metres: 10, weaponKind: "ranged" }), "chargeWeapon");
    expect(takeAction(acting(), "charge", { metres: 10, weaponKind: "thrown" }).main).toBe("spent");
    expect(takeAction(acting(), "charge", { metres: 24, moveMetres: 12 }).moves).toBe(1);
  });

  it("W26: the screener stays within 3 m of the ally and moves at most its Move; it needs an ally", () => {
    cwnError(() => takeAction(acting(), "screenAlly", { highestSkill: 1, allyId: "vee", allyMetres: 4 }), "screenTooFar", 3);
    cwnError(() => takeAction(acting(), "screenAlly", { highestSkill: 1 }), "screenNoAlly");
    cwnError(() => takeAction(acting(), "screenAlly", { highestSkill: 1, allyId: "vee", metres: 11 }), "moveTooFar", 10);
    const s = takeAction(acting(), "screenAlly", { highestSkill: 3, allyId: "vee", allyMetres: 3 });
    expect(stateFigures(s.effects).screening).toEqual({ allyId: "vee", usesLeft: 3 });
    const again = takeAction(s, "screenAlly", { highestSkill: 3, allyId: "dodger" });
    expect(again.effects.filter((e) => e.kind === "screening")).toHaveLength(1);
  });

  it("W29/W12: a Fighting Withdrawal lets the Move away draw no free attacks, for the rest of the turn", () => {
    const foes = [{ id: "a", canAttack: true, armed: true }, { id: "b", canAttack: true, armed: false }, { id: "c", canAttack: false, armed: true }];
    expect(freeAttacksOnLeaving({ withdrawn: false }, foes, false)).toEqual(["a", "b"]);
    expect(freeAttacksOnLeaving({ withdrawn: false }, foes, true)).toEqual(["a"]);
    expect(freeAttacksOnLeaving({ withdrawn: false, hyperFast: true }, foes, false)).toEqual([]);
    const w = takeAction(acting(), "fightingWithdrawal");
    expect(w.withdrawn).toBe(true);
    expect(freeAttacksOnLeaving(w, foes, false)).toEqual([]);
    expect(endFighterTurn(w).withdrawn).toBe(false);
  });

  it("W31–W36: ready, drop, pick up with a free hand, stand up only when prone, go prone once", () => {
    expect(takeAction(acting(), "readyStow").main).toBe("spent");
    cwnError(() => takeAction(acting(), "pickUp", { freeHand: false }), "noFreeHand");
    expect(takeAction(acting(), "pickUp", { freeHand: true }).move).toBe("spent");
    cwnError(() => takeAction(acting(), "standUp"), "notProne");
    const prone = takeAction(acting(), "goProne");
    cwnError(() => takeAction(prone, "goProne"), "alreadyProne");
    const up = takeAction(prone, "standUp");
    expect([up.prone, up.move]).toEqual([false, "spent"]);
    expect(takeAction(acting(), "reload", { reload: "move" }).move).toBe("spent");
    expect(takeAction(acting(), "reload").main).toBe("spent");
  });
});

describe("holding (W37)", () => {
  it("W37: the Move is spent to hold; the turn is over; the held Main and On Turn actions come later as Instants, once", () => {
    const held = takeAction(acting(), "holdAction");
    expect(held).toMatchObject({ move: "held", main: "held", holding: true, turn: "done" });
    expect(actionsLeft(held)).toEqual({ main: true, move: true, instantMain: true, onTurn: true });
    expect(takeAction(held, "goProne").prone).toBe(true);
    const shot = takeAction(held, "rangedAttack");
    expect(shot.main).toBe("spent");
    cwnError(() => takeAction(shot, "meleeAttack"), "notYourTurn");
    expect(takeAction(held, "run", { metres: 10 }).log.at(-1)!.paid).toEqual(["main"]);
    expect(takeAction(held, "totalDefense").main).toBe("spent");
    cwnError(() => takeAction(takeAction(acting(), "run", { metres: 1 }), "holdAction"), "holdNeedsMove");
    cwnError(() => takeAction(fresh(), "holdAction"), "notYourTurn");
  });

  it("W11/W37: answers resolve held ones first, then the rest in declaration or the GM's order", () => {
    const answers = [{ fighterId: "a", held: false }, { fighterId: "b", held: true }, { fighterId: "c", held: false }, { fighterId: "d", held: true }];
    expect(orderAnswers(answers).map((a) => a.fighterId)).toEqual(["b", "d", "a", "c"]);
    expect(orderAnswers(answers, [2, 3, 0, 1]).map((a) => a.fighterId)).toEqual(["d", "b", "c", "a"]);
    expect(orderAnswers(answers, [0, 0, 1, 2]).map((a) => a.fighterId)).toEqual(["b", "d", "a", "c"]); // not a permutation: ignored
  });
});

describe("temporary states (W25–W27)", () => {
  it("W27: Total Defense before the turn lasts through it and until the turn of the next round starts", () => {
    let f = takeAction(fresh(3), "totalDefense");
    expect(f.effects).toEqual([{ kind: "totalDefense", since: 3, lapsesAtTurnIn: 4 }]);
    f = beginFighterTurn(f);
    expect(stateFigures(f.effects).totalDefense).toBe(true);
    f = beginFighterTurn(nextFighterRound(endFighterTurn(f), 4));
    expect(f.effects).toEqual([]);
  });

  it("W25/W26: a charge's −2 and a screen lapse at the owner's next turn, or its pass", () => {
    const screened = takeAction(takeAction(acting(2), "screenAlly", { highestSkill: 1, allyId: "x" }), "totalDefense");
    expect(screened.effects.map((e) => e.kind)).toEqual(["screening", "totalDefense"]);
    expect(takeAction(acting(2), "charge", { metres: 5 }).effects.map((e) => e.kind)).toEqual(["charging"]);
    expect(passFighterTurn(nextFighterRound(endFighterTurn(screened), 3)).effects).toEqual([]);
    expect(lapseAtTurnStart([timedEffect("charging", 5)], 5)).toHaveLength(1);
    expect(lapseAtTurnStart([timedEffect("charging", 5)], 6)).toHaveLength(0);
    expect(stateFigures([timedEffect("charging", 1), timedEffect("totalDefense", 1)]).acModifier).toBe(0);
  });
});
