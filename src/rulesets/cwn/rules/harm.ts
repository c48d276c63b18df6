/**
 * W19–W20: damage comes off armor soak first, then hit points; neither goes
 * below 0, damage past 0 hit points is lost, and a target brought to 0 is
 * downed — by default mortally wounded (a player character hit lethally),
 * dead (anyone else hit lethally) or unconscious (non-lethal); the GM may
 * pick another of the four. A target already at 0 changes no further.
 */
import { CWN_STANDARD_RULES, type CwnRules } from "./options.js";
import type { DownedState } from "./types.js";

export interface HarmTarget {
  hp: number;
  /** Armor damage soak remaining (0 without armor). */
  soak: number;
  playerCharacter: boolean;
}

export interface HarmFigure {
  readonly damage: number;
  readonly soakBefore: number;
  readonly soaked: number;
  readonly soakAfter: number;
  readonly hpBefore: number;
  readonly hpLost: number;
  readonly hpAfter: number;
  /** W19 (fill): damage past 0 hit points, lost. */
  readonly overflow: number;
  /** W19: the state this damage brought the target to (null when it still stands or was down already). */
  readonly downed: DownedState | null;
  /** W19 (fill): the target was at 0 already: nothing changed. */
  readonly alreadyDown: boolean;
  /** W20: a lethal attack took a player character to 0: a real injury. */
  readonly injury: boolean;
}

/** W19: the downed state by default for this attack and target (the GM may choose another). */
export function defaultDowned(playerCharacter: boolean, lethal: boolean, rules: Readonly<CwnRules> = CWN_STANDARD_RULES): DownedState {
  if (!lethal) return rules.downedNonLethal;
  return playerCharacter ? rules.downedLethalPlayer : rules.downedLethalOther;
}

/** W19: apply `damage` (≥ 0) to soak, then hit points. */
export function applyHarm(target: HarmTarget, damage: number, lethal: boolean, rules: Readonly<CwnRules> = CWN_STANDARD_RULES): HarmFigure {
  const amount = Math.max(0, damage);
  const soakBefore = Math.max(0, target.soak);
  const hpBefore = Math.max(0, target.hp);
  if (hpBefore === 0) {
    return { damage: amount, soakBefore, soaked: 0, soakAfter: soakBefore, hpBefore, hpLost: 0, hpAfter: 0, overflow: 0, downed: null, alreadyDown: true, injury: false };
  }
  const soaked = Math.min(soakBefore, amount);
  const through = amount - soaked;
  const hpLost = Math.min(hpBefore, through);
  const hpAfter = hpBefore - hpLost;
  const downed = hpAfter === 0 ? defaultDowned(target.playerCharacter, lethal, rules) : null;
  return {
    damage: amount,
    soakBefore,
    soaked,
    soakAfter: soakBefore - soaked,
    hpBefore,
    hpLost,
    hpAfter,
    overflow: through - hpLost,
    downed,
    alreadyDown: false,
    injury: downed !== null && lethal && target.playerCharacter,
  };
}

/** W19: how damage taken by the soak is spread over several worn pieces, in order; returns each piece's soak after. */
export function spreadSoak(pieces: readonly number[], soaked: number): number[] {
  let left = Math.max(0, soaked);
  return pieces.map((p) => {
    const have = Math.max(0, p);
    const take = Math.min(have, left);
    left -= take;
    return have - take;
  });
}
