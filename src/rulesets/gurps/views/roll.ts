/**
 * The GURPS success roll from the sheet, as shown (pure): the dialog (the
 * level, what the round holds against it, the options the roller may take,
 * a situational modifier — G3) read back and checked, and the chat card
 * (G4–G6: effective skill and how it was reached, the three dice, the
 * margin, success or failure and the criticals, with what a critical means
 * for an attack or a defense, G84–G86).
 */
import { LocalizedError } from "../../../core/errors.js";
import { english, type Localize } from "../../../core/messages.js";
import { cardFrameView, type CardFrameView, diceView, HOUSE_KEYS } from "../../../core/views/house.js";
import { figure, sentenceCase, signed } from "../../../core/views/text.js";
import type { Modifier } from "../rules/index.js";
import { type GurpsRollable, type GurpsRollOption, type GurpsRollResult, MAX_SITUATIONAL } from "../data/rollables.js";
import { templatePath } from "../../../core/views/templates.js";

export const GURPS_ROLL_CARD_TEMPLATE = templatePath("gurps/roll/card.hbs");
export const GURPS_ROLL_DIALOG_TEMPLATE = templatePath("gurps/roll/dialog.hbs");

/** A modifier as a line: its name, its signed value (−2 with a true minus), its rule. */
export interface ModifierLine {
  label: string;
  value: string;
  rule: string;
}

export { signed };

/** A modifier as the card and dialog list it: "Shock −2 (G77)", its label in sentence case. */
export function modifierLine(m: Modifier, localize: Localize = english): ModifierLine {
  return { label: sentenceCase(m.label ?? localize(`CYCHOSYS.Gurps.Modifier.${m.key}`)), value: signed(m.value), rule: m.rule };
}

/** The name of what is rolled, in the user's language. */
export const rollableName = (r: GurpsRollable, localize: Localize = english): string => localize(r.label.key, r.label.params);

export interface GurpsRollDialogView {
  name: string;
  level: number;
  modifiers: ModifierLine[];
  options: { id: string; label: string; value: string; rule: string; checked: boolean }[];
  situational: number;
  max: number;
  labels: { level: string; modifiers: string; situational: string; hint: string };
}

export function gurpsRollDialogView(input: { rollable: GurpsRollable; modifiers: readonly Modifier[]; options: readonly GurpsRollOption[]; localize?: Localize }): GurpsRollDialogView {
  const localize = input.localize ?? english;
  return {
    name: rollableName(input.rollable, localize),
    level: input.rollable.level,
    modifiers: input.modifiers.map((m) => modifierLine(m, localize)),
    options: input.options.map((o) => ({ id: o.id, ...modifierLine(o.modifier, localize), checked: o.checked })),
    situational: 0,
    max: MAX_SITUATIONAL,
    labels: {
      level: localize("CYCHOSYS.Gurps.Roll.level"),
      modifiers: localize("CYCHOSYS.Gurps.Roll.inForce"),
      situational: localize("CYCHOSYS.Gurps.Roll.situational"),
      hint: localize("CYCHOSYS.Gurps.Roll.situationalHint", { max: MAX_SITUATIONAL }),
    },
  };
}

const formText = (v: unknown) => (typeof v === "string" ? v.trim() : typeof v === "number" ? String(v) : "");

/** A whole number from −max to max typed in a form (blank: 0), else a clear refusal naming what was typed. */
export function readWhole(value: unknown, max: number, code: string): number {
  const text = formText(value).replace("−", "-") || "0";
  const n = Number(text);
  if (!/^[+-]?\d{1,6}$/.test(text) || Math.abs(n) > max) throw new LocalizedError("CYCHOSYS.Gurps.Roll", code, { max, value: formText(value).slice(0, 20) });
  return n;
}

/** The dialog's form read back: the options taken (only those offered) and the situational modifier. */
export function readGurpsRollForm(form: Record<string, unknown>, options: readonly GurpsRollOption[]): { modifiers: Modifier[] } {
  const situational = readWhole(form.situational, MAX_SITUATIONAL, "badSituational");
  const modifiers = options.filter((o) => form[`option.${o.id}`] === "on" || form[`option.${o.id}`] === true).map((o) => o.modifier);
  if (situational !== 0) modifiers.push({ key: "situational", value: situational, rule: "G3" });
  return { modifiers };
}

export type RollOutcome = "criticalSuccess" | "success" | "failure" | "criticalFailure";

/** The roll card: the house frame (docs/style.md) and the figures it is drawn from. */
export interface GurpsRollCardContext extends CardFrameView {
  name: string;
  level: number;
  modifiers: ModifierLine[];
  effective: number;
  faces: readonly number[];
  total: number;
  /** Success, failure or a critical (the frame's `outcome` is the headline drawn from it). */
  result: RollOutcome;
  outcomeText: string;
  /** "by 3" (success) or "by 2" (failure). */
  margin: string;
  /** What a critical means here (G84–G86, G6), or null. */
  note: string | null;
  labels: { level: string; effective: string; dice: string; total: string; margin: string };
}

/** G84–G86, G6: what a critical of this kind of roll calls for (the tables are the GM's: no result is invented). */
function criticalNote(r: GurpsRollable, outcome: RollOutcome, localize: Localize): string | null {
  const attack = r.purpose === "meleeAttack" || r.purpose === "rangedAttack";
  if (outcome === "criticalSuccess") {
    if (attack) return localize("CYCHOSYS.Gurps.Roll.Note.criticalHit");
    if (r.purpose === "defense") return localize("CYCHOSYS.Gurps.Roll.Note.criticalDefense");
    return null;
  }
  if (outcome === "criticalFailure") {
    if (attack) return localize("CYCHOSYS.Gurps.Roll.Note.criticalMiss");
    if (r.key === "dodge") return localize("CYCHOSYS.Gurps.Roll.Note.dodgeFails");
    if (r.key.startsWith("block:")) return localize("CYCHOSYS.Gurps.Roll.Note.blockFails");
    if (r.purpose === "defense") return localize("CYCHOSYS.Gurps.Roll.Note.parryFails");
  }
  return null;
}

export function gurpsRollCardContext(input: { actorName: string; roll: GurpsRollResult; localize?: Localize }): GurpsRollCardContext {
  const localize = input.localize ?? english;
  const { rollable, modifiers, effective, faces, result } = input.roll;
  const outcome: RollOutcome = result.critical === "success" ? "criticalSuccess" : result.critical === "failure" ? "criticalFailure" : result.success ? "success" : "failure";
  const name = rollableName(rollable, localize);
  const margin = localize(result.success ? "CYCHOSYS.Gurps.Roll.marginSuccess" : "CYCHOSYS.Gurps.Roll.marginFailure", { margin: Math.abs(result.margin) });
  const outcomeText = localize(`CYCHOSYS.Gurps.Roll.Outcome.${outcome}`);
  const lines = modifiers.map((m) => modifierLine(m, localize));
  // The speaker (Foundry's message header) is the roller: the title names what is rolled, the subtitle how its level was reached.
  const frame = cardFrameView({
    cardClass: "gurps-roll-card",
    title: sentenceCase(name),
    subtitle: [`${localize("CYCHOSYS.Gurps.Roll.level")} ${figure(rollable.level)}`, ...lines.map((l) => `${l.label} ${l.value}`)].join(" · "),
    roll: { label: localize("CYCHOSYS.Gurps.Roll.threeDice"), diceLabel: localize(HOUSE_KEYS.dice), dice: diceView(faces), total: figure(result.roll), against: `/ ${figure(effective)}`, tone: result.success ? "good" : "miss" },
    outcome: { text: `${outcomeText} ${margin}`, tone: result.success ? "good" : "miss" },
  }, localize);
  return {
    ...frame,
    name,
    level: rollable.level,
    modifiers: lines,
    effective,
    faces,
    total: result.roll,
    result: outcome,
    outcomeText,
    margin,
    note: criticalNote(rollable, outcome, localize),
    labels: {
      level: localize("CYCHOSYS.Gurps.Roll.level"),
      effective: localize("CYCHOSYS.Gurps.Roll.effective"),
      dice: localize("CYCHOSYS.Gurps.Roll.dice"),
      total: localize("CYCHOSYS.Gurps.Roll.total"),
      margin: localize("CYCHOSYS.Gurps.Roll.margin"),
    },
  };
}
