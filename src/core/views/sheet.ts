/**
 * Pieces every ruleset's sheet view model (src/rulesets/<id>/views/sheets.ts)
 * shares: the owned item as a sheet receives it, the readers of stored values
 * that may be anything (a sheet shows what is there, never throws), the
 * order of owned items, a select's options, an item sheet's parts, and the
 * rich-text blocks (an actor's biography or notes, an item's description).
 */
import type { PartSpec } from "./templates.js";

/** An owned item as the sheet receives it. */
export interface SheetItem {
  id: string;
  name: string;
  img: string;
  type: string;
  sort: number;
  system: Record<string, unknown>;
}

/** What a sheet shows for a figure nothing computed. */
export const DASH = "—";
/** A stored text, or "" when it is not one. */
export const str = (value: unknown): string => (typeof value === "string" ? value : "");
/** A stored finite number, or `fallback`. */
export const num = (value: unknown, fallback = 0): number => (typeof value === "number" && Number.isFinite(value) ? value : fallback);
/** A stored object (not an array), or an empty one. */
export const rec = (value: unknown): Record<string, unknown> => (value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {});
/** Owned items in the order the user sorted them (then by name). */
export const bySort = (a: { sort: number; name: string }, b: { sort: number; name: string }) => a.sort - b.sort || a.name.localeCompare(b.name);

/** A select's options, `selected` marked; labels are lang keys. */
export const choices = <T extends string>(values: readonly T[], selected: string, label: (v: T) => string) => values.map((value) => ({ value, label: label(value), selected: value === selected }));

/** An item sheet: the ruleset's shared header (`<root>/item/header.hbs`), the type's fields, its description. */
export function itemSheetParts(root: string, body: string): Record<string, PartSpec> {
  return {
    header: { template: `${root}/item/header.hbs` },
    body: { template: body, scrollable: [""] },
    description: { template: `${root}/item/description.hbs` },
  };
}

/** An actor's rich text as the text partial edits it: a character's biography, anyone else's notes (`<langPrefix>.Biography` / `.Notes`). */
export function actorTextView(character: boolean, system: Record<string, unknown>, enriched: string, langPrefix: string) {
  return {
    label: character ? `${langPrefix}.Biography` : `${langPrefix}.Notes`,
    path: character ? "system.biography" : "system.notes",
    raw: str(character ? system.biography : system.notes),
    enriched,
  };
}

/** An item's description as the description part edits it. */
export const descriptionView = (system: Record<string, unknown>, enriched: string) => ({ path: "system.description", raw: str(system.description), enriched });
