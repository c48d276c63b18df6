/**
 * The narration sweep (test/helpers/narration-sweep.ts; issue 23.3): each of
 * its four checks finds what it should and lets good text through; then it
 * runs over what already passes — the house kit's own words and what its
 * helpers write. Each ruleset's demo and card steps get their own sweep in
 * that ruleset's tests.
 */
import { describe, expect, it } from "vitest";
import { english } from "../../src/core/messages.js";
import { attackTitle, HOUSE_KEYS } from "../../src/core/views/house.js";
import { listText, plural, sentenceCase, signed } from "../../src/core/views/text.js";
import { describeProblems, sweepNarration } from "../helpers/narration-sweep.js";

const reasons = (text: string | string[]) => sweepNarration(text).map((p) => p.reason.split(": ")[0]);

describe("the narration sweep finds", () => {
  it('a plural written "(s)" (or "(es)")', () => {
    expect(reasons("Kira moves 1 yard(s).")).toEqual(['a plural written "(s)"']);
    expect(reasons("Two torch(es) gutter.")).toEqual(['a plural written "(s)"']);
    expect(reasons("The sentry (sleepy) waits.")).toEqual([]);
  });

  it("a hyphen used as a minus before a digit, not ranges, dice codes or dashes", () => {
    expect(reasons("Parker: trademark -2 = quickness 7.")).toEqual(["a hyphen used as a minus before a digit"]);
    expect(reasons("-1 to every roll.")).toEqual(["a hyphen used as a minus before a digit"]);
    expect(reasons("Shock (-4) this turn.")).toEqual(["a hyphen used as a minus before a digit"]);
    expect(reasons("Damage 1d6-1 on a 3-4.")).toEqual([]);
    expect(reasons("Shock −4, a well-known trick — again.")).toEqual([]);
  });

  it("an internal id of the form word:word, not a colon before a space, a time or a URL", () => {
    expect(reasons("Pierre may use block:smallShield.")).toEqual(["an internal id (word:word)"]);
    expect(reasons("Thorton rolls gear:wpPistol.")).toEqual(["an internal id (word:word)"]);
    expect(reasons("Pierre may use Block (small shield): 10 at 12:30, see https://example.org/a:b.")).toEqual([]);
  });

  it("a line starting with a lower-case letter, indented or not; blank lines and heading underlines are skipped", () => {
    expect(sweepNarration(["Kira dodges.", "  with a retreat +3.", "the thug swings.", "", "-------", "3 hits land."]).map((p) => p.line)).toEqual([2, 3]);
    expect(reasons("Émile swings.")).toEqual([]);
    expect(reasons("élan fades.")).toEqual(["starts with a lower-case letter"]);
  });

  it("every reason of one line, with its number and text for the failure message", () => {
    const problems = sweepNarration("Intro.\nthe sentry moves 1 yard(s) with trademark -2 via skill:skEvade.");
    expect(problems.map((p) => p.line)).toEqual([2, 2, 2, 2]);
    expect(describeProblems(problems)[0]).toBe('2: "the sentry moves 1 yard(s) with trademark -2 via skill:skEvade." — a plural written "(s)": write the real plural');
  });

  it("a narrow allowance excuses only the lines it matches", () => {
    expect(sweepNarration(["d6: roll it.", "d8: roll it."], [/^d6:/]).map((p) => p.line)).toEqual([2]);
  });
});

describe("what already passes the sweep", () => {
  const localize = (key: string, params?: Record<string, string | number>) => english(key, params ?? {});

  it("the house kit's words and what its typography helpers write", () => {
    const lines = [
      attackTitle("Louis", ["Pierre"], localize),
      attackTitle("Vee", ["Guard 1", "Guard 2"], localize),
      attackTitle("Thorton", [], localize),
      english(HOUSE_KEYS.working),
      `${sentenceCase("trademark")} ${signed(-2)}: ${plural(1, { one: "{count} yard", other: "{count} yards" })}, ${plural(3, { one: "{count} soak step", other: "{count} soak steps" })}.`,
      `${sentenceCase("mortally wounded")}: ${listText(["Mo", "Leroy", "Earl"])}.`,
    ];
    expect(describeProblems(sweepNarration(lines))).toEqual([]);
  });
});
