/**
 * R29 with R23: where an aimed attack lands when a counterattack turns it.
 * The chapter: "A successful counter becomes an attack, and the injury is
 * resolved as in evasion" — the counter is an attack of its own, landing
 * where the last digit of its own striking total says (the seed's 32 → 2,
 * chest). The location the attacker aimed at (a called location, the mind,
 * the ego) belongs to the attacker's own blow. One function decides it
 * (`aimFor`), read by the `rules` command's resolveAttack, the card's
 * workflow and the odds; these tests hold all three to it.
 */
import { describe, expect, it } from "vitest";
import {
  actionTotal,
  aimFor,
  formOdds,
  type HitLocation,
  normalizeCovers,
  type OutfitPiece,
  parseBundle,
  resolveAttack,
} from "../../src/rulesets/cychosys/rules/index.js";
import { declareAttack, declineCounter, defend, previewResolution, type FlowUser } from "../../src/rulesets/cychosys/workflow/attack-flow.js";
import { query } from "../rulesets/cychosys/odds-helpers.js";

const b = (text: string) => parseBundle(text);
const gm: FlowUser = { id: "gm", isGM: true, owns: () => false };
/** Thorton: a bowler hat (B1) on the head over human skin; Parker's coat and hide (examples/thorton-aims-high-parker-counters.json). */
const thortonOutfit: OutfitPiece[] = [
  { name: "bowler hat", shield: b("B1"), covers: ["head"], layer: "worn" },
  { shield: b("1"), covers: normalizeCovers("all"), layer: "skin" },
];
const parkerOutfit: OutfitPiece[] = [
  { name: "suit coat", shield: b("RH1"), covers: ["chest", "leftArm", "rightArm"], layer: "worn", weight: 1 },
  { name: "leathery hide", shield: b("BBDD2"), covers: normalizeCovers("all"), layer: "skin" },
];

describe("R29/R23: an aimed attack turned by a counter", () => {
  it("aimFor: the aim is the attacker's own; a counterattacker's blow has none", () => {
    expect(aimFor("attacker", "head")).toBe("head");
    expect(aimFor("defender", "head")).toBeUndefined();
    expect(aimFor("defender", "mind")).toBeUndefined();
    expect(aimFor(undefined, "ego")).toBeUndefined();
    expect(aimFor("attacker", undefined)).toBeUndefined();
  });

  it("R23 seed exchange aimed at the head: Parker's counter 32 strikes Thorton's chest (last digit 2), not the head Thorton aimed at", () => {
    const resolution = resolveAttack({
      attacker: { total: 28, edge: b("B2"), outfit: thortonOutfit },
      defender: { outfit: parkerOutfit },
      defense: { form: "counter", totals: [{ total: 40 }, { total: 35 }], edge: b("FB2") },
      location: "head",
    });
    expect(resolution.struck).toBe("attacker");
    expect(resolution.strike?.location).toBe("chest");
    expect(resolution.strike?.aimed).toBe(false);
    // At the chest only the skin's 1 hit soaks; the hat (B1, head only) would have taken one more.
    expect(resolution.strike?.hits).toBe(5);
  });

  it("R29: when the counter fails, the attacker's own blow lands where it was aimed", () => {
    const resolution = resolveAttack({
      attacker: { total: 28, edge: b("B2"), outfit: thortonOutfit },
      defender: { outfit: parkerOutfit },
      defense: { form: "counter", totals: [{ total: 30 }], edge: b("FB2") },
      location: "head",
    });
    expect(resolution.struck).toBe("defender");
    expect(resolution.strike?.location).toBe("head");
    expect(resolution.strike?.aimed).toBe(true);
  });

  it("the card's workflow lands the same blow at the same place as the rules command", () => {
    const attacker = { actorUuid: "Actor.thorton", name: "Thorton" };
    const defender = { actorUuid: "Actor.parker", name: "Parker" };
    let flow = declareAttack("aimed", attacker, { total: 28, surge: false, edge: "B2", dice: [], location: "head" }, [defender]);
    flow = defend(flow, 0, { form: "counter", total: 40, surge: false, edge: "FB2" }, gm).flow;
    flow = declineCounter(flow, 0, gm).flow;
    const state = { outfit: thortonOutfit, extraSoakSteps: 0, pools: { hit: { physical: 9, mental: 9, emotional: 9 }, fatigue: { physical: 9, mental: 9, emotional: 9 } } };
    const card = previewResolution(flow, 0, state);
    const cli = resolveAttack({
      attacker: { total: 28, edge: b("B2"), outfit: thortonOutfit, pools: state.pools },
      defender: { outfit: parkerOutfit },
      defense: { form: "counter", totals: [{ total: 40 }], edge: b("FB2") },
      location: "head",
    });
    expect(card?.struck).toBe("attacker");
    expect(card?.strike?.location).toBe(cli.strike?.location);
    expect(card?.strike?.hits).toBe(cli.strike?.hits);
    expect(card?.strike?.location).toBe("chest");
  });

  it("the odds: a known 28 aimed at the head against a one-die counter equal the twelve faces played through resolveAttack", () => {
    const aimed: HitLocation = "head";
    const q = query({ dice: 1, static: 0 }, b("B2"), { dice: 1, static: 30 }, parkerOutfit);
    q.attack.total = { known: 28 };
    q.attack.location = aimed;
    q.attack.outfit = thortonOutfit;
    q.defender.counter = { dice: 1, static: 30, edge: b("FB2") };
    q.policy = { maxCounters: 1 };
    const odds = formOdds("counter", q);
    let attackerHits = 0;
    let defenderHits = 0;
    for (let face = 1; face <= 12; face++) {
      const counter = actionTotal({ base: 30, roll: [face] });
      const res = resolveAttack({
        attacker: { total: 28, edge: b("B2"), outfit: thortonOutfit },
        defender: { outfit: parkerOutfit },
        defense: { form: "counter", totals: [{ total: counter.total, surge: counter.surge }], edge: b("FB2") },
        location: aimed,
      });
      if (res.struck === "attacker") attackerHits += (res.strike?.hits ?? 0) / 12;
      if (res.struck === "defender") defenderHits += (res.strike?.hits ?? 0) / 12;
    }
    expect(odds.attackerHits).toBeCloseTo(attackerHits, 12);
    expect(odds.defenderHits).toBeCloseTo(defenderHits, 12);
  });
});
