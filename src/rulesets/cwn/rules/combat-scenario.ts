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
  act, beginTurn, type CombatActionContext, type CombatStep, type CwnCombatState, type CwnEvent, type CwnSideSetup, endSideTurn, endTurn, finishSwarm, joinCombat,
  passTurn, readySwarm, resolveMorale, setDowned, spendScreens, startCwnCombat,
} from "./combat.js";
import { CwnError } from "./errors.js";
import { orderSides, rollSideInitiative } from "./initiative.js";
import { CWN_STANDARD_RULES, type CwnRules } from "./options.js";
import { type CwnAttackerInput, type CwnDefenderInput, resolveCwnAttack } from "./resolve.js";
import { whyNot } from "./round.js";
import { readAttacker, readDefender } from "./scenario.js";
import { stepRefusalRule } from "./refusals.js";
import { CwnFieldReader, LIMITS, readRoot, requireUnique, say } from "./scenario-common.js";
import { stateFigures } from "./states.js";
import { freeAttacksOnLeaving, orderAnswers } from "./timing.js";
import { ATTACK_KINDS, DOWNED_STATES, type DownedState, RELOAD_ACTIONS } from "./types.js";

const CONTROL_STEPS = ["beginTurn", "endTurn", "pass", "endSideTurn", "readySwarm", "finishSwarm", "downed", "morale", "joinSide", "spendScreens"] as const;
type ControlStep = (typeof CONTROL_STEPS)[number];

/** W12: the faces of one free attack an adjacent enemy makes as the fighter leaves. */
export interface CwnFreeAttackRoll {
  roll: number;
  trauma?: number[];
  damage: number[];
  lethal: boolean;
}

export interface CwnActionStep {
  fighter: string;
  do: CwnActionId;
  ctx: CombatActionContext;
  answers: CwnActionStep[];
  gmOrder?: number[];
  /** W12: the free attacks rolled, by the enemy who makes each. */
  freeAttacks?: Record<string, CwnFreeAttackRoll>;
}

/** A member's figures for the attacks the script rolls (W12's free attacks): its weapon as an attacker, its ACs and hit points as a target. */
export interface CwnMemberFigures {
  attacker?: CwnAttackerInput;
  defender?: CwnDefenderInput;
}

export type CwnStep =
  | (CwnActionStep & { kind: "action" })
  | { kind: "control"; do: ControlStep; fighter?: string; side?: string; swarm?: number; downed?: DownedState; roll?: number[] | null; join?: CwnSideSetup; screeners?: string[] };

export interface CwnCombatScenario {
  kind: "combat";
  sides: CwnSideSetup[];
  steps: CwnStep[];
  rules: CwnRules;
  /** Members that gave figures (attacker, defender), by id. */
  figures: Map<string, CwnMemberFigures>;
}

const ACTION_CONTEXT = ["metres", "moveMetres", "readiedWeapon", "weaponKind", "highestSkill", "ally", "allyMetres", "freeHand", "reload", "quiverReadied", "shootLevel", "label", "target", "adjacentEnemies", "hyperFast"];

function readSide(r: CwnFieldReader, value: unknown, field: string, figures: Map<string, CwnMemberFigures>): CwnSideSetup {
  const o = r.object(value, field, ["id", "playerCharacters", "surprised", "members", "roll", "tieRolls", "morale"], ["id", "playerCharacters", "members", "roll"]);
  const faces = r.rules.initiativeDieFaces;
  const side: CwnSideSetup = {
    id: r.id(o.id, `${field}.id`),
    playerCharacters: r.boolean(o.playerCharacters, `${field}.playerCharacters`),
    members: r.list(o.members, `${field}.members`, LIMITS.members, 1).map((m, i) => {
      const where = `${field}.members[${i}]`;
      const x = r.object(m, where, ["id", "dex", "canSnap", "prone", "attacker", "defender"], ["id"]);
      const member: CwnSideSetup["members"][number] = { id: r.id(x.id, `${where}.id`), dex: r.has(x, "dex") && x.dex !== null ? r.integer(x.dex, `${where}.dex`, -LIMITS.attribute, LIMITS.attribute) : null };
      if (r.has(x, "canSnap")) member.canSnap = r.boolean(x.canSnap, `${where}.canSnap`);
      // W36: a fighter may start the fight lying prone.
      if (r.has(x, "prone")) member.prone = r.boolean(x.prone, `${where}.prone`);
      const own: CwnMemberFigures = {};
      if (r.has(x, "attacker")) own.attacker = readAttacker(r, x.attacker, `${where}.attacker`).attacker;
      if (r.has(x, "defender")) own.defender = readDefender(r, x.defender, `${where}.defender`).defender;
      if (own.attacker || own.defender) figures.set(member.id, own);
      return member;
    }),
    roll: r.integer(o.roll, `${field}.roll`, 1, faces),
  };
  if (r.has(o, "surprised")) side.surprised = r.boolean(o.surprised, `${field}.surprised`);
  if (r.has(o, "tieRolls")) side.tieRolls = r.list(o.tieRolls, `${field}.tieRolls`, 8).map((f, i) => r.integer(f, `${field}.tieRolls[${i}]`, 1, faces));
  if (r.has(o, "morale")) side.morale = r.integer(o.morale, `${field}.morale`, 2, LIMITS.morale);
  return side;
}

function readAction(r: CwnFieldReader, o: Json, field: string, fighters: ReadonlySet<string>, nested: boolean, figures: ReadonlyMap<string, CwnMemberFigures>): CwnActionStep {
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
  const freeAttacks: Record<string, CwnFreeAttackRoll> = {};
  if (r.has(o, "adjacentEnemies")) {
    ctx.adjacentEnemies = r.list(o.adjacentEnemies, `${field}.adjacentEnemies`, LIMITS.members).map((e, i) => {
      const where = `${field}.adjacentEnemies[${i}]`;
      const x = r.object(e, where, ["id", "canAttack", "armed", "roll", "trauma", "damage", "lethal"], ["id"]);
      const id = r.id(x.id, `${where}.id`);
      if (!fighters.has(id)) r.fail(`${where}.id`, say("unknownFighter"));
      if (r.has(x, "roll")) freeAttacks[id] = readFreeAttack(r, x, where, id, fighter, figures);
      else for (const key of ["trauma", "damage", "lethal"]) if (r.has(x, key)) r.fail(`${where}.${key}`, say("onlyWithRoll"));
      return { id, canAttack: r.has(x, "canAttack") ? r.boolean(x.canAttack, `${where}.canAttack`) : true, armed: r.has(x, "armed") ? r.boolean(x.armed, `${where}.armed`) : true };
    });
  }
  const step: CwnActionStep = { fighter, do: action, ctx, answers: [] };
  if (Object.keys(freeAttacks).length) {
    if (action !== "run" && action !== "otherMove") r.fail(`${field}.adjacentEnemies`, say("freeAttackOnMove"));
    step.freeAttacks = freeAttacks;
  }
  if (r.has(o, "answers")) {
    if (nested) r.fail(`${field}.answers`, say("nestedAnswers"));
    step.answers = r.list(o.answers, `${field}.answers`, LIMITS.answers).map((a, i) => {
      const where = `${field}.answers[${i}]`;
      return readAction(r, r.object(a, where, ["fighter", "do", ...ACTION_CONTEXT], ["fighter", "do"]), where, fighters, true, figures);
    });
  }
  if (r.has(o, "gmOrder")) {
    const order = r.list(o.gmOrder, `${field}.gmOrder`, LIMITS.answers).map((n, i) => r.integer(n, `${field}.gmOrder[${i}]`, 0, Math.max(0, step.answers.length - 1)));
    if (order.length !== step.answers.length || new Set(order).size !== order.length) r.fail(`${field}.gmOrder`, say("gmOrder", { count: step.answers.length }));
    step.gmOrder = order;
  }
  return step;
}

/**
 * W12: the faces of an adjacent enemy's free attack on the mover: its d20,
 * Trauma Die (when its weapon has one) and damage, and whether it is lethal
 * (W19, default true). The enemy must give its attacker figures with a melee
 * weapon, the mover its defender figures.
 */
function readFreeAttack(r: CwnFieldReader, x: Json, where: string, enemy: string, mover: string, figures: ReadonlyMap<string, CwnMemberFigures>): CwnFreeAttackRoll {
  const attacker = figures.get(enemy)?.attacker;
  if (!attacker) r.fail(`${where}.roll`, say("freeAttackNeedsAttacker", { id: enemy }));
  if (attacker.weapon.kind !== "melee") r.fail(`${where}.roll`, say("freeAttackMelee", { id: enemy }));
  if (!figures.get(mover)?.defender) r.fail(`${where}.roll`, say("freeAttackNeedsDefender", { id: mover }));
  const w = attacker.weapon;
  const out: CwnFreeAttackRoll = {
    roll: r.integer(x.roll, `${where}.roll`, 1, r.rules.attackDieFaces),
    damage: r.faces(x.damage, `${where}.damage`, w.damage.count, w.damage.faces, "damage roll"),
    lethal: r.has(x, "lethal") ? r.boolean(x.lethal, `${where}.lethal`) : true,
  };
  if (w.traumaDie) out.trauma = r.faces(x.trauma, `${where}.trauma`, w.traumaDie.count, w.traumaDie.faces, "Trauma Die");
  else if (r.has(x, "trauma")) r.fail(`${where}.trauma`, say("noTraumaDie"));
  return out;
}

function readStep(r: CwnFieldReader, value: unknown, field: string, fighters: Set<string>, sides: Set<string>, figures: Map<string, CwnMemberFigures>): CwnStep {
  const peek = r.object(value, field, ["fighter", "side", "do", "swarm", "state", "roll", "join", "screeners", "answers", "gmOrder", ...ACTION_CONTEXT], ["do"]);
  if (isCwnAction(peek.do)) return { kind: "action", ...readAction(r, peek, field, fighters, false, figures) };
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
    const join = readSide(r, o.join, `${field}.join`, figures);
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
  const figures = new Map<string, CwnMemberFigures>();
  const sides = r.list(root.sides, "sides", LIMITS.sides, 1).map((s, i) => readSide(r, s, `sides[${i}]`, figures));
  requireUnique(r, sides.map((s, i) => ({ id: s.id, field: `sides[${i}].id` })));
  requireUnique(r, sides.flatMap((s, i) => s.members.map((m, j) => ({ id: m.id, field: `sides[${i}].members[${j}].id` }))));
  const fighters = new Set(sides.flatMap((s) => s.members.map((m) => m.id)));
  const sideIds = new Set(sides.map((s) => s.id));
  const steps = r.has(root, "steps") ? r.list(root.steps, "steps", LIMITS.steps).map((s, i) => readStep(r, s, `steps[${i}]`, fighters, sideIds, figures)) : [];
  return { kind: "combat", sides, steps, rules, figures };
}

export interface CwnStepResult {
  readonly step: number;
  readonly do: string;
  readonly fighter: string | null;
  readonly ok: boolean;
  /** A rule's refusal: its code, the rule behind it (docs/rules-command.md) and the reason. */
  readonly refusal: { readonly code: string; readonly rule: string | null; readonly text: string } | null;
  readonly events: CombatStep["events"];
}

export interface CwnCombatRun {
  readonly initiative: { side: string; playerCharacters: boolean; surprised: boolean; roll: number; dex: number; total: number }[];
  /** W3: sides still tied that owe a re-roll (no step is run then). */
  readonly owed: readonly (readonly string[])[];
  readonly results: readonly CwnStepResult[];
  readonly state: CwnCombatState | null;
  /** Hit points and soak of every member that gave defender figures, as the script left them (W19). */
  readonly hitPoints: ReadonlyMap<string, { hp: number; soak: number }>;
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
  if (owed.length) return { initiative: [], owed, results: [], state: null, hitPoints: new Map() };
  let { state, events } = startCwnCombat(s.sides, rules);
  const hitPoints = new Map<string, { hp: number; soak: number }>();
  for (const [id, own] of s.figures) if (own.defender) hitPoints.set(id, { hp: own.defender.hp, soak: own.defender.soak ?? 0 });
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
      results.push({ step: index, do: what, fighter, ok: false, refusal: { code: error.code, rule: stepRefusalRule(error.code), text: error.message }, events: [] });
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
    attempt(index, step.do, step.fighter, () => (step.freeAttacks ? leave(state, step, s, hitPoints) : act(state, step.fighter, step.do, step.ctx, rules)));
  });
  return { initiative, owed: [], results, state, hitPoints };
}

/**
 * W12, W19: a fighter leaves melee and the free attacks the script rolls
 * are resolved first, each with the core's attack against the mover's
 * figures as they stand (hit points and soak so far, its states in the
 * fight); should the mover fall, it falls where it stood: the move is
 * cancelled and not paid. A move the round refuses draws no free attacks.
 */
function leave(state: CwnCombatState, step: CwnActionStep, s: CwnCombatScenario, hitPoints: Map<string, { hp: number; soak: number }>): CombatStep {
  const { rules } = s;
  const mover = state.fighters[step.fighter]!;
  const refusal = whyNot(mover, step.do, step.ctx, rules);
  if (refusal) throw refusal;
  const by = freeAttacksOnLeaving({ withdrawn: mover.withdrawn, ...(step.ctx.hyperFast !== undefined && { hyperFast: step.ctx.hyperFast }) }, step.ctx.adjacentEnemies ?? [], rules.freeAttackNeedsWeapon);
  const events: CwnEvent[] = by.length ? [{ kind: "freeAttacks", fighterId: step.fighter, by }] : [];
  const next = state;
  for (const id of by) {
    const faces = step.freeAttacks![id];
    if (!faces) continue;
    const defender = s.figures.get(step.fighter)!.defender!;
    const now = hitPoints.get(step.fighter)!;
    const f = next.fighters[step.fighter]!;
    const states = stateFigures(f.effects, rules);
    const res = resolveCwnAttack({
      attacker: s.figures.get(id)!.attacker!,
      defender: { ...defender, hp: now.hp, soak: now.soak, totalDefense: !!states.totalDefense, charging: !!states.charging, prone: f.prone },
      distance: "adjacent",
      roll: faces.roll,
      ...(faces.trauma && { traumaDice: faces.trauma }),
      damageDice: faces.damage,
      lethal: faces.lethal,
    }, rules);
    const harm = res.harm!;
    hitPoints.set(step.fighter, { hp: harm.hpAfter, soak: harm.soakAfter });
    events.push({ kind: "freeAttack", fighterId: step.fighter, by: id, hit: !!res.hit, dealt: harm.alreadyDown ? 0 : harm.damage, hpAfter: harm.hpAfter, downed: harm.downed });
    if (harm.downed) {
      const down = setDowned(next, step.fighter, harm.downed);
      return { state: down.state, events: [...events, ...down.events, { kind: "moveCancelled", fighterId: step.fighter, action: step.do }] };
    }
  }
  // Still standing: the move is made; its free attacks are already told.
  const { adjacentEnemies: _told, ...ctx } = step.ctx;
  const moved = act(next, step.fighter, step.do, ctx, rules);
  return { state: moved.state, events: [...events, ...moved.events] };
}
