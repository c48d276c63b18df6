/**
 * The chat card of an OpenD6 initiative roll (D6, D8, D9, D37), in the house
 * frame (docs/style.md): "Mara rolls initiative" (or "… for Thug and Thug
 * 2", a group's one roll, D6), Perception less the wound dice and the bonus
 * as the subtitle, every die — the Wild Die and its explosions, a
 * complication flagged (D2), each Character Point's die (D9) — and the big
 * total; the sum in words below. The GM posts it when it reads the roll, so
 * its figures are the GM's (the tracker's row shows the same total). Pure:
 * the figures are read again by the rules core from the faces stored.
 */
import { english, type Localize } from "../../../core/messages.js";
import { type CardFrameView, cardFrameView, type DieView, HOUSE_KEYS } from "../../../core/views/house.js";
import { listText, sentenceCase, signed } from "../../../core/views/text.js";
import type { D6Initiative } from "../combat/round-state.js";
import { D6_STANDARD_RULES, type D6Rules, formatDieCode, rollInitiative } from "../rules/index.js";
import { houseDice } from "./attack-card.js";

export const D6_INITIATIVE_CARD_TEMPLATE = "systems/cychosys/templates/d6/chat/initiative.hbs";

export interface D6InitiativeCardView extends CardFrameView {
  /** The sum in words: "Perception 15 + bonus 1 + Character Point 3 = 19 (D6, D8, D9)". */
  sum: string;
  /** D2: a complication on the Wild Die, in words; it counts (initiative is never refused, D3). */
  complication?: string;
}

export interface D6InitiativeCardInput {
  /** The combatant who rolled (the group's first, D6). */
  name: string;
  /** D6: every combatant sharing the roll, the roller first; one name for a roll of one's own. */
  members: readonly string[];
  initiative: D6Initiative;
  /** D9: the card of a Character Point spent on the roll (the last chain), rather than the roll itself. */
  characterPoint?: boolean;
  localize?: Localize;
  rules?: Readonly<D6Rules>;
}

/** The card's view; null when the initiative was not read from a roll (nothing to show). */
export function d6InitiativeCardView(input: D6InitiativeCardInput): D6InitiativeCardView | null {
  const localize = input.localize ?? english;
  const rules = input.rules ?? D6_STANDARD_RULES;
  const { initiative } = input;
  if (!initiative.roll || !initiative.code) return null;
  const chains = initiative.characterPointDice ?? [];
  const result = rollInitiative({ perception: initiative.code, roll: initiative.roll, bonus: initiative.bonus ?? 0, characterPointDice: chains }, rules);
  const K = "CYCHOSYS.D6.Initiative.";
  // D9: each Character Point's die beside the roll, marked as the Wild Die is (it rolls again on a 6).
  const pointDice: DieView[] = chains.flatMap((chain) =>
    chain.map((face, i): DieView => ({ face: String(face), marks: i < chain.length - 1 && face === rules.explodingFace ? ["key", "exploded"] : ["key"], title: localize(`${K}pointDie`) })),
  );
  const others = input.members.filter((name) => name !== input.name);
  const title = sentenceCase(input.characterPoint
    ? localize(`${K}titlePoint`, { name: input.name })
    : others.length
      ? localize(`${K}titleGroup`, { name: input.name, members: listText(input.members, "en") })
      : localize(`${K}title`, { name: input.name }));
  const points = result.characterPointDice.reduce((sum, value) => sum + value, 0);
  const parts = [localize(`${K}sumRoll`, { roll: result.reading.total }), localize(`${K}sumBonus`, { bonus: signed(result.bonus, "+0") })];
  if (chains.length) parts.push(localize(`${K}sumPoints`, { points, count: chains.length }));
  return {
    ...cardFrameView(
      {
        cardClass: "d6-initiative-card",
        title,
        subtitle: localize(`${K}subtitle`, { round: initiative.round, code: formatDieCode(result.code), bonus: signed(result.bonus, "+0") }),
        roll: { label: localize(`${K}label`), diceLabel: localize(HOUSE_KEYS.dice), dice: [...houseDice(result.reading, localize, rules), ...pointDice], total: String(result.total) },
      },
      localize,
    ),
    sum: localize(`${K}sum`, { parts: parts.join(" + "), total: result.total }),
    ...(result.reading.complication && { complication: localize(`${K}complication`) }),
  };
}
