/**
 * A D6 resolution in words, one line per step, each citing its rule id. The
 * text comes from `CYCHOSYS.D6.Explain.*` through the caller's localizer
 * (English by default, `game.i18n.format` in Foundry). No arithmetic here:
 * every figure is read from the resolution.
 */
import type { ExplainLine, Localize } from "../../../core/messages.js";
import { english } from "../../../core/messages.js";
import { pluralKey, sentenceCase, signed } from "../../../core/views/text.js";
import { formatDieCode } from "./die-code.js";
import type { D6Resolution } from "./resolve.js";
import type { SkillRoll } from "./skill-roll.js";
import type { RollReading } from "./wild-die.js";
import type { WoundStatus } from "./wounds.js";

export type { ExplainLine, Localize };

export interface D6ExplainNames {
  attacker?: string;
  defender?: string;
}

const K = "CYCHOSYS.D6.Explain.";
const N = "CYCHOSYS.D6.";

export function explainD6Attack(res: D6Resolution, names: D6ExplainNames = {}, localize: Localize = english): ExplainLine[] {
  const lines: ExplainLine[] = [];
  // Each line reads as a sentence: a name that opens it ("the thug resists …") takes its capital.
  const say = (key: string, params: Record<string, string | number> = {}) => lines.push({ key: K + key, params, text: sentenceCase(localize(K + key, params)) });
  const counted = (key: string, count: number, params: Record<string, string | number> = {}) => localize(pluralKey(key, count, (k) => localize(k) !== k), { ...params, count });
  const name = (group: string, key: string) => localize(`${N}${group}.${key}`);
  const who = { attacker: names.attacker ?? localize(`${K}attacker`), defender: names.defender ?? localize(`${K}defender`) };
  const faces = (r: RollReading) => {
    if (r.code.dice === 0) return counted(`${K}noDice`, r.code.pips);
    const wild = r.wild.join("+");
    const text = r.dice.length ? localize(`${K}faces`, { dice: r.dice.join(" + "), wild }) : localize(`${K}facesWildOnly`, { wild });
    return r.code.pips ? counted(`${K}withPips`, r.code.pips, { text }) : text;
  };
  const adjustments = (s: SkillRoll) =>
    [
      s.plan.actionDice ? localize(`${K}adjustAction`, { dice: s.plan.actionDice }) : "",
      s.plan.woundDice ? localize(`${K}adjustWound`, { dice: s.plan.woundDice }) : "",
      s.plan.bonusDice ? localize(`${K}adjustAim`, { dice: s.plan.bonusDice }) : "",
    ].join("");
  const flat = (n: number) => (n ? localize(`${K}flat`, { value: signed(n) }) : "");
  const complication = (r: RollReading, roll: string) => {
    if (!r.complication) return;
    if (r.removed.length) say("complicationRemoved", { roll, removed: r.removed.join(", "), total: r.total });
    else say("complicationFlagged", { roll });
  };

  // Defenses in force (D17–D25).
  res.defenses.forEach((d, i) => {
    const skill = name("Defense", d.skill);
    if (d.rolled) {
      const s = d.rolled;
      const adjusted = adjustments(s);
      say(adjusted ? "defenseRolled" : "defenseRolledPlain", {
        defender: who.defender, skill, base: formatDieCode(s.plan.base), adjustments: adjusted, code: formatDieCode(s.plan.code), faces: faces(s.reading), flat: flat(s.flat), roll: d.roll,
      });
      complication(s.reading, skill);
    } else {
      say("defenseGiven", { defender: who.defender, skill, roll: d.roll });
    }
    if (d.mode === "full") say("fullDefense", { roll: d.roll, bonus: d.total - d.roll, total: d.total });
    else if (d.mode === "gmCalled") say("gmCalled", { skill });
    if (!d.covers) say("notCovering", { skill, mode: name("Mode", res.mode), index: i + 1 });
  });

  // Reach, range and hidden targets (D27, D28).
  const band = res.band === "beyond" ? "" : name("Range", res.band);
  if (res.refused === "beyondRange") {
    say("beyondRange", { metres: res.metres ?? 0 });
    return lines;
  }
  if (res.refused === "outOfReach") {
    say("outOfReach", { mode: name("Mode", res.mode), reach: res.reach.map((b) => name("Range", b)).join(", "), band });
    return lines;
  }
  if (res.refused === "hidden") {
    say("hidden");
    return lines;
  }
  const diff = res.difficulty!;

  // The difficulty (D17, D18, D26–D28).
  if (diff.defenseIndex < 0) say("passive", { base: diff.base });
  else {
    say("activeBase", { defender: who.defender, skill: name("Defense", diff.source), base: diff.base });
    if (res.defenses.filter((d) => d.covers).length > 1) say("higherCovering", { base: diff.base });
  }
  if (diff.range !== 0) say("rangeModifier", { band, value: signed(diff.range, "+0") });
  else if (res.mode !== "ranged") say("rangeMelee", { band, mode: name("Mode", res.mode) });
  else say("rangeModifier", { band, value: signed(0, "+0") });
  if (diff.cover.level !== "none") {
    say(diff.cover.rolled ? "coverRolled" : "coverStandard", { level: name("Cover", diff.cover.level), value: signed(diff.cover.value, "+0") });
  }
  for (const m of diff.modifiers) {
    say(m.rolled ? "modifierRolled" : "modifier", { label: m.label ?? localize(`${K}unnamedModifier`), value: signed(m.value, "+0") });
  }
  if (diff.floorApplied) say("floor", { beforeFloor: diff.beforeFloor, final: diff.final });
  else say("difficulty", { final: diff.final });

  // The attack roll and hit or miss (D41, D2, D30).
  const at = res.attack!;
  const adjusted = adjustments(at);
  say(adjusted ? "attackRoll" : "attackRollPlain", {
    attacker: who.attacker, base: formatDieCode(at.plan.base), adjustments: adjusted, code: formatDieCode(at.plan.code),
    faces: faces(at.reading), flat: flat(at.flat), total: at.total,
  });
  complication(at.reading, localize(`${K}attackRollName`));
  if (res.hit) say("hit", { total: at.total, difficulty: diff.final, margin: res.margin ?? 0 });
  else say("miss", { total: at.total, difficulty: diff.final, short: -(res.margin ?? 0) });

  // The blade and the bare hand (D21, D22).
  if (res.bladeRule === "bladeParry") say("bladeParry", { attacker: who.attacker, defender: who.defender, code: formatDieCode(res.damage!.code) });
  if (res.bladeRule === "bareHandBlock") {
    if (res.spared) say("bareHandSpared", { defender: who.defender });
    else say("bareHandBlock", { defender: who.defender, code: formatDieCode(res.damage!.code) });
  }
  const dmg = res.damage;
  if (!dmg) return lines;
  const struck = who[dmg.to];

  // Damage (D31–D33).
  if (dmg.rule === "hit") {
    if (dmg.strengthDamage !== null) say("damageStrength", { strength: dmg.strengthDamage, code: formatDieCode(dmg.code) });
    else say("damageCode", { code: formatDieCode(dmg.code) });
  }
  if (!dmg.reading) {
    say("pendingDamage", { code: formatDieCode(dmg.code) });
    return lines;
  }
  say("damageRoll", { code: formatDieCode(dmg.code), faces: faces(dmg.reading), flat: flat(dmg.flat), roll: dmg.reading.total + dmg.flat });
  if (dmg.rule === "hit") say("damageBonus", { margin: res.margin ?? 0, bonus: dmg.bonus, total: dmg.total ?? 0 });

  // Resistance and wounds (D34–D37).
  const resist = res.resistance!;
  if (!resist.reading) {
    say("pendingResistance", { struck, code: formatDieCode(resist.code) });
    return lines;
  }
  say("resistance", { struck, code: formatDieCode(resist.code), faces: faces(resist.reading), total: resist.total ?? 0 });
  const taken = res.woundTaken ?? "none";
  if (taken === "none") say("noWound", { damage: dmg.total ?? 0, resistance: resist.total ?? 0, excess: res.excess ?? 0 });
  else say("wound", { damage: dmg.total ?? 0, resistance: resist.total ?? 0, excess: res.excess ?? 0, level: name("Wound", taken) });
  const before: WoundStatus = res.before[dmg.to];
  const after: WoundStatus = res.after[dmg.to];
  if (taken !== "none" && before.level !== "none") {
    say("stacking", { before: name("Wound", before.level), taken: name("Wound", taken), after: name("Wound", after.level) });
  }
  if (taken === "none") return lines;
  if (after.unableToAct) say(after.out ? "killed" : after.dying ? "dying" : "unableToAct", { struck, level: name("Wound", after.level) });
  else if (after.untilRound !== null) say("penaltyUntil", { struck, level: name("Wound", after.level), dice: after.penaltyDice, until: after.untilRound });
  else say("penalty", { struck, level: name("Wound", after.level), dice: after.penaltyDice });
  return lines;
}
