/**
 * D2: the Wild Die in Foundry's dice engine. `1dw` rolls one six-sided die;
 * each 6 is marked exploded and the die is rolled again, as long as it keeps
 * showing 6, so Foundry's own term total (active results summed) is the
 * chain's sum. `D6Roll` reads its total through the rules core (`readRoll`):
 * a 1 on the Wild Die's first face of a skill, attribute or initiative roll is
 * a complication, applied in the world's mode; damage and resistance never
 * complicate.
 */
import { canComplicate, MAX_CHAIN, readRoll, type RollFaces, type RollKind, type RollReading, type D6Rules } from "../../rulesets/d6/rules/index.js";
import { format } from "../i18n.js";
import { d6Rules } from "./rules-source.js";
import { letteredDie } from "../lettered-die.js";

type DieResult = foundry.dice.terms.DiceTerm.Result;
type RollOptions = Parameters<foundry.dice.terms.Die["roll"]>[0];

export const D6_ROLL_KINDS: readonly RollKind[] = ["skill", "initiative", "damage", "resistance"];

/** D2: `dw`, six faces. */
export class D6WildDie extends letteredDie("w", 6) {
  /**
   * D2: roll one die; on the exploding face mark it exploded and roll again.
   * A minimized or maximized evaluation (Foundry's range checks) never
   * explodes; a chain stops at MAX_CHAIN faces.
   */
  override async roll(options?: RollOptions): Promise<DieResult> {
    const result = await super.roll(options);
    const opts = (options ?? {}) as { minimize?: boolean; maximize?: boolean };
    if (result.result === d6Rules().explodingFace && !opts.minimize && !opts.maximize && this.results.length < MAX_CHAIN) {
      result.exploded = true;
      await this.roll(options);
    }
    return result;
  }

  override getResultCSS(result: DieResult): (string | null)[] {
    const css = super.getResultCSS(result);
    css.push("d6-wild");
    if (result.exploded) css.push("d6-wild-exploded");
    return css;
  }

  /** Each die's chain: its faces up to and including the first that did not explode. */
  get chains(): number[][] {
    const chains: number[][] = [];
    let chain: number[] = [];
    for (const r of this.results) {
      if (r.active === false) continue;
      chain.push(r.result);
      if (!r.exploded) {
        chains.push(chain);
        chain = [];
      }
    }
    if (chain.length) chains.push(chain);
    return chains;
  }
}

interface TermLike {
  faces?: number;
  results?: { result: number; active?: boolean }[];
  total?: number;
  operator?: string;
}

/** The dice terms of a roll and whether it is `Nd6 + 1dw (+/- numbers)`, the shape the core reads. */
function shapeOf(terms: readonly unknown[]): { faces: RollFaces; diceTotal: number } | undefined {
  const dice: number[] = [];
  let wild: number[] | undefined;
  let diceTotal = 0;
  for (let i = 0; i < terms.length; i++) {
    const term = terms[i] as TermLike;
    const isWild = term instanceof D6WildDie;
    const isDie = isWild || term instanceof foundry.dice.terms.Die;
    if (!isDie) continue;
    const before = terms[i - 1] as TermLike | undefined;
    if (before && typeof before === "object" && "operator" in before && before.operator !== "+") return undefined;
    if (isWild) {
      const chains = (term as D6WildDie).chains;
      if (wild || chains.length !== 1) return undefined;
      wild = chains[0]!;
    } else {
      if (term.faces !== 6) return undefined;
      for (const r of term.results ?? []) if (r.active !== false) dice.push(r.result);
    }
    diceTotal += Number(term.total ?? 0);
  }
  return wild ? { faces: { dice, wild }, diceTotal } : undefined;
}

/** A roll of plain d6s and one Wild Die whose total is the core's reading (D2) plus its numbers (pips, flat modifiers). */
export class D6Roll extends foundry.dice.Roll {
  constructor(formula: string, data: Record<string, unknown> = {}, options: { d6Kind?: RollKind | string } & Record<string, unknown> = {}) {
    super(formula, data as never, options as never);
  }

  /** What the roll is for (`options.d6Kind`): skill (default), initiative, damage or resistance. */
  get d6Kind(): RollKind {
    const kind = (this.options as { d6Kind?: unknown } | undefined)?.d6Kind;
    return D6_ROLL_KINDS.includes(kind as RollKind) ? (kind as RollKind) : "skill";
  }

  /** The faces as the core reads them, once evaluated; undefined for a roll of another shape. */
  get faces(): RollFaces | undefined {
    return shapeOf(this.terms)?.faces;
  }

  /** The core's reading of the dice (pips and flat numbers not included), or undefined when it cannot read them. */
  reading(rules: Readonly<D6Rules> = d6Rules()): RollReading | undefined {
    const faces = this.faces;
    if (!faces) return undefined;
    try {
      return readRoll({ dice: faces.dice.length + 1, pips: 0 }, faces, this.d6Kind, "roll", rules);
    } catch {
      return undefined;
    }
  }

  /** D2: the complication (only skill, attribute and initiative rolls). */
  get complication(): boolean {
    return canComplicate(this.d6Kind) && this.reading()?.complication === true;
  }

  protected override _evaluateTotal(): number {
    const raw = super._evaluateTotal();
    const shape = shapeOf(this.terms);
    const reading = this.reading();
    if (!shape || !reading) return raw;
    return reading.total + (raw - shape.diceTotal);
  }
}

/** Register the Wild Die term (`1dw`) and the D6 roll class. */
export function registerD6Dice(): void {
  CONFIG.Dice.terms.w = D6WildDie as never;
  if (!CONFIG.Dice.rolls.includes(D6Roll as never)) CONFIG.Dice.rolls.push(D6Roll as never);
}

/** Dice So Nice (optional module): its `dice3d` API, as far as OpenD6 uses it. */
export interface D6DiceSoNiceApi {
  addSystem(system: { id: string; name: string }, mode?: string): void;
  addColorset(colorset: Record<string, unknown>, mode?: string): void;
  addDicePreset(preset: { type: string; labels: string[]; system: string; colorset?: string }, shape?: string): void;
}

export const D6_DSN_SYSTEM = "cychosys-d6";
export const D6_DSN_WILD_COLORSET = "cychosys-d6-wild";

/** The Wild Die's colours: the cards' gold (styles/d6-card.css) with white numbers, so it stands out among the plain dice. */
export function d6WildColorset(name: string): Record<string, unknown> {
  return { name: D6_DSN_WILD_COLORSET, description: name, category: "OpenD6", foreground: "#ffffff", background: "#b8860b", edge: "#7a5a07", outline: "#000000", texture: "none", material: "plastic", visibility: "visible" };
}

/**
 * On Dice So Nice's `diceSoNiceReady` hook: the OpenD6 system, the Wild
 * Die's colorset, and a `dw` d6 preset in that colour (in the standard system
 * too, so the Wild Die shows red whatever dice system the user picked).
 * Does nothing without a usable API.
 */
export function registerD6DiceSoNice(dice3d: unknown, names?: { system: string; colorset: string }): boolean {
  const api = dice3d as Partial<D6DiceSoNiceApi> | undefined;
  if (!api || typeof api.addDicePreset !== "function" || typeof api.addSystem !== "function" || typeof api.addColorset !== "function") return false;
  const system = names?.system ?? format("CYCHOSYS.D6.Dice.system");
  const colorset = names?.colorset ?? format("CYCHOSYS.D6.Dice.wildColorset");
  api.addSystem({ id: D6_DSN_SYSTEM, name: system }, "default");
  api.addColorset(d6WildColorset(colorset), "default");
  const labels = ["1", "2", "3", "4", "5", "6"];
  for (const system of [D6_DSN_SYSTEM, "standard"]) api.addDicePreset({ type: "dw", labels, system, colorset: D6_DSN_WILD_COLORSET }, "d6");
  return true;
}
