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
