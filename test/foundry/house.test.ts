/**
 * The house style's partials (src/foundry/house.ts) are loaded whenever a
 * ruleset registers its sheets, so any card or tracker row may include them.
 */
import { describe, expect, it } from "vitest";
import { loadedTemplates } from "./fakes.js";
import { HOUSE_PARTIALS } from "../../src/core/views/house.js";
import { registerRulesetSheets } from "../../src/foundry/ruleset-sheets.js";

describe("the house style's partials in Foundry", () => {
  it("registering a ruleset's sheets loads the card frame, roll strip and tracker row partials beside its own", () => {
    loadedTemplates.length = 0;
    registerRulesetSheets("CYCHOSYS.Test", [], ["systems/cychosys/templates/test/own.hbs"]);
    expect(loadedTemplates).toEqual(["systems/cychosys/templates/test/own.hbs", ...Object.values(HOUSE_PARTIALS)]);
  });
});
