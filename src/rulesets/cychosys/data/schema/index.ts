/**
 * The Foundry-free schema of every actor and item type (docs/data-model.md):
 * descriptions, validation with field paths, defaults, versions, migrations.
 */
export * from "./description.js";
export * from "./validate.js";
export * from "./migrations.js";
