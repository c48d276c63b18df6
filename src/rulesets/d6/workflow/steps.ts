/**
 * OpenD6's attack workflow as the GM's transport drives it
 * (src/core/ruleset.ts, `RulesetWorkflow`). A request (already checked for
 * shape) is turned into the rules core's inputs from what the GM holds: the
 * actors as they are now (their derived codes, wounds, armor) and the round
 * state on the combat (declared actions D11–D12, defenses in force D18, aim
 * D29, a held wait D14) — never from figures the request names; a request
 * names dice. The flow's transitions (flow.ts) become the shared write
 * commands: the wound set on the struck actor, the round state changed.
 */
import type { FlowUser, ParsedRequest, RequestProblem, RulesetWorkflow, StepContext, StepResult } from "../../../core/ruleset.js";
import { attackerInCombat } from "../../../core/transport/combat-gate.js";
import { type ActorLike, type CombatantRef, isActor, type WorkflowEnv } from "../../../core/transport/ports.js";
import type { WriteCommand, WriteScope } from "../../../core/writes.js";
import type { D6RoundOperation, D6RoundState } from "../combat/round-state.js";
import type { D6Derived, D6SkillView, D6WeaponView } from "../data/derived.js";
import {
  activeDefense,
  canInterrupt,
  type D6AttackInput,
  type D6DefenseInput,
  type D6Rules,
  type DefenseSkill,
  type DieCode,
  parseDieModifier,
  parseWeaponDamage,
  rollActiveDefense,
  type WoundLevel,
  type WoundState,
  woundStatus,
} from "../rules/index.js";
import { D6FlowError } from "./errors.js";
import { announce, applyWound, currentApplication, declareD6Attack, type D6Flow, interrupt, resist, resolutionOf, rollDamage, targetOf, undoWound } from "./flow.js";
import { type D6CardRequest, type D6Declaration, D6_GM_ONLY_FIELDS, parseD6Request } from "./request-schema.js";

export type { D6Flow } from "./flow.js";

/** What OpenD6 reads of an actor's `system`. */
export interface D6System {
  derived?: D6Derived;
  freeActions?: number;
  strengthAdjustment?: string;
  protection?: string;
  blockBlades?: boolean;
  wounds?: { level: WoundLevel; untilRound: number };
}
type D6Actor = ActorLike<D6System>;
/** What the input of an attack reads of an actor: its id and its system (derived data included). */
export type D6ActorData = Pick<D6Actor, "uuid" | "system">;

/** The skill each active defense is rolled with (D19, D20); its attribute untrained when the actor lacks it. */
export const DEFENSE_SKILL_NAMES: Readonly<Record<DefenseSkill, string>> = { dodge: "dodge", block: "brawling", parry: "melee combat" };

/** Wounds as stored (0: no round) and as the core reads them (null: until healed). */
export const woundsOf = (system: D6System): WoundState => ({ level: system.wounds?.level ?? "none", untilRound: system.wounds?.untilRound ? system.wounds.untilRound : null });
/** D37: the wound dice of stored wounds in a round (an expired Stunned costs none): what the GM and the roller's plan both use. */
export const woundDiceAt = (wounds: WoundState, round: number, rules: Readonly<D6Rules>): number => woundStatus(wounds, round, rules).penaltyDice;
const storedWounds = (wounds: WoundState) => ({ level: wounds.level, untilRound: wounds.untilRound ?? 0 });

function derivedOf(actor: D6ActorData): D6Derived {
  const derived = actor.system.derived;
  if (!derived) throw new D6FlowError("noSuchItem", { id: actor.uuid });
  return derived;
}

/** D34: what protects an actor: Strength, worn armor, a protective ability. */
export function protectionOf(actor: D6ActorData, rules: Readonly<D6Rules>) {
  const derived = derivedOf(actor);
  const ability = actor.system.protection ? parseWeaponDamage(actor.system.protection, rules).code : undefined;
  return { strength: derived.attributes.strength, armor: derived.armor, ...(ability && (ability.dice || ability.pips) && { abilities: [ability] }) };
}

/** The round state of an actor's combatant in the started combat, if any. */
type ReadRound = (ref: CombatantRef) => D6RoundState;

function roundOf(env: WorkflowEnv, uuid: string, read: ReadRound): { ref: CombatantRef; state: D6RoundState; round: number } | undefined {
  const ref = env.combatantOf(uuid);
  if (!ref) return undefined;
  const state = read(ref);
  return { ref, state, round: state.round.round };
}

/** D18: a defense in force as the core's input (its roll: the core adds a full defense's +10 itself, D23). */
export function defenseInput(defense: D6RoundState["round"]["defenses"][number]): D6DefenseInput {
  return { skill: defense.skill, mode: defense.mode, total: defense.roll, ...(defense.weapon && { weapon: defense.weapon }) };
}

function skillNamed(derived: D6Derived, name: string): D6SkillView {
  const wanted = name.trim().toLowerCase();
  const skill = derived.skills.find((s) => s.name.toLowerCase() === wanted);
  if (skill) return skill;
  // Untrained: the governing attribute (derive.ts lists them), Agility when none is known.
  return { id: "", name, attribute: "agility", code: derived.attributes.agility, text: "" };
}

const bladeOf = (weapon: D6WeaponView | undefined, rules: Readonly<D6Rules>) => (weapon ? { damage: parseWeaponDamage(weapon.damage, rules), edged: weapon.edged } : undefined);

/** A combatant's round as a step reads it: its state on the combat and the round number. */
export type RoundOf = { state: D6RoundState; round: number } | undefined;

/** D30–D34: the core's input of an attack on one target, from the GM's documents. */
function attackInput(
  attacker: D6Actor,
  weapon: D6WeaponView,
  target: D6Actor,
  request: D6Declaration,
  env: WorkflowEnv,
  read: ReadRound,
  rules: Readonly<D6Rules>,
): { input: D6AttackInput; canInterrupt: boolean } {
  return attackInputFrom(attacker, weapon, target, request, roundOf(env, attacker.uuid, read), roundOf(env, target.uuid, read), rules);
}

/**
 * D30–D34: the core's input of an attack from the two actors, their rounds
 * and what the attack names (the dice, flat bonus, range, cover, modifiers):
 * what the GM resolves, and what a client's odds read (docs/odds.md).
 */
export function attackInputFrom(
  attacker: D6ActorData,
  weapon: D6WeaponView,
  target: D6ActorData,
  request: Pick<D6Declaration, "roll" | "flat" | "range" | "cover" | "modifiers">,
  mine: RoundOf,
  theirs: RoundOf,
  rules: Readonly<D6Rules>,
): { input: D6AttackInput; canInterrupt: boolean } {
  const aim = mine?.state.round.aim;
  const ranges = weapon.ranges.short || weapon.ranges.medium || weapon.ranges.long ? weapon.ranges : undefined;
  const adjustment = attacker.system.strengthAdjustment ? parseDieModifier(attacker.system.strengthAdjustment, rules) : undefined;
  const input: D6AttackInput = {
    round: Math.max(1, mine?.round ?? theirs?.round ?? 1),
    attacker: {
      skill: weapon.skill.code,
      declared: mine ? (mine.state.round.declared ?? undefined) : 1,
      freeActions: mine?.state.round.freeActions ?? attacker.system.freeActions ?? rules.defaultFreeActions,
      wounds: woundsOf(attacker.system),
      // D29: aim at this target in an earlier round, for an aimable weapon.
      aimRounds: aim && weapon.aimable && aim.targetId === target.uuid && aim.lastRound < (mine?.round ?? 0) ? aim.rounds : 0,
      roll: request.roll,
      flat: request.flat ?? 0,
      weapon: { mode: weapon.mode, damage: parseWeaponDamage(weapon.damage, rules), edged: weapon.edged, lengthMetres: weapon.lengthCm / 100, ...(ranges && { ranges }) },
      ...(adjustment && { strengthAdjustments: [adjustment] }),
      ...protectionOf(attacker, rules),
    },
    defender: {
      ...protectionOf(target, rules),
      wounds: woundsOf(target.system),
      blockBlades: target.system.blockBlades === true,
      unableToAct: theirs?.state.round.unableToAct ?? false,
      defenses: theirs?.state.round.unableToAct ? [] : (theirs?.state.round.defenses ?? []).map(defenseInput),
    },
    ...(request.range && { range: request.range }),
    ...(request.cover && { cover: request.cover }),
    ...(request.modifiers && { modifiers: request.modifiers.map((m) => ({ value: m.value, ...(m.label && { label: m.label }) })) }),
  };
  if (!input.attacker.declared) delete input.attacker.declared;
  return { input, canInterrupt: !!theirs && canInterrupt(theirs.state.round) };
}

async function actorAt(env: WorkflowEnv, uuid: string): Promise<D6Actor> {
  const doc = await env.resolve(uuid);
  if (!isActor(doc) || !(doc as D6Actor).system.derived) throw new D6FlowError("noSuchItem", { id: uuid });
  return doc as D6Actor;
}

const owns = (actor: ActorLike, user: { id: string; isGM: boolean; name: string }) => user.isGM || actor.testUserPermission(user, "OWNER");

/** D30: a declared attack's flow, checked, and the round state it changes (D16 the weapon's uses, D29 the aim spent). */
async function declare(ctx: StepContext, request: D6Declaration, author: { id: string; name: string; isGM: boolean }, rules: Readonly<D6Rules>, read: ReadRound): Promise<StepResult<D6Flow>> {
  const env = ctx.env;
  const attacker = await actorAt(env, request.actorUuid);
  if (!owns(attacker, author)) throw new D6FlowError("notYours", { name: attacker.name });
  const weapon = derivedOf(attacker).weapons.find((w) => w.id === request.itemId);
  if (!weapon) throw new D6FlowError("notAWeapon", { name: request.itemId, actor: attacker.name });
  const uuids = [...new Set(request.targets)].filter((u) => u !== attacker.uuid);
  if (!uuids.length) throw new D6FlowError("noTargets");
  const actors = [];
  for (const uuid of uuids) actors.push(await actorAt(env, uuid));
  // A fighter in a started combat is attacked only through the combat: a player's attacker outside it is refused here;
  // the attacker's combatant, when there is one, is metered below (D11, D16: no action or use left refuses the attack).
  const mine = attackerInCombat(env, attacker, actors.map((t) => ({ actorUuid: t.uuid, name: t.name })), author);
  const targets = actors.map((target) => ({ ref: { actorUuid: target.uuid, name: target.name }, ...attackInput(attacker, weapon, target, request, env, read, rules) }));
  const flow = declareD6Attack(env.randomId(), { actorUuid: attacker.uuid, name: attacker.name }, { weapon: weapon.name, skill: weapon.skill.name, mode: weapon.mode, roll: request.roll }, targets, rules);
  const commands: WriteCommand[] = [];
  if (mine) {
    const operation: D6RoundOperation = { kind: "attack", targetId: uuids[0]!, aimable: weapon.aimable, itemId: weapon.id, usesPerRound: weapon.usesPerRound };
    commands.push({ kind: "round", actorUuid: attacker.uuid, operation });
  }
  return { flow, commands };
}

/** D14: the target's interrupting defense, rolled by the GM's core from the faces its owner sent. */
function interruptDefense(actor: D6Actor, request: Extract<D6CardRequest, { step: "interrupt" }>, state: D6RoundState, rules: Readonly<D6Rules>) {
  const derived = derivedOf(actor);
  const skill = skillNamed(derived, DEFENSE_SKILL_NAMES[request.skill]);
  const weapon = request.skill === "parry" && request.itemId ? derived.weapons.find((w) => w.id === request.itemId) : undefined;
  if (request.skill === "parry" && request.itemId && !weapon) throw new D6FlowError("notAWeapon", { name: request.itemId, actor: actor.name });
  const blade = bladeOf(weapon, rules);
  const code: DieCode = skill.code;
  // The interrupting dodge is one of the N actions: the round's penalty applies (seed check 2).
  const { defense } = rollActiveDefense(
    { skill: request.skill, mode: "partial", code, declared: state.round.declared, freeActions: state.round.freeActions, woundDice: woundDiceAt(woundsOf(actor.system), state.round.round, rules), faces: request.roll, flat: request.flat ?? 0, ...(blade && { weapon: blade }) },
    `${request.skill} roll`,
    rules,
  );
  const input: D6DefenseInput = { skill: request.skill, mode: "partial", total: defense.roll, ...(blade && { weapon: blade }) };
  return { input, inForce: activeDefense(request.skill, "partial", defense.roll, blade, rules) };
}

/** The wounds written to the struck actor (D35–D37). */
function woundCommand(actorUuid: string, wounds: WoundState): WriteCommand {
  const stored = storedWounds(wounds);
  return { kind: "set", uuid: actorUuid, changes: [{ path: "system.wounds.level", value: stored.level }, { path: "system.wounds.untilRound", value: stored.untilRound }] };
}

/**
 * D35–D37: the wound applied to the struck side over its wounds as they are
 * now, and the round state it changes (D10: unable to act). What the
 * disablement takes from the round is kept on the card for the undo.
 */
function applyCommands(ctx: StepContext, flow: D6Flow, index: number, actor: D6Actor, user: FlowUser, rules: Readonly<D6Rules>, read: ReadRound): StepResult<D6Flow> {
  const round = roundOf(ctx.env, actor.uuid, read)?.state.round;
  const applied = applyWound(flow, index, woundsOf(actor.system), user, rules, round);
  const commands = [woundCommand(actor.uuid, applied.application.after)];
  if (applied.application.disabled) commands.push({ kind: "round", actorUuid: actor.uuid, operation: { kind: "unableToAct" } satisfies D6RoundOperation });
  return { flow: applied.flow, commands };
}

/** Undo by delta: this wound's steps taken back from the struck side's wounds as they are now, and its disablement (D10, D18). */
function undoCommands(flow: D6Flow, index: number, actors: ReadonlyMap<string, ActorLike>, user: FlowUser, rules: Readonly<D6Rules>): StepResult<D6Flow> {
  const struck = currentApplication(targetOf(flow, index))?.struck;
  if (!struck) throw new D6FlowError("nothingToUndo");
  const actor = actors.get(struck.actorUuid) as D6Actor | undefined;
  if (!actor) throw new D6FlowError("noSuchItem", { id: struck.actorUuid });
  const undone = undoWound(flow, index, woundsOf(actor.system), user, rules);
  const { application, wounds, regain } = undone.undo;
  const commands = [woundCommand(application.struck.actorUuid, wounds)];
  if (regain) commands.push({ kind: "round", actorUuid: application.struck.actorUuid, operation: { kind: "regain", ...(regain.lost && { lost: regain.lost }) } satisfies D6RoundOperation });
  return { flow: undone.flow, commands };
}

async function step(
  ctx: StepContext,
  flow: D6Flow,
  request: D6CardRequest,
  user: FlowUser,
  actors: ReadonlyMap<string, ActorLike>,
  rules: Readonly<D6Rules>,
  read: ReadRound,
  tieOf: TieOf,
): Promise<StepResult<D6Flow>> {
  const index = request.targetIndex;
  const target = targetOf(flow, index);
  switch (request.step) {
    case "interrupt": {
      const actor = actors.get(target.target.actorUuid) as D6Actor | undefined;
      if (!actor) throw new D6FlowError("noSuchItem", { id: target.target.actorUuid });
      if (!(user.isGM || user.owns(actor.uuid))) throw new D6FlowError("notYours", { name: target.target.name });
      const mine = roundOf(ctx.env, actor.uuid, read);
      if (!mine || !canInterrupt(mine.state.round)) throw new D6FlowError("cannotInterrupt", { name: target.target.name });
      const { input, inForce } = interruptDefense(actor, request, mine.state, rules);
      const operation: D6RoundOperation = { kind: "defense", defense: inForce, interrupting: true };
      return { flow: interrupt(flow, index, input, user, rules), commands: [{ kind: "round", actorUuid: actor.uuid, operation }] };
    }
    case "announce":
      return { flow: announce(flow, index, user), commands: [] };
    case "damage":
      return { flow: rollDamage(flow, index, request.roll, user, rules), commands: [] };
    case "resist": {
      let next = resist(flow, index, request.roll, user, rules);
      const commands: WriteCommand[] = [];
      // The NPC setting: the GM writes the wound to a struck NPC at once.
      const struck = targetOf(next, index);
      const resolution = resolutionOf(struck, rules);
      const struckUuid = resolution.struck === "attacker" ? next.attacker.actorUuid : struck.target.actorUuid;
      const struckActor = actors.get(struckUuid) as D6Actor | undefined;
      // …unless the dealer's tie is still acting (D7): then the GM applies it after the tie's last turn.
      if (ctx.env.autoApplyNpc() && struckActor?.type === "d6Creature" && resolution.woundTaken && tieOf(dealerOf(next, index, rules)) === null) {
        const gm: FlowUser = { id: ctx.gm.id, isGM: true, owns: () => true };
        const applied = applyCommands(ctx, next, index, struckActor, gm, rules, read);
        next = applied.flow;
        commands.push(...applied.commands);
      }
      return { flow: next, commands };
    }
    case "apply": {
      const resolution = resolutionOf(target, rules);
      const struckUuid = resolution.struck === "attacker" ? flow.attacker.actorUuid : target.target.actorUuid;
      const actor = actors.get(struckUuid) as D6Actor | undefined;
      if (!actor) throw new D6FlowError("noSuchItem", { id: struckUuid });
      // D7: the effects of a tied combatant's action wait for the last turn of its tie.
      const waitFor = tieOf(dealerOf(flow, index, rules));
      if (waitFor !== null) throw new D6FlowError("tieHoldsEffects", { name: waitFor });
      return applyCommands(ctx, flow, index, actor, user, rules, read);
    }
    case "undo":
      return undoCommands(flow, index, actors, user, rules);
  }
}

/**
 * D7: the name of the last combatant of the tie an actor's turn belongs to
 * while that tie is acting (its effects wait until then), else null. The
 * Foundry side reads it from the combat's order; outside a combat, null.
 */
export type TieOf = (actorUuid: string) => string | null;
const NO_TIE: TieOf = () => null;

/** D21: the side dealing the damage of a target's exchange (the attacker; the parrying defender when the attacker is struck). */
function dealerOf(flow: D6Flow, index: number, rules: Readonly<D6Rules>): string {
  const target = targetOf(flow, index);
  return resolutionOf(target, rules).struck === "attacker" ? target.target.actorUuid : flow.attacker.actorUuid;
}

export function scopeOf(flow: D6Flow): WriteScope {
  return { participants: new Set([flow.attacker.actorUuid, ...flow.targets.map((t) => t.target.actorUuid)]), objects: new Map() };
}

/** OpenD6's `RulesetWorkflow`, over the world's D6 rules as they are when each step runs. */
export function d6Workflow(rules: () => Readonly<D6Rules>, read: ReadRound, tieOf: TieOf = NO_TIE): RulesetWorkflow<D6Flow, D6Declaration, D6CardRequest> {
  return {
    parseRequest: (value): { ok: true; parsed: ParsedRequest<D6Declaration, D6CardRequest> } | { ok: false; problem: RequestProblem } => parseD6Request(value),
    gmOnlyFields: D6_GM_ONLY_FIELDS,
    declare: (ctx, request, author) => declare(ctx, request, author, rules(), read),
    step: (ctx, flow, request, user, actors) => step(ctx, flow, request, user, actors, rules(), read, tieOf),
    scope: scopeOf,
  };
}
