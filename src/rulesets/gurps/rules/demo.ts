/**
 * The chapter's own examples and the reference's seed checks, run through
 * the GURPS engine and narrated line by line (`npm run demo -- gurps`).
 * Every figure comes from the rules core; this file only stages the scenes.
 */
import { english } from "../../../core/messages.js";
import { narration } from "../../../core/narration.js";
import { figure, sentenceCase } from "../../../core/views/text.js";
import { breakageOdds } from "./defense-scores.js";
import { formatDamage } from "./dice.js";
import { explainGurps } from "./explain.js";
import { slamDice } from "./grapple.js";
import { deathThresholds } from "./injury.js";
import { stepYards } from "./movement.js";
import { GURPS_STANDARD_RULES, type GurpsRules } from "./options.js";
import { turnOrder } from "./order.js";
import { rapidFireHits, speedRangeModifier } from "./ranged.js";
import { readGurpsScenario } from "./scenario.js";
import { resolveGurpsScenario } from "./scenario-resolve.js";
import { GURPS_SEED_SCENARIOS } from "./seed-scenarios.js";

/** A demo line: sentence case, as every line of narration. */
const t = (key: string, params: Record<string, unknown> = {}) => sentenceCase(english(`CYCHOSYS.Gurps.Demo.${key}`, params));

/** The narrated lines of the chapter's examples. */
export function gurpsDemoScript(rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): string[] {
  const { lines: out, line, heading } = narration();
  const scenario = (name: string) => {
    const s = readGurpsScenario(GURPS_SEED_SCENARIOS[name], rules);
    // Each scene by its title and seed check, not its file name (examples/gurps/<name>.json).
    line(t("scenario", { title: english(`CYCHOSYS.Gurps.Demo.scenarios.${name}`), check: Number(/^check-(\d+)/.exec(name)?.[1] ?? 0) }));
    for (const l of explainGurps(resolveGurpsScenario(s), s.names)) line(`  ${l.text}`);
  };

  line(t("title"));
  line(t("intro"));

  heading(t("orderTitle"));
  const order = turnOrder([
    { id: "Filthy Pierre", basicSpeed: 5, dx: 10, draw: 0.3 },
    { id: "Louis LeBlanc", basicSpeed: 6, dx: 12, draw: 0.7 },
    { id: "the thug", basicSpeed: 5, dx: 10, draw: 0.9 },
  ]);
  line(t("order", { order: order.map((o) => `${o.id} (${o.basicSpeed}, DX ${o.dx})`).join(", ") }));

  heading(t("movementTitle"));
  line(t("steps", { steps: [1, 7, 10, 11, 15, 20].map((m) => `Move ${m} → ${stepYards(m, rules)}`).join(", ") }));
  scenario("check-02-move-and-attack-short");

  heading(t("exampleTitle"));
  scenario("check-12-louis-strikes-pierre");
  scenario("check-11-critical-hit");
  scenario("check-04-feint-foe-fails");
  scenario("check-04-feint-both-succeed");

  heading(t("defensesTitle"));
  scenario("check-05-block-and-parry");
  scenario("check-22-reeling-dodge");
  scenario("check-19-breakage");
  line(t("breakage", { odds: [3, 4, 5].map((x) => `${x}× → ${breakageOdds(x, 1, "good", rules)} in 6`).join(", ") }));

  heading(t("rangedTitle"));
  line(t("ranges", { rows: [2, 3, 5, 7, 10, 17, 80, 1500].map((y) => `${y} → ${figure(speedRangeModifier(y, rules))}`).join(", ") }));
  line(t("recoil", { rows: [0, 1, 2, 3, 4, 5, 6, 7].map((m) => `${m} → ${rapidFireHits(m, 10, 2)}`).join(", ") }));
  for (const name of ["check-03-aim-scope-capped", "check-03-aim-braced-third-second", "check-10-range-17-yards", "check-06-10-motorcycle-dodge-and-speed", "check-07-rapid-fire-dodge", "check-09-revolver-reload"]) scenario(name);

  heading(t("damageTitle"));
  for (const name of ["check-13-sword-cut", "check-14-axe-on-filthy-pierre", "check-15-mail-stops-most", "check-15-vest-over-tough-hide", "check-16-dice-multiplier", "check-17-zombie", "check-18-knockback"]) scenario(name);

  heading(t("deathTitle"));
  const death = deathThresholds(-50, 10, 0, rules);
  line(t("death", { checks: death.checks.map((k) => figure(-k * 10)).join(", "), dead: death.dead ? figure(-50) : "—" }));
  scenario("check-20-death-checks");
  scenario("check-20-dead-at-minus-50");

  heading(t("slamTitle"));
  line(t("slamDice", { rows: ([[12, 5], [15, 10], [10, 2]] as const).map(([hp, v]) => `HP ${hp} × ${v} yd → ${formatDamage(slamDice(hp, v, rules))}`).join(", ") }));
  scenario("check-21-slam-ten-yards");
  scenario("check-21-slam-five-yards");
  line();
  line(t("end"));
  return out;
}
