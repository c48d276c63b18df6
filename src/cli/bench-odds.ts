/**
 * The odds' benchmark cases (docs/odds.md), bundled by `npm run bench` with
 * the rules cores and timed there: one Cychosys attack against each form
 * with six dice a side, the same for OpenD6 against an interrupt, the
 * attack dialog's update after an effect is added, and the duel simulators.
 * Each case returns a function to time; the actors are the compendium's
 * (packs/_source), read by bench.ts (this module is bundled for a browser
 * target: no Node built-ins here).
 */
import type { DiceSource, Ruleset } from "../core/ruleset.js";
import { readCychosysFighter } from "../rulesets/cychosys/duel/fighter.js";
import { type CychosysOddsQuery, DEFENSE_FORMS, formOdds, makeRules, normalizeCovers, parseBundle } from "../rulesets/cychosys/rules/index.js";
import { attackDialogView } from "../rulesets/cychosys/views/dialogs.js";
import type { OddsSide } from "../rulesets/cychosys/workflow/odds-query.js";
import { choiceOdds, type D6OddsQuery, parseDieCode, parseWeaponDamage } from "../rulesets/d6/rules/index.js";
import { seededDice } from "./prng.js";

const outfit = [
  { shield: parseBundle("RH1"), covers: ["chest", "leftArm", "rightArm"] as ("chest" | "leftArm" | "rightArm")[], layer: "worn" as const, weight: 1 },
  { shield: parseBundle("BBDD2"), covers: normalizeCovers("all"), layer: "skin" as const, weight: 2 },
];

/** Six Cychosys dice on each side, every form offered (a counter with its own weapon, a parry on a chair). */
export function cychosysQuery(): CychosysOddsQuery {
  const six = (stat: number) => ({ dice: 6, static: stat });
  return {
    attack: { total: six(14), again: six(14), edge: parseBundle("VFD6"), outfit },
    defender: { outfit, evade: six(16), brave: six(12), parry: { ...six(15), object: { shield: parseBundle("B2"), hits: 3 } }, counter: { ...six(15), edge: parseBundle("BR3") } },
  };
}

/** One form's odds, warm (the dialog asking again) or cold (a fresh rules object: nothing remembered). */
export function cychosysForm(form: (typeof DEFENSE_FORMS)[number], cold = false): () => unknown {
  const query = cychosysQuery();
  return () => formOdds(form, query, undefined, cold ? makeRules() : undefined).mass;
}

export function cychosysAllForms(cold = false): () => unknown {
  const query = cychosysQuery();
  return () => {
    const rules = cold ? makeRules() : undefined;
    let sum = 0;
    for (const form of DEFENSE_FORMS) sum += formOdds(form, query, undefined, rules).mass;
    return sum;
  };
}

/** An OpenD6 attack of 5D+1 against an interrupting parry of 4D+2 with a blade, over a dodge in force. */
export function d6Choice(): () => unknown {
  const c = parseDieCode;
  const query: D6OddsQuery = {
    input: {
      attacker: { skill: c("5D+1"), strength: c("3D+2"), armor: c("1D"), weapon: { mode: "unarmed", damage: parseWeaponDamage("+1D"), edged: false } },
      defender: { strength: c("3D"), armor: c("1D+1"), wounds: { level: "wounded", untilRound: null }, defenses: [{ skill: "dodge", mode: "partial", total: 12 }] },
    },
  };
  const parry = { skill: "parry" as const, code: c("4D+2"), weapon: { damage: parseWeaponDamage("3D+1"), edged: true } };
  return () => choiceOdds(query, parry).mass;
}


/**
 * The attack dialog redrawn after each change of its added effects (27
 * changes, each a new edge), one target: `pass(target)` opens the dialog
 * afresh (nothing remembered for its sides) and returns the changes to time.
 */
export function dialogUpdates(actors: { thorton: unknown }): { pass: (target: unknown) => (() => unknown)[] } {
  const thorton = readCychosysFighter(actors.thorton);
  const sideOf = (f: typeof thorton): OddsSide => ({ totals: f.derived.totals, outfit: f.derived.outfit, extraSoakSteps: 0, gear: f.gear });
  const gear = thorton.gear[0]!;
  const letters = ["D", "B", "P", "X", "R", "F", "V", "T", "S"];
  const changes = letters.flatMap((letter) => [1, 2, 3].map((n) => ({ [letter]: n })));
  return {
    pass: (target) => {
      const defender = readCychosysFighter(target);
      const odds = { attacker: sideOf(thorton), targets: [{ name: defender.name, side: sideOf(defender) }] };
      return changes.map((counts) => () => attackDialogView({ actorName: thorton.name, gear, totals: thorton.derived.totals, values: { totalKey: `gear:${gear.id}`, modifier: 0, counts, location: "", nonLethal: "" }, odds }).odds?.lines.length);
    },
  };
}

/** A ruleset's duel simulator (Ruleset.duel) with two compendium actors and a seeded dice source. */
export function duels(ruleset: Ruleset, actors: [unknown, unknown]): { play: () => unknown; names: string } {
  const roll: DiceSource = seededDice(1);
  const duel = ruleset.duel!;
  const [a, b] = [duel.fighter(actors[0]), duel.fighter(actors[1])];
  const nameOf = (json: unknown) => String((json as { name?: unknown }).name ?? "?");
  return { play: () => duel.play(a, b, roll, 100).rounds, names: `${nameOf(actors[0])} vs ${nameOf(actors[1])}` };
}
