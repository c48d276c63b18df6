/**
 * The Cities Without Number actor and item sheets' contents (pure, no
 * Foundry): which templates make up each sheet, the tabs, and the view
 * models the templates render. Every figure comes from `system.derived`
 * (CwnDerived, computed by `deriveCwnActor`): AC with armor and Dexterity
 * (W13), Trauma Target (W15), soak (W19), screening uses (W26), each
 * weapon's hit bonus, damage, Shock and Trauma Die (W13–W18, W21); the sheet
 * only arranges it. Labels are lang keys the templates localize.
 */
import type { Localize } from "../../../core/messages.js";
import { listText, sentenceCase } from "../../../core/views/text.js";
import { type PartSpec, tabsView, templatePath } from "../../../core/views/templates.js";
import { actorTextView, bySort, choices, DASH, descriptionView, itemSheetParts, num, rec, type SheetItem, str } from "../../../core/views/sheet.js";
import type { CwnDerived, CwnProblem } from "../data/derived.js";
import { CWN_BOUNDS, type CwnActorType, type CwnItemType } from "../data/schema.js";
import { type DiceExpr, formatDice } from "../rules/dice.js";
import { ATTACK_KINDS, ATTRIBUTES, COMBAT_SKILLS, DOWNED_STATES, ITEM_STATES, RELOAD_ACTIONS } from "../rules/types.js";

export const CWN_TEMPLATE_ROOT = templatePath("cwn");
const t = (path: string) => `${CWN_TEMPLATE_ROOT}/${path}`;

export const CWN_CHARACTER_PARTS = {
  header: { template: t("actor/header.hbs") },
  tabs: { template: t("actor/tabs.hbs") },
  stats: { template: t("actor/stats.hbs"), scrollable: [""] },
  combat: { template: t("actor/combat.hbs"), scrollable: [""] },
  biography: { template: t("actor/biography.hbs"), scrollable: [""] },
} satisfies Record<string, PartSpec>;

export const CWN_NPC_PARTS = {
  header: { template: t("actor/header.hbs") },
  sheet: { template: t("actor/npc.hbs"), scrollable: [""] },
} satisfies Record<string, PartSpec>;

const ITEM_BODIES: Readonly<Record<CwnItemType, string>> = {
  cwnWeapon: t("item/weapon.hbs"),
  cwnArmor: t("item/armor.hbs"),
  cwnSkill: t("item/skill.hbs"),
};

/** An item sheet: the shared header, the type's fields, its description. */
export const cwnItemParts = (type: CwnItemType): Record<string, PartSpec> => itemSheetParts(CWN_TEMPLATE_ROOT, ITEM_BODIES[type]);

/** Every partial the CWN templates include (loaded by path). */
export const CWN_PARTIALS = [
  t("partials/figures.hbs"), t("partials/fighting.hbs"), t("partials/attributes.hbs"), t("partials/weapons.hbs"), t("partials/armor.hbs"), t("partials/skills.hbs"), t("partials/problems.hbs"), t("partials/text.hbs"),
] as const;

/** The house order (docs/style.md): Attributes first, then Combat, Biography last; the sheet opens on the first. */
export const CWN_CHARACTER_TABS = [
  { id: "stats", icon: "fa-solid fa-dice" },
  { id: "combat", icon: "fa-solid fa-crosshairs" },
  { id: "biography", icon: "fa-solid fa-book-open" },
] as const;
export const CWN_INITIAL_TAB = CWN_CHARACTER_TABS[0].id;

export const cwnTabsView = (active: string) => tabsView(CWN_CHARACTER_TABS, active, "CYCHOSYS.Cwn.Sheet.Tab");

/** An owned item as the sheet receives it. */
export type CwnSheetItem = SheetItem;

export interface CwnActorSheetInput {
  type: CwnActorType;
  name: string;
  img: string;
  system: Record<string, unknown>;
  /** `system.derived`; undefined when nothing derived it. */
  derived: CwnDerived | undefined;
  items: readonly CwnSheetItem[];
  editable: boolean;
  /** The biography (character) or notes (NPC), enriched. */
  enrichedText: string;
  activeTab?: string;
  localize: Localize;
}

/** A modifier as the chapter writes it: +1, −1, +0. */
export const signed = (n: number): string => (n < 0 ? `\u2212${-n}` : `+${n}`);
/** W16: the weapon's dice with the bonus the roll adds (attribute, Punch): 1d10+2 and +1 → 1d10+3. */
export const diceWithBonus = (dice: DiceExpr, bonus: number): string => formatDice({ ...dice, flat: dice.flat + bonus });

/** A stored dice text derive could not read (it counted as 1d2): where, what was stored, the parser's message. */
function problemLine(problem: CwnProblem, names: ReadonlyMap<string, string>, localize: Localize): string {
  const item = /^item:([^.]+)\.(\w+)$/.exec(problem.where);
  const place = item
    ? localize("CYCHOSYS.Cwn.Sheet.ProblemItem", { name: names.get(item[1]!) ?? item[1]!, field: localize(`CYCHOSYS.Cwn.Sheet.Field.${item[2]}`) })
    : problem.where;
  return localize("CYCHOSYS.Cwn.Sheet.Problem", { place, message: localize(problem.i18nKey, { ...problem.params }) });
}

/** Every problem in words, the items named through one lookup (no search per problem: a sheet of 2,000 unreadable items stays linear). */
function problemLines(problems: readonly CwnProblem[], input: CwnActorSheetInput): string[] {
  if (!problems.length) return [];
  const names = new Map(input.items.map((i) => [i.id, i.name] as const));
  return problems.map((p) => problemLine(p, names, input.localize));
}

/** W13: each attribute: its score (characters) or stored modifier (NPCs), and the modifier the rules use. */
function attributeRows(input: CwnActorSheetInput) {
  const npc = input.type === "cwnNpc";
  const stored = rec(input.system.attributes);
  return ATTRIBUTES.map((id) => {
    const view = input.derived?.attributes[id];
    const value = num(stored[id]);
    const modifier = view?.modifier ?? (npc ? value : 0);
    return {
      id,
      label: `CYCHOSYS.Cwn.Attribute.${id}`,
      path: `system.attributes.${id}`,
      value,
      min: npc ? -3 : 3,
      max: npc ? 3 : 18,
      modifier: signed(modifier),
      score: !npc,
    };
  });
}

function skillRows(input: CwnActorSheetInput) {
  const views = new Map((input.derived?.skills ?? []).map((s) => [s.id, s] as const));
  return input.items
    .filter((i) => i.type === "cwnSkill")
    .sort(bySort)
    .map((item) => {
      const view = views.get(item.id);
      const level = view?.level ?? num(item.system.level);
      const combat = view?.combatSkill ?? (str(item.system.combatSkill) || null);
      return { id: item.id, name: item.name, img: item.img, level: `${level < 0 ? "\u2212" : ""}${Math.abs(level)}`, combatSkill: combat ? `CYCHOSYS.Cwn.Skill.${combat}` : null, rollHint: input.localize("CYCHOSYS.Cwn.SkillCheck.rollHint", { name: item.name }) };
    });
}

/** W13–W18, W21, W31, W32: each weapon with the figures of its attack. */
function weaponRows(input: CwnActorSheetInput) {
  const views = new Map((input.derived?.weapons ?? []).map((w) => [w.id, w] as const));
  return input.items
    .filter((i) => i.type === "cwnWeapon")
    .sort(bySort)
    .map((item) => {
      const w = views.get(item.id);
      const s = item.system;
      const magazine = rec(s.magazine);
      const readied = (w?.state ?? str(s.state)) !== "stowed";
      return {
        id: item.id,
        name: item.name,
        img: item.img,
        kind: `CYCHOSYS.Cwn.Sheet.Kind.${w?.kind ?? (str(s.kind) || "melee")}`,
        skill: w ? `CYCHOSYS.Cwn.Skill.${w.skill}` : null,
        untrained: w?.untrained === true,
        hit: w ? signed(w.hitBonus) : DASH,
        damage: w ? diceWithBonus(w.rules.damage, w.damageBonus) : str(s.damage),
        shock: w?.shock ? `${w.shock.damage}/AC ${w.shock.ac}` : DASH,
        trauma: w ? `${w.traumaDie} \u00d7${w.traumaRating}` : `${str(s.traumaDie)} \u00d7${num(s.traumaRating)}`,
        magazine: num(magazine.max) > 0 ? `${num(magazine.value)}/${num(magazine.max)}` : null,
        tags: [
          w?.twoHanded && "CYCHOSYS.Cwn.Sheet.TwoHanded",
          w?.unarmed && "CYCHOSYS.Cwn.Sheet.Unarmed",
          w?.bodyWeapon && "CYCHOSYS.Cwn.Sheet.BodyWeapon",
        ].filter((x): x is string => typeof x === "string"),
        readied,
        stateLabel: readied ? "CYCHOSYS.Cwn.Sheet.Readied" : "CYCHOSYS.Cwn.Sheet.Stowed",
      };
    });
}

/** W13, W15, W19, W26: armor pieces; worn ones give AC, Trauma Target and soak. */
function armorRows(input: CwnActorSheetInput) {
  return input.items
    .filter((i) => i.type === "cwnArmor")
    .sort(bySort)
    .map((item) => {
      const s = item.system;
      const soak = rec(s.soak);
      const worn = s.worn !== false;
      return {
        id: item.id,
        name: item.name,
        img: item.img,
        ac: `${num(s.acMelee)}/${num(s.acRanged)}`,
        soak: `${num(soak.value)}/${num(soak.max)}`,
        trauma: num(s.traumaTargetModifier) ? signed(num(s.traumaTargetModifier)) : null,
        tags: [s.integralCyberArmor === true && "CYCHOSYS.Cwn.Sheet.IntegralCyberArmor", s.grantsShockImmunity === true && "CYCHOSYS.Cwn.Sheet.ShockShield"].filter((x): x is string => typeof x === "string"),
        worn,
        wornLabel: worn ? "CYCHOSYS.Cwn.Sheet.Worn" : "CYCHOSYS.Cwn.Sheet.NotWorn",
      };
    });
}

/** W1: abilities limited to N uses a scene; reset when the fight ends. */
function sceneAbilities(input: CwnActorSheetInput) {
  const list = Array.isArray(input.system.sceneAbilities) ? input.system.sceneAbilities : [];
  return list.map((a, index) => {
    const r = rec(a);
    return { index, name: str(r.name), uses: num(r.uses), used: num(r.used), spent: num(r.used) >= num(r.uses), path: `system.sceneAbilities.${index}` };
  });
}

/** The figures the header shows, derived (W13, W15, W19, W26, W21). */
function figures(d: CwnDerived | undefined) {
  return {
    acMelee: d ? d.ac.melee : DASH,
    acRanged: d ? d.ac.ranged : DASH,
    traumaTarget: d ? d.traumaTarget : DASH,
    soak: d ? `${d.soak.value}/${d.soak.max}` : DASH,
    punch: d ? `${d.punch < 0 ? "\u2212" : ""}${Math.abs(d.punch)}` : DASH,
    screenUses: d ? d.screenUses : DASH,
    shockImmune: d?.shockImmune === true,
    integralCyberArmor: d?.integralCyberArmor === true,
  };
}

/**
 * W13, W19: an NPC's AC and soak are its stat block's; the armour it wears is
 * what they come from. The note names it, and says so when the stat block
 * and the armour (with Dex) differ — the stat block is what counts.
 */
function npcArmorNote(input: CwnActorSheetInput, d: CwnDerived | undefined): string | null {
  const worn = input.items.filter((i) => i.type === "cwnArmor" && i.system.worn !== false);
  if (!worn.length || !d) return null;
  const dex = d.attributes.dex.modifier;
  const best = (key: string) => Math.max(...worn.map((i) => num(i.system[key])));
  const fromArmor = { melee: best("acMelee") + dex, ranged: best("acRanged") + dex };
  const soak = worn.reduce((n, i) => n + num(rec(i.system.soak).max), 0);
  const pieces = listText(worn.map((i) => input.localize("CYCHOSYS.Cwn.Sheet.ArmorPiece", { name: i.name, melee: num(i.system.acMelee), ranged: num(i.system.acRanged), soak: num(rec(i.system.soak).max) })));
  const same = fromArmor.melee === d.ac.melee && fromArmor.ranged === d.ac.ranged && soak === d.soak.max;
  return input.localize(same ? "CYCHOSYS.Cwn.Sheet.NpcArmorNote" : "CYCHOSYS.Cwn.Sheet.NpcArmorDiffers", {
    pieces, dex: signed(dex), melee: fromArmor.melee, ranged: fromArmor.ranged, soak, statMelee: d.ac.melee, statRanged: d.ac.ranged, statSoak: d.soak.max,
  });
}

/** The whole actor sheet's context (character or NPC group). */
export function cwnActorSheetView(input: CwnActorSheetInput) {
  const d = input.derived;
  const s = input.system;
  const character = input.type === "cwnCharacter";
  const hp = rec(s.hp);
  const soak = rec(s.soak);
  const ac = rec(s.ac);
  const downed = DOWNED_STATES.includes(str(s.downed) as never) ? str(s.downed) : "none";
  return {
    cwn: true,
    kind: character ? "character" : "npc",
    name: input.name,
    img: input.img,
    editable: input.editable,
    character,
    typeLabel: `CYCHOSYS.Cwn.Sheet.Type.${input.type}`,
    level: num(s.level),
    groupSize: num(s.groupSize),
    hitDice: num(s.hitDice),
    hp: {
      value: num(hp.value), max: num(hp.max), bound: CWN_BOUNDS.hp, down: num(hp.value) === 0,
      // The track (docs/style.md): how full, and its accessible name.
      percent: num(hp.max) > 0 ? Math.round((100 * Math.min(num(hp.value), num(hp.max))) / num(hp.max)) : 0,
      meterLabel: input.localize("CYCHOSYS.Cwn.Sheet.HpMeter", { value: num(hp.value), max: num(hp.max) }),
    },
    /** W19 */
    downed: { value: downed, label: input.localize(`CYCHOSYS.Cwn.Downed.${downed}`), options: DOWNED_STATES.map((v) => ({ value: v, label: sentenceCase(input.localize(`CYCHOSYS.Cwn.Downed.${v}`)), selected: v === downed })), out: downed !== "none" },
    baseHitBonus: num(s.baseHitBonus),
    moveMetres: num(s.moveMetres),
    figures: figures(d),
    /** NPC stat block fields (the ACs as listed, soak, Trauma Target, Morale, skill bonus). */
    npc: character ? null : { acMelee: num(ac.melee), acRanged: num(ac.ranged), soakValue: num(soak.value), soakMax: num(soak.max), traumaTarget: num(s.traumaTarget), morale: num(s.morale), skillBonus: num(s.skillBonus) },
    acBonus: num(s.acBonus),
    traumaTargetBonus: num(s.traumaTargetBonus),
    canSnap: s.canSnap === true,
    shockImmune: s.shockImmune === true,
    attributes: attributeRows(input),
    skills: skillRows(input),
    combatSkills: d ? COMBAT_SKILLS.map((c) => ({ id: c, label: `CYCHOSYS.Cwn.Skill.${c}`, level: d.combatSkills[c] })) : [],
    weapons: weaponRows(input),
    armors: armorRows(input),
    sceneAbilities: sceneAbilities(input),
    problems: problemLines(d?.problems ?? [], input),
    underived: !d,
    text: actorTextView(character, s, input.enrichedText, "CYCHOSYS.Cwn.Sheet"),
    tabs: character ? cwnTabsView(input.activeTab ?? CWN_INITIAL_TAB) : null,
    armorNote: character ? null : npcArmorNote(input, d),
  };
}
export type CwnActorSheetView = ReturnType<typeof cwnActorSheetView>;

export interface CwnItemSheetInput {
  type: CwnItemType;
  name: string;
  img: string;
  system: Record<string, unknown>;
  editable: boolean;
  enrichedDescription: string;
}

/**
 * The fields a weapon's kind uses (docs/style.md: a knife has no magazine):
 * range for anything that leaves the hand (W22, W39), magazine and reload
 * for guns and bows (W32), two-handed for ranged weapons (W22: thrown ones
 * are exempt), bare hands and body weapons for melee (W21). Stored values of
 * a field not shown stay as they are.
 */
export function weaponUses(kind: string) {
  const ranged = kind === "ranged";
  const melee = kind !== "ranged" && kind !== "thrown";
  return { range: !melee, magazine: ranged, reload: ranged, twoHanded: ranged, unarmed: melee, bodyWeapon: melee, properties: ranged || melee };
}

export function cwnItemSheetView(input: CwnItemSheetInput) {
  const s = input.system;
  const shock = rec(s.shock);
  const magazine = rec(s.magazine);
  const range = rec(s.range);
  const soak = rec(s.soak);
  return {
    cwn: true,
    name: input.name,
    img: input.img,
    type: input.type,
    typeLabel: `CYCHOSYS.Cwn.Sheet.Type.${input.type}`,
    editable: input.editable,
    system: s,
    kinds: choices(ATTACK_KINDS, str(s.kind), (k) => `CYCHOSYS.Cwn.Sheet.Kind.${k}`),
    attributes: choices(ATTRIBUTES, str(s.attribute), (a) => `CYCHOSYS.Cwn.Attribute.${a}`),
    altAttributes: [{ value: "", label: "CYCHOSYS.Cwn.Sheet.NoAltAttribute", selected: str(s.altAttribute) === "" }, ...choices(ATTRIBUTES, str(s.altAttribute), (a) => `CYCHOSYS.Cwn.Attribute.${a}`)],
    skills: choices(COMBAT_SKILLS, str(s.skill), (c) => `CYCHOSYS.Cwn.Skill.${c}`),
    combatSkills: [{ value: "", label: "CYCHOSYS.Cwn.Sheet.NotCombatSkill", selected: str(s.combatSkill) === "" }, ...choices(COMBAT_SKILLS, str(s.combatSkill), (c) => `CYCHOSYS.Cwn.Skill.${c}`)],
    states: choices(ITEM_STATES, str(s.state), (v) => `CYCHOSYS.Cwn.Sheet.${v === "readied" ? "Readied" : "Stowed"}`),
    reloads: choices(RELOAD_ACTIONS, str(s.reloadAction), (r) => `CYCHOSYS.Cwn.Sheet.Reload.${r}`),
    shock: { enabled: shock.enabled === true, damage: num(shock.damage), ac: num(shock.ac) },
    uses: weaponUses(str(s.kind)),
    magazine: { value: num(magazine.value), max: num(magazine.max) },
    range: { normal: num(range.normal), max: num(range.max) },
    soak: { value: num(soak.value), max: num(soak.max) },
    bounds: CWN_BOUNDS,
    description: descriptionView(s, input.enrichedDescription),
  };
}
export type CwnItemSheetView = ReturnType<typeof cwnItemSheetView>;
