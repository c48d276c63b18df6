import { describe, expect, it } from "vitest";
import {
  applyAntiImpact,
  applyParryObject,
  applyPiercing,
  canStrike,
  contest,
  defaultCancel,
  defaultDistribution,
  defaultPiercing,
  distributeHits,
  formatBundle,
  formatLetters,
  makeRules,
  nonLethalContestOver,
  normalizeCovers,
  type OutfitPiece,
  outcomeJson,
  outOfFight,
  parseBundle,
  reductionOptions,
  resolveAttack,
  shieldAt,
  soak,
  strikeObject,
  strikeResult,
} from "../../src/rulesets/cychosys/rules/index.js";

const b = (text: string) => parseBundle(text);
const piece = (shield: string, covers: OutfitPiece["covers"] | "all", layer: OutfitPiece["layer"] = "worn"): OutfitPiece => ({
  shield: b(shield),
  covers: covers === "all" ? normalizeCovers("all") : covers,
  layer,
});
const pools = (p: number, m: number, e: number) => ({ hit: { physical: p, mental: m, emotional: e }, fatigue: { physical: 6, mental: 6, emotional: 6 } });

describe("R22 evasion", () => {
  it("R22: an equal total misses", () => {
    expect(contest({ total: 20, edge: b("B2") }, { form: "evade", total: 20 }).struck).toBe("none");
  });
  it("R12/R22: an attacker's surge wins the tie", () => {
    expect(contest({ total: 20, surge: true, edge: b("B2") }, { form: "evade", total: 20 }).struck).toBe("defender");
  });
});

describe("R25 parry", () => {
  it("R25: a higher attack strikes as evasion — no anti-impact, no bonus", () => {
    const outcome = contest({ total: 31, edge: b("VD6") }, { form: "parry", total: 30 });
    expect(outcome).toMatchObject({ struck: "defender", parryWon: false });
    expect(outcome.antiImpact).toBeUndefined();
    expect(outcome.parryBonus).toBeUndefined();
  });

  it("R25 [fixed]: a tie goes to the parry, with bonus rank(0) = 0", () => {
    const outcome = contest({ total: 30, edge: b("VD6") }, { form: "parry", total: 30 });
    expect(outcome).toMatchObject({ parryWon: true, parryBonus: 0 });
  });

  it("R25 [fixed]: the tie rule is data", () => {
    const rules = makeRules({ options: { parryWinsTies: false } });
    expect(contest({ total: 30, edge: b("VD6") }, { form: "parry", total: 30 }, rules).parryWon).toBe(false);
  });

  it("R25: the object's shield effects cancel matching effects; a sturdy object survives", () => {
    const outcome = applyParryObject(b("BD8"), { shield: b("B3"), hits: 10 });
    expect(formatBundle(outcome.injury)).toBe("D5");
    expect(outcome).toMatchObject({ hitsTaken: 8, destroyed: false, hitsLeft: 2 });
  });
});

describe("R23 counterattack exchanges", () => {
  const attack = { total: 30, edge: b("B2") };

  it("R23: a chain of three counters — defender, attacker, defender — the third fails and the attacker strikes", () => {
    const outcome = contest(attack, { form: "counter", totals: [40, 50, 45].map((total) => ({ total })), edge: b("FB2") });
    expect(outcome.exchange?.map((s) => [s.side, s.handicap, s.total, s.beat])).toEqual([
      ["defender", 8, 32, true],
      ["attacker", 16, 34, true],
      ["defender", 24, 21, false],
    ]);
    expect(outcome).toMatchObject({ struck: "defender", striker: "attacker", strikingTotal: 34, otherTotal: 21 });
    expect(formatBundle(outcome.edge!)).toBe("B2");
  });

  it("R23: a first counter that fails leaves the defender struck by the original attack", () => {
    const outcome = contest(attack, { form: "counter", totals: [{ total: 35 }], edge: b("FB2") });
    expect(outcome).toMatchObject({ struck: "defender", striker: "attacker", strikingTotal: 30, otherTotal: 27 });
  });

  it("R23: when the attacker declines to counter back, the defender strikes with its own edge; result against the attacker's last total", () => {
    const outcome = contest(attack, { form: "counter", totals: [{ total: 40 }], edge: b("FB2") });
    expect(outcome).toMatchObject({ struck: "attacker", striker: "defender", strikingTotal: 32, otherTotal: 30, declinedBy: "attacker" });
    expect(formatBundle(outcome.edge!)).toBe("FB2");
  });

  it("R23: a counter that only ties fails", () => {
    const outcome = contest(attack, { form: "counter", totals: [{ total: 38 }], edge: b("FB2") });
    expect(outcome.struck).toBe("defender");
  });
});

describe("R26–R28 result, impact, piercing", () => {
  it("R26: F adds only to a positive result", () => {
    expect(strikeResult(20, 20, b("FB2"))).toMatchObject({ base: 0, forceBonus: 0, value: 0 });
    expect(strikeResult(21, 20, b("FFB2"))).toMatchObject({ base: 1, forceBonus: 20, value: 21 });
  });

  it("R28 [fixed]: the default piercing choice is the lowest total reduce cost, ties in canonical order", () => {
    // O costs 3, S 2, B 1, D 1: B comes before D in canonical order.
    expect(defaultPiercing(b("SOBD"), 2)).toEqual(["B", "D"]);
    expect(defaultPiercing(b("SOBD"), 9)).toEqual(["B", "D", "S", "O"]);
  });

  it("R28: the struck side may choose; a choice of the wrong size or an absent effect is refused", () => {
    expect(formatBundle(applyPiercing(b("SB4"), 1, ["S"]).injury)).toBe("S*B4");
    expect(() => applyPiercing(b("SB4"), 1, ["S", "B"])).toThrow("Piercing effects chosen: 2; the impact's asterisks call for 1 (R28).");
    expect(() => applyPiercing(b("SB4"), 1, ["D"])).toThrow(/"D" cannot become piercing/);
  });

  it("R28: modifiers never become piercing; spare asterisks do nothing", () => {
    const outcome = applyPiercing(b("VFB3"), 3);
    expect(formatBundle(outcome.injury)).toBe("VFB*3");
    expect(outcome.unusedAsterisks).toBe(2);
  });
});

describe("R24 anti-impact", () => {
  it("R24 [fixed]: default cancels piercing effects first, then the highest reduce cost", () => {
    expect(defaultCancel(b("OBD*"), 2)).toEqual(["D", "O"]);
  });

  it("R24: asterisks cancel piercing effects too; hits never go below 0", () => {
    const outcome = applyAntiImpact(b("BD*3"), { hits: 5, asterisks: 1 }, ["D"]);
    expect(formatBundle(outcome.injury)).toBe("B");
    expect(outcome.cancelledHits).toBe(3);
    expect(formatLetters(outcome.cancelledEffects)).toBe("D*");
  });
});

describe("R29–R31 location and soak", () => {
  it("R29: attacks on the mind are soaked only by a will outfit", () => {
    const outfit = [piece("SO8", "all"), piece("R2", ["mind", "ego"], "will")];
    expect(formatBundle(shieldAt(outfit, "mind"))).toBe("R2");
    expect(formatBundle(shieldAt(outfit, "chest"))).toBe("SO8");
  });

  it("R30: a virtual piece adds to every location it covers (the jeweled relic)", () => {
    const outfit = [piece("1", "all", "skin"), piece("WUXR3", "all", "virtual")];
    expect(formatBundle(shieldAt(outfit, "leftLeg"))).toBe("WUXR4");
  });

  it("R31: trademarks and V in the shield repeat the soak step", () => {
    const outcome = soak(b("BB6"), b("VB1"), 1);
    expect(outcome.steps).toBe(3);
    expect(outcome.applied).toBe(3);
    expect(formatBundle(outcome.injury)).toBe("3");
  });

  it("R31: each T paired with a wounding effect bypasses a step; a T with nothing to pair does not", () => {
    expect(soak(b("TB4"), b("B2")).applied).toBe(0);
    expect(soak(b("T4"), b("B2")).applied).toBe(1);
  });

  it("R31: piercing effects are not soaked", () => {
    expect(formatBundle(soak(b("B*B4"), b("BB1")).injury)).toBe("B*3");
  });
});

describe("R32 reduction options", () => {
  it("R32: piercing effects, modifiers and unaffordable effects are shown as blocked", () => {
    const options = reductionOptions(b("VOB*P"), { physical: 1, mental: 5, emotional: 0 });
    expect(options.map((o) => [o.letter, o.affordable, o.blockedBy])).toEqual([
      ["O", false, "unaffordable"],
      ["B", false, "piercing"],
      ["P", true, undefined],
    ]);
  });
});

describe("R33 distribution and being out of the fight", () => {
  it("R33 [fixed]: default distribution takes one hit at a time from the largest pool, ties physical first", () => {
    expect(defaultDistribution(9, { physical: 7, mental: 5, emotional: 5 })).toEqual({ physical: 5, mental: 2, emotional: 2 });
    expect(defaultDistribution(2, { physical: 4, mental: 4, emotional: 4 })).toEqual({ physical: 1, mental: 1, emotional: 0 });
  });

  it("R33: hits beyond every pool overflow; pools stop at 0", () => {
    const outcome = distributeHits(20, { physical: 3, mental: 2, emotional: 1 });
    expect(outcome.pools).toEqual({ physical: 0, mental: 0, emotional: 0 });
    expect(outcome.overflow).toBe(14);
  });

  it("R33 [fixed]: a hit pool at 0 puts the character out in that facet and marks it defeated", () => {
    expect(outOfFight({ physical: 4, mental: 0, emotional: 2 })).toEqual({ facets: ["mental"], defeated: true });
    expect(outOfFight({ physical: 4, mental: 1, emotional: 2 }).defeated).toBe(false);
  });
});

describe("R34–R35 size", () => {
  it("R35: an attack must carry as many T as a small target, or any V", () => {
    const cat = [piece("TT1", "all", "skin")];
    expect(canStrike(b("TB2"), cat, "chest")).toEqual({ ok: false, location: "chest", needed: 2, has: 1 });
    expect(canStrike(b("TTB2"), cat, "chest").ok).toBe(true);
    expect(canStrike(b("VB2"), cat, "chest").ok).toBe(true);
  });

  it("R35: the whole attack explains a small-target miss", () => {
    const resolution = resolveAttack({
      attacker: { total: 30, edge: b("B2"), outfit: [] },
      defender: { outfit: [piece("T1", "all", "skin")] },
      defense: { form: "evade", total: 5 },
    });
    // R29: 30 ends in 0, the right leg, where the skin's T1 is.
    expect(resolution).toMatchObject({ struck: "none", missed: "smallTarget", smallTarget: { location: "rightLeg", aimed: false, needed: 1, has: 0 } });
    expect(outcomeJson(resolution).result).toBeNull();
  });

  it("R34: a dump truck's VV gives its outfit three soak steps", () => {
    expect(soak(b("SB6"), b("VVSB4")).applied).toBe(3);
  });
});

describe("R36 non-lethal contests", () => {
  it("R36: the impact comes off the targeted fatigue pool; hit pools are untouched; reductions are paid in fatigue", () => {
    const json = outcomeJson(
      resolveAttack({
        attacker: { total: 25, edge: b("R1"), outfit: [] },
        defender: { outfit: [], pools: pools(8, 5, 4) },
        defense: { form: "evade", total: 10 },
        location: "ego",
        nonLethal: "emotional",
        choices: { reduce: ["R"] },
      }),
    );
    expect(json.hits).toBe(4);
    expect(json.pools).toEqual({ hit: { physical: 8, mental: 5, emotional: 4 }, fatigue: { physical: 6, mental: 6, emotional: 1 } });
  });

  it("R36: the contest ends at 0 or when the pool has dropped by the GM's threshold", () => {
    expect(nonLethalContestOver(6, 0)).toBe(true);
    expect(nonLethalContestOver(6, 3, 3)).toBe(true);
    expect(nonLethalContestOver(6, 4, 3)).toBe(false);
  });
});

describe("R37 objects", () => {
  it("R37: an object struck loses hits after its shield soaks and is destroyed at 0", () => {
    const door = { hits: 10, shield: b("OBP4") };
    expect(strikeObject(door, b("B8"))).toMatchObject({ hitsTaken: 4, hitsLeft: 6, destroyed: false });
    expect(strikeObject(door, b("V20"))).toMatchObject({ hitsTaken: 10, hitsLeft: 0, destroyed: true });
  });
});

describe("R33 default distribution, checked against the rule read literally", () => {
  /** The rule as written: one hit at a time from the currently largest pool, ties physical, mental, emotional. */
  function oneAtATime(hits: number, pools: { physical: number; mental: number; emotional: number }) {
    const left = { ...pools };
    const out = { physical: 0, mental: 0, emotional: 0 };
    for (let i = 0; i < hits; i++) {
      const order = (["physical", "mental", "emotional"] as const).filter((f) => left[f] > 0);
      if (order.length === 0) break;
      const pick = order.reduce((best, f) => (left[f] > left[best] ? f : best));
      left[pick]--;
      out[pick]++;
    }
    return out;
  }

  it("R33 [fixed]: the fast distribution equals one hit at a time for every small case", () => {
    for (let p = 0; p <= 6; p++)
      for (let m = 0; m <= 6; m++)
        for (let e = 0; e <= 6; e++)
          for (let hits = 0; hits <= 20; hits++) {
            const pools = { physical: p, mental: m, emotional: e };
            expect(defaultDistribution(hits, pools)).toEqual(oneAtATime(hits, pools));
          }
  });
});
