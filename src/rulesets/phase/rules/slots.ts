/**
 * P11 step 3: the declaration slots, lowest initiative first. In its slot a
 * character may cancel a committed action (P10, P38), take its one free
 * action, which takes effect at once (P7), and declare a new action unless
 * still waiting on one (P6); what it may declare is checked against the
 * catalogue (P8, P12), its weapons and ammunition (P15, P22–P25, P39), and
 * its Targeting (P13, P14, P16).
 */
import { check } from "./checks.js";
import { resolvesAt } from "./clock.js";
import { PhaseError } from "./errors.js";
import { type ActionSpec, PHASE_STANDARD_RULES, type PhaseRules } from "./options.js";
import { changedCombatant, type CombatantPhase, combatantOf, type DeclaredAction, type Fighter, type FighterWeapon, fighterOf, type Fighters, type PhaseState, statOf, withCombatant } from "./state.js";
import type { Area } from "./types.js";
import { actionLabel, weaponNeedsLabel } from "./words.js";

/** What a character declares in its slot (P8). */
export interface Declaration {
  /** The catalogue key. */
  action: string;
  weapon?: string;
  target?: string;
  /** P24: the tokens under a suppressive template. */
  targets?: readonly string[];
  /** P13/P18: the area named or called. */
  area?: Area;
  /** P25: squares to the target, when measured. */
  distance?: number;
  /** An "other" action's description, or a spoken free action's words. */
  label?: string;
}

/** A free action (P7): a free catalogue entry, or one a skill makes free (`face` of its check). */
export interface FreeDeclaration {
  action: string;
  weapon?: string;
  label?: string;
  face?: number;
}

export function actionSpec(action: string, rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES): ActionSpec {
  const spec = Object.hasOwn(rules.actions, action) ? rules.actions[action] : undefined;
  if (!spec) throw new PhaseError("unknownAction", { action, known: Object.keys(rules.actions).join(", ") });
  return spec;
}

/** The combatant whose slot it is; throws unless it is `id`'s and still open. */
function slotOf(state: PhaseState, id: string): CombatantPhase {
  if (state.step !== "declare") throw new PhaseError("wrongStep", { step: state.step, wanted: "declare" });
  const c = combatantOf(state, id);
  if (c.slot === "none") throw new PhaseError("noSlot", { id });
  if (state.order[state.cursor] !== id || c.slot !== "open") throw new PhaseError("notYourSlot", { id, current: state.order[state.cursor] ?? "—" });
  return c;
}

/** P39: rounds an action will spend. */
export function roundsNeeded(spec: ActionSpec, weapon: FighterWeapon | null): number {
  if (spec.kind === "suppress") return weapon?.suppressAmmo ?? 0;
  return spec.kind === "shoot" ? spec.checks * spec.roundsPerCheck : 0;
}

export function weaponFits(spec: ActionSpec, w: FighterWeapon): boolean {
  switch (spec.requires) {
    case "ranged":
      return w.kind === "ranged";
    case "melee":
      return w.kind === "melee";
    case "semiAuto":
      return w.kind === "ranged" && w.semiAuto;
    case "auto":
      return w.kind === "ranged" && w.auto;
    default:
      return true;
  }
}

const USES_WEAPON = new Set(["draw", "holster", "shoot", "melee", "suppress"]);
const TAKES_TARGET = new Set(["targeting", "aim", "shoot", "melee"]);

/** The weapon an action names, checked against what the action does (P8, P15, P22–P25, P39). */
function checkWeapon(spec: ActionSpec, d: Declaration, f: Fighter): FighterWeapon | null {
  if (!USES_WEAPON.has(spec.kind) && spec.requires === "none") return null;
  if (!d.weapon) throw new PhaseError("needsWeapon", { action: actionLabel(d.action) });
  const w = Object.hasOwn(f.weapons, d.weapon) ? f.weapons[d.weapon] : undefined;
  if (!w) throw new PhaseError("unknownWeapon", { weapon: d.weapon, id: f.id });
  if (spec.kind === "draw" && w.ready) throw new PhaseError("weaponAlreadyReady", { weapon: w.name });
  if (spec.kind !== "draw" && !w.ready) throw new PhaseError("weaponNotReady", { weapon: w.name });
  if (!weaponFits(spec, w)) throw new PhaseError("weaponKind", { weapon: w.name, action: actionLabel(d.action), requires: spec.requires, needs: weaponNeedsLabel(spec.requires) });
  const need = roundsNeeded(spec, w);
  if (w.ammo < need) throw new PhaseError("noAmmo", { weapon: w.name, need, left: w.ammo });
  return w;
}

/** Check a declaration against the rules and the character's state; the action it makes. */
export function checkDeclaration(state: PhaseState, c: CombatantPhase, f: Fighter, d: Declaration, rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES): DeclaredAction {
  const spec = actionSpec(d.action, rules);
  if (spec.length === "free") throw new PhaseError("freeActionLength", { action: actionLabel(d.action) });
  const weapon = checkWeapon(spec, d, f);
  let target: string | null = null;
  if (TAKES_TARGET.has(spec.kind)) {
    if (!d.target) throw new PhaseError("needsTarget", { action: actionLabel(d.action) });
    combatantOf(state, d.target);
    if (d.target === c.id) throw new PhaseError("targetSelf", { action: actionLabel(d.action) });
    target = d.target;
  }
  // P16: Aim only after Targeting on the same target.
  if (spec.kind === "aim" && c.targeting?.target !== target) throw new PhaseError("noTargeting", { target: target ?? "" });
  if (d.area !== undefined) {
    if (spec.kind !== "targeting" && spec.kind !== "shoot" && spec.kind !== "melee") throw new PhaseError("calledNotAllowed", { action: actionLabel(d.action) });
    // P14: no called shot without Targeting (a combined action brings its own, P12).
    if (spec.kind === "shoot" && c.targeting?.target !== target && !spec.targetingPart) throw new PhaseError("wildCalled", { target: target ?? "" });
  }
  // P25: within reach (adjacent by default).
  if (spec.kind === "melee" && d.distance !== undefined && d.distance > rules.meleeReach) throw new PhaseError("outOfReach", { distance: d.distance, reach: rules.meleeReach });
  const targets = spec.kind === "suppress" ? [...(d.targets ?? [])] : [];
  for (const t of targets) combatantOf(state, t);
  const length = spec.length;
  return {
    id: `${c.id}@${state.phase}`, actor: c.id, action: d.action, length, declaredAt: state.phase, resolvesAt: resolvesAt(state.phase, length, rules),
    weapon: weapon?.id ?? null, target, targets, area: d.area ?? null, distance: d.distance ?? null, label: d.label ?? null, partsDone: 0,
    cancellable: spec.cancellable && length !== "phase",
  };
}

/** What declaring does at once: P13 an attack on another target drops Targeting; P16 Aim is lost; P26 Defend is in force. */
function onDeclare(c: CombatantPhase, action: DeclaredAction, spec: ActionSpec): CombatantPhase {
  let targeting = c.targeting;
  let aim = c.aim;
  const attacks = spec.kind === "shoot" || spec.kind === "melee" || spec.kind === "suppress";
  if (attacks && targeting && action.target !== targeting.target) {
    targeting = null;
    aim = null;
  }
  if (spec.kind !== "aim" && spec.kind !== "shoot") aim = null;
  if (aim && aim.target !== targeting?.target) aim = null;
  return changedCombatant(c, { action, targeting, aim, defending: c.defending || spec.kind === "defend", slot: "done" });
}

/** P6/P8: declare a new action in the slot (not while waiting on one); the slot closes. */
export function declareAction(state: PhaseState, fighters: Fighters, id: string, d: Declaration, rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES): PhaseState {
  const c = slotOf(state, id);
  if (c.action) throw new PhaseError("busy", { id, action: actionLabel(c.action.action), resolvesAt: c.action.resolvesAt });
  const action = checkDeclaration(state, c, fighterOf(fighters, id), d, rules);
  const next = onDeclare(c, action, actionSpec(d.action, rules));
  return withCombatant(state, next, { cursor: state.cursor + 1 }, [{ kind: "declare", actor: id, action, fromFailedFree: false }]);
}

/** The slot closes with nothing (more) declared. */
export function passSlot(state: PhaseState, id: string): PhaseState {
  const c = slotOf(state, id);
  return withCombatant(state, { ...c, slot: "done" }, { cursor: state.cursor + 1 }, [{ kind: "pass", actor: id }]);
}

/** P10/P38: cancel the committed action in the slot; parts that took effect stay; a new action may follow. */
export function cancelAction(state: PhaseState, id: string): PhaseState {
  const c = slotOf(state, id);
  if (!c.action) throw new PhaseError("nothingToCancel", { id });
  if (!c.action.cancellable) throw new PhaseError("notCancellable", { action: actionLabel(c.action.action) });
  return withCombatant(state, { ...c, action: null }, {}, [{ kind: "cancel", actor: id, action: c.action }]);
}

/** P13: a distraction (the GM's button) costs the character its Targeting, and the Aim with it (P16). */
export function distract(state: PhaseState, id: string): PhaseState {
  const c = combatantOf(state, id);
  if (!c.targeting) return state;
  return withCombatant(state, { ...c, targeting: null, aim: null }, {}, [{ kind: "distracted", actor: id, target: c.targeting.target }]);
}

export interface FreeResult {
  state: PhaseState;
  /** The fighter after (a fastdraw readies the weapon at once); the same object when unchanged. */
  fighter: Fighter;
}

/**
 * P7: the one free action of the phase, taking effect at once: a free
 * catalogue entry (a few words), or an action a skill makes free (fastdraw,
 * checked against the standard TN, P33). A failed fastdraw leaves the draw as
 * the phase action — unless the character is busy, when it is simply lost (P6).
 */
export function takeFree(state: PhaseState, fighters: Fighters, id: string, free: FreeDeclaration, rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES): FreeResult {
  const c = slotOf(state, id);
  if (c.freeUsed) throw new PhaseError("freeUsed", { id });
  const f = fighterOf(fighters, id);
  const spec = actionSpec(free.action, rules);
  const done = (next: CombatantPhase, fighter: Fighter, check: { face: number; total: number; tn: number; success: boolean } | null, weapon: string | null): FreeResult => ({
    state: withCombatant(state, next, {}, [{ kind: "free", actor: id, action: free.action, label: free.label ?? null, weapon, check }]),
    fighter,
  });
  if (spec.length === "free") return done({ ...c, freeUsed: true }, f, null, null);
  if (!spec.freeWith) throw new PhaseError("notFree", { action: actionLabel(free.action) });
  const skill = Object.hasOwn(f.skills, spec.freeWith.skill) ? f.skills[spec.freeWith.skill] : undefined;
  if (skill === undefined) throw new PhaseError("needsSkill", { skill: spec.freeWith.skill, action: actionLabel(free.action) });
  // The action must be one the character could declare (its weapon, its target).
  const d: Declaration = { action: free.action, ...(free.weapon !== undefined && { weapon: free.weapon }), ...(free.label !== undefined && { label: free.label }) };
  const action = checkDeclaration(state, c, f, d, rules);
  if (free.face === undefined) throw new PhaseError("diceMissing", { what: `${spec.freeWith.skill} check`, who: id });
  const attribute = statOf(f.attributes, spec.freeWith.attribute);
  const r = check({ face: free.face, attribute, skill, traumaticWounds: f.wounds.traumas.length, tn: spec.freeWith.tn ?? rules.standardTN }, `${spec.freeWith.skill} check`, rules);
  const figure = { face: r.face, total: r.total, tn: r.tn, success: r.success };
  if (r.success) return done({ ...c, freeUsed: true }, applyAtOnce(f, spec, action), figure, action.weapon);
  const failed = done({ ...c, freeUsed: true }, f, figure, action.weapon);
  if (c.action) return failed;
  const after = combatantOf(failed.state, id);
  return {
    state: withCombatant(failed.state, onDeclare(after, action, spec), { cursor: state.cursor + 1 }, [{ kind: "declare", actor: id, action, fromFailedFree: true }]),
    fighter: f,
  };
}

/** A free action's effect on the fighter (a draw readies the weapon; a holster puts it away). */
function applyAtOnce(f: Fighter, spec: ActionSpec, action: DeclaredAction): Fighter {
  if ((spec.kind !== "draw" && spec.kind !== "holster") || !action.weapon) return f;
  const w = f.weapons[action.weapon]!;
  return { ...f, weapons: { ...f.weapons, [w.id]: { ...w, ready: spec.kind === "draw" } } };
}
