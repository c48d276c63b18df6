/**
 * The tracker's order in Foundry's turn list (combat/order.ts, P5): the
 * declaration order first, lowest initiative first; then those without a
 * slot in the record's order; then anyone the record does not hold; with no
 * readable record, Foundry's own order stands.
 */
import { describe, expect, it } from "vitest";
import { compareByPlace, sortByPlace, trackerPlaces } from "../../../src/rulesets/phase/combat/order.js";
import { projectLedger } from "../../../src/rulesets/phase/combat/projection.js";
import { seedFighters, seedMidDeclaration } from "./table-helpers.js";

describe("the tracker's order (P5)", () => {
  it("seed checks 1–2: Leroy (16) then Earl (21) hold slots; Mo, without one, after them; a stranger last", () => {
    const places = trackerPlaces(projectLedger(seedMidDeclaration(seedFighters())));
    expect(sortByPlace(["stranger", "mo", "earl", "leroy"], places)).toEqual(["leroy", "earl", "mo", "stranger"]);
    expect(compareByPlace(places, "leroy", "earl")).toBeLessThan(0);
    expect(compareByPlace(places, "stranger", "mo")).toBeGreaterThan(0);
  });

  it("no readable record: every place equal, so the sort keeps the order it was given", () => {
    const none = trackerPlaces(null);
    expect(compareByPlace(none, "a", "b")).toBe(0);
    expect(sortByPlace(["c", "a", "b"], none)).toEqual(["c", "a", "b"]);
  });
});
