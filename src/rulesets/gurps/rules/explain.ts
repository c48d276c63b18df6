/**
 * A resolved GURPS scenario in words, one line per step, each citing its
 * rule ids. The text comes from `CYCHOSYS.Gurps.Explain.*` through the
 * caller's localizer (English by default, `game.i18n.format` in Foundry).
 * No arithmetic here: every figure is read from the resolution.
 */
import type { ExplainLine, Localize } from "../../../core/messages.js";
import { english } from "../../../core/messages.js";
import type { LegalDefenses } from "./defense.js";
import { formatDamage, type SuccessRoll } from "./dice.js";
import { ratioText } from "./outcome.js";
import type { GurpsResolution } from "./resolve-types.js";
import type { GurpsScenarioResult } from "./scenario-resolve.js";
import type { Modifier } from "./types.js";
import type { VictimResult } from "./victim.js";
import type { TurnResult } from "./turn.js";

export type { ExplainLine, Localize };

export interface GurpsExplainNames {
  attacker?: string;
  defender?: string;
}

const K = "CYCHOSYS.Gurps.Explain.";
const N = "CYCHOSYS.Gurps.";
const signed = (n: number) => (n >= 0 ? `+${n}` : `${n}`);

export function explainGurps(result: GurpsScenarioResult, names: GurpsExplainNames = {}, localize: Localize = english): ExplainLine[] {
  const lines: ExplainLine[] = [];
  const say = (key: string, params: Record<string, string | number> = {}) => lines.push({ key: K + key, params, text: localize(K + key, params) });
  const who = { attacker: names.attacker ?? localize(`${K}attacker`), defender: names.defender ?? localize(`${K}defender`) };
  const modText = (m: Modifier) => `${m.label ?? localize(`${N}Modifier.${m.key}`)} ${signed(m.value)} (${m.rule})`;
  const modList = (ms: readonly Modifier[]) => (ms.length ? ms.map(modText).join(", ") : localize(`${K}noModifiers`));
  const rollText = (r: SuccessRoll) =>
    localize(`${K}${r.success ? "succeeds" : "fails"}`, { roll: r.roll, effective: r.effective, margin: Math.abs(r.margin) }) +
    (r.critical ? localize(`${K}critical.${r.critical}`) : "");
  const name = (group: string, key: string) => localize(`${N}${group}.${key}`);

  switch (result.kind) {
    case "feint": {
      const f = result.feint;
      if (f.skill.modifiers.length) say("feintSkill", { who: who.attacker, base: f.skill.base, modifiers: modList(f.skill.modifiers), effective: f.skill.effective });
      if (f.feinter) say("feintRoll", { who: who.attacker, result: rollText(f.feinter) });
      if (f.foe) say("feintResist", { who: who.defender, result: rollText(f.foe) });
      if (f.penalty !== null) say(f.penalty > 0 ? "feintPenalty" : "feintNothing", { defender: who.defender, penalty: f.penalty, attacks: f.attacks });
      for (const o of f.owed) say("owed", { id: o.id, who: name("Roller", o.who), roll: o.roll, target: o.target ?? "—", rule: o.rule });
      return lines;
    }
    case "defenses":
      legalLines(result.legal, who.defender, say, modList, name);
      return lines;
    case "maneuver": {
      const m = result.maneuver;
      if (m.refusal) say("maneuverRefused", { who: who.attacker, reason: name("Refusal", m.refusal.reason), rule: m.refusal.rule });
      say("movement", { who: who.attacker, move: m.moveInPosture, step: m.step, yards: m.allowance.yards, forward: m.allowance.forwardOnly ? localize(`${K}forwardOnly`) : "" });
      say("permits", { attacks: localize(`${K}${m.permits.attacks ? "yes" : "no"}`), defenses: name("ManeuverDefenses", m.permits.defenses), retreat: localize(`${K}${m.permits.retreat ? "yes" : "no"}`) });
      if (m.shortOf !== null) say(m.shortOf > 0 ? "shortOf" : "reaches", { yards: m.shortOf });
      return lines;
    }
    case "attack":
      attackLines(result.resolution, who, say, modList, rollText, name, localize);
      return lines;
    case "attacks": {
      const { attacks } = result.attacks;
      attacks.forEach((r, i) => {
        say("attackNumber", { number: i + 1, count: attacks.length });
        attackLines(r, who, say, modList, rollText, name, localize);
      });
      return lines;
    }
    case "turn":
      turnLines(result.turn, who.defender, say, name);
      return lines;
    case "refused":
      say("refusal", { reason: result.refusal.message });
      return lines;
  }
}

/** G19, G47, G77, G79–G81: a turn, start to end. */
function turnLines(t: TurnResult, fighter: string, say: Say, name: (g: string, k: string) => string): void {
  if (t.shock > 0) say("turnShock", { who: fighter, shock: t.shock });
  say(t.now.reeling ? "turnReeling" : "turnFigures", { who: fighter, speed: t.now.basicSpeed, move: t.now.move, dodge: t.now.dodge, step: t.now.step });
  if (t.forcedDoNothing) say("turnForced", { who: fighter });
  if (t.fpLoss > 0) say("turnFpLoss", { who: fighter, fp: t.fpLoss, after: t.after.fp });
  const c = t.consciousness;
  if (c?.excused) say("turnConsciousnessExcused", { who: fighter });
  else if (c?.roll) say(c.stays ? "turnConsciousnessStays" : "turnConsciousnessFalls", { who: fighter, roll: c.roll.roll, effective: c.effective });
  const s = t.stunRecovery;
  if (s?.roll) say(s.recovered ? "turnRecovered" : "turnStillStunned", { who: fighter, roll: s.roll.roll, attribute: name("Attribute", s.attribute), effective: s.effective });
  for (const o of t.owed) say("owed", { id: o.id, who: name("Roller", o.who), roll: o.roll, target: o.target ?? "—", rule: o.rule });
}

type Say = (key: string, params?: Record<string, string | number>) => void;

function legalLines(l: LegalDefenses, defender: string, say: Say, modList: (m: readonly Modifier[]) => string, name: (g: string, k: string) => string): void {
  if (l.none) {
    say("noDefense", { defender, reason: name("NoDefense", l.none) });
    return;
  }
  for (const o of l.options) {
    say("defenseOption", { defender, id: o.id, base: o.base, modifiers: modList(o.modifiers), score: o.score });
    if (o.retreat !== null) say("retreatOption", { bonus: signed(o.retreat) });
    if (o.dodgeAndDrop !== null) say("dropOption", { bonus: signed(o.dodgeAndDrop) });
    if (o.tooHeavy) say("tooHeavy", { id: o.id });
  }
  for (const r of l.refused) say("defenseRefused", { id: r.id, reason: name("DefenseRefusal", r.reason), rule: r.rule });
  if (l.doubleDefense) say("doubleDefense");
}

function victimLines(v: VictimResult, victim: string, say: Say): void {
  for (const h of v.hits) {
    const d = h.damage;
    say("hit", {
      payload: h.payload, faces: h.faces.join("+") || "—", dice: d.diceTotal, multiplier: d.multiplier, adds: signed(d.adds + d.bonuses.reduce((s, b) => s + b.value, 0)), rolled: d.rolled,
      basic: d.basic, halved: d.halved ? " ÷2 (G70)" : "",
    });
    say("penetration", { location: h.location, dr: h.dr.total, divisor: h.dr.divisor, effective: h.dr.effective, penetrating: h.penetrating });
    if (h.bluntTrauma) say("bluntTrauma", { injury: h.bluntTrauma });
    say("injury", { type: h.type, wounding: ratioText(h.wounding), injury: h.injury, capped: h.injury < h.injuryBeforeCap ? " (G76)" : "", pool: h.toFp ? "FP" : "HP", after: h.hpAfter });
    if (h.knockback) say("knockbackYards", { yards: h.knockback });
    if (h.corrosion) say("corrosion", { dr: h.corrosion });
  }
  say("hpAfter", { victim, before: v.hpBefore, injury: v.injury, after: v.after.hp, shock: v.after.shock, since: v.after.injurySinceLastTurn });
  for (const t of v.thresholds) say(`threshold.${t.kind}`, { at: t.kind === "majorWound" ? t.at + 1 : t.at, rule: t.rule }); // a hit counted from 1 for people
  if (v.knockback) say(v.knockback.roll ? (v.knockback.fell ? "knockbackFell" : "knockbackStood") : "knockbackOwed", { yards: v.knockback.yards, effective: v.knockback.effective, roll: v.knockback.roll?.roll ?? 0 });
  for (const m of v.majorWounds) say(m.roll ? `majorWound.${m.result}` : "majorWoundOwed", { effective: m.effective, roll: m.roll?.roll ?? 0 });
  for (const c of v.deathChecks) say(c.roll ? `deathCheck.${c.result}` : "deathCheckOwed", { hpAt: c.hpAt, effective: c.effective, roll: c.roll?.roll ?? 0 });
  if (v.consciousness) say("consciousness", { effective: v.consciousness.effective, modifier: signed(v.consciousness.modifier) });
  if (v.consciousness?.roll) say(v.consciousness.stays ? "consciousnessStays" : "consciousnessFalls", { victim, roll: v.consciousness.roll.roll, effective: v.consciousness.effective });
}

function attackLines(
  r: GurpsResolution, who: { attacker: string; defender: string }, say: Say, modList: (m: readonly Modifier[]) => string, rollText: (r: SuccessRoll) => string,
  name: (g: string, k: string) => string, localize: Localize,
): void {
  const maneuver = name("Maneuver", r.maneuver) + (r.aoaOption ? ` (${name("AoaOption", r.aoaOption)})` : "");
  if (r.skill) say("skill", { attacker: who.attacker, maneuver, base: r.skill.base, modifiers: modList(r.skill.modifiers), cap: r.skill.cap !== null ? localize(`${K}cap`, { cap: r.skill.cap }) : "", effective: r.skill.effective });
  if (r.skill?.aim) say("aim", { acc: r.skill.aim.acc, sight: r.skill.aim.sight, braced: r.skill.aim.braced, seconds: r.skill.aim.seconds, before: r.skill.aim.beforeCap, total: r.skill.aim.total });
  if (r.refused) {
    say("refused", { attacker: who.attacker, reason: name("Refusal", r.refused) });
    return;
  }
  if (r.attack) say("attackRoll", { attacker: who.attacker, result: rollText(r.attack) });
  if (r.shots) say("shots", { fired: r.shots.fired, rcl: r.shots.rcl, hits: r.shots.hits, left: r.shots.left ?? "—" });
  if (r.shots?.reload) say("reload", { readies: r.shots.reload.readies, perShot: r.shots.reload.perShot, turn: r.shots.reload.attackOnTurn });
  for (const c of r.criticals) say(c.roll === null ? "criticalTableOwed" : "criticalTable", { table: name("Table", c.table), who: name("Roller", c.who), roll: c.roll ?? 0, rule: c.rule });
  if (r.legal && r.attack?.success) legalLines(r.legal, who.defender, say, modList, name);
  if (r.declined) say("declined", { defender: who.defender });
  for (const o of r.defenses) {
    const c = o.chosen;
    if (c.acrobatic?.roll) say("acrobatic", { result: rollText(c.acrobatic.roll) });
    if (c.roll) say("defenseRoll", { defender: who.defender, id: c.option.id, modifiers: modList(c.modifiers), result: rollText(c.roll), hits: o.hitsAfter });
    if (o.breakage) say("breakage", { odds: o.breakage.odds, face: o.breakage.face ?? "—", broken: localize(`${K}${o.breakage.broken ? "yes" : "no"}`) });
  }
  if (r.counter?.roll) say("counter", { result: rollText(r.counter.roll) });
  if (r.damage) say("damageLine", { line: formatDamage(r.damage.spec), type: r.damage.type, divisor: r.damage.divisor, bonuses: modList(r.damage.bonuses), location: r.damage.location });
  if (r.slam) say("slam", { velocity: r.slam.velocity, slammer: formatDamage(r.slam.slammerDice), foe: formatDamage(r.slam.foeDice), slammerRoll: r.slam.slammerRoll ?? "—", foeRoll: r.slam.foeRoll ?? "—" });
  if (r.victim) victimLines(r.victim, who.defender, say);
  if (r.self) victimLines(r.self, who.attacker, say);
  if (r.affliction) say(r.affliction.roll ? (r.affliction.affected ? "afflicted" : "resisted") : "afflictionOwed", { condition: r.affliction.condition, effective: r.affliction.effective });
  for (const e of r.effects) say("effect", { who: e.who === "attacker" ? who.attacker : who.defender, effect: name("Effect", e.key), rule: e.rule });
  for (const o of r.owed) if (o.when === "now") say("owed", { id: o.id, who: name("Roller", o.who), roll: o.roll, target: o.target ?? "—", rule: o.rule });
}
