/**
 * Exact odds of one CWN attack (docs/odds.md, "Cities Without Number")
 * against each choice open to the target: take it ("none"), or Total
 * Defense (W27: an Instant spending the Main, +2 AC and no Shock) while the
 * target may still take it. A screen (W26, W40) decides first who the
 * attack goes to; its checks are convolved, not chosen. The same steps as
 * `resolveCwnAttack` (W39): legality, the hit verdict for every face of the
 * d20 (the core's own resolution, so every modifier is counted as the card
 * counts it), then on a hit the Trauma Die against the Trauma Target (W15)
 * and the damage dice through `hitDamage` (W16, W17, W24), on a miss the
 * Shock figure (W18), each through soak and hit points (`applyHarm`, W19).
 * Pure; nothing is sampled. Dice already rolled (the card) count as the one
 * face they show.
 *
 * Injury is counted in hit points lost (after soak).
 */
import { chanceAtLeast, convolvePower, type Distribution, pointDistribution, shift, uniformFaces } from "../../../core/distribution.js";
import type { AttackOdds, DefenseOdds } from "../../../core/ruleset.js";
import { hitDamage, swarmBonus } from "./attack.js";
import { checkFace, type DiceExpr, sumFaces } from "./dice.js";
import { applyHarm } from "./harm.js";
import { CWN_STANDARD_RULES, type CwnRules, type DicePool } from "./options.js";
import { attackRefusal, type CwnAttackInput, type CwnDefenderInput, resolveCwnAttack, screenCheckOf } from "./resolve.js";
import { screenBar, type ScreenerInput } from "./screen.js";

/** The choices the odds price: take the attack, or answer it with Total Defense (W27). */
export const CWN_DEFENSE_CHOICES = ["none", "totalDefense"] as const;
export type CwnDefenseChoice = (typeof CWN_DEFENSE_CHOICES)[number];

/** A screener as the odds read it: its figures and, once rolled, its check's faces (W26). */
export type CwnOddsScreener = ScreenerInput & { defender: CwnDefenderInput };

/**
 * One attack as far as it is known: the core's input with its dice left
 * out (or given: a card whose dice are rolled), the screen with whatever of
 * its checks are rolled, and whether the target may still answer with Total
 * Defense.
 */
export interface CwnOddsQuery {
  input: Omit<CwnAttackInput, "roll" | "traumaDice" | "damageDice" | "screen"> & {
    /** The d20's face, once rolled. */
    roll?: number;
    traumaDice?: readonly number[];
    damageDice?: readonly number[];
    /** W26: the attacker's check once rolled (an empty list: not yet), each screener's once rolled. */
    screen?: { attackerDice: readonly number[]; screeners: readonly CwnOddsScreener[]; choice?: number };
  };
  /** W27: the target may still take Total Defense (its Main unspent or to come, not in Total Defense already). */
  totalDefenseOpen?: boolean;
}

/** What one choice leads to; chances exact, hit points expected. */
export interface CwnChoiceOdds {
  defense: CwnDefenseChoice;
  /** W39 step 1: the attack cannot be made at all. */
  refused: boolean;
  /** W26, W40: the attack goes to a screener (the chance per screener, by index). */
  screened: number;
  screeners: number[];
  /** On the target: a hit, a miss dealing Shock (W18), a Traumatic Hit (W15), brought to 0 hit points (W19). */
  hit: number;
  shock: number;
  traumatic: number;
  downed: number;
  /** Expected hit points the target loses (after soak), and the screeners together. */
  injury: number;
  screenerInjury: number;
}

/** A fair die of `faces` sides, made once per size (convolvePower remembers its sums per die object). */
const dice = new Map<number, Distribution>();
function die(faces: number): Distribution {
  let d = dice.get(faces);
  if (!d) {
    d = uniformFaces(Array.from({ length: faces }, (_, i) => i + 1));
    dice.set(faces, d);
  }
  return d;
}

/** The faces' sum of `count` dice of `faces` sides (the expression's flat part left out), or the one sum rolled. */
function facesSum(pool: DicePool, known: readonly number[] | undefined, what: string): Distribution {
  if (known) return pointDistribution(sumFaces(known, pool.count, pool.faces, what));
  return convolvePower(die(pool.faces), pool.count);
}

/** A check's total: 2d6 (or the faces rolled) + a flat part. */
const checkTotal = (pool: DicePool, known: readonly number[] | undefined, flat: number, what: string) => shift(facesSum(pool, known?.length ? known : undefined, what), flat);

/** P(X < v) of a distribution. */
const below = (d: Distribution, v: number) => 1 - chanceAtLeast(d, v);

/**
 * W26, W40: the chance the attack goes to each screener (by index); the rest
 * goes on to the target. The attacker's check A against each able
 * screener's total T_i: a screener holds when T_i ≥ A; the lowest holding
 * total takes the attack, ties going to the attacker's `choice` — or, before
 * it is made, to the first listed (the odds' assumption, docs/odds.md).
 */
export function screenDestinations(query: CwnOddsQuery, rules: Readonly<CwnRules> = CWN_STANDARD_RULES): number[] {
  const screen = query.input.screen;
  if (!screen || screen.screeners.length === 0) return [];
  const w = query.input.attacker.weapon;
  const { skill, strDex } = screenCheckOf(query.input.attacker, rules);
  const attacker = checkTotal(rules.screenCheckDice, screen.attackerDice, skill + strDex, "attacker's screen check");
  const totals = screen.screeners.map((s, i) =>
    screenBar(s, w.kind, rules) ? null : checkTotal(rules.screenCheckDice, s.dice, s.highestSkill + s.strDex, `screener ${i + 1}'s screen check`),
  );
  const first = (i: number, j: number) => (screen.choice === undefined ? j > i : j !== screen.choice);
  const out = screen.screeners.map(() => 0);
  for (let ai = 0; ai < attacker.p.length; ai++) {
    const pa = attacker.p[ai]!;
    if (pa === 0) continue;
    const at = attacker.min + ai;
    totals.forEach((t, i) => {
      if (!t) return;
      let sum = 0;
      for (let ti = Math.max(0, at - t.min); ti < t.p.length; ti++) {
        const pt = t.p[ti]!;
        if (pt === 0) continue;
        const total = t.min + ti;
        // Every other screener: not holding, or holding above this one (or tied and losing the tie).
        let others = 1;
        totals.forEach((u, j) => {
          if (!u || j === i) return;
          const notHolding = below(u, at);
          const above = chanceAtLeast(u, total + 1);
          const tied = first(i, j) ? (u.p[total - u.min] ?? 0) : 0;
          others *= notHolding + above + tied;
        });
        sum += pt * others;
      }
      out[i]! += pa * sum;
    });
  }
  return out;
}

interface TargetOdds {
  refused: boolean;
  hit: number;
  shock: number;
  traumatic: number;
  downed: number;
  injury: number;
}

/**
 * W13–W19, W39 for one target: every face of the d20 resolved by the core
 * (hit or miss, and the Shock a miss deals or a hit is floored to), and on a
 * hit the Trauma Die and the damage dice convolved through `hitDamage` and
 * `applyHarm`.
 */
function againstTarget(query: CwnOddsQuery, target: CwnDefenderInput, rules: Readonly<CwnRules>): TargetOdds {
  const q = query.input;
  const input: CwnAttackInput = { ...q, defender: target, roll: q.roll ?? 1 };
  delete input.screen;
  delete input.traumaDice;
  delete input.damageDice;
  if (attackRefusal(input, rules)) return { refused: true, hit: 0, shock: 0, traumatic: 0, downed: 0, injury: 0 };
  const faces = q.roll !== undefined ? [checkFace(q.roll, rules.attackDieFaces, "attack roll")] : Array.from({ length: rules.attackDieFaces }, (_, i) => i + 1);
  const each = 1 / faces.length;
  const lethal = q.lethal ?? true;
  const harmTarget = { hp: target.hp, soak: target.soak ?? 0, playerCharacter: !!target.playerCharacter };
  let hit = 0;
  let shock = 0;
  let downed = 0;
  let injury = 0;
  let floor = 0;
  let attribute = 0;
  for (const face of faces) {
    const res = resolveCwnAttack({ ...input, roll: face }, rules);
    floor = res.shock!.amount;
    attribute = res.attributeModifier;
    if (res.hit) {
      hit += each;
      continue;
    }
    const harm = res.harm!;
    if (harm.damage > 0) shock += each;
    if (harm.downed) downed += each;
    injury += each * harm.hpLost;
  }
  if (hit === 0) return { refused: false, hit, shock, traumatic: 0, downed, injury };

  // W15: a Traumatic Hit when the Trauma Die (+ any bonus) meets the Trauma Target.
  const a = q.attacker;
  const w = a.weapon;
  const traumaTarget = target.traumaTarget ?? rules.defaultTraumaTarget;
  const traumatic = w.traumaDie ? chanceAtLeast(shift(facesSum(pool(w.traumaDie), q.traumaDice, "Trauma Die"), w.traumaDie.flat + (a.traumaBonus ?? 0)), traumaTarget) : 0;
  // W16, W17, W24: each sum of the damage dice, plain and multiplied.
  const damage = facesSum(pool(w.damage), q.damageDice, "damage roll");
  const others = q.action === "swarm" ? Math.max(1, Math.min(q.swarm?.standing ?? 1, q.swarm?.participants ?? 1)) - 1 : 0;
  const base = {
    weapon: w, attribute, punch: a.skills?.punch ?? rules.untrainedSkillLevel, bonus: a.damageBonus ?? 0,
    swarm: q.action === "swarm" ? swarmBonus(others, rules).damage : 0, floor,
  };
  let hitInjury = 0;
  let hitDowned = 0;
  for (let i = 0; i < damage.p.length; i++) {
    const p = damage.p[i]!;
    if (p === 0) continue;
    for (const [isTraumatic, chance] of [[false, 1 - traumatic], [true, traumatic]] as const) {
      if (chance === 0) continue;
      const total = hitDamage({ ...base, faces: damage.min + i, traumatic: isTraumatic }).total;
      const harm = applyHarm(harmTarget, total, lethal, rules);
      hitInjury += p * chance * harm.hpLost;
      if (harm.downed) hitDowned += p * chance;
    }
  }
  return { refused: false, hit, shock, traumatic: hit * traumatic, downed: downed + hit * hitDowned, injury: injury + hit * hitInjury };
}

const pool = (d: DiceExpr): DicePool => ({ count: d.count, faces: d.faces });

/** The odds of each choice open to the target, in CWN's own terms. */
export function cwnOdds(query: CwnOddsQuery, rules: Readonly<CwnRules> = CWN_STANDARD_RULES): CwnChoiceOdds[] {
  const screens = screenDestinations(query, rules);
  const screened = screens.reduce((n, p) => n + p, 0);
  const onTarget = Math.max(0, 1 - screened);
  // The screeners' injury does not depend on the target's choice: worked out once.
  let screenerInjury = 0;
  screens.forEach((p, i) => {
    if (p > 0) screenerInjury += p * againstTarget(query, query.input.screen!.screeners[i]!.defender, rules).injury;
  });
  const choices: CwnDefenseChoice[] = query.totalDefenseOpen && !query.input.defender.totalDefense ? ["none", "totalDefense"] : ["none"];
  return choices.map((defense) => {
    const target = defense === "totalDefense" ? { ...query.input.defender, totalDefense: true } : query.input.defender;
    const t = againstTarget(query, target, rules);
    return {
      defense,
      refused: t.refused,
      screened,
      screeners: screens,
      hit: onTarget * t.hit,
      shock: onTarget * t.shock,
      traumatic: onTarget * t.traumatic,
      downed: onTarget * t.downed,
      injury: onTarget * t.injury,
      screenerInjury,
    };
  });
}

/** The odds in the engine's shape (src/core/ruleset.ts): one entry per choice, injury in hit points. */
export function cwnAttackOdds(query: CwnOddsQuery, rules: Readonly<CwnRules> = CWN_STANDARD_RULES): AttackOdds {
  return { unit: "hp", defenses: cwnOdds(query, rules).map(defenseOdds) };
}

function defenseOdds(o: CwnChoiceOdds): DefenseOdds {
  const outcomes: Record<string, number> = { hit: o.hit, shock: o.shock, traumatic: o.traumatic, downed: o.downed, screened: o.screened, screenerInjury: o.screenerInjury };
  o.screeners.forEach((p, i) => (outcomes[`screener.${i}`] = p));
  if (o.refused) outcomes.refused = 1;
  return { defense: o.defense, struck: o.hit, injury: o.injury, attackerStruck: 0, attackerInjury: 0, outcomes };
}
