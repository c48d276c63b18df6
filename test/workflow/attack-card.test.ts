import { describe, expect, it } from "vitest";
import { normalizeCovers, parseBundle } from "../../src/rulesets/cychosys/rules/index.js";
import { attackCardView, rollLine } from "../../src/rulesets/cychosys/workflow/attack-card.js";
import { applyInjury, counterAgain, declareAttack, defend } from "../../src/rulesets/cychosys/workflow/attack-flow.js";
import { gm, parker, parkerPlayer, pools, riddle, riddlePlayer, skinOnly, thorton } from "../fixtures/flow.js";

const state = skinOnly(pools(7, 5, 5));

describe("the attack card a user sees", () => {
  const flow = declareAttack("m1", parker, { total: 22, surge: false, edge: "VD6", dice: [6, 1, 6, 8] }, [riddle]);

  it("R11/R29: shows every die with the key die first, the total, the edge and the location by last digit", () => {
    const view = attackCardView(flow, gm);
    expect(view.dice.map((d) => [d.face, d.key])).toEqual([
      [6, true],
      [1, false],
      [6, false],
      [8, false],
    ]);
    expect(view).toMatchObject({ total: 22, edge: "VD6", location: "Shoulders and chest (last digit 2)", surge: false, crash: false });
  });

  it("only the target's owner and the GM see the defense buttons", () => {
    expect(attackCardView(flow, riddlePlayer).targets[0]!.can.defend).toEqual(["evade", "brave", "parry", "counter"]);
    expect(attackCardView(flow, parkerPlayer).targets[0]!.can.defend).toEqual([]);
  });

  it("R22: after the defense the verdict is explained and the struck side's owner may apply", () => {
    const resolved = defend(flow, 0, { form: "evade", total: 9, surge: false }, riddlePlayer).flow;
    const panel = attackCardView(resolved, riddlePlayer).targets[0]!;
    expect(panel.defenseLabel).toBe("Evasion 9");
    expect(panel.verdict.map((l) => l.text)).toEqual(["Parker's attack 22 beats Riddle's evasion 9: Riddle is struck (R22)."]);
    expect(panel.can).toMatchObject({ apply: true, defendCostsAction: true, undo: false });
    expect(attackCardView(resolved, parkerPlayer).targets[0]!.can.apply).toBe(false);
  });

  it("R26–R33: once applied the card explains the injury and offers undo", () => {
    const resolved = defend(flow, 0, { form: "evade", total: 9, surge: false }, riddlePlayer).flow;
    const applied = applyInjury(resolved, 0, state, {}, riddlePlayer, ["e1"]).flow;
    const panel = attackCardView(applied, riddlePlayer).targets[0]!;
    expect(panel.phaseLabel).toBe("Injury applied");
    expect(panel.applied.map((l) => l.text)).toContain("Injury: edge VD6 + 3 impact hits = VD9 (R27).");
    expect(panel.can).toMatchObject({ apply: false, undo: true, defend: [] });
  });

  it("R23: during an exchange only the side due to answer sees counter-again, with its handicap", () => {
    const shot = declareAttack("m2", thorton, { total: 28, surge: false, edge: "B2", dice: [4, 7, 1, 2] }, [parker]);
    const seized = defend(shot, 0, { form: "counter", total: 40, surge: false, edge: "FB2" }, parkerPlayer).flow;
    const forGM = attackCardView(seized, gm).targets[0]!;
    expect(forGM.phaseLabel).toBe("Counterattack exchange");
    expect(forGM.can).toMatchObject({ counterAgain: true, counterHandicap: 16, takeIt: true });
    expect(forGM.exchange).toEqual([{ side: "Parker", raw: 40, handicap: 8, total: 32, beat: true }]);
    expect(attackCardView(seized, parkerPlayer).targets[0]!.can.counterAgain).toBe(false);
    const done = counterAgain(seized, 0, 35, false, gm).flow;
    expect(attackCardView(done, gm).targets[0]!.verdict.map((l) => l.text)).toContain("Parker strikes Thorton: 32 against 19 (R23).");
  });

  it("an attack with no target says the GM can assign one", () => {
    expect(attackCardView(declareAttack("m3", parker, { total: 10, surge: false, edge: "B1", dice: [5] }, []), gm).noTargets).toBe(true);
  });

  it("R26–R33: once settled, the card explains the injury the default choices would apply, before anyone applies it", () => {
    const resolved = defend(flow, 0, { form: "evade", total: 9, surge: false }, riddlePlayer).flow;
    const panel = attackCardView(resolved, parkerPlayer, undefined, undefined, { stateOf: () => state }).targets[0]!;
    expect(panel.verdict.map((l) => l.text)).toEqual(["Parker's attack 22 beats Riddle's evasion 9: Riddle is struck (R22)."]);
    expect(panel.preview.map((l) => l.text)).toContain("Injury: edge VD6 + 3 impact hits = VD9 (R27).");
    // Without the struck side's state (not visible to this client) the card says only the verdict.
    expect(attackCardView(resolved, parkerPlayer).targets[0]!.preview).toEqual([]);
  });

  it("R35: a small target the attack cannot reach: the card says why, and there is nothing to apply", () => {
    const knife = declareAttack("m4", parker, { total: 22, surge: false, edge: "BD2", dice: [6, 1, 6, 8] }, [riddle]);
    const resolved = defend(knife, 0, { form: "evade", total: 9, surge: false }, riddlePlayer).flow;
    const small = { ...state, outfit: [{ shield: parseBundle("TT1"), covers: normalizeCovers("all"), layer: "skin" as const }] };
    const panel = attackCardView(resolved, riddlePlayer, undefined, undefined, { stateOf: () => small }).targets[0]!;
    expect(panel.verdict.map((l) => l.text)).toContain("Location: last digit 2 of 22 → Shoulders and chest (R29).");
    expect(panel.verdict.map((l) => l.text)).toContain(
      "Riddle is small where the blow lands: the outfit on Shoulders and chest carries 2 T (R30); an attack needs as many T, or any V, to strike, and this one has 0 T (R35).",
    );
    expect(panel.preview).toEqual([]);
    expect(panel.can.apply).toBe(false);
  });

  it("the applied explanation does not repeat the verdict line", () => {
    const resolved = defend(flow, 0, { form: "evade", total: 9, surge: false }, riddlePlayer).flow;
    const applied = applyInjury(resolved, 0, state, {}, riddlePlayer, ["e1"]).flow;
    const panel = attackCardView(applied, riddlePlayer).targets[0]!;
    expect(panel.applied.map((l) => l.text)).not.toContain(panel.verdict[0]!.text);
  });

  it("R12/R13: a total's arithmetic reads left to right; a crashed key die says the total is 0", () => {
    const terms = [
      { kind: "base", value: 12 },
      { kind: "finesse", value: 2 },
      { kind: "dice", value: 9 },
      { kind: "effects", value: -2 },
    ];
    expect(rollLine({ label: "Knife · Brawl", faces: [5, 4], terms }, 21).formula).toBe("12 Skill base + 2 Finesse + 9 Dice − 2 Added effects = 21");
    expect(rollLine({ label: "", faces: [12, 4], terms }, 0).formula).toMatch(/= 0 \(the key die crashed: the total is 0, R12\)$/);
  });
});
