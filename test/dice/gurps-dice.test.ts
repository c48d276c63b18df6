/** src/foundry/gurps/dice.ts: GURPS's dice under Dice So Nice — success rolls and damage dice in colours of their own. */
import { FakeDie, FakeRoll } from "../foundry/fakes.js";
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { dressGurpsDice, foundryCardDice, GURPS_DSN_COLORSETS, registerGurpsDiceSoNice, rollD6, rollGurpsToChat } from "../../src/foundry/gurps/dice.js";

afterEach(() => vi.unstubAllGlobals());

/** A Dice So Nice that keeps the rolls it was asked to show. */
function showing() {
  const shown: { dice: { options?: { appearance?: Record<string, string> } }[] }[] = [];
  vi.stubGlobal("Roll", FakeRoll);
  vi.stubGlobal("game", { user: { id: "u" }, dice3d: { showForRoll: async (roll: (typeof shown)[number]) => void shown.push(roll) } });
  return shown;
}

describe("GURPS dice under Dice So Nice", () => {
  it("registers the GURPS 4e dice system, its two colorsets and a d6 preset, as choices (default mode)", () => {
    const calls: [string, unknown[]][] = [];
    const api = {
      addSystem: (...a: unknown[]) => calls.push(["system", a]),
      addColorset: (...a: unknown[]) => calls.push(["colorset", a]),
      addDicePreset: (...a: unknown[]) => calls.push(["preset", a]),
    };
    expect(registerGurpsDiceSoNice(api)).toBe(true);
    expect(calls.map((c) => c[0])).toEqual(["system", "colorset", "colorset", "preset"]);
    expect(calls[0]![1]).toEqual([{ id: "cychosys-gurps", name: "GURPS 4e" }, "default"]);
    expect(calls[1]![1]).toEqual([expect.objectContaining({ name: GURPS_DSN_COLORSETS.success, description: "GURPS success roll", background: "#f2ead8" }), "default"]);
    expect(calls[2]![1]).toEqual([expect.objectContaining({ name: GURPS_DSN_COLORSETS.damage, description: "GURPS damage", background: "#8b1a1a" }), "default"]);
    expect(calls[3]![1]).toEqual([{ type: "d6", labels: ["1", "2", "3", "4", "5", "6"], system: "cychosys-gurps", colorset: GURPS_DSN_COLORSETS.success }, "d6"]);
  });

  it("does nothing without a usable API", () => {
    expect(registerGurpsDiceSoNice(undefined)).toBe(false);
    expect(registerGurpsDiceSoNice({ addDicePreset: () => undefined })).toBe(false);
  });

  it("dresses a roll's d6 terms only, keeping their other options and the numbers", () => {
    const roll = new FakeRoll("2d6+1");
    (roll.terms[0] as unknown as { options: object }).options = { flavor: "x" };
    dressGurpsDice(roll, "damage");
    expect((roll.terms[0] as unknown as { options: object }).options).toEqual({ flavor: "x", appearance: expect.objectContaining({ colorset: GURPS_DSN_COLORSETS.damage, background: "#8b1a1a" }) });
    expect(roll.terms[1]).toBe(1);
  });

  it("G4, G69: the card's success roll shows in the success colours, its damage dice in the damage colours, faces read back unchanged", async () => {
    const shown = showing();
    FakeDie.faces = [3, 4, 5, 6, 2, 1, 4];
    expect(await foundryCardDice.success()).toEqual([3, 4, 5]);
    expect(await foundryCardDice.damage(2, 2)).toEqual([[6, 2], [1, 4]]);
    expect(shown.map((r) => r.dice[0]!.options!.appearance!.colorset)).toEqual([GURPS_DSN_COLORSETS.success, GURPS_DSN_COLORSETS.damage, GURPS_DSN_COLORSETS.damage]);
    FakeDie.faces = [2];
    expect(await rollD6(1)).toEqual([2]);
    expect(shown.at(-1)!.dice[0]!.options!.appearance!.colorset).toBe(GURPS_DSN_COLORSETS.success);
  });

  it("G19, G79, G81: the tracker's own rolls (stun recovery, the roll to stay conscious) go to chat in the success colours with their flavor, faces read back unchanged", async () => {
    const posted: { roll: FakeRoll; data: object }[] = [];
    class ChatRoll extends FakeRoll {
      async toMessage(data: object) {
        posted.push({ roll: this, data });
      }
    }
    vi.stubGlobal("Roll", ChatRoll);
    vi.stubGlobal("game", { user: { id: "u" } });
    FakeDie.faces = [6, 5, 4];
    expect(await rollGurpsToChat(3, "Pierre rolls HT to stay conscious")).toEqual([6, 5, 4]);
    expect(posted).toHaveLength(1);
    expect(posted[0]!.data).toEqual({ flavor: "Pierre rolls HT to stay conscious" });
    const dice = posted[0]!.roll.dice as unknown as { options?: { appearance?: Record<string, string> } }[];
    expect(dice.map((d) => d.options?.appearance?.colorset)).toEqual([GURPS_DSN_COLORSETS.success]);
    expect(dice[0]!.options!.appearance).toMatchObject({ background: "#f2ead8" });
  });

  it("the tracker rolls through it: no Roll of its own left uncoloured", () => {
    const source = readFileSync(new URL("../../src/foundry/gurps/tracker.ts", import.meta.url), "utf8");
    expect(source).toContain("rollGurpsToChat(");
    expect(source).not.toMatch(/new Roll\(/);
  });
});
