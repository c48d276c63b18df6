/**
 * Small fakes of the Foundry objects the attack workflow's glue touches:
 * actors (pools, items, condition effects), chat messages (flags updated the
 * way Foundry merges them, `-=key` deleting), users, combatants and the env.
 * Derived data comes from the real pure derive function.
 */
import { deriveCombatant } from "../../src/data/derive/combatant.js";
import type { CombatantSource, ItemView } from "../../src/data/source-types.js";
import { STANDARD_RULES } from "../../src/rules/index.js";
import type { ActorLike, CombatantLike, ItemLike, MessageLike, UserLike, WorkflowEnv } from "../../src/chat/ports.js";
import type { AttackFlow } from "../../src/workflow/attack-flow.js";
import { english } from "../../src/rules/index.js";

export const gm: UserLike = { id: "gm", name: "Gamemaster", isGM: true };
export const p1: UserLike = { id: "p1", name: "Parker's player", isGM: false };
export const p2: UserLike = { id: "p2", name: "Riddle's player", isGM: false };

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

export class FakeItem implements ItemLike {
  updates: Record<string, unknown>[] = [];
  constructor(
    public uuid: string,
    public name: string,
    public type: string,
    public system: ItemLike["system"] & Record<string, unknown>,
  ) {}
  async update(data: Record<string, unknown>) {
    this.updates.push(data);
    applyDotted(this as unknown as Record<string, unknown>, data);
  }
}

export class FakeActor implements ActorLike {
  system!: ActorLike["system"];
  source: CombatantSource;
  effectList = new Map<string, { id: string; letter: string; piercing: boolean }>();
  itemDocs: FakeItem[];
  updates: Record<string, unknown>[] = [];
  created: { data: Record<string, unknown>[]; options: unknown }[] = [];
  deleted: string[][] = [];

  constructor(
    public uuid: string,
    public name: string,
    public type: "character" | "npc",
    fixture: { system: CombatantSource; items: ItemView[]; conditions: { letter: string; piercing: boolean }[] },
    public owners: string[] = [],
  ) {
    this.source = structuredClone(fixture.system);
    this.itemDocs = fixture.items.map((i) => new FakeItem(`${uuid}.Item.${i.id}`, i.name, i.type, structuredClone(i.system) as never));
    fixture.conditions.forEach((c, n) => this.effectList.set(`old${n}`, { id: `old${n}`, ...c }));
    this.prepare();
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
  async update(data: Record<string, unknown>) {
    this.updates.push(data);
    const wrapper = { system: this.source } as Record<string, unknown>;
    applyDotted(wrapper, data);
    this.prepare();
  }
  async createEmbeddedDocuments(_name: "ActiveEffect", data: Record<string, unknown>[], options: { keepId: true }) {
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
    this.deleted.push(ids);
    for (const id of ids) {
      if (!this.effectList.delete(id)) throw new Error(`no effect ${id}`);
    }
    this.prepare();
  }
  pools() {
    return this.system.derived!.pools;
  }
}

export class FakeMessage implements MessageLike {
  updates: Record<string, unknown>[] = [];
  deleted = false;
  flags: MessageLike["flags"];
  constructor(
    public id: string,
    public author: UserLike | null,
    flags: MessageLike["flags"],
  ) {
    this.flags = structuredClone(flags);
  }
  async update(data: Record<string, unknown>) {
    this.updates.push(data);
    applyDotted(this as unknown as Record<string, unknown>, data);
  }
  async delete() {
    this.deleted = true;
  }
  get flow(): AttackFlow {
    return this.flags.cychosys!.flow!;
  }
}

/** The combat a combatant belongs to: its round states live in its flags (`flags.cychosys.rounds.<id>`). */
export class FakeCombat {
  flags: Record<string, any> = {};
  updates: Record<string, unknown>[] = [];
  async update(data: Record<string, unknown>) {
    this.updates.push(data);
    applyDotted(this as unknown as Record<string, unknown>, data);
  }
}

export class FakeCombatant implements CombatantLike {
  flags: CombatantLike["flags"] = {};
  updates: Record<string, unknown>[] = [];
  /** Foundry's Combatant#id and #combat (its parent). */
  id: string;
  combat = new FakeCombat();
  constructor(public actor: { system?: unknown; uuid?: string } | null) {
    this.id = actor?.uuid?.split(".").at(-1) ?? "combatant";
  }
  async update(data: Record<string, unknown>) {
    this.updates.push(data);
    applyDotted(this as unknown as Record<string, unknown>, data);
  }
}

export function makeEnv(docs: (FakeActor | FakeItem)[], messages: FakeMessage[], options: { combatants?: Map<string, FakeCombatant>; autoApply?: boolean } = {}) {
  let n = 0;
  const whispers: { user: string; text: string }[] = [];
  const env: WorkflowEnv = {
    rules: STANDARD_RULES,
    resolve: async (uuid) => docs.find((d) => d.uuid === uuid) ?? docs.flatMap((d) => (d instanceof FakeActor ? d.itemDocs : [])).find((i) => i.uuid === uuid),
    message: (id) => messages.find((m) => m.id === id && !m.deleted),
    combatantOf: (uuid) => options.combatants?.get(uuid),
    randomId: () => `effect${String(++n).padStart(8, "0")}`,
    whisper: async (user, text) => whispers.push({ user: user.id, text }),
    format: (key, params) => english(key, params),
    autoApplyNpc: () => options.autoApply ?? false,
  };
  return { env, whispers };
}
