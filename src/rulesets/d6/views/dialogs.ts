/**
 * The OpenD6 attack and interrupt dialogs' contents (pure): the dice to roll
 * and why (D41: the code, the multi-action dice D12, the wound dice D37, the
 * aim dice D29), range by band or distance (D27), cover (D28), the GM's
 * difficulty modifier (D26), a flat bonus to the roll; for a parry, the
 * weapon it is made with (D21). Each input labelled.
 */
import type { Localize } from "../../../core/messages.js";
import { formatDieCode, type RollPlan } from "../rules/index.js";
import { COVER_LEVELS, type CoverLevel, RANGE_BANDS, type RangeBand } from "../rules/types.js";
import type { OddsLineView } from "../../../core/views/odds.js";

export const D6_ATTACK_DIALOG_TEMPLATE = "systems/cychosys/templates/d6/dialog/attack.hbs";

export interface D6RollLine {
  code: string;
  parts: string[];
}

/** "4D − 1D for actions (D12) − 1D for wounds (D37) + 2D aim (D29) = 4D". */
export function rollLine(plan: RollPlan, localize: Localize): D6RollLine {
  const parts = [formatDieCode(plan.base)];
  if (plan.actionDice) parts.push(localize("CYCHOSYS.D6.Dialog.actionDice", { dice: plan.actionDice }));
  if (plan.woundDice) parts.push(localize("CYCHOSYS.D6.Dialog.woundDice", { dice: plan.woundDice }));
  if (plan.bonusDice) parts.push(localize("CYCHOSYS.D6.Dialog.aimDice", { dice: plan.bonusDice }));
  return { code: formatDieCode(plan.code), parts };
}

export interface D6AttackDialogView {
  roll: D6RollLine;
  ranged: boolean;
  bands: { value: string; label: string; selected: boolean }[];
  covers: { value: string; label: string; selected: boolean }[];
  /** D26: the GM's modifier (players leave it to the GM). */
  gm: boolean;
  parry?: { weapons: { id: string; name: string; selected?: boolean }[] };
  /** Per target: the chance to hit and the expected wound steps (docs/odds.md); absent when this user is not shown odds. */
  odds?: { lines: OddsLineView[] };
}

export function d6AttackDialogView(input: { plan: RollPlan; ranged: boolean; gm: boolean; localize: Localize; parryWeapons?: { id: string; name: string; selected?: boolean }[]; odds?: { lines: OddsLineView[] } }): D6AttackDialogView {
  const { localize } = input;
  return {
    roll: rollLine(input.plan, localize),
    ranged: input.ranged,
    bands: RANGE_BANDS.map((b) => ({ value: b, label: localize(`CYCHOSYS.D6.Range.${b}`), selected: b === (input.ranged ? "short" : "pointBlank") })),
    covers: COVER_LEVELS.filter((c) => c !== "full").map((c) => ({ value: c, label: localize(`CYCHOSYS.D6.Cover.${c}`), selected: c === "none" })),
    gm: input.gm,
    ...(input.parryWeapons && { parry: { weapons: input.parryWeapons } }),
    ...(input.odds && { odds: input.odds }),
  };
}

/** The form read back: numbers whole and bounded, choices from their lists (the GM checks again). */
export function readD6AttackForm(form: Record<string, unknown>): { flat: number; band?: string; metres?: number; cover?: string; modifier?: number; itemId?: string } {
  const whole = (v: unknown, limit: number) => {
    const n = Number(v);
    return Number.isInteger(n) ? Math.max(-limit, Math.min(limit, n)) : 0;
  };
  const out: ReturnType<typeof readD6AttackForm> = { flat: whole(form.flat, 99) };
  const metres = Number(form.metres);
  if (form.metres !== undefined && form.metres !== "" && Number.isInteger(metres) && metres >= 0) out.metres = Math.min(metres, 100_000);
  else if (typeof form.band === "string" && (RANGE_BANDS as readonly string[]).includes(form.band)) out.band = form.band;
  if (typeof form.cover === "string" && (COVER_LEVELS as readonly string[]).includes(form.cover)) out.cover = form.cover;
  const modifier = whole(form.modifier, 99);
  if (modifier) out.modifier = modifier;
  if (typeof form.itemId === "string" && /^[A-Za-z0-9]{1,32}$/.test(form.itemId)) out.itemId = form.itemId;
  return out;
}

/** What the attack dialog's form declares (D26–D28): range, cover — and the difficulty modifier and flat bonus, sent only for a GM. */
export interface D6DeclaredChoice {
  flat?: number;
  range?: { band: RangeBand } | { metres: number };
  cover?: CoverLevel;
  modifiers?: { value: number }[];
}

/**
 * The form's values as the declaration sends them. D26's modifier and the
 * flat bonus are the GM's (the dialog shows them to the GM only, and the GM
 * refuses them from anyone else, D6_GM_ONLY_FIELDS): a player's request
 * never carries them, whatever the form held.
 */
export function declaredChoice(values: ReturnType<typeof readD6AttackForm>, isGM: boolean): D6DeclaredChoice {
  return {
    ...(isGM && values.flat && { flat: values.flat }),
    ...(values.metres !== undefined ? { range: { metres: values.metres } } : values.band ? { range: { band: values.band as RangeBand } } : {}),
    ...(values.cover && { cover: values.cover as CoverLevel }),
    ...(isGM && values.modifier && { modifiers: [{ value: values.modifier }] }),
  };
}
