/**
 * P9, P11 steps 4–5, P12, P37, P38, P39, P40: the end of a phase. The
 * actions due now resolve by length — phase, then round, turn, minute — and
 * all of one length at the same moment: every roll is made against the state
 * before that length resolves, then every effect is applied together (two
 * gunmen can drop each other). A character put out of action loses its
 * Targeting, Aim and Defend and every action not yet resolved (P37). Then the
 * per-phase state clears and the counter advances.
 */
import { type AttackDice, type AttackInput, type AttackResolution, resolveAttack } from "./attack.js";
import { phaseClock, type PhaseClock } from "./clock.js";
import { PhaseError } from "./errors.js";
import { PHASE_STANDARD_RULES, type PhaseRules } from "./options.js";
import { actionSpec, roundsNeeded } from "./slots.js";
import { changedCombatant, combatantIndex, type CombatantPhase, type DeclaredAction, type Fighter, type Fighters, type FighterWeapon, keepPlaces, type PhaseState, statOf } from "./state.js";
import { surprise } from "./surprise.js";
import { type Area, type OutState, TIMED_LENGTHS, type TimedLength } from "./types.js";
import { condition, type HitDamage, outOfAction, takeHits } from "./wounds.js";

/** The dice and the GM's figures for one attack resolving this phase (keyed by the attacker's id). */
export interface AttackRolls extends AttackDice {
  /** P17/P35: range, cover and other TN modifiers. */
  range?: number;
  cover?: number;
  other?: number;
  /** P21/P41: the target's areas behind cover for this attack. */
  coverAreas?: readonly Area[];
}

export type ActionOutcome =
  | { kind: "attack"; attack: AttackResolution }
  | { kind: "targeting"; target: string; area: Area | null }
  | { kind: "aim"; target: string; bonus: number }
  | { kind: "aimLost"; target: string }
  | { kind: "draw" | "holster"; weapon: string }
  | { kind: "suppress"; weapon: string; rounds: number; targets: string[] }
  | { kind: "defend" }
  | { kind: "other" }
  /** The weapon is gone or has not the rounds any more (the GM changed it meanwhile): nothing happens. */
  | { kind: "noWeapon"; weapon: string }
  | { kind: "noAmmo"; weapon: string; need: number; left: number }
  | { kind: "noTarget"; target: string };

export interface ResolvedEntry {
  action: DeclaredAction;
  /** P12: the Targeting part of a combined action (the action goes on). */
  part: "targeting" | null;
  outcome: ActionOutcome;
}

export interface LostAction {
  action: DeclaredAction;
  /** P9/P37: the length whose resolution put its actor out. */
  during: TimedLength | "before";
}

export interface PhaseReport {
  clock: PhaseClock;
  groups: { length: TimedLength; entries: ResolvedEntry[] }[];
  lost: LostAction[];
  /** P30/P37: who went out, by which length, in which states. */
  outOfAction: { id: string; during: TimedLength; states: OutState[] }[];
  /** P40: who this phase's hostile acts surprised. */
  surprised: string[];
}

export interface AttackNeed {
  actor: string;
  action: string;
  roll: "check" | "location" | "damage";
  check: number;
  hit: number;
}

export type PhaseResolution =
  /** `groups`: what resolved so far, the length that lacks dice last (its attacks partly rolled), for a card to show while it waits. */
  | { status: "pending"; needs: AttackNeed[]; groups: { length: TimedLength; entries: ResolvedEntry[] }[] }
  | { status: "resolved"; state: PhaseState; fighters: Record<string, Fighter>; report: PhaseReport };

interface Due {
  c: CombatantPhase;
  action: DeclaredAction;
  part: "targeting" | null;
  length: TimedLength;
}

/**
 * The dice a roll still owed is made with (P4, P20, P28): the check die, the
 * target's chart die, or the weapon's damage dice — for a card's Roll button
 * and a sequence's `owed` list.
 */
export function neededDice(need: AttackNeed, state: PhaseState, fighters: Fighters, rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES): { dice: number; faces: number } {
  if (need.roll === "check") return { dice: 1, faces: rules.checkDie };
  const at = combatantIndex(state, need.actor);
  const action = at < 0 ? null : state.combatants[at]!.action;
  if (need.roll === "location") {
    const target = action?.target && Object.hasOwn(fighters, action.target) ? fighters[action.target] : undefined;
    const chart = target?.chart ?? "human";
    return { dice: 1, faces: Object.hasOwn(rules.locationCharts, chart) ? rules.locationCharts[chart]!.die : rules.checkDie };
  }
  const weapon = action?.weapon && Object.hasOwn(fighters, need.actor) ? fighters[need.actor]!.weapons[action.weapon] : undefined;
  return weapon ? { dice: weapon.damage.dice, faces: weapon.damage.faces } : { dice: 0, faces: 0 };
}

const NO_ROLLS: AttackRolls = Object.freeze({ checks: [], locations: [], damage: [] });

/** The GM's figures for an attack (P17, P21, P35, P41): TN modifiers and the target's areas behind cover. */
export type AttackModifiers = Pick<AttackRolls, "range" | "cover" | "other" | "coverAreas">;

/**
 * An attack as the end of a phase resolves it: the attacker's attribute and skill the weapon names
 * (P32) and its wounds (P36), what it holds on the target (Targeting and Aim,
 * P13, P16), the area called (P18), the GM's modifiers (P17, P35) and the
 * target's body, armor and wounds (P20, P21, P28–P30), the target's Defend
 * (P26) and the dice. The odds (odds.ts) price exactly this, before its dice.
 */
export function attackSetup(
  attacker: Fighter,
  weapon: FighterWeapon,
  action: string,
  target: Fighter,
  held: { targeting: boolean; aim: number; called: Area | null },
  mods: AttackModifiers = {},
  phase = 1,
  defending = false,
  dice: AttackDice = NO_ROLLS,
): AttackInput {
  // Built key by key, one shape every time (a spread in this path slows every phase end).
  return {
    phase,
    action,
    attacker: { attribute: statOf(attacker.attributes, weapon.attribute), skill: statOf(attacker.skills, weapon.skill), traumaticWounds: attacker.wounds.traumas.length },
    weapon, targeting: held.targeting, aim: held.aim, called: held.called,
    range: mods.range ?? 0, cover: mods.cover ?? 0, other: mods.other ?? 0,
    defending,
    target: { chart: target.chart, obstacles: { cover: mods.coverAreas ?? [], missing: target.missing }, armor: target.armor, thresholds: target.thresholds, wounds: target.wounds },
    dice,
  };
}

/** A shallow copy of the fighters by id (key by key: quicker than a spread of a record of thousands). */
function copyRecord(fighters: Fighters): Record<string, Fighter> {
  const out: Record<string, Fighter> = {};
  for (const id in fighters) if (Object.hasOwn(fighters, id)) out[id] = fighters[id]!;
  return out;
}

/** The actions due at the end of this phase, grouped by the length they resolve with (P9, P12). */
export function dueThisPhase(state: PhaseState, rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES): { length: TimedLength; actions: { action: DeclaredAction; part: "targeting" | null }[] }[] {
  const due = collectDue(state, rules);
  return TIMED_LENGTHS.map((length) => ({ length, actions: due.get(length)!.map((d) => ({ action: d.action, part: d.part })) })).filter((g) => g.actions.length);
}

/** The due actions by length (P9), each list in the combatants' order: grouped once, not filtered again per length. */
function collectDue(state: PhaseState, rules: Readonly<PhaseRules>): Map<TimedLength, Due[]> {
  const due = new Map<TimedLength, Due[]>();
  for (const length of TIMED_LENGTHS) due.set(length, []);
  const phaseDue = due.get("phase")!;
  for (const c of state.combatants) {
    const a = c.action;
    if (!a) continue;
    // P12: target-and-fire's Targeting takes effect at the end of its first phase, with the phase actions.
    if (a.partsDone === 0 && a.declaredAt === state.phase && a.resolvesAt > state.phase && actionSpec(a.action, rules).targetingPart) phaseDue.push({ c, action: a, part: "targeting", length: "phase" });
    if (a.resolvesAt <= state.phase) due.get(a.length)?.push({ c, action: a, part: null, length: a.length });
  }
  return due;
}

/**
 * P11 step 4–5: resolve the end of the phase with the dice given per attacker
 * (`rolls`). When an attack still needs dice nothing changes and the rolls
 * needed are listed (for the lengths up to the first that lacks some: a
 * longer action may yet be lost).
 */
export function resolvePhase(
  state: PhaseState,
  fighters: Fighters,
  rolls: Readonly<Record<string, AttackRolls>>,
  rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES,
): PhaseResolution {
  if (state.step !== "declare") throw new PhaseError("wrongStep", { step: state.step, wanted: "declare" });
  const phase = state.phase;
  const people = new Map<string, CombatantPhase>();
  for (const c of state.combatants) people.set(c.id, c);
  const bodies = copyRecord(fighters);
  const due = collectDue(state, rules);
  const report: PhaseReport = { clock: phaseClock(phase, rules), groups: [], lost: [], outOfAction: [], surprised: [] };
  const out = new Set<string>();
  const lost = new Set<string>();
  const attackers = new Set<string>();
  for (const list of due.values()) for (const d of list) if (d.part === null && actionSpec(d.action.action, rules).checks > 0) attackers.add(d.c.id);
  for (const id of Object.keys(rolls)) if (!attackers.has(id)) throw new PhaseError("diceUnused", { what: `rolls of ${id}`, given: 1, used: 0 });
  // P37: whoever is out already (the GM changed the sheet since) loses what it had underway.
  for (const c of state.combatants) {
    const f = bodies[c.id];
    if (!f || !outOfAction(f.wounds)) continue;
    out.add(c.id);
    if (c.action) {
      report.lost.push({ action: c.action, during: "before" });
      lost.add(c.action.id);
    }
    people.set(c.id, changedCombatant(c, PUT_OUT));
  }

  for (const length of TIMED_LENGTHS) {
    const dueNow = due.get(length)!;
    // Nothing resolves with this length: nobody is hurt by it, nothing changes.
    if (!dueNow.length) continue;
    const entries: ResolvedEntry[] = [];
    const hits = new Map<string, { area: Area; damage: HitDamage }[]>();
    const needs: AttackNeed[] = [];
    // Every roll of this length is made against the people as they were before it: they change only after the loop.
    for (const d of dueNow) {
      const c = people.get(d.c.id)!;
      if (lost.has(d.action.id) || out.has(c.id) || c.action?.id !== d.action.id) continue;
      const outcome = resolveEntry(d, c, people, bodies, rolls, phase, rules, needs);
      if (outcome) entries.push({ action: d.action, part: d.part, outcome });
      if (outcome?.kind === "attack") {
        const a = outcome.attack;
        let list = hits.get(d.action.target!);
        if (!list) hits.set(d.action.target!, (list = []));
        for (const check of a.checks) for (const h of check.hits) if (h.placement.area && h.damage) list.push({ area: h.placement.area, damage: h.damage });
      }
    }
    if (needs.length) return { status: "pending", needs, groups: [...report.groups, { length, entries }] };

    // Every effect of this length together (P9).
    for (const e of entries) applyEffect(e, people, bodies, phase, report, rules);
    for (const [target, list] of hits) {
      const f = bodies[target]!;
      if (list.length) bodies[target] = { ...f, wounds: takeHits(f.wounds, list, phase) };
    }
    for (const e of entries) if (e.part === null) people.set(e.action.actor, changedCombatant(people.get(e.action.actor)!, ACTION_DONE));
    // P37: whoever is now out loses Targeting, Aim, Defend and every action not yet resolved. Only a wound
    // changes that, so only those hit now are looked at — in the combatants' order.
    // Whoever goes out is reported in the combatants' order.
    // Their places looked up once each, then sorted as numbers.
    const struck: number[] = [];
    for (const id of hits.keys()) if (people.has(id)) struck.push(combatantIndex(state, id));
    struck.sort((a, b) => a - b);
    for (const at of struck) {
      const c = people.get(state.combatants[at]!.id)!;
      const f = bodies[c.id];
      if (!f || out.has(c.id)) continue;
      const cond = condition(f.wounds, rules);
      if (!cond.out) continue;
      out.add(c.id);
      report.outOfAction.push({ id: c.id, during: length, states: cond.states });
      if (c.action) {
        report.lost.push({ action: c.action, during: length });
        lost.add(c.action.id);
      }
      people.set(c.id, changedCombatant(c, PUT_OUT));
    }
    if (entries.length) report.groups.push({ length, entries });
  }

  // P11 step 5: per-phase state clears; the counter advances.
  const combatants = keepPlaces(state.combatants, state.combatants.map((c): CombatantPhase => changedCombatant(people.get(c.id)!, PHASE_CLEARED)));
  return { status: "resolved", state: { phase: phase + 1, step: "start", combatants, order: [], cursor: 0, events: [] }, fighters: bodies, report };
}

// The changes resolvePhase makes to a combatant, built once (not an object per combatant per phase).
/** P37: out of action — no action, Targeting, Aim or Defend any more. */
const PUT_OUT = Object.freeze({ action: null, targeting: null, aim: null, defending: false });
/** The action resolved. */
const ACTION_DONE = Object.freeze({ action: null });
/** P11 step 5: the per-phase state cleared. */
const PHASE_CLEARED = Object.freeze({ initiative: null, slot: "none", freeUsed: false, defending: false } as const);

/** One due action's outcome, its rolls made against the state before its length resolves. */
function resolveEntry(
  d: Due,
  c: CombatantPhase,
  people: ReadonlyMap<string, CombatantPhase>,
  bodies: Readonly<Record<string, Fighter>>,
  rolls: Readonly<Record<string, AttackRolls>>,
  phase: number,
  rules: Readonly<PhaseRules>,
  needs: AttackNeed[],
): ActionOutcome | null {
  const a = d.action;
  if (d.part === "targeting") return { kind: "targeting", target: a.target!, area: a.area };
  const spec = actionSpec(a.action, rules);
  const f = bodies[c.id]!;
  const w = a.weapon === null ? null : Object.hasOwn(f.weapons, a.weapon) ? f.weapons[a.weapon]! : undefined;
  if (w === undefined) return { kind: "noWeapon", weapon: a.weapon! };
  switch (spec.kind) {
    case "targeting":
      return { kind: "targeting", target: a.target!, area: a.area };
    case "aim": {
      // P16: the Aim needs the Targeting still good on that target.
      if (c.targeting?.target !== a.target) return { kind: "aimLost", target: a.target! };
      const held = c.aim?.target === a.target ? c.aim.bonus : 0;
      return { kind: "aim", target: a.target!, bonus: Math.min(rules.aimMax, held + rules.aimPerPhase) };
    }
    case "draw":
    case "holster":
      return { kind: spec.kind, weapon: w!.id };
    case "defend":
      return { kind: "defend" };
    case "suppress": {
      const need = roundsNeeded(spec, w);
      if (w!.ammo < need) return { kind: "noAmmo", weapon: w!.id, need, left: w!.ammo };
      return { kind: "suppress", weapon: w!.id, rounds: need, targets: [...a.targets] };
    }
    case "shoot":
    case "melee": {
      const need = roundsNeeded(spec, w);
      if (w!.ammo < need) return { kind: "noAmmo", weapon: w!.id, need, left: w!.ammo };
      const tf = Object.hasOwn(bodies, a.target!) ? bodies[a.target!] : undefined;
      const tc = people.get(a.target!);
      if (!tf || !tc) return { kind: "noTarget", target: a.target! };
      const r = Object.hasOwn(rolls, c.id) ? rolls[c.id]! : NO_ROLLS;
      const held = { targeting: c.targeting?.target === a.target, aim: c.aim?.target === a.target ? c.aim.bonus : 0, called: a.area };
      const attack = resolveAttack(attackSetup(f, w!, a.action, tf, held, r, phase, tc.defending, r), rules);
      if (attack.pending) needs.push({ actor: c.id, action: a.action, ...attack.pending });
      return { kind: "attack", attack };
    }
    default:
      return { kind: "other" };
  }
}

/** The effect of one resolved entry on the people and their sheets (P12, P13, P16, P24, P39, P40). */
function applyEffect(e: ResolvedEntry, people: Map<string, CombatantPhase>, bodies: Record<string, Fighter>, phase: number, report: PhaseReport, rules: Readonly<PhaseRules>): void {
  const id = e.action.actor;
  const c = people.get(id)!;
  const o = e.outcome;
  switch (o.kind) {
    case "targeting":
      people.set(id, changedCombatant(c, {
        targeting: { target: o.target, area: o.area },
        aim: c.aim?.target === o.target ? c.aim : null,
        action: e.part ? { ...c.action!, partsDone: c.action!.partsDone + 1 } : c.action,
      }));
      return;
    case "aim":
      people.set(id, changedCombatant(c, { aim: { target: o.target, bonus: o.bonus } }));
      return;
    case "draw":
    case "holster": {
      const f = bodies[id]!;
      bodies[id] = { ...f, weapons: { ...f.weapons, [o.weapon]: { ...f.weapons[o.weapon]!, ready: o.kind === "draw" } } };
      return;
    }
    case "suppress":
      spend(bodies, id, o.weapon, o.rounds);
      for (const t of o.targets) if (people.has(t)) people.set(t, changedCombatant(people.get(t)!, { suppressed: true }));
      for (const t of o.targets) hostileTo(t, people, phase, report, rules);
      return;
    case "attack":
      if (e.action.weapon && o.attack.ammoSpent) spend(bodies, id, e.action.weapon, o.attack.ammoSpent);
      // P16/P39: the Aim on that target is used up by the shot.
      if (c.aim?.target === e.action.target) people.set(id, changedCombatant(people.get(id)!, { aim: null }));
      hostileTo(e.action.target!, people, phase, report, rules);
      return;
    default:
      return;
  }
}

/** P39: `rounds` spent from the fighter's weapon. */
function spend(bodies: Record<string, Fighter>, id: string, weapon: string, rounds: number): void {
  const f = bodies[id]!;
  const w = f.weapons[weapon]!;
  bodies[id] = { ...f, weapons: { ...f.weapons, [weapon]: { ...w, ammo: w.ammo - rounds } } };
}

/** P40: a hostile act against an unaware target surprises it. */
function hostileTo(target: string, people: Map<string, CombatantPhase>, phase: number, report: PhaseReport, rules: Readonly<PhaseRules>): void {
  const tc = people.get(target);
  if (tc?.awareness.state !== "unaware") return;
  people.set(target, changedCombatant(tc, { awareness: surprise(tc.awareness, phase, 0, rules) }));
  report.surprised.push(target);
}
