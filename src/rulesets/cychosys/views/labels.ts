/**
 * The lang keys (lang/en.json) the sheets use for the rules' fixed vocabularies.
 * Templates localize them; the view models never hold English text.
 */
import type { Facet, HitLocation, Layer } from "../rules/index.js";

export const facetLabel = (facet: Facet): string => `CYCHOSYS.Facet.${facet}`;
export const locationLabel = (location: HitLocation): string => `CYCHOSYS.Location.${location}`;
export const layerLabel = (layer: Layer): string => `CYCHOSYS.Layer.${layer}`;

/** Short location names for the body table and outfit chips. */
export const locationShortLabel = (location: HitLocation): string => `CYCHOSYS.Sheet.LocationShort.${location}`;

/** The ActiveEffect change keys a trademark uses (docs/data-model.md), with their labels. */
export const TRADEMARK_CHANGE_KEYS: Readonly<Record<string, string>> = Object.freeze({
  "system.modifiers.quickness": "CYCHOSYS.Sheet.Modifier.quickness",
  "system.modifiers.soakSteps": "CYCHOSYS.Sheet.Modifier.soakSteps",
  "system.modifiers.actions": "CYCHOSYS.Sheet.Modifier.actions",
  "system.natural.skin": "CYCHOSYS.Sheet.Modifier.skin",
  "system.natural.will": "CYCHOSYS.Sheet.Modifier.will",
});

/** Foundry's ActiveEffect change modes (CONST.ACTIVE_EFFECT_MODES), by number. */
export const EFFECT_MODE_LABELS: readonly string[] = Object.freeze([
  "CYCHOSYS.Sheet.EffectMode.custom",
  "CYCHOSYS.Sheet.EffectMode.multiply",
  "CYCHOSYS.Sheet.EffectMode.add",
  "CYCHOSYS.Sheet.EffectMode.downgrade",
  "CYCHOSYS.Sheet.EffectMode.upgrade",
  "CYCHOSYS.Sheet.EffectMode.override",
]);
