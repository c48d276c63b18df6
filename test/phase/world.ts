/**
 * A small phase-based world for the GM-side tests of the phase card: the
 * seed's Leroy (p1's) and Earl (p2's), each with a holstered pistol, and Mo,
 * the GM's thug with an SMG drawn; their derived data from the real derive;
 * a combat (only a GM writes it) and the ledger kept in a store only the
 * GM's side reads (the Foundry side whispers it to the GMs). The tracker's
 * requests are played through the same pure plan the GM's handlers run;
 * the card's requests go the whole way through the transport.
 */
import { applyDotted, FakeCombat, FakeItem, FakeMessage, gm, makeEnv, p1, p2, Writable } from "../chat/fakes.js";
import { gmTransport } from "../chat/gm-transport.js";
import type { ActorLike, UserLike } from "../../src/core/transport/ports.js";
import { systemDefaults } from "../../src/core/schema/validate.js";
import "../../src/rulesets/manifests.js";
import { derivePhaseActor, phaseFighter } from "../../src/rulesets/phase/data/derive.js";
import type { PhaseDerived } from "../../src/rulesets/phase/data/derived.js";
import { newLedger, type PhaseLedger, startWhenReady, syncCombatants } from "../../src/rulesets/phase/combat/ledger.js";
import type { PhaseTrackerRequest } from "../../src/rulesets/phase/combat/request-schema.js";
import { planTrackerRequest } from "../../src/rulesets/phase/combat/tracker-plan.js";
import type { Asked } from "../rulesets/phase/table-helpers.js";
import { createPhaseRuleset } from "../../src/rulesets/phase/ruleset.js";
import { PHASE_STANDARD_RULES } from "../../src/rulesets/phase/rules/index.js";
import type { PhaseFlow } from "../../src/rulesets/phase/workflow/flow.js";
import type { PhaseTable, PhaseWorld } from "../../src/rulesets/phase/workflow/steps.js";

export class FakePhaseActor extends Writable implements ActorLike {
  flags: Record<string, unknown> = {};
  source: Record<string, unknown>;
  itemDocs: FakeItem[] = [];
  effects = { get: () => undefined };
  items = { get: (id: string) => this.itemDocs.find((i) => i.uuid.endsWith(`.Item.${id}`)) };
  constructor(public uuid: string, public name: string, public type: "phaseCharacter" | "phaseCreature", system: Record<string, unknown>, public owners: string[] = []) {
    super();
    this.source = structuredClone({ ...systemDefaults("Actor", type), ...system });
  }
  addItem(id: string, name: string, type: "phaseWeapon" | "phaseArmor", system: Record<string, unknown>): FakeItem {
    const item = new FakeItem(`${this.uuid}.Item.${id}`, name, type, structuredClone({ ...systemDefaults("Item", type), ...system }) as never, this as never);
    this.itemDocs.push(item);
    return item;
  }
  /** The stored data with the derived figures, as Foundry's prepared document has them. */
  get system(): Record<string, unknown> & { derived: PhaseDerived } {
    const items = this.itemDocs.map((i) => ({ id: i.uuid.split(".").pop()!, name: i.name, type: i.type, system: i.system }));
    return { ...structuredClone(this.source), derived: derivePhaseActor(this.source, items, PHASE_STANDARD_RULES) };
  }
  override mayWrite(user: UserLike): boolean {
    return user.isGM || this.owners.includes(user.id);
  }
  testUserPermission(user: UserLike): boolean {
    return user.isGM || this.owners.includes(user.id);
  }
  /** Foundry's `Actor#hasPlayerOwner` (the NPC setting reads it). */
  get hasPlayerOwner(): boolean {
    return this.owners.length > 0;
  }
  async update(data: Record<string, unknown>) {
    this.check(data);
    const wrapper = { system: structuredClone(this.source), flags: structuredClone(this.flags) } as Record<string, unknown>;
    applyDotted(wrapper, data);
    this.source = wrapper.system as Record<string, unknown>;
    this.flags = wrapper.flags as Record<string, unknown>;
  }
  async createEmbeddedDocuments() {}
  async deleteEmbeddedDocuments() {}
  get flesh() {
    return this.source.flesh as number;
  }
  get traumas() {
    return this.source.traumaticWounds as { area: string; phase: number }[];
  }
}

const pistol = { kind: "ranged", skill: "pistol", damage: "2d6", semiAuto: true, ammo: { value: 12, max: 12 }, ready: false };

export function phaseWorld(options: { storeFails?: number; autoApply?: boolean } = {}) {
  const leroy = new FakePhaseActor("Actor.leroy", "Leroy", "phaseCharacter", { reflexes: 4, skills: [{ name: "pistol", value: 3 }] }, [p1.id]);
  const earl = new FakePhaseActor("Actor.earl", "Earl", "phaseCharacter", { reflexes: 5, skills: [{ name: "pistol", value: 3 }, { name: "fastdraw", value: 2 }] }, [p2.id]);
  const mo = new FakePhaseActor("Actor.mo", "Mo", "phaseCreature", { reflexes: 2, skills: [{ name: "smg", value: 3 }, { name: "knife", value: 2 }] });
  leroy.addItem("pistol", "Pistol", "phaseWeapon", pistol);
  earl.addItem("pistol", "Pistol", "phaseWeapon", pistol);
  mo.addItem("smg", "SMG", "phaseWeapon", { kind: "ranged", skill: "smg", damage: "2d6+1", semiAuto: true, auto: true, ammo: { value: 30, max: 30 }, ready: true });
  mo.addItem("knife", "Knife", "phaseWeapon", { kind: "melee", skill: "knife", damage: "1d6+1", ammo: { value: 0, max: 0 }, ready: true });
  const actors = [leroy, earl, mo];
  const combat = new FakeCombat("combat1");
  for (const a of actors) combat.combatants.push({ id: a.name.toLowerCase(), actor: a as never });
  const messages: FakeMessage[] = [];
  const { env, whispers, reported } = makeEnv(actors as never, messages, { combat, autoApply: options.autoApply ?? false });

  // The ledger where only the GM's side reads it (Foundry: a message whispered to the GMs).
  const ledgers = new Map<string, PhaseLedger>();
  let storeFails = options.storeFails ?? 0;
  const stored: PhaseLedger[] = [];
  const table = (): PhaseTable => ({
    fighters: Object.fromEntries(combat.combatants.map((c) => [c.id, phaseFighter(c.id, c.actor.name, (c.actor as unknown as FakePhaseActor).system.derived)])),
    people: Object.fromEntries(
      combat.combatants.map((c) => {
        const a = c.actor as unknown as FakePhaseActor;
        return [c.id, { combatantId: c.id, actorUuid: a.uuid, name: a.name, weapons: Object.fromEntries(a.system.derived.weapons.map((x) => [x.id, x.name])) }];
      }),
    ),
  });
  const world: PhaseWorld = {
    ledger: (id) => ledgers.get(id) ?? null,
    table: (id) => (id === combat.id ? table() : null),
    store: async (id, ledger) => {
      if (storeFails > 0) {
        storeFails--;
        throw new Error("the ledger could not be stored (injected failure)");
      }
      ledgers.set(id, structuredClone(ledger));
      stored.push(structuredClone(ledger));
    },
  };
  ledgers.set(combat.id, startWhenReady(newLedger(combat.id, combat.combatants.map((c) => ({ id: c.id }))), table().fighters));

  const ruleset = createPhaseRuleset(() => PHASE_STANDARD_RULES, world);
  const { queue, requestMessage, handle, send, local, cards } = gmTransport<PhaseFlow>(env, ruleset, messages);
  const ledger = () => ledgers.get(combat.id)!;
  /** The tracker's requests, as the GM's handlers plan them (who asks is the GM unless said). */
  const track = (...steps: (Asked & { as?: UserLike })[]) => {
    for (const { as, ...step } of steps) {
      const user = as ?? gm;
      const owner = (id: string) => (combat.combatants.find((c) => c.id === id)?.actor as unknown as FakePhaseActor | undefined)?.owners.includes(user.id) ?? false;
      const plan = planTrackerRequest(ledger(), { combatId: combat.id, ...step } as PhaseTrackerRequest, { isGM: user.isGM, owns: owner }, table().fighters, () => 0.5);
      ledgers.set(combat.id, plan.ledger);
      // P7: a fastdraw readies the weapon at once (the GM's handler writes the item, tracker-actions.ts).
      for (const r of plan.readied) {
        const item = (combat.combatants.find((c) => c.id === r.combatantId)?.actor as unknown as FakePhaseActor | undefined)?.items.get(r.weaponId);
        if (item) item.system.ready = r.ready;
      }
    }
  };
  /** A combatant leaves the combat: the ledger follows, as the GM's `deleteCombatant` hook does (syncPhaseCombatants). */
  const remove = (id: string) => {
    combat.combatants.splice(combat.combatants.findIndex((c) => c.id === id), 1);
    ledgers.set(combat.id, startWhenReady(syncCombatants(ledger(), combat.combatants.map((c) => c.id)), table().fighters));
  };
  /** The GM resolves the phase's end on a card (as the tracker's "resolve" button does). */
  const resolve = () => local({ step: "declare", combatId: combat.id, revision: ledger().revision });
  /** The tracker's requests played, then the phase's end resolved on a card: that card, as it stands when asked. */
  const cardAfter = async (...steps: Parameters<typeof track>) => {
    track(...steps);
    const outcome = await resolve();
    if (!outcome?.ok) throw new Error(`the phase's end was not resolved: ${JSON.stringify(outcome)}`);
    return () => cards().at(-1)!;
  };
  return { leroy, earl, mo, actors, combat, messages, env, whispers, reported, ruleset, queue, world, ledgers, stored, table, ledger, track, remove, resolve, cardAfter, requestMessage, handle, send, local, cards };
}

/** Phase 1 (Leroy draws his pistol, resolved at once), then in phase 2 Leroy fires at Mo (no Targeting: wild) and Mo bursts at Leroy. */
export async function shootout(options: Parameters<typeof phaseWorld>[0] = {}) {
  const w = phaseWorld(options);
  w.track(
    { kind: "phaseInitiative", combatantId: "leroy", faces: [5, 7], as: p1 },
    { kind: "phaseCloseInitiative" },
    { kind: "phaseDeclare", combatantId: "leroy", action: "draw", weapon: "pistol", as: p1 },
  );
  if (!(await w.resolve())?.ok) throw new Error("the phase's end was not resolved");
  w.track(
    { kind: "phaseInitiative", combatantId: "leroy", faces: [5, 7], as: p1 },
    { kind: "phaseInitiative", combatantId: "mo", faces: [1, 1] },
    { kind: "phaseCloseInitiative" },
    { kind: "phaseDeclare", combatantId: "mo", action: "burst", weapon: "smg", target: "leroy" },
    { kind: "phaseDeclare", combatantId: "leroy", action: "fire", weapon: "pistol", target: "mo", as: p1 },
  );
  if (!(await w.resolve())?.ok) throw new Error("the phase's end was not resolved");
  const card = () => w.cards().at(-1)!;
  return { w, card };
}

export const onCard = (card: { id: string; flow: { id: string } }) => ({ attackId: card.flow.id, messageId: card.id });
/** A roll request on a card: the faces of the roll `combatantId` owes. */
export const roll = (card: { id: string; flow: { id: string } }, combatantId: string, kind: string, faces: number[]) => ({ step: "roll", ...onCard(card), combatantId, roll: kind, faces });
export { gm, p1, p2 };
