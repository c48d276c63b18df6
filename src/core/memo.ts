/**
 * What a simulation remembers of its decisions (the duel simulators,
 * docs/odds.md): states named by small numbers (`Interner`), and values by
 * two numbers (`NumberMemo`) — lookups by number, cheaper than building a
 * string key on every turn. Bounded: past the limit it starts afresh.
 */

/** A text as a small number, the same for the same text. */
export class Interner {
  private readonly ids = new Map<string, number>();
  id(text: string): number {
    let id = this.ids.get(text);
    if (id === undefined) this.ids.set(text, (id = this.ids.size));
    return id;
  }
  get size(): number {
    return this.ids.size;
  }
}

/** Values by (outer, inner) numbers, made once. */
export class NumberMemo<T = unknown> {
  private readonly tables = new Map<number, Map<number, T>>();
  constructor(private readonly limit = 50_000) {}

  get<V extends T>(outer: number, inner: number, make: () => V): V {
    let table = this.tables.get(outer);
    if (!table) {
      if (this.tables.size > this.limit) this.tables.clear();
      this.tables.set(outer, (table = new Map()));
    }
    let value = table.get(inner) as V | undefined;
    if (value === undefined) table.set(inner, (value = make()));
    return value;
  }

  get size(): number {
    return this.tables.size;
  }
}
