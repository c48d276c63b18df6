/**
 * The CWN attack workflow as the GM's transport drives it
 * (src/core/ruleset.ts, `RulesetWorkflow`). A request (already checked for
 * shape) becomes the rules core's input from what the GM holds (inputs.ts);
 * the flow's transitions (flow.ts) become the shared write commands: the
 * fight's operations for the attacker (the action paid, W21–W25; a swarm's
 * blow, W24; screening uses, W26), a round from the magazine (W32), and on
 * apply the struck fighter's soak, hit points and downed state (W19) —
 * undone by that application's own change only (issue 22). An attack on a
 * fighter of a started combat goes through the combat: the shared gate
 * (src/core/transport/combat-gate.ts), then the fight's turn and action
 * rules. The fields only a GM may send are declared once (`CWN_GM_ONLY`).
 */
import type { FlowUser, ParsedRequest, RequestProblem, RulesetWorkflow, StepContext, StepResult } from "../../../core/ruleset.js";
import type { GmOnlyFields } from "../../../core/gm-only.js";
import { attackerInCombat } from "../../../core/transport/combat-gate.js";
import { type ActorLike, isActor, type UserLike, type WorkflowEnv } from "../../../core/transport/ports.js";
import type { WriteCommand, WriteScope } from "../../../core/writes.js";
import type { CwnFighterOperation } from "../combat/state.js";
import type { CwnActionId } from "../rules/actions.js";
import { downedRecord } from "../rules/combat.js";
import { CWN_STANDARD_RULES, type CwnRules } from "../rules/options.js";
import { attackRefusal, type CwnAttackInput } from "../rules/resolve.js";
import { swarmBlow } from "../rules/swarm.js";
import { CwnError } from "../rules/errors.js";
import { DOWNED_STATES, type DownedState, isMember } from "../rules/types.js";
import { CwnFlowError } from "./errors.js";
import {
  answerDefense, applyDamage, type CwnApplication, type CwnFlow, chooseDowned, chooseScreener, currentApplication, declareCwnAttack, phaseOf, resolutionOf, rollScreen, struckOf,
  type StruckNow, undoDamage, withRecord,
} from "./flow.js";
import { attackerInput, type CwnActor, type CwnTablePorts, defenderFrom, derivedOf, type FighterAt, fightReader, mainSpentIn, screenersOf, totalDefenseOpen, weaponReady } from "./inputs.js";
import { type CwnCardRequest, type CwnDeclaration, parseCwnRequest } from "./request-schema.js";

export type { CwnFlow } from "./flow.js";

const owns = (actor: ActorLike, user: { id: string; isGM: boolean; name: string }) => user.isGM || actor.testUserPermission(user, "OWNER");

async function actorAt(env: WorkflowEnv, uuid: string): Promise<CwnActor> {
  const doc = await env.resolve(uuid);
  if (!isActor(doc) || !(doc as CwnActor).system.derived) throw new CwnFlowError("noSuchActor", { id: uuid });
  return doc as CwnActor;
}

const round = (actorUuid: string, operation: CwnFighterOperation): WriteCommand => ({ kind: "round", actorUuid, operation });

/** W21–W25: the action an attack pays in the fight (a swarm's blow was paid when its members joined, W24). */
function attackOperation(request: CwnDeclaration, weapon: ReturnType<typeof derivedOf>["weapons"][number], moveMetres: number, swarmId: number | undefined): CwnFighterOperation {
  if (swarmId !== undefined) return { kind: "finishSwarm", swarmId };
  const readiedWeapon = weaponReady(weapon);
  const action: CwnActionId = request.action === "snap" ? "snapAttack" : request.action === "charge" ? "charge" : weapon.kind === "melee" ? "meleeAttack" : "rangedAttack";
  const context = action === "charge" ? { metres: request.chargeMetres ?? 0, weaponKind: weapon.kind, moveMetres } : { readiedWeapon };
  return { kind: "act", action, context };
}

/** W24: the ready swarm of the attacker's side against this target that the attacker is in. */
function swarmFor(attacker: FighterAt | undefined, target: FighterAt | undefined) {
  if (!attacker || !target) throw new CwnFlowError("swarmNeedsFight");
  const swarm = attacker.fight.swarms.find((w) => w.status === "ready" && w.targetId === target.fighterId && w.participants.includes(attacker.fighterId));
  if (!swarm) throw new CwnFlowError("noSwarmReady");
  return { swarm, blow: swarmBlow(swarm, (id) => attacker.fight.fighters[id]?.downed === "none") };
}

/** W13–W26, W39: a declared attack's card, checked, and what it changes. */
async function declare(ctx: StepContext, request: CwnDeclaration, author: UserLike, rules: Readonly<CwnRules>, ports: CwnTablePorts): Promise<StepResult<CwnFlow>> {
  const env = ctx.env;
  const attacker = await actorAt(env, request.actorUuid);
  if (!owns(attacker, author)) throw new CwnFlowError("notYours", { name: attacker.name });
  const derived = derivedOf(attacker);
  const weapon = derived.weapons.find((w) => w.id === request.itemId);
  if (!weapon) throw new CwnFlowError("notAWeapon", { name: request.itemId, actor: attacker.name });
  if (request.targetUuid === attacker.uuid) throw new CwnFlowError("selfTarget");
  const target = await actorAt(env, request.targetUuid);
  if (!weaponReady(weapon)) throw new CwnError("noReadiedWeapon");
  const ranged = weapon.kind !== "melee";
  if (ranged && weapon.magazine.max > 0 && weapon.magazine.value <= 0) throw new CwnFlowError("emptyMagazine", { weapon: weapon.name });
  // A fighter in a started combat is attacked only through it: a player's attacker outside that combat is refused (the shared gate);
  // a combatant attacks as a fighter of the fight, its turn and actions checked and spent (W4, W7) — or not at all.
  const combatant = attackerInCombat(env, attacker, [{ actorUuid: target.uuid, name: target.name }], author);
  const fights = fightReader(env);
  const mine = combatant ? fights.fighterAt(attacker.uuid) : undefined;
  if (combatant && !mine) throw new CwnFlowError("notInFight", { name: attacker.name });
  const theirs = fights.fighterAt(target.uuid);

  // W12, W22, W36, W39: the GM's own measure of the tokens wins over what the attacker's client declared.
  const measured = ports.measure?.(attacker.uuid, target.uuid);
  const distance = measured ? (measured.metres <= rules.meleeRangeMetres ? "adjacent" : "distant") : (request.distance ?? (ranged ? "distant" : "adjacent"));
  const adjacentFoe = measured?.adjacentFoe ?? request.adjacentFoe ?? "none";
  const inRange = measured && ranged && weapon.range.max > 0 ? measured.metres <= weapon.range.max : (request.inRange ?? true);

  let action = request.action;
  let swarm: { id: number; participants: number; standing: number } | undefined;
  if (action === "swarm") {
    const found = swarmFor(mine, theirs);
    swarm = { id: found.swarm.id, participants: found.blow.participants, standing: found.blow.standing };
    // W24: a lone member makes a normal attack.
    if (!found.blow.isSwarm) action = "attack";
  }
  const attackerSide = attackerInput(derived, weapon.id, { mainSpent: mainSpentIn(mine), ...(mine && { canSnap: mine.fight.fighters[mine.fighterId]!.canSnap }), ...(request.modifiers?.length && { hitModifiers: request.modifiers }) })!;
  const screeners = await screenersOf(env, ports, theirs, mine, rules);
  const input: CwnAttackInput = {
    action,
    attacker: attackerSide,
    defender: defenderFrom(derivedOf(target), theirs, rules),
    distance,
    adjacentFoe,
    inRange,
    ...(request.action === "charge" && { charge: { metres: request.chargeMetres ?? 0 } }),
    ...(swarm && action === "swarm" && { swarm: { participants: swarm.participants, standing: swarm.standing } }),
    ...(screeners.length && { screen: { attackerDice: request.screenDice ?? [], screeners: screeners.map((s) => s.entry) } }),
    lethal: request.lethal,
    roll: request.roll.d20,
    ...(weapon.rules.traumaDie && { traumaDice: request.roll.trauma }),
    damageDice: request.roll.damage,
  };
  const refusal = attackRefusal(input, rules);
  if (refusal) throw new CwnFlowError("refused", { reason: env.format(`CYCHOSYS.Cwn.Refusal.${refusal}`) });

  // W7, W27: a target whose Main is still open may answer the roll with Total Defense — unless the GM has NPCs' blows applied at once.
  const answers = !!theirs && totalDefenseOpen(theirs, rules) && !(env.autoApplyNpc() && target.type === "cwnNpc");
  const itemUuid = `${attacker.uuid}.Item.${weapon.id}`;
  const struckable = [{ actor: target, fighter: theirs }, ...screeners.map((s) => ({ actor: s.actor, fighter: undefined }))];
  const objects = [{ uuid: itemUuid, owner: attacker.uuid }, ...struckable.flatMap(({ actor }) => armorOf(actor).map((p) => ({ uuid: p.uuid, owner: actor.uuid })))];
  let flow = declareCwnAttack(
    {
      id: env.randomId(),
      attacker: { actorUuid: attacker.uuid, name: attacker.name },
      targets: [{ target: { actorUuid: target.uuid, name: target.name } }],
      attack: { weapon: weapon.name, itemId: weapon.id, kind: weapon.kind, action, ...(swarm && { swarm }), measured: !!measured },
      input,
      screeners: screeners.map((s) => ({ ref: { actorUuid: s.actor.uuid, name: s.actor.name }, fighterId: s.fighterId })),
      objects,
      ...(answers && { defense: { open: true } }),
    },
    rules,
  );
  const commands: WriteCommand[] = [];
  if (mine) commands.push(round(attacker.uuid, attackOperation(request, weapon, derived.moveMetres, swarm?.id)));
  // W32: a shot spends a round of the magazine.
  if (ranged && weapon.magazine.max > 0) commands.push({ kind: "adjust", uuid: itemUuid, changes: [{ path: "system.magazine.value", delta: -1, min: 0, max: { path: "system.magazine.max" } }] });
  commands.push(...screenSpent(flow, true, rules));
  const auto = await autoApply(ctx, flow, rules);
  flow = auto.flow;
  commands.push(...auto.commands);
  return { flow, commands };
}

/** A character's worn armor pieces with soak (W19), as item uuids; an NPC's own pool is the actor itself. */
function armorOf(actor: CwnActor): { uuid: string; value: number }[] {
  const d = derivedOf(actor);
  if (!d.playerCharacter) return [];
  return d.soakPieces.map((p) => ({ uuid: `${actor.uuid}.Item.${p.id}`, value: p.value }));
}

/** The struck fighter as it is now, its soak pools limited to the pieces the card allows. */
function struckNow(actor: CwnActor, flow: CwnFlow): StruckNow {
  const d = derivedOf(actor);
  const allowed = new Set(flow.objects.filter((o) => o.owner === actor.uuid).map((o) => o.uuid));
  const soak = d.playerCharacter ? armorOf(actor).filter((p) => allowed.has(p.uuid)) : [{ uuid: actor.uuid, value: d.soak.value }];
  return { hp: d.hp.value, downed: d.downed, soak };
}

/** W26/W40: when the last screen check comes in (`screening`: the card was waiting for one), each screener that rolled spends one use. */
function screenSpent(next: CwnFlow, screening: boolean, rules: Readonly<CwnRules>): WriteCommand[] {
  if (!screening || !next.input.screen || phaseOf(next, rules) === "screen") return [];
  return next.screeners.flatMap((s, i) => (next.input.screen!.screeners[i]!.dice?.length ? [round(s.ref.actorUuid, { kind: "spendScreen" })] : []));
}

/** W19: the hit points and each soak pool an application took (`sign` −1), or gives back (+1): deltas, clamped to each track. */
function trackCommands(a: CwnApplication, sign: 1 | -1): WriteCommand[] {
  const uuid = a.struck.actorUuid;
  const commands: WriteCommand[] = [];
  if (a.hpLost) commands.push({ kind: "adjust", uuid, changes: [{ path: "system.hp.value", delta: sign * a.hpLost, min: 0, max: { path: "system.hp.max" } }] });
  for (const piece of a.soak) commands.push({ kind: "adjust", uuid: piece.uuid, changes: [{ path: "system.soak.value", delta: sign * piece.taken, min: 0, max: { path: "system.soak.max" } }] });
  return commands;
}

/** W19: the writes of an application: the damage, and at 0 hit points the downed state, on the actor and in the fight. */
function damageCommands(a: CwnApplication): WriteCommand[] {
  const commands = trackCommands(a, -1);
  if (a.downedAfter) {
    const uuid = a.struck.actorUuid;
    commands.push({ kind: "set", uuid, changes: [{ path: "system.downed", value: a.downedAfter }] }, round(uuid, { kind: "downed", state: a.downedAfter }));
  }
  return commands;
}

/**
 * Issue 22: undo takes back the application's own change and nothing
 * since. The damage by its amounts (clamped: hit points healed since stay
 * healed); the downed state it set, on the actor only if the actor is
 * still in it (a later attack's or the GM's state stays) and in the fight
 * likewise — with the hold and the side's loss going down took (W19, W37,
 * W6; rules/combat.ts `undoDowned`, checked against the fight as the GM
 * writes it). The token's statuses mirror both, so they follow.
 */
function undoCommands(a: CwnApplication, struck: CwnActor | undefined): WriteCommand[] {
  const commands = trackCommands(a, 1);
  if (a.downedAfter) {
    const uuid = a.struck.actorUuid;
    if (struck && storedDowned(struck.system) === a.downedAfter) commands.push({ kind: "set", uuid, changes: [{ path: "system.downed", value: a.downedBefore }] });
    if (a.record) commands.push(round(uuid, { kind: "undoDowned", set: a.downedAfter, record: a.record }));
  }
  return commands;
}

/** Apply as `user`: the application, with the fight's record of the struck fighter when it goes down. */
function apply(ctx: StepContext, flow: CwnFlow, actor: CwnActor, user: FlowUser, rules: Readonly<CwnRules>): StepResult<CwnFlow> {
  const applied = applyDamage(flow, struckNow(actor, flow), user, rules);
  let next = applied.flow;
  const at = fightReader(ctx.env).fighterAt(actor.uuid);
  if (applied.application.downedAfter && at) next = withRecord(next, downedRecord(at.fight, at.fighterId));
  return { flow: next, commands: damageCommands(currentApplication(next)!) };
}

/** The NPC setting: the GM applies the damage to a struck NPC as soon as the card resolves. */
async function autoApply(ctx: StepContext, flow: CwnFlow, rules: Readonly<CwnRules>): Promise<StepResult<CwnFlow>> {
  if (!ctx.env.autoApplyNpc() || phaseOf(flow, rules) !== "resolved") return { flow, commands: [] };
  const struck = struckOf(flow, resolutionOf(flow, rules));
  const doc = await ctx.env.resolve(struck.actorUuid);
  if (!isActor(doc) || doc.type !== "cwnNpc") return { flow, commands: [] };
  return apply(ctx, flow, doc as CwnActor, { id: ctx.gm.id, isGM: true, owns: () => true }, rules);
}

async function step(ctx: StepContext, flow: CwnFlow, request: CwnCardRequest, user: FlowUser, actors: ReadonlyMap<string, ActorLike>, rules: Readonly<CwnRules>): Promise<StepResult<CwnFlow>> {
  switch (request.step) {
    case "screen":
    case "screenChoice": {
      const next = request.step === "screen" ? rollScreen(flow, request.screener, request.dice, user, rules) : chooseScreener(flow, request.screener, user, rules);
      const commands = screenSpent(next, phaseOf(flow, rules) === "screen", rules);
      const auto = await autoApply(ctx, next, rules);
      return { flow: auto.flow, commands: [...commands, ...auto.commands] };
    }
    case "defense": {
      // W27: Total Defense spends the target's Main in the fight (the fight refuses it if that is gone since); taking it spends nothing.
      const next = answerDefense(flow, request.answer, user, rules);
      const commands: WriteCommand[] = request.answer === "totalDefense" ? [round(flow.targets[0]!.target.actorUuid, { kind: "act", action: "totalDefense" })] : [];
      const auto = await autoApply(ctx, next, rules);
      return { flow: auto.flow, commands: [...commands, ...auto.commands] };
    }
    case "apply": {
      const struck = struckOf(flow, resolutionOf(flow, rules));
      const actor = actors.get(struck.actorUuid) as CwnActor | undefined;
      if (!actor) throw new CwnFlowError("noSuchActor", { id: struck.actorUuid });
      return apply(ctx, flow, actor, user, rules);
    }
    case "undo": {
      const undone = undoDamage(flow, user);
      return { flow: undone.flow, commands: undoCommands(undone.application, actors.get(undone.application.struck.actorUuid) as CwnActor | undefined) };
    }
    case "downed": {
      const chosen = chooseDowned(flow, request.state);
      const uuid = chosen.application.struck.actorUuid;
      return { flow: chosen.flow, commands: [{ kind: "set", uuid, changes: [{ path: "system.downed", value: request.state }] }, round(uuid, { kind: "downed", state: request.state })] };
    }
  }
}

/** The writes a card may make: its attacker, target and screeners; the attacker's weapon and the struck fighters' armor. */
export function scopeOf(flow: CwnFlow): WriteScope {
  return {
    participants: new Set([flow.attacker.actorUuid, ...flow.targets.map((t) => t.target.actorUuid), ...flow.screeners.map((s) => s.ref.actorUuid)]),
    objects: new Map(flow.objects.map((o) => [o.uuid, o.owner])),
  };
}

/**
 * The fields of the card's requests only a GM may send (src/core/gm-only.ts):
 * the situation's modifiers to a hit roll (W13: the GM's call; the attack
 * dialog shows them to the GM only), and the downed state the GM picks for
 * a fighter taken to 0 (W19: the card shows that choice to the GM only).
 */
export const CWN_GM_ONLY: GmOnlyFields = Object.freeze({ declare: ["modifiers"], downed: ["state"] });

/** Cities Without Number's `RulesetWorkflow`, over the world's rules as they are when each step runs. */
export function cwnWorkflow(rules: () => Readonly<CwnRules> = () => CWN_STANDARD_RULES, ports: CwnTablePorts = {}): RulesetWorkflow<CwnFlow, CwnDeclaration, CwnCardRequest> {
  return {
    parseRequest: (value): { ok: true; parsed: ParsedRequest<CwnDeclaration, CwnCardRequest> } | { ok: false; problem: RequestProblem } => parseCwnRequest(value),
    gmOnlyFields: CWN_GM_ONLY,
    declare: (ctx, request, author) => declare(ctx, request, author, rules(), ports),
    step: (ctx, flow, request, user, actors) => step(ctx, flow, request, user, actors, rules()),
    scope: scopeOf,
  };
}

/** The downed state stored on an actor (anything else reads as standing). */
export const storedDowned = (system: { downed?: unknown }): DownedState => (isMember(DOWNED_STATES, system.downed) ? system.downed : "none");
