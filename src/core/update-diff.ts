/**
 * The document update that turns stored data into new data, as Foundry update
 * paths: only the leaves that changed are set (`a.b.c`), and keys the new data
 * no longer has are deleted with Foundry's `-=key` form. (A plain nested
 * update merges objects, so a key removed from a record would survive it.)
 * Arrays and primitives are compared and set whole. Pure; used by the combat
 * round state (src/combat/round-state.ts) and the world migration runner.
 */

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/** A key that can be one segment of an update path: no dot, not an operator (`-=`, `==`). */
export function isPathKey(key: string): boolean {
  return /^[A-Za-z0-9_][A-Za-z0-9_-]{0,99}$/.test(key);
}

function checkKey(path: string, key: string): void {
  if (!isPathKey(key)) throw new TypeError(`Cannot write "${key}" under ${path}: not a plain key.`);
}

/** Structural equality of JSON-like values. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => sameValue(v, b[i]));
  }
  if (!isPlainObject(a) || !isPlainObject(b)) return false;
  const keys = Object.keys(a).filter((k) => a[k] !== undefined);
  const other = Object.keys(b).filter((k) => b[k] !== undefined);
  return keys.length === other.length && keys.every((k) => sameValue(a[k], b[k]));
}

/**
 * Add to `out` the paths under `path` that turn `current` into `next`; returns
 * `out`. Throws a TypeError for a key that cannot be written as a path segment.
 */
export function diffUpdate(path: string, current: unknown, next: unknown, out: Record<string, unknown> = {}): Record<string, unknown> {
  if (isPlainObject(next) && isPlainObject(current)) {
    for (const key of Object.keys(next)) {
      const value = next[key];
      // Unset, or the very same value (an untouched part of a state built from `current`): nothing to write, no path to build.
      if (value === undefined || value === current[key]) continue;
      checkKey(path, key);
      diffUpdate(`${path}.${key}`, current[key], value, out);
    }
    for (const key of Object.keys(current)) {
      if (next[key] !== undefined || current[key] === undefined) continue;
      checkKey(path, key);
      out[`${path}.-=${key}`] = null;
    }
    return out;
  }
  if (isPlainObject(next)) for (const key of Object.keys(next)) checkKey(path, key);
  // A copy of an object or array; a number, text or flag is its own copy (structuredClone would cost a native call per leaf).
  if (!sameValue(current, next)) out[path] = next !== null && typeof next === "object" ? structuredClone(next) : next;
  return out;
}
