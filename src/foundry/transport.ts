/**
 * The GM's transport in Foundry, for whichever ruleset the world plays
 * (docs/combat-workflow.md): the world as the processor sees it, the one GM
 * queue, the request messages and their handler, the recovery after a GM
 * client restarts, and the gate in front of every card: only a GM's message
 * is a card, and a card of another ruleset is only read.
 */
import { flowRuleset, trustedFlow, trustedFlowOrigin } from "../core/transport/flow-store.js";
import { escapeHtml } from "../core/html.js";
import type { ActorLike, CombatantRef, CombatLike, MessageLike, UserLike, WorkflowEnv } from "../core/transport/ports.js";
import { dispatchStep, finishAllPending, handleRequestMessage, runRequest } from "../core/transport/processor.js";
import { PendingMarks } from "../core/transport/pending-marks.js";
import { activeAdapter, requireActiveAdapter } from "./adapter.js";
import { format, localize } from "./i18n.js";
import { enqueue } from "./requests.js";
import { fromUuid } from "./uuid.js";

export const SETTING_AUTO_APPLY = "autoApplyNpcInjury";
const SYSTEM = "cychosys";

const notify = (level: "info" | "warn" | "error", text: string) => ui.notifications?.[level](text);

type CombatantDoc = { id: string; actor: ActorLike | null };
type CombatDoc = CombatLike & { started?: boolean; combatants: { contents: CombatantDoc[] } };

interface GameLike {
  user: UserLike;
  users: { activeGM: UserLike | null; filter(fn: (u: UserLike) => boolean): UserLike[] };
  messages: { get(id: string): MessageLike | undefined; contents: MessageLike[] };
  combat: CombatDoc | null;
  combats: { get(id: string): CombatDoc | undefined };
  settings: { get(scope: string, key: string): unknown; register(scope: string, key: string, data: object): void };
}
const g = () => game as unknown as GameLike;

/** The actor's combatant in the started combat, if any (its round state lives on the combat). */
export function combatantOf(actorUuid: string): CombatantRef | undefined {
  const combat = g().combat;
  if (!combat?.started) return undefined;
  const combatant = combat.combatants.contents.find((c) => c.actor?.uuid === actorUuid);
  return combatant && { combat, combatant };
}

/** How far back the GM looks for the card a replayed declaration already posted. */
const RECENT_MESSAGES = 200;

/** The world, as the processor sees it. */
/** This client's pending cards' markers (the active GM's; kept for the session). */
const pendingMarks = new PendingMarks();

export function foundryEnv(): WorkflowEnv {
  return {
    pendingMarks,
    resolve: async (uuid) => (await fromUuid<never>(uuid)) ?? undefined,
    message: (id) => g().messages.get(id),
    createCard: async (speaker, flow) => {
      const adapter = requireActiveAdapter();
      const message = await ChatMessage.implementation.create({
        speaker: ChatMessage.implementation.getSpeaker({ actor: speaker as never }),
        content: await adapter.cardContent(flow),
        flags: { cychosys: { flow } },
      } as never);
      return message as unknown as MessageLike;
    },
    cardFor: (requestId) => g().messages.contents.slice(-RECENT_MESSAGES).find((m) => trustedFlowOrigin(m) === requestId),
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

/**
 * Run a step of the active ruleset's workflow: on the active GM's client here,
 * from anyone else as a request message the active GM carries out.
 */
export async function dispatch(request: Record<string, unknown>): Promise<void> {
  const user = g().user;
  const adapter = requireActiveAdapter();
  await dispatchStep(
    {
      user,
      activeGM: g().users.activeGM,
      runLocal: (r) => queue.run(() => runRequest(foundryEnv(), adapter.ruleset, r, user, foundry.utils.randomID())),
      sendRequest: (r) =>
        ChatMessage.implementation.create({
          content: `<p class="cychosys cy-request">${escapeHtml(format("CYCHOSYS.Card.requestSent", { step: localize(`CYCHOSYS.Card.step.${String((r as { step?: unknown }).step)}`) }))}</p>`,
          whisper: g().users.filter((u) => u.isGM).map((u) => u.id),
          flags: { cychosys: { request: r } },
        } as never),
      notify,
      format: (key, params) => format(key, params ?? {}),
    },
    request,
  );
}

/** A short note in place of a message's content. */
function note(text: string, className: string): HTMLElement {
  const p = document.createElement("p");
  p.className = `cychosys ${className}`;
  p.textContent = text;
  return p;
}

/** The gate in front of every card: a player's "card" does nothing; another ruleset's card is read only; the active ruleset draws its own. */
function onRenderChatMessage(message: MessageLike, html: HTMLElement): void {
  const flags = message.flags?.cychosys;
  if (!flags) return;
  if (flags.request !== undefined) return void html.classList.add("cychosys-request");
  if (!flags.flow) return;
  const flow = trustedFlow(message);
  const content = html.querySelector<HTMLElement>(".message-content");
  if (!flow) return void content?.replaceChildren(note(format("CYCHOSYS.Flow.untrustedCard"), "cy-refusal"));
  const adapter = activeAdapter();
  if (!adapter || flowRuleset(flow) !== adapter.ruleset.manifest.id) {
    // Its stored HTML stays as it was drawn; a banner says why it has no buttons.
    const ruleset = localize(`CYCHOSYS.Ruleset.${flowRuleset(flow)}.name`);
    if (adapter) content?.prepend(note(format("CYCHOSYS.Flow.otherRuleset", { ruleset }), "cy-other-ruleset"));
    return;
  }
  adapter.renderCard(message, flow, html);
}

/** The setting, the request handler, the card gate and the recovery after a restart (called once from `init`). */
export function registerTransport(): void {
  g().settings.register(SYSTEM, SETTING_AUTO_APPLY, {
    name: "CYCHOSYS.Settings.autoApplyNpc.name",
    hint: "CYCHOSYS.Settings.autoApplyNpc.hint",
    scope: "world",
    config: true,
    type: Boolean,
    default: false,
  });
  Hooks.on("renderChatMessageHTML", ((message: MessageLike, html: HTMLElement) => onRenderChatMessage(message, html)) as never);
  const handle = async (message: MessageLike) => {
    if (message.flags?.cychosys?.request === undefined) return;
    const self = g().user;
    const isActiveGM = g().users.activeGM?.id === self.id;
    const adapter = requireActiveAdapter();
    return handleRequestMessage(foundryEnv(), adapter.ruleset, queue, message, { id: self.id, name: self.name, isGM: self.isGM, isActiveGM });
  };
  Hooks.on("createChatMessage", ((message: MessageLike) => void handle(message)) as never);
  // After the active GM's client (re)starts: finish what a failure left recorded, then answer the requests still waiting.
  Hooks.once("ready", () => {
    if (g().users.activeGM?.id !== g().user.id) return;
    const adapter = requireActiveAdapter();
    void (async () => {
      const messages = g().messages.contents;
      await finishAllPending(foundryEnv(), adapter.ruleset, queue, messages);
      for (const message of messages.filter((m) => m.flags?.cychosys?.request !== undefined)) await handle(message);
    })();
  });
}
