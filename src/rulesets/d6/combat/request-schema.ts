/**
 * The shape of every request the OpenD6 tracker sends the active GM
 * (`flags.cychosys.combatRequest` on a chat message the player wrote — so
 * anything may be there). `parseD6CombatRequest` checks it before anything
 * runs: a plain object, a known kind, exactly that kind's fields; ids plain
 * ids, numbers whole and bounded, faces 1–6, arrays bounded. The GM's
 * handlers then re-check who may do it and when. Pure apart from localizing
 * the reason. (The D6 attack workflow uses its own key, `cychosys.request`.)
 */
import type { GmOnlyFields } from "../../../core/gm-only.js";
import { format } from "../../../core/i18n.js";
import { type CommonFieldSpec, commonFieldProblem, type KindedRefusal, parseKindedRequest } from "../../../core/kinded-request.js";
import { MAX_CHAIN, MAX_CODE_DICE, MAX_DECLARED_ACTIONS } from "../rules/index.js";
import { D6_MAX_PLACE } from "./tracker-plan.js";

export type D6CombatRequest =
  /** D6: the faces of a combatant's initiative roll (`group`, the GM's only: one roll for the combatant's group). */
  | { kind: "d6Initiative"; combatId: string; combatantId: string; dice: number[]; wild: number[]; group?: boolean }
  /** D9: one Character Point die (a Wild Die chain) on this round's initiative. */
  | { kind: "d6CharacterPoint"; combatId: string; combatantId: string; chain: number[] }
  /** D5: the GM places a combatant for this round. */
  | { kind: "d6Place"; combatId: string; combatantId: string; position: number }
  /** D6, D9: the GM sets the order; the round's turns begin. */
  | { kind: "d6SetOrder"; combatId: string }
  /** D11, D15: the number of actions this round (`movedUp`, the GM's only: an action moved up). */
  | { kind: "d6Declare"; combatId: string; combatantId: string; actions: number; movedUp?: boolean }
  /** D13: a wait. */
  | { kind: "d6Wait"; combatId: string; combatantId: string };

export type D6CombatRequestKind = D6CombatRequest["kind"];

/** The common fields, and a true/false a request may leave out (absent reads as false). */
type FieldSpec = CommonFieldSpec | { type: "optionalBool" };

const ID: FieldSpec = { type: "id" };
const faces = (min: number, max: number): FieldSpec => ({ type: "faces", min, max });

export const D6_REQUEST_SCHEMAS: Readonly<Record<D6CombatRequestKind, Readonly<Record<string, FieldSpec>>>> = {
  d6Initiative: { combatId: ID, combatantId: ID, dice: faces(0, MAX_CODE_DICE), wild: faces(0, MAX_CHAIN), group: { type: "optionalBool" } },
  d6CharacterPoint: { combatId: ID, combatantId: ID, chain: faces(1, MAX_CHAIN) },
  d6Place: { combatId: ID, combatantId: ID, position: { type: "int", min: 0, max: D6_MAX_PLACE } },
  d6SetOrder: { combatId: ID },
  d6Declare: { combatId: ID, combatantId: ID, actions: { type: "int", min: 1, max: MAX_DECLARED_ACTIONS }, movedUp: { type: "optionalBool" } },
  d6Wait: { combatId: ID, combatantId: ID },
};

/**
 * The fields of the tracker's requests only a GM may send, refused from
 * anyone else by the shared check (src/core/gm-only.ts) before any handler:
 * one roll for a group of foes (D6), a place in the order (D5), an action
 * moved up (D15). A player's client leaves them out. Setting the order (D6,
 * D9) has no field of its own: its handler refuses a player.
 */
export const D6_TRACKER_GM_ONLY: GmOnlyFields = Object.freeze({
  d6Initiative: Object.freeze(["group"]),
  d6Place: Object.freeze(["position"]),
  d6Declare: Object.freeze(["movedUp"]),
});

const MAX_KEYS = 8;

export type D6RequestCheck = { ok: true; request: D6CombatRequest } | { ok: false; field: string; reason: string };

const invalid = (field: string, problem: string, params: Record<string, string | number> = {}): KindedRefusal => ({
  ok: false,
  field,
  reason: format(`CYCHOSYS.D6.Combat.Invalid.${problem}`, params),
});

const checkField = (name: string, spec: FieldSpec, value: unknown): KindedRefusal | null => {
  if (spec.type === "optionalBool") return value === undefined || typeof value === "boolean" ? null : invalid(name, "notBoolean");
  return commonFieldProblem(name, spec, value, invalid);
};

/** Check a request payload; on success a fresh object holding only the checked fields (arrays copied). */
export function parseD6CombatRequest(value: unknown): D6RequestCheck {
  return parseKindedRequest<D6CombatRequest, FieldSpec>(value, { schemas: D6_REQUEST_SCHEMAS, checkField, invalid, maxKeys: MAX_KEYS });
}
