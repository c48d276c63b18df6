/**
 * The GURPS character sheet's Combat tab (pure): the parries and blocks, each
 * labelled with its weapon or shield (G63, G66 the bare-handed parry, G62
 * Block; Dodge G61 is the header's), each weapon with its attack
 * lines (G2: skill, damage resolved with thrust/swing, reach or the ranged
 * stats, Parry G63 with its U and fencing marks), shields (G59 DB), armor
 * pieces and DR by location (G71, flexible for G72), and the injury
 * thresholds (G77–G81). Every figure is the derive's.
 */
import type { Localize } from "../../../core/messages.js";
import type { GurpsDerived, GurpsLineView, GurpsWeaponView } from "../data/derived.js";
import { HIT_LOCATIONS } from "../rules/index.js";
import { bySort, DASH, str } from "../../../core/views/sheet.js";
import { signed } from "../../../core/views/text.js";
import type { GurpsSheetItem } from "./sheet-parts.js";


/** G36: reach as written (`C`, `1`, `C,1`, `1*`). */
const reachText = (l: GurpsLineView) => (l.reach.length ? l.reach.map((r) => (r === 0 ? "C" : String(r))).join(",") + (l.reachNeedsReady ? "*" : "") : DASH);

/** G51–G57: a ranged line's figures in one line: Acc, 1/2D and Max, RoF, Shots, Rcl, Bulk. */
function rangedText(l: GurpsLineView, localize: Localize): string {
  const parts = [`${localize("CYCHOSYS.Gurps.Sheet.Acc")} ${l.acc}`];
  if (l.halfDamage !== null || l.max !== null) parts.push(`${l.halfDamage ?? DASH}/${l.max ?? DASH}`);
  parts.push(`${localize("CYCHOSYS.Gurps.Sheet.Rof")} ${l.rof}`);
  if (l.shots) parts.push(`${localize("CYCHOSYS.Gurps.Sheet.Shots")} ${l.shots}`);
  if (l.rcl > 1) parts.push(`${localize("CYCHOSYS.Gurps.Sheet.Rcl")} ${l.rcl}`);
  if (l.bulk !== 0) parts.push(`${localize("CYCHOSYS.Gurps.Sheet.Bulk")} ${signed(l.bulk)}`);
  return parts.join(" · ");
}

/** G63: Parry as the line lists it: the score with U (unbalanced, G41) and F (fencing, G67) marks, or No. */
function parryText(l: GurpsLineView, localize: Localize): string {
  if (l.parry === null) return localize("CYCHOSYS.Gurps.Sheet.NoParry");
  return `${l.parry}${l.fencing ? "F" : ""}${l.unbalanced ? "U" : ""}`;
}

function lineRow(w: GurpsWeaponView, l: GurpsLineView, localize: Localize) {
  const melee = l.kind === "melee";
  return {
    index: l.index,
    name: l.name.trim() || localize(`CYCHOSYS.Gurps.AttackKind.${l.kind}`),
    kind: `CYCHOSYS.Gurps.AttackKind.${l.kind}`,
    damage: l.damage,
    damageText: l.damageText,
    type: l.type,
    typeLabel: `CYCHOSYS.Gurps.DamageType.${l.type}`,
    divisor: l.divisor === 1 ? null : `(${l.divisor})`,
    reach: melee ? reachText(l) : null,
    ranged: melee ? null : rangedText(l, localize),
    parry: parryText(l, localize),
    minSt: l.minSt > 0 ? `${l.minSt}${l.unreadyAfterAttack ? "‡" : ""}` : l.unreadyAfterAttack ? "‡" : DASH,
    /** G40: a ‡ weapon this wielder cannot keep ready after an attack. */
    unreadies: l.unreadyAfterAttack && !l.staysReady,
    attackKey: `attack:${w.id}:${l.index}`,
    damageKey: `damage:${w.id}:${l.index}`,
    parryKey: l.parry === null ? null : `parry:${w.id}:${l.index}`,
  };
}

/** One parry or block the character may roll, labelled with what it is made with (Dodge is the header's, once). */
export interface GurpsDefenseFigure {
  label: string;
  level: number;
  rollKey: string;
  /** The weapon or shield is not ready now: it cannot defend until readied (G39, G88). */
  unready: boolean;
}

/**
 * G62, G63, G66: every parry and block, each labelled with what it is made
 * with — "Parry (Broadsword) 10", "Parry (bare hands, DX) 9", "Block (Medium
 * shield) 9" — so no figure stands without saying which applies. A weapon
 * whose lines parry alike is one entry; lines that differ are named.
 */
function parriesAndBlocks(d: GurpsDerived, localize: Localize): GurpsDefenseFigure[] {
  const out: GurpsDefenseFigure[] = [];
  for (const w of d.weapons) {
    const lines = w.lines.filter((l) => l.parry !== null);
    const alike = lines.every((l) => l.parry === lines[0]?.parry);
    for (const l of alike ? lines.slice(0, 1) : lines) {
      const name = alike ? w.name : localize("CYCHOSYS.Gurps.Sheet.WeaponLine", { weapon: w.name, line: l.name.trim() || String(l.index + 1) });
      out.push({ label: localize("CYCHOSYS.Gurps.Roll.Label.parry", { name }), level: l.parry!, rollKey: `parry:${w.id}:${l.index}`, unready: !w.ready });
    }
  }
  out.push({
    label: localize("CYCHOSYS.Gurps.Sheet.UnarmedParry", { skill: localize(`CYCHOSYS.Gurps.UnarmedSkill.${d.unarmedParry.skill}`) }), level: d.unarmedParry.parry, rollKey: "unarmedParry", unready: false,
  });
  for (const s of d.shields) out.push({ label: localize("CYCHOSYS.Gurps.Roll.Label.block", { name: s.name }), level: s.block, rollKey: `block:${s.id}`, unready: !s.ready });
  return out;
}

export function combatView(input: { derived: GurpsDerived | undefined; items: readonly GurpsSheetItem[]; source: Record<string, unknown>; localize: Localize }) {
  const { derived: d, localize } = input;
  const weaponViews = new Map((d?.weapons ?? []).map((w) => [w.id, w] as const));
  const shieldViews = new Map((d?.shields ?? []).map((s) => [s.id, s] as const));
  const own = (type: string) => input.items.filter((i) => i.type === type).sort(bySort);
  const weapons = own("gurpsWeapon").map((item) => {
    const w = weaponViews.get(item.id);
    return {
      id: item.id, name: item.name, img: item.img, ready: item.system.ready !== false,
      skill: w ? w.skillName : str(item.system.skill), level: w ? w.skillLevel : DASH,
      defaulted: w?.defaulted ? localize("CYCHOSYS.Gurps.Sheet.Defaulted") : null,
      lines: w ? w.lines.map((l) => lineRow(w, l, localize)) : [],
    };
  });
  const shields = own("gurpsShield").map((item) => {
    const s = shieldViews.get(item.id);
    return {
      id: item.id, name: item.name, img: item.img, ready: item.system.ready !== false, kind: `CYCHOSYS.Gurps.Sheet.ShieldKind.${str(item.system.kind) || "shield"}`,
      db: s ? s.db : DASH, skill: str(item.system.skill), level: s ? s.skillLevel : DASH, block: s ? s.block : DASH, blockKey: s ? `block:${item.id}` : null,
    };
  });
  const armor = own("gurpsArmor").map((item) => {
    const dr = (item.system.dr ?? {}) as Record<string, unknown>;
    const covered = HIT_LOCATIONS.filter((l) => typeof dr[l] === "number" && (dr[l] as number) > 0);
    return {
      id: item.id, name: item.name, img: item.img, equipped: item.system.equipped !== false, flexible: item.system.flexible === true,
      layer: typeof item.system.layer === "number" ? item.system.layer : 0,
      covers: covered.length ? covered.map((l) => `${localize(`CYCHOSYS.Gurps.Location.${l}`)} ${dr[l]}`).join(", ") : DASH,
    };
  });
  const locations = HIT_LOCATIONS.map((l) => ({ id: l, label: `CYCHOSYS.Gurps.Location.${l}`, dr: d ? d.dr[l] : DASH, flexible: d ? d.flexible[l] : false }));
  const t = d?.thresholds;
  return {
    defenses: d ? parriesAndBlocks(d, localize) : [],
    weapons,
    shields,
    armor,
    locations,
    thresholds: t
      ? [
          { label: "CYCHOSYS.Gurps.Sheet.Threshold.majorWound", value: localize("CYCHOSYS.Gurps.Sheet.MoreThan", { value: t.majorWoundOver }), rule: "G78" },
          { label: "CYCHOSYS.Gurps.Sheet.Threshold.reeling", value: localize("CYCHOSYS.Gurps.Sheet.Below", { value: t.reelingBelow }), rule: "G80" },
          { label: "CYCHOSYS.Gurps.Sheet.Threshold.shock", value: localize("CYCHOSYS.Gurps.Sheet.ShockPer", { divisor: t.shockDivisor }), rule: "G77" },
          { label: "CYCHOSYS.Gurps.Sheet.Threshold.deathChecks", value: t.deathChecksAt.map((n) => signed(n)).join(", "), rule: "G81" },
          { label: "CYCHOSYS.Gurps.Sheet.Threshold.dead", value: signed(t.deadAt), rule: "G81" },
        ]
      : [],
    consciousness: d && d.consciousnessModifier !== null ? localize("CYCHOSYS.Gurps.Sheet.Consciousness", { ht: d.attributes.ht + d.consciousnessModifier }) : null,
    deathChecksRolled: { path: "system.deathChecksRolled", value: typeof input.source.deathChecksRolled === "number" ? input.source.deathChecksRolled : 0, max: t?.deathChecksAt.length ?? 4 },
  };
}
