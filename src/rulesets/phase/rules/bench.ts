/**
 * What `npm run bench` times for the phase ruleset: full attack resolutions
 * over the seed attacks, and one whole phase with 100 declared actions
 * (initiative, declarations lowest first, resolution). The inputs are built
 * once, outside the timed loops.
 */
import { english } from "../../../core/messages.js";
import { type AttackInput, resolveAttack } from "./attack.js";
import { PHASE_STANDARD_RULES, type PhaseRules } from "./options.js";
import { closeInitiative, rollInitiativeFor, startPhase } from "./phase-start.js";
import { type AttackRolls, resolvePhase } from "./resolve-phase.js";
import { readPhaseAttack } from "./scenario.js";
import { PHASE_ATTACK_SCENARIOS } from "./seed-scenarios.js";
import { type Declaration, declareAction } from "./slots.js";
import { type Fighter, inOneRun, newPhaseCombat, type PhaseState } from "./state.js";
import { AWARE } from "./surprise.js";
import { AREAS, type Area } from "./types.js";

/** The seed attacks as inputs, each under its own rules. */
export function phaseBenchAttacks(rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES): { input: AttackInput; rules: PhaseRules }[] {
  return Object.values(PHASE_ATTACK_SCENARIOS).map((s) => {
    const r = readPhaseAttack(s, rules);
    return { input: r.input, rules: r.rules };
  });
}

const perArea = (n: number) => Object.fromEntries(AREAS.map((a) => [a, n])) as Record<Area, number>;

/** A phase with `count` combatants, each declaring one action (fire, burst, melee, Aim, Defend, draw in turn) at its neighbour. */
export function phaseBenchSetup(count = 100): { state: PhaseState; fighters: Record<string, Fighter>; declarations: Map<string, Declaration>; rolls: Record<string, AttackRolls>; dice: Map<string, number[]> } {
  const fighters: Record<string, Fighter> = {};
  const ids = Array.from({ length: count }, (_, i) => `c${i}`);
  const weapon = (id: string, kind: "ranged" | "melee", more: object = {}) => ({
    id, name: id, kind, attribute: "reflexes", skill: kind === "ranged" ? "gun" : "knife", damage: { dice: 2, faces: 6, flat: 0 }, stun: false, alwaysTraumatic: false,
    semiAuto: true, auto: true, ammo: 30, suppressAmmo: 10, ready: true, ...more,
  });
  for (const id of ids) {
    fighters[id] = {
      id, name: id, reflexes: 3, attributes: { reflexes: 3 }, skills: { gun: 2, knife: 2 },
      weapons: { gun: weapon("gun", "ranged"), knife: weapon("knife", "melee"), spare: weapon("spare", "ranged", { ready: false }) },
      chart: "human", missing: [], armor: perArea(1), thresholds: perArea(8), wounds: { flesh: 0, stun: 0, fleshMax: 200, traumas: [], traumaLimit: 50 },
    };
  }
  const fresh = newPhaseCombat(ids.map((id) => ({ id, awareness: AWARE })));
  // The shooters have lined up their targets already (P13): their shots are not wild.
  const state: PhaseState = { ...fresh, combatants: fresh.combatants.map((c, i) => (i % 6 < 2 ? { ...c, targeting: { target: ids[(i + 1) % count]!, area: null } } : c)) };
  const declarations = new Map<string, Declaration>();
  const rolls: Record<string, AttackRolls> = {};
  const dice = new Map<string, number[]>();
  ids.forEach((id, i) => {
    const target = ids[(i + 1) % count]!;
    dice.set(id, [1 + (i % 10), 1 + ((i * 7) % 10)]);
    switch (i % 6) {
      case 0:
        declarations.set(id, { action: "fire", weapon: "gun", target });
        rolls[id] = { checks: [7], locations: [3], damage: [[3, 4]] };
        break;
      case 1:
        declarations.set(id, { action: "burst", weapon: "gun", target });
        rolls[id] = { checks: [9], locations: [2, 5], damage: [[1, 2], [3, 4]] };
        break;
      case 2:
        declarations.set(id, { action: "melee", weapon: "knife", target, area: "chest" });
        rolls[id] = { checks: [8], locations: [], damage: [[2, 2]] };
        break;
      case 3:
        declarations.set(id, { action: "targeting", target });
        break;
      case 4:
        declarations.set(id, { action: "defend" });
        break;
      default:
        declarations.set(id, { action: "draw", weapon: "spare" });
    }
  });
  return { state, fighters, declarations, rolls, dice };
}

/** One whole phase: start, initiative for all, declarations lowest first, resolution — the transitions in one run (`inOneRun`). */
export function runBenchPhase(setup: ReturnType<typeof phaseBenchSetup>, rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES): number {
  const declared = inOneRun(setup.state, (start) => {
    let state = startPhase(start, setup.fighters, {}, rules);
    // Every tie broken by a tiebreak drawn once (P5): the combatant's place in the list.
    let tiebreak = 0;
    for (const [id, faces] of setup.dice) state = rollInitiativeFor(state, setup.fighters, id, faces, tiebreak++ / setup.dice.size, rules);
    state = closeInitiative(state);
    for (const id of state.order) state = declareAction(state, setup.fighters, id, setup.declarations.get(id)!, rules);
    return state;
  });
  const result = resolvePhase(declared, setup.fighters, setup.rolls, rules);
  if (result.status !== "resolved") throw new Error("bench phase pending");
  return result.report.groups.length;
}

export interface PhaseBenchResult {
  iterations: number;
  ms: number;
  perSecond: number;
}

/** Time `iterations` attack resolutions (after a warm-up of the same size); `now` is a millisecond clock. */
export function benchPhaseAttacks(iterations = 200_000, now: () => number = () => performance.now(), rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES): PhaseBenchResult {
  const inputs = phaseBenchAttacks(rules);
  const n = inputs.length;
  let sink = 0;
  const run = () => {
    for (let i = 0; i < iterations; i++) {
      const x = inputs[i % n]!;
      sink += resolveAttack(x.input, x.rules).hits;
    }
  };
  run();
  const start = now();
  run();
  const ms = now() - start;
  if (sink === Number.MIN_SAFE_INTEGER) console.log(sink); // keep the work observable
  return { iterations, ms, perSecond: ms > 0 ? iterations / (ms / 1000) : Number.POSITIVE_INFINITY };
}

export function formatPhaseBench(result: PhaseBenchResult): string {
  return english("CYCHOSYS.Phase.Bench.attackLine", {
    rate: Math.round(result.perSecond).toLocaleString("en-US"),
    count: result.iterations.toLocaleString("en-US"),
    ms: result.ms.toFixed(0),
  });
}
