/**
 * What an OpenD6 attack card shows one user (docs/rulesets/d6.md, "On the
 * table"), in the house style (docs/style.md, the card frame): the title
 * "Kira attacks the thug", the weapon and skill, the attack roll with every
 * die — the Wild Die and its explosions marked, a complication flagged,
 * removed faces struck — and its big total; then per target the outcome
 * headline (who takes what, the biggest line), the defense, damage and
 * resistance rolls, the interrupt's odds (D14) with why the best is best,
 * the buttons this user may press, and the working collapsed: the core's
 * explanation, a sentence per step with its rule id. Pure.
 */
import type { FlowUser } from "../../../core/ruleset.js";
import { english, type Localize } from "../../../core/messages.js";
import { attackTitle, type CardButtonView, type CardFrameView, cardFrameView, type DieMark, type DieView, HOUSE_KEYS, type OutcomeView, type RollLineView } from "../../../core/views/house.js";
import { sentenceCase } from "../../../core/views/text.js";
import { D6_STANDARD_RULES, type D6Resolution, type D6Rules, explainD6Attack, formatDieCode, type RollReading } from "../rules/index.js";
import { currentApplication, type D6Flow, type D6Phase, type D6TargetFlow, phaseOf, resolutionOf } from "../workflow/flow.js";
import type { OddsTableView } from "../../../core/views/odds.js";
import type { D6InterruptOption } from "../rules/index.js";
import { d6CardOddsTable } from "./odds.js";

export const D6_ATTACK_CARD_TEMPLATE = "systems/cychosys/templates/d6/chat/attack-card.hbs";

/** A die as the card reads it (kept for the roll card and the tests). */
export interface D6DieView {
  face: number;
  wild: boolean;
  /** A face the removing complication took away (D2). */
  removed: boolean;
  /** The Wild Die's 1 on its first face (D2). */
  complication: boolean;
}

/** The dice of a reading: plain dice, then the Wild Die's chain, removed faces marked. */
export function diceOf(reading: RollReading): D6DieView[] {
  const removed = [...reading.removed];
  const take = (face: number) => {
    const i = removed.indexOf(face);
    if (i < 0) return false;
    removed.splice(i, 1);
    return true;
  };
  const wild = reading.wild.map((face, i) => ({ face, wild: true, removed: false, complication: i === 0 && reading.complication }));
  if (wild[0] && wild[0].complication && take(wild[0].face)) wild[0].removed = true;
  const plain = reading.dice.map((face) => ({ face, wild: false, removed: take(face), complication: false }));
  return [...plain, ...wild];
}

/**
 * D2: a reading's dice as the house roll strip draws them: the Wild Die
 * marked `wild` (and `exploded` on each 6 it was rolled again for), a
 * first-face 1 `min` (the complication), a face the complication removed
 * `dropped`; each with its hover text.
 */
export function houseDice(reading: RollReading, localize: Localize = english, rules: Readonly<D6Rules> = D6_STANDARD_RULES): DieView[] {
  let wildIndex = 0;
  return diceOf(reading).map((die): DieView => {
    const marks: DieMark[] = [];
    let title: string;
    if (die.wild) {
      marks.push("wild");
      const exploded = wildIndex++ < reading.wild.length - 1 && die.face === rules.explodingFace;
      if (exploded) marks.push("exploded");
      if (die.complication) marks.push("min");
      title = localize(die.complication ? "CYCHOSYS.D6.Roll.complicationDie" : exploded ? "CYCHOSYS.D6.Roll.explodedDie" : "CYCHOSYS.D6.Card.wildDie");
    } else title = localize(die.removed ? "CYCHOSYS.D6.Roll.removedDie" : "CYCHOSYS.D6.Roll.plainDie");
    if (die.removed) marks.push("dropped");
    return { face: String(die.face), marks, title };
  });
}

export interface D6TargetPanel {
  index: number;
  name: string;
  /** More than one target: the panel names its target (one target: the title does). */
  showName: boolean;
  phase: D6Phase;
  /** Where the target stands, short ("May interrupt", "Wound applied"). */
  phaseLabel: string;
  /** Who takes what: the panel's biggest line. */
  outcome: OutcomeView;
  /** Who acts now, and on what ("Kira holds a wait and may interrupt …"). */
  note?: string;
  /** The defense, damage and resistance rolls, each with its dice and total. */
  rolls: RollLineView[];
  /** D14: while the target may interrupt, each answer's odds (docs/odds.md), for its owner. */
  odds?: OddsTableView;
  buttons: CardButtonView[];
  workingLabel: string;
  /** The core's explanation, a sentence per step with its rule id (collapsed). */
  working: string[];
}

export interface D6CardView extends CardFrameView {
  targets: D6TargetPanel[];
  /** D2: the attack roll's complication, in words. */
  complication?: string;
  pending: boolean;
}

const NOBODY: FlowUser = { id: "", isGM: false, owns: () => false };

export interface D6CardOptions {
  /** The interrupts a target could roll now, as this client sees it (docs/odds.md); undefined when it may not, or odds are not shown. */
  interruptsOf?: (actorUuid: string) => readonly D6InterruptOption[] | undefined;
}

/** The answer a target may give while it can interrupt (D14): its button label, capitalised as every answer is. */
export const d6AnswerLabel = (localize: Localize) => (defense: string) => localize(`CYCHOSYS.D6.Answer.${defense}`);

/** D30–D37: who takes what, the biggest line of a target's panel, and what comes with it. */
function outcomeOf(flow: D6Flow, target: D6TargetFlow, resolution: D6Resolution, phase: D6Phase, localize: Localize): OutcomeView {
  const name = target.target.name;
  const struck = resolution.struck === "attacker" ? flow.attacker.name : name;
  const K = "CYCHOSYS.D6.Card.Outcome.";
  const say = (key: string, params: Record<string, string | number> = {}) => sentenceCase(localize(K + key, params));
  if (phase === "interruptible") return { text: say("waiting", { name }), tone: "neutral" };
  if (resolution.refused) return { text: say(resolution.refused, { name }), tone: "miss" };
  const details: OutcomeView["details"] = [];
  if (resolution.damage?.total != null && resolution.resistance?.total != null && resolution.excess !== null) {
    details.push({ text: say("excess", { damage: resolution.damage.total, resistance: resolution.resistance.total, excess: resolution.excess }), tone: "neutral" });
  }
  const bladeText = resolution.bladeRule === "bladeParry" ? say("bladeParry", { name: flow.attacker.name }) : resolution.bladeRule === "bareHandBlock" ? say(resolution.spared ? "bareHandSpared" : "bareHandBlock", { name }) : null;
  if (bladeText) details.unshift({ text: bladeText, tone: resolution.spared ? "good" : "hit" });
  switch (phase) {
    case "done":
      if (resolution.hit === false && !resolution.damage) return { text: say("miss", { total: resolution.attack?.total ?? 0, difficulty: resolution.difficulty?.final ?? 0, short: -(resolution.margin ?? 0) }), tone: "miss", details };
      return { text: say("noWound", { name: struck }), tone: "miss", details };
    case "awaitingDamage":
      return resolution.hit
        ? { text: say("hit", { margin: resolution.margin ?? 0, code: formatDieCode(resolution.damage!.code) }), tone: "hit", details }
        : { text: say("struckBack", { name: struck, code: formatDieCode(resolution.damage!.code) }), tone: "hit", details };
    case "awaitingResistance":
      return { text: say("damage", { name: struck, damage: resolution.damage!.total ?? 0, code: formatDieCode(resolution.resistance!.code) }), tone: "hit", details };
    case "resolved":
    case "applied": {
      const level = resolution.after[resolution.struck === "attacker" ? "attacker" : "defender"];
      const taken = localize(`CYCHOSYS.D6.Wound.${level.level}`);
      const effect = level.out ? "effectKilled" : level.dying ? "effectDying" : level.unableToAct ? "effectOut" : level.penaltyDice ? "effectPenalty" : null;
      if (effect) details.push({ text: say(effect, { dice: level.penaltyDice }), tone: level.unableToAct ? "wound" : "shock" });
      const application = currentApplication(target);
      if (phase === "applied" && application) details.push({ text: say("applied"), tone: "good" });
      return { text: say("wound", { name: struck, level: taken }), tone: "wound", details };
    }
  }
}

export function d6AttackCardView(flow: D6Flow, viewer: FlowUser, localize: Localize = english, rules: Readonly<D6Rules> = D6_STANDARD_RULES, options: D6CardOptions = {}): D6CardView {
  const user = flow.pending ? NOBODY : viewer;
  const may = (uuid: string) => user.isGM || user.owns(uuid);
  const first = flow.targets[0] ? resolutionOf(flow.targets[0], rules) : undefined;
  const attack = first?.attack ?? null;
  const single = flow.targets.length === 1;
  const panels = flow.targets.map((target, index): D6TargetPanel => {
    const resolution = resolutionOf(target, rules);
    const phase = phaseOf(target, resolution);
    const names = { attacker: flow.attacker.name, defender: target.target.name };
    const working = target.announced ? explainD6Attack(resolution, names, localize).map((l) => l.text) : [];
    const rolls: RollLineView[] = [];
    const strip = (label: string, reading: RollReading, total: number): RollLineView => ({ label, diceLabel: localize(HOUSE_KEYS.dice), dice: houseDice(reading, localize, rules), total: String(total) });
    if (target.announced) {
      for (const d of resolution.defenses) if (d.rolled) rolls.push(strip(d6AnswerLabel(localize)(d.skill), d.rolled.reading, d.total));
      if (resolution.damage?.reading) rolls.push(strip(localize("CYCHOSYS.D6.Card.damage"), resolution.damage.reading, resolution.damage.total ?? 0));
      if (resolution.resistance?.reading) rolls.push(strip(localize("CYCHOSYS.D6.Card.resistance"), resolution.resistance.reading, resolution.resistance.total ?? 0));
    }
    const buttons: CardButtonView[] = [];
    const button = (action: string, label: string, skill?: string): CardButtonView => ({
      action, label, data: [{ name: "target-index", value: String(index) }, ...(skill ? [{ name: "skill", value: skill }] : [])],
    });
    const dealer = resolution.struck === "attacker" ? target.target : flow.attacker;
    const struck = resolution.struck === "attacker" ? flow.attacker : target.target;
    let odds: OddsTableView | undefined;
    let note: string | undefined;
    switch (phase) {
      case "interruptible":
        note = localize("CYCHOSYS.D6.Card.awaitingInterrupt", { name: target.target.name });
        if (may(target.target.actorUuid)) {
          const interrupts = options.interruptsOf?.(target.target.actorUuid);
          odds = interrupts ? d6CardOddsTable(target, interrupts, localize, rules) : undefined;
          for (const skill of ["dodge", "block", "parry"] as const) buttons.push(button("interrupt", d6AnswerLabel(localize)(skill), skill));
          buttons.push(button("announce", localize("CYCHOSYS.D6.Card.announce")));
        }
        break;
      case "awaitingDamage":
        note = localize("CYCHOSYS.D6.Card.dueDamage", { name: dealer.name });
        if (may(dealer.actorUuid)) buttons.push(button("damage", localize("CYCHOSYS.D6.Card.rollDamage", { code: formatDieCode(resolution.damage!.code) })));
        break;
      case "awaitingResistance":
        note = localize("CYCHOSYS.D6.Card.dueResistance", { name: struck.name });
        if (may(struck.actorUuid)) buttons.push(button("resist", localize("CYCHOSYS.D6.Card.rollResistance", { code: formatDieCode(resolution.resistance!.code) })));
        break;
      case "resolved":
        note = localize("CYCHOSYS.D6.Card.dueApply", { name: struck.name });
        if (may(struck.actorUuid)) buttons.push(button("apply", localize("CYCHOSYS.D6.Card.apply")));
        break;
      case "applied": {
        const application = currentApplication(target);
        if (application && may(application.struck.actorUuid)) buttons.push(button("undo", localize("CYCHOSYS.D6.Card.undo")));
        break;
      }
    }
    return {
      index,
      name: target.target.name,
      showName: !single,
      phase,
      phaseLabel: localize(`CYCHOSYS.D6.Card.phase.${phase}`, { name: struck.name }),
      outcome: outcomeOf(flow, target, resolution, phase, localize),
      ...(note && { note: sentenceCase(note) }),
      rolls,
      ...(odds && { odds }),
      buttons,
      workingLabel: localize(HOUSE_KEYS.working),
      working,
    };
  });
  // The attack roll against its difficulty, once announced, for one target; its tone says hit or miss.
  const announced = single && flow.targets[0]!.announced && first?.difficulty ? first : undefined;
  const frame = cardFrameView(
    {
      cardClass: "attack-card d6-attack-card",
      // "The thug attacks Kira": a name that opens the title takes its capital.
      title: sentenceCase(attackTitle(flow.attacker.name, flow.targets.map((t) => t.target.name), localize)),
      subtitle: localize("CYCHOSYS.D6.Card.weapon", { weapon: sentenceCase(flow.attack.weapon), skill: flow.attack.skill }),
      ...(attack && {
        roll: {
          label: localize("CYCHOSYS.D6.Card.roll"),
          diceLabel: localize(HOUSE_KEYS.dice),
          dice: houseDice(attack.reading, localize, rules),
          total: String(attack.total),
          ...(announced && { against: localize("CYCHOSYS.D6.Card.against", { difficulty: announced.difficulty!.final }), tone: announced.hit ? ("good" as const) : ("miss" as const) }),
        },
      }),
    },
    localize,
  );
  return {
    ...frame,
    ...(attack?.reading.complication && { complication: localize("CYCHOSYS.D6.Card.complication") }),
    targets: panels,
    pending: !!flow.pending,
  };
}
