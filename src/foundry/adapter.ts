/**
 * A ruleset's Foundry side, loaded (with its engine) only in a world that
 * plays it: its sheets, die terms, status effects, dialogs, card drawing and
 * tracker rows. The generic Foundry glue (src/foundry/*.ts) reaches the
 * active ruleset only through this object.
 */
import type { CardFlow, Ruleset } from "../core/ruleset.js";
import type { MessageLike } from "../core/transport/ports.js";
import type { CombatRules } from "./combat.js";

export interface RulesetAdapter<Flow extends CardFlow = CardFlow> {
  ruleset: Ruleset;
  /** On `init`, right after loading: sheets, die terms, status effects, settings, hooks of its own. */
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
const waiting: ((adapter: RulesetAdapter) => void)[] = [];

/** The active ruleset's adapter, once loaded. */
export function activeAdapter(): RulesetAdapter | undefined {
  return active;
}

/** Set once, when the active ruleset's code has loaded. */
export function setActiveAdapter(adapter: RulesetAdapter): void {
  active = adapter;
  for (const resolve of waiting.splice(0)) resolve(adapter);
}

/** The active adapter, when it has loaded. */
export function whenAdapterLoaded(): Promise<RulesetAdapter> {
  return active ? Promise.resolve(active) : new Promise((resolve) => waiting.push(resolve));
}
