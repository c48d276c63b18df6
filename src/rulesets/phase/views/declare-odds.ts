/**
 * Odds before you declare (docs/odds.md, "Phase-based homebrew"), for the
 * declare dialog: the chance to hit the chosen target with the chosen
 * attack and the expected flesh, against the target's best answer — Defend
 * in force, still open to it, or not (P26) — and, for a combatant an attack
 * is due on at the end of this phase, the defense panel: each answer open to
 * it now (no Defend, keeping the slot's action; Defend) with the chance of
 * being struck and the expected flesh. From what this user may know only:
 * the declarations it may see (view.ts), the sheets it may see (`know`);
 * the GM's range and cover are not known before the card, so none count.
 * Pure; the rules core's own odds (rules/odds.ts).
 */
import type { Localize } from "../../../core/messages.js";
import { english } from "../../../core/messages.js";
import { hiddenLine, oddsLine, type OddsLineView, oddsTable, type OddsTableView } from "../../../core/views/odds.js";
import { attackTN } from "../rules/attack.js";
import { phaseAttackOdds, type PhaseDefendChoice } from "../rules/odds.js";
import { PHASE_STANDARD_RULES, type PhaseRules } from "../rules/options.js";
import { attackSetup } from "../rules/resolve-phase.js";
import { resolvesAt } from "../rules/clock.js";
import type { Fighter } from "../rules/state.js";
import type { Area } from "../rules/types.js";
import type { DeclarationRow, DeclarationView } from "../rules/view.js";
import { actionLabel } from "../rules/words.js";
import type { DeclareChoice } from "./declare-dialog.js";

/** What the declaring user may know, for the odds. */
export interface DeclareOddsContext {
  /** The combatant declaring, its sheet, and what it holds (P13, P16). */
  me: { id: string; fighter: Fighter; targeting: { target: string; area: Area | null } | null; aim: number };
  /** The declarations as this user may see them. */
  view: DeclarationView;
  /** A combatant's sheet when this user may see it (the GM, an owner, an observer); null otherwise. */
  know(id: string): Fighter | null;
  name(id: string): string;
}

const K = "CYCHOSYS.Phase.Odds.";

/** The odds' label of an answer ("no Defend", "Defend"). */
export const defenseLabel = (localize: Localize) => (defense: string) => localize(`${K}Defense.${defense}`);

/**
 * P26: the target's answer to an attack resolving at the end of phase `at`:
 * Defend in force (declared this phase, and the attack resolves now), still
 * open (it declares after this slot, or the attack resolves at a later
 * phase's end, or whether it Defends is hidden from this user), or not.
 */
export function targetDefend(row: DeclarationRow | undefined, at: number, phase: number): PhaseDefendChoice {
  if (!row) return "closed";
  if (at > phase) return "open";
  if (row.defending === true) return "inForce";
  if (row.slot === "waiting" || row.slot === "current") return "open";
  if (row.defending === "hidden" && row.slot === "done") return "open";
  return "closed";
}

/** The attack dialog's line for the chosen attack at `target` (and `area`), or none when the choice is no attack. */
export function declareOddsLines(ctx: DeclareOddsContext, choice: DeclareChoice | undefined, target: string | null, area: Area | null, rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES, localize: Localize = english): OddsLineView[] {
  if (!choice?.weapon || !target) return [];
  const spec = rules.actions[choice.action];
  if (!spec || (spec.kind !== "shoot" && spec.kind !== "melee")) return [];
  const weapon = ctx.me.fighter.weapons[choice.weapon];
  if (!weapon) return [];
  const theirs = ctx.know(target);
  if (!theirs) return [hiddenLine(ctx.name(target), localize)];
  // P12: a combined action brings its own Targeting; else the Targeting held on this target (P13, P14), its Aim (P16).
  const held = ctx.me.targeting?.target === target;
  const targeting = spec.targetingPart || held;
  const aim = held ? ctx.me.aim : 0;
  const row = ctx.view.rows.find((r) => r.id === target);
  const defend = targetDefend(row, resolvesAt(ctx.view.phase, spec.length === "free" ? "phase" : spec.length, rules), ctx.view.phase);
  const odds = (called: Area | null) => phaseAttackOdds({ attack: attackSetup(ctx.me.fighter, weapon, choice.action, theirs, { targeting, aim, called }), defend }, rules);
  const calling = area !== null && targeting;
  return [oddsLine(ctx.name(target), odds(calling ? area : null), calling ? odds(null) : undefined, defenseLabel(localize), localize)];
}

/** One attack due on the declaring combatant at the end of this phase, and its answers' odds. */
export interface IncomingOddsView {
  /** "Earl's Fire at you, due at the end of this phase". */
  title: string;
  table: OddsTableView | null;
  /** Why there are no odds (the attacker's sheet is not this user's to see), or what they assume. */
  note: string | null;
}

/**
 * P26: the defense panel — every attack on the declaring combatant this user
 * may see, resolving at the end of this phase (Defend declared now covers
 * those, P26), with the odds of keeping the slot's action and of Defending.
 */
export function incomingOdds(ctx: DeclareOddsContext, rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES, localize: Localize = english): IncomingOddsView[] {
  const out: IncomingOddsView[] = [];
  const phase = ctx.view.phase;
  for (const row of ctx.view.rows) {
    const a = row.action;
    if (!a || a.hidden || a.target !== ctx.me.id || a.resolvesAt !== phase || !a.weapon) continue;
    const spec = rules.actions[a.action];
    if (!spec || (spec.kind !== "shoot" && spec.kind !== "melee")) continue;
    const title = localize(`${K}incoming`, { name: ctx.name(a.actor), action: actionLabel(a.action, localize) });
    const attacker = ctx.know(a.actor);
    const weapon = attacker?.weapons[a.weapon];
    if (!attacker || !weapon) {
      out.push({ title, table: null, note: localize(`${K}attackerHidden`, { name: ctx.name(a.actor) }) });
      continue;
    }
    // What the attacker holds on this combatant is the attacker's own business (P13, P16): unknown, Targeting is assumed, no Aim.
    const lined = row.targeting === "hidden" ? null : row.targeting?.target === ctx.me.id;
    const known = lined !== null;
    const targeting = spec.targetingPart || (lined ?? true);
    const aim = lined && typeof row.aim === "number" ? row.aim : 0;
    const odds = phaseAttackOdds({ attack: attackSetup(attacker, weapon, a.action, ctx.me.fighter, { targeting, aim, called: a.area }), defend: "open" }, rules);
    const bonus = attackTN({ range: 0, cover: 0, other: 0, defending: true, called: null }, rules).defend;
    out.push({ title, table: oddsTable(odds, defenseLabel(localize), localize, localize(`${K}defendNote`, { bonus })), note: known ? null : localize(`${K}assumed`, { name: ctx.name(a.actor) }) });
  }
  return out;
}
