/**
 * Dice So Nice (optional module) for the rulesets whose dice it draws: its
 * API is configured at once when the module is already ready (`game.dice3d`
 * set), else when its `diceSoNiceReady` hook fires — registered on `init`,
 * before the module can fire it.
 */
export function whenDiceSoNiceReady(configure: (dice3d: unknown) => void): void {
  const dice3d = (game as unknown as { dice3d?: unknown }).dice3d;
  if (dice3d) configure(dice3d);
  else Hooks.once("diceSoNiceReady" as never, configure as never);
}
