/**
 * The headless defense scenario (`"kind": "defense"`, docs/rules-command.md):
 * when an active defense starts and ends (D18). One defender's rounds as the
 * tracker plays them, step by step — a new round (D39), her turn at her
 * place (D18: what stands ends; D11: N declared), a moved-up turn (D15),
 * waits and other actions (D11–D13), defenses rolled partial, full or
 * GM-called (D23–D25), an interrupt after a held wait (D14), becoming unable
 * to act and acting again (D10) — and, at any point, the base difficulty an
 * attack would meet then (D17–D18). Each step says which defenses started,
 * which ended, and what stands after it. A step the rules forbid is refused
 * with its rule and reason and changes nothing; the script goes on, as the
 * tracker refuses a request and goes on. The transitions are the core's
 * (actions.ts), the same the tracker's round state makes.
 */
import { english } from "../../../core/messages.js";
import { type RefusalJson, RuleRefusal } from "../../../core/refusal.js";
import {
  becomeUnableToAct, type CombatantRound, declareActions, MAX_DECLARED_ACTIONS, newCombatantRound, regainAbilityToAct, startRound, startTurn, takeAction,
  takeFullDefense, takeGmCalledDefense, takePartialDefense, takeWait, actionsLeft, roundPenaltyDice,
} from "./actions.js";
import { type ActiveDefense, baseDifficulty, coversAttack, rollActiveDefense } from "./defense.js";
import type { DieCode } from "./die-code.js";
import { D6Error } from "./errors.js";
import { D6_STANDARD_RULES, type D6Rules, makeD6Rules } from "./options.js";
import { type D6SkillRollJson, skillRollJson } from "./outcome.js";
import { d6Refusal, d6RefusalOf } from "./refusal.js";
import { D6ScenarioReader, readOptions } from "./scenario.js";
import { join, say } from "./scenario-reader.js";
import { ATTACK_MODES, type AttackMode, DEFENSE_MODES, DEFENSE_SKILLS, type DefenseMode, type DefenseSkill } from "./types.js";
import type { RollFaces } from "./wild-die.js";
import { UNHURT, type WoundState, woundStatus } from "./wounds.js";

/** Most steps one defense scenario plays: a bound of the input. */
export const MAX_DEFENSE_STEPS = 64;
const MAX_ROUND = 9999;
const MAX_FLAT = 99;

export type D6DefenseStep =
  | { do: "round"; round: number }
  | { do: "turn"; actions: number | null }
  | { do: "moveUp"; actions: number }
  | { do: "endTurn" }
  | { do: "wait" }
  | { do: "act"; interrupting: boolean }
  | { do: "defend"; skill: DefenseSkill; mode: DefenseMode; code: DieCode; roll: RollFaces; flat: number; interrupting: boolean }
  | { do: "unable" }
  | { do: "regain" }
  | { do: "attacked"; mode: AttackMode };

const STEP_KINDS = ["round", "turn", "moveUp", "endTurn", "wait", "act", "defend", "unable", "regain", "attacked"] as const;

export interface D6DefenseScenario {
  kind: "defense";
  name: string;
  round: number;
  freeActions: number;
  wounds: WoundState;
  steps: D6DefenseStep[];
  rules: D6Rules;
}

export interface D6DefenseJson {
  skill: DefenseSkill;
  mode: DefenseMode;
  /** The defense roll's total. */
  roll: number;
  /** The difficulty it sets: the roll, + 10 for a full defense (D23). */
  total: number;
  /** D18: the attack modes it covers. */
  covers: AttackMode[];
  /** The step and round it started at. */
  since: { step: number; round: number };
}

export interface D6DefenseStepJson {
  step: number;
  do: D6DefenseStep["do"];
  round: number;
  /** The rule that forbade this step, and why; the step then changed nothing. */
  refused: RefusalJson["refused"] | null;
  /** `defend`: the roll (D41: its action and wound dice). */
  roll?: D6SkillRollJson;
  /** `attacked`: the base difficulty that attack meets now, before range, cover and modifiers (D17–D18). */
  difficulty?: { mode: AttackMode; base: number; source: "passive" | DefenseSkill; since: { step: number; round: number } | null };
  started: D6DefenseJson[];
  ended: D6DefenseJson[];
  /** What stands after the step. */
  inForce: D6DefenseJson[];
  /** The round's actions after the step (D11–D14). */
  actions: { declared: number | null; used: number; left: number; waits: number; penaltyDice: number };
  unableToAct: boolean;
}

export interface D6DefenseOutcomeJson {
  kind: "defense";
  name: string;
  steps: D6DefenseStepJson[];
}

/** Read a defense scenario (the root object already parsed; `kind` checked by the caller). */
export function readD6DefenseScenario(value: Record<string, unknown>, worldRules: Readonly<D6Rules> = D6_STANDARD_RULES): D6DefenseScenario {
  const base = new D6ScenarioReader(worldRules);
  const root = base.object(value, "scenario", ["ruleset", "version", "kind", "options", "round", "defender", "steps"], ["defender", "steps"]);
  const rules = base.has(root, "options") ? readOptions(base, root.options, worldRules) : makeD6Rules({}, worldRules);
  const r = new D6ScenarioReader(rules);
  const round = r.has(root, "round") ? r.integer(root.round, "round", 1, MAX_ROUND) : 1;
  const d = r.object(root.defender, "defender", ["name", "freeActions", "wounds"]);
  const name = r.has(d, "name") ? r.name(d.name, "defender.name") : english("CYCHOSYS.D6.Refusal.theDefender");
  const freeActions = r.has(d, "freeActions") ? r.integer(d.freeActions, "defender.freeActions", 0, MAX_DECLARED_ACTIONS) : rules.defaultFreeActions;
  const wounds = r.has(d, "wounds") ? r.wounds(d.wounds, "defender.wounds") : UNHURT;
  const list = r.list(root.steps, "steps", MAX_DEFENSE_STEPS);
  if (list.length === 0) r.fail("steps", say("atLeastOne"));
  let lastRound = round;
  const steps = list.map((item, i): D6DefenseStep => {
    const field = `steps[${i}]`;
    const kind = r.oneOf(r.object(item, field, ["do", "round", "actions", "interrupting", "skill", "mode", "code", "roll", "flat"], ["do"]).do, join(field, "do"), STEP_KINDS);
    const allowed: Record<(typeof STEP_KINDS)[number], string[]> = {
      round: ["round"], turn: ["actions"], moveUp: ["actions"], endTurn: [], wait: [], act: ["interrupting"], unable: [], regain: [], attacked: ["mode"],
      defend: ["skill", "mode", "code", "roll", "flat", "interrupting"],
    };
    const required: Partial<Record<(typeof STEP_KINDS)[number], string[]>> = { round: ["round"], moveUp: ["actions"], attacked: ["mode"], defend: ["skill", "mode", "code", "roll"] };
    const o = r.object(item, field, ["do", ...allowed[kind]], ["do", ...(required[kind] ?? [])]);
    const actions = (key: string) => r.integer(o[key], join(field, key), rules.minDeclaredActions, MAX_DECLARED_ACTIONS);
    const interrupting = r.has(o, "interrupting") ? r.boolean(o.interrupting, join(field, "interrupting")) : false;
    switch (kind) {
      case "round": {
        const next = r.integer(o.round, join(field, "round"), 1, MAX_ROUND);
        if (next <= lastRound) r.fail(join(field, "round"), say("roundAfter", { round: lastRound }));
        lastRound = next;
        return { do: "round", round: next };
      }
      case "turn":
        return { do: "turn", actions: r.has(o, "actions") ? actions("actions") : null };
      case "moveUp":
        return { do: "moveUp", actions: actions("actions") };
      case "act":
        return { do: "act", interrupting };
      case "attacked":
        return { do: "attacked", mode: r.oneOf(o.mode, join(field, "mode"), ATTACK_MODES) };
      case "defend": {
        const mode = r.oneOf(o.mode, join(field, "mode"), DEFENSE_MODES);
        // D14: only a partial defense interrupts (a full defense is a turn's start, a GM-called one costs no action).
        if (interrupting && mode !== "partial") r.fail(join(field, "interrupting"), say("onlyPartialInterrupts"));
        return {
          do: "defend", skill: r.oneOf(o.skill, join(field, "skill"), DEFENSE_SKILLS), mode, code: r.dieCode(o.code, join(field, "code")), roll: r.roll(o.roll, join(field, "roll")),
          flat: r.has(o, "flat") ? r.integer(o.flat, join(field, "flat"), -MAX_FLAT, MAX_FLAT) : 0, interrupting,
        };
      }
      default:
        return { do: kind };
    }
  });
  return { kind: "defense", name, round, freeActions, wounds, steps, rules };
}

interface Play {
  state: CombatantRound;
  /** Her turn (or a moved-up one) is under way. */
  onTurn: boolean;
  /** Her turn at her own place has come this round. */
  turnTaken: boolean;
}

/** Play the steps. Faces that do not fit a code are named as the step's field (exit code 2); a rule's refusal is the step's outcome. */
export function resolveD6DefenseScenario(scenario: D6DefenseScenario): D6DefenseOutcomeJson {
  const { rules, name } = scenario;
  const r = new D6ScenarioReader(rules);
  const since = new Map<ActiveDefense, { step: number; round: number }>();
  const json = (d: ActiveDefense): D6DefenseJson => ({
    skill: d.skill, mode: d.mode, roll: d.roll, total: d.total, covers: ATTACK_MODES.filter((m) => coversAttack(d, m, rules)), since: since.get(d)!,
  });
  let play: Play = { state: newCombatantRound(scenario.round, scenario.freeActions), onTurn: false, turnTaken: false };
  const out: D6DefenseStepJson[] = [];
  scenario.steps.forEach((step, i) => {
    const field = `steps[${i}]`;
    const number = i + 1;
    const before = play.state;
    let roll: D6SkillRollJson | undefined;
    let difficulty: D6DefenseStepJson["difficulty"];
    let refused: RuleRefusal | null = null;
    if (step.do === "turn" && play.turnTaken) r.fail(field, say("turnTwice", { round: before.round }));
    try {
      const next = playStep(play, step, name, woundStatus(scenario.wounds, before.round, rules).penaltyDice, rules, (rolled) => (roll = skillRollJson(rolled)));
      if (step.do === "attacked") {
        const b = baseDifficulty(next.state.defenses, step.mode, rules);
        const decider = b.defenseIndex < 0 ? null : next.state.defenses[b.defenseIndex]!;
        difficulty = { mode: step.mode, base: b.value, source: decider ? decider.skill : "passive", since: decider ? since.get(decider)! : null };
      }
      for (const d of next.state.defenses) if (!before.defenses.includes(d)) since.set(d, { step: number, round: next.state.round });
      play = next;
    } catch (error) {
      const refusal = error instanceof RuleRefusal ? error : d6RefusalOf(error);
      if (!refusal) {
        if (error instanceof D6Error && error.code !== "scenarioField") r.fail(join(field, "roll"), error.message);
        throw error;
      }
      refused = refusal;
      roll = undefined;
    }
    const after = play.state;
    out.push({
      step: number,
      do: step.do,
      round: after.round,
      refused: refused ? refused.toJSON().refused : null,
      ...(roll && { roll }),
      ...(difficulty && { difficulty }),
      started: after.defenses.filter((d) => !before.defenses.includes(d)).map(json),
      ended: before.defenses.filter((d) => !after.defenses.includes(d)).map(json),
      inForce: after.defenses.map(json),
      actions: { declared: after.declared, used: after.used, left: actionsLeft(after), waits: after.waits, penaltyDice: roundPenaltyDice(after, rules) },
      unableToAct: after.unableToAct,
    });
  });
  return { kind: "defense", name, steps: out };
}

/** One step on the play; throws the core's error (or a refusal) when the rules forbid it. */
function playStep(play: Play, step: D6DefenseStep, name: string, woundDice: number, rules: Readonly<D6Rules>, rolled: (roll: Parameters<typeof skillRollJson>[0]) => void): Play {
  const { state } = play;
  switch (step.do) {
    case "round":
      // D39: a new round; unused actions are forfeited, defenses stand until her turn (D18).
      return { state: startRound(state, step.round), onTurn: false, turnTaken: false };
    case "turn": {
      // D10: no turn while unable to act; D18: what stood ends at the turn's start; D11: N.
      if (state.unableToAct) throw new D6Error("unableToAct");
      const started = startTurn(state);
      return { state: step.actions === null ? started : declareActions(started, step.actions, {}, rules), onTurn: true, turnTaken: true };
    }
    case "moveUp":
      // D15: the GM lets her act early: that is her turn's start for D11 (and D18).
      return { ...play, state: declareActions(state, step.actions, { movedUp: true }, rules), onTurn: true };
    case "endTurn":
      return { ...play, onTurn: false };
    case "wait":
      if (!play.onTurn) throw d6Refusal("D11", "outOfTurn", { name });
      return { ...play, state: takeWait(state, rules) };
    case "act":
      // D14: out of turn only as an interrupt, after a held wait.
      if (!play.onTurn && !step.interrupting) throw d6Refusal("D11", "outOfTurn", { name });
      return { ...play, state: takeAction(state, step.interrupting ? { interrupting: true } : {}, rules) };
    case "defend": {
      if (state.unableToAct) throw new D6Error("unableToAct");
      // D18: rolled on her own turn; out of turn only as an interrupt (D14) or when the GM calls for it (D25).
      if (step.mode !== "gmCalled" && !play.onTurn && !step.interrupting) throw d6Refusal("D18", "defenseOutOfTurn", { name });
      if (step.mode === "full" && !play.onTurn) throw d6Refusal("D18", "defenseOutOfTurn", { name });
      // D14: an interrupt spends a held wait: none held, no interrupt (checked before the dice are read).
      if (step.interrupting && state.waits <= 0) throw new D6Error("noWaitHeld");
      // D11: a partial defense is one of the N actions: N first.
      if (step.mode === "partial" && state.declared === null) throw new D6Error("notDeclared");
      // D23: a full defense is the turn's only action, chosen at its start — refused once N is declared.
      if (step.mode === "full" && state.declared !== null) throw d6Refusal("D23", "fullDefenseDeclared", { name, declared: state.declared });
      const { roll, defense } = rollActiveDefense(
        { skill: step.skill, mode: step.mode, code: step.code, declared: step.mode === "full" ? null : state.declared, freeActions: state.freeActions, woundDice, faces: step.roll, flat: step.flat },
        `${english(`CYCHOSYS.D6.Defense.${step.skill}`).toLowerCase()} roll`,
        rules,
      );
      const next = step.mode === "full" ? takeFullDefense(state, defense, rules) : step.mode === "gmCalled" ? takeGmCalledDefense(state, defense) : takePartialDefense(state, defense, step.interrupting ? { interrupting: true } : {}, rules);
      rolled(roll);
      return { ...play, state: next };
    }
    case "unable":
      // D10/D18: the rest of the round is lost, and what stood ends at once.
      return { ...play, state: becomeUnableToAct(state), onTurn: false };
    case "regain":
      return { ...play, state: regainAbilityToAct(state) };
    case "attacked":
      return play;
  }
}
