/**
 * A resolved GURPS scenario in words, one line per step, each citing its
 * rule ids. The text comes from `CYCHOSYS.Gurps.Explain.*` through the
 * caller's localizer (English by default, `game.i18n.format` in Foundry).
 * No arithmetic here: every figure is read from the resolution.
 */
import type { ExplainLine, Localize } from "../../../core/messages.js";
import { english } from "../../../core/messages.js";
import { figure, pluralKey, sentenceCase, signed as signedFigure } from "../../../core/views/text.js";
import type { LegalDefenses } from "./defense.js";
import { formatDamage, type SuccessRoll } from "./dice.js";
import { ratioText } from "./outcome.js";
import type { GurpsResolution } from "./resolve-types.js";
import type { GurpsScenarioResult } from "./scenario-resolve.js";
import type { Modifier } from "./types.js";
import type { OwedRoll } from "./owed.js";
import type { VictimResult } from "./victim.js";
import type { TurnResult } from "./turn.js";

export type { ExplainLine, Localize };

export interface GurpsExplainNames {
  attacker?: string;
  defender?: string;
  /** The names of the items a defense option's id names (`parry:wpPierre` → "shortsword"); an id not here is written in words. */
  items?: Readonly<Record<string, string>>;
}

const K = "CYCHOSYS.Gurps.Explain.";
const N = "CYCHOSYS.Gurps.";
/** A modifier with its sign and a true minus (docs/style.md, "Typography"). */
const signed = (n: number) => signedFigure(n, "±0");

/** An item id written in words when no name is known: "smallShield" → "small shield". */
const idWords = (id: string) => id.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/[_-]+/g, " ").toLowerCase();

/** A defense option by its name, never its id (G58–G63): "Dodge", "Parry (shortsword)", "Block (small shield)", "Parry (bare hands)". */
export function defenseOptionLabel(id: string, items: Readonly<Record<string, string>> = {}, localize: Localize = english): string {
  const at = id.indexOf(":");
  const kind = at < 0 ? id : id.slice(0, at);
  const label = localize(`${N}Defense.${kind}`);
  if (at < 0) return label;
  const source = id.slice(at + 1);
  const item = source === "hands" ? localize(`${N}Card.bareHands`) : (items[source] ?? idWords(source));
  return `${label} (${item})`;
}

/** An owed roll's lang key under `CYCHOSYS.Gurps.Card.roll.` by the field its faces go in (`rolls.majorWound[0]` → majorWound). */
export function owedRollKey(id: string): string {
  if (/^defenses\[\d\]$/.test(id)) return "defenseChoice";
  if (/^defenses\[\d\]\.roll$/.test(id)) return "defense";
  if (id === "attacker.roll") return "attack";
  if (id === "feinter.roll") return "feint";
  if (id === "foe.roll") return "resistFeint";
  return /([A-Za-z]+)(?:\[\d\])?$/.exec(id)?.[1] ?? id;
}

export function explainGurps(result: GurpsScenarioResult, names: GurpsExplainNames = {}, localize: Localize = english): ExplainLine[] {
  const lines: ExplainLine[] = [];
  // Each line a sentence (a name that opens it, "the thug …", takes its capital), every number in it a figure with a true minus.
  const say = (key: string, params: Record<string, string | number> = {}) => lines.push({ key: K + key, params, text: sentenceCase(localize(K + key, asFigures(params))) });
  const who = { attacker: names.attacker ?? localize(`${K}attacker`), defender: names.defender ?? localize(`${K}defender`) };
  /** A counted phrase in its plural form (`CYCHOSYS.Gurps.Explain.count.<key>.one|other`): "1 yard", "2 yards". */
  const counted = (key: string, count: number) => localize(pluralKey(`${K}count.${key}`, count, (k) => localize(k) !== k), { count: figure(count) });
  const option = (id: string) => defenseOptionLabel(id, names.items, localize);
  const phrase = (key: string, params: Record<string, string | number> = {}) => localize(K + key, asFigures(params));
  const owedLine = (o: OwedRoll, r: GurpsResolution | null) =>
    say("owed", { who: name("Roller", o.who), roll: localize(`${K}rollKind.${o.roll}`), label: owedRollLabel(o, r, localize), rule: o.rule });
  const modText = (m: Modifier) => `${m.label ?? localize(`${N}Modifier.${m.key}`)} ${signed(m.value)} (${m.rule})`;
  const modList = (ms: readonly Modifier[]) => (ms.length ? ms.map(modText).join(", ") : localize(`${K}noModifiers`));
  const rollText = (r: SuccessRoll) =>
    localize(`${K}${r.success ? "succeeds" : "fails"}`, { roll: r.roll, effective: r.effective, margin: Math.abs(r.margin) }) +
    (r.critical ? localize(`${K}critical.${r.critical}`) : "");
  const name = (group: string, key: string) => localize(`${N}${group}.${key}`);
  const writers: Writers = { say, counted, phrase, option, owedLine };

  switch (result.kind) {
    case "feint": {
      const f = result.feint;
      if (f.skill.modifiers.length) say("feintSkill", { who: who.attacker, base: f.skill.base, modifiers: modList(f.skill.modifiers), effective: f.skill.effective });
      if (f.feinter) say("feintRoll", { who: who.attacker, result: rollText(f.feinter) });
      if (f.foe) say("feintResist", { who: who.defender, result: rollText(f.foe) });
      if (f.penalty !== null) say(f.penalty > 0 ? "feintPenalty" : "feintNothing", { defender: who.defender, penalty: f.penalty, attacks: counted("nextAttacks", f.attacks) });
      for (const o of f.owed) owedLine(o, null);
      return lines;
    }
    case "defenses":
      legalLines(result.legal, who.defender, say, modList, name, option);
      return lines;
    case "maneuver": {
      const m = result.maneuver;
      if (m.refusal) say("maneuverRefused", { who: who.attacker, reason: name("Refusal", m.refusal.reason), rule: m.refusal.rule });
      say("movement", { who: who.attacker, move: m.moveInPosture, step: counted("yards", m.step), yards: counted("yards", m.allowance.yards), forward: m.allowance.forwardOnly ? localize(`${K}forwardOnly`) : "" });
      say("permits", { attacks: localize(`${K}${m.permits.attacks ? "yes" : "no"}`), defenses: name("ManeuverDefenses", m.permits.defenses), retreat: localize(`${K}${m.permits.retreat ? "yes" : "no"}`) });
      if (m.shortOf !== null) say(m.shortOf > 0 ? "shortOf" : "reaches", { yards: counted("yards", m.shortOf) });
      return lines;
    }
    case "attack":
      // G31: a Wait triggered out of turn: he acts at once under the maneuver it became.
      if (result.wait) say("waitTriggered", { who: who.attacker, trigger: result.wait.trigger ?? localize(`${K}waitTriggerUnsaid`), maneuver: maneuverLabel(result.resolution.maneuver, result.resolution.aoaOption, name) });
      attackLines(result.resolution, who, writers, modList, rollText, name, localize);
      return lines;
    case "attacks": {
      const { attacks } = result.attacks;
      attacks.forEach((r, i) => {
        say("attackNumber", { number: i + 1, count: attacks.length });
        attackLines(r, who, writers, modList, rollText, name, localize);
      });
      return lines;
    }
    case "turn":
      turnLines(result.turn, who.defender, writers, name);
      return lines;
    case "refused":
      say("refusal", { reason: result.refusal.message });
      return lines;
  }
}

/** A maneuver by its label, All-Out Attack with its option: "All-Out Attack (Determined)". */
function maneuverLabel(maneuver: string, aoaOption: string | null, name: (g: string, k: string) => string): string {
  return aoaOption ? `${name("Maneuver", maneuver)} (${name("AoaOption", aoaOption)})` : name("Maneuver", maneuver);
}

/** G19, G47, G77, G79–G81: a turn, start to end. */
function turnLines(t: TurnResult, fighter: string, { say, owedLine, counted }: Writers, name: (g: string, k: string) => string): void {
  if (t.shock > 0) say("turnShock", { who: fighter, shock: t.shock });
  say(t.now.reeling ? "turnReeling" : "turnFigures", { who: fighter, speed: t.now.basicSpeed, move: t.now.move, dodge: t.now.dodge, step: t.now.step });
  if (t.forcedDoNothing) say("turnForced", { who: fighter });
  if (t.fpLoss > 0) say("turnFpLoss", { who: fighter, fp: t.fpLoss, after: t.after.fp });
  const c = t.consciousness;
  if (c?.excused) say("turnConsciousnessExcused", { who: fighter });
  else if (c?.roll) say(c.stays ? "turnConsciousnessStays" : "turnConsciousnessFalls", { who: fighter, roll: c.roll.roll, effective: c.effective });
  // G15: the step spent on kneeling ↔ standing; G29, G89: the task's seconds.
  if (t.stepPosture) say("turnStepPosture", { who: fighter, from: name("Posture", t.stepPosture.from), to: name("Posture", t.stepPosture.to) });
  const k = t.task;
  if (k) say(`turnTask.${k.status}`, { who: fighter, task: k.name, maneuver: name("Maneuver", k.kind), done: k.done, needed: counted("seconds", k.needed), left: counted("seconds", k.left) });
  const s = t.stunRecovery;
  if (s?.roll) say(s.recovered ? "turnRecovered" : "turnStillStunned", { who: fighter, roll: s.roll.roll, attribute: name("Attribute", s.attribute), effective: s.effective });
  for (const o of t.owed) owedLine(o, null);
}

type Say = (key: string, params?: Record<string, string | number>) => void;
interface Writers {
  say: Say;
  counted: (key: string, count: number) => string;
  /** A part of a line (`CYCHOSYS.Gurps.Explain.<key>`), its numbers written as figures. */
  phrase: (key: string, params?: Record<string, string | number>) => string;
  option: (id: string) => string;
  owedLine: (o: OwedRoll, r: GurpsResolution | null) => void;
}

/** The parameters as a text shows them: every number a figure with a true minus (−1, not -1). */
export function asFigures(params: Record<string, string | number>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) out[key] = typeof value === "number" ? figure(value) : value;
  return out;
}

/** What an owed roll is for, in words (`CYCHOSYS.Gurps.Card.roll.*`): "HT 11: major wound (stunned and down if it fails)". */
export function owedRollLabel(o: OwedRoll, r: GurpsResolution | null, localize: Localize = english): string {
  const damage = o.id === "slam.foeDamage" ? r?.slam?.foeDice : o.id === "damage" ? r?.damage?.spec : null;
  const line = damage ? `${formatDamage(damage)} ${r?.damage?.type ?? "cr"}` : "";
  return localize(`${N}Card.roll.${owedRollKey(o.id)}`, { line, target: o.target === null ? "" : figure(o.target), dice: o.dice ?? 0, hits: o.hits ?? 1 });
}

function legalLines(l: LegalDefenses, defender: string, say: Say, modList: (m: readonly Modifier[]) => string, name: (g: string, k: string) => string, option: (id: string) => string): void {
  if (l.none) {
    say("noDefense", { defender, reason: name("NoDefense", l.none) });
    return;
  }
  for (const o of l.options) {
    say("defenseOption", { defender, option: option(o.id), base: o.base, modifiers: modList(o.modifiers), score: o.score });
    if (o.retreat !== null) say("retreatOption", { bonus: signed(o.retreat), score: o.score + o.retreat });
    if (o.dodgeAndDrop !== null) say("dropOption", { bonus: signed(o.dodgeAndDrop), score: o.score + o.dodgeAndDrop });
    if (o.tooHeavy) say("tooHeavy", { option: option(o.id) });
  }
  for (const r of l.refused) say("defenseRefused", { option: option(r.id), reason: name("DefenseRefusal", r.reason), rule: r.rule });
  if (l.doubleDefense) say("doubleDefense");
}

function victimLines(v: VictimResult, victim: string, { say, counted, phrase }: Writers, name: (g: string, k: string) => string): void {
  for (const h of v.hits) {
    const d = h.damage;
    say("hit", {
      payload: name("Explain.payload", h.payload), faces: h.faces.join("+") || "—", dice: d.diceTotal, multiplier: d.multiplier, adds: signed(d.adds + d.bonuses.reduce((s, b) => s + b.value, 0)), rolled: d.rolled,
      basic: d.basic, halved: d.halved ? " ÷2 (G70)" : "",
    });
    say("penetration", { location: name("Location", h.location), dr: h.dr.total, divisor: h.dr.divisor, effective: h.dr.effective, penetrating: h.penetrating });
    if (h.bluntTrauma) say("bluntTrauma", { injury: h.bluntTrauma });
    say("injury", { type: h.type, wounding: ratioText(h.wounding), injury: h.injury, capped: h.injury < h.injuryBeforeCap ? " (G76)" : "", pool: h.toFp ? "FP" : "HP", after: h.hpAfter });
    if (h.knockback) say("knockbackYards", { yards: counted("yards", h.knockback) });
    if (h.corrosion) say("corrosion", { dr: h.corrosion });
  }
  const shock = v.after.shock ? phrase("shockNext", { shock: v.after.shock }) : phrase("noShock");
  say("hpAfter", { victim, before: v.hpBefore, injury: v.injury, after: v.after.hp, shock, since: v.after.injurySinceLastTurn });
  for (const t of v.thresholds) say(`threshold.${t.kind}`, { at: t.kind === "majorWound" ? t.at + 1 : t.at, rule: t.rule }); // a hit counted from 1 for people
  if (v.knockback) say(v.knockback.roll ? (v.knockback.fell ? "knockbackFell" : "knockbackStood") : "knockbackOwed", { yards: counted("yards", v.knockback.yards), effective: v.knockback.effective, roll: v.knockback.roll?.roll ?? 0 });
  for (const m of v.majorWounds) say(m.roll ? `majorWound.${m.result}` : "majorWoundOwed", { effective: m.effective, roll: m.roll?.roll ?? 0 });
  for (const c of v.deathChecks) say(c.roll ? `deathCheck.${c.result}` : "deathCheckOwed", { hpAt: c.hpAt, effective: c.effective, roll: c.roll?.roll ?? 0 });
  if (v.consciousness) say("consciousness", { effective: v.consciousness.effective, modifier: signed(v.consciousness.modifier) });
  if (v.consciousness?.roll) say(v.consciousness.stays ? "consciousnessStays" : "consciousnessFalls", { victim, roll: v.consciousness.roll.roll, effective: v.consciousness.effective });
}

function attackLines(
  r: GurpsResolution, who: { attacker: string; defender: string }, writers: Writers, modList: (m: readonly Modifier[]) => string, rollText: (r: SuccessRoll) => string,
  name: (g: string, k: string) => string, localize: Localize,
): void {
  const { say, counted, option, owedLine } = writers;
  const maneuver = name("Maneuver", r.maneuver) + (r.aoaOption ? ` (${name("AoaOption", r.aoaOption)})` : "");
  if (r.skill) say("skill", { attacker: who.attacker, maneuver, base: r.skill.base, modifiers: modList(r.skill.modifiers), cap: r.skill.cap !== null ? localize(`${K}cap`, { cap: r.skill.cap }) : "", effective: r.skill.effective });
  if (r.skill?.aim) say("aim", { acc: r.skill.aim.acc, sight: r.skill.aim.sight, braced: r.skill.aim.braced, seconds: r.skill.aim.seconds, before: r.skill.aim.beforeCap, total: r.skill.aim.total });
  if (r.refused) {
    say("refused", { attacker: who.attacker, reason: name("Refusal", r.refused) });
    return;
  }
  if (r.attack) say("attackRoll", { attacker: who.attacker, result: rollText(r.attack) });
  if (r.shots) say("shots", { fired: r.shots.fired, rcl: r.shots.rcl, hits: counted("hits", r.shots.hits), left: r.shots.left ?? "—" });
  if (r.shots?.reload) say("reload", { readies: counted("readyManeuvers", r.shots.reload.readies), perShot: r.shots.reload.perShot, turn: r.shots.reload.attackOnTurn });
  for (const c of r.criticals) say(c.roll === null ? "criticalTableOwed" : "criticalTable", { table: name("Table", c.table), who: name("Roller", c.who), roll: c.roll ?? 0, rule: c.rule });
  if (r.legal && r.attack?.success) legalLines(r.legal, who.defender, say, modList, name, option);
  if (r.declined) say("declined", { defender: who.defender });
  for (const o of r.defenses) {
    const c = o.chosen;
    if (c.acrobatic?.roll) say("acrobatic", { result: rollText(c.acrobatic.roll) });
    if (c.roll) say("defenseRoll", { defender: who.defender, option: option(c.option.id), modifiers: modList(c.modifiers), result: rollText(c.roll), hits: counted("hitsLand", o.hitsAfter) });
    if (o.breakage) say("breakage", { odds: o.breakage.odds, face: o.breakage.face ?? "—", broken: localize(`${K}${o.breakage.broken ? "breaks" : "holds"}`) });
  }
  if (r.counter?.roll) say("counter", { result: rollText(r.counter.roll) });
  if (r.damage) say("damageLine", { line: formatDamage(r.damage.spec), type: r.damage.type, divisor: r.damage.divisor, bonuses: modList(r.damage.bonuses), location: name("Location", r.damage.location) });
  if (r.slam) say("slam", { velocity: counted("yards", r.slam.velocity), slammer: formatDamage(r.slam.slammerDice), foe: formatDamage(r.slam.foeDice), slammerRoll: r.slam.slammerRoll ?? "—", foeRoll: r.slam.foeRoll ?? "—" });
  if (r.victim) victimLines(r.victim, who.defender, writers, name);
  if (r.self) victimLines(r.self, who.attacker, writers, name);
  if (r.affliction) say(r.affliction.roll ? (r.affliction.affected ? "afflicted" : "resisted") : "afflictionOwed", { condition: r.affliction.condition, effective: r.affliction.effective });
  for (const e of r.effects) say("effect", { who: e.who === "attacker" ? who.attacker : who.defender, effect: name("Effect", e.key), rule: e.rule });
  for (const o of r.owed) if (o.when === "now") owedLine(o, r);
}
