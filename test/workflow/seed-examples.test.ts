/**
 * Issue 4, "done when": every seed example of the chapter played through the
 * cards' state machine (attack → defense → exchange → application) gives the
 * same figures as the `rules` command (examples/outcomes/*.json), and the
 * card explains exactly the lines the rules core explains.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type AttackInput, explainAttack, formatBundle, outcomeJson, type Pools, readScenario, resolveAttack } from "../../src/rulesets/cychosys/rules/index.js";
import { attackCardView } from "../../src/rulesets/cychosys/workflow/attack-card.js";
import {
  applyInjury,
  type AttackFlow,
  counterAgain,
  declareAttack,
  declineCounter,
  defend,
  type DefenseDeclaration,
  type FlowUser,
  type StruckState,
} from "../../src/rulesets/cychosys/workflow/attack-flow.js";

const EXAMPLES = join(import.meta.dirname, "../../examples");
const attacker = { actorUuid: "Actor.attacker", name: "Attacker" };
const defender = { actorUuid: "Actor.defender", name: "Defender" };
const gm: FlowUser = { id: "gm", isGM: true, owns: () => false };
/** Scenarios without pools: a struck side needs some to apply to (the rules command then prints none). */
const SPARE_POOLS: Pools = { hit: { physical: 20, mental: 20, emotional: 20 }, fatigue: { physical: 20, mental: 20, emotional: 20 } };

function defenseOf(input: AttackInput): DefenseDeclaration {
  const d = input.defense;
  if (d.form === "counter") {
    const first = d.totals[0]!;
    return { form: "counter", total: first.total, surge: first.surge ?? false, edge: formatBundle(d.edge) };
  }
  const declaration: DefenseDeclaration = { form: d.form, total: d.total, surge: d.surge ?? false };
  if (d.form === "parry" && input.defense.object) {
    const o = input.defense.object;
    declaration.object = { name: "object", shield: formatBundle(o.shield), hits: o.hits ?? o.shield.hits };
  }
  return declaration;
}

/** Play the scenario through the workflow as the GM would click it. */
function play(input: AttackInput): AttackFlow {
  let flow = declareAttack(
    "attack",
    attacker,
    {
      total: input.attacker.total,
      surge: input.attacker.surge ?? false,
      edge: formatBundle(input.attacker.edge),
      dice: [],
      ...(input.location && { location: input.location }),
      ...(input.nonLethal && { nonLethal: input.nonLethal }),
    },
    [defender],
  );
  flow = defend(flow, 0, defenseOf(input), gm).flow;
  if (input.defense.form === "counter") {
    for (const step of input.defense.totals.slice(1)) flow = counterAgain(flow, 0, step.total, step.surge ?? false, gm).flow;
  }
  if (flow.targets[0]!.phase === "exchange") flow = declineCounter(flow, 0, gm).flow;
  return flow;
}

const files = readdirSync(EXAMPLES).filter((f) => f.endsWith(".json"));

describe("the chapter's examples through the attack cards (R21–R36)", () => {
  it("there are examples to play", () => {
    expect(files.length).toBeGreaterThanOrEqual(7);
  });

  for (const file of files) {
    it(`${file}: the applied injury matches the rules command's outcome`, () => {
      const input = readScenario(JSON.parse(readFileSync(join(EXAMPLES, file), "utf8")));
      const expected = JSON.parse(readFileSync(join(EXAMPLES, "outcomes", file), "utf8")) as Record<string, unknown>;
      const flow = play(input);
      const target = flow.targets[0]!;
      expect(target.phase).toBe("resolved");
      const cli = resolveAttack({ ...input, choices: {} });
      const names = { attacker: attacker.name, defender: defender.name, object: "object" };

      if (cli.struck === "none") {
        expect(target.verdict?.struck).toBe("none");
        expect(outcomeJson({ contest: cli.contest, struck: "none", missed: "miss" })).toEqual(expected);
        expect(attackCardView(flow, gm).targets[0]!.verdict.map((l) => l.text)).toEqual(explainAttack(cli, names).map((l) => l.text));
        return;
      }
      const struckSide = cli.struck === "attacker" ? input.attacker : input.defender;
      const state: StruckState = { outfit: struckSide.outfit, extraSoakSteps: struckSide.extraSoakSteps ?? 0, pools: struckSide.pools ?? SPARE_POOLS };
      if ("refused" in expected) {
        // A choice a rule forbids: the apply step refuses it with the words the rules command prints (R24, R28, R32, R33).
        const { reason } = (expected as { refused: { reason: string } }).refused;
        expect(() => applyInjury(flow, 0, state, input.choices ?? {}, gm, ["c1", "c2", "c3", "c4", "c5", "c6"])).toThrow(reason);
        return;
      }
      const applied = applyInjury(flow, 0, state, input.choices ?? {}, gm, ["c1", "c2", "c3", "c4", "c5", "c6"]).flow;
      const application = applied.targets[0]!.applications[0]!;
      if (struckSide.pools) expect(application.outcome).toEqual(expected);
      else expect(application.outcome).toMatchObject(expected);

      // The card says, line for line, what the rules core says of the same blow.
      const panel = attackCardView(applied, gm).targets[0]!;
      const card = [...panel.verdict, ...panel.applied].map((l) => l.text);
      const rules = explainAttack(resolveAttack({ ...input, [cli.struck]: { ...struckSide, pools: state.pools } }), names).map((l) => l.text);
      expect(card).toEqual(rules);

      // Before anyone applies, the preview with the default choices says the same as the rules core with no choices.
      if (!input.choices) {
        const settled = attackCardView(flow, gm, undefined, undefined, { stateOf: () => state }).targets[0]!;
        expect([...settled.verdict, ...settled.preview].map((l) => l.text)).toEqual(rules);
      }
    });
  }
});
