/**
 * The shape of every request the CWN tracker sends the active GM
 * (`flags.cychosys.combatRequest` on a chat message the player wrote — so
 * anything may be there), checked with the shared kinded-request check
 * before anything runs: a plain object, a known kind, exactly that kind's
 * fields; ids plain ids, numbers whole and bounded, faces within their die,
 * an action one of the chapter's (W21–W37), text bounded. The GM's handlers
 * then re-check who may do it and when. Pure apart from localizing the
 * reason. (The attack card uses its own key, `cychosys.request`.)
 */
import type { GmOnlyFields } from "../../../core/gm-only.js";
import { format } from "../../../core/i18n.js";
import { type CommonFieldSpec, commonFieldProblem, type KindedRefusal, parseKindedRequest } from "../../../core/kinded-request.js";
import { CWN_ACTION_IDS, type CwnActionId } from "../rules/actions.js";

export type CwnCombatRequest =
  /** W3: a side's d8 (before the fight starts): a player rolls their side's, the GM any. */
  | { kind: "cwnRollSide"; combatId: string; sideId: string; face: number }
  /** W3, W4: the GM puts a combatant in another group (before the fight starts). */
  | { kind: "cwnGroup"; combatId: string; combatantId: string; sideId: string }
  /** W2: the GM marks a side surprised, or not (before the fight starts). */
  | { kind: "cwnSurprise"; combatId: string; sideId: string; surprised: boolean }
  /** W4: a member of the acting side starts its turn. */
  | { kind: "cwnBeginTurn"; combatId: string; combatantId: string }
  /** W4, W7: a fighter's turn ends (one that has not started passes). */
  | { kind: "cwnEndTurn"; combatId: string; combatantId: string }
  /** W8–W37: an action; `metres`, `allyId`, `itemId`, `targetId`, `label` and `quiver` as the action needs ("" and 0 when not). */
  | { kind: "cwnAct"; combatId: string; combatantId: string; action: CwnActionId; metres: number; allyId: string; itemId: string; targetId: string; label: string; quiver: boolean }
  /** W4: the acting side's turn ends. */
  | { kind: "cwnEndSide"; combatId: string }
  /** W6: the GM's Morale roll for a side (no faces: skipped). */
  | { kind: "cwnMorale"; combatId: string; sideId: string; faces: number[] }
  /** W24: the side's controller closes a swarm. */
  | { kind: "cwnReadySwarm"; combatId: string; swarmId: number }
  /** W3: combatants arriving mid-fight join as a new side with its d8 (the GM). */
  | { kind: "cwnJoin"; combatId: string; sideId: string; face: number };

export type CwnCombatRequestKind = CwnCombatRequest["kind"];

type FieldSpec =
  | CommonFieldSpec
  | { type: "sideId" }
  | { type: "action" }
  | { type: "text"; max: number };

const ID: FieldSpec = { type: "id" };
const SIDE: FieldSpec = { type: "sideId" };

export const CWN_TRACKER_LIMITS = { metres: 1000, label: 60, swarm: 99_999 } as const;

export const CWN_REQUEST_SCHEMAS: Readonly<Record<CwnCombatRequestKind, Readonly<Record<string, FieldSpec>>>> = {
  cwnRollSide: { combatId: ID, sideId: SIDE, face: { type: "int", min: 1, max: 8 } },
  cwnGroup: { combatId: ID, combatantId: ID, sideId: SIDE },
  cwnSurprise: { combatId: ID, sideId: SIDE, surprised: { type: "bool" } },
  cwnBeginTurn: { combatId: ID, combatantId: ID },
  cwnEndTurn: { combatId: ID, combatantId: ID },
  cwnAct: {
    combatId: ID, combatantId: ID, action: { type: "action" }, metres: { type: "int", min: 0, max: CWN_TRACKER_LIMITS.metres },
    allyId: { type: "optionalId" }, itemId: { type: "optionalId" }, targetId: { type: "optionalId" }, label: { type: "text", max: CWN_TRACKER_LIMITS.label }, quiver: { type: "bool" },
  },
  cwnEndSide: { combatId: ID },
  cwnMorale: { combatId: ID, sideId: SIDE, faces: { type: "faces", min: 0, max: 2, faces: 6 } },
  cwnReadySwarm: { combatId: ID, swarmId: { type: "int", min: 1, max: CWN_TRACKER_LIMITS.swarm } },
  cwnJoin: { combatId: ID, sideId: SIDE, face: { type: "int", min: 1, max: 8 } },
};

/**
 * The tracker's requests only a GM may send, by the fields that carry the
 * GM's decision (src/core/gm-only.ts; the shared check refuses them from a
 * player before any handler runs, naming the first): a combatant put in
 * another group and a side marked surprised before the fight (W2, W3), a
 * side's Morale roll or skip (W6: the GM rolls for the foes), a side
 * arriving mid-fight with its d8 (W3). The dialogs show these to the GM only.
 */
export const CWN_TRACKER_GM_ONLY: GmOnlyFields = Object.freeze({
  cwnGroup: ["sideId", "combatantId"],
  cwnSurprise: ["surprised", "sideId"],
  cwnMorale: ["faces", "sideId"],
  cwnJoin: ["face", "sideId"],
});

const MAX_KEYS = 12;
const SIDE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export type CwnRequestCheck = { ok: true; request: CwnCombatRequest } | { ok: false; field: string; reason: string };

const invalid = (field: string, problem: string, params: Record<string, string | number> = {}): KindedRefusal => ({
  ok: false,
  field,
  reason: format(`CYCHOSYS.Cwn.Combat.Invalid.${problem}`, params),
});

function checkField(name: string, spec: FieldSpec, value: unknown): KindedRefusal | null {
  switch (spec.type) {
    case "sideId":
      if (value === undefined || value === null) return invalid(name, "missing");
      return typeof value === "string" && SIDE_PATTERN.test(value) ? null : invalid(name, "notId");
    case "action":
      if (value === undefined || value === null) return invalid(name, "missing");
      return (CWN_ACTION_IDS as readonly unknown[]).includes(value) ? null : invalid(name, "notAction");
    case "text":
      if (value === undefined || value === null) return invalid(name, "missing");
      return typeof value === "string" && value.length <= spec.max ? null : invalid(name, "text", { max: spec.max });
    default:
      return commonFieldProblem(name, spec, value, invalid);
  }
}

/** Check a request payload; on success a fresh object holding only the checked fields (arrays copied). */
export function parseCwnCombatRequest(value: unknown): CwnRequestCheck {
  return parseKindedRequest<CwnCombatRequest, FieldSpec>(value, { schemas: CWN_REQUEST_SCHEMAS, checkField, invalid, maxKeys: MAX_KEYS });
}
