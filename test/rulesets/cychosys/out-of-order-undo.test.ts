/**
 * Issue 22.2, "out-of-order undo" (Cychosys): undo takes back exactly what
 * its own application did — the pools by that application's delta (clamped to
 * each pool's range), the conditions it created (their ActiveEffects, so the
 * token's statuses), the hits its parry object lost (R25, R37) — and the
 * tracker's defeated mark follows the pools (R33). Two attacks on one actor:
 * undo the older and the newer stays; undo both, in either order, and the
 * actor, its statuses, its parry object and its mark are as they started.
 *
 * What an application does not do stays: the attack's action (R15) and the
 * experience its roll earned (R40) belong to the declaration, the second
 * defense's action and a won parry's bonus (R25) to the defense; undo of an
 * injury takes none of them back (the injury can be applied again).
 */
import { describe, expect, it } from "vitest";
import { markDefeated } from "../../../src/foundry/cychosys/combat/documents.js";
import { FACETS, type Pools } from "../../../src/rulesets/cychosys/rules/index.js";
import type { AppliedInjury } from "../../../src/rulesets/cychosys/workflow/attack-flow.js";
import { type FakeActor, FakeItem, type FakeMessage } from "../../chat/fakes.js";
import { apply, evade, gm, p1, parry, undo, world } from "../../chat/world.js";

const applied = (card: FakeMessage): AppliedInjury => card.flow.targets[0]!.applications.at(-1)!;

/** `pools` plus the change one application made (its own after − before). */
function plus(pools: Pools, application: AppliedInjury): Pools {
  const out = structuredClone(pools);
  for (const kind of ["hit", "fatigue"] as const) for (const f of FACETS) out[kind][f] += application.after[kind][f] - application.before[kind][f];
  return out;
}

const effectIds = (actor: FakeActor) => [...actor.effectList.keys()].sort();
const statuses = (actor: FakeActor) => [...actor.effectList.values()].map((e) => `${e.letter}${e.piercing ? "*" : ""}`).sort();

/** The test world with Thorton's pistol loaded with `edge` (wounding effects Parker's hide cannot soak). */
function loaded(edge: string) {
  const w = world();
  w.thortonActor.items.get("wpPistol")!.system.edge = edge;
  w.thortonActor.prepare();
  return w;
}

/** Thorton shoots Parker twice (edge XPB4); Parker evades badly each time; both injuries applied (Parker's player applies). */
async function twoInjuries() {
  const w = loaded("XPB4");
  const start = { pools: structuredClone(w.parkerActor.pools()), effects: effectIds(w.parkerActor), statuses: statuses(w.parkerActor) };
  const older = await w.declare(w.thortonActor, "wpPistol", [3, 3, 3, 3, 3, 3], [w.parkerActor]);
  const newer = await w.declare(w.thortonActor, "wpPistol", [2, 2, 2, 2, 2, 2], [w.parkerActor]);
  for (const card of [older, newer]) {
    expect(await w.send(evade(card, [1, 1, 1]), p1)).toMatchObject({ ok: true });
    expect(await w.send(apply(card), p1)).toMatchObject({ ok: true });
  }
  return { w, start, older, newer };
}

describe("out-of-order undo (pools and conditions)", () => {
  it("undo the older injury: the newer's hits and conditions stay, the older's are gone", async () => {
    const { w, start, older, newer } = await twoInjuries();
    const olderIds = applied(older).conditions.map((c) => c.id);
    const newerIds = applied(newer).conditions.map((c) => c.id);
    expect(olderIds.length).toBeGreaterThan(0);
    expect(newerIds.length).toBeGreaterThan(0);
    expect(await w.send(undo(older), p1)).toMatchObject({ ok: true });
    expect(w.parkerActor.pools()).toEqual(plus(start.pools, applied(newer)));
    expect(effectIds(w.parkerActor)).toEqual([...start.effects, ...newerIds].sort());
  });

  for (const order of [["older", "newer"], ["newer", "older"]] as const) {
    it(`undo both, ${order.join(" then ")}: pools, conditions and statuses as they started`, async () => {
      const { w, start, ...cards } = await twoInjuries();
      for (const which of order) expect(await w.send(undo(cards[which]), p1)).toMatchObject({ ok: true });
      expect(w.parkerActor.pools()).toEqual(start.pools);
      expect(effectIds(w.parkerActor)).toEqual(start.effects);
      expect(statuses(w.parkerActor)).toEqual(start.statuses);
    });
  }

  it("an undone injury applied again and undone again still returns to the start", async () => {
    const { w, start, older, newer } = await twoInjuries();
    await w.send(undo(older), p1);
    await w.send(apply(older), p1);
    await w.send(undo(newer), p1);
    await w.send(undo(older), p1);
    expect(w.parkerActor.pools()).toEqual(start.pools);
    expect(effectIds(w.parkerActor)).toEqual(start.effects);
  });
});

describe("out-of-order undo (the tracker's defeated mark, R33)", () => {
  /** Parker as a combatant of a started combat, marked as the active GM marks on every pools change. */
  function tracked(actor: FakeActor) {
    const combatant = { id: "cbtParker", name: actor.name, initiative: 7, defeated: false, flags: {} as Record<string, unknown>, actor };
    const combat = {
      combatants: { contents: [combatant], get: (id: string) => (id === combatant.id ? combatant : undefined) },
      async updateEmbeddedDocuments(_name: string, updates: Record<string, unknown>[]) {
        for (const { _id, defeated, ...rest } of updates) {
          if (typeof defeated === "boolean") combatant.defeated = defeated;
          for (const [path, value] of Object.entries(rest)) {
            if (path.endsWith(".-=autoDefeated")) delete (combatant.flags.cychosys as Record<string, unknown>)?.autoDefeated;
            else if (path.endsWith(".autoDefeated")) combatant.flags.cychosys = { ...(combatant.flags.cychosys as object), autoDefeated: value };
          }
        }
      },
    };
    return { combatant, mark: () => markDefeated(combat as never, actor.uuid) };
  }

  for (const order of [["older", "newer"], ["newer", "older"]] as const) {
    it(`an injury that takes a hit pool to 0 marks him defeated; undo both (${order.join(" then ")}) unmarks him`, async () => {
      const w = loaded("WX9");
      const { combatant, mark } = tracked(w.parkerActor);
      const start = structuredClone(w.parkerActor.pools());
      const cards = {
        older: await w.declare(w.thortonActor, "wpPistol", [6, 6, 6, 6, 6, 6], [w.parkerActor]),
        newer: await w.declare(w.thortonActor, "wpPistol", [6, 6, 6, 6, 6, 6], [w.parkerActor]),
      };
      for (const card of [cards.older, cards.newer]) {
        await w.send(evade(card, [1, 1, 1]), p1);
        await w.send(apply(card), p1);
        await mark();
      }
      expect(Object.values(w.parkerActor.pools().hit)).toContain(0);
      expect(combatant.defeated).toBe(true);
      await w.send(undo(cards[order[0]]), p1);
      await mark();
      // The newer injury stays in full; whether it alone takes a pool to 0 decides the mark.
      const left = order[0] === "older" ? cards.newer : cards.older;
      expect(w.parkerActor.pools()).toEqual(plus(start, applied(left)));
      expect(combatant.defeated).toBe(Object.values(w.parkerActor.pools().hit).includes(0));
      await w.send(undo(cards[order[1]]), p1);
      await mark();
      expect(w.parkerActor.pools()).toEqual(start);
      expect(combatant.defeated).toBe(false);
      expect(combatant.flags.cychosys).toEqual({});
    });
  }

  it("a mark the GM set by hand is the GM's: undo leaves it", async () => {
    const w = world();
    const { combatant, mark } = tracked(w.parkerActor);
    combatant.defeated = true;
    const card = await w.declare(w.thortonActor, "wpPistol", [6, 6, 6, 6, 6, 6], [w.parkerActor]);
    await w.send(evade(card, [1, 1, 1]), p1);
    await w.send(apply(card), p1);
    await mark();
    await w.send(undo(card), p1);
    await mark();
    expect(combatant.defeated).toBe(true);
  });
});

describe("out-of-order undo (the parry object's hits, R25, R37)", () => {
  /** Parker holds a chair (12 hits) he parries with; Thorton's pistol is loaded with a B12 edge, each shot weak (13). */
  async function twoParries() {
    const w = world();
    const chair = new FakeItem(`${w.parkerActor.uuid}.Item.wpChair`, "chair", "weapon", { speed: 0, edge: "B1", skill: "brawl", finesse: "", parry: { hits: 12, shield: "0" }, description: "", schemaVersion: 1 }, w.parkerActor);
    w.parkerActor.itemDocs.push(chair);
    w.parkerActor.prepare();
    w.thortonActor.items.get("wpPistol")!.system.edge = "B12";
    w.thortonActor.prepare();
    const start = { pools: structuredClone(w.parkerActor.pools()), chair: chair.system.parry!.hits };
    const older = await w.declare(w.thortonActor, "wpPistol", [1, 1, 1, 1, 1, 1], [w.parkerActor], gm);
    const newer = await w.declare(w.thortonActor, "wpPistol", [1, 1, 1, 1, 1, 1], [w.parkerActor], gm);
    // Both parries are declared while the chair is whole (14 against 13: the parry wins, R25).
    for (const card of [older, newer]) expect(await w.send(parry(card, [3, 3, 3, 3], "skill:skBrawl", { itemId: "wpChair" }), p1)).toMatchObject({ ok: true });
    for (const card of [older, newer]) expect(card.flow.targets[0]!.verdict).toMatchObject({ parryWon: true });
    for (const card of [older, newer]) expect(await w.send(apply(card), p1)).toMatchObject({ ok: true });
    return { w, chair, start, older, newer };
  }

  it("the second blow meets the chair as the first left it: it takes what the chair has left, and the card says so", async () => {
    const { chair, older, newer } = await twoParries();
    const first = applied(older).object!;
    const second = applied(newer).object!;
    expect(first).toMatchObject({ hitsBefore: 12, hitsAfter: 3, destroyed: false });
    expect(second).toMatchObject({ hitsBefore: 3, hitsAfter: 0, destroyed: true });
    expect(applied(newer).resolution.strike?.object).toMatchObject({ objectHits: 3, hitsTaken: 3, hitsLeft: 0 });
    expect(chair.system.parry!.hits).toBe(0);
  });

  for (const order of [["older", "newer"], ["newer", "older"]] as const) {
    it(`undo both (${order.join(" then ")}): the chair has its 12 hits again, Parker his pools`, async () => {
      const { w, chair, start, ...cards } = await twoParries();
      await w.send(undo(cards[order[0]]), p1);
      // The other blow's damage to the chair stays.
      expect(chair.system.parry!.hits).toBe(start.chair + applied(cards[order[1]]).object!.hitsAfter - applied(cards[order[1]]).object!.hitsBefore);
      await w.send(undo(cards[order[1]]), p1);
      expect(chair.system.parry!.hits).toBe(start.chair);
      expect(w.parkerActor.pools()).toEqual(start.pools);
    });
  }
});
