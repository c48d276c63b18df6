/**
 * The phase tracker's test world, on the shared fakes (fakes.ts): the seed's
 * Leroy (Alice's), Earl (Mallory's) and the GM's Mo as phase-based actors
 * (their derived data from the real derive), the combat classes with the
 * phase rules active, chat messages that Foundry's server would deliver —
 * each with its author and whisper list, so a test can ask what a given
 * user's client receives — and request messages delivered to the active GM.
 * Importing it registers the phase tracker's request parser and handlers.
 */
import { afterEach, beforeEach, vi } from "vitest";
import { applyUpdate, FakeActor, type FakeCombatBase, FakeCombatant, FakeMessage, type FakeUser, gm, mallory, may, PermissionError, player, resetCombatWorld, world } from "./fakes.js";
import { createdMessages } from "../foundry/fakes.js";
import { setActiveAdapter } from "../../src/foundry/adapter.js";
import { defineCombatDocuments } from "../../src/foundry/combat.js";
import { registerRequestParser } from "../../src/foundry/requests.js";
import { phaseCombatRules } from "../../src/foundry/phase/combat.js";
import { registerPhaseTrackerHandlers } from "../../src/foundry/phase/tracker-actions.js";
import { foundryPhaseWorld } from "../../src/foundry/phase/world.js";
import { systemDefaults } from "../../src/core/schema/validate.js";
import "../../src/rulesets/manifests.js";
import { PHASE_TRACKER_GM_ONLY, parsePhaseTrackerRequest } from "../../src/rulesets/phase/combat/request-schema.js";
import { derivePhaseActor } from "../../src/rulesets/phase/data/derive.js";
import { createPhaseRuleset } from "../../src/rulesets/phase/ruleset.js";

setActiveAdapter({ ruleset: createPhaseRuleset(undefined, foundryPhaseWorld), register: () => undefined, cardContent: async () => "", renderCard: () => undefined, combat: phaseCombatRules });
registerRequestParser(parsePhaseTrackerRequest, PHASE_TRACKER_GM_ONLY);
registerPhaseTrackerHandlers();
export const { SystemCombat: PhaseCombat } = defineCombatDocuments();

const g = globalThis as any;

/** Every user of the world (the store whispers to them by id). */
export const USERS: FakeUser[] = [gm, player, mallory];

/** A chat message as Foundry's server keeps it: its author is the user whose client created it. */
export class StoredMessage extends FakeMessage {
  whisper: string[] = [];
  content = "";
}

let created = 0;
g.ChatMessage = {
  implementation: {
    create: async (data: Record<string, any>) => {
      createdMessages.push(data);
      const message = new StoredMessage(`msg${++created}`, g.game.user, structuredClone(data.flags ?? {}));
      message.whisper = [...(data.whisper ?? [])];
      message.content = String(data.content ?? "");
      world.messages.push(message);
      return message;
    },
    getSpeaker: () => ({}),
  },
};
g.game.messages = {
  get: (id: string) => world.messages.find((m) => m.id === id && !m.deleted),
  get contents() {
    return world.messages.filter((m) => !m.deleted);
  },
};

/** What Foundry's server sends this user: every message that is not whispered, or whispered to them, or theirs. */
export function delivered(user: FakeUser): StoredMessage[] {
  return (world.messages.filter((m) => !m.deleted && m instanceof StoredMessage) as StoredMessage[]).filter((m) => !m.whisper.length || m.whisper.includes(user.id) || m.author?.id === user.id);
}

export class PhaseFakeActor extends FakeActor {
  items: { get(id: string): { id: string; system: Record<string, any>; update(d: Record<string, unknown>): Promise<unknown> } | undefined; contents: unknown[] };
  itemList: { id: string; name: string; type: string; system: Record<string, any>; failNext: number; update(d: Record<string, unknown>): Promise<unknown> }[] = [];
  stored: Record<string, any>;
  constructor(init: { id: string; name: string; type?: string; owners?: string[]; system: Record<string, unknown> }) {
    super({ id: init.id, name: init.name, type: init.type ?? "phaseCharacter", quickness: 0, owners: init.owners });
    this.stored = { ...systemDefaults("Actor", this.type), ...init.system };
    this.items = { get: (id) => this.itemList.find((i) => i.id === id), contents: this.itemList };
    // The prepared document: stored data and what derive makes of it (over the base class's own field).
    Object.defineProperty(this, "system", { configurable: true, get: () => ({ ...this.stored, derived: derivePhaseActor(this.stored, this.itemList, undefined) }), set: () => {} });
  }
  override async update(data: Record<string, unknown>) {
    if (!may.updateActor(g.game.user, this)) throw new PermissionError(`${g.game.user.id} may not update actor ${this.id}`);
    const wrapper = { system: this.stored };
    applyUpdate(wrapper, data);
    this.updates.push(data);
    return this;
  }
  addWeapon(id: string, name: string, system: Record<string, unknown>): this {
    const item = {
      id, name, type: "phaseWeapon", failNext: 0,
      system: structuredClone({ ...systemDefaults("Item", "phaseWeapon"), ...system }) as Record<string, any>,
      update: async (data: Record<string, unknown>) => {
        if (item.failNext > 0) {
          item.failNext--;
          throw new Error("item update refused");
        }
        for (const [path, value] of Object.entries(data)) item.system[path.replace(/^system\./, "")] = value;
      },
    };
    this.itemList.push(item);
    return this;
  }
}

/** The seed's fight: Leroy (Alice's), Earl (Mallory's), Mo (the GM's), in a started combat. */
export async function seedFight() {
  const leroy = new PhaseFakeActor({ id: "leroy", name: "Leroy", owners: ["alice"], system: { reflexes: 4, skills: [{ name: "pistol", value: 3 }] } }).addWeapon("pistol", "Pistol", { ready: false });
  const earl = new PhaseFakeActor({ id: "earl", name: "Earl", owners: ["mallory"], system: { reflexes: 5, skills: [{ name: "pistol", value: 3 }, { name: "fastdraw", value: 2 }] } }).addWeapon("pistol", "Pistol", { ready: false });
  const mo = new PhaseFakeActor({ id: "mo", name: "Mo", type: "phaseCreature", system: { reflexes: 2, skills: [{ name: "smg", value: 3 }] } }).addWeapon("smg", "SMG", { skill: "smg", auto: true, ammo: { value: 30, max: 30 }, ready: true });
  const c = { leroy: new FakeCombatant(leroy), earl: new FakeCombatant(earl), mo: new FakeCombatant(mo) };
  const combat = new PhaseCombat() as unknown as FakeCombatBase & { startCombat(): Promise<unknown>; nextTurn(): Promise<unknown> };
  combat.list = [c.leroy, c.earl, c.mo];
  for (const x of combat.list) x.combat = combat;
  g.game.combats = { contents: [combat], get: (id: string) => (id === combat.id ? combat : undefined) };
  g.game.users.contents = USERS.map((u) => ({ ...u, isSelf: u.id === g.game.user.id }));
  world.actors = [leroy, earl, mo];
  await combat.startCombat();
  return { combat, c, actors: { leroy, earl, mo } };
}

export { deliver, replies, requestFrom, send } from "./fakes.js";

/**
 * A fight of `count` phase-based combatants (20.5): every third one Alice's
 * (a character), the others the GM's creatures, each with a drawn pistol, in
 * a started combat.
 */
export async function bigFight(count: number) {
  const actors = Array.from({ length: count }, (_, i) => {
    const mine = i % 3 === 0;
    return new PhaseFakeActor({ id: `f${i}`, name: `Fighter ${i}`, type: mine ? "phaseCharacter" : "phaseCreature", owners: mine ? ["alice"] : [], system: { reflexes: 1 + (i % 7), skills: [{ name: "pistol", value: 2 }] } }).addWeapon("pistol", "Pistol", { ready: true });
  });
  const combat = new PhaseCombat() as unknown as FakeCombatBase & { startCombat(): Promise<unknown> };
  combat.list = actors.map((a) => new FakeCombatant(a));
  for (const x of combat.list) x.combat = combat;
  g.game.combats = { contents: [combat], get: (id: string) => (id === combat.id ? combat : undefined) };
  g.game.users.contents = USERS.map((u) => ({ ...u, isSelf: u.id === g.game.user.id }));
  world.actors = actors;
  await combat.startCombat();
  return { combat, actors };
}

/** Each test in a fresh world: the GM's client, no messages; the injected failures' console errors kept quiet; the combat gone after. */
export function usePhaseCombatWorld(): void {
  beforeEach(() => {
    resetCombatWorld();
    vi.spyOn(console, "error").mockImplementation(() => {});
    world.messages.length = 0;
  });
  afterEach(() => {
    vi.restoreAllMocks();
    g.game.combats = { contents: [] };
  });
}

/** A request's place: the test combat and one of its combatants. */
export const on = (combatantId: string) => ({ combatId: "combat1", combatantId });
