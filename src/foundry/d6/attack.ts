/**
 * OpenD6's attack workflow in Foundry (docs/rulesets/d6.md, "On the table"):
 * the attack from a weapon (sheet button or hotbar macro), the card drawn
 * for each viewing user, and its buttons. The dice are rolled on the
 * clicking user's client (Dice So Nice shows them to everyone, the Wild Die
 * in its own colour); every step goes to the GM's transport
 * (src/foundry/transport.ts), which reads every figure from the GM's own
 * documents and round state.
 */
import type { FlowUser } from "../../core/ruleset.js";
import { trustedFlow } from "../../core/transport/flow-store.js";
import { localizeWith } from "../../core/localize.js";
import type { ActorLike, MessageLike, UserLike } from "../../core/transport/ports.js";
import type { D6RoundState } from "../../rulesets/d6/combat/round-state.js";
import type { D6Derived } from "../../rulesets/d6/data/derived.js";
import type { DefenseSkill, RollPlan } from "../../rulesets/d6/rules/index.js";
import { D6_ATTACK_CARD_TEMPLATE, d6AttackCardView } from "../../rulesets/d6/views/attack-card.js";
import { D6_ATTACK_DIALOG_TEMPLATE, d6AttackDialogView, declaredChoice, readD6AttackForm } from "../../rulesets/d6/views/dialogs.js";
import { attackPlan, defensePlan } from "../../rulesets/d6/workflow/dice-plans.js";
import { type D6Flow, resolutionOf, targetOf } from "../../rulesets/d6/workflow/flow.js";
import { woundsOf } from "../../rulesets/d6/workflow/steps.js";
import { d6Rules } from "./rules-source.js";
import { activeAdapter } from "../adapter.js";
import { format } from "../i18n.js";
import { combatantOf, dispatch } from "../transport.js";
import { attackMacroOnDrop, drawCard } from "../card-glue.js";
import { rollD6Code, showDice } from "./code-roll.js";
import { formValues, promptForm } from "../dialogs.js";
import { liveOddsLines, mayKnow, oddsShown } from "../odds.js";
import type { OddsLineView } from "../../core/views/odds.js";
import { type D6DialogChoice, d6DialogOdds, type D6OddsTarget } from "../../rulesets/d6/views/odds.js";
import { interruptOptions } from "../../rulesets/d6/workflow/odds-query.js";
import type { RoundOf } from "../../rulesets/d6/workflow/steps.js";
import type { D6WeaponView } from "../../rulesets/d6/data/derived.js";
import { fromUuid, fromUuidSync } from "../uuid.js";

const localize = (key: string, params?: Record<string, unknown>) => format(key, (params ?? {}) as Record<string, string | number>);
const render = (template: string, context: object) => foundry.applications.handlebars.renderTemplate(template, context as never);
const notify = (level: "info" | "warn" | "error", text: string) => ui.notifications?.[level](text);

type D6Actor = ActorLike<{ derived?: D6Derived }> & { isOwner?: boolean };
interface GameLike {
  user: UserLike & { targets: Set<{ actor: ActorLike | null }> };
  users: { activeGM: UserLike | null };
}
const g = () => game as unknown as GameLike;
const syncUuid = (uuid: string) => fromUuidSync<D6Actor>(uuid);

const NOBODY: FlowUser = { id: "", isGM: false, owns: () => false };

/** This client's user: ownership from the documents as loaded here. */
function viewer(): FlowUser {
  const user = g().user;
  return { id: user.id, isGM: user.isGM, owns: (uuid) => syncUuid(uuid)?.isOwner ?? false };
}

/** The round state the GM holds for an actor in the started combat (the combat is readable by everyone). */
function roundOf(uuid: string): D6RoundState | undefined {
  const ref = combatantOf(uuid);
  const round = activeAdapter()?.ruleset.round;
  return ref && round ? (round.read(ref) as D6RoundState) : undefined;
}


/** The attack or interrupt dialog; the form's values, or null when closed. `odds` redraws the odds lines as the form changes. */
async function askRoll(title: string, context: object, odds?: (values: ReturnType<typeof readD6AttackForm>) => { lines: OddsLineView[] }): Promise<Record<string, unknown> | null> {
  const content = await render(D6_ATTACK_DIALOG_TEMPLATE, context);
  const live = odds && liveOddsLines(readD6AttackForm, odds);
  return promptForm(title, content, localize("CYCHOSYS.D6.Card.rollIt"), formValues, live);
}

/** The dialog's choices as the GM reads a declaration (D26–D28; the modifier a GM's only). */
const choiceOf = (values: ReturnType<typeof readD6AttackForm>): D6DialogChoice => declaredChoice(values, g().user.isGM);

/** An actor's round in the started combat, as the attack's input reads it. */
const roundFor = (uuid: string): RoundOf => {
  const state = roundOf(uuid);
  return state && { state, round: state.round.round };
};

/** The attack dialog's odds, per target (docs/odds.md): the sheets this user may see, the interrupts each could roll; none when odds are hidden from this user. */
function attackOdds(actor: D6Actor, weapon: D6WeaponView, targets: readonly string[]) {
  if (!oddsShown()) return undefined;
  const rules = d6Rules();
  const mine = roundFor(actor.uuid);
  const sides: D6OddsTarget[] = targets.map((uuid) => {
    const target = syncUuid(uuid) as (D6Actor & { testUserPermission(user: never, level: "OBSERVER"): boolean }) | null;
    const derived = target?.system.derived;
    if (!target || !derived || !mayKnow(target)) return { name: target?.name ?? uuid };
    const round = roundFor(uuid);
    return { name: target.name, actor: target as never, round, interrupts: interruptOptions(derived, round?.state.round, woundsOf(target.system as never), rules) };
  });
  return (values: ReturnType<typeof readD6AttackForm>) => d6DialogOdds(actor as never, weapon, mine, sides, choiceOf(values), localize, rules);
}

/** Roll a plan's code with its Wild Die (D2) and show it; the faces for the request. */
async function rollPlan(plan: RollPlan) {
  const { roll, faces } = await rollD6Code(plan.code);
  await showDice(roll);
  return faces;
}

/** D30: attack with one of the actor's weapons at the user's targets. */
export async function startD6Attack(actor: D6Actor, itemId: string): Promise<void> {
  if (!g().users.activeGM) return void notify("error", format("CYCHOSYS.Flow.noGM"));
  const derived = actor.system.derived;
  const weapon = derived?.weapons.find((w) => w.id === itemId);
  if (!derived || !weapon) return;
  const targets = [...g().user.targets].map((t) => t.actor?.uuid).filter((u): u is string => !!u && u !== actor.uuid);
  if (!targets.length) return void notify("warn", format("CYCHOSYS.D6.Flow.noTargets"));
  try {
    const plan = attackPlan(derived, weapon, roundOf(actor.uuid)?.round, targets[0]!, d6Rules(), woundsOf(actor.system as never));
    const odds = attackOdds(actor, weapon, targets);
    const ranged = weapon.mode === "ranged";
    const context = d6AttackDialogView({ plan, ranged, gm: g().user.isGM, localize, ...(odds && { odds: odds({ flat: 0, band: ranged ? "short" : "pointBlank" }) }) });
    const form = await askRoll(localize("CYCHOSYS.D6.Card.attackTitle", { weapon: weapon.name }), context, odds);
    if (!form) return;
    const values = readD6AttackForm(form);
    const roll = await rollPlan(plan);
    await dispatch({ step: "declare", actorUuid: actor.uuid, itemId, roll, ...choiceOf(values), targets });
  } catch (error) {
    notify("warn", localizeWith(format, error));
  }
}

/** `cychosys.attack(itemUuid)` in an OpenD6 world: what a hotbar macro made from a weapon runs. */
export async function d6AttackWithItem(itemUuid: string): Promise<void> {
  const item = (await fromUuid(itemUuid)) as { id: string; type: string; parent: D6Actor | null } | null;
  if (!item?.parent || item.type !== "d6Weapon") return void notify("warn", format("CYCHOSYS.D6.Flow.noSuchItem", { id: itemUuid }));
  await startD6Attack(item.parent, item.id);
}

/** A button on the card. */
async function onCardAction(message: MessageLike, action: string, index: number, skill: DefenseSkill | undefined): Promise<void> {
  const flow = trustedFlow<D6Flow>(message);
  if (!flow) return;
  const target = targetOf(flow, index);
  const onCard = { attackId: flow.id, messageId: message.id, targetIndex: index };
  switch (action) {
    case "interrupt": {
      const actor = syncUuid(target.target.actorUuid);
      const round = roundOf(target.target.actorUuid);
      const derived = actor?.system.derived;
      if (!derived || !round || !skill) return void notify("warn", format("CYCHOSYS.D6.Flow.cannotInterrupt", { name: target.target.name }));
      const plan = defensePlan(derived, skill, round.round, d6Rules(), woundsOf(actor!.system as never));
      // D20–D21: a parry is made with the first melee weapon unless the owner picks another (the odds price the same one).
      const parryWeapons = skill === "parry" ? derived.weapons.filter((w) => w.mode === "melee").map((w, i) => ({ id: w.id, name: w.name, selected: i === 0 })) : undefined;
      const form = await askRoll(
        localize("CYCHOSYS.D6.Card.interruptTitle", { defense: localize(`CYCHOSYS.D6.Defense.${skill}`) }),
        { ...d6AttackDialogView({ plan, ranged: false, gm: g().user.isGM, localize, ...(parryWeapons && { parryWeapons }) }), bands: null },
      );
      if (!form) return;
      const values = readD6AttackForm(form);
      const roll = await rollPlan(plan);
      // The flat bonus is the GM's (D6_GM_ONLY_FIELDS): a player's request never carries it.
      return dispatch({ step: "interrupt", ...onCard, skill, ...(values.itemId && { itemId: values.itemId }), roll, ...(g().user.isGM && values.flat && { flat: values.flat }) });
    }
    case "announce":
    case "apply":
    case "undo":
      return dispatch({ step: action, ...onCard });
    case "damage":
    case "resist": {
      const resolution = resolutionOf(target);
      const code = action === "damage" ? resolution.damage?.code : resolution.resistance?.code;
      if (!code) return;
      const { roll, faces } = await rollD6Code(code);
      await showDice(roll);
      return dispatch({ step: action, ...onCard, roll: faces });
    }
  }
}

/** The card's stored HTML (drawn for nobody; each client redraws it for its user). */
export function cardContent(flow: D6Flow): Promise<string> {
  return render(D6_ATTACK_CARD_TEMPLATE, d6AttackCardView(flow, NOBODY, localize));
}

/** Draw the card for this user and bind its buttons (the transport's gate has let it through). */
export function renderCard(message: MessageLike, flow: D6Flow, html: HTMLElement): void {
  const options = {
    // D14: the interrupts a target holding a wait could roll now, for its owner's odds (docs/odds.md).
    interruptsOf: (uuid: string) => {
      const actor = oddsShown() ? (syncUuid(uuid) as (D6Actor & { testUserPermission(user: never, level: "OBSERVER"): boolean }) | null) : null;
      const derived = actor?.system.derived;
      if (!actor || !derived || !mayKnow(actor)) return undefined;
      return interruptOptions(derived, roundOf(uuid)?.round, woundsOf(actor.system as never), d6Rules());
    },
  };
  drawCard(html, render(D6_ATTACK_CARD_TEMPLATE, d6AttackCardView(flow, viewer(), localize, d6Rules(), options)), (button) =>
    onCardAction(message, button.dataset.action!, Number(button.dataset.targetIndex ?? -1), button.dataset.skill as DefenseSkill | undefined),
  );
}

/** The hotbar hook and `cychosys.attack` in an OpenD6 world. */
export function registerD6Attack(): void {
  Hooks.on("hotbarDrop", attackMacroOnDrop(["d6Weapon"]) as never);
  (globalThis.cychosys as unknown as Record<string, unknown>).attack = d6AttackWithItem;
}
