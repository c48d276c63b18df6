/**
 * Small fakes of the Foundry objects the attack workflow's glue touches, with
 * Foundry's permission model: an actor (and its items and effects) may be
 * changed by its owners and the GM, a chat message by its author and the GM,
 * a combat only by the GM. Every write names the user making it (`as(user)`),
 * and a write the user may not make throws, as Foundry's server refuses it.
 * The GM's client writes as the GM. Updates merge the way Foundry merges
 * them (nested objects merge, `-=key` deletes, arrays replace). Derived data
 * comes from the real pure derive function.
 */
import { deriveCombatant } from "../../src/rulesets/cychosys/data/derive/combatant.js";
import type { CombatantSource, ItemView } from "../../src/rulesets/cychosys/data/source-types.js";
import { english, STANDARD_RULES } from "../../src/rulesets/cychosys/rules/index.js";
import type { CombatantRef, CombatLike, ItemLike, MessageLike, UserLike, WorkflowEnv } from "../../src/core/transport/ports.js";
import { PendingMarks } from "../../src/core/transport/pending-marks.js";
import type { CychosysActor as ActorLike } from "../../src/rulesets/cychosys/workflow/steps.js";
import type { AttackFlow } from "../../src/rulesets/cychosys/workflow/attack-flow.js";

export const gm: UserLike = { id: "gm", name: "Gamemaster", isGM: true };
export const gm2: UserLike = { id: "gm2", name: "Assistant GM", isGM: true };
export const p1: UserLike = { id: "p1", name: "Parker's player", isGM: false };
export const p2: UserLike = { id: "p2", name: "Riddle's player", isGM: false };
export const p3: UserLike = { id: "p3", name: "A bystander", isGM: false };

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/** Foundry's merge of an update into stored data: nested objects merge, `-=key` deletes, arrays replace. */
export function mergeUpdate(target: Record<string, unknown>, update: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(update)) {
    if (key.startsWith("-=")) {
      delete target[key.slice(2)];
      continue;
    }
    if (isObject(value) && isObject(target[key])) mergeUpdate(target[key] as Record<string, unknown>, value);
    else if (isObject(value)) {
      const fresh: Record<string, unknown> = {};
      mergeUpdate(fresh, value);
      target[key] = fresh;
    } else target[key] = structuredClone(value);
  }
}

/** Expand `a.b.c: v` keys into nested objects, then merge. */
export function applyDotted(target: Record<string, unknown>, data: Record<string, unknown>): void {
  for (const [path, value] of Object.entries(data)) {
    const parts = path.split(".");
    let node = target;
    for (const part of parts.slice(0, -1)) {
      if (!isObject(node[part])) node[part] = {};
      node = node[part] as Record<string, unknown>;
    }
    const last = parts[parts.length - 1]!;
    if (last.startsWith("-=")) delete node[last.slice(2)];
    else if (isObject(value)) {
      if (!isObject(node[last])) node[last] = {};
      mergeUpdate(node[last] as Record<string, unknown>, value);
    } else node[last] = structuredClone(value);
  }
}

/** Who writes, and a failure to inject (the next N writes to a document throw). */
export class Writable {
  writer: UserLike = gm;
  failures = 0;
  /** Successful writes to let through before `failures` start failing. */
  failAfter = 0;
  writes: { by: string; data: unknown }[] = [];

  /** Let `skip` writes through, then fail the next `count`. */
  failNext(skip = 0, count = 1): this {
    this.failAfter = skip;
    this.failures = count;
    return this;
  }

  /** Make the next writes come from `user`. */
  as(user: UserLike): this {
    this.writer = user;
    return this;
  }

  protected check(data: unknown): void {
    const by = this.writer;
    this.writer = gm;
    if (!this.mayWrite(by)) throw new Error(`${by.id} may not modify this document`);
    if (this.failures > 0 && this.failAfter > 0) this.failAfter--;
    else if (this.failures > 0) {
      this.failures--;
      throw new Error("The server did not answer (injected failure).");
    }
    this.writes.push({ by: by.id, data: structuredClone(data) });
  }

  mayWrite(user: UserLike): boolean {
    return user.isGM;
  }
}

export class FakeItem extends Writable implements ItemLike<Record<string, unknown>> {
  flags: Record<string, unknown> = {};
  constructor(
    public uuid: string,
    public name: string,
    public type: string,
    public system: { edge?: string; parry?: { hits: number; shield: string } } & Record<string, unknown>,
    public parent: FakeActor | null = null,
  ) {
    super();
  }
  override mayWrite(user: UserLike): boolean {
    return user.isGM || (this.parent?.owners.includes(user.id) ?? false);
  }
  async update(data: Record<string, unknown>) {
    this.check(data);
    applyDotted(this as unknown as Record<string, unknown>, data);
  }
  get updates() {
    return this.writes.map((w) => w.data as Record<string, unknown>);
  }
}

export class FakeActor extends Writable implements ActorLike {
  system!: ActorLike["system"];
  flags: Record<string, unknown> = {};
  source: CombatantSource;
  effectList = new Map<string, { id: string; letter: string; piercing: boolean }>();
  itemDocs: FakeItem[];
  created: { data: Record<string, unknown>[]; options: unknown }[] = [];
  deleted: string[][] = [];

  constructor(
    public uuid: string,
    public name: string,
    public type: "character" | "npc",
    fixture: { system: CombatantSource; items: ItemView[]; conditions: { letter: string; piercing: boolean }[] },
    public owners: string[] = [],
  ) {
    super();
    this.source = structuredClone(fixture.system);
    this.itemDocs = fixture.items.map((i) => new FakeItem(`${uuid}.Item.${i.id}`, i.name, i.type, structuredClone(i.system) as never, this));
    fixture.conditions.forEach((c, n) => this.effectList.set(`old${n}`, { id: `old${n}`, ...c }));
    this.prepare();
  }

  override mayWrite(user: UserLike): boolean {
    return user.isGM || this.owners.includes(user.id);
  }

  prepare() {
    const items: ItemView[] = this.itemDocs.map((d) => ({ id: d.uuid.split(".").pop()!, name: d.name, type: d.type as never, system: d.system as never }));
    const derived = deriveCombatant(this.source, items, [...this.effectList.values()], undefined, STANDARD_RULES);
    this.system = { ...(structuredClone(this.source) as unknown as Record<string, unknown>), derived } as never;
  }

  effects = { get: (id: string) => this.effectList.get(id) };
  items = { get: (id: string) => this.itemDocs.find((d) => d.uuid.endsWith(`.Item.${id}`)) };

  testUserPermission(user: UserLike): boolean {
    return user.isGM || this.owners.includes(user.id);
  }
  /** Foundry's validation: a pool value outside 0…max is refused (docs/data-model.md). */
  async update(data: Record<string, unknown>) {
    this.check(data);
    const wrapper = { system: structuredClone(this.source), flags: structuredClone(this.flags) } as Record<string, unknown>;
    applyDotted(wrapper, data);
    const pools = (wrapper.system as CombatantSource).pools;
    for (const kind of ["hit", "fatigue"] as const) {
      for (const pool of Object.values(pools[kind])) {
        if (!Number.isInteger(pool.value) || pool.value < 0 || pool.value > pool.max) throw new Error("Validation failed: pool value out of range");
      }
    }
    this.source = wrapper.system as CombatantSource;
    this.flags = wrapper.flags as Record<string, unknown>;
    this.prepare();
  }
  async createEmbeddedDocuments(_name: "ActiveEffect", data: Record<string, unknown>[], options: { keepId: true }) {
    this.check(data);
    this.created.push({ data, options });
    for (const d of data) {
      const status = (d.statuses as string[])[0]!;
      const id = d._id as string;
      if (this.effectList.has(id)) throw new Error(`duplicate effect id ${id}`);
      this.effectList.set(id, { id, letter: status.replace("cychosys-", ""), piercing: (d.flags as { cychosys: { piercing: boolean } }).cychosys.piercing });
    }
    this.prepare();
  }
  async deleteEmbeddedDocuments(_name: "ActiveEffect", ids: string[]) {
    this.check(ids);
    this.deleted.push(ids);
    for (const id of ids) {
      if (!this.effectList.delete(id)) throw new Error(`no effect ${id}`);
    }
    this.prepare();
  }
  pools() {
    return this.system.derived!.pools;
  }
  get updates() {
    return this.writes.filter((w) => !Array.isArray(w.data)).map((w) => w.data as Record<string, unknown>);
  }
}

export class FakeMessage extends Writable implements MessageLike<AttackFlow> {
  deleted = false;
  flags: MessageLike<AttackFlow>["flags"];
  constructor(
    public id: string,
    public author: UserLike | null,
    flags: MessageLike<AttackFlow>["flags"],
  ) {
    super();
    this.flags = structuredClone(flags);
  }
  override mayWrite(user: UserLike): boolean {
    return user.isGM || user.id === this.author?.id;
  }
  async update(data: Record<string, unknown>) {
    this.check(data);
    applyDotted(this as unknown as Record<string, unknown>, data);
  }
  async delete() {
    this.check("delete");
    this.deleted = true;
  }
  get flow(): AttackFlow {
    return this.flags.cychosys!.flow!;
  }
  get updates() {
    return this.writes.filter((w) => w.data !== "delete").map((w) => w.data as Record<string, unknown>);
  }
}

/** A combat: only a GM may write it; round state in `flags.cychosys.rounds.<combatant id>`. */
export class FakeCombat extends Writable implements CombatLike {
  flags: Record<string, unknown> = {};
  combatants: { id: string; actor: FakeActor }[] = [];
  constructor(public id: string) {
    super();
  }
  add(actor: FakeActor): this {
    this.combatants.push({ id: `cbt${actor.name}`, actor });
    return this;
  }
  async update(data: Record<string, unknown>) {
    this.check(data);
    applyDotted(this as unknown as Record<string, unknown>, data);
  }
  roundOf(actor: FakeActor): { budget: { spent: number }; parryBonuses: { againstUuid: string; bonus: number }[] } | undefined {
    const id = this.combatants.find((c) => c.actor === actor)?.id;
    return id ? ((this.flags.cychosys as { rounds?: Record<string, never> } | undefined)?.rounds?.[id] as never) : undefined;
  }
}

export interface FakeWorldOptions {
  autoApply?: boolean;
  combat?: FakeCombat;
}

/** The env over a set of fake documents; messages the GM creates are appended to `messages`. */
export function makeEnv(docs: FakeActor[], messages: FakeMessage[], options: FakeWorldOptions = {}) {
  let effects = 0;
  let ids = 0;
  let clock = 0;
  const whispers: { user: string; text: string }[] = [];
  const reported: unknown[] = [];
  const items = () => docs.flatMap((d) => d.itemDocs);
  const env: WorkflowEnv = {
    resolve: async (uuid) => docs.find((d) => d.uuid === uuid) ?? items().find((i) => i.uuid === uuid),
    message: (id) => messages.find((m) => m.id === id && !m.deleted),
    createCard: async (_speaker, flow) => {
      const card = new FakeMessage(`card${String(++ids).padStart(4, "0")}`, gm, { cychosys: { flow: structuredClone(flow) as AttackFlow } });
      messages.push(card);
      return card;
    },
    cardFor: (requestId) => messages.find((m) => !m.deleted && m.author?.isGM && m.flags.cychosys?.flow?.origin === requestId),
    combatantOf: (uuid): CombatantRef | undefined => {
      const combat = options.combat;
      const combatant = combat?.combatants.find((c) => c.actor.uuid === uuid);
      return combat && combatant ? { combat, combatant } : undefined;
    },
    combat: (id) => (options.combat?.id === id ? options.combat : undefined),
    randomId: () => `effect${String(++effects).padStart(8, "0")}`,
    now: () => ++clock,
    whisper: async (user, text) => whispers.push({ user: user.id, text }),
    format: (key, params) => english(key, params),
    autoApplyNpc: () => options.autoApply ?? false,
    pendingMarks: new PendingMarks(),
    report: (error) => reported.push(error),
  };
  return { env, whispers, reported };
}
