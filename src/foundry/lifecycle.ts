/**
 * Foundry's start-up hooks, for code that may arrive after them: the active
 * ruleset's code loads while Foundry starts, and runs its `setup` and `ready`
 * work at once when those hooks have already fired (Foundry does not wait
 * for a hook's promise).
 */
type Phase = "init" | "setup" | "ready";

const reached = new Set<Phase>();

/** Record the phases as Foundry reaches them (called on `init`). */
export function trackLifecycle(): void {
  reached.add("init");
  Hooks.once("setup", () => void reached.add("setup"));
  Hooks.once("ready", () => void reached.add("ready"));
}

/** Run `fn` when `phase` is reached — now, if it already was. */
export function whenReached(phase: Phase, fn: () => void): void {
  if (reached.has(phase)) fn();
  else Hooks.once(phase, fn);
}

export const hasReached = (phase: Phase) => reached.has(phase);
