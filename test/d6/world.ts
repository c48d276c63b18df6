/**
 * A small OpenD6 world for the GM-side workflow tests: Kira (p1's character),
 * the thug (an NPC creature) and a bystander creature; derived data written
 * out as the D6 derive gives it (the codes the chapter's examples use), the
 * round state on a GM-only combat, request messages handled by the active GM.
 */
import { applyDotted, FakeCombat, FakeMessage, gm, makeEnv, p1, p2, Writable } from "../chat/fakes.js";
import { gmTransport } from "../chat/gm-transport.js";
import type { ActorLike, UserLike } from "../../src/core/transport/ports.js";
import type { D6Derived } from "../../src/rulesets/d6/data/derived.js";
import { createD6Ruleset } from "../../src/rulesets/d6/ruleset.js";
import { parseDieCode } from "../../src/rulesets/d6/rules/index.js";
import type { D6Flow } from "../../src/rulesets/d6/workflow/flow.js";

const code = (text: string) => parseDieCode(text);
const skill = (name: string, text: string, attribute: "agility" | "perception" = "agility") => ({ id: `sk${name.replace(/\W/g, "")}`, name, attribute, code: code(text), text });

function derived(o: { strength: string; skills: ReturnType<typeof skill>[]; weapons: D6Derived["weapons"]; armor?: string }): D6Derived {
  const attrs = { agility: code("3D"), strength: code(o.strength), mechanical: code("2D"), knowledge: code("2D"), perception: code("3D+2"), technical: code("2D") };
  return {
    attributes: attrs,
    skills: o.skills,
    weapons: o.weapons,
    strengthDamageDice: 2,
    initiativeBonus: 0,
    armor: code(o.armor ?? "0D"),
    resistance: code(o.strength),
    wound: { level: "none", untilRound: null, penaltyDice: 0, unableToAct: false },
  };
}

export class FakeD6Actor extends Writable implements ActorLike {
  flags: Record<string, unknown> = {};
  system: Record<string, unknown>;
  effects = { get: () => undefined };
  items = { get: () => undefined };
  itemDocs: never[] = [];
  constructor(public uuid: string, public name: string, public type: "d6Character" | "d6Creature", d: D6Derived, public owners: string[] = []) {
    super();
    this.system = { freeActions: 1, strengthAdjustment: "+0D", protection: "0D", blockBlades: false, wounds: { level: "none", untilRound: 0 }, derived: d };
  }
  override mayWrite(user: UserLike): boolean {
    return user.isGM || this.owners.includes(user.id);
  }
  testUserPermission(user: UserLike): boolean {
    return user.isGM || this.owners.includes(user.id);
  }
  async update(data: Record<string, unknown>) {
    this.check(data);
    applyDotted(this as unknown as Record<string, unknown>, data);
  }
  async createEmbeddedDocuments() {}
  async deleteEmbeddedDocuments() {}
  get wounds() {
    return this.system.wounds as { level: string; untilRound: number };
  }
}

const fists = (s: ReturnType<typeof skill>): D6Derived["weapons"][number] => ({ id: "wpFists", name: "fists", skill: s, mode: "unarmed", damage: "+0D", edged: false, lengthCm: 0, ranges: { short: 0, medium: 0, long: 0 }, usesPerRound: 1, aimable: false });

export function d6World(options: { combat?: boolean; autoApply?: boolean; tieOf?: (actorUuid: string) => string | null } = {}) {
  const kira = new FakeD6Actor("Actor.kira", "Kira", "d6Character", derived({ strength: "2D+2", skills: [skill("dodge", "4D"), skill("brawling", "3D"), skill("search", "5D+1", "perception")], weapons: [] }), [p1.id]);
  const brawl = skill("brawling", "3D+1");
  const thug = new FakeD6Actor("Actor.thug", "the thug", "d6Creature", derived({ strength: "3D+1", skills: [brawl], weapons: [fists(brawl)] }));
  const knife = { ...fists(skill("melee combat", "4D")), id: "wpKnife", name: "knife", mode: "melee" as const, damage: "+1D", edged: true };
  kira.system.derived = { ...(kira.system.derived as D6Derived), weapons: [knife] };
  const bystander = new FakeD6Actor("Actor.sentry", "Sentry", "d6Creature", derived({ strength: "3D", skills: [], weapons: [] }));
  const actors = [kira, thug, bystander];
  const combat = options.combat ? new FakeCombat("combat1") : undefined;
  if (combat) for (const a of [kira, thug]) combat.combatants.push({ id: `cbt${a.name.replace(/\W/g, "")}`, actor: a as never });
  const messages: FakeMessage[] = [];
  const { env, whispers, reported } = makeEnv(actors as never, messages, { autoApply: options.autoApply ?? false, ...(combat && { combat }) });
  const ruleset = createD6Ruleset(undefined, options.tieOf);
  const { queue, requestMessage, handle, send, local, cards } = gmTransport<D6Flow>(env, ruleset, messages);
  /** The round state the GM holds for an actor's combatant (writes it as the GM). */
  const setRound = async (actor: FakeD6Actor, state: unknown) => {
    const id = combat!.combatants.find((c) => c.actor === (actor as never))!.id;
    await combat!.update({ [`flags.cychosys.rounds.${id}`]: state });
  };
  const roundOf = (actor: FakeD6Actor) => {
    const id = combat!.combatants.find((c) => c.actor === (actor as never))!.id;
    return (combat!.flags.cychosys as { rounds: Record<string, { round: { declared: number | null; used: number; waits: number; defenses: unknown[]; unableToAct: boolean } }> }).rounds[id]!;
  };
  return { kira, thug, bystander, actors, combat, messages, env, whispers, reported, ruleset, queue, requestMessage, handle, send, local, cards, setRound, roundOf };
}

export const onCard = (card: { id: string; flow: { id: string } }, targetIndex = 0) => ({ attackId: card.flow.id, messageId: card.id, targetIndex });
export { gm, p1, p2 };
