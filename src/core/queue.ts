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
