/**
 * What an answer to an attack carries (docs/combat-workflow.md): the request
 * a user writes as a chat message, and the pure builders that turn a rolled
 * answer into the state machine's declarations. Every figure comes from the
 * rules core: the action total from `actionTotal` (R13) over the actor's
 * derived total, effect costs from `effectCosts` (R19), the edge with added
 * effects from `addLetters` (R27). The GM's client rebuilds the defender's
 * declaration from the request and the actor as it is, so a request names
 * dice and choices, never a total.
 */
import type { ActionTotalView, CombatantDerived } from "../data/derive/combatant.js";
import {
  actionTotal,
  addLetters,
  effectCosts,
  type Facet,
  formatBundle,
  type HitLocation,
  parseBundle,
  type Rules,
  STANDARD_RULES,
} from "../rules/index.js";
import type { AttackDeclaration, DefenseDeclaration, InjuryChoices, ParryObjectDeclaration, RollSummary } from "./attack-flow.js";
import { FlowError } from "./errors.js";

export type { AttackRequest, CardRequest, DefenseAnswer, ParryObjectAnswer, RolledTotal } from "./request-schema.js";
import type { DefenseAnswer, ParryObjectAnswer, RolledTotal } from "./request-schema.js";

/** The gear an attack or counter uses, as the builders read it. */
export interface GearRef {
  name: string;
  edge: string;
  parry?: { hits: number; shield: string };
  uuid?: string;
}

function findTotal(derived: CombatantDerived, key: string): ActionTotalView {
  const total = derived.totals.find((t) => t.key === key);
  if (!total) throw new FlowError("noSuchTotal", { key });
  return total;
}

/** What was rolled, as the card names it: gear, skill, finesse. */
function rollLabel(view: ActionTotalView): string {
  return [view.gearName, view.skillName, view.finesseName].filter((p): p is string => !!p).join(" · ");
}

/**
 * R11–R13: the total of a rolled derived total, effect costs paid and, R25,
 * a parry bonus added. Faces must be the total's dice. The summary keeps
 * every addend (the derived total's own terms, then the roll's) for the card.
 */
export function totalOf(
  derived: CombatantDerived,
  roll: RolledTotal,
  effectCost = 0,
  parryBonus = 0,
): { total: number; surge: boolean; crash: boolean; summary: RollSummary } {
  const view = findTotal(derived, roll.totalKey);
  const faces = roll.faces;
  if (!Array.isArray(faces) || faces.length !== view.dice || faces.some((f) => !Number.isInteger(f) || f < 1 || f > 12)) {
    throw new FlowError("badRoll", { dice: view.dice });
  }
  const result = actionTotal({ base: view.static, roll: faces, modifier: roll.modifier, effectCost, parryBonus });
  // The derived total's static part is itself a sum (base, finesse, speed, conditions): show those instead.
  const terms = [
    ...view.terms.filter((t) => t.value !== 0),
    ...result.terms.filter((t) => t.kind !== "base"),
  ].map((t) => ({ kind: t.kind, value: t.value }));
  return { total: result.total, surge: result.surge, crash: result.crash, summary: { label: rollLabel(view), faces: [...faces], terms } };
}

/** R19: the cost of effects added to gear whose edge is `edge`, and the edge with them (R27). */
export function withAdded(edge: string, added: readonly string[], rules: Rules = STANDARD_RULES): { edge: string; cost: number } {
  const bundle = parseBundle(edge, rules.effects);
  if (!added.length) return { edge: formatBundle(bundle, rules.effects), cost: 0 };
  return {
    edge: formatBundle(addLetters(bundle, added, rules.effects), rules.effects),
    cost: effectCosts(bundle, added, rules.effects).total,
  };
}

/** The attack's declaration (R13, R19, R27, R29, R36) from the attacker's roll. */
export function attackDeclaration(
  derived: CombatantDerived,
  gear: GearRef,
  roll: RolledTotal,
  added: readonly string[],
  aim: { location?: HitLocation; nonLethal?: Facet; parryBonus?: number } = {},
  rules: Rules = STANDARD_RULES,
): AttackDeclaration {
  const { edge, cost } = withAdded(gear.edge, added, rules);
  const { total, surge, summary } = totalOf(derived, roll, cost, aim.parryBonus ?? 0);
  return {
    total,
    surge,
    edge,
    dice: [...roll.faces],
    roll: summary,
    ...(aim.location && { location: aim.location }),
    ...(aim.nonLethal && { nonLethal: aim.nonLethal }),
  };
}

/** A defense's declaration (R22–R25) from the defender's answer and actor as it is now. */
export function defenseDeclaration(
  derived: CombatantDerived,
  answer: DefenseAnswer,
  gearOf: (id: string) => GearRef | undefined,
  rules: Rules = STANDARD_RULES,
): DefenseDeclaration {
  if (answer.form === "counter") {
    const weapon = gearOf(answer.weaponId);
    if (!weapon) throw new FlowError("noSuchItem", { id: answer.weaponId });
    const { edge, cost } = withAdded(weapon.edge, answer.added ?? [], rules);
    const { total, surge, summary } = totalOf(derived, answer.roll, cost);
    return { form: "counter", total, surge, edge, roll: summary };
  }
  const { total, surge, summary } = totalOf(derived, answer.roll);
  if (answer.form !== "parry" || !answer.object) return { form: answer.form, total, surge, roll: summary };
  return { form: "parry", total, surge, object: parryObject(answer.object, gearOf, rules), roll: summary };
}

function parryObject(answer: ParryObjectAnswer, gearOf: (id: string) => GearRef | undefined, rules: Rules): ParryObjectDeclaration {
  if ("itemId" in answer) {
    const gear = gearOf(answer.itemId);
    if (!gear) throw new FlowError("noSuchItem", { id: answer.itemId });
    if (!gear.parry || gear.parry.hits <= 0) throw new FlowError("cannotParry", { name: gear.name });
    return { name: gear.name, shield: formatBundle(parseBundle(gear.parry.shield, rules.effects), rules.effects), hits: gear.parry.hits, ...(gear.uuid && { itemUuid: gear.uuid }) };
  }
  const name = String(answer.name ?? "").trim();
  if (!name || !Number.isInteger(answer.hits) || answer.hits < 1 || answer.hits > 999) throw new FlowError("badObject");
  return { name, shield: formatBundle(parseBundle(String(answer.shield || "0"), rules.effects), rules.effects), hits: answer.hits };
}
