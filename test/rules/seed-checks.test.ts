/**
 * Every "seed check" of the Cychosys rules reference, named by its rule id
 * (the rule index of docs/rulesets/cychosys.md). Where the seed's printed figure contradicts its own rule
 * text, the test asserts the rule and says which printed figure it departs from.
 */
import { describe, expect, it } from "vitest";
import {
  actionTotal,
  applyPiercing,
  burden,
  chaseMove,
  contest,
  effectCosts,
  formatBundle,
  formatImpact,
  impact,
  injuryFrom,
  locationFromTotal,
  normalizeCovers,
  type OutfitPiece,
  outcomeJson,
  parseBundle,
  quickness,
  rank,
  readScenario,
  reduceEffects,
  resolveAttack,
  shieldAt,
  soak,
  strikeResult,
  distributeHits,
} from "../../src/rulesets/cychosys/rules/index.js";

const b = (text: string) => parseBundle(text);
const skin = (shield: string): OutfitPiece => ({ shield: b(shield), covers: normalizeCovers("all"), layer: "skin", weight: 0 });
const suitCoat: OutfitPiece = { name: "suit coat", shield: b("RH1"), covers: ["chest", "leftArm", "rightArm"], layer: "worn", weight: 1 };
const parkerHide: OutfitPiece = { name: "leathery hide", shield: b("BBDD2"), covers: normalizeCovers("all"), layer: "skin", weight: 2 };

describe("R5 rank", () => {
  it.each([
    [11, 5],
    [15, 7],
    [17, 7],
    [26, 11],
  ])("R5 seed check: rank(%i) = %i", (value, expected) => {
    expect(rank(value)).toBe(expected);
  });

  it("R5 rule over seed: rank(8) is 4 (the parry example prints Rank +5)", () => {
    expect(rank(8)).toBe(4);
  });
});

describe("R6–R7 impact", () => {
  it.each([
    [2, "1"],
    [5, "2"],
    [13, "3"],
    [14, "3"],
    [20, "3*"],
    [22, "4*"],
    [23, "4*"],
    [30, "4*"],
  ])("R6/R7 seed check: impact(%i) = %s", (value, expected) => {
    expect(formatImpact(impact(value))).toBe(expected);
  });
});

describe("R13 action totals", () => {
  it("R13 seed check: Riddle's evade 2 +④ +① +② = 9", () => {
    expect(actionTotal({ base: 2, roll: [4, 1, 2] }).total).toBe(9);
  });
  it("R13 seed check: Parker's move 2 + ⑧ + ① = 11", () => {
    expect(actionTotal({ base: 2, roll: [8, 1] }).total).toBe(11);
  });
  it("R13 seed check: Parker's shoot 10 +② +⑩ +⑧ +④ +⑥ = 40", () => {
    expect(actionTotal({ base: 10, roll: [2, 10, 8, 4, 6] }).total).toBe(40);
  });
  it("R12 seed check: Ungar's evade 2 +⑫ = 0 (a crash on the key die)", () => {
    const total = actionTotal({ base: 2, roll: [12] });
    expect(total.total).toBe(0);
    expect(total.crash).toBe(true);
    expect(total.experience).toBe(1);
  });
});

describe("R19 effect costs", () => {
  it("R19 seed check: adding a D to an attack of 34 DRR3 costs 4 (30 DRR3)", () => {
    expect(effectCosts(b("DRR3"), ["D"]).total).toBe(4);
  });
  it("R19 seed check: adding a C to an evasion of 35 costs 8 (27 C)", () => {
    expect(35 - effectCosts(b("0"), ["C"]).total).toBe(27);
  });
});

describe("R22 evasion and R26–R27 injury", () => {
  it("R22/R26/R27 seed check: Parker's throw 22 against Riddle's evade 9 → result 13, impact 3, VD9", () => {
    const outcome = contest({ total: 22, edge: b("VD6") }, { form: "evade", total: 9 });
    expect(outcome.struck).toBe("defender");
    const result = strikeResult(22, 9, b("VD6"));
    expect(result.base).toBe(13);
    expect(formatImpact(result.impact)).toBe("3");
    expect(formatBundle(injuryFrom(b("VD6"), result.impact))).toBe("VD9");
  });

  it("R22/R33 seed check: Riddle (P7 M5 E5) takes the 9 hits as the GM distributes them → P3 M3 E2, and the D", () => {
    const json = outcomeJson(
      resolveAttack(
        readScenario({
          attacker: { total: 22, edge: "VD6" },
          defender: {
            outfit: [{ shield: "1", covers: "all", layer: "skin" }],
            pools: { hit: { physical: 7, mental: 5, emotional: 5 }, fatigue: { physical: 6, mental: 6, emotional: 6 } },
          },
          defense: { form: "evade", total: 9 },
          choices: { distribute: { physical: 4, mental: 2, emotional: 3 } },
        }),
      ),
    );
    expect(json.hits).toBe(9);
    expect(json.taken).toBe("D");
    expect(json.pools?.hit).toEqual({ physical: 3, mental: 3, emotional: 2 });
  });
});

describe("R28 piercing", () => {
  it("R28 seed check: Ungar's crashed evade (0) against 22 → VD6 + 4*, the D is piercing and cannot be reduced", () => {
    const result = strikeResult(22, 0, b("VD6"));
    expect(formatImpact(result.impact)).toBe("4*");
    const pierced = applyPiercing(injuryFrom(b("VD6"), result.impact), result.impact.asterisks);
    expect(formatBundle(pierced.injury)).toBe("VD*10");
    expect(() => reduceEffects(pierced.injury, ["D"])).toThrow(/cannot be reduced/);
  });
});

describe("R24 bravery", () => {
  it("R24 rule over seed: Wiley braves 20 against 22 → V4, 4 hits (the seed prints a final 1 hit)", () => {
    const resolution = resolveAttack({
      attacker: { total: 22, edge: b("VD6"), outfit: [] },
      defender: { outfit: [skin("1")] },
      defense: { form: "brave", total: 20 },
    });
    const json = outcomeJson(resolution);
    expect(json.result).toBe(2);
    expect(json.injury).toBe("VD7");
    expect(json.antiImpact).toEqual({ impact: "3*", cancelledHits: 3, cancelled: "D" });
    expect(json.afterSoak).toBe("V4");
    expect(json.hits).toBe(4);
  });
});

describe("R25 parry", () => {
  it("R25 seed check: Thorton blocks 30 against 22 with a 2-hit chair → no injury, chair destroyed", () => {
    const json = outcomeJson(
      resolveAttack({
        attacker: { total: 22, edge: b("VD6"), outfit: [] },
        defender: { outfit: [skin("1")] },
        defense: { form: "parry", total: 30, object: { shield: b("2") } },
      }),
    );
    expect(json.antiImpact?.impact).toBe("4*");
    expect(json.hits).toBe(0);
    expect(json.taken).toBe("");
    expect(json.object).toEqual({ hitsTaken: 2, destroyed: true });
  });

  it("R25 rule over seed: Thorton's parry bonus is rank(8) = 4 (the seed prints Rank +5)", () => {
    const outcome = contest({ total: 22, edge: b("VD6") }, { form: "parry", total: 30 });
    expect(outcome.parryWon).toBe(true);
    expect(outcome.parryBonus).toBe(4);
  });
});

describe("R23 counterattack exchange", () => {
  it("R23 seed check: Thorton 28; Parker counters 40 − 8 = 32; Thorton 35 − 16 = 19 fails; Parker strikes, result 13", () => {
    const outcome = contest({ total: 28, edge: b("B2") }, { form: "counter", totals: [{ total: 40 }, { total: 35 }], edge: b("FB2") });
    expect(outcome.exchange?.map((s) => [s.side, s.total, s.beat])).toEqual([
      ["defender", 32, true],
      ["attacker", 19, false],
    ]);
    expect(outcome.struck).toBe("attacker");
    expect(outcome.striker).toBe("defender");
    expect(outcome.strikingTotal! - outcome.otherTotal!).toBe(13);
  });

  it("R23/R26/R28 seed check: Parker's pistol FB2 → 13 + 10 = 23 → 4* → B*6", () => {
    const result = strikeResult(32, 19, b("FB2"));
    expect(result.value).toBe(23);
    const pierced = applyPiercing(injuryFrom(b("FB2"), result.impact), result.impact.asterisks);
    // R27: the F is a modifier carried with the injury; the seed's B*6 shows only what is taken.
    expect(formatBundle(pierced.injury)).toBe("FB*6");
  });
});

describe("R29 hit location", () => {
  it("R29 seed check: Parker's last attack total 32 → 2, shoulders and chest", () => {
    expect(locationFromTotal(32)).toBe("chest");
  });
});

describe("R30–R31 soak", () => {
  it("R31 seed check: BR5 against suit coat RH1 + skin BBDD2 → 2 hits", () => {
    const shield = shieldAt([suitCoat, parkerHide], "chest");
    expect(formatBundle(shield)).toBe("BBDDRH3");
    const soaked = soak(b("BR5"), shield);
    expect(formatBundle(soaked.injury)).toBe("2");
    expect(soaked.applied).toBe(1);
  });

  it("R31 seed check: VD9 with one V and no extra soak steps → no soak", () => {
    const soaked = soak(b("VD9"), b("DDRH3"));
    expect(soaked.applied).toBe(0);
    expect(formatBundle(soaked.injury)).toBe("VD9");
  });

  it("R22/R31 seed check: Wiley's knife 34 BR3 against Parker's evade 29 → BR5, soaked to 2 hits", () => {
    const json = outcomeJson(
      resolveAttack({
        attacker: { total: 34, edge: b("BR3"), outfit: [] },
        defender: { outfit: [suitCoat, parkerHide] },
        defense: { form: "evade", total: 29 },
      }),
    );
    expect(json.injury).toBe("BR5");
    expect(json.afterSoak).toBe("2");
  });
});

describe("R32 reduction and the extended injury example", () => {
  it("R32 seed check: Parker at P8 M5 E4 takes XP5, reduces X (P1 M1) and P (M1) → P7 M3 E4, then 5 hits → P4 M2 E3", () => {
    const reduced = reduceEffects(b("XP5"), ["X", "P"], { physical: 8, mental: 5, emotional: 4 });
    expect(reduced.pools).toEqual({ physical: 7, mental: 3, emotional: 4 });
    expect(formatBundle(reduced.injury)).toBe("5");
    const after = distributeHits(5, reduced.pools!, { physical: 3, mental: 1, emotional: 1 });
    expect(after.pools).toEqual({ physical: 4, mental: 2, emotional: 3 });
  });

  it("R26/R31/R32 seed check: the Howler (VFXP2) 22 against evade 18 → 4 + 10 = 14 → 3 hits, no soak step, XP5", () => {
    const json = outcomeJson(
      resolveAttack({
        attacker: { total: 22, edge: b("VFXP2"), outfit: [] },
        defender: {
          outfit: [suitCoat, parkerHide],
          pools: { hit: { physical: 8, mental: 5, emotional: 4 }, fatigue: { physical: 6, mental: 6, emotional: 6 } },
        },
        defense: { form: "evade", total: 18 },
        choices: { reduce: ["X", "P"], distribute: { physical: 3, mental: 1, emotional: 1 } },
      }),
    );
    expect(json.result).toBe(4);
    expect(json.forceBonus).toBe(10);
    expect(json.impact).toBe("3");
    expect(json.soakSteps).toBe(0);
    expect(json.injury).toBe("VFXP5");
    expect(json.pools?.hit).toEqual({ physical: 4, mental: 2, emotional: 3 });
  });
});

describe("R38 quickness and burden", () => {
  const parkerPools = { physical: 10, mental: 5, emotional: 4 };
  const suit: OutfitPiece = { name: "suit", shield: b("RH1"), covers: ["chest", "leftArm", "rightArm", "leftLeg", "rightLeg"], layer: "worn", weight: 1 };

  it("R38 seed check: Parker, physical pool 10, suit weight 1, trademark Heavy −2 → quickness 7", () => {
    const q = quickness({ hitPools: parkerPools, outfit: [suit, parkerHide], trademarkModifier: -2 });
    expect(q.burden.burden).toBe(1);
    expect(q.quickness).toBe(7);
  });

  it("R38 rule over seed: a weight-1 coat over the suit gives burden 2 and quickness 6 (the seed's sidebar prints burden 5, quickness 5)", () => {
    const coat: OutfitPiece = { name: "denim coat", shield: b("B1"), covers: ["chest", "leftArm", "rightArm"], layer: "worn", weight: 1 };
    expect(burden([suit, coat, parkerHide])).toMatchObject({ burden: 2, commonWeight: 1, extraLayers: 1 });
    expect(quickness({ hitPools: parkerPools, outfit: [suit, coat, parkerHide], trademarkModifier: -2 }).quickness).toBe(6);
  });
});

describe("R39 chase", () => {
  it("R39 seed check, round 1: Parker 0 → 0 + rank(11) 5 + 7 − 10 = 2", () => {
    expect(chaseMove({ position: 0, moveTotal: 11, quickness: 7, terrain: 10 })).toMatchObject({ rank: 5, change: 2, position: 2 });
  });
  it("R39 seed check, round 1: the sentry 5 → 5 + rank(17) 7 + 3 − 5 = 10", () => {
    expect(chaseMove({ position: 5, moveTotal: 17, quickness: 3, terrain: 5 })).toMatchObject({ rank: 7, change: 5, position: 10 });
  });
  it("R39 seed check, round 2: Parker rank(26) 11 + 7 − 5 = +13 → 15", () => {
    expect(chaseMove({ position: 2, moveTotal: 26, quickness: 7, terrain: 5 })).toMatchObject({ rank: 11, change: 13, position: 15 });
  });
  it("R39 seed: the sentry's 15 → rank 7 + 3 − 2 = 8 would reach 18; the closed door at 15 stops him", () => {
    expect(chaseMove({ position: 10, moveTotal: 15, quickness: 3, terrain: 2, barrier: 15 })).toMatchObject({
      change: 8,
      position: 15,
      stopped: true,
    });
  });
});
