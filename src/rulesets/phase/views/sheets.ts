/**
 * The phase-based actor and item sheets' contents (pure, no Foundry): which
 * templates make up each sheet, the tabs, and the view models they render.
 * Every figure a rule computes comes from `system.derived` (derive.ts):
 * armor per area with the worn pieces (P28), the wound penalty and the
 * out-of-action states (P30, P36, P37), each weapon's check base and chance
 * against the attack TN (P17, P32) and the actions it can be declared with
 * now (P8, P39). The sheet only arranges it; what is typed goes to the
 * stored fields, which the data model validates.
 */
import type { Localize } from "../../../core/messages.js";
import { type PartSpec, tabsView, templatePath } from "../../../core/views/templates.js";
import { signed } from "../../../core/views/text.js";
import { actorTextView, bySort, descriptionView, itemSheetParts, num, rec, type SheetItem, str } from "../../../core/views/sheet.js";
import type { PhaseDerived, PhaseProblem } from "../data/derived.js";
import type { PhaseActorType, PhaseItemType } from "../data/schema.js";
import { PHASE_STANDARD_RULES, type PhaseRules } from "../rules/options.js";
import { AREAS, type Area, areaKind, WEAPON_KINDS } from "../rules/types.js";

export const PHASE_TEMPLATE_ROOT = templatePath("phase");
const t = (path: string) => `${PHASE_TEMPLATE_ROOT}/${path}`;

export const PHASE_CHARACTER_PARTS = {
  header: { template: t("actor/header.hbs") },
  tabs: { template: t("actor/tabs.hbs") },
  combat: { template: t("actor/combat.hbs"), scrollable: [""] },
  gear: { template: t("actor/gear.hbs"), scrollable: [""] },
  biography: { template: t("actor/biography.hbs"), scrollable: [""] },
} satisfies Record<string, PartSpec>;

export const PHASE_CREATURE_PARTS = {
  header: { template: t("actor/header.hbs") },
  sheet: { template: t("actor/creature.hbs"), scrollable: [""] },
} satisfies Record<string, PartSpec>;

export const phaseItemParts = (type: PhaseItemType): Record<string, PartSpec> => itemSheetParts(PHASE_TEMPLATE_ROOT, t(type === "phaseWeapon" ? "item/weapon.hbs" : "item/armor.hbs"));

export const PHASE_PARTIALS = [t("partials/wounds.hbs"), t("partials/body.hbs"), t("partials/stats.hbs"), t("partials/weapons.hbs"), t("partials/armor.hbs"), t("partials/text.hbs")] as const;

export const PHASE_CHARACTER_TABS = [
  { id: "combat", icon: "fa-solid fa-heart-pulse" },
  { id: "gear", icon: "fa-solid fa-crosshairs" },
  { id: "biography", icon: "fa-solid fa-book-open" },
] as const;

export const phaseTabsView = (active: string) => tabsView(PHASE_CHARACTER_TABS, active, "CYCHOSYS.Phase.Sheet.Tab");

export type PhaseSheetItem = SheetItem;

export interface PhaseActorSheetInput {
  type: PhaseActorType;
  name: string;
  img: string;
  system: Record<string, unknown>;
  derived: PhaseDerived | undefined;
  items: readonly PhaseSheetItem[];
  editable: boolean;
  enrichedText: string;
  activeTab?: string;
  localize: Localize;
  rules?: Readonly<PhaseRules>;
}

const areaLabel = (a: Area) => `CYCHOSYS.Phase.Area.${a}`;

/** A stored figure derive could not use as it stands, in words. */
function problemLine(p: PhaseProblem, names: ReadonlyMap<string, string>, localize: Localize): string {
  const item = /^item:([^.]+)\.(\w+)$/.exec(p.where);
  const place = item ? localize("CYCHOSYS.Phase.Sheet.ProblemItem", { name: names.get(item[1]!) ?? item[1]!, field: item[2]! }) : localize("CYCHOSYS.Phase.Sheet.ProblemField", { field: p.where });
  return localize("CYCHOSYS.Phase.Sheet.Problem", { place, message: localize(p.i18nKey, { ...p.params }) });
}

/** Every problem in words, the items named by one lookup (a sheet of 2,000 items is no search per problem). */
function problemLines(problems: readonly PhaseProblem[], items: readonly PhaseSheetItem[], localize: Localize): string[] {
  if (!problems.length) return [];
  const names = new Map<string, string>();
  for (const i of items) if (!names.has(i.id)) names.set(i.id, i.name);
  return problems.map((p) => problemLine(p, names, localize));
}

/** P4/P32: named attributes and skills as the form edits them (`system.skills.N.name`). */
function namedRows(list: unknown, path: string) {
  return (Array.isArray(list) ? list : []).map((entry, i) => {
    const e = rec(entry);
    return { index: i, name: str(e.name), value: num(e.value), namePath: `${path}.${i}.name`, valuePath: `${path}.${i}.value` };
  });
}

/** P20/P21/P28/P29: each area — natural armor, worn armor, the total, the trauma threshold, missing. */
function bodyRows(input: PhaseActorSheetInput) {
  const natural = rec(input.system.naturalArmor);
  const thresholds = rec(input.system.traumaThresholds);
  const missing = new Set(Array.isArray(input.system.missingAreas) ? (input.system.missingAreas as string[]) : []);
  const rules = input.rules ?? PHASE_STANDARD_RULES;
  return AREAS.map((area) => {
    const base = num(natural[area], rules.defaultArmor);
    const total = input.derived?.armor[area] ?? base;
    return {
      area, label: areaLabel(area), kind: areaKind(area),
      natural: base, naturalPath: `system.naturalArmor.${area}`,
      worn: total - base, total,
      threshold: num(thresholds[area], rules.defaultTraumaThresholds[areaKind(area)]), thresholdPath: `system.traumaThresholds.${area}`,
      calledModifier: rules.calledShotModifiers[areaKind(area)],
      missing: missing.has(area), missingName: `missing.${area}`,
    };
  });
}

function weaponRows(input: PhaseActorSheetInput) {
  const views = new Map((input.derived?.weapons ?? []).map((w) => [w.id, w] as const));
  const localize = input.localize;
  return input.items
    .filter((i) => i.type === "phaseWeapon")
    .sort(bySort)
    .map((item) => {
      const v = views.get(item.id);
      const ammo = rec(item.system.ammo);
      const tags = [
        v?.kind === "melee" ? localize("CYCHOSYS.Phase.Sheet.Kind.melee") : localize("CYCHOSYS.Phase.Sheet.Kind.ranged"),
        // Semi-auto and auto count for ranged weapons only (the core's weaponFits).
        v?.kind === "ranged" && v.semiAuto ? localize("CYCHOSYS.Phase.Sheet.SemiAuto") : "",
        v?.kind === "ranged" && v.auto ? localize("CYCHOSYS.Phase.Sheet.Auto") : "",
        v?.stun ? localize("CYCHOSYS.Phase.Sheet.Stun") : "",
        v?.alwaysTraumatic ? localize("CYCHOSYS.Phase.Sheet.AlwaysTraumatic") : "",
      ].filter(Boolean);
      return {
        id: item.id, name: item.name, img: item.img, tags: tags.join(" · "),
        skill: v ? `${v.skill} ${v.skillValue}` : str(item.system.skill),
        attribute: v ? `${v.attribute} ${v.attributeValue}` : str(item.system.attribute),
        checkBase: v?.checkBase ?? null,
        chance: v ? `${Math.round(v.chance * 100)}%` : "—",
        damage: str(item.system.damage),
        damageOk: v?.damageOk !== false,
        ranged: v?.kind !== "melee",
        ammo: num(ammo.value), ammoMax: num(ammo.max),
        ready: item.system.ready === true,
        actions: (v?.actions ?? []).map((key) => {
          const text = localize(`CYCHOSYS.Phase.Action.${key}`);
          return text.startsWith("CYCHOSYS.") ? key : text;
        }).join(", "),
      };
    });
}

function armorRows(input: PhaseActorSheetInput) {
  return input.items
    .filter((i) => i.type === "phaseArmor")
    .sort(bySort)
    .map((item) => {
      const areas = rec(item.system.areas);
      const covered = AREAS.filter((a) => num(areas[a]) > 0).map((a) => `${input.localize(areaLabel(a))} ${num(areas[a])}`);
      return { id: item.id, name: item.name, img: item.img, equipped: item.system.equipped !== false, covers: covered.join(", ") || "—" };
    });
}

/** A wound track's tone: the bar fills with what was taken — none, short of half-way, from half-way to the limit (P30). */
function trackTone(value: number, max: number): "good" | "shock" | "wound" {
  if (value <= 0) return "good";
  return value * 2 < max ? "shock" : "wound";
}

/** One wound track (docs/style.md: tracks drawn as tracks): how full, its tone, what a screen reader says. */
function track(value: number, max: number, meter: string, localize: Localize) {
  const limit = Math.max(1, max);
  return { value, max, percent: Math.round(Math.min(1, Math.max(0, value) / limit) * 100), tone: trackTone(value, limit), meterLabel: localize(meter, { value, max }) };
}

/** Traumatic wounds drawn as boxes up to their limit (a limit past a dozen as a bar). */
const MAX_PIPS = 12;

/** P28–P30, P36, P37: flesh and stun as tracks against the collapse limit, the traumatic wounds against theirs, the penalty, each wound, the states. */
function woundsView(input: PhaseActorSheetInput) {
  const w = input.derived?.wounds;
  const stored = Array.isArray(input.system.traumaticWounds) ? (input.system.traumaticWounds as unknown[]) : [];
  const localize = input.localize;
  const flesh = num(input.system.flesh);
  const stun = num(input.system.stun);
  const fleshMax = num(input.system.fleshMax, 20);
  const traumaLimit = num(input.system.traumaLimit, 3);
  const penalty = w?.penalty ?? 0;
  const trauma = track(stored.length, traumaLimit, "CYCHOSYS.Phase.Sheet.TraumaMeter", localize);
  // A box per wound up to the limit, and one for each the GM wrote past it.
  const boxes = Math.max(traumaLimit, stored.length);
  return {
    flesh, stun, fleshMax, traumaLimit,
    penalty, penaltyText: signed(penalty),
    tracks: {
      flesh: track(flesh, fleshMax, "CYCHOSYS.Phase.Sheet.FleshMeter", localize),
      stun: track(stun, fleshMax, "CYCHOSYS.Phase.Sheet.StunMeter", localize),
      trauma: { ...trauma, pips: boxes <= MAX_PIPS ? Array.from({ length: boxes }, (_, i) => ({ filled: i < stored.length })) : null },
    },
    states: (w?.states ?? []).map((s) => `CYCHOSYS.Phase.State.${s}`),
    traumas: stored.map((entry, i) => {
      const e = rec(entry);
      return { index: i, area: str(e.area), phase: num(e.phase), areaPath: `system.traumaticWounds.${i}.area`, phasePath: `system.traumaticWounds.${i}.phase`, areas: AREAS.map((a) => ({ value: a, label: areaLabel(a), selected: a === e.area })) };
    }),
    count: stored.length,
  };
}

/** The whole actor sheet's context (character or creature). */
export function phaseActorSheetView(input: PhaseActorSheetInput) {
  const d = input.derived;
  const character = input.type === "phaseCharacter";
  const rules = input.rules ?? PHASE_STANDARD_RULES;
  const charts = Object.keys(rules.locationCharts);
  const bodyType = str(input.system.bodyType) || "human";
  return {
    phase: true,
    name: input.name, img: input.img, editable: input.editable, character,
    typeLabel: `CYCHOSYS.Phase.Sheet.Type.${input.type}`,
    reflexes: num(input.system.reflexes),
    initiative: `${rules.initiativeDice}d${rules.initiativeFaces}${d && d.initiativeBonus >= 0 ? "+" : ""}${d?.initiativeBonus ?? ""}`,
    surpriseBase: d?.surpriseBase ?? null,
    attributes: namedRows(input.system.attributes, "system.attributes"),
    skills: namedRows(input.system.skills, "system.skills"),
    wounds: woundsView(input),
    body: bodyRows(input),
    bodyTypes: [...new Set([...charts, bodyType])].map((c) => ({ value: c, selected: c === bodyType })),
    chart: d?.chart ?? bodyType,
    weapons: weaponRows(input),
    armors: armorRows(input),
    problems: problemLines(d?.problems ?? [], input.items, input.localize),
    underived: !d,
    text: actorTextView(character, input.system, input.enrichedText, "CYCHOSYS.Phase.Sheet"),
    tabs: character ? phaseTabsView(input.activeTab ?? "combat") : null,
  };
}
export type PhaseActorSheetView = ReturnType<typeof phaseActorSheetView>;

export interface PhaseItemSheetInput {
  type: PhaseItemType;
  name: string;
  img: string;
  system: Record<string, unknown>;
  editable: boolean;
  enrichedDescription: string;
}

export function phaseItemSheetView(input: PhaseItemSheetInput) {
  const s = input.system;
  const areas = rec(s.areas);
  const ammo = rec(s.ammo);
  return {
    phase: true,
    name: input.name, img: input.img, type: input.type, typeLabel: `CYCHOSYS.Phase.Sheet.Type.${input.type}`, editable: input.editable,
    system: s,
    kinds: WEAPON_KINDS.map((k) => ({ value: k, label: `CYCHOSYS.Phase.Sheet.Kind.${k}`, selected: k === s.kind })),
    ammo: { value: num(ammo.value), max: num(ammo.max) },
    flags: (["semiAuto", "auto", "stun", "alwaysTraumatic", "ready"] as const).map((key) => ({ key, path: `system.${key}`, label: `CYCHOSYS.Phase.Sheet.${key[0]!.toUpperCase()}${key.slice(1)}`, checked: s[key] === true })),
    areas: AREAS.map((a) => ({ area: a, label: areaLabel(a), path: `system.areas.${a}`, value: num(areas[a]) })),
    description: descriptionView(s, input.enrichedDescription),
  };
}
export type PhaseItemSheetView = ReturnType<typeof phaseItemSheetView>;
