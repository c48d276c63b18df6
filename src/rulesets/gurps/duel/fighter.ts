/**
 * `npm run duel`: a GURPS actor read from JSON — a compendium export
 * (packs/_source/gurps-characters/) or the same shape written by hand:
 * `name`, `type` (gurpsCharacter), `system` and `items`, each `system`
 * checked against the data models' schema as strictly as a world stores it,
 * then derived as a sheet derives it (deriveGurpsActor). Pure.
 */
import { LocalizedError } from "../../../core/errors.js";
import { english } from "../../../core/messages.js";
import { registerManifest } from "../../../core/schema/registry.js";
import { validateSystemSource } from "../../../core/schema/validate.js";
import { deriveGurpsActor, type GurpsItemInput } from "../data/derive.js";
import type { GurpsDerived } from "../data/derived.js";
import { GURPS_ACTOR_TYPES } from "../data/schema.js";
import { GURPS_MANIFEST } from "../manifest.js";
import { GURPS_STANDARD_RULES, type GurpsRules } from "../rules/index.js";

registerManifest(GURPS_MANIFEST);

export interface GurpsFighter {
  name: string;
  /** His figures as his sheet derives them, unhurt (the duel keeps his HP, FP and round apart). */
  derived: GurpsDerived;
  /** Decisions already worked out, by the state they were worked out for. */
  memo: Map<string, unknown>;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const cut = (text: string) => (text.length > 60 ? `${text.slice(0, 57)}…` : text);
const fail = (code: string, params: Record<string, string | number> = {}) => new LocalizedError("CYCHOSYS.Odds.Duel", code, params);

/** One actor's JSON as a fighter; throws a LocalizedError (`CYCHOSYS.Odds.Duel.*`) naming the field. */
export function readGurpsFighter(json: unknown, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): GurpsFighter {
  if (!isRecord(json) || typeof json.name !== "string" || !json.name.trim() || !isRecord(json.system)) throw fail("notActor");
  const type = json.type;
  if (typeof type !== "string" || !(GURPS_ACTOR_TYPES as readonly string[]).includes(type)) throw fail("wrongType", { type: cut(String(type)), allowed: GURPS_ACTOR_TYPES.join(", ") });
  const problem = validateSystemSource("Actor", type, json.system)[0];
  if (problem) throw fail("field", { field: `system${problem.path ? `.${problem.path}` : ""}`, message: problem.message });
  const list = json.items ?? [];
  if (!Array.isArray(list)) throw fail("field", { field: "items", message: english("CYCHOSYS.Odds.Duel.notList") });
  const items: GurpsItemInput[] = list.map((item: unknown, index) => {
    if (!isRecord(item) || typeof item.name !== "string" || typeof item.type !== "string") throw fail("item", { index, name: "?", field: "", message: english("CYCHOSYS.Odds.Duel.notItem") });
    const itemProblem = validateSystemSource("Item", item.type, item.system)[0];
    if (itemProblem) throw fail("item", { index, name: cut(item.name), field: `system${itemProblem.path ? `.${itemProblem.path}` : ""}`, message: itemProblem.message });
    // Round states key items by plain ids (letters, digits, `_`, `-`).
    const raw = typeof item._id === "string" ? item._id : typeof item.id === "string" ? item.id : `item${index}`;
    return { id: /^[A-Za-z0-9_-]{1,64}$/.test(raw) ? raw : `item${index}`, name: item.name, type: item.type, system: item.system };
  });
  const derived = deriveGurpsActor(json.system, items, rules);
  if (!derived.weapons.some((w) => w.lines.length > 0)) throw fail("noAttack", { name: cut(json.name) });
  return { name: json.name, derived, memo: new Map() };
}
