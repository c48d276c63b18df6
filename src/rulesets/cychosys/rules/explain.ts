/**
 * Every step of a resolved attack in words a player follows, each line citing
 * its rule. Text comes from `CYCHOSYS.Explain.*`; the caller passes the
 * localizer (English by default, `game.i18n.format` in Foundry), so this file
 * does no arithmetic of its own: it only reads the resolution.
 */
import type { Side } from "./contest.js";
import { formatFacets } from "./injury.js";
import { english } from "../../../core/messages.js";
import { type Bundle, countLetter, type EffectMark, formatBundle, formatImpact, formatLetters } from "./notation.js";
import { type Rules, STANDARD_RULES } from "./options.js";
import type { AttackResolution } from "./resolve.js";
import { FACETS } from "./types.js";
import { countOf } from "./words.js";
import { figure, sentenceCase } from "../../../core/views/text.js";

import type { ExplainLine, Localize } from "../../../core/messages.js";
export type { ExplainLine, Localize };

export interface ExplainNames {
  attacker?: string;
  defender?: string;
  /** The parrying object's name. */
  object?: string;
}

const K = "CYCHOSYS.Explain.";

export function explainAttack(
  resolution: AttackResolution,
  names: ExplainNames = {},
  localize: Localize = english,
  rules: Rules = STANDARD_RULES,
): ExplainLine[] {
  const lines: ExplainLine[] = [];
  const say = (key: string, params: Record<string, string | number> = {}) =>
    lines.push({ key: K + key, params, text: sentenceCase(localize(K + key, params)) });
  const who: Record<Side, string> = {
    attacker: names.attacker ?? localize(`${K}attacker`),
    defender: names.defender ?? localize(`${K}defender`),
  };
  const fmt = (b: Bundle) => formatBundle(b, rules.effects);
  const c = resolution.contest;
  const strike = resolution.strike;
  const base = { attacker: who.attacker, defender: who.defender, attack: c.attackTotal, defense: c.defenseTotal };

  // The contest (R22–R25).
  if (c.form === "evade") {
    say(c.struck === "none" ? "evadeMiss" : "evadeHit", base);
    if (c.struck !== "none" && c.attackTotal === c.defenseTotal) say("surgeTie");
  } else if (c.form === "brave") {
    say("brave", base);
  } else if (c.form === "parry") {
    say(c.parryWon ? "parryWon" : "parryLost", base);
    if (c.parryWon && c.parryBonus !== undefined) {
      say("parryBonus", { ...base, bonus: c.parryBonus, difference: c.defenseTotal - c.attackTotal });
    }
  } else {
    for (const step of c.exchange ?? []) {
      say("counterStep", {
        side: who[step.side],
        raw: step.raw,
        handicap: step.handicap,
        total: step.total,
        answers: step.answers,
        verdict: localize(K + (step.beat ? "counterSeizes" : "counterFails")),
      });
    }
    if (c.declinedBy) say("counterDeclined", { side: who[c.declinedBy] });
    if (c.striker && c.struck !== "none") {
      say("counterStrikes", { striker: who[c.striker], struck: who[c.struck], strikingTotal: c.strikingTotal ?? 0, otherTotal: c.otherTotal ?? 0 });
    }
  }

  // R35: where the blow would land (R29) and the T found there (R30).
  const small = resolution.smallTarget;
  if (resolution.missed === "smallTarget" && small && c.struck !== "none") {
    const location = localize(`CYCHOSYS.Location.${small.location}`);
    if (small.aimed || c.strikingTotal === undefined) say("locationAimed", { location });
    else say("locationDigit", { digit: Math.abs(c.strikingTotal) % 10, total: c.strikingTotal, location });
    say("smallTarget", { struck: who[c.struck], location, needed: small.needed, has: small.has });
  }
  if (!strike || resolution.struck === "none") return lines;
  const struck = who[resolution.struck];
  const hits = (n: number) => countOf("hit", n, localize);
  const withEffects = (marks: readonly EffectMark[]) =>
    marks.length ? localize(`${K}antiImpactEffects`, { letters: formatLetters(marks) }) : "";

  // Result, impact, injury, piercing (R26–R28).
  const r = strike.result;
  say("result", { strikingTotal: c.strikingTotal ?? 0, otherTotal: c.otherTotal ?? 0, base: figure(r.base) });
  if (r.forceBonus) say("resultForce", { bonus: r.forceBonus, count: countLetter(c.edge!, "F"), value: r.value });
  if (r.value <= 0) say("noImpact", { value: figure(r.value) });
  else say("impact", { value: r.value, impact: formatImpact(r.impact) });
  say("injury", { edge: fmt(c.edge!), hits: countOf("impactHit", r.impact.hits, localize), injury: fmt(strike.injury) });
  if (strike.piercing.pierced.length) {
    say("piercing", { count: strike.piercing.pierced.length, letters: strike.piercing.pierced.join(", ") });
  }

  // Anti-impact and the parrying object (R24, R25).
  if (strike.antiImpact) {
    const a = strike.antiImpact;
    say("antiImpact", { defense: c.otherTotal ?? 0, impact: formatImpact(a.impact), hits: hits(a.cancelledHits), effects: withEffects(a.cancelledEffects), after: fmt(a.injury) });
  }
  if (strike.object) {
    const o = strike.object;
    const object = names.object ?? localize(`${K}objectName`);
    say("object", {
      object,
      shield: fmt(o.shield),
      hits: hits(o.cancelledHits),
      effects: withEffects(o.cancelledEffects),
      taken: o.hitsTaken,
      objectHits: hits(o.objectHits),
      after: fmt(o.injury),
    });
    if (o.destroyed) say("objectDestroyed", { object });
  }

  // Location, soak (R29–R31).
  const location = localize(`CYCHOSYS.Location.${strike.location}`);
  if (strike.aimed || c.strikingTotal === undefined) say("locationAimed", { location });
  else say("locationDigit", { digit: Math.abs(c.strikingTotal!) % 10, total: c.strikingTotal!, location });
  const s = strike.soak;
  if (s.shield.effects.length === 0 && s.shield.hits === 0) say("noOutfit", { location });
  else say("shield", { shield: fmt(s.shield), steps: countOf("soakStep", s.steps, localize) });
  if (s.bypassedByVolume || s.bypassedByTargeting) {
    say("bypass", { volume: countOf("step", s.bypassedByVolume, localize), targeting: countOf("step", s.bypassedByTargeting, localize) });
  }
  const soakedAnything = s.cancelledHits > 0 || s.cancelledEffects.length > 0;
  if (s.applied > 0 && soakedAnything) {
    say("soaked", { applied: countOf("step", s.applied, localize), hits: hits(s.cancelledHits), effects: withEffects(s.cancelledEffects), after: fmt(s.injury) });
  } else if (s.applied === 0) {
    say("notSoaked", { after: fmt(s.injury) });
  }

  // Reduction, conditions, hits (R32, R33, R36).
  for (const letter of strike.reduction.reduced) {
    const cost = rules.effects.effects.find((e) => e.letter === letter)?.reduceCost;
    say("reduced", { struck, letter, cost: cost ? formatFacets(cost) : "0" });
  }
  if (strike.taken.length) say("taken", { struck, conditions: countOf("condition", strike.taken.length, localize), letters: formatLetters(strike.taken) });
  else say("noneTaken", { struck });
  const d = strike.distribution;
  if (strike.hits === 0) {
    say("noHits", { struck });
    return lines;
  }
  if (!d || !strike.pools) {
    say("hitsUndistributed", { struck, hits: hits(strike.hits) });
    return lines;
  }
  if (strike.nonLethal) {
    const facet = strike.nonLethal;
    say("fatigue", { struck, hits: d.distribution[facet], facet: localize(`CYCHOSYS.Facet.${facet}`), value: strike.pools.fatigue[facet] });
  } else {
    say("hits", { struck, hits: hits(strike.hits), distribution: formatFacets(d.distribution), pools: formatFacets(strike.pools.hit, false) });
  }
  if (d.overflow) say("overflow", { overflow: hits(d.overflow) });
  for (const facet of FACETS) {
    if (strike.pools.hit[facet] <= 0) say("outOfFight", { struck, facet: localize(`CYCHOSYS.Facet.${facet}`) });
  }
  return lines;
}
