/**
 * Narration that reads like a GM wrote it (issue 23.3, docs/style.md
 * "Typography"), swept with the shared helper (test/helpers/narration-sweep.ts:
 * no "(s)" plurals, no hyphen as a minus before a digit, no word:word ids,
 * no line starting lower-case) over everything Cychosys narrates: the whole
 * `npm run demo` output, the explanation of every example of the `rules`
 * command, every text of the attack card in each of its states (title,
 * subtitle, rolls, outcome, who acts, notes, buttons, the working), the
 * action-roll cards, the round-end note, and the Cychosys lang entries a
 * player reads.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { demoLog } from "../../../src/rulesets/cychosys/demo-log.js";
import { english, explainAttack, readScenario, resolveAttack } from "../../../src/rulesets/cychosys/rules/index.js";
import { countOf } from "../../../src/rulesets/cychosys/rules/words.js";
import { attackCardContext } from "../../../src/rulesets/cychosys/views/card.js";
import { chatCards } from "../../../tools/preview/chat.js";
import { roundEndNote } from "../../../tools/preview/combat.js";
import { oddsSides, previewStates, workflowFlows } from "../../../tools/preview/workflow.js";
import { describeProblems, NARRATION_CHECKS, sweepNarration } from "../../helpers/narration-sweep.js";
import { root } from "../../cli/run.js";

const sweep = (lines: readonly string[]) => expect(describeProblems(sweepNarration(lines))).toEqual([]);

describe("Cychosys narration sweep (issue 23.3)", () => {
  it("the whole demo (npm run demo)", () => {
    const demo = demoLog();
    expect(demo.split("\n").length).toBeGreaterThan(100);
    sweep([demo]);
  });

  it("the explanation of every example of the rules command (R21–R36)", () => {
    const dir = join(root, "examples");
    const lines: string[] = [];
    for (const file of readdirSync(dir).filter((f) => f.endsWith(".json"))) {
      const input = readScenario(JSON.parse(readFileSync(join(dir, file), "utf8")));
      lines.push(...explainAttack(resolveAttack({ ...input, choices: {} }), { attacker: "Thorton", defender: "Parker", object: "chair" }).map((l) => l.text));
    }
    expect(lines.length).toBeGreaterThan(50);
    sweep(lines);
  });

  it("every text of the attack card, in each state and for each viewer", () => {
    const lines: string[] = [];
    for (const { flow, user } of Object.values(workflowFlows())) {
      for (const viewer of [user, { id: "gm", isGM: true, owns: () => false }]) {
        const card = attackCardContext(flow, viewer, { stateOf: (uuid) => previewStates[uuid], oddsSideOf: (uuid) => oddsSides[uuid], userName: () => "Gamemaster" });
        lines.push(card.title, card.subtitle ?? "", ...card.working, ...(card.rollNote ? [card.rollNote.text] : []));
        for (const t of card.targets) {
          lines.push(t.phaseLabel, ...t.notes, ...t.working, ...t.buttons.map((b) => b.label));
          if (t.outcome) lines.push(t.outcome.text, ...(t.outcome.details ?? []).map((d) => d.text));
          if (t.hint) lines.push(t.hint);
          if (t.preview) lines.push(t.preview);
          if (t.defendAgain) lines.push(t.defendAgain);
          for (const roll of [t.defenseRoll, ...t.exchange]) if (roll) lines.push([roll.label, roll.total, roll.against].filter(Boolean).join(" "));
        }
      }
    }
    expect(lines.length).toBeGreaterThan(100);
    sweep(lines);
  });

  it("the action-roll cards and the round-end note", () => {
    const lines: string[] = [];
    for (const { context } of chatCards()) {
      lines.push(context.title, ...context.working, ...(context.keyNote ? [context.keyNote.text] : []), ...(context.experienceNote ? [context.experienceNote] : []));
    }
    const note = roundEndNote(english);
    lines.push(note.title, ...note.lines);
    sweep(lines);
  });

  it("the Cychosys lang entries a player reads hold no \"(s)\" plural and no hyphen as a minus", () => {
    const lang = JSON.parse(readFileSync(join(root, "lang/en.json"), "utf8")) as { CYCHOSYS: Record<string, unknown> };
    // Entries are often sentence fragments (filled into others): only the plural and the minus are swept here.
    const checks = NARRATION_CHECKS.slice(0, 2);
    const problems: string[] = [];
    const walk = (node: unknown, path: string) => {
      if (typeof node === "string") {
        for (const { pattern, reason } of checks) if (pattern.test(node)) problems.push(`${path}: ${reason}`);
      } else if (node && typeof node === "object") for (const [k, v] of Object.entries(node)) walk(v, `${path}.${k}`);
    };
    // The Cychosys sections (the other rulesets, and the windows every world shares, sweep their own).
    const shared = new Set(["D6", "Phase", "Cwn", "Gurps", "Ruleset", "Migration", "Bench", "House"]);
    for (const [section, node] of Object.entries(lang.CYCHOSYS)) if (!shared.has(section)) walk(node, `CYCHOSYS.${section}`);
    expect(problems).toEqual([]);
  });

  it("counted words take their plural form: 1 hit, 2 hits, 0 steps", () => {
    expect([countOf("hit", 1), countOf("hit", 2), countOf("step", 0), countOf("soakStep", 1), countOf("unusedAction", 3)]).toEqual(["1 hit", "2 hits", "0 steps", "1 soak step", "3 unused actions"]);
  });
});
