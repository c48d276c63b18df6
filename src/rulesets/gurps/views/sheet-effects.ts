/**
 * Advantages as ActiveEffects (G1: traits and figures an advantage changes):
 * the effects on a GURPS character as the sheet lists them — each change in
 * words (`DX +1`, `Perfect Balance on`, `Basic Speed = 6`), whether it is
 * on, and the item it comes from. The status effects the mirror draws
 * (data/status.ts) are the token's, not advantages: they are left out. Pure.
 */
import type { Localize } from "../../../core/messages.js";
import { conditionOfStatus } from "../data/status.js";

/** Foundry's ActiveEffect change modes (CONST.ACTIVE_EFFECT_MODES). */
export const EFFECT_MODES = { custom: 0, multiply: 1, add: 2, downgrade: 3, upgrade: 4, override: 5 } as const;

export interface GurpsSheetEffect {
  id: string;
  name: string;
  img: string;
  disabled: boolean;
  changes: readonly { key: string; mode: number; value: string }[];
  statuses: readonly string[];
  /** The owned item it comes from (transferred), by name; null for the actor's own. */
  fromItem: string | null;
}

/** The sheet's name for a changed path (`system.attributes.dx` → DX), or the path itself. */
function fieldName(key: string, localize: Localize): string {
  const path = key.startsWith("system.") ? key.slice("system.".length) : key;
  const attribute = /^(?:attributes\.)?(st|dx|iq|ht|will|per)$/.exec(path)?.[1];
  if (attribute) return localize(`CYCHOSYS.Gurps.Sheet.Attribute.${attribute}`);
  const trait = /^traits\.(\w+)$/.exec(path)?.[1];
  if (trait) return localize(`CYCHOSYS.Gurps.Sheet.Trait.${trait}`);
  const known: Record<string, string> = {
    "hp.max": "CYCHOSYS.Gurps.Sheet.HpMax", "fp.max": "CYCHOSYS.Gurps.Sheet.FpMax", basicSpeed: "CYCHOSYS.Gurps.Sheet.Field.basicSpeed",
    basicMove: "CYCHOSYS.Gurps.Sheet.Field.basicMove", move: "CYCHOSYS.Gurps.Sheet.Field.move", basicLift: "CYCHOSYS.Gurps.Sheet.Field.basicLift",
    sm: "CYCHOSYS.Gurps.Sheet.Field.sm", naturalDr: "CYCHOSYS.Gurps.Sheet.Field.naturalDr", encumbrance: "CYCHOSYS.Gurps.Sheet.Field.encumbrance",
    "damage.thrust": "CYCHOSYS.Gurps.Sheet.Field.damage_thrust", "damage.swing": "CYCHOSYS.Gurps.Sheet.Field.damage_swing",
  };
  return known[path] ? localize(known[path]) : key;
}

/** One change in words. */
export function changeText(change: { key: string; mode: number; value: string }, localize: Localize): string {
  const name = fieldName(change.key, localize);
  const value = String(change.value).trim();
  if (value === "true" && change.mode === EFFECT_MODES.override) return localize("CYCHOSYS.Gurps.Sheet.EffectOn", { name });
  if (value === "false" && change.mode === EFFECT_MODES.override) return localize("CYCHOSYS.Gurps.Sheet.EffectOff", { name });
  const n = Number(value);
  switch (change.mode) {
    case EFFECT_MODES.add:
      return Number.isFinite(n) && value !== "" ? `${name} ${n >= 0 ? "+" : "−"}${Math.abs(n)}` : `${name} + ${value}`;
    case EFFECT_MODES.multiply:
      return `${name} × ${value}`;
    case EFFECT_MODES.upgrade:
      return `${name} ≥ ${value}`;
    case EFFECT_MODES.downgrade:
      return `${name} ≤ ${value}`;
    case EFFECT_MODES.override:
      return `${name} = ${value}`;
    default:
      return localize("CYCHOSYS.Gurps.Sheet.EffectCustom", { name, value });
  }
}

/** The advantages' effects, in the order given, condition marks left out. */
export function effectRows(effects: readonly GurpsSheetEffect[], localize: Localize) {
  return effects
    .filter((e) => !e.statuses.some((s) => conditionOfStatus(s) !== undefined))
    .map((e) => ({
      id: e.id, name: e.name, img: e.img, disabled: e.disabled, fromItem: e.fromItem,
      changes: e.changes.length ? e.changes.map((c) => changeText(c, localize)).join("; ") : localize("CYCHOSYS.Gurps.Sheet.EffectNoChanges"),
    }));
}
