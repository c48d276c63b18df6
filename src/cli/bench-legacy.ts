/**
 * The fixed sets `npm run bench` has always timed, for a ruleset that has
 * no `src/rulesets/<id>/bench.ts` (RulesetBench, src/core/bench.ts) yet:
 * its attacks in the shape of a RulesetBench's `fixed`, so both print alike.
 * Once a ruleset's own bench lands, its `fixed` replaces the one here.
 */
import type { AttackSet } from "../core/bench.js";
import { english } from "../core/messages.js";
import type { RulesetId } from "../core/ruleset.js";
import { type AttackInput, formatBundle, normalizeCovers, parseBundle, resolveAttack } from "../rulesets/cychosys/rules/index.js";
import { cwnBenchInputs, resolveCwnAttack } from "../rulesets/cwn/rules/index.js";
import { benchInputs as d6BenchInputs, resolveD6Attack } from "../rulesets/d6/rules/index.js";
import { gurpsBenchInputs, resolveGurpsAttack } from "../rulesets/gurps/rules/index.js";
import { phaseBenchAttacks, resolveAttack as resolvePhaseAttack } from "../rulesets/phase/rules/index.js";

/** A spread of Cychosys attacks: every defense form, different totals, edges and locations. */
export function cychosysScenarios(): AttackInput[] {
  const outfit = [
    { shield: parseBundle("RH1"), covers: ["chest", "leftArm", "rightArm"] as const, layer: "worn" as const, weight: 1 },
    { shield: parseBundle("BBDD2"), covers: normalizeCovers("all"), layer: "skin" as const, weight: 2 },
  ].map((p) => ({ ...p, covers: [...p.covers] }));
  const pools = { hit: { physical: 10, mental: 5, emotional: 4 }, fatigue: { physical: 6, mental: 6, emotional: 6 } };
  const edges = ["VD6", "BR3", "VFXP2", "FB2", "SOBP12"].map((e) => parseBundle(e));
  const forms = ["evade", "brave", "parry", "counter"] as const;
  const scenarios: AttackInput[] = [];
  for (let i = 0; i < 64; i++) {
    const form = forms[i % 4]!;
    const edge = edges[i % edges.length]!;
    const defense =
      form === "counter"
        ? { form, totals: [{ total: 20 + (i % 30) }, { total: 15 + (i % 25) }], edge: edges[(i + 1) % edges.length]! }
        : { form, total: 5 + ((i * 7) % 30), ...(form === "parry" && { object: { shield: parseBundle("2") } }) };
    scenarios.push({ attacker: { total: 10 + ((i * 13) % 35), edge, outfit, pools }, defender: { outfit, pools }, defense });
  }
  return scenarios;
}

const seedSet = <T>(inputs: readonly T[], run: (x: T) => unknown): AttackSet => ({
  size: inputs.length,
  describe: english("CYCHOSYS.Bench.fixedSeed", { count: inputs.length }),
  run: (i) => run(inputs[i]!),
});

/** The fixed set of each ruleset, as timed before the rulesets had benches of their own. */
export const LEGACY_FIXED: Readonly<Record<RulesetId, () => AttackSet>> = {
  cychosys: () => {
    const scenarios = cychosysScenarios();
    return { size: scenarios.length, describe: english("CYCHOSYS.Bench.fixedCychosys"), run: (i) => resolveAttack(scenarios[i]!).struck };
  },
  d6: () => seedSet(d6BenchInputs(), (x) => resolveD6Attack(x.input, x.rules).margin),
  cwn: () => seedSet(cwnBenchInputs(), (x) => resolveCwnAttack(x.input, x.rules).dealt),
  phase: () => seedSet(phaseBenchAttacks(), (x) => resolvePhaseAttack(x.input, x.rules).hits),
  gurps: () => seedSet(gurpsBenchInputs(), (x) => resolveGurpsAttack(x.input, x.rules).hitsLanding),
};

/** Cychosys notation read and written back: ten bundles, cycling. */
export function parseSet(): AttackSet {
  const notations = ["VD6", "FB2", "BR3", "VFXP2", "SOBP12", "WUXR3", "BBDD2", "X (heat)", "B*6", "SXOBH10"];
  return { size: notations.length, describe: "", run: (i) => formatBundle(parseBundle(notations[i]!)) };
}
