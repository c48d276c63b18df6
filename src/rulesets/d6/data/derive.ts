/**
 * An OpenD6 actor's derived data (`system.derived`, data/derived.ts) from its
 * stored data (data/schema.ts) and its items. Every figure comes from the D6
 * rules core: die codes (D1), the initiative bonus (D8), Strength Damage
 * (D32), armor and resistance (D34), wounds (D35–D37). Never throws: a stored
 * code the core cannot read counts as 0D (a skill falls back to its
 * attribute) and is listed in `problems`.
 */
import { LocalizedError } from "../../../core/errors.js";
import {
  addCodes,
  D6_STANDARD_RULES,
  type D6Rules,
  damageCode,
  type DieCode,
  type DieModifier,
  formatDieCode,
  formatWeaponDamage,
  initiativeBonus,
  isMember,
  parseDieCode,
  parseDieModifier,
  parseWeaponDamage,
  resistanceCode,
  strengthDamageDice,
  type WeaponDamage,
  WOUND_LEVELS,
  type WoundLevel,
  woundStatus,
  ZERO_CODE,
} from "../rules/index.js";
import type { D6Derived, D6Problem, D6Rollable, D6SkillView, D6WeaponView } from "./derived.js";
import { type D6Attribute, D6_ATTRIBUTES } from "./schema.js";
import { type DeriveItemInput, norm, rec, str, whole } from "../../../core/derive-input.js";

/** An item of the actor as derive reads it. */
export type D6ItemInput = DeriveItemInput;

/**
 * Skills that fall back to an attribute when the actor has no such skill
 * item: the defense and weapon skills to Agility, search to Perception (D6/D8).
 */
export const D6_UNTRAINED: Readonly<Record<string, D6Attribute>> = Object.freeze({
  dodge: "agility",
  brawling: "agility",
  "melee combat": "agility",
  firearms: "agility",
  gunnery: "agility",
  "missile weapons": "agility",
  throwing: "agility",
  search: "perception",
});

/** The attribute a skill not in the table falls back to (the workflow's own default). */
export const D6_UNTRAINED_DEFAULT: D6Attribute = "agility";


export const attributeKey = (id: D6Attribute) => `attribute:${id}`;
export const skillKey = (itemId: string) => `skill:${itemId}`;
export const untrainedKey = (name: string) => `untrained:${norm(name)}`;

/** Reads stored texts with the core, collecting what it refuses. */
class Reader {
  readonly problems: D6Problem[] = [];
  constructor(readonly rules: Readonly<D6Rules>) {}

  private attempt<T>(where: string, value: unknown, read: (text: string) => T, fallback: T): { value: T; ok: boolean } {
    try {
      return { value: read(value as string), ok: true };
    } catch (error) {
      const e = error instanceof LocalizedError ? error : undefined;
      this.problems.push({ where, value: str(value), i18nKey: e?.i18nKey ?? "CYCHOSYS.D6.Error.dieCodeInvalid", params: e?.params ?? { text: str(value) } });
      return { value: fallback, ok: false };
    }
  }
  code(where: string, value: unknown) {
    return this.attempt(where, value, (t) => parseDieCode(t, this.rules), ZERO_CODE);
  }
  modifier(where: string, value: unknown): DieModifier {
    return this.attempt<DieModifier>(where, value, (t) => parseDieModifier(t, this.rules), { sign: 1, code: ZERO_CODE }).value;
  }
  damage(where: string, value: unknown): WeaponDamage {
    return this.attempt<WeaponDamage>(where, value, (t) => parseWeaponDamage(t, this.rules), { code: ZERO_CODE, addsStrength: false }).value;
  }
}

function untrainedView(name: string, attribute: D6Attribute, code: DieCode): D6SkillView {
  return { id: "", name, attribute, code, text: formatDieCode(code), key: untrainedKey(name), untrained: true };
}

/** D1: the skill items, each with its code (its attribute's when unreadable), then the untrained table's skills it lacks. */
function skillsOf(items: readonly D6ItemInput[], attributes: Record<D6Attribute, DieCode>, read: Reader): D6SkillView[] {
  const skills: D6SkillView[] = [];
  for (const item of items) {
    if (item.type !== "d6Skill") continue;
    const system = rec(item.system);
    const attribute = isMember(D6_ATTRIBUTES, system.attribute) ? system.attribute : D6_UNTRAINED_DEFAULT;
    const { value, ok } = read.code(`item:${item.id}.code`, system.code);
    const code = ok ? value : attributes[attribute];
    skills.push({ id: item.id, name: item.name, attribute, code, text: formatDieCode(code), key: skillKey(item.id), untrained: false });
  }
  const known = new Set(skills.map((s) => norm(s.name)));
  for (const [name, attribute] of Object.entries(D6_UNTRAINED)) {
    if (!known.has(name)) skills.push(untrainedView(name, attribute, attributes[attribute]));
  }
  return skills;
}

/** The skills by their name as a weapon names them (the first of a name wins), so each weapon finds its skill without a search. */
function skillsByName(skills: readonly D6SkillView[]): Map<string, D6SkillView> {
  const byName = new Map<string, D6SkillView>();
  for (const s of skills) {
    const key = norm(s.name);
    if (!byName.has(key)) byName.set(key, s);
  }
  return byName;
}

/** The skill a weapon names, else that name untrained on its table attribute (Agility when not in the table). */
function weaponSkill(name: string, skills: ReadonlyMap<string, D6SkillView>, attributes: Record<D6Attribute, DieCode>): D6SkillView {
  const wanted = norm(name);
  const found = skills.get(wanted);
  if (found) return found;
  const attribute = D6_UNTRAINED[wanted] ?? D6_UNTRAINED_DEFAULT;
  return untrainedView(wanted, attribute, attributes[attribute]);
}

function weaponsOf(items: readonly D6ItemInput[], skillList: readonly D6SkillView[], attributes: Record<D6Attribute, DieCode>, strengthDamage: number, read: Reader): D6WeaponView[] {
  const weapons: D6WeaponView[] = [];
  const skills = skillsByName(skillList);
  for (const item of items) {
    if (item.type !== "d6Weapon") continue;
    const s = rec(item.system);
    const ranges = rec(s.ranges);
    const damage = read.damage(`item:${item.id}.damage`, s.damage);
    const mode = s.mode === "unarmed" || s.mode === "ranged" ? s.mode : "melee";
    weapons.push({
      id: item.id,
      name: item.name,
      skill: weaponSkill(str(s.skill) || "melee combat", skills, attributes),
      mode,
      damage: formatWeaponDamage(damage),
      edged: s.edged === true,
      lengthCm: whole(s.lengthCm, 0, 0, 10_000),
      ranges: { short: whole(ranges.short, 0, 0, 100_000), medium: whole(ranges.medium, 0, 0, 100_000), long: whole(ranges.long, 0, 0, 100_000) },
      usesPerRound: whole(s.usesPerRound, read.rules.defaultUsesPerRound, 1, 20),
      aimable: s.aimable === true,
      // D31/D32: a `+` code is added to the wielder's Strength Damage.
      damageCode: damageCode(damage, strengthDamage, [], read.rules),
    });
  }
  return weapons;
}

/** D34: the equipped armor pieces added into one code. */
function armorOf(items: readonly D6ItemInput[], read: Reader): DieCode {
  let armor = ZERO_CODE;
  for (const item of items) {
    if (item.type !== "d6Armor") continue;
    const s = rec(item.system);
    if (s.equipped === false) continue;
    armor = addCodes(armor, read.code(`item:${item.id}.code`, s.code).value, read.rules);
  }
  return armor;
}

/** The derived data of a d6Character or d6Creature. */
export function deriveD6Actor(system: unknown, itemList: readonly D6ItemInput[], rules: Readonly<D6Rules> = D6_STANDARD_RULES): D6Derived {
  const read = new Reader(rules);
  // Whatever the list holds, each item read as strings and a record (derive never throws).
  const items: D6ItemInput[] = (Array.isArray(itemList) ? itemList : [])
    .filter((i): i is D6ItemInput => i !== null && typeof i === "object")
    .map((i) => ({ id: str(i.id), name: str(i.name), type: str(i.type), system: i.system }));
  const stored = rec(system);
  const storedAttributes = rec(stored.attributes);
  const attributes = Object.fromEntries(D6_ATTRIBUTES.map((a) => [a, read.code(`attributes.${a}`, storedAttributes[a]).value])) as Record<D6Attribute, DieCode>;
  const skills = skillsOf(items, attributes, read);

  // D32: Strength with the actor's Disadvantage/Special Ability modifier, pips dropped, halved, rounded up.
  const strengthDamage = strengthDamageDice(attributes.strength, [read.modifier("strengthAdjustment", stored.strengthAdjustment)], rules);
  const weapons = weaponsOf(items, skills, attributes, strengthDamage, read);

  // D8: search over its governing attribute (only a search skill the actor has), or Agility; the better.
  const search = skills.find((s) => !s.untrained && norm(s.name) === "search");
  const bonus = initiativeBonus({ perception: search ? attributes[search.attribute] : attributes.perception, ...(search && { search: search.code }), agility: attributes.agility }, rules);

  // D34: Strength (by the world setting) + worn armor + protective abilities.
  const armor = armorOf(items, read);
  const protection = read.code("protection", stored.protection).value;
  const resistance = resistanceCode({ strength: attributes.strength, armor, abilities: [protection] }, rules);

  // D35–D37: the stored level (0 = until healed); a Stunned result's end is the tracker's (it knows the round).
  const wounds = rec(stored.wounds);
  const level: WoundLevel = isMember(WOUND_LEVELS, wounds.level) ? wounds.level : "none";
  const until = whole(wounds.untilRound, 0, 0, 99_999);
  const status = woundStatus({ level, untilRound: level === "none" || until === 0 ? null : until }, 0, rules);

  return {
    attributes,
    skills,
    weapons,
    strengthDamageDice: strengthDamage,
    initiativeBonus: bonus.bonus,
    initiativeSources: { fromSearch: bonus.fromSearch, fromAgility: bonus.fromAgility },
    armor,
    resistance,
    wound: { level: status.level, untilRound: status.untilRound, penaltyDice: status.penaltyDice, unableToAct: status.unableToAct, dying: status.dying, out: status.out },
    problems: read.problems,
  };
}

/** The attribute, skill or untrained skill a roll key names, or undefined. */
export function findRollable(derived: D6Derived, key: string): D6Rollable | undefined {
  if (typeof key !== "string") return undefined;
  if (key.startsWith("attribute:")) {
    const id = key.slice("attribute:".length);
    if (!isMember(D6_ATTRIBUTES, id)) return undefined;
    return { key, kind: "attribute", name: id, attribute: id, code: derived.attributes[id], untrained: false };
  }
  const views = [...derived.skills, ...derived.weapons.map((w) => w.skill)];
  const view = views.find((s) => (s.key ?? (s.id ? skillKey(s.id) : untrainedKey(s.name))) === key);
  if (!view) return undefined;
  return { key, kind: "skill", name: view.name, attribute: view.attribute, code: view.code, untrained: view.untrained ?? !view.id };
}
