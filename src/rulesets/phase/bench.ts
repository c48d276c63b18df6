/**
 * What `npm run bench` times for the phase-based homebrew (src/core/bench.ts,
 * `RulesetBench`), all pure:
 *
 * - `fixed`: the seed's attacks (the scenarios of seed-scenarios.ts), as the
 *   bench has always timed them;
 * - `mix`: attacks generated from the packs (packs/_source/phase-*: the three
 *   characters, every weapon, every armor piece) over the scenario space — every
 *   attack action a weapon allows (P12, P15, P22, P23, P25), Targeting or a wild
 *   shot (P13, P14), Aim (P16), a called area or none (P18–P19), Defend (P26),
 *   the GM's range, cover and other modifiers and areas behind cover (P17,
 *   P35, P21, P41), missing areas (P21), armor worn in every combination
 *   (P28), stun and always-traumatic weapons (P28, P29), fresh and wounded
 *   attackers and targets (P30, P36) — with the dice the resolution asks for,
 *   drawn from a seeded generator (the same mix every run);
 * - `table`: what a GM waits for as the fight grows — the tracker's sort from
 *   the stored projection, a new phase (the phase end resolved), one
 *   declaration on the GM's side, a sheet, and a whole phase of N actions.
 */
import { type AttackSet, benchRandom, type RulesetBench, type TableCost } from "../../core/bench.js";
import { english } from "../../core/messages.js";
import dana from "../../../packs/_source/phase-characters/characters/dana-kessler.json" with { type: "json" };
import earl from "../../../packs/_source/phase-foes/foes/earl.json" with { type: "json" };
import leroy from "../../../packs/_source/phase-foes/foes/leroy.json" with { type: "json" };
import ballisticVest from "../../../packs/_source/phase-armor/ballistic-vest.json" with { type: "json" };
import combatArmor from "../../../packs/_source/phase-armor/combat-armor.json" with { type: "json" };
import helmet from "../../../packs/_source/phase-armor/helmet.json" with { type: "json" };
import leatherJacket from "../../../packs/_source/phase-armor/leather-jacket.json" with { type: "json" };
import limbGuards from "../../../packs/_source/phase-armor/limb-guards.json" with { type: "json" };
import assaultRifle from "../../../packs/_source/phase-weapons/firearms/assault-rifle.json" with { type: "json" };
import huntingRifle from "../../../packs/_source/phase-weapons/firearms/hunting-rifle.json" with { type: "json" };
import pumpShotgun from "../../../packs/_source/phase-weapons/firearms/pump-shotgun.json" with { type: "json" };
import revolver from "../../../packs/_source/phase-weapons/firearms/revolver.json" with { type: "json" };
import fragGrenade from "../../../packs/_source/phase-weapons/implied-by-the-chapter/frag-grenade.json" with { type: "json" };
import sidearm from "../../../packs/_source/phase-weapons/implied-by-the-chapter/sidearm.json" with { type: "json" };
import stunPistol from "../../../packs/_source/phase-weapons/implied-by-the-chapter/stun-pistol.json" with { type: "json" };
import submachineGun from "../../../packs/_source/phase-weapons/implied-by-the-chapter/submachine-gun.json" with { type: "json" };
import club from "../../../packs/_source/phase-weapons/melee-and-unarmed/club.json" with { type: "json" };
import fists from "../../../packs/_source/phase-weapons/melee-and-unarmed/fists.json" with { type: "json" };
import knife from "../../../packs/_source/phase-weapons/melee-and-unarmed/knife.json" with { type: "json" };
import sap from "../../../packs/_source/phase-weapons/melee-and-unarmed/sap.json" with { type: "json" };
import { applyLedgerOperation, newLedger, type PhaseLedger, readLedger } from "./combat/ledger.js";
import { trackerPlaces, sortByPlace } from "./combat/order.js";
import { projectLedger, secretsOf } from "./combat/projection.js";
import { readProjection } from "./combat/projection-reader.js";
import { planTrackerRequest } from "./combat/tracker-plan.js";
import { derivePhaseActor, phaseFighter, type PhaseItemInput } from "./data/derive.js";
import { type AttackInput, resolveAttack } from "./rules/attack.js";
import { phaseBenchAttacks, phaseBenchSetup, runBenchPhase } from "./rules/bench.js";
import { PHASE_STANDARD_RULES, type PhaseRules } from "./rules/options.js";
import { closeInitiative, rollInitiativeFor, startPhase } from "./rules/phase-start.js";
import { declareAction } from "./rules/slots.js";
import { type Fighter, inOneRun } from "./rules/state.js";
import { AREAS, type Area } from "./rules/types.js";
import type { TraumaticWound } from "./rules/wounds.js";
import { phaseActorSheetView } from "./views/sheets.js";

// ---------------------------------------------------------------------------
// The packs as the sheets derive them.

interface PackDoc {
  _id: string;
  name: string;
  type: string;
  system: Record<string, unknown>;
  items?: PackDoc[];
}

const CHARACTERS = [leroy, earl, dana] as unknown as PackDoc[];
const WEAPONS = [sidearm, revolver, huntingRifle, pumpShotgun, assaultRifle, submachineGun, stunPistol, fragGrenade, club, fists, knife, sap] as unknown as PackDoc[];
const ARMOR = [leatherJacket, ballisticVest, helmet, limbGuards, combatArmor] as unknown as PackDoc[];

const itemOf = (doc: PackDoc, ready?: boolean): PhaseItemInput => ({ id: doc._id, name: doc.name, type: doc.type, system: ready === undefined ? doc.system : { ...doc.system, ready } });


const pick = <T>(next: () => number, list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
const between = (next: () => number, min: number, max: number) => min + Math.floor(next() * (max - min + 1));

/** P12, P15, P22, P23, P25: the attack actions of the catalogue a weapon can be used with. */
function attacksWith(w: Fighter["weapons"][string], rules: Readonly<PhaseRules>): string[] {
  return Object.entries(rules.actions)
    .filter(([, spec]) => (spec.kind === "shoot" || spec.kind === "melee") && (spec.kind === "melee") === (w.kind === "melee"))
    .filter(([, spec]) => spec.requires !== "semiAuto" || w.semiAuto)
    .filter(([, spec]) => spec.requires !== "auto" || w.auto)
    .map(([key]) => key);
}

/** Every subset of the pack's armor pieces a target may wear (P28: worn pieces add up, area by area). */
const ARMOR_SETS: PackDoc[][] = Array.from({ length: 1 << ARMOR.length }, (_, mask) => ARMOR.filter((_a, i) => mask & (1 << i)));

/** The mix's inputs, generated once. */
export function phaseMixInputs(size: number, rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES, seed = 2026): AttackInput[] {
  const next = benchRandom(seed);
  // Each pack character with each pack weapon in hand (its skills and attribute read by derive, P32).
  const armed = CHARACTERS.flatMap((c) => WEAPONS.map((w) => phaseFighter(c._id, c.name, derivePhaseActor(c.system, [itemOf(w, true)], rules))));
  const inputs: AttackInput[] = [];
  const wounds = (traumas: number, flesh: number, stun: number, fleshMax: number) => ({
    flesh, stun, fleshMax, traumaLimit: rules.defaultTraumaLimit,
    traumas: Array.from({ length: traumas }, (_, i): TraumaticWound => ({ area: AREAS[i % AREAS.length]!, phase: 1 })),
  });
  while (inputs.length < size) {
    const attacker = armed[inputs.length % armed.length]!;
    const weapon = Object.values(attacker.weapons)[0]!;
    const action = pick(next, attacksWith(weapon, rules));
    const body = pick(next, CHARACTERS);
    const worn = pick(next, ARMOR_SETS);
    const missing = next() < 0.15 ? [pick(next, AREAS)] : [];
    const target = phaseFighter(body._id, body.name, derivePhaseActor({ ...body.system, missingAreas: missing }, worn.map((a) => itemOf(a)), rules));
    const shoot = weapon.kind === "ranged";
    const input: AttackInput = {
      phase: between(next, 1, 40),
      action,
      attacker: { attribute: attacker.attributes[weapon.attribute] ?? 0, skill: attacker.skills[weapon.skill] ?? 0, traumaticWounds: between(next, 0, 2) },
      weapon: { kind: weapon.kind, damage: weapon.damage, stun: weapon.stun, alwaysTraumatic: weapon.alwaysTraumatic },
      targeting: !shoot || next() < 0.6,
      aim: shoot ? between(next, 0, 3) : 0,
      called: next() < 0.45 ? pick(next, AREAS) : null,
      range: shoot ? between(next, -1, 3) : 0,
      cover: next() < 0.3 ? between(next, 1, 4) : 0,
      other: between(next, -1, 1),
      defending: next() < 0.25,
      target: {
        chart: target.chart,
        obstacles: { cover: next() < 0.2 ? AREAS.filter(() => next() < 0.3) : [], missing: target.missing },
        armor: target.armor, thresholds: target.thresholds,
        wounds: wounds(between(next, 0, 2), between(next, 0, 15), between(next, 0, 6), target.wounds.fleshMax),
      },
      dice: { checks: [], locations: [], damage: [] },
    };
    // The dice the resolution asks for, one at a time, as a card collects them.
    const dice = { checks: [] as number[], locations: [] as number[], damage: [] as number[][] };
    for (let guard = 0; guard < 64; guard++) {
      const pending = resolveAttack({ ...input, dice }, rules).pending;
      if (!pending) break;
      if (pending.roll === "check") dice.checks.push(between(next, 1, rules.checkDie));
      else if (pending.roll === "location") dice.locations.push(between(next, 1, rules.locationCharts[input.target.chart]!.die));
      else dice.damage.push(Array.from({ length: weapon.damage.dice }, () => between(next, 1, weapon.damage.faces)));
    }
    inputs.push({ ...input, dice });
  }
  return inputs;
}

export const PHASE_MIX_SIZE = 4096;

const fixedInputs = phaseBenchAttacks();
/** Built on the first call (the bench's untimed warm-up), not when the module loads. */
let mixInputs: AttackInput[] | null = null;
const mixInput = (i: number): AttackInput => (mixInputs ??= phaseMixInputs(PHASE_MIX_SIZE))[i % PHASE_MIX_SIZE]!;

const fixed: AttackSet = {
  size: fixedInputs.length,
  describe: english("CYCHOSYS.Phase.Bench.fixed", { count: fixedInputs.length }),
  run: (i) => {
    const x = fixedInputs[i % fixedInputs.length]!;
    return resolveAttack(x.input, x.rules).hits;
  },
};

const mix: AttackSet = {
  size: PHASE_MIX_SIZE,
  describe: english("CYCHOSYS.Phase.Bench.mix", { count: PHASE_MIX_SIZE, characters: CHARACTERS.length, weapons: WEAPONS.length, armor: ARMOR.length }),
  run: (i) => resolveAttack(mixInput(i), PHASE_STANDARD_RULES).hits,
};

// ---------------------------------------------------------------------------
// Table costs: what the GM waits for, at growing sizes.

/**
 * A fight of `size` at its declaration step, as the GM holds it: the ledger
 * with every combatant holding a slot in initiative order and the first half
 * declared — fire, burst, melee, Targeting, Defend, draw in turn
 * (rules/bench.ts).
 */
export function benchLedger(size: number, rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES): { ledger: PhaseLedger; fighters: Record<string, Fighter>; next: string; declarations: ReturnType<typeof phaseBenchSetup>["declarations"] } {
  const setup = phaseBenchSetup(size);
  const state = inOneRun(setup.state, (start) => {
    let s = startPhase(start, setup.fighters, {}, rules);
    let tiebreak = 0;
    for (const [id, faces] of setup.dice) s = rollInitiativeFor(s, setup.fighters, id, faces, tiebreak++ / setup.dice.size, rules);
    s = closeInitiative(s);
    for (const id of s.order.slice(0, Math.floor(size / 2))) s = declareAction(s, setup.fighters, id, setup.declarations.get(id)!, rules);
    return s;
  });
  const ledger = { ...newLedger("benchCombat", []), revision: 10, state: structuredClone(state) };
  return { ledger, fighters: setup.fighters, next: state.order[state.cursor]!, declarations: setup.declarations };
}

/**
 * Each size's fight is built once (a whole phase of initiative and
 * declarations: far more than the work timed); every `prepare` then hands
 * the work a fresh copy of the stored record, parsed from its JSON as the
 * GM's client gets it — so no run is helped by another, and the garbage of
 * building a fight is not collected during the timed call.
 */
function once<T>(make: (size: number) => T): (size: number) => T {
  const made = new Map<number, T>();
  return (size) => {
    if (!made.has(size)) made.set(size, make(size));
    return made.get(size)!;
  };
}

const midPhase = once((size: number) => {
  const fight = benchLedger(size);
  return { ...fight, ledgerJson: JSON.stringify(fight.ledger), projectionJson: JSON.stringify(projectLedger(fight.ledger)), ids: fight.ledger.state.combatants.map((c) => c.id) };
});

const phaseEndDue = once((size: number) => {
  // The phase's end: every combatant's declaration is due (fire, burst, melee with their dice).
  const setup = phaseBenchSetup(size);
  const declared = inOneRun(setup.state, (start) => {
    let s = startPhase(start, setup.fighters, {});
    let tiebreak = 0;
    for (const [id, faces] of setup.dice) s = rollInitiativeFor(s, setup.fighters, id, faces, tiebreak++ / setup.dice.size);
    s = closeInitiative(s);
    for (const id of s.order) s = declareAction(s, setup.fighters, id, setup.declarations.get(id)!);
    return s;
  });
  return { setup, json: JSON.stringify({ ...newLedger("benchCombat", []), revision: 10, state: declared, resolving: { flowId: "card" } }) };
});

const trackerSort: TableCost = {
  kind: "trackerSort",
  prepare(size) {
    const fight = midPhase(size);
    const stored = JSON.parse(fight.projectionJson) as unknown;
    // Foundry's list in its own order (the combatants as they were added), sorted into the tracker's.
    const ids = [...fight.ids].reverse();
    return () => sortByPlace(ids, trackerPlaces(readProjection(stored)));
  },
};

const newRound: TableCost = {
  kind: "newRound",
  prepare(size) {
    // The GM's client reads the record, resolves the phase's end with the card's dice, and makes the new phase's projection.
    const { setup, json } = phaseEndDue(size);
    const stored = JSON.parse(json) as unknown;
    return () => {
      const ledger = readLedger(stored);
      const next = applyLedgerOperation(ledger, { kind: "phaseEnd", basis: 10, flowId: "card", rolls: setup.rolls }, setup.fighters);
      return projectLedger(next).combatants.length;
    };
  },
};

const nextTurn: TableCost = {
  kind: "nextTurn",
  prepare(size) {
    // One slot's declaration on the GM's side: the record read back, the request planned, the projection and the owners' secrets made.
    const fight = midPhase(size);
    const stored = JSON.parse(fight.ledgerJson) as unknown;
    const owned = fight.ids.filter((_, i) => i % 3 === 0);
    const request = { kind: "phaseDeclare" as const, combatId: "benchCombat", combatantId: fight.next, ...fight.declarations.get(fight.next)! };
    return () => {
      const plan = planTrackerRequest(readLedger(stored), request as never, { isGM: true, owns: () => true }, fight.fighters, () => 0.5);
      return projectLedger(plan.ledger).combatants.length + secretsOf(plan.ledger, owned).size;
    };
  },
};

const sheet: TableCost = {
  kind: "sheet",
  prepare(size) {
    // Dana with `size` items: weapons and armor from the packs in turn, each its own id.
    const items = Array.from({ length: size }, (_, i) => {
      const doc = i % 3 === 2 ? ARMOR[i % ARMOR.length]! : WEAPONS[i % WEAPONS.length]!;
      return { id: `item${i}`, name: `${doc.name} ${i}`, type: doc.type, img: "", sort: i, system: doc.system };
    });
    const system = (dana as unknown as PackDoc).system;
    return () => {
      const derived = derivePhaseActor(system, items);
      return phaseActorSheetView({ type: "phaseCharacter", name: "Dana", img: "", system, derived, items, editable: true, enrichedText: "", localize: english }).weapons.length;
    };
  },
};

const phaseSetup = once((size: number) => phaseBenchSetup(size));

const phaseActions: TableCost = {
  kind: "phaseActions",
  prepare(size) {
    // A fresh list of combatants each time: nothing the last run worked out about it (where each one sits) is kept.
    const setup = phaseSetup(size);
    const fresh = { ...setup, state: { ...setup.state, combatants: setup.state.combatants.map((c) => ({ ...c })), events: [] } };
    return () => runBenchPhase(fresh);
  },
};

export const bench: RulesetBench = {
  id: "phase",
  fixed,
  mix,
  table: [trackerSort, newRound, nextTurn, sheet, phaseActions],
};
