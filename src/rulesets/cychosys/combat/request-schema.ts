/**
 * The shape of every request the tracker and the chase window send the
 * active GM (`flags.cychosys.combatRequest` on a chat message the player
 * wrote — so anything at all may be there). `parseCombatRequest` checks it
 * before anything else runs: a plain object, a known `kind`, exactly that
 * kind's fields, each of its type, within its length, from its set of values.
 * Pure apart from localizing the reason.
 */
import { FACETS, type Facet } from "../rules/index.js";
import { format } from "../../../core/i18n.js";
import { type KindedRefusal, parseKindedRequest } from "../../../core/kinded-request.js";

export type CombatRequest =
  | { kind: "extraAction"; combatId: string; combatantId: string; pool: Facet }
  | { kind: "endInterrupt"; combatId: string }
  | { kind: "wait"; combatId: string; combatantId: string }
  | { kind: "chaseMove"; actorUuid: string; messageId: string };

export type CombatRequestKind = CombatRequest["kind"];

type FieldSpec = { type: "text"; max: number; pattern: RegExp } | { type: "enum"; values: readonly string[] };

/** A document id: letters and digits (Foundry's are 16). */
const ID: FieldSpec = { type: "text", max: 64, pattern: /^[A-Za-z0-9]+$/ };
/** A document UUID: `Actor.<id>`, `Scene.<id>.Token.<id>.Actor.<id>`, … */
const UUID: FieldSpec = { type: "text", max: 256, pattern: /^[A-Za-z0-9._-]+$/ };

export const REQUEST_SCHEMAS: Readonly<Record<CombatRequestKind, Readonly<Record<string, FieldSpec>>>> = {
  extraAction: { combatId: ID, combatantId: ID, pool: { type: "enum", values: FACETS } },
  endInterrupt: { combatId: ID },
  wait: { combatId: ID, combatantId: ID },
  chaseMove: { actorUuid: UUID, messageId: ID },
};

const KINDS = Object.keys(REQUEST_SCHEMAS) as CombatRequestKind[];
const MAX_KEYS = 8;

export type RequestCheck = { ok: true; request: CombatRequest } | { ok: false; field: string; reason: string };

const invalid = (field: string, problem: string, params: Record<string, string | number> = {}): KindedRefusal => ({
  ok: false,
  field,
  reason: format(`CYCHOSYS.Combat.Request.Invalid.${problem}`, params),
});


function checkField(name: string, spec: FieldSpec, value: unknown): KindedRefusal | null {
  if (value === undefined || value === null) return invalid(name, "missing");
  if (typeof value !== "string") return invalid(name, "notText");
  if (spec.type === "enum") return spec.values.includes(value) ? null : invalid(name, "notOneOf", { values: spec.values.join(", ") });
  if (value.length === 0 || value.length > spec.max) return invalid(name, "length", { max: spec.max });
  return spec.pattern.test(value) ? null : invalid(name, "badChars");
}

/** Check a request payload; on success a fresh object holding only the checked fields. */
export function parseCombatRequest(value: unknown): RequestCheck {
  return parseKindedRequest<CombatRequest, FieldSpec>(value, { schemas: REQUEST_SCHEMAS, checkField, invalid, maxKeys: MAX_KEYS });
}
