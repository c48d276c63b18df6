/**
 * A small Cities Without Number world for the GM-side workflow tests, on the
 * shared fakes (test/chat/fakes.ts: Foundry's permission model, Foundry's
 * merge of updates, injected failures): Vee (p1's character, the fixture's
 * pistol, knife and fists, armored clothing), Mack (p2's character, Stab-2,
 * a knife), two corporate guards (NPCs) and a bystander; derived data from
 * the real `deriveCwnActor` after every write. With `fight`, a started
 * combat holding the fight: the crew (Vee, Mack) and the guards.
 */
import { applyDotted, FakeCombat, FakeMessage, gm, makeEnv, p1, p2, Writable } from "../chat/fakes.js";
import { gmTransport } from "../chat/gm-transport.js";
import type { UserLike } from "../../src/core/transport/ports.js";
import { applyTableOperation, type CwnCombatOperation } from "../../src/rulesets/cwn/combat/state.js";
import { deriveCwnActor } from "../../src/rulesets/cwn/data/derive.js";
import { createCwnRuleset, fightOf, fightUpdate } from "../../src/rulesets/cwn/ruleset.js";
import type { CwnCombatState, CwnSideSetup } from "../../src/rulesets/cwn/rules/combat.js";
import type { CwnTablePorts } from "../../src/rulesets/cwn/workflow/inputs.js";
import type { CwnFlow } from "../../src/rulesets/cwn/workflow/flow.js";
import { armorSystem, guards, vee, weaponSystem } from "../fixtures/cwn-sheets.js";

export class FakeCwnItem extends Writable {
  flags: Record<string, unknown> = {};
  constructor(public uuid: string, public id: string, public name: string, public type: string, public system: Record<string, unknown>, public parent: FakeCwnActor) {
    super();
  }
  override mayWrite(user: UserLike): boolean {
    return user.isGM || this.parent.owners.includes(user.id);
  }
  async update(data: Record<string, unknown>) {
    this.check(data);
    applyDotted(this as unknown as Record<string, unknown>, data);
    this.parent.prepare();
  }
}

export class FakeCwnActor extends Writable {
  flags: Record<string, unknown> = {};
  source: Record<string, unknown>;
  system: Record<string, unknown> = {};
  itemDocs: FakeCwnItem[];
  effectDocs = new Map<string, { id: string }>();
  constructor(public uuid: string, public name: string, public type: "cwnCharacter" | "cwnNpc", system: Record<string, unknown>, items: { id: string; name: string; type: string; system: Record<string, unknown> }[], public owners: string[] = []) {
    super();
    this.source = structuredClone(system);
    this.itemDocs = items.map((i) => new FakeCwnItem(`${uuid}.Item.${i.id}`, i.id, i.name, i.type, structuredClone(i.system), this));
    this.prepare();
  }
  prepare() {
    const derived = deriveCwnActor(this.type, this.source, this.itemDocs.map((i) => ({ id: i.id, name: i.name, type: i.type, system: i.system })));
    this.system = { ...structuredClone(this.source), derived };
  }
  override mayWrite(user: UserLike): boolean {
    return user.isGM || this.owners.includes(user.id);
  }
  testUserPermission(user: UserLike): boolean {
    return user.isGM || this.owners.includes(user.id);
  }
  effects = { get: (id: string) => this.effectDocs.get(id) };
  items = { get: (id: string) => this.itemDocs.find((i) => i.id === id) };
  /** Foundry's validation of the data model: hit points and soak within 0…max. */
  async update(data: Record<string, unknown>) {
    this.check(data);
    const wrapper = { system: structuredClone(this.source), flags: structuredClone(this.flags) } as Record<string, unknown>;
    applyDotted(wrapper, data);
    const hp = (wrapper.system as { hp: { value: number; max: number } }).hp;
    if (!Number.isInteger(hp.value) || hp.value < 0 || hp.value > hp.max) throw new Error("Validation failed: hp out of range");
    this.source = wrapper.system as Record<string, unknown>;
    this.flags = wrapper.flags as Record<string, unknown>;
    this.prepare();
  }
  async createEmbeddedDocuments() {}
  async deleteEmbeddedDocuments() {}
  get hp() {
    return (this.source.hp as { value: number }).value;
  }
  get downed() {
    return this.source.downed as string;
  }
  item(id: string) {
    return this.itemDocs.find((i) => i.id === id)!;
  }
  /** The derived data, as the card's steps read it. */
  get derived() {
    return this.system.derived as ReturnType<typeof deriveCwnActor>;
  }
}

const itemsOf = (list: typeof vee.items) => list.map((i) => ({ id: i.id, name: i.name, type: i.type, system: i.system }));

export interface CwnWorldOptions {
  fight?: boolean;
  autoApply?: boolean;
  measure?: CwnTablePorts["measure"];
  /** Change the fight's start (sides' rolls, surprise). */
  sides?: (sides: CwnSideSetup[]) => CwnSideSetup[];
}

export function cwnWorld(options: CwnWorldOptions = {}) {
  const vee_ = new FakeCwnActor("Actor.vee", "Vee", "cwnCharacter", vee.system, itemsOf(vee.items), [p1.id]);
  const mack = new FakeCwnActor("Actor.mack", "Mack", "cwnCharacter", { ...vee.system, attributes: { str: 14, dex: 10, con: 12, int: 10, wis: 10, cha: 10 }, hp: { value: 12, max: 12 } }, [
    { id: "sStab", name: "Stab", type: "cwnSkill", system: { level: 2, combatSkill: "stab" } },
    { id: "wKnife", name: "Knife", type: "cwnWeapon", system: weaponSystem({ damage: "1d4", attribute: "str", skill: "stab", shock: { enabled: true, damage: 1, ac: 15 }, traumaDie: "1d6", traumaRating: 3 }) },
    { id: "aCyber", name: "Dermal plating", type: "cwnArmor", system: armorSystem({ acMelee: 14, acRanged: 14, soak: { value: 2, max: 2 }, integralCyberArmor: true }) },
  ], [p2.id]);
  const guard = (n: number) => new FakeCwnActor(`Actor.guard${n}`, `Guard ${n}`, "cwnNpc", guards.system, itemsOf(guards.items.map((i) => (i.id === "wBaton" ? { ...i, system: { ...i.system, traumaDie: "1d6" } } : i))));
  const [g1, g2] = [guard(1), guard(2)];
  const bystander = new FakeCwnActor("Actor.bystander", "Bystander", "cwnNpc", guards.system, []);
  const actors = [vee_, mack, g1, g2, bystander];
  const combat = options.fight ? new FakeCombat("combat1") : undefined;
  if (combat) for (const a of [vee_, mack, g1, g2]) combat.combatants.push({ id: `c${a.uuid.slice(6)}`, actor: a as never });
  const messages: FakeMessage[] = [];
  const { env, whispers, reported } = makeEnv(actors as never, messages, { autoApply: options.autoApply ?? false, ...(combat && { combat }) });
  const ports: CwnTablePorts = {
    actorOfFighter: (combatId, fighterId) => (combat?.id === combatId ? combat.combatants.find((c) => c.id === fighterId)?.actor.uuid : undefined),
    ...(options.measure && { measure: options.measure }),
  };
  const ruleset = createCwnRuleset(undefined, ports);
  const { queue, requestMessage, handle, send, local, cards } = gmTransport<CwnFlow>(env, ruleset, messages);
  const id = (a: FakeCwnActor) => `c${a.uuid.slice(6)}`;
  const fight = (): CwnCombatState => fightOf(combat!)!;
  /** The GM runs tracker operations on the fight (as the tracker does). */
  const play = async (...ops: CwnCombatOperation[]) => {
    let state = fightOf(combat!);
    for (const op of ops) state = applyTableOperation(state, op).state;
    await combat!.update(fightUpdate(combat!, state!));
  };
  if (combat) {
    const sides: CwnSideSetup[] = [
      { id: "pcs", playerCharacters: true, roll: 6, members: [{ id: id(vee_), dex: 1 }, { id: id(mack), dex: 0 }] },
      { id: "hostile", playerCharacters: false, roll: 3, morale: 8, members: [{ id: id(g1), dex: 1 }, { id: id(g2), dex: 1 }] },
    ];
    const start = applyTableOperation(null, { kind: "start", sides: options.sides ? options.sides(sides) : sides }).state;
    combat.flags = { cychosys: { cwnCombat: structuredClone(start) } };
  }
  return { vee: vee_, mack, g1, g2, bystander, actors, combat, messages, env, whispers, reported, ruleset, queue, requestMessage, handle, send, local, cards, id, fight, play };
}

export const onCard = (card: { id: string; flow: { id: string } }) => ({ attackId: card.flow.id, messageId: card.id });
export { gm, p1, p2 };
