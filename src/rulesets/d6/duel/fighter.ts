/**
 * `npm run duel -- --ruleset d6`: an OpenD6 actor read from JSON — a
 * compendium export (packs/_source/d6-characters/) or the same shape written
 * by hand: `name`, `type` (d6Character or d6Creature), `system` and `items`,
 * each `system` checked against the data models' schema as strictly as a
 * world stores it, then derived as a sheet derives it. Pure.
 */
import { LocalizedError } from "../../../core/errors.js";
import { english } from "../../../core/messages.js";
import { Interner, NumberMemo } from "../../../core/memo.js";
import { registerManifest } from "../../../core/schema/registry.js";
import { validateSystemSource } from "../../../core/schema/validate.js";
import { deriveD6Actor, type D6ItemInput } from "../data/derive.js";
import type { D6Derived } from "../data/derived.js";
import { D6_ACTOR_TYPES } from "../data/schema.js";
import { D6_MANIFEST } from "../manifest.js";
import { D6_STANDARD_RULES, type D6Rules } from "../rules/index.js";
import type { D6ActorData, D6System } from "../workflow/steps.js";

registerManifest(D6_MANIFEST);

export interface D6Fighter {
  name: string;
  /** The actor as the attack's input reads it (src/rulesets/d6/workflow/steps.ts, attackInputFrom). */
  actor: D6ActorData & { system: D6System & { derived: D6Derived } };
  /** Decisions already worked out, by state; the states' numbers. */
  memo: NumberMemo;
  ids: Interner;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const cut = (text: string) => (text.length > 60 ? `${text.slice(0, 57)}…` : text);
const fail = (code: string, params: Record<string, string | number> = {}) => new LocalizedError("CYCHOSYS.Odds.Duel", code, params);

/** One actor's JSON as a fighter; throws a LocalizedError (`CYCHOSYS.Odds.Duel.*`) naming the field. */
export function readD6Fighter(json: unknown, rules: Readonly<D6Rules> = D6_STANDARD_RULES): D6Fighter {
  if (!isRecord(json) || typeof json.name !== "string" || !json.name.trim() || !isRecord(json.system)) throw fail("notActor");
  const type = json.type;
  if (typeof type !== "string" || !(D6_ACTOR_TYPES as readonly string[]).includes(type)) throw fail("wrongType", { type: cut(String(type)), allowed: D6_ACTOR_TYPES.join(", ") });
  const problem = validateSystemSource("Actor", type, json.system)[0];
  if (problem) throw fail("field", { field: `system${problem.path ? `.${problem.path}` : ""}`, message: problem.message });
  const list = json.items ?? [];
  if (!Array.isArray(list)) throw fail("field", { field: "items", message: english("CYCHOSYS.Odds.Duel.notList") });
  const items: D6ItemInput[] = list.map((item: unknown, index) => {
    if (!isRecord(item) || typeof item.name !== "string" || typeof item.type !== "string") throw fail("item", { index, name: "?", field: "", message: english("CYCHOSYS.Odds.Duel.notItem") });
    const itemProblem = validateSystemSource("Item", item.type, item.system)[0];
    if (itemProblem) throw fail("item", { index, name: cut(item.name), field: `system${itemProblem.path ? `.${itemProblem.path}` : ""}`, message: itemProblem.message });
    const id = typeof item._id === "string" ? item._id : typeof item.id === "string" ? item.id : `item${index}`;
    return { id, name: item.name, type: item.type, system: item.system };
  });
  const derived = deriveD6Actor(json.system, items, rules);
  if (!derived.weapons.length) throw fail("noAttack", { name: cut(json.name) });
  const system = { ...(json.system as D6System), derived };
  return { name: json.name, actor: { uuid: `duel.${json.name}`, system }, memo: new NumberMemo(), ids: new Interner() };
}
