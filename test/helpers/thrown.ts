/**
 * What a call threw, required to be an instance of `type` (the error helpers
 * of every ruleset's tests start here). A call that throws nothing, or
 * throws something else, fails the test with `message`.
 */
import { expect } from "vitest";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any constructor's parameters
type ErrorClass<T> = abstract new (...args: any[]) => T;

export function thrownBy<T>(fn: () => unknown, type: ErrorClass<T>, message = `expected a ${type.name}`): T {
  let caught: unknown;
  try {
    fn();
  } catch (error) {
    caught = error;
  }
  expect(caught, message).toBeInstanceOf(type);
  return caught as T;
}
