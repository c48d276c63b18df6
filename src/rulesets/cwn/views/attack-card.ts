/**
 * What a CWN attack card shows one user (docs/rulesets/cwn.md, "On the
 * table"), in the house anatomy (docs/style.md, the card frame): the title
 * "A attacks B", the weapon and the manner, the d20 with its big total
 * against the AC (W13, W14; shown while a screen's checks are still owed,
 * W26), the outcome headline — who takes what, soak and hit points (W19),
 * a Traumatic Hit (W15, W38) and going down in its colour — then CWN's own
 * sections: the Trauma Die and damage dice, a screen's checks (W26, W40),
 * the target's answer with Total Defense after the roll (W7, W27) with its
 * odds, the GM's downed choice (W19); the buttons this user may press; the
 * working (the core's explanation, with rule ids) collapsed. Pure.
 */
import type { FlowUser } from "../../../core/ruleset.js";
import { english, type Localize } from "../../../core/messages.js";
import { attackTitle, cardFrameView, type CardButtonView, type CardFrameView, type DieMark, diceView, HOUSE_KEYS, type OutcomeView, type RollLineView, type Tone } from "../../../core/views/house.js";
import { oddsTable, type OddsTableView, percent } from "../../../core/views/odds.js";
import { figure, listText, sentenceCase, signed } from "../../../core/views/text.js";
import { explainCwnAttack } from "../rules/explain.js";
import { cwnAttackOdds } from "../rules/odds.js";
import { CWN_STANDARD_RULES, type CwnRules } from "../rules/options.js";
import { type CwnResolution, resolveCwnAttack, screenCheckOf } from "../rules/resolve.js";
import { screenBar } from "../rules/screen.js";
import { DOWNED_STATES } from "../rules/types.js";
import { currentApplication, type CwnFlow, phaseOf, resolutionOf, screenOwed, struckOf } from "../workflow/flow.js";

export const CWN_ATTACK_CARD_TEMPLATE = "systems/cychosys/templates/cwn/chat/attack-card.hbs";

const K = "CYCHOSYS.Cwn.Card.";
const NOBODY: FlowUser = { id: "", isGM: false, owns: () => false };

/** What the card view needs beyond the flow: whether this user is shown odds (the world setting, src/foundry/odds.ts). */
export interface CwnCardOptions {
  odds?: boolean;
}

export interface CwnScreenRow {
  name: string;
  roll: string | null;
  total: number | null;
  ac: number | null;
  status: string;
}

export interface CwnCardView extends CardFrameView {
  cwn: true;
  phase: string;
  pending: boolean;
  /** W24: the swarm whose blow this is. */
  swarm: string | null;
  /** The Trauma Die and the damage dice, each a roll line of its own (W15, W16). */
  rolls: RollLineView[];
  /** W26, W40: the screen's checks, the attacker first. */
  screen: CwnScreenRow[];
  /** W7, W27: the target's answer after the roll: what it means, and the odds of each answer for who may give it. */
  defense: { text: string; odds?: OddsTableView } | null;
  /** The odds while a screen decides who is struck (the target's owner and the GM). */
  screenOdds?: OddsTableView;
  /** W19: the GM's choice of the four states, the current one marked. */
  downedChoices: { value: string; label: string; selected: boolean }[];
}

/** A d20's face marked as W14 reads it: a natural 20 always hits, a natural 1 always misses. */
const d20Marks = (rules: Readonly<CwnRules>) => (face: number | string): DieMark[] => (Number(face) >= rules.naturalHit ? ["max"] : Number(face) <= rules.naturalMiss ? ["min"] : []);

/** W26: the attacker's screen check total once its 2d6 are rolled (the screeners' may still be owed). */
function attackerScreenTotal(flow: CwnFlow, rules: Readonly<CwnRules>): number | null {
  const dice = flow.input.screen?.attackerDice ?? [];
  if (!dice.length) return null;
  const { skill, strDex } = screenCheckOf(flow.input.attacker, rules);
  return dice.reduce((n, f) => n + f, 0) + skill + strDex;
}

/** The headline: who takes what, in its colour, with what comes with it (W15, W19, W20). */
function outcomeOf(flow: CwnFlow, resolution: CwnResolution, struck: string, localize: Localize): OutcomeView {
  const h = resolution.harm;
  const say = (key: string, params: Record<string, string | number> = {}) => localize(`${K}outcome.${key}`, params);
  if (!h) return { text: say("pending"), tone: "neutral" };
  if (h.alreadyDown) return { text: sentenceCase(say("alreadyDown", { name: struck })), tone: "miss" };
  const details: { text: string; tone: Tone }[] = [];
  if (resolution.trauma?.traumatic) details.push({ text: localize(`${K}traumatic`, { rating: resolution.trauma.rating }), tone: "wound" });
  if (h.damage === 0) return { text: sentenceCase(say(resolution.hit ? "nothing" : "miss", { name: struck })), tone: "miss", details };
  const shock = !resolution.hit;
  const kind = localize(`${K}${shock ? "shock" : "damage"}`);
  const text = h.hpLost > 0
    ? say("hp", { name: struck, amount: h.damage, kind, before: h.hpBefore, after: h.hpAfter })
    : say("soakOnly", { name: struck, amount: h.damage, kind, before: h.soakBefore, after: h.soakAfter });
  if (h.soaked > 0 && h.hpLost > 0) details.push({ text: say("soak", { before: h.soakBefore, after: h.soakAfter }), tone: "neutral" });
  const application = currentApplication(flow);
  const down = application ? application.downedAfter : h.downed;
  if (down) details.push({ text: say("down", { state: localize(`CYCHOSYS.Cwn.Downed.${down}`) }), tone: "wound" });
  if (h.injury) details.push({ text: say("injury"), tone: "wound" });
  if (application) details.push({ text: say("applied"), tone: "good" });
  return { text: sentenceCase(text), tone: shock ? "shock" : "hit", details };
}

export function cwnAttackCardView(flow: CwnFlow, viewer: FlowUser, localize: Localize = english, rules: Readonly<CwnRules> = CWN_STANDARD_RULES, options: CwnCardOptions = {}): CwnCardView {
  const user = flow.pending ? NOBODY : viewer;
  const may = (uuid: string) => user.isGM || user.owns(uuid);
  const phase = phaseOf(flow, rules);
  const owed = screenOwed(flow, rules);
  const target = flow.targets[0]!.target;
  const input = flow.input;
  const screen = input.screen;
  // While the screen's checks are owed the core cannot go past the screen: the d20 is read against the target as if unscreened (W26, issue 24).
  const resolution = owed ? null : resolutionOf(flow, rules);
  const unscreened = (() => {
    if (!screen) return resolution;
    const { screen: _screen, ...rest } = input;
    return resolveCwnAttack(rest, rules);
  })();
  const names = { attacker: flow.attacker.name, defender: target.name, screeners: flow.screeners.map((s) => s.ref.name) };
  const working = resolution ? explainCwnAttack(resolution, names, localize).map((l) => l.text) : [localize(`${K}screenWaiting`, { name: target.name })];
  const struck = resolution && phase !== "screenChoice" ? struckOf(flow, resolution) : null;

  // The d20 and its total against the AC of who is struck (or the target, while the screen decides).
  const shown = resolution && phase !== "screenChoice" ? resolution : unscreened;
  const hit = shown?.hit ?? null;
  const roll: RollLineView | undefined = shown?.hitRoll
    ? {
        label: localize(`${K}attackRoll`),
        diceLabel: localize(HOUSE_KEYS.dice),
        dice: diceView([input.roll], d20Marks(rules)),
        total: figure(shown.hitRoll.total),
        against: localize(`${K}againstAc`, { ac: shown.ac!.total, name: resolution?.target === "screener" ? struck!.name : target.name }),
        tone: owed || phase === "screenChoice" ? "neutral" : hit ? "good" : "miss",
      }
    : undefined;

  // Trauma Die and damage: small roll lines of their own, once the blow lands (W15, W16).
  const rolls: RollLineView[] = [];
  if (resolution?.hit && !owed) {
    if (resolution.trauma) {
      rolls.push({
        label: localize(`${K}traumaDie`), diceLabel: localize(`${K}traumaDie`), dice: diceView(resolution.trauma.faces), total: figure(resolution.trauma.roll),
        against: localize(`${K}againstTrauma`, { target: resolution.trauma.target }), tone: resolution.trauma.traumatic ? "wound" : "neutral",
      });
    }
    if (resolution.damage) {
      rolls.push({
        label: localize(`${K}damageDice`), diceLabel: localize(`${K}damageDice`), dice: diceView(input.damageDice ?? []), total: figure(resolution.damage.total),
        ...(resolution.damage.multiplier !== 1 && { against: localize(`${K}multiplied`, { before: resolution.damage.beforeTrauma, rating: resolution.damage.multiplier }) }),
        tone: "hit",
      });
    }
  }

  // The outcome headline.
  let outcome: OutcomeView;
  if (owed) outcome = { text: sentenceCase(localize(`${K}outcome.screen`, { name: target.name })), tone: "neutral" };
  else if (phase === "screenChoice") outcome = { text: sentenceCase(localize(`${K}outcome.screenChoice`, { name: flow.attacker.name })), tone: "neutral" };
  else outcome = outcomeOf(flow, resolution!, struck!.name, localize);

  // W26, W40: the screen's checks, each with the AC the attack would meet.
  const screenRows: CwnScreenRow[] = screen
    ? [
        { name: flow.attacker.name, roll: screen.attackerDice.length ? screen.attackerDice.join(" + ") : null, total: attackerScreenTotal(flow, rules), ac: null, status: screen.attackerDice.length ? "" : sentenceCase(localize(`${K}screenToRoll`)) },
        ...screen.screeners.map((s, i) => {
          const bar = screenBar(s, flow.attack.kind, rules);
          const check = resolution?.screen?.screeners[i];
          const status = bar ? localize(`CYCHOSYS.Cwn.ScreenBar.${bar}`) : !s.dice?.length ? localize(`${K}screenToRoll`) : check ? localize(`${K}${check.held ? "screenHeld" : "screenPassed"}`) : "";
          return { name: flow.screeners[i]!.ref.name, roll: s.dice?.length ? s.dice.join(" + ") : null, total: check?.total ?? null, ac: s.defender.ac[flow.attack.kind === "melee" ? "melee" : "ranged"], status: sentenceCase(status) };
        }),
      ]
    : [];

  // The odds a defender reads (docs/odds.md): while the screen decides, and in the Total Defense window; for the target's owner and the GM.
  const answering = may(target.actorUuid) && options.odds === true;
  const answerLabel = (d: string) => localize(`${K}answer.${d}`);
  const query = () => ({ input, totalDefenseOpen: !!flow.defense?.open && !flow.defense.answer });
  let screenOdds: OddsTableView | undefined;
  if (answering && owed) {
    const odds = cwnAttackOdds(query(), rules);
    const screened = odds.defenses[0]!.outcomes.screened ?? 0;
    screenOdds = oddsTable(odds, answerLabel, localize, localize(`${K}screenOdds`, { chance: percent(screened, localize), names: listText(flow.screeners.map((s) => s.ref.name)) }));
  }
  const defense = phase === "defense"
    ? { text: sentenceCase(localize(`${K}defenseOffer`, { name: target.name })), ...(answering && { odds: oddsTable(cwnAttackOdds(query(), rules), answerLabel, localize, localize(`${K}defenseCost`)) }) }
    : null;

  // Buttons, only for who may press them.
  const buttons: CardButtonView[] = [];
  const button = (action: string, label: string, data: Record<string, string | number> = {}) => buttons.push({ action, label, data: Object.entries(data).map(([name, value]) => ({ name, value: String(value) })) });
  if (owed) {
    if (owed.attacker && may(flow.attacker.actorUuid)) button("screen", localize(`${K}rollScreen`, { name: flow.attacker.name }));
    for (const i of owed.screeners) if (may(flow.screeners[i]!.ref.actorUuid)) button("screen", localize(`${K}rollScreen`, { name: flow.screeners[i]!.ref.name }), { screener: i });
  } else if (phase === "screenChoice" && may(flow.attacker.actorUuid)) {
    for (const i of resolution!.screen!.tied) button("screenChoice", localize(`${K}pickScreener`, { name: flow.screeners[i]!.ref.name }), { screener: i });
  }
  if (phase === "defense" && may(target.actorUuid)) {
    button("defense", localize(`${K}answer.totalDefense`), { answer: "totalDefense" });
    button("defense", localize(`${K}answer.none`), { answer: "none" });
  }
  if (phase === "resolved" && struck && may(struck.actorUuid)) button("apply", localize(`${K}apply`, { name: struck.name, amount: resolution!.harm!.damage }));
  const application = currentApplication(flow);
  if (application && may(application.struck.actorUuid)) button("undo", localize(`${K}undo`));
  const downedChoices =
    application?.downedAfter && user.isGM
      ? DOWNED_STATES.filter((s) => s !== "none").map((s) => ({ value: s, label: sentenceCase(localize(`CYCHOSYS.Cwn.Downed.${s}`)), selected: s === application.downedAfter }))
      : [];

  const situation = [
    localize(`${K}action.${flow.attack.action}`),
    localize(`${K}distance.${input.distance ?? "adjacent"}`),
    ...(input.adjacentFoe && input.adjacentFoe !== "none" ? [localize(`${K}adjacentFoe.${input.adjacentFoe}`)] : []),
    ...(input.attacker.hitModifiers ?? []).map((m) => `${m.label} ${signed(m.value)}`),
    ...(flow.defense?.answer === "totalDefense" ? [localize(`${K}inTotalDefense`, { name: target.name })] : []),
    localize(`${K}${flow.attack.measured ? "measured" : "declared"}`),
    localize(`${K}${input.lethal === false ? "nonLethal" : "lethal"}`),
  ];
  return {
    ...cardFrameView(
      {
        cardClass: `cwn-attack-card phase-${phase}`,
        title: sentenceCase(attackTitle(flow.attacker.name, [target.name], localize)),
        subtitle: sentenceCase([flow.attack.weapon, ...situation].join(" \u00b7 ")),
        ...(roll && { roll }),
        outcome,
        buttons,
        working,
      },
      localize,
    ),
    cwn: true,
    phase,
    pending: !!flow.pending,
    swarm: flow.attack.swarm ? localize(`${K}swarm`, { participants: flow.attack.swarm.participants, standing: flow.attack.swarm.standing }) : null,
    rolls,
    screen: screenRows,
    defense,
    ...(screenOdds && { screenOdds }),
    downedChoices,
  };
}
