/** src/foundry/cwn/skill-check.ts with fakes: a W30 check from a skill's button — the dialog, the 2d6 read by the core, the card; refusals. */
import { createdMessages, notifications, renderedTemplates } from "./fakes.js";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { cwnDerivedOf, vee } from "../fixtures/cwn-sheets.js";

const rolled: number[][] = [];
vi.mock("../../src/foundry/cwn/dice.js", () => ({
  rollGroups: async () => ({ roll: { formula: "2d6" }, faces: [rolled.shift() ?? [1, 1]] }),
}));
const { promptCwnSkillCheck } = await import("../../src/foundry/cwn/skill-check.js");

const g = globalThis as unknown as { foundry: { applications: { api: Record<string, unknown> } } };
let answer: Record<string, unknown> | null = null;
const asked: string[] = [];
g.foundry.applications.api.DialogV2 = {
  prompt: async (config: { window: { title: string }; ok: { callback: (e: unknown, b: unknown) => unknown } }) => {
    asked.push(config.window.title);
    return answer;
  },
};

const actor = (isOwner = true) => ({ name: "Vee", isOwner, system: { derived: cwnDerivedOf(vee) } });
const card = () => renderedTemplates.at(-1)!.context as { title: string; roll: { total: string; against?: string }; outcome: { text: string; tone: string } };

beforeEach(() => {
  createdMessages.length = 0;
  renderedTemplates.length = 0;
  notifications.warn.length = 0;
  asked.length = 0;
  rolled.length = 0;
  answer = null;
});

describe("promptCwnSkillCheck (W30)", () => {
  it("the dialog's attribute, modifier and difficulty; the faces read by the core; the roll and the card posted", async () => {
    answer = { attribute: "wis", modifier: "1", difficulty: "9" };
    rolled.push([4, 2]);
    await promptCwnSkillCheck(actor(), "sSneak");
    expect(asked).toEqual(["Sneak check (W30)"]);
    expect(renderedTemplates.at(-1)!.path).toBe("systems/cychosys/templates/cwn/chat/skill-check.hbs");
    // The house frame (docs/style.md): "A checks B", the 2d6's total against the difficulty, the verdict as the headline.
    expect(card()).toMatchObject({ title: "Vee checks Sneak", roll: { total: "8", against: "against 9", tone: "miss" }, outcome: { text: "Failure", tone: "miss" } });
    expect(createdMessages.at(-1)).toMatchObject({ rolls: [{ formula: "2d6" }], flags: { cychosys: { cwnSkillCheck: { skill: "Sneak", total: 8, success: false } } } });
  });

  it("Shift-click: no dialog, the best attribute (Dex +1), no difficulty", async () => {
    rolled.push([6, 6]);
    await promptCwnSkillCheck(actor(), "sShoot", { shiftKey: true });
    expect(asked).toEqual([]);
    expect(card()).toMatchObject({ roll: { total: "15", tone: "neutral" }, outcome: { text: "The GM judges 15", tone: "neutral" } });
    expect(card().roll.against).toBeUndefined();
  });

  it("a dialog closed, a weapon's id, another's actor: nothing rolled or posted", async () => {
    await promptCwnSkillCheck(actor(), "sShoot");
    await promptCwnSkillCheck(actor(), "wPistol", { shiftKey: true });
    await promptCwnSkillCheck(actor(false), "sShoot", { shiftKey: true });
    expect(createdMessages).toEqual([]);
  });

  it("a difficulty out of bounds is refused with the reason before any die is rolled", async () => {
    answer = { attribute: "dex", modifier: "0", difficulty: "99" };
    rolled.push([3, 3]);
    await promptCwnSkillCheck(actor(), "sShoot");
    expect(notifications.warn.at(-1)).toContain("difficulty");
    expect(rolled).toEqual([[3, 3]]);
    expect(createdMessages).toEqual([]);
  });
});
