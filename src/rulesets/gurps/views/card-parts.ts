/**
 * Parts of the GURPS attack card's view (attack-card.ts): the defense
 * choice drawn from `legalDefenses` — one button per legal option and per
 * variant it allows (retreat, dodge and drop, an acrobatic dodge), nothing
 * for what is refused (G58–G68) — the rolls still owed with who rolls them,
 * and the injury in figures (G69–G81). Pure; every figure is the core's.
 */
import type { Localize } from "../../../core/messages.js";
import type { OddsTableView } from "../../../core/views/odds.js";
import { pluralKey, sentenceCase, signed as signedFigure } from "../../../core/views/text.js";
import { asFigures, defenseOptionLabel, type GurpsResolution, type LegalDefenses, type Modifier, type OwedRoll, owedRollLabel, ratioText, type VictimResult } from "../rules/index.js";

const N = "CYCHOSYS.Gurps.";
const C = "CYCHOSYS.Gurps.Card.";
/** A modifier with its sign and a true minus, ±0 for none (docs/style.md, "Typography"). */
export const signed = (n: number): string => signedFigure(n, "±0");

export interface ModifierView {
  label: string;
  value: string;
  rule: string;
}

export const modifierViews = (mods: readonly Modifier[], localize: Localize): ModifierView[] =>
  mods.map((m) => ({ label: sentenceCase(m.label ?? localize(`${N}Modifier.${m.key}`)), value: signed(m.value), rule: m.rule }));

/** One way to defend: its button's data and what it shows. */
export interface DefenseVariantView {
  label: string;
  score: number;
  retreat: boolean;
  dodgeAndDrop: boolean;
  acrobatic: boolean;
}

export interface DefenseOptionView {
  id: string;
  kind: string;
  name: string;
  score: number;
  modifiers: ModifierView[];
  variants: DefenseVariantView[];
  /** G65: the parry cannot hold this weight; G65 breakage odds. */
  warning: string | null;
}

export interface DefenseChoiceView {
  /** This user may answer (the defender's owner, or the GM). */
  asks: boolean;
  /** G58, G84: why there is no defense at all. */
  none: string | null;
  options: DefenseOptionView[];
  /** G28: All-Out Defense (Double) — a second defense after a failed one. */
  second: boolean;
  /** G59: attacked from the front or the shield side (the shield's DB counts). */
  fromFront: boolean;
  /** docs/odds.md: each answer's chance of being struck and expected HP, for the one asked (views/odds.ts). */
  odds?: OddsTableView;
}


/** G58–G68: the legal defenses as buttons, each variant with its score (retreat G67, dodge and drop G68, acrobatic G61). */
export function defenseChoiceView(legal: LegalDefenses, o: { asks: boolean; second: boolean; fromFront: boolean; acrobatics: number | null; items: Readonly<Record<string, string>> }, localize: Localize): DefenseChoiceView {
  if (legal.none) return { asks: o.asks, none: localize(`${N}NoDefense.${legal.none}`), options: [], second: o.second, fromFront: o.fromFront };
  const options = legal.options.map((opt): DefenseOptionView => {
    const variant = (key: string, score: number, v: Partial<DefenseVariantView> = {}): DefenseVariantView => ({
      label: localize(`${C}variant.${key}`, { score }), score, retreat: false, dodgeAndDrop: false, acrobatic: false, ...v,
    });
    const variants = [variant("plain", opt.score)];
    if (opt.retreat !== null) variants.push(variant("retreat", opt.score + opt.retreat, { retreat: true }));
    if (opt.dodgeAndDrop !== null) variants.push(variant("drop", opt.score + opt.dodgeAndDrop, { dodgeAndDrop: true }));
    if (opt.acrobatic && o.acrobatics !== null) {
      variants.push(variant("acrobatic", opt.score, { acrobatic: true }));
      if (opt.retreat !== null) variants.push(variant("acrobaticRetreat", opt.score + opt.retreat, { acrobatic: true, retreat: true }));
    }
    const warning = opt.tooHeavy
      ? localize(`${C}tooHeavy`)
      : opt.breakageOdds !== null && opt.breakageOdds > 0
        ? localize(`${C}breakage`, { odds: Math.min(opt.breakageOdds, 6) })
        : null;
    return { id: opt.id, kind: opt.kind, name: defenseOptionLabel(opt.id, o.items, localize), score: opt.score, modifiers: modifierViews(opt.modifiers, localize), variants, warning };
  });
  return { asks: o.asks, none: null, options, second: o.second, fromFront: o.fromFront };
}

/** One roll the card still needs: what, by whom, against what, and the button for who may roll it. */
export interface OwedRollView {
  id: string;
  kind: OwedRoll["roll"];
  label: string;
  who: string;
  target: number | null;
  rule: string;
  dice: number;
  hits: number;
  button: boolean;
}

/** The owed roll's view, labelled as the explanation labels it (`owedRollLabel`: `CYCHOSYS.Gurps.Card.roll.<name>`). */
export function owedRollView(o: OwedRoll, r: GurpsResolution, whoName: string, button: boolean, localize: Localize): OwedRollView {
  return {
    id: o.id, kind: o.roll, label: owedRollLabel(o, r, localize), who: whoName, target: o.target, rule: o.rule,
    dice: o.roll === "1d" ? 1 : o.roll === "damage" ? (o.dice ?? 1) : 3, hits: o.hits ?? 1, button,
  };
}

/** The injury in figures (G69–G81): each hit's damage, DR, penetration and wounding; HP, shock and what the thresholds call for. */
export interface InjuryView {
  victim: string;
  hits: { basic: number; faces: string; dr: number; penetrating: number; type: string; wounding: string; injury: number; pool: string; majorWound: boolean }[];
  hpBefore: number;
  hpAfter: number;
  injury: number;
  /** G77: the shock penalty on his next turn (0 when none). */
  shock: number;
  lines: string[];
}

export function injuryView(v: VictimResult, victim: string, localize: Localize): InjuryView {
  const E = `${N}Explain.`;
  const lines: string[] = [];
  const say = (key: string, params: Record<string, string | number> = {}) => lines.push(sentenceCase(localize(key, asFigures(params))));
  // A major wound's hit is counted from 1 for people (the core's `at` is the hit's index).
  for (const t of v.thresholds) say(`${E}threshold.${t.kind}`, { at: t.kind === "majorWound" ? t.at + 1 : t.at, rule: t.rule });
  if (v.knockback) {
    const yards = localize(pluralKey(`${E}count.yards`, v.knockback.yards, (k) => localize(k) !== k), { count: v.knockback.yards });
    say(`${E}${v.knockback.roll ? (v.knockback.fell ? "knockbackFell" : "knockbackStood") : "knockbackOwed"}`, { yards, effective: v.knockback.effective, roll: v.knockback.roll?.roll ?? 0 });
  }
  for (const m of v.majorWounds) say(m.roll ? `${E}majorWound.${m.result}` : `${E}majorWoundOwed`, { effective: m.effective, roll: m.roll?.roll ?? 0 });
  for (const c of v.deathChecks) say(c.roll ? `${E}deathCheck.${c.result}` : `${E}deathCheckOwed`, { hpAt: c.hpAt, effective: c.effective, roll: c.roll?.roll ?? 0 });
  if (v.consciousness) say(`${E}consciousness`, { effective: v.consciousness.effective, modifier: signed(v.consciousness.modifier) });
  if (v.after.aimLost !== null) say(`${C}${v.after.aimLost ? "aimLost" : "aimKept"}`);
  if (v.after.taskBroken !== null) say(`${C}${v.after.taskBroken ? "taskBroken" : "taskKept"}`);
  return {
    victim,
    hits: v.hits.map((h) => ({
      basic: h.damage.basic, faces: h.faces.join(" "), dr: h.dr.effective, penetrating: h.penetrating, type: h.type, wounding: ratioText(h.wounding), injury: h.injury,
      pool: h.toFp ? "FP" : "HP", majorWound: h.majorWound,
    })),
    hpBefore: v.hpBefore, hpAfter: v.after.hp, injury: v.injury, shock: v.after.shock, lines,
  };
}
