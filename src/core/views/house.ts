/**
 * The house style's shared view models (docs/style.md): the chat card's
 * frame — title, roll line with die faces and a big total, the outcome
 * headline, buttons, the working collapsed — and the tracker row — one line
 * of essentials per combatant, controls only where the viewer may act.
 * Each ruleset builds these from its own flow; the partials under
 * templates/partials/ draw them with styles/house.css. Pure: labels arrive
 * localized, through the `localize` a ruleset's view already holds.
 */
import { templatePath } from "./templates.js";
import { listText } from "./text.js";

/** The partials (Foundry's loadTemplates registers each by its path; a ruleset loads these with its own templates). */
export const HOUSE_PARTIALS = {
  cardFrame: templatePath("partials/card-frame.hbs"),
  rollLine: templatePath("partials/roll-line.hbs"),
  trackerRow: templatePath("partials/tracker-row.hbs"),
} as const;

/**
 * What a figure or line means for the table, one colour each (styles/house.css,
 * both themes): `hit` a blow lands, `miss` it does not, `shock` a passing
 * penalty, `wound` lasting harm, `good` a success for the one acting or
 * defending, `neutral` plain.
 */
export type Tone = "hit" | "miss" | "shock" | "wound" | "good" | "neutral";

/** How a die face is marked: the wild or key die, its best or worst face, exploded, set aside. */
export type DieMark = "wild" | "key" | "max" | "min" | "exploded" | "dropped";

export interface DieView {
  face: string;
  marks: DieMark[];
  /** A hover text for the face (e.g. "Wild Die: exploded"). */
  title?: string;
}

export interface RollLineView {
  /** What was rolled, short: "Attack", "Dodge". */
  label?: string;
  /** The dice list's accessible name. */
  diceLabel: string;
  dice: DieView[];
  /** The total, already written as a figure. */
  total: string;
  /** What it was against: "vs 12", "/ 14", "AC 13". */
  against?: string;
  tone?: Tone;
}

export interface OutcomeView {
  /** Who takes what, in one sentence: "Pierre takes 9 injury: HP 12 → 3". */
  text: string;
  tone: Tone;
  /** What comes with it, each in its colour, on one line under the headline: "Shock −4", "Major wound". */
  details?: { text: string; tone: Tone }[];
}

export interface CardButtonView {
  action: string;
  label: string;
  /** Extra `data-*` attributes, names in kebab-case. */
  data?: { name: string; value: string }[];
}

export interface CardFrameView {
  /** The ruleset's own card classes beside `cychosys chat-card cy-house-card`. */
  cardClass: string;
  /** "A attacks B" (attackTitle). */
  title: string;
  /** The weapon and manner: "Shortsword · swing". */
  subtitle?: string;
  roll?: RollLineView;
  outcome?: OutcomeView;
  buttons: CardButtonView[];
  /** The label of the collapsed working ("How it was worked out"). */
  workingLabel: string;
  /** Each step of the working, a sentence. */
  working: string[];
}

type Localize = (key: string, params?: Record<string, string | number>) => string;

/** The lang keys of the kit's own words (lang/en.json, CYCHOSYS.House). */
export const HOUSE_KEYS = {
  attacks: "CYCHOSYS.House.attacks",
  attacksAlone: "CYCHOSYS.House.attacksAlone",
  attacksMany: "CYCHOSYS.House.attacksMany",
  working: "CYCHOSYS.House.working",
  dice: "CYCHOSYS.House.dice",
  controls: "CYCHOSYS.House.controls",
  essentials: "CYCHOSYS.House.essentials",
} as const;

/** The card title: "A attacks B", "A attacks B and C", or "A attacks" before a target is named. */
export function attackTitle(attacker: string, targets: readonly string[], localize: Localize, locale = "en"): string {
  if (targets.length === 0) return localize(HOUSE_KEYS.attacksAlone, { attacker });
  if (targets.length === 1) return localize(HOUSE_KEYS.attacks, { attacker, target: targets[0]! });
  return localize(HOUSE_KEYS.attacksMany, { attacker, targets: listText(targets, locale) });
}

/** Die faces as the roll line draws them; `marks(face, index)` says which are wild, best, dropped… */
export function diceView(faces: readonly (number | string)[], marks: (face: number | string, index: number) => DieMark[] = () => []): DieView[] {
  return faces.map((face, index) => ({ face: String(face), marks: marks(face, index) }));
}

/** The card frame's view, the kit's words filled in. */
export function cardFrameView(card: Omit<CardFrameView, "workingLabel" | "buttons" | "working"> & Partial<Pick<CardFrameView, "buttons" | "working">>, localize: Localize): CardFrameView {
  return { buttons: [], working: [], ...card, workingLabel: localize(HOUSE_KEYS.working) };
}

/** One figure on a tracker row: "HP 12/12", "Move 5". */
export interface TrackerFigureView {
  id: string;
  label: string;
  value: string;
  tone?: Tone;
  /** More than the row has room for (the tooltip): what a maneuver permits. */
  hint?: string;
}

/** A status shown as a short chip: "Stunned", "Waiting". */
export interface TrackerStatusView {
  id: string;
  label: string;
  tone?: Tone;
  /** More than the chip has room for (the tooltip): a Wait's trigger in full, the rule. */
  hint?: string;
}

/** An icon button on the row, drawn only when the viewer may act (accessible name = label). */
export interface TrackerControlView {
  action: string;
  label: string;
  /** Font Awesome 6 Free classes: "fa-solid fa-dice". */
  icon: string;
  pressed?: boolean;
  data?: { name: string; value: string }[];
}

export interface TrackerRowView {
  /** The row's accessible name for its figures: "Parker: essentials". */
  essentialsLabel: string;
  figures: TrackerFigureView[];
  statuses: TrackerStatusView[];
  /** The row's accessible name for its controls. */
  controlsLabel: string;
  controls: TrackerControlView[];
}

/**
 * A tracker row: one line of figures, the statuses, and the controls — none
 * unless `mayAct` (the viewer owns the combatant or is the GM: Foundry's
 * `combatant.isOwner`).
 */
export function trackerRowView(
  row: { name: string; figures: TrackerFigureView[]; statuses?: TrackerStatusView[]; controls?: TrackerControlView[]; mayAct: boolean },
  localize: Localize,
): TrackerRowView {
  return {
    essentialsLabel: localize(HOUSE_KEYS.essentials, { name: row.name }),
    figures: row.figures,
    statuses: row.statuses ?? [],
    controlsLabel: localize(HOUSE_KEYS.controls, { name: row.name }),
    controls: row.mayAct ? (row.controls ?? []) : [],
  };
}
