/**
 * `npm run bench`: how fast each ruleset's rules core is. A measurement, not
 * a test: it prints every figure beside its target, MET or NOT MET.
 *
 * Per ruleset it times what `src/rulesets/<id>/bench.ts` exports as
 * `bench: RulesetBench` (src/core/bench.ts): the fixed set, the realistic
 * mix, and the table costs at growing sizes with how each grows from N to
 * 10N (bench-timing.ts). A ruleset with no bench.ts yet gets its fixed set
 * as the bench has always timed it (bench-legacy.ts). Then the figures of no
 * one ruleset: notation parsing, the odds and the duels (bench-odds.ts).
 *
 * It runs as the other commands do, bundled (tools/cli.mjs): the code timed
 * is bundled JavaScript, as a world runs it.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import type { RulesetBench } from "../core/bench.js";
import { safeLine } from "../core/echo.js";
import { english } from "../core/messages.js";
import { RULESET_IDS, type RulesetId } from "../core/ruleset.js";
import type * as RulesApi from "../rulesets/cychosys/rules/index.js";
import { resolveAttack } from "../rulesets/cychosys/rules/index.js";
import { phaseBenchSetup, runBenchPhase } from "../rulesets/phase/rules/index.js";
import { cychosysScenarios, LEGACY_FIXED, parseSet } from "./bench-legacy.js";
import * as odds from "./bench-odds.js";
import { benchRuleset, DEFAULT_BENCH_OPTIONS, timeRate, verdict } from "./bench-timing.js";
import { BENCH_DUELLISTS, DEFAULT_DUEL_TARGET, DUEL_RULESETS, DUEL_TARGETS } from "./duel-rulesets.js";
import { type CommandIo, errorLine, projectRoot, wantsHelp } from "./io.js";

const t = (key: string, params: Record<string, unknown> = {}) => english(`CYCHOSYS.Bench.${key}`, params);
const whole = (n: number) => Math.round(n).toLocaleString("en-US");
const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const RUNS = DEFAULT_BENCH_OPTIONS.runs;
/** The duels timed apart first: the ones that work out each fighter's decisions. */
const FIRST_DUELS = 2000;

/** The Cychosys core just before the ruleset seam: `--before` with no commit given compares against it. */
const BEFORE_SEAM = "4b42957";

interface BenchArgs {
  rulesets: RulesetId[];
  /** `--before [REF]`: also time the Cychosys core of that commit. */
  before?: string;
}

class UsageError extends Error {}

export function parseBenchArgs(args: readonly string[]): BenchArgs {
  const rulesets: RulesetId[] = [];
  let before: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const [flag, inline] = arg.startsWith("--") && arg.includes("=") ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)] : [arg, undefined];
    if (flag === "--") continue;
    if (flag === "--ruleset") {
      const id = inline ?? args[++i] ?? "";
      if (!(RULESET_IDS as readonly string[]).includes(id)) throw new UsageError(english("CYCHOSYS.Cli.unknownRuleset", { ruleset: safeLine(id, 40), known: RULESET_IDS.join(", ") }));
      if (!rulesets.includes(id as RulesetId)) rulesets.push(id as RulesetId);
    } else if (flag === "--before") {
      const next = args[i + 1];
      before = inline ?? (next !== undefined && !next.startsWith("-") ? args[++i]! : BEFORE_SEAM);
    } else {
      throw new UsageError(english("CYCHOSYS.Cli.unknownOption", { option: safeLine(flag, 40), command: "bench" }));
    }
  }
  return { rulesets: rulesets.length ? rulesets : [...RULESET_IDS], ...(before !== undefined && { before }) };
}

/** A ruleset's own bench (src/rulesets/<id>/bench.ts), when it has one. */
async function ownBench(root: string, id: RulesetId): Promise<RulesetBench | undefined> {
  if (!existsSync(join(root, "src", "rulesets", id, "bench.ts"))) return undefined;
  // A pattern, not a list: the bundler takes in every ruleset's bench.ts there is.
  const module = (await import(`../rulesets/${id}/bench.ts`)) as { bench?: RulesetBench };
  if (!module.bench) throw new Error(`src/rulesets/${id}/bench.ts exports no \`bench\``);
  return module.bench;
}

/** The phase ruleset's one phase of 100 declared actions, as timed before its bench.ts: the median of 51 after 20 warm-ups. */
function phaseOfHundred(print: (line: string) => void): void {
  const p = (key: string, params: Record<string, unknown> = {}) => english(`CYCHOSYS.Phase.Bench.${key}`, params);
  const setup = phaseBenchSetup(100);
  const times: number[] = [];
  for (let r = 0; r < 20; r++) runBenchPhase(setup);
  for (let r = 0; r < 51; r++) {
    const start = performance.now();
    runBenchPhase(setup);
    times.push(performance.now() - start);
  }
  const ms = median(times);
  print(`  ${p("phaseLine", { name: p("phase", { count: 100 }), ms: ms.toFixed(2), best: Math.min(...times).toFixed(2), runs: times.length })}`);
  print(`  ${p("phaseTarget", { target: 5, verdict: verdict(ms < 5) })}`);
}

/** Odds and duels (docs/odds.md): time per call, median of RUNS runs, against their targets. */
function oddsAndDuels(root: string, print: (line: string) => void): void {
  const say = (key: string, params: Record<string, unknown> = {}) => english(`CYCHOSYS.Odds.Bench.${key}`, params);
  const perCall = (count: number, fn: () => unknown) => {
    let sink = 0;
    for (let i = 0; i < count; i++) sink += fn() ? 1 : 0;
    const times: number[] = [];
    for (let r = 0; r < RUNS; r++) {
      const start = performance.now();
      for (let i = 0; i < count; i++) sink += fn() ? 1 : 0;
      times.push((performance.now() - start) / count);
    }
    if (sink < 0) print(String(sink));
    return median(times);
  };
  const ms = (x: number) => x.toFixed(3);
  const forms = ["evade", "brave", "parry", "counter"] as const;
  const warm = forms.map((form) => perCall(500, odds.cychosysForm(form)));
  const cold = forms.map((form) => perCall(50, odds.cychosysForm(form, true)));
  print(say("forms", { forms: forms.map((f, i) => `${f} ${ms(warm[i]!)}`).join(", "), worst: ms(Math.max(...warm)), verdict: verdict(Math.max(...warm) < 1) }));
  print(say("formsCold", { forms: forms.map((f, i) => `${f} ${ms(cold[i]!)}`).join(", ") }));
  const all = perCall(200, odds.cychosysAllForms());
  const allCold = perCall(30, odds.cychosysAllForms(true));
  print(say("allForms", { ms: ms(all), cold: ms(allCold), verdict: verdict(all < 4) }));
  const d6Choice = perCall(500, odds.d6Choice());
  print(say("d6", { ms: ms(d6Choice), verdict: verdict(d6Choice < 1) }));
  const actor = (path: string) => JSON.parse(readFileSync(join(root, "packs/_source", path), "utf8")) as unknown;
  const dialog = odds.dialogUpdates({ thorton: actor("foes/thorton.json") });
  const timed = (steps: (() => unknown)[]) =>
    steps.map((step) => {
      const start = performance.now();
      step();
      return performance.now() - start;
    });
  // As a table plays: the odds code has run before (here: the same changes against Aiken Byrne), then Thorton's player types against
  // another target — every edge new for that outfit. Five targets; each pass's worst, and the median of those (one slow pass is the machine).
  for (let i = 0; i < 3; i++) timed(dialog.pass(actor("foes/aiken-byrne.json")));
  const passes = ["parker", "riddle", "wiley", "ungar", "belham-the-sentry"].map((name) => timed(dialog.pass(actor(name === "parker" ? "cast/parker.json" : `foes/${name}.json`))).sort((a, b) => a - b));
  const again = timed(dialog.pass(actor("cast/parker.json")));
  const worsts = passes.map((p) => p.at(-1)!);
  print(say("dialog", { first: ms(median(passes.flat())), worst: ms(median(worsts)), worstAll: ms(Math.max(...worsts)), median: ms(median(again)), verdict: verdict(median(worsts) < 16) }));
  for (const [ruleset, make] of Object.entries(DUEL_RULESETS)) {
    const pair = BENCH_DUELLISTS[ruleset];
    if (!pair) throw new Error(`npm run bench: no duellists for the ${ruleset} duel (BENCH_DUELLISTS in src/cli/duel-rulesets.ts)`);
    const duel = odds.duels(make(), [actor(pair[0]), actor(pair[1])]);
    const target = DUEL_TARGETS[ruleset] ?? DEFAULT_DUEL_TARGET;
    // The first duels work out the policy's decisions, then remember them.
    const start = performance.now();
    for (let i = 0; i < FIRST_DUELS; i++) duel.play();
    const first = FIRST_DUELS / ((performance.now() - start) / 1000);
    const steady = timeRate({ size: 1, describe: "", run: () => duel.play() });
    print(say("duels", { ruleset: english(`CYCHOSYS.Ruleset.${ruleset}.name`), names: duel.names, runs: steady.runs, count: whole(steady.count), firstCount: whole(FIRST_DUELS), first: whole(first), rate: whole(steady.perSecond), target: whole(target), verdict: verdict(steady.perSecond >= target) }));
  }
}

/** The Cychosys core as it was at commit `ref` (git archive, bundled by Vite), or undefined when git or that commit is not at hand. */
async function coreAt(root: string, ref: string): Promise<typeof RulesApi | undefined> {
  const dir = mkdtempSync(join(tmpdir(), "cychosys-before-"));
  try {
    const archive = execFileSync("git", ["-C", root, "archive", ref, "src/rules", "lang/en.json"], { stdio: ["ignore", "pipe", "ignore"], maxBuffer: 64 * 1024 * 1024 });
    execFileSync("tar", ["-x", "-C", dir], { input: archive });
    if (!existsSync(join(dir, "src/rules/index.ts"))) return undefined;
    const { build } = await import("vite");
    const out = join(dir, "out");
    await build({ configFile: false, logLevel: "warn", build: { outDir: out, emptyOutDir: true, minify: false, lib: { entry: join(dir, "src/rules/index.ts"), formats: ["es"], fileName: () => "rules.mjs" } } });
    return (await import(pathToFileURL(join(out, "rules.mjs")).href)) as typeof RulesApi;
  } catch {
    return undefined;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Before and after, alternated run by run so the machine's drift falls on both alike. */
async function seam(root: string, ref: string, print: (line: string) => void): Promise<void> {
  const before = await coreAt(root, ref);
  if (!before) return print(t("seamUnavailable"));
  const scenarios = cychosysScenarios();
  const rate = (resolve: typeof resolveAttack) => timeRate({ size: scenarios.length, describe: "", run: (i) => resolve(scenarios[i]!).struck }, { ...DEFAULT_BENCH_OPTIONS, runs: 1, warmups: 1 }).perSecond;
  const then: number[] = [];
  const now: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    then.push(rate(before.resolveAttack));
    now.push(rate(resolveAttack));
  }
  const a = median(then);
  const b = median(now);
  print(t("seam", { before: whole(a), after: whole(b), change: (((b - a) / a) * 100).toFixed(1), verdict: verdict(b >= a * 0.9) }));
}

export async function benchCommand(args: readonly string[], io: CommandIo): Promise<number> {
  if (wantsHelp(args)) {
    io.out(`${english("CYCHOSYS.Cli.Help.bench", { rulesets: RULESET_IDS.join(", ") })}\n`);
    return 0;
  }
  let options: BenchArgs;
  try {
    options = parseBenchArgs(args);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(errorLine(error.message));
      return 2;
    }
    throw error;
  }
  const print = (line: string) => io.out(`${line}\n`);
  const root = projectRoot();
  print(t("title", { node: process.version, cpus: cpus().length, runs: RUNS, warmups: DEFAULT_BENCH_OPTIONS.warmups }));
  for (const id of options.rulesets) {
    print(t("ruleset", { name: english(`CYCHOSYS.Ruleset.${id}.name`), id }));
    const own = await ownBench(root, id);
    if (own) {
      benchRuleset(own, print);
    } else {
      print(t("noBench", { id }));
      benchRuleset({ fixed: LEGACY_FIXED[id]() }, print);
      if (id === "phase") phaseOfHundred(print);
    }
  }
  if (options.rulesets.length === RULESET_IDS.length) {
    print(t("others"));
    const parse = timeRate(parseSet());
    print(`  ${t("parse", { rate: whole(parse.perSecond), count: whole(parse.count), best: whole(parse.best), target: whole(2_000_000), verdict: verdict(parse.perSecond >= 2_000_000) })}`);
    oddsAndDuels(root, (line) => print(`  ${line}`));
  }
  if (options.before) await seam(root, options.before, print);
  return 0;
}

export const main = benchCommand;
