/**
 * The GURPS item sheets' contents (pure): a skill (G1: its base and relative
 * level), a weapon and its attack lines (G2, G51–G57), armor with DR per
 * location (G71, G72), a shield or cloak (G59, G62, G88). Inputs show what
 * is stored; when the item is owned, the owner's derived figures (the
 * skill's level, each line's damage resolved and Parry, the Block) stand
 * beside them.
 */
import { ATTACK_KINDS, DAMAGE_TYPES, HANDS, HIT_LOCATIONS, QUALITIES, UNARMED_SKILLS } from "../rules/index.js";
import { choices, descriptionView, num, rec, str } from "../../../core/views/sheet.js";
import type { GurpsDerived } from "../data/derived.js";
import { GURPS_DIVISORS, GURPS_SHIELD_KINDS, GURPS_SKILL_BASES, type GurpsItemType } from "../data/schema.js";

export interface GurpsItemSheetInput {
  type: GurpsItemType;
  id: string;
  name: string;
  img: string;
  /** The stored `system`. */
  system: Record<string, unknown>;
  editable: boolean;
  enrichedDescription: string;
  /** The owning character's derived data and skill names, when the item is owned. */
  owner?: { name: string; derived: GurpsDerived | undefined; skills: readonly string[] };
}


/** The number inputs of one attack line (G2, G22, G51–G57), with the schema's bounds. */
const LINE_NUMBERS = [
  { id: "parry", min: -10, max: 10 },
  { id: "minSt", min: 0, max: 999 },
  { id: "acc", min: 0, max: 30 },
  { id: "halfDamage", min: 0, max: 1_000_000 },
  { id: "max", min: 0, max: 1_000_000 },
  { id: "minRange", min: 0, max: 1_000_000 },
  { id: "rof", min: 1, max: 10_000 },
  { id: "rcl", min: 1, max: 100 },
  { id: "bulk", min: -30, max: 0 },
] as const;
const LINE_FLAGS = ["parries", "unbalanced", "unreadyAfterAttack", "fencing"] as const;
/** What a melee line shows (G36, G40, G63) and what a ranged one does (G51–G57); the other fields stay stored as they are. */
const MELEE_NUMBERS: readonly string[] = ["parry", "minSt"];
const MELEE_FLAGS: readonly string[] = LINE_FLAGS;
const RANGED_FLAGS: readonly string[] = ["unreadyAfterAttack"];

function linesView(input: GurpsItemSheetInput) {
  const stored = Array.isArray(input.system.lines) ? (input.system.lines as unknown[]) : [];
  const weapon = input.owner?.derived?.weapons.find((w) => w.id === input.id);
  return stored.map((raw, index) => {
    const l = rec(raw);
    const path = (field: string) => `system.lines.${index}.${field}`;
    const view = weapon?.lines[index];
    const ranged = str(l.kind) !== "melee" && str(l.kind) !== "";
    return {
      index,
      name: { path: path("name"), value: str(l.name) },
      kind: { path: path("kind"), options: choices(ATTACK_KINDS, str(l.kind), (k) => `CYCHOSYS.Gurps.AttackKind.${k}`) },
      damage: { path: path("damage"), value: str(l.damage) },
      type: { path: path("type"), options: choices(DAMAGE_TYPES, str(l.type), (k) => `CYCHOSYS.Gurps.DamageType.${k}`) },
      divisor: { path: path("divisor"), options: choices(GURPS_DIVISORS, str(l.divisor) || "1", (k) => (k === "1" ? "CYCHOSYS.Gurps.Sheet.NoDivisor" : `(${k})`)) },
      reach: { path: path("reach"), value: str(l.reach) },
      shots: { path: path("shots"), value: str(l.shots) },
      numbers: LINE_NUMBERS.filter((f) => (ranged ? f.id !== "parry" : MELEE_NUMBERS.includes(f.id))).map((f) => ({ ...f, path: path(f.id), value: num(l[f.id], f.min), label: `CYCHOSYS.Gurps.Sheet.Line.${f.id}` })),
      flags: LINE_FLAGS.filter((f) => (ranged ? RANGED_FLAGS : MELEE_FLAGS).includes(f)).map((f) => ({ id: f, path: path(f), checked: f === "parries" ? l[f] !== false : l[f] === true, label: `CYCHOSYS.Gurps.Sheet.Line.${f}` })),
      ranged,
      derived: view ? { damage: view.damage, parry: view.parry, skill: weapon!.skillLevel } : null,
    };
  });
}

export function gurpsItemSheetView(input: GurpsItemSheetInput) {
  const s = input.system;
  const d = input.owner?.derived;
  const base = {
    gurps: true, id: input.id, name: input.name, img: input.img, type: input.type, typeLabel: `CYCHOSYS.Gurps.Sheet.Type.${input.type}`, editable: input.editable,
    system: s, owner: input.owner?.name ?? null, ownerSkills: [...(input.owner?.skills ?? [])],
    description: descriptionView(s, input.enrichedDescription),
    weight: { path: "system.weight", value: num(s.weight) },
    hands: choices(HANDS, str(s.hand), (h) => `CYCHOSYS.Gurps.Hand.${h}`),
  };
  switch (input.type) {
    case "gurpsSkill": {
      const view = d?.skills.find((k) => k.id === input.id);
      return {
        ...base,
        bases: choices(GURPS_SKILL_BASES, str(s.base), (b) => `CYCHOSYS.Gurps.Sheet.Base.${b}`),
        unarmed: choices(["none", ...UNARMED_SKILLS.filter((u) => u !== "dx")], str(s.unarmed) || "none", (u) => (u === "none" ? "CYCHOSYS.Gurps.Sheet.NotUnarmed" : `CYCHOSYS.Gurps.UnarmedSkill.${u}`)),
        level: view ? view.level : null,
      };
    }
    case "gurpsWeapon": {
      const view = d?.weapons.find((w) => w.id === input.id);
      return {
        ...base,
        qualities: choices(QUALITIES, str(s.quality), (q) => `CYCHOSYS.Gurps.Quality.${q}`),
        lines: linesView(input),
        level: view ? { value: view.skillLevel, defaulted: view.defaulted } : null,
      };
    }
    case "gurpsArmor": {
      const dr = rec(s.dr);
      const byType = Array.isArray(s.drByType) ? (s.drByType as unknown[]).map(rec) : [];
      return {
        ...base,
        locations: HIT_LOCATIONS.map((l) => ({ id: l, label: `CYCHOSYS.Gurps.Location.${l}`, path: `system.dr.${l}`, value: num(dr[l]) })),
        drByType: byType.map((t, index) => ({
          index, type: { path: `system.drByType.${index}.type`, options: choices(DAMAGE_TYPES, str(t.type), (k) => `CYCHOSYS.Gurps.DamageType.${k}`) },
          dr: { path: `system.drByType.${index}.dr`, value: num(t.dr) },
        })),
      };
    }
    case "gurpsShield": {
      const view = d?.shields.find((x) => x.id === input.id);
      return {
        ...base,
        kinds: choices(GURPS_SHIELD_KINDS, str(s.kind), (k) => `CYCHOSYS.Gurps.Sheet.ShieldKind.${k}`),
        block: view ? { value: view.block, skill: view.skillLevel, defaulted: view.defaulted } : null,
      };
    }
  }
}
export type GurpsItemSheetView = ReturnType<typeof gurpsItemSheetView>;
