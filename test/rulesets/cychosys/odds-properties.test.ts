/**
 * Monotone properties of the Cychosys odds (fast-check, docs/odds.md): more
 * dice never lower the chance to strike; more shield never raises the
 * expected injury; a higher defense total never raises the chance of being
 * struck. Every chance is in [0, 1] and each form's chances sum to 1.
 *
 * The chance to strike is monotone only where R35 (small targets) plays no
 * part: a T counts where the blow lands (R29, the last digit), so more dice
 * can move blows onto the smaller spot; the last test shows it.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Bundle, type CychosysOddsQuery, cychosysOdds, DEFENSE_FORMS, type DefenseForm, makeBundle, mark, type OutfitPiece } from "../../../src/rulesets/cychosys/rules/index.js";
import { b, OUTFIT } from "./odds-helpers.js";

const TOLERANCE = 1e-12;
const EDGES = ["VD6", "BR3", "FB2", "VFXP2", "TB1", "SOBP4", "X"].map(b);
const SHIELDS = ["RH1", "BBDD2", "X1", "0", "V2", "T1", "BD"].map(b);
const LETTERS = ["V", "T", "B", "D", "R", "H", "X", "P", "S", "O"];

const arbSpec = (maxDice: number) => fc.record({ dice: fc.integer({ min: 1, max: maxDice }), static: fc.integer({ min: -5, max: 35 }) });
const arbPiece = (shields: readonly Bundle[]): fc.Arbitrary<OutfitPiece> => fc.record({
  shield: fc.constantFrom(...shields),
  covers: fc.subarray(["head", "chest", "leftArm", "rightArm", "leftLeg", "rightLeg"] as const, { minLength: 1 }).map((c) => [...c]),
  layer: fc.constantFrom("worn" as const, "skin" as const),
});
/** R35 aside: outfits without T. */
const NOT_SMALL = SHIELDS.filter((s) => !s.effects.some((m) => m.letter === "T"));
const arbQueryOf = (shields: readonly Bundle[]): fc.Arbitrary<CychosysOddsQuery> => fc
  .record({ attack: arbSpec(4), defense: arbSpec(4), counter: arbSpec(4), edge: fc.constantFrom(...EDGES), counterEdge: fc.constantFrom(...EDGES), outfit: fc.array(arbPiece(shields), { maxLength: 2 }) })
  .map(({ attack, defense, counter, edge, counterEdge, outfit }) => ({
    attack: { total: attack, again: attack, edge, outfit: OUTFIT },
    defender: { outfit, evade: defense, brave: defense, parry: { ...defense, object: { shield: b("B2") } }, counter: { ...counter, edge: counterEdge } },
  }));
const arbQuery = arbQueryOf(SHIELDS);
const arbNotSmall = arbQueryOf(NOT_SMALL);

const formOf = (q: CychosysOddsQuery, form: DefenseForm) => cychosysOdds(q).find((o) => o.form === form)!;
/** One more of a letter, or one more hit, on a bundle. */
const stronger = (shield: Bundle, add: string | number): Bundle =>
  typeof add === "number" ? makeBundle(shield.effects, shield.hits + add) : makeBundle([...shield.effects, mark(add)], shield.hits);

describe("odds properties (fast-check)", () => {
  it("every chance is in [0, 1] and each form's outcomes sum to 1", () => {
    fc.assert(
      fc.property(arbQuery, (q) => {
        for (const o of cychosysOdds(q)) {
          expect(Math.abs(o.mass - 1)).toBeLessThan(TOLERANCE);
          for (const c of [o.miss, o.smallTarget, o.defenderStruck, o.attackerStruck, o.parryWon, o.objectBreaks, o.defenderHurt, ...Object.values(o.taken), ...Object.values(o.piercing)]) {
            expect(c).toBeGreaterThanOrEqual(0);
            expect(c).toBeLessThanOrEqual(1 + TOLERANCE);
          }
          expect(o.defenderHits).toBeGreaterThanOrEqual(0);
        }
      }),
      { numRuns: 60 },
    );
  });

  it("R12–R13, R20: one more attack die never lowers the chance to strike, whatever the form (no small target, R35)", () => {
    fc.assert(
      fc.property(arbNotSmall, fc.constantFrom(...DEFENSE_FORMS), (q, form) => {
        const more = { dice: (q.attack.total as { dice: number }).dice + 1, static: (q.attack.total as { static: number }).static };
        const after: CychosysOddsQuery = { ...q, attack: { ...q.attack, total: more, again: more } };
        expect(formOf(after, form).defenderStruck).toBeGreaterThanOrEqual(formOf(q, form).defenderStruck - TOLERANCE);
      }),
      { numRuns: 80 },
    );
  });

  it("R30–R31, R35: more shield on a piece (a letter or a hit) never raises the expected injury, whatever the form", () => {
    fc.assert(
      fc.property(arbQuery, fc.constantFrom<string | number>(...LETTERS, 1, 3), fc.constantFrom(...DEFENSE_FORMS), (q, add, form) => {
        const outfit = q.defender.outfit.length ? q.defender.outfit : [{ shield: b("0"), covers: ["chest"], layer: "worn" } as OutfitPiece];
        const before = { ...q, defender: { ...q.defender, outfit } };
        const after = { ...q, defender: { ...q.defender, outfit: [{ ...outfit[0]!, shield: stronger(outfit[0]!.shield, add) }, ...outfit.slice(1)] } };
        expect(formOf(after, form).defenderHits).toBeLessThanOrEqual(formOf(before, form).defenderHits + TOLERANCE);
      }),
      { numRuns: 80 },
    );
  });

  it("R20–R25: a higher defense total never raises the chance of being struck, whatever the form (no small target, R35)", () => {
    fc.assert(
      fc.property(arbNotSmall, fc.integer({ min: 1, max: 12 }), fc.constantFrom(...DEFENSE_FORMS), (q, more, form) => {
        const up = (s: { dice: number; static: number }) => ({ ...s, static: s.static + more });
        const d = q.defender;
        const after: CychosysOddsQuery = {
          ...q,
          defender: { ...d, evade: up(d.evade!), brave: up(d.brave!), parry: { ...up(d.parry!), object: d.parry!.object! }, counter: { ...up(d.counter!), edge: d.counter!.edge } },
        };
        expect(formOf(after, form).defenderStruck).toBeLessThanOrEqual(formOf(q, form).defenderStruck + TOLERANCE);
      }),
      { numRuns: 80 },
    );
  });

  it("R29, R35: a T on one leg is where more dice can land a blow, so one more die can lower the chance to strike", () => {
    const small: OutfitPiece[] = [{ shield: b("T1"), covers: ["leftLeg"], layer: "worn" }];
    const q = (dice: number): CychosysOddsQuery => ({
      attack: { total: { dice, static: 0 }, again: { dice, static: 0 }, edge: b("SOBP4"), outfit: OUTFIT },
      defender: { outfit: small, brave: { dice: 1, static: 0 } },
    });
    expect(formOf(q(2), "brave").defenderStruck).toBeLessThan(formOf(q(1), "brave").defenderStruck);
  });
});
