/**
 * Token bars per actor type, for every ruleset's types (set on `init`):
 * `CONFIG.Actor.trackableAttributes` keyed by type — Foundry unites every
 * type's lists for a type missing there, so each has its own entry — and the
 * prototype token's bars a new actor gets (`prototypeBars`, from its
 * `_preCreate`): the type's own (its damage track first), never one another
 * type has. The lists are the manifests' (`RulesetManifest.trackable`).
 */
import type { RulesetManifest, TokenTrackable } from "../core/ruleset.js";
import { registeredManifests } from "../core/schema/registry.js";

/** Every actor type's token bars, from the manifests. */
export function trackableByType(manifests: readonly RulesetManifest[]): Record<string, TokenTrackable> {
  return Object.fromEntries(manifests.flatMap((m) => Object.keys(m.Actor).map((type) => [type, m.trackable[type] ?? { bar: [], value: [], token: [null, null] }])));
}

let known: { manifests: readonly RulesetManifest[]; lists: Record<string, TokenTrackable> } | undefined;

/** Every registered ruleset's actor types' bars (worked out again only when a ruleset is registered). */
function registeredLists(): Record<string, TokenTrackable> {
  const manifests = registeredManifests();
  if (known?.manifests.length !== manifests.length) known = { manifests, lists: trackableByType(manifests) };
  return known.lists;
}

/** `CONFIG.Actor.trackableAttributes` for every actor type (`{ bar, value }` each), on `init`. */
export function registerTokenBars(manifests: readonly RulesetManifest[]): void {
  const byType = trackableByType(manifests);
  CONFIG.Actor.trackableAttributes = Object.fromEntries(Object.entries(byType).map(([type, t]) => [type, { bar: [...t.bar], value: [...t.value] }])) as never;
}

type BarName = "bar1" | "bar2";
type RequestedToken = { bar1?: { attribute?: string | null } | null; bar2?: { attribute?: string | null } | null } | null | undefined;

/**
 * The prototype token's bars a new actor of `type` gets, from what its
 * creation data asks (`requested`, e.g. a pack's or an older export's): a bar
 * the type offers is kept, an explicit "none" (null) is kept, and one not
 * given or naming an attribute this type lacks becomes the type's own. Only
 * the bars that change; undefined when none does.
 */
export function prototypeBars(type: string, requested: RequestedToken, lists: Record<string, TokenTrackable> = registeredLists()): Partial<Record<BarName, { attribute: string | null }>> | undefined {
  const own = lists[type];
  if (!own) return undefined;
  const offered = new Set([...own.bar, ...own.value]);
  const changes: Partial<Record<BarName, { attribute: string | null }>> = {};
  (["bar1", "bar2"] as const).forEach((bar, index) => {
    const asked = requested?.[bar]?.attribute;
    if (asked === null || (asked !== undefined && offered.has(asked))) return;
    changes[bar] = { attribute: own.token[index] ?? null };
  });
  return Object.keys(changes).length > 0 ? changes : undefined;
}
