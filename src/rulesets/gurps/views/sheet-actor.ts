/**
 * The GURPS character sheet's contents (pure, no Foundry). Inputs show what
 * is stored (`source`: before ActiveEffects, so an advantage's effect is
 * never saved into the base score); every figure shown beside them is the
 * derive's (`system.derived`, G1–G81 through the core). Labels are
 * `lang/en.json` keys the templates localize, or text already in words.
 */
import type { Localize } from "../../../core/messages.js";
import { GURPS_STANDARD_RULES, type GurpsFighterRound, type GurpsRules, formatDamage, parseDamage } from "../rules/index.js";
import type { GurpsDerived, GurpsProblem } from "../data/derived.js";
import { GURPS_ROLL_ATTRIBUTES } from "../data/rollables.js";
import { conditionName, gurpsConditions, GURPS_CONDITION_ICONS, GURPS_CONDITION_RULES } from "../data/status.js";
import { bySort, DASH, num, rec, str } from "../../../core/views/sheet.js";
import { signed } from "../../../core/views/text.js";
import { type GurpsSheetItem, gurpsTabsView } from "./sheet-parts.js";
export type { GurpsSheetItem } from "./sheet-parts.js";
import { combatView } from "./sheet-combat.js";
import { effectRows, type GurpsSheetEffect } from "./sheet-effects.js";

export interface GurpsActorSheetInput {
  name: string;
  img: string;
  /** The stored `system` (before ActiveEffects): what the inputs show and save. */
  source: Record<string, unknown>;
  /** `system.derived`; undefined when nothing derived it. */
  derived: GurpsDerived | undefined;
  items: readonly GurpsSheetItem[];
  effects: readonly GurpsSheetEffect[];
  editable: boolean;
  enriched: { advantages: string; notes: string };
  /** His round in the started combat he fights in (read-only here), else null. */
  round: GurpsFighterRound | null;
  activeTab?: string;
  localize: Localize;
  rules?: Readonly<GurpsRules>;
}


/** The secondary characteristics the sheet edits (G1), each with its input kind and bounds (the schema's). */
const SECONDARY = [
  { id: "basicSpeed", kind: "decimal", step: 0.25, min: 0, max: 100 },
  { id: "basicMove", kind: "number", step: 1, min: 0, max: 999 },
  { id: "move", kind: "number", step: 1, min: 0, max: 999 },
  { id: "basicLift", kind: "decimal", step: 0.01, min: 0, max: 100_000 },
  { id: "sm", kind: "number", step: 1, min: -15, max: 15 },
  { id: "naturalDr", kind: "number", step: 1, min: 0, max: 9999 },
] as const;

/** Where a problem the derive listed is, in words: a field of the sheet, or one of the actor's items by name. */
function problemLine(problem: GurpsProblem, names: ReadonlyMap<string, string>, localize: Localize): string {
  const item = /^item:([^.]+)\.(.+)$/.exec(problem.where);
  const place = item
    ? localize("CYCHOSYS.Gurps.Sheet.ProblemItem", { name: names.get(item[1]!) ?? item[1]!, field: item[2]! })
    : localize("CYCHOSYS.Gurps.Sheet.ProblemField", { field: localize(`CYCHOSYS.Gurps.Sheet.Field.${problem.where.replace(/\./g, "_")}`) });
  return localize("CYCHOSYS.Gurps.Sheet.Problem", { place, value: problem.value, message: localize(problem.i18nKey, { ...problem.params }) });
}

/** Every problem in words, the items named through one map of their ids. */
function problemLines(problems: readonly GurpsProblem[], items: readonly GurpsSheetItem[], localize: Localize): string[] {
  if (!problems.length) return [];
  const names = new Map(items.map((i) => [i.id, i.name] as const));
  return problems.map((p) => problemLine(p, names, localize));
}

function attributeRows(input: GurpsActorSheetInput) {
  const d = input.derived;
  const stored = rec(input.source.attributes);
  return GURPS_ROLL_ATTRIBUTES.map((id) => {
    const top = id === "will" || id === "per";
    const source = num(top ? input.source[id] : stored[id], 10);
    const value = d ? (id === "will" ? d.will : id === "per" ? d.per : d.attributes[id]) : source;
    return { id, label: `CYCHOSYS.Gurps.Sheet.Attribute.${id}`, path: top ? `system.${id}` : `system.attributes.${id}`, source, value, changed: value !== source, rollKey: `attribute:${id}` };
  });
}

function secondaryRows(input: GurpsActorSheetInput) {
  const d = input.derived;
  const rows = SECONDARY.map((f) => {
    const source = num(input.source[f.id]);
    const value = d ? num((d as unknown as Record<string, unknown>)[f.id], source) : source;
    return { ...f, label: `CYCHOSYS.Gurps.Sheet.Field.${f.id}`, hint: `CYCHOSYS.Gurps.Sheet.Hint.${f.id}`, path: `system.${f.id}`, source, value, changed: value !== source, decimal: f.kind === "decimal" };
  });
  const damage = rec(input.source.damage);
  const notation = (["thrust", "swing"] as const).map((id) => ({
    id, label: `CYCHOSYS.Gurps.Sheet.Field.damage_${id}`, path: `system.damage.${id}`, source: str(damage[id]), value: d ? d[id] : str(damage[id]),
  }));
  return { numbers: rows, damage: notation };
}

/** G61, G80: what the derive says of speed and movement now, and the Dodge roll (the header's; the parries are the Combat tab's). */
function figures(input: GurpsActorSheetInput) {
  const d = input.derived;
  if (!d) return null;
  return {
    dodge: { level: d.dodge, rollKey: "dodge" },
    speedNow: d.speedNow,
    moveNow: d.moveNow,
    step: d.step,
    reeling: d.reeling,
  };
}

function skillRows(input: GurpsActorSheetInput) {
  const views = new Map((input.derived?.skills ?? []).map((s) => [s.id, s] as const));
  return input.items
    .filter((i) => i.type === "gurpsSkill")
    .sort(bySort)
    .map((item) => {
      const view = views.get(item.id);
      const base = str(item.system.base) || "dx";
      const relative = num(item.system.relativeLevel);
      const unarmed = str(item.system.unarmed);
      return {
        id: item.id, name: item.name, img: item.img,
        relative: `${input.localize(`CYCHOSYS.Gurps.Sheet.Base.${base}`)}${signed(relative, "")}`,
        level: view ? view.level : DASH, rollKey: view ? `skill:${item.id}` : null,
        tags: [...(unarmed && unarmed !== "none" ? [`CYCHOSYS.Gurps.UnarmedSkill.${unarmed}`] : []), ...(item.system.fencing === true ? ["CYCHOSYS.Gurps.Sheet.Fencing"] : [])],
      };
    });
}

/** The conditions in force (the token's status effects say the same, data/status.ts). */
function conditionBadges(input: GurpsActorSheetInput) {
  const d = input.derived;
  if (!d) return [];
  const format = (key: string, params?: Record<string, string | number>) => input.localize(key, params ?? {});
  return gurpsConditions({ hp: d.hp, reeling: d.reeling, round: input.round }, input.rules ?? GURPS_STANDARD_RULES).map((c) => ({
    id: c.id, label: conditionName(c, format), img: GURPS_CONDITION_ICONS[c.id], hint: input.localize(`CYCHOSYS.Gurps.Status.Hint.${c.id}`, { rule: GURPS_CONDITION_RULES[c.id] }),
  }));
}

const TRAITS = ["ambidexterity", "trainedByAMaster", "weaponMaster", "perfectBalance", "constrictionAttack", "diffuse", "flightOrSuperJump", "enhancedMove"] as const;
const INJURY_TOLERANCE = ["none", "unliving", "homogenous"] as const;

function traitsView(input: GurpsActorSheetInput) {
  const stored = rec(input.source.traits);
  const now = input.derived?.traits;
  const tolerance = str(stored.injuryTolerance) || "none";
  return {
    flags: TRAITS.map((id) => ({
      id, label: `CYCHOSYS.Gurps.Sheet.Trait.${id}`, hint: `CYCHOSYS.Gurps.Sheet.TraitHint.${id}`, path: `system.traits.${id}`, checked: stored[id] === true,
      // An ActiveEffect may switch a trait on or off (G1): the sheet says so beside the stored box.
      byEffect: now ? now[id] !== (stored[id] === true) : false, now: now ? now[id] : stored[id] === true,
    })),
    injuryTolerance: {
      path: "system.traits.injuryTolerance",
      options: INJURY_TOLERANCE.map((value) => ({ value, label: `CYCHOSYS.Gurps.Sheet.InjuryTolerance.${value}`, selected: value === tolerance })),
      byEffect: now ? now.injuryTolerance !== tolerance : false,
      now: now ? `CYCHOSYS.Gurps.Sheet.InjuryTolerance.${now.injuryTolerance}` : null,
    },
  };
}

/**
 * The HP track under the header's figures (docs/style.md: tracks are drawn as
 * tracks): how full, and its tone — fine, reeling below a third (G80), at 0 or
 * below (G81).
 */
function hpTrack(value: number, max: number, reeling: boolean): { fill: number; tone: "good" | "wound" | "hit" } {
  const fill = max > 0 ? Math.round(Math.min(100, Math.max(0, (value / max) * 100))) : 0;
  return { fill, tone: value <= 0 ? "hit" : reeling ? "wound" : "good" };
}

/** The whole character sheet's context. */
export function gurpsActorSheetView(input: GurpsActorSheetInput) {
  const d = input.derived;
  const hp = rec(input.source.hp);
  const fp = rec(input.source.fp);
  const encumbrance = num(input.source.encumbrance);
  return {
    gurps: true,
    name: input.name,
    img: input.img,
    editable: input.editable,
    hp: { value: num(hp.value, 10), max: num(hp.max, 10), min: -99_990, track: hpTrack(num(hp.value, 10), num(hp.max, 10), d?.reeling ?? false) },
    fp: { value: num(fp.value, 10), max: num(fp.max, 10), min: -9999 },
    conditions: conditionBadges(input),
    problems: problemLines(d?.problems ?? [], input.items, input.localize),
    underived: !d,
    attributes: attributeRows(input),
    secondary: secondaryRows(input),
    encumbrance: {
      path: "system.encumbrance",
      options: [0, 1, 2, 3, 4].map((value) => ({ value, label: `CYCHOSYS.Gurps.Sheet.Encumbrance.${value}`, selected: value === encumbrance })),
    },
    figures: figures(input),
    skills: skillRows(input),
    combat: combatView(input),
    traits: traitsView(input),
    effects: effectRows(input.effects, input.localize),
    advantages: { label: "CYCHOSYS.Gurps.Sheet.Advantages", path: "system.advantages", raw: str(input.source.advantages), enriched: input.enriched.advantages },
    notes: { label: "CYCHOSYS.Gurps.Sheet.Notes", path: "system.notes", raw: str(input.source.notes), enriched: input.enriched.notes },
    tabs: gurpsTabsView(input.activeTab ?? "attributes"),
  };
}
export type GurpsActorSheetView = ReturnType<typeof gurpsActorSheetView>;

/** The damage of a line as the sheet prints it (`1d+2 cut`, `sw+1` when the derive did not resolve it). */
export function damageText(damage: string): string {
  try {
    return formatDamage(parseDamage(damage));
  } catch {
    return damage || DASH;
  }
}
