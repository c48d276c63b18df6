/**
 * A CWN resolution in words, one line per step, each citing its rule id.
 * The text comes from `CYCHOSYS.Cwn.Explain.*` through the caller's
 * localizer (English by default, `game.i18n.format` in Foundry). No
 * arithmetic here: every figure is read from the resolution.
 */
import type { ExplainLine, Localize } from "../../../core/messages.js";
import { english } from "../../../core/messages.js";
import { pluralKey, sentenceCase } from "../../../core/views/text.js";
import type { AcPart, HitPart } from "./attack.js";
import { formatDice } from "./dice.js";
import type { CwnResolution } from "./resolve.js";

export type { ExplainLine, Localize };

export interface CwnExplainNames {
  attacker?: string;
  defender?: string;
  /** Screeners' names, by index. */
  screeners?: readonly string[];
}

const K = "CYCHOSYS.Cwn.Explain.";
const N = "CYCHOSYS.Cwn.";

const signed = (n: number) => (n >= 0 ? `+ ${n}` : `− ${-n}`);

export function explainCwnAttack(res: CwnResolution, names: CwnExplainNames = {}, localize: Localize = english): ExplainLine[] {
  const lines: ExplainLine[] = [];
  // Each line a sentence: a name that opens it ("the ganger loses…") starts with a capital.
  const say = (key: string, params: Record<string, string | number> = {}) => lines.push({ key: K + key, params, text: sentenceCase(localize(K + key, params)) });
  /** A line whose wording follows a count (`<key>.one`, `<key>.other`). */
  const sayCount = (key: string, count: number, params: Record<string, string | number>) => say(pluralKey(key, count, (k) => localize(K + k) !== K + k), params);
  const name = (group: string, key: string) => localize(`${N}${group}.${key}`);
  const attacker = names.attacker ?? localize(`${K}attacker`);
  const screenerName = (i: number) => names.screeners?.[i] || localize(`${K}screener`, { n: i + 1 });
  const defender = res.target === "screener" ? screenerName(res.screenerIndex!) : (names.defender ?? localize(`${K}defender`));
  const part = (p: HitPart | AcPart) => {
    const hit = p as HitPart;
    const detail = !p.detail ? "" : p.source === "attribute" ? name("Attribute", p.detail) : p.source === "skill" ? name("Skill", p.detail) : p.detail;
    const what = localize(`${N}Part.${hit.untrained ? "skillUntrained" : p.source}`, { detail, level: hit.level ?? 0 });
    return localize(`${K}part`, { value: signed(p.value), what, rule: p.rule });
  };

  if (res.refused) {
    say("refused", { attacker, reason: name("Refusal", res.refused) });
    return lines;
  }

  // W26, W40: the screen.
  const s = res.screen;
  if (s) {
    say("screenCheck", { attacker, roll: s.attackerRoll, total: s.attackerTotal });
    s.screeners.forEach((x, i) => {
      if (x.barred) say("screenBarred", { screener: screenerName(i), reason: name("ScreenBar", x.barred) });
      else sayCount(x.held ? "screenHeld" : "screenPassed", x.usesAfter, { screener: screenerName(i), roll: x.roll ?? 0, total: x.total ?? 0, attackerTotal: s.attackerTotal, uses: x.usesAfter });
    });
    if (res.owed.includes("screenChoice")) {
      say("screenOwed", { screeners: s.tied.map(screenerName).join(", ") });
      return lines;
    }
    if (s.redirectedTo !== null) say(s.tied.length > 1 ? "screenPicked" : "screenRedirect", { screener: screenerName(s.redirectedTo) });
    else say("screenThrough", { attacker });
  }

  // W13, W39: the hit roll and the AC.
  const roll = res.hitRoll!;
  say("attackRoll", { attacker, roll: roll.natural, parts: roll.parts.map(part).join(" "), total: roll.total });
  const ac = res.ac!;
  say(ac.parts.length ? "acModified" : "ac", { defender, kind: name("AcKind", ac.kind), base: ac.base, parts: ac.parts.map(part).join(" "), total: ac.total });

  // W14: hit or miss.
  if (res.hitBy === "natural1") say("natural1", { total: roll.total, ac: ac.total });
  else if (res.hitBy === "natural20") say("natural20", { total: roll.total, ac: ac.total });
  else say(res.hit ? "hit" : "miss", { total: roll.total, ac: ac.total });

  const shock = res.shock!;
  if (!res.hit) {
    // W18, W24, W27: Shock on a miss.
    if (shock.blockedBy) say(`shockBlocked.${shock.blockedBy}`, { defender, ac: ac.total, shockAc: shock.rating?.ac ?? 0 });
    else {
      const bonus = shock.bonus ? localize(`${K}shockBonus`, { value: signed(shock.bonus) }) : "";
      say("shock", { base: shock.base, attribute: signed(shock.attribute), bonus, amount: shock.amount });
      if (shock.swarmPierced) say("shockSwarm");
    }
  } else {
    // W15: Trauma.
    if (!res.traumaDie) say("noTraumaDie");
    else if (res.owed.includes("trauma")) say("traumaOwed", { die: formatDice(res.traumaDie) });
    else {
      const t = res.trauma!;
      say(t.traumatic ? "traumatic" : "notTraumatic", { die: formatDice(res.traumaDie), faces: t.faces.join(" + "), bonus: t.bonus ? ` ${signed(t.bonus)}` : "", roll: t.roll, target: t.target, rating: t.rating });
    }
    if (res.owed.includes("damage")) say("damageOwed", { dice: formatDice(res.damageDice) });
    if (res.owed.length) return lines;
    // W16, W24, W17.
    const d = res.damage!;
    const extras = [
      d.punch ? localize(`${K}punch`, { value: signed(d.punch) }) : "",
      d.bonus ? localize(`${K}bonus`, { value: signed(d.bonus) }) : "",
      d.swarm ? localize(`${K}swarmBonus`, { value: signed(d.swarm) }) : "",
    ].join("");
    say("damage", { dice: formatDice(res.damageDice), rolled: d.rolled, attribute: signed(d.attribute), extras, total: d.beforeTrauma });
    if (d.swarmCap !== null && d.swarm < d.swarmBonus) say("swarmCap", { cap: d.swarmCap, bonus: d.swarmBonus, applied: d.swarm });
    if (d.multiplier !== 1) say("multiplied", { before: d.beforeTrauma, rating: d.multiplier, after: d.afterTrauma });
    if (d.floorApplied) say("floor", { after: d.afterTrauma, floor: d.floor });
  }

  // W19, W20: soak and hit points.
  const h = res.harm!;
  if (h.alreadyDown) {
    say("alreadyDown", { defender });
    return lines;
  }
  if (h.damage === 0) {
    say("nothingLands", { defender });
    return lines;
  }
  if (h.soakBefore > 0) say("soak", { soaked: h.soaked, before: h.soakBefore, after: h.soakAfter });
  sayCount("hp", h.hpLost, { defender, lost: h.hpLost, before: h.hpBefore, after: h.hpAfter });
  if (h.overflow > 0) say("overflow", { overflow: h.overflow });
  if (h.downed) say("downed", { defender, state: name("Downed", h.downed) });
  if (h.injury) say("injury", { defender });
  return lines;
}
