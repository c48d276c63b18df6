/**
 * What every ruleset's dialogs and cards show of its odds (docs/odds.md): a
 * chance as a percentage, an expected injury in the ruleset's unit, the
 * table of a card's defense panel (one row per defense open to the
 * defender, the best one marked) and the line of an attack dialog ("chance
 * to strike 71% → 64%"). Pure: the ruleset's Foundry side computes the odds
 * and draws these with templates/partials/odds*.hbs.
 */
import { english, type Localize } from "../messages.js";
import { type AttackOdds, bestDefense, type DefenseOdds } from "../ruleset.js";

export const ODDS_TABLE_PARTIAL = "systems/cychosys/templates/partials/odds-table.hbs";
export const ODDS_LINES_PARTIAL = "systems/cychosys/templates/partials/odds-lines.hbs";

/** A chance in words: whole percents, and "<1%" / ">99%" rather than a 0% or 100% that is not certain. */
export function percent(chance: number, localize: Localize = english): string {
  if (chance <= 0) return localize("CYCHOSYS.Odds.percent", { value: 0 });
  if (chance >= 1) return localize("CYCHOSYS.Odds.percent", { value: 100 });
  const rounded = Math.round(chance * 100);
  if (rounded < 1) return localize("CYCHOSYS.Odds.below");
  if (rounded > 99) return localize("CYCHOSYS.Odds.above");
  return localize("CYCHOSYS.Odds.percent", { value: rounded });
}

/** An expected injury in the odds' unit ("2.3 hits", "0.8 wound steps"). */
export function injury(value: number, unit: string, localize: Localize = english): string {
  return localize(`CYCHOSYS.Odds.Unit.${unit}`, { value: (Math.round(value * 10) / 10).toFixed(1) });
}

export interface OddsRowView {
  defense: string;
  label: string;
  struck: string;
  injury: string;
  /** The attack turning on the attacker (chance and injury), for a defense that can. */
  turns?: string;
  best: boolean;
}

export interface OddsTableView {
  rows: OddsRowView[];
  note?: string;
}

/** A card's defense panel: each defense open to the defender, the chance of being struck and the expected injury; the best marked. */
export function oddsTable(odds: AttackOdds, label: (defense: string) => string, localize: Localize = english, note?: string): OddsTableView {
  const best = bestDefense(odds);
  const rows = odds.defenses.map((d) => ({
    defense: d.defense,
    label: label(d.defense),
    struck: percent(d.struck, localize),
    injury: injury(d.injury, odds.unit, localize),
    ...(d.attackerStruck > 0 && { turns: localize("CYCHOSYS.Odds.turnsCell", { chance: percent(d.attackerStruck, localize), injury: injury(d.attackerInjury, odds.unit, localize) }) }),
    best: d === best,
  }));
  return { rows, ...(note && { note }) };
}

export interface OddsLineView {
  name: string;
  text: string;
  /** The odds moved with the added effects (the line shows before → after). */
  changed: boolean;
  hidden?: boolean;
}

const arrow = (before: string, after: string, localize: Localize) => (before === after ? after : localize("CYCHOSYS.Odds.change", { before, after }));

/**
 * An attack dialog's line for one target: the chance to strike and the
 * expected injury against the defender's best answer, and how the choices
 * made in the dialog moved them from `before` (nothing added).
 */
export function oddsLine(name: string, after: AttackOdds, before: AttackOdds | undefined, label: (defense: string) => string, localize: Localize = english): OddsLineView {
  const now: DefenseOdds = bestDefense(after);
  const then = before && bestDefense(before);
  const strike = arrow(then ? percent(then.struck, localize) : "", percent(now.struck, localize), localize);
  const hurt = arrow(then ? injury(then.injury, before!.unit, localize) : "", injury(now.injury, after.unit, localize), localize);
  return {
    name,
    text: localize("CYCHOSYS.Odds.strikeLine", {
      name,
      chance: then ? strike : percent(now.struck, localize),
      injury: then ? hurt : injury(now.injury, after.unit, localize),
      // The best answer itself may change with the choices: say so.
      defense: then ? arrow(label(then.defense), label(now.defense), localize) : label(now.defense),
    }),
    changed: !!then && (then.struck !== now.struck || then.injury !== now.injury),
  };
}

/** A target whose sheet this user may not see: no odds, and why. */
export function hiddenLine(name: string, localize: Localize = english): OddsLineView {
  return { name, text: localize("CYCHOSYS.Odds.hidden", { name }), changed: false, hidden: true };
}
