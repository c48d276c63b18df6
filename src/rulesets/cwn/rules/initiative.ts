/**
 * W3 side initiative: each side rolls 1d8 + its best Dexterity modifier
 * among the members able to act (no attributes: 0); highest first; a
 * player-character side wins ties against a non-player side; sides tied
 * otherwise re-roll between them (1d8 + the same best Dex) until one is
 * ahead. W2: surprised sides are marked; the order is the same for the free
 * round, which skips them.
 */
import { checkFace } from "./dice.js";
import { CwnError } from "./errors.js";
import { CWN_STANDARD_RULES, type CwnRules } from "./options.js";
import { echoString } from "../../../core/echo.js";

export interface InitiativeMember {
  /** The Dexterity modifier; null for a member without attributes (counts 0). */
  dex: number | null;
  /** Downed or otherwise unable to act: not counted. */
  able: boolean;
}

/** W3: the side's best Dexterity modifier among members able to act; 0 when none has one. */
export function bestDex(members: readonly InitiativeMember[]): number {
  let best: number | null = null;
  for (const m of members) if (m.able) best = Math.max(best ?? -Infinity, m.dex ?? 0);
  return best ?? 0;
}

export interface SideInitiative {
  readonly roll: number;
  readonly dex: number;
  readonly total: number;
}

/** W3: one side's initiative from the face of its d8. */
export function rollSideInitiative(members: readonly InitiativeMember[], face: number, rules: Readonly<CwnRules> = CWN_STANDARD_RULES): SideInitiative {
  const roll = checkFace(face, rules.initiativeDieFaces, "initiative roll");
  const dex = bestDex(members);
  return { roll, dex, total: roll + dex };
}

export interface OrderEntry {
  id: string;
  playerCharacters: boolean;
  total: number;
  dex: number;
  /** W3: the faces of the re-rolls that break a tie with another side, in order. */
  tieRolls?: readonly number[];
}

export interface SideOrder {
  /** Side ids, first to act first. */
  readonly order: readonly string[];
  /** Groups of sides still tied: each needs (more) tie rolls. */
  readonly owed: readonly (readonly string[])[];
}

/** W3: the order of the sides; ties owing a re-roll are listed in `owed` (their order then is as given). */
export function orderSides(entries: readonly OrderEntry[], rules: Readonly<CwnRules> = CWN_STANDARD_RULES): SideOrder {
  const seen = new Set<string>();
  for (const e of entries) {
    if (seen.has(e.id)) throw new CwnError("duplicateId", { id: echoString(e.id) });
    seen.add(e.id);
    for (const face of e.tieRolls ?? []) checkFace(face, rules.initiativeDieFaces, `tie roll of ${echoString(e.id)}`);
  }
  const owed: string[][] = [];
  const compareTies = (a: OrderEntry, b: OrderEntry): number => {
    const n = Math.max(a.tieRolls?.length ?? 0, b.tieRolls?.length ?? 0);
    for (let i = 0; i < n; i++) {
      const x = a.tieRolls?.[i];
      const y = b.tieRolls?.[i];
      if (x === undefined || y === undefined) return 0;
      const diff = y + b.dex - (x + a.dex);
      if (diff !== 0) return diff;
    }
    return 0;
  };
  const indexed = entries.map((e, index) => ({ e, index }));
  indexed.sort((p, q) => {
    const a = p.e;
    const b = q.e;
    if (a.total !== b.total) return b.total - a.total;
    if (rules.playersWinTies && a.playerCharacters !== b.playerCharacters) return a.playerCharacters ? -1 : 1;
    return compareTies(a, b) || p.index - q.index;
  });
  // Runs of sides neither the total, the players' edge nor the tie rolls separate.
  for (let i = 0; i < indexed.length; ) {
    let j = i + 1;
    const a = indexed[i]!.e;
    while (j < indexed.length) {
      const b = indexed[j]!.e;
      if (b.total !== a.total || (rules.playersWinTies && b.playerCharacters !== a.playerCharacters) || compareTies(indexed[j - 1]!.e, b) !== 0) break;
      j++;
    }
    if (j - i > 1) owed.push(indexed.slice(i, j).map((x) => x.e.id));
    i = j;
  }
  return { order: indexed.map((x) => x.e.id), owed };
}

/** W3: as `orderSides`, but a tie still owing a re-roll is an error naming the sides. */
export function requireSideOrder(entries: readonly OrderEntry[], rules: Readonly<CwnRules> = CWN_STANDARD_RULES): string[] {
  const { order, owed } = orderSides(entries, rules);
  if (owed.length) throw new CwnError("tieRollsNeeded", { sides: owed[0]!.map((id) => echoString(id)).join(", ") });
  return [...order];
}
