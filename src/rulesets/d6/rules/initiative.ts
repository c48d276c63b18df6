/**
 * D5–D9 initiative: the bonus (D8), one roll with Character Point dice (D9)
 * and the D3 exception, and the order of a round with ties (D7), group rolls
 * (D6) and the GM's override for one round (D5).
 */
import { addDice, codePips, codeFromPips, type DieCode } from "./die-code.js";
import { D6Error } from "./errors.js";
import { D6_STANDARD_RULES, type D6Rules } from "./options.js";
import { printable } from "./text.js";
import { type RollFaces, type RollReading, readCharacterPointDie, readRoll } from "./wild-die.js";

export interface InitiativeBonusInput {
  /** Perception, the search skill's governing attribute. */
  perception: DieCode;
  /** The search skill's code; absent when the character has none beyond the attribute. */
  search?: DieCode;
  agility: DieCode;
}

export interface InitiativeBonus {
  readonly fromSearch: number;
  readonly fromAgility: number;
  readonly bonus: number;
}

/**
 * D8: +1 per full 2D of search over Perception (the excess taken in pips,
 * then cut to whole dice: 5D+1 over 3D+2 is 1D+2 → 1 die → +0), or per full
 * 4D of Agility (pips dropped: 7D+2 → +1); the better of the two by default.
 */
export function initiativeBonus(input: InitiativeBonusInput, rules: Readonly<D6Rules> = D6_STANDARD_RULES): InitiativeBonus {
  const excess = input.search ? codeFromPips(codePips(input.search, rules) - codePips(input.perception, rules), rules).dice : 0;
  const fromSearch = Math.floor(excess / rules.initiativeSearchDicePerPoint);
  const fromAgility = Math.floor(input.agility.dice / rules.initiativeAgilityDicePerPoint);
  const bonus = rules.initiativeBonusCombine === "sum" ? fromSearch + fromAgility : Math.max(fromSearch, fromAgility);
  return { fromSearch, fromAgility, bonus };
}

export interface InitiativeRollInput {
  perception: DieCode;
  /** D37: wound dice apply to initiative; the multi-action penalty never does (D12). */
  woundDice?: number;
  /** Faces of the Perception roll; none when the code is cut to 0D (D3). */
  roll: RollFaces;
  /** D8 bonus. */
  bonus: number;
  /** D9: one chain per Character Point spent (each a Wild Die that rolls again on a 6). */
  characterPointDice?: readonly (readonly number[])[];
  /** D9: Fate Points may not be spent on initiative; any above 0 is refused. */
  fatePoints?: number;
}

export interface InitiativeRoll {
  /** Perception after wound dice. */
  readonly code: DieCode;
  readonly reading: RollReading;
  readonly bonus: number;
  /** D9: what each Character Point die added. */
  readonly characterPointDice: readonly number[];
  readonly total: number;
}

/**
 * D6/D9: Perception (less wound dice) with its Wild Die, + bonus, + one Wild
 * Die per Character Point. D3 (fill, ours): never refused; at 0D the total is
 * the pips + bonus + Character Point dice.
 */
export function rollInitiative(input: InitiativeRollInput, rules: Readonly<D6Rules> = D6_STANDARD_RULES): InitiativeRoll {
  if ((input.fatePoints ?? 0) > 0) throw new D6Error("fatePointsOnInitiative", { count: input.fatePoints ?? 0 });
  const chains = input.characterPointDice ?? [];
  const limit = rules.maxCharacterPointsOnInitiative;
  if (limit !== null && chains.length > limit) throw new D6Error("tooManyCharacterPoints", { count: chains.length, max: limit });
  const code = addDice(input.perception, -(input.woundDice ?? 0));
  const reading = readRoll(code, input.roll, "initiative", "initiative roll", rules);
  const characterPointDice = chains.map((chain, i) => readCharacterPointDie(chain, `Character Point die ${i + 1}`, rules));
  let total = reading.total + input.bonus;
  for (const value of characterPointDice) total += value;
  return { code, reading, bonus: input.bonus, characterPointDice, total };
}

export interface InitiativeEntry {
  id: string;
  total: number;
  /** D7 [fixed]: player characters are listed first among equal totals. */
  playerCharacter?: boolean;
  /** D6: foes the GM rolled for once share `group` and its total. */
  group?: string;
}

/** D5: the GM moves a combatant to `position` (0 = first) for this round. */
export interface OrderOverride {
  id: string;
  position: number;
}

export interface InitiativeTurn {
  readonly id: string;
  readonly total: number;
  readonly playerCharacter: boolean;
  readonly group: string | null;
  /** D5: placed by the GM this round. */
  readonly overridden: boolean;
  /** D7: turns with the same `tieGroup` act simultaneously; effects apply after the last of them. */
  readonly tieGroup: number;
  readonly simultaneous: boolean;
}

/**
 * D6/D7/D5: highest total first; equal totals form one tie group, player
 * characters first, then in the order given; the GM's overrides are then
 * placed at their positions (lowest position first) and act alone.
 */
export function initiativeOrder(entries: readonly InitiativeEntry[], overrides: readonly OrderOverride[] = []): InitiativeTurn[] {
  const seen = new Set<string>();
  const groupTotals = new Map<string, number>();
  for (const e of entries) {
    if (seen.has(e.id)) throw new D6Error("duplicateCombatant", { id: printable(e.id) });
    seen.add(e.id);
    if (e.group !== undefined) {
      const known = groupTotals.get(e.group);
      if (known !== undefined && known !== e.total) throw new D6Error("groupTotals", { group: printable(e.group), a: known, b: e.total });
      groupTotals.set(e.group, e.total);
    }
  }
  const moved = new Map<string, number>();
  for (const o of overrides) {
    if (!seen.has(o.id)) throw new D6Error("unknownCombatant", { id: printable(o.id) });
    if (moved.has(o.id)) throw new D6Error("duplicateCombatant", { id: printable(o.id) });
    moved.set(o.id, o.position);
  }
  const natural = entries
    .map((e, index) => ({ e, index }))
    .filter(({ e }) => !moved.has(e.id))
    .sort((a, b) => b.e.total - a.e.total || Number(!!b.e.playerCharacter) - Number(!!a.e.playerCharacter) || a.index - b.index)
    .map(({ e }) => ({ e, overridden: false }));
  const placed = entries
    .filter((e) => moved.has(e.id))
    .map((e) => ({ e, position: moved.get(e.id)! }))
    .sort((a, b) => a.position - b.position);
  for (const { e, position } of placed) {
    natural.splice(Math.max(0, Math.min(position, natural.length)), 0, { e, overridden: true });
  }
  const turns: InitiativeTurn[] = [];
  const groupSizes: number[] = [];
  let tieGroup = -1;
  for (let i = 0; i < natural.length; i++) {
    const { e, overridden } = natural[i]!;
    const prev = natural[i - 1];
    if (overridden || !prev || prev.overridden || prev.e.total !== e.total) groupSizes[++tieGroup] = 0;
    groupSizes[tieGroup]!++;
    turns.push({ id: e.id, total: e.total, playerCharacter: !!e.playerCharacter, group: e.group ?? null, overridden, tieGroup, simultaneous: false });
  }
  // D7: a turn is simultaneous when its tie group holds another (counted once, not searched per turn).
  return turns.map((t) => ({ ...t, simultaneous: groupSizes[t.tieGroup]! > 1 }));
}

/** D7: whether the tied turns' effects are applied after this turn (it is the last of its tie group). */
export function closesTieGroup(order: readonly InitiativeTurn[], index: number): boolean {
  const turn = order[index];
  return turn !== undefined && order[index + 1]?.tieGroup !== turn.tieGroup;
}
