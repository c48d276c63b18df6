/**
 * Issue 20.2: a readable name for every type. Foundry labels a document type
 * by `CONFIG.<Document>.typeLabels[type]`, the key `TYPES.<Document>.<type>`,
 * in its create and sheet-config dialogs; lang/en.json has one for every type
 * of every ruleset, and the create dialog of a world offers only its own
 * ruleset's types (src/foundry/documents.ts, `createDialog`).
 */
import "./fakes.js";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RULESET_IDS } from "../../src/core/ruleset.js";
import { englishString } from "../../src/core/messages.js";
import { registeredManifests, typesOf } from "../../src/core/schema/registry.js";
import { defineDocuments } from "../../src/foundry/documents.js";
import { registerRulesetSetting } from "../../src/foundry/ruleset-setting.js";
import systemJson from "../../system.json" with { type: "json" };
import en from "../../lang/en.json" with { type: "json" };
import "../../src/rulesets/manifests.js";

const DOCUMENTS = ["Actor", "Item"] as const;

describe("TYPES labels", () => {
  it.each(DOCUMENTS)("every %s type of every ruleset has its readable name, and only those types have one", (documentName) => {
    const types = registeredManifests().flatMap((m) => Object.keys(m[documentName]));
    expect(types.length).toBeGreaterThan(0);
    for (const type of types) {
      const label = englishString(`TYPES.${documentName}.${type}`);
      expect(label, `TYPES.${documentName}.${type}`).toBeDefined();
      // Readable: words, not the type id.
      expect(label, type).not.toBe(type);
      expect(label, type).toMatch(/^[A-Z][\w ]* \([^)]+\)$/);
    }
    expect(Object.keys(en.TYPES[documentName]).sort()).toEqual([...types].sort());
    // The same types system.json declares.
    expect(Object.keys((systemJson.documentTypes as Record<string, object>)[documentName]!).sort()).toEqual([...types].sort());
  });

  it("within a ruleset no two types share a name; across rulesets the game is named", () => {
    for (const m of registeredManifests()) {
      for (const documentName of DOCUMENTS) {
        const labels = Object.keys(m[documentName]).map((t) => englishString(`TYPES.${documentName}.${t}`));
        expect(new Set(labels).size, `${m.id} ${documentName}`).toBe(labels.length);
      }
    }
    const all = registeredManifests().flatMap((m) => DOCUMENTS.flatMap((d) => Object.keys(m[d]).map((t) => `${d}:${englishString(`TYPES.${d}.${t}`)}`)));
    expect(new Set(all).size).toBe(all.length);
  });
});

/**
 * A stand-in for Foundry's create dialog: the type choices it draws — the
 * types it is given (all the system's when none), each labelled
 * `game.i18n.localize(CONFIG.<Document>.typeLabels[type])` as Foundry does,
 * sorted by label.
 */
class FoundryDocumentStandIn {
  static documentName = "Actor";
  static drawn: { value: string; label: string }[] = [];
  static async createDialog(_data: unknown, _createOptions: unknown, options: { types?: string[] } = {}) {
    const documentName = this.documentName as "Actor" | "Item";
    const types = options.types ?? typesOf(documentName);
    FoundryDocumentStandIn.drawn = types.map((value) => ({ value, label: englishString(`TYPES.${documentName}.${value}`) ?? value })).sort((a, b) => a.label.localeCompare(b.label));
    return FoundryDocumentStandIn.drawn;
  }
}

afterEach(() => vi.unstubAllGlobals());

describe("the create dialog", () => {
  it.each(RULESET_IDS)("in a %s world offers that ruleset's types only, by their readable names", async (ruleset) => {
    const g = globalThis as unknown as { game: Record<string, unknown>; Actor: unknown; Item: unknown };
    vi.stubGlobal("game", { ...g.game, settings: { register: () => undefined, registerMenu: () => undefined, get: (_s: string, key: string) => (key === "ruleset" ? ruleset : undefined) } });
    registerRulesetSetting();
    const [fakeActor, fakeItem] = [g.Actor, g.Item];
    g.Actor = class extends FoundryDocumentStandIn {};
    g.Item = class extends FoundryDocumentStandIn {
      static override documentName = "Item";
    };
    const { SystemActor, SystemItem } = defineDocuments();
    [g.Actor, g.Item] = [fakeActor, fakeItem];
    const own = registeredManifests().find((m) => m.id === ruleset)!;
    for (const [documentName, cls] of [["Actor", SystemActor], ["Item", SystemItem]] as const) {
      const drawn = (await (cls as unknown as typeof FoundryDocumentStandIn).createDialog({}, {}, {})) as { value: string; label: string }[];
      expect(drawn.map((o) => o.value).sort(), `${ruleset} ${documentName}`).toEqual(Object.keys(own[documentName]).sort());
      for (const option of drawn) expect(option.label).toBe(englishString(`TYPES.${documentName}.${option.value}`));
      // A caller's own list is narrowed to the world's ruleset too.
      const asked = (await (cls as unknown as typeof FoundryDocumentStandIn).createDialog({}, {}, { types: typesOf(documentName) })) as { value: string }[];
      expect(asked.map((o) => o.value).sort()).toEqual(Object.keys(own[documentName]).sort());
      if (ruleset === "d6") console.log(`Create ${documentName} in an OpenD6 world: ${drawn.map((o) => `${o.label} [${o.value}]`).join(" | ")}`);
    }
  });
});
