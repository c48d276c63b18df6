/**
 * The chapter's own example and every seed check, run through the phase
 * engine and narrated line by line (`npm run demo -- phase`). Every figure
 * comes from the rules core; this file only stages the scenes.
 */
import { english } from "../../../core/messages.js";
import { sentenceCase } from "../../../core/views/text.js";
import { phaseClock } from "./clock.js";
import { explainPhaseAttack } from "./explain.js";
import { driftPath } from "./location.js";
import { PHASE_STANDARD_RULES, type PhaseRules } from "./options.js";
import { closeInitiative, rollInitiativeFor, startPhase } from "./phase-start.js";
import { readPhaseAttack, resolvePhaseAttack } from "./scenario.js";
import { PHASE_ATTACK_SCENARIOS, PHASE_SEQUENCE_SCENARIOS } from "./seed-scenarios.js";
import { readPhaseSequence } from "./sequence-scenario.js";
import { runPhaseSequence } from "./sequence.js";
import { explainPhaseSequence } from "./sequence-explain.js";
import { declareAction, takeFree } from "./slots.js";
import { AREAS } from "./types.js";
import { declarationView, type Viewer } from "./view.js";
import { actionLabel } from "./words.js";

const t = (key: string, params: Record<string, unknown> = {}) => english(`CYCHOSYS.Phase.Demo.${key}`, params);
const area = (a: string) => english(`CYCHOSYS.Phase.Area.${a}`);

/** The narrated lines of the seed checks (`npm run demo -- phase`). */
export function phaseDemoScript(rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES): string[] {
  const out: string[] = [];
  const line = (text = "") => out.push(text);
  const heading = (text: string) => {
    line();
    line(text);
    line("-".repeat(text.length));
  };
  const attack = (name: string) => {
    const s = readPhaseAttack(PHASE_ATTACK_SCENARIOS[name], rules);
    for (const l of explainPhaseAttack(resolvePhaseAttack(s), s.names, english, s.rules)) line(`  ${l.text}`);
  };
  const sequence = (name: string) => {
    const s = readPhaseSequence(PHASE_SEQUENCE_SCENARIOS[name], rules);
    for (const l of explainPhaseSequence(runPhaseSequence(s), english, s.rules)) line(`  ${l.text}`);
  };

  line(t("title"));
  line(t("intro"));

  heading(t("barTitle"));
  sequence("seed-01-05-leroy-and-earl");
  heading(t("viewTitle"));
  viewScene(line, rules);

  heading(t("combinedTitle"));
  sequence("seed-06-target-and-fire");
  heading(t("cancelTitle"));
  sequence("cancel-target-and-fire");

  heading(t("orderTitle"));
  sequence("seed-07-resolution-order");

  heading(t("wildTitle"));
  attack("seed-08-wild-shot");

  heading(t("surpriseTitle"));
  sequence("seed-09-surprise");

  heading(t("calledTitle"));
  for (const total of [14, 13, 12, 11, 10, 9]) {
    const s = readPhaseAttack(PHASE_ATTACK_SCENARIOS[`seed-10-called-head-${String(total).padStart(2, "0")}`], rules);
    const r = resolvePhaseAttack(s);
    const hit = r.checks[0]!.hits[0];
    line(t(hit?.placement.area ? "calledLine" : "calledMiss", { total, area: hit?.placement.area ? area(hit.placement.area) : "" }));
  }

  heading(t("pathsTitle"));
  for (const a of AREAS) line(sentenceCase(t("path", { area: area(a), path: driftPath(a, rules).map(area).join(" → ") })));
  for (const name of ["seed-11-arm-path", "drift-into-cover"]) attack(name);

  heading(t("locationTitle"));
  attack("seed-12-location-roll-1");
  heading(t("burstTitle"));
  attack("seed-13-three-round-burst");
  heading(t("stunTitle"));
  attack("seed-14-stun-attack");
  heading(t("traumaTitle"));
  attack("traumatic-wound-incapacitates");

  heading(t("clockTitle"));
  const c = phaseClock(21, rules);
  line(t("clock", { phase: c.phase, round: c.round, turn: c.turn, minute: c.minute }));
  sequence("seed-15-clock-phase-21");
  line();
  line(t("end"));
  return out;
}

/** Phase 1 of the bar fight stopped after Leroy's slot: what each side's screen shows. */
function viewScene(line: (text?: string) => void, rules: Readonly<PhaseRules>): void {
  const s = readPhaseSequence(PHASE_SEQUENCE_SCENARIOS["seed-01-05-leroy-and-earl"], rules);
  let state = startPhase(s.state, s.fighters, {}, s.rules);
  state = rollInitiativeFor(state, s.fighters, "leroy", [5, 7], null, s.rules);
  state = rollInitiativeFor(state, s.fighters, "earl", [7, 9], null, s.rules);
  state = closeInitiative(state);
  state = declareAction(state, s.fighters, "leroy", { action: "draw", weapon: "pistol" }, s.rules);
  state = takeFree(state, s.fighters, "earl", { action: "draw", weapon: "pistol", face: 6 }, s.rules).state;
  state = declareAction(state, s.fighters, "earl", { action: "targeting", target: "leroy", area: "head" }, s.rules);
  const viewers: [string, Viewer][] = [
    [t("viewerLeroy"), { isGM: false, owns: (id) => id === "leroy" }],
    [t("viewerGM"), { isGM: true, owns: () => true }],
  ];
  for (const [who, viewer] of viewers) {
    line(t("viewer", { who }));
    for (const row of declarationView(state, viewer, s.rules).rows) {
      const a = row.action;
      const what = !a ? t("nothing") : a.hidden ? t("hidden") : `${actionLabel(a.action)}${a.target ? ` → ${s.names[a.target]}` : ""}${a.area ? ` (${area(a.area)})` : ""}`;
      line(t("row", { name: s.names[row.id], initiative: row.initiative ?? "—", what }));
    }
  }
}
