/**
 * Decorating Foundry's combat tracker (`renderCombatTracker`) once per
 * element. The hook fires on every redraw and a ruleset draws its additions
 * asynchronously (templates), so two redraws close together would both pass
 * an "already decorated?" check and both add theirs. Instead each redraw
 * claims the element before it draws; when its additions are drawn, only the
 * newest claim puts them in — in place of what an earlier redraw put there —
 * and an overtaken one adds nothing.
 */

/** What the claim needs of an element (a DOM element). */
export interface DecoratedElement {
  querySelectorAll(selector: string): Iterable<{ remove(): void }>;
}

const claims = new WeakMap<object, number>();
let lastClaim = 0;

/**
 * Claim `host` for this redraw. The returned `put` removes what an earlier
 * redraw put in `host` (`selector`) and places this one's (`place`) — if no
 * later redraw has claimed `host` since; it says whether it did.
 */
export function claimDecoration(host: DecoratedElement, selector: string): (place: () => void) => boolean {
  const claim = ++lastClaim;
  claims.set(host, claim);
  return (place) => {
    if (claims.get(host) !== claim) return false;
    for (const earlier of [...host.querySelectorAll(selector)]) earlier.remove();
    place();
    return true;
  };
}
