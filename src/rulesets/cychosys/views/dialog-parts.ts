/**
 * What the attack workflow's dialogs (dialogs.ts, apply-dialog.ts) share:
 * option and effect rows, reading form values, effect costs (R19) and an
 * action total's terms. dialogs.ts re-exports the public ones.
 */
import { sentenceCase } from "../../../core/views/text.js";
import type { ActionTotalView } from "../data/derive/combatant.js";
import { effectCosts, type Localize, parseBundle, type Rules, RulesError, STANDARD_RULES } from "../rules/index.js";
import { withAdded } from "../workflow/requests.js";
import { FlowError } from "../workflow/errors.js";

export interface Option {
  value: string;
  label: string;
  selected: boolean;
}

export interface EffectRow {
  letter: string;
  name: string;
  power: number;
  count: number;
  field: string;
}

export interface CostLine {
  text: string;
}

/** A form's values by field name (FormData entries; checkboxes appear only when checked). */
export type FormValues = Record<string, string | string[]>;

export const one = (values: FormValues, name: string): string => {
  const v = values[name];
  return Array.isArray(v) ? (v[0] ?? "") : (v ?? "");
};
export const all = (values: FormValues, name: string): string[] => {
  const v = values[name];
  return v === undefined ? [] : Array.isArray(v) ? v : [v];
};
export const int = (text: string, fallback = 0): number => {
  const n = Number(text);
  return text.trim() !== "" && Number.isInteger(n) ? n : fallback;
};

export const localized = (error: unknown, localize: Localize): string => {
  if (error instanceof RulesError || error instanceof FlowError) return localize(error.i18nKey, error.params);
  throw error;
};

/** A derived total's name, in sentence case: the gear, the skill and finesse (R13). */
export function totalLabel(total: ActionTotalView): string {
  const skill = total.finesseName ? `${total.skillName} (${total.finesseName})` : total.skillName;
  return sentenceCase(total.gearName ? `${total.gearName} — ${skill}` : skill);
}

export function totalOptions(totals: readonly ActionTotalView[], selected: string): Option[] {
  return totals.map((t) => ({ value: t.key, label: `${totalLabel(t)}: ${t.formula}`, selected: t.key === selected }));
}

/** The effects of the table, each with how many to add (R19). */
export function effectRows(rules: Rules, counts: Record<string, number>): EffectRow[] {
  return rules.effects.effects.map((e) => ({ letter: e.letter, name: e.name, power: e.power, count: counts[e.letter] ?? 0, field: `add.${e.letter}` }));
}

/** Letters added, in table order, each as many times as counted. */
export function addedLetters(counts: Record<string, number>, rules: Rules = STANDARD_RULES): string[] {
  const out: string[] = [];
  for (const e of rules.effects.effects) for (let i = 0; i < Math.max(0, Math.min(9, counts[e.letter] ?? 0)); i++) out.push(e.letter);
  return out;
}

export function readCounts(values: FormValues, rules: Rules): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const e of rules.effects.effects) {
    const n = int(one(values, `add.${e.letter}`));
    if (n > 0) counts[e.letter] = Math.min(9, n);
  }
  return counts;
}

/** R19: each added effect's cost line, and the total. */
export function costs(edge: string, added: readonly string[], rules: Rules, localize: Localize): { lines: CostLine[]; total: number; edge: string; error?: string } {
  try {
    const bundle = parseBundle(edge, rules.effects);
    const priced = effectCosts(bundle, added, rules.effects);
    return {
      lines: priced.lines.map((l) => ({ text: localize("CYCHOSYS.Dialog.costLine", { letter: l.letter, instance: l.instance, cost: l.cost }) })),
      total: priced.total,
      edge: withAdded(edge, added, rules).edge,
    };
  } catch (error) {
    return { lines: [], total: 0, edge, error: localized(error, localize) };
  }
}

/** The terms the total will add up (R13): the total's static part and dice, the modifier, the costs. */
export function termsOf(total: ActionTotalView | undefined, modifier: number, cost: number, localize: Localize): { label: string; value: string }[] {
  if (!total) return [];
  const terms = [
    { label: localize("CYCHOSYS.Dialog.rolled"), value: total.formula },
  ];
  if (modifier) terms.push({ label: localize("CYCHOSYS.Term.modifier"), value: modifier > 0 ? `+${modifier}` : `−${-modifier}` });
  if (cost) terms.push({ label: localize("CYCHOSYS.Term.effects"), value: `−${cost}` });
  return terms;
}
