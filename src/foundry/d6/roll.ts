/**
 * An OpenD6 skill or attribute roll on a chat card (D41): the code less the
 * multi-action dice (D12) and the wound dice (D37), refused with the core's
 * reason when the actor cannot act (D10, D37) or has no die left (D3), rolled
 * with the Wild Die (`D6Roll`, D2) and posted as a ChatMessage carrying the
 * roll (Dice So Nice shows it) and the card (views/roll-card.ts).
 */
import { localizeWith } from "../../core/localize.js";
import { LocalizedError } from "../../core/errors.js";
import { readD6Round } from "../../rulesets/d6/combat/round-state.js";
import type { D6Derived, D6Rollable } from "../../rulesets/d6/data/derived.js";
import { findRollable } from "../../rulesets/d6/data/derive.js";
import {
  D6Error,
  MAX_DECLARED_ACTIONS,
  planRoll,
  requireRollable,
  rollSkill,
  roundPenaltyDice,
  type CombatantRound,
  type SkillRoll,
  woundStatus,
} from "../../rulesets/d6/rules/index.js";
import { D6_ROLL_CARD_TEMPLATE, d6RollCardContext, d6SkillFormula, rollableLabel } from "../../rulesets/d6/views/roll-card.js";
import { D6_ROLL_DIALOG_TEMPLATE, d6RollDialogView, MAX_FLAT, readD6RollForm } from "../../rulesets/d6/views/roll-dialog.js";
import { format } from "../i18n.js";
import { postRollMessage } from "../roll-message.js";
import { D6Roll } from "./dice.js";
import { d6Rules } from "./rules-source.js";
import { formValues, promptForm } from "../dialogs.js";

const localize = (key: string, params?: Record<string, unknown>) => format(key, (params ?? {}) as Record<string, string | number>);
const notify = (level: "info" | "warn" | "error", text: string) => ui.notifications?.[level](text);
const render = (template: string, context: object) => foundry.applications.handlebars.renderTemplate(template, context as never);

/** What a roll reads of an actor. */
export interface D6RollActor {
  uuid: string;
  name: string;
  type?: string;
  isOwner?: boolean;
  system: { derived?: D6Derived; freeActions?: unknown };
}

export interface D6RollOptions {
  /** D12 dice off the roll; by default the round's declared penalty in a started combat, else 0. */
  actionDice?: number;
  /** D41: added after the dice. */
  flat?: number;
}

interface CombatLike {
  started?: boolean;
  round?: number;
  combatants: { contents: { id: string; actor?: { uuid?: string; system?: unknown } | null }[] };
  getFlag?(scope: string, key: string): unknown;
  flags?: Record<string, unknown>;
}

/** The started combat's combatant of this actor, if any. */
function combatRef(actor: D6RollActor) {
  const combat = (game as unknown as { combat?: CombatLike | null }).combat;
  if (!combat?.started) return undefined;
  const combatant = combat.combatants.contents.find((c) => c.actor?.uuid === actor.uuid);
  return combatant ? { combat: combat as never, combatant } : undefined;
}

/** D10/D11/D12: this round's state of the actor in the started combat (read-only; only the GM writes it). */
function roundOf(actor: D6RollActor): CombatantRound | undefined {
  const ref = combatRef(actor);
  return ref ? readD6Round(ref as never, d6Rules()).round : undefined;
}

function currentRound(): number {
  const combat = (game as unknown as { combat?: CombatLike | null }).combat;
  return combat?.started ? Math.max(0, combat.round ?? 0) : 0;
}

/** D10/D37: refuse when the wounds (as they stand this round) or the round state leave the actor unable to act. */
function requireAbleToAct(derived: D6Derived, round: CombatantRound | undefined): number {
  const wounds = woundStatus({ level: derived.wound.level, untilRound: derived.wound.untilRound }, currentRound(), d6Rules());
  if (wounds.unableToAct || round?.unableToAct) throw new D6Error("unableToAct");
  return wounds.penaltyDice;
}

/** The actor's derived data and the rollable its key names, or a refusal. */
function resolve(actor: D6RollActor, key: string): { derived: D6Derived; rollable: D6Rollable } {
  if (actor.isOwner === false) throw new LocalizedError("CYCHOSYS.D6.Roll", "notAllowed", { actor: actor.name });
  const derived = actor.system.derived;
  const rollable = derived && typeof key === "string" ? findRollable(derived, key) : undefined;
  if (!derived || !rollable) throw new LocalizedError("CYCHOSYS.D6.Roll", "unknownKey", { actor: actor.name, key: String(key).slice(0, 60) });
  return { derived, rollable };
}

const wholeIn = (value: unknown, min: number, max: number) => typeof value === "number" && Number.isInteger(value) && value >= min && value <= max;

/**
 * Roll a skill or attribute (`attribute:<id>`, `skill:<item id>`,
 * `untrained:<name>`) and post its card. Refuses (a warning, null) when the
 * key is unknown, the options are out of bounds, the actor cannot act (D10,
 * D37) or no die is left (D3).
 */
export async function rollD6Skill(actor: D6RollActor, key: string, options: D6RollOptions = {}): Promise<unknown> {
  try {
    const rules = d6Rules();
    const { derived, rollable } = resolve(actor, key);
    if (options.actionDice !== undefined && !wholeIn(options.actionDice, 0, MAX_DECLARED_ACTIONS)) {
      throw new LocalizedError("CYCHOSYS.D6.Roll", "badActions", { max: MAX_DECLARED_ACTIONS, value: String(options.actionDice) });
    }
    if (options.flat !== undefined && !wholeIn(options.flat, -MAX_FLAT, MAX_FLAT)) {
      throw new LocalizedError("CYCHOSYS.D6.Roll", "badFlat", { max: MAX_FLAT, value: String(options.flat) });
    }
    const round = roundOf(actor);
    const woundDice = requireAbleToAct(derived, round);
    const actionDice = options.actionDice ?? (round ? roundPenaltyDice(round, rules) : 0);
    const flat = options.flat ?? 0;
    const label = rollableLabel(rollable, localize);
    const plan = planRoll(rollable.code, { actionDice, woundDice });
    requireRollable(plan, label);

    const roll = new D6Roll(d6SkillFormula(plan.code, flat), {}, { d6Kind: "skill" });
    await roll.evaluate();
    const faces = roll.faces;
    if (!faces) throw new D6Error("wildMissing", { what: label });
    // The core reads the faces again: the card's figures are the rules', not the dice engine's.
    const result: SkillRoll = rollSkill(rollable.code, { actionDice, woundDice }, faces, flat, label, rules);
    const content = await render(D6_ROLL_CARD_TEMPLATE, d6RollCardContext({ actorName: actor.name, rollable, roll: result, localize, rules }));
    return await postRollMessage(actor, roll, content, { d6Roll: { key: rollable.key, total: result.total, complication: result.reading.complication } });
  } catch (error) {
    notify("warn", localizeWith(format, error));
    return null;
  }
}

/** The number of actions and flat modifier from the dialog, or null when closed. */
async function askActions(actor: D6RollActor, rollable: D6Rollable, round: CombatantRound | undefined): Promise<Record<string, unknown> | null> {
  const freeActions = round?.freeActions ?? (wholeIn(actor.system.freeActions, 0, 99) ? (actor.system.freeActions as number) : d6Rules().defaultFreeActions);
  const content = await render(D6_ROLL_DIALOG_TEMPLATE, d6RollDialogView({ declared: round?.declared ?? null, freeActions, localize, rules: d6Rules() }));
  return promptForm(localize("CYCHOSYS.D6.Roll.dialogTitle", { skill: rollableLabel(rollable, localize) }), content, localize("CYCHOSYS.D6.Roll.rollIt"), formValues);
}

/**
 * The sheet's roll button: a small dialog for the number of actions this
 * round (pre-filled from the round state in a started combat) and a flat
 * modifier, then `rollD6Skill`. Shift-click (`event.shiftKey`) skips the
 * dialog. Refuses before asking when the actor cannot act (D10, D37).
 */
export async function promptD6Roll(actor: D6RollActor, key: string, event?: { shiftKey?: boolean } | null): Promise<unknown> {
  if (event?.shiftKey) return rollD6Skill(actor, key);
  try {
    const { derived, rollable } = resolve(actor, key);
    const round = roundOf(actor);
    requireAbleToAct(derived, round);
    const form = await askActions(actor, rollable, round);
    if (!form) return null;
    const freeActions = round?.freeActions ?? (wholeIn(actor.system.freeActions, 0, 99) ? (actor.system.freeActions as number) : d6Rules().defaultFreeActions);
    const values = readD6RollForm(form, freeActions, d6Rules());
    return await rollD6Skill(actor, key, { actionDice: values.actionDice, flat: values.flat });
  } catch (error) {
    notify("warn", localizeWith(format, error));
    return null;
  }
}
