/**
 * W30: the ordinary skill check (2d6 + skill + attribute modifier against
 * the GM's difficulty), its refusals, its words and its dialog.
 */
import { describe, expect, it } from "vitest";
import { english } from "../../../src/core/messages.js";
import { CwnError, resolveCwnSkillCheck } from "../../../src/rulesets/cwn/rules/index.js";
import { bestAttribute, cwnSkillCheckCardView, cwnSkillCheckDialogView, explainCwnSkillCheck, readCwnSkillCheckForm } from "../../../src/rulesets/cwn/views/skill-check.js";
import { cwnDerivedOf, vee } from "../../fixtures/cwn-sheets.js";

const localize = (key: string, params?: Record<string, unknown>) => english(key, params ?? {});
const base = { faces: [4, 3], level: 1, attribute: "dex" as const, attributeModifier: 1 };

describe("W30 skill check", () => {
  it("W30: 2d6 4 + 3 + skill 1 + Dex +1 + modifier −1 = 8: meets 8, not 9; without a difficulty no verdict", () => {
    expect(resolveCwnSkillCheck({ ...base, modifier: -1, difficulty: 8 })).toMatchObject({ dice: 7, level: 1, total: 8, success: true, untrained: false });
    expect(resolveCwnSkillCheck({ ...base, modifier: -1, difficulty: 9 }).success).toBe(false);
    expect(resolveCwnSkillCheck(base)).toMatchObject({ total: 9, difficulty: null, success: null });
  });

  it("W30, review note 1: untrained counts −1 on a skill check (the −2 is for hit rolls only)", () => {
    expect(resolveCwnSkillCheck({ ...base, level: null })).toMatchObject({ level: -1, untrained: true, total: 7 });
  });

  it("refuses faces and figures out of bounds with what is wrong", () => {
    const refused = (input: Partial<Parameters<typeof resolveCwnSkillCheck>[0]>, code: string) => {
      try {
        resolveCwnSkillCheck({ ...base, ...input } as never);
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(CwnError);
        expect((error as CwnError).code).toBe(code);
      }
    };
    refused({ faces: [7, 1] }, "dieFace");
    refused({ faces: [1] }, "facesCount");
    refused({ difficulty: 1 }, "skillCheckField");
    refused({ modifier: 2.5 }, "skillCheckField");
    refused({ attributeModifier: 9 }, "skillCheckField");
    refused({ level: Number.NaN }, "skillCheckField");
  });

  it("in words, each figure; the card's verdict and total", () => {
    const check = resolveCwnSkillCheck({ ...base, modifier: 2, difficulty: 12 });
    expect(explainCwnSkillCheck(check, "Heal", localize).map((l) => l.text)).toEqual(["2d6: 4 + 3 = 7.", "Heal: + 1.", "Dex: + 1.", "Modifier: + 2.", "Total: 11 (W30).", "11 is below the difficulty 12: failure."]);
    expect(cwnSkillCheckCardView(check, { actor: "Vee", skill: "Heal" }, localize)).toMatchObject({ title: "Vee checks Heal", roll: { total: "11", against: "against 12", tone: "miss" }, outcome: { text: "Failure", tone: "miss" } });
  });

  it("the dialog: the six attributes with their modifiers, the best preselected; its form read back (a forged attribute falls back, a blank difficulty is none)", () => {
    const d = cwnDerivedOf(vee);
    expect(bestAttribute(d.attributes)).toBe("dex");
    const view = cwnSkillCheckDialogView(d.skills[0]!, d.attributes, localize);
    expect(view.attributes.map((a) => [a.label, a.selected])).toEqual([["Str +0", false], ["Dex +1", true], ["Con +0", false], ["Int +0", false], ["Wis +0", false], ["Cha +1", false]]);
    expect(readCwnSkillCheckForm({ attribute: "luck", modifier: "2", difficulty: "" }, "dex")).toEqual({ attribute: "dex", modifier: 2, difficulty: null });
    expect(readCwnSkillCheckForm({ attribute: "wis", modifier: "", difficulty: "10" }, "dex")).toEqual({ attribute: "wis", modifier: 0, difficulty: 10 });
  });
});
