/** Shared helpers of the D6 rules-core tests. */
import { expect } from "vitest";
import { RuleRefusal } from "../../../src/core/refusal.js";
import { D6Error, type D6ErrorCode } from "../../../src/rulesets/d6/rules/index.js";
import { thrownBy } from "../../helpers/thrown.js";

/** Run `fn`, require a D6Error with `code` whose message holds every fragment; return it. */
export function d6Error(fn: () => unknown, code: D6ErrorCode, ...fragments: (string | number)[]): D6Error {
  const error = thrownBy(fn, D6Error);
  expect(error.code).toBe(code);
  expect(error.i18nKey).toBe(`CYCHOSYS.D6.Error.${code}`);
  for (const f of fragments) expect(error.message).toContain(String(f));
  return error;
}

/** A scenario field error: the message starts with the field path and holds every fragment. */
export function fieldError(fn: () => unknown, field: string, ...fragments: (string | number)[]): D6Error {
  const error = d6Error(fn, "scenarioField", ...fragments);
  expect(error.params.field).toBe(field);
  expect(error.message.startsWith(`${field}: `)).toBe(true);
  return error;
}

/** A rule's refusal (docs/rules-command.md, "Refusals"): `rule` forbids it, the reason holds every fragment. */
export function ruleRefusal(fn: () => unknown, rule: string, ...fragments: (string | number)[]): RuleRefusal {
  const refusal = thrownBy(fn, RuleRefusal);
  expect(refusal.rule).toBe(rule);
  expect(refusal.toJSON()).toEqual({ refused: { rule, reason: refusal.message } });
  for (const f of fragments) expect(refusal.message).toContain(String(f));
  return refusal;
}
