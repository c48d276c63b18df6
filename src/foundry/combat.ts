/**
 * The Combat and Combatant document classes of every world: Foundry's own,
 * with each turning point handed to the active ruleset's combat rules
 * (`RulesetAdapter.combat`) — Cychosys orders by quickness with no roll and
 * closes each round (R14–R17); OpenD6 rolls Perception every round (D6) and
 * asks each combatant for its number of actions (D11). With no rules (the
 * ruleset's code not loaded yet) Foundry's defaults apply.
 */
import { activeAdapter } from "./adapter.js";

/** What a ruleset's combat rules see of a combat and a combatant (Foundry's documents, narrowly). */
export interface CombatDocLike {
  id: string;
  round: number;
  turn: number | null;
  started: boolean;
  flags: Record<string, unknown>;
  update(data: Record<string, unknown>): Promise<unknown>;
}

/** The turning points a ruleset may take over; each optional. */
export interface CombatRules {
  /** The order of the turns (`_sortCombatants`). */
  compare?(a: unknown, b: unknown): number;
  /**
   * Optional: a comparator for one sort of the turns (`setupTurns`), made
   * once per sort so it reads the stored state once and keeps each
   * combatant's key; used instead of `compare` while that sort runs.
   */
  prepareSort?(combat: unknown): (a: unknown, b: unknown) => number;
  /** `rollInitiative`: set the given combatants' initiative (rolled or not). */
  rollInitiative?(combat: unknown, ids: string[]): Promise<void>;
  /** Before Foundry starts the combat (GM). */
  startCombat?(combat: unknown): Promise<void>;
  /** Before Foundry turns the round (GM); instead of it when it returns true (a ruleset whose round turns on its own, CWN W5). */
  nextRound?(combat: unknown): Promise<boolean | void>;
  /** Instead of Foundry's next turn when it returns true. */
  nextTurn?(combat: unknown): Promise<boolean>;
  /** After a round ended (the one designated GM). */
  endRound?(combat: unknown, round: number): Promise<void>;
  /** After a round started (the one designated GM). */
  startRound?(combat: unknown, round: number): Promise<void>;
  /** After a turn started (the one designated GM). */
  startTurn?(combat: unknown, context: { round: number; turn: number }): Promise<void>;
  /** Source changes for a new combatant (its first initiative, its tie figures). */
  preCreateCombatant?(combatant: unknown): Record<string, unknown> | undefined;
  /** The formula Foundry's own initiative paths (`Combatant#getInitiativeRoll`, modules) roll for a combatant. */
  initiativeFormula?(combatant: unknown): string;
  /**
   * `CONFIG.Combat.initiative` in a world of this ruleset (set on `init`): the
   * same formula over a combatant's roll data (its actor's `system`, `@…`),
   * for Foundry and modules that read it — null when no Foundry formula can
   * say it (OpenD6's die codes: `initiativeFormula` gives each combatant's) —
   * and the decimals the tracker shows.
   */
  initiative?: { readonly formula: string | null; readonly decimals: number };
}

const rules = (): CombatRules | undefined => activeAdapter()?.combat;

type CombatBase = new (...args: never[]) => CombatDocLike & {
  setupTurns(): unknown;
  startCombat(): Promise<unknown>;
  nextRound(): Promise<unknown>;
  nextTurn(): Promise<unknown>;
  rollInitiative(ids: string | string[], options?: unknown): Promise<unknown>;
};
type Hook = (context: unknown) => Promise<void>;

/** Define the classes (Foundry's `Combat` and `Combatant` are globals only once Foundry runs). */
export function defineCombatDocuments() {
  const FoundryCombat = Combat as unknown as CombatBase;
  const base = FoundryCombat.prototype as unknown as Record<string, Hook | ((a: unknown, b: unknown) => number) | undefined>;

  /** The comparator of the sort running now (Foundry sorts synchronously inside `setupTurns`). */
  let sorting: ((a: unknown, b: unknown) => number) | undefined;

  class SystemCombat extends FoundryCombat {
    override setupTurns(): unknown {
      const prepare = rules()?.prepareSort;
      if (!prepare) return super.setupTurns();
      const outer = sorting;
      sorting = prepare(this);
      try {
        return super.setupTurns();
      } finally {
        sorting = outer;
      }
    }

    _sortCombatants(a: unknown, b: unknown): number {
      if (sorting) return sorting(a, b);
      const compare = rules()?.compare;
      if (compare) return compare(a, b);
      return (base._sortCombatants as ((a: unknown, b: unknown) => number) | undefined)?.call(this, a, b) ?? 0;
    }

    override async rollInitiative(ids: string | string[], options?: unknown): Promise<this> {
      const roll = rules()?.rollInitiative;
      if (!roll) {
        await super.rollInitiative(ids, options);
        return this;
      }
      await roll(this, typeof ids === "string" ? [ids] : ids);
      return this;
    }

    override async startCombat(): Promise<unknown> {
      await rules()?.startCombat?.(this);
      return super.startCombat();
    }

    override async nextRound(): Promise<unknown> {
      if ((await rules()?.nextRound?.(this)) === true) return this;
      return super.nextRound();
    }

    override async nextTurn(): Promise<unknown> {
      if (await rules()?.nextTurn?.(this)) return this;
      return super.nextTurn();
    }

    async _onEndRound(context: { round: number }): Promise<void> {
      await (base._onEndRound as Hook | undefined)?.call(this, context);
      await rules()?.endRound?.(this, context?.round ?? this.round - 1);
    }

    async _onStartRound(context: { round: number }): Promise<void> {
      await (base._onStartRound as Hook | undefined)?.call(this, context);
      await rules()?.startRound?.(this, context?.round ?? this.round);
    }

    async _onStartTurn(combatant: unknown, context: { round: number; turn: number }): Promise<void> {
      const start = FoundryCombat.prototype as unknown as { _onStartTurn?: (c: unknown, x: unknown) => Promise<void> };
      await start._onStartTurn?.call(this, combatant, context);
      await rules()?.startTurn?.(this, context);
    }
  }

  type CombatantBase = new (...args: never[]) => { updateSource(data: Record<string, unknown>): unknown };
  const FoundryCombatant = Combatant as unknown as CombatantBase;

  class SystemCombatant extends FoundryCombatant {
    _getInitiativeFormula(): string {
      const formula = rules()?.initiativeFormula?.(this);
      if (formula !== undefined) return formula;
      return (FoundryCombatant.prototype as unknown as { _getInitiativeFormula(): string })._getInitiativeFormula.call(this);
    }

    async _preCreate(data: unknown, options: unknown, user: unknown): Promise<boolean | void> {
      const parent = FoundryCombatant.prototype as unknown as { _preCreate?: (...a: unknown[]) => Promise<boolean | void> };
      if ((await parent._preCreate?.call(this, data, options, user)) === false) return false;
      const source = rules()?.preCreateCombatant?.(this);
      if (source && Object.keys(source).length > 0) this.updateSource(source);
    }
  }

  return { SystemCombat, SystemCombatant };
}
