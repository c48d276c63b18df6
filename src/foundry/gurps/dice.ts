/**
 * GURPS's dice in Foundry (G4, G69): every roll a Foundry Roll of plain d6
 * — 3d6 for a success or table roll, 1d6 for the breakage die, the damage
 * dice of each hit — evaluated on the rolling user's client and shown to
 * everyone by Dice So Nice when it is installed. The faces go to the GM in
 * the request; the GM's core reads them again (no total is trusted).
 */
import type { CardDice } from "./card-requests.js";

interface RolledTerm {
  faces?: number;
  results?: { result: number; active?: boolean }[];
}

/** The d6 faces of an evaluated roll, in order (inactive results, e.g. rerolled ones, left out). */
export function d6Faces(terms: readonly RolledTerm[]): number[] {
  return terms.flatMap((t) => (t.faces === 6 ? (t.results ?? []).filter((r) => r.active !== false).map((r) => r.result) : []));
}

/** Dice So Nice, when installed: show a roll to everyone. */
async function show(roll: unknown): Promise<void> {
  const dice3d = (game as unknown as { dice3d?: { showForRoll(roll: unknown, user: unknown, synchronize: boolean): Promise<unknown> } }).dice3d;
  if (roll && dice3d) await dice3d.showForRoll(roll, game.user, true);
}

/** Roll `n`d6 with Foundry's Roll, show it, and read its faces. */
export async function rollD6(n: number): Promise<number[]> {
  if (n <= 0) return [];
  const roll = new Roll(`${n}d6`);
  await roll.evaluate();
  await show(roll);
  return d6Faces(roll.terms as unknown as RolledTerm[]);
}

/** The dice the card's buttons roll on this client. */
export const foundryCardDice: CardDice = {
  success: () => rollD6(3),
  die: async () => (await rollD6(1))[0]!,
  damage: async (dice, hits) => {
    const out: number[][] = [];
    for (let i = 0; i < hits; i++) out.push(await rollD6(dice));
    return out;
  },
};
