/**
 * src/foundry/gurps/status.ts with fakes: the GURPS conditions as status
 * effects (then Foundry's dead marker) and the HP/FP token bars; the token's
 * marks mirroring the actor's HP (G80 reeling, G81 0 HP, dead at −5 × HP) and
 * his round on the started combat (G77 shock with its figure, G79 stun, G14
 * posture); refused by hand from the HUD unless stale; only the client that
 * changed the actor writes, the active GM redraws on a combat change.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { StatusActorDoc, StatusEffectDoc } from "../../src/foundry/gurps/status.js";
import { newFighterRound } from "../../src/rulesets/gurps/rules/index.js";
import { aldric, gurpsDerivedOf } from "../fixtures/gurps-sheets.js";

type Hook = (...args: unknown[]) => unknown;
let hooks: Map<string, Hook[]>;
let config: { statusEffects: { id: string }[]; Actor: { trackableAttributes: unknown } };
let notes: string[];
const me = { id: "p1", isActiveGM: false };
const combats: { started: boolean; flags: Record<string, unknown>; combatants: { id: string; actor: unknown }[] }[] = [];
const callPre = (name: string, ...args: unknown[]) => (hooks.get(name) ?? []).every((fn) => fn(...args) !== false);
const callAll = (name: string, ...args: unknown[]) => (hooks.get(name) ?? []).forEach((fn) => fn(...args));
const settle = async () => {
  for (let i = 0; i < 20; i++) await new Promise((r) => setTimeout(r, 0));
};

let nextId = 0;
class FakeActor implements StatusActorDoc {
  documentName = "Actor";
  type = "gurpsCharacter";
  uuid = "Actor.aldric";
  isOwner = true;
  effects: (StatusEffectDoc & { statuses: Set<string> })[] = [];
  system = { derived: gurpsDerivedOf({ ...aldric, system: { ...aldric.system, hp: { value: 14, max: 14 } } }) };
  setHp(value: number) {
    this.system = { derived: gurpsDerivedOf({ ...aldric, system: { ...aldric.system, hp: { value, max: 14 } } }) };
    callAll("updateActor", this, { system: { hp: { value } } }, {}, me.id);
  }
  async createEmbeddedDocuments(_n: "ActiveEffect", data: object[], options: Record<string, unknown> = {}) {
    for (const d of data as Record<string, unknown>[]) {
      const effect = { id: `e${++nextId}`, name: String(d.name), statuses: new Set((d.statuses as string[]) ?? []), parent: this };
      if (callPre("preCreateActiveEffect", effect, d, options, me.id)) this.effects.push(effect);
    }
  }
  async deleteEmbeddedDocuments(_n: "ActiveEffect", ids: string[], options: Record<string, unknown> = {}) {
    for (const id of ids) {
      const effect = this.effects.find((e) => e.id === id);
      if (effect && callPre("preDeleteActiveEffect", effect, options, me.id)) this.effects = this.effects.filter((e) => e !== effect);
    }
  }
  async updateEmbeddedDocuments(_n: "ActiveEffect", data: object[]) {
    for (const d of data as { _id: string; name: string }[]) this.effects.find((e) => e.id === d._id)!.name = d.name;
  }
  get marks() {
    return this.effects.map((e) => e.name).sort();
  }
}

beforeEach(() => {
  hooks = new Map();
  notes = [];
  config = { statusEffects: [{ id: "dead" }, { id: "blind" }], Actor: { trackableAttributes: {} } };
  combats.length = 0;
  me.id = "p1";
  me.isActiveGM = false;
  vi.stubGlobal("Hooks", { on: (name: string, fn: Hook) => hooks.set(name, [...(hooks.get(name) ?? []), fn]), once: () => undefined });
  vi.stubGlobal("CONFIG", config);
  vi.stubGlobal("game", { user: me, combats });
  vi.stubGlobal("ui", { notifications: { info: (text: string) => notes.push(text), warn: (text: string) => notes.push(text) } });
});
afterEach(() => vi.unstubAllGlobals());

const register = async () => {
  vi.resetModules();
  const mod = await import("../../src/foundry/gurps/status.js");
  mod.registerGurpsStatusEffects();
  return mod;
};

describe("GURPS conditions on the token", () => {
  it("registers the conditions then Foundry's dead marker (the HP/FP bars are set on init: test/foundry/token-bars.test.ts)", async () => {
    await register();
    expect(config.statusEffects.map((s) => s.id).slice(0, 3)).toEqual(["gurps-shock", "gurps-stunned", "gurps-mentallyStunned"]);
    expect(config.statusEffects.at(-1)!.id).toBe("dead");
  });

  it("HP: reeling below a third (G80), at 0 HP (G81), dead at −5 × HP; healed: gone", async () => {
    await register();
    const a = new FakeActor();
    a.setHp(4);
    await settle();
    expect(a.marks).toEqual(["Reeling"]);
    a.setHp(0);
    await settle();
    expect(a.marks).toEqual(["At 0 HP or below", "Reeling"]);
    a.setHp(-70);
    await settle();
    expect(a.marks).toEqual(["Dead"]);
    a.setHp(14);
    await settle();
    expect(a.marks).toEqual([]);
  });

  it("the round on the started combat: shock with its figure renamed as it grows (G77), stunned (G79), kneeling (G14); the active GM redraws the fighters whose round changed", async () => {
    const mod = await register();
    const a = new FakeActor();
    const combat = { started: true, flags: { cychosys: { rounds: { c1: { ...newFighterRound(), injurySinceLastTurn: 2, stun: "physical", posture: "kneeling" } } } }, combatants: [{ id: "c1", actor: a }] };
    combats.push(combat);
    me.isActiveGM = true;
    // A change that touches no round (the turn, another fighter's round) redraws nobody.
    callAll("updateCombat", combat, { turn: 1 });
    callAll("updateCombat", combat, { flags: { cychosys: { rounds: { c2: { posture: "prone" } } } } });
    await settle();
    expect(a.marks).toEqual([]);
    callAll("updateCombat", combat, { flags: { cychosys: { rounds: { c1: { posture: "kneeling" } } } } });
    await settle();
    expect(a.marks).toEqual(["Kneeling", "Shock −2", "Stunned"]);
    (combat.flags.cychosys.rounds.c1 as { injurySinceLastTurn: number }).injurySinceLastTurn = 4;
    await mod.syncGurpsStatus(a);
    expect(a.marks).toEqual(["Kneeling", "Shock −4", "Stunned"]);
    expect(a.effects.filter((e) => e.name.startsWith("Shock"))).toHaveLength(1);
    combats.length = 0;
    callAll("deleteCombat", combat);
    await settle();
    expect(a.marks).toEqual([]);
  });

  it("by hand from the HUD: a GURPS condition is refused with a word; a stale mark may be taken off; other statuses pass", async () => {
    const mod = await register();
    const a = new FakeActor();
    await a.createEmbeddedDocuments("ActiveEffect", [{ name: "Stunned", statuses: ["gurps-stunned"] }]);
    expect(a.effects).toHaveLength(0);
    expect(notes[0]).toContain("Stunned is set by the fight itself");
    await a.createEmbeddedDocuments("ActiveEffect", [{ name: "Blind", statuses: ["blind"] }]);
    a.setHp(4);
    await settle();
    expect(a.marks).toEqual(["Blind", "Reeling"]);
    await a.deleteEmbeddedDocuments("ActiveEffect", [a.effects.find((e) => e.name === "Reeling")!.id]);
    expect(a.marks).toEqual(["Blind", "Reeling"]);
    await a.createEmbeddedDocuments("ActiveEffect", [{ name: "Stale", statuses: ["gurps-pinned"] }], { [mod.GURPS_STATUS_SYNC]: true });
    await a.deleteEmbeddedDocuments("ActiveEffect", [a.effects.find((e) => e.name === "Stale")!.id]);
    expect(a.marks).toEqual(["Blind", "Reeling"]);
  });

  it("only the client that changed the actor writes; a non-owner writes nothing", async () => {
    await register();
    const a = new FakeActor();
    a.system = { derived: gurpsDerivedOf(aldric) };
    callAll("updateActor", a, {}, {}, "someone-else");
    await settle();
    expect(a.effects).toEqual([]);
    a.isOwner = false;
    callAll("updateActor", a, {}, {}, me.id);
    await settle();
    expect(a.effects).toEqual([]);
  });
});
