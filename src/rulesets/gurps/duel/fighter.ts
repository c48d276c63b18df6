/**
 * `npm run duel`: a GURPS actor read from JSON — a compendium export
 * (packs/_source/gurps-characters/) or the same shape written by hand:
 * `name`, `type` (gurpsCharacter), `system` and `items`, each `system`
 * checked against the data models' schema as strictly as a world stores it,
 * then derived as a sheet derives it (deriveGurpsActor). Pure.
 */
import { cutName, duelInputError, readDuelActor } from "../../../core/duel-actor.js";
import { LocalizedError } from "../../../core/errors.js";
import { registerManifest } from "../../../core/schema/registry.js";
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


/** One actor's JSON as a fighter; throws a LocalizedError (`CYCHOSYS.Odds.Duel.*`) naming the field. */
export function readGurpsFighter(json: unknown, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): GurpsFighter {
  const actor = readDuelActor(json, { types: GURPS_ACTOR_TYPES, plainIds: true });
  // Round states key items by plain ids (letters, digits, `_`, `-`): readDuelActor's plainIds.
  const derived = deriveGurpsActor(actor.system, actor.items as GurpsItemInput[], rules);
  if (!derived.weapons.some((w) => w.lines.length > 0)) throw duelInputError("noAttack", { name: cutName(actor.name) });
  return { name: actor.name, derived, memo: new Map() };
}
