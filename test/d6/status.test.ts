/**
 * src/foundry/d6/status.ts with fakes: registering the D6 status effects and
 * token bars, and the token's wound status mirroring the stored wound level
 * (one source of truth) — set by an update, by the HUD, cleared by a new
 * round (D37), refused for a non-owner, only on the client that made the change.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { registerD6StatusEffects, syncWoundStatus, type WoundActorDoc, type WoundEffectDoc } from "../../src/foundry/d6/status.js";

type Hook = (...args: unknown[]) => unknown;
let hooks: Map<string, Hook[]>;
let config: { statusEffects: { id: string }[]; Actor: { trackableAttributes: unknown } };
let warnings: string[];
const me = { id: "p1", isActiveGM: false };
const combats: { started: boolean; round: number; combatants: { actor: unknown }[] }[] = [];

/** Foundry's `Hooks.call` for a pre-hook: false from any stops it. */
const callPre = (name: string, ...args: unknown[]) => (hooks.get(name) ?? []).every((fn) => fn(...args) !== false);
const callAll = (name: string, ...args: unknown[]) => (hooks.get(name) ?? []).forEach((fn) => fn(...args));
const settle = async () => {
  for (let i = 0; i < 20; i++) await new Promise((r) => setTimeout(r, 0));
};

let nextId = 0;
/** An actor the way Foundry runs its writes on the client that makes them: pre-hooks, change, then the update hooks. */
class FakeActor implements WoundActorDoc {
  documentName = "Actor";
  effects: (WoundEffectDoc & { statuses: Set<string>; data: Record<string, unknown> })[] = [];
  writes: string[] = [];
  constructor(
    public uuid: string,
    public type: string,
    public isOwner = true,
    public system: { wounds: { level: string; untilRound: number } } = { wounds: { level: "none", untilRound: 0 } },
    public name = "Kira",
  ) {}
  async update(data: Record<string, unknown>) {
    this.writes.push(`update ${JSON.stringify(data)}`);
    const before = JSON.stringify(this.system.wounds);
    if ("system.wounds.level" in data) this.system.wounds.level = data["system.wounds.level"] as string;
    if ("system.wounds.untilRound" in data) this.system.wounds.untilRound = data["system.wounds.untilRound"] as number;
    // Foundry fires no update when nothing changed.
    if (JSON.stringify(this.system.wounds) !== before) callAll("updateActor", this, { system: { wounds: { ...this.system.wounds } } }, {}, me.id);
  }
  async createEmbeddedDocuments(_name: "ActiveEffect", data: object[], options: Record<string, unknown> = {}) {
    for (const d of data as Record<string, unknown>[]) {
      const effect = { id: `e${++nextId}`, statuses: new Set((d.statuses as string[]) ?? []), parent: this, data: d };
      if (!callPre("preCreateActiveEffect", effect, d, options, me.id)) continue;
      this.writes.push(`create ${[...effect.statuses]}`);
      this.effects.push(effect);
    }
  }
  async deleteEmbeddedDocuments(_name: "ActiveEffect", ids: string[], options: Record<string, unknown> = {}) {
    for (const id of ids) {
      const effect = this.effects.find((e) => e.id === id);
      if (!effect || !callPre("preDeleteActiveEffect", effect, options, me.id)) continue;
      this.writes.push(`delete ${[...effect.statuses]}`);
      this.effects = this.effects.filter((e) => e !== effect);
    }
  }
  /** What the token HUD does (Actor#toggleStatusEffect): delete the effects of that status, or create one. */
  async toggleStatusEffect(statusId: string) {
    const existing = this.effects.filter((e) => e.statuses.size === 1 && e.statuses.has(statusId)).map((e) => e.id);
    if (existing.length > 0) await this.deleteEmbeddedDocuments("ActiveEffect", existing);
    else await this.createEmbeddedDocuments("ActiveEffect", [{ name: statusId, statuses: [statusId] }]);
  }
  get statusIds() {
    return this.effects.flatMap((e) => [...e.statuses]).sort();
  }
}

beforeEach(() => {
  hooks = new Map();
  warnings = [];
  config = { statusEffects: [{ id: "dead" }, { id: "blind" }], Actor: { trackableAttributes: { character: { bar: ["pools.hit.physical"], value: [] } } } };
  combats.length = 0;
  me.id = "p1";
  me.isActiveGM = false;
  vi.stubGlobal("Hooks", { on: (name: string, fn: Hook) => hooks.set(name, [...(hooks.get(name) ?? []), fn]), once: (name: string, fn: Hook) => hooks.set(name, [...(hooks.get(name) ?? []), fn]) });
  vi.stubGlobal("CONFIG", config);
  vi.stubGlobal("game", { user: me, combats });
  vi.stubGlobal("ui", { notifications: { warn: (text: string) => warnings.push(text) } });
});
afterEach(() => vi.unstubAllGlobals());

describe("registerD6StatusEffects", () => {
  it("sets the wound levels then Foundry's dead marker as the status effects, and leaves the token bars (every type's own, set on init) alone", () => {
    registerD6StatusEffects();
    expect(config.statusEffects.map((s) => s.id)).toEqual(["d6-stunned", "d6-wounded", "d6-severelyWounded", "d6-incapacitated", "d6-mortallyWounded", "d6-killed", "dead"]);
    expect(config.Actor.trackableAttributes).toEqual({ character: { bar: ["pools.hit.physical"], value: [] } });
    expect(config.statusEffects[0]).toMatchObject({ name: "CYCHOSYS.D6.Wound.stunned", img: "icons/svg/daze.svg", hud: { actorTypes: ["d6Character", "d6Creature"] } });
  });

  it("puts the descriptions in words again on i18nInit, and hooks the sync once however often it is called", async () => {
    vi.resetModules();
    const fresh = await import("../../src/foundry/d6/status.js");
    fresh.registerD6StatusEffects();
    fresh.registerD6StatusEffects();
    expect(hooks.get("i18nInit")).toHaveLength(2);
    config.statusEffects = [{ id: "dead" }];
    callAll("i18nInit");
    expect(config.statusEffects).toHaveLength(7);
    for (const name of ["preCreateActiveEffect", "preDeleteActiveEffect", "updateActor", "createActor", "updateCombat", "deleteCombat"]) expect(hooks.get(name), name).toHaveLength(1);
  });
});

describe("the token shows the stored wound level", () => {
  /** A fresh module each test, so its hooks go on this test's fake Hooks. */
  const register = async () => {
    vi.resetModules();
    const mod = await import("../../src/foundry/d6/status.js");
    mod.registerD6StatusEffects();
    return mod;
  };

  it("an update of the wound level draws it; a new level replaces the old; unhurt clears it; other statuses stay", async () => {
    await register();
    const kira = new FakeActor("Actor.kira", "d6Character");
    await kira.createEmbeddedDocuments("ActiveEffect", [{ statuses: ["blind"] }]);
    await kira.update({ "system.wounds.level": "wounded" });
    await settle();
    expect(kira.statusIds).toEqual(["blind", "d6-wounded"]);
    await kira.update({ "system.wounds.level": "severelyWounded" });
    await settle();
    expect(kira.statusIds).toEqual(["blind", "d6-severelyWounded"]);
    await kira.update({ "system.wounds.level": "none" });
    await settle();
    expect(kira.statusIds).toEqual(["blind"]);
  });

  it("only the client that changed the wounds writes the effect", async () => {
    await register();
    const kira = new FakeActor("Actor.kira", "d6Character");
    kira.system.wounds.level = "wounded";
    callAll("updateActor", kira, { system: { wounds: { level: "wounded" } } }, {}, "someone-else");
    await settle();
    expect(kira.effects).toEqual([]);
  });

  it("HUD on: sets the level (not stacked); Stunned outside combat lasts until cleared; one effect, made by the sync", async () => {
    await register();
    const kira = new FakeActor("Actor.kira", "d6Character", true, { wounds: { level: "severelyWounded", untilRound: 0 } });
    await syncWoundStatus(kira);
    await kira.toggleStatusEffect("d6-stunned");
    await settle();
    expect(kira.system.wounds).toEqual({ level: "stunned", untilRound: 0 });
    expect(kira.statusIds).toEqual(["d6-stunned"]);
    expect(kira.effects[0]!.data).toMatchObject({ name: "Stunned", flags: { cychosys: { d6Wound: "stunned" } } });
  });

  it("HUD on, Stunned in a started combat: through the next round (D37); the next round's redraw by the active GM clears it", async () => {
    await register();
    const kira = new FakeActor("Actor.kira", "d6Character");
    const combat = { started: true, round: 3, combatants: [{ actor: kira }] };
    combats.push(combat);
    await kira.toggleStatusEffect("d6-stunned");
    await settle();
    expect(kira.system.wounds).toEqual({ level: "stunned", untilRound: 4 });
    expect(kira.statusIds).toEqual(["d6-stunned"]);
    combat.round = 5;
    callAll("updateCombat", combat, { round: 5 }, {}, "gm");
    await settle();
    expect(kira.statusIds).toEqual(["d6-stunned"]); // not the active GM: nothing written here
    me.isActiveGM = true;
    callAll("updateCombat", combat, { round: 5 }, {}, "gm");
    await settle();
    expect(kira.statusIds).toEqual([]);
    expect(kira.system.wounds.level).toBe("stunned"); // the stored level is untouched; it has merely expired
  });

  it("HUD off on the shown level: unhurt; deleting a stale wound effect is let through", async () => {
    await register();
    const kira = new FakeActor("Actor.kira", "d6Character", true, { wounds: { level: "wounded", untilRound: 0 } });
    await syncWoundStatus(kira);
    await kira.toggleStatusEffect("d6-wounded");
    await settle();
    expect(kira.system.wounds).toEqual({ level: "none", untilRound: 0 });
    expect(kira.statusIds).toEqual([]);
    kira.effects.push({ id: "stale", statuses: new Set(["d6-killed"]), parent: kira, data: {} });
    await kira.deleteEmbeddedDocuments("ActiveEffect", ["stale"]);
    expect(kira.effects).toEqual([]);
    expect(kira.system.wounds.level).toBe("none");
  });

  it("a non-owner's toggle changes nothing and is told why; Foundry's own statuses and non-D6 actors pass untouched", async () => {
    await register();
    const thug = new FakeActor("Actor.thug", "d6Creature", false, undefined, "the thug");
    await thug.toggleStatusEffect("d6-killed");
    await settle();
    expect(thug.system.wounds.level).toBe("none");
    expect(thug.effects).toEqual([]);
    expect(warnings).toEqual(["You do not own the thug: its wound level is not yours to change."]);
    const kira = new FakeActor("Actor.kira", "d6Character");
    await kira.toggleStatusEffect("dead");
    expect(kira.statusIds).toEqual(["dead"]);
    const parker = new FakeActor("Actor.parker", "character");
    await parker.toggleStatusEffect("d6-killed");
    await settle();
    expect(parker.statusIds).toEqual(["d6-killed"]);
    expect(parker.system.wounds.level).toBe("none");
  });

  it("a sync is idempotent and removes duplicates; syncs of one actor run one after another", async () => {
    await register();
    const kira = new FakeActor("Actor.kira", "d6Character", true, { wounds: { level: "killed", untilRound: 0 } });
    const { syncWoundStatus: sync } = await import("../../src/foundry/d6/status.js");
    const results = await Promise.all([sync(kira), sync(kira), sync(kira)]);
    expect(results).toEqual([true, false, false]);
    expect(kira.statusIds).toEqual(["d6-killed"]);
    kira.effects.push({ id: "dup", statuses: new Set(["d6-killed"]), parent: kira, data: {} });
    expect(await sync(kira)).toBe(true);
    expect(kira.statusIds).toEqual(["d6-killed"]);
  });

  it("an actor created hurt shows it (the creator's client); an unhurt one writes nothing", async () => {
    await register();
    const hurt = new FakeActor("Actor.a", "d6Creature", true, { wounds: { level: "incapacitated", untilRound: 0 } });
    const fine = new FakeActor("Actor.b", "d6Creature");
    callAll("createActor", hurt, {}, me.id);
    callAll("createActor", fine, {}, me.id);
    await settle();
    expect(hurt.statusIds).toEqual(["d6-incapacitated"]);
    expect(fine.writes).toEqual([]);
  });
});
