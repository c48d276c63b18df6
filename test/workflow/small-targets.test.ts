/**
 * R35 on the attack card: the card's preview (previewResolution) and the
 * apply dialog's preview (previewInjury) decide a small target where the blow
 * lands (R29: the last digit, or the attacker's aimed location), the same as a
 * straightforward reading of the rule text (test/fixtures/r35-reference.ts).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { declareAttack, defend, previewInjury, previewResolution } from "../../src/rulesets/cychosys/workflow/attack-flow.js";
import { arbAimed, arbEdgeText, arbRawOutfit, BY_DIGIT, engineOutfit, referenceReach } from "../fixtures/r35-reference.js";
import { gm, parker, pools, riddle } from "../fixtures/flow.js";

describe("R35 small targets in the attack workflow", () => {
  it("R35/R29: the card's and the apply dialog's previews miss a small target exactly where the reference says", () => {
    fc.assert(
      fc.property(arbEdgeText, arbRawOutfit, fc.integer({ min: 2, max: 999 }), arbAimed, (edge, raw, total, aimed) => {
        const attack = declareAttack("m1", parker, { total, surge: false, edge, dice: [1], ...(aimed && { location: aimed }) }, [riddle]);
        const flow = defend(attack, 0, { form: "evade", total: 1, surge: false }, gm).flow;
        const state = { outfit: engineOutfit(raw), extraSoakSteps: 0, pools: pools(9, 9, 9) };
        const location = aimed ?? BY_DIGIT[total % 10]!;
        const expected = referenceReach(edge, raw, location);
        const resolution = previewResolution(flow, 0, state)!;
        if (expected.ok) {
          expect(resolution.missed).toBeUndefined();
          expect(resolution.strike?.location).toBe(location);
          expect(previewInjury(flow, 0, state)?.location).toBe(location);
        } else {
          expect(resolution).toMatchObject({ struck: "none", missed: "smallTarget" });
          expect(resolution.smallTarget).toEqual({ location, aimed: aimed !== undefined, needed: expected.needed, has: expected.has });
          expect(previewInjury(flow, 0, state)).toBeUndefined();
        }
      }),
      { numRuns: 500 },
    );
  });
});
