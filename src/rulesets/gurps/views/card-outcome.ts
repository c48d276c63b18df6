/**
 * The GURPS attack card's outcome headline (docs/style.md, "Card anatomy"):
 * who takes what, the biggest line on the card, in its tone — "Pierre takes
 * 9 injury: HP 12 → 3" — and on one line under it what comes with it, each
 * in its colour: shock (G77), the major wound and its HT roll (G78), reeling
 * (G80), knocked back or down (G74, G48), unconscious, dying or dead (G81).
 * Before the injury is known the headline says where the attack stands (a
 * miss, a hit awaiting the defense, a defense that held; the margin is the
 * card's skill line's). Pure; every figure is the core's.
 */
import type { Localize } from "../../../core/messages.js";
import type { OutcomeView, Tone } from "../../../core/views/house.js";
import { figure, signed } from "../../../core/views/text.js";
import type { GurpsResolution, VictimResult } from "../rules/index.js";
import type { GurpsPhase } from "../workflow/flow.js";

const H = "CYCHOSYS.Gurps.Card.headline.";
type Detail = { text: string; tone: Tone };

/** Who takes what: "Pierre takes 9 injury: HP 12 → 3", "Pierre loses 4 FP", "Pierre takes no injury". */
function takes(v: VictimResult, name: string, localize: Localize): string {
  if (v.injury > 0) return localize(`${H}takes`, { name, injury: figure(v.injury), before: figure(v.hpBefore), after: figure(v.after.hp) });
  if (v.fpLost > 0) return localize(`${H}losesFp`, { name, fp: figure(v.fpLost) });
  return localize(`${H}noInjury`, { name });
}

/** What comes with a victim's injury, worst last: shock, the major wound (and its roll), reeling, knockback, a fall, unconsciousness, death checks. */
function victimDetails(v: VictimResult, localize: Localize): Detail[] {
  const out: Detail[] = [];
  const say = (key: string, tone: Tone, params: Record<string, string> = {}) => out.push({ text: localize(`${H}${key}`, params), tone });
  if (v.after.shock > 0) say("shock", "shock", { shock: signed(-v.after.shock) });
  for (const m of v.majorWounds) {
    if (!m.roll) say("majorWoundOwed", "wound", { ht: figure(m.effective) });
    else say(`majorWound.${m.result ?? "none"}`, "wound");
  }
  if (v.after.reeling) say("reeling", "wound");
  if (v.knockback) say("knockedBack", "shock", { yards: figure(v.knockback.yards) });
  // A major wound's failed roll already says he is down (G78).
  if (v.fell && !v.majorWounds.some((m) => m.result === "stunned" || m.result === "unconscious")) say("knockedDown", "shock");
  if (v.after.unconscious && !v.majorWounds.some((m) => m.result === "unconscious")) say("unconscious", "wound");
  if (v.deathChecks.some((c) => !c.roll)) say("deathCheckOwed", "wound");
  if (v.after.dead) say("dead", "wound");
  else if (v.after.mortallyWounded) say("mortallyWounded", "wound");
  return out;
}

/**
 * The headline for the attack as it stands: `names` are the attacker's and the
 * defender's; null before the attack is rolled (or when it is refused).
 */
export function gurpsOutcomeView(r: GurpsResolution, phase: GurpsPhase, names: { attacker: string; defender: string }, localize: Localize): OutcomeView | null {
  if (!r.attack) return null;
  const critical = r.attack.critical;
  if (!r.attack.success) {
    return { text: localize(`${H}${critical === "failure" ? "criticalMiss" : "miss"}`), tone: "miss" };
  }
  if (r.victim || r.self) {
    const main = r.victim ? { v: r.victim, name: names.defender } : { v: r.self!, name: names.attacker };
    const details = victimDetails(main.v, localize);
    // A slam strikes both sides (G48): the slammer's own injury goes under the foe's.
    if (r.victim && r.self) details.push({ text: takes(r.self, names.attacker, localize), tone: r.self.injury > 0 ? "hit" : "miss" }, ...victimDetails(r.self, localize));
    return { text: takes(main.v, main.name, localize), tone: main.v.injury > 0 || main.v.fpLost > 0 ? "hit" : "miss", details };
  }
  // Still on its way (the defense, the damage or another roll owed; the card's phase says which): a hit so far.
  if (phase === "awaitingDefense" || phase === "awaitingDamage" || phase === "awaitingRolls") return { text: localize(`${H}${critical === "success" ? "criticalHit" : "hit"}`), tone: "hit" };
  if (r.hitsLanding === 0 && r.defenses.length) return { text: localize(`${H}defended`, { name: names.defender }), tone: "good" };
  return { text: localize(`${H}noInjury`, { name: names.defender }), tone: "miss" };
}
