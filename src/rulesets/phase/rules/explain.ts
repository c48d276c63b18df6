/**
 * An attack resolution in words, one line per step, each citing its rule id.
 * The text comes from `CYCHOSYS.Phase.Explain.*` through the caller's
 * localizer (English by default, `game.i18n.format` in Foundry). No
 * arithmetic here beyond reading the figures.
 */
import type { ExplainLine, Localize } from "../../../core/messages.js";
import { english } from "../../../core/messages.js";
import type { AttackResolution, CheckFigure, HitFigure } from "./attack.js";
import { formatDamageFormula } from "./damage-formula.js";
import { PHASE_STANDARD_RULES, type PhaseRules } from "./options.js";
import type { Area } from "./types.js";
import { countKey, theAreas } from "./words.js";
import { sentenceCase, signed as signedFigure } from "../../../core/views/text.js";

export type { ExplainLine, Localize };

export interface PhaseExplainNames {
  attacker?: string;
  target?: string;
}

const K = "CYCHOSYS.Phase.Explain.";

/** A modifier with its sign and a true minus: +2, −1, +0. */
export const signed = (n: number): string => signedFigure(n, "+0");

export function explainPhaseAttack(res: AttackResolution, names: PhaseExplainNames = {}, localize: Localize = english, rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES): ExplainLine[] {
  const lines: ExplainLine[] = [];
  // Every line a sentence; a count's key the form its plural takes (`ammo.one`, `ammo.other`).
  const say = (key: string, params: Record<string, string | number> = {}, count?: number) => {
    const full = count === undefined ? K + key : countKey(K + key, count);
    lines.push({ key: full, params, text: sentenceCase(localize(full, params)) });
  };
  const area = (a: Area) => localize(`CYCHOSYS.Phase.Area.${a}`);
  const target = names.target ?? localize(`${K}theTarget`);
  const attacker = names.attacker ?? localize(`${K}theAttacker`);

  // The TN (P17, P26, P35) and the call (P18); a wild shot (P14).
  const tn = res.tn;
  const parts = [
    tn.range ? localize(`${K}tnRange`, { value: signed(tn.range) }) : "",
    tn.cover ? localize(`${K}tnCover`, { value: signed(tn.cover) }) : "",
    tn.other ? localize(`${K}tnOther`, { value: signed(tn.other) }) : "",
    tn.defend ? localize(`${K}tnDefend`, { value: signed(tn.defend) }) : "",
  ].join("");
  say(parts ? "tnModified" : "tn", { attack: tn.attack, parts, plain: tn.plain });
  if (res.wild) say("wild", { penalty: rules.wildShotPenalty });
  if (res.callDropped) say("callDropped", { area: area(res.callDropped) });
  if (res.aimDropped) say("aimDropped", { aim: res.aimHeld });
  if (res.called) say("called", { area: area(res.called), modifier: tn.calledModifier, raised: tn.raised });

  res.checks.forEach((c, i) => explainCheck(c, i, res, say, localize, area, rules));
  if (res.pending) {
    say(`pending.${res.pending.roll}`, { check: res.pending.check + 1, hit: res.pending.hit + 1 });
    return lines;
  }
  if (res.ammoSpent) say("ammo", { rounds: res.ammoSpent }, res.ammoSpent);

  // The wounds after (P30).
  if (res.landed) {
    const w = res.after;
    say("woundsAfter", { target, flesh: w.flesh, fleshMax: w.fleshMax, stun: w.stun, traumas: w.traumas.length, limit: w.traumaLimit, penalty: signedFigure(res.conditionAfter.penalty, "±0") });
    for (const s of res.conditionAfter.states) if (!res.conditionBefore.states.includes(s)) say(`state.${s}`, { target });
  } else if (!res.hits) say("noHit", { attacker, target });
  return lines;
}

function explainCheck(
  c: CheckFigure,
  i: number,
  res: AttackResolution,
  say: Say,
  localize: Localize,
  area: (a: Area) => string,
  rules: Readonly<PhaseRules>,
): void {
  const r = c.check;
  const mods = [
    res.modifiers.wild ? localize(`${K}modWild`, { value: signed(res.modifiers.wild) }) : "",
    c.aim ? localize(`${K}modAim`, { value: signed(c.aim) }) : "",
    r.woundPenalty ? localize(`${K}modWounds`, { value: signed(r.woundPenalty) }) : "",
  ].join("");
  say(res.burst ? "burstCheck" : "check", { n: i + 1, face: r.face, attribute: r.attribute, skill: r.skill, mods, total: r.total });
  if (c.result === "miss") say("miss", { total: r.total, plain: res.tn.plain });
  else if (c.result === "partial") say("partial", { total: r.total, plain: res.tn.plain, raised: res.tn.raised, shortfall: c.shortfall });
  else if (res.called) say("hitCalledTN", { total: r.total, raised: res.tn.raised, plain: res.tn.plain, margin: c.margin });
  else say("hit", { total: r.total, tn: res.tn.plain, margin: c.margin });
  if (res.burst && c.result !== "miss") say("burstHits", { margin: c.margin, step: rules.burstHitMarginStep, hits: c.scored, max: rules.burstMaxHits }, c.scored);
  c.hits.forEach((h, j) => explainHit(h, j, res, say, area, localize));
}

type Say = (key: string, params?: Record<string, string | number>, count?: number) => void;

function explainHit(h: HitFigure, j: number, res: AttackResolution, say: Say, area: (a: Area) => string, localize: Localize): void {
  const p = h.placement;
  const n = j + 1;
  if (p.how === "called") say("hitCalled", { n, area: area(p.landed) });
  else if (p.how === "drift") say("hitDrift", { n, steps: p.shortfall, called: area(res.called!), area: area(p.landed) }, p.shortfall);
  else say("hitChart", { n, face: h.locationFace ?? 0, area: area(p.landed) });
  if (p.walked.length) {
    const walked = theAreas(p.walked, localize);
    if (p.area) say("walked", { walked, area: area(p.area) });
    else say(p.stoppedBy === "cover" ? "stoppedCover" : "stoppedMissing", { walked });
  }
  const d = h.damage;
  if (!d || !p.area) return;
  say(res.stun ? "damageStun" : "damage", { formula: formatDamageFormula(res.damage), faces: d.faces.join(" + ") || "—", rolled: d.rolled, armor: d.armor, after: d.afterArmor }, d.afterArmor);
  if (d.reason === "threshold") say("traumaThreshold", { after: d.afterArmor, area: area(p.area), threshold: d.threshold });
  else if (d.reason === "always") say("traumaAlways");
  else if (!res.stun) say("noTrauma", { after: d.afterArmor, area: area(p.area), threshold: d.threshold });
}
