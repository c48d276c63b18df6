/**
 * Narration that reads like a GM wrote it (issue 23.3, docs/style.md
 * "Typography"): the shared sweep over ALL of the phase ruleset's demo
 * output, the explanation of every example scenario (what `rules` explains
 * and the card's working shows), and the card's and the tracker's text —
 * no "(s)" plurals, no hyphen as a minus, no `word:word` ids, no line
 * starting lower-case.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { phaseDemoScript, phaseHeadless } from "../../../src/rulesets/phase/rules/index.js";
import { actionLabel } from "../../../src/rulesets/phase/rules/words.js";
import { describeProblems, sweepNarration } from "../../helpers/narration-sweep.js";

const DIR = join(import.meta.dirname, "..", "..", "..", "examples", "phase");
const SEQ = join(DIR, "sequences");
const files = (dir: string) => readdirSync(dir).filter((f) => f.endsWith(".json"));

describe("the phase ruleset's narration passes the house sweep", () => {
  it("the demo, every line", () => {
    const lines = phaseDemoScript();
    expect(lines.length).toBeGreaterThan(250);
    expect(describeProblems(sweepNarration(lines))).toEqual([]);
  });

  it("the explanation of every example attack and sequence", () => {
    const lines = [
      ...files(DIR).flatMap((f) => phaseHeadless.explainAttack(readFileSync(join(DIR, f), "utf8")).map((l) => l.text)),
      ...files(SEQ).flatMap((f) => phaseHeadless.explainSequence(readFileSync(join(SEQ, f), "utf8")).map((l) => l.text)),
    ];
    expect(lines.length).toBeGreaterThan(300);
    expect(describeProblems(sweepNarration(lines))).toEqual([]);
  });

  it("a GM's own catalogue entry is named in words, never by its key (firstAid → first aid)", () => {
    expect(actionLabel("firstAid")).toBe("first aid");
    expect(actionLabel("search_room")).toBe("search room");
    expect(actionLabel("targetAndFire")).toBe("Target and fire");
  });
});
