/**
 * The odds query of an attack (rules/odds.ts, docs/odds.md) built from what a
 * client holds: the attacker's derived totals and gear (the attack dialog),
 * or the card's attack (the defense panel), and the defender's derived
 * totals, outfit and gear. Each defense form is priced with the total and
 * gear its defense dialog starts from (R22–R25), so the odds show the choice
 * the defender is about to be offered. Pure.
 */
import type { ActionTotalView } from "../data/derive/combatant.js";
import {
  type Bundle, type CychosysOddsQuery, type DefenseForm, type Facet, type HitLocation, type OutfitPiece, type Rules, STANDARD_RULES,
  type TotalSpec, tryParseBundle,
} from "../rules/index.js";
import type { AttackFlow } from "./attack-flow.js";

/** A weapon or trick as the defense dialog lists it. */
export interface DefenseGear {
  id: string;
  name: string;
  edge: string;
  parry: { hits: number; shield: string };
}

/** What the odds read of a side: its derived totals, outfit and trademark soak steps, its weapons and tricks. */
export interface OddsSide {
  totals: readonly ActionTotalView[];
  outfit: readonly OutfitPiece[];
  extraSoakSteps: number;
  gear: readonly DefenseGear[];
}

/**
 * The total a defense form starts from in its dialog: a skill named after
 * the form (evade, brave, parry, counter), else the total of the weapon it is
 * made with, else the first total.
 */
export function defaultDefenseTotal(mode: DefenseForm | "counterAgain", totals: readonly ActionTotalView[], weaponId: string): string {
  const bySkill = totals.find((t) => !t.gearId && !t.finesseName && t.skillName.trim().toLowerCase() === mode);
  if (bySkill) return bySkill.key;
  if (weaponId) {
    const gear = totals.find((t) => t.key === `gear:${weaponId}`);
    if (gear) return gear.key;
  }
  return totals[0]?.key ?? "";
}

const parsed = new Map<string, Bundle | undefined>();
/** A gear notation parsed once (the duel and a dialog read the same edges again and again). */
function bundleOf(text: string, rules: Rules): Bundle | undefined {
  if (rules !== STANDARD_RULES) return tryParseBundle(text, rules.effects);
  if (!parsed.has(text)) {
    if (parsed.size > 1000) parsed.clear();
    parsed.set(text, tryParseBundle(text, rules.effects));
  }
  return parsed.get(text);
}

const specOf = (totals: readonly ActionTotalView[], key: string): TotalSpec | undefined => {
  const total = totals.find((t) => t.key === key);
  return total && { dice: total.dice, static: total.static };
};

/** R25: the first weapon or trick that can parry (hits above 0). */
export const parryGearOf = (gear: readonly DefenseGear[]): DefenseGear | undefined => gear.find((g) => g.parry.hits > 0);

/**
 * R22–R25: the defender's side of a query: each form with the total its
 * dialog starts from; a parry on the first gear that can parry (none: no
 * object), a counter with the first weapon or trick (none: no counter).
 */
export function defenderOptions(side: OddsSide, rules: Rules = STANDARD_RULES): CychosysOddsQuery["defender"] {
  const first = side.gear[0];
  const parryGear = parryGearOf(side.gear);
  const out: CychosysOddsQuery["defender"] = { outfit: side.outfit, extraSoakSteps: side.extraSoakSteps };
  const evade = specOf(side.totals, defaultDefenseTotal("evade", side.totals, first?.id ?? ""));
  const brave = specOf(side.totals, defaultDefenseTotal("brave", side.totals, first?.id ?? ""));
  const parry = specOf(side.totals, defaultDefenseTotal("parry", side.totals, parryGear?.id ?? ""));
  if (evade) out.evade = evade;
  if (brave) out.brave = brave;
  if (parry) {
    const shield = parryGear && bundleOf(parryGear.parry.shield, rules);
    out.parry = parryGear && shield ? { ...parry, object: { shield, hits: parryGear.parry.hits } } : parry;
  }
  const edge = first && bundleOf(first.edge, rules);
  const counter = first && specOf(side.totals, defaultDefenseTotal("counter", side.totals, first.id));
  if (counter && edge) out.counter = { ...counter, edge };
  return out;
}

/** What the attack dialog has chosen: the total, modifier, added effects' cost and edge, and aim. */
export interface DialogAttack {
  total: ActionTotalView;
  modifier: number;
  /** R19: the added effects' cost, and the edge with them (R27). */
  cost: number;
  edge: Bundle;
  /** R25: the parry bonus held against this one target. */
  parryBonus?: number;
  location?: HitLocation;
  nonLethal?: Facet;
}

/** The attack dialog's query against one target: nothing rolled yet on either side. */
export function dialogQuery(attack: DialogAttack, attacker: OddsSide, defender: OddsSide, rules: Rules = STANDARD_RULES): CychosysOddsQuery {
  const again = specOf(attacker.totals, defaultDefenseTotal("counterAgain", attacker.totals, attacker.gear[0]?.id ?? "")) ?? { dice: attack.total.dice, static: attack.total.static };
  return {
    attack: {
      total: { dice: attack.total.dice, static: attack.total.static + attack.modifier + (attack.parryBonus ?? 0) - attack.cost },
      again,
      edge: attack.edge,
      outfit: attacker.outfit,
      extraSoakSteps: attacker.extraSoakSteps,
      ...(attack.location && { location: attack.location }),
      ...(attack.nonLethal && { nonLethal: attack.nonLethal }),
    },
    defender: defenderOptions(defender, rules),
  };
}

/** The totals a card's attack roll keeps that a counter again starts from (R13): not the modifier, added effects or parry bonus. */
const AGAIN_TERMS = new Set(["base", "finesse", "speed", "conditions"]);

/**
 * The defense panel's query: the card's attack is rolled (its total, surge,
 * edge and aim are on the card); the attacker's counter again (R23) is
 * priced from the card's roll — the same dice and static part, without the
 * modifier or added effects — and its protection from `attacker` when this
 * client can see it (else none).
 */
export function cardQuery(flow: AttackFlow, defender: OddsSide, attacker: Pick<OddsSide, "outfit" | "extraSoakSteps"> | undefined, rules: Rules = STANDARD_RULES): CychosysOddsQuery | undefined {
  const edge = tryParseBundle(flow.attack.edge, rules.effects);
  if (!edge) return undefined;
  const roll = flow.attack.roll;
  const dice = Math.max(1, roll?.faces.length ?? flow.attack.dice.length);
  const stat = roll ? roll.terms.filter((t) => AGAIN_TERMS.has(t.kind)).reduce((s, t) => s + t.value, 0) : 0;
  return {
    attack: {
      total: { known: flow.attack.total, surge: flow.attack.surge },
      again: { dice, static: stat },
      edge,
      outfit: attacker?.outfit ?? [],
      extraSoakSteps: attacker?.extraSoakSteps ?? 0,
      ...(flow.attack.location && { location: flow.attack.location }),
      ...(flow.attack.nonLethal && { nonLethal: flow.attack.nonLethal }),
    },
    defender: defenderOptions(defender, rules),
  };
}
