/** Shared helpers of the GURPS rules-core tests. */
import { expect } from "vitest";
import {
  GURPS_SEED_SCENARIOS, GurpsError, type GurpsErrorCode, type GurpsResolution, type GurpsScenarioResult, gurpsHeadless, readGurpsScenario, resolveGurpsScenario,
} from "../../../src/rulesets/gurps/rules/index.js";
import { thrownBy } from "../../helpers/thrown.js";

/** Run `fn`, require a GurpsError with `code` whose message holds every fragment; return it. */
export function gurpsError(fn: () => unknown, code: GurpsErrorCode, ...fragments: (string | number)[]): GurpsError {
  const error = thrownBy(fn, GurpsError);
  expect(error.code).toBe(code);
  expect(error.i18nKey).toBe(`CYCHOSYS.Gurps.Error.${code}`);
  for (const f of fragments) expect(error.message).toContain(String(f));
  return error;
}

/** A scenario field error: the message starts with the field path and holds every fragment. */
export function fieldError(fn: () => unknown, field: string, ...fragments: (string | number)[]): GurpsError {
  const error = gurpsError(fn, "scenarioField", ...fragments);
  expect(error.params.field).toBe(field);
  expect(error.message.startsWith(`${field}: `)).toBe(true);
  return error;
}

/** A seed scenario (optionally changed) resolved. */
export function seed(name: string, patch: (s: Record<string, unknown>) => void = () => {}): GurpsScenarioResult {
  const s = structuredClone(GURPS_SEED_SCENARIOS[name]) as Record<string, unknown>;
  expect(s, name).toBeDefined();
  patch(s);
  return resolveGurpsScenario(readGurpsScenario(s));
}

/** A seed attack (optionally changed) resolved to its resolution. */
export function seedAttack(name: string, patch: (s: Record<string, unknown>) => void = () => {}): GurpsResolution {
  const r = seed(name, patch);
  if (r.kind !== "attack") throw new Error(`${name} is not an attack`);
  return r.resolution;
}

/** The outcome JSON of a scenario object. */
export function outcome(s: unknown): Record<string, unknown> {
  return gurpsHeadless.outcomeJson(gurpsHeadless.resolve(gurpsHeadless.parseScenario(JSON.stringify(s))));
}
