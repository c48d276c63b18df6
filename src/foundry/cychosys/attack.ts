/**
 * Cychosys's attack workflow in Foundry (docs/combat-workflow.md): the attack
 * from a weapon or trick (sheet button or hotbar macro), the attack card
 * drawn for each viewing user, and its buttons. Every step goes to the GM's
 * transport (src/foundry/transport.ts), which carries it out on the active
 * GM's client.
 */
import { rollFormula } from "../../rulesets/cychosys/data/derive/combatant.js";
import { CychosysRoll } from "./dice.js";
import { format } from "../i18n.js";
import { applyDialog, attackDialog, defenseDialog } from "./dialogs.js";
import { type AttackFlow, type FlowUser, type StruckState, struckParticipant } from "../../rulesets/cychosys/workflow/attack-flow.js";
import { ATTACK_CARD_TEMPLATE, attackCardContext } from "../../rulesets/cychosys/views/card.js";
import { trustedFlow } from "../../core/transport/flow-store.js";
import { attackerInCombat } from "../../core/transport/combat-gate.js";
import { localizeWith } from "../../core/localize.js";
import type { ActorLike, MessageLike, UserLike } from "../../core/transport/ports.js";
import { assertMayAttack, heldParryBonusOf } from "../../rulesets/cychosys/workflow/attack.js";
import type { CardRequest, RolledTotal } from "../../rulesets/cychosys/workflow/request-schema.js";
import { type CychosysActor, struckStateAt } from "../../rulesets/cychosys/workflow/steps.js";
import { combatantOf, dispatch } from "../transport.js";
import { attackMacroOnDrop, drawCard } from "../card-glue.js";
import { mayKnow, oddsShown } from "../odds.js";
import type { OddsSide } from "../../rulesets/cychosys/workflow/odds-query.js";
import { defenseGear } from "./dialogs.js";
import { fromUuid, fromUuidSync } from "../uuid.js";

const localize = (key: string, params?: Record<string, unknown>) => format(key, (params ?? {}) as Record<string, string | number>);
const render = (template: string, context: object) => foundry.applications.handlebars.renderTemplate(template, context as never);
const notify = (level: "info" | "warn" | "error", text: string) => ui.notifications?.[level](text);

interface GameLike {
  user: UserLike & { targets: Set<{ actor: ActorLike | null; name: string }> };
  users: { activeGM: UserLike | null; get(id: string): UserLike | undefined };
}
const g = () => game as unknown as GameLike;
const syncUuid = (uuid: string) => fromUuidSync<(CychosysActor & { isOwner: boolean })>(uuid);

/** A neutral viewer: the card's stored HTML shows no buttons (each client redraws it for its user). */
const NOBODY: FlowUser = { id: "", isGM: false, owns: () => false };

/** The card's stored HTML. */
export function cardContent(flow: AttackFlow): Promise<string> {
  return render(ATTACK_CARD_TEMPLATE, attackCardContext(flow, NOBODY, { localize, rules: CONFIG.CYCHOSYS }));
}

/** This client's user as the workflow sees it: ownership from the documents as loaded here. */
function viewer(): FlowUser {
  const user = g().user;
  return { id: user.id, isGM: user.isGM, owns: (uuid) => syncUuid(uuid)?.isOwner ?? false };
}

// ---------------------------------------------------------------------------
// Attack.

/** Dice So Nice, when installed: show a roll to everyone (the answers to an attack are not chat rolls of their own). */
async function showDice(roll: CychosysRoll): Promise<void> {
  const dice3d = (game as unknown as { dice3d?: { showForRoll(roll: unknown, user: unknown, synchronize: boolean): Promise<unknown> } }).dice3d;
  if (dice3d) await dice3d.showForRoll(roll, game.user, true);
}

/**
 * R13, R19, R21: the attack dialog and the roll on the attacker's client; the
 * active GM checks the attack and posts the card (src/chat/declare.ts). In a
 * started combat the attack spends an action (R15) and, against one target,
 * uses the parry bonus held against it (R25); with no action left, an
 * attacker outside the combat a target fights in, or no GM connected,
 * nothing is rolled.
 */
export async function startAttack(actor: CychosysActor & { id?: string }, item: { id: string; name: string; type: string; system: { edge?: string } }): Promise<void> {
  if (item.type !== "weapon" && item.type !== "trick") return;
  const derived = actor.system.derived;
  if (!derived) return;
  if (!g().users.activeGM) return void notify("error", format("CYCHOSYS.Flow.noGM"));
  try {
    // Refuses now, before the dialog, what the GM would refuse: an attacker outside the combat a target fights in, or no action left.
    assertMayAttack(attackerInCombat({ combatantOf }, actor, currentTargets(actor.uuid), g().user), CONFIG.CYCHOSYS);
  } catch (error) {
    return void notify("warn", localizeWith(format, error));
  }
  const gear = { id: item.id, name: item.name, edge: item.system.edge ?? "0" };
  const choice = await attackDialog(actor, gear, dialogOdds(actor));
  if (!choice) return;
  const rolled = await rollTotal(actor, choice.totalKey, choice.modifier);
  if (!rolled) return;
  await showDice(rolled.roll);
  await dispatch({
    step: "declare",
    actorUuid: actor.uuid,
    itemId: item.id,
    roll: rolled.rolled,
    added: choice.added,
    ...(choice.location && { location: choice.location }),
    ...(choice.nonLethal && { nonLethal: choice.nonLethal }),
    targets: currentTargets(actor.uuid).map((t) => t.actorUuid),
  });
}

type KnowableActor = CychosysActor & { items: { contents?: unknown[] }; testUserPermission(user: never, level: "OBSERVER"): boolean };

/** A side as the odds read it (docs/odds.md): derived totals, outfit, trademark soak steps, weapons and tricks. */
function oddsSideOf(actor: KnowableActor): OddsSide | undefined {
  const derived = actor.system.derived;
  if (!derived) return undefined;
  return { totals: derived.totals, outfit: derived.outfit, extraSoakSteps: actor.system.modifiers?.soakSteps ?? 0, gear: defenseGear(actor) };
}

/** The attack dialog's odds: the attacker's side and each target's, when this user may see that target's sheet; none when odds are hidden from them. */
function dialogOdds(actor: CychosysActor) {
  const attacker = oddsShown() ? oddsSideOf(actor as KnowableActor) : undefined;
  if (!attacker) return undefined;
  const targets = [];
  const seen = new Set<string>([actor.uuid]);
  for (const token of g().user.targets) {
    const target = token.actor as KnowableActor | null;
    if (!target || seen.has(target.uuid)) continue;
    seen.add(target.uuid);
    const side = mayKnow(target) ? oddsSideOf(target) : undefined;
    targets.push({ name: token.name || target.name, uuid: target.uuid, ...(side && { side }) });
  }
  // R25: against a single target the GM adds the parry bonus held against it; the odds add it too.
  const parryBonus = heldParryBonusOf(combatantOf(actor.uuid), targets.map((t) => t.uuid), CONFIG.CYCHOSYS);
  return { attacker, targets: targets.map(({ uuid: _uuid, ...t }) => (parryBonus ? { ...t, parryBonus } : t)) };
}

/** The user's targeted tokens' actors (not the attacker), once each. */
function currentTargets(attackerUuid: string): { actorUuid: string; name: string }[] {
  const seen = new Set<string>([attackerUuid]);
  const out: { actorUuid: string; name: string }[] = [];
  for (const token of g().user.targets) {
    const actor = token.actor;
    if (!actor || seen.has(actor.uuid)) continue;
    seen.add(actor.uuid);
    out.push({ actorUuid: actor.uuid, name: token.name || actor.name });
  }
  return out;
}

/** `cychosys.attack(itemUuid)`: what a hotbar macro made from a weapon or trick runs. */
export async function attackWithItem(itemUuid: string): Promise<void> {
  const item = (await fromUuid(itemUuid)) as { id: string; name: string; type: string; system: { edge?: string }; parent: CychosysActor | null } | null;
  if (!item?.parent) return void notify("warn", format("CYCHOSYS.Flow.noSuchItem", { id: itemUuid }));
  await startAttack(item.parent, item);
}

// ---------------------------------------------------------------------------
// Steps on a card.

type CardStep = DistributiveOmit<CardRequest, "attackId" | "messageId">;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** A step on this card. */
function sendStep(message: MessageLike, flow: AttackFlow, step: CardStep): Promise<void> {
  return dispatch({ attackId: flow.id, messageId: message.id, ...step } as CardRequest as Record<string, unknown>);
}

async function rollTotal(actor: CychosysActor, totalKey: string, modifier: number): Promise<{ rolled: RolledTotal; roll: CychosysRoll } | undefined> {
  const total = actor.system.derived?.totals.find((t) => t.key === totalKey);
  if (!total) return void notify("warn", format("CYCHOSYS.Flow.noSuchTotal", { key: totalKey }));
  const roll = new CychosysRoll(rollFormula(total.dice, 0));
  await roll.evaluate();
  return { roll, rolled: { totalKey, modifier, faces: roll.keyTerm?.faces12 ?? [] } };
}

async function actorAt(uuid: string): Promise<(CychosysActor & { items: { contents?: unknown[] } }) | undefined> {
  const actor = (await fromUuid(uuid)) as (CychosysActor & { items: { contents?: unknown[] } }) | null;
  if (!actor?.system.derived) return void notify("warn", format("CYCHOSYS.Flow.noSuchItem", { id: uuid }));
  return actor;
}

/** A button on the attack card. */
async function onCardAction(message: MessageLike, action: string, index: number, form: string | undefined): Promise<void> {
  const flow = trustedFlow<AttackFlow>(message);
  if (!flow) return;
  if (action === "assignTargets") {
    const targets = currentTargets(flow.attacker.actorUuid).map((t) => t.actorUuid);
    if (!targets.length) return void notify("warn", format("CYCHOSYS.Flow.noNewTargets"));
    return sendStep(message, flow, { step: "assignTargets", targets });
  }
  const target = flow.targets[index];
  if (!target) return;
  switch (action) {
    case "defend": {
      const actor = await actorAt(target.target.actorUuid);
      if (!actor || !form) return;
      const choice = await defenseDialog({
        mode: form as "evade" | "brave" | "parry" | "counter",
        actor,
        attackerName: flow.attacker.name,
        attackTotal: flow.attack.total,
        costsAction: target.defenses >= 1,
      });
      if (!choice) return;
      const rolled = await rollTotal(actor, choice.roll.totalKey, choice.roll.modifier);
      if (!rolled) return;
      await showDice(rolled.roll);
      await sendStep(message, flow, { targetIndex: index, step: "defend", answer: choice.answer(rolled.rolled) });
      return;
    }
    case "counterAgain": {
      const side = target.awaiting;
      if (!side) return;
      const ref = side === "attacker" ? flow.attacker : target.target;
      const other = side === "attacker" ? target.target : flow.attacker;
      const actor = await actorAt(ref.actorUuid);
      if (!actor) return;
      const last = target.counters[target.counters.length - 1];
      const choice = await defenseDialog({
        mode: "counterAgain",
        actor,
        attackerName: other.name,
        attackTotal: last?.total ?? flow.attack.total,
        costsAction: false,
        counterNumber: target.counters.length + 1,
      });
      if (!choice) return;
      const rolled = await rollTotal(actor, choice.roll.totalKey, choice.roll.modifier);
      if (!rolled) return;
      await showDice(rolled.roll);
      await sendStep(message, flow, { targetIndex: index, step: "counterAgain", roll: rolled.rolled });
      return;
    }
    case "takeIt":
      return sendStep(message, flow, { targetIndex: index, step: "declineCounter" });
    case "apply": {
      const struck = struckParticipant(flow, index);
      const actor = struck && (await actorAt(struck.actorUuid));
      if (!struck || !actor) return;
      const choices = await applyDialog(flow, index, struck.name, struckStateAt(flow, index, actor), g().user.isGM && actor.type === "npc");
      // The dialog's choices as plain JSON (its lists are read-only views).
      if (choices) await sendStep(message, flow, { targetIndex: index, step: "apply", choices: structuredClone(choices) as Extract<CardRequest, { step: "apply" }>["choices"] });
      return;
    }
    case "applyDefaults":
      return sendStep(message, flow, { targetIndex: index, step: "apply", choices: {} });
    case "undo":
      return sendStep(message, flow, { targetIndex: index, step: "undo" });
  }
}

/** The struck side of a card's target as this client sees it now, for the card's injury preview. */
function stateOf(flow: AttackFlow, index: number, actorUuid: string): StruckState | undefined {
  const actor = syncUuid(actorUuid);
  return actor?.system.derived ? struckStateAt(flow, index, actor) : undefined;
}

/** Draw the attack card for this user and bind its buttons (the transport's gate has let it through). */
export function renderCard(message: MessageLike, flow: AttackFlow, html: HTMLElement): void {
  const context = attackCardContext(flow, viewer(), {
    localize,
    rules: CONFIG.CYCHOSYS,
    isNpc: (uuid) => syncUuid(uuid)?.type === "npc",
    userName: (id) => g().users.get(id)?.name ?? id,
    stateOf: (uuid, index) => stateOf(flow, index, uuid),
    oddsSideOf: (uuid) => {
      const actor = oddsShown() ? (syncUuid(uuid) as KnowableActor | null) : null;
      return actor && mayKnow(actor) ? oddsSideOf(actor) : undefined;
    },
  });
  drawCard(html, render(ATTACK_CARD_TEMPLATE, context), (button) =>
    onCardAction(message, button.dataset.action!, Number(button.dataset.targetIndex ?? -1), button.dataset.form),
  );
}

/** The hotbar hook and `cychosys.attack` (called once when the Cychosys code loads). */
export function registerAttackWorkflow(): void {
  Hooks.on("hotbarDrop", attackMacroOnDrop(["weapon", "trick"]) as never);
  (globalThis.cychosys as unknown as Record<string, unknown>).attack = attackWithItem;
}
