/**
 * Refusals as outcomes (src/core/refusal.ts): when a ruleset's headless
 * `resolve` throws a RuleRefusal, the rules forbid what a well-formed
 * scenario asks, and the `rules` command answers with the refusal as JSON on
 * standard output and exit code 0; input that is not a valid scenario stays
 * exit code 2. Shown on a stand-in ruleset whose resolve refuses as OpenD6's
 * D3 does (a dodge cut to 0D+2 is not rolled), so the mechanism is tested
 * apart from any one ruleset's conversion to it.
 */
import { describe, expect, it } from "vitest";
import type { Headless } from "../../src/cli/headless.js";
import { rulesCommand } from "../../src/cli/rules.js";
import { LocalizedError } from "../../src/core/errors.js";
import { RuleRefusal } from "../../src/core/refusal.js";
import { runCommand } from "./run.js";

const refusal = () => new RuleRefusal("D3", "CYCHOSYS.D6.Error", "nothingToRoll", { what: "dodge", base: "2D+2", action: 1, wound: 1, bonus: 0, code: "0D+2" });

/** A ruleset that refuses a dodge cut to 0D+2, refuses unreadable input as bad input, and otherwise answers. */
const STAND_IN: Record<string, Headless> = {
  standin: {
    resolve: (text) => {
      const scenario = JSON.parse(text) as { dodge?: string };
      if (scenario.dodge === undefined) throw new LocalizedError("CYCHOSYS.Error", "scenarioJson", { message: "dodge: missing" });
      if (scenario.dodge === "0D+2") throw refusal();
      return { rolled: scenario.dodge };
    },
    demo: () => "",
  },
};
const rules = (input: string) => runCommand((args, io) => rulesCommand(args, io, STAND_IN), ["--ruleset", "standin"], input);

describe("refusals as outcomes (rules command)", () => {
  it("D3: a rule's refusal prints { refused: { rule, reason } } on standard output, exit code 0", () => {
    const result = rules('{"dodge":"0D+2"}');
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    const outcome = JSON.parse(result.stdout);
    expect(outcome).toEqual({ refused: { rule: "D3", reason: refusal().message } });
    expect(outcome.refused.reason).toContain("leaves 0D+2, and pips alone are not a roll (D3, D41)");
  });

  it("an allowed action is the ruleset's outcome as before", () => {
    expect(rules('{"dodge":"3D"}')).toEqual({ status: 0, stdout: `${JSON.stringify({ rolled: "3D" }, null, 2)}\n`, stderr: "" });
  });

  it("input that is not a valid scenario stays one line on standard error, exit code 2", () => {
    const result = rules("{}");
    expect(result.status).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr.trimEnd().split("\n")).toHaveLength(1);
  });

  it("a RuleRefusal is a LocalizedError (the table refuses it like any other, by its key)", () => {
    const error = refusal();
    expect(error).toBeInstanceOf(LocalizedError);
    expect(error.i18nKey).toBe("CYCHOSYS.D6.Error.nothingToRoll");
    expect(error.rule).toBe("D3");
    expect(error.toJSON()).toEqual({ refused: { rule: "D3", reason: error.message } });
  });
});
