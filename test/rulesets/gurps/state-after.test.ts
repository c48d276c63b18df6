/**
 * One source of truth for the state after an attack (issue 22.4): the
 * posture the outcome reports (`defenderPosture`, `attackerPosture`) is each
 * struck side's `after` (`victim.after`, `self.after`), and the card's writes
 * (workflow/writes.ts) carry that same figure to the round — for a slam's
 * knockdown on either side (G48), its DX roll, a knockback (G74) and a major
 * wound (G78); and blunt trauma is reported only when it is injury (G49, G72).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyGurpsRoundOperation } from "../../../src/rulesets/gurps/combat/round-state.js";
import {
  explainGurps, GURPS_SEED_SCENARIOS, type GurpsAttackInput, type GurpsFighterRound, gurpsHeadless, type GurpsResolution, newFighterRound, parseDamage, type Posture, readGurpsScenario,
  resolveGurpsAttack,
} from "../../../src/rulesets/gurps/rules/index.js";
import { applicationOf, type StruckInput } from "../../../src/rulesets/gurps/workflow/writes.js";

/** A seed scenario's attack input, changed by `patch`. */
function seedInput(name: string, patch: (s: Record<string, any>) => void = () => {}): GurpsAttackInput {
  const s = structuredClone(GURPS_SEED_SCENARIOS[name]) as Record<string, any>;
  patch(s);
  const read = readGurpsScenario(s);
  if (read.kind !== "attack") throw new Error(`${name} is not an attack`);
  return read.input;
}

/** The card's writes for a resolution (as steps.ts makes them, over fresh rounds), and the posture each leaves on its side's round. */
function cardWrites(input: GurpsAttackInput, r: GurpsResolution) {
  const sides: StruckInput[] = [];
  const ref = (actorUuid: string) => ({ actorUuid, name: actorUuid });
  // Each side's round as the attack found him (his posture then).
  const roundOf = (posture: Posture | undefined) => ({ ...newFighterRound(), posture: posture ?? "standing" });
  const rounds: Record<string, GurpsFighterRound> = { "Actor.foe": roundOf(input.defender.posture), "Actor.slammer": roundOf(input.attacker.self?.posture) };
  if (r.victim) sides.push({ side: "defender", ref: ref("Actor.foe"), victim: r.victim, snapshot: input.defender, round: rounds["Actor.foe"]!, unreadyOnFall: [] });
  if (r.self && input.attacker.self) sides.push({ side: "attacker", ref: ref("Actor.slammer"), victim: r.self, snapshot: input.attacker.self, round: rounds["Actor.slammer"]!, unreadyOnFall: [] });
  const { commands } = applicationOf("gm", sides, "card.0");
  const posture: Record<string, string> = {};
  for (const c of commands) if (c.kind === "round") posture[c.actorUuid] = applyGurpsRoundOperation(rounds[c.actorUuid]!, c.operation as never).posture;
  return { foe: posture["Actor.foe"] ?? null, slammer: posture["Actor.slammer"] ?? null };
}

/** The outcome's posture, each side's state after, and what the card writes — one figure each. */
function threeWays(input: GurpsAttackInput) {
  const r = resolveGurpsAttack(input);
  const writes = cardWrites(input, r);
  if (r.victim) expect([r.victim.after.posture, writes.foe]).toEqual([r.defenderPosture, r.defenderPosture]);
  if (r.self) expect([r.self.after.posture, writes.slammer]).toEqual([r.attackerPosture, r.attackerPosture]);
  return r;
}

describe("posture after a slam: the fallen side lies prone in his state after the attack and on the card's writes (G48)", () => {
  it("the slammer rolls 5, the foe 1 (twice or more): the foe falls — examples/gurps/check-21-slam-foe-falls, as `npm run rules` prints it", () => {
    const text = readFileSync(join(import.meta.dirname, "..", "..", "..", "examples", "gurps", "check-21-slam-foe-falls.json"), "utf8");
    const o = gurpsHeadless.outcomeJson(gurpsHeadless.resolve(gurpsHeadless.parseScenario(text))) as Record<string, any>;
    expect([o.slam.slammerRoll, o.slam.foeRoll, o.slam.knockdown.foe]).toEqual([5, 1, "falls"]);
    expect([o.victim.after.posture, o.defenderPosture, o.self.after.posture, o.attackerPosture]).toEqual(["prone", "prone", "standing", "standing"]);
    const r = threeWays(seedInput("check-21-slam-foe-falls"));
    expect(r.effects).toContainEqual({ key: "fallsProne", rule: "G48", who: "defender" });
  });

  it("the foe rolls twice the slammer's: the slammer falls (examples/gurps/check-21-slam-five-yards: self.after.posture prone)", () => {
    const r = threeWays(seedInput("check-21-slam-five-yards"));
    expect([r.slam!.knockdown!.slammer, r.self!.after.posture, r.attackerPosture, r.victim!.after.posture]).toEqual(["falls", "prone", "prone", "standing"]);
  });

  it("the slammer's roll at least the foe's, under twice: the foe rolls DX — failed, he falls; made, he stays up", () => {
    for (const [dx, posture] of [[[6, 6, 6], "prone"], [[1, 2, 2], "standing"]] as const) {
      const r = threeWays(seedInput("check-21-slam-foe-falls", (s) => {
        s.damage = [[4]];
        s.slam.foeDamage = [3];
        s.rolls = { slamDx: [...dx] };
      }));
      expect([r.slam!.knockdown!.foe, r.victim!.after.posture, r.defenderPosture]).toEqual(["rollsDx", posture, posture]);
    }
  });

  it("a flying tackle ends lying down hit or miss (G49): the tackler's state after is prone too; a shield rush's fallen rusher (no injury to him) is reported prone", () => {
    const tackle = threeWays(seedInput("check-21-slam-foe-falls", (s) => (s.weapon.form = "flyingTackle")));
    expect([tackle.attackerPosture, tackle.self!.after.posture]).toEqual(["prone", "prone"]);
    // 1d−1 rolled 1: 0, + DB 1 = 1 against the foe's 1d−2 rolled 6: 4 — twice or more: the rusher falls.
    const rush = resolveGurpsAttack(seedInput("check-21-slam-five-yards", (s) => {
      s.weapon = { ...s.weapon, form: "shieldRush", shieldDb: 1 };
      s.damage = [[1]];
    }));
    expect([rush.self, rush.attackerPosture]).toEqual([null, "prone"]);
  });
});

describe("knockdown by knockback and by a major wound: the same figure on the card's writes (G74, G78)", () => {
  it("check 18's knockback with the balance roll failed; check 21's major wound (HT failed by 5: unconscious and down)", () => {
    const knocked = threeWays(seedInput("check-18-knockback", (s) => (s.rolls = { ...s.rolls, knockback: [6, 6, 6] })));
    expect([knocked.victim!.knockback!.fell, knocked.defenderPosture]).toEqual([true, "prone"]);
    const wounded = threeWays(seedInput("check-21-slam-ten-yards"));
    expect([wounded.victim!.majorWounds[0]!.result, wounded.defenderPosture]).toEqual(["unconscious", "prone"]);
  });

  it("over random attacks, slams and shoves: each struck side's state after is the posture the outcome reports and the card writes", () => {
    const face = fc.integer({ min: 1, max: 6 });
    const roll = fc.tuple(face, face, face);
    fc.assert(
      fc.property(
        fc.constantFrom("strike", "slam", "flyingTackle", "shove", "shieldRush"), fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 6 }), roll, roll, roll,
        fc.constantFrom("standing", "kneeling", "prone"), fc.integer({ min: 3, max: 30 }),
        (form, mine, theirs, knockback, majorWound, dx, posture, adds) => {
          const input = seedInput("check-21-slam-foe-falls", (s) => {
            s.weapon = form === "strike" ? { name: "maul", kind: "melee", damage: `2d+${adds}`, type: "cr" } : { ...s.weapon, form, ...(form === "shieldRush" && { shieldDb: 2 }) };
            if (form === "strike" || form === "shove") delete s.slam;
            s.attacker.thrust = "1d";
            s.damage = form === "strike" ? [[mine, theirs]] : [[mine]];
            if (s.slam) s.slam.foeDamage = [theirs];
            s.defender = { ...s.defender, posture, armor: [{ name: "jacket", dr: 2, flexible: true }] };
            s.rolls = { knockback, majorWound: [majorWound], slamDx: dx };
          });
          threeWays(input);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe("blunt trauma is reported only when it is injury (G49, G72)", () => {
  it("a knockback-only shove against flexible DR: no blunt trauma in the figures or the explanation; injury 0; the knockback stays", () => {
    const input = seedInput("check-18-knockback", (s) => {
      s.weapon = { name: "shove", kind: "melee", form: "shove" };
      s.attacker.thrust = "1d+2";
      s.defender.armor = [{ name: "leather", dr: 20, flexible: true }];
      s.damage = [[6]];
    });
    const r = resolveGurpsAttack(input);
    const hit = r.victim!.hits[0]!;
    expect([hit.penetrating, hit.bluntTrauma, hit.injury, r.victim!.injury]).toEqual([0, 0, 0, 0]);
    expect(hit.knockback).toBeGreaterThan(0);
    const lines = explainGurps({ kind: "attack", resolution: r }).map((l) => l.text);
    expect(lines.filter((l) => l.includes("Blunt trauma"))).toEqual([]);
    // The same blow as a strike (not knockback-only) does blunt trauma through the flexible DR (G72).
    const struck = resolveGurpsAttack({ ...input, weapon: { ...input.weapon, form: "strike", damage: parseDamage("3d+1"), type: "cr" }, damage: [[5, 5, 5]] });
    expect(struck.victim!.hits[0]!.damage.basic).toBe(hit.damage.basic);
    expect(struck.victim!.hits[0]!.bluntTrauma).toBeGreaterThan(0);
  });
});
