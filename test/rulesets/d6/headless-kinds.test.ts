/**
 * The `rules` command's OpenD6 scenario kinds beside the attack
 * (docs/rules-command.md, "OpenD6"): one round's initiative (D5–D10) and a
 * defender's rounds showing when each defense starts and ends (D10–D25),
 * and rule refusals as outcomes (D3, D9, D10, D18, D23, D29). Every example
 * under examples/d6/{initiative,defense,refusals}/ runs through the command
 * to its checked outcome; the key figures are worked by hand below, so a
 * regenerated outcome cannot pass unchecked.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { RuleRefusal } from "../../../src/core/refusal.js";
import { type D6DefenseOutcomeJson, type D6InitiativeOutcomeJson, resolveD6Text } from "../../../src/rulesets/d6/rules/index.js";
import { root, rulesWithAll, runCommand } from "../../cli/run.js";
import { fieldError, ruleRefusal } from "./helpers.js";

const FOLDERS = ["initiative", "defense", "refusals"] as const;
const examples = FOLDERS.flatMap((folder) => readdirSync(join(root, "examples/d6", folder)).filter((f) => f.endsWith(".json")).map((f) => `${folder}/${f}`));
const text = (path: string) => readFileSync(join(root, "examples/d6", path), "utf8");
const run = (path: string) => resolveD6Text(text(path));
const initiative = (path: string) => run(`initiative/${path}`) as D6InitiativeOutcomeJson;
const defense = (path: string) => run(`defense/${path}`) as D6DefenseOutcomeJson;
type Json = Record<string, unknown>;

describe("examples/d6 initiative, defense and refusal scenarios", () => {
  it("there are examples of each kind", () => {
    for (const folder of FOLDERS) expect(examples.filter((e) => e.startsWith(`${folder}/`)).length, folder).toBeGreaterThanOrEqual(2);
  });

  it.each(examples)("%s: the command prints its checked outcome, exit code 0", (path) => {
    const result = runCommand(rulesWithAll, ["--ruleset", "d6", join(root, "examples/d6", path)]);
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    const [folder, file] = path.split("/");
    expect(JSON.parse(result.stdout)).toEqual(JSON.parse(readFileSync(join(root, "examples/d6", folder!, "outcomes", file!), "utf8")));
  });
});

describe("initiative (kind initiative, D5–D10)", () => {
  it("the thug fight: Mara 2+3+(6+4) = 15, +1 for 4D Agility (D8), +3 for a Character Point (D9) = 19, placed first by the GM (D5)", () => {
    const o = initiative("thug-fight.json");
    const mara = o.combatants[0]!;
    expect([mara.roll!.total, mara.bonus, mara.bonusFrom, mara.characterPointDice, mara.total]).toEqual([15, 1, { search: 0, agility: 1 }, [3], 19]);
    expect(o.order[0]).toMatchObject({ place: 1, name: "Mara", overridden: true });
  });

  it("the thugs share one roll, 5+(6+3)+1 pip = 15, and so tie (D6, D7); the wounded lookout rolls 2D − 1D = 1D: a 1, flagged (D2, D37)", () => {
    const o = initiative("thug-fight.json");
    const [, thug, second, lookout] = o.combatants;
    expect([thug!.total, second!.total, second!.roll, second!.sharesRollOf]).toEqual([15, 15, null, "Thug"]);
    expect(o.order.slice(1, 3).map((t) => [t.name, t.simultaneous, t.tieGroup])).toEqual([["Thug", true, 1], ["Thug (second)", true, 1]]);
    expect([lookout!.code, lookout!.woundDice, lookout!.roll!.complication, lookout!.total]).toEqual(["1D", 1, true, 1]);
    expect(o.order.map((t) => t.name)).toEqual(["Mara", "Thug", "Thug (second)", "Lookout"]);
  });

  it("seed checks 12 and 13: search 5D+1 over Perception 3D is +1 (D8); two totals of 14 act together, the player character listed first (D7); the incapacitated driver has no roll and no place (D10)", () => {
    const o = initiative("tie-and-search-bonus.json");
    const kira = o.combatants.find((c) => c.name === "Kira")!;
    expect([kira.bonusFrom, kira.total]).toEqual([{ search: 1, agility: 0 }, 6 + 2 + 5 + 1]);
    expect(o.order.map((t) => [t.name, t.total, t.simultaneous])).toEqual([["Kira", 14, true], ["the thug", 14, true]]);
    expect(o.combatants.find((c) => c.name === "the driver")).toMatchObject({ unableToAct: true, roll: null, total: null });
  });

  const one = (c: Json, extra: Json = {}) => JSON.stringify({ kind: "initiative", combatants: [{ name: "Kira", perception: "3D", roll: { dice: [4, 2], wild: [3] }, ...c }], ...extra });

  it("seed check 9: Fate Points are refused (D9); more Character Points than the world allows too", () => {
    ruleRefusal(() => resolveD6Text(one({ fatePoints: 1 })), "D9", "Fate Points cannot be spent on initiative");
    ruleRefusal(() => resolveD6Text(one({ characterPoints: [[2], [3]] }, { options: { maxCharacterPointsOnInitiative: 1 } })), "D9", "at most 1");
    expect((resolveD6Text(one({ characterPoints: [[6, 2]] })) as D6InitiativeOutcomeJson).combatants[0]!.total).toBe(4 + 2 + 3 + 8);
  });

  it("D10: no roll and no place for a combatant unable to act; D6, D9: no Character Point on a group's shared roll", () => {
    ruleRefusal(() => resolveD6Text(one({ wounds: { level: "incapacitated" } })), "D10", "No initiative roll: Kira is Incapacitated");
    const driver = { name: "the driver", perception: "2D", wounds: { level: "killed" } };
    ruleRefusal(() => resolveD6Text(JSON.stringify({ kind: "initiative", combatants: [{ name: "Kira", perception: "3D", roll: { dice: [1, 1], wild: [1] } }, driver], places: [{ name: "the driver", position: 0 }] })), "D10", "the driver has no turn");
    const thugs = [{ name: "A", perception: "2D", group: "g", roll: { dice: [1], wild: [2] } }, { name: "B", perception: "2D", group: "g", characterPoints: [[4]] }];
    ruleRefusal(() => resolveD6Text(JSON.stringify({ kind: "initiative", combatants: thugs })), "D9", 'Group "g" shares one initiative roll');
  });

  it("input that is not a valid initiative scenario names the field (exit code 2 at the command)", () => {
    fieldError(() => resolveD6Text(one({ roll: { dice: [4], wild: [3] } })), "combatants[0].roll", "3D", "2 plain dice");
    fieldError(() => resolveD6Text(one({ roll: undefined })), "combatants[0].roll", "is required");
    fieldError(() => resolveD6Text(one({ bonus: 1, agility: "4D" })), "combatants[0].agility", "not both");
    fieldError(() => resolveD6Text(one({}, { places: [{ name: "Nobody", position: 0 }] })), "places[0].name", "Nobody");
    const unlike = [{ name: "A", perception: "2D", group: "g", roll: { dice: [1], wild: [2] } }, { name: "B", perception: "3D", group: "g" }];
    fieldError(() => resolveD6Text(JSON.stringify({ kind: "initiative", combatants: unlike })), "combatants[1]", "different code");
    fieldError(() => resolveD6Text(JSON.stringify({ kind: "initiative", combatants: [] })), "combatants", "at least one");
    fieldError(() => resolveD6Text(JSON.stringify({ kind: "tactics", combatants: [] })), "kind", "attack, initiative, defense");
    const bad = runCommand(rulesWithAll, ["--ruleset", "d6"], one({ perception: "3X" }));
    expect([bad.status, bad.stdout]).toEqual([2, ""]);
    expect(bad.stderr).toContain("combatants[0].perception");
  });
});

describe("defense (kind defense): when a defense starts and ends (D18)", () => {
  it("seed checks 2 and 4: moved up (D15), N = 2 with a wait; she interrupts the swing with a dodge at −1D: 2+1+4 = 7, which replaces the passive 10 at once (D14, D18)", () => {
    const o = defense("interrupt-dodge-until-next-turn.json");
    const at = (n: number) => o.steps[n - 1]!;
    expect(at(4).difficulty).toEqual({ mode: "unarmed", base: 10, source: "passive", since: null });
    expect([at(5).roll!.actionDice, at(5).roll!.total, at(5).started.map((d) => [d.skill, d.total])]).toEqual([1, 7, [["dodge", 7]]]);
    expect(at(6).difficulty).toEqual({ mode: "unarmed", base: 7, source: "dodge", since: { step: 5, round: 1 } });
  });

  it("D15, D18: her place in the order after moving up does not end it; a new round does not either; her next turn does", () => {
    const o = defense("interrupt-dodge-until-next-turn.json");
    const at = (n: number) => o.steps[n - 1]!;
    expect([at(7).do, at(7).ended]).toEqual(["turn", []]);
    expect([at(9).do, at(9).round, at(9).inForce.length]).toEqual(["round", 2, 1]);
    expect(at(10).difficulty!.base).toBe(7);
    expect([at(11).do, at(11).ended.map((d) => [d.skill, d.since])]).toEqual(["turn", [["dodge", { step: 5, round: 1 }]]]);
    expect(at(12).difficulty).toEqual({ mode: "melee", base: 10, source: "passive", since: null });
  });

  it("seed check 5, D18, D23, D25, D10: a full block 12 + 10 = 22 covers melee only; a GM-called dodge of 7 covers the shot; a knockout ends both at once", () => {
    const o = defense("full-defense-and-knockout.json");
    const at = (n: number) => o.steps[n - 1]!;
    expect(at(1).refused!.rule).toBe("D18");
    expect(at(3).started).toEqual([{ skill: "block", mode: "full", roll: 12, total: 22, covers: ["unarmed", "melee"], since: { step: 3, round: 1 } }]);
    expect(at(4).refused!.rule).toBe("D23");
    expect([at(5).difficulty!.base, at(6).difficulty!.base]).toEqual([22, 10]);
    expect([at(8).roll!.total, at(9).difficulty!.source, at(9).difficulty!.base]).toEqual([7, "dodge", 7]);
    expect([at(10).unableToAct, at(10).ended.map((d) => d.skill), at(10).inForce]).toEqual([true, ["block", "dodge"], []]);
    expect(at(13).refused!.rule).toBe("D10");
  });

  it("a refused step changes nothing and the script goes on (the tracker refuses and goes on)", () => {
    const o = defense("full-defense-and-knockout.json");
    for (const step of o.steps.filter((s) => s.refused)) {
      const before = o.steps[step.step - 2];
      expect([step.started, step.ended]).toEqual([[], []]);
      if (before) expect([step.inForce, step.actions]).toEqual([before.inForce, before.actions]);
    }
  });

  const script = (steps: Json[], defender: Json = {}) => JSON.stringify({ kind: "defense", defender: { name: "Kira", ...defender }, steps });
  const dodge = (extra: Json = {}) => ({ do: "defend", skill: "dodge", mode: "partial", code: "4D", roll: { dice: [3, 3, 3], wild: [3] }, ...extra });
  const refusalOf = (steps: Json[], defender?: Json) => (resolveD6Text(script(steps, defender)) as D6DefenseOutcomeJson).steps.map((s) => s.refused?.rule ?? null);

  it("D11, D14, D23, D3: acting before N, a full defense after N, an interrupt with no wait held, a dodge with no die left", () => {
    expect(refusalOf([{ do: "turn" }, dodge()])).toEqual([null, "D11"]);
    expect(refusalOf([{ do: "turn", actions: 2 }, dodge({ mode: "full" })])).toEqual([null, "D23"]);
    expect(refusalOf([{ do: "turn", actions: 2 }, { do: "endTurn" }, dodge({ interrupting: true })])).toEqual([null, null, "D14"]);
    expect(refusalOf([{ do: "turn", actions: 3 }, dodge({ code: "2D+1" })])).toEqual([null, "D3"]);
    expect(refusalOf([{ do: "turn", actions: 1 }, { do: "endTurn" }, { do: "wait" }])).toEqual([null, null, "D11"]);
    expect(refusalOf([{ do: "turn", actions: 1 }, { do: "moveUp", actions: 2 }])).toEqual([null, "D11"]);
  });

  it("D37: the wound dice come off the defense roll; a Stunned defender's penalty ends after the next round", () => {
    const o = resolveD6Text(script([{ do: "turn", actions: 1 }, dodge({ roll: { dice: [3, 3], wild: [3] } }), { do: "round", round: 3 }, { do: "turn", actions: 1 }, dodge()], { wounds: { level: "stunned", untilRound: 2 } })) as D6DefenseOutcomeJson;
    expect([o.steps[1]!.roll!.woundDice, o.steps[1]!.roll!.total, o.steps[4]!.roll!.woundDice]).toEqual([1, 9, 0]);
  });

  it("input that is not a valid defense scenario names the field", () => {
    fieldError(() => resolveD6Text(script([{ do: "turn", actions: 1 }, dodge({ roll: { dice: [3], wild: [3] } })])), "steps[1].roll", "4D");
    fieldError(() => resolveD6Text(script([{ do: "dance" }])), "steps[0].do", "round, turn, moveUp");
    fieldError(() => resolveD6Text(script([{ do: "round", round: 1 }])), "steps[0].round", "after round 1");
    fieldError(() => resolveD6Text(script([{ do: "turn" }, { do: "turn" }])), "steps[1]", "one turn a round");
    fieldError(() => resolveD6Text(script([dodge({ mode: "full", interrupting: true })])), "steps[0].interrupting", "only a partial defense");
    fieldError(() => resolveD6Text(script([{ do: "wait", actions: 2 }])), "steps[0].actions", "unknown field");
  });
});

describe("refusals as outcomes of the attack scenario", () => {
  it("the examples: a dodge cut to 0D+2 (D3), an incapacitated attacker (D10)", () => {
    ruleRefusal(() => run("refusals/dodge-cut-to-pips.json"), "D3", "2D+2 − 1D for actions − 1D for wounds + 0D leaves 0D+2, and pips alone are not a roll (D3, D41)");
    expect(ruleRefusal(() => run("refusals/attacker-incapacitated.json"), "D10").message).toBe("No attack: the thug is Incapacitated and unable to act (D10, D37).");
  });

  it("the command prints a refusal on standard output and exits 0; bad input stays exit code 2", () => {
    const refused = runCommand(rulesWithAll, ["--ruleset", "d6", join(root, "examples/d6/refusals/dodge-cut-to-pips.json")]);
    expect([refused.status, refused.stderr, JSON.parse(refused.stdout).refused.rule]).toEqual([0, "", "D3"]);
    const scenario = JSON.parse(text("refusals/dodge-cut-to-pips.json"));
    scenario.defender.defenses[0].code = "2Q";
    const bad = runCommand(rulesWithAll, ["--ruleset", "d6"], JSON.stringify(scenario));
    expect([bad.status, bad.stdout]).toEqual([2, ""]);
  });

  it("an explicit kind \"attack\" reads as before", () => {
    const scenario = JSON.parse(readFileSync(join(root, "examples/d6/floor-of-three-shot.json"), "utf8"));
    expect(resolveD6Text(JSON.stringify({ ...scenario, kind: "attack" }))).toEqual(JSON.parse(readFileSync(join(root, "examples/d6/outcomes/floor-of-three-shot.json"), "utf8")));
    expect(() => resolveD6Text(JSON.stringify({ ...scenario, kind: "initiative" }))).toThrow(/scenario\.attacker: unknown field/);
  });

  it("every refusal is a RuleRefusal whose rule the reason cites", () => {
    for (const path of examples) {
      let outcome: unknown;
      try {
        outcome = run(path);
      } catch (error) {
        expect(error).toBeInstanceOf(RuleRefusal);
        continue;
      }
      const refusals = JSON.stringify(outcome).match(/"refused":\{"rule":"(D\d+)","reason":"[^"]*"/g) ?? [];
      for (const r of refusals) expect(r).toMatch(/"rule":"(D\d+)".*\1/);
    }
  });
});
