/**
 * R11: the Cychosys die in Foundry's dice engine. `3dc` rolls three d12s read
 * by the rules core: 1–10 count their face, 11 is a surge and 12 a crash, both
 * counting 0. Each result's `count` carries what it adds, so Foundry's own
 * term total (which sums `count` when present) is right without overriding it.
 *
 * Registered as `CONFIG.Dice.terms.c`, which REPLACES Foundry's coin term
 * (`dc`, "flip a coin") in a Cychosys world: the system needs `dc` for its die.
 *
 * R12: the whole roll is 0 when the key die (the first Cychosys die) crashes;
 * `CychosysRoll` applies that to the roll's total.
 */
import { cychosysRollTotal, faceLabel, faceValue } from "../../rulesets/cychosys/data/derive/roll.js";
import { letteredDie } from "../lettered-die.js";

type DieResult = foundry.dice.terms.DiceTerm.Result;

/** R11: `dc`, twelve faces. */
export class CychosysDie extends letteredDie("c", 12) {
  /** Roll one die (Foundry draws the face), then record what it adds. */
  override async roll(options?: Parameters<foundry.dice.terms.Die["roll"]>[0]): Promise<DieResult> {
    const result = await super.roll(options);
    result.count = faceValue(result.result);
    return result;
  }

  override getResultLabel(result: DieResult): string {
    return faceLabel(result.result);
  }

  override getResultCSS(result: DieResult): (string | null)[] {
    const css = super.getResultCSS(result);
    if (result.result === 11) css.push("cychosys-surge");
    if (result.result === 12) css.push("cychosys-crash");
    if (this.results.indexOf(result) === 0) css.push("cychosys-key");
    return css;
  }

  /** Faces of the active results, key die first. */
  get faces12(): number[] {
    return this.results.filter((r) => r.active !== false).map((r) => r.result);
  }
}

/** A Roll whose total follows R12–R13: 0 when the key die crashed, never below 0. */
export class CychosysRoll extends foundry.dice.Roll {
  /** The first Cychosys die term of the roll (its first die is the key die), if any. */
  get keyTerm(): CychosysDie | undefined {
    return this.dice.find((term): term is CychosysDie => term instanceof CychosysDie);
  }

  protected override _evaluateTotal(): number {
    const raw = super._evaluateTotal();
    return cychosysRollTotal(raw, this.keyTerm?.faces12 ?? []);
  }
}

/** Dice So Nice (optional module): its `dice3d` API, as far as the system uses it. */
export interface DiceSoNiceApi {
  addDicePreset(preset: { type: string; labels: string[]; system: string }, shape?: string): void;
}

/** The `dc` preset for Dice So Nice: a d12 labelled 1–10, S (surge, 11) and C (crash, 12). */
export function diceSoNicePreset(): { type: string; labels: string[]; system: string } {
  const labels = Array.from({ length: 12 }, (_, i) => faceLabel(i + 1));
  return { type: "dc", labels, system: "standard" };
}

/** On Dice So Nice's `diceSoNiceReady` hook: add the preset. Does nothing without a usable API. */
export function registerDiceSoNice(dice3d: unknown): boolean {
  const api = dice3d as Partial<DiceSoNiceApi> | undefined;
  if (!api || typeof api.addDicePreset !== "function") return false;
  api.addDicePreset(diceSoNicePreset(), "d12");
  return true;
}
