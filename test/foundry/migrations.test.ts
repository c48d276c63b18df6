/**
 * The world migration runner (src/foundry/migrations.ts): only the changed
 * paths are written, a failed update is tried again, and the world is
 * recorded as migrated only when every document was written — otherwise the
 * GM is told which failed and the migration runs again at the next load.
 */
import { notifications } from "./fakes.js";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MIGRATION_ATTEMPTS, migrateWorldIfNeeded, migrationRetry, planWorldMigration, type RawDocument, runWorldMigration, schemaFingerprint } from "../../src/foundry/migrations.js";
import { CYCHOSYS_MANIFEST } from "../../src/rulesets/cychosys/manifest.js";
import "../../src/rulesets/manifests.js";

const CURRENT = schemaFingerprint(CYCHOSYS_MANIFEST);
import { systemDefaults } from "../../src/rulesets/cychosys/data/schema/index.js";

/** A document that fails its first `failures` updates (Infinity: always). */
class FakeDocument {
  calls: { data: Record<string, unknown>; options: Record<string, unknown> }[] = [];
  written: Record<string, unknown>[] = [];
  constructor(public failures = 0) {}
  async update(data: Record<string, unknown>, options: Record<string, unknown>) {
    this.calls.push({ data, options });
    if (this.calls.length <= this.failures) throw new Error(`refused (attempt ${this.calls.length})`);
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
function world(actors: RawDocument[], items: RawDocument[], docs: Record<string, FakeDocument>, stored = "") {
  const settings = new Map<string, unknown>([["cychosys.migrationVersions", stored ? { cychosys: stored } : {}]]);
  g.game.user = { isActiveGM: true };
  g.game.system = { version: "0.2.0" };
  g.game.settings = { get: (s: string, k: string) => settings.get(`${s}.${k}`), set: async (s: string, k: string, v: unknown) => settings.set(`${s}.${k}`, v) };
  g.game.data = { actors, items };
  g.game.actors = { get: (id: string) => (docs[id] ? Object.assign(docs[id]!, { items: { get: (i: string) => docs[i] } }) : undefined) };
  g.game.items = { get: (id: string) => docs[id] };
  return { version: () => (settings.get("cychosys.migrationVersions") as Record<string, string>).cychosys };
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
    expect(docs.i1.written).toEqual([{ "system.dice": 1, "system.schemaVersion": 1 }]);
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

  it("each ruleset is recorded on its own: a world current for Cychosys still migrates OpenD6, and the other way round", async () => {
    const doc = new FakeDocument();
    world([oldCharacter("a1")], [], { a1: doc }, CURRENT);
    await migrateWorldIfNeeded();
    expect(doc.calls).toEqual([]);
    const stored = (globalThis as any).game.settings.get("cychosys", "migrationVersions");
    expect(Object.keys(stored).sort()).toEqual(["cychosys", "d6", "gurps"]);
  });
});
