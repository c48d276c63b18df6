/**
 * The phase tracker's requests on the active GM's side: each re-checks,
 * against the GM's own documents, who may do it and when — the requester is
 * the request message's author, the ledger (whispered to the GMs only) holds
 * the truth, the rules core reads every face (tracker-plan.ts). Each runs in
 * the one combat queue (requests.ts), so two requests never interleave; the
 * ledger then goes where it belongs (store.ts) and the combat gets the
 * public projection.
 */
import { localize } from "../i18n.js";
import { phaseRules } from "./rules-source.js";
import { ledgerFor, commitLedger } from "./store.js";
import { phaseCombatantIds, phaseTable, type TableActor, type TableCombat, type TableCombatant } from "./table.js";
import { planTrackerRequest, type TableUser } from "../../rulesets/phase/combat/tracker-plan.js";
import type { PhaseTrackerRequest } from "../../rulesets/phase/combat/request-schema.js";
import { leftOut, type PhaseLedger } from "../../rulesets/phase/combat/ledger.js";
import { PHASE_MAX_COMBATANTS } from "../../rulesets/phase/rules/stored-state.js";
import { PartialChange, Refusal, requestHandlers, type RequestUser } from "../requests.js";
import { format } from "../i18n.js";
import { syncTrackerStatuses } from "./status.js";

interface ItemDoc {
  update(data: Record<string, unknown>): Promise<unknown>;
}
export interface PhaseCombatantDoc extends TableCombatant {
  initiative: number | null;
  actor: (TableActor & { items?: { get(id: string): ItemDoc | undefined } }) | null;
}
export interface PhaseCombatDoc extends TableCombat {
  combatants: { contents: PhaseCombatantDoc[]; get(id: string): PhaseCombatantDoc | undefined };
  updateEmbeddedDocuments(name: "Combatant", updates: Record<string, unknown>[]): Promise<unknown>;
}

const combats = () => (game as unknown as { combats?: { get?(id: string): unknown; contents?: PhaseCombatDoc[] } }).combats;

/** The combat a request names (a started one), or a refusal. */
export function combatOf(id: string): PhaseCombatDoc {
  const all = combats();
  const combat = (all?.get?.(id) ?? all?.contents?.find((c) => c.id === id)) as PhaseCombatDoc | undefined;
  if (!combat?.started) throw new Refusal(localize("CYCHOSYS.Phase.Table.noCombat"));
  return combat;
}

/** The requester as the plan sees them: a GM, and the owner of which combatants. */
export const tableUser = (user: RequestUser, combat: PhaseCombatDoc): TableUser => ({
  isGM: user.isGM,
  owns: (id) => combat.combatants.get(id)?.actor?.testUserPermission(user, "OWNER") === true,
});

/** P5: the totals shown in Foundry's own places (display only; the order is the ledger's). */
async function mirrorInitiative(combat: PhaseCombatDoc, ledger: PhaseLedger): Promise<void> {
  const totals = new Map(ledger.state.combatants.map((c) => [c.id, c.initiative?.total ?? null]));
  const updates = combat.combatants.contents.filter((c) => totals.has(c.id) && c.initiative !== totals.get(c.id)).map((c) => ({ _id: c.id, initiative: totals.get(c.id) }));
  if (updates.length) await combat.updateEmbeddedDocuments("Combatant", updates);
}

/** After the ledger changed (GM): what only shows it — initiative totals, token statuses. A failure is logged, nothing else. */
export async function afterLedgerChange(combat: PhaseCombatDoc, ledger: PhaseLedger): Promise<void> {
  try {
    await mirrorInitiative(combat, ledger);
    await syncTrackerStatuses(combat, ledger);
  } catch (error) {
    console.error("Cychosys | phase: could not show the tracker's state on the combatants and tokens", error);
  }
}

/** 20.5 (GM): combatants the phase record cannot take (it holds PHASE_MAX_COMBATANTS) are named, never dropped silently. */
export function reportLeftOut(combat: PhaseCombatDoc, ledger: PhaseLedger, ids: readonly string[]): void {
  const out = leftOut(ledger, ids);
  if (!out.length) return;
  const names = out.slice(0, 5).map((id) => combat.combatants.get(id)?.name ?? id).join(", ") + (out.length > 5 ? ", …" : "");
  ui.notifications?.warn(format("CYCHOSYS.Phase.Tracker.tooMany", { max: PHASE_MAX_COMBATANTS, count: out.length, names }), { permanent: true });
}

/** Carry a tracker request out for `user` (on the active GM, in the queue). */
export async function carryOut(user: RequestUser, request: PhaseTrackerRequest): Promise<void> {
  const combat = combatOf(request.combatId);
  const { ledger } = ledgerFor(combat.id);
  const table = phaseTable(combat);
  const draw = () => (CONFIG.Dice as unknown as { randomUniform(): number }).randomUniform();
  const plan = planTrackerRequest(ledger, request, tableUser(user, combat), table.fighters, draw, phaseRules());
  await commitLedger(combat, plan.ledger);
  // P7: a fastdraw readies the weapon at once (the GM writes the owner's item).
  for (const r of plan.readied) {
    const c = combat.combatants.get(r.combatantId);
    const item = c?.actor?.items?.get(r.weaponId);
    try {
      if (!item) throw new Error("no such item");
      await item.update({ "system.ready": r.ready });
    } catch (error) {
      console.error("Cychosys | phase: the drawn weapon could not be marked ready", error);
      throw new PartialChange(format("CYCHOSYS.Phase.Tracker.readyPartial", { name: c?.name ?? r.combatantId }));
    }
  }
  await afterLedgerChange(combat, plan.ledger);
  if (request.kind === "phaseRestart") reportLeftOut(combat, plan.ledger, phaseCombatantIds(combat));
}

/** Register the handlers of the tracker's requests. */
export function registerPhaseTrackerHandlers(): void {
  const on = requestHandlers<PhaseTrackerRequest>();
  const kinds: PhaseTrackerRequest["kind"][] = [
    "phaseSurprise", "phaseInitiative", "phaseCloseInitiative", "phaseDeclare", "phaseFree", "phaseCancel", "phasePass",
    "phaseAwareness", "phaseWitness", "phaseDistract", "phaseSuppressed", "phaseRestart",
  ];
  for (const kind of kinds) on(kind, (user, request) => carryOut(user, request as PhaseTrackerRequest));
}
