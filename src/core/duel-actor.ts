/**
 * An actor of `npm run duel` read from JSON — a compendium export
 * (packs/_source) or the same shape written by hand: `name`, `type` (one of
 * the ruleset's combatant types), `system` and `items`, each `system` checked
 * against the data models' schema as strictly as a world stores it (after
 * the ruleset's migrations, when it has them, on a copy: the file is not
 * touched). Every ruleset's duel reads its fighters through this. Pure.
 */
import { LocalizedError } from "./errors.js";
import { english } from "./messages.js";
import { validateSystemSource } from "./schema/validate.js";

export interface DuelActorJson {
  name: string;
  type: string;
  system: Record<string, unknown>;
  /** Each item with an id: its own, or `item<index>` when it has none or (with `plainIds`) one that is not plain. */
  items: { id: string; name: string; type: string; system: unknown }[];
}

export interface DuelActorOptions {
  /** The ruleset's combatant actor types. */
  types: readonly string[];
  /** The ruleset's migrations, run on a copy of each `system` before it is checked (an older export reads as Foundry would load it). */
  migrate?: (documentName: "Actor" | "Item", type: string, system: unknown) => void;
  /** Item ids only of letters, digits, `_` and `-` (up to 64): round states key items by them. */
  plainIds?: boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** A name as an error message quotes it: at most 60 characters. */
export const cutName = (text: string): string => (text.length > 60 ? `${text.slice(0, 57)}…` : text);

/** A duel input problem: `CYCHOSYS.Odds.Duel.<code>`. */
export const duelInputError = (code: string, params: Record<string, string | number> = {}): LocalizedError => new LocalizedError("CYCHOSYS.Odds.Duel", code, params);

const fieldOf = (path: string) => `system${path ? `.${path}` : ""}`;

/** One actor's JSON, checked; throws a LocalizedError (`CYCHOSYS.Odds.Duel.*`) naming the field. */
export function readDuelActor(json: unknown, options: DuelActorOptions): DuelActorJson {
  if (!isRecord(json) || typeof json.name !== "string" || !json.name.trim() || !isRecord(json.system)) throw duelInputError("notActor");
  const type = json.type;
  if (typeof type !== "string" || !options.types.includes(type)) throw duelInputError("wrongType", { type: cutName(String(type)), allowed: options.types.join(", ") });
  const prepared = <T>(documentName: "Actor" | "Item", itemType: string, system: T): T => {
    if (!options.migrate) return system;
    const copy = structuredClone(system);
    options.migrate(documentName, itemType, copy);
    return copy;
  };
  const system = prepared("Actor", type, json.system);
  const problem = validateSystemSource("Actor", type, system)[0];
  if (problem) throw duelInputError("field", { field: fieldOf(problem.path), message: problem.message });
  const list = json.items ?? [];
  if (!Array.isArray(list)) throw duelInputError("field", { field: "items", message: english("CYCHOSYS.Odds.Duel.notList") });
  const items = list.map((item: unknown, index) => {
    if (!isRecord(item) || typeof item.name !== "string" || typeof item.type !== "string") throw duelInputError("item", { index, name: "?", field: "", message: english("CYCHOSYS.Odds.Duel.notItem") });
    const itemSystem = isRecord(item.system) ? prepared("Item", item.type, item.system) : item.system;
    const itemProblem = validateSystemSource("Item", item.type, itemSystem)[0];
    if (itemProblem) throw duelInputError("item", { index, name: cutName(item.name), field: fieldOf(itemProblem.path), message: itemProblem.message });
    const raw = typeof item._id === "string" ? item._id : typeof item.id === "string" ? item.id : `item${index}`;
    const id = options.plainIds && !/^[A-Za-z0-9_-]{1,64}$/.test(raw) ? `item${index}` : raw;
    return { id, name: item.name, type: item.type, system: itemSystem };
  });
  return { name: json.name, type, system, items };
}
