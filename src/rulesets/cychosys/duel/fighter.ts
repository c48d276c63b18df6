/**
 * `npm run duel`: a Cychosys actor read from JSON — a compendium export (the
 * files in packs/_source/cast/) or the same shape written by hand: `name`,
 * `type` (character or npc), `system` and `items`, each `system` checked
 * against the data models' schema (docs/data-model.md) as strictly as a
 * world stores it. Pure.
 */
import { cutName, duelInputError, readDuelActor } from "../../../core/duel-actor.js";
import { Interner, NumberMemo } from "../../../core/memo.js";
import { type CombatantDerived, deriveCombatant } from "../data/derive/combatant.js";
import { migrateSystemSource } from "../data/schema/index.js";
import type { CombatantSource, GearSource, ItemView } from "../data/source-types.js";
import { type Bundle, parseBundle, type Rules, STANDARD_RULES } from "../rules/index.js";
import type { DefenseGear } from "../workflow/odds-query.js";

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

/** One actor's JSON as a fighter; throws a DuelInputError naming the field. */
export function readCychosysFighter(json: unknown, rules: Rules = STANDARD_RULES): CychosysFighter {
  // An export from an earlier version reads as Foundry would load it: upgraded first (on a copy; the file is not touched).
  const actor = readDuelActor(json, { types: COMBATANT_TYPES, migrate: migrateSystemSource });
  const items = actor.items as ItemView[];
  const source = actor.system as unknown as CombatantSource;
  const derived = deriveCombatant(source, items, [], { skin: "skin", will: "will" }, rules);
  const gear: DefenseGear[] = items
    .filter((i) => i.type === "weapon" || i.type === "trick")
    .map((i) => {
      const g = i.system as GearSource;
      return { id: i.id, name: i.name, edge: g.edge, parry: { hits: g.parry.hits, shield: g.parry.shield } };
    });
  const attacks = gear.map((g) => ({ key: `gear:${g.id}`, gearId: g.id, edge: parseBundle(g.edge, rules.effects) }));
  if (!attacks.length) throw duelInputError("noAttack", { name: cutName(actor.name) });
  return { name: actor.name, playerCharacter: actor.type === "character", source, derived, gear, attacks, memo: new NumberMemo(), ids: new Interner() };
}
