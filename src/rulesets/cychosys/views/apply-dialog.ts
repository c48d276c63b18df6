/**
 * The apply-injury dialog's view model (R24–R33, R36 choices), for
 * templates/dialog/apply.hbs. Re-exported by dialogs.ts.
 */
import {
  english,
  type ExplainLine,
  explainAttack,
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
  STANDARD_RULES,
  type StrikeResolution,
} from "../rules/index.js";
import { type AttackFlow, contestFor, type InjuryChoices, previewInjury, type StruckState } from "../workflow/attack-flow.js";
import { all, type FormValues, int, localized, one, type Option } from "./dialog-parts.js";

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
