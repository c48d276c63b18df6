/**
 * The chase window (R39): ApplicationV2 with Handlebars. The chase lives in
 * the world setting `cychosys.chase`, which only the GM writes; a player's
 * move roll is an ordinary roll message plus a request to the GM
 * (src/combat/requests.ts), who reads the total from that message — checked
 * against the roll's own dice, and used once only. The GM's own changes go
 * through the same queue as the requests. Opened from the combat tracker's
 * header (GM), or by a macro: `cychosys.openChase()`.
 */
import { localize } from "../i18n.js";
import { SYSTEM_ID } from "./settings.js";
import { enqueue, Refusal, requestHandlers, type RequestUser, submitRequest } from "../requests.js";
import type { CombatRequest } from "../../rulesets/cychosys/combat/request-schema.js";
import type { ChaseState } from "../../rulesets/cychosys/workflow/chase.js";
import {
  type ChaseCommand,
  type ChaseUser,
  chaseTotals,
  type DerivedTotalFacts,
  isChaseState,
  moveFromMessage,
  nextStoredChase,
  type RollFacts,
  type RollTermFacts,
} from "../../rulesets/cychosys/views/chase-logic.js";
import { CHASE_TEMPLATE, chaseView } from "../../rulesets/cychosys/views/chase-view.js";
import { systemNamed } from "../class-name.js";
import { fromUuid, fromUuidSync } from "../uuid.js";

export const CHASE_SETTING = "chase";

interface ActorLike {
  id: string;
  uuid: string;
  name: string;
  system: { derived?: { quickness?: { quickness: number }; totals?: DerivedTotalFacts[] } };
  testUserPermission(user: unknown, level: string): boolean;
  rollAction(key: string): Promise<{ id: string } | undefined>;
}
interface UserLike {
  id: string;
  isGM: boolean;
}

const settings = () => game.settings as unknown as { get(scope: string, key: string): unknown; set(scope: string, key: string, value: unknown): Promise<unknown> };
const me = () => (game as unknown as { user: UserLike }).user;
const actorFrom = (uuid: string) => fromUuidSync<ActorLike>(uuid);

export function readChase(): ChaseState | null {
  const value = settings().get(SYSTEM_ID, CHASE_SETTING);
  return isChaseState(value) ? value : null;
}

function chaseUser(user: UserLike): ChaseUser {
  return { isGM: user.isGM, owns: (uuid) => actorFrom(uuid)?.testUserPermission(user, "OWNER") === true };
}

/** The GM's side, inside the combat queue: apply a command for `user` and store the result. */
async function applyChase(command: ChaseCommand, user: UserLike): Promise<void> {
  const rules = CONFIG.CYCHOSYS;
  const next = nextStoredChase(settings().get(SYSTEM_ID, CHASE_SETTING), command, chaseUser(user), rules.chart, rules.options);
  await settings().set(SYSTEM_ID, CHASE_SETTING, next);
}

/** The GM's own change to the chase, through the one combat queue (refusals shown as a warning). */
export async function updateChase(command: ChaseCommand, user: UserLike = me()): Promise<void> {
  await enqueue(() => applyChase(command, user)).catch((error: unknown) => ui.notifications?.warn(error instanceof Error ? error.message : String(error)));
}

const quicknessOf = (actor: ActorLike | null) => actor?.system.derived?.quickness?.quickness ?? 0;

// Cast to a narrower constructor: the full mixin type makes tsc slow ("excessively deep").
type Base = new (options?: object) => {
  element: HTMLElement;
  rendered: boolean;
  render(options?: boolean | object): Promise<unknown>;
  close(options?: object): Promise<unknown>;
};

let singleton: { render(options?: boolean | object): Promise<unknown>; rendered: boolean } | undefined;

/** Re-render the window when the setting changes (its `onChange`). */
export function refreshChaseWindow(): void {
  if (singleton?.rendered) void singleton.render();
}

export function defineChaseApp() {
  const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;
  const FormBase = HandlebarsApplicationMixin(ApplicationV2) as unknown as Base;

  class ChaseApp extends FormBase {
    static DEFAULT_OPTIONS = {
      id: "cychosys-chase",
      tag: "form",
      classes: ["cychosys", "chase-window"],
      window: { title: "CYCHOSYS.Chase.title", resizable: true, icon: "fa-solid fa-person-running" },
      position: { width: 680, height: "auto" },
      form: { handler: ChaseApp.#onChange, submitOnChange: true, closeOnSubmit: false },
      actions: {
        startChase: ChaseApp.#onStart,
        endChase: () => updateChase({ kind: "end" }),
        nextRound: ChaseApp.#onNextRound,
        addCombatants: ChaseApp.#onAddCombatants,
        rollMove: ChaseApp.#onRollMove,
      },
    };

    static PARTS = { chase: { template: CHASE_TEMPLATE } };

    protected async _prepareContext(): Promise<object> {
      const user = me();
      const owns = chaseUser(user).owns;
      return chaseView(
        readChase(),
        { isGM: user.isGM, owns, rollsFor: (uuid) => (owns(uuid) ? chaseTotals(actorFrom(uuid)?.system.derived?.totals ?? []) : []) },
        !!game.combat,
      );
    }

    /** Once: the window's element outlives its renders, so a listener bound on every render would run once per render. */
    protected async _onFirstRender(): Promise<void> {
      const element = this.element;
      element.addEventListener("dragover", (event) => event.preventDefault());
      element.addEventListener("drop", (event) => void ChaseApp.#onDrop(event));
    }

    static async #onChange(this: ChaseApp, _event: Event, _form: HTMLFormElement, formData: { object: Record<string, unknown> }) {
      if (!me().isGM) return;
      const state = readChase();
      if (!state) return;
      const data = formData.object;
      if (typeof data.landmark === "string" && data.landmark.trim() && data.landmark !== state.landmark) await updateChase({ kind: "landmark", landmark: data.landmark });
      for (const [index, p] of state.participants.entries()) {
        const terrain = Number(data[`terrain.${index}`] ?? p.terrain);
        const rawBarrier = data[`barrier.${index}`];
        const barrier = rawBarrier === null || rawBarrier === "" || rawBarrier === undefined ? null : Number(rawBarrier);
        if (terrain !== p.terrain || barrier !== (p.barrier ?? null)) await updateChase({ kind: "terrain", actorUuid: p.actorUuid, terrain, barrier });
        const position = data[`position.${index}`];
        if (position !== undefined && position !== null && Number(position) !== p.position) await updateChase({ kind: "position", actorUuid: p.actorUuid, position: Number(position) });
      }
    }

    static async #onStart(this: ChaseApp) {
      const input = this.element.querySelector<HTMLInputElement>('input[name="newLandmark"]');
      await updateChase({ kind: "start", landmark: input?.value ?? "" });
    }

    static async #onNextRound() {
      const state = readChase();
      if (!state) return;
      const quickness = Object.fromEntries(state.participants.map((p) => [p.actorUuid, quicknessOf(actorFrom(p.actorUuid))]));
      await updateChase({ kind: "nextRound", quickness });
    }

    static async #onAddCombatants() {
      const combatants = (game.combat?.combatants?.contents ?? []) as unknown as { actor: ActorLike | null }[];
      for (const { actor } of combatants) {
        if (actor) await updateChase({ kind: "add", participant: { actorUuid: actor.uuid, name: actor.name, position: 0, quickness: quicknessOf(actor) } });
      }
    }

    static async #onDrop(event: DragEvent) {
      if (!me().isGM || !readChase()) return;
      const editor = foundry.applications.ux.TextEditor.implementation as unknown as { getDragEventData(e: DragEvent): { type?: string; uuid?: string } };
      const data = editor.getDragEventData(event);
      if (data.type !== "Actor" || !data.uuid) return;
      const actor = await fromUuid<ActorLike>(data.uuid);
      if (!actor) return;
      await updateChase({ kind: "add", participant: { actorUuid: actor.uuid, name: actor.name, position: 0, quickness: quicknessOf(actor) } });
    }

    /** The owner rolls the move total on their own client; the GM records it from the roll message. */
    static async #onRollMove(this: ChaseApp, _event: Event, target: HTMLElement) {
      const actor = actorFrom(target.dataset.actorUuid ?? "");
      const key = target.dataset.totalKey;
      if (!actor || !key) return;
      const message = await actor.rollAction(key);
      if (message) await submitRequest({ kind: "chaseMove", actorUuid: actor.uuid, messageId: message.id });
    }
  }

  return systemNamed(ChaseApp, "ChaseApp");
}

/** Open (or bring up) the chase window. */
export function openChase(): void {
  if (!singleton) {
    const ChaseApp = defineChaseApp();
    singleton = new ChaseApp() as unknown as typeof singleton;
  }
  void singleton!.render({ force: true });
}

/** A Foundry Roll's terms, read by shape: dice have faces and results, numbers a number, operators an operator. */
export function rollFacts(roll: unknown): RollFacts | null {
  if (!roll || typeof roll !== "object" || !Array.isArray((roll as { terms?: unknown }).terms)) return null;
  const r = roll as { total?: unknown; terms: unknown[] };
  const term = (t: unknown): RollTermFacts => {
    if (!t || typeof t !== "object") return { kind: "other" };
    const d = t as { results?: unknown; faces?: unknown; denomination?: unknown; number?: unknown; operator?: unknown };
    if (Array.isArray(d.results) && typeof d.faces === "number") {
      const results = (d.results as { result?: unknown; active?: unknown }[]).filter((x) => x?.active !== false).map((x) => Number(x?.result));
      return { kind: "dice", denomination: String(d.denomination ?? ""), number: Number(d.number), results };
    }
    if (typeof d.operator === "string") return { kind: "operator", operator: d.operator };
    if (typeof d.number === "number") return { kind: "number", value: d.number };
    return { kind: "other" };
  };
  return { total: r.total, terms: r.terms.map(term) };
}

interface RollMessage {
  author: { id: string } | null;
  speaker: { actor?: string | null } | null;
  flags: Record<string, Record<string, unknown> | undefined> | null;
  rolls?: unknown[];
}

/**
 * R39, the GM's side of a player's move: the total comes from their roll
 * message (moveFromMessage), and that message moves once only (the chase
 * keeps its id). Runs inside the combat queue (requests.ts).
 */
export async function chaseMoveHandler(user: RequestUser, request: { actorUuid: string; messageId: string }): Promise<void> {
  const actor = actorFrom(request.actorUuid);
  if (!actor) throw new Refusal(localize("CYCHOSYS.Chase.none"));
  if (!chaseUser(user as UserLike).owns(request.actorUuid) && !user.isGM) throw new Refusal(localize("CYCHOSYS.Chase.notYours"));
  const message = (game.messages as unknown as { get(id: string): RollMessage | undefined }).get(request.messageId);
  const facts = message
    ? {
        authorId: message.author?.id ?? null,
        speakerActorId: message.speaker?.actor ?? null,
        totalKey: message.flags?.cychosys?.totalKey,
        total: message.flags?.cychosys?.total,
        roll: rollFacts(message.rolls?.[0]),
      }
    : null;
  const total = moveFromMessage(facts, user.id, { id: actor.id, name: actor.name, chaseTotals: chaseTotals(actor.system.derived?.totals ?? []) });
  await applyChase({ kind: "move", actorUuid: request.actorUuid, total, messageId: request.messageId }, user as UserLike);
}

/** Register the GM's handler for a player's move request. */
export function registerChaseHandlers(): void {
  requestHandlers<CombatRequest>()("chaseMove", chaseMoveHandler);
}
