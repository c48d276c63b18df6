/**
 * What a GURPS actor can roll from its sheet (G4–G6): each attribute, skill,
 * active defense and weapon line is a success roll against a level the
 * derive computed, named by a key (`attribute:dx`, `skill:<id>`, `dodge`,
 * `parry:<weapon>:<line>`, `unarmedParry`, `block:<shield>`,
 * `attack:<weapon>:<line>`). In a fight the fighter's round adds what it
 * holds against every such roll — shock (G77), stun (G79), posture (G14),
 * being grappled (G50) — each with its rule; the roller adds the situation's
 * own modifier (G3: free inputs). Pure.
 */
import { GURPS_STANDARD_RULES, type GurpsFighterRound, type GurpsRules, type Modifier, type RollPurpose, successRoll, type SuccessRoll, sumFaces } from "../rules/index.js";
import type { GurpsDerived, GurpsLineView, GurpsWeaponView } from "./derived.js";
import type { GurpsSkillBase } from "./schema.js";

export const GURPS_ROLL_ATTRIBUTES = ["st", "dx", "iq", "ht", "will", "per"] as const satisfies readonly GurpsSkillBase[];

/** One thing the sheet rolls 3d6 against. */
export interface GurpsRollable {
  key: string;
  /** What is rolled, as a lang key and its parameters (a skill's or weapon's own name is a parameter). */
  label: { key: string; params: Record<string, string> };
  /** The level before the round's and the roller's modifiers. */
  level: number;
  /** G4–G6: which criticals apply. */
  purpose: RollPurpose;
  /** G77, G50: the score the roll is keyed to (a defense is keyed to none: shock never touches it). */
  keyedTo: GurpsSkillBase | null;
  /** G14: a melee attack takes the posture's attack column; a defense its defense column. */
  kind: "attribute" | "skill" | "defense" | "meleeAttack" | "rangedAttack";
}

const label = (key: string, params: Record<string, string> = {}) => ({ key: `CYCHOSYS.Gurps.Roll.Label.${key}`, params });
const isBase = (value: string): value is GurpsSkillBase => (GURPS_ROLL_ATTRIBUTES as readonly string[]).includes(value);

/** The skill a weapon is used with, if the actor has it (its base decides what shock touches); DX when he defaults. */
function weaponBase(d: GurpsDerived, w: GurpsWeaponView): GurpsSkillBase {
  const skill = d.skills.find((s) => s.name.trim().toLowerCase() === w.skillName.trim().toLowerCase());
  return skill?.base ?? "dx";
}

function weaponLine(d: GurpsDerived, weaponId: string, index: string): { weapon: GurpsWeaponView; line: GurpsLineView } | undefined {
  const weapon = d.weapons.find((w) => w.id === weaponId);
  const line = /^\d{1,3}$/.test(index) ? weapon?.lines[Number(index)] : undefined;
  return weapon && line ? { weapon, line } : undefined;
}

const lineName = (w: GurpsWeaponView, l: GurpsLineView) => (l.name.trim() ? `${w.name} (${l.name.trim()})` : w.name);

/** The rollable a key names on this actor, or undefined (an unknown key, a line that cannot parry). */
export function findGurpsRollable(d: GurpsDerived, key: string): GurpsRollable | undefined {
  if (typeof key !== "string" || key.length > 200) return undefined;
  const [kind, a = "", b = ""] = key.split(":");
  switch (kind) {
    case "attribute": {
      if (!isBase(a)) return undefined;
      const level = a === "will" ? d.will : a === "per" ? d.per : d.attributes[a];
      return { key, label: label(`attribute.${a}`), level, purpose: "other", keyedTo: a, kind: "attribute" };
    }
    case "skill": {
      const skill = d.skills.find((s) => s.id === a);
      return skill ? { key, label: label("skill", { name: skill.name }), level: skill.level, purpose: "other", keyedTo: skill.base, kind: "skill" } : undefined;
    }
    case "dodge":
      return { key, label: label("dodge"), level: d.dodge, purpose: "defense", keyedTo: null, kind: "defense" };
    case "unarmedParry":
      return { key, label: label("unarmedParry"), level: d.unarmedParry.parry, purpose: "defense", keyedTo: null, kind: "defense" };
    case "block": {
      const shield = d.shields.find((s) => s.id === a);
      return shield ? { key, label: label("block", { name: shield.name }), level: shield.block, purpose: "defense", keyedTo: null, kind: "defense" } : undefined;
    }
    case "parry": {
      const found = weaponLine(d, a, b);
      if (!found || found.line.parry === null) return undefined;
      return { key, label: label("parry", { name: lineName(found.weapon, found.line) }), level: found.line.parry, purpose: "defense", keyedTo: null, kind: "defense" };
    }
    case "attack": {
      const found = weaponLine(d, a, b);
      if (!found) return undefined;
      const melee = found.line.kind === "melee";
      return {
        key, label: label("attack", { name: lineName(found.weapon, found.line) }), level: found.weapon.skillLevel, purpose: melee ? "meleeAttack" : "rangedAttack",
        keyedTo: weaponBase(d, found.weapon), kind: melee ? "meleeAttack" : "rangedAttack",
      };
    }
    default:
      return undefined;
  }
}

/**
 * What the fighter's round holds against this roll now, each with its rule:
 * G77 shock (rolls keyed to DX or IQ, attacks included; never a defense or
 * an HT, ST, Will or Per roll), G79 stun (−4 to defenses until his next turn
 * begins), G14 posture (a melee attack's and a defense's column), G50 being
 * grappled (−4 to DX and what is keyed to it). Nothing outside a fight.
 */
export function roundModifiers(r: GurpsRollable, round: GurpsFighterRound | null, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): Modifier[] {
  if (!round) return [];
  const out: Modifier[] = [];
  const dxOrIq = r.keyedTo === "dx" || r.keyedTo === "iq";
  if (dxOrIq && round.shock > 0) out.push({ key: "shock", value: -round.shock, rule: "G77" });
  if (r.keyedTo === "dx" && round.grappledBy.length > 0) out.push({ key: "grappled", value: rules.grappleDx, rule: "G50" });
  const row = rules.postures[round.posture === "standing" && round.crouching ? "crouching" : round.posture];
  if (r.kind === "defense") {
    if (round.stunDefense) out.push({ key: "stunned", value: rules.stunnedDefense, rule: "G79" });
    if (row.defense !== 0) out.push({ key: "posture", value: row.defense, rule: "G14" });
  }
  if (r.kind === "meleeAttack" && row.meleeAttack !== 0) out.push({ key: "posture", value: row.meleeAttack, rule: "G14" });
  return out;
}

/** The most a roller may add or take away by hand (G3: a situational modifier). */
export const MAX_SITUATIONAL = 30;

export interface GurpsRollResult {
  rollable: GurpsRollable;
  modifiers: Modifier[];
  effective: number;
  /** The three faces as rolled. */
  faces: readonly number[];
  result: SuccessRoll;
}

/** A modifier the roller may take or leave (checked by default when the rules' default is yes). */
export interface GurpsRollOption {
  id: string;
  modifier: Modifier;
  checked: boolean;
}

/**
 * G59: a ready shield or cloak adds its DB (the best one: several do not add
 * up) to Dodge, Parry and Block against attacks from the front or shield
 * side, and only against melee, thrown and muscle-powered attacks — the
 * roller says so; by default yes ([fixed]). A shield's readiness is the
 * round's in a fight, the item's outside one.
 */
export function rollOptions(r: GurpsRollable, d: GurpsDerived, round: GurpsFighterRound | null): GurpsRollOption[] {
  if (r.kind !== "defense") return [];
  let db = 0;
  for (const s of d.shields) {
    const ready = round?.items[s.id] ? round.items[s.id]!.ready : s.ready;
    if (ready && s.db > db) db = s.db;
  }
  return db > 0 ? [{ id: "shieldDb", modifier: { key: "shieldDb", value: db, rule: "G59" }, checked: true }] : [];
}

/**
 * G4–G6: the roll read by the core — effective level = level + the
 * modifiers (the round's, the options taken, the situational one); the
 * faces' total against it, with the criticals of its purpose. `faces` must
 * be three faces 1–6 (the dice rolled); anything else throws the core's
 * GurpsError.
 */
export function readGurpsRoll(r: GurpsRollable, modifiers: readonly Modifier[], faces: readonly number[], rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): GurpsRollResult {
  const total = sumFaces(faces, rules.successDice, "3d6", rules);
  const effective = r.level + modifiers.reduce((sum, m) => sum + m.value, 0);
  return { rollable: r, modifiers: [...modifiers], effective, faces: [...faces], result: successRoll(effective, total, r.purpose, rules) };
}
