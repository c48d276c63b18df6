/** Other rulesets' compendiums are hidden from players (src/foundry/packs.ts). */
import { describe, expect, it } from "vitest";
import { applyPackVisibility, packOwnership, type PackLike } from "../../src/foundry/packs.js";
import { MANIFESTS } from "../../src/rulesets/manifests.js";

const pack = (name: string, ownership = { PLAYER: "OBSERVER", ASSISTANT: "OWNER" }, packageName = "cychosys") => {
  const configured: unknown[] = [];
  const p: PackLike & { configured: unknown[] } = {
    metadata: { name, packageName, packageType: "system", ownership },
    configure: async (settings) => void configured.push(settings),
    configured,
  };
  return p;
};

describe("compendium visibility per ruleset", () => {
  it("in a Cychosys world OpenD6's packs are hidden from players; Cychosys's keep what system.json declares", () => {
    expect(packOwnership({ name: "d6-weapons", ownership: { PLAYER: "OBSERVER", ASSISTANT: "OWNER" } }, MANIFESTS, "cychosys")).toEqual({ PLAYER: "NONE", TRUSTED: "NONE", ASSISTANT: "OWNER" });
    expect(packOwnership({ name: "weapons", ownership: { PLAYER: "OBSERVER", ASSISTANT: "OWNER" } }, MANIFESTS, "cychosys")).toEqual({ PLAYER: "OBSERVER", ASSISTANT: "OWNER" });
    expect(packOwnership({ name: "cast", ownership: { PLAYER: "NONE", ASSISTANT: "OWNER" } }, MANIFESTS, "d6")).toEqual({ PLAYER: "NONE", TRUSTED: "NONE", ASSISTANT: "OWNER" });
  });

  it("only this system's packs whose ownership differs are configured; a module's pack is left alone", async () => {
    const d6 = pack("d6-armor");
    const cy = pack("weapons");
    const other = pack("d6-armor", undefined, "some-module");
    expect(await applyPackVisibility([d6, cy, other], MANIFESTS, "cychosys", "cychosys")).toBe(1);
    expect(d6.configured).toEqual([{ ownership: { PLAYER: "NONE", TRUSTED: "NONE", ASSISTANT: "OWNER" } }]);
    expect(cy.configured).toEqual([]);
    expect(other.configured).toEqual([]);
  });
});
