/**
 * The one reader of a duel's actor JSON (src/core/duel-actor.ts) that every
 * ruleset's duel uses: strict, one message naming the field, ids kept or
 * made, migrations on a copy.
 */
import { describe, expect, it } from "vitest";
import { LocalizedError } from "../../src/core/errors.js";
import { readDuelActor } from "../../src/core/duel-actor.js";
import "../../src/rulesets/cychosys/data/schema/index.js";
import { migrateSystemSource } from "../../src/rulesets/cychosys/data/schema/index.js";
import { readFileSync } from "node:fs";

const parker = () => JSON.parse(readFileSync("packs/_source/cast/parker.json", "utf8")) as { name: string; type: string; system: Record<string, unknown>; items: Record<string, unknown>[] };
const TYPES = ["character", "npc"] as const;
const message = (run: () => unknown): string => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(LocalizedError);
    return (error as LocalizedError).message;
  }
  return "no error";
};

describe("a duel's actor JSON", () => {
  it("reads a compendium export whole: name, type, system, every item with its id", () => {
    const actor = readDuelActor(parker(), { types: TYPES });
    expect(actor.name).toBe("Parker");
    expect(actor.type).toBe("character");
    expect(actor.items.length).toBe(parker().items.length);
    expect(actor.items.map((i) => i.id)).toEqual(parker().items.map((i) => i._id));
  });

  it("refuses what is not an actor of these rules, naming the field", () => {
    expect(message(() => readDuelActor(42, { types: TYPES }))).toMatch(/^not an actor/);
    expect(message(() => readDuelActor({ ...parker(), type: "weapon" }, { types: TYPES }))).toBe('type "weapon" is not a combatant of these rules (expected character, npc).');
    expect(message(() => readDuelActor({ ...parker(), items: {} }, { types: TYPES }))).toBe("items: not a list");
    expect(message(() => readDuelActor({ ...parker(), items: [{ name: "x" }] }, { types: TYPES }))).toMatch(/^items\[0\] \(\?\)/);
    const badItem = parker();
    badItem.items[0] = { ...badItem.items[0], system: "nonsense" };
    expect(message(() => readDuelActor(badItem, { types: TYPES }))).toMatch(/^items\[0\] \(.+\): system/);
  });

  it("with plainIds, an id that is not plain becomes item<index>", () => {
    const odd = parker();
    odd.items[1] = { ...odd.items[1], _id: "has spaces!" };
    expect(readDuelActor(odd, { types: TYPES, plainIds: true }).items[1]!.id).toBe("item1");
    expect(readDuelActor(odd, { types: TYPES }).items[1]!.id).toBe("has spaces!");
  });

  it("migrates a copy: the JSON handed in is not touched", () => {
    const json = parker();
    const before = JSON.stringify(json);
    let calls = 0;
    readDuelActor(json, { types: TYPES, migrate: (documentName, type, system) => (calls++, migrateSystemSource(documentName, type, system)) });
    expect(calls).toBe(1 + json.items.length);
    expect(JSON.stringify(json)).toBe(before);
  });
});
