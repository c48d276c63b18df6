/**
 * Small fakes for the tracker's tests: combatants with actors, flags and
 * `update`, a combat with `turns` sorted by its own `_sortCombatants`, and the
 * Foundry globals the combat documents extend (installed on import, after the
 * shared fakes).
 */
import { createdMessages, notifications } from "../foundry/fakes.js";

export { createdMessages, notifications };

/** Apply an update the way Foundry does for the paths we send: dotted keys, `-=key` deletions. */
export function applyUpdate(target: Record<string, unknown>, data: Record<string, unknown>): void {
  for (const [path, value] of Object.entries(data)) {
    if (path === "_id") continue;
    const keys = path.split(".");
    let node = target;
    for (const key of keys.slice(0, -1)) {
      node[key] ??= {};
      node = node[key] as Record<string, unknown>;
    }
    const last = keys.at(-1)!;
    if (last.startsWith("-=")) delete node[last.slice(2)];
    else node[last] = structuredClone(value);
  }
}

const pool = (value: number, max = value) => ({ value, max });

export interface FakeActorInit {
  id: string;
  type?: string;
  quickness: number;
  hits?: [number, number, number];
  fatigue?: [number, number, number];
  fatigueMax?: [number, number, number];
  actionsPerRound?: number;
  owners?: string[];
}

export class FakeActor {
  id: string;
  uuid: string;
  name: string;
  type: string;
  system: Record<string, any>;
  owners: Set<string>;
  updates: Record<string, unknown>[] = [];
  constructor(init: FakeActorInit) {
    const [hp, hm, he] = init.hits ?? [10, 5, 5];
    const [fp, fm, fe] = init.fatigue ?? [6, 6, 6];
    const [xp, xm, xe] = init.fatigueMax ?? init.fatigue ?? [6, 6, 6];
    this.id = init.id;
    this.uuid = `Actor.${init.id}`;
    this.name = init.id;
    this.type = init.type ?? "npc";
    this.owners = new Set(init.owners ?? []);
    this.system = {
      pools: { hit: { physical: pool(hp, 10), mental: pool(hm, 5), emotional: pool(he, 5) }, fatigue: { physical: pool(fp, xp), mental: pool(fm, xm), emotional: pool(fe, xe) } },
      derived: { quickness: { quickness: init.quickness }, actionsPerRound: init.actionsPerRound ?? 1 },
    };
  }
  testUserPermission(user: { id: string; isGM?: boolean }, _level: string) {
    return this.owners.has(user.id);
  }
  async update(data: Record<string, unknown>) {
    this.updates.push(data);
    applyUpdate(this as unknown as Record<string, unknown>, data);
    return this;
  }
}

export class FakeCombatant {
  id: string;
  name: string;
  initiative: number | null = null;
  defeated = false;
  flags: Record<string, any> = {};
  actor: FakeActor | null;
  combat: FakeCombatBase | null = null;
  updates: Record<string, unknown>[] = [];
  constructor(actor: FakeActor | null, init: { id?: string; initiative?: number | null; flags?: Record<string, any> } = {}) {
    this.actor = actor;
    this.id = init.id ?? actor?.id ?? "nobody";
    this.name = actor?.name ?? this.id;
    this.initiative = init.initiative ?? null;
    this.flags = init.flags ?? {};
  }
  async update(data: Record<string, unknown>) {
    this.updates.push(data);
    applyUpdate(this as unknown as Record<string, unknown>, data);
    return this;
  }
  updateSource(data: Record<string, unknown>) {
    applyUpdate(this as unknown as Record<string, unknown>, data);
  }
}

/** The base the system's Combat extends in tests: records what Foundry's methods were asked to do. */
export class FakeCombatBase {
  id = "combat1";
  round = 0;
  turn: number | null = null;
  started = false;
  flags: Record<string, any> = {};
  list: FakeCombatant[] = [];
  calls: string[] = [];
  updates: Record<string, unknown>[] = [];
  embeddedUpdates: Record<string, unknown>[][] = [];
  get combatants() {
    // A Collection: iterable, with `contents` and `get`.
    const list = this.list;
    return { contents: list, get: (id: string) => list.find((c) => c.id === id), [Symbol.iterator]: () => list[Symbol.iterator]() };
  }
  /** Foundry sorts turns with the subclass's `_sortCombatants`. */
  get turns(): FakeCombatant[] {
    const sort = (this as unknown as { _sortCombatants(a: FakeCombatant, b: FakeCombatant): number })._sortCombatants;
    return this.list.slice().sort(sort);
  }
  async update(data: Record<string, unknown>) {
    this.updates.push(data);
    applyUpdate(this as unknown as Record<string, unknown>, data);
    return this;
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
}

const g = globalThis as Record<string, any>;
g.Combat = FakeCombatBase;
g.Combatant = FakeCombatantBase;
g.CONFIG.Dice.randomUniform = () => 0.5;

export const gm = { id: "gm", name: "Gamemaster", isGM: true, isSelf: true };
export const player = { id: "alice", name: "Alice", isGM: false, isSelf: true };

/** Who this client is, and which GM (if any) is active. */
export function setUsers(self: { id: string; name: string; isGM: boolean }, activeGM: { id: string; isSelf: boolean } | null) {
  g.game.user = self;
  g.game.users = { activeGM, contents: activeGM ? [{ ...gm, isSelf: activeGM.isSelf }, self] : [self] };
}

/** The chapter's fight: Parker (character, quickness 7), Riddle (NPC, 6), the sentry (NPC, 3). */
export function chapterCombatants() {
  const parker = new FakeActor({ id: "parker", type: "character", quickness: 7, hits: [10, 5, 4], owners: ["alice"] });
  const riddle = new FakeActor({ id: "riddle", quickness: 6, hits: [7, 5, 5], fatigue: [5, 5, 5] });
  const sentry = new FakeActor({ id: "sentry", quickness: 3, hits: [4, 3, 3], fatigue: [4, 4, 4] });
  return { parker, riddle, sentry };
}
