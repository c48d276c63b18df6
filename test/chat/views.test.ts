import { describe, expect, it } from "vitest";
import { deriveCombatant } from "../../src/rulesets/cychosys/data/derive/combatant.js";
import { attackCardContext } from "../../src/rulesets/cychosys/views/card.js";
import { applyDialogView, attackDialogView, defenseDialogView, readApplyForm, readAttackForm } from "../../src/rulesets/cychosys/views/dialogs.js";
import { applyInjury, assignTargets, declareAttack, defend, previewInjury } from "../../src/rulesets/cychosys/workflow/attack-flow.js";
import { FlowError } from "../../src/rulesets/cychosys/workflow/errors.js";
import { parker } from "../fixtures/cast.js";
import { gm, parker as parkerRef, pools, riddle, riddlePlayer, skinOnly, user } from "../fixtures/flow.js";

const state = skinOnly(pools(7, 5, 5));

describe("assigning targets and the non-lethal choice (workflow additions)", () => {
  it("only the GM assigns targets; new ones await their defense, known ones and the attacker are skipped", () => {
    const flow = declareAttack("a", parkerRef, { total: 22, surge: false, edge: "VD6", dice: [6, 1, 6, 8] }, []);
    expect(() => assignTargets(flow, [riddle], riddlePlayer)).toThrow(FlowError);
    const next = assignTargets(flow, [riddle, parkerRef, riddle], gm).flow;
    expect(next.targets).toEqual([{ target: riddle, phase: "awaitingDefense", defenses: 0, counters: [], applications: [] }]);
    expect(() => assignTargets(next, [riddle], gm)).toThrow("Target one or more tokens");
  });

  it("R36: the struck side's choice reads the impact as fatigue; `false` makes a non-lethal attack lethal", () => {
    const flow = defend(declareAttack("a", parkerRef, { total: 22, surge: false, edge: "VD6", dice: [6, 1, 6, 8] }, [riddle]), 0, { form: "evade", total: 9, surge: false }, riddlePlayer).flow;
    const lethal = previewInjury(flow, 0, state, {})!;
    const asFatigue = previewInjury(flow, 0, state, { nonLethal: "mental" })!;
    expect(asFatigue.nonLethal).toBe("mental");
    expect(asFatigue.pools!.hit).toEqual(state.pools.hit);
    expect(asFatigue.pools!.fatigue.mental).toBeLessThan(6);
    expect(lethal.pools!.hit).not.toEqual(state.pools.hit);
    const declared = defend(declareAttack("b", parkerRef, { total: 22, surge: false, edge: "VD6", dice: [6, 1, 6, 8], nonLethal: "physical" }, [riddle]), 0, { form: "evade", total: 9, surge: false }, riddlePlayer).flow;
    expect(previewInjury(declared, 0, state, { nonLethal: false })!.pools).toEqual(lethal.pools);
    const applied = applyInjury(declared, 0, state, { nonLethal: false }, riddlePlayer, ["i1", "i2", "i3"]);
    expect(applied.flow.targets[0]!.applications[0]!.choices).toEqual({ nonLethal: false });
  });
});

describe("the card and dialog views", () => {
  const flow = declareAttack("a", parkerRef, { total: 22, surge: false, edge: "VD6", dice: [6, 11, 6, 8] }, [riddle]);

  it("the card: die labels, the buttons each user may press, and the GM's assign button without targets", () => {
    const forRiddle = attackCardContext(flow, riddlePlayer);
    expect(forRiddle.roll!.dice.map((d) => d.face)).toEqual(["6", "S", "6", "8"]);
    expect(forRiddle.roll!.dice.map((d) => d.marks)).toEqual([["key"], ["max"], [], []]);
    expect(forRiddle.title).toBe("Parker attacks Riddle");
    expect(forRiddle.targets[0]!.buttons.map((b) => b.form)).toEqual(["evade", "brave", "parry", "counter"]);
    expect(attackCardContext(flow, user("p1", [parkerRef.actorUuid])).targets[0]!.buttons).toEqual([]);
    const empty = declareAttack("b", parkerRef, { total: 22, surge: false, edge: "VD6", dice: [6] }, []);
    expect(attackCardContext(empty, gm).canAssign).toBe(true);
    expect(attackCardContext(empty, riddlePlayer)).toMatchObject({ canAssign: false, waitingForTargets: true });
  });

  it("the attack dialog defaults to the item's total and prices added effects with R19", () => {
    const totals = deriveCombatant(parker.system, parker.items, []).totals;
    const view = attackDialogView({ actorName: "Parker", gear: { id: "wpPistol", name: "pistol", edge: "FB2" }, totals });
    expect(view.totals.find((t) => t.selected)!.value).toBe("gear:wpPistol");
    const values = readAttackForm({ totalKey: "gear:wpPistol", modifier: "2", "add.B": "2", location: "mind", nonLethal: "" });
    const priced = attackDialogView({ actorName: "Parker", gear: { id: "wpPistol", name: "pistol", edge: "FB2" }, totals, values });
    // The edge has one B: the 2nd and 3rd B cost 2 × and 3 × its power.
    expect(priced.costLines.map((l) => l.text)).toEqual(["B (#2): −4", "B (#3): −6"]);
    expect(priced).toMatchObject({ cost: 10, edge: "FBBB2" });
    expect(priced.locations.find((l) => l.selected)!.value).toBe("mind");
  });

  it("the defense dialog says a second defense costs an action and shows the counter handicap", () => {
    const totals = deriveCombatant(parker.system, parker.items, []).totals;
    const gear = [{ id: "wpPistol", name: "pistol", edge: "FB2", parry: { hits: 0, shield: "0" } }];
    const evade = defenseDialogView({ mode: "evade", actorName: "Parker", attackerName: "Thorton", attackTotal: 30, totals, gear, costsAction: true });
    expect(evade.actionNote).toBe("A second defense against this attack costs an action (R15).");
    expect(evade.totals.find((t) => t.selected)!.value).toBe("skill:skEvade");
    const again = defenseDialogView({ mode: "counterAgain", actorName: "Parker", attackerName: "Thorton", attackTotal: 30, totals, gear, counterNumber: 2 });
    expect(again.handicapNote).toBe("This counterattack carries a handicap of 16 (R23).");
    const parry = defenseDialogView({ mode: "parry", actorName: "Parker", attackerName: "Thorton", attackTotal: 30, totals, gear, values: { object: "adhoc", adhocName: "", adhocHits: 2 } });
    expect(parry.error).toBe("An object typed in needs a name and at least 1 hit.");
  });

  it("the apply dialog previews every figure; piercing effects cannot be reduced; a bad distribution is refused", () => {
    const settled = defend(flow, 0, { form: "evade", total: 9, surge: false }, riddlePlayer).flow;
    const view = applyDialogView({ flow: settled, index: 0, struckName: "Riddle", state });
    const strike = previewInjury(settled, 0, state)!;
    expect(view.canApply).toBe(true);
    expect(view.pools.map((p) => p.hitAfter)).toEqual([strike.pools!.hit.physical, strike.pools!.hit.mental, strike.pools!.hit.emotional]);
    expect(view.explain.length).toBeGreaterThan(3);
    for (const row of view.reductions) if (row.letter.endsWith("*")) expect(row.disabled).toBe(true);
    const bad = applyDialogView({ flow: settled, index: 0, struckName: "Riddle", state, choices: readApplyForm({ distributeEdited: "1", "distribute.physical": "0", "distribute.mental": "0", "distribute.emotional": "0" }) });
    expect(bad.canApply).toBe(strike.hits === 0);
    if (strike.hits > 0) expect(bad.error).toBeTruthy();
  });
});
