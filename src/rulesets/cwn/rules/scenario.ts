/**
 * The headless CWN attack scenario, version 1 (docs/rulesets/cwn.md): JSON
 * in, checked field by field, out as a CwnAttackInput with the rules it
 * runs under. Strict: unknown fields are errors, numbers are bounded, dice
 * are checked against the weapon, and every problem is one short
 * CwnError("scenarioField") naming the field path.
 */
import type { Json } from "../../../core/scenario-fields.js";
import type { CwnWeapon } from "./attack.js";
import { CWN_STANDARD_RULES, type CwnRules } from "./options.js";
import { type CwnAttackerInput, type CwnAttackInput, type CwnDefenderInput, type CwnScreenerEntry } from "./resolve.js";
import { CwnFieldReader, LIMITS, readRoot, say } from "./scenario-common.js";
import { screenBar, screenUses } from "./screen.js";
import { ATTACK_ACTIONS, ATTACK_KINDS, ATTRIBUTES, type Attribute, COMBAT_SKILLS, type CombatSkill, DISTANCES } from "./types.js";

/** A read attack scenario: the attack, the rules it runs under, and names for explain. */
export interface CwnAttackScenario {
  kind: "attack";
  input: CwnAttackInput;
  rules: CwnRules;
  names: { attacker?: string; defender?: string; screeners: string[] };
}

const DEFENDER_FIELDS = ["name", "playerCharacter", "ac", "acModifiers", "traumaTarget", "hp", "soak", "totalDefense", "charging", "shockImmune", "prone", "immune"];

function attributes(r: CwnFieldReader, value: unknown, field: string): Partial<Record<Attribute, number>> {
  const o = r.object(value, field, ATTRIBUTES);
  const out: Partial<Record<Attribute, number>> = {};
  for (const a of ATTRIBUTES) if (r.has(o, a)) out[a] = r.integer(o[a], `${field}.${a}`, -LIMITS.attribute, LIMITS.attribute);
  return out;
}

function skills(r: CwnFieldReader, value: unknown, field: string): Partial<Record<CombatSkill, number>> {
  const o = r.object(value, field, COMBAT_SKILLS);
  const out: Partial<Record<CombatSkill, number>> = {};
  for (const s of COMBAT_SKILLS) if (r.has(o, s)) out[s] = r.integer(o[s], `${field}.${s}`, r.rules.untrainedSkillLevel, LIMITS.skill);
  return out;
}

/** A weapon: its kind, dice, attributes, skill, Shock, Trauma and handling (W13–W24). */
export function readWeapon(r: CwnFieldReader, value: unknown, field: string): CwnWeapon & { name?: string } {
  const o = r.object(value, field, ["name", "kind", "damage", "attributes", "skill", "shock", "traumaDie", "traumaRating", "twoHanded", "unarmed", "bodyWeapon"], ["kind", "damage", "attributes"]);
  const kind = r.oneOf(o.kind, `${field}.kind`, ATTACK_KINDS);
  const unarmed = r.has(o, "unarmed") ? r.boolean(o.unarmed, `${field}.unarmed`) : false;
  const bodyWeapon = r.has(o, "bodyWeapon") ? r.boolean(o.bodyWeapon, `${field}.bodyWeapon`) : false;
  if ((unarmed || bodyWeapon) && kind !== "melee") r.fail(`${field}.kind`, say("fistsAreMelee"));
  if (unarmed && bodyWeapon) r.fail(`${field}.bodyWeapon`, say("unarmedOrBody"));
  const attrs = r.list(o.attributes, `${field}.attributes`, 2, 1).map((a, i) => r.oneOf(a, `${field}.attributes[${i}]`, ATTRIBUTES));
  if (attrs.length === 2 && attrs[0] === attrs[1]) r.fail(`${field}.attributes`, say("sameAttribute"));
  const defaultSkill: CombatSkill = unarmed || bodyWeapon ? "punch" : kind === "melee" ? "stab" : "shoot";
  const skill = r.has(o, "skill") ? r.oneOf(o.skill, `${field}.skill`, COMBAT_SKILLS) : defaultSkill;
  if ((unarmed || bodyWeapon) && skill !== "punch") r.fail(`${field}.skill`, say("fistsUsePunch"));
  let shock: CwnWeapon["shock"] = null;
  if (r.has(o, "shock") && o.shock !== null) {
    const s = r.object(o.shock, `${field}.shock`, ["damage", "ac"], ["damage", "ac"]);
    shock = { damage: r.integer(s.damage, `${field}.shock.damage`, 0, LIMITS.shock), ac: r.integer(s.ac, `${field}.shock.ac`, 0, LIMITS.ac) };
  }
  const weapon: CwnWeapon & { name?: string } = {
    kind,
    damage: r.dice(o.damage, `${field}.damage`),
    attributes: attrs,
    skill,
    shock,
    traumaDie: r.has(o, "traumaDie") && o.traumaDie !== null ? r.dice(o.traumaDie, `${field}.traumaDie`) : null,
    traumaRating: r.has(o, "traumaRating") ? r.integer(o.traumaRating, `${field}.traumaRating`, 1, LIMITS.traumaRating) : 1,
    twoHanded: r.has(o, "twoHanded") ? r.boolean(o.twoHanded, `${field}.twoHanded`) : false,
    unarmed,
    bodyWeapon,
  };
  if (r.has(o, "name")) weapon.name = r.name(o.name, `${field}.name`);
  return weapon;
}

function readDefenderFields(r: CwnFieldReader, o: Json, field: string): CwnDefenderInput {
  const acField = `${field}.ac`;
  const ac = r.object(o.ac, acField, ["melee", "ranged"], ["melee", "ranged"]);
  const d: CwnDefenderInput = {
    ac: { melee: r.integer(ac.melee, `${acField}.melee`, 0, LIMITS.ac), ranged: r.integer(ac.ranged, `${acField}.ranged`, 0, LIMITS.ac) },
    hp: r.integer(o.hp, `${field}.hp`, 0, LIMITS.hp),
  };
  if (r.has(o, "acModifiers")) d.acModifiers = r.modifiers(o.acModifiers, `${field}.acModifiers`);
  if (r.has(o, "traumaTarget")) d.traumaTarget = r.integer(o.traumaTarget, `${field}.traumaTarget`, 1, LIMITS.traumaTarget);
  if (r.has(o, "soak")) d.soak = r.integer(o.soak, `${field}.soak`, 0, LIMITS.soak);
  for (const key of ["playerCharacter", "totalDefense", "charging", "shockImmune", "prone", "immune"] as const) {
    if (r.has(o, key)) d[key] = r.boolean(o[key], `${field}.${key}`);
  }
  return d;
}

/** An attacker block (the attack scenario's `attacker`, a combat member's `attacker`): its figures and weapon (W13–W25). */
export function readAttacker(r: CwnFieldReader, value: unknown, field = "attacker"): { attacker: CwnAttackerInput; name?: string } {
  const a = r.object(value, field, [
    "name", "playerCharacter", "baseHitBonus", "attributes", "skills", "canSnap", "mainSpent", "moveMetres", "weapon", "hitModifiers", "damageBonus", "shockBonus", "traumaBonus",
  ], ["baseHitBonus", "weapon"]);
  const weapon = readWeapon(r, a.weapon, `${field}.weapon`);
  const attacker: CwnAttackerInput = { baseHitBonus: r.integer(a.baseHitBonus, `${field}.baseHitBonus`, -LIMITS.hitBonus, LIMITS.hitBonus), weapon };
  if (r.has(a, "attributes")) attacker.attributes = attributes(r, a.attributes, `${field}.attributes`);
  if (r.has(a, "skills")) attacker.skills = skills(r, a.skills, `${field}.skills`);
  for (const key of ["playerCharacter", "canSnap", "mainSpent"] as const) if (r.has(a, key)) attacker[key] = r.boolean(a[key], `${field}.${key}`);
  if (r.has(a, "moveMetres")) attacker.moveMetres = r.number(a.moveMetres, `${field}.moveMetres`, 0, LIMITS.metres);
  if (r.has(a, "hitModifiers")) attacker.hitModifiers = r.modifiers(a.hitModifiers, `${field}.hitModifiers`);
  for (const key of ["damageBonus", "shockBonus", "traumaBonus"] as const) if (r.has(a, key)) attacker[key] = r.integer(a[key], `${field}.${key}`, -LIMITS.modifier, LIMITS.modifier);
  return r.has(a, "name") ? { attacker, name: r.name(a.name, `${field}.name`) } : { attacker };
}

/** A defender block (the attack scenario's `defender`, a combat member's `defender`): its ACs, hit points, soak and states (W13–W19, W25–W27, W36). */
export function readDefender(r: CwnFieldReader, value: unknown, field = "defender"): { defender: CwnDefenderInput; name?: string } {
  const d = r.object(value, field, DEFENDER_FIELDS, ["ac", "hp"]);
  const defender = readDefenderFields(r, d, field);
  return r.has(d, "name") ? { defender, name: r.name(d.name, `${field}.name`) } : { defender };
}

function readScreen(r: CwnFieldReader, value: unknown, names: string[]): NonNullable<CwnAttackInput["screen"]> {
  const o = r.object(value, "screen", ["attacker", "screeners", "choice"], ["attacker", "screeners"]);
  const dice = r.rules.screenCheckDice;
  const attackerDice = r.faces(o.attacker, "screen.attacker", dice.count, dice.faces, "attacker's screen check");
  const screeners = r.list(o.screeners, "screen.screeners", LIMITS.screeners, 1).map((x, i): CwnScreenerEntry => {
    const field = `screen.screeners[${i}]`;
    const s = r.object(x, field, [...DEFENDER_FIELDS, "highestSkill", "strDex", "usesLeft", "integralCyberArmor", "roll"], ["ac", "hp", "highestSkill"]);
    names.push(r.has(s, "name") ? r.name(s.name, `${field}.name`) : "");
    const highestSkill = r.integer(s.highestSkill, `${field}.highestSkill`, r.rules.untrainedSkillLevel, LIMITS.skill);
    const entry: CwnScreenerEntry = {
      defender: readDefenderFields(r, s, field),
      highestSkill,
      strDex: r.has(s, "strDex") ? r.integer(s.strDex, `${field}.strDex`, -LIMITS.attribute, LIMITS.attribute) : 0,
      usesLeft: r.has(s, "usesLeft") ? r.integer(s.usesLeft, `${field}.usesLeft`, 0, LIMITS.skill) : screenUses(highestSkill, r.rules),
      integralCyberArmor: r.has(s, "integralCyberArmor") ? r.boolean(s.integralCyberArmor, `${field}.integralCyberArmor`) : false,
    };
    if (r.has(s, "roll")) entry.dice = r.faces(s.roll, `${field}.roll`, dice.count, dice.faces, `screener ${i + 1}'s screen check`);
    return entry;
  });
  const screen: NonNullable<CwnAttackInput["screen"]> = { attackerDice, screeners };
  if (r.has(o, "choice")) screen.choice = r.integer(o.choice, "screen.choice", 0, screeners.length - 1);
  return screen;
}

const ROOT_FIELDS = ["ruleset", "version", "kind", "options", "action", "attacker", "defender", "distance", "adjacentFoe", "inRange", "charge", "swarm", "screen", "lethal", "roll", "trauma", "damage"];

/** Check a parsed JSON attack scenario and turn it into a CwnAttackScenario. */
export function readCwnAttackScenario(value: unknown, worldRules: Readonly<CwnRules> = CWN_STANDARD_RULES): CwnAttackScenario {
  const base: CwnFieldReader = new CwnFieldReader(worldRules);
  const root = base.object(value, "scenario", ROOT_FIELDS, ["attacker", "defender", "roll"]);
  const rules = readRoot(base, root, "attack");
  const r: CwnFieldReader = new CwnFieldReader(rules);
  const names: CwnAttackScenario["names"] = { screeners: [] };
  const { attacker, name } = readAttacker(r, root.attacker);
  if (name !== undefined) names.attacker = name;
  const { defender, name: defenderName } = readDefender(r, root.defender);
  if (defenderName !== undefined) names.defender = defenderName;
  const weapon = attacker.weapon;
  const input: CwnAttackInput = { attacker, defender, roll: r.integer(root.roll, "roll", 1, rules.attackDieFaces) };
  if (r.has(root, "action")) input.action = r.oneOf(root.action, "action", ATTACK_ACTIONS);
  if (r.has(root, "distance")) input.distance = r.oneOf(root.distance, "distance", DISTANCES);
  if (r.has(root, "adjacentFoe")) input.adjacentFoe = r.oneOf(root.adjacentFoe, "adjacentFoe", ["none", "fists", "armed"] as const);
  if (r.has(root, "inRange")) input.inRange = r.boolean(root.inRange, "inRange");
  if (r.has(root, "lethal")) input.lethal = r.boolean(root.lethal, "lethal");
  const action = input.action ?? "attack";
  if (r.has(root, "charge")) {
    if (action !== "charge") r.fail("charge", say("onlyFor", { action: "charge" }));
    const c = r.object(root.charge, "charge", ["metres"], ["metres"]);
    input.charge = { metres: r.number(c.metres, "charge.metres", 0, LIMITS.metres) };
  } else if (action === "charge") r.fail("charge", say("required"));
  if (r.has(root, "swarm")) {
    if (action !== "swarm") r.fail("swarm", say("onlyFor", { action: "swarm" }));
    const s = r.object(root.swarm, "swarm", ["participants", "standing"], ["participants"]);
    const participants = r.integer(s.participants, "swarm.participants", 1, LIMITS.participants);
    const standing = r.has(s, "standing") ? r.integer(s.standing, "swarm.standing", 1, LIMITS.participants) : participants;
    if (standing > participants) r.fail("swarm.standing", say("standingMoreThanJoined", { participants }));
    input.swarm = { participants, standing };
  } else if (action === "swarm") r.fail("swarm", say("required"));
  if (r.has(root, "screen")) {
    input.screen = readScreen(r, root.screen, names.screeners);
    input.screen.screeners.forEach((s, i) => {
      if (s.dice === undefined && screenBar(s, weapon.kind, rules) === null) r.fail(`screen.screeners[${i}].roll`, say("screenRollNeeded"));
    });
  }
  if (r.has(root, "trauma")) {
    const die = weapon.traumaDie;
    if (!die) r.fail("trauma", say("noTraumaDie"));
    input.traumaDice = r.faces(root.trauma, "trauma", die.count, die.faces, "Trauma Die");
  }
  if (r.has(root, "damage")) input.damageDice = r.faces(root.damage, "damage", weapon.damage.count, weapon.damage.faces, "damage roll");
  return { kind: "attack", input, rules, names };
}
