/**
 * A CWN actor's derived data (`system.derived`, data/derived.ts) from its
 * stored data (data/schema.ts) and its items, every figure through the
 * rules core: attribute modifiers, combat skills and their hit modifier
 * (W13), AC with armor and Dexterity (W13), Trauma Target with armor (W15),
 * soak (W19), screening uses (W26), each weapon's hit, damage and Shock
 * (W13, W16, W18, W21). Never throws: a stored value out of shape counts as
 * its default, a dice text the core refuses counts as 1d2 and is listed in
 * `problems`. `attackerInput` and `defenderInput` give what the attack
 * workflow hands resolveCwnAttack.
 */
import { LocalizedError } from "../../../core/errors.js";
import { attributeModifier } from "../rules/attributes.js";
import { type CwnWeapon, skillHitModifier, weaponAttribute } from "../rules/attack.js";
import { type DiceExpr, formatDice, parseDice } from "../rules/dice.js";
import { CWN_STANDARD_RULES, type CwnRules } from "../rules/options.js";
import type { CwnAttackerInput, CwnDefenderInput } from "../rules/resolve.js";
import { screenUses } from "../rules/screen.js";
import { ATTACK_KINDS, type Attribute, ATTRIBUTES, COMBAT_SKILLS, type CombatSkill, DOWNED_STATES, isMember, ITEM_STATES, type Modifier, RELOAD_ACTIONS } from "../rules/types.js";
import type { CwnAttributeView, CwnDerived, CwnProblem, CwnSkillView, CwnWeaponView } from "./derived.js";
import { CWN_BOUNDS } from "./schema.js";
import { type DeriveItemInput, type Rec, rec, str, whole } from "../../../core/derive-input.js";

/** An item of the actor as derive reads it. */
export type CwnItemInput = DeriveItemInput;

const flag = (v: unknown, fallback = false) => (typeof v === "boolean" ? v : fallback);
const FALLBACK_DICE: DiceExpr = Object.freeze({ count: 1, faces: 2, flat: 0 });

function readDice(where: string, value: unknown, problems: CwnProblem[]): DiceExpr {
  try {
    return parseDice(value as string);
  } catch (error) {
    const e = error instanceof LocalizedError ? error : undefined;
    problems.push({ where, value: str(value).slice(0, 40), i18nKey: e?.i18nKey ?? "CYCHOSYS.Cwn.Error.diceInvalid", params: e?.params ?? { text: str(value) } });
    return FALLBACK_DICE;
  }
}

function attributesOf(stored: Rec, npc: boolean, rules: Readonly<CwnRules>): Record<Attribute, CwnAttributeView> {
  const a = rec(stored.attributes);
  return Object.fromEntries(ATTRIBUTES.map((k) => {
    if (npc) return [k, { score: null, modifier: whole(a[k], 0, -3, 3) }];
    const score = whole(a[k], 10, 3, 18);
    return [k, { score, modifier: attributeModifier(score, rules) }];
  })) as Record<Attribute, CwnAttributeView>;
}

function skillsOf(items: readonly CwnItemInput[]): CwnSkillView[] {
  return items.filter((i) => i.type === "cwnSkill").map((i) => {
    const s = rec(i.system);
    return { id: i.id, name: i.name, level: whole(s.level, 0, -1, 5), combatSkill: isMember(COMBAT_SKILLS, s.combatSkill) ? s.combatSkill : null };
  });
}

/** W13: each combat skill's level: the best skill item; else an NPC's skill bonus; else untrained. */
function combatSkillsOf(skills: readonly CwnSkillView[], npcBonus: number | null, rules: Readonly<CwnRules>): Record<CombatSkill, number> {
  return Object.fromEntries(COMBAT_SKILLS.map((c) => {
    const levels = skills.filter((s) => s.combatSkill === c).map((s) => s.level);
    return [c, levels.length ? Math.max(...levels) : (npcBonus ?? rules.untrainedSkillLevel)];
  })) as Record<CombatSkill, number>;
}

function weaponsOf(items: readonly CwnItemInput[], d: Pick<CwnDerived, "attributes" | "combatSkills" | "baseHitBonus" | "punch">, problems: CwnProblem[], rules: Readonly<CwnRules>): CwnWeaponView[] {
  const modifiers = Object.fromEntries(ATTRIBUTES.map((a) => [a, d.attributes[a].modifier])) as Record<Attribute, number>;
  return items.filter((i) => i.type === "cwnWeapon").map((i) => {
    const s = rec(i.system);
    const kind = isMember(ATTACK_KINDS, s.kind) ? s.kind : "melee";
    const unarmed = flag(s.unarmed) && kind === "melee";
    const bodyWeapon = flag(s.bodyWeapon) && kind === "melee" && !unarmed;
    const first: Attribute = isMember(ATTRIBUTES, s.attribute) ? s.attribute : "str";
    const attributes = isMember(ATTRIBUTES, s.altAttribute) && s.altAttribute !== first ? [first, s.altAttribute] : [first];
    const skill: CombatSkill = unarmed || bodyWeapon ? "punch" : isMember(COMBAT_SKILLS, s.skill) ? s.skill : kind === "melee" ? "stab" : "shoot";
    const shockStored = rec(s.shock);
    const core: CwnWeapon = {
      kind, damage: readDice(`item:${i.id}.damage`, s.damage, problems), attributes, skill,
      shock: shockStored.enabled === true ? { damage: whole(shockStored.damage, 0, 0, 20), ac: whole(shockStored.ac, 0, 0, CWN_BOUNDS.ac) } : null,
      traumaDie: readDice(`item:${i.id}.traumaDie`, s.traumaDie, problems), traumaRating: whole(s.traumaRating, 1, 1, 10),
      twoHanded: flag(s.twoHanded), unarmed, bodyWeapon,
    };
    const attr = weaponAttribute(core, modifiers);
    const hit = skillHitModifier(d.combatSkills[skill], rules);
    const magazine = rec(s.magazine);
    const range = rec(s.range);
    const view: CwnWeaponView = {
      id: i.id, name: i.name, kind, damage: formatDice(core.damage), traumaDie: formatDice(core.traumaDie!), traumaRating: core.traumaRating,
      attribute: attr.attribute ?? first, attributeModifier: attr.modifier, skill, skillLevel: hit.level, untrained: hit.untrained,
      hitBonus: d.baseHitBonus + attr.modifier + hit.value,
      damageBonus: attr.modifier + (unarmed ? Math.max(0, d.punch) : 0),
      shock: core.shock && { damage: Math.max(0, core.shock.damage + attr.modifier), ac: core.shock.ac },
      twoHanded: core.twoHanded, unarmed, bodyWeapon,
      state: isMember(ITEM_STATES, s.state) ? s.state : "readied",
      magazine: { value: whole(magazine.value, 0, 0, CWN_BOUNDS.magazine), max: whole(magazine.max, 0, 0, CWN_BOUNDS.magazine) },
      reloadAction: isMember(RELOAD_ACTIONS, s.reloadAction) ? s.reloadAction : "main",
      range: { normal: whole(range.normal, 0, 0, CWN_BOUNDS.range), max: whole(range.max, 0, 0, CWN_BOUNDS.range) },
      rules: core,
    };
    return view;
  });
}

/** The derived data of a cwnCharacter or cwnNpc (any other type reads as a character). */
export function deriveCwnActor(type: string, system: unknown, itemList: readonly CwnItemInput[], rules: Readonly<CwnRules> = CWN_STANDARD_RULES): CwnDerived {
  const problems: CwnProblem[] = [];
  const items: CwnItemInput[] = (Array.isArray(itemList) ? itemList : [])
    .filter((i): i is CwnItemInput => i !== null && typeof i === "object")
    .map((i) => ({ id: str(i.id), name: str(i.name), type: str(i.type), system: i.system }));
  const npc = type === "cwnNpc";
  const stored = rec(system);
  const attributes = attributesOf(stored, npc, rules);
  const skills = skillsOf(items);
  const combatSkills = combatSkillsOf(skills, npc ? whole(stored.skillBonus, 1, -1, 10) : null, rules);
  const highestCombatSkill = Math.max(...COMBAT_SKILLS.map((c) => combatSkills[c]));
  const hp = rec(stored.hp);
  const hpMax = whole(hp.max, 0, 0, CWN_BOUNDS.hp);
  const baseHitBonus = whole(stored.baseHitBonus, 0, -5, CWN_BOUNDS.hitBonus);
  const dex = attributes.dex.modifier;

  // W13/W15/W19/W26: worn armor (a character's), or the stat block (an NPC's).
  const worn = items.filter((i) => i.type === "cwnArmor" && rec(i.system).worn !== false).map((i) => ({ id: i.id, s: rec(i.system) }));
  const soakPieces = worn.map(({ id, s }) => {
    const p = rec(s.soak);
    const max = whole(p.max, 0, 0, CWN_BOUNDS.soak);
    return { id, value: Math.min(whole(p.value, 0, 0, CWN_BOUNDS.soak), max), max };
  });
  let ac: CwnDerived["ac"];
  let traumaTarget: number;
  let soak: CwnDerived["soak"];
  if (npc) {
    const a = rec(stored.ac);
    const p = rec(stored.soak);
    ac = { melee: whole(a.melee, 10, 0, CWN_BOUNDS.ac), ranged: whole(a.ranged, 10, 0, CWN_BOUNDS.ac) };
    traumaTarget = whole(stored.traumaTarget, rules.defaultTraumaTarget, 1, 20);
    const max = whole(p.max, 0, 0, CWN_BOUNDS.soak);
    soak = { value: Math.min(whole(p.value, 0, 0, CWN_BOUNDS.soak), max), max };
  } else {
    const bonus = whole(stored.acBonus, 0, -10, 10) + dex;
    const best = (key: string) => Math.max(rules.unarmoredAc, ...worn.map(({ s }) => whole(s[key], 0, 0, CWN_BOUNDS.ac)));
    ac = { melee: best("acMelee") + bonus, ranged: best("acRanged") + bonus };
    const armorTrauma = worn.length ? Math.max(...worn.map(({ s }) => whole(s.traumaTargetModifier, 0, -5, 10))) : 0;
    traumaTarget = rules.defaultTraumaTarget + armorTrauma + whole(stored.traumaTargetBonus, 0, -5, 10);
    soak = { value: soakPieces.reduce((n, p) => n + p.value, 0), max: soakPieces.reduce((n, p) => n + p.max, 0) };
  }
  const partial = { attributes, combatSkills, baseHitBonus, punch: combatSkills.punch };
  const morale = npc ? whole(stored.morale, rules.defaultMorale, 2, 12) : null;
  return {
    attributes,
    skills,
    combatSkills,
    highestCombatSkill,
    screenUses: screenUses(highestCombatSkill, rules),
    punch: combatSkills.punch,
    baseHitBonus,
    hp: { value: Math.min(whole(hp.value, 0, 0, CWN_BOUNDS.hp), hpMax), max: hpMax },
    ac,
    traumaTarget,
    soak,
    soakPieces: npc ? [] : soakPieces,
    integralCyberArmor: worn.some(({ s }) => s.integralCyberArmor === true),
    shockImmune: flag(stored.shockImmune) || worn.some(({ s }) => s.grantsShockImmunity === true),
    initiativeDex: dex,
    moveMetres: whole(stored.moveMetres, rules.moveMetres, 0, CWN_BOUNDS.metres),
    canSnap: flag(stored.canSnap, !npc),
    playerCharacter: !npc,
    downed: isMember(DOWNED_STATES, stored.downed) ? stored.downed : "none",
    morale,
    weapons: weaponsOf(items, partial, problems, rules),
    problems,
  };
}

/** What the round and the GM add to an attacker: its Main spent (W23), Snap allowed by the fight (W23), the GM's modifiers (W13). */
export interface AttackerRound {
  mainSpent?: boolean;
  canSnap?: boolean;
  hitModifiers?: readonly Modifier[];
}

/**
 * The attacker's side of resolveCwnAttack for one of its weapons (the
 * situation and dice are the workflow's). Every field is written in one
 * literal, in one order, whatever the round holds: attackers built for
 * different attacks share one shape, so the rules core reads them at full
 * speed (issue 21: spreading optional parts gave each its own).
 */
export function attackerInput(d: CwnDerived, weaponId: string, round: AttackerRound = {}): CwnAttackerInput | undefined {
  const w = d.weapons.find((x) => x.id === weaponId);
  if (!w) return undefined;
  const a = d.attributes;
  const s = d.combatSkills;
  return {
    playerCharacter: d.playerCharacter,
    baseHitBonus: d.baseHitBonus,
    attributes: { str: a.str.modifier, dex: a.dex.modifier, con: a.con.modifier, int: a.int.modifier, wis: a.wis.modifier, cha: a.cha.modifier },
    skills: { punch: s.punch, stab: s.stab, shoot: s.shoot },
    canSnap: round.canSnap ?? d.canSnap,
    mainSpent: round.mainSpent ?? false,
    moveMetres: d.moveMetres,
    weapon: w.rules,
    hitModifiers: round.hitModifiers ? [...round.hitModifiers] : [],
  };
}

/** The defender's side of resolveCwnAttack, with the states the round holds (W25, W27, W36). */
export function defenderInput(d: CwnDerived, round: { totalDefense?: boolean; charging?: boolean; prone?: boolean } = {}): CwnDefenderInput {
  return {
    playerCharacter: d.playerCharacter,
    ac: { ...d.ac },
    traumaTarget: d.traumaTarget,
    hp: d.hp.value,
    soak: d.soak.value,
    shockImmune: d.shockImmune,
    totalDefense: !!round.totalDefense,
    charging: !!round.charging,
    prone: !!round.prone,
  };
}
