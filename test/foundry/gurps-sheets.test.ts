/**
 * The GURPS sheets' submission (src/foundry/gurps/sheet-actions.ts): a
 * weapon's form screened by the schema — a damage the core's parser
 * refuses (G2), a weight off its step (G65) are left out with their
 * messages, every other field saved, the lines folded into the whole stored
 * list (Foundry replaces an array whole) — and a character's Basic Speed
 * off its quarter (G1).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { screenGurpsSubmission } from "../../src/foundry/gurps/sheet-actions.js";
import { aldric } from "../fixtures/gurps-sheets.js";
// The GURPS notations (G2) are registered with its manifest, as every world does on init.
import "../../src/rulesets/manifests.js";

let warnings: string[];
beforeEach(() => {
  warnings = [];
  vi.stubGlobal("ui", { notifications: { warn: (text: string) => warnings.push(text) } });
});
afterEach(() => vi.unstubAllGlobals());

describe("screenGurpsSubmission", () => {
  it("a weapon: refused values out with their messages, the rest folded into the whole list of lines", () => {
    const spear = aldric.items.find((i) => i.id === "wSpear")!;
    const { accepted, problems } = screenGurpsSubmission("gurpsWeapon", spear.system, {
      name: "Boar spear", "system.lines.0.damage": "2q", "system.lines.1.acc": 3, "system.lines.0.name": "jab", "system.weight": 4.005,
    }, null);
    expect(problems.map((p) => [p.name, p.key])).toEqual([["system.lines.0.damage", "CYCHOSYS.Gurps.Error.damageInvalid"], ["system.weight", "CYCHOSYS.Schema.step"]]);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toContain('"2q" was not saved');
    const lines = accepted["system.lines"] as Record<string, unknown>[];
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ name: "jab", damage: "thr+2" });
    expect(lines[1]).toMatchObject({ name: "thrown", acc: 3 });
    expect(accepted.name).toBe("Boar spear");
    expect(Object.keys(accepted).some((k) => k.startsWith("system.lines."))).toBe(false);
  });

  it("a character: Basic Speed off its quarter and an attribute out of bounds are refused; HP far below 0 is taken (G81, G94)", () => {
    const { accepted, problems } = screenGurpsSubmission("gurpsCharacter", aldric.system, { "system.basicSpeed": 6.1, "system.attributes.dx": 120, "system.hp.value": -40 }, null);
    expect(problems.map((p) => p.name)).toEqual(["system.basicSpeed", "system.attributes.dx"]);
    expect(accepted).toEqual({ "system.hp.value": -40 });
  });
});
