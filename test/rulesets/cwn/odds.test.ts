/**
 * The CWN odds (docs/odds.md, "Cities Without Number") against an
 * independent computation: every combination of faces — the d20, the Trauma
 * Die, the damage dice, the screen checks — put through `resolveCwnAttack`
 * one by one and counted. Each chance and expectation must agree to 1e-12.
 */
import { describe, expect, it } from "vitest";
import { bestDefense } from "../../../src/core/ruleset.js";
import { type CwnAttackInput, parseDice, resolveCwnAttack, resolveScreen } from "../../../src/rulesets/cwn/rules/index.js";
import { cwnAttackOdds, cwnOdds, type CwnOddsQuery, screenDestinations } from "../../../src/rulesets/cwn/rules/odds.js";
import { attack, pistol, weapon } from "./helpers.js";

/** Every list of `count` faces of a `faces`-sided die. */
function* rolls(count: number, faces: number): Generator<number[]> {
  if (count === 0) {
    yield [];
    return;
  }
  for (const rest of rolls(count - 1, faces)) for (let f = 1; f <= faces; f++) yield [...rest, f];
}

interface Tally {
  hit: number;
  shock: number;
  traumatic: number;
  downed: number;
  injury: number;
  screened: number;
}

/** Enumerate every die of `input` (d20, Trauma Die, damage) through the core; the screen's dice as given. */
function enumerate(input: Omit<CwnAttackInput, "roll" | "traumaDice" | "damageDice">): Tally {
  const w = input.attacker.weapon;
  const out: Tally = { hit: 0, shock: 0, traumatic: 0, downed: 0, injury: 0, screened: 0 };
  let n = 0;
  for (let d20 = 1; d20 <= 20; d20++) {
    for (const trauma of w.traumaDie ? rolls(w.traumaDie.count, w.traumaDie.faces) : [[]]) {
      for (const damage of rolls(w.damage.count, w.damage.faces)) {
        n++;
        const res = resolveCwnAttack({ ...input, roll: d20, ...(w.traumaDie && { traumaDice: trauma }), damageDice: damage });
        if (res.refused) continue;
        if (res.target === "screener") {
          out.screened++;
          continue;
        }
        if (res.hit) out.hit++;
        else if (res.dealt! > 0) out.shock++;
        if (res.trauma?.traumatic) out.traumatic++;
        if (res.harm!.downed) out.downed++;
        out.injury += res.harm!.hpLost;
      }
    }
  }
  return { hit: out.hit / n, shock: out.shock / n, traumatic: out.traumatic / n, downed: out.downed / n, injury: out.injury / n, screened: out.screened / n };
}

const query = (input: Omit<CwnAttackInput, "roll" | "traumaDice" | "damageDice">, totalDefenseOpen = false): CwnOddsQuery => ({ input, totalDefenseOpen });

function expectClose(odds: ReturnType<typeof cwnOdds>[number], tally: Tally): void {
  for (const key of ["hit", "shock", "traumatic", "downed", "injury", "screened"] as const) expect(odds[key], key).toBeCloseTo(tally[key], 12);
}

const { roll: _roll, traumaDice: _trauma, damageDice: _damage, ...base } = attack();

describe("CWN odds equal the count of every roll through resolveCwnAttack (W13–W19, W39)", () => {
  it("a melee blow with Shock and a Trauma Die against a 10-HP target with soak (W15–W19)", () => {
    const input = { ...base, attacker: { ...base.attacker, weapon: weapon({ damage: parseDice("2d6"), shock: { damage: 2, ac: 15 }, traumaDie: parseDice("1d6"), traumaRating: 3 }) }, defender: { ...base.defender, hp: 10, soak: 2 } };
    const [none] = cwnOdds(query(input));
    expectClose(none!, enumerate(input));
    expect(none!.shock).toBeGreaterThan(0);
  });

  it("W27: Total Defense, +2 AC and no Shock, equals the count with the target in Total Defense", () => {
    const input = { ...base, attacker: { ...base.attacker, weapon: weapon({ shock: { damage: 3, ac: 16 } }) } };
    const [none, total] = cwnOdds(query(input, true));
    expect(total!.defense).toBe("totalDefense");
    expectClose(none!, enumerate(input));
    expectClose(total!, enumerate({ ...input, defender: { ...input.defender, totalDefense: true } }));
    expect(total!.shock).toBe(0);
    expect(total!.hit).toBeLessThan(none!.hit);
    expect(bestDefense(cwnAttackOdds(query(input, true))).defense).toBe("totalDefense");
  });

  it("a ranged shot at a prone, charging player character (W25, W36) taken to 0: mortally wounded counts as downed (W19)", () => {
    const input = { ...base, attacker: { ...base.attacker, weapon: pistol({ damage: parseDice("1d10+2") }) }, defender: { ...base.defender, prone: true, charging: true, hp: 6, playerCharacter: true }, distance: "distant" as const };
    expectClose(cwnOdds(query(input))[0]!, enumerate(input));
  });

  it("W24: a swarm's blow, its bonus held to the blow's maximum and its Shock through a shield", () => {
    const input = {
      ...base, action: "swarm" as const, swarm: { participants: 4, standing: 3 },
      attacker: { ...base.attacker, weapon: weapon({ damage: parseDice("1d4"), shock: { damage: 1, ac: 12 } }) }, defender: { ...base.defender, shockImmune: true, ac: { melee: 16, ranged: 16 } },
    };
    expectClose(cwnOdds(query(input))[0]!, enumerate(input));
  });

  it("W16: a Traumatic Hit bonus (Killing Blow) and an untrained attacker (W13: −2)", () => {
    const input = { ...base, attacker: { ...base.attacker, skills: {}, traumaBonus: 1, damageBonus: 1, weapon: weapon({ traumaDie: parseDice("1d8"), traumaRating: 4 }) } };
    expectClose(cwnOdds(query(input))[0]!, enumerate(input));
  });

  it("W39 step 1: a refused attack strikes nothing", () => {
    const input = { ...base, attacker: { ...base.attacker, weapon: pistol({ twoHanded: true }) }, adjacentFoe: "armed" as const };
    const [none] = cwnOdds(query(input));
    expect(none).toMatchObject({ refused: true, hit: 0, injury: 0 });
  });

  it("the card's own dice: a face already rolled counts as that face alone", () => {
    const input = { ...base, attacker: { ...base.attacker, weapon: weapon({ damage: parseDice("1d8") }) } };
    const [known] = cwnOdds({ input: { ...input, roll: 15, traumaDice: [6], damageDice: [7] } });
    const res = resolveCwnAttack({ ...input, roll: 15, traumaDice: [6], damageDice: [7] });
    expect(known!.hit).toBe(1);
    expect(known!.traumatic).toBe(1);
    expect(known!.injury).toBe(res.harm!.hpLost);
  });
});

describe("W26, W40: where a screen sends the attack", () => {
  const screener = (skill: number, extra: Partial<{ usesLeft: number; integralCyberArmor: boolean; dice: number[] }> = {}) => ({
    highestSkill: skill, strDex: 1, usesLeft: skill, integralCyberArmor: false, defender: { ac: { melee: 14, ranged: 14 }, hp: 12 }, ...extra,
  });

  it("two screeners, the attacker's and both screeners' 2d6 unknown: each one's share equals the count of all 6^6 checks", () => {
    const input = { ...base, screen: { attackerDice: [] as number[], screeners: [screener(2), screener(1)] } };
    const shares = screenDestinations({ input });
    const counts = [0, 0];
    let n = 0;
    for (const a of rolls(2, 6)) for (const s0 of rolls(2, 6)) for (const s1 of rolls(2, 6)) {
      n++;
      // The core's screen (W26, W40); the first listed takes a tie before the attacker picks (the odds' assumption).
      const res = resolveScreen({ kind: "melee", attackerSkill: 1, attackerStrDex: 1, attackerDice: a, screeners: [{ ...screener(2), dice: s0 }, { ...screener(1), dice: s1 }] });
      const to = res.owed ? res.tied[0]! : res.redirectedTo;
      if (to !== null) counts[to]!++;
    }
    expect(shares[0]).toBeCloseTo(counts[0]! / n, 12);
    expect(shares[1]).toBeCloseTo(counts[1]! / n, 12);
  });

  it("the attacker's check already rolled and one screener's too: the rest is the other's 2d6; gunfire passes a screener without cyber-armor", () => {
    const input = { ...base, attacker: { ...base.attacker, weapon: pistol() }, screen: { attackerDice: [4, 4], screeners: [screener(2, { dice: [3, 3] }), screener(3, { integralCyberArmor: true })] } };
    const shares = screenDestinations({ input });
    expect(shares[0]).toBe(0); // barred: gunfire (W26)
    let held = 0;
    for (const s of rolls(2, 6)) if (s[0]! + s[1]! + 3 + 1 >= 4 + 4 + 1 + 1) held++;
    expect(shares[1]).toBeCloseTo(held / 36, 12);
  });

  it("the whole odds of a screened attack: the target's share and injury equal the count over the d20, the dice and the checks", () => {
    const input = { ...base, attacker: { ...base.attacker, weapon: weapon({ damage: parseDice("1d3"), traumaDie: null, shock: { damage: 1, ac: 14 } }) }, screen: { attackerDice: [] as number[], screeners: [screener(1)] } };
    const [none] = cwnOdds({ input });
    let n = 0;
    const tally = { hit: 0, injury: 0, screened: 0 };
    for (const a of rolls(2, 6)) for (const s of rolls(2, 6)) {
      const t = enumerate({ ...input, screen: { attackerDice: a, screeners: [{ ...screener(1), dice: s }] } });
      n++;
      tally.hit += t.hit;
      tally.injury += t.injury;
      tally.screened += t.screened;
    }
    expect(none!.hit).toBeCloseTo(tally.hit / n, 12);
    expect(none!.injury).toBeCloseTo(tally.injury / n, 12);
    expect(none!.screened).toBeCloseTo(tally.screened / n, 12);
  });
});
