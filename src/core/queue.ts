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
 * One SerialQueue per key (an actor's uuid): tasks of one key run one at a
 * time, each seeing what the one before it wrote; keys do not wait for each
 * other. A key's queue is dropped once it is idle.
 */
export class KeyedQueue {
  #queues = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const run = (this.#queues.get(key) ?? Promise.resolve()).then(task, task);
    const settled = run.catch(() => undefined);
    this.#queues.set(key, settled);
    void settled.then(() => this.#queues.get(key) === settled && this.#queues.delete(key));
    return run;
  }
}
