/**
 * The Cities Without Number tracker's test world, on the shared fakes
 * (fakes.ts: Foundry's permission model, its merge of updates, latency,
 * injected failures): CWN actors derived by the real `deriveCwnActor`
 * (owners, items), combatants with their token's disposition, the combat
 * classes with CWN's combat rules active, and request messages delivered
 * to the active GM. Importing it registers CWN's request parser, its
 * GM-only fields and its handlers as the adapter does (the world's ruleset
 * is CWN).
 */
import { FakeActor, type FakeCombatBase, FakeCombatant, world } from "./fakes.js";
import { setActiveAdapter } from "../../src/foundry/adapter.js";
import { defineCombatDocuments } from "../../src/foundry/combat.js";
import { cwnCombatRules, registerCwnRequests } from "../../src/foundry/cwn/combat.js";
import { deriveCwnActor } from "../../src/rulesets/cwn/data/derive.js";
import { createCwnRuleset, fightOf } from "../../src/rulesets/cwn/ruleset.js";
import type { CwnCombatState } from "../../src/rulesets/cwn/rules/combat.js";
import { guards, vee } from "../fixtures/cwn-sheets.js";

setActiveAdapter({ ruleset: createCwnRuleset(), register: () => undefined, cardContent: async () => "", renderCard: () => undefined, combat: cwnCombatRules });
// The adapter's own registration: the shape check, the GM-only fields, the handlers.
registerCwnRequests();
export const { SystemCombat: CwnCombat } = defineCombatDocuments();

/** A CWN item as the tracker touches it (Ready/Stow, reload). */
class FakeCwnItem {
  constructor(public id: string, public name: string, public type: string, public system: Record<string, any>, public parent: CwnFakeActor) {}
  updates: Record<string, unknown>[] = [];
  failNext = 0;
  async update(data: Record<string, unknown>) {
    if (this.failNext > 0) {
      this.failNext--;
      throw new Error("the database refused the item update");
    }
    this.updates.push(data);
    for (const [path, value] of Object.entries(data)) {
      const keys = path.replace(/^system\./, "").split(".");
      let node = this.system;
      for (const k of keys.slice(0, -1)) node = node[k];
      node[keys.at(-1)!] = value;
    }
    this.parent.prepare();
  }
}

/** A CWN actor: stored data, items, derived data recomputed after each write. */
export class CwnFakeActor extends FakeActor {
  itemDocs: FakeCwnItem[];
  source: Record<string, any>;
  constructor(init: { id: string; name: string; type: "cwnCharacter" | "cwnNpc"; owners?: string[]; system: Record<string, unknown>; items: { id: string; name: string; type: string; system: Record<string, unknown> }[] }) {
    super({ id: init.id, name: init.name, type: init.type, quickness: 0, owners: init.owners ?? [] });
    this.source = structuredClone(init.system);
    this.itemDocs = init.items.map((i) => new FakeCwnItem(i.id, i.name, i.type, structuredClone(i.system), this));
    this.prepare();
  }
  prepare() {
    this.system = { ...this.source, derived: deriveCwnActor(this.type, this.source, this.itemDocs.map((i) => ({ id: i.id, name: i.name, type: i.type, system: i.system }))) };
  }
  get items() {
    const list = this.itemDocs;
    return Object.assign(list, { get: (id: string) => list.find((i) => i.id === id), contents: list });
  }
  get hasPlayerOwner() {
    return this.owners.size > 0;
  }
  override async update(data: Record<string, unknown>) {
    await super.update(data);
    for (const [path, value] of Object.entries(data)) {
      if (!path.startsWith("system.")) continue;
      const keys = path.slice(7).split(".");
      let node = this.source;
      for (const k of keys.slice(0, -1)) node = node[k];
      node[keys.at(-1)!] = value;
    }
    this.prepare();
    return this;
  }
}

export type CwnTestCombat = FakeCombatBase & {
  startCombat(): Promise<unknown>;
  nextTurn(): Promise<unknown>;
  nextRound(): Promise<unknown>;
  rollInitiative(ids: string[]): Promise<unknown>;
  turns: FakeCombatant[];
  combatant: FakeCombatant | undefined;
};

const g = globalThis as any;
const itemsOf = (list: typeof vee.items) => list.map((i) => ({ id: i.id, name: i.name, type: i.type, system: i.system }));

/** The crew (Vee for Alice, Mack for Bob) against two guards; the combat not started. */
export function cwnFight() {
  const vee_ = new CwnFakeActor({ id: "vee", name: "Vee", type: "cwnCharacter", owners: ["alice"], system: vee.system, items: itemsOf(vee.items) });
  const mack = new CwnFakeActor({ id: "mack", name: "Mack", type: "cwnCharacter", owners: ["bob"], system: { ...vee.system, attributes: { str: 14, dex: 10, con: 12, int: 10, wis: 10, cha: 10 } }, items: [{ id: "sStab", name: "Stab", type: "cwnSkill", system: { level: 2, combatSkill: "stab" } }] });
  const guard = (n: number) => new CwnFakeActor({ id: `guard${n}`, name: `Guard ${n}`, type: "cwnNpc", system: guards.system, items: itemsOf(guards.items) });
  const [g1, g2] = [guard(1), guard(2)];
  const combatant = (a: CwnFakeActor, disposition: number) => Object.assign(new FakeCombatant(a, { id: a.id }), { token: { disposition } });
  const c = { vee: combatant(vee_, 1), mack: combatant(mack, 1), g1: combatant(g1, -1), g2: combatant(g2, -1) };
  const combat = new CwnCombat() as unknown as CwnTestCombat;
  combat.list = [c.g1, c.vee, c.g2, c.mack];
  for (const x of combat.list) x.combat = combat as never;
  Object.defineProperty(combat, "combatant", { get: () => (combat.turn === null ? undefined : combat.turns[combat.turn]) });
  g.game.combats = { contents: [combat], get: (id: string) => (id === combat.id ? combat : undefined) };
  world.actors = [vee_, mack, g1, g2];
  const fight = (): CwnCombatState => fightOf(combat as never)!;
  return { combat, c, actors: { vee: vee_, mack, g1, g2 }, fight };
}

export { deliver, replies, requestFrom, send } from "./fakes.js";
