/**
 * docs/rules-command.md is the one entry page of the `rules` command for all
 * five rulesets (issue 24): every key of every checked outcome under
 * examples/ (the command's real output: the examples tests compare them
 * byte for byte) must be named in its ruleset's section — in backticks
 * (`key`) or as a JSON key ("key") of a format block.
 *
 * A ruleset's section runs from its `## ` heading to the next ruleset's.
 * Keys that are data rather than fields (a record keyed by fighter names)
 * are listed per ruleset as the paths whose children are data.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { RulesetId } from "../../src/core/ruleset.js";
import { root } from "./run.js";

interface RulesetDocs {
  /** The heading that opens the ruleset's section. */
  heading: RegExp;
  /** Folders of checked outcomes. */
  outcomes: string[];
  /** Paths (`a.b[].c`) whose object's keys are data (names, ids), not fields. */
  dataKeyed?: readonly string[];
}

const DOCS: Readonly<Record<RulesetId, RulesetDocs>> = {
  cychosys: { heading: /^## Cychosys\b/, outcomes: ["examples/outcomes"] },
  d6: { heading: /^## OpenD6\b/, outcomes: ["examples/d6/outcomes", "examples/d6/initiative/outcomes", "examples/d6/defense/outcomes", "examples/d6/refusals/outcomes"] },
  cwn: { heading: /^## Cities Without Number\b/, outcomes: ["examples/cwn/outcomes"], dataKeyed: ["final.sides", "final.fighters"] },
  phase: {
    heading: /^## Phase-based homebrew\b/,
    outcomes: ["examples/phase/outcomes", "examples/phase/sequences/outcomes", "examples/phase/refusals/outcomes", "examples/phase/sequences/refusals/outcomes"],
    // A sequence's fighters are keyed by the scenario's ids, each one's weapons by the weapon ids.
    dataKeyed: ["fighters", "fighters.*.weapons"],
  },
  gurps: { heading: /^## GURPS\b/, outcomes: ["examples/gurps/outcomes"] },
};

/**
 * The rulesets whose section is complete. Each ruleset joins this list when
 * its section documents every output field; at the end all five are here.
 */
const SWEPT: readonly RulesetId[] = ["cychosys", "d6", "cwn", "gurps", "phase"];

const doc = readFileSync(join(root, "docs/rules-command.md"), "utf8").split("\n");

/** The lines of a ruleset's section: from its heading to the next ruleset's heading (or the end). */
function sectionOf(id: RulesetId): string {
  const start = doc.findIndex((line) => DOCS[id].heading.test(line));
  if (start < 0) return "";
  const others = Object.values(DOCS).map((d) => d.heading);
  let end = doc.length;
  for (let i = start + 1; i < doc.length; i++) {
    if (others.some((h) => h.test(doc[i]!))) {
      end = i;
      break;
    }
  }
  return doc.slice(start, end).join("\n");
}

function outcomeFiles(dir: string): string[] {
  const full = join(root, dir);
  return readdirSync(full)
    .filter((name) => name.endsWith(".json") && statSync(join(full, name)).isFile())
    .map((name) => join(full, name));
}

/** Every field name of an outcome with the path it was found at (the first one), skipping data-keyed records' own keys. */
export function fieldNames(value: unknown, dataKeyed: readonly string[] = [], path = "", out = new Map<string, string>()): Map<string, string> {
  if (Array.isArray(value)) {
    for (const item of value) fieldNames(item, dataKeyed, `${path}[]`, out);
  } else if (value !== null && typeof value === "object") {
    const keyedByData = dataKeyed.includes(path);
    for (const [key, child] of Object.entries(value)) {
      const childPath = keyedByData ? `${path}.*` : path ? `${path}.${key}` : key;
      if (!keyedByData && !out.has(key)) out.set(key, childPath);
      fieldNames(child, dataKeyed, childPath, out);
    }
  }
  return out;
}

describe("fieldNames", () => {
  it("walks objects and lists, naming each field once, with the first path it was found at", () => {
    expect([...fieldNames({ a: 1, b: [{ c: 2 }, { c: 3, d: null }] })]).toEqual([["a", "a"], ["b", "b"], ["c", "b[].c"], ["d", "b[].d"]]);
  });

  it("a data-keyed record's keys are not fields, but what they hold is", () => {
    expect([...fieldNames({ fighters: { Vee: { hp: 3 }, Mack: { hp: 4 } } }, ["fighters"])]).toEqual([["fighters", "fighters"], ["hp", "fighters.*.hp"]]);
  });
});

describe("docs/rules-command.md documents every output field", () => {
  it.each(SWEPT)("%s: every key of every checked outcome is named in its section", (id) => {
    const section = sectionOf(id);
    expect(section, `docs/rules-command.md has no section matching ${DOCS[id].heading}`).not.toBe("");
    const missing = new Map<string, string>();
    for (const dir of DOCS[id].outcomes) {
      for (const file of outcomeFiles(dir)) {
        const outcome = JSON.parse(readFileSync(file, "utf8")) as unknown;
        for (const [name, path] of fieldNames(outcome, DOCS[id].dataKeyed)) {
          if (!section.includes(`\`${name}\``) && !section.includes(`"${name}"`) && !missing.has(name)) missing.set(name, `${path} (${file.slice(root.length + 1)})`);
        }
      }
    }
    expect([...missing].map(([name, where]) => `${name}: ${where}`)).toEqual([]);
  });
});
