import { describe, expect, it } from "vitest";
import {
  applyInjury,
  counterAgain,
  currentApplication,
  declareAttack,
  declineCounter,
  defend,
  mayActFor,
  previewInjury,
  undoInjury,
} from "../../src/rulesets/cychosys/workflow/attack-flow.js";
import { FlowError } from "../../src/rulesets/cychosys/workflow/errors.js";
import { gm, parker, parkerPlayer, pools, riddle, riddlePlayer, skinOnly, thorton, user } from "../fixtures/flow.js";

const throwAt = (...targets: (typeof riddle)[]) =>
  declareAttack("msg1", parker, { total: 22, surge: false, edge: "VD6", dice: [6, 1, 6, 8] }, targets);

describe("attack workflow: defense", () => {
  it("R22: Riddle evades 9 → struck; the verdict carries the striking totals and edge", () => {
    const { flow, commands } = defend(throwAt(riddle), 0, { form: "evade", total: 9, surge: false }, riddlePlayer);
    expect(commands).toEqual([]);
    expect(flow.targets[0]).toMatchObject({ phase: "resolved", defenses: 1, verdict: { struck: "defender", strikingTotal: 22, otherTotal: 9, edge: "VD6" } });
  });

  it("only the target's owners or the GM may defend; a player clicking for someone else is refused", () => {
    const flow = throwAt(riddle);
    expect(mayActFor(flow, 0, "defender", parkerPlayer)).toBe(false);
    expect(() => defend(flow, 0, { form: "evade", total: 9, surge: false }, parkerPlayer)).toThrow(FlowError);
    expect(() => defend(flow, 0, { form: "evade", total: 9, surge: false }, parkerPlayer)).toThrow("Only Riddle's owner or the GM can answer for Riddle.");
    expect(defend(flow, 0, { form: "evade", total: 9, surge: false }, gm).flow.targets[0]!.phase).toBe("resolved");
  });

  it("R15: a second defense against the same attack replaces the first and costs an action", () => {
    const first = defend(throwAt(riddle), 0, { form: "evade", total: 9, surge: false }, riddlePlayer);
    const second = defend(first.flow, 0, { form: "evade", total: 25, surge: false }, riddlePlayer);
    expect(second.commands).toEqual([{ kind: "spendAction", actorUuid: riddle.actorUuid, attackId: "msg1" }]);
    expect(second.flow.targets[0]).toMatchObject({ defenses: 2, verdict: { struck: "none", missed: "miss" } });
  });

  it("R25: a won parry grants the defender its bonus against the attacker", () => {
    const { flow, commands } = defend(
      throwAt(thorton),
      0,
      { form: "parry", total: 30, surge: false, object: { name: "chair", shield: "2", hits: 2, itemUuid: "Item.chair" } },
      gm,
    );
    expect(flow.targets[0]!.verdict).toMatchObject({ parryWon: true, parryBonus: 4, antiImpact: { hits: 4, asterisks: 1 } });
    expect(commands).toEqual([{ kind: "grantParryBonus", actorUuid: thorton.actorUuid, againstUuid: parker.actorUuid, bonus: 4 }]);
  });

  it("each target of one attack answers on its own", () => {
    const flow = throwAt(riddle, thorton);
    const after = defend(flow, 1, { form: "brave", total: 20, surge: false }, gm).flow;
    expect(after.targets.map((t) => t.phase)).toEqual(["awaitingDefense", "resolved"]);
  });
});

describe("attack workflow: counterattack exchanges (R23)", () => {
  const shot = () => declareAttack("msg2", thorton, { total: 28, surge: false, edge: "B2", dice: [4, 7, 1, 2] }, [parker]);

  it("a counter that beats seizes the attack: the attacker's owner must answer; a failing reply ends it", () => {
    const seized = defend(shot(), 0, { form: "counter", total: 40, surge: false, edge: "FB2" }, parkerPlayer).flow;
    expect(seized.targets[0]).toMatchObject({ phase: "exchange", awaiting: "attacker" });
    expect(() => counterAgain(seized, 0, 35, false, parkerPlayer)).toThrow("Only Thorton's owner or the GM");
    const done = counterAgain(seized, 0, 35, false, gm).flow;
    expect(done.targets[0]).toMatchObject({ phase: "resolved", verdict: { struck: "attacker", striker: "defender", strikingTotal: 32, otherTotal: 19, edge: "FB2" } });
  });

  it("a chain of three counters: defender, attacker, defender; the third fails", () => {
    let flow = defend(shot(), 0, { form: "counter", total: 40, surge: false, edge: "FB2" }, parkerPlayer).flow;
    flow = counterAgain(flow, 0, 50, false, gm).flow; // 50 − 16 = 34 beats 32
    expect(flow.targets[0]).toMatchObject({ phase: "exchange", awaiting: "defender" });
    flow = counterAgain(flow, 0, 45, false, parkerPlayer).flow; // 45 − 24 = 21 fails against 34
    expect(flow.targets[0]).toMatchObject({ phase: "resolved", verdict: { struck: "defender", strikingTotal: 34, otherTotal: 21 } });
    expect(flow.targets[0]!.counters.map((c) => c.side)).toEqual(["defender", "attacker", "defender"]);
  });

  it("the side due to answer may take the blow instead", () => {
    const seized = defend(shot(), 0, { form: "counter", total: 40, surge: false, edge: "FB2" }, parkerPlayer).flow;
    const taken = declineCounter(seized, 0, gm).flow;
    expect(taken.targets[0]).toMatchObject({ phase: "resolved", verdict: { struck: "attacker", strikingTotal: 32, otherTotal: 28 } });
  });

  it("no other defense may interrupt an exchange", () => {
    const seized = defend(shot(), 0, { form: "counter", total: 40, surge: false, edge: "FB2" }, parkerPlayer).flow;
    expect(() => defend(seized, 0, { form: "evade", total: 50, surge: false }, parkerPlayer)).toThrow(/exchange is under way/);
  });
});

describe("attack workflow: applying and undoing injury", () => {
  const resolved = () => defend(throwAt(riddle), 0, { form: "evade", total: 9, surge: false }, riddlePlayer).flow;

  it("R26–R33: the preview changes nothing and shows the chosen distribution", () => {
    const flow = resolved();
    const preview = previewInjury(flow, 0, skinOnly(pools(7, 5, 5)), { distribute: { physical: 4, mental: 2, emotional: 3 } });
    expect(preview?.pools?.hit).toEqual({ physical: 3, mental: 3, emotional: 2 });
    expect(flow.targets[0]!.phase).toBe("resolved");
  });

  it("applying records before/after and asks for the pools (by delta: 7/5/5 → 2/3/3) and conditions to change", () => {
    const { flow, commands } = applyInjury(resolved(), 0, skinOnly(pools(7, 5, 5)), {}, riddlePlayer, ["eff1"]);
    expect(commands).toEqual([
      { kind: "addToPools", actorUuid: riddle.actorUuid, delta: { hit: { physical: -5, mental: -2, emotional: -2 }, fatigue: { physical: 0, mental: 0, emotional: 0 } } },
      { kind: "addConditions", actorUuid: riddle.actorUuid, conditions: [{ id: "eff1", letter: "D", piercing: false }] },
    ]);
    expect(currentApplication(flow.targets[0]!)).toMatchObject({ by: "p2", before: pools(7, 5, 5), outcome: { injury: "VD9", taken: "D" } });
  });

  it("applying is idempotent: a second apply is refused while the first stands", () => {
    const once = applyInjury(resolved(), 0, skinOnly(pools(7, 5, 5)), {}, riddlePlayer, ["eff1"]).flow;
    expect(() => applyInjury(once, 0, skinOnly(pools(2, 3, 3)), {}, riddlePlayer, ["eff2"])).toThrow(/already applied/);
  });

  it("a player cannot apply, or undo, an injury to an actor they do not own", () => {
    expect(() => applyInjury(resolved(), 0, skinOnly(pools(7, 5, 5)), {}, parkerPlayer, ["eff1"])).toThrow(/Only Riddle's owner/);
    const applied = applyInjury(resolved(), 0, skinOnly(pools(7, 5, 5)), {}, gm, ["eff1"]).flow;
    expect(() => undoInjury(applied, 0, parkerPlayer)).toThrow(/Only Riddle's owner/);
  });

  it("undo restores exactly: the pool changes reversed, the added conditions removed — once", () => {
    const applied = applyInjury(resolved(), 0, skinOnly(pools(7, 5, 5)), {}, riddlePlayer, ["eff1"]).flow;
    const { flow, commands } = undoInjury(applied, 0, riddlePlayer);
    expect(commands).toEqual([
      { kind: "addToPools", actorUuid: riddle.actorUuid, delta: { hit: { physical: 5, mental: 2, emotional: 2 }, fatigue: { physical: 0, mental: 0, emotional: 0 } } },
      { kind: "removeConditions", actorUuid: riddle.actorUuid, ids: ["eff1"] },
    ]);
    expect(flow.targets[0]!.phase).toBe("resolved");
    expect(() => undoInjury(flow, 0, riddlePlayer)).toThrow("There is no applied injury to undo.");
    // …and it may be applied again, with other choices.
    const again = applyInjury(flow, 0, skinOnly(pools(7, 5, 5)), { reduce: ["D"] }, riddlePlayer, []).flow;
    expect(again.targets[0]!.applications).toHaveLength(2);
  });

  it("R25/R37: a parry object's hits go 2 → 0 on apply and back by the same delta on undo", () => {
    const parried = defend(
      throwAt(thorton),
      0,
      { form: "parry", total: 30, surge: false, object: { name: "chair", shield: "2", hits: 2, itemUuid: "Item.chair" } },
      gm,
    ).flow;
    const applied = applyInjury(parried, 0, skinOnly(pools(7, 5, 5)), {}, gm, []);
    expect(applied.commands).toContainEqual({ kind: "addToObjectHits", itemUuid: "Item.chair", delta: -2 });
    expect(undoInjury(applied.flow, 0, gm).commands).toContainEqual({ kind: "addToObjectHits", itemUuid: "Item.chair", delta: 2 });
  });

  it("a miss has nothing to apply", () => {
    const missed = defend(throwAt(riddle), 0, { form: "evade", total: 30, surge: false }, riddlePlayer).flow;
    expect(() => applyInjury(missed, 0, skinOnly(pools(7, 5, 5)), {}, riddlePlayer, [])).toThrow("Nobody is struck by this attack.");
  });

  it("applying before the defense is refused", () => {
    expect(() => applyInjury(throwAt(riddle), 0, skinOnly(pools(7, 5, 5)), {}, gm, [])).toThrow(/defense comes first/);
  });

  it("a flow is plain JSON: it survives a round trip through JSON (it lives in message flags)", () => {
    const applied = applyInjury(resolved(), 0, skinOnly(pools(7, 5, 5)), {}, riddlePlayer, ["eff1"]).flow;
    expect(JSON.parse(JSON.stringify(applied))).toEqual(applied);
  });
});
