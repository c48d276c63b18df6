/**
 * The chapter's actions (W21–W37) and the generic ones of each type
 * (W8–W11): what each costs. The round's transitions (round.ts) charge
 * these costs and apply the effects.
 */
import { CWN_STANDARD_RULES, type CwnRules } from "./options.js";
import type { ActionType, ReloadAction } from "./types.js";

/**
 * - `main`, `move`, `onTurn`: in the fighter's own turn (or, held, later in
 *   the round as an Instant, W37); a Move may be paid with an unspent Main (W7);
 * - `mainAndMove`: both, in its own turn (W25);
 * - `instant`: at any moment, costing nothing (W11, W33);
 * - `instantMain`: at any moment, spending a Main still unspent or to come (W23, W27);
 * - `reload`: Main, Move or On Turn by the weapon (W32);
 * - `hold`: the Move, putting off the rest of the turn (W37).
 */
export type ActionCost = "main" | "move" | "mainAndMove" | "onTurn" | "instant" | "instantMain" | "reload" | "hold";

export interface ActionSpec {
  readonly cost: ActionCost;
  /** The action type the chapter gives it. */
  readonly type: ActionType | "special";
  readonly rule: string;
}

export const CWN_ACTIONS = Object.freeze({
  meleeAttack: { cost: "main", type: "main", rule: "W21" },
  rangedAttack: { cost: "main", type: "main", rule: "W22" },
  snapAttack: { cost: "instantMain", type: "instant", rule: "W23" },
  swarmAttack: { cost: "main", type: "main", rule: "W24" },
  charge: { cost: "mainAndMove", type: "special", rule: "W25" },
  screenAlly: { cost: "move", type: "move", rule: "W26" },
  totalDefense: { cost: "instantMain", type: "instant", rule: "W27" },
  run: { cost: "move", type: "move", rule: "W28" },
  fightingWithdrawal: { cost: "main", type: "main", rule: "W29" },
  useSkill: { cost: "main", type: "main", rule: "W30" },
  readyStow: { cost: "main", type: "main", rule: "W31" },
  reload: { cost: "reload", type: "special", rule: "W32" },
  dropItem: { cost: "instant", type: "instant", rule: "W33" },
  pickUp: { cost: "move", type: "move", rule: "W34" },
  standUp: { cost: "move", type: "move", rule: "W35" },
  goProne: { cost: "onTurn", type: "onTurn", rule: "W36" },
  holdAction: { cost: "hold", type: "move", rule: "W37" },
  otherMain: { cost: "main", type: "main", rule: "W8" },
  otherMove: { cost: "move", type: "move", rule: "W9" },
  otherOnTurn: { cost: "onTurn", type: "onTurn", rule: "W10" },
  otherInstant: { cost: "instant", type: "instant", rule: "W11" },
} satisfies Record<string, ActionSpec>);

export type CwnActionId = keyof typeof CWN_ACTIONS;
export const CWN_ACTION_IDS = Object.freeze(Object.keys(CWN_ACTIONS) as CwnActionId[]);

export const isCwnAction = (value: unknown): value is CwnActionId => typeof value === "string" && Object.hasOwn(CWN_ACTIONS, value);

/** W32: what a reload costs: the weapon's `reloadAction`; a modern bow or crossbow is On Turn with a Readied quiver and Shoot-1, else Move. */
export function reloadCost(
  reload: ReloadAction,
  archer: { quiverReadied: boolean; shootLevel: number },
  rules: Readonly<CwnRules> = CWN_STANDARD_RULES,
): "main" | "move" | "onTurn" {
  if (reload !== "bow") return reload;
  return archer.quiverReadied && archer.shootLevel >= rules.bowOnTurnShootLevel ? "onTurn" : "move";
}
