/**
 * View models of the attack workflow's dialogs — attack, defense, apply
 * injury — as plain data for templates/dialog/*.hbs. Pure: every figure comes
 * from the rules core (`effectCosts` R19, `actionTotal` terms) or the
 * workflow (`previewInjury`, `contestFor`, `explainAttack`); the Foundry
 * wrappers (./index.ts) and the preview harness render them.
 */
import type { ActionTotalView } from "../data/derive/combatant.js";
import {
  counterHandicap,
  english,
  type ExplainLine,
  explainAttack,
  effectCosts,
  type Facet,
  FACETS,
  type FacetValues,
  formatBundle,
  formatFacets,
  injuryFrom,
  type Localize,
  parseBundle,
  piercingCandidates,
  reductionOptions,
  type Rules,
  RulesError,
  STANDARD_RULES,
  type StrikeResolution,
} from "../rules/index.js";
import { withAdded } from "../workflow/requests.js";
import { type AttackFlow, contestFor, type InjuryChoices, previewInjury, type StruckState } from "../workflow/attack-flow.js";
import { FlowError } from "../workflow/errors.js";

export const ATTACK_DIALOG_TEMPLATE = "systems/cychosys/templates/dialog/attack.hbs";
export const DEFENSE_DIALOG_TEMPLATE = "systems/cychosys/templates/dialog/defense.hbs";
export const APPLY_DIALOG_TEMPLATE = "systems/cychosys/templates/dialog/apply.hbs";

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

const one = (values: FormValues, name: string): string => {
  const v = values[name];
  return Array.isArray(v) ? (v[0] ?? "") : (v ?? "");
};
const all = (values: FormValues, name: string): string[] => {
  const v = values[name];
  return v === undefined ? [] : Array.isArray(v) ? v : [v];
};
const int = (text: string, fallback = 0): number => {
  const n = Number(text);
  return text.trim() !== "" && Number.isInteger(n) ? n : fallback;
};

const localized = (error: unknown, localize: Localize): string => {
  if (error instanceof RulesError || error instanceof FlowError) return localize(error.i18nKey, error.params);
  throw error;
};

/** A derived total's name: the gear, the skill and finesse (R13). */
export function totalLabel(total: ActionTotalView): string {
  const skill = total.finesseName ? `${total.skillName} (${total.finesseName})` : total.skillName;
  return total.gearName ? `${total.gearName} — ${skill}` : skill;
}

function totalOptions(totals: readonly ActionTotalView[], selected: string): Option[] {
  return totals.map((t) => ({ value: t.key, label: `${totalLabel(t)}: ${t.formula}`, selected: t.key === selected }));
}

/** The effects of the table, each with how many to add (R19). */
function effectRows(rules: Rules, counts: Record<string, number>): EffectRow[] {
  return rules.effects.effects.map((e) => ({ letter: e.letter, name: e.name, power: e.power, count: counts[e.letter] ?? 0, field: `add.${e.letter}` }));
}

/** Letters added, in table order, each as many times as counted. */
export function addedLetters(counts: Record<string, number>, rules: Rules = STANDARD_RULES): string[] {
  const out: string[] = [];
  for (const e of rules.effects.effects) for (let i = 0; i < Math.max(0, Math.min(9, counts[e.letter] ?? 0)); i++) out.push(e.letter);
  return out;
}

function readCounts(values: FormValues, rules: Rules): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const e of rules.effects.effects) {
    const n = int(one(values, `add.${e.letter}`));
    if (n > 0) counts[e.letter] = Math.min(9, n);
  }
  return counts;
}

/** R19: each added effect's cost line, and the total. */
function costs(edge: string, added: readonly string[], rules: Rules, localize: Localize): { lines: CostLine[]; total: number; edge: string; error?: string } {
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
function termsOf(total: ActionTotalView | undefined, modifier: number, cost: number, localize: Localize): { label: string; value: string }[] {
  if (!total) return [];
  const terms = [
    { label: localize("CYCHOSYS.Dialog.rolled"), value: total.formula },
  ];
  if (modifier) terms.push({ label: localize("CYCHOSYS.Term.modifier"), value: modifier > 0 ? `+${modifier}` : `−${-modifier}` });
  if (cost) terms.push({ label: localize("CYCHOSYS.Term.effects"), value: `−${cost}` });
  return terms;
}

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

export interface DefenseGear {
  id: string;
  name: string;
  edge: string;
  parry: { hits: number; shield: string };
}

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

function defaultDefenseTotal(mode: DefenseDialogInput["mode"], totals: readonly ActionTotalView[], weaponId: string): string {
  const bySkill = totals.find((t) => !t.gearId && !t.finesseName && t.skillName.trim().toLowerCase() === mode);
  if (bySkill) return bySkill.key;
  if (weaponId) {
    const gear = totals.find((t) => t.key === `gear:${weaponId}`);
    if (gear) return gear.key;
  }
  return totals[0]?.key ?? "";
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

// ---------------------------------------------------------------------------
// Apply injury.

export interface ApplyDialogInput {
  flow: AttackFlow;
  index: number;
  struckName: string;
  state: StruckState;
  choices?: InjuryChoices;
  localize?: Localize;
  rules?: Rules;
}

export interface ApplyDialogView {
  title: string;
  intro: string;
  asterisks: number;
  piercing: { letter: string; name: string; field: string; value: string; checked: boolean }[];
  piercingHint: string;
  reductions: { letter: string; name: string; cost: string; value: string; checked: boolean; disabled: boolean; reason?: string }[];
  hits: number;
  distribution: { facet: Facet; label: string; value: number; pool: number }[];
  distributionHint: string;
  distributeEdited: boolean;
  nonLethal: Option[];
  pools: { facet: Facet; label: string; hitBefore: number; hitAfter: number; fatigueBefore: number; fatigueAfter: number }[];
  taken: string;
  explain: ExplainLine[];
  error?: string;
  canApply: boolean;
}

/** R28, R32, R33, R36: the apply dialog for these choices, every figure previewed by the workflow. */
export function applyDialogView(input: ApplyDialogInput): ApplyDialogView {
  const localize = input.localize ?? english;
  const rules = input.rules ?? STANDARD_RULES;
  const { flow, index, state } = input;
  const choices = input.choices ?? {};
  const target = flow.targets[index]!;
  let strike: StrikeResolution | undefined;
  let error: string | undefined;
  try {
    strike = previewInjury(flow, index, state, choices, rules);
  } catch (e) {
    error = localized(e, localize);
  }
  // The defaults always resolve: the form shows them when the choices do not.
  const shown = strike ?? previewInjury(flow, index, state, { ...(choices.nonLethal !== undefined && { nonLethal: choices.nonLethal }) }, rules);
  const verdict = target.verdict;
  const edge = verdict?.edge ? parseBundle(verdict.edge, rules.effects) : undefined;
  const candidates = shown && edge ? piercingCandidates(injuryFrom(edge, shown.result.impact), rules.effects) : [];
  const pierced = [...(choices.piercing ?? shown?.piercing.pierced ?? [])];
  const nameOf = (letter: string) => rules.effects.effects.find((e) => e.letter === letter)?.name ?? letter;
  const piercing = candidates.map((letter, i) => {
    const at = pierced.indexOf(letter);
    if (at >= 0) pierced.splice(at, 1);
    return { letter, name: nameOf(letter), field: "piercing", value: `${letter}:${i}`, checked: at >= 0 };
  });
  const nonLethal = choices.nonLethal === undefined ? flow.attack.nonLethal : choices.nonLethal || undefined;
  const paying = shown?.pools ? (nonLethal ? state.pools.fatigue : state.pools.hit) : undefined;
  const chosenReduce = [...(choices.reduce ?? [])];
  const reductions = shown
    ? reductionOptions(shown.soak.injury, paying, rules.effects).map((o, i) => {
        const at = chosenReduce.indexOf(o.letter);
        if (at >= 0 && !o.piercing) chosenReduce.splice(at, 1);
        return {
          letter: o.letter + (o.piercing ? "*" : ""),
          name: nameOf(o.letter),
          cost: o.cost ? formatFacets(o.cost) : "—",
          value: `${o.letter}:${i}`,
          checked: at >= 0 && !o.piercing,
          disabled: !!o.blockedBy,
          ...(o.blockedBy && { reason: localize(`CYCHOSYS.Dialog.blocked.${o.blockedBy}`) }),
        };
      })
    : [];
  const dist = shown?.distribution?.distribution;
  const distribution = FACETS.map((f) => ({
    facet: f,
    label: localize(`CYCHOSYS.Facet.${f}`),
    value: choices.distribute?.[f] ?? dist?.[f] ?? 0,
    pool: (nonLethal ? state.pools.fatigue : state.pools.hit)[f],
  }));
  const after = (strike ?? shown)?.pools;
  const resolution = strike && contestFor(flow, index, rules);
  return {
    title: localize("CYCHOSYS.Dialog.applyTitle", { name: input.struckName }),
    intro: localize("CYCHOSYS.Dialog.applyIntro", { name: input.struckName }),
    asterisks: shown?.result.impact.asterisks ?? 0,
    piercing,
    piercingHint: localize("CYCHOSYS.Dialog.piercingHint", { count: Math.min(shown?.result.impact.asterisks ?? 0, candidates.length) }),
    reductions,
    hits: shown?.hits ?? 0,
    distribution,
    distributeEdited: choices.distribute !== undefined,
    distributionHint: localize(nonLethal ? "CYCHOSYS.Dialog.distributeFatigue" : "CYCHOSYS.Dialog.distributeHint", { hits: shown?.hits ?? 0 }),
    nonLethal: [
      { value: "", label: localize("CYCHOSYS.Dialog.lethal"), selected: !nonLethal },
      ...FACETS.map((f) => ({ value: f, label: localize("CYCHOSYS.Card.nonLethal", { facet: localize(`CYCHOSYS.Facet.${f}`) }), selected: nonLethal === f })),
    ],
    pools: FACETS.map((f) => ({
      facet: f,
      label: localize(`CYCHOSYS.Facet.${f}`),
      hitBefore: state.pools.hit[f],
      hitAfter: after?.hit[f] ?? state.pools.hit[f],
      fatigueBefore: state.pools.fatigue[f],
      fatigueAfter: after?.fatigue[f] ?? state.pools.fatigue[f],
    })),
    taken: (strike ?? shown)?.taken.length ? formatBundle({ effects: (strike ?? shown)!.taken, hits: 0 }, rules.effects).replace(/0$/, "") : localize("CYCHOSYS.Dialog.noConditions"),
    explain:
      strike && resolution
        ? explainAttack({ contest: resolution, struck: target.verdict!.struck as "attacker" | "defender", strike }, {
            attacker: flow.attacker.name,
            defender: target.target.name,
            ...(target.defense?.form === "parry" && target.defense.object && { object: target.defense.object.name }),
          }, localize, rules)
        : [],
    ...(error && { error }),
    canApply: !!strike,
  };
}

/** The choices a submitted apply form makes (R28, R32, R33, R36). */
export function readApplyForm(values: FormValues): InjuryChoices {
  const letters = (name: string) => all(values, name).map((v) => v.split(":")[0]!).filter(Boolean);
  const nonLethal = one(values, "nonLethal");
  const choices: InjuryChoices = {
    piercing: letters("piercing"),
    reduce: letters("reduce"),
    nonLethal: (FACETS as readonly string[]).includes(nonLethal) ? (nonLethal as Facet) : false,
  };
  if (one(values, "distributeEdited") === "1" && FACETS.every((f) => one(values, `distribute.${f}`) !== "")) {
    choices.distribute = Object.fromEntries(FACETS.map((f) => [f, int(one(values, `distribute.${f}`))])) as unknown as FacetValues;
  }
  return choices;
}
