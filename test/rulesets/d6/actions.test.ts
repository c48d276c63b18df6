/**
 * One combatant's round as state transitions: D10 unable to act, D11 N,
 * D12 penalty, D13–D14 waits and interrupts, D15 moving up, D16 item uses,
 * D18 defenses in force and their end, D23–D25 defense kinds, D29 aim.
 */
import { describe, expect, it } from "vitest";
import {
  actionsLeft, activeDefense, aimAt, aimDice, becomeUnableToAct, canInterrupt, type CombatantRound, declareActions, defenseActionDice, dropAim,
  MAX_DECLARED_ACTIONS, newCombatantRound, regainAbilityToAct, roundPenaltyDice, startRound, takeAction, takeAttack, takeFullDefense,
  takeGmCalledDefense, takePartialDefense, takeWait, lostToDisable, regainWithLost, MAX_DEFENSES_IN_FORCE,
} from "../../../src/rulesets/d6/rules/index.js";
import { isD6RoundState } from "../../../src/rulesets/d6/combat/round-state.js";
import { d6Error } from "./helpers.js";

const dodge = (total: number, mode: "partial" | "full" | "gmCalled" = "partial") => activeDefense("dodge", mode, total);
const fresh = (freeActions = 1) => newCombatantRound(1, freeActions);

describe("D11–D12 declaring N", () => {
  it("D11: N is declared once at the start of the turn; nothing can be added afterwards", () => {
    const s = declareActions(fresh(), 3);
    expect(actionsLeft(s)).toBe(3);
    d6Error(() => declareActions(s, 4), "alreadyDeclared", "3");
  });

  it("D11 [fixed]: N ≥ 1 (and a sane upper bound)", () => {
    d6Error(() => declareActions(fresh(), 0), "outOfRange", "1");
    d6Error(() => declareActions(fresh(), 1.5), "outOfRange");
    d6Error(() => declareActions(fresh(), MAX_DECLARED_ACTIONS + 1), "outOfRange", String(MAX_DECLARED_ACTIONS));
  });

  it("D11: nothing is taken before N is declared, and no more than N", () => {
    d6Error(() => takeAction(fresh()), "notDeclared");
    let s = declareActions(fresh(), 2);
    s = takeAction(takeAction(s));
    expect(actionsLeft(s)).toBe(0);
    d6Error(() => takeAction(s), "noActionsLeft", "2");
  });

  it("D11/D39: unused actions are forfeited when the round closes", () => {
    const s = startRound(takeAction(declareActions(fresh(), 3)), 2);
    expect(s.declared).toBeNull();
    expect(s.used).toBe(0);
    expect(actionsLeft(s)).toBe(0);
    expect(s.round).toBe(2);
  });

  it("D12: penalty = max(0, N − freeActions); 0 before N is declared", () => {
    expect(roundPenaltyDice(fresh())).toBe(0);
    expect(roundPenaltyDice(declareActions(fresh(), 3))).toBe(2);
    expect(roundPenaltyDice(declareActions(fresh(0), 1))).toBe(1);
    expect(roundPenaltyDice(declareActions(fresh(3), 2))).toBe(0);
  });
});

describe("D13–D15 waits, interrupts, moving up", () => {
  it("D13: each wait is one of the N actions, in any pattern (act, wait, act)", () => {
    let s = declareActions(fresh(), 3);
    s = takeWait(takeAction(s));
    expect(s.used).toBe(2);
    expect(s.waits).toBe(1);
    s = takeAction(s);
    expect(actionsLeft(s)).toBe(0);
  });

  it("D14: only a character holding a spent wait may interrupt; the interrupt uses the wait and one action", () => {
    const acting = declareActions(fresh(), 2);
    expect(canInterrupt(acting)).toBe(false);
    d6Error(() => takeAction(acting, { interrupting: true }), "noWaitHeld");
    const waiting = takeWait(acting);
    expect(canInterrupt(waiting)).toBe(true);
    const after = takeAction(waiting, { interrupting: true });
    expect(after.waits).toBe(0);
    expect(after.used).toBe(2);
    expect(canInterrupt(after)).toBe(false);
  });

  it("D14: a wait with no action left to spend cannot interrupt", () => {
    expect(canInterrupt(takeWait(declareActions(fresh(), 1)))).toBe(false);
  });

  it("D15 [fixed]: moving up starts the turn for D11 — N is set then, and the rest come at her normal place", () => {
    let s = declareActions(fresh(), 2, { movedUp: true });
    expect(s.movedUp).toBe(true);
    s = takeAction(s); // the moved-up reaction
    d6Error(() => declareActions(s, 2), "alreadyDeclared");
    expect(actionsLeft(s)).toBe(1); // left for her normal place
  });
});

describe("D16 item uses per round", () => {
  it("D16 [fixed]: an item is used at most usesPerRound times a round (default 1); unarmed only by N", () => {
    let s = declareActions(fresh(), 4);
    s = takeAction(s, { item: { id: "rifle" } });
    d6Error(() => takeAction(s, { item: { id: "rifle" } }), "itemUsesExhausted", '"rifle"', "1");
    s = takeAction(s, { item: { id: "pistol", usesPerRound: 3 } });
    s = takeAction(s, { item: { id: "pistol", usesPerRound: 3 } });
    s = takeAction(s);
    expect(s.itemUses).toEqual({ rifle: 1, pistol: 2 });
    expect(startRound(s, 2).itemUses).toEqual({});
  });
});

describe("D18, D23–D25 defenses in force", () => {
  it("D24: a partial defense is one of N and stands until the start of her next turn", () => {
    let s = takePartialDefense(declareActions(fresh(), 2), dodge(9));
    expect(s.used).toBe(1);
    expect(s.defenses.map((d) => d.total)).toEqual([9]);
    s = startRound(s, 2);
    expect(s.defenses).toHaveLength(1);
    s = declareActions(s, 1);
    expect(s.defenses).toEqual([]);
  });

  it("D23: a full defense is the turn's only action: N = 1, no penalty, no wait, nothing more", () => {
    const s = takeFullDefense(fresh(0), dodge(12, "full"));
    expect(s.declared).toBe(1);
    expect(s.fullDefense).toBe(true);
    expect(roundPenaltyDice(s)).toBe(0); // even with no free actions
    d6Error(() => takeWait(s), "fullDefenseOnly");
    d6Error(() => takeFullDefense(declareActions(fresh(), 2), dodge(12, "full")), "alreadyDeclared");
    expect(defenseActionDice("full", null)).toBe(0);
    d6Error(() => defenseActionDice("full", 2), "fullDefenseActions", "2");
  });

  it("D25 (fill): a GM-called defense costs no action; it takes the round's declared penalty, 0 before her turn", () => {
    expect(defenseActionDice("gmCalled", null)).toBe(0);
    expect(defenseActionDice("gmCalled", 3)).toBe(2);
    const before = takeGmCalledDefense(fresh(), dodge(8, "gmCalled"));
    expect(before.used).toBe(0);
    expect(before.defenses).toHaveLength(1);
    const during = takeGmCalledDefense(declareActions(fresh(), 3), dodge(8, "gmCalled"));
    expect(actionsLeft(during)).toBe(3);
  });

  it("D24: a partial defense roll needs N declared", () => {
    d6Error(() => defenseActionDice("partial", null), "partialDefenseActions");
    expect(defenseActionDice("partial", 2)).toBe(1);
  });

  it("D18/D25 [fixed]: a GM-called defense before her turn ends when her turn starts", () => {
    const s = declareActions(takeGmCalledDefense(fresh(), dodge(8, "gmCalled")), 1);
    expect(s.defenses).toEqual([]);
  });

  it("D10/D18 (fill): becoming unable to act ends every defense in force at once and loses the round's actions", () => {
    let s: CombatantRound = takeWait(takePartialDefense(declareActions(fresh(), 3), dodge(15)));
    s = becomeUnableToAct(s);
    expect(s.defenses).toEqual([]);
    expect(actionsLeft(s)).toBe(0);
    expect(s.waits).toBe(0);
    d6Error(() => takeAction(s), "unableToAct", "D10");
    d6Error(() => takeGmCalledDefense(s, dodge(3, "gmCalled")), "unableToAct");
    d6Error(() => declareActions(startRound(s, 2), 1), "unableToAct");
    // D18 (fill): no turn next round, nothing in force.
    expect(startRound(s, 2).defenses).toEqual([]);
  });

  it("D10: woken or freed, the remaining actions of a turn still to come can be taken", () => {
    const s = regainAbilityToAct(becomeUnableToAct(declareActions(fresh(), 2)));
    expect(actionsLeft(s)).toBe(2);
    expect(regainAbilityToAct(fresh())).toEqual(fresh());
  });

  it("defense transitions refuse a defense of the wrong kind", () => {
    d6Error(() => takePartialDefense(declareActions(fresh(), 1), dodge(5, "full")), "unknownValue", "partial");
    d6Error(() => takeFullDefense(fresh(), dodge(5)), "unknownValue", "full");
    d6Error(() => takeGmCalledDefense(fresh(), dodge(5)), "unknownValue", "gmCalled");
  });
});

describe("D29 aiming", () => {
  const aimedRounds = (n: number, target = "t") => {
    let s = fresh();
    for (let r = 1; r <= n; r++) s = aimAt(r === 1 ? s : startRound(s, r), target);
    return startRound(s, n + 1);
  };

  it("D29: aiming is the round's only action", () => {
    d6Error(() => aimAt(takeAction(declareActions(fresh(), 2)), "t"), "aimNotAlone");
    d6Error(() => aimAt(declareActions(fresh(), 2), "t"), "aimNotAlone");
    const s = aimAt(declareActions(fresh(), 1), "t");
    expect(actionsLeft(s)).toBe(0);
  });

  it("D29 [fixed]: the bonus goes to the first aimable attack at that target in a later round, then it is spent", () => {
    let s = declareActions(aimedRounds(2), 2);
    const first = takeAttack(s, { targetId: "t", aimable: true });
    expect(first.aimDice).toBe(2);
    s = first.state;
    expect(takeAttack(s, { targetId: "t", aimable: true }).aimDice).toBe(0);
  });

  it("D29 [fixed]: switching targets, another action, losing sight or a gap in the rounds drops it", () => {
    expect(takeAttack(declareActions(aimedRounds(3), 1), { targetId: "other", aimable: true }).aimDice).toBe(0);
    const other = takeAction(declareActions(aimedRounds(3), 2));
    expect(other.aim).toBeNull();
    expect(takeAttack(other, { targetId: "t", aimable: true }).aimDice).toBe(0);
    expect(dropAim(aimedRounds(2)).aim).toBeNull();
    expect(takeAttack(declareActions(aimedRounds(2), 1), { targetId: "t", aimable: false }).aimDice).toBe(0);
    // Aiming again after a round without aiming starts again at one round.
    let s = aimedRounds(2); // aimed rounds 1–2, now round 3
    s = aimAt(startRound(s, 4), "t");
    expect(aimDice(s.aim)).toBe(1);
    // Switching the aim's target starts again too.
    expect(aimDice(aimAt(aimedRounds(2), "u").aim)).toBe(1);
  });

  it("D10: being knocked out interrupts the aim", () => {
    expect(becomeUnableToAct(aimedRounds(2)).aim).toBeNull();
  });
});

describe("D10/D18: a disablement taken back (out-of-order undo)", () => {
  const guard = dodge(11);
  const holding = (): CombatantRound => ({ ...takeWait(declareActions(fresh(3), 3)), defenses: [guard], aim: { targetId: "t", rounds: 1, lastRound: 0 } });

  it("what becoming unable took (waits, aim, defenses) comes back with the undo in the same round; nothing is taken from one unable already", () => {
    const before = holding();
    const lost = lostToDisable(before)!;
    const unable = becomeUnableToAct(before);
    expect(regainWithLost(unable, lost)).toEqual(before);
    expect(lostToDisable(unable)).toBeNull();
  });

  it("in a later round only the ability to act comes back: the waits were forfeited (D11), the defenses ended at its turn (D18)", () => {
    const lost = lostToDisable(holding())!;
    const nextRound = startRound(becomeUnableToAct(holding()), 2);
    expect(regainWithLost(nextRound, lost)).toEqual(regainAbilityToAct(nextRound));
  });

  it("clamped: never more waits than actions taken (D13); an aim taken since is kept; a state able already is unchanged", () => {
    const lost = { round: 1, waits: 5, aim: { targetId: "x", rounds: 2, lastRound: 0 }, defenses: [] };
    const unable = { ...becomeUnableToAct(declareActions(fresh(), 2)), used: 1, aim: { targetId: "y", rounds: 1, lastRound: 1 } };
    expect(regainWithLost(unable, lost)).toMatchObject({ unableToAct: false, waits: 1, aim: { targetId: "y" } });
    const able = holding();
    expect(regainWithLost(able, lost)).toBe(able);
  });
});

describe("nothing fails silently at size: the defenses in force (D18, D25)", () => {
  it(`at most ${MAX_DEFENSES_IN_FORCE} in force: one more is refused with the reason, the round kept as it was (it would spoil the stored state)`, () => {
    let s = declareActions(fresh(), 1);
    for (let i = 0; i < MAX_DEFENSES_IN_FORCE; i++) s = takeGmCalledDefense(s, dodge(10 + i, "gmCalled"));
    expect(s.defenses).toHaveLength(MAX_DEFENSES_IN_FORCE);
    d6Error(() => takeGmCalledDefense(s, dodge(9, "gmCalled")), "tooManyDefenses");
    d6Error(() => takePartialDefense(s, dodge(9)), "tooManyDefenses");
    expect(isD6RoundState({ round: s })).toBe(true);
  });
});
