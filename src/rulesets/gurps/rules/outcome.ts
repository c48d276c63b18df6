/**
 * The documented outcome JSON (docs/rules-command.md, "GURPS", version 1) of
 * a resolved GURPS scenario: every figure a GM checks, damage lines written
 * as text (`1d+1`), wounding modifiers as `×1.5`.
 */
import type { EffectiveSkill } from "./attack.js";
import type { ChosenDefense } from "./defense-choice.js";
import type { DefenseOption, LegalDefenses } from "./defense.js";
import { formatDamage, type SuccessRoll } from "./dice.js";
import type { GurpsResolution } from "./resolve-types.js";
import type { GurpsScenarioResult } from "./scenario-resolve.js";
import type { Ratio } from "./tables.js";
import type { Modifier } from "./types.js";
import type { HitFigure, VictimResult } from "./victim.js";
import { blocksResolution } from "./owed.js";
import type { TurnResult } from "./turn.js";
import type { TriggeredWait } from "./scenario.js";
import { refusedAttack } from "./refusals.js";

type J = Record<string, unknown>;

export const ratioText = (r: Ratio): string => {
  const value = r.num / r.den;
  return Number.isInteger(value * 10) ? `×${value}` : `×${r.num}/${r.den}`;
};
const mods = (m: readonly Modifier[]) => m.map((x) => ({ key: x.key, value: x.value, rule: x.rule, ...(x.label !== undefined && { label: x.label }) }));
const rollJson = (r: SuccessRoll | null, faces: readonly number[] | null = null): J | null =>
  r && { ...(faces && { faces: [...faces] }), roll: r.roll, effective: r.effective, margin: r.margin, success: r.success, critical: r.critical };

function skillJson(s: EffectiveSkill): J {
  return { base: s.base, modifiers: mods(s.modifiers), beforeCap: s.beforeCap, cap: s.cap, effective: s.effective, deceptiveDefense: s.deceptiveDefense, aim: s.aim && { ...s.aim } };
}

export function optionJson(o: DefenseOption): J {
  return {
    id: o.id, kind: o.kind, base: o.base, modifiers: mods(o.modifiers), score: o.score, retreat: o.retreat, dodgeAndDrop: o.dodgeAndDrop, acrobatic: o.acrobatic,
    tooHeavy: o.tooHeavy, breakageOdds: o.breakageOdds, cost: o.cost,
  };
}

export function legalJson(l: LegalDefenses): J {
  return { none: l.none, options: l.options.map(optionJson), refused: l.refused.map((r) => ({ ...r })), doubleDefense: l.doubleDefense, noRetreat: l.noRetreat };
}

function chosenJson(c: ChosenDefense): J {
  return {
    id: c.option.id, kind: c.option.kind, base: c.option.base, modifiers: mods(c.modifiers), retreat: c.retreat, dodgeAndDrop: c.dodgeAndDrop,
    acrobatic: c.acrobatic && { skill: c.acrobatic.skill, roll: rollJson(c.acrobatic.roll) }, effective: c.effective, roll: rollJson(c.roll),
  };
}

function hitJson(h: HitFigure): J {
  const d = h.damage;
  return {
    payload: h.payload, location: h.location, type: h.type, faces: [...h.faces], diceTotal: d.diceTotal, multiplier: d.multiplier, adds: d.adds, bonuses: mods(d.bonuses),
    rolled: d.rolled, minimum: d.minimum, halved: d.halved, basic: d.basic, dr: { ...h.dr, layers: [...h.dr.layers] }, penetrating: h.penetrating,
    bluntTrauma: h.bluntTrauma, wounding: ratioText(h.wounding), injuryBeforeCap: h.injuryBeforeCap, injury: h.injury, toFp: h.toFp, knockback: h.knockback,
    corrosion: h.corrosion, majorWound: h.majorWound, hpAfter: h.hpAfter,
  };
}

export function victimJson(v: VictimResult): J {
  return {
    hits: v.hits.map(hitJson),
    injury: v.injury,
    fpLost: v.fpLost,
    hpBefore: v.hpBefore,
    thresholds: v.thresholds.map((t) => ({ ...t })),
    knockback: v.knockback && { yards: v.knockback.yards, effective: v.knockback.effective, roll: rollJson(v.knockback.roll), fell: v.knockback.fell },
    majorWounds: v.majorWounds.map((m) => ({ hit: m.hit, effective: m.effective, roll: rollJson(m.roll), result: m.result })),
    deathChecks: v.deathChecks.map((c) => ({ multiple: c.multiple, hpAt: c.hpAt, effective: c.effective, roll: rollJson(c.roll), result: c.result })),
    consciousness: v.consciousness && { effective: v.consciousness.effective, modifier: v.consciousness.modifier, roll: rollJson(v.consciousness.roll), stays: v.consciousness.stays },
    after: { ...v.after },
  };
}

export function attackJson(r: GurpsResolution): J {
  return {
    kind: "attack",
    attacker: r.attackerId,
    defender: r.defenderId,
    maneuver: r.maneuver,
    aoaOption: r.aoaOption,
    weaponKind: r.kind,
    form: r.form,
    refused: r.refused,
    effectiveSkill: r.skill && skillJson(r.skill),
    attackRoll: rollJson(r.attack, r.attackFaces),
    shots: r.shots && { ...r.shots, reload: r.shots.reload && { ...r.shots.reload } },
    hitsScored: r.hitsScored,
    criticals: r.criticals.map((c) => ({ ...c })),
    legalDefenses: r.legal && legalJson(r.legal),
    defenses: r.defenses.map((o) => ({ ...chosenJson(o.chosen), hitsAfter: o.hitsAfter, breakage: o.breakage && { ...o.breakage }, tooHeavy: o.tooHeavy })),
    declined: r.declined,
    hitsLanding: r.hitsLanding,
    counter: r.counter && { effective: r.counter.effective, roll: rollJson(r.counter.roll) },
    damage: r.damage && { line: formatDamage(r.damage.spec), type: r.damage.type, divisor: r.damage.divisor, bonuses: mods(r.damage.bonuses), halfDamage: r.damage.halved, location: r.damage.location, coverDr: r.damage.coverDr },
    victim: r.victim && victimJson(r.victim),
    self: r.self && victimJson(r.self),
    slam: r.slam && {
      velocity: r.slam.velocity, slammerDice: formatDamage(r.slam.slammerDice), foeDice: formatDamage(r.slam.foeDice), slammerRoll: r.slam.slammerRoll, foeRoll: r.slam.foeRoll,
      knockdown: r.slam.knockdown && { ...r.slam.knockdown }, foeDx: rollJson(r.slam.foeDx),
    },
    affliction: r.affliction && { effective: r.affliction.effective, roll: rollJson(r.affliction.roll), affected: r.affliction.affected, condition: r.affliction.condition },
    effects: r.effects.map((e) => ({ ...e })),
    defenseUse: r.defenseUse && { ...r.defenseUse },
    parried: [...r.parried],
    weaponAfter: { ...r.weaponAfter },
    attackerPosture: r.attackerPosture,
    defenderPosture: r.defenderPosture,
    owed: r.owed.map((o) => ({ ...o })),
    // A critical table roll holds nothing up (G86): damage is resolved without it.
    pending: r.owed.some(blocksResolution),
  };
}

const refusedJson = (code: NonNullable<GurpsResolution["refused"]>): J => refusedAttack(code).toJSON() as unknown as J;

/** G31: the triggered Wait: its trigger, response and option, whether he defended while waiting (the maneuver it became is the outcome's `maneuver`). */
function waitJson(w: TriggeredWait): J {
  return { trigger: w.trigger, response: w.response, aoaOption: w.aoaOption, defendedWhileWaiting: w.defendedWhileWaiting };
}

/** G19, G47, G77, G79–G81: a turn, start to end. */
function turnJson(t: TurnResult): J {
  const c = t.consciousness;
  const s = t.stunRecovery;
  return {
    kind: "turn", fighter: t.fighter, shock: t.shock, reeling: t.now.reeling, basicSpeed: t.now.basicSpeed, move: t.now.move, dodge: t.now.dodge, step: t.now.step,
    forcedDoNothing: t.forcedDoNothing, maneuver: t.maneuver, fpLoss: t.fpLoss,
    consciousness: c && { due: c.due, excused: c.excused, effective: c.effective, modifier: c.modifier, roll: rollJson(c.roll), stays: c.stays },
    stunRecovery: s && { attribute: s.attribute, effective: s.effective, roll: rollJson(s.roll), recovered: s.recovered },
    after: { ...t.after }, owed: t.owed.map((o) => ({ ...o })), pending: t.owed.some(blocksResolution),
    // G15, G29, G89: only when the scenario asks (the other turns keep their outcome).
    ...(t.stepPosture !== undefined && { stepPosture: t.stepPosture && { ...t.stepPosture } }),
    ...(t.task !== undefined && { task: t.task && { ...t.task } }),
  };
}

/** The outcome JSON of any scenario kind. */
export function gurpsOutcomeJson(result: GurpsScenarioResult): J {
  switch (result.kind) {
    case "attack":
      // A rule's refusal is the outcome (docs/rules-command.md, "Refusals").
      if (result.resolution.refused) return refusedJson(result.resolution.refused);
      // G31: the Wait he acts on, when the scenario names one (the other attacks keep their outcome).
      return result.wait ? { ...attackJson(result.resolution), wait: waitJson(result.wait) } : attackJson(result.resolution);
    case "feint": {
      const f = result.feint;
      return {
        kind: "feint", feinterSkill: { base: f.skill.base, modifiers: mods(f.skill.modifiers), effective: f.skill.effective }, feinter: rollJson(f.feinter), foe: rollJson(f.foe),
        penalty: f.penalty, attacks: f.attacks, owed: f.owed.map((o) => ({ ...o })), pending: f.owed.length > 0,
      };
    }
    case "defenses":
      return { kind: "defenses", ...legalJson(result.legal) };
    case "maneuver": {
      const m = result.maneuver;
      return { kind: "maneuver", refusal: m.refusal && { ...m.refusal }, moveInPosture: m.moveInPosture, step: m.step, allowance: { ...m.allowance }, permits: { ...m.permits }, shortOf: m.shortOf };
    }
    case "turn":
      return turnJson(result.turn);
    case "attacks": {
      const { allowed, attacks } = result.attacks;
      const refused = attacks.find((r) => r.refused)?.refused;
      if (refused) return refusedJson(refused);
      const a = result.input.base.attacker;
      // Each attack's owed rolls name their field inside its own entry of `attacks`.
      const owed = attacks.flatMap((r, i) => r.owed.map((o) => ({ ...o, id: `attacks[${i}].${o.id}` })));
      return {
        kind: "attacks", attacker: a.id, defender: result.input.base.defender.id, maneuver: a.maneuver, aoaOption: a.maneuver === "allOutAttack" ? (a.aoaOption ?? null) : null,
        rapidStrike: !!a.rapidStrike, allowed, attacks: attacks.map(attackJson), owed, pending: attacks.some((r) => r.owed.some(blocksResolution)),
      };
    }
    case "refused":
      return result.refusal.toJSON() as unknown as J;
  }
}
