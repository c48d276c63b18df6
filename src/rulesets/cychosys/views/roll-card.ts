/**
 * The chat card of an action roll (R8, R11–R13, R40), as plain data for
 * `templates/chat/action-roll.hbs`, on the house style's card frame
 * (docs/style.md): the roll's name as title, the formula as subtitle, the
 * die faces and the big total with its category, what the key die did, and
 * the addends collapsed as the working. Pure: every figure comes from the
 * rules core (`readRoll`, `actionTotal`, `category`); the words from the
 * localizer handed in (English by default).
 */
import { type CardFrameView, cardFrameView, type DieMark, HOUSE_KEYS, type Tone } from "../../../core/views/house.js";
import { figure, sentenceCase } from "../../../core/views/text.js";
import { actionTotal, type ActionTotal, category, type ChartTable, english, type Localize, readRoll, STANDARD_CHART } from "../rules/index.js";
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
  localize?: Localize;
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

export interface RollCardContext extends CardFrameView {
  actorName: string;
  /** R12: what the key die did (a surge or crash), in its tone. */
  keyNote?: { text: string; tone: Tone };
  /** R40: the experience point earned, said. */
  experienceNote?: string;
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
  const localize = input.localize ?? english;
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
  const categoryLabel = key ? `CYCHOSYS.Category.${key}` : undefined;
  const terms = result.terms.map((t) => ({ label: `CYCHOSYS.Term.${t.kind}`, value: t.value, signed: signed(t.value) }));
  const marks = (die: RollCardDie): DieMark[] => [...(die.key ? (["key"] as const) : []), ...(die.surge ? (["max"] as const) : []), ...(die.crash ? (["min"] as const) : [])];
  const tone: Tone | undefined = result.crash ? "miss" : result.surge ? "good" : undefined;
  const experience = input.earnsExperience ? result.experience : 0;
  const frame = cardFrameView(
    {
      cardClass: ["action-roll", result.surge && "surge", result.crash && "crash"].filter(Boolean).join(" "),
      title: sentenceCase(titleParts.join(" · ")),
      subtitle: formula,
      roll: {
        diceLabel: localize(HOUSE_KEYS.dice),
        dice: dice.map((d) => ({ face: d.label, marks: marks(d), title: `${d.key ? `${localize("CYCHOSYS.Roll.keyDie")}: ` : ""}${d.label} → ${d.value}` })),
        total: figure(result.total),
        ...(categoryLabel && { against: localize(categoryLabel) }),
        ...(tone && { tone }),
      },
      // The addends, as the working: "10 Skill base + 30 Dice + 1 Finesse = 41."
      working: [`${terms.map((t, i) => (i === 0 ? `${figure(t.value)} ${localize(t.label)}` : `${t.signed} ${localize(t.label)}`)).join(" ")} = ${figure(result.total)}.`],
    },
    localize,
  );
  return {
    ...frame,
    actorName: input.actorName,
    ...(result.crash && { keyNote: { text: localize("CYCHOSYS.Roll.crashNote"), tone: "miss" as const } }),
    ...(result.surge && !result.crash && { keyNote: { text: localize("CYCHOSYS.Roll.surgeNote"), tone: "good" as const } }),
    ...(experience > 0 && { experienceNote: localize("CYCHOSYS.Roll.experience") }),
    formula,
    dice,
    keyDie: dice[0]!,
    surge: result.surge,
    crash: result.crash,
    terms,
    total: result.total,
    categoryLabel,
    experience,
    result,
  };
}
