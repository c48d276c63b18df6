/**
 * A zod issue as the problem a refused request's author is told: the field's
 * path (key names a hostile request chose are cut and made printable) and
 * what kind of problem it is (`CYCHOSYS.Request.problem.<kind>`).
 */
import type { z } from "zod/mini";
import type { RequestProblem } from "./ruleset.js";

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
