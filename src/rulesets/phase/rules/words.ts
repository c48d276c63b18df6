/**
 * How the phase ruleset's narration names things (docs/style.md,
 * "Typography"): a catalogue action by its label, never its key; a count
 * with its real plural, read from the lang entry's plural sub-keys
 * (`<key>.one`, `<key>.other`); areas and lists in words.
 */
import { english, englishString, type Localize } from "../../../core/messages.js";
import { listText, pluralKey } from "../../../core/views/text.js";

/** The lang key of `count`'s plural form under `base` (the English file says which forms exist). */
export function countKey(base: string, count: number): string {
  return pluralKey(base, count, (key) => englishString(key) !== undefined);
}

/**
 * A catalogue action's name (P8): its label when the lang file has one, else
 * its key in words — a GM's own entry `firstAid` reads "first aid".
 */
export function actionLabel(key: string, localize: Localize = english): string {
  if (englishString(`CYCHOSYS.Phase.Action.${key}`) !== undefined) return localize(`CYCHOSYS.Phase.Action.${key}`);
  return key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/[_-]+/g, " ").toLowerCase();
}

/** An area in words ("right arm"). */
export const areaLabel = (area: string, localize: Localize = english): string => localize(`CYCHOSYS.Phase.Area.${area}`);

/** Areas as a reader says them: "the right leg and the left arm". */
export function theAreas(areas: readonly string[], localize: Localize = english): string {
  return listText(areas.map((a) => localize("CYCHOSYS.Phase.Explain.theArea", { area: areaLabel(a, localize) })));
}

/** What a weapon must be for an action (P12, P15, P22, P25), in words: "fully automatic". */
export const weaponNeedsLabel = (requires: string, localize: Localize = english): string => localize(`CYCHOSYS.Phase.Requires.${requires}`);
