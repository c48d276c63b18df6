/**
 * The queues the GM's work goes through: SerialQueue (all of one client's
 * workflow changes) and KeyedQueue (one per actor, e.g. status syncs).
 */
import { describe, expect, it } from "vitest";
import { KeyedQueue, SerialQueue } from "../../src/core/queue.js";

/** A promise settled from outside, to hold a task open while others are queued. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe("KeyedQueue", () => {
  it("runs one key's tasks one at a time, in order of arrival", async () => {
    const queue = new KeyedQueue();
    const log: string[] = [];
    const first = gate();
    const a = queue.run("actor", async () => {
      log.push("a start");
      await first.promise;
      log.push("a end");
      return 1;
    });
    const b = queue.run("actor", async () => {
      log.push("b");
      return 2;
    });
    await tick();
    expect(log).toEqual(["a start"]);
    first.open();
    expect(await Promise.all([a, b])).toEqual([1, 2]);
    expect(log).toEqual(["a start", "a end", "b"]);
  });

  it("a failed task rejects its own caller and does not stop the next", async () => {
    const queue = new KeyedQueue();
    const failed = queue.run("actor", async () => {
      throw new Error("halfway");
    });
    const next = queue.run("actor", async () => "ran");
    await expect(failed).rejects.toThrow("halfway");
    await expect(next).resolves.toBe("ran");
  });

  it("different keys run alongside: one held open does not hold another", async () => {
    const queue = new KeyedQueue();
    const held = gate();
    const log: string[] = [];
    const a = queue.run("one", async () => {
      await held.promise;
      log.push("one");
    });
    const b = queue.run("two", async () => {
      log.push("two");
    });
    await b;
    expect(log).toEqual(["two"]);
    held.open();
    await a;
    expect(log).toEqual(["two", "one"]);
  });

  it("a key's queue is usable again after it has emptied", async () => {
    const queue = new KeyedQueue();
    await queue.run("actor", async () => undefined);
    await tick();
    const log: number[] = [];
    await Promise.all([1, 2, 3].map((n) => queue.run("actor", async () => void log.push(n))));
    expect(log).toEqual([1, 2, 3]);
  });
});

describe("SerialQueue", () => {
  it("runs every task one at a time, a failure not stopping the next", async () => {
    const queue = new SerialQueue();
    const held = gate();
    const log: string[] = [];
    const a = queue.run(async () => {
      await held.promise;
      throw new Error("a failed");
    });
    const b = queue.run(async () => void log.push("b"));
    await tick();
    expect(log).toEqual([]);
    held.open();
    await expect(a).rejects.toThrow("a failed");
    await b;
    expect(log).toEqual(["b"]);
  });
});
