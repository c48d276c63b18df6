/**
 * W26, W40: screening an ally. An attacker who wants to melee or shoot the
 * screened ally makes one opposed check (2d6 + the combat skill for its
 * weapon + the better of Str or Dex) against each screener able to block it
 * (2d6 + its highest combat skill + the better of Str or Dex); it must
 * exceed a screener to get past, a tie holds. The attack goes to the
 * lowest-rolling screener that held (ties: the attacker's controller picks);
 * every screener that rolled spends one use. A screener whose highest skill
 * is 0 or less cannot screen; gunfire is screened only with integral
 * cyber-armor.
 */
import { readPool } from "./dice.js";
import { CwnError } from "./errors.js";
import { CWN_STANDARD_RULES, type CwnRules } from "./options.js";
import type { AttackKind } from "./types.js";

export interface ScreenerInput {
  /** W26: the highest combat skill level (it also caps the screener's uses a round). */
  highestSkill: number;
  /** The better of the Str and Dex modifiers. */
  strDex: number;
  /** Screening uses left (from `screenUses`, less those spent). */
  usesLeft: number;
  integralCyberArmor: boolean;
  /** The 2d6 faces of its check; needed only when it can screen this attack. */
  dice?: readonly number[];
}

export interface ScreenInput {
  kind: AttackKind;
  /** The attacker's level in the combat skill of its weapon (untrained: −1, the level itself, W13). */
  attackerSkill: number;
  attackerStrDex: number;
  attackerDice: readonly number[];
  screeners: readonly ScreenerInput[];
  /** W40: the screener the attacker's controller picks among those tied lowest. */
  choice?: number;
}

export type ScreenBar = "skill" | "noUses" | "gunfire";

export interface ScreenerFigure {
  /** Why this screener cannot block this attack (it rolls nothing and spends nothing), or null. */
  readonly barred: ScreenBar | null;
  readonly roll: number | null;
  readonly total: number | null;
  /** W26: the attacker did not exceed it. */
  readonly held: boolean;
  readonly usesAfter: number;
}

export interface ScreenFigure {
  readonly attackerRoll: number;
  readonly attackerTotal: number;
  readonly screeners: readonly ScreenerFigure[];
  /** The screener the attack goes to (its index), or null when the attacker got past them all. */
  readonly redirectedTo: number | null;
  /** W40: screeners tied for the lowest holding roll (more than one: a choice was needed). */
  readonly tied: readonly number[];
  /** The choice is still owed (several tied and none picked). */
  readonly owed: boolean;
}

/** W26: how many attackers a screener can stop in its round (its highest combat skill; none at 0 or less). */
export function screenUses(highestSkill: number, rules: Readonly<CwnRules> = CWN_STANDARD_RULES): number {
  return highestSkill >= rules.screenMinSkill ? highestSkill : 0;
}

/** W26: why this screener cannot block an attack of this kind, or null. */
export function screenBar(s: Pick<ScreenerInput, "highestSkill" | "usesLeft" | "integralCyberArmor">, kind: AttackKind, rules: Readonly<CwnRules> = CWN_STANDARD_RULES): ScreenBar | null {
  if (screenUses(s.highestSkill, rules) === 0) return "skill";
  if (rules.gunfireKinds.includes(kind) && !s.integralCyberArmor) return "gunfire";
  if (s.usesLeft <= 0) return "noUses";
  return null;
}

export function resolveScreen(input: ScreenInput, rules: Readonly<CwnRules> = CWN_STANDARD_RULES): ScreenFigure {
  const attackerRoll = readPool(rules.screenCheckDice, input.attackerDice, "attacker's screen check");
  const attackerTotal = attackerRoll + input.attackerSkill + input.attackerStrDex;
  const screeners: ScreenerFigure[] = input.screeners.map((s, i) => {
    const barred = screenBar(s, input.kind, rules);
    if (barred) return { barred, roll: null, total: null, held: false, usesAfter: Math.max(0, s.usesLeft) };
    const roll = readPool(rules.screenCheckDice, s.dice ?? [], `screener ${i + 1}'s screen check`);
    const total = roll + s.highestSkill + s.strDex;
    return { barred: null, roll, total, held: total >= attackerTotal, usesAfter: s.usesLeft - 1 };
  });
  let lowest: number | null = null;
  for (const s of screeners) if (s.held && (lowest === null || s.total! < lowest)) lowest = s.total;
  const tied = lowest === null ? [] : screeners.flatMap((s, i) => (s.held && s.total === lowest ? [i] : []));
  let redirectedTo: number | null = tied.length === 1 ? tied[0]! : null;
  let owed = false;
  if (tied.length > 1) {
    if (input.choice === undefined) owed = true;
    else if (!tied.includes(input.choice)) throw new CwnError("screenChoice", { choice: input.choice + 1, tied: tied.map((i) => i + 1).join(", ") });
    else redirectedTo = input.choice;
  }
  return { attackerRoll, attackerTotal, screeners, redirectedTo, tied: tied.length > 1 ? tied : [], owed };
}
