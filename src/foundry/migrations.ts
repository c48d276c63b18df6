/**
 * The world migration runner (docs/data-model.md, "Versioned"), for the
 * ruleset the world plays: whenever its schema versions change (its
 * fingerprint, e.g. `character:1,npc:1,…`), the active GM upgrades that
 * ruleset's world actors, world items and items embedded in its actors —
 * never another ruleset's documents, which are migrated when their ruleset
 * becomes the world's — through its pure migrations, reading the raw stored
 * data (`game.data`, from before `migrateData` ran) so that a change is
 * written back to the database. Documents Foundry could not load (they
 * failed validation: the collection's invalid ids, as dnd5e reaches them)
 * are migrated too; one the migration cannot make valid is reported by name.
 * A new actor's token bars are its type's; an older one pointing at a bar
 * its type lacks is repaired here (src/foundry/token-bars.ts). The migrated
 * fingerprint is kept per ruleset in a hidden world setting — recorded only
 * when every document was written: each update carries only the paths that
 * changed, a failed one is tried again (up to `MIGRATION_ATTEMPTS` times), an
 * update the document refused (`_preUpdate` returned false: no document comes
 * back) is not done, and if any is not done the GM is told which and the
 * version is left, so the migration runs again at the next load. Compendium
 * packs are not migrated here (their sources are built by tools/packs from
 * current data).
 */
import type { RulesetManifest } from "../core/ruleset.js";
import type { DocumentName } from "../core/schema/description.js";
import { migrateSystemSource } from "../core/schema/migrations.js";
import { manifestById, rulesetOfType } from "../core/schema/registry.js";
import { validateSystemSource } from "../core/schema/validate.js";
import { format } from "./i18n.js";
import { activeRulesetId } from "./ruleset-setting.js";
import { SYSTEM_ID } from "./system.js";
import { prototypeBars } from "./token-bars.js";
import { diffUpdate } from "../core/update-diff.js";

/** A raw stored document, as `game.data.actors` / `game.data.items` hold it. */
export interface RawDocument {
  _id: string;
  name?: string;
  type: string;
  system?: unknown;
  items?: RawDocument[];
  prototypeToken?: { bar1?: { attribute?: string | null } | null; bar2?: { attribute?: string | null } | null } | null;
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

/** A stored `system` brought to the current schema (a copy), and whether anything changed. */
function migratedSystem(documentName: DocumentName, raw: RawDocument): { system: Record<string, unknown>; changed: boolean } | undefined {
  if (!raw.system || typeof raw.system !== "object") return undefined;
  const system = structuredClone(raw.system) as Record<string, unknown>;
  return { system, changed: migrateSystemSource(documentName, raw.type, system).changed };
}

function plan(documentName: DocumentName, raw: RawDocument, parentId?: string): PlannedUpdate | undefined {
  const migrated = migratedSystem(documentName, raw);
  const changes: Record<string, unknown> = migrated?.changed ? diffUpdate("system", raw.system, migrated.system) : {};
  // An actor's token bars that point at something its type lacks (the old system-wide default) become its own.
  if (documentName === "Actor" && raw.prototypeToken) {
    const bars = prototypeBars(raw.type, raw.prototypeToken);
    for (const [bar, value] of Object.entries(bars ?? {})) if (raw.prototypeToken[bar as "bar1" | "bar2"]?.attribute !== undefined) changes[`prototypeToken.${bar}.attribute`] = value.attribute;
  }
  if (Object.keys(changes).length === 0) return undefined;
  const update: PlannedUpdate = { documentName, id: raw._id, name: raw.name ?? raw._id, system: migrated?.system ?? {}, changes };
  if (parentId) update.parentId = parentId;
  return update;
}

/** A document Foundry could not load (it failed validation), by its stored data; `parent` for an embedded item. */
export interface InvalidDocument {
  documentName: DocumentName;
  raw: RawDocument;
  parent?: RawDocument;
}

/** Why an invalid document stays invalid after its migration (the first problem of its `system`), or undefined when the migration repairs it. */
export function stillInvalid(doc: InvalidDocument): string | undefined {
  const system = migratedSystem(doc.documentName, doc.raw)?.system ?? doc.raw.system;
  const [problem] = validateSystemSource(doc.documentName, doc.raw.type, system);
  return problem && `${problem.path}: ${problem.message}`;
}

/** An invalid document's name as the GM reads it ("Kira › Blaster" for an embedded item). */
export const invalidName = (doc: InvalidDocument): string => [doc.parent, doc.raw].filter((d): d is RawDocument => !!d).map((d) => d.name ?? d._id).join(" › ");

/** Every update a world needs: its actors (their system and token bars), their embedded items, its items (of one ruleset, when given). Pure. */
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

/**
 * Repairs the runner makes besides the schema's (1: token bars of the type,
 * issue 20): raised when one is added, so a world already migrated runs
 * once more to make it.
 */
export const WORLD_REPAIRS = 1;

/** What a ruleset's migration is recorded as: its schema fingerprint and the repairs made. */
export const migrationFingerprint = (manifest: RulesetManifest): string => `${schemaFingerprint(manifest)};repairs:${WORLD_REPAIRS}`;

export const MIGRATION_SETTING = "migrationVersions";

/** How often a document's update is tried before the migration reports it as failed. */
export const MIGRATION_ATTEMPTS = 3;

/** The wait before attempt n is n × `delayMs` (a busy server gets a moment). */
export const migrationRetry = { delayMs: 250 };

/** A document that can be written (`Actor`, `Item`): `update` resolves to the document, or to nothing when it refused the change. */
export interface Migratable {
  update(data: Record<string, unknown>, options: Record<string, unknown>): Promise<unknown>;
}

/** Why an update is not done though nothing was thrown: the document (its `_preUpdate`, or a module's hook) refused it. */
export class MigrationRefused extends Error {
  constructor(readonly documentName: string) {
    super(`Cychosys: ${documentName} refused the migration's update`);
  }
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
          // diff: false — the document's source is already migrated in memory (and an invalid one's is not the
          // stored data): write the upgrade to the database.
          const written = await target.update(structuredClone(update.changes), { diff: false });
          // Refused (no document back, nothing thrown): not done, and asking again would be refused again.
          if (written === undefined || written === null || written === false) {
            lastError = new MigrationRefused(update.name);
            console.warn(`Cychosys | migrating ${update.name} was refused`);
            break;
          }
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

/** A world collection as the runner reads it: its documents by id, and the ids (and documents) of those that failed validation. */
interface CollectionLike<D> {
  get(id: string): D | undefined;
  invalidDocumentIds?: Set<string>;
  getInvalid?(id: string): D | undefined;
}
type ActorLike = Migratable & { items?: CollectionLike<Migratable> };

/** The live document, valid or not. */
const live = <D>(collection: CollectionLike<D> | undefined, id: string): D | undefined => collection?.get(id) ?? (collection?.invalidDocumentIds?.has(id) ? collection.getInvalid?.(id) : undefined);

/** The documents of `ruleset` Foundry could not load: world actors and items, and items embedded in its actors. */
export function invalidDocuments(ruleset: string, raw: { actors: readonly RawDocument[]; items: readonly RawDocument[] }, collections: { actors?: CollectionLike<ActorLike>; items?: CollectionLike<Migratable> }): InvalidDocument[] {
  const found: InvalidDocument[] = [];
  const byId = (list: readonly RawDocument[]) => new Map(list.map((d) => [d._id, d]));
  const actors = byId(raw.actors);
  const items = byId(raw.items);
  for (const id of collections.actors?.invalidDocumentIds ?? []) {
    const doc = actors.get(id);
    if (doc && rulesetOfType("Actor", doc.type) === ruleset) found.push({ documentName: "Actor", raw: doc });
  }
  for (const id of collections.items?.invalidDocumentIds ?? []) {
    const doc = items.get(id);
    if (doc && rulesetOfType("Item", doc.type) === ruleset) found.push({ documentName: "Item", raw: doc });
  }
  for (const actor of raw.actors) {
    if (rulesetOfType("Actor", actor.type) !== ruleset) continue;
    const embedded = live(collections.actors, actor._id)?.items?.invalidDocumentIds;
    if (!embedded?.size) continue;
    for (const item of actor.items ?? []) if (embedded.has(item._id)) found.push({ documentName: "Item", raw: item, parent: actor });
  }
  return found;
}

/** The names shown in a notification: the first ten, then how many more. */
const listed = (names: readonly string[]) => (names.length > 10 ? `${names.slice(0, 10).join(", ")} (+${names.length - 10})` : names.join(", "));

/**
 * Run the world's ruleset's migration when this client is the active GM and
 * the world is behind; record it only when every update was written and
 * every document Foundry could not load was repaired.
 */
export async function migrateWorldIfNeeded(): Promise<void> {
  const user = game.user;
  if (!user?.isActiveGM) return;
  const manifest = manifestById(activeRulesetId());
  if (!manifest) return;
  const current = game.system!.version;
  const stored = { ...((game.settings!.get(SYSTEM_ID, MIGRATION_SETTING as never) as Record<string, string> | undefined) ?? {}) };
  const fingerprint = migrationFingerprint(manifest);
  if (stored[manifest.id] === fingerprint) return;
  const data = game.data as unknown as { actors?: RawDocument[]; items?: RawDocument[] };
  const raw = { actors: data.actors ?? [], items: data.items ?? [] };
  const collections = { actors: game.actors as unknown as CollectionLike<ActorLike> | undefined, items: game.items as unknown as CollectionLike<Migratable> | undefined };
  const updates = planWorldMigration(raw.actors, raw.items, manifest.id);
  const invalid = invalidDocuments(manifest.id, raw, collections);
  if (updates.length > 0) ui.notifications?.info(format("CYCHOSYS.Migration.start", { version: current }), { permanent: true });
  const outcome = await runWorldMigration(updates, {
    find: (update) => (update.documentName === "Actor" ? live(collections.actors, update.id) : update.parentId ? live(live(collections.actors, update.parentId)?.items, update.id) : live(collections.items, update.id)),
    progress: (done, total) => ui.notifications?.info(format("CYCHOSYS.Migration.progress", { done, total })),
    pause: (attempt) => new Promise((resolve) => setTimeout(resolve, migrationRetry.delayMs * attempt)),
  });
  const unrepaired = invalid.flatMap((doc) => {
    const why = stillInvalid(doc);
    return why ? [{ name: invalidName(doc), why }] : [];
  });
  for (const { name, why } of unrepaired) console.error(`Cychosys | ${name} failed validation and the migration cannot repair it: ${why}`);
  if (unrepaired.length > 0) ui.notifications?.error(format("CYCHOSYS.Migration.invalid", { count: unrepaired.length, names: listed(unrepaired.map((u) => u.name)), version: current }), { permanent: true });
  if (outcome.failed.length > 0) ui.notifications?.error(format("CYCHOSYS.Migration.incomplete", { count: outcome.failed.length, names: listed(outcome.failed.map((f) => f.update.name)), version: current }), { permanent: true });
  if (outcome.failed.length > 0 || unrepaired.length > 0) return;
  stored[manifest.id] = fingerprint;
  await game.settings!.set(SYSTEM_ID, MIGRATION_SETTING as never, stored as never);
  if (updates.length > 0) ui.notifications?.info(format("CYCHOSYS.Migration.done", { version: current, changed: outcome.changed }), { permanent: true });
}

/** The hidden world setting that records each ruleset's migrated schema (on `init`). */
export function registerMigrationSetting(): void {
  game.settings!.register(SYSTEM_ID, MIGRATION_SETTING as never, { scope: "world", config: false, type: Object, default: {} } as never);
}
