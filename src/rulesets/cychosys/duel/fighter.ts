/**
 * `npm run duel`: a Cychosys actor read from JSON — a compendium export (the
 * files in packs/_source/cast/) or the same shape written by hand: `name`,
 * `type` (character or npc), `system` and `items`, each `system` checked
 * against the data models' schema (docs/data-model.md) as strictly as a
 * world stores it. Pure.
 */
import { LocalizedError } from "../../../core/errors.js";
import { english } from "../../../core/messages.js";
import { Interner, NumberMemo } from "../../../core/memo.js";
import { type CombatantDerived, deriveCombatant } from "../data/derive/combatant.js";
import { migrateSystemSource, validateSystemSource } from "../data/schema/index.js";
import type { CombatantSource, GearSource, ItemView } from "../data/source-types.js";
import { type Bundle, parseBundle, type Rules, STANDARD_RULES } from "../rules/index.js";
import type { DefenseGear } from "../workflow/odds-query.js";

/** A duel input problem: `CYCHOSYS.Odds.Duel.<code>`. */
export class DuelInputError extends LocalizedError {
  constructor(code: "notActor" | "wrongType" | "field" | "item" | "noAttack", params: Record<string, string | number> = {}) {
    super("CYCHOSYS.Odds.Duel", code, params);
    this.name = "DuelInputError";
  }
}

export interface CychosysFighter {
  name: string;
  /** R14: player characters go first on a tied quickness. */
  playerCharacter: boolean;
  source: CombatantSource;
  /** Derived with no condition: totals without penalties (the duel subtracts the conditions it deals, R10). */
  derived: CombatantDerived;
  gear: DefenseGear[];
  /** Every weapon and trick total, with its edge (R13, R27). */
  attacks: { key: string; gearId: string; edge: Bundle }[];
  /** Decisions already worked out for this fighter, by state (the duel asks the same questions again and again); its states' numbers. */
  memo: NumberMemo;
  ids: Interner;
}

const COMBATANT_TYPES = ["character", "npc"] as const;
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const cut = (text: string) => (text.length > 60 ? `${text.slice(0, 57)}…` : text);

/** One actor's JSON as a fighter; throws a DuelInputError naming the field. */
export function readCychosysFighter(json: unknown, rules: Rules = STANDARD_RULES): CychosysFighter {
  if (!isRecord(json) || typeof json.name !== "string" || !json.name.trim() || !isRecord(json.system)) throw new DuelInputError("notActor");
  const type = json.type;
  if (typeof type !== "string" || !(COMBATANT_TYPES as readonly string[]).includes(type)) {
    throw new DuelInputError("wrongType", { type: cut(String(type)), allowed: COMBATANT_TYPES.join(", ") });
  }
  // An export from an earlier version reads as Foundry would load it: upgraded first (a copy; the file is not touched).
  const system = structuredClone(json.system);
  migrateSystemSource("Actor", type, system);
  const problem = validateSystemSource("Actor", type, system)[0];
  if (problem) throw new DuelInputError("field", { field: `system${problem.path ? `.${problem.path}` : ""}`, message: problem.message });
  const list = json.items ?? [];
  if (!Array.isArray(list)) throw new DuelInputError("field", { field: "items", message: english("CYCHOSYS.Odds.Duel.notList") });
  const items: ItemView[] = list.map((item: unknown, index) => {
    if (!isRecord(item) || typeof item.name !== "string" || typeof item.type !== "string") throw new DuelInputError("item", { index, name: "?", field: "", message: english("CYCHOSYS.Odds.Duel.notItem") });
    const itemSystem = isRecord(item.system) ? structuredClone(item.system) : item.system;
    migrateSystemSource("Item", item.type, itemSystem);
    const itemProblem = validateSystemSource("Item", item.type, itemSystem)[0];
    if (itemProblem) throw new DuelInputError("item", { index, name: cut(item.name), field: `system${itemProblem.path ? `.${itemProblem.path}` : ""}`, message: itemProblem.message });
    const id = typeof item._id === "string" ? item._id : typeof item.id === "string" ? item.id : `item${index}`;
    return { id, name: item.name, type: item.type, system: itemSystem } as ItemView;
  });
  const source = system as unknown as CombatantSource;
  const derived = deriveCombatant(source, items, [], { skin: "skin", will: "will" }, rules);
  const gear: DefenseGear[] = items
    .filter((i) => i.type === "weapon" || i.type === "trick")
    .map((i) => {
      const g = i.system as GearSource;
      return { id: i.id, name: i.name, edge: g.edge, parry: { hits: g.parry.hits, shield: g.parry.shield } };
    });
  const attacks = gear.map((g) => ({ key: `gear:${g.id}`, gearId: g.id, edge: parseBundle(g.edge, rules.effects) }));
  if (!attacks.length) throw new DuelInputError("noAttack", { name: cut(json.name) });
  return { name: json.name, playerCharacter: type === "character", source, derived, gear, attacks, memo: new NumberMemo(), ids: new Interner() };
}
