/**
 * The W30 skill check's dialog and card (pure): the dialog offers the six
 * attributes with their modifiers (the GM names which one a check uses; the
 * best is preselected), a modifier and the GM's difficulty; the card shows
 * the 2d6, every figure added and the verdict. Every figure is the core's
 * (`resolveCwnSkillCheck`).
 */
import type { ExplainLine, Localize } from "../../../core/messages.js";
import { cardFrameView, type CardFrameView, diceView, HOUSE_KEYS } from "../../../core/views/house.js";
import { figure } from "../../../core/views/text.js";
import type { CwnAttributeView, CwnSkillView } from "../data/derived.js";
import { CWN_SKILL_CHECK_LIMITS, type CwnSkillCheck } from "../rules/skill-check.js";
import { ATTRIBUTES, type Attribute } from "../rules/types.js";

export const CWN_SKILL_CHECK_DIALOG_TEMPLATE = "systems/cychosys/templates/cwn/dialog/skill-check.hbs";
export const CWN_SKILL_CHECK_CARD_TEMPLATE = "systems/cychosys/templates/cwn/chat/skill-check.hbs";

const K = "CYCHOSYS.Cwn.SkillCheck.";
const signed = (n: number) => (n < 0 ? `\u2212 ${-n}` : `+ ${n}`);
const signedShort = (n: number) => (n < 0 ? `\u2212${-n}` : `+${n}`);

/** The attribute a check uses unless the GM names another: the highest modifier (the first on a tie). */
export function bestAttribute(attributes: Readonly<Record<Attribute, Pick<CwnAttributeView, "modifier">>>): Attribute {
  return ATTRIBUTES.reduce((best, a) => (attributes[a].modifier > attributes[best].modifier ? a : best), ATTRIBUTES[0]);
}

export function cwnSkillCheckDialogView(skill: Pick<CwnSkillView, "name" | "level">, attributes: Readonly<Record<Attribute, Pick<CwnAttributeView, "modifier">>>, localize: Localize) {
  const best = bestAttribute(attributes);
  return {
    summary: localize(`${K}summary`, { skill: skill.name, level: skill.level }),
    attributes: ATTRIBUTES.map((a) => ({ value: a, label: `${localize(`CYCHOSYS.Cwn.Attribute.${a}`)} ${signedShort(attributes[a].modifier)}`, selected: a === best })),
    limits: CWN_SKILL_CHECK_LIMITS,
  };
}

/** The dialog's form read back: an attribute of the six (else the best), whole numbers or refusals left to the core; a blank difficulty is none. */
export function readCwnSkillCheckForm(form: Record<string, unknown>, fallback: Attribute): { attribute: Attribute; modifier: number; difficulty: number | null } {
  const attribute = (ATTRIBUTES as readonly string[]).includes(String(form.attribute)) ? (form.attribute as Attribute) : fallback;
  const number = (v: unknown) => (typeof v === "string" && v.trim() !== "" ? Number(v) : typeof v === "number" ? v : null);
  return { attribute, modifier: number(form.modifier) ?? 0, difficulty: number(form.difficulty) };
}

/** The check in words, one line per figure (W30). */
export function explainCwnSkillCheck(check: CwnSkillCheck, skill: string, localize: Localize): ExplainLine[] {
  const lines: ExplainLine[] = [];
  const say = (key: string, params: Record<string, string | number>) => lines.push({ key: K + key, params, text: localize(K + key, params) });
  say("dice", { faces: check.faces.join(" + "), dice: check.dice });
  say(check.untrained ? "untrained" : "skill", { skill, value: signed(check.level) });
  say("attribute", { attribute: localize(`CYCHOSYS.Cwn.Attribute.${check.attribute}`), value: signed(check.attributeModifier) });
  if (check.modifier) say("modifier", { value: signed(check.modifier) });
  say("total", { total: check.total });
  if (check.difficulty === null) say("noDifficulty", { total: check.total });
  else say(check.success ? "success" : "failure", { total: check.total, difficulty: check.difficulty });
  return lines;
}

/** The check's card in the house frame (docs/style.md): "Vee checks Sneak", the 2d6 and the total against the difficulty, the verdict as the headline, the working collapsed. */
export function cwnSkillCheckCardView(check: CwnSkillCheck, names: { actor: string; skill: string }, localize: Localize): CardFrameView {
  const tone = check.success === null ? "neutral" : check.success ? "good" : "miss";
  return cardFrameView(
    {
      cardClass: "cwn-skill-card",
      title: localize(`${K}title`, { actor: names.actor, skill: names.skill }),
      subtitle: localize(`${K}subtitle`, { skill: names.skill, level: figure(check.level), attribute: localize(`CYCHOSYS.Cwn.Attribute.${check.attribute}`), modifier: signedShort(check.attributeModifier) }),
      roll: {
        label: "2d6", diceLabel: localize(HOUSE_KEYS.dice), dice: diceView(check.faces), total: figure(check.total),
        ...(check.difficulty !== null && { against: localize(`${K}against`, { difficulty: check.difficulty }) }), tone,
      },
      outcome: { text: check.success === null ? localize(`${K}judged`, { total: check.total }) : localize(`${K}${check.success ? "successShort" : "failureShort"}`), tone },
      working: explainCwnSkillCheck(check, names.skill, localize).map((l) => l.text),
    },
    localize,
  );
}
