/**
 * GURPS's attack workflow as the GM's transport drives it
 * (src/core/ruleset.ts, `RulesetWorkflow`). A request (its shape already
 * checked) becomes the rules core's input from what the GM holds — the
 * actors' derived figures and the round states on the combat — never from
 * figures the request names: a request names an item, a line, choices and
 * dice. The flow's transitions (flow.ts) become the shared write commands
 * (writes.ts).
 */
import type { Localize } from "../../../core/messages.js";
import type { FlowUser, ParsedRequest, RequestProblem, RulesetWorkflow, StepContext, StepResult } from "../../../core/ruleset.js";
import { attackerInCombat } from "../../../core/transport/combat-gate.js";
import { type ActorLike, type CombatantRef, isActor, type UserLike, type WorkflowEnv } from "../../../core/transport/ports.js";
import type { WriteCommand, WriteScope } from "../../../core/writes.js";
import type { GurpsRoundOperation } from "../combat/round-state.js";
import { readGurpsOrder } from "../combat/tracker-plan.js";
import { fighterId, itemStateOf, unreadyOnFall, victimNow } from "../combat/fighter.js";
import { defenderStateOf } from "../data/combat-inputs.js";
import { attackInputOf } from "./attack-input.js";
import { SLAM_MANEUVERS, slamInputOf, slamSkillOf, slamVelocityCap } from "./slam-input.js";
import type { GurpsDerived } from "../data/derived.js";
import {
  actingManeuver, afterAttack, type AttackManeuver, attackRefusal, freshItem, type OpenInterrupt, type GurpsAttackInput, type GurpsFighterRound, type GurpsResolution, type GurpsRules, readRoll,
} from "../rules/index.js";
import { GurpsFlowError } from "./errors.js";
import { applyInjury, declareGurpsAttack, defend, type GurpsFlow, phaseOf, resolutionOf, rollDamage, rollOwed, targetOf, undoInjury } from "./flow.js";
import { GURPS_GM_ONLY_FIELDS, type GurpsCardRequest, type GurpsDeclaration, parseGurpsRequest } from "./request-schema.js";
import { applicationOf, factCommands, type StruckInput, undoCommands } from "./writes.js";

export type { GurpsFlow } from "./flow.js";

/** What GURPS reads of an actor's `system` (its derived figures) and of Foundry's actor (an NPC has no player owner). */
export type GurpsActor = ActorLike<{ derived?: GurpsDerived }> & { hasPlayerOwner?: boolean };

/** What the GM's world tells the workflow besides the documents (the Foundry side fills it; tests hand in their own). */
export interface GurpsWorld {
  /** Is it this actor's turn in the started combat? Null outside one. */
  turnOf(actorUuid: string): boolean | null;
  /** Yards between the two actors' tokens on the viewed scene, when both are there. */
  distance(fromUuid: string, toUuid: string): number | null;
}
export const NO_WORLD: GurpsWorld = { turnOf: () => null, distance: () => null };

type ReadRound = (ref: CombatantRef) => GurpsFighterRound;

function roundOf(env: WorkflowEnv, uuid: string, read: ReadRound): { ref: CombatantRef; state: GurpsFighterRound } | undefined {
  const ref = env.combatantOf(uuid);
  return ref ? { ref, state: read(ref) } : undefined;
}

function derivedOf(actor: GurpsActor): GurpsDerived {
  const derived = actor.system.derived;
  if (!derived) throw new GurpsFlowError("noSuchActor", { id: actor.uuid });
  return derived;
}

async function actorAt(env: WorkflowEnv, uuid: string): Promise<GurpsActor> {
  const doc = await env.resolve(uuid);
  if (!isActor(doc) || !(doc as GurpsActor).system?.derived) throw new GurpsFlowError("noSuchActor", { id: uuid });
  return doc as GurpsActor;
}

/** A combatant's name in its combat (Foundry's collection or a list: each iterates its combatants), once per declare. */
function combatantName(combat: CombatantRef["combat"], id: string): string | null {
  const all = (combat as { combatants?: Iterable<{ id: string; name?: string | null; actor?: { name?: string } | null }> }).combatants;
  if (all) for (const c of all) if (c.id === id) return c.name || c.actor?.name || null;
  return null;
}

/**
 * G31: the interrupt the GM noted on the fighter's combat (only the GM
 * writes the order), his combatant id, and the waiter's name for the
 * refusal — what attackRefusal asks, for the GM's declare and the dialog.
 */
export function interruptFor(ref: CombatantRef): { open: OpenInterrupt | null; id: string; by: string | null } {
  const open = readGurpsOrder(ref.combat.flags).interrupt;
  return { open, id: ref.combatant.id, by: open ? combatantName(ref.combat, open.by) : null };
}

const owns = (actor: ActorLike, user: UserLike) => user.isGM || actor.testUserPermission(user, "OWNER");
const ref = (actor: GurpsActor) => ({ actorUuid: actor.uuid, name: actor.name });

/**
 * G24–G27, G35–G38, G51–G57: a declared attack's flow, checked — the
 * maneuver his round holds permits it now (attackRefusal), the weapon and
 * line are his, the target is in reach — and the round state it changes
 * (aim, evaluate and feint spent, the weapon's state, G22–G25, G40, G41, G56).
 */
async function declare(ctx: StepContext, request: GurpsDeclaration, author: UserLike, rules: Readonly<GurpsRules>, read: ReadRound, world: GurpsWorld): Promise<StepResult<GurpsFlow>> {
  const { env } = ctx;
  const localize: Localize = (key, params) => env.format(key, params as Record<string, string | number>);
  const attacker = await actorAt(env, request.actorUuid);
  if (!owns(attacker, author)) throw new GurpsFlowError("notYours", { name: attacker.name });
  const derived = derivedOf(attacker);
  // G48, G49: a slam is made with the body, not the line (the request's item and line name the weapon the dialog came from, unused).
  const slam = request.slam ?? null;
  const weapon = slam ? null : derived.weapons.find((w) => w.id === request.itemId);
  if (!slam && !weapon) throw new GurpsFlowError("notAWeapon", { name: request.itemId, actor: attacker.name });
  const line = weapon ? weapon.lines[request.line] : null;
  if (weapon && !line) throw new GurpsFlowError("noSuchLine", { weapon: weapon.name, line: request.line + 1 });
  if (request.targetUuid === attacker.uuid) throw new GurpsFlowError("selfTarget");
  const target = await actorAt(env, request.targetUuid);
  // A fighter in a started combat is attacked only through it: a player's attacker outside it is refused (the shared gate).
  const myRef = attackerInCombat(env, attacker, [{ actorUuid: target.uuid, name: target.name }], author);
  const theirRef = env.combatantOf(target.uuid);
  // G10, G26: a maneuver chosen outside a combat never applies to an attack on a fighter in one (its price would go unrecorded).
  if (!myRef && theirRef && request.maneuver && request.maneuver !== "attack") {
    throw new GurpsFlowError("maneuverOutsideCombat", { attacker: attacker.name, target: target.name, maneuver: localize(`CYCHOSYS.Gurps.Maneuver.${request.maneuver}`) });
  }
  // G3: the attacker's own penalties (the schema takes no bonus from him) and the GM's modifiers.
  const modifiers = [...(request.modifiers ?? []), ...(request.gmModifiers ?? [])];
  // G36, G53, G60: the range the GM measures on the scene; a request may only add to it, the GM may set it.
  const measured = world.distance(attacker.uuid, target.uuid);
  if (measured !== null && line && line.kind === "melee" && line.reach.length && measured > Math.max(...line.reach)) {
    throw new GurpsFlowError("refused", { reason: localize("CYCHOSYS.Gurps.Flow.outOfReach", { yards: measured }) });
  }
  // G48: the slammer ends his move against the foe.
  if (slam && measured !== null && measured > 1) throw new GurpsFlowError("refused", { reason: localize("CYCHOSYS.Gurps.Flow.slamReach", { yards: measured }) });
  if (slam && request.rapidStrike) throw new GurpsFlowError("refused", { reason: localize("CYCHOSYS.Gurps.Flow.slamRapidStrike") });
  const range = request.gmRange ?? Math.max(request.range ?? 0, measured ?? 0);

  const mine = myRef ? { ref: myRef, state: read(myRef) } : undefined;
  const theirs = theirRef ? { ref: theirRef, state: read(theirRef) } : undefined;
  // A slam's "weapon" is his body: always ready.
  const item = weapon && line ? itemStateOf(mine?.state ?? null, weapon, line) : freshItem({ ready: true });
  let maneuver: AttackManeuver = request.maneuver ?? "attack";
  let aoaOption = request.maneuver === "allOutAttack" ? (request.aoaOption ?? null) : null;
  const commands: WriteCommand[] = [];
  if (mine) {
    // G9, G10, G31, G35: in a combat the maneuver is the round's, on his turn or as a triggered Wait.
    const myTurn = world.turnOf(attacker.uuid) ?? false;
    // G31: the interrupt the GM noted on the combat when a Wait's trigger fired.
    const interrupt = interruptFor(mine.ref);
    const refusal = attackRefusal(mine.state, { myTurn, rapidStrike: !!request.rapidStrike, item, unbalanced: !!line?.unbalanced, interrupt }, rules);
    if (refusal) {
      const names = { name: attacker.name, by: interrupt.by ?? localize("CYCHOSYS.Gurps.Act.theWaiter") };
      throw new GurpsFlowError("notPermitted", { reason: localize(`CYCHOSYS.Gurps.Act.${refusal.reason}`, names), rule: refusal.rule });
    }
    const choice = actingManeuver(mine.state, myTurn)!;
    maneuver = choice.id as AttackManeuver;
    aoaOption = choice.aoaOption ?? null;
    if (!myTurn && mine.state.maneuver.id === "wait") commands.push({ kind: "round", actorUuid: attacker.uuid, operation: { kind: "triggerWait" } satisfies GurpsRoundOperation });
  }
  const targetId = fighterId(target.uuid);
  const shots = request.shots ?? 1;
  const targetDerived = derivedOf(target);
  if (slam) {
    // G48, G49 [fixed]: Attack, All-Out Attack or Move and Attack; the yards claimed within what the maneuver and the foe's own move allow.
    if (!SLAM_MANEUVERS.includes(maneuver)) throw new GurpsFlowError("refused", { reason: localize("CYCHOSYS.Gurps.Flow.slamManeuver") });
    const cap = slamVelocityCap(maneuver, derived, mine?.state ?? null, targetDerived, rules);
    if (slam.velocity > cap) throw new GurpsFlowError("refused", { reason: localize("CYCHOSYS.Gurps.Flow.slamTooFast", { yards: slam.velocity, cap }) });
  }
  const sides = { attacker: { id: fighterId(attacker.uuid), derived, round: mine?.state ?? null }, target: { id: targetId, derived: targetDerived, round: theirs?.state ?? null } };
  const slamSkill = slam ? slamSkillOf(derived, mine?.state ?? null, slam.form) : null;
  const input = slam
    ? slamInputOf(sides.attacker, sides.target, { form: slam.form, velocity: slam.velocity, maneuver, aoaOption, deceptive: request.deceptive ?? 0, modifiers, fromFront: request.fromFront !== false }, readRoll(request.roll, "roll", rules))
    : attackInputOf(
      { ...sides, weapon: weapon!, line: line!, item },
      {
        maneuver, aoaOption, deceptive: request.deceptive ?? 0, rapidStrike: !!request.rapidStrike, modifiers, range, speed: request.speed ?? 0, location: request.location ?? "torso",
        fromFront: request.fromFront !== false, inReach: request.inReach === true || (measured !== null && measured <= 1), shots,
      },
      readRoll(request.roll, "roll", rules),
    );
  // G49: a shield rush with no ready shield is not open.
  if (!input) throw new GurpsFlowError("refused", { reason: localize("CYCHOSYS.Gurps.Flow.slamNoShield") });
  const summary = slam
    ? { itemId: slamSkill?.shield?.id ?? "", weapon: localize(`CYCHOSYS.Gurps.Card.slamForm.${slam.form}`), lineIndex: 0, line: localize("CYCHOSYS.Gurps.Card.slamYards", { yards: slam.velocity }), skill: slamSkill?.skillName ?? "DX", maneuver, aoaOption }
    : { itemId: weapon!.id, weapon: weapon!.name, lineIndex: line!.index, line: line!.name, skill: weapon!.skillName, maneuver, aoaOption };
  let flow: GurpsFlow;
  try {
    const items = Object.fromEntries([...targetDerived.weapons, ...targetDerived.shields].map((i) => [i.id, i.name.slice(0, 80)]));
    flow = declareGurpsAttack(env.randomId(), ref(attacker), summary, { ...ref(target), items }, input, rules);
  } catch (error) {
    if (error instanceof GurpsFlowError && error.code === "refused") throw new GurpsFlowError("refused", { reason: localize(`CYCHOSYS.Gurps.Refusal.${error.params.reason}`) });
    throw error;
  }
  if (mine && weapon && line) {
    const after = afterAttack(item, { thrown: line.kind === "thrown", staysReady: line.staysReady, unbalanced: line.unbalanced, shots: line.shots ? shots : 0 });
    commands.push({ kind: "round", actorUuid: attacker.uuid, operation: { kind: "attack", targetId, itemId: weapon.id, item: after } satisfies GurpsRoundOperation });
  } else if (mine) {
    // G48: a slam spends the attack (aim, evaluate and feint with it); no item changes.
    commands.push({ kind: "round", actorUuid: attacker.uuid, operation: { kind: "attack", targetId } satisfies GurpsRoundOperation });
  }
  return noteFacts(ctx, flow, commands, new Map([[target.uuid, target]]), rules, read);
}

/** The facts the flow's resolution now holds that were not written yet (writes.ts), and the NPC setting's automatic apply. */
async function noteFacts(ctx: StepContext, flow: GurpsFlow, commands: WriteCommand[], actors: ReadonlyMap<string, ActorLike>, rules: Readonly<GurpsRules>, read: ReadRound): Promise<StepResult<GurpsFlow>> {
  const target = targetOf(flow);
  const r = resolutionOf(target, rules);
  const facts = factCommands(target, r, target.target.actorUuid, flow.attacker.actorUuid);
  let next: GurpsFlow = facts.noted.length === target.noted.length ? flow : { ...flow, targets: [{ ...target, noted: facts.noted }] };
  const all = [...commands, ...facts.commands];
  // The NPC setting: the GM applies the injury as soon as it is settled when no player owns any side it strikes.
  if (ctx.env.autoApplyNpc() && phaseOf(targetOf(next), r) === "resolved") {
    const struck = [r.victim ? target.target.actorUuid : null, r.self ? flow.attacker.actorUuid : null].filter((u): u is string => !!u);
    const docs = struck.map((u) => actors.get(u) as GurpsActor | undefined);
    if (docs.every((d) => d && d.hasPlayerOwner === false)) {
      const gm: FlowUser = { id: ctx.gm.id, isGM: true, owns: () => true };
      const applied = apply(ctx, next, gm, actors, rules, read);
      next = applied.flow;
      all.push(...applied.commands);
    }
  }
  return { flow: next, commands: all };
}

/** The figures of each struck side now, and the application the resolution makes of them. */
function apply(ctx: StepContext, flow: GurpsFlow, user: FlowUser, actors: ReadonlyMap<string, ActorLike>, rules: Readonly<GurpsRules>, read: ReadRound): StepResult<GurpsFlow> {
  const target = targetOf(flow);
  const side = (uuid: string) => {
    const actor = actors.get(uuid) as GurpsActor | undefined;
    if (!actor) throw new GurpsFlowError("noSuchActor", { id: uuid });
    const state = roundOf(ctx.env, uuid, read)?.state ?? null;
    return { actor, derived: derivedOf(actor), state };
  };
  const stale = resolutionOf(target, rules);
  const defender = stale.victim ? side(target.target.actorUuid) : null;
  const attacker = stale.self ? side(flow.attacker.actorUuid) : null;
  let commands: WriteCommand[] = [];
  // The struck sides as the core read them (the input with their HP now).
  const build = (r: GurpsResolution, input: GurpsAttackInput) => {
    const sides: StruckInput[] = [];
    if (r.victim && defender) sides.push({ side: "defender", ref: target.target, victim: r.victim, snapshot: input.defender, round: defender.state, unreadyOnFall: unreadyOnFall(defender.derived) });
    if (r.self && attacker && input.attacker.self) sides.push({ side: "attacker", ref: flow.attacker, victim: r.self, snapshot: input.attacker.self, round: attacker.state, unreadyOnFall: unreadyOnFall(attacker.derived) });
    const made = applicationOf(user.id, sides, `${flow.id}.${target.applications.length}`);
    commands = made.commands;
    return made.application;
  };
  const now = {
    ...(defender && { defender: victimNow(defender.derived, defender.state) }),
    ...(attacker && { attacker: victimNow(attacker.derived, attacker.state) }),
  };
  const outcome = applyInjury(flow, now, user, build, rules);
  return { flow: outcome.flow, commands: outcome.kind === "applied" ? commands : [] };
}

async function step(
  ctx: StepContext, flow: GurpsFlow, request: GurpsCardRequest, user: FlowUser, actors: ReadonlyMap<string, ActorLike>, rules: Readonly<GurpsRules>, read: ReadRound,
): Promise<StepResult<GurpsFlow>> {
  const target = targetOf(flow);
  switch (request.step) {
    case "defend": {
      // G58–G68: the defender's round as it is now (what he used since his last turn, his maneuver, readiness, stun).
      const actor = actors.get(target.target.actorUuid) as GurpsActor | undefined;
      if (!actor) throw new GurpsFlowError("noSuchActor", { id: target.target.actorUuid });
      const state = roundOf(ctx.env, actor.uuid, read)?.state ?? null;
      const fresh = defenseFields(derivedOf(actor), state);
      const next = defend(flow, request, user, fresh, rules);
      return noteFacts(ctx, next, [], actors, rules, read);
    }
    case "roll":
      return noteFacts(ctx, rollOwed(flow, request.id, request.faces, user, rules), [], actors, rules, read);
    case "damage":
      return noteFacts(ctx, rollDamage(flow, request.id, request.faces, user, rules), [], actors, rules, read);
    case "apply":
      return apply(ctx, flow, user, actors, rules, read);
    case "undo": {
      const undone = undoInjury(flow, user);
      return { flow: undone.flow, commands: undoCommands(undone.application) };
    }
  }
}

/**
 * G58–G68: what the defense reads afresh at its first roll — his maneuver and
 * its option, what he used since his last turn, readiness and parries, stun,
 * holds — and nothing the attack roll was decided on (posture, SM).
 */
export function defenseFields(d: GurpsDerived, state: GurpsFighterRound | null) {
  const s = defenderStateOf(d, state);
  return {
    maneuver: s.maneuver, aodOption: s.aodOption ?? null, readiedItemId: s.readiedItemId ?? null, stunned: s.stunned ?? null, unconscious: s.unconscious ?? false,
    immobilized: s.immobilized ?? false, parrySources: s.parrySources ?? [], shields: s.shields ?? [], used: s.used, movedFast: s.movedFast ?? false,
    busyHands: s.busyHands ?? [], heldHands: s.heldHands ?? [],
  };
}

export function scopeOf(flow: GurpsFlow): WriteScope {
  return { participants: new Set([flow.attacker.actorUuid, ...flow.targets.map((t) => t.target.actorUuid)]), objects: new Map() };
}

/** GURPS's `RulesetWorkflow`, over the world's GURPS rules as they are when each step runs. */
export function gurpsWorkflow(rules: () => Readonly<GurpsRules>, read: ReadRound, world: GurpsWorld = NO_WORLD): RulesetWorkflow<GurpsFlow, GurpsDeclaration, GurpsCardRequest> {
  return {
    parseRequest: (value): { ok: true; parsed: ParsedRequest<GurpsDeclaration, GurpsCardRequest> } | { ok: false; problem: RequestProblem } => parseGurpsRequest(value),
    gmOnlyFields: GURPS_GM_ONLY_FIELDS,
    declare: (ctx, request, author) => declare(ctx, request, author, rules(), read, world),
    step: (ctx, flow, request, user, actors) => step(ctx, flow, request, user, actors, rules(), read),
    scope: scopeOf,
  };
}

