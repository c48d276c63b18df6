/**
 * The documented outcome JSON of a CWN combat scenario (docs/rulesets/cwn.md)
 * and its narration: the initiative order (W3), each step's result or
 * refusal with its reason, the events it caused, and every fighter's round
 * at the end — what it has left (W7), its states and their expiry (W25–W27).
 */
import type { ExplainLine, Localize } from "../../../core/messages.js";
import { english } from "../../../core/messages.js";
import { listText, pluralKey, sentenceCase } from "../../../core/views/text.js";
import type { CwnEvent } from "./combat.js";
import type { CwnCombatRun } from "./combat-scenario.js";
import { actionsLeft } from "./round.js";

export interface CwnCombatOutcomeJson {
  scenario: "combat";
  initiative: CwnCombatRun["initiative"];
  owed: string[][];
  steps: { step: number; do: string; fighter: string | null; ok: boolean; refusal: { code: string; rule: string | null; text: string } | null; events: CwnEvent[] }[];
  final: {
    round: number;
    actingSide: string | null;
    sides: Record<string, { done: boolean; lostThisRound: string[]; morale: { score: number; status: string; roll: number | null } }>;
    fighters: Record<string, {
      turn: string; main: string; move: string; moves: number; holding: boolean; withdrawn: boolean; prone: boolean; downed: string;
      left: { main: boolean; move: boolean; instantMain: boolean; onTurn: boolean };
      effects: { kind: string; since: number; lapsesAtTurnIn: number; allyId?: string; usesLeft?: number }[];
      log: string[];
      /** W19: hit points and soak as the script left them, for a member that gave its figures as a target. */
      hitPoints?: { hp: number; soak: number };
    }>;
    swarms: { id: number; side: string; target: string; participants: string[]; status: string }[];
  } | null;
}

export function cwnCombatOutcomeJson(run: CwnCombatRun): CwnCombatOutcomeJson {
  const s = run.state;
  return {
    scenario: "combat",
    initiative: run.initiative.map((x) => ({ ...x })),
    owed: run.owed.map((g) => [...g]),
    steps: run.results.map((r) => ({ step: r.step, do: r.do, fighter: r.fighter, ok: r.ok, refusal: r.refusal && { ...r.refusal }, events: r.events.map((e) => ({ ...e }) as CwnEvent) })),
    final: s && {
      round: s.round,
      actingSide: s.order[s.current] ?? null,
      sides: Object.fromEntries(s.order.map((id) => {
        const side = s.sides[id]!;
        return [id, { done: side.done, lostThisRound: [...side.lostThisRound], morale: { ...side.morale } }];
      })),
      fighters: Object.fromEntries(Object.entries(s.fighters).map(([id, f]) => [id, {
        turn: f.turn, main: f.main, move: f.move, moves: f.moves, holding: f.holding, withdrawn: f.withdrawn, prone: f.prone, downed: f.downed,
        left: actionsLeft(f), effects: f.effects.map((e) => ({ ...e })), log: f.log.map((l) => l.action),
        ...(run.hitPoints.has(id) && { hitPoints: { ...run.hitPoints.get(id)! } }),
      }])),
      swarms: s.swarms.map((w) => ({ id: w.id, side: w.sideId, target: w.targetId, participants: [...w.participants], status: w.status })),
    },
  };
}

const K = "CYCHOSYS.Cwn.Event.";

/** The events of a combat run in words, each citing its rule. */
export function explainCwnCombat(run: CwnCombatRun, localize: Localize = english): ExplainLine[] {
  const lines: ExplainLine[] = [];
  const say = (key: string, params: Record<string, string | number> = {}) => lines.push({ key: K + key, params, text: sentenceCase(localize(K + key, params)) });
  for (const x of run.initiative) say("initiative", { side: x.side, roll: x.roll, dex: x.dex >= 0 ? `+ ${x.dex}` : `− ${-x.dex}`, total: x.total });
  if (run.owed.length) {
    for (const g of run.owed) say("tieOwed", { sides: listText(g) });
    return lines;
  }
  if (run.initiative.length) say("order", { order: run.initiative.map((x) => x.side).join(", ") });
  for (const r of run.results) {
    if (!r.ok) say("refused", { who: r.fighter ?? "", what: localize(`CYCHOSYS.Cwn.Action.${r.do}`), reason: r.refusal!.text });
    for (const e of r.events) lines.push(...explainCwnEvent(e, localize));
  }
  return lines;
}

/** Fields of an event that name fighters or sides (the table shows names, the headless outcome ids). */
const NAMED = new Set(["fighterId", "sideId", "by", "heldLapsed"]);

/** One event of the fight in words, a sentence (its first letter a capital); `name` turns a fighter's or side's id into what the table calls it. */
export function explainCwnEvent(e: CwnEvent, localize: Localize = english, name: (id: string) => string = (id) => id): ExplainLine[] {
  return eventLines(e, localize, name).map((line) => ({ ...line, text: sentenceCase(line.text) }));
}

/** The key of a count's wording (`<key>.one`, `<key>.other`). */
const counted = (key: string, count: number, localize: Localize) => pluralKey(key, count, (k) => localize(k) !== k);

function eventLines(e: CwnEvent, localize: Localize, name: (id: string) => string): ExplainLine[] {
  const params: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(e)) {
    if (k === "kind") continue;
    const named = NAMED.has(k) ? (Array.isArray(v) ? v.map((x) => name(String(x))) : name(String(v))) : v;
    params[k] = Array.isArray(named) ? listText(named) : String(named ?? "");
  }
  if (e.kind === "acted") {
    params.action = localize(`CYCHOSYS.Cwn.Action.${e.action}`);
    params.paid = e.paid.map((p) => localize(`CYCHOSYS.Cwn.ActionType.${p}`)).join(" + ");
    if (e.outOfTurn) return [{ key: `${K}actedOutOfTurn`, params, text: localize(`${K}actedOutOfTurn`, params) }];
  }
  if (e.kind === "turnStarted" && e.lapsed.length) {
    params.lapsed = listText(e.lapsed.map((k) => localize(`CYCHOSYS.Cwn.State.${k}`)));
    const key = counted(`${K}turnStartedLapsed`, e.lapsed.length, localize);
    return [{ key, params, text: localize(key, params) }];
  }
  if (e.kind === "swarmJoined" || e.kind === "screenSpent") {
    const key = counted(K + e.kind, e.kind === "swarmJoined" ? e.participants : e.usesLeft, localize);
    return [{ key, params, text: localize(key, params) }];
  }
  if (e.kind === "freeAttack") {
    params.state = e.downed ? localize(`CYCHOSYS.Cwn.Downed.${e.downed}`) : "";
    const key = `${K}freeAttack${e.downed ? "Down" : e.dealt > 0 ? (e.hit ? "Hit" : "Shock") : "Miss"}`;
    return [{ key, params, text: localize(key, params) }];
  }
  if (e.kind === "moveCancelled") params.action = localize(`CYCHOSYS.Cwn.Action.${e.action}`);
  if (e.kind === "turnEnded" && e.forfeited.length) {
    params.forfeited = e.forfeited.map((p) => localize(`CYCHOSYS.Cwn.ActionType.${p}`)).join(localize(`${K}and`));
    return [{ key: `${K}turnEndedForfeit`, params, text: localize(`${K}turnEndedForfeit`, params) }];
  }
  if (e.kind === "roundEnded" && e.heldLapsed.length) return [{ key: `${K}roundEndedHeld`, params, text: localize(`${K}roundEndedHeld`, params) }];
  if (e.kind === "downed") params.state = localize(`CYCHOSYS.Cwn.Downed.${e.state}`);
  if (e.kind === "moraleChecked") params.verdict = localize(`${K}${e.broken ? "broken" : "held"}`);
  return [{ key: K + e.kind, params, text: localize(K + e.kind, params) }];
}
