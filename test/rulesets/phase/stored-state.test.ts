/**
 * The phase state as the combat stores it, read back strictly: what the
 * tracker wrote reads back equal; anything malformed is refused (null), so a
 * player-tampered or stale flag never drives the tracker.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readStoredPhaseState, setSuppressed, storedPhaseStateOrNull, type PhaseState } from "../../../src/rulesets/phase/rules/index.js";
import { combat } from "./helpers.js";

const SEQ = join(import.meta.dirname, "..", "..", "..", "examples", "phase", "sequences", "outcomes");
const states = readdirSync(SEQ).map((f) => JSON.parse(readFileSync(join(SEQ, f), "utf8")).state as PhaseState);
/** Seed check 15's end: Earl's full auto underway, between phases. */
const earl = () => JSON.parse(readFileSync(join(SEQ, "seed-15-clock-phase-21.json"), "utf8")).state as any;

describe("readStoredPhaseState", () => {
  it("every state a sequence example ends with reads back equal", () => {
    expect(states.length).toBeGreaterThan(4);
    for (const s of states) expect(readStoredPhaseState(s)).toEqual(s);
    expect(readStoredPhaseState(combat(["a", "b"]))).toEqual(combat(["a", "b"]));
  });

  it("P5: while initiative is rolled a combatant holds its roll but no slot yet; that state reads back too", () => {
    const rolling = { ...combat(["a", "b"]), step: "initiative" as const };
    rolling.combatants[0] = { ...rolling.combatants[0]!, initiative: { faces: [5, 7], reflexes: 4, total: 16, tiebreak: 0.5 } };
    expect(readStoredPhaseState(structuredClone(rolling))).toEqual(rolling);
    // …but not at the start of a phase, nor left out of the order once it is fixed.
    expect(storedPhaseStateOrNull({ ...structuredClone(rolling), step: "start" })).toBeNull();
    expect(storedPhaseStateOrNull({ ...structuredClone(rolling), step: "declare" })).toBeNull();
  });

  it.each([
    ["not an object", () => 7],
    ["an unknown field", (s: any) => ((s.extra = 1), s)],
    ["a missing field", (s: any) => (delete s.cursor, s)],
    ["phase 0", (s: any) => ((s.phase = 0), s)],
    ["an unknown step", (s: any) => ((s.step = "resolve"), s)],
    ["an id that is no combatant", (s: any) => ((s.combatants[0].targeting = { target: "ghost", area: null }), s)],
    ["a combatant twice", (s: any) => (s.combatants.push(structuredClone(s.combatants[0])), s)],
    ["an action of another length", (s: any) => ((s.combatants.find((c: any) => c.action).action.length = "turn"), s)],
    ["an action resolving at the wrong phase", (s: any) => ((s.combatants.find((c: any) => c.action).action.resolvesAt = 99), s)],
    ["an action of another combatant", (s: any) => ((s.combatants.find((c: any) => c.action).action.actor = "leroy"), s)],
    ["an action the catalogue lacks", (s: any) => ((s.combatants.find((c: any) => c.action).action.action = "nap"), s)],
    ["Aim above the most", (s: any) => ((s.combatants[0].aim = { target: s.combatants[1].id, bonus: 9 }), s)],
    ["an initiative that is not its dice", (s: any) => ((s.combatants[0].initiative = { faces: [1, 1], reflexes: 3, total: 9, tiebreak: null }), (s.combatants[0].slot = "open"), (s.order = [s.combatants[0].id]), s)],
    ["a slot without a place in the order", (s: any) => ((s.combatants[0].slot = "open"), s)],
    ["a cursor past the order", (s: any) => ((s.cursor = 3), s)],
    ["a surprise that rolls before it began", (s: any) => ((s.combatants[0].awareness = { state: "surprised", since: 5, rollFrom: 4, failures: 0 }), s)],
    ["an id with a path in it", (s: any) => ((s.combatants[0].id = "a.b"), s)],
  ])("refuses %s", (_, change) => {
    expect(storedPhaseStateOrNull(change(earl()))).toBeNull();
  });

  it("the GM's suppressed mark is set and cleared (P24)", () => {
    const s = setSuppressed(combat(["a", "b"]), "b", true);
    expect(s.combatants.map((c) => c.suppressed)).toEqual([false, true]);
    expect(setSuppressed(s, "b", false).combatants[1]!.suppressed).toBe(false);
  });
});
