/**
 * A CWN skill check in Foundry (W30): from a skill's roll button on the
 * sheet, a small dialog (the attribute the GM names — the best one
 * preselected —, a modifier, the GM's difficulty; Shift-click skips it),
 * a Foundry Roll of 2d6 (Dice So Nice shows it), the core reading the faces
 * (`resolveCwnSkillCheck`) and a chat card with every figure. Nothing is
 * written to any document, so no request goes to the GM.
 */
import { localizeWith } from "../../core/localize.js";
import type { CwnDerived } from "../../rulesets/cwn/data/derived.js";
import { CwnError, resolveCwnSkillCheck } from "../../rulesets/cwn/rules/index.js";
import { bestAttribute, CWN_SKILL_CHECK_CARD_TEMPLATE, CWN_SKILL_CHECK_DIALOG_TEMPLATE, cwnSkillCheckCardView, cwnSkillCheckDialogView, readCwnSkillCheckForm } from "../../rulesets/cwn/views/skill-check.js";
import { formValues, promptForm } from "../dialogs.js";
import { format } from "../i18n.js";
import { postRollMessage } from "../roll-message.js";
import { rollGroups } from "./dice.js";
import { cwnRules } from "./rules-source.js";

const localize = (key: string, params?: Record<string, unknown>) => format(key, (params ?? {}) as Record<string, string | number>);
const render = (template: string, context: object) => foundry.applications.handlebars.renderTemplate(template, context as never);
const notify = (level: "info" | "warn" | "error", text: string) => ui.notifications?.[level](text);

export interface CwnCheckActor {
  name: string;
  isOwner: boolean;
  system: { derived?: CwnDerived };
}

export const CWN_SKILL_CHECK_TEMPLATES = [CWN_SKILL_CHECK_DIALOG_TEMPLATE, CWN_SKILL_CHECK_CARD_TEMPLATE] as const;

/** W30: roll a check with one of the actor's skill items and post its card; a warning (and null) when it cannot be made. */
export async function promptCwnSkillCheck(actor: CwnCheckActor, itemId: string, event?: { shiftKey?: boolean } | null): Promise<unknown> {
  try {
    const derived = actor.system.derived;
    const skill = derived?.skills.find((s) => s.id === itemId);
    if (!actor.isOwner || !derived || !skill) return null;
    const best = bestAttribute(derived.attributes);
    let choice: ReturnType<typeof readCwnSkillCheckForm> = { attribute: best, modifier: 0, difficulty: null };
    if (!event?.shiftKey) {
      const content = await render(CWN_SKILL_CHECK_DIALOG_TEMPLATE, cwnSkillCheckDialogView(skill, derived.attributes, localize));
      const form = await promptForm(localize("CYCHOSYS.Cwn.SkillCheck.dialogTitle", { skill: skill.name }), content, localize("CYCHOSYS.Cwn.SkillCheck.roll"), formValues);
      if (!form) return null;
      choice = readCwnSkillCheckForm(form, best);
    }
    const rules = cwnRules();
    const input = { level: skill.level, attribute: choice.attribute, attributeModifier: derived.attributes[choice.attribute].modifier, modifier: choice.modifier, difficulty: choice.difficulty };
    // Refuse a bad modifier or difficulty before any die is rolled.
    resolveCwnSkillCheck({ ...input, faces: Array(rules.skillCheckDice.count).fill(1) }, rules);
    const { roll, faces } = await rollGroups([rules.skillCheckDice]);
    const check = resolveCwnSkillCheck({ ...input, faces: faces[0]! }, rules);
    const content = await render(CWN_SKILL_CHECK_CARD_TEMPLATE, cwnSkillCheckCardView(check, { actor: actor.name, skill: skill.name }, localize));
    return await postRollMessage(actor, roll, content, { cwnSkillCheck: { skill: skill.name, total: check.total, success: check.success } });
  } catch (error) {
    if (!(error instanceof CwnError)) console.error("Cychosys | CWN: the skill check failed", error);
    notify("warn", localizeWith(format, error));
    return null;
  }
}
