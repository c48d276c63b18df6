/**
 * Odds before you roll in Foundry (docs/odds.md), for every ruleset that
 * has them: the world setting that hides them from players (the GM always
 * sees them), what a user may know of an actor (its sheet: owner, observer,
 * or the GM), and the odds templates loaded as partials. The odds are drawn
 * from what this client legitimately holds and decide nothing: the GM's
 * transport is untouched.
 */
import { ODDS_LINES_PARTIAL, ODDS_TABLE_PARTIAL } from "../core/views/odds.js";
import { formValues } from "./dialogs.js";
import { SYSTEM_ID } from "./system.js";

export const ODDS_SETTING = "oddsForPlayers";

interface SettingsLike {
  register(namespace: string, key: string, data: Record<string, unknown>): void;
  get(namespace: string, key: string): unknown;
}
interface UserLike {
  isGM: boolean;
}
const game_ = () => game as unknown as { user: UserLike; settings: SettingsLike };

let registered = false;

/** The world setting (once, whichever ruleset's Foundry side asks first) and the odds partials. */
export function registerOdds(): void {
  if (!registered) {
    registered = true;
    game_().settings.register(SYSTEM_ID, ODDS_SETTING, {
      name: "CYCHOSYS.Odds.Setting.name",
      hint: "CYCHOSYS.Odds.Setting.hint",
      scope: "world",
      config: true,
      type: Boolean,
      default: true,
    });
  }
  void foundry.applications.handlebars.loadTemplates([ODDS_TABLE_PARTIAL, ODDS_LINES_PARTIAL]);
}

/** Does this user see odds? The GM always; players unless the GM turned them off. */
export function oddsShown(): boolean {
  const g = game_();
  if (g.user.isGM) return true;
  try {
    return g.settings.get(SYSTEM_ID, ODDS_SETTING) !== false;
  } catch {
    return true; // before the setting exists (a world still loading): the default
  }
}

/** May this user read an actor's figures for odds? Its sheet must be open to them: the GM, an owner or an observer. */
export function mayKnow(actor: { testUserPermission(user: never, level: "OBSERVER"): boolean } | null | undefined): boolean {
  if (!actor) return false;
  const user = game_().user;
  return user.isGM || actor.testUserPermission(user as never, "OBSERVER");
}

/**
 * An attack dialog's odds lines, redrawn as its form changes: once the typing
 * pauses (a keystroke never waits for the odds), the last change winning.
 * `read` turns the form's values into what `odds` prices.
 */
export function liveOddsLines<V>(read: (values: Record<string, unknown>) => V, odds: (values: V) => object): (form: HTMLFormElement) => void {
  return (form) => {
    let ticket = 0;
    const redraw = () => {
      const mine = ++ticket;
      setTimeout(async () => {
        if (mine !== ticket) return;
        const html = await foundry.applications.handlebars.renderTemplate(ODDS_LINES_PARTIAL, odds(read(formValues(form))) as never);
        const host = form.querySelector(".cy-odds-lines");
        if (mine === ticket && host) host.outerHTML = html;
      }, 80);
    };
    form.addEventListener("input", redraw);
    form.addEventListener("change", redraw);
  };
}
