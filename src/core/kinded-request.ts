/**
 * The shape check every tracker request shares, whatever the ruleset: a
 * plain object with few keys, a known `kind`, exactly that kind's fields,
 * each checked by the ruleset's own field checker. On success a fresh object
 * holding only the checked fields (arrays copied), so nothing a player added
 * or can still change reaches a handler. Pure; never throws.
 */
export type KindedCheck<R> = { ok: true; request: R } | { ok: false; field: string; reason: string };
export type KindedRefusal = { ok: false; field: string; reason: string };
type Refusal = KindedRefusal;

export interface KindedSchema<Spec> {
  /** Each kind's fields and their specs. */
  schemas: Readonly<Record<string, Readonly<Record<string, Spec>>>>;
  /** A field's problem, or null when it is fine. */
  checkField(name: string, spec: Spec, value: unknown): Refusal | null;
  /** A refusal for a problem of the request as a whole (`notObject`, `tooMany`, `notOneOf`, `unexpected`). */
  invalid(field: string, problem: string, params?: Record<string, string | number>): Refusal;
  maxKeys: number;
}

export const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

export function parseKindedRequest<R, Spec>(value: unknown, schema: KindedSchema<Spec>): KindedCheck<R> {
  const { schemas, checkField, invalid, maxKeys } = schema;
  if (!isPlainObject(value)) return invalid("request", "notObject");
  const keys = Object.keys(value);
  if (keys.length > maxKeys) return invalid("request", "tooMany", { max: maxKeys });
  const kind = value.kind;
  const kinds = Object.keys(schemas);
  if (typeof kind !== "string" || !kinds.includes(kind)) return invalid("kind", "notOneOf", { values: kinds.join(", ") });
  const fields = schemas[kind]!;
  const extra = keys.find((k) => k !== "kind" && !Object.hasOwn(fields, k));
  if (extra !== undefined) return invalid(extra.slice(0, 40), "unexpected");
  const request: Record<string, unknown> = { kind };
  for (const [name, spec] of Object.entries(fields)) {
    const problem = checkField(name, spec, value[name]);
    if (problem) return problem;
    const field = value[name];
    request[name] = Array.isArray(field) ? [...field] : field;
  }
  return { ok: true, request: request as R };
}

/** The field kinds most tracker requests share: a plain id (or "" where optional), true/false, a bounded whole number, a bounded list of die faces (1–6 unless said). */
export type CommonFieldSpec =
  | { type: "id" }
  | { type: "optionalId" }
  | { type: "bool" }
  | { type: "int"; min: number; max: number }
  | { type: "faces"; min: number; max: number; faces?: number };

const ID_PATTERN = /^[A-Za-z0-9]{1,64}$/;
const isInt = (v: unknown, min: number, max: number): v is number => typeof v === "number" && Number.isInteger(v) && v >= min && v <= max;

/**
 * A common field's problem (null when fine), in the ruleset's words
 * (`invalid`: missing, notId, notBoolean, outOfRange, count, face).
 */
export function commonFieldProblem(name: string, spec: CommonFieldSpec, value: unknown, invalid: KindedSchema<unknown>["invalid"]): Refusal | null {
  if (value === undefined || value === null) return invalid(name, "missing");
  switch (spec.type) {
    case "id":
      return typeof value === "string" && ID_PATTERN.test(value) ? null : invalid(name, "notId");
    case "optionalId":
      return value === "" || (typeof value === "string" && ID_PATTERN.test(value)) ? null : invalid(name, "notId");
    case "bool":
      return typeof value === "boolean" ? null : invalid(name, "notBoolean");
    case "int":
      return isInt(value, spec.min, spec.max) ? null : invalid(name, "outOfRange", { min: spec.min, max: spec.max });
    case "faces": {
      if (!Array.isArray(value) || value.length < spec.min || value.length > spec.max) return invalid(name, "count", { min: spec.min, max: spec.max });
      const faces = spec.faces ?? 6;
      return value.every((f) => isInt(f, 1, faces)) ? null : invalid(name, "face", { faces });
    }
  }
}
