/**
 * One queue for the active GM's work: tasks run one at a time, in order of
 * arrival; a failed task does not stop the next. Every change a GM makes for
 * the workflow — its own clicks and every request — goes through the one
 * queue of its client, so two changes to one document never interleave.
 */
export interface WorkQueue {
  run<T>(task: () => Promise<T>): Promise<T>;
}

export class SerialQueue implements WorkQueue {
  #tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.#tail.then(task);
    this.#tail = result.catch(() => undefined);
    return result;
  }
}

/**
 * One queue per key (an actor's uuid): tasks of one key run one at a time in
 * order of arrival, a failed one not stopping the next; other keys run
 * alongside. A key's queue is dropped once it has nothing left.
 */
export class KeyedQueue {
  #tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const result = (this.#tails.get(key) ?? Promise.resolve()).then(task, task);
    const settled = result.catch(() => undefined);
    this.#tails.set(key, settled);
    void settled.then(() => this.#tails.get(key) === settled && this.#tails.delete(key));
    return result;
  }
}
