/**
 * A roll the resolution still needs (its die was not given): what to roll,
 * who rolls it, against what, and when — so the Foundry side can ask the
 * right owner (G69: the attacker rolls damage, the GM for NPCs).
 */
import type { GurpsAttackInput } from "./resolve-types.js";
import type { Roller } from "./types.js";

export interface OwedRoll {
  /** The scenario field the faces go in: `attack.roll`, `defense[0].roll`, `damage`, `rolls.knockback`, `majorWound[0]` … */
  readonly id: string;
  /** `3d6` a success roll; `1d` the breakage die; `damage` the damage dice; `table` a 3d6 critical table roll. */
  readonly roll: "3d6" | "1d" | "damage" | "table";
  readonly who: Roller;
  /** Whose figure it is (an attacker or a victim id). */
  readonly victim?: string;
  /** The number to roll against, when there is one (an effective skill or HT). */
  readonly target: number | null;
  /** Damage dice per hit and the number of hits (for `damage`). */
  readonly dice?: number;
  readonly hits?: number;
  readonly rule: string;
  /** `now`, or `turnStart` (G81's consciousness roll at the start of each of his turns). */
  readonly when: "now" | "turnStart";
}

/**
 * Does this owed roll hold the resolution up? Every roll owed now does,
 * except a critical table's (G86: the GM reads the table and applies what
 * he rules; nothing in the resolution waits for it). The 0-HP roll at the
 * start of his next turn (`turnStart`, G81) is the tracker's.
 */
export const blocksResolution = (o: OwedRoll): boolean => o.when === "now" && o.roll !== "table";

/**
 * The attack input with a roll set at an owed `rolls.…` id (`rolls.majorWound[1]`,
 * `rolls.attacker.knockback`), as a card step adds it (the card's flow and the
 * duel both): a copy along the path, the rest shared; a list padded with nulls
 * up to the index.
 */
export function withOwedRoll(input: GurpsAttackInput, id: string, value: unknown): GurpsAttackInput {
  const rolls = { ...(input.rolls ?? {}) } as Record<string, unknown>;
  let node = rolls;
  const parts = id.split(".").slice(1);
  for (const part of parts.slice(0, -1)) node = node[part] = { ...((node[part] as Record<string, unknown> | undefined) ?? {}) };
  const last = parts.at(-1)!;
  const indexed = /^([A-Za-z]+)\[(\d)\]$/.exec(last);
  if (indexed) {
    const list = ((node[indexed[1]!] as unknown[] | undefined) ?? []).slice();
    const at = Number(indexed[2]);
    while (list.length < at) list.push(null);
    list[at] = value;
    node[indexed[1]!] = list;
  } else node[last] = value;
  return { ...input, rolls: rolls as GurpsAttackInput["rolls"] };
}
