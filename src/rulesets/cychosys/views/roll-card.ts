/**
 * The chat card of an action roll (R8, R11–R13, R40), as plain data for
 * `templates/chat/action-roll.hbs`. Pure: every figure comes from the rules
 * core (`readRoll`, `actionTotal`, `category`); strings are lang keys the
 * template localizes.
 */
import { actionTotal, type ActionTotal, category, type ChartTable, readRoll, STANDARD_CHART } from "../rules/index.js";
import type { ActionTotalView } from "../data/derive/combatant.js";
import { faceLabel } from "../data/derive/roll.js";

export interface RollCardInput {
  actorName: string;
  /** The derived total rolled (`system.derived.totals` entry). */
  total: ActionTotalView;
  /** The Cychosys dice faces, key die first. */
  faces: readonly number[];
  /** Situational modifier added at roll time. */
  modifier?: number;
  /** Whether a surge or crash on the key die earns experience (characters do; NPCs do not advance). */
  earnsExperience: boolean;
  chart?: ChartTable;
}

export interface RollCardDie {
  face: number;
  label: string;
  value: number;
  key: boolean;
  surge: boolean;
  crash: boolean;
  css: string;
}

export interface RollCardContext {
  actorName: string;
  title: string;
  /** e.g. `5dc + 11` (the formula rolled). */
  formula: string;
  dice: RollCardDie[];
  keyDie: RollCardDie;
  surge: boolean;
  crash: boolean;
  /** Each addend with its lang key; costs and penalties negative. */
  terms: { label: string; value: number; signed: string }[];
  total: number;
  /** `CYCHOSYS.Category.<key>`, or undefined for a total of 0. */
  categoryLabel: string | undefined;
  /** Experience earned by this roll (R12, R40): 0 or 1. */
  experience: number;
  result: ActionTotal;
}

function signed(value: number): string {
  return value < 0 ? `− ${-value}` : `+ ${value}`;
}

export function rollCardContext(input: RollCardInput): RollCardContext {
  const view = input.total;
  const termValue = (kind: string) => view.terms.find((t) => t.kind === kind)?.value ?? 0;
  const reading = readRoll(input.faces);
  const result = actionTotal({
    base: termValue("base"),
    roll: reading,
    finesse: termValue("finesse"),
    speed: termValue("speed"),
    modifier: input.modifier ?? 0,
    conditionPenalty: -termValue("conditions"),
  });
  const dice = reading.dice.map((die, index): RollCardDie => {
    const css = ["cychosys-die"];
    if (index === 0) css.push("key");
    if (die.surge) css.push("surge");
    if (die.crash) css.push("crash");
    return { face: die.face, label: faceLabel(die.face), value: die.value, key: index === 0, surge: die.surge, crash: die.crash, css: css.join(" ") };
  });
  const titleParts = [view.gearName, view.skillName, view.finesseName].filter((p): p is string => !!p);
  const staticPart = view.static + (input.modifier ?? 0);
  const formula = staticPart === 0 ? `${reading.dice.length}dc` : `${reading.dice.length}dc ${signed(staticPart)}`;
  const key = category(result.total, input.chart ?? STANDARD_CHART);
  return {
    actorName: input.actorName,
    title: titleParts.join(" · "),
    formula,
    dice,
    keyDie: dice[0]!,
    surge: result.surge,
    crash: result.crash,
    terms: result.terms.map((t) => ({ label: `CYCHOSYS.Term.${t.kind}`, value: t.value, signed: signed(t.value) })),
    total: result.total,
    categoryLabel: key ? `CYCHOSYS.Category.${key}` : undefined,
    experience: input.earnsExperience ? result.experience : 0,
    result,
  };
}
