/**
 * `npm run duel` with Cities Without Number actors: one actor read from
 * JSON — a compendium export (packs/_source/cwn-foes/) or the same shape
 * written by hand: `name`, `type` (cwnCharacter or cwnNpc), `system` and
 * `items`, each `system` checked against the data models' schema as
 * strictly as a world stores it, then derived as a sheet derives it. Pure.
 */
import { cutName, duelInputError, readDuelActor } from "../../../core/duel-actor.js";
import { LocalizedError } from "../../../core/errors.js";
import { Interner, NumberMemo } from "../../../core/memo.js";
import { registerManifest } from "../../../core/schema/registry.js";
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


/** One actor's JSON as a fighter; throws a LocalizedError (`CYCHOSYS.Odds.Duel.*`) naming the field. */
export function readCwnFighter(json: unknown, rules: Readonly<CwnRules> = CWN_STANDARD_RULES): CwnFighter {
  const actor = readDuelActor(json, { types: CWN_ACTOR_TYPES });
  const derived = deriveCwnActor(actor.type, actor.system, actor.items as CwnItemInput[], rules);
  if (!derived.weapons.length) throw duelInputError("noAttack", { name: cutName(actor.name) });
  return { name: actor.name, derived, memo: new NumberMemo(), ids: new Interner() };
}
