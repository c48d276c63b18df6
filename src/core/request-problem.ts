/**
 * A zod issue as the problem a refused request's author is told: the field's
 * path (key names a hostile request chose are cut and made printable) and
 * what kind of problem it is (`CYCHOSYS.Request.problem.<kind>`).
 */
import type { z } from "zod/mini";
import type { ParsedRequest, RequestProblem } from "./ruleset.js";

/** Cut and make printable a path segment a hostile request may have chosen (a key name). */
function printable(segment: PropertyKey): string {
  const text = String(segment).replace(/[^\x20-\x7e]/g, "?");
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

export function problemOf(issue: z.core.$ZodIssue): RequestProblem {
  const path = issue.path.map(printable);
  switch (issue.code) {
    case "unrecognized_keys":
      return { field: [...path, printable(issue.keys[0] ?? "")].filter(Boolean).join("."), kind: "unknownField" };
    case "too_small":
    case "too_big":
      return { field: path.join("."), kind: issue.origin === "string" || issue.origin === "array" ? "length" : "range" };
    case "invalid_type":
      return { field: path.join("."), kind: issue.input === undefined ? "missing" : "type" };
    default:
      return { field: path.join("."), kind: "value" };
  }
}

/** What `parseCardRequest` needs of a zod schema. */
interface CardSchema<R> {
  safeParse(value: unknown, params: { reportInput: boolean }): { success: true; data: R } | { success: false; error: { issues: z.core.$ZodIssue[] } };
}

/**
 * A card request through its ruleset's zod schema: a new attack (`declare`)
 * or a step on an existing card (every other step names `attackId` and
 * `messageId`). Never throws, whatever `value` is.
 */
export function parseCardRequest<R extends { step: string }>(
  schema: CardSchema<R>,
  value: unknown,
): { ok: true; parsed: ParsedRequest<Extract<R, { step: "declare" }>, Exclude<R, { step: "declare" }>> } | { ok: false; problem: RequestProblem } {
  try {
    const result = schema.safeParse(value, { reportInput: true });
    if (!result.success) {
      const issue = result.error.issues[0];
      return { ok: false, problem: issue ? problemOf(issue) : { field: "", kind: "value" } };
    }
    const request = result.data;
    if (request.step === "declare") return { ok: true, parsed: { kind: "declare", request: request as Extract<R, { step: "declare" }> } };
    const step = request as Exclude<R, { step: "declare" }> & { attackId: string; messageId: string };
    return { ok: true, parsed: { kind: "step", attackId: step.attackId, messageId: step.messageId, request: step } };
  } catch {
    // A value zod cannot even walk (a hostile getter, a proxy): refused as a whole.
    return { ok: false, problem: { field: "", kind: "type" } };
  }
}
