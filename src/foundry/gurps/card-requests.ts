/**
 * What a click on a GURPS card (or the attack dialog's submit) sends to the
 * GM's transport: a request naming the option, the owed roll's id and the
 * faces this client rolled — never a score or a total (the GM reads those
 * from its own documents). The dice come in through `CardDice` (Foundry's
 * Roll in card.ts; fixed faces in the tests). No Foundry globals here.
 */
import type { Localize } from "../../core/messages.js";
import { readGurpsAttackForm } from "../../rulesets/gurps/views/attack-dialog.js";

/** The dice a client rolls for the card: a 3d6 success or table roll, one die, and damage dice per hit. */
export interface CardDice {
  success(): Promise<number[]>;
  die(): Promise<number>;
  damage(dice: number, hits: number): Promise<number[][]>;
}

/** A card button's data (`data-action`, `data-option`, `data-id` … as the template writes them). */
export type ButtonData = Readonly<Record<string, string | undefined>>;

/** The request a button makes, its dice rolled; null for a button this card does not know. */
export async function cardRequest(onCard: { attackId: string; messageId: string }, data: ButtonData, dice: CardDice): Promise<Record<string, unknown> | null> {
  switch (data.action) {
    case "defend": {
      const option = data.option ?? "";
      if (option === "none") return { step: "defend", ...onCard, option };
      const acrobatic = data.acrobatic === "1";
      // G61: an acrobatic dodge rolls Acrobatics first, then the defense.
      const acrobaticRoll = acrobatic ? await dice.success() : undefined;
      return {
        step: "defend", ...onCard, option,
        ...(data.retreat === "1" && { retreat: true }),
        ...(data.drop === "1" && { dodgeAndDrop: true }),
        ...(acrobatic && { acrobatic: true, acrobaticRoll }),
        roll: await dice.success(),
      };
    }
    case "roll": {
      if (!data.id) return null;
      const faces = data.kind === "1d" ? [await dice.die()] : await dice.success();
      return { step: "roll", ...onCard, id: data.id, faces };
    }
    case "damage": {
      if (!data.id) return null;
      return { step: "damage", ...onCard, id: data.id, faces: await dice.damage(Math.max(0, Number(data.dice) || 0), Math.max(1, Number(data.hits) || 1)) };
    }
    case "apply":
    case "undo":
      return { step: data.action, ...onCard };
    default:
      return null;
  }
}

/**
 * G24–G27, G35–G38, G53–G60: the declaration from the attack dialog's form,
 * read first (a bad number is refused with nothing rolled), then the attack
 * roll's faces.
 */
export async function declareRequest(
  attack: { actorUuid: string; itemId: string; targetUuid: string }, form: Record<string, unknown>, dice: CardDice, o: { gm: boolean; inCombat: boolean; localize?: Localize },
): Promise<Record<string, unknown>> {
  const fields = readGurpsAttackForm(form, o);
  return { step: "declare", ...attack, ...fields, roll: await dice.success() };
}
