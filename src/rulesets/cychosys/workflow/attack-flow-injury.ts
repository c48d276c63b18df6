/**
 * The attack workflow's injury steps (see attack-flow.ts): previewing what
 * the blow would do, applying it to the struck side, and undoing it exactly.
 */
import {
  aimFor,
  type AttackResolution,
  canStrike,
  FACETS,
  outcomeJson,
  parseBundle,
  type Pools,
  resolveStrike,
  type Rules,
  type Side,
  STANDARD_RULES,
  type StrikeResolution,
  strikeLocation,
} from "../rules/index.js";
import { FlowError } from "./errors.js";
import { contestOf, requireMay, targetOf, verdictOf, withTarget } from "./attack-flow-contest.js";
import type { AppliedInjury, AttackFlow, FlowCommand, FlowUser, InjuryChoices, ParticipantRef, StepResult, StruckState, TargetFlow } from "./attack-flow-types.js";

/** The struck side's reference, once the contest is settled. */
export function struckParticipant(flow: AttackFlow, index: number): ParticipantRef | undefined {
  const target = targetOf(flow, index);
  const struck = target.verdict?.struck;
  if (!struck || struck === "none") return undefined;
  return struck === "attacker" ? flow.attacker : target.target;
}

/**
 * R26–R33: what applying the injury would do, with these choices, to the
 * struck side as it is now. Nothing changes; for the apply dialog.
 */
export function previewInjury(flow: AttackFlow, index: number, state: StruckState, choices: InjuryChoices = {}, rules: Rules = STANDARD_RULES): StrikeResolution | undefined {
  const target = targetOf(flow, index);
  const verdict = target.verdict;
  if (!verdict || verdict.struck === "none") return undefined;
  const edge = parseBundle(verdict.edge!, rules.effects);
  // R35 at the location the blow lands (R29): only the attacker's own blow is aimed (R23).
  const aimed = aimFor(verdict.striker, flow.attack.location);
  if (!canStrike(edge, state.outfit, strikeLocation(verdict.strikingTotal!, aimed)).ok) return undefined;
  const defense = target.defense;
  const { nonLethal: chosenNonLethal, ...strikeChoices } = choices;
  const nonLethal = chosenNonLethal === undefined ? flow.attack.nonLethal : chosenNonLethal || undefined;
  const object =
    verdict.parryWon && defense && defense.form !== "counter" && defense.object
      ? { shield: parseBundle(defense.object.shield, rules.effects), hits: state.objectHits ?? defense.object.hits }
      : undefined;
  return resolveStrike(
    {
      strikingTotal: verdict.strikingTotal!,
      otherTotal: verdict.otherTotal!,
      edge,
      ...(verdict.antiImpact && { antiImpact: verdict.antiImpact }),
      ...(object && { object }),
      outfit: state.outfit,
      extraSoakSteps: state.extraSoakSteps,
      ...(aimed && { location: aimed }),
      pools: state.pools,
      ...(nonLethal && { nonLethal }),
      choices: strikeChoices,
    },
    rules,
  );
}

/**
 * The whole resolution as applying it now, with these choices, would make it
 * (R22–R35), or why nothing lands: a miss, or a small target the attack
 * cannot reach (R35). Undefined until the contest is settled. For the card,
 * which explains it line by line before anyone applies anything.
 */
export function previewResolution(
  flow: AttackFlow,
  index: number,
  state: StruckState,
  choices: InjuryChoices = {},
  rules: Rules = STANDARD_RULES,
): AttackResolution | undefined {
  const target = targetOf(flow, index);
  const verdict = target.verdict;
  if (!verdict || !target.defense || (target.phase !== "resolved" && target.phase !== "applied")) return undefined;
  const contest = contestOf(flow, target, rules);
  if (verdict.struck === "none") return { contest, struck: "none", missed: "miss" };
  const aimed = aimFor(verdict.striker, flow.attack.location);
  const reach = canStrike(parseBundle(verdict.edge!, rules.effects), state.outfit, strikeLocation(verdict.strikingTotal!, aimed));
  if (!reach.ok) {
    const smallTarget = { location: reach.location, aimed: aimed !== undefined, needed: reach.needed, has: reach.has };
    return { contest, struck: "none", missed: "smallTarget", smallTarget };
  }
  const strike = previewInjury(flow, index, state, choices, rules);
  return strike ? { contest, struck: verdict.struck, strike } : undefined;
}

/**
 * Apply the injury (R32–R33, R25/R37 for the parry object): only the struck
 * side's owners or the GM, only once while applied. `newIds` supplies one id
 * per condition the injury adds (the caller's random ids).
 */
export function applyInjury(
  flow: AttackFlow,
  index: number,
  state: StruckState,
  choices: InjuryChoices,
  user: FlowUser,
  newIds: readonly string[],
  rules: Rules = STANDARD_RULES,
): StepResult {
  const stored = targetOf(flow, index);
  if (stored.phase === "applied") throw new FlowError("alreadyApplied", { name: stored.target.name });
  if (stored.phase !== "resolved" || !stored.defense) throw new FlowError("notResolved");
  // The verdict is recomputed from the stored totals, never taken as written (docs/combat-workflow.md).
  const verdict = verdictOf(flow, stored, rules);
  const target: TargetFlow = { ...stored, verdict };
  flow = withTarget(flow, index, target);
  const struckRef = struckParticipant(flow, index);
  if (!struckRef) throw new FlowError("nobodyStruck");
  const struckSide = verdict.struck as Side;
  requireMay(flow, index, struckSide, user);
  const strike = previewInjury(flow, index, state, choices, rules);
  if (!strike || !strike.pools) throw new FlowError("nobodyStruck");

  const conditions = strike.taken.map((m, i) => {
    const id = newIds[i];
    if (!id) throw new FlowError("needIds", { count: strike.taken.length });
    return { id, letter: m.letter, piercing: m.piercing };
  });
  const resolution: AttackResolution = { contest: contestOf(flow, target, rules), struck: struckSide, strike };
  const outcome = outcomeJson(resolution, rules);
  const applied: AppliedInjury = {
    by: user.id,
    struck: struckRef,
    choices: structuredClone(choices),
    outcome,
    resolution: structuredClone(resolution),
    before: structuredClone(state.pools),
    after: structuredClone(strike.pools),
    conditions,
  };
  const commands: FlowCommand[] = [{ kind: "addToPools", actorUuid: struckRef.actorUuid, delta: poolDelta(strike.pools, state.pools) }];
  if (conditions.length) commands.push({ kind: "addConditions", actorUuid: struckRef.actorUuid, conditions });
  const defense = target.defense;
  if (strike.object && defense && defense.form !== "counter" && defense.object?.itemUuid) {
    // The object's own change, from the hits it held as the blow was applied (so an undo in any order is exact).
    applied.object = {
      itemUuid: defense.object.itemUuid,
      hitsBefore: strike.object.objectHits,
      hitsAfter: strike.object.hitsLeft,
      destroyed: strike.object.destroyed,
    };
    commands.push({ kind: "addToObjectHits", itemUuid: defense.object.itemUuid, delta: strike.object.hitsLeft - strike.object.objectHits });
  }
  const next: TargetFlow = { ...target, phase: "applied", applications: [...target.applications, applied] };
  return { flow: withTarget(flow, index, next), commands };
}

/** `to − from`, pool by pool. */
function poolDelta(to: Pools, from: Pools): Pools {
  const delta: Pools = { hit: { physical: 0, mental: 0, emotional: 0 }, fatigue: { physical: 0, mental: 0, emotional: 0 } };
  for (const f of FACETS) {
    delta.hit[f] = to.hit[f] - from.hit[f];
    delta.fatigue[f] = to.fatigue[f] - from.fatigue[f];
  }
  return delta;
}

/** The application in force (applied and not undone), if any. */
export function currentApplication(target: TargetFlow): AppliedInjury | undefined {
  const last = target.applications[target.applications.length - 1];
  return last && !last.undoneBy ? last : undefined;
}

/**
 * Undo the application in force exactly: its own change taken back — the
 * pools by its delta, the conditions it created removed, the hits its parry
 * object lost added back — so another injury applied since (or undone since)
 * is kept. Once; the injury can then be applied again (with other choices).
 */
export function undoInjury(flow: AttackFlow, index: number, user: FlowUser): StepResult {
  const target = targetOf(flow, index);
  const applied = currentApplication(target);
  if (target.phase !== "applied" || !applied) throw new FlowError("nothingToUndo");
  if (!(user.isGM || user.owns(applied.struck.actorUuid))) throw new FlowError("notYours", { name: applied.struck.name });
  const commands: FlowCommand[] = [{ kind: "addToPools", actorUuid: applied.struck.actorUuid, delta: poolDelta(applied.before, applied.after) }];
  if (applied.conditions.length) {
    commands.push({ kind: "removeConditions", actorUuid: applied.struck.actorUuid, ids: applied.conditions.map((c) => c.id) });
  }
  if (applied.object) commands.push({ kind: "addToObjectHits", itemUuid: applied.object.itemUuid, delta: applied.object.hitsBefore - applied.object.hitsAfter });
  const applications = target.applications.slice();
  applications[applications.length - 1] = { ...applied, undoneBy: user.id };
  return { flow: withTarget(flow, index, { ...target, phase: "resolved", applications }), commands };
}