/**
 * `npm run duel -- --ruleset d6`: an OpenD6 actor read from JSON — a
 * compendium export (packs/_source/d6-characters/) or the same shape written
 * by hand: `name`, `type` (d6Character or d6Creature), `system` and `items`,
 * each `system` checked against the data models' schema as strictly as a
 * world stores it, then derived as a sheet derives it. Pure.
 */
import { cutName, duelInputError, readDuelActor } from "../../../core/duel-actor.js";
import { LocalizedError } from "../../../core/errors.js";
import { Interner, NumberMemo } from "../../../core/memo.js";
import { registerManifest } from "../../../core/schema/registry.js";
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


/** One actor's JSON as a fighter; throws a LocalizedError (`CYCHOSYS.Odds.Duel.*`) naming the field. */
export function readD6Fighter(json: unknown, rules: Readonly<D6Rules> = D6_STANDARD_RULES): D6Fighter {
  const actor = readDuelActor(json, { types: D6_ACTOR_TYPES });
  const derived = deriveD6Actor(actor.system, actor.items as D6ItemInput[], rules);
  if (!derived.weapons.length) throw duelInputError("noAttack", { name: cutName(actor.name) });
  const system = { ...(actor.system as unknown as D6System), derived };
  return { name: actor.name, actor: { uuid: `duel.${actor.name}`, system }, memo: new NumberMemo(), ids: new Interner() };
}
