/**
 * What an OpenD6 skill or attribute roll's chat card shows (pure): the code
 * rolled and how it was reached (D41: the code − multi-action dice D12 −
 * wound dice D37), each die the penalties took away, every plain die, the
 * Wild Die's chain (its exploded 6s, D2, and a first-face 1 flagged as a
 * complication, struck with the highest other die in the removing mode),
 * the pips, the flat modifier and the total.
 */
import { english, type Localize } from "../../../core/messages.js";
import { type CardFrameView, cardFrameView, type DieView, HOUSE_KEYS } from "../../../core/views/house.js";
import { sentenceCase, signed } from "../../../core/views/text.js";
import { D6_STANDARD_RULES, type D6Rules, type DieCode, formatDieCode, type SkillRoll } from "../rules/index.js";
import type { D6Rollable } from "../data/derived.js";
import { rollLine } from "./dialogs.js";
import { diceOf, houseDice } from "./attack-card.js";

export const D6_ROLL_CARD_TEMPLATE = "systems/cychosys/templates/d6/chat/roll.hbs";

/** D1/D2: the Foundry formula of a code and a flat modifier: `2d6 + 1dw + 1 + 2` (plain dice, the Wild Die, pips, flat). */
export function d6SkillFormula(code: DieCode, flat: number): string {
  const parts: string[] = [];
  if (code.dice > 1) parts.push(`${code.dice - 1}d6`);
  if (code.dice > 0) parts.push("1dw");
  if (code.pips) parts.push(String(code.pips));
  let formula = parts.join(" + ");
  if (!Number.isInteger(flat) || flat === 0) return formula || "0";
  if (!formula) return String(flat);
  formula += flat > 0 ? ` + ${flat}` : ` - ${-flat}`;
  return formula;
}

export interface D6RollDieView {
  face: number;
  wild: boolean;
  /** D2: a 6 on the Wild Die, added and rolled again. */
  exploded: boolean;
  /** D2 removing mode: taken away by the complication. */
  removed: boolean;
  /** D2: the Wild Die's first-face 1. */
  complication: boolean;
  title: string;
}

/** The card in the house frame (docs/style.md): title, the code rolled as subtitle, the dice and the big total; the rest below. */
export interface D6RollCardContext extends CardFrameView {
  title: string;
  /** The skill or attribute and its code, e.g. "dodge · 4D"; "(untrained: Agility)" added for an untrained skill. */
  subtitle: string;
  untrained: string | null;
  /** D41: "4D − 1D for actions (D12) − 1D for wounds (D37)" and the code rolled; empty when nothing changed the code. */
  adjustments: string[];
  code: string;
  /** One entry per die a penalty took away (D12, D37). */
  penaltyDice: { rule: "D12" | "D37"; title: string }[];
  dice: D6RollDieView[];
  pips: number;
  /** What the total adds besides the dice, in one line ("+1 pip · modifier −2"); null when nothing. */
  extras: string | null;
  /** The flat modifier as shown ("+2", "−1"); null when 0. */
  flat: string | null;
  total: number;
  complication: string | null;
  labels: { dice: string; pips: string; flat: string; total: string; penalties: string };
}

export interface D6RollCardInput {
  actorName: string;
  rollable: D6Rollable;
  /** The core's roll (rollSkill): plan, reading, flat, total. */
  roll: SkillRoll;
  localize?: Localize;
  rules?: Readonly<D6Rules>;
}

/** The name of a rollable in the user's language: an attribute by its label, a skill by its name. */
export function rollableLabel(rollable: D6Rollable, localize: Localize = english): string {
  return rollable.kind === "attribute" ? localize(`CYCHOSYS.D6.Roll.Attribute.${rollable.attribute}`) : rollable.name;
}

export function d6RollCardContext(input: D6RollCardInput): D6RollCardContext {
  const localize = input.localize ?? english;
  const rules = input.rules ?? D6_STANDARD_RULES;
  const { plan, reading, flat, total } = input.roll;
  const label = rollableLabel(input.rollable, localize);
  const line = rollLine(plan, localize);

  // D2: plain dice first, then the Wild Die's chain (read as the attack card reads it), each with what it is in words.
  let wildIndex = 0;
  const dice = diceOf(reading).map((die) => {
    if (!die.wild) return { ...die, exploded: false, title: localize(die.removed ? "CYCHOSYS.D6.Roll.removedDie" : "CYCHOSYS.D6.Roll.plainDie") };
    const exploded = wildIndex++ < reading.wild.length - 1 && die.face === rules.explodingFace;
    return { ...die, exploded, title: localize(die.complication ? "CYCHOSYS.D6.Roll.complicationDie" : exploded ? "CYCHOSYS.D6.Roll.explodedDie" : "CYCHOSYS.D6.Card.wildDie") };
  });

  const penaltyDice: D6RollCardContext["penaltyDice"] = [
    ...Array.from({ length: plan.actionDice }, () => ({ rule: "D12" as const, title: localize("CYCHOSYS.D6.Roll.actionPenaltyDie") })),
    ...Array.from({ length: plan.woundDice }, () => ({ rule: "D37" as const, title: localize("CYCHOSYS.D6.Roll.woundPenaltyDie") })),
  ];
  const complication = reading.complication
    ? localize(rules.complicationMode === "remove" ? "CYCHOSYS.D6.Roll.complicationRemove" : "CYCHOSYS.D6.Roll.complicationFlag")
    : null;
  const untrained = input.rollable.untrained ? localize("CYCHOSYS.D6.Roll.untrained", { attribute: localize(`CYCHOSYS.D6.Roll.Attribute.${input.rollable.attribute}`) }) : null;

  const pipsLabel = plan.code.pips === 1 ? localize("CYCHOSYS.D6.Roll.pip") : localize("CYCHOSYS.D6.Roll.pips", { pips: plan.code.pips });
  const flatText = flat ? signed(flat) : null;
  const extras = [plan.code.pips ? pipsLabel : "", flatText ? localize("CYCHOSYS.D6.Roll.flatExtra", { value: flatText }) : ""].filter(Boolean).join(" · ") || null;
  // The dice the penalties took away (D12, D37) stand in the strip as struck boxes.
  const removedDice: DieView[] = penaltyDice.map((p) => ({ face: p.rule, marks: ["dropped"], title: p.title }));
  const title = sentenceCase(localize("CYCHOSYS.D6.Roll.title", { name: input.actorName, skill: label }));
  const subtitle = sentenceCase(`${label} · ${formatDieCode(plan.base)}`);
  return {
    ...cardFrameView(
      {
        cardClass: "d6-roll-card",
        title,
        subtitle,
        roll: { label: line.code, diceLabel: localize(HOUSE_KEYS.dice), dice: [...houseDice(reading, localize, rules), ...removedDice], total: String(total) },
      },
      localize,
    ),
    title,
    subtitle,
    extras,
    untrained,
    adjustments: line.parts.length > 1 ? line.parts : [],
    code: line.code,
    penaltyDice,
    dice,
    pips: plan.code.pips,
    flat: flatText,
    total,
    complication,
    labels: {
      dice: localize("CYCHOSYS.D6.Roll.dice"),
      pips: pipsLabel,
      flat: localize("CYCHOSYS.D6.Roll.flat"),
      total: localize("CYCHOSYS.D6.Card.total"),
      penalties: localize("CYCHOSYS.D6.Roll.penalties"),
    },
  };
}
