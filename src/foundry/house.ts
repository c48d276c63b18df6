/**
 * The house style's partials in Foundry (docs/style.md): the card frame,
 * the roll strip and the tracker row, loaded as partials by their paths.
 * Every ruleset's sheet registration calls this (loading twice is harmless:
 * Foundry caches a template by path), so a card or tracker row may include
 * them whichever ruleset the world plays.
 */
import { HOUSE_PARTIALS } from "../core/views/house.js";

export function loadHousePartials(): void {
  void foundry.applications.handlebars.loadTemplates(Object.values(HOUSE_PARTIALS));
}
