/**
 * The OpenD6 actor and item sheets' contents (pure, no Foundry): which
 * templates make up each sheet, the tabs, and the view models the templates
 * render. Every figure comes from `system.derived` (D6Derived, computed by
 * the derive); the sheet only arranges it. Labels are `lang/en.json` keys the
 * templates localize; figures are already text (`3D+2`).
 */
import type { Localize } from "../../../core/messages.js";
import { formatDieCode, type DieCode, woundPenaltyDice, woundStatus } from "../rules/index.js";
import { ATTACK_MODES, WOUND_LEVELS, type WoundLevel } from "../rules/types.js";
import type { D6Derived, D6Problem, D6SkillView } from "../data/derived.js";
import { D6_ATTRIBUTES, type D6ActorType, type D6Attribute, type D6ItemType } from "../data/schema.js";
import { type PartSpec, type TabView, tabsView, templatePath } from "../../../core/views/templates.js";
import { actorTextView, bySort, choices, DASH, descriptionView, itemSheetParts, num, type SheetItem, str } from "../../../core/views/sheet.js";
import { signed } from "../../../core/views/text.js";

export const D6_TEMPLATE_ROOT = templatePath("d6");
const t = (path: string) => `${D6_TEMPLATE_ROOT}/${path}`;

export const D6_CHARACTER_PARTS = {
  header: { template: t("actor/header.hbs") },
  tabs: { template: t("actor/tabs.hbs") },
  attributes: { template: t("actor/attributes.hbs"), scrollable: [""] },
  combat: { template: t("actor/combat.hbs"), scrollable: [""] },
  biography: { template: t("actor/biography.hbs"), scrollable: [""] },
} satisfies Record<string, PartSpec>;

export const D6_CREATURE_PARTS = {
  header: { template: t("actor/header.hbs") },
  sheet: { template: t("actor/creature.hbs"), scrollable: [""] },
} satisfies Record<string, PartSpec>;

const ITEM_BODIES: Readonly<Record<D6ItemType, string>> = {
  d6Skill: t("item/skill.hbs"),
  d6Weapon: t("item/weapon.hbs"),
  d6Armor: t("item/armor.hbs"),
};

/** An item sheet: the shared header, the type's fields, its description. */
export const d6ItemParts = (type: D6ItemType): Record<string, PartSpec> => itemSheetParts(D6_TEMPLATE_ROOT, ITEM_BODIES[type]);

/** Every partial the D6 templates include (loaded by path). */
export const D6_PARTIALS = [
  t("partials/fighter.hbs"),
  t("partials/attributes.hbs"),
  t("partials/weapons.hbs"),
  t("partials/armor.hbs"),
  t("partials/problems.hbs"),
  t("partials/text.hbs"),
] as const;

export const D6_CHARACTER_TABS = [
  { id: "attributes", icon: "fa-solid fa-dice" },
  { id: "combat", icon: "fa-solid fa-crosshairs" },
  { id: "biography", icon: "fa-solid fa-book-open" },
] as const;
export type D6TabId = (typeof D6_CHARACTER_TABS)[number]["id"];

export type D6TabView = TabView;

export const d6TabsView = (active: string): Record<string, D6TabView> => tabsView(D6_CHARACTER_TABS, active, "CYCHOSYS.D6.Sheet.Tab");

/** An owned item as the sheet receives it. */
export type D6SheetItem = SheetItem;

export interface D6ActorSheetInput {
  type: D6ActorType;
  name: string;
  img: string;
  system: Record<string, unknown>;
  /** `system.derived`; undefined when nothing derived it. */
  derived: D6Derived | undefined;
  items: readonly D6SheetItem[];
  editable: boolean;
  /** The biography (character) or notes (creature), enriched. */
  enrichedText: string;
  /** The current round in the started combat (D35: a Stunned result lasts a round), else 0. */
  round?: number;
  activeTab?: string;
  /** Puts the derive's problems into words (the host's translator). */
  localize: Localize;
}

export interface D6RollTarget {
  name: string;
  code: string;
  key: string;
}

export interface D6AttributeGroup extends D6RollTarget {
  id: D6Attribute;
  label: string;
  /** The stored text, edited in place. */
  path: string;
  source: string;
  skills: (D6RollTarget & { id: string })[];
}

export interface D6WoundOption {
  value: WoundLevel;
  label: string;
  penalty: number;
  selected: boolean;
}

export interface D6WeaponRow {
  id: string;
  name: string;
  img: string;
  skill: string;
  skillCode: string;
  mode: string;
  damage: string;
  /** D32: what a `+` code rolls, Strength Damage added. */
  damageRolled: string | null;
  ranges: string | null;
  usesPerRound: number;
  edged: boolean;
  aimable: boolean;
}

export interface D6ArmorRow {
  id: string;
  name: string;
  img: string;
  code: string;
  equipped: boolean;
}



const codeText = (code: DieCode | undefined): string => (code ? formatDieCode(code) : DASH);

/** Where an unreadable code is, in words: an attribute, a field, or one of the actor's items by name. */
function placeOf(where: string, itemNames: ReadonlyMap<string, string>): { key: string; params: Record<string, string> } {
  const attribute = /^attributes\.(\w+)$/.exec(where)?.[1];
  if (attribute && (D6_ATTRIBUTES as readonly string[]).includes(attribute)) return { key: `CYCHOSYS.D6.Sheet.Attribute.${attribute}`, params: {} };
  const item = /^item:([^.]+)\.(\w+)$/.exec(where);
  if (item) return { key: "CYCHOSYS.D6.Sheet.ProblemItem", params: { name: itemNames.get(item[1]!) ?? item[1]!, field: item[2]! } };
  return { key: "CYCHOSYS.D6.Sheet.ProblemField", params: { field: where } };
}

/** D1: a stored code derive could not read (it counted as 0D): where, what was stored, the parser's message. */
function problemLine(problem: D6Problem, itemNames: ReadonlyMap<string, string>, localize: Localize): string {
  const place = placeOf(problem.where, itemNames);
  return localize("CYCHOSYS.D6.Sheet.Problem", {
    place: localize(place.key, place.params),
    message: localize(problem.i18nKey, { ...problem.params }),
  });
}

const rollKeyOf = (skill: D6SkillView): string => skill.key ?? (skill.id ? `skill:${skill.id}` : `untrained:${skill.name}`);

/** The actor's own skills under each attribute, in the sheet's order: derived figures when derived, else the stored ones (one pass, by id). */
function skillsByAttribute(input: D6ActorSheetInput): Map<string, D6AttributeGroup["skills"]> {
  const ownSkills = input.items.filter((i) => i.type === "d6Skill").sort(bySort);
  const groups = new Map<string, D6AttributeGroup["skills"]>();
  const add = (attribute: unknown, row: D6AttributeGroup["skills"][number]) => {
    const key = String(attribute);
    const list = groups.get(key);
    if (list) list.push(row);
    else groups.set(key, [row]);
  };
  if (!input.derived) {
    for (const i of ownSkills) add(i.system.attribute, { id: i.id, name: i.name, code: str(i.system.code) || DASH, key: `skill:${i.id}` });
    return groups;
  }
  const trained = new Map<string, D6SkillView>();
  for (const s of input.derived.skills) if (s.id !== "" && !(s as { untrained?: boolean }).untrained && !trained.has(s.id)) trained.set(s.id, s);
  for (const item of ownSkills) {
    const s = trained.get(item.id);
    if (s) add(s.attribute, { id: s.id, name: s.name, code: s.text, key: rollKeyOf(s) });
  }
  return groups;
}

function attributeGroups(input: D6ActorSheetInput): D6AttributeGroup[] {
  const attributes = (input.system.attributes ?? {}) as Record<string, unknown>;
  const byAttribute = skillsByAttribute(input);
  return D6_ATTRIBUTES.map((id) => {
    const label = `CYCHOSYS.D6.Sheet.Attribute.${id}`;
    const skills = byAttribute.get(id) ?? [];
    return {
      id,
      label,
      name: label,
      path: `system.attributes.${id}`,
      source: str(attributes[id]),
      code: input.derived ? codeText(input.derived.attributes[id]) : str(attributes[id]) || DASH,
      key: `attribute:${id}`,
      skills,
    };
  });
}

/** D35–D37: the stored level, each level with its penalty dice, and what it does now. */
function woundView(input: D6ActorSheetInput) {
  const stored = (input.system.wounds ?? {}) as { level?: unknown; untilRound?: unknown };
  const level = (WOUND_LEVELS as readonly string[]).includes(str(stored.level)) ? (stored.level as WoundLevel) : "none";
  const state = { level, untilRound: num(stored.untilRound) || null };
  const status = input.derived?.wound ?? woundStatus(state, input.round ?? 0);
  return {
    path: "system.wounds.level",
    level,
    options: WOUND_LEVELS.map((value) => ({
      value,
      label: `CYCHOSYS.D6.Wound.${value}`,
      penalty: woundPenaltyDice({ level: value, untilRound: null }, 0),
      selected: value === level,
    })) satisfies D6WoundOption[],
    penaltyDice: status.penaltyDice,
    unableToAct: status.unableToAct,
    untilRound: state.untilRound,
  };
}

function weaponRows(input: D6ActorSheetInput): D6WeaponRow[] {
  const views = new Map((input.derived?.weapons ?? []).map((w) => [w.id, w] as const));
  return input.items
    .filter((i) => i.type === "d6Weapon")
    .sort(bySort)
    .map((item) => {
      const s = item.system;
      const view = views.get(item.id);
      const ranges = (s.ranges ?? {}) as Record<string, unknown>;
      const [short, medium, long] = [num(ranges.short), num(ranges.medium), num(ranges.long)];
      const mode = (ATTACK_MODES as readonly string[]).includes(str(s.mode)) ? str(s.mode) : "melee";
      return {
        id: item.id,
        name: item.name,
        img: item.img,
        skill: view?.skill.name ?? str(s.skill),
        skillCode: view?.skill.text ?? DASH,
        mode: `CYCHOSYS.D6.Mode.${mode}`,
        damage: view?.damage ?? str(s.damage),
        damageRolled: view?.damageCode && view.damage.startsWith("+") ? formatDieCode(view.damageCode) : null,
        ranges: long > 0 ? `${short}/${medium}/${long}` : null,
        usesPerRound: num(s.usesPerRound) || 1,
        edged: s.edged === true,
        aimable: s.aimable === true,
      };
    });
}

function armorRows(input: D6ActorSheetInput): D6ArmorRow[] {
  return input.items
    .filter((i) => i.type === "d6Armor")
    .sort(bySort)
    .map((item) => ({ id: item.id, name: item.name, img: item.img, code: str(item.system.code) || DASH, equipped: item.system.equipped === true }));
}

/** The whole actor sheet's context (character or creature). */
export function d6ActorSheetView(input: D6ActorSheetInput) {
  const d = input.derived;
  const itemNames = new Map<string, string>();
  if (d?.problems?.length) for (const i of input.items) if (!itemNames.has(i.id)) itemNames.set(i.id, i.name);
  const problems = (d?.problems ?? []).map((p) => problemLine(p, itemNames, input.localize));
  const character = input.type === "d6Character";
  return {
    d6: true,
    kind: character ? "character" : "creature",
    name: input.name,
    img: input.img,
    editable: input.editable,
    character,
    typeLabel: `CYCHOSYS.D6.Sheet.Type.${input.type}`,
    points: character ? { character: num(input.system.characterPoints), fate: num(input.system.fatePoints) } : null,
    attributes: attributeGroups(input),
    wound: woundView(input),
    /** D32 */
    strengthDamage: d ? `${d.strengthDamageDice}D` : DASH,
    strengthAdjustment: str(input.system.strengthAdjustment),
    /** D8: a bonus, written as one ("+0", "+1"): the header's label says so (docs/style.md). */
    initiativeBonus: d ? d.initiativeBonus : null,
    initiativeBonusText: d ? signed(d.initiativeBonus, "+0") : DASH,
    /** D34 */
    armor: codeText(d?.armor),
    resistance: codeText(d?.resistance),
    protection: str(input.system.protection),
    freeActions: num(input.system.freeActions),
    blockBlades: input.system.blockBlades === true,
    weapons: weaponRows(input),
    armors: armorRows(input),
    problems,
    /** Nothing derived the figures (the sheet shows the stored values). */
    underived: !d,
    text: actorTextView(character, input.system, input.enrichedText, "CYCHOSYS.D6.Sheet"),
    tabs: character ? d6TabsView(input.activeTab ?? "attributes") : null,
  };
}
export type D6ActorSheetView = ReturnType<typeof d6ActorSheetView>;

export interface D6ItemSheetInput {
  type: D6ItemType;
  name: string;
  img: string;
  system: Record<string, unknown>;
  editable: boolean;
  enrichedDescription: string;
  /** The skills of the owning actor (a weapon's skill is chosen among them, or typed). */
  ownerSkills?: readonly string[];
}

export function d6ItemSheetView(input: D6ItemSheetInput) {
  const s = input.system;
  const ranges = (s.ranges ?? {}) as Record<string, unknown>;
  return {
    d6: true,
    name: input.name,
    img: input.img,
    type: input.type,
    typeLabel: `CYCHOSYS.D6.Sheet.Type.${input.type}`,
    editable: input.editable,
    system: s,
    attributes: choices(D6_ATTRIBUTES, str(s.attribute), (a) => `CYCHOSYS.D6.Sheet.Attribute.${a}`),
    modes: choices(ATTACK_MODES, str(s.mode), (m) => `CYCHOSYS.D6.Mode.${m}`),
    /** D27, D29: a ranged weapon has range limits and may be aimed; a hand weapon has a length (over 2 m it reaches Short). A field the kind cannot use is not shown (docs/style.md). */
    ranged: str(s.mode) === "ranged",
    ranges: (["short", "medium", "long"] as const).map((band) => ({
      band,
      label: `CYCHOSYS.D6.Range.${band}`,
      path: `system.ranges.${band}`,
      value: num(ranges[band]),
    })),
    ownerSkills: [...(input.ownerSkills ?? [])],
    description: descriptionView(s, input.enrichedDescription),
  };
}
export type D6ItemSheetView = ReturnType<typeof d6ItemSheetView>;
