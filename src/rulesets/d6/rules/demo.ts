/**
 * The chapter's own examples and seed checks, run through the D6 engine and
 * narrated line by line (as src/cli/demo-log.ts does for Cychosys). Every
 * figure comes from the rules core; this file only stages the scenes.
 */
import { english, englishString } from "../../../core/messages.js";
import { pluralKey, sentenceCase } from "../../../core/views/text.js";
import { narration } from "../../../core/narration.js";
import { aimAt, aimDice, canInterrupt, declareActions, newCombatantRound, roundPenaltyDice, startRound, takePartialDefense, takeWait } from "./actions.js";
import { rollActiveDefense } from "./defense.js";
import { formatDieCode, parseDieCode, parseWeaponDamage } from "./die-code.js";
import { reachBands } from "./difficulty.js";
import { damageBonus, damageCode, strengthDamageDice } from "./damage.js";
import { explainD6Attack } from "./explain.js";
import { initiativeBonus, initiativeOrder, rollInitiative } from "./initiative.js";
import { D6_STANDARD_RULES, type D6Rules } from "./options.js";
import { readD6Scenario, resolveD6Scenario } from "./scenario.js";
import { D6_SEED_SCENARIOS } from "./seed-scenarios.js";
import { multiActionPenaltyDice } from "./skill-roll.js";

const DEMO = "CYCHOSYS.D6.Demo.";
/** A demo line: sentence case, as every line of narration (a name that opens it takes its capital). */
const t = (key: string, params: Record<string, unknown> = {}) => sentenceCase(english(`${DEMO}${key}`, params));
/** A counted phrase in its plural form ("1 action left", "0 actions left"). */
const counted = (key: string, count: number, params: Record<string, unknown> = {}) => english(pluralKey(`${DEMO}${key}`, count, (k) => englishString(k) !== undefined), { ...params, count });
const code = parseDieCode;

/** The narrated lines of the seed's examples (`npm run demo` can print them after Cychosys's). */
export function d6DemoScript(rules: Readonly<D6Rules> = D6_STANDARD_RULES): string[] {
  const { lines: out, line, heading } = narration();
  const scenario = (name: string) => {
    const s = readD6Scenario(D6_SEED_SCENARIOS[name], rules);
    for (const l of explainD6Attack(resolveD6Scenario(s), s.names)) line(`  ${l.text}`);
  };

  line(t("title"));
  line(t("intro"));

  // Initiative (D5–D9) and the thug (seed check 2: D5, D11, D13, D14, D18).
  heading(t("thugTitle"));
  const kiraBonus = initiativeBonus({ perception: code("3D"), search: code("5D+1"), agility: code("4D") }, rules);
  line(t("bonus", { name: "Kira", search: kiraBonus.fromSearch, agility: kiraBonus.fromAgility, bonus: kiraBonus.bonus }));
  const kira = rollInitiative({ perception: code("3D"), roll: { dice: [2, 1], wild: [3] }, bonus: kiraBonus.bonus, characterPointDice: [[6, 2]] }, rules);
  line(t("initiative", { name: "Kira", roll: kira.reading.total, bonus: kira.bonus, points: kira.characterPointDice.join(" + ") || "0", total: kira.total }));
  const thug = rollInitiative({ perception: code("2D+1"), roll: { dice: [6], wild: [6, 5] }, bonus: 0 }, rules);
  line(t("initiative", { name: "the thug", roll: thug.reading.total, bonus: 0, points: "0", total: thug.total }));
  const order = initiativeOrder(
    [
      { id: "the thug", total: thug.total },
      { id: "Kira", total: kira.total, playerCharacter: true },
    ],
    [{ id: "Kira", position: 0 }],
  );
  line(t("override", { order: order.map((o) => `${o.id} (${o.total})`).join(", ") }));
  let her = declareActions(newCombatantRound(1), 2, {}, rules);
  her = takeWait(her, rules);
  line(t("waits", { name: "Kira", declared: her.declared ?? 0, left: her.declared! - her.used, penalty: roundPenaltyDice(her, rules) }));
  line(t("interrupt", { name: "Kira", can: english(`${DEMO}${canInterrupt(her) ? "yes" : "no"}`) }));
  const dodge = rollActiveDefense(
    { skill: "dodge", mode: "partial", code: code("4D"), declared: her.declared, faces: { dice: [5, 3], wild: [4] } },
    "dodge roll",
    rules,
  );
  her = takePartialDefense(her, dodge.defense, { interrupting: true }, rules);
  line(t("dodge", { name: "Kira", code: formatDieCode(dodge.roll.plan.code), total: dodge.defense.total, left: counted("actionsLeft", her.declared! - her.used) }));
  scenario("thug-swings-at-interrupt-dodge");

  // Seed checks 1 and 3: the multi-action penalty (D12).
  heading(t("actionsTitle"));
  for (const [n, free] of [[1, 1], [4, 1], [3, 2]] as const) {
    const dice = multiActionPenaltyDice(n, free, rules);
    line(counted("actions", n, { free, penalty: dice ? english(`${DEMO}penalty`, { dice }) : english(`${DEMO}noPenalty`) }));
  }

  // Seed checks 4–6: defenses and the floor (D17, D18, D23, D26).
  heading(t("fullTitle"));
  scenario("full-defense-against-blaster");
  heading(t("floorTitle"));
  scenario("floor-of-three-shot");

  // Seed check 7: reach (D27).
  heading(t("reachTitle"));
  for (const [what, mode, length] of [["fists", "unarmed", 0], ["club (1 m)", "melee", 1], ["support beam (3 m)", "melee", 3], ["blaster", "ranged", 0]] as const) {
    line(t("reach", { what, bands: reachBands(mode, length, rules).map((b) => english(`CYCHOSYS.D6.Range.${b}`)).join(", ") }));
  }
  scenario("support-beam-at-short-range");

  // Seed check 8: aim (D29).
  heading(t("aimTitle"));
  let aim = newCombatantRound(1);
  for (let round = 1; round <= 4; round++) {
    aim = aimAt(round === 1 ? aim : startRound(aim, round), "the thug", rules);
    line(t("aim", { round, dice: aimDice(aim.aim, rules) }));
  }

  // Seed checks 10–11: Strength Damage and the damage bonus (D31–D33).
  heading(t("damageTitle"));
  for (const s of ["3D+2", "4D", "5D+1", "1D"]) line(t("strength", { strength: s, dice: strengthDamageDice(code(s), [], rules) }));
  line(t("knife", { code: formatDieCode(damageCode(parseWeaponDamage("+1D"), strengthDamageDice(code("3D+2"), [], rules), [], rules)) }));
  for (const total of [17, 15, 16, 10]) line(t("bonus33", { total, difficulty: 10, bonus: damageBonus(total, 10, rules) }));
  scenario("knife-with-strength-damage");

  // Seed check 14: wounds stack (D35–D37).
  heading(t("woundsTitle"));
  for (const name of ["wounds-1-wounded", "wounds-2-severely-wounded", "wounds-3-incapacitated"]) scenario(name);

  // D21, D22: the blade and the bare hand.
  heading(t("bladeTitle"));
  scenario("punch-parried-by-knife");
  scenario("knife-blocked-bare-handed");
  line();
  line(t("end"));
  return out;
}
