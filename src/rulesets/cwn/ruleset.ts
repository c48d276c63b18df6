/**
 * Cities Without Number as a ruleset of the engine (src/core/ruleset.ts): its
 * manifest, its attack workflow on the cards, its round state on the combat,
 * its odds. Pure: the
 * world's CWN rules (settings) are handed in as a function.
 *
 * The round state is the combat's as a whole (W3, W4: turns belong to sides),
 * stored at `flags.cychosys.cwnCombat` (combat/state.ts): `read` returns the
 * whole fight (null before the tracker started it), `apply` runs one
 * operation of the fighter the transport names, `update` diffs the one flag,
 * and `scope: "combat"` makes a step's operations chain on the one state.
 */
import type { CombatLike, CombatantRef } from "../../core/transport/ports.js";
import type { Ruleset } from "../../core/ruleset.js";
import { diffUpdate } from "../../core/update-diff.js";
import { applyTableOperation, CWN_COMBAT_FLAG, CWN_COMBAT_PATH, CWN_FLAG_SCOPE, type CwnFighterOperation, fighterOperation, readCwnCombat } from "./combat/state.js";
import { CWN_MANIFEST } from "./manifest.js";
import type { CwnTablePorts } from "./workflow/inputs.js";
import { type CwnFlow, cwnWorkflow } from "./workflow/steps.js";
import type { CwnCombatState } from "./rules/combat.js";
import { cwnAttackOdds } from "./rules/odds.js";
import { CWN_STANDARD_RULES, type CwnRules, CwnError } from "./rules/index.js";

/** The fight as the combat stores it (anyone may read a combat; only a GM writes it). */
export function storedFight(combat: Pick<CombatLike, "flags">): unknown {
  const scope = (combat.flags as Record<string, unknown> | null | undefined)?.[CWN_FLAG_SCOPE];
  return scope !== null && typeof scope === "object" ? (scope as Record<string, unknown>)[CWN_COMBAT_FLAG] : undefined;
}

/** The fight on this combat if well-formed, else null. */
export const fightOf = (combat: Pick<CombatLike, "flags">): CwnCombatState | null => readCwnCombat(storedFight(combat));

/**
 * The combat update that stores `next` (changed paths only). `read`: the
 * fight as read from this combat (the same content as stored) when `next`
 * was made from it — its untouched parts are then the very same objects
 * and are skipped at once (a new round at 1,000 fighters diffs what changed).
 */
export const fightUpdate = (combat: Pick<CombatLike, "flags">, next: CwnCombatState, read?: CwnCombatState): Record<string, unknown> =>
  diffUpdate(CWN_COMBAT_PATH, read ?? storedFight(combat), next);

/** `ports`: the GM's measure of the board and the actor behind a fighter, lent by the Foundry side (none outside Foundry). */
export function createCwnRuleset(rules: () => Readonly<CwnRules> = () => CWN_STANDARD_RULES, ports: CwnTablePorts = {}): Ruleset<CwnFlow> {
  return {
    manifest: CWN_MANIFEST,
    workflow: cwnWorkflow(rules, ports),
    round: {
      read: (ref: CombatantRef) => fightOf(ref.combat),
      // The operation is the combatant's own: its id comes from the transport, never from the operation (src/core/ruleset.ts).
      apply: (state, operation, ref) => {
        if (!state) throw new CwnError("noFight");
        return applyTableOperation(state as CwnCombatState, fighterOperation(operation as CwnFighterOperation, ref.combatant.id), rules()).state;
      },
      update: (ref, next) => fightUpdate(ref.combat, next as CwnCombatState),
      scope: "combat",
    },
    odds: { attack: (query) => cwnAttackOdds(query, rules()) },
  };
}
