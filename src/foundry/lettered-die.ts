/**
 * A die term written with a letter instead of its faces (`3dc`, `1dw`), for
 * the rulesets' own dice: a fixed number of faces, and an expression that
 * keeps the letter, so a saved roll re-reads as the same die and Dice So
 * Nice finds its preset. Each ruleset's die extends this and adds how it
 * rolls and reads its faces.
 */
export function letteredDie(letter: string, faces: number) {
  return class LetteredDie extends foundry.dice.terms.Die {
    static override DENOMINATION = letter;

    constructor(termData: Partial<foundry.dice.terms.Die.TermData> = {}) {
      super({ ...termData, faces } as foundry.dice.terms.Die.TermData);
    }

    /** Always `d<letter>` (Foundry's Die would write `d<faces>`). */
    override get denomination(): string {
      return `d${letter}`;
    }

    override get expression(): string {
      const count = this._number;
      const number = typeof count === "number" ? String(count) : `(${count.formula})`;
      return `${number}d${letter}${this.modifiers.join("")}`;
    }
  };
}
