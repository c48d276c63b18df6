/**
 * The documented outcome JSON of a CWN attack (docs/rulesets/cwn.md,
 * version 1): every figure of the resolution, dice written as text (`1d8`).
 */
import type { AcPart, HitPart, ShockBlock } from "./attack.js";
import { formatDice } from "./dice.js";
import type { CwnOwedRoll, CwnRefusal, CwnResolution } from "./resolve.js";
import type { ScreenBar } from "./screen.js";
import type { AcKind, AttackAction, AttackKind, Attribute, DownedState } from "./types.js";

export interface CwnOutcomeJson {
  scenario: "attack";
  refused: CwnRefusal | null;
  action: AttackAction;
  kind: AttackKind;
  screen: {
    attackerRoll: number;
    attackerTotal: number;
    screeners: { barred: ScreenBar | null; roll: number | null; total: number | null; held: boolean; usesAfter: number }[];
    redirectedTo: number | null;
    tied: number[];
  } | null;
  target: "defender" | "screener";
  screenerIndex: number | null;
  weaponAttribute: Attribute | null;
  attack: { roll: number; modifiers: HitPart[]; total: number } | null;
  ac: { kind: AcKind; base: number; modifiers: AcPart[]; total: number } | null;
  hit: boolean | null;
  hitBy: "natural1" | "natural20" | "total" | null;
  trauma: { die: string; faces: number[]; bonus: number; roll: number; target: number; traumatic: boolean; rating: number } | null;
  damage: {
    dice: string; rolled: number; attribute: number; punch: number; bonus: number; swarmBonus: number; swarm: number; swarmCap: number | null;
    beforeTrauma: number; multiplier: number; afterTrauma: number; floor: number; floorApplied: boolean; total: number;
  } | null;
  shock: { rating: { damage: number; ac: number } | null; blockedBy: ShockBlock; base: number; attribute: number; bonus: number; amount: number; swarmPierced: boolean } | null;
  dealt: number | null;
  soak: { before: number; soaked: number; after: number } | null;
  hp: { before: number; lost: number; after: number } | null;
  overflow: number | null;
  downed: DownedState | null;
  alreadyDown: boolean;
  injury: boolean;
  owed: CwnOwedRoll[];
}

export function cwnOutcomeJson(res: CwnResolution): CwnOutcomeJson {
  const h = res.harm;
  const d = res.damage;
  const t = res.trauma;
  const s = res.screen;
  return {
    scenario: "attack",
    refused: res.refused,
    action: res.action,
    kind: res.kind,
    screen: s && {
      attackerRoll: s.attackerRoll,
      attackerTotal: s.attackerTotal,
      screeners: s.screeners.map((x) => ({ barred: x.barred, roll: x.roll, total: x.total, held: x.held, usesAfter: x.usesAfter })),
      redirectedTo: s.redirectedTo,
      tied: [...s.tied],
    },
    target: res.target,
    screenerIndex: res.screenerIndex,
    weaponAttribute: res.weaponAttribute,
    attack: res.hitRoll && { roll: res.hitRoll.natural, modifiers: res.hitRoll.parts.map((p) => ({ ...p })), total: res.hitRoll.total },
    ac: res.ac && { kind: res.ac.kind, base: res.ac.base, modifiers: res.ac.parts.map((p) => ({ ...p })), total: res.ac.total },
    hit: res.hit,
    hitBy: res.hitBy,
    trauma: t && { die: res.traumaDie ? formatDice(res.traumaDie) : "", faces: [...t.faces], bonus: t.bonus, roll: t.roll, target: t.target, traumatic: t.traumatic, rating: t.rating },
    damage: d && {
      dice: formatDice(res.damageDice), rolled: d.rolled, attribute: d.attribute, punch: d.punch, bonus: d.bonus, swarmBonus: d.swarmBonus, swarm: d.swarm, swarmCap: d.swarmCap,
      beforeTrauma: d.beforeTrauma, multiplier: d.multiplier, afterTrauma: d.afterTrauma, floor: d.floor, floorApplied: d.floorApplied, total: d.total,
    },
    shock: res.shock && {
      rating: res.shock.rating && { ...res.shock.rating }, blockedBy: res.shock.blockedBy, base: res.shock.base, attribute: res.shock.attribute,
      bonus: res.shock.bonus, amount: res.shock.amount, swarmPierced: res.shock.swarmPierced,
    },
    dealt: res.dealt,
    soak: h && { before: h.soakBefore, soaked: h.soaked, after: h.soakAfter },
    hp: h && { before: h.hpBefore, lost: h.hpLost, after: h.hpAfter },
    overflow: h ? h.overflow : null,
    downed: h ? h.downed : null,
    alreadyDown: h ? h.alreadyDown : false,
    injury: h ? h.injury : false,
    owed: [...res.owed],
  };
}
