/**
 * GURPS rolls from the sheet, each a small chat card: a success roll (3d6
 * against a level, G4–G6) and a weapon line's damage (G69 step 1). Foundry's
 * Roll rolls the dice (Dice So Nice shows them); the core reads the faces
 * (`readGurpsRoll`, `readGurpsDamage`) — the card's figures are the rules',
 * never the dice engine's total. In a fight the fighter's round adds what it
 * holds against the roll (shock, stun, posture, grapple).
 */
import { LocalizedError } from "../../core/errors.js";
import { localizeWith } from "../../core/localize.js";
import type { GurpsDerived } from "../../rulesets/gurps/data/derived.js";
import { findGurpsRollable, readGurpsRoll, rollOptions, roundModifiers, type GurpsRollable } from "../../rulesets/gurps/data/rollables.js";
import { gurpsDamagePlan, readGurpsDamage, type GurpsDamageChoice } from "../../rulesets/gurps/data/damage-roll.js";
import type { Modifier } from "../../rulesets/gurps/rules/index.js";
import { GURPS_ROLL_CARD_TEMPLATE, GURPS_ROLL_DIALOG_TEMPLATE, gurpsRollCardContext, gurpsRollDialogView, readGurpsRollForm, rollableName } from "../../rulesets/gurps/views/roll.js";
import { damageDiceFormula, GURPS_DAMAGE_CARD_TEMPLATE, GURPS_DAMAGE_DIALOG_TEMPLATE, gurpsDamageCardContext, gurpsDamageDialogView, readGurpsDamageForm } from "../../rulesets/gurps/views/damage.js";
import { formValues, promptForm } from "../dialogs.js";
import { format } from "../i18n.js";
import { gurpsRules } from "./rules-source.js";
import { dressGurpsDice } from "./dice.js";
import { gurpsRoundOf } from "./status.js";

const localize = (key: string, params?: Record<string, unknown>) => format(key, (params ?? {}) as Record<string, string | number>);
const notify = (level: "info" | "warn" | "error", text: string) => ui.notifications?.[level](text);
const render = (template: string, context: object) => foundry.applications.handlebars.renderTemplate(template, context as never);

export interface GurpsRollActor {
  uuid: string;
  name: string;
  isOwner?: boolean;
  system: { derived?: GurpsDerived };
}

/** The derived data, when this user may roll for the actor. */
function derivedOf(actor: GurpsRollActor): GurpsDerived {
  if (actor.isOwner === false) throw new LocalizedError("CYCHOSYS.Gurps.Roll", "NotYours", { name: actor.name });
  if (!actor.system.derived) throw new LocalizedError("CYCHOSYS.Gurps.Roll", "Refused", { name: actor.name });
  return actor.system.derived;
}

function rollableOf(actor: GurpsRollActor, key: string): GurpsRollable {
  const rollable = findGurpsRollable(derivedOf(actor), key);
  if (!rollable) throw new LocalizedError("CYCHOSYS.Gurps.Roll", "Refused", { name: actor.name });
  return rollable;
}

/** The faces of every d6 the roll rolled, in order. */
function facesOf(roll: { dice: readonly { faces?: number; results: readonly { result: number; active?: boolean }[] }[] }): number[] {
  return roll.dice.flatMap((d) => d.results.filter((r) => r.active !== false).map((r) => r.result));
}

async function post(actor: GurpsRollActor, roll: unknown, content: string, summary: Record<string, unknown>): Promise<unknown> {
  const messageClass = ChatMessage.implementation as unknown as { create(data: object): Promise<unknown>; getSpeaker(o: { actor: unknown }): unknown; applyRollMode?(data: object, mode: string): object };
  const config = CONFIG as unknown as { sounds?: { dice?: string } };
  const data: Record<string, unknown> = {
    speaker: messageClass.getSpeaker({ actor }), content, rolls: [roll], flags: { cychosys: { gurpsRoll: summary } }, ...(config.sounds?.dice && { sound: config.sounds.dice }),
  };
  const mode = (game as unknown as { settings?: { get(scope: string, key: string): unknown } }).settings?.get("core", "rollMode");
  if (typeof mode === "string" && messageClass.applyRollMode) messageClass.applyRollMode(data, mode);
  return messageClass.create(data);
}

/** G4–G6: roll 3d6 against the rollable `key` names with the round's modifiers and `extra` (options taken, situational), and post the card. */
export async function rollGurpsSuccess(actor: GurpsRollActor, key: string, extra: readonly Modifier[] = []): Promise<unknown> {
  try {
    const rules = gurpsRules();
    const rollable = rollableOf(actor, key);
    const modifiers = [...roundModifiers(rollable, gurpsRoundOf(actor), rules), ...extra];
    const roll = new Roll(`${rules.successDice}d6`);
    dressGurpsDice(roll, "success");
    await roll.evaluate();
    const result = readGurpsRoll(rollable, modifiers, facesOf(roll as never), rules);
    const content = await render(GURPS_ROLL_CARD_TEMPLATE, gurpsRollCardContext({ actorName: actor.name, roll: result, localize }));
    return await post(actor, roll, content, { key, effective: result.effective, roll: result.result.roll, success: result.result.success, critical: result.result.critical });
  } catch (error) {
    notify("warn", localizeWith(format, error));
    return null;
  }
}

/** The sheet's roll button: a small dialog (what is in force, the options, a situational modifier), then the roll; Shift skips it. */
export async function promptGurpsRoll(actor: GurpsRollActor, key: string, event?: { shiftKey?: boolean } | null): Promise<unknown> {
  try {
    const rollable = rollableOf(actor, key);
    const round = gurpsRoundOf(actor);
    const options = rollOptions(rollable, derivedOf(actor), round);
    if (event?.shiftKey) return await rollGurpsSuccess(actor, key, options.filter((o) => o.checked).map((o) => o.modifier));
    const view = gurpsRollDialogView({ rollable, modifiers: roundModifiers(rollable, round, gurpsRules()), options, localize });
    const form = await promptForm(localize("CYCHOSYS.Gurps.Roll.title", { name: actor.name, what: rollableName(rollable, localize) }), await render(GURPS_ROLL_DIALOG_TEMPLATE, view), localize("CYCHOSYS.Gurps.Roll.rollIt"), formValues);
    if (!form) return null;
    return await rollGurpsSuccess(actor, key, readGurpsRollForm(form, options).modifiers);
  } catch (error) {
    notify("warn", localizeWith(format, error));
    return null;
  }
}

/** G69 step 1: roll a line's damage dice with the bonuses chosen, the core reading them into basic damage; a card. */
export async function rollGurpsDamage(actor: GurpsRollActor, key: string, choice: GurpsDamageChoice = { strong: false, halved: false, bonus: 0 }): Promise<unknown> {
  try {
    const rules = gurpsRules();
    const plan = gurpsDamagePlan(derivedOf(actor), key, rules);
    if (!plan) throw new LocalizedError("CYCHOSYS.Gurps.Roll", "Refused", { name: actor.name });
    const roll = new Roll(damageDiceFormula(plan));
    dressGurpsDice(roll, "damage");
    await roll.evaluate();
    const result = readGurpsDamage(plan, facesOf(roll as never), choice, rules);
    const content = await render(GURPS_DAMAGE_CARD_TEMPLATE, gurpsDamageCardContext({ actorName: actor.name, roll: result, localize }));
    return await post(actor, roll, content, { key, basic: result.basic.basic, type: plan.line.type });
  } catch (error) {
    notify("warn", localizeWith(format, error));
    return null;
  }
}

/** The damage button: the dialog (Strong, half damage, a bonus) when it offers anything or on click, Shift straight away. */
export async function promptGurpsDamage(actor: GurpsRollActor, key: string, event?: { shiftKey?: boolean } | null): Promise<unknown> {
  try {
    const plan = gurpsDamagePlan(derivedOf(actor), key, gurpsRules());
    if (!plan) throw new LocalizedError("CYCHOSYS.Gurps.Roll", "Refused", { name: actor.name });
    if (event?.shiftKey) return await rollGurpsDamage(actor, key);
    const view = gurpsDamageDialogView(plan, localize);
    const form = await promptForm(localize("CYCHOSYS.Gurps.Roll.damageTitle", { name: actor.name, what: view.name }), await render(GURPS_DAMAGE_DIALOG_TEMPLATE, view), localize("CYCHOSYS.Gurps.Roll.rollIt"), formValues);
    if (!form) return null;
    return await rollGurpsDamage(actor, key, readGurpsDamageForm(form, plan));
  } catch (error) {
    notify("warn", localizeWith(format, error));
    return null;
  }
}
