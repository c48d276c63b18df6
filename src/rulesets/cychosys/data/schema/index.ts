/**
 * The Foundry-free schema of every Cychosys actor and item type
 * (docs/data-model.md): descriptions, validation with field paths, defaults,
 * versions, migrations. Importing it registers the Cychosys manifest, so the
 * shared checks (src/core/schema/) know its types.
 */
import { registerManifest } from "../../../../core/schema/registry.js";
import { CYCHOSYS_MANIFEST } from "../../manifest.js";

registerManifest(CYCHOSYS_MANIFEST);

export * from "./description.js";
export * from "./migrations.js";
export * from "./syntax.js";
export * from "../../../../core/schema/validate.js";
export { migrateSystemSource, type MigrationResult } from "../../../../core/schema/migrations.js";
