/**
 * The odds query of an OpenD6 attack (rules/odds.ts, docs/odds.md) from what
 * a client holds: the attack's input as the GM will build it (the same
 * `attackInputFrom`), and the interrupts the target may still roll (D14),
 * each planned as its dialog plans it (D41). Pure.
 */
import type { D6Derived } from "../data/derived.js";
import { canInterrupt, type CombatantRound, type D6AttackInput, type D6InterruptOption, type D6OddsQuery, type D6Rules, DEFENSE_SKILLS, parseWeaponDamage, type WoundState } from "../rules/index.js";
import { defensePlan } from "./dice-plans.js";

/**
 * D14, D19–D20: the defenses a target holding a wait may interrupt with:
 * dodge, block (brawling) and parry (melee combat, with its first melee
 * weapon, D21), each with the dice its roll would have now (D12, D37);
 * none when it holds no wait or cannot act.
 */
export function interruptOptions(derived: D6Derived, round: CombatantRound | undefined, wounds: WoundState | undefined, rules: Readonly<D6Rules>): D6InterruptOption[] {
  if (!round || round.unableToAct || !canInterrupt(round)) return [];
  const blade = parryWeaponOf(derived);
  return DEFENSE_SKILLS.flatMap((skill) => {
    try {
      const plan = defensePlan(derived, skill, round, rules, wounds);
      const weapon = skill === "parry" && blade ? { weapon: { damage: parseWeaponDamage(blade.damage, rules), edged: blade.edged } } : {};
      return [{ skill, code: plan.code, ...weapon }];
    } catch {
      return []; // D3: no die left to roll it with
    }
  });
}

/** D20–D21: the weapon a parry is made with by default: the first melee weapon. */
export const parryWeaponOf = (derived: D6Derived) => derived.weapons.find((w) => w.mode === "melee");

/** The query of an attack whose input the GM built (the card), or a client built the same way (the attack dialog): its dice left out. */
export function oddsQueryOf(input: D6AttackInput, interrupts: readonly D6InterruptOption[], attackTotal?: number): D6OddsQuery {
  const { roll: _roll, ...attacker } = input.attacker;
  const { damageRoll: _damage, resistanceRoll: _resistance, coverFaces: _cover, ...rest } = input;
  const defenses = (input.defender.defenses ?? []).filter((d): d is Extract<typeof d, { total: number }> => "total" in d);
  return {
    input: { ...rest, attacker, defender: { ...input.defender, defenses } },
    interrupts,
    ...(attackTotal !== undefined && { attackTotal }),
  };
}
