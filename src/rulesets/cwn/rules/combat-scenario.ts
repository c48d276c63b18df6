/**
 * The headless CWN combat scenario, version 1 (docs/rulesets/cwn.md): sides
 * with their initiative dice (W2, W3) and a script of steps — turns,
 * actions with their context (W7–W37), Instant answers (W11, W37), swarms
 * (W24), screens spent (W26), downed fighters (W19), Morale (W6), a side
 * joining (W3) — run through the pure transitions of combat.ts. A rule's
 * refusal is part of the outcome (with its reason); a malformed step is a
 * scenario error naming the field.
 */
import type { Json } from "../../../core/scenario-fields.js";
import { CWN_ACTION_IDS, type CwnActionId, isCwnAction } from "./actions.js";
import {
  act, beginTurn, type CombatActionContext, type CombatStep, type CwnCombatState, type CwnSideSetup, endSideTurn, endTurn, finishSwarm, joinCombat,
  passTurn, readySwarm, resolveMorale, setDowned, spendScreens, startCwnCombat,
} from "./combat.js";
import { CwnError } from "./errors.js";
import { orderSides, rollSideInitiative } from "./initiative.js";
import { CWN_STANDARD_RULES, type CwnRules } from "./options.js";
import { CwnFieldReader, LIMITS, readRoot, requireUnique, say } from "./scenario-common.js";
import { orderAnswers } from "./timing.js";
import { ATTACK_KINDS, DOWNED_STATES, type DownedState, RELOAD_ACTIONS } from "./types.js";

const CONTROL_STEPS = ["beginTurn", "endTurn", "pass", "endSideTurn", "readySwarm", "finishSwarm", "downed", "morale", "joinSide", "spendScreens"] as const;
type ControlStep = (typeof CONTROL_STEPS)[number];

export interface CwnActionStep {
  fighter: string;
  do: CwnActionId;
  ctx: CombatActionContext;
  answers: CwnActionStep[];
  gmOrder?: number[];
}

export type CwnStep =
  | (CwnActionStep & { kind: "action" })
  | { kind: "control"; do: ControlStep; fighter?: string; side?: string; swarm?: number; downed?: DownedState; roll?: number[] | null; join?: CwnSideSetup; screeners?: string[] };

export interface CwnCombatScenario {
  kind: "combat";
  sides: CwnSideSetup[];
  steps: CwnStep[];
  rules: CwnRules;
}

const ACTION_CONTEXT = ["metres", "moveMetres", "readiedWeapon", "weaponKind", "highestSkill", "ally", "allyMetres", "freeHand", "reload", "quiverReadied", "shootLevel", "label", "target", "adjacentEnemies", "hyperFast"];

function readSide(r: CwnFieldReader, value: unknown, field: string): CwnSideSetup {
  const o = r.object(value, field, ["id", "playerCharacters", "surprised", "members", "roll", "tieRolls", "morale"], ["id", "playerCharacters", "members", "roll"]);
  const faces = r.rules.initiativeDieFaces;
  const side: CwnSideSetup = {
    id: r.id(o.id, `${field}.id`),
    playerCharacters: r.boolean(o.playerCharacters, `${field}.playerCharacters`),
    members: r.list(o.members, `${field}.members`, LIMITS.members, 1).map((m, i) => {
      const where = `${field}.members[${i}]`;
      const x = r.object(m, where, ["id", "dex", "canSnap"], ["id"]);
      const member = { id: r.id(x.id, `${where}.id`), dex: r.has(x, "dex") && x.dex !== null ? r.integer(x.dex, `${where}.dex`, -LIMITS.attribute, LIMITS.attribute) : null };
      return r.has(x, "canSnap") ? { ...member, canSnap: r.boolean(x.canSnap, `${where}.canSnap`) } : member;
    }),
    roll: r.integer(o.roll, `${field}.roll`, 1, faces),
  };
  if (r.has(o, "surprised")) side.surprised = r.boolean(o.surprised, `${field}.surprised`);
  if (r.has(o, "tieRolls")) side.tieRolls = r.list(o.tieRolls, `${field}.tieRolls`, 8).map((f, i) => r.integer(f, `${field}.tieRolls[${i}]`, 1, faces));
  if (r.has(o, "morale")) side.morale = r.integer(o.morale, `${field}.morale`, 2, LIMITS.morale);
  return side;
}

function readAction(r: CwnFieldReader, o: Json, field: string, fighters: ReadonlySet<string>, nested: boolean): CwnActionStep {
  const fighter = r.id(o.fighter, `${field}.fighter`);
  if (!fighters.has(fighter)) r.fail(`${field}.fighter`, say("unknownFighter"));
  const action = r.oneOf(o.do, `${field}.do`, CWN_ACTION_IDS);
  const ctx: CombatActionContext = {};
  if (r.has(o, "metres")) ctx.metres = r.number(o.metres, `${field}.metres`, 0, LIMITS.metres);
  if (r.has(o, "moveMetres")) ctx.moveMetres = r.number(o.moveMetres, `${field}.moveMetres`, 0, LIMITS.metres);
  if (r.has(o, "allyMetres")) ctx.allyMetres = r.number(o.allyMetres, `${field}.allyMetres`, 0, LIMITS.metres);
  for (const key of ["readiedWeapon", "freeHand", "quiverReadied", "hyperFast"] as const) if (r.has(o, key)) ctx[key] = r.boolean(o[key], `${field}.${key}`);
  if (r.has(o, "weaponKind")) ctx.weaponKind = r.oneOf(o.weaponKind, `${field}.weaponKind`, ATTACK_KINDS);
  if (r.has(o, "highestSkill")) ctx.highestSkill = r.integer(o.highestSkill, `${field}.highestSkill`, r.rules.untrainedSkillLevel, LIMITS.skill);
  if (r.has(o, "shootLevel")) ctx.shootLevel = r.integer(o.shootLevel, `${field}.shootLevel`, r.rules.untrainedSkillLevel, LIMITS.skill);
  if (r.has(o, "reload")) ctx.reload = r.oneOf(o.reload, `${field}.reload`, RELOAD_ACTIONS);
  if (r.has(o, "label")) ctx.label = r.name(o.label, `${field}.label`);
  for (const key of ["ally", "target"] as const) {
    if (!r.has(o, key)) continue;
    const id = r.id(o[key], `${field}.${key}`);
    if (!fighters.has(id)) r.fail(`${field}.${key}`, say("unknownFighter"));
    if (key === "ally") ctx.allyId = id;
    else ctx.targetId = id;
  }
  if (action === "swarmAttack" && !ctx.targetId) r.fail(`${field}.target`, say("required"));
  if (r.has(o, "adjacentEnemies")) {
    ctx.adjacentEnemies = r.list(o.adjacentEnemies, `${field}.adjacentEnemies`, LIMITS.members).map((e, i) => {
      const where = `${field}.adjacentEnemies[${i}]`;
      const x = r.object(e, where, ["id", "canAttack", "armed"], ["id"]);
      const id = r.id(x.id, `${where}.id`);
      if (!fighters.has(id)) r.fail(`${where}.id`, say("unknownFighter"));
      return { id, canAttack: r.has(x, "canAttack") ? r.boolean(x.canAttack, `${where}.canAttack`) : true, armed: r.has(x, "armed") ? r.boolean(x.armed, `${where}.armed`) : true };
    });
  }
  const step: CwnActionStep = { fighter, do: action, ctx, answers: [] };
  if (r.has(o, "answers")) {
    if (nested) r.fail(`${field}.answers`, say("nestedAnswers"));
    step.answers = r.list(o.answers, `${field}.answers`, LIMITS.answers).map((a, i) => {
      const where = `${field}.answers[${i}]`;
      return readAction(r, r.object(a, where, ["fighter", "do", ...ACTION_CONTEXT], ["fighter", "do"]), where, fighters, true);
    });
  }
  if (r.has(o, "gmOrder")) {
    const order = r.list(o.gmOrder, `${field}.gmOrder`, LIMITS.answers).map((n, i) => r.integer(n, `${field}.gmOrder[${i}]`, 0, Math.max(0, step.answers.length - 1)));
    if (order.length !== step.answers.length || new Set(order).size !== order.length) r.fail(`${field}.gmOrder`, say("gmOrder", { count: step.answers.length }));
    step.gmOrder = order;
  }
  return step;
}

function readStep(r: CwnFieldReader, value: unknown, field: string, fighters: Set<string>, sides: Set<string>): CwnStep {
  const peek = r.object(value, field, ["fighter", "side", "do", "swarm", "state", "roll", "join", "screeners", "answers", "gmOrder", ...ACTION_CONTEXT], ["do"]);
  if (isCwnAction(peek.do)) return { kind: "action", ...readAction(r, peek, field, fighters, false) };
  const what = r.oneOf(peek.do, `${field}.do`, [...CONTROL_STEPS, ...CWN_ACTION_IDS] as readonly string[]) as ControlStep;
  const allowed: Record<ControlStep, string[]> = {
    beginTurn: ["fighter"], endTurn: ["fighter"], pass: ["fighter"], endSideTurn: [], readySwarm: ["swarm"], finishSwarm: ["swarm"],
    downed: ["fighter", "state"], morale: ["side", "roll"], joinSide: ["join"], spendScreens: ["screeners"],
  };
  const o = r.object(value, field, ["do", ...allowed[what]], ["do", ...allowed[what].filter((k) => k !== "roll")]);
  const step: Extract<CwnStep, { kind: "control" }> = { kind: "control", do: what };
  if (r.has(o, "fighter")) {
    step.fighter = r.id(o.fighter, `${field}.fighter`);
    if (!fighters.has(step.fighter)) r.fail(`${field}.fighter`, say("unknownFighter"));
  }
  if (r.has(o, "side")) {
    step.side = r.id(o.side, `${field}.side`);
    if (!sides.has(step.side)) r.fail(`${field}.side`, say("unknownSide"));
  }
  if (r.has(o, "swarm")) step.swarm = r.integer(o.swarm, `${field}.swarm`, 1, 9999);
  if (r.has(o, "state")) step.downed = r.oneOf(o.state, `${field}.state`, DOWNED_STATES);
  if (what === "morale") {
    const dice = r.rules.moraleDice;
    step.roll = r.has(o, "roll") && o.roll !== null ? r.faces(o.roll, `${field}.roll`, dice.count, dice.faces, "Morale roll") : null;
  }
  if (r.has(o, "screeners")) {
    step.screeners = r.list(o.screeners, `${field}.screeners`, LIMITS.screeners, 1).map((s, i) => {
      const id = r.id(s, `${field}.screeners[${i}]`);
      if (!fighters.has(id)) r.fail(`${field}.screeners[${i}]`, say("unknownFighter"));
      return id;
    });
  }
  if (r.has(o, "join")) {
    const join = readSide(r, o.join, `${field}.join`);
    requireUnique(r, [...[...sides].map((id) => ({ id, field: `${field}.join.id` })), { id: join.id, field: `${field}.join.id` }]);
    requireUnique(r, [...[...fighters].map((id) => ({ id, field: `${field}.join.members` })), ...join.members.map((m, i) => ({ id: m.id, field: `${field}.join.members[${i}].id` }))]);
    sides.add(join.id);
    for (const m of join.members) fighters.add(m.id);
    step.join = join;
  }
  return step;
}

/** Check a parsed JSON combat scenario and turn it into a CwnCombatScenario. */
export function readCwnCombatScenario(value: unknown, worldRules: Readonly<CwnRules> = CWN_STANDARD_RULES): CwnCombatScenario {
  const base: CwnFieldReader = new CwnFieldReader(worldRules);
  const root = base.object(value, "scenario", ["ruleset", "version", "kind", "options", "sides", "steps"], ["kind", "sides"]);
  const rules = readRoot(base, root, "combat");
  const r: CwnFieldReader = new CwnFieldReader(rules);
  const sides = r.list(root.sides, "sides", LIMITS.sides, 1).map((s, i) => readSide(r, s, `sides[${i}]`));
  requireUnique(r, sides.map((s, i) => ({ id: s.id, field: `sides[${i}].id` })));
  requireUnique(r, sides.flatMap((s, i) => s.members.map((m, j) => ({ id: m.id, field: `sides[${i}].members[${j}].id` }))));
  const fighters = new Set(sides.flatMap((s) => s.members.map((m) => m.id)));
  const sideIds = new Set(sides.map((s) => s.id));
  const steps = r.has(root, "steps") ? r.list(root.steps, "steps", LIMITS.steps).map((s, i) => readStep(r, s, `steps[${i}]`, fighters, sideIds)) : [];
  return { kind: "combat", sides, steps, rules };
}

export interface CwnStepResult {
  readonly step: number;
  readonly do: string;
  readonly fighter: string | null;
  readonly ok: boolean;
  readonly refusal: { readonly code: string; readonly text: string } | null;
  readonly events: CombatStep["events"];
}

export interface CwnCombatRun {
  readonly initiative: { side: string; playerCharacters: boolean; surprised: boolean; roll: number; dex: number; total: number }[];
  /** W3: sides still tied that owe a re-roll (no step is run then). */
  readonly owed: readonly (readonly string[])[];
  readonly results: readonly CwnStepResult[];
  readonly state: CwnCombatState | null;
}

function runControl(state: CwnCombatState, step: Extract<CwnStep, { kind: "control" }>, rules: Readonly<CwnRules>): CombatStep {
  switch (step.do) {
    case "beginTurn":
      return beginTurn(state, step.fighter!);
    case "endTurn":
      return endTurn(state, step.fighter!);
    case "pass":
      return passTurn(state, step.fighter!);
    case "endSideTurn":
      return endSideTurn(state, rules);
    case "readySwarm":
      return readySwarm(state, step.swarm!);
    case "finishSwarm":
      return finishSwarm(state, step.swarm!);
    case "downed":
      return setDowned(state, step.fighter!, step.downed!);
    case "morale":
      return resolveMorale(state, step.side!, step.roll ?? null, rules);
    case "joinSide":
      return joinCombat(state, step.join!, rules);
    case "spendScreens":
      return spendScreens(state, step.screeners!);
  }
}

/** Run a combat scenario: initiative, then every step in order; a refusal leaves the state as it was. */
export function runCwnCombatScenario(s: CwnCombatScenario): CwnCombatRun {
  const { rules } = s;
  const entries = s.sides.map((side) => {
    const init = rollSideInitiative(side.members.map((m) => ({ dex: m.dex, able: true })), side.roll, rules);
    return { id: side.id, playerCharacters: side.playerCharacters, total: init.total, dex: init.dex, ...(side.tieRolls && { tieRolls: side.tieRolls }) };
  });
  const { owed } = orderSides(entries, rules);
  if (owed.length) return { initiative: [], owed, results: [], state: null };
  let { state, events } = startCwnCombat(s.sides, rules);
  const initiative = state.order.map((id) => {
    const side = state.sides[id]!;
    return { side: id, playerCharacters: side.playerCharacters, surprised: side.surprised, roll: side.initiative.roll, dex: side.initiative.dex, total: side.initiative.total };
  });
  const results: CwnStepResult[] = [{ step: -1, do: "start", fighter: null, ok: true, refusal: null, events }];
  const attempt = (index: number, what: string, fighter: string | null, run: () => CombatStep) => {
    try {
      const next = run();
      state = next.state;
      results.push({ step: index, do: what, fighter, ok: true, refusal: null, events: next.events });
    } catch (error) {
      if (!(error instanceof CwnError)) throw error;
      results.push({ step: index, do: what, fighter, ok: false, refusal: { code: error.code, text: error.message }, events: [] });
    }
  };
  s.steps.forEach((step, index) => {
    if (step.kind === "control") {
      attempt(index, step.do, step.fighter ?? step.side ?? step.screeners?.join(", ") ?? null, () => runControl(state, step, rules));
      return;
    }
    // W11/W37: answers first — held actions before the rest — then the action answered.
    const answers = orderAnswers(step.answers.map((a) => ({ ...a, fighterId: a.fighter, held: state.fighters[a.fighter]!.holding })), step.gmOrder);
    for (const a of answers) attempt(index, a.do, a.fighter, () => act(state, a.fighter, a.do, a.ctx, rules));
    attempt(index, step.do, step.fighter, () => act(state, step.fighter, step.do, step.ctx, rules));
  });
  return { initiative, owed: [], results, state };
}
