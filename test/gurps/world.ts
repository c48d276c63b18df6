/**
 * A small GURPS world for the GM-side card tests: Louis (p1's character,
 * Shortsword-15, ST 11) and Filthy Pierre (p2's, or no one's: an NPC) as the
 * seed's shortsword example gives them (check 12), and a bystander. Derived
 * data comes from the real pure derive; updates are checked as the data
 * model checks them (HP within range); the round state lives on a GM-only
 * combat; request messages are handled by the active GM.
 */
import { applyDotted, FakeCombat, FakeMessage, gm, makeEnv, p1, p2, Writable } from "../chat/fakes.js";
import { gmTransport } from "../chat/gm-transport.js";
import type { ActorLike, UserLike } from "../../src/core/transport/ports.js";
import { deriveGurpsActor, type GurpsItemInput } from "../../src/rulesets/gurps/data/derive.js";
import type { GurpsDerived } from "../../src/rulesets/gurps/data/derived.js";
import { character, item, line, louisData, pierreData } from "../fixtures/gurps-actors.js";
import { createGurpsRuleset } from "../../src/rulesets/gurps/ruleset.js";
import { readGurpsRound } from "../../src/rulesets/gurps/combat/round-state.js";
import { GURPS_STANDARD_RULES, type GurpsFighterRound, type GurpsRules, newFighterRound } from "../../src/rulesets/gurps/rules/index.js";
import { gurpsWorkflow } from "../../src/rulesets/gurps/workflow/steps.js";
import type { GurpsFlow } from "../../src/rulesets/gurps/workflow/flow.js";

export class FakeGurpsActor extends Writable implements ActorLike {
  flags: Record<string, unknown> = {};
  system: Record<string, unknown> & { derived?: GurpsDerived } = {};
  effects = { get: () => undefined };
  items = { get: () => undefined };
  itemDocs: never[] = [];
  constructor(
    public uuid: string,
    public name: string,
    public source: Record<string, unknown>,
    public itemList: GurpsItemInput[],
    public owners: string[] = [],
    public rules: () => Readonly<GurpsRules> = () => GURPS_STANDARD_RULES,
  ) {
    super();
    this.prepare();
  }
  type = "gurpsCharacter";
  get hasPlayerOwner() {
    return this.owners.length > 0;
  }
  prepare() {
    this.system = { ...structuredClone(this.source), derived: deriveGurpsActor(this.source, this.itemList, this.rules()) };
  }
  override mayWrite(user: UserLike): boolean {
    return user.isGM || this.owners.includes(user.id);
  }
  testUserPermission(user: UserLike): boolean {
    return user.isGM || this.owners.includes(user.id);
  }
  /** The data model's check: HP within −99,990 … max, FP within −9,999 … max. */
  async update(data: Record<string, unknown>) {
    this.check(data);
    const wrapper = { system: structuredClone(this.source), flags: structuredClone(this.flags) } as Record<string, unknown>;
    applyDotted(wrapper, data);
    const s = wrapper.system as { hp: { value: number; max: number }; fp: { value: number; max: number }; deathChecksRolled: number };
    if (!Number.isInteger(s.hp.value) || s.hp.value < -99_990 || s.hp.value > s.hp.max) throw new Error("Validation failed: hp.value out of range");
    if (!Number.isInteger(s.fp.value) || s.fp.value < -9_999 || s.fp.value > s.fp.max) throw new Error("Validation failed: fp.value out of range");
    if (!Number.isInteger(s.deathChecksRolled) || s.deathChecksRolled < 0 || s.deathChecksRolled > 4) throw new Error("Validation failed: deathChecksRolled");
    this.source = wrapper.system as Record<string, unknown>;
    this.flags = wrapper.flags as Record<string, unknown>;
    this.prepare();
  }
  async createEmbeddedDocuments() {}
  async deleteEmbeddedDocuments() {}
  get hp() {
    return (this.source.hp as { value: number }).value;
  }
}

/** Louis (test/fixtures/gurps-actors.ts), p1's character. */
export function louis(owners: string[] = [p1.id]) {
  const d = louisData();
  return new FakeGurpsActor(d.uuid, d.name, d.source, d.items, owners);
}

/** Filthy Pierre (test/fixtures/gurps-actors.ts), p2's character, or no one's (an NPC). */
export function pierre(owners: string[] = [p2.id]) {
  const d = pierreData();
  return new FakeGurpsActor(d.uuid, d.name, d.source, d.items, owners);
}

export function gurpsWorld(o: { combat?: boolean; autoApply?: boolean; pierreOwners?: string[]; distance?: number | null; rules?: () => Readonly<GurpsRules> } = {}) {
  const rules = o.rules ?? (() => GURPS_STANDARD_RULES);
  const l = louis();
  const p = pierre(o.pierreOwners);
  const bystander = new FakeGurpsActor("Actor.sentry", "Sentry", character(), []);
  const actors = [l, p, bystander];
  const combat = o.combat ? new FakeCombat("combat1") : undefined;
  if (combat) for (const a of [l, p]) combat.combatants.push({ id: `cbt${a.name}`, actor: a as never });
  const messages: FakeMessage[] = [];
  const { env, whispers, reported } = makeEnv(actors as never, messages, { autoApply: o.autoApply ?? false, ...(combat && { combat }) });
  const turn = { of: combat ? (l.uuid as string | null) : null };
  const world = { turnOf: (uuid: string) => (combat ? turn.of === uuid : null), distance: () => o.distance ?? null };
  const ruleset = createGurpsRuleset(rules, gurpsWorkflow(rules, (ref) => readGurpsRound(ref), world) as never);
  const { queue, requestMessage, handle, send, local, cards } = gmTransport<GurpsFlow>(env, ruleset, messages);
  const cidOf = (actor: FakeGurpsActor) => combat!.combatants.find((c) => c.actor === (actor as never))!.id;
  /** The round state the GM holds for an actor's combatant (written as the GM). */
  const setRound = async (actor: FakeGurpsActor, state: GurpsFighterRound) => combat!.update({ [`flags.cychosys.rounds.${cidOf(actor)}`]: state });
  const roundOf = (actor: FakeGurpsActor): GurpsFighterRound => readGurpsRound({ combat: combat!, combatant: { id: cidOf(actor) } });
  return { louis: l, pierre: p, bystander, actors, combat, messages, env, whispers, reported, ruleset, queue, turn, requestMessage, handle, send, local, cards, setRound, roundOf, fresh: newFighterRound };
}

/** Louis swings his shortsword at Pierre (check 12's 13 by default). */
export const swing = (w: { louis: { uuid: string }; pierre: { uuid: string } }, roll = [4, 4, 5], more: Record<string, unknown> = {}) => ({
  step: "declare", actorUuid: w.louis.uuid, itemId: "wpShortsword", line: 0, targetUuid: w.pierre.uuid, roll, ...more,
});

export const onCard = (card: { id: string; flow: { id: string } }) => ({ attackId: card.flow.id, messageId: card.id });
export { character, item, line };
export { gm, p1, p2 };
