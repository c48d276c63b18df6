/**
 * The attack workflow in Foundry (docs/combat-workflow.md): the attack from a
 * weapon or trick (sheet button or hotbar macro), the attack card rendered for
 * each viewing user, its buttons, and the transport — a GM runs a step
 * locally; a player writes a request message that the active GM's client
 * runs (src/chat/processor.ts). Registration is one call from `init`.
 */
import { rollFormula } from "../../rulesets/cychosys/data/derive/combatant.js";
import { CychosysRoll } from "./dice.js";
import { format, localize as localizeKey } from "../i18n.js";
import { applyDialog, attackDialog, defenseDialog } from "./dialogs.js";
import { type AttackFlow, type FlowUser, type StruckState, struckParticipant } from "../../rulesets/cychosys/workflow/attack-flow.js";
import { ATTACK_CARD_TEMPLATE, attackCardContext } from "../../rulesets/cychosys/views/card.js";
import { trustedFlow } from "../../core/transport/flow-store.js";
import { localizeWith } from "../../core/localize.js";
import type { ActorLike, CombatantRef, CombatLike, MessageLike, UserLike, WorkflowEnv } from "../../core/transport/ports.js";
import { dispatchStep, finishAllPending, handleRequestMessage, runRequest } from "../../core/transport/processor.js";
import { enqueue } from "../requests.js";
import { assertMayAttack } from "../../rulesets/cychosys/workflow/attack.js";
import type { AttackRequest, CardRequest, RolledTotal } from "../../rulesets/cychosys/workflow/request-schema.js";
import { struckStateOf } from "../../rulesets/cychosys/workflow/steps.js";

export const SETTING_AUTO_APPLY = "autoApplyNpcInjury";
const SYSTEM = "cychosys";

const localize = (key: string, params?: Record<string, unknown>) => format(key, (params ?? {}) as Record<string, string | number>);
const render = (template: string, context: object) => foundry.applications.handlebars.renderTemplate(template, context as never);
const notify = (level: "info" | "warn" | "error", text: string) => ui.notifications?.[level](text);

type CombatantDoc = { id: string; actor: ActorLike | null };
type CombatDoc = CombatLike & { started?: boolean; combatants: { contents: CombatantDoc[] } };

interface GameLike {
  user: UserLike & { targets: Set<{ actor: ActorLike | null; name: string }> };
  users: { activeGM: UserLike | null; get(id: string): UserLike | undefined; filter(fn: (u: UserLike) => boolean): UserLike[] };
  messages: { get(id: string): MessageLike | undefined; contents: MessageLike[] };
  combat: CombatDoc | null;
  combats: { get(id: string): CombatDoc | undefined };
  settings: { get(scope: string, key: string): unknown; register(scope: string, key: string, data: object): void };
}
const g = () => game as unknown as GameLike;
const syncUuid = (uuid: string) => (foundry.utils as unknown as { fromUuidSync(uuid: string): unknown }).fromUuidSync(uuid) as (ActorLike & { isOwner: boolean }) | null;

/** The actor's combatant in the started combat, if any (its round state lives on the combat). */
function combatantOf(actorUuid: string): CombatantRef | undefined {
  const combat = g().combat;
  if (!combat?.started) return undefined;
  const combatant = combat.combatants.contents.find((c) => c.actor?.uuid === actorUuid);
  return combatant && { combat, combatant };
}

/** How far back the GM looks for the card a replayed declaration already posted. */
const RECENT_MESSAGES = 200;

/** A neutral viewer: the card's stored HTML shows no buttons (each client redraws it for its user). */
const NOBODY: FlowUser = { id: "", isGM: false, owns: () => false };

/** The world, as the processor sees it. */
export function foundryEnv(): WorkflowEnv {
  return {
    rules: CONFIG.CYCHOSYS,
    resolve: async (uuid) => ((await fromUuid(uuid as never)) as never) ?? undefined,
    message: (id) => g().messages.get(id),
    createCard: async (speaker, flow) => {
      const content = await render(ATTACK_CARD_TEMPLATE, attackCardContext(flow, NOBODY, { localize, rules: CONFIG.CYCHOSYS }));
      const message = await ChatMessage.implementation.create({
        speaker: ChatMessage.implementation.getSpeaker({ actor: speaker as never }),
        content,
        flags: { cychosys: { flow } },
      } as never);
      return message as unknown as MessageLike;
    },
    cardFor: (requestId) => g().messages.contents.slice(-RECENT_MESSAGES).find((m) => trustedFlow(m)?.origin === requestId),
    combatantOf,
    combat: (id) => g().combats.get(id),
    randomId: () => foundry.utils.randomID(),
    now: () => Date.now(),
    whisper: (user, text) => ChatMessage.implementation.create({ content: `<p class="cychosys cy-refusal">${escapeHtml(text)}</p>`, whisper: [user.id] } as never),
    format: (key, params) => format(key, params ?? {}),
    autoApplyNpc: () => g().settings.get(SYSTEM, SETTING_AUTO_APPLY) === true,
    report: (error) => console.error("Cychosys |", error),
  };
}

/** The active GM's one queue, shared with the tracker's requests: its own steps and every request, one at a time. */
const queue = { run: enqueue };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
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
 * uses the parry bonus held against it (R25); with no action left, or no GM
 * connected, nothing is rolled.
 */
export async function startAttack(actor: ActorLike & { id?: string }, item: { id: string; name: string; type: string; system: { edge?: string } }): Promise<void> {
  if (item.type !== "weapon" && item.type !== "trick") return;
  const derived = actor.system.derived;
  if (!derived) return;
  if (!g().users.activeGM) return void notify("error", format("CYCHOSYS.Flow.noGM"));
  try {
    assertMayAttack(combatantOf(actor.uuid), CONFIG.CYCHOSYS); // refuses now, before the dialog, when no action is left
  } catch (error) {
    return void notify("warn", localizeWith(format, error));
  }
  const gear = { id: item.id, name: item.name, edge: item.system.edge ?? "0" };
  const choice = await attackDialog(actor, gear);
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
  const item = (await fromUuid(itemUuid as never)) as unknown as { id: string; name: string; type: string; system: { edge?: string }; parent: ActorLike | null } | null;
  if (!item?.parent) return void notify("warn", format("CYCHOSYS.Flow.noSuchItem", { id: itemUuid }));
  await startAttack(item.parent, item);
}

// ---------------------------------------------------------------------------
// Transport.

/** Run a step: locally on the active GM's client, else as a request the active GM carries out. */
async function dispatch(request: AttackRequest): Promise<void> {
  const user = g().user;
  await dispatchStep(
    {
      user,
      activeGM: g().users.activeGM,
      runLocal: (r) => queue.run(() => runRequest(foundryEnv(), r, user, foundry.utils.randomID())),
      sendRequest: (r) =>
        ChatMessage.implementation.create({
          content: `<p class="cychosys cy-request">${escapeHtml(format("CYCHOSYS.Card.requestSent", { step: localizeKey(`CYCHOSYS.Card.step.${r.step}`) }))}</p>`,
          whisper: g().users.filter((u) => u.isGM).map((u) => u.id),
          flags: { cychosys: { request: r } },
        } as never),
      notify,
      format: (key, params) => format(key, params ?? {}),
    },
    request,
  );
}

type CardStep = DistributiveOmit<CardRequest, "attackId" | "messageId">;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** A step on this card. */
function sendStep(message: MessageLike, flow: AttackFlow, step: CardStep): Promise<void> {
  return dispatch({ attackId: flow.id, messageId: message.id, ...step } as CardRequest);
}

async function rollTotal(actor: ActorLike, totalKey: string, modifier: number): Promise<{ rolled: RolledTotal; roll: CychosysRoll } | undefined> {
  const total = actor.system.derived?.totals.find((t) => t.key === totalKey);
  if (!total) return void notify("warn", format("CYCHOSYS.Flow.noSuchTotal", { key: totalKey }));
  const roll = new CychosysRoll(rollFormula(total.dice, 0));
  await roll.evaluate();
  return { roll, rolled: { totalKey, modifier, faces: roll.keyTerm?.faces12 ?? [] } };
}

async function actorAt(uuid: string): Promise<(ActorLike & { items: { contents?: unknown[] } }) | undefined> {
  const actor = (await fromUuid(uuid as never)) as unknown as (ActorLike & { items: { contents?: unknown[] } }) | null;
  if (!actor?.system.derived) return void notify("warn", format("CYCHOSYS.Flow.noSuchItem", { id: uuid }));
  return actor;
}

/** A button on the attack card. */
async function onCardAction(message: MessageLike, action: string, index: number, form: string | undefined): Promise<void> {
  const flow = trustedFlow(message);
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
      const choices = await applyDialog(flow, index, struck.name, struckStateOf(actor), g().user.isGM && actor.type === "npc");
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

/** The struck side as this client sees it now, for the card's injury preview. */
function stateOf(actorUuid: string): StruckState | undefined {
  const actor = syncUuid(actorUuid);
  return actor?.system.derived ? struckStateOf(actor) : undefined;
}

/** Draw the attack card for this user and bind its buttons; a request shows as a short note. */
function onRenderChatMessage(message: MessageLike, html: HTMLElement): void {
  const flow = trustedFlow(message);
  if (!flow) {
    if (message.flags.cychosys?.request) html.classList.add("cychosys-request");
    else if (message.flags.cychosys?.flow) html.querySelector(".message-content")?.replaceChildren(untrustedNote());
    return;
  }
  const content = html.querySelector<HTMLElement>(".message-content");
  if (!content) return;
  const user = viewer();
  const context = attackCardContext(flow, user, {
    localize,
    rules: CONFIG.CYCHOSYS,
    isNpc: (uuid) => syncUuid(uuid)?.type === "npc",
    userName: (id) => g().users.get(id)?.name ?? id,
    stateOf,
  });
  void render(ATTACK_CARD_TEMPLATE, context).then((markup) => {
    content.innerHTML = markup;
  });
  content.addEventListener("click", (event) => {
    const button = (event.target as HTMLElement).closest<HTMLButtonElement>("button[data-action]");
    if (!button || !content.contains(button)) return;
    event.preventDefault();
    button.disabled = true;
    const index = Number(button.dataset.targetIndex ?? -1);
    void onCardAction(message, button.dataset.action!, index, button.dataset.form)
      .catch((error: unknown) => notify("error", localizeWith(format, error)))
      .finally(() => {
        button.disabled = false;
      });
  });
}

/** What a player-written "attack card" shows instead of itself: it does nothing. */
function untrustedNote(): HTMLElement {
  const note = document.createElement("p");
  note.className = "cychosys cy-refusal";
  note.textContent = format("CYCHOSYS.Flow.untrustedCard");
  return note;
}

/** A hotbar macro from a dragged weapon or trick: it opens the attack dialog. */
function onHotbarDrop(_bar: unknown, data: { type?: string; uuid?: string }, slot: number): boolean | void {
  if (data.type !== "Item" || !data.uuid) return;
  const item = syncUuid(data.uuid) as unknown as { name: string; img: string; type: string; parent: unknown } | null;
  if (!item || (item.type !== "weapon" && item.type !== "trick") || !item.parent) return;
  void (async () => {
    const command = `cychosys.attack(${JSON.stringify(data.uuid)});`;
    const macro = (await Macro.implementation.create({ name: item.name, type: "script", img: item.img, command, flags: { cychosys: { attackItem: data.uuid } } } as never)) as unknown;
    const user = game.user as unknown as { assignHotbarMacro(macro: unknown, slot: number): Promise<unknown> };
    if (macro) await user.assignHotbarMacro(macro, slot);
  })();
  return false;
}

/** Register the world setting, the hooks and `cychosys.attack` (called once from `init`). */
export function registerAttackWorkflow(): void {
  g().settings.register(SYSTEM, SETTING_AUTO_APPLY, {
    name: "CYCHOSYS.Settings.autoApplyNpc.name",
    hint: "CYCHOSYS.Settings.autoApplyNpc.hint",
    scope: "world",
    config: true,
    type: Boolean,
    default: false,
  });
  Hooks.on("renderChatMessageHTML", ((message: MessageLike, html: HTMLElement) => onRenderChatMessage(message, html)) as never);
  const handle = (message: MessageLike) => {
    const self = g().user;
    const isActiveGM = g().users.activeGM?.id === self.id;
    return handleRequestMessage(foundryEnv(), queue, message, { id: self.id, name: self.name, isGM: self.isGM, isActiveGM });
  };
  Hooks.on("createChatMessage", ((message: MessageLike) => void handle(message)) as never);
  // After the active GM's client (re)starts: finish what a failure left recorded, then answer the requests still waiting.
  Hooks.once("ready", () => {
    if (g().users.activeGM?.id !== g().user.id) return;
    const messages = g().messages.contents;
    void finishAllPending(foundryEnv(), queue, messages).then(async () => {
      for (const message of messages.filter((m) => m.flags?.cychosys?.request !== undefined)) await handle(message);
    });
  });
  Hooks.on("hotbarDrop", onHotbarDrop as never);
  (globalThis.cychosys as unknown as Record<string, unknown>).attack = attackWithItem;
}
