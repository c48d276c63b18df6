/**
 * View models of the attack workflow's dialogs — attack, defense, apply
 * injury — as plain data for templates/dialog/*.hbs. Pure: every figure comes
 * from the rules core (`effectCosts` R19, `actionTotal` terms) or the
 * workflow (`previewInjury`, `contestFor`, `explainAttack`); the Foundry
 * wrappers (./index.ts) and the preview harness render them.
 *
 * Here the attack and defense dialogs; the apply-injury dialog is in
 * apply-dialog.ts and what they share in dialog-parts.ts. Import from here.
 */
import type { ActionTotalView } from "../data/derive/combatant.js";
import { counterHandicap, english, type Facet, FACETS, type Localize, parseBundle, type Rules, STANDARD_RULES } from "../rules/index.js";
import {
  addedLetters,
  costs,
  effectRows,
  type FormValues,
  int,
  localized,
  one,
  readCounts,
  termsOf,
  totalOptions,
  type CostLine,
  type EffectRow,
  type Option,
} from "./dialog-parts.js";
import { defaultDefenseTotal, type DefenseGear } from "../workflow/odds-query.js";
import type { OddsLineView } from "../../../core/views/odds.js";
import { attackDialogOdds, type DialogOddsInput } from "./odds.js";

export { addedLetters, type CostLine, type EffectRow, type FormValues, type Option, totalLabel } from "./dialog-parts.js";
export * from "./apply-dialog.js";

export const ATTACK_DIALOG_TEMPLATE = "systems/cychosys/templates/dialog/attack.hbs";
export const DEFENSE_DIALOG_TEMPLATE = "systems/cychosys/templates/dialog/defense.hbs";
export const APPLY_DIALOG_TEMPLATE = "systems/cychosys/templates/dialog/apply.hbs";

// ---------------------------------------------------------------------------
// Attack.

export interface AttackDialogValues {
  totalKey: string;
  modifier: number;
  counts: Record<string, number>;
  location: "" | "mind" | "ego";
  nonLethal: "" | Facet;
}

export interface AttackDialogInput {
  actorName: string;
  /** The odds of the attack per target (docs/odds.md); absent when this user is not shown odds. */
  odds?: DialogOddsInput;
  gear: { id: string; name: string; edge: string };
  totals: readonly ActionTotalView[];
  values?: Partial<AttackDialogValues>;
  localize?: Localize;
  rules?: Rules;
}

export interface AttackDialogView {
  title: string;
  intro: string;
  totals: Option[];
  modifier: number;
  effects: EffectRow[];
  costLines: CostLine[];
  cost: number;
  baseEdge: string;
  edge: string;
  terms: { label: string; value: string }[];
  locations: Option[];
  nonLethal: Option[];
  error?: string;
  values: AttackDialogValues;
  /** Per target: the chance to strike and the expected injury, and how the added effects moved them. */
  odds?: { lines: OddsLineView[] };
}

export function attackDialogView(input: AttackDialogInput): AttackDialogView {
  const localize = input.localize ?? english;
  const rules = input.rules ?? STANDARD_RULES;
  const defaultKey = input.totals.find((t) => t.key === `gear:${input.gear.id}`)?.key ?? input.totals[0]?.key ?? "";
  const values: AttackDialogValues = { totalKey: defaultKey, modifier: 0, counts: {}, location: "", nonLethal: "", ...input.values };
  if (!input.totals.some((t) => t.key === values.totalKey)) values.totalKey = defaultKey;
  const added = addedLetters(values.counts, rules);
  const priced = costs(input.gear.edge, added, rules, localize);
  const total = input.totals.find((t) => t.key === values.totalKey);
  return {
    title: localize("CYCHOSYS.Dialog.attackTitle", { actor: input.actorName, gear: input.gear.name }),
    intro: localize("CYCHOSYS.Dialog.attackIntro"),
    totals: totalOptions(input.totals, values.totalKey),
    modifier: values.modifier,
    effects: effectRows(rules, values.counts),
    costLines: priced.lines,
    cost: priced.total,
    baseEdge: input.gear.edge,
    edge: priced.edge,
    terms: termsOf(total, values.modifier, priced.total, localize),
    locations: [
      { value: "", label: localize("CYCHOSYS.Dialog.byDigit"), selected: values.location === "" },
      ...(["mind", "ego"] as const).map((l) => ({ value: l, label: localize(`CYCHOSYS.Location.${l}`), selected: values.location === l })),
    ],
    nonLethal: [
      { value: "", label: localize("CYCHOSYS.Dialog.lethal"), selected: values.nonLethal === "" },
      ...FACETS.map((f) => ({ value: f, label: localize("CYCHOSYS.Card.nonLethal", { facet: localize(`CYCHOSYS.Facet.${f}`) }), selected: values.nonLethal === f })),
    ],
    ...(priced.error && { error: priced.error }),
    values,
    ...(input.odds && !priced.error && {
      odds: attackDialogOdds(
        { total, modifier: values.modifier, edge: input.gear.edge, added, ...(values.location && { location: values.location }), ...(values.nonLethal && { nonLethal: values.nonLethal }) },
        input.odds,
        localize,
        rules,
      ),
    }),
  };
}

export function readAttackForm(values: FormValues, rules: Rules = STANDARD_RULES): AttackDialogValues {
  const location = one(values, "location");
  const nonLethal = one(values, "nonLethal");
  return {
    totalKey: one(values, "totalKey"),
    modifier: int(one(values, "modifier")),
    counts: readCounts(values, rules),
    location: location === "mind" || location === "ego" ? location : "",
    nonLethal: (FACETS as readonly string[]).includes(nonLethal) ? (nonLethal as Facet) : "",
  };
}

// ---------------------------------------------------------------------------
// Defense (and counter again).

export type { DefenseGear } from "../workflow/odds-query.js";

export interface DefenseDialogValues {
  totalKey: string;
  modifier: number;
  weaponId: string;
  counts: Record<string, number>;
  object: string;
  adhocName: string;
  adhocHits: number;
  adhocShield: string;
}

export interface DefenseDialogInput {
  /** A defense form, or "counterAgain" inside an exchange (R23). */
  mode: "evade" | "brave" | "parry" | "counter" | "counterAgain";
  actorName: string;
  attackerName: string;
  attackTotal: number;
  totals: readonly ActionTotalView[];
  gear: readonly DefenseGear[];
  /** R15: this is a second defense against the attack. */
  costsAction?: boolean;
  /** R23: the counterattack's number in the exchange (for the handicap). */
  counterNumber?: number;
  values?: Partial<DefenseDialogValues>;
  localize?: Localize;
  rules?: Rules;
}

export interface DefenseDialogView {
  mode: DefenseDialogInput["mode"];
  title: string;
  intro: string;
  actionNote?: string;
  handicapNote?: string;
  totals: Option[];
  modifier: number;
  isCounter: boolean;
  isParry: boolean;
  weapons: Option[];
  effects: EffectRow[];
  costLines: CostLine[];
  cost: number;
  edge: string;
  objects: Option[];
  adhoc: boolean;
  adhocName: string;
  adhocHits: number;
  adhocShield: string;
  terms: { label: string; value: string }[];
  error?: string;
  values: DefenseDialogValues;
}

export function defenseDialogView(input: DefenseDialogInput): DefenseDialogView {
  const localize = input.localize ?? english;
  const rules = input.rules ?? STANDARD_RULES;
  const parryGear = input.gear.filter((g) => g.parry.hits > 0);
  const firstWeapon = input.mode === "parry" ? (parryGear[0]?.id ?? "") : (input.gear[0]?.id ?? "");
  const values: DefenseDialogValues = {
    totalKey: "",
    modifier: 0,
    weaponId: input.gear[0]?.id ?? "",
    counts: {},
    object: parryGear[0]?.id ?? (input.mode === "parry" ? "adhoc" : ""),
    adhocName: "",
    adhocHits: 1,
    adhocShield: "0",
    ...input.values,
  };
  if (!values.totalKey || !input.totals.some((t) => t.key === values.totalKey)) {
    values.totalKey = defaultDefenseTotal(input.mode, input.totals, input.mode === "counter" ? values.weaponId : firstWeapon);
  }
  const isCounter = input.mode === "counter";
  const isParry = input.mode === "parry";
  const weapon = input.gear.find((g) => g.id === values.weaponId);
  const priced = isCounter && weapon ? costs(weapon.edge, addedLetters(values.counts, rules), rules, localize) : { lines: [], total: 0, edge: weapon?.edge ?? "" };
  const total = input.totals.find((t) => t.key === values.totalKey);
  const titleKey = input.mode === "counterAgain" ? "CYCHOSYS.Dialog.counterAgainTitle" : "CYCHOSYS.Dialog.defenseTitle";
  const view: DefenseDialogView = {
    mode: input.mode,
    title: localize(titleKey, {
      actor: input.actorName,
      form: input.mode === "counterAgain" ? "" : localize(`CYCHOSYS.DefenseForm.${input.mode}`),
    }),
    intro: localize("CYCHOSYS.Dialog.defenseIntro", { attacker: input.attackerName, total: input.attackTotal }),
    totals: totalOptions(input.totals, values.totalKey),
    modifier: values.modifier,
    isCounter,
    isParry,
    weapons: input.gear.map((g) => ({ value: g.id, label: `${g.name} (${g.edge})`, selected: g.id === values.weaponId })),
    effects: isCounter ? effectRows(rules, values.counts) : [],
    costLines: priced.lines,
    cost: priced.total,
    edge: isCounter ? priced.edge : "",
    objects: [
      ...parryGear.map((g) => ({
        value: g.id,
        label: localize("CYCHOSYS.Dialog.parryWith", { name: g.name, hits: g.parry.hits, shield: g.parry.shield }),
        selected: values.object === g.id,
      })),
      { value: "adhoc", label: localize("CYCHOSYS.Dialog.adhocObject"), selected: values.object === "adhoc" },
      { value: "", label: localize("CYCHOSYS.Dialog.noObject"), selected: values.object === "" },
    ],
    adhoc: isParry && values.object === "adhoc",
    adhocName: values.adhocName,
    adhocHits: values.adhocHits,
    adhocShield: values.adhocShield,
    terms: termsOf(total, values.modifier, priced.total, localize),
    values,
  };
  if (input.costsAction && input.mode !== "counterAgain") view.actionNote = localize("CYCHOSYS.Dialog.costsAction");
  if (input.mode === "counterAgain" || isCounter) {
    view.handicapNote = localize("CYCHOSYS.Dialog.handicap", { handicap: counterHandicap(input.counterNumber ?? 1, rules.effects) });
  }
  if ("error" in priced && priced.error) view.error = priced.error;
  if (isParry && values.object === "adhoc") {
    try {
      parseBundle(values.adhocShield || "0", rules.effects);
      if (!values.adhocName.trim() || values.adhocHits < 1) view.error = localize("CYCHOSYS.Flow.badObject");
    } catch (error) {
      view.error = localized(error, localize);
    }
  }
  return view;
}

export function readDefenseForm(values: FormValues, rules: Rules = STANDARD_RULES): DefenseDialogValues {
  return {
    totalKey: one(values, "totalKey"),
    modifier: int(one(values, "modifier")),
    weaponId: one(values, "weaponId"),
    counts: readCounts(values, rules),
    object: one(values, "object"),
    adhocName: one(values, "adhocName"),
    adhocHits: int(one(values, "adhocHits"), 0),
    adhocShield: one(values, "adhocShield") || "0",
  };
}
