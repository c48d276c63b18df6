/**
 * The shape of a GURPS actor's derived data (`system.derived`), computed by
 * `deriveGurpsActor` (derive.ts) from its stored data and items through the
 * rules core: what the sheets show, and what the attack workflow and the
 * tracker read. Never stored.
 */
import type { ArmorLayer, HitLocation, UnarmedSkill } from "../rules/index.js";
import type { GurpsSkillBase } from "./schema.js";

export interface GurpsSkillView {
  id: string;
  name: string;
  base: GurpsSkillBase;
  relativeLevel: number;
  /** G1: the base score + the relative level. */
  level: number;
  unarmed: UnarmedSkill | null;
  fencing: boolean;
}

export interface GurpsLineView {
  index: number;
  name: string;
  kind: "melee" | "thrown" | "musclePowered" | "firearm" | "projectedLiquid";
  /** As stored (`sw+2`) and resolved with the wielder's thrust/swing (`1d+3`, G2). */
  damageText: string;
  damage: string;
  /** G26: ST-based (thrust or swing): All-Out Attack (Strong) adds to it. */
  stBased: boolean;
  type: string;
  divisor: number;
  /** G36: reach in yards (0 = C) and whether changing it takes a Ready (G39). */
  reach: number[];
  reachNeedsReady: boolean;
  /** G63: Parry with this line (3 + skill/2 + modifier), null when it cannot parry; the stored modifier. */
  parry: number | null;
  parryModifier: number;
  unbalanced: boolean;
  unreadyAfterAttack: boolean;
  /** G40: the wielder keeps it ready after an attack (ST ≥ 1.5 × minimum ST). */
  staysReady: boolean;
  fencing: boolean;
  minSt: number;
  acc: number;
  halfDamage: number | null;
  max: number | null;
  minRange: number | null;
  rof: number;
  shots: string;
  rcl: number;
  bulk: number;
}

export interface GurpsWeaponView {
  id: string;
  name: string;
  skillName: string;
  /** The skill's level, or DX + the weapon's default when the actor lacks the skill. */
  skillLevel: number;
  defaulted: boolean;
  /** G64–G66, G73: used with an unarmed skill (Brawling, Boxing, Judo, Karate …): its strikes are unarmed; null for a weapon. */
  unarmed: UnarmedSkill | null;
  hand: "main" | "off" | "both";
  weight: number;
  quality: "cheap" | "good" | "fine" | "veryFine";
  ready: boolean;
  lines: GurpsLineView[];
}

export interface GurpsShieldView {
  id: string;
  name: string;
  kind: "shield" | "cloak" | "buckler";
  db: number;
  skillLevel: number;
  defaulted: boolean;
  /** G62: 3 + skill/2. */
  block: number;
  ready: boolean;
  hand: "main" | "off" | "both";
}

export interface GurpsProblem {
  /** `basicSpeed`, `damage.swing`, `item:<id>.lines.0.damage` … */
  where: string;
  value: string;
  i18nKey: string;
  params: Readonly<Record<string, string | number>>;
}

export interface GurpsDerived {
  attributes: { st: number; dx: number; iq: number; ht: number };
  will: number;
  per: number;
  hp: { value: number; max: number };
  fp: { value: number; max: number };
  basicSpeed: number;
  basicMove: number;
  move: number;
  encumbrance: number;
  basicLift: number;
  sm: number;
  thrust: string;
  swing: string;
  traits: {
    ambidexterity: boolean; trainedByAMaster: boolean; weaponMaster: boolean; perfectBalance: boolean; constrictionAttack: boolean;
    injuryTolerance: "none" | "unliving" | "homogenous"; diffuse: boolean; flightOrSuperJump: boolean; enhancedMove: boolean;
  };
  /** G80: reeling, and Basic Speed and Move as they stand (halved when reeling). */
  reeling: boolean;
  speedNow: number;
  moveNow: number;
  /** G11: the step with the current Move. */
  step: number;
  /** G61, G80: Dodge (as it stands, reeling included). */
  dodge: number;
  /** G77–G81: the figures the injury rules compare against (full HP, G94). */
  thresholds: { majorWoundOver: number; reelingBelow: number; deathChecksAt: number[]; deadAt: number; shockDivisor: number };
  /** G81: the HT roll's modifier at the start of each turn at 0 HP or below (null above 0). */
  consciousnessModifier: number | null;
  skills: GurpsSkillView[];
  weapons: GurpsWeaponView[];
  shields: GurpsShieldView[];
  /** G66: the bare-handed parry (best of Boxing, Brawling, Judo, Karate, or DX). */
  unarmedParry: { skill: UnarmedSkill; level: number; parry: number };
  /** G61: Acrobatics (the acrobatic dodge), null without it. */
  acrobatics: number | null;
  /** G74: the knockback roll's score: the best of DX, Acrobatics and Judo. */
  balance: number;
  /** G71: natural DR (already in `dr`). */
  naturalDr: number;
  /** G81: the death checks already rolled (stored). */
  deathChecksRolled: number;
  /** G71, G72: DR by location (equipped armor and natural DR), which locations have flexible armor, and the layers for the core. */
  dr: Record<HitLocation, number>;
  flexible: Record<HitLocation, boolean>;
  armorLayers: ArmorLayer[];
  problems: GurpsProblem[];
}
