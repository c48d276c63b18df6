/**
 * The OpenD6 skill and attribute roll dialog (pure): the number of actions
 * this round (D11–D12, pre-filled from the round state in a started combat)
 * and a flat modifier (D41); the form read back and checked.
 */
import { LocalizedError } from "../../../core/errors.js";
import { english, type Localize } from "../../../core/messages.js";
import { D6_STANDARD_RULES, type D6Rules, MAX_DECLARED_ACTIONS, multiActionPenaltyDice } from "../rules/index.js";

export const D6_ROLL_DIALOG_TEMPLATE = "systems/cychosys/templates/d6/dialog/roll.hbs";

/** Largest flat modifier a roll takes (the attack dialog's bound). */
export const MAX_FLAT = 99;

export interface D6RollDialogView {
  actions: number;
  maxActions: number;
  flat: number;
  maxFlat: number;
  hint: string;
  labels: { actions: string; flat: string };
}

export function d6RollDialogView(input: { declared: number | null; freeActions: number; localize?: Localize; rules?: Readonly<D6Rules> }): D6RollDialogView {
  const localize = input.localize ?? english;
  const rules = input.rules ?? D6_STANDARD_RULES;
  return {
    actions: input.declared ?? rules.minDeclaredActions,
    maxActions: MAX_DECLARED_ACTIONS,
    flat: 0,
    maxFlat: MAX_FLAT,
    hint: localize("CYCHOSYS.D6.Roll.actionsHint", { free: input.freeActions, per: rules.diceLostPerExtraAction }),
    labels: { actions: localize("CYCHOSYS.D6.Roll.actions"), flat: localize("CYCHOSYS.D6.Roll.flatModifier") },
  };
}

const refuse = (code: "badActions" | "badFlat", params: Record<string, string | number>) => new LocalizedError("CYCHOSYS.D6.Roll", code, params);

/** The form read back: whole numbers in bounds, else a clear refusal; the actions turned into D12 penalty dice. */
export function readD6RollForm(
  form: Record<string, unknown>,
  freeActions: number,
  rules: Readonly<D6Rules> = D6_STANDARD_RULES,
): { actions: number; actionDice: number; flat: number } {
  const text = (v: unknown) => (typeof v === "string" ? v.trim() : typeof v === "number" ? String(v) : "");
  const actionsText = text(form.actions);
  const actions = Number(actionsText);
  if (!/^\d+$/.test(actionsText) || actions < rules.minDeclaredActions || actions > MAX_DECLARED_ACTIONS) {
    throw refuse("badActions", { max: MAX_DECLARED_ACTIONS, value: actionsText.slice(0, 20) });
  }
  const flatText = text(form.flat) || "0";
  const flat = Number(flatText);
  if (!/^[+-]?\d+$/.test(flatText) || Math.abs(flat) > MAX_FLAT) throw refuse("badFlat", { max: MAX_FLAT, value: flatText.slice(0, 20) });
  return { actions, actionDice: multiActionPenaltyDice(actions, freeActions, rules), flat };
}
