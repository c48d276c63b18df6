/**
 * What a GURPS attack card shows one user (docs/rulesets/gurps.md, "On the
 * table"), on the house card frame (docs/style.md): the title "Louis attacks
 * Pierre"; the weapon, line and maneuver; the 3d6 faces and the big total
 * against effective skill; the outcome headline — who takes what — with its
 * shock and wounds (card-outcome.ts); then GURPS's own sections: every skill
 * modifier with its rule, the defense the defender's owner is asked for —
 * only the legal ones, each with its score and variants; the rolls still
 * owed, each with its roller and a button for whoever may roll it; the
 * injury's figures; criticals as the GM-adjudicated table roll (G86); apply
 * and undo; and the whole resolution in words, collapsed (the core's
 * explanation, each line citing its rule). Pure.
 */
import type { FlowUser } from "../../../core/ruleset.js";
import { english, type Localize } from "../../../core/messages.js";
import { attackTitle, type CardButtonView, cardFrameView, type CardFrameView, diceView, HOUSE_KEYS } from "../../../core/views/house.js";
import { figure, sentenceCase } from "../../../core/views/text.js";
import { defenseOptionLabel, explainGurps, GURPS_STANDARD_RULES, type GurpsAttackInput, type GurpsDefenderInput, type GurpsResolution, type GurpsRules, resolveGurpsAttack } from "../rules/index.js";
import { cardOwed, currentApplication, type GurpsFlow, type GurpsPhase, inputOf, mayRoll, phaseOf, resolutionOf, rollerRef } from "../workflow/flow.js";
import { type DefenseChoiceView, defenseChoiceView, type InjuryView, injuryView, type ModifierView, modifierViews, type OwedRollView, owedRollView } from "./card-parts.js";
import { gurpsOutcomeView } from "./card-outcome.js";
import { gurpsCardOddsTable } from "./odds.js";
import { templatePath } from "../../../core/views/templates.js";

export const GURPS_ATTACK_CARD_TEMPLATE = templatePath("gurps/chat/attack-card.hbs");

const N = "CYCHOSYS.Gurps.";
const C = "CYCHOSYS.Gurps.Card.";

/** The card: the house frame (title, subtitle, roll, outcome, buttons, working) and GURPS's own sections. */
export interface GurpsCardView extends CardFrameView {
  attack: { dice: number[]; total: number; effective: number; base: number; modifiers: ModifierView[]; cap: number | null; outcome: string; critical: "success" | "failure" | null; success: boolean } | null;
  pending: boolean;
  target: {
    name: string;
    phase: GurpsPhase;
    phaseLabel: string;
    defense: DefenseChoiceView | null;
    defenses: string[];
    rolls: OwedRollView[];
    criticals: string[];
    injury: InjuryView | null;
    self: InjuryView | null;
    effects: string[];
    applied: string | null;
    refreshed: boolean;
    explain: string[];
  };
}

const NOBODY: FlowUser = { id: "", isGM: false, owns: () => false };

export interface CardOptions {
  localize?: Localize;
  rules?: Readonly<GurpsRules>;
  /**
   * The defender's round as this client reads it now (his maneuver, what he
   * used since his last turn, readiness): the defense buttons are drawn from
   * it, as the GM will check them (steps.ts reads the same at the defense).
   */
  freshDefender?: Partial<GurpsDefenderInput> | null;
  /**
   * G86: the critical tables as this client found them (a world RollTable
   * flagged `flags.cychosys.gurpsTable`, else the compendium's): null when
   * none is found; its results by 3d6 range. Absent: not looked up.
   */
  tables?: Partial<Record<"hit" | "miss", CriticalTable | null>>;
  /**
   * docs/odds.md: this user may see odds of the defense (the world's setting
   * and the defender's sheet, src/foundry/odds.ts); drawn only for the one
   * asked to defend.
   */
  odds?: boolean;
}

/** A critical table's name and results (RollTable results: a range of 3d6 totals and their text). */
export interface CriticalTable {
  name: string;
  results: readonly { range: readonly [number, number]; text: string }[];
}

/** G86: what the table says of a rolled total — its result, or that it is empty or missing and the GM adjudicates. */
export function criticalTableLine(kind: "hit" | "miss", roll: number, table: CriticalTable | null | undefined, localize: Localize): string | null {
  if (table === undefined) return null;
  const name = localize(`${N}Table.${kind}`);
  if (table === null) return localize(`${C}tableMissing`, { table: name, roll });
  if (!table.results.length) return localize(`${C}tableEmpty`, { table: name, name: table.name, roll });
  const hit = table.results.find((r) => roll >= r.range[0] && roll <= r.range[1]);
  return hit ? localize(`${C}tableResult`, { name: table.name, roll, text: hit.text }) : localize(`${C}tableEmpty`, { table: name, name: table.name, roll });
}

/** The input and resolution the defense buttons are drawn from: the first defense over the defender as he is now. */
function defenseBasis(flow: GurpsFlow, r: GurpsResolution, fresh: Partial<GurpsDefenderInput> | null | undefined, rules: Readonly<GurpsRules>): { input: GurpsAttackInput; resolution: GurpsResolution } {
  const input = inputOf(flow.targets[0]!);
  if (!fresh || (input.defenses ?? []).length > 0) return { input, resolution: r };
  const now = { ...input, defender: { ...input.defender, ...fresh } };
  return { input: now, resolution: resolveGurpsAttack(now, rules) };
}

export function gurpsAttackCardView(flow: GurpsFlow, viewer: FlowUser, o: CardOptions = {}): GurpsCardView {
  const localize = o.localize ?? english;
  const rules = o.rules ?? GURPS_STANDARD_RULES;
  const user = flow.pending ? NOBODY : viewer;
  const t = flow.targets[0]!;
  const input = inputOf(t);
  const r = resolutionOf(t, rules);
  const phase = phaseOf(t, r);
  const names = { attacker: flow.attacker.name, defender: t.target.name };
  const explainNames = { ...names, items: t.items };
  const a = flow.attack;
  const maneuver = localize(`${N}Maneuver.${a.maneuver}`) + (a.aoaOption ? ` (${localize(`${N}AoaOption.${a.aoaOption}`)})` : "");
  const outcome = gurpsOutcomeView(r, phase, names, localize);
  const attack = r.attack && r.skill
    ? {
        dice: [...(r.attackFaces ?? [])], total: r.attack.roll, effective: r.attack.effective, base: r.skill.base, modifiers: modifierViews(r.skill.modifiers, localize), cap: r.skill.cap,
        outcome: sentenceCase(localize(`${C}${r.attack.success ? "hitBy" : "missBy"}`, { margin: Math.abs(r.attack.margin) })), critical: r.attack.critical, success: r.attack.success,
      }
    : null;

  // G58–G68: the defense, only while one is owed; its buttons for the defender's owner (or the GM).
  const owedDefense = cardOwed(r).find((x) => /^defenses\[\d\]$/.test(x.id));
  let defense: DefenseChoiceView | null = null;
  if (phase === "awaitingDefense" && owedDefense) {
    const basis = defenseBasis(flow, r, o.freshDefender, rules);
    // G28: a second defense (All-Out Defense, Double): what is legal after the first, the first excluded (the core's).
    const legal = owedDefense.id === "defenses[0]" ? basis.resolution.legal : r.secondLegal;
    if (legal) defense = defenseChoiceView(legal, { asks: mayRoll(flow, "defender", user), second: owedDefense.id !== "defenses[0]", fromFront: input.fromFront !== false, acrobatics: input.defender.acrobatics ?? null, items: t.items }, localize);
    // docs/odds.md: each answer's odds for the one asked, from the same legal list the buttons are drawn from, the roll known.
    if (defense && legal && !legal.none && defense.asks && o.odds && r.attack) {
      const odds = gurpsCardOddsTable(basis.input, r.attack.roll, legal, t.items, localize, rules);
      if (odds) defense.odds = odds;
    }
  }
  const rollerName = (who: "attacker" | "defender" | "gm") => rollerRef(flow, who)?.name ?? localize(`${N}Roller.gm`);
  const applied = currentApplication(t);
  const rolls = phase === "applied" ? [] : cardOwed(r).filter((x) => !/^defenses\[\d\]$/.test(x.id)).map((x) => owedRollView(x, r, rollerName(x.who), mayRoll(flow, x.who, user), localize));
  // Each step a sentence (a name that opens it takes its capital), labels not ids, figures with a true minus.
  const line = (key: string, params: Record<string, string | number>) => sentenceCase(localize(key, params));
  const defenses = r.defenses.filter((d) => d.chosen.roll).map((d) => {
    const name = defenseOptionLabel(d.chosen.option.id, t.items, localize);
    const extras = [d.chosen.retreat && localize(`${C}withRetreat`), d.chosen.dodgeAndDrop && localize(`${C}andDrop`), d.chosen.acrobatic && localize(`${C}acrobatically`)].filter(Boolean).join(", ");
    return line(`${C}defended`, {
      name: names.defender, defense: extras ? `${name}, ${extras}` : name, effective: figure(d.chosen.effective ?? 0), roll: d.chosen.roll!.roll,
      result: localize(`${C}${d.chosen.roll!.success ? "defenseHolds" : "defenseFails"}`, { margin: Math.abs(d.chosen.roll!.margin) }) + (d.chosen.roll!.critical ? localize(`${N}Explain.critical.${d.chosen.roll!.critical}`) : ""),
    });
  });
  if (r.declined) defenses.push(line(`${N}Explain.declined`, { defender: names.defender }));
  const criticals = r.criticals.flatMap((c) => {
    const said = line(`${C}critical.${c.roll === null ? "owed" : "rolled"}`, { table: localize(`${N}Table.${c.table}`), who: c.who === "attacker" ? names.attacker : names.defender, roll: c.roll ?? 0, rule: c.rule });
    const table = c.roll === null ? null : criticalTableLine(c.table, c.roll, o.tables?.[c.table], localize);
    return table ? [said, table] : [said];
  });
  const effects = r.effects.map((e) => line(`${N}Explain.effect`, { who: e.who === "attacker" ? names.attacker : names.defender, effect: localize(`${N}Effect.${e.key}`), rule: e.rule }));
  const may = (uuid: string) => user.isGM || user.owns(uuid);
  const buttons: CardButtonView[] = [];
  if (phase === "resolved" && (!r.victim || may(t.target.actorUuid)) && (!r.self || may(flow.attacker.actorUuid))) {
    const injury = r.victim?.injury ?? r.self?.injury ?? 0;
    buttons.push({ action: "apply", label: injury > 0 ? localize(`${C}applyInjury`, { injury: figure(injury) }) : localize(`${C}apply`) });
  }
  if (applied && applied.struck.every((s) => may(s.ref.actorUuid))) buttons.push({ action: "undo", label: localize(`${C}undo`) });
  const appliedText = applied
    ? applied.struck.map((s) => line(`${C}applied`, { name: s.ref.name, injury: figure(s.injury), before: figure(s.hpBefore), after: figure(s.hpAfter) })).join(" ")
    : null;
  const working = explainGurps({ kind: "attack", resolution: r }, explainNames, localize).map((l) => l.text);
  const frame = cardFrameView({
    cardClass: "attack-card gurps-attack-card",
    title: attackTitle(names.attacker, [names.defender], localize),
    subtitle: sentenceCase(localize(`${C}weapon`, { weapon: a.weapon, line: a.line || String(a.lineIndex + 1), maneuver })),
    ...(attack && {
      roll: {
        label: localize(`${C}rollLabel`), diceLabel: localize(HOUSE_KEYS.dice), dice: diceView(attack.dice), total: figure(attack.total), against: `/ ${figure(attack.effective)}`,
        tone: attack.success ? "hit" : "miss",
      },
    }),
    ...(outcome && { outcome }),
    buttons,
    working,
  }, localize);
  return {
    ...frame,
    attack,
    pending: !!flow.pending,
    target: {
      name: names.defender, phase, phaseLabel: localize(`${C}phase.${phase}`, names), defense, defenses, rolls, criticals,
      injury: r.victim ? injuryView(r.victim, names.defender, localize) : null, self: r.self ? injuryView(r.self, names.attacker, localize) : null, effects,
      applied: appliedText, refreshed: !!t.refreshed, explain: working,
    },
  };
}
