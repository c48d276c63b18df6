/**
 * `npm run duel` with Cities Without Number actors: one actor read from
 * JSON — a compendium export (packs/_source/cwn-foes/) or the same shape
 * written by hand: `name`, `type` (cwnCharacter or cwnNpc), `system` and
 * `items`, each `system` checked against the data models' schema as
 * strictly as a world stores it, then derived as a sheet derives it. Pure.
 */
import { LocalizedError } from "../../../core/errors.js";
import { english } from "../../../core/messages.js";
import { Interner, NumberMemo } from "../../../core/memo.js";
import { registerManifest } from "../../../core/schema/registry.js";
import { validateSystemSource } from "../../../core/schema/validate.js";
import { type CwnItemInput, deriveCwnActor } from "../data/derive.js";
import type { CwnDerived } from "../data/derived.js";
import { CWN_ACTOR_TYPES } from "../data/schema.js";
import { CWN_MANIFEST } from "../manifest.js";
import { CWN_STANDARD_RULES, type CwnRules } from "../rules/options.js";

registerManifest(CWN_MANIFEST);

export interface CwnFighter {
  name: string;
  /** The actor as derived (figures, weapons); its hit points and soak are where each duel starts. */
  derived: CwnDerived;
  /** Decisions already worked out (the weapon and action of most expected hit points for a state), remembered across duels. */
  memo: NumberMemo<unknown>;
  /** The situations met, as small numbers. */
  ids: Interner;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const cut = (text: string) => (text.length > 60 ? `${text.slice(0, 57)}…` : text);
const fail = (code: string, params: Record<string, string | number> = {}) => new LocalizedError("CYCHOSYS.Odds.Duel", code, params);

/** One actor's JSON as a fighter; throws a LocalizedError (`CYCHOSYS.Odds.Duel.*`) naming the field. */
export function readCwnFighter(json: unknown, rules: Readonly<CwnRules> = CWN_STANDARD_RULES): CwnFighter {
  if (!isRecord(json) || typeof json.name !== "string" || !json.name.trim() || !isRecord(json.system)) throw fail("notActor");
  const type = json.type;
  if (typeof type !== "string" || !(CWN_ACTOR_TYPES as readonly string[]).includes(type)) throw fail("wrongType", { type: cut(String(type)), allowed: CWN_ACTOR_TYPES.join(", ") });
  const problem = validateSystemSource("Actor", type, json.system)[0];
  if (problem) throw fail("field", { field: `system${problem.path ? `.${problem.path}` : ""}`, message: problem.message });
  const list = json.items ?? [];
  if (!Array.isArray(list)) throw fail("field", { field: "items", message: english("CYCHOSYS.Odds.Duel.notList") });
  const items: CwnItemInput[] = list.map((item: unknown, index) => {
    if (!isRecord(item) || typeof item.name !== "string" || typeof item.type !== "string") throw fail("item", { index, name: "?", field: "", message: english("CYCHOSYS.Odds.Duel.notItem") });
    const itemProblem = validateSystemSource("Item", item.type, item.system)[0];
    if (itemProblem) throw fail("item", { index, name: cut(item.name), field: `system${itemProblem.path ? `.${itemProblem.path}` : ""}`, message: itemProblem.message });
    const id = typeof item._id === "string" ? item._id : typeof item.id === "string" ? item.id : `item${index}`;
    return { id, name: item.name, type: item.type, system: item.system };
  });
  const derived = deriveCwnActor(type, json.system, items, rules);
  if (!derived.weapons.length) throw fail("noAttack", { name: cut(json.name) });
  return { name: json.name, derived, memo: new NumberMemo(), ids: new Interner() };
}
