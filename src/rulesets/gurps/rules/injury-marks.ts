/**
 * Undo by an injury's own change (§15 "What a VTT must track"; the card's
 * undo, G77–G81): every field of a fighter's round an applied injury set —
 * posture, stun, unconsciousness, death, aim, task, an item's readiness — is
 * marked with the application that set it, on a small stack per field (the
 * value before each). Undoing an application takes back only its own entries:
 * on top, the field returns to the value before it; below a later blow's, the
 * later blow now counts from that earlier value (as if the undone blow had
 * never landed) and the field stays as the later blow left it. A field changed
 * by anything else (he stands up, his stun wears off, he readies the sword
 * again) is no injury's any more: its stack goes. Pure.
 */
import type { GurpsFighterRound } from "./round.js";
import type { VictimResult } from "./victim.js";

/** What an injury may change of a round; an item's readiness is `ready.<itemId>`. */
export const MARKED_FIELDS = ["posture", "crouching", "stun", "stunDefense", "unconscious", "mortallyWounded", "dead", "aim", "task", "majorWound"] as const;
export type MarkedField = (typeof MARKED_FIELDS)[number];
export const READY_MARK = "ready.";

/** One application's claim on a field: its mark (`<attack id>.<application>`) and the field's value before it. */
export interface MarkEntry {
  readonly mark: string;
  readonly before: unknown;
}
export type InjuryMarks = Readonly<Record<string, readonly MarkEntry[]>>;

/**
 * The claims kept per field. A longer stack folds its two oldest claims into
 * one (the newer mark, the older value before): undoing the older then leaves
 * that field to the newer — never a claim dropped unseen.
 */
export const MAX_MARKS_PER_FIELD = 16;

const same = (a: unknown, b: unknown): boolean => a === b || JSON.stringify(a) === JSON.stringify(b);

/** A marked field's value in a round (an item's readiness: undefined when the round has no such item). */
export function markedValue(s: GurpsFighterRound, key: string): unknown {
  if (key.startsWith(READY_MARK)) return s.items[key.slice(READY_MARK.length)]?.ready;
  return key === "majorWound" ? s.majorWound === true : s[key as MarkedField];
}

function withValue(s: GurpsFighterRound, key: string, value: unknown): GurpsFighterRound {
  if (key.startsWith(READY_MARK)) {
    const id = key.slice(READY_MARK.length);
    const item = s.items[id];
    return item && typeof value === "boolean" ? { ...s, items: { ...s.items, [id]: { ...item, ready: value } } } : s;
  }
  return { ...s, [key]: value };
}

const withMarks = (s: GurpsFighterRound, marks: Record<string, readonly MarkEntry[]>): GurpsFighterRound => {
  const { injuryMarks: _, ...rest } = s;
  return Object.keys(marks).length ? { ...rest, injuryMarks: marks } : rest;
};

/** The keys of every marked field whose value differs between `a` and `b`. */
export function changedKeys(a: GurpsFighterRound, b: GurpsFighterRound): string[] {
  const keys: string[] = MARKED_FIELDS.filter((f) => !same(markedValue(a, f), markedValue(b, f)));
  for (const id of new Set([...Object.keys(a.items), ...Object.keys(b.items)])) if (a.items[id]?.ready !== b.items[id]?.ready) keys.push(READY_MARK + id);
  return keys;
}

/**
 * `next` (the round after an injury over `s`) with `mark` claiming every
 * marked field the injury changed, and those it set itself though they were
 * already so (`caused`: knocked down while already down, stunned again).
 */
export function claimInjury(s: GurpsFighterRound, next: GurpsFighterRound, mark: string, caused: readonly string[] = []): GurpsFighterRound {
  const keys = new Set([...changedKeys(s, next), ...caused]);
  if (!keys.size) return next;
  const marks: Record<string, readonly MarkEntry[]> = { ...(s.injuryMarks ?? {}) };
  for (const key of keys) {
    if (key.startsWith(READY_MARK) && !next.items[key.slice(READY_MARK.length)]) continue;
    let stack = [...(marks[key] ?? []).filter((e) => e.mark !== mark), { mark, before: markedValue(s, key) ?? null }];
    if (stack.length > MAX_MARKS_PER_FIELD) stack = [{ mark: stack[1]!.mark, before: stack[0]!.before }, ...stack.slice(2)];
    marks[key] = stack;
  }
  return withMarks(next, marks);
}

/**
 * Take back what the application `mark` set: each field where it is the
 * latest claim returns to its value before it; where a later claim stands on
 * it, that claim now counts from the undone one's value before. Every other
 * field (and every field changed since by anything else) stays.
 */
export function takeBackInjury(s: GurpsFighterRound, mark: string): GurpsFighterRound {
  let out = s;
  const marks: Record<string, readonly MarkEntry[]> = { ...(s.injuryMarks ?? {}) };
  for (const [key, stack] of Object.entries(s.injuryMarks ?? {})) {
    const at = stack.findIndex((e) => e.mark === mark);
    if (at < 0) continue;
    const entry = stack[at]!;
    const rest = stack.filter((_, i) => i !== at);
    if (at === stack.length - 1) out = withValue(out, key, entry.before);
    else rest[at] = { ...rest[at]!, before: entry.before };
    if (rest.length) marks[key] = rest;
    else delete marks[key];
  }
  return withMarks(out, marks);
}

/**
 * The injury marks `next` may keep over `previous` (every stored change
 * passes here, combat/round-state.ts): a field whose value changed while its
 * claims stayed the same was changed by something else — it is no injury's to
 * take back any more; an item no longer kept takes its claims with it.
 */
export function keepInjuryMarks(previous: GurpsFighterRound, next: GurpsFighterRound): GurpsFighterRound {
  const marks = next.injuryMarks;
  if (!marks) return next;
  const kept: Record<string, readonly MarkEntry[]> = {};
  let dropped = false;
  for (const [key, stack] of Object.entries(marks)) {
    const untouched = same(previous.injuryMarks?.[key], stack);
    const changedElsewhere = untouched && !same(markedValue(previous, key), markedValue(next, key));
    const gone = key.startsWith(READY_MARK) && !next.items[key.slice(READY_MARK.length)];
    if (changedElsewhere || gone || !stack.length) dropped = true;
    else kept[key] = stack;
  }
  return dropped ? withMarks(next, kept) : next;
}

/**
 * The fields an injury set by itself, changed or not (stunned and knocked
 * down again while already so): G78 a major wound's failed roll, G48/G74 a
 * fall, G81 a failed death check, G22/G29 the aim and the task lost. With the
 * fields it changed, they are what its application claims.
 */
export function injuryCauses(v: Pick<VictimResult, "fell" | "majorWounds" | "deathChecks" | "thresholds" | "after">): string[] {
  const keys = new Set<string>();
  if (v.fell) keys.add("posture");
  for (const w of v.majorWounds) {
    if (w.result !== "stunned" && w.result !== "unconscious") continue;
    keys.add("stun").add("stunDefense");
    if (w.result === "unconscious") keys.add("unconscious");
  }
  for (const d of v.deathChecks) {
    if (d.result === "mortallyWounded") keys.add("mortallyWounded");
    if (d.result === "dies") keys.add("dead");
  }
  if (v.thresholds.some((t) => t.kind === "dead")) keys.add("dead");
  if (v.thresholds.some((t) => t.kind === "majorWound")) keys.add("majorWound");
  if (v.after.aimLost === true) keys.add("aim");
  if (v.after.taskBroken === true) keys.add("task");
  return [...keys];
}
