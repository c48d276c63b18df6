/**
 * The phase-based dice in Foundry: plain Foundry `Roll`s — a d10 check
 * (P4), 2d10 initiative (P5), a location die (P20), a weapon's damage dice
 * (P28) — rolled on the roller's client, shown to everyone by Dice So Nice
 * when it is installed, and read back as faces only: the request carries the
 * faces to the GM, whose rules core adds them up again. No die term of its
 * own is needed.
 */
interface RolledTerm {
  faces?: number;
  results?: { result: number; active?: boolean }[];
}

/** The faces of an evaluated roll's dice, in order (inactive results left out). */
export function facesOf(terms: readonly unknown[]): number[] {
  const out: number[] = [];
  for (const term of terms as RolledTerm[]) {
    if (!term || typeof term !== "object" || !Array.isArray(term.results)) continue;
    for (const r of term.results) if (r.active !== false) out.push(r.result);
  }
  return out;
}

/** Roll `count` dice of `faces` sides; the roll (for Dice So Nice) and its faces. None to roll: no roll. */
export async function rollDice(count: number, faces: number): Promise<{ roll: unknown; faces: number[] }> {
  if (count <= 0) return { roll: null, faces: [] };
  const roll = new Roll(`${count}d${faces}`);
  await roll.evaluate();
  return { roll, faces: facesOf(roll.terms as unknown[]) };
}

/** Dice So Nice, when installed: show a roll to everyone. */
export async function showDice(roll: unknown): Promise<void> {
  const dice3d = (game as unknown as { dice3d?: { showForRoll(roll: unknown, user: unknown, synchronize: boolean): Promise<unknown> } }).dice3d;
  if (roll && dice3d) await dice3d.showForRoll(roll, game.user, true);
}

/** Roll, show, and hand back the faces. */
export async function rollAndShow(count: number, faces: number): Promise<number[]> {
  const { roll, faces: rolled } = await rollDice(count, faces);
  await showDice(roll);
  return rolled;
}
