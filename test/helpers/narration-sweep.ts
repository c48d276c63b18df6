/**
 * The narration sweep (docs/style.md, "Typography"; issue 23.3): text a
 * player reads — demo output, card steps, explain lines — must read like a
 * GM wrote it. `sweepNarration(lines)` returns every offending line with
 * its reason, so a test says
 *
 *     expect(sweepNarration(gurpsDemoScript())).toEqual([]);
 *
 * and a failure lists each line to fix. It finds:
 *  - a plural written "(s)" ("1 yard(s)") — write the real plural
 *    (src/core/views/text.ts `plural`);
 *  - a hyphen used as a minus before a digit ("trademark -2") — write the
 *    true minus (`signed`, `figure`, `trueMinus`); ranges ("3-4") and dice
 *    ("1d6-1") are left alone;
 *  - an internal id of the form word:word ("block:smallShield") — show its
 *    label;
 *  - a line starting with a lower-case letter — sentence case.
 * Blank lines and heading underlines ("-----") are skipped.
 */

export interface NarrationProblem {
  /** 1-based line number in what was swept. */
  line: number;
  text: string;
  reason: string;
}

/** Each check: what it finds, and why it is wrong. */
export const NARRATION_CHECKS: readonly { pattern: RegExp; reason: string }[] = [
  { pattern: /\((?:s|es|ies)\)/, reason: 'a plural written "(s)": write the real plural' },
  { pattern: /(?:^|[\s([{=:,/])-\d/, reason: "a hyphen used as a minus before a digit: write the true minus (−)" },
  { pattern: /(?<![\w/.:-])[A-Za-z][A-Za-z0-9_-]*:[A-Za-z][A-Za-z0-9_.-]*/, reason: "an internal id (word:word): show its label" },
  { pattern: /^\s*\p{Ll}/u, reason: "starts with a lower-case letter: sentence case" },
];

/** Lines with nothing to read: blank, or a heading's underline. */
const SKIPPED = /^\s*(?:[-=~_*]{3,})?\s*$/;

/**
 * Every offending line of `text` (lines, or one string split at newlines),
 * one entry per line and reason. `allow` lists patterns that excuse a line
 * (e.g. a dice code a ruleset prints on purpose); keep each narrow.
 */
export function sweepNarration(text: string | readonly string[], allow: readonly RegExp[] = []): NarrationProblem[] {
  const lines = typeof text === "string" ? text.split(/\r?\n/) : text.flatMap((entry) => entry.split(/\r?\n/));
  const problems: NarrationProblem[] = [];
  lines.forEach((line, index) => {
    if (SKIPPED.test(line) || allow.some((pattern) => pattern.test(line))) return;
    for (const { pattern, reason } of NARRATION_CHECKS) {
      if (pattern.test(line)) problems.push({ line: index + 1, text: line, reason });
    }
  });
  return problems;
}

/** The problems as lines for a failure message: `12: "1 yard(s)" — a plural written "(s)"…`. */
export function describeProblems(problems: readonly NarrationProblem[]): string[] {
  return problems.map((p) => `${p.line}: ${JSON.stringify(p.text)} — ${p.reason}`);
}
