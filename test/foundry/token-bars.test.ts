/**
 * Issue 20.3: token bars that exist. Every actor type of every ruleset has
 * its own `trackableAttributes` entry (Foundry unites all the lists for a
 * type it finds none for); a new actor of each type — made in the world,
 * imported from a pack, or one of the packs' own — shows bars its type has,
 * its damage track first; and no bar or value a token may show names an
 * attribute its actor lacks (src/foundry/token-bars.ts, the manifests'
 * `trackable`).
 */
import "./fakes.js";
import { describe, expect, it } from "vitest";
import { registeredManifests } from "../../src/core/schema/registry.js";
import { systemDefaults } from "../../src/core/schema/validate.js";
import { ADAPTERS } from "../../src/foundry/rulesets.js";
import { prototypeBars, registerTokenBars, trackableByType } from "../../src/foundry/token-bars.js";
import { defineDocuments } from "../../src/foundry/documents.js";
import { makeRules } from "../../src/rulesets/cychosys/rules/index.js";
import { declaredPacks, readPackSources } from "../../tools/packs/lib.js";
import "../../src/rulesets/manifests.js";

const manifests = registeredManifests();
const lists = trackableByType(manifests);
const actorTypes = manifests.flatMap((m) => Object.keys(m.Actor).map((type) => ({ ruleset: m.id, type })));

/** What a token reads at a path of its actor's system (Foundry's getBarAttribute): a bar, a value, or nothing. */
function readAttribute(system: Record<string, unknown>, path: string): "bar" | "value" | undefined {
  const data = path.split(".").reduce<unknown>((node, key) => (node && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined), system);
  if (typeof data === "number") return "value";
  if (data && typeof data === "object" && typeof (data as { value?: unknown }).value === "number" && typeof (data as { max?: unknown }).max === "number") return "bar";
  return undefined;
}

/** An actor's system as its world's ruleset prepares it: stored data and what the ruleset derives. */
function prepared(ruleset: (typeof actorTypes)[number]["ruleset"], type: string, stored: Record<string, unknown>, items: unknown[] = []) {
  (globalThis as unknown as { CONFIG: Record<string, unknown> }).CONFIG.CYCHOSYS = makeRules();
  const system = structuredClone(stored);
  const derived = ADAPTERS[ruleset].derive?.("Actor", type, system, { items });
  return derived === undefined ? system : { ...system, derived };
}

describe("token bars per actor type", () => {
  it("every actor type of every ruleset has its own entry in CONFIG.Actor.trackableAttributes", () => {
    const config = (globalThis as unknown as { CONFIG: { Actor?: { trackableAttributes?: unknown } } }).CONFIG;
    config.Actor = {};
    registerTokenBars(manifests);
    expect(Object.keys(config.Actor.trackableAttributes as object).sort()).toEqual(actorTypes.map((t) => t.type).sort());
    expect((config.Actor.trackableAttributes as Record<string, unknown>).gurpsCharacter).toEqual({ bar: ["hp", "fp"], value: [] });
    expect((config.Actor.trackableAttributes as Record<string, unknown>).d6Creature).toEqual({ bar: [], value: [] });
  });

  it.each(actorTypes)("$ruleset $type: every bar and value it offers exists on a new actor, and a new token shows its damage track first", ({ ruleset, type }) => {
    const own = lists[type]!;
    const system = prepared(ruleset, type, systemDefaults("Actor", type));
    for (const path of own.bar) expect(readAttribute(system, path), `${type} bar ${path}`).toBe("bar");
    for (const path of own.value) expect(readAttribute(system, path), `${type} value ${path}`).toBe("value");
    // A new actor made in the world (no token data): the type's own two bars, each one it offers.
    const bars = prototypeBars(type, undefined);
    expect(bars, type).toEqual({ bar1: { attribute: own.token[0] }, bar2: { attribute: own.token[1] } });
    for (const attribute of [bars!.bar1!.attribute, bars!.bar2!.attribute]) if (attribute !== null) expect(own.bar, `${type} token ${attribute}`).toContain(attribute);
  });

  it("the damage tracks: GURPS HP then FP, CWN HP, Cychosys the physical hit pool then fatigue, phase flesh then stun left, OpenD6 none (a wound level is a step, not a bar)", () => {
    expect(lists.gurpsCharacter!.token).toEqual(["hp", "fp"]);
    expect(lists.cwnCharacter!.token).toEqual(["hp", null]);
    expect(lists.cwnNpc!.token).toEqual(["hp", "soak"]);
    expect(lists.character!.token).toEqual(["pools.hit.physical", "pools.fatigue.physical"]);
    expect(lists.object!.token).toEqual(["hits", null]);
    expect(lists.phaseCharacter!.token).toEqual(["derived.track.flesh", "derived.track.stun"]);
    expect(lists.d6Character!.token).toEqual([null, null]);
    // P30: a phase actor 5 flesh and 2 stun into 20 shows 15 and 18 left of 20.
    const phase = prepared("phase", "phaseCharacter", { ...systemDefaults("Actor", "phaseCharacter"), flesh: 5, stun: 2, fleshMax: 20 }) as { derived: { track: unknown } };
    expect(phase.derived.track).toEqual({ flesh: { value: 15, max: 20 }, stun: { value: 18, max: 20 } });
  });

  it("an actor imported with another type's bar (an old pack or export: the system default pools.hit.physical) gets its own; one it offers, or none chosen, is kept", () => {
    expect(prototypeBars("gurpsCharacter", { bar1: { attribute: "pools.hit.physical" }, bar2: { attribute: "pools.fatigue.physical" } })).toEqual({ bar1: { attribute: "hp" }, bar2: { attribute: "fp" } });
    expect(prototypeBars("d6Character", { bar1: { attribute: "pools.hit.physical" } })).toEqual({ bar1: { attribute: null }, bar2: { attribute: null } });
    expect(prototypeBars("cwnNpc", { bar1: { attribute: "morale" }, bar2: { attribute: null } })).toBeUndefined();
    expect(prototypeBars("character", { bar1: { attribute: "pools.hit.mental" }, bar2: { attribute: "pools.fatigue.physical" } })).toBeUndefined();
    expect(prototypeBars("object", { bar1: { attribute: "hits" }, bar2: { attribute: "pools.fatigue.physical" } })).toEqual({ bar2: { attribute: null } });
  });

  it("_preCreate: a new actor's prototype token gets the bars of its type", async () => {
    const sources: object[] = [];
    const g = globalThis as unknown as { Actor: unknown };
    const fakeActor = g.Actor;
    g.Actor = class {
      type = "object";
      parent = null;
      async _preCreate() {}
      updateSource(changes: object) {
        sources.push(changes);
      }
    };
    const { SystemActor } = defineDocuments();
    g.Actor = fakeActor;
    const actor = new (SystemActor as unknown as new () => { _preCreate(data: unknown, options: unknown, user: unknown): Promise<unknown> })();
    await actor._preCreate({ name: "Crate", type: "object", prototypeToken: { bar1: { attribute: "pools.hit.physical" } } }, {}, {});
    expect(sources).toEqual([{ prototypeToken: { bar1: { attribute: "hits" }, bar2: { attribute: null } } }]);
  });
});

describe("the packs' actors", () => {
  const packActors = declaredPacks()
    .filter((p) => p.type === "Actor")
    .flatMap((p) => readPackSources(p.name).map((s) => ({ pack: p.name, doc: s.doc as unknown as { name: string; type: string; system: Record<string, unknown>; items?: unknown[]; prototypeToken?: { bar1?: { attribute: string | null }; bar2?: { attribute: string | null } } } })))
    .filter(({ doc }) => actorTypes.some((t) => t.type === doc.type));

  it("there are some of every ruleset's", () => {
    expect(new Set(packActors.map((a) => actorTypes.find((t) => t.type === a.doc.type)!.ruleset))).toEqual(new Set(manifests.map((m) => m.id)));
  });

  it.each(packActors.map((a) => [`${a.pack}/${a.doc.name}`, a] as const))("%s: its token shows its type's bars, and each exists on it", (_name, { doc }) => {
    const ruleset = actorTypes.find((t) => t.type === doc.type)!.ruleset;
    const own = lists[doc.type]!;
    const bars = [doc.prototypeToken?.bar1?.attribute, doc.prototypeToken?.bar2?.attribute];
    expect(bars).toEqual([...own.token]);
    expect(prototypeBars(doc.type, doc.prototypeToken)).toBeUndefined();
    const system = prepared(ruleset, doc.type, doc.system, doc.items);
    for (const attribute of bars) if (attribute) expect(readAttribute(system, attribute), attribute).toBe("bar");
  });
});
