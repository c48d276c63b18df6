/**
 * CWN's dice in Foundry: plain dice (the d20, the Trauma Die, damage dice,
 * 2d6 checks, the d8 of side initiative) rolled with Foundry's Roll — no
 * custom term is needed — and read back as faces the rules core reads
 * again on the GM's side. One roll per attack so Dice So Nice shows the
 * d20, the Trauma Die and the damage together.
 */
import type { DicePool } from "../../rulesets/cwn/rules/options.js";
import { facesOfTerms, groupsFormula } from "../../rulesets/cwn/workflow/dice-plan.js";

/** Roll dice groups in one roll; the roll (for Dice So Nice) and the faces of each group. */
export async function rollGroups(groups: readonly DicePool[]): Promise<{ roll: unknown; faces: number[][] }> {
  const roll = new Roll(groupsFormula(groups));
  await roll.evaluate();
  const faces = facesOfTerms(roll.terms as never, groups);
  if (!faces) throw new Error(`Cychosys | CWN: the roll ${roll.formula} did not give the dice planned`);
  return { roll, faces };
}

/** Dice So Nice, when installed: show a roll to everyone. */
export async function showDice(roll: unknown): Promise<void> {
  const dice3d = (game as unknown as { dice3d?: { showForRoll(roll: unknown, user: unknown, synchronize: boolean): Promise<unknown> } }).dice3d;
  if (roll && dice3d) await dice3d.showForRoll(roll, game.user, true);
}

/** Roll and show: the faces of each group. */
export async function rollAndShow(groups: readonly DicePool[]): Promise<number[][]> {
  const { roll, faces } = await rollGroups(groups);
  await showDice(roll);
  return faces;
}
