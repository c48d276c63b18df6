/**
 * The GURPS damage roll from a weapon line, as shown (pure): the dialog
 * (All-Out Attack (Strong) on an ST-based melee line, G26; at or beyond
 * 1/2D, G70; a situational bonus) read back, and the card (G69 step 1: the
 * dice, the multiplier, the adds and bonuses, the minimum, the halving, the
 * basic damage with its type and armor divisor). Injury needs a target and
 * is the attack card's.
 */
import { english, type Localize } from "../../../core/messages.js";
import { cardFrameView, type CardFrameView, diceView, HOUSE_KEYS } from "../../../core/views/house.js";
import { figure } from "../../../core/views/text.js";
import type { GurpsDamageChoice, GurpsDamagePlan, GurpsDamageResult } from "../data/damage-roll.js";
import { MAX_DAMAGE_BONUS } from "../data/damage-roll.js";
import { formatDamage } from "../rules/index.js";
import { templatePath } from "../../../core/views/templates.js";
import { type ModifierLine, modifierLine, readWhole, signed } from "./roll.js";

export const GURPS_DAMAGE_CARD_TEMPLATE = templatePath("gurps/roll/damage-card.hbs");
export const GURPS_DAMAGE_DIALOG_TEMPLATE = templatePath("gurps/roll/damage-dialog.hbs");

/** The Foundry formula of the line's dice (the multiplier and adds are the core's to apply). */
export const damageDiceFormula = (plan: GurpsDamagePlan): string => `${plan.spec.dice}d6`;

const lineName = (plan: GurpsDamagePlan) => (plan.line.name.trim() ? `${plan.weapon.name} (${plan.line.name.trim()})` : plan.weapon.name);

/** G71: the divisor as written after the type: (2), (0.5); none for 1. */
const divisorText = (divisor: number) => (divisor === 1 ? "" : `(${divisor})`);

export interface GurpsDamageDialogView {
  name: string;
  damage: string;
  type: string;
  strong: { label: string; value: string } | null;
  halvable: boolean;
  max: number;
  labels: { halved: string; bonus: string; hint: string };
}

export function gurpsDamageDialogView(plan: GurpsDamagePlan, localize: Localize = english): GurpsDamageDialogView {
  return {
    name: lineName(plan),
    damage: formatDamage(plan.spec),
    type: `${localize(`CYCHOSYS.Gurps.DamageType.${plan.line.type}`)}${divisorText(plan.line.divisor)}`,
    strong: plan.strong ? { label: localize("CYCHOSYS.Gurps.Modifier.aoaStrong"), value: signed(plan.strong.value) } : null,
    halvable: plan.halvable,
    max: MAX_DAMAGE_BONUS,
    labels: {
      halved: localize("CYCHOSYS.Gurps.Roll.halfDamage", { range: plan.line.halfDamage ?? 0 }),
      bonus: localize("CYCHOSYS.Gurps.Roll.damageBonus"),
      hint: localize("CYCHOSYS.Gurps.Roll.damageBonusHint", { max: MAX_DAMAGE_BONUS }),
    },
  };
}

/** The dialog's form read back (an option not offered is never taken). */
export function readGurpsDamageForm(form: Record<string, unknown>, plan: GurpsDamagePlan): GurpsDamageChoice {
  const on = (name: string) => form[name] === "on" || form[name] === true;
  return { strong: !!plan.strong && on("strong"), halved: plan.halvable && on("halved"), bonus: readWhole(form.bonus, MAX_DAMAGE_BONUS, "badDamageBonus") };
}

/** The damage card: the house frame (docs/style.md) and the figures it is drawn from. */
export interface GurpsDamageCardContext extends CardFrameView {
  damage: string;
  faces: readonly number[];
  diceTotal: number;
  /** "× 3" when the line multiplies its dice. */
  multiplier: string | null;
  adds: string | null;
  bonuses: ModifierLine[];
  /** G69: the minimum was applied (the sum was below it). */
  minimum: string | null;
  halved: string | null;
  basic: number;
  type: string;
  labels: { dice: string; basic: string };
}

export function gurpsDamageCardContext(input: { actorName: string; roll: GurpsDamageResult; localize?: Localize }): GurpsDamageCardContext {
  const localize = input.localize ?? english;
  const { plan, faces, basic } = input.roll;
  const floored = Math.max(basic.minimum, basic.rolled);
  const type = `${localize(`CYCHOSYS.Gurps.DamageType.${plan.line.type}`)}${divisorText(plan.line.divisor)}`;
  const bonuses = basic.bonuses.map((b) => modifierLine(b, localize));
  const minimum = basic.rolled < basic.minimum ? localize("CYCHOSYS.Gurps.Roll.minimum", { rolled: signed(basic.rolled), minimum: basic.minimum }) : null;
  const halved = basic.halved ? localize("CYCHOSYS.Gurps.Roll.halved", { from: floored }) : null;
  const frame = cardFrameView({
    cardClass: "gurps-roll-card gurps-damage-card",
    title: localize("CYCHOSYS.Gurps.Roll.damageTitle", { what: lineName(plan) }),
    subtitle: [formatDamage(plan.spec), ...bonuses.map((b) => `${b.label} ${b.value}`)].join(" · "),
    roll: { label: localize("CYCHOSYS.Gurps.Roll.Label.damage"), diceLabel: localize(HOUSE_KEYS.dice), dice: diceView(faces), total: figure(basic.rolled) },
    outcome: {
      text: localize("CYCHOSYS.Gurps.Roll.basicDamageIs", { basic: figure(basic.basic), type }), tone: "hit",
      details: [minimum, halved].filter((t): t is string => t !== null).map((text) => ({ text, tone: "neutral" as const })),
    },
  }, localize);
  return {
    ...frame,
    damage: formatDamage(plan.spec),
    faces,
    diceTotal: basic.diceTotal,
    multiplier: basic.multiplier > 1 ? `× ${basic.multiplier}` : null,
    adds: basic.adds !== 0 ? signed(basic.adds) : null,
    bonuses,
    minimum,
    halved,
    basic: basic.basic,
    type,
    labels: { dice: localize("CYCHOSYS.Gurps.Roll.dice"), basic: localize("CYCHOSYS.Gurps.Roll.basicDamage") },
  };
}
