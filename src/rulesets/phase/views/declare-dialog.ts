/**
 * The declare and free-action dialogs (templates/phase/dialog/declare.hbs):
 * only the choices the rules allow the combatant now — the catalogue's
 * actions (P8) with each weapon that fits, drawn or not, loaded enough
 * (P15, P22–P25, P39); Aim only on the Targeting it holds (P16); an area
 * to call where a call is possible (P13, P18; a shot without its Targeting
 * is wild and calls nothing, P14); as free actions the catalogue's free
 * entries and what a skill it has makes free (P7: fastdraw). The GM's
 * client checks every declaration again with the core. Pure.
 */
import type { Localize } from "../../../core/messages.js";
import { english } from "../../../core/messages.js";
import { type ActionSpec, PHASE_STANDARD_RULES, type PhaseRules } from "../rules/options.js";
import { roundsNeeded, weaponFits } from "../rules/slots.js";
import type { CombatantPhase, Fighter } from "../rules/state.js";
import { AREAS, type Area } from "../rules/types.js";
import type { OddsLineView } from "../../../core/views/odds.js";
import { type DeclareOddsContext, declareOddsLines, incomingOdds, type IncomingOddsView } from "./declare-odds.js";

export const PHASE_DECLARE_TEMPLATE = "systems/cychosys/templates/phase/dialog/declare.hbs";

/** What a choice asks for besides itself. */
export interface DeclareChoice {
  /** `action` or `action:weapon`. */
  value: string;
  action: string;
  weapon: string | null;
  label: string;
  /** P13/P25: it names a target; `fixedTarget` when only one is possible (Aim, P16). */
  target: boolean;
  fixedTarget: string | null;
  /** P13/P18: an area may be called: always, or only at the target the combatant holds Targeting on. */
  area: "none" | "any" | "targeting";
  /** P25: the distance to the target counts (melee reach). */
  distance: boolean;
  /** P24: the tokens under the template. */
  targets: boolean;
  /** A few words (an "other" action, a spoken free action). */
  text: boolean;
  /** P7/P33: a check makes it free (the d10 is rolled when it is taken). */
  check: string | null;
  /** The choice the dialog opens on. */
  selected?: boolean;
}

/** Which of the dialog's fields the choice it opens on asks for (the dialog shows the others' as the choice changes). */
export interface DeclareFieldsShown {
  target: boolean;
  area: boolean;
  distance: boolean;
  targets: boolean;
  text: boolean;
  areatargeting: boolean;
}

export interface DeclareDialogView {
  name: string;
  free: boolean;
  /** P26: the attacks due on this combatant at the end of this phase, each answer's odds (the defense panel); empty when none or odds are off. */
  incoming: IncomingOddsView[];
  /** The chosen attack's odds (redrawn as the choice, the target and the area change); null when odds are off. */
  odds: { lines: OddsLineView[]; note: string } | null;
  choices: DeclareChoice[];
  others: { id: string; name: string }[];
  areas: { value: Area; label: string }[];
  /** Who the combatant holds Targeting on (for the area's "only at your Targeting" note). */
  targeting: string | null;
  empty: string | null;
  shown: DeclareFieldsShown;
}

const USES_WEAPON = new Set(["draw", "holster", "shoot", "melee", "suppress"]);
const TAKES_TARGET = new Set(["targeting", "aim", "shoot", "melee"]);

function choiceOf(key: string, spec: ActionSpec, weapon: { id: string; name: string } | null, me: Pick<CombatantPhase, "targeting">, localize: Localize): DeclareChoice {
  const actionLabel = localize(`CYCHOSYS.Phase.Action.${key}`);
  const name = actionLabel.startsWith("CYCHOSYS.") ? key : actionLabel;
  const length = localize(`CYCHOSYS.Phase.Length.${spec.length}`);
  const area: DeclareChoice["area"] = spec.kind === "targeting" || spec.kind === "melee" || (spec.kind === "shoot" && spec.targetingPart) ? "any" : spec.kind === "shoot" ? "targeting" : "none";
  return {
    value: weapon ? `${key}:${weapon.id}` : key,
    action: key,
    weapon: weapon?.id ?? null,
    label: localize("CYCHOSYS.Phase.Dialog.choice", { action: name, weapon: weapon ? localize("CYCHOSYS.Phase.Sequence.withWeapon", { weapon: weapon.name }) : "", length }),
    target: TAKES_TARGET.has(spec.kind),
    fixedTarget: spec.kind === "aim" ? (me.targeting?.target ?? null) : null,
    area,
    distance: spec.kind === "melee",
    targets: spec.kind === "suppress",
    text: spec.kind === "other" || spec.kind === "speak",
    check: null,
  };
}

/** P6/P8: the actions the combatant may declare in its slot now, with what each needs. */
export function declareChoices(f: Fighter, me: Pick<CombatantPhase, "targeting">, rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES, localize: Localize = english): DeclareChoice[] {
  const out: DeclareChoice[] = [];
  for (const [key, spec] of Object.entries(rules.actions)) {
    if (spec.length === "free") continue;
    if (spec.kind === "aim" && !me.targeting) continue;
    if (!USES_WEAPON.has(spec.kind) && spec.requires === "none") {
      out.push(choiceOf(key, spec, null, me, localize));
      continue;
    }
    for (const w of Object.values(f.weapons)) {
      if (spec.kind === "draw" ? w.ready : !w.ready) continue;
      if (!weaponFits(spec, w) || w.ammo < roundsNeeded(spec, w)) continue;
      out.push(choiceOf(key, spec, w, me, localize));
    }
  }
  return out;
}

/** P7: the free actions the combatant may take: a free catalogue entry, or an action a skill it has makes free. */
export function freeChoices(f: Fighter, me: Pick<CombatantPhase, "targeting">, rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES, localize: Localize = english): DeclareChoice[] {
  const out: DeclareChoice[] = [];
  for (const [key, spec] of Object.entries(rules.actions)) {
    if (spec.length === "free") {
      out.push({ ...choiceOf(key, spec, null, me, localize), target: false, area: "none", distance: false, targets: false, text: true });
      continue;
    }
    const skill = spec.freeWith;
    if (!skill || !Object.hasOwn(f.skills, skill.skill)) continue;
    // Only what takes no target: a free action takes effect at once and names no one (P7).
    if (TAKES_TARGET.has(spec.kind) || spec.kind === "suppress") continue;
    const check = localize("CYCHOSYS.Phase.Dialog.check", { skill: skill.skill, tn: skill.tn ?? rules.standardTN });
    if (!USES_WEAPON.has(spec.kind) && spec.requires === "none") {
      out.push({ ...choiceOf(key, spec, null, me, localize), check });
      continue;
    }
    for (const w of Object.values(f.weapons)) {
      if (spec.kind === "draw" ? w.ready : !w.ready) continue;
      if (!weaponFits(spec, w)) continue;
      out.push({ ...choiceOf(key, spec, w, me, localize), check });
    }
  }
  return out;
}

export function declareDialogView(
  name: string,
  f: Fighter,
  me: Pick<CombatantPhase, "id" | "targeting">,
  others: readonly { id: string; name: string }[],
  free: boolean,
  rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES,
  localize: Localize = english,
  odds: DeclareOddsContext | null = null,
): DeclareDialogView {
  const listed = free ? freeChoices(f, me, rules, localize) : declareChoices(f, me, rules, localize);
  // With Targeting held (P13), the dialog opens on the first shot at that target; else on the first choice.
  const shot = me.targeting ? listed.findIndex((c) => c.weapon && rules.actions[c.action]?.kind === "shoot") : -1;
  const opening = Math.max(0, shot);
  const choices = listed.map((c, i) => (i === opening ? { ...c, selected: true } : c));
  const first = others.find((o) => o.id !== me.id);
  const initialTarget = me.targeting?.target ?? first?.id ?? null;
  return {
    name, free, choices,
    incoming: odds && !free ? incomingOdds(odds, rules, localize) : [],
    // The odds of the choice it opens on (the dialog redraws them on each change).
    odds: odds && !free ? { lines: declareOddsLines(odds, choices[opening], initialTarget, null, rules, localize), note: localize("CYCHOSYS.Phase.Odds.linesNote") } : null,
    others: others.filter((o) => o.id !== me.id).map((o) => ({ ...o })),
    areas: AREAS.map((a) => ({ value: a, label: localize(`CYCHOSYS.Phase.Area.${a}`) })),
    targeting: me.targeting?.target ?? null,
    empty: choices.length ? null : localize(free ? "CYCHOSYS.Phase.Dialog.noFree" : "CYCHOSYS.Phase.Dialog.noActions"),
    shown: fieldsShown(choices[opening]),
  };
}

/** The fields a choice asks for (the same rule as the dialog's script, `data-needs`). */
export function fieldsShown(c: DeclareChoice | undefined): DeclareFieldsShown {
  return {
    target: !!c?.target && !c.fixedTarget,
    area: !!c && c.area !== "none",
    distance: !!c?.distance,
    targets: !!c?.targets,
    text: !!c?.text,
    areatargeting: c?.area === "targeting",
  };
}

/** A submitted declare dialog as the request's fields (strings from the form; the GM checks them all again). */
export interface DeclareFields {
  action: string;
  weapon?: string;
  target?: string;
  targets?: string[];
  area?: Area;
  distance?: number;
  label?: string;
}

export function readDeclareForm(values: Record<string, unknown>, choices: readonly DeclareChoice[]): DeclareFields | null {
  const choice = choices.find((c) => c.value === values.choice);
  if (!choice) return null;
  const out: DeclareFields = { action: choice.action };
  if (choice.weapon) out.weapon = choice.weapon;
  const target = choice.fixedTarget ?? (typeof values.target === "string" && values.target ? values.target : undefined);
  if (choice.target && target) out.target = target;
  if (choice.area !== "none" && typeof values.area === "string" && (AREAS as readonly string[]).includes(values.area)) out.area = values.area as Area;
  if (choice.distance && values.distance !== undefined && values.distance !== "") {
    const d = Number(values.distance);
    if (Number.isInteger(d) && d >= 0) out.distance = d;
  }
  if (choice.targets) out.targets = (Array.isArray(values.targets) ? values.targets : typeof values.targets === "string" ? [values.targets] : []).filter((t): t is string => typeof t === "string" && t.length > 0);
  if (choice.text && typeof values.label === "string" && values.label.trim()) out.label = values.label.trim().slice(0, 200);
  return out;
}
