/**
 * The world migration runner (docs/data-model.md, "Versioned"), per ruleset:
 * whenever a ruleset's schema versions change (its fingerprint, e.g.
 * `character:1,npc:1,…`), the active GM upgrades that ruleset's world
 * actors, world items and items embedded in its actors — never another
 * ruleset's documents — through its pure migrations, reading
 * the raw stored data (`game.data`, from before `migrateData` ran) so that a
 * change is written back to the database. The last migrated version is kept
 * per ruleset in a hidden world setting — recorded only when every document was
 * written: each update carries only the paths that changed, a failed one is
 * tried again (up to `MIGRATION_ATTEMPTS` times), and if any still fails the
 * GM is told which and the version is left, so the migration runs again at
 * the next load. Compendium packs are not migrated here (their sources are
 * built by tools/packs from current data).
 */
import type { RulesetManifest } from "../core/ruleset.js";
import type { DocumentName } from "../core/schema/description.js";
import { migrateSystemSource } from "../core/schema/migrations.js";
import { registeredManifests, rulesetOfType } from "../core/schema/registry.js";
import { format } from "./i18n.js";
import { SYSTEM_ID } from "./system.js";
import { diffUpdate } from "../core/update-diff.js";

/** A raw stored document, as `game.data.actors` / `game.data.items` hold it. */
export interface RawDocument {
  _id: string;
  name?: string;
  type: string;
  system?: unknown;
  items?: RawDocument[];
}

/**
 * One update to write: the document, its migrated `system`, the paths that
 * changed (`changes`, what is sent: `system.…` keys, `-=key` for a removed
 * key), and for embedded items the parent actor.
 */
export interface PlannedUpdate {
  documentName: DocumentName;
  id: string;
  parentId?: string;
  name: string;
  system: Record<string, unknown>;
  changes: Record<string, unknown>;
}

function plan(documentName: DocumentName, raw: RawDocument, parentId?: string): PlannedUpdate | undefined {
  if (!raw.system || typeof raw.system !== "object") return undefined;
  const system = structuredClone(raw.system) as Record<string, unknown>;
  const { changed } = migrateSystemSource(documentName, raw.type, system);
  if (!changed) return undefined;
  const changes = diffUpdate("system", raw.system, system);
  if (Object.keys(changes).length === 0) return undefined;
  const update: PlannedUpdate = { documentName, id: raw._id, name: raw.name ?? raw._id, system, changes };
  if (parentId) update.parentId = parentId;
  return update;
}

/** Every update a world needs: its actors, their embedded items, its items (of one ruleset, when given). Pure. */
export function planWorldMigration(actors: readonly RawDocument[], items: readonly RawDocument[], ruleset?: string): PlannedUpdate[] {
  const updates: PlannedUpdate[] = [];
  const mine = (documentName: DocumentName, raw: RawDocument) => !ruleset || rulesetOfType(documentName, raw.type) === ruleset;
  for (const actor of actors) {
    if (!mine("Actor", actor)) continue;
    const own = plan("Actor", actor);
    if (own) updates.push(own);
    for (const item of actor.items ?? []) {
      const embedded = plan("Item", item, actor._id);
      if (embedded) updates.push(embedded);
    }
  }
  for (const item of items) {
    if (!mine("Item", item)) continue;
    const own = plan("Item", item);
    if (own) updates.push(own);
  }
  return updates;
}

/** A ruleset's schema versions in one string: it changes exactly when one of its types' versions does. */
export function schemaFingerprint(manifest: RulesetManifest): string {
  return (["Actor", "Item"] as const).flatMap((d) => Object.entries(manifest[d]).map(([type, t]) => `${type}:${t.version}`)).join(",");
}

export const MIGRATION_SETTING = "migrationVersions";

/** How often a document's update is tried before the migration reports it as failed. */
export const MIGRATION_ATTEMPTS = 3;

/** The wait before attempt n is n × `delayMs` (a busy server gets a moment). */
export const migrationRetry = { delayMs: 250 };

/** A document that can be written (`Actor`, `Item`). */
export interface Migratable {
  update(data: Record<string, unknown>, options: Record<string, unknown>): Promise<unknown>;
}

/** What the runner needs from the world; `migrateWorldIfNeeded` hands in Foundry's. */
export interface MigrationPorts {
  /** The live document an update is for; undefined when it no longer exists (nothing to do). */
  find(update: PlannedUpdate): Migratable | undefined;
  /** Progress, every 25 documents. */
  progress?(done: number, total: number): void;
  /** Wait before trying again (attempt 2, 3, …). */
  pause?(attempt: number): Promise<void>;
}

export interface MigrationOutcome {
  changed: number;
  failed: { update: PlannedUpdate; error: unknown }[];
}

/** Write each planned update (changed paths only), trying a failed one up to `attempts` times. */
export async function runWorldMigration(updates: readonly PlannedUpdate[], ports: MigrationPorts, attempts = MIGRATION_ATTEMPTS): Promise<MigrationOutcome> {
  const outcome: MigrationOutcome = { changed: 0, failed: [] };
  let done = 0;
  for (const update of updates) {
    let lastError: unknown;
    let settled = false;
    for (let attempt = 1; attempt <= attempts && !settled; attempt++) {
      try {
        if (attempt > 1) await ports.pause?.(attempt);
        const target = ports.find(update);
        // Gone since the world loaded: nothing to migrate.
        if (target) {
          // diff: false — the document's source is already migrated in memory; write the upgrade to the database.
          await target.update(structuredClone(update.changes), { diff: false });
          outcome.changed++;
        }
        settled = true;
      } catch (error) {
        lastError = error;
        console.warn(`Cychosys | migrating ${update.name} failed (attempt ${attempt} of ${attempts})`, error);
      }
    }
    if (!settled) {
      console.error(`Cychosys | ${update.name} could not be migrated`, lastError);
      outcome.failed.push({ update, error: lastError });
    }
    done++;
    if (done % 25 === 0) ports.progress?.(done, updates.length);
  }
  return outcome;
}

/** Run each ruleset's migration when this client is the active GM and the world is behind; record a ruleset only when it all succeeded. */
export async function migrateWorldIfNeeded(): Promise<void> {
  const user = game.user;
  if (!user?.isActiveGM) return;
  const current = game.system!.version;
  const stored = { ...((game.settings!.get(SYSTEM_ID, MIGRATION_SETTING as never) as Record<string, string> | undefined) ?? {}) };
  const data = game.data as unknown as { actors?: RawDocument[]; items?: RawDocument[] };
  for (const manifest of registeredManifests()) {
    const fingerprint = schemaFingerprint(manifest);
    if (stored[manifest.id] === fingerprint) continue;
    const updates = planWorldMigration(data.actors ?? [], data.items ?? [], manifest.id);
    if (updates.length > 0) ui.notifications?.info(format("CYCHOSYS.Migration.start", { version: current }), { permanent: true });
    const outcome = await runWorldMigration(updates, {
      find: (update) =>
        (update.documentName === "Actor"
          ? game.actors?.get(update.id)
          : update.parentId
            ? game.actors?.get(update.parentId)?.items.get(update.id)
            : game.items?.get(update.id)) as Migratable | undefined,
      progress: (done, total) => ui.notifications?.info(format("CYCHOSYS.Migration.progress", { done, total })),
      pause: (attempt) => new Promise((resolve) => setTimeout(resolve, migrationRetry.delayMs * attempt)),
    });
    if (outcome.failed.length > 0) {
      const names = outcome.failed.map((f) => f.update.name);
      const shown = names.length > 10 ? `${names.slice(0, 10).join(", ")} (+${names.length - 10})` : names.join(", ");
      ui.notifications?.error(format("CYCHOSYS.Migration.incomplete", { count: names.length, names: shown, version: current }), { permanent: true });
      continue;
    }
    stored[manifest.id] = fingerprint;
    await game.settings!.set(SYSTEM_ID, MIGRATION_SETTING as never, stored as never);
    if (updates.length > 0) ui.notifications?.info(format("CYCHOSYS.Migration.done", { version: current, changed: outcome.changed }), { permanent: true });
  }
}

/** The hidden world setting that records each ruleset's migrated schema (on `init`). */
export function registerMigrationSetting(): void {
  game.settings!.register(SYSTEM_ID, MIGRATION_SETTING as never, { scope: "world", config: false, type: Object, default: {} } as never);
}
