/**
 * Rolling a die code with Foundry's dice (D1, D2): its plain dice and one
 * Wild Die (the `dw` term, which rolls again on a 6), read back as the
 * rules core's faces — the request carries them to the GM, whose core reads
 * them again. A code of no dice rolls nothing.
 */
import type { DieCode, RollFaces } from "../../rulesets/d6/rules/index.js";

interface RolledTerm {
  faces?: number;
  denomination?: string;
  results?: { result: number; active?: boolean }[];
}

/** The Foundry formula of a code: `2d6 + 1dw` (pips are the core's, added when it reads the faces). */
export function codeFormula(code: DieCode): string {
  const plain = code.dice - 1;
  return plain > 0 ? `${plain}d6 + 1dw` : "1dw";
}

/** The faces of an evaluated roll: plain d6 results, then the Wild Die's chain. */
export function facesOf(terms: readonly RolledTerm[]): RollFaces {
  const dice: number[] = [];
  const wild: number[] = [];
  for (const term of terms) {
    const results = (term.results ?? []).map((r) => r.result);
    // The Wild Die term (dice.ts) writes itself `dw`; `w` is its DENOMINATION.
    if (term.denomination === "dw" || term.denomination === "w") wild.push(...results);
    else if (term.faces === 6) dice.push(...results);
  }
  return { dice, wild };
}

/** Roll a code; the roll (for Dice So Nice) and its faces. */
export async function rollD6Code(code: DieCode): Promise<{ roll: unknown; faces: RollFaces }> {
  if (code.dice <= 0) return { roll: null, faces: { dice: [], wild: [] } };
  const roll = new Roll(codeFormula(code));
  await roll.evaluate();
  return { roll, faces: facesOf(roll.terms as unknown as RolledTerm[]) };
}

/** Dice So Nice, when installed: show a roll to everyone (the Wild Die in its own colour). */
export async function showDice(roll: unknown): Promise<void> {
  const dice3d = (game as unknown as { dice3d?: { showForRoll(roll: unknown, user: unknown, synchronize: boolean): Promise<unknown> } }).dice3d;
  if (roll && dice3d) await dice3d.showForRoll(roll, game.user, true);
}
