/**
 * `npm run bench`: how fast the rules core is. A measurement, not a test:
 * it prints rates and whether the targets of the rules-core issue are met.
 *
 * It measures the code as shipped: the rules core is first bundled by Vite
 * (as `npm run build` bundles it for Foundry), then imported and timed.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { cpus } from "node:os";
import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "vite";
import type * as RulesApi from "../rulesets/cychosys/rules/index.js";
import type { AttackInput } from "../rulesets/cychosys/rules/index.js";
import type * as D6Api from "../rulesets/d6/rules/index.js";
import type * as OddsBench from "./bench-odds.js";
import type * as PhaseApi from "../rulesets/phase/rules/index.js";
import type * as CwnApi from "../rulesets/cwn/rules/index.js";
import type * as GurpsApi from "../rulesets/gurps/rules/index.js";
import { english } from "../core/messages.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const outDir = join(root, "node_modules", ".cache", "cychosys-bench");
mkdirSync(outDir, { recursive: true });
await build({
  configFile: false,
  logLevel: "warn",
  build: {
    outDir,
    emptyOutDir: true,
    minify: false,
    lib: {
      entry: {
        rules: join(root, "src", "rulesets", "cychosys", "rules", "index.ts"),
        d6: join(root, "src", "rulesets", "d6", "rules", "index.ts"),
        odds: join(root, "src", "cli", "bench-odds.ts"),
        phase: join(root, "src", "rulesets", "phase", "rules", "index.ts"),
        cwn: join(root, "src", "rulesets", "cwn", "rules", "index.ts"),
        gurps: join(root, "src", "rulesets", "gurps", "rules", "index.ts"),
      },
      formats: ["es"],
      fileName: (_format, name) => `${name}.mjs`,
    },
  },
});
const { formatBundle, normalizeCovers, parseBundle, resolveAttack } = (await import(
  pathToFileURL(join(outDir, "rules.mjs")).href
)) as typeof RulesApi;

const d6 = (await import(pathToFileURL(join(outDir, "d6.mjs")).href)) as typeof D6Api;
const odds = (await import(pathToFileURL(join(outDir, "odds.mjs")).href)) as typeof OddsBench;
const phase = (await import(pathToFileURL(join(outDir, "phase.mjs")).href)) as typeof PhaseApi;
const cwn = (await import(pathToFileURL(join(outDir, "cwn.mjs")).href)) as typeof CwnApi;
const gurps = (await import(pathToFileURL(join(outDir, "gurps.mjs")).href)) as typeof GurpsApi;

/**
 * The Cychosys core as it was before the ruleset seam (git ref BEFORE_SEAM,
 * or `--before <ref>`), bundled the same way, so one run times both; absent
 * when git or that commit is not at hand (a shallow clone).
 */
const BEFORE_SEAM = "4b42957";
async function coreBefore(): Promise<typeof RulesApi | undefined> {
  const at = process.argv.indexOf("--before");
  const ref = at >= 0 ? process.argv[at + 1]! : BEFORE_SEAM;
  const dir = mkdtempSync(join(tmpdir(), "cychosys-before-"));
  try {
    const archive = execFileSync("git", ["-C", root, "archive", ref, "src/rules", "lang/en.json"], { stdio: ["ignore", "pipe", "ignore"], maxBuffer: 64 * 1024 * 1024 });
    execFileSync("tar", ["-x", "-C", dir], { input: archive });
    if (!existsSync(join(dir, "src/rules/index.ts"))) return undefined;
    const out = join(outDir, "before");
    await build({ configFile: false, logLevel: "warn", build: { outDir: out, emptyOutDir: true, minify: false, lib: { entry: join(dir, "src/rules/index.ts"), formats: ["es"], fileName: () => "rules.mjs" } } });
    return (await import(pathToFileURL(join(out, "rules.mjs")).href)) as typeof RulesApi;
  } catch {
    return undefined;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
const before = await coreBefore();

const t = (key: string, params: Record<string, unknown> = {}) => english(`CYCHOSYS.Bench.${key}`, params);

/**
 * Median rate over several timed runs of `count` calls (the median, not the
 * best: this shared machine's speed varies from run to run).
 */
function measure(count: number, runs: number, fn: (i: number) => unknown): { rate: number; ms: number; best: number } {
  let sink = 0;
  for (let i = 0; i < count; i++) sink += fn(i) ? 1 : 0; // warm up the JIT
  const times: number[] = [];
  for (let r = 0; r < runs; r++) {
    const start = performance.now();
    for (let i = 0; i < count; i++) sink += fn(i) ? 1 : 0;
    times.push(performance.now() - start);
  }
  if (sink < 0) console.log(sink); // keep the work observable
  times.sort((a, b) => a - b);
  const median = times[Math.floor(runs / 2)]!;
  return { rate: count / (median / 1000), ms: median, best: count / (times[0]! / 1000) };
}

const outfit = [
  { shield: parseBundle("RH1"), covers: ["chest", "leftArm", "rightArm"] as const, layer: "worn" as const, weight: 1 },
  { shield: parseBundle("BBDD2"), covers: normalizeCovers("all"), layer: "skin" as const, weight: 2 },
].map((p) => ({ ...p, covers: [...p.covers] }));
const pools = { hit: { physical: 10, mental: 5, emotional: 4 }, fatigue: { physical: 6, mental: 6, emotional: 6 } };
const edges = ["VD6", "BR3", "VFXP2", "FB2", "SOBP12"].map((e) => parseBundle(e));
const forms = ["evade", "brave", "parry", "counter"] as const;

// A spread of attacks: every defense form, different totals, edges and locations.
const scenarios: AttackInput[] = [];
for (let i = 0; i < 64; i++) {
  const form = forms[i % 4]!;
  const edge = edges[i % edges.length]!;
  const defense =
    form === "counter"
      ? { form, totals: [{ total: 20 + (i % 30) }, { total: 15 + (i % 25) }], edge: edges[(i + 1) % edges.length]! }
      : { form, total: 5 + ((i * 7) % 30), ...(form === "parry" && { object: { shield: parseBundle("2") } }) };
  scenarios.push({
    attacker: { total: 10 + ((i * 13) % 35), edge, outfit, pools },
    defender: { outfit, pools },
    defense,
  });
}
const notations = ["VD6", "FB2", "BR3", "VFXP2", "SOBP12", "WUXR3", "BBDD2", "X (heat)", "B*6", "SXOBH10"];

const RUNS = 9;
const resolutions = measure(200_000, RUNS, (i) => resolveAttack(scenarios[i & 63]!).struck);
const d6Inputs = d6.benchInputs();
const d6Resolutions = measure(200_000, RUNS, (i) => {
  const x = d6Inputs[i % d6Inputs.length]!;
  return d6.resolveD6Attack(x.input, x.rules).margin;
});
const cwnInputs = cwn.cwnBenchInputs();
const cwnResolutions = measure(200_000, RUNS, (i) => {
  const x = cwnInputs[i % cwnInputs.length]!;
  return cwn.resolveCwnAttack(x.input, x.rules).dealt;
});
const gurpsInputs = gurps.gurpsBenchInputs();
const gurpsResolutions = measure(200_000, RUNS, (i) => {
  const x = gurpsInputs[i % gurpsInputs.length]!;
  return gurps.resolveGurpsAttack(x.input, x.rules).hitsLanding;
});
const parses = measure(1_000_000, RUNS, (i) => formatBundle(parseBundle(notations[i % notations.length]!)));
const phaseInputs = phase.phaseBenchAttacks();
const phaseResolutions = measure(200_000, RUNS, (i) => {
  const x = phaseInputs[i % phaseInputs.length]!;
  return phase.resolveAttack(x.input, x.rules).hits;
});
// One whole phase with 100 declared actions, timed phase by phase (the median of 51).
const PHASE_ACTIONS = 100;
const phaseSetup = phase.phaseBenchSetup(PHASE_ACTIONS);
const phaseTimes: number[] = [];
for (let r = 0; r < 20; r++) phase.runBenchPhase(phaseSetup); // warm up the JIT
for (let r = 0; r < 51; r++) {
  const start = performance.now();
  phase.runBenchPhase(phaseSetup);
  phaseTimes.push(performance.now() - start);
}
phaseTimes.sort((a, b) => a - b);

console.log(t("title", { node: process.version, cpus: cpus().length }));
const report = (name: string, m: { rate: number; ms: number; best: number }, count: number, target: number) => {
  const rate = (r: number) => Math.round(r).toLocaleString("en-US");
  console.log(t("line", { name, rate: rate(m.rate), best: rate(m.best), count: count.toLocaleString("en-US"), ms: m.ms.toFixed(0), runs: RUNS }));
  console.log(t("target", { target: target.toLocaleString("en-US"), verdict: t(m.rate >= target ? "met" : "missed") }));
};
report(t("resolutions"), resolutions, 200_000, 500_000);
report(t("parse"), parses, 1_000_000, 2_000_000);
report(t("d6Resolutions"), d6Resolutions, 200_000, 500_000);
const p = (key: string, params: Record<string, unknown> = {}) => english(`CYCHOSYS.Phase.Bench.${key}`, params);
report(p("attacks"), phaseResolutions, 200_000, 500_000);
const phaseMedian = phaseTimes[Math.floor(phaseTimes.length / 2)]!;
console.log(p("phaseLine", { name: p("phase", { count: PHASE_ACTIONS }), ms: phaseMedian.toFixed(2), best: phaseTimes[0]!.toFixed(2), runs: phaseTimes.length }));
console.log(p("phaseTarget", { target: 5, verdict: t(phaseMedian < 5 ? "met" : "missed") }));
report(english("CYCHOSYS.Cwn.Bench.resolutions"), cwnResolutions, 200_000, 500_000);
report(english("CYCHOSYS.Gurps.Bench.resolutions"), gurpsResolutions, 200_000, 500_000);

// Before and after the seam, alternated run by run so the machine's drift falls on both alike.
if (before) {
  const now: number[] = [];
  const then: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    then.push(measure(100_000, 1, (i) => before.resolveAttack(scenarios[i & 63]!).struck).rate);
    now.push(measure(100_000, 1, (i) => resolveAttack(scenarios[i & 63]!).struck).rate);
  }
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const a = median(then);
  const b = median(now);
  const rate = (r: number) => Math.round(r).toLocaleString("en-US");
  console.log(t("seam", { before: rate(a), after: rate(b), change: (((b - a) / a) * 100).toFixed(1), verdict: t(b >= a * 0.9 ? "met" : "missed") }));
} else {
  console.log(t("seamUnavailable"));
}

// Odds before you roll (docs/odds.md): time per call, median of RUNS runs, against the targets.
const say = (key: string, params: Record<string, unknown> = {}) => english(`CYCHOSYS.Odds.Bench.${key}`, params);
const perCall = (count: number, fn: (i: number) => unknown) => measure(count, RUNS, fn).ms / count;
const verdict = (ok: boolean) => t(ok ? "met" : "missed");
const ms = (x: number) => x.toFixed(3);
const oddsForms = ["evade", "brave", "parry", "counter"] as const;
const warm = oddsForms.map((form) => perCall(500, odds.cychosysForm(form)));
const cold = oddsForms.map((form) => perCall(50, odds.cychosysForm(form, true)));
console.log(say("forms", { forms: oddsForms.map((f, i) => `${f} ${ms(warm[i]!)}`).join(", "), worst: ms(Math.max(...warm)), verdict: verdict(Math.max(...warm) < 1) }));
console.log(say("formsCold", { forms: oddsForms.map((f, i) => `${f} ${ms(cold[i]!)}`).join(", ") }));
const all = perCall(200, odds.cychosysAllForms());
const allCold = perCall(30, odds.cychosysAllForms(true));
console.log(say("allForms", { ms: ms(all), cold: ms(allCold), verdict: verdict(all < 4) }));
const d6Choice = perCall(500, odds.d6Choice());
console.log(say("d6", { ms: ms(d6Choice), verdict: verdict(d6Choice < 1) }));
const actor = (path: string) => JSON.parse(readFileSync(join(root, "packs/_source", path), "utf8")) as unknown;
const dialog = odds.dialogUpdates({ thorton: actor("cast/thorton.json") });
const timed = (steps: (() => unknown)[]) =>
  steps.map((step) => {
    const start = performance.now();
    step();
    return performance.now() - start;
  });
// As a table plays: the odds code has run before (here: the same changes against Aiken Byrne), then Thorton's player types against
// another target — every edge new for that outfit. Five targets; each pass's worst, and the median of those (one slow pass is the machine).
for (let i = 0; i < 3; i++) timed(dialog.pass(actor("cast/aiken-byrne.json")));
const passes = ["parker", "riddle", "wiley", "ungar", "belham-the-sentry"].map((name) => timed(dialog.pass(actor(`cast/${name}.json`))).sort((a, b) => a - b));
const again = timed(dialog.pass(actor("cast/parker.json"))).sort((a, b) => a - b);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const worsts = passes.map((p) => p.at(-1)!);
console.log(say("dialog", { first: ms(median(passes.flat())), worst: ms(median(worsts)), worstAll: ms(Math.max(...worsts)), median: ms(median(again)), verdict: verdict(median(worsts) < 16) }));
for (const ruleset of ["cychosys", "d6"] as const) {
  const duel = odds.duels(ruleset, ruleset === "cychosys" ? [actor("cast/parker.json"), actor("cast/thorton.json")] : [actor("d6-characters/kira.json"), actor("d6-characters/dax-morrow.json")]);
  const warmup = measure(2000, 1, () => duel.play()); // the first duels work out the policy's decisions, then remember them
  const steady = measure(10_000, RUNS, () => duel.play());
  console.log(say("duels", { ruleset: english(`CYCHOSYS.Ruleset.${ruleset}.name`), names: duel.names, first: Math.round(warmup.rate).toLocaleString("en-US"), rate: Math.round(steady.rate).toLocaleString("en-US"), verdict: verdict(steady.rate >= 10_000) }));
}
