/**
 * The defender's choice among the legal defenses (G58, G61, G67, G68, G28):
 * checked against `legalDefenses`, its options added, rolled (G6), and what
 * it uses up until his next turn.
 */
import type { DefenseOption, DefenseUse, LegalDefenses } from "./defense.js";
import { type DiceRoll, successRoll, type SuccessRoll } from "./dice.js";
import { GurpsError } from "./errors.js";
import { GURPS_STANDARD_RULES, type GurpsRules } from "./options.js";
import type { Modifier } from "./types.js";
import { english } from "../../../core/messages.js";

/** A defense's id in words: `parry:shortsword` → "Parry (shortsword)", `dodge` → "Dodge". */
export function defenseLabel(id: string): string {
  const [kind, source] = id.split(":");
  const name = ["dodge", "parry", "block"].includes(kind!) ? english(`CYCHOSYS.Gurps.Defense.${kind}`) : kind!;
  return source ? `${name} (${source})` : name;
}

/** G58, G34, G84: the rule behind each reason a defender has no defense at all. */
const NO_DEFENSE_RULE: Readonly<Record<NonNullable<LegalDefenses["none"]>, string>> = { allOut: "G34", unaware: "G58", unconscious: "G58", immobilized: "G58", criticalHit: "G84" };

export interface DefenseChoice {
  /** The option's id (`dodge`, `parry:<id>`, `block:<id>`). */
  id: string;
  retreat?: boolean;
  dodgeAndDrop?: boolean;
  /** G61: an acrobatic dodge, and the Acrobatics roll made first (absent: owed). */
  acrobatic?: boolean;
  acrobaticRoll?: DiceRoll | null;
  /** The defense roll (absent: owed). */
  roll?: DiceRoll | null;
}

export interface ChosenDefense {
  readonly option: DefenseOption;
  /** The option's modifiers and the choice's own (retreat, drop, acrobatic). */
  readonly modifiers: readonly Modifier[];
  readonly retreat: boolean;
  readonly dodgeAndDrop: boolean;
  /** G61: the Acrobatics roll and its result (null: no acrobatic dodge; roll null: still owed). */
  readonly acrobatic: { readonly skill: number; readonly roll: SuccessRoll | null } | null;
  /** The effective defense, null while the Acrobatics roll is owed. */
  readonly effective: number | null;
  /** G6: the defense roll, null while owed. */
  readonly roll: SuccessRoll | null;
}

/**
 * Check a choice against the legal defenses and roll it: G67 retreat or G68
 * dodge and drop (one option per roll, [fixed]); G61 an acrobatic dodge may
 * join a retreat; its Acrobatics roll comes first (+2 success, −2 failure).
 */
export function chooseDefense(legal: LegalDefenses, choice: DefenseChoice, acrobatics: number | null, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): ChosenDefense {
  const id = choice.id;
  const option = optionById(legal.options, id);
  if (!option) {
    // The rule that forbids it (a defense the defender does not have names no rule: the choice names nothing).
    const refusal = legal.refused.find((r) => r.id === id);
    const rule = legal.none ? NO_DEFENSE_RULE[legal.none] : refusal?.rule;
    const reason = legal.none ? english(`CYCHOSYS.Gurps.NoDefense.${legal.none}`) : refusal ? english(`CYCHOSYS.Gurps.DefenseRefusal.${refusal.reason}`) : english("CYCHOSYS.Gurps.DefenseRefusal.unknown");
    throw new GurpsError("defenseNotLegal", { id: id.slice(0, 40), defense: defenseLabel(id.slice(0, 40)), reason, rule: rule ?? "G58–G68" });
  }
  const retreat = !!choice.retreat;
  const dodgeAndDrop = !!choice.dodgeAndDrop;
  const wantsAcrobatic = !!choice.acrobatic;
  if (retreat && option.retreat === null) throw new GurpsError("retreatNotAllowed", { id: option.id, reason: legal.noRetreat ?? "inForce" });
  if (dodgeAndDrop && (option.dodgeAndDrop === null || retreat)) throw new GurpsError("dropNotAllowed", { id: option.id });
  if (wantsAcrobatic && (!option.acrobatic || dodgeAndDrop || acrobatics === null)) throw new GurpsError("acrobaticNotAllowed", { id: option.id });
  // The option's own list when the choice adds nothing to it (plain data, never written); a copy when it does.
  let modifiers: readonly Modifier[] = option.modifiers;
  let effective: number | null = option.score;
  if (retreat) {
    modifiers = added(modifiers, option.modifiers, { key: "retreat", value: option.retreat!, rule: "G67" });
    effective += option.retreat!;
  }
  if (dodgeAndDrop) {
    modifiers = added(modifiers, option.modifiers, { key: "dodgeAndDrop", value: option.dodgeAndDrop!, rule: "G68" });
    effective += option.dodgeAndDrop!;
  }
  let acrobatic: ChosenDefense["acrobatic"] = null;
  if (wantsAcrobatic) {
    const given = choice.acrobaticRoll;
    const roll = given ? successRoll(acrobatics!, given.total, "other", rules) : null;
    acrobatic = { skill: acrobatics!, roll };
    if (roll) {
      const bonus = roll.success ? rules.acrobaticSuccess : rules.acrobaticFailure;
      modifiers = added(modifiers, option.modifiers, { key: "acrobatic", value: bonus, rule: "G61" });
      effective += bonus;
    } else {
      effective = null;
    }
  }
  const given = choice.roll;
  const roll = effective !== null && given ? successRoll(effective, given.total, "defense", rules) : null;
  return { option, modifiers, retreat, dodgeAndDrop, acrobatic, effective, roll };
}

/** `list` with `m` at the end: the shared list copied first, a copy already made added to. */
function added(list: readonly Modifier[], shared: readonly Modifier[], m: Modifier): readonly Modifier[] {
  const out = (list === shared ? list.slice() : list) as Modifier[];
  out.push(m);
  return out;
}

/**
 * Matched by kind and source (an option's id is `kind:sourceId`, a dodge's its
 * kind): comparing the id legalDefenses just joined with the choice's would
 * flatten that joined string (a copy) on every defense.
 */
function optionById(options: readonly DefenseOption[], id: string): DefenseOption | undefined {
  for (let i = 0; i < options.length; i++) {
    const o = options[i]!;
    const source = o.sourceId;
    if (source === null ? o.id === id : idNames(id, o.kind, source)) return o;
  }
  return undefined;
}

/** `id` is `kind:source`, read without building that string. */
function idNames(id: string, kind: string, source: string): boolean {
  const colon = kind.length;
  return id.length === colon + 1 + source.length && id.charCodeAt(colon) === 58 && id.startsWith(kind) && id.endsWith(source);
}

/** G61–G68: what a defense uses up until the defender's next turn (the parry count lives on its source). */
export function recordDefenseUse(used: DefenseUse, chosen: Pick<ChosenDefense, "option" | "retreat" | "dodgeAndDrop" | "acrobatic">, attackerId: string): DefenseUse {
  return {
    blocked: used.blocked || chosen.option.kind === "block",
    retreatAgainst: chosen.retreat ? attackerId : used.retreatAgainst,
    dropAgainst: chosen.dodgeAndDrop ? attackerId : used.dropAgainst,
    acrobaticDodge: used.acrobaticDodge || chosen.acrobatic !== null,
    sacrificialDodge: used.sacrificialDodge,
  };
}

/**
 * G61: against a multi-hit rapid-fire attack a successful Dodge avoids 1 +
 * margin hits (all on a critical success); G92 (fill): a successful Block or
 * Parry stops one hit. Returns the hits that still land.
 */
export function hitsAfterDefense(hits: number, kind: "dodge" | "parry" | "block", roll: SuccessRoll): number {
  if (!roll.success) return hits;
  if (kind !== "dodge") return Math.max(0, hits - 1);
  if (roll.critical === "success") return 0;
  return Math.max(0, hits - (1 + roll.margin));
}

/**
 * G61 sacrificial dodge: the friend one step away dodges without retreat;
 * success → he is hit instead; failure → the friend defends normally. With
 * G68's dodge and drop: success → both prone and he is hit; by 3+ → neither.
 */
export function sacrificialDodge(roll: SuccessRoll, withDrop: boolean, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): { interposed: boolean; hitsSacrificer: boolean; bothProne: boolean } {
  if (!roll.success) return { interposed: false, hitsSacrificer: false, bothProne: false };
  if (withDrop && roll.margin >= rules.sacrificialDropMargin) return { interposed: true, hitsSacrificer: false, bothProne: true };
  return { interposed: true, hitsSacrificer: true, bothProne: withDrop };
}
