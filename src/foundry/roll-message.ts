/**
 * A roll's chat message, as every ruleset's Foundry side posts it: the
 * speaker, the card's HTML, the roll (Dice So Nice and the dice sound), the
 * ruleset's summary flag, and the world's roll mode.
 */
export async function postRollMessage(actor: unknown, roll: unknown, content: string, flags: Record<string, unknown>): Promise<unknown> {
  const messageClass = ChatMessage.implementation as unknown as {
    create(data: object): Promise<unknown>;
    getSpeaker(options: { actor: unknown }): unknown;
    applyRollMode?(data: object, mode: string): object;
  };
  const config = CONFIG as unknown as { sounds?: { dice?: string } };
  const data: Record<string, unknown> = {
    speaker: messageClass.getSpeaker({ actor }),
    content,
    rolls: [roll],
    flags: { cychosys: flags },
    ...(config.sounds?.dice && { sound: config.sounds.dice }),
  };
  const settings = (game as unknown as { settings?: { get(scope: string, key: string): unknown } }).settings;
  const mode = settings?.get("core", "rollMode");
  if (typeof mode === "string" && messageClass.applyRollMode) messageClass.applyRollMode(data, mode);
  return messageClass.create(data);
}
