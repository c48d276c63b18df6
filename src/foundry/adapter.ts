/**
 * A ruleset's Foundry side, registered only in a world that plays it: its
 * sheets, die terms, status effects, dialogs, card drawing and tracker rows. The generic Foundry glue (src/foundry/*.ts) reaches the
 * active ruleset only through this object.
 */
import type { CardFlow, Ruleset } from "../core/ruleset.js";
import type { MessageLike } from "../core/transport/ports.js";
import type { CombatRules } from "./combat.js";

export interface RulesetAdapter<Flow extends CardFlow = CardFlow> {
  ruleset: Ruleset;
  /** On `init`, synchronously: sheets, die terms, status effects, settings, hooks of its own. */
  register(): void;
  /** The card's stored HTML (drawn for nobody in particular; each client redraws it for its user). */
  cardContent(flow: Flow): Promise<string>;
  /** Draw a card of this ruleset for this client's user into the message's element and bind its buttons. */
  renderCard(message: MessageLike<Flow>, flow: Flow, html: HTMLElement): void;
  /** The turn tracker's turning points (src/foundry/combat.ts). */
  combat?: CombatRules;
  /** Derived data for a document of one of this ruleset's types (`prepareDerivedData`), or undefined when it has none. */
  derive?(documentName: "Actor" | "Item", type: string, system: Record<string, unknown>, parent: unknown): unknown;
}

let active: RulesetAdapter | undefined;

/** The active ruleset's adapter: set on `init` (src/foundry/init.ts), before any document is prepared. */
export function activeAdapter(): RulesetAdapter | undefined {
  return active;
}

/** The active adapter where one must be: any hook or request runs after `init`, which set it. */
export function requireActiveAdapter(): RulesetAdapter {
  if (!active) throw new Error("Cychosys: no active ruleset (the system's init did not run)");
  return active;
}

/** Set once, on `init`. */
export function setActiveAdapter(adapter: RulesetAdapter): void {
  active = adapter;
}
