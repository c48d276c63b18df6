/**
 * The ledger split by who may know it (the issue: "each declaration hidden
 * from the other players until it resolves; the GM sees all").
 *
 * - `projectLedger`: what every client may hold — the combat's flag
 *   (`flags.cychosys.phase`), which Foundry sends to everyone. A declaration
 *   that has not taken effect is only `{ hidden: true, id }`; Targeting and
 *   Aim are absent, Defend too unless the world plays P6 as written
 *   (`openDeclarations`); the log's hidden entries say only who did what kind
 *   of thing.
 * - `secretOf`: one combatant's hidden part — its own hidden declaration,
 *   its Targeting, Aim and Defend, its hidden log entries — which the GM
 *   whispers to that combatant's owners only.
 * - `viewFromProjection`: a player's client puts the two together and gets
 *   exactly `declarationView(state, viewer)` (tested as a property): nothing
 *   is lost by the split, and nothing hidden is in the projection.
 *
 * Pure.
 */
import { PHASE_STANDARD_RULES, type PhaseRules } from "../rules/options.js";
import type { CombatantPhase, DeclaredAction, PhaseEvent, PhaseState } from "../rules/state.js";
import type { Awareness } from "../rules/surprise.js";
import { type DeclarationView, declarationView, type EventView, seesAction, type Viewer } from "../rules/view.js";
import { copyStored } from "../rules/stored-state.js";
import type { PhaseLedger } from "./ledger.js";

export const PROJECTION_VERSION = 1;

/** A declaration other players may not see yet: only that there is one. */
export interface HiddenAction {
  hidden: true;
  id: string;
}

export interface ProjectedCombatant {
  id: string;
  awareness: Awareness;
  action: DeclaredAction | HiddenAction | null;
  initiative: CombatantPhase["initiative"];
  slot: CombatantPhase["slot"];
  freeUsed: boolean;
  suppressed: boolean;
  /** P26: public only when declarations are open (P6 as written); else null. */
  defending: boolean | null;
}

export interface PhaseProjection {
  version: number;
  combatId: string;
  revision: number;
  phase: number;
  step: PhaseState["step"];
  order: string[];
  cursor: number;
  /** P9: the phase's end is being resolved on a card. */
  resolving: boolean;
  /** P3: who has given their surprise d10 at this phase's start. */
  surpriseRolled: string[];
  combatants: ProjectedCombatant[];
  events: EventView[];
}

export interface PhaseSecret {
  version: number;
  combatId: string;
  combatantId: string;
  /** The ledger revision it was written at. */
  revision: number;
  /** Its own declaration while others may not see it. */
  action: DeclaredAction | null;
  targeting: CombatantPhase["targeting"];
  aim: CombatantPhase["aim"];
  defending: boolean;
  /** Its own entries of the phase's log that others see only as hidden, by place. */
  events: { index: number; event: PhaseEvent }[];
}

/** Nobody in particular: what every client may see. */
export const PUBLIC_VIEWER: Viewer = Object.freeze({ isGM: false, owns: () => false });

const isHidden = (a: ProjectedCombatant["action"]): a is HiddenAction => a !== null && "hidden" in a;

/** Copies of the state's small parts (plain data of known shape: cheaper than a structured clone per combatant). */
const copyAwareness = (a: Awareness): Awareness => ({ ...a });
const copyAction = (a: DeclaredAction): DeclaredAction => ({ ...a, targets: [...a.targets] });
const copyInitiative = (i: CombatantPhase["initiative"]): CombatantPhase["initiative"] => (i ? { ...i, faces: [...i.faces] } : null);

/** What every client may hold of the ledger. */
export function projectLedger(ledger: PhaseLedger, rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES): PhaseProjection {
  const s = ledger.state;
  const combatants = s.combatants.map(
    (c): ProjectedCombatant => ({
      id: c.id,
      awareness: copyAwareness(c.awareness),
      action: c.action ? (seesAction(PUBLIC_VIEWER, c.action, rules) ? copyAction(c.action) : { hidden: true, id: c.action.id }) : null,
      initiative: copyInitiative(c.initiative),
      slot: c.slot,
      freeUsed: c.freeUsed,
      suppressed: c.suppressed,
      defending: rules.openDeclarations ? c.defending : null,
    }),
  );
  return {
    version: PROJECTION_VERSION,
    combatId: ledger.combatId,
    revision: ledger.revision,
    phase: s.phase,
    step: s.step,
    order: [...s.order],
    cursor: s.cursor,
    resolving: ledger.resolving !== null,
    surpriseRolled: Object.keys(ledger.surprise).sort(),
    combatants,
    events: copyStored(declarationView(s, PUBLIC_VIEWER, rules).events),
  };
}

/** One combatant's hidden part, for its owners' clients. */
export function secretOf(ledger: PhaseLedger, combatantId: string, rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES): PhaseSecret | null {
  return secretsOf(ledger, [combatantId], rules).get(combatantId) ?? null;
}

/** The hidden parts of the listed combatants (those the ledger holds), the public log worked out once for all of them. */
export function secretsOf(ledger: PhaseLedger, combatantIds: Iterable<string>, rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES): Map<string, PhaseSecret> {
  const wanted = new Set(combatantIds);
  const out = new Map<string, PhaseSecret>();
  if (!wanted.size) return out;
  const open = declarationView(ledger.state, PUBLIC_VIEWER, rules).events;
  const hiddenEvents = new Map<string, { index: number; event: PhaseEvent }[]>();
  ledger.state.events.forEach((event, index) => {
    if (!wanted.has(event.actor) || !("hidden" in open[index]!)) return;
    const list = hiddenEvents.get(event.actor) ?? [];
    list.push({ index, event: copyStored(event) });
    hiddenEvents.set(event.actor, list);
  });
  for (const c of ledger.state.combatants) {
    if (!wanted.has(c.id)) continue;
    out.set(c.id, {
      version: PROJECTION_VERSION,
      combatId: ledger.combatId,
      combatantId: c.id,
      revision: ledger.revision,
      action: c.action && !seesAction(PUBLIC_VIEWER, c.action, rules) ? copyAction(c.action) : null,
      targeting: c.targeting && { ...c.targeting },
      aim: c.aim && { ...c.aim },
      defending: c.defending,
      events: hiddenEvents.get(c.id) ?? [],
    });
  }
  return out;
}

/** Do two secrets say the same (the revision they were written at aside)? The GM rewrites a secret only when it changed. */
export function sameSecret(a: PhaseSecret | null, b: PhaseSecret | null): boolean {
  if (!a || !b) return a === b;
  return JSON.stringify({ ...a, revision: 0 }) === JSON.stringify({ ...b, revision: 0 });
}

/**
 * The tracker as a player sees it, from the projection and the secrets of
 * the combatants they own (any others are ignored). A secret whose hidden
 * declaration is not the one the projection hides (written at another
 * moment) is not used for it: the declaration then shows as hidden.
 */
export function viewFromProjection(p: PhaseProjection, secrets: readonly PhaseSecret[], viewer: Viewer, rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES): DeclarationView {
  const own = new Map(secrets.filter((s) => s.combatId === p.combatId && viewer.owns(s.combatantId)).map((s) => [s.combatantId, s]));
  const stillHidden = new Map<string, HiddenAction>();
  const combatants = p.combatants.map((c): CombatantPhase => {
    const secret = own.get(c.id);
    let action: DeclaredAction | null = null;
    if (isHidden(c.action)) {
      if (secret?.action?.id === c.action.id) action = secret.action;
      else stillHidden.set(c.id, c.action);
    } else action = c.action;
    return {
      id: c.id, awareness: c.awareness, action, initiative: c.initiative, slot: c.slot, freeUsed: c.freeUsed, suppressed: c.suppressed,
      targeting: secret?.targeting ?? null, aim: secret?.aim ?? null, defending: secret ? secret.defending : (c.defending ?? false),
    };
  });
  const state: PhaseState = { phase: p.phase, step: p.step, combatants, order: p.order, cursor: p.cursor, events: [] };
  const view = declarationView(state, viewer, rules);
  const events: EventView[] = p.events.map((e) => e);
  for (const secret of own.values()) for (const { index, event } of secret.events) if (index < events.length && events[index]!.actor === event.actor) events[index] = event;
  return {
    ...view,
    rows: view.rows.map((r) => (stillHidden.has(r.id) ? { ...r, action: { ...stillHidden.get(r.id)! } } : r)),
    events,
  };
}
