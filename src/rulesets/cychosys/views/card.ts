/**
 * The attack card's template context, in the house style (docs/style.md,
 * "Card anatomy"): the kit's card frame — title "Thorton attacks Parker",
 * the weapon and skill as subtitle, the attack roll with its die faces and
 * big total — and in its block one panel per target: the defense roll, the
 * exchange, the outcome headline (who takes what, the biggest line), who
 * acts next, the odds for the defender choosing, the buttons THIS user may
 * press, and the working collapsed. Built on the workflow's
 * `attackCardView`; pure.
 */
import { type CardFrameView, cardFrameView, attackTitle, type DieMark, type DieView as HouseDie, HOUSE_KEYS, type OutcomeView, type RollLineView as HouseRollLine, type Tone } from "../../../core/views/house.js";
import { figure, sentenceCase } from "../../../core/views/text.js";
import { faceLabel } from "../data/derive/roll.js";
import { english, FACETS, formatFacets, formatLetters, type Localize, type Pools, type Rules, STANDARD_RULES } from "../rules/index.js";
import { countedKey, countOf } from "../rules/words.js";
import { type AttackCardView, attackCardView, type DieView, type RollLineView, type TargetPanelView } from "../workflow/attack-card.js";
import type { AttackFlow, FlowUser, StruckState } from "../workflow/attack-flow.js";
import type { OddsTableView } from "../../../core/views/odds.js";
import type { OddsSide } from "../workflow/odds-query.js";
import { cardOddsTable } from "./odds.js";

export const ATTACK_CARD_TEMPLATE = "systems/cychosys/templates/chat/attack-card.hbs";

export interface CardButton {
  action: "defend" | "counterAgain" | "takeIt" | "apply" | "applyDefaults" | "undo";
  form?: string;
  label: string;
  hint?: string;
}

/** One target's panel: its rolls, the outcome headline, who acts, its odds and buttons, its working. */
export interface TargetContext {
  index: number;
  name: string;
  phase: TargetPanelView["phase"];
  phaseLabel: string;
  /** The defense roll (the counter's first roll is in the exchange). */
  defenseRoll?: HouseRollLine;
  /** R23: each counterattack of the exchange, as a roll line. */
  exchange: HouseRollLine[];
  /** Who takes what: the biggest line on the card. */
  outcome?: OutcomeView;
  /** The outcome is what applying now with the default choices would do: said under it, muted. */
  preview?: string;
  /** Who acts now ("Parker chooses a defense."). */
  hint?: string;
  /** Who applied the injury and how often it was undone. */
  notes: string[];
  buttons: CardButton[];
  /** R15: a second defense costs an action. */
  defendAgain?: string;
  /** The defense panel's odds: each form open to this defender (docs/odds.md). */
  odds?: OddsTableView;
  /** Every step of the arithmetic, a sentence each with its rule, collapsed. */
  working: string[];
  workingLabel: string;
}

export interface AttackCardContext extends CardFrameView {
  attackId: string;
  /** The GM is carrying a step out: no buttons until it is done. */
  pending: boolean;
  /** R12: a surge or crash on the key die, said once under the roll. */
  rollNote?: { text: string; tone: Tone };
  noTargets: boolean;
  canAssign: boolean;
  /** Shown to everyone else while no target is set. */
  waitingForTargets: boolean;
  targets: TargetContext[];
}

export interface CardOptions {
  localize?: Localize;
  rules?: Rules;
  /** The struck actor of a panel is an NPC: the GM gets "apply defaults". */
  isNpc?: (actorUuid: string) => boolean;
  /** A user's name, for "applied by". */
  userName?: (id: string) => string;
  /** The struck side of target `index` as it is now, for the injury preview (R26–R35). */
  stateOf?: (actorUuid: string, index: number) => StruckState | undefined;
  /** A side as this client may see it, for the odds (docs/odds.md); undefined when it may not, or odds are not shown to this user. */
  oddsSideOf?: (actorUuid: string) => OddsSide | undefined;
}

/** R11–R12: a Cychosys die for the roll strip: the key die marked, a surge its best face, a crash its worst. */
function houseDie(d: DieView, localize: Localize): HouseDie {
  const marks: DieMark[] = [];
  if (d.key) marks.push("key");
  if (d.surge) marks.push("max");
  if (d.crash) marks.push("min");
  const label = faceLabel(d.face);
  const title = `${d.key ? `${localize("CYCHOSYS.Card.keyDie")}: ` : ""}${label} → ${d.value}`;
  return { face: label, marks, title };
}

function houseRoll(label: string, dice: readonly DieView[], total: number, localize: Localize, more: { against?: string; tone?: Tone } = {}): HouseRollLine {
  return { label, diceLabel: localize(HOUSE_KEYS.dice), dice: dice.map((d) => houseDie(d, localize)), total: figure(total), ...more };
}

/** A roll's arithmetic as a step of the working: "Attack (Pistol · shoot): 9 Skill base + 19 Dice = 28." */
function formulaLine(what: string, roll: RollLineView): string {
  const label = roll.label ? ` (${sentenceCase(roll.label)})` : "";
  return `${what}${label}: ${roll.formula}.`;
}

export function attackCardContext(flow: AttackFlow, user: FlowUser, options: CardOptions = {}): AttackCardContext {
  const localize = options.localize ?? english;
  const rules = options.rules ?? STANDARD_RULES;
  const view = attackCardView(flow, user, localize, rules, options.stateOf ? { stateOf: options.stateOf } : {});
  const attackLabel = localize("CYCHOSYS.Card.rollAttack");
  const subtitle = [view.roll?.label ? sentenceCase(view.roll.label) : undefined, localize("CYCHOSYS.Card.edgeIs", { edge: view.edge }), view.location, view.nonLethal]
    .filter((part): part is string => !!part)
    .join(" · ");
  const attackWorking = view.roll ? [formulaLine(attackLabel, view.roll)] : [];
  const frame = cardFrameView(
    {
      cardClass: ["cy-attack-card", view.surge && "surge", view.crash && "crash"].filter(Boolean).join(" "),
      title: attackTitle(view.attacker.name, flow.targets.map((t) => t.target.name), localize),
      subtitle,
      roll: houseRoll(attackLabel, view.dice, view.total, localize),
      // The attack's own arithmetic, when no target panel carries it.
      working: view.noTargets ? attackWorking : [],
    },
    localize,
  );
  const rollNote = view.crash
    ? { text: localize("CYCHOSYS.Card.crashNote"), tone: "miss" as const }
    : view.surge
      ? { text: localize("CYCHOSYS.Card.surgeNote"), tone: "good" as const }
      : undefined;
  return {
    ...frame,
    attackId: view.attackId,
    pending: view.pending,
    ...(rollNote && { rollNote }),
    noTargets: view.noTargets,
    canAssign: user.isGM && view.noTargets && !view.pending,
    waitingForTargets: !user.isGM && view.noTargets,
    targets: view.targets.map((panel) => targetContext(flow, view, panel, user, attackWorking, localize, rules, options)),
  };
}

function targetContext(
  flow: AttackFlow,
  view: AttackCardView,
  panel: TargetPanelView,
  user: FlowUser,
  attackWorking: string[],
  localize: Localize,
  rules: Rules,
  options: CardOptions,
): TargetContext {
  const target = flow.targets[panel.index]!;
  const last = target.applications[target.applications.length - 1];
  const struck = target.verdict?.struck;
  const struckRef = struck === "attacker" ? flow.attacker : struck === "defender" ? target.target : undefined;
  const buttons: CardButton[] = [];
  for (const form of panel.can.defend) buttons.push({ action: "defend", form, label: localize(`CYCHOSYS.DefenseForm.${form}`), ...(panel.can.defendCostsAction && { hint: localize("CYCHOSYS.Card.defendAgain") }) });
  if (panel.can.counterAgain) buttons.push({ action: "counterAgain", label: localize("CYCHOSYS.Card.counterAgain", { handicap: panel.can.counterHandicap }) });
  if (panel.can.takeIt) buttons.push({ action: "takeIt", label: localize("CYCHOSYS.Card.takeIt") });
  if (panel.can.apply) {
    buttons.push({ action: "apply", label: localize("CYCHOSYS.Card.apply") });
    if (user.isGM && struckRef && options.isNpc?.(struckRef.actorUuid)) buttons.push({ action: "applyDefaults", label: localize("CYCHOSYS.Card.applyDefaults") });
  }
  if (panel.can.undo) buttons.push({ action: "undo", label: localize("CYCHOSYS.Card.undo") });

  const formLabel = target.defense ? localize(`CYCHOSYS.DefenseForm.${target.defense.form}`) : "";
  const against = localize("CYCHOSYS.Card.against", { total: view.total });
  const defenseRoll = panel.defenseRoll
    ? houseRoll(formLabel, panel.defenseRoll.dice, panel.defenseRoll.total, localize, { against })
    : target.defense && target.defense.form !== "counter"
      ? houseRoll(formLabel, [], target.defense.total, localize, { against })
      : undefined;
  const exchange = panel.exchange.map((step) =>
    houseRoll(localize("CYCHOSYS.Card.counters", { side: step.side }), step.roll?.dice ?? [], step.total, localize, {
      against: localize("CYCHOSYS.Card.counterAgainst", { raw: step.raw, handicap: step.handicap }),
      tone: step.beat ? "good" : "miss",
    }),
  );

  const working = [
    ...attackWorking,
    ...(panel.defenseRoll ? [formulaLine(formLabel, panel.defenseRoll)] : []),
    ...panel.exchange.flatMap((step) => (step.roll ? [formulaLine(localize("CYCHOSYS.Card.counters", { side: step.side }), step.roll)] : [])),
    ...panel.verdict.map((l) => l.text),
    ...panel.preview.map((l) => l.text),
    ...panel.applied.map((l) => l.text),
  ];
  const notes: string[] = [];
  if (panel.phase === "applied" && last) notes.push(localize("CYCHOSYS.Card.appliedBy", { user: options.userName?.(last.by) ?? last.by }));
  if (panel.undone) notes.push(countedKey("CYCHOSYS.Card.undoneCount", panel.undone, localize));

  // The defender about to choose sees each form's odds; nobody else does.
  const mine = panel.can.defend.length ? options.oddsSideOf?.(target.target.actorUuid) : undefined;
  const odds = mine && cardOddsTable(flow, mine, options.oddsSideOf?.(flow.attacker.actorUuid), localize, rules);
  const objectName = target.defense && target.defense.form !== "counter" ? target.defense.object?.name : undefined;
  const lastStep = panel.exchange[panel.exchange.length - 1];
  // R23: while the exchange runs, the headline is who holds the attack now.
  const outcome =
    panel.phase === "exchange" && lastStep?.beat
      ? { text: localize("CYCHOSYS.Card.outcome.seizes", { name: lastStep.side }), tone: "neutral" as const }
      : outcomeView(panel, { attacker: flow.attacker.name, defender: target.target.name, ...(objectName && { object: objectName }) }, localize);
  const hint = hintOf(panel, target.awaiting === "attacker" ? flow.attacker.name : target.target.name, localize);
  return {
    index: panel.index,
    name: panel.name,
    phase: panel.phase,
    phaseLabel: panel.phaseLabel,
    ...(defenseRoll && { defenseRoll }),
    exchange,
    ...(outcome && { outcome }),
    ...(outcome && panel.outcome?.resolution.strike && !panel.outcome.applied && { preview: localize("CYCHOSYS.Card.outcome.notApplied") }),
    ...(hint && { hint }),
    notes,
    buttons,
    ...(panel.can.defendCostsAction && panel.can.defend.length && { defendAgain: localize("CYCHOSYS.Card.defendAgain") }),
    ...(odds && { odds }),
    working,
    workingLabel: localize(HOUSE_KEYS.working),
  };
}

/** Who acts now, while the contest is open. */
function hintOf(panel: TargetPanelView, awaiting: string, localize: Localize): string | undefined {
  if (panel.phase === "awaitingDefense") return localize("CYCHOSYS.Card.hint.defend", { name: panel.name });
  if (panel.phase === "exchange") return localize("CYCHOSYS.Card.hint.exchange", { name: awaiting });
  return undefined;
}

/**
 * The outcome headline (R22–R36): who takes what — the hits (or fatigue)
 * the struck side takes, or the miss — with what comes with it on the line
 * under it: the conditions, the pools before → after, a side out of the
 * fight, the parry object, the parry bonus.
 */
export function outcomeView(panel: TargetPanelView, names: { attacker: string; defender: string; object?: string }, localize: Localize): OutcomeView | undefined {
  const found = panel.outcome;
  if (!found) return undefined;
  const { resolution, applied, poolsBefore } = found;
  const contest = resolution.contest;
  const details: { text: string; tone: Tone }[] = [];
  if (contest.parryWon && contest.parryBonus !== undefined) {
    details.push({ text: localize("CYCHOSYS.Card.outcome.parryBonus", { name: names.defender, bonus: figure(contest.parryBonus), against: names.attacker }), tone: "good" });
  }
  if (resolution.struck === "none") {
    const small = resolution.smallTarget;
    if (resolution.missed === "smallTarget" && small) {
      details.unshift({ text: localize("CYCHOSYS.Card.outcome.tooSmall", { location: localize(`CYCHOSYS.Location.${small.location}`), needed: small.needed, has: small.has }), tone: "neutral" });
    } else {
      details.unshift({ text: localize("CYCHOSYS.Card.outcome.unhurt", { name: names.defender }), tone: "neutral" });
    }
    return { text: localize("CYCHOSYS.Card.outcome.miss"), tone: "miss", details };
  }
  const struckName = resolution.struck === "attacker" ? names.attacker : names.defender;
  const strike = resolution.strike;
  if (!strike) return { text: localize("CYCHOSYS.Card.outcome.struck", { name: struckName }), tone: "hit", details };
  if (strike.taken.length) details.push({ text: localize("CYCHOSYS.Card.outcome.conditions", { letters: formatLetters(strike.taken) }), tone: "wound" });
  if (strike.object) {
    const object = strike.object;
    const name = names.object ?? localize("CYCHOSYS.Explain.objectName");
    if (object.destroyed) details.push({ text: localize("CYCHOSYS.Card.outcome.objectDestroyed", { object: name }), tone: "shock" });
    else if (object.hitsTaken > 0) details.push({ text: localize("CYCHOSYS.Card.outcome.objectTakes", { object: name, hits: countOf("hit", object.hitsTaken, localize) }), tone: "shock" });
  }
  const after = strike.pools;
  if (strike.nonLethal) {
    const facet = strike.nonLethal;
    if (after && poolsBefore) {
      details.push({ text: localize("CYCHOSYS.Card.outcome.fatiguePool", { facet: localize(`CYCHOSYS.Facet.${facet}`), before: poolsBefore.fatigue[facet], after: after.fatigue[facet] }), tone: "hit" });
    }
    const text = strike.hits ? localize("CYCHOSYS.Card.outcome.fatigue", { name: struckName, fatigue: strike.hits }) : localize("CYCHOSYS.Card.outcome.nothing", { name: struckName });
    return { text, tone: strike.hits ? "hit" : "miss", details };
  }
  if (after && poolsBefore && strike.hits) {
    details.push({ text: localize("CYCHOSYS.Card.outcome.hitPools", { before: poolsText(poolsBefore), after: poolsText(after) }), tone: "hit" });
    const out = FACETS.filter((f) => after.hit[f] <= 0 && poolsBefore.hit[f] > 0).map((f) => localize(`CYCHOSYS.Facet.${f}`));
    if (out.length) details.push({ text: localize("CYCHOSYS.Card.outcome.out", { facets: out.join(", ") }), tone: "wound" });
  }
  if (!strike.hits && !strike.taken.length) return { text: localize("CYCHOSYS.Card.outcome.nothing", { name: struckName }), tone: "miss", details };
  const text = strike.hits
    ? localize("CYCHOSYS.Card.outcome.takes", { name: struckName, hits: countOf("hit", strike.hits, localize) })
    : localize("CYCHOSYS.Card.outcome.takesConditions", { name: struckName, letters: formatLetters(strike.taken) });
  return { text, tone: "hit", details };
}

/** The hit pools as the sheet writes them: "P8 M5 E4". */
function poolsText(pools: Pools): string {
  return formatFacets(pools.hit, false);
}
