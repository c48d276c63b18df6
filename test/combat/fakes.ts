/**
 * Small fakes for the tracker's and the chase's tests: combatants with
 * actors, flags and `update`, a combat with `turns` sorted by its own
 * `_sortCombatants`, roll messages, world settings, and the Foundry globals
 * the combat documents extend (installed on import, after the shared fakes).
 *
 * Every update goes through Foundry's permission model, reduced: it runs as
 * this client's user (`game.user`, set with `setUsers`) and is refused unless
 * that user may write the document — an actor or a combatant: its actor's
 * owners; a chat message: its author; a combat or a world setting: a GM only;
 * the GM: anything. So a test can play a hostile player rewriting their own
 * documents (allowed) and check that the GM's side does not trust them.
 *
 * Updates merge the way Foundry's do (dotted paths, nested objects merged,
 * `-=key` deleting), yield to other tasks before applying (`latency`), and
 * can be made to fail (`failNext`, `failAlways`).
 */
import { createdMessages, notifications } from "../foundry/fakes.js";
import { makeRules } from "../../src/rulesets/cychosys/rules/index.js";
import { onRequestMessage, registerRequestParser } from "../../src/foundry/requests.js";
import { parseCombatRequest } from "../../src/rulesets/cychosys/combat/request-schema.js";

// A Cychosys world: its tracker requests are checked by its own schema (registered when its code loads).
registerRequestParser(parseCombatRequest);

export { createdMessages, notifications };

const isObject = (v: unknown): v is Record<string, any> => v !== null && typeof v === "object" && !Array.isArray(v);

function merge(target: Record<string, any>, value: Record<string, any>): void {
  for (const [key, v] of Object.entries(value)) {
    if (key.startsWith("-=")) delete target[key.slice(2)];
    else if (isObject(v)) {
      if (!isObject(target[key])) target[key] = {};
      merge(target[key], v);
    } else target[key] = structuredClone(v);
  }
}

/** Apply an update the way Foundry does: dotted keys, nested objects merged, `-=key` deletions. */
export function applyUpdate(target: Record<string, unknown>, data: Record<string, unknown>): void {
  for (const [path, value] of Object.entries(data)) {
    if (path === "_id") continue;
    const keys = path.split(".");
    let node = target as Record<string, any>;
    for (const key of keys.slice(0, -1)) {
      if (!isObject(node[key])) node[key] = {};
      node = node[key];
    }
    const last = keys.at(-1)!;
    if (last.startsWith("-=")) delete node[last.slice(2)];
    else if (isObject(value)) {
      if (!isObject(node[last])) node[last] = {};
      merge(node[last], value);
    } else node[last] = structuredClone(value);
  }
}

// ---------------------------------------------------------------------------
// The permission model.

const g = globalThis as Record<string, any>;

export interface FakeUser {
  id: string;
  name: string;
  isGM: boolean;
  isSelf?: boolean;
}

/** Thrown by a fake update the current user may not make (Foundry's server refuses it). */
export class PermissionError extends Error {
  override name = "PermissionError";
}

/** Who may update which document. */
export const may = {
  updateActor: (user: FakeUser, actor: FakeActor) => user.isGM || actor.owners.has(user.id),
  updateCombatant: (user: FakeUser, combatant: FakeCombatant) => user.isGM || (combatant.actor?.owners.has(user.id) ?? false),
  updateCombat: (user: FakeUser) => user.isGM,
  updateMessage: (user: FakeUser, message: FakeMessage) => user.isGM || message.author?.id === user.id,
  setSetting: (user: FakeUser) => user.isGM,
};

const me = (): FakeUser => g.game.user;

function permit(allowed: boolean, what: string): void {
  if (!allowed) throw new PermissionError(`${me().id} may not update ${what}`);
}

/** How many times each fake update yields before it applies (so concurrent handlers interleave, as over a network). */
export const latency = { ticks: 1 };

/** A fake document's update: permission, latency, injected failures, then Foundry's merge. */
class FakeDoc {
  updates: Record<string, unknown>[] = [];
  /** The next N updates throw (after the permission check). */
  failNext = 0;
  /** Every update throws. */
  failAlways = false;
  /** An update for which this says true throws. */
  failWhen: ((data: Record<string, unknown>) => boolean) | null = null;
  protected async write(allowed: boolean, what: string, data: Record<string, unknown>): Promise<this> {
    permit(allowed, what);
    for (let i = 0; i < latency.ticks; i++) await Promise.resolve();
    if (this.failAlways || this.failNext > 0 || this.failWhen?.(data)) {
      this.failNext = Math.max(0, this.failNext - 1);
      throw new Error(`${what}: the database refused the update`);
    }
    this.updates.push(data);
    applyUpdate(this as unknown as Record<string, unknown>, data);
    return this;
  }
}

// ---------------------------------------------------------------------------
// Documents.

const pool = (value: number, max = value) => ({ value, max });

export interface FakeActorInit {
  id: string;
  name?: string;
  type?: string;
  quickness: number;
  hits?: [number, number, number];
  fatigue?: [number, number, number];
  fatigueMax?: [number, number, number];
  actionsPerRound?: number;
  owners?: string[];
}

export class FakeActor extends FakeDoc {
  id: string;
  uuid: string;
  name: string;
  type: string;
  system: Record<string, any>;
  owners: Set<string>;
  constructor(init: FakeActorInit) {
    super();
    const [hp, hm, he] = init.hits ?? [10, 5, 5];
    const [fp, fm, fe] = init.fatigue ?? [6, 6, 6];
    const [xp, xm, xe] = init.fatigueMax ?? init.fatigue ?? [6, 6, 6];
    this.id = init.id;
    this.uuid = `Actor.${init.id}`;
    this.name = init.name ?? init.id;
    this.type = init.type ?? "npc";
    this.owners = new Set(init.owners ?? []);
    this.system = {
      pools: { hit: { physical: pool(hp, 10), mental: pool(hm, 5), emotional: pool(he, 5) }, fatigue: { physical: pool(fp, xp), mental: pool(fm, xm), emotional: pool(fe, xe) } },
      derived: { quickness: { quickness: init.quickness }, actionsPerRound: init.actionsPerRound ?? 1, totals: [] as unknown[] },
    };
  }
  testUserPermission(user: { id: string; isGM?: boolean }, _level: string) {
    return this.owners.has(user.id);
  }
  async update(data: Record<string, unknown>) {
    return this.write(may.updateActor(me(), this), `actor ${this.id}`, data);
  }
}

export class FakeCombatant extends FakeDoc {
  id: string;
  name: string;
  initiative: number | null = null;
  defeated = false;
  flags: Record<string, any> = {};
  actor: FakeActor | null;
  combat: FakeCombatBase | null = null;
  constructor(actor: FakeActor | null, init: { id?: string; name?: string; initiative?: number | null; flags?: Record<string, any> } = {}) {
    super();
    this.actor = actor;
    this.id = init.id ?? actor?.id ?? "nobody";
    this.name = init.name ?? actor?.name ?? this.id;
    this.initiative = init.initiative ?? null;
    this.flags = init.flags ?? {};
  }
  async update(data: Record<string, unknown>) {
    return this.write(may.updateCombatant(me(), this), `combatant ${this.id}`, data);
  }
  updateSource(data: Record<string, unknown>) {
    applyUpdate(this as unknown as Record<string, unknown>, data);
  }
}

/** The base the system's Combat extends in tests: records what Foundry's methods were asked to do. */
export class FakeCombatBase extends FakeDoc {
  id = "combat1";
  round = 0;
  turn: number | null = null;
  started = false;
  flags: Record<string, any> = {};
  list: FakeCombatant[] = [];
  calls: string[] = [];
  embeddedUpdates: Record<string, unknown>[][] = [];
  get combatants() {
    // A Collection: iterable, with `contents` and `get`.
    const list = this.list;
    return { contents: list, get: (id: string) => list.find((c) => c.id === id), [Symbol.iterator]: () => list[Symbol.iterator]() };
  }
  /** Foundry's `setupTurns`: the turns sorted at once with `_sortCombatants`, passed unbound as Foundry passes it. */
  setupTurns(): FakeCombatant[] {
    const sort = (this as unknown as { _sortCombatants(a: FakeCombatant, b: FakeCombatant): number })._sortCombatants;
    return this.list.slice().sort(sort);
  }
  /** Foundry sorts turns with the subclass's `_sortCombatants`. */
  get turns(): FakeCombatant[] {
    const sort = (this as unknown as { _sortCombatants(a: FakeCombatant, b: FakeCombatant): number })._sortCombatants;
    return this.list.slice().sort(sort);
  }
  async update(data: Record<string, unknown>) {
    return this.write(may.updateCombat(me()), `combat ${this.id}`, data);
  }
  async updateEmbeddedDocuments(_name: string, updates: Record<string, unknown>[]) {
    this.embeddedUpdates.push(updates);
    for (const u of updates) await this.list.find((c) => c.id === u._id)?.update(u);
    return updates;
  }
  async startCombat() {
    this.calls.push("startCombat");
    this.started = true;
    this.round = 1;
    this.turn = 0;
    return this;
  }
  async nextRound() {
    this.calls.push("nextRound");
    this.round += 1;
    this.turn = 0;
    return this;
  }
  async nextTurn() {
    this.calls.push("nextTurn");
    this.turn = (this.turn ?? 0) + 1;
    return this;
  }
  async _onEndRound() {
    this.calls.push("_onEndRound");
  }
  async _onStartRound() {
    this.calls.push("_onStartRound");
  }
}

class FakeCombatantBase extends FakeCombatant {
  async _preCreate() {
    return true;
  }
  /** Foundry's default: the world's formula (here a stand-in). */
  _getInitiativeFormula(): string {
    return "1d20";
  }
}

/** A Roll as a roll message holds it: `total` and terms (dice with results, operators, numbers). */
export function fakeRoll(dice: number, faces: number[], staticPart: number, total?: number) {
  const terms: unknown[] = [{ faces: 12, number: dice, denomination: "dc", results: faces.map((result) => ({ result, active: true })) }];
  if (staticPart !== 0) terms.push({ operator: staticPart > 0 ? "+" : "-" }, { number: Math.abs(staticPart) });
  const sum = faces.reduce((t, f) => t + (f > 10 ? 0 : f), 0);
  return { terms, total: total ?? (faces[0] === 12 ? 0 : Math.max(0, sum + staticPart)) };
}

/** A chat message: its author may rewrite it (flags, rolls), as in Foundry. */
export class FakeMessage extends FakeDoc {
  deleted = false;
  constructor(
    public id: string,
    public author: FakeUser | null,
    public flags: Record<string, any> = {},
    public speaker: { actor?: string | null } = {},
    public rolls: unknown[] = [],
  ) {
    super();
  }
  async update(data: Record<string, unknown>) {
    return this.write(may.updateMessage(me(), this), `message ${this.id}`, data);
  }
  /** Deleting: its author or a GM. */
  async delete() {
    permit(me().isGM || this.author?.id === me().id, `message ${this.id}`);
    this.deleted = true;
  }
}

// ---------------------------------------------------------------------------
// The world.

g.Combat = FakeCombatBase;
g.Combatant = FakeCombatantBase;
g.CONFIG.Dice.randomUniform = () => 0.5;
g.CONFIG.CYCHOSYS ??= makeRules();

/** World settings: anyone reads, only a GM writes. */
export const settingsStore = new Map<string, unknown>();
g.game.settings = {
  get: (scope: string, key: string) => settingsStore.get(`${scope}.${key}`),
  set: async (scope: string, key: string, value: unknown) => {
    permit(may.setSetting(me()), `setting ${scope}.${key}`);
    for (let i = 0; i < latency.ticks; i++) await Promise.resolve();
    settingsStore.set(`${scope}.${key}`, structuredClone(value));
    return value;
  },
};

/** The chat log (`game.messages.get`) and the documents `fromUuidSync` finds. */
export const world = { messages: [] as FakeMessage[], actors: [] as FakeActor[] };
g.game.messages = { get: (id: string) => world.messages.find((m) => m.id === id && !m.deleted) };
g.foundry.utils.fromUuidSync = (uuid: string) => world.actors.find((a) => a.uuid === uuid) ?? null;

export const gm = { id: "gm", name: "Gamemaster", isGM: true, isSelf: true };
export const player: FakeUser = { id: "alice", name: "Alice", isGM: false, isSelf: true };
export const mallory: FakeUser = { id: "mallory", name: "Mallory", isGM: false, isSelf: false };

/** Who this client is, and which GM (if any) is active. */
export function setUsers(self: FakeUser, activeGM: { id: string; isSelf: boolean } | null) {
  g.game.user = self;
  g.game.users = { activeGM, contents: activeGM ? [{ ...gm, id: activeGM.id, isSelf: activeGM.isSelf }, self] : [self] };
}

/** Run `fn` as another client's user (its updates are checked as that user's), then come back. */
export async function asUser<T>(user: FakeUser, fn: () => Promise<T>): Promise<T> {
  const before = g.game.user;
  g.game.user = user;
  try {
    return await fn();
  } finally {
    g.game.user = before;
  }
}

/** The chapter's fight: Parker (character, quickness 7), Riddle (NPC, 6), the sentry (NPC, 3). */
export function chapterCombatants() {
  const parker = new FakeActor({ id: "parker", type: "character", quickness: 7, hits: [10, 5, 4], owners: ["alice"] });
  const riddle = new FakeActor({ id: "riddle", quickness: 6, hits: [7, 5, 5], fatigue: [5, 5, 5] });
  const sentry = new FakeActor({ id: "sentry", quickness: 3, hits: [4, 3, 3], fatigue: [4, 4, 4] });
  return { parker, riddle, sentry };
}

// ---------------------------------------------------------------------------
// Requests as the tracker's tests send them, and a clean slate per test.

let requestCount = 0;
/** A request message written by `author` (its payload is theirs to write: anything). */
export function requestFrom(author: FakeUser, payload: unknown): FakeMessage {
  const message = new FakeMessage(`req${++requestCount}`, author, { cychosys: { combatRequest: payload } });
  world.messages.push(message);
  return message;
}
/** The active GM's client receiving a request message. */
export const deliver = (message: FakeMessage) => onRequestMessage(message as never);
/** Write and deliver in one go. */
export const send = (author: FakeUser, payload: unknown) => deliver(requestFrom(author, payload));
/** What was whispered back to a user (refusals). */
export const replies = (userId: string) => createdMessages.filter((m) => (m.whisper as string[] | undefined)?.[0] === userId).map((m) => String(m.content));

/** Before each tracker test: the GM's client, no messages or notifications yet, one tick of latency. */
export function resetCombatWorld(): void {
  setUsers(gm, gm);
  createdMessages.length = 0;
  notifications.warn.length = 0;
  notifications.error.length = 0;
  latency.ticks = 1;
}
