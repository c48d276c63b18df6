/**
 * The phase duel (`npm run duel`, docs/odds.md): the compendium's actors read
 * as strictly as a world stores them; whole fights played through the
 * tracker's own transitions; the policy's choices (the plan of most expected
 * damage, Defend when it saves more than the slot's own action deals, P26);
 * each fighter's plan in one line; the same seed, the same duels.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { duelCommand } from "../../../src/cli/duel.js";
import { seededDice } from "../../../src/cli/prng.js";
import { LocalizedError } from "../../../src/core/errors.js";
import { readPhaseFighter } from "../../../src/rulesets/phase/duel/fighter.js";
import { duelSlot, phaseDuelPlan, planOf, playPhaseDuel } from "../../../src/rulesets/phase/duel/play.js";
import { AWARE, closeInitiative, combatantOf, declareAction, newPhaseCombat, rollInitiativeFor, startPhase } from "../../../src/rulesets/phase/rules/index.js";
import { sweepNarration } from "../../helpers/narration-sweep.js";
import { runCommand } from "../../cli/run.js";

const ROOT = join(import.meta.dirname, "..", "..", "..");
/** Where each ready character is in the packs: the player characters apart from the foes. */
const PACKED: Record<string, string[]> = { earl: ["phase-foes", "foes", "earl.json"], leroy: ["phase-foes", "foes", "leroy.json"], "dana-kessler": ["phase-characters", "characters", "dana-kessler.json"] };
const actor = (name: string) => JSON.parse(readFileSync(join(ROOT, "packs", "_source", ...PACKED[name]!), "utf8")) as Record<string, any>;

describe("reading a fighter", () => {
  it("the pack's three characters read, derived as their sheets are", () => {
    const earl = readPhaseFighter(actor("earl"));
    expect(earl.name).toBe("Earl");
    expect(earl.fighter.reflexes).toBe(actor("earl").system.reflexes);
    expect(Object.keys(earl.fighter.weapons).length).toBeGreaterThan(0);
    for (const name of ["leroy", "dana-kessler"]) expect(() => readPhaseFighter(actor(name))).not.toThrow();
  });

  it.each([
    ["not an actor", () => 7, "not an actor"],
    ["another ruleset's type", (a: any) => ({ ...a, type: "character" }), 'type "character"'],
    ["a field the schema refuses", (a: any) => ({ ...a, system: { ...a.system, reflexes: "fast" } }), "system.reflexes"],
    ["an item the schema refuses", (a: any) => ({ ...a, items: [{ ...a.items[0], system: { ...a.items[0].system, damage: "lots" } }] }), "items[0]"],
    ["no weapon that can hurt", (a: any) => ({ ...a, items: [] }), "no weapon"],
  ])("refuses %s, naming what", (_, change, fragment) => {
    let error: unknown;
    try {
      readPhaseFighter(change(actor("earl")));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(LocalizedError);
    expect((error as Error).message).toContain(fragment);
  });
});

describe("whole duels", () => {
  it("Earl against Leroy: every duel ends, the same seed plays the same duels, and Earl — the better shot with a fastdraw — wins most", () => {
    const earl = readPhaseFighter(actor("earl"));
    const leroy = readPhaseFighter(actor("leroy"));
    const play = (seed: number, n: number) => {
      const roll = seededDice(seed);
      return Array.from({ length: n }, () => playPhaseDuel(earl, leroy, roll, 100));
    };
    const results = play(7, 400);
    expect(play(7, 400)).toEqual(results);
    for (const r of results) expect(r.rounds).toBeGreaterThanOrEqual(1);
    const wins = results.filter((r) => r.winner === "a").length;
    expect(wins / results.length).toBeGreaterThan(0.5);
    expect(results.filter((r) => r.winner === "b").length).toBeGreaterThan(0);
  });

  it("a mirror match (the same actor twice) plays, each side its own combatant", () => {
    const dana = readPhaseFighter(actor("dana-kessler"));
    const roll = seededDice(3);
    const results = Array.from({ length: 200 }, () => playPhaseDuel(dana, dana, roll, 100));
    const a = results.filter((r) => r.winner === "a").length;
    const b = results.filter((r) => r.winner === "b").length;
    expect(a).toBeGreaterThan(40);
    expect(b).toBeGreaterThan(40);
  });

  it("at the round limit the duel is a draw, in that many rounds (P1: two phases a round)", () => {
    const earl = readPhaseFighter(actor("earl"));
    const leroy = readPhaseFighter(actor("leroy"));
    // Every d10 a 1: nobody ever hits (1 + 5 + 3 − 2 wild < 10, and 1 + 4 + 2 < 10).
    expect(playPhaseDuel(earl, leroy, () => 1, 3)).toEqual({ winner: "draw", rounds: 3 });
  });
});

describe("the policy", () => {
  it("the plan of most expected damage: Dana fights with the submachine gun's burst after Targeting (P13, P22)", () => {
    const dana = readPhaseFighter(actor("dana-kessler"));
    const leroy = readPhaseFighter(actor("leroy"));
    const plan = planOf(dana, leroy)!;
    expect([plan.weapon.name, plan.action, plan.aimed]).toEqual(["submachine gun", "burst", true]);
  });

  /** A phase where `first` (lower initiative) has declared a Fire on `second`, whose slot is now. */
  function afterFire(first: ReturnType<typeof readPhaseFighter>, second: ReturnType<typeof readPhaseFighter>) {
    const fighters = { a: { ...first.fighter, id: "a" }, b: { ...second.fighter, id: "b" } };
    const gun = Object.values(fighters.a.weapons).find((w) => w.kind === "ranged")!;
    fighters.a.weapons = { ...fighters.a.weapons, [gun.id]: { ...gun, ready: true } };
    let state = startPhase(newPhaseCombat([{ id: "a", awareness: AWARE }, { id: "b", awareness: AWARE }]), fighters, {});
    state = rollInitiativeFor(state, fighters, "a", [1, 1], 0.1);
    state = rollInitiativeFor(state, fighters, "b", [9, 9], 0.2);
    state = closeInitiative(state);
    state = declareAction(state, fighters, "a", { action: "fire", weapon: gun.id, target: "b" });
    return { state, fighters, sides: { a: first, b: second } };
  }

  it("P26: with nothing better to do in its slot than a blow worth little, Leroy Defends against Earl's shot due this phase", () => {
    const earl = readPhaseFighter(actor("earl"));
    const weak = actor("leroy");
    weak.items = [{ ...weak.items.find((i: any) => i.system.kind === "melee") ?? weak.items[0], _id: "fist", name: "fist", system: { ...weak.items[0].system, kind: "melee", skill: "brawl", damage: "1", ready: true, ammo: { value: 0, max: 0 } } }];
    const leroy = readPhaseFighter(weak);
    const { state, fighters, sides } = afterFire(earl, leroy);
    const out = duelSlot(state, fighters, "b", sides, () => 5);
    expect(combatantOf(out.state, "b").action?.action).toBe("defend");
  });

  it("P9: when its own shot deals more than Defend would save, Dana shoots back instead — both resolve at the same moment", () => {
    const earl = readPhaseFighter(actor("earl"));
    const dana = readPhaseFighter(actor("dana-kessler"));
    const { state, fighters, sides } = afterFire(earl, dana);
    const lined = { ...state, combatants: state.combatants.map((c) => (c.id === "b" ? { ...c, targeting: { target: "a", area: null } } : c)) };
    const out = duelSlot(lined, fighters, "b", sides, () => 5);
    expect(combatantOf(out.state, "b").action?.action).toBe("burst");
  });
});

describe("the plan line and the command", () => {
  it("each side's plan in one sentence a GM reads: weapon, manoeuvre, defense (the house sweep)", () => {
    const names = ["earl", "leroy", "dana-kessler"];
    const lines = names.flatMap((x) => names.filter((y) => y !== x).map((y) => phaseDuelPlan(readPhaseFighter(actor(x)), readPhaseFighter(actor(y)))));
    expect(lines[0]).toMatch(/^Earl: sidearm — .* to hit, .* flesh a phase\), drawn first with a fastdraw; Defends \(\+2 TN\)/);
    expect(lines.some((l) => l.startsWith("Dana Kessler: submachine gun — Targeting, then Three-round burst every phase"))).toBe(true);
    expect(sweepNarration(lines)).toEqual([]);
  });

  it("npm run duel reads the ruleset from the actors' types (no --ruleset) and plays the phase rules", () => {
    const files = ["earl", "leroy"].map((n) => join(ROOT, "packs", "_source", ...PACKED[n]!));
    const result = runCommand(duelCommand, [...files, "--duels", "50"]);
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("Earl vs Leroy — Phase-based homebrew rules, 50 duels");
  });
});
