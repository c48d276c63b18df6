import { describe, expect, it } from "vitest";
import { D6_SETTINGS, d6RulesFromSettings } from "../../../src/rulesets/d6/data/settings.js";
import { D6_STANDARD_RULES } from "../../../src/rulesets/d6/rules/index.js";
import { englishString } from "../../../src/core/messages.js";

describe("OpenD6 world settings", () => {
  it("no stored values: the standard rules, nothing reported", () => {
    const { rules, problems } = d6RulesFromSettings({});
    expect(rules).toEqual(D6_STANDARD_RULES);
    expect(problems).toEqual([]);
  });

  it("D2: the complication mode switches to remove; D9: a limit of 2 Character Points; 0 means no limit", () => {
    expect(d6RulesFromSettings({ d6ComplicationMode: "remove" }).rules.complicationMode).toBe("remove");
    expect(d6RulesFromSettings({ d6MaxCharacterPointsOnInitiative: 2 }).rules.maxCharacterPointsOnInitiative).toBe(2);
    expect(d6RulesFromSettings({ d6MaxCharacterPointsOnInitiative: 0 }).rules.maxCharacterPointsOnInitiative).toBeNull();
  });

  it("D27, D34: the booleans switch the rule", () => {
    const { rules } = d6RulesFromSettings({ d6RangeModifierOnMelee: !D6_STANDARD_RULES.rangeModifierOnMelee, d6ResistWithStrength: !D6_STANDARD_RULES.resistWithStrength });
    expect(rules.rangeModifierOnMelee).toBe(!D6_STANDARD_RULES.rangeModifierOnMelee);
    expect(rules.resistWithStrength).toBe(!D6_STANDARD_RULES.resistWithStrength);
  });

  it("a stored value that is not the setting's own falls back to the standard rule and is reported", () => {
    const { rules, problems } = d6RulesFromSettings({ d6ComplicationMode: "explode", d6MaxCharacterPointsOnInitiative: -3, d6ResistWithStrength: "yes", d6RangeModifierOnMelee: 1 });
    expect(rules).toEqual(D6_STANDARD_RULES);
    expect(problems.sort()).toEqual(["d6ComplicationMode", "d6MaxCharacterPointsOnInitiative", "d6RangeModifierOnMelee", "d6ResistWithStrength"]);
    expect(d6RulesFromSettings({ d6MaxCharacterPointsOnInitiative: 2.5 }).problems).toEqual(["d6MaxCharacterPointsOnInitiative"]);
    expect(d6RulesFromSettings({ d6MaxCharacterPointsOnInitiative: 1000 }).problems).toEqual(["d6MaxCharacterPointsOnInitiative"]);
  });

  it("every setting has its name, hint and choices in lang/en.json", () => {
    for (const [key, spec] of Object.entries(D6_SETTINGS)) {
      expect(englishString(`CYCHOSYS.D6.Settings.${key}.name`)).toBeTruthy();
      expect(englishString(`CYCHOSYS.D6.Settings.${key}.hint`)).toBeTruthy();
      if (spec.kind === "choice") for (const c of spec.choices) expect(englishString(`CYCHOSYS.D6.Settings.${key}.${c}`)).toBeTruthy();
    }
  });
});
