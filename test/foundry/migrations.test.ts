/**
 * The world migration runner (src/foundry/migrations.ts): only the changed
 * paths are written, a failed update is tried again, and the world is
 * recorded as migrated only when every document was written — otherwise the
 * GM is told which failed and the migration runs again at the next load.
 * Issue 20.4: it runs on the world's ruleset's documents only (a world holding
 * documents of every ruleset), reaches the documents Foundry could not load
 * (repairing or naming them), and a refused update (`_preUpdate` returned
 * false: no document back, nothing thrown) is not done.
 */
import { notifications } from "./fakes.js";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MIGRATION_ATTEMPTS, migrateWorldIfNeeded, migrationFingerprint, migrationRetry, planWorldMigration, type RawDocument, runWorldMigration } from "../../src/foundry/migrations.js";
import { registerRulesetSetting } from "../../src/foundry/ruleset-setting.js";
import { CYCHOSYS_MANIFEST } from "../../src/rulesets/cychosys/manifest.js";
import { GURPS_MANIFEST } from "../../src/rulesets/gurps/manifest.js";
import "../../src/rulesets/manifests.js";

const CURRENT = migrationFingerprint(CYCHOSYS_MANIFEST);
import { systemDefaults } from "../../src/rulesets/cychosys/data/schema/index.js";

/** A document that fails its first `failures` updates (Infinity: always), or refuses every one as `_preUpdate` returning false does (no document back). */
class FakeDocument {
  calls: { data: Record<string, unknown>; options: Record<string, unknown> }[] = [];
  written: Record<string, unknown>[] = [];
  items?: unknown;
  constructor(
    public failures = 0,
    public refuses = false,
  ) {}
  async update(data: Record<string, unknown>, options: Record<string, unknown>) {
    this.calls.push({ data, options });
    if (this.calls.length <= this.failures) throw new Error(`refused (attempt ${this.calls.length})`);
    if (this.refuses) return undefined;
    this.written.push(data);
    return this;
  }
}

const oldCharacter = (id: string, name = id): RawDocument => {
  const system: Record<string, any> = { ...systemDefaults("Actor", "character"), schemaVersion: 0 };
  system.pools = { hit: { physical: 8, mental: { value: 1, max: 1 }, emotional: { value: 1, max: 1 } }, fatigue: (systemDefaults("Actor", "character") as Record<string, any>).pools.fatigue };
  return { _id: id, name, type: "character", system };
};
const oldSkill = (id: string): RawDocument => ({ _id: id, name: id, type: "skill", system: { ...systemDefaults("Item", "skill"), dice: 0, schemaVersion: 0 } });

const g = globalThis as any;
/**
 * A world playing `ruleset` (Cychosys unless named) with these raw documents
 * and live ones (`docs` by id); `invalid` are the ids Foundry could not load
 * (world actors and items, and items embedded in an actor: `actorId/itemId`).
 */
function world(actors: RawDocument[], items: RawDocument[], docs: Record<string, FakeDocument>, stored = "", options: { ruleset?: string; invalid?: string[] } = {}) {
  const ruleset = options.ruleset ?? "cychosys";
  const invalid = new Set(options.invalid ?? []);
  const settings = new Map<string, unknown>([
    ["cychosys.migrationVersions", stored ? { [ruleset]: stored } : {}],
    ["cychosys.ruleset", ruleset],
  ]);
  g.game.user = { isActiveGM: true };
  g.game.system = { version: "0.2.0" };
  g.game.settings = { register: () => undefined, registerMenu: () => undefined, get: (s: string, k: string) => settings.get(`${s}.${k}`), set: async (s: string, k: string, v: unknown) => settings.set(`${s}.${k}`, v) };
  registerRulesetSetting();
  g.game.data = { actors, items };
  /** A collection as Foundry's: `get` finds valid documents only; the invalid ones by `getInvalid`. */
  const collection = (ids: (id: string) => boolean, prefix = "") => ({
    get: (id: string) => (ids(id) && !invalid.has(prefix + id) ? docs[id] : undefined),
    invalidDocumentIds: new Set([...invalid].filter((i) => i.startsWith(prefix) && !i.slice(prefix.length).includes("/")).map((i) => i.slice(prefix.length))),
    getInvalid: (id: string) => (invalid.has(prefix + id) ? docs[id] : undefined),
  });
  for (const actor of actors) if (docs[actor._id]) docs[actor._id]!.items = collection((id) => (actor.items ?? []).some((i) => i._id === id), `${actor._id}/`);
  g.game.actors = collection((id) => actors.some((a) => a._id === id));
  g.game.items = collection((id) => items.some((i) => i._id === id));
  const versions = () => settings.get("cychosys.migrationVersions") as Record<string, string>;
  return { version: () => versions()[ruleset], versions };
}

beforeEach(() => {
  migrationRetry.delayMs = 0;
  notifications.info.length = 0;
  notifications.error.length = 0;
  vi.spyOn(console, "warn").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe("the world migration runner", () => {
  it("writes only the changed paths (diff: false), not the whole system", async () => {
    const [update] = planWorldMigration([oldCharacter("a1")], []);
    expect(update!.changes).toEqual({ "system.pools.hit.physical": { value: 8, max: 8 }, "system.schemaVersion": 1 });
    const doc = new FakeDocument();
    const outcome = await runWorldMigration([update!], { find: () => doc });
    expect(outcome).toEqual({ changed: 1, failed: [] });
    expect(doc.calls).toEqual([{ data: update!.changes, options: { diff: false } }]);
  });

  it("an update that fails on the first attempt is tried again; the world is then recorded as migrated", async () => {
    const docs = { a1: new FakeDocument(1), i1: new FakeDocument(2) };
    const w = world([oldCharacter("a1")], [oldSkill("i1")], docs);
    await migrateWorldIfNeeded();
    expect(docs.a1.calls).toHaveLength(2);
    expect(docs.i1.calls).toHaveLength(3);
    expect(docs.i1.written).toEqual([{ "system.dice": 1, "system.schemaVersion": 2 }]);
    expect(w.version()).toBe(CURRENT);
    expect(notifications.error).toEqual([]);
    expect(notifications.info).toContain("Cychosys: the world's data is migrated to system version 0.2.0 (2 document(s) changed).");
  });

  it(`an update that always fails (${MIGRATION_ATTEMPTS} attempts) is reported by name; the others are written; the version is left so it runs again`, async () => {
    const docs = { a1: new FakeDocument(Infinity), a2: new FakeDocument(), i1: new FakeDocument() };
    const w = world([oldCharacter("a1", "Rose"), oldCharacter("a2", "Parker")], [oldSkill("i1")], docs, "character:0");
    await migrateWorldIfNeeded();
    expect(docs.a1.calls).toHaveLength(MIGRATION_ATTEMPTS);
    expect(docs.a2.written).toHaveLength(1);
    expect(docs.i1.written).toHaveLength(1);
    expect(w.version()).toBe("character:0");
    expect(notifications.error).toEqual([
      "Cychosys: 1 document(s) could not be migrated to system version 0.2.0: Rose. The world is not marked as migrated, so the migration runs again when the world is next loaded (see the console).",
    ]);
    // The next load tries again, and this time it works.
    docs.a1.failures = 0;
    docs.a1.calls.length = 0;
    await migrateWorldIfNeeded();
    expect(docs.a1.written).toHaveLength(1);
    expect(w.version()).toBe(CURRENT);
  });

  it("a document gone since the world loaded is nothing to migrate, not a failure; a world already current is left alone", async () => {
    const w = world([oldCharacter("gone")], [], {});
    await migrateWorldIfNeeded();
    expect(w.version()).toBe(CURRENT);
    const doc = new FakeDocument();
    world([oldCharacter("a1")], [], { a1: doc }, CURRENT);
    await migrateWorldIfNeeded();
    expect(doc.calls).toEqual([]);
  });
});

describe("per-ruleset migrations", () => {
  it("a ruleset's migration touches only its own documents: an OpenD6 actor is never planned with Cychosys's", () => {
    const d6 = { _id: "k1", name: "Kira", type: "d6Character", system: { schemaVersion: 0 } };
    expect(planWorldMigration([oldCharacter("a1"), d6], [], "cychosys").map((u) => u.id)).toEqual(["a1"]);
    expect(planWorldMigration([oldCharacter("a1"), d6], [], "d6").map((u) => u.id)).toEqual(["k1"]);
  });

  /** A world holding an old document of every ruleset (each one its migration or its token bars would change). */
  const everyRuleset = () => {
    const actors: RawDocument[] = [
      oldCharacter("cy1", "Rose"),
      { _id: "d61", name: "Kira", type: "d6Character", system: systemDefaults("Actor", "d6Character"), prototypeToken: { bar1: { attribute: "pools.hit.physical" }, bar2: { attribute: "pools.fatigue.physical" } } },
      { _id: "cw1", name: "Vex", type: "cwnCharacter", system: systemDefaults("Actor", "cwnCharacter"), prototypeToken: { bar1: { attribute: "pools.hit.physical" } } },
      { _id: "ph1", name: "Earl", type: "phaseCharacter", system: systemDefaults("Actor", "phaseCharacter"), prototypeToken: { bar1: { attribute: "pools.hit.physical" } } },
      { _id: "gu1", name: "Aldric", type: "gurpsCharacter", system: { ...systemDefaults("Actor", "gurpsCharacter"), basicSpeed: "5.75", schemaVersion: 0 }, prototypeToken: { bar1: { attribute: "pools.hit.physical" } } },
    ];
    const docs = Object.fromEntries(actors.map((a) => [a._id, new FakeDocument()]));
    return { actors, docs };
  };

  it("a world holding documents of every ruleset migrates only the ruleset it plays; the others are left for when their ruleset is played", async () => {
    const { actors, docs } = everyRuleset();
    const w = world(actors, [], docs, "", { ruleset: "gurps" });
    await migrateWorldIfNeeded();
    expect(docs.gu1!.written).toEqual([{ "system.basicSpeed": 5.75, "system.schemaVersion": GURPS_MANIFEST.Actor.gurpsCharacter!.version, "prototypeToken.bar1.attribute": "hp" }]);
    for (const id of ["cy1", "d61", "cw1", "ph1"]) expect(docs[id]!.calls, id).toEqual([]);
    expect(w.versions()).toEqual({ gurps: migrationFingerprint(GURPS_MANIFEST) });
    expect(notifications.error).toEqual([]);
    // The same world, its rules switched to OpenD6: now OpenD6's actor is brought up (its dangling bars), and no other.
    const again = everyRuleset();
    world(again.actors, [], again.docs, "", { ruleset: "d6" });
    await migrateWorldIfNeeded();
    expect(again.docs.d61!.written).toEqual([{ "prototypeToken.bar1.attribute": null, "prototypeToken.bar2.attribute": null }]);
    for (const id of ["cy1", "cw1", "ph1", "gu1"]) expect(again.docs[id]!.calls, id).toEqual([]);
  });

  it("a document Foundry could not load is reached through the collection's invalid ids and repaired by its migration", async () => {
    const docs = { a1: new FakeDocument(), bad: new FakeDocument() };
    // Stored at version 0 with a bare number for a pool: invalid now, valid once migrated.
    const w = world([oldCharacter("a1"), oldCharacter("bad", "Broken Bob")], [], docs, "", { invalid: ["bad"] });
    await migrateWorldIfNeeded();
    expect(docs.bad.written).toEqual([{ "system.pools.hit.physical": { value: 8, max: 8 }, "system.schemaVersion": 1 }]);
    expect(notifications.error).toEqual([]);
    expect(w.version()).toBe(CURRENT);
  });

  it("one its migration cannot repair is named (and the console says why); the world is not recorded, so it is tried again next load", async () => {
    const broken: RawDocument = { _id: "bad", name: "Broken Bob", type: "character", system: { ...systemDefaults("Actor", "character"), quickness: "fast" } };
    const docs = { a1: new FakeDocument(), bad: new FakeDocument() };
    const w = world([oldCharacter("a1"), broken], [], docs, "", { invalid: ["bad"] });
    await migrateWorldIfNeeded();
    expect(docs.a1.written).toHaveLength(1);
    expect(notifications.error).toHaveLength(1);
    expect(notifications.error[0]).toContain("Broken Bob");
    expect(notifications.error[0]).toContain("cannot repair");
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining("Broken Bob failed validation and the migration cannot repair it: quickness"));
    expect(w.version()).toBeUndefined();
  });

  it("an invalid item embedded in an actor is reached too, and named by its actor and itself", async () => {
    const actor = { ...oldCharacter("a1", "Rose"), items: [{ _id: "i1", name: "Knife", type: "skill", system: { ...systemDefaults("Item", "skill"), dice: "many" } }] } as RawDocument;
    const docs = { a1: new FakeDocument(), i1: new FakeDocument() };
    const w = world([actor], [], docs, "", { invalid: ["a1/i1"] });
    await migrateWorldIfNeeded();
    expect(notifications.error[0]).toContain("Rose › Knife");
    expect(w.version()).toBeUndefined();
  });

  it("a refused update (the document's _preUpdate returned false: nothing thrown, no document back) is not done: named, not tried again, the world not recorded", async () => {
    const docs = { a1: new FakeDocument(0, true), a2: new FakeDocument() };
    const w = world([oldCharacter("a1", "Rose"), oldCharacter("a2", "Parker")], [], docs);
    await migrateWorldIfNeeded();
    expect(docs.a1.calls).toHaveLength(1);
    expect(docs.a1.written).toEqual([]);
    expect(docs.a2.written).toHaveLength(1);
    expect(notifications.error).toEqual([
      "Cychosys: 1 document(s) could not be migrated to system version 0.2.0: Rose. The world is not marked as migrated, so the migration runs again when the world is next loaded (see the console).",
    ]);
    expect(w.version()).toBeUndefined();
    expect(notifications.info.some((n) => n.includes("is migrated"))).toBe(false);
  });

  it("runWorldMigration counts a refused update as failed", async () => {
    const [update] = planWorldMigration([oldCharacter("a1")], []);
    const outcome = await runWorldMigration([update!], { find: () => new FakeDocument(0, true) });
    expect(outcome.changed).toBe(0);
    expect(outcome.failed.map((f) => [f.update.id, (f.error as Error).name])).toEqual([["a1", "Error"]]);
  });
});
