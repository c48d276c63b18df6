/**
 * The seed checks of the CWN reference, run through the engine and narrated
 * line by line (`npm run demo -- cwn`). Every figure comes from the rules
 * core; this file only stages the scenes.
 */
import { english, englishString } from "../../../core/messages.js";
import { pluralKey } from "../../../core/views/text.js";
import { swarmBonus } from "./attack.js";
import { explainCwnScenario, readCwnScenario, resolveCwnScenario } from "./headless.js";
import { CWN_STANDARD_RULES, type CwnRules } from "./options.js";
import { reloadCost } from "./actions.js";
import { moveAllowance } from "./round.js";
import { screenUses } from "./screen.js";
import { CWN_SEED_SCENARIOS } from "./seed-scenarios.js";

const t = (key: string, params: Record<string, unknown> = {}) => english(`CYCHOSYS.Cwn.Demo.${key}`, params);

/** Seed check number → its title key and scenarios, in order. */
const CHECKS: readonly [number, string, readonly string[]][] = [
  [1, "initiative", ["01-initiative-players-win-ties"]],
  [2, "attack", ["02a-attack-hits-ranged-ac", "02b-natural-1-misses", "02c-natural-20-hits"]],
  [3, "trauma", ["03-traumatic-hit-times-three"]],
  [4, "shock", ["04a-shock-on-a-miss", "04b-no-shock-against-higher-ac", "04c-hit-raised-to-shock"]],
  [5, "soak", ["05-soak-then-hit-points"]],
  [6, "snap", ["06a-snap-attack-minus-four", "06b-nameless-foe-cannot-snap", "06c-snap-spends-the-main"]],
  [7, "twoHanded", ["07a-rifle-blocked-by-adjacent-blade", "07b-pistol-next-to-blade-minus-four", "07c-thrown-knife-next-to-blade-minus-four"]],
  [8, "swarm", ["08a-swarm-of-two", "08b-swarm-of-three", "08c-swarm-of-four-capped", "08d-fifth-cannot-join"]],
  [9, "charge", ["09a-charge-plus-two", "09b-charger-is-easier-to-hit", "09c-charge-limits-and-costs"]],
  [10, "screen", ["10a-screen-takes-the-blow", "10b-screen-uses-a-round"]],
  [11, "totalDefense", ["11a-total-defense-stops-swarm-shock", "11b-swarm-shock-through-a-shield", "11c-total-defense-until-next-turn"]],
  [12, "prone", ["12a-prone-halves-the-move", "12b-prone-target-far-shot-minus-two", "12c-prone-target-adjacent-plus-two"]],
  [13, "reload", ["13-bow-reload"]],
  [14, "hold", ["14-hold-and-fire-first"]],
  [15, "mainAsMove", ["15-main-as-second-move"]],
];

/** The scenario names the demo narrates, by seed check (a test keeps every seed scenario in it). */
export const CWN_DEMO_CHECKS = CHECKS;

/** Examples beyond the seed checks, narrated after them. */
export const CWN_DEMO_MORE: readonly string[] = ["16a-free-attacks-on-leaving", "16b-free-attack-drops-the-mover", "17-starts-prone"];
const MORE = CWN_DEMO_MORE;

/** The narrated lines of the seed checks. */
export function cwnDemoScript(rules: Readonly<CwnRules> = CWN_STANDARD_RULES): string[] {
  const out: string[] = [];
  const line = (text = "") => out.push(text);
  line(t("title"));
  line(t("intro"));
  for (const [n, key, names] of CHECKS) {
    line();
    const heading = t("check", { n, title: t(`title_${key}`) });
    line(heading);
    line("-".repeat(heading.length));
    if (key === "swarm") for (const others of [1, 2, 3]) line(t("swarmTable", { joined: others + 1, ...swarmBonus(others, rules) }));
    if (key === "prone") line(t("moves", { standing: moveAllowance({ prone: false }, rules.moveMetres, rules), prone: moveAllowance({ prone: true }, rules.moveMetres, rules) }));
    if (key === "screen") for (const level of [0, 1, 2]) line(t(pluralKey("screenUses", screenUses(level, rules), (k) => englishString(`CYCHOSYS.Cwn.Demo.${k}`) !== undefined), { level, uses: screenUses(level, rules) }));
    if (key === "reload") {
      for (const [quiver, shoot] of [[true, 1], [true, 0], [false, 2]] as const) line(t("reloadCost", { quiver: t(quiver ? "yes" : "no"), shoot, cost: english(`CYCHOSYS.Cwn.ActionType.${reloadCost("bow", { quiverReadied: quiver, shootLevel: shoot }, rules)}`) }));
    }
    for (const name of names) scene(name);
  }
  // Situations the tracker plays beyond the seed checks: free attacks rolled as a fighter leaves melee (W12), a fighter prone from the start (W36).
  line();
  line(t("more"));
  line("-".repeat(t("more").length));
  for (const name of MORE) scene(name);
  line();
  line(t("end"));
  return out;

  /** One example: its readable title (the file is examples/cwn/<name>.json), then the engine's narration. */
  function scene(name: string): void {
    line(t("scenario", { id: name.split("-")[0]!.replace(/^0/, ""), title: t(`scenarioTitle.${name}`) }));
    const result = resolveCwnScenario(readCwnScenario(CWN_SEED_SCENARIOS[name], rules));
    for (const l of explainCwnScenario(result)) line(`  ${l.text}`);
  }
}
