/**
 * What a CWN attack card shows one user (docs/rulesets/cwn.md, "On the
 * table"): the dice rolled (the d20, the Trauma Die, the damage dice), the
 * verdict against the AC (W14), a Traumatic Hit flagged (W15, W38), the
 * whole resolution in words with rule ids (the core's explainCwnAttack), a
 * screen's checks (W26, W40), what was applied, and — for this user only —
 * the buttons they may press. Pure.
 */
import type { FlowUser } from "../../../core/ruleset.js";
import { english, type Localize } from "../../../core/messages.js";
import { explainCwnAttack } from "../rules/explain.js";
import { CWN_STANDARD_RULES, type CwnRules } from "../rules/options.js";
import { screenBar } from "../rules/screen.js";
import { DOWNED_STATES } from "../rules/types.js";
import { currentApplication, type CwnFlow, phaseOf, resolutionOf, screenOwed, struckOf } from "../workflow/flow.js";

export const CWN_ATTACK_CARD_TEMPLATE = "systems/cychosys/templates/cwn/chat/attack-card.hbs";

export interface CwnCardButton {
  action: "screen" | "screenChoice" | "apply" | "undo" | "downed";
  label: string;
  screener?: number;
  state?: string;
}

export interface CwnDieGroup {
  label: string;
  faces: number[];
  /** W14: the d20's natural 1 or 20. */
  mark?: "natural1" | "natural20";
}

const NOBODY: FlowUser = { id: "", isGM: false, owns: () => false };
const signed = (n: number) => (n < 0 ? `\u2212${-n}` : `+${n}`);

export function cwnAttackCardView(flow: CwnFlow, viewer: FlowUser, localize: Localize = english, rules: Readonly<CwnRules> = CWN_STANDARD_RULES) {
  const user = flow.pending ? NOBODY : viewer;
  const may = (uuid: string) => user.isGM || user.owns(uuid);
  const K = "CYCHOSYS.Cwn.Card.";
  const phase = phaseOf(flow, rules);
  const owed = screenOwed(flow, rules);
  const target = flow.targets[0]!.target;
  const input = flow.input;
  const screen = input.screen;
  // While screen checks are owed the core cannot go past the screen: nothing more to show yet.
  const resolution = owed ? null : resolutionOf(flow, rules);
  const names = { attacker: flow.attacker.name, defender: target.name, screeners: flow.screeners.map((s) => s.ref.name) };
  const lines = resolution ? explainCwnAttack(resolution, names, localize).map((l) => l.text) : [localize(`${K}screenWaiting`, { name: target.name })];

  const dice: CwnDieGroup[] = [{ label: localize(`${K}d20`), faces: [input.roll], ...(input.roll <= rules.naturalMiss ? { mark: "natural1" as const } : input.roll >= rules.naturalHit ? { mark: "natural20" as const } : {}) }];
  if (input.traumaDice?.length) dice.push({ label: localize(`${K}traumaDie`), faces: [...input.traumaDice] });
  if (input.damageDice?.length) dice.push({ label: localize(`${K}damageDice`), faces: [...input.damageDice] });

  const screenRows = screen
    ? [
        { name: flow.attacker.name, roll: screen.attackerDice.length ? screen.attackerDice.join(" + ") : null, total: resolution?.screen?.attackerTotal ?? null, status: screen.attackerDice.length ? "" : localize(`${K}screenToRoll`) },
        ...screen.screeners.map((s, i) => {
          const bar = screenBar(s, flow.attack.kind, rules);
          const figure = resolution?.screen?.screeners[i];
          const status = bar ? localize(`CYCHOSYS.Cwn.ScreenBar.${bar}`) : !s.dice?.length ? localize(`${K}screenToRoll`) : figure ? localize(`${K}${figure.held ? "screenHeld" : "screenPassed"}`) : "";
          return { name: flow.screeners[i]!.ref.name, roll: s.dice?.length ? s.dice.join(" + ") : null, total: figure?.total ?? null, status };
        }),
      ]
    : [];

  const buttons: CwnCardButton[] = [];
  if (owed) {
    if (owed.attacker && may(flow.attacker.actorUuid)) buttons.push({ action: "screen", label: localize(`${K}rollScreen`, { name: flow.attacker.name }) });
    for (const i of owed.screeners) if (may(flow.screeners[i]!.ref.actorUuid)) buttons.push({ action: "screen", screener: i, label: localize(`${K}rollScreen`, { name: flow.screeners[i]!.ref.name }) });
  } else if (phase === "screenChoice" && may(flow.attacker.actorUuid)) {
    for (const i of resolution!.screen!.tied) buttons.push({ action: "screenChoice", screener: i, label: localize(`${K}pickScreener`, { name: flow.screeners[i]!.ref.name }) });
  }
  const struck = resolution && !owed && phase !== "screenChoice" ? struckOf(flow, resolution) : null;
  if (phase === "resolved" && struck && may(struck.actorUuid)) buttons.push({ action: "apply", label: localize(`${K}apply`, { name: struck.name }) });
  const application = currentApplication(flow);
  if (application && may(application.struck.actorUuid)) buttons.push({ action: "undo", label: localize(`${K}undo`) });
  const downedChoices =
    application?.downedAfter && user.isGM
      ? DOWNED_STATES.filter((s) => s !== "none").map((s) => ({ value: s, label: localize(`CYCHOSYS.Cwn.Downed.${s}`), selected: s === application.downedAfter }))
      : [];

  const hit = resolution?.hit === null || !resolution ? null : resolution.hit;
  const trauma = resolution?.trauma;
  return {
    cwn: true,
    title: localize(`${K}title`, { attacker: flow.attacker.name, target: target.name }),
    weapon: localize(`${K}weapon`, { weapon: flow.attack.weapon, action: localize(`${K}action.${flow.attack.action}`) }),
    swarm: flow.attack.swarm ? localize(`${K}swarm`, { participants: flow.attack.swarm.participants, standing: flow.attack.swarm.standing }) : null,
    situation: [
      localize(`${K}distance.${input.distance ?? "adjacent"}`),
      ...(input.adjacentFoe && input.adjacentFoe !== "none" ? [localize(`${K}adjacentFoe.${input.adjacentFoe}`)] : []),
      ...(input.attacker.hitModifiers ?? []).map((m) => `${m.label} ${signed(m.value)}`),
      localize(`${K}${flow.attack.measured ? "measured" : "declared"}`),
      localize(`${K}${input.lethal === false ? "nonLethal" : "lethal"}`),
    ].join(" · "),
    pending: !!flow.pending,
    dice,
    verdict: hit === null ? null : { hit, label: localize(`${K}${hit ? "hit" : "miss"}`), total: resolution!.hitRoll!.total, ac: resolution!.ac!.total },
    traumatic: trauma?.traumatic ? localize(`${K}traumatic`, { rating: trauma.rating }) : null,
    dealt: resolution && resolution.dealt !== null && !resolution.owed.length ? localize(`${K}dealt`, { amount: resolution.dealt, kind: localize(`${K}${hit ? "damage" : "shock"}`) }) : null,
    lines,
    screen: screenRows,
    phase,
    phaseLabel: localize(`${K}phase.${phase}`, { name: struck?.name ?? target.name }),
    applied: application
      ? localize(`${K}applied`, { name: application.struck.name, hp: application.hpLost, soak: application.soak.reduce((n, p) => n + p.taken, 0) }) +
        (application.downedAfter ? ` ${localize(`${K}appliedDowned`, { state: localize(`CYCHOSYS.Cwn.Downed.${application.downedAfter}`) })}` : "")
      : null,
    buttons,
    downedChoices,
  };
}
export type CwnCardView = ReturnType<typeof cwnAttackCardView>;
