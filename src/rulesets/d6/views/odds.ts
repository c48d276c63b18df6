/**
 * The odds the OpenD6 attack dialog and attack card show (docs/odds.md): per
 * target, the chance to hit and the expected wound steps against its best
 * answer, as the dialog's range, cover, modifier and bonus stand; on the
 * card, while a target holding a wait may still interrupt (D14), each answer
 * — no interrupt, dodge, block, parry — with the chance of being struck and
 * the expected wound steps. Pure: the actors and rounds are what the client
 * may see; the odds decide nothing.
 */
import { type Localize, english } from "../../../core/messages.js";
import { type AttackOdds, bestDefense } from "../../../core/ruleset.js";
import { hiddenLine, oddsLine, type OddsLineView, oddsTable, type OddsTableView } from "../../../core/views/odds.js";
import type { D6WeaponView } from "../data/derived.js";
import { d6AttackOdds, type D6InterruptOption, type D6Rules, D6_STANDARD_RULES } from "../rules/index.js";
import type { D6TargetFlow } from "../workflow/flow.js";
import { resolutionOf } from "../workflow/flow.js";
import { oddsQueryOf } from "../workflow/odds-query.js";
import type { D6Declaration } from "../workflow/request-schema.js";
import { attackInputFrom, type D6ActorData, type RoundOf } from "../workflow/steps.js";

/** An answer's name, capitalised as every answer is ("No interrupt", "Dodge"). */
const answerLabel = (localize: Localize) => (defense: string) => localize(`CYCHOSYS.D6.Answer.${defense}`);

/** A target of the attack dialog: its actor and round when this user may see its sheet (no odds otherwise), the interrupts it could roll. */
export interface D6OddsTarget {
  name: string;
  actor?: D6ActorData;
  round?: RoundOf;
  interrupts?: readonly D6InterruptOption[];
}

/** What the dialog's form holds that moves the odds: range (D27), cover (D28), and the GM's modifier (D26) and flat bonus (D41). */
export type D6DialogChoice = Pick<D6Declaration, "flat" | "range" | "cover" | "modifiers">;

/** D30–D37: each target's line, the attack built as the GM will build it (attackInputFrom), its dice still to roll. */
export function d6DialogOdds(
  attacker: D6ActorData,
  weapon: D6WeaponView,
  mine: RoundOf,
  targets: readonly D6OddsTarget[],
  choice: D6DialogChoice,
  localize: Localize = english,
  rules: Readonly<D6Rules> = D6_STANDARD_RULES,
): { lines: OddsLineView[] } {
  const lines = targets.map((target) => {
    if (!target.actor) return hiddenLine(target.name, localize);
    try {
      const { input } = attackInputFrom(attacker, weapon, target.actor, { roll: { dice: [], wild: [] }, ...choice }, mine, target.round, rules);
      return oddsLine(target.name, d6AttackOdds(oddsQueryOf(input, target.interrupts ?? []), rules), undefined, answerLabel(localize), localize);
    } catch (error) {
      // A choice the GM would refuse (no range given for a shot, D27): the line says why instead.
      const e = error as { i18nKey?: string; params?: Record<string, unknown>; message?: string };
      return { name: target.name, text: `${target.name}: ${e.i18nKey ? localize(e.i18nKey, e.params) : String(e.message)}`, changed: false, hidden: true };
    }
  });
  return { lines };
}

/**
 * Why the best answer is best, in words, when it could read as a mistake:
 * letting the attack land marked best although an interrupt would lower the
 * chance of being struck. That is the rules, not a slip: an active defense
 * total replaces the passive 10 even below it (D18), and the damage bonus
 * grows with the margin (D33), so a poor roll makes a hit land harder; the
 * interrupt also uses one of the actions still held (D14). Null when the
 * best answer is also the one least often struck.
 */
export function d6BestAnswerReason(odds: AttackOdds, localize: Localize = english): string | null {
  const best = bestDefense(odds);
  const safest = odds.defenses.reduce((a, b) => (b.struck < a.struck ? b : a));
  if (best.defense !== "none" || safest.defense === "none" || safest.struck >= best.struck) return null;
  return localize("CYCHOSYS.D6.Odds.noneBest", { defense: localize(`CYCHOSYS.D6.Defense.${safest.defense}`) });
}

/** D14: the interrupt window of a card, for the target's owner: each answer open to it, the attack total known; the best marked and, where it could puzzle, why. */
export function d6CardOddsTable(target: D6TargetFlow, interrupts: readonly D6InterruptOption[], localize: Localize = english, rules: Readonly<D6Rules> = D6_STANDARD_RULES): OddsTableView | undefined {
  const resolution = resolutionOf(target, rules);
  if (!resolution.attack) return undefined;
  const odds = d6AttackOdds(oddsQueryOf(target.input, interrupts, resolution.attack.total), rules);
  const reason = d6BestAnswerReason(odds, localize);
  return oddsTable(odds, answerLabel(localize), localize, [localize("CYCHOSYS.D6.Odds.best"), reason].filter(Boolean).join(" "));
}
