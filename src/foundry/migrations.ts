/**
 * The world migration runner (docs/data-model.md, "Versioned"): once per
 * system version, the active GM upgrades every world actor, every world item
 * and every item embedded in an actor through the pure migrations, reading
 * the raw stored data (`game.data`, from before `migrateData` ran) so that a
 * change is written back to the database. The last migrated version is kept
 * in a hidden world setting. Compendium packs are not migrated here (their
 * sources are built by tools/packs from current data).
 */
import { type DocumentName, migrateSystemSource } from "../data/schema/index.js";
import { format } from "./i18n.js";
import { SYSTEM_ID } from "./settings.js";

/** A raw stored document, as `game.data.actors` / `game.data.items` hold it. */
export interface RawDocument {
  _id: string;
  name?: string;
  type: string;
  system?: unknown;
  items?: RawDocument[];
}

/** One update to write: the document, its migrated `system`, and for embedded items the parent actor. */
export interface PlannedUpdate {
  documentName: DocumentName;
  id: string;
  parentId?: string;
  name: string;
  system: Record<string, unknown>;
}

function plan(documentName: DocumentName, raw: RawDocument, parentId?: string): PlannedUpdate | undefined {
  if (!raw.system || typeof raw.system !== "object") return undefined;
  const system = structuredClone(raw.system) as Record<string, unknown>;
  const { changed } = migrateSystemSource(documentName, raw.type, system);
  if (!changed) return undefined;
  const update: PlannedUpdate = { documentName, id: raw._id, name: raw.name ?? raw._id, system };
  if (parentId) update.parentId = parentId;
  return update;
}

/** Every update a world needs: its actors, their embedded items, its items. Pure. */
export function planWorldMigration(actors: readonly RawDocument[], items: readonly RawDocument[]): PlannedUpdate[] {
  const updates: PlannedUpdate[] = [];
  for (const actor of actors) {
    const own = plan("Actor", actor);
    if (own) updates.push(own);
    for (const item of actor.items ?? []) {
      const embedded = plan("Item", item, actor._id);
      if (embedded) updates.push(embedded);
    }
  }
  for (const item of items) {
    const own = plan("Item", item);
    if (own) updates.push(own);
  }
  return updates;
}

/** Is `stored` older than `current` (semantic versions; "" is older than anything)? */
export function needsMigration(stored: string, current: string): boolean {
  if (!stored) return true;
  return foundry.utils.isNewerVersion(current, stored);
}

/** Run the migration when this client is the active GM and the world is behind. */
export async function migrateWorldIfNeeded(): Promise<void> {
  const user = game.user;
  if (!user?.isActiveGM) return;
  const current = game.system!.version;
  const stored = game.settings!.get(SYSTEM_ID, "systemMigrationVersion") as string;
  if (!needsMigration(stored, current)) return;
  const data = game.data as unknown as { actors?: RawDocument[]; items?: RawDocument[] };
  const updates = planWorldMigration(data.actors ?? [], data.items ?? []);
  if (updates.length > 0) {
    ui.notifications?.info(format("CYCHOSYS.Migration.start", { version: current }), { permanent: true });
  }
  let done = 0;
  let changed = 0;
  for (const update of updates) {
    try {
      const target = update.documentName === "Actor"
        ? game.actors?.get(update.id)
        : update.parentId
          ? game.actors?.get(update.parentId)?.items.get(update.id)
          : game.items?.get(update.id);
      if (target) {
        // diff: false — the document's source is already migrated in memory; write the upgrade to the database.
        await target.update({ system: update.system } as never, { diff: false } as never);
        changed++;
      }
    } catch (error) {
      console.error(error);
      ui.notifications?.error(format("CYCHOSYS.Migration.failed", { name: update.name, error: error instanceof Error ? error.message : String(error) }));
    }
    done++;
    if (done % 25 === 0) ui.notifications?.info(format("CYCHOSYS.Migration.progress", { done, total: updates.length }));
  }
  await game.settings!.set(SYSTEM_ID, "systemMigrationVersion", current);
  if (updates.length > 0) ui.notifications?.info(format("CYCHOSYS.Migration.done", { version: current, changed }), { permanent: true });
}
