/**
 * R35 small targets, counted where the blow lands (the issue "The GM holds
 * the truth"): the T that make a target small are those at the location the
 * blow lands (R29), summing every piece that covers it (R30, as R31 counts V).
 * Named examples of the two errors differential fuzzing found, then the
 * differential property itself against an independent, straightforward
 * reading of the rule text (test/fixtures/r35-reference.ts). Rule ids: the
 * rule index of docs/rulesets/cychosys.md.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  canStrike,
  explainAttack,
  type HitLocation,
  type Layer,
  normalizeCovers,
  outcomeJson,
  type OutfitPiece,
  parseBundle,
  resolveAttack,
  smallSize,
  smallSizeAt,
} from "../../src/rulesets/cychosys/rules/index.js";
import {
  arbAimed,
  arbEdgeText,
  arbLocation,
  arbRawOutfit,
  BY_DIGIT,
  engineOutfit,
  type RawPiece,
  referenceReach,
  wholeOutfitReading,
} from "../fixtures/r35-reference.js";

const b = (text: string) => parseBundle(text);
const piece = (shield: string, covers: readonly HitLocation[] | "all", layer: Layer = "worn"): OutfitPiece => ({
  shield: b(shield),
  covers: normalizeCovers(covers),
  layer,
});
/** An evasion the attack beats, so the contest always strikes the defender (R22). */
const attackOn = (outfit: readonly OutfitPiece[], edge: string, total: number, location?: HitLocation) =>
  resolveAttack({
    attacker: { total, edge: b(edge), outfit: [] },
    defender: { outfit },
    defense: { form: "evade", total: 1 },
    ...(location && { location }),
  });
const texts = (lines: { text: string }[]) => lines.map((l) => l.text);

describe("R35 small targets are counted at the location the blow lands", () => {
  const skinAndCloak = [piece("T1", "all", "skin"), piece("TB1", "all")];

  it("R35/R30: a skin T1 plus a cloak TB1 both covering all sum to TT: a one-T attack cannot strike, it needs TT", () => {
    expect(canStrike(b("TB2"), skinAndCloak, "chest")).toEqual({ ok: false, location: "chest", needed: 2, has: 1 });
    expect(canStrike(b("TTB2"), skinAndCloak, "chest").ok).toBe(true);
    expect(canStrike(b("VB2"), skinAndCloak, "chest").ok).toBe(true);
    // The same through the whole attack: 22 lands on the chest (R29).
    expect(attackOn(skinAndCloak, "TB2", 22)).toMatchObject({ struck: "none", missed: "smallTarget", smallTarget: { location: "chest", needed: 2, has: 1 } });
    expect(attackOn(skinAndCloak, "TTB2", 22).struck).toBe("defender");
  });

  it("R35/R29: an insult aimed at a cat's ego is not stopped by the T of its skin (the ego takes only will pieces)", () => {
    const cat = [piece("TT1", "all", "skin"), piece("TT", ["mind", "ego", "chest"], "skin")];
    expect(canStrike(b("R2"), cat, "ego")).toEqual({ ok: true, location: "ego", needed: 0, has: 0 });
    const insult = attackOn(cat, "R2", 22, "ego");
    expect(insult.struck).toBe("defender");
    expect(insult.strike?.location).toBe("ego");
    // A blow to the body is still stopped by the skin.
    expect(attackOn(cat, "B2", 22).missed).toBe("smallTarget");
  });

  it("R35/R29: a cat whose will is small (a will piece with T on the ego) does need a T for the insult", () => {
    const cat = [piece("TT1", "all", "skin"), piece("T", ["mind", "ego"], "will")];
    expect(canStrike(b("R2"), cat, "ego")).toEqual({ ok: false, location: "ego", needed: 1, has: 0 });
    expect(canStrike(b("TR2"), cat, "ego").ok).toBe(true);
    expect(attackOn(cat, "R2", 22, "ego")).toMatchObject({ missed: "smallTarget", smallTarget: { location: "ego", aimed: true, needed: 1, has: 0 } });
  });

  it("R35/R30: a T on a helmet (covering the head) matters for head shots only", () => {
    const helmeted = [piece("1", "all", "skin"), piece("T2", ["head"])];
    expect(canStrike(b("B2"), helmeted, "head").ok).toBe(false);
    expect(canStrike(b("B2"), helmeted, "chest")).toEqual({ ok: true, location: "chest", needed: 0, has: 0 });
    // R29: 21 ends in 1 (the head), 22 in 2 (the chest); an aimed head shot counts the helmet too.
    expect(attackOn(helmeted, "B2", 21)).toMatchObject({ missed: "smallTarget", smallTarget: { location: "head", aimed: false, needed: 1 } });
    expect(attackOn(helmeted, "B2", 22).struck).toBe("defender");
    expect(attackOn(helmeted, "B2", 22, "head")).toMatchObject({ missed: "smallTarget", smallTarget: { location: "head", aimed: true } });
  });

  it("R35: the explanation of a small-target miss names the location and the T found there", () => {
    const lines = texts(explainAttack(attackOn(skinAndCloak, "TB2", 22), { attacker: "Wiley", defender: "the cat" }));
    expect(lines).toEqual([
      "Wiley's attack 22 beats the cat's evasion 1: the cat is struck (R22).",
      "Location: last digit 2 of 22 → Shoulders and chest (R29).",
      "The cat is small where the blow lands: the outfit on Shoulders and chest carries 2 T (R30); an attack needs as many T, or any V, to strike, and this one has 1 T (R35).",
    ]);
    const aimed = texts(explainAttack(attackOn([piece("T", ["ego"], "will")], "R2", 22, "ego")));
    expect(aimed).toContain("Location: Ego (R29).");
    expect(aimed.at(-1)).toContain("the outfit on Ego carries 1 T");
  });

  it("R35: the rules command's outcome says where the small target was missed and the T there", () => {
    const out = outcomeJson(attackOn([piece("T2", ["head"])], "B2", 31));
    expect(out).toMatchObject({ struck: "none", missed: "smallTarget", location: null, smallTarget: { location: "head", needed: 1, has: 0 } });
  });

  it("R34/R35: the sheet's size is a summary, the most T at any one location (R30 sums), never the strike decision", () => {
    expect(smallSize(skinAndCloak)).toBe(2);
    expect(smallSize([piece("T2", ["head"]), piece("T", ["chest"])])).toBe(1);
    expect(smallSizeAt([piece("T2", ["head"]), piece("T", ["chest"])], "leftLeg")).toBe(0);
    // A will piece's T is on the mind and ego only.
    expect(smallSize([piece("TTT", ["mind", "chest"], "will")])).toBe(3);
    expect(smallSizeAt([piece("TTT", ["mind", "chest"], "will")], "chest")).toBe(0);
  });
});

describe("R35 differential check against a straightforward reading (test/fixtures/r35-reference.ts)", () => {
  it("R35/R30/R29: canStrike agrees with the reference on random outfits, locations and attack edges", () => {
    fc.assert(
      fc.property(arbEdgeText, arbRawOutfit, arbLocation, (edge, raw, location) => {
        expect(canStrike(b(edge), engineOutfit(raw), location)).toEqual(referenceReach(edge, raw, location));
      }),
      { numRuns: 2000 },
    );
  });

  it("R35/R29: the whole attack misses a small target exactly where the reference says, at the digit's or the aimed location", () => {
    fc.assert(
      fc.property(arbEdgeText, arbRawOutfit, fc.integer({ min: 2, max: 999 }), arbAimed, (edge, raw, total, aimed) => {
        const location = aimed ?? BY_DIGIT[total % 10]!;
        const expected = referenceReach(edge, raw, location);
        const resolution = attackOn(engineOutfit(raw), edge, total, aimed);
        if (expected.ok) {
          expect(resolution.missed).toBeUndefined();
          expect(resolution.strike?.location).toBe(location);
        } else {
          expect(resolution).toMatchObject({ struck: "none", missed: "smallTarget" });
          expect(resolution.smallTarget).toEqual({ location, aimed: aimed !== undefined, needed: expected.needed, has: expected.has });
        }
      }),
      { numRuns: 1000 },
    );
  });

  it("R35: the generator reaches both errors the fuzzing found (T summed over pieces; skin T at the mind and ego)", () => {
    const samples = fc.sample(fc.tuple(arbEdgeText, arbRawOutfit, arbLocation), { numRuns: 3000, seed: 35 });
    const old = (edge: string, raw: RawPiece[]) => wholeOutfitReading(edge, raw);
    const now = (edge: string, raw: RawPiece[], location: HitLocation) => referenceReach(edge, raw, location).ok;
    // Summing: the old reading let through an attack that the T summed at the location stop.
    expect(samples.some(([edge, raw, location]) => old(edge, raw) && !now(edge, raw, location))).toBe(true);
    // Mind and ego: the old reading stopped an attack that no will piece there stops.
    expect(samples.some(([edge, raw, location]) => (location === "mind" || location === "ego") && !old(edge, raw) && now(edge, raw, location))).toBe(true);
  });
});
