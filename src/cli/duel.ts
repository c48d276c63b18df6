/**
 * `npm run duel -- A.json B.json [--ruleset ID] [--duels N] [--seed S] [--rounds R]`:
 * simulate duels between two actors — compendium exports (packs/_source) or
 * the same JSON written by hand — with the ruleset's full rules and policy
 * (src/core/ruleset.ts, RulesetDuel; docs/odds.md), and print win rates,
 * average rounds and a histogram of rounds. The ruleset is read from the
 * actors' types (the manifests say whose each type is); `--ruleset` only
 * overrides it. The randomness is here (a seeded generator,
 * src/cli/prng.ts), never in a rules core: the same seed gives the same
 * duels.
 *
 * Bad input — an unknown option, a bad number, a file that is missing, too
 * large, not UTF-8, not JSON or not an actor of the ruleset, two actors of
 * different rulesets — prints one line and exits with 2, as the `rules`
 * command does.
 */
import { readFileSync, statSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { safeLine } from "../core/echo.js";
import { LocalizedError } from "../core/errors.js";
import { readJson } from "../core/json.js";
import { english } from "../core/messages.js";
import type { DuelResult } from "../core/ruleset.js";
import { MANIFESTS } from "../rulesets/manifests.js";
import { DUEL_RULESETS } from "./duel-rulesets.js";
import { DEFAULT_RULESET } from "./headless.js";
import { type CommandIo, errorLine, wantsHelp } from "./io.js";
import { seededDice } from "./prng.js";

const say = (key: string, params: Record<string, string | number> = {}) => english(`CYCHOSYS.Odds.Duel.${key}`, params);

/** The rulesets with a duel simulator, by id. */
const RULESETS = DUEL_RULESETS;

/** Largest actor file read: a compendium export is a few kilobytes. */
export const MAX_ACTOR_BYTES = 1_000_000;
const ACTOR_JSON_LIMITS = { depth: 16, string: 100_000, number: 32 };
export const DUEL_LIMITS = { duels: { min: 1, max: 1_000_000, default: 1000 }, seed: { min: 0, max: 4_294_967_295, default: 1 }, rounds: { min: 1, max: 1000, default: 100 } } as const;

class UsageError extends Error {}

interface Options {
  files: string[];
  /** Given with `--ruleset`; otherwise read from the actors' types. */
  ruleset?: string;
  duels: number;
  seed: number;
  rounds: number;
}

function wholeNumber(name: keyof typeof DUEL_LIMITS, text: string | undefined): number {
  const { min, max } = DUEL_LIMITS[name];
  const value = Number(text);
  if (text === undefined || !/^\d+$/.test(text) || !Number.isSafeInteger(value) || value < min || value > max) {
    throw new UsageError(say("badNumber", { option: `--${name}`, value: safeLine(String(text ?? ""), 20), min, max: max.toLocaleString("en-US") }));
  }
  return value;
}

export function parseArgs(args: readonly string[]): Options {
  const out: Options = { files: [], duels: DUEL_LIMITS.duels.default, seed: DUEL_LIMITS.seed.default, rounds: DUEL_LIMITS.rounds.default };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const [flag, inline] = arg.startsWith("--") && arg.includes("=") ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)] : [arg, undefined];
    const value = () => inline ?? args[++i];
    if (flag === "--") continue;
    else if (flag === "--ruleset") out.ruleset = value() ?? "";
    else if (flag === "--duels") out.duels = wholeNumber("duels", value());
    else if (flag === "--seed") out.seed = wholeNumber("seed", value());
    else if (flag === "--rounds") out.rounds = wholeNumber("rounds", value());
    else if (flag.startsWith("-") && flag !== "-") throw new UsageError(say("unknownOption", { option: safeLine(flag, 40) }));
    else out.files.push(arg);
  }
  if (out.files.length !== 2) throw new UsageError(say("usage"));
  return out;
}

/** One actor file: at most MAX_ACTOR_BYTES, UTF-8, strict JSON. */
function readActor(file: string): unknown {
  let size: number;
  try {
    size = statSync(file).size;
  } catch (error) {
    throw new UsageError(say("cannotRead", { file: safeLine(file, 80), problem: String((error as NodeJS.ErrnoException).code ?? (error as Error).message) }));
  }
  if (size > MAX_ACTOR_BYTES) throw new UsageError(say("tooLarge", { file: safeLine(file, 80), max: MAX_ACTOR_BYTES.toLocaleString("en-US") }));
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(readFileSync(file));
  } catch {
    throw new UsageError(say("notUtf8", { file: safeLine(file, 80) }));
  }
  try {
    return readJson(text, ACTOR_JSON_LIMITS);
  } catch (error) {
    if (error instanceof LocalizedError) throw new UsageError(say("inFile", { file: safeLine(file, 80), message: error.message }));
    throw error;
  }
}

/** Rounds grouped into at most `bins` bars of equal width. */
export function histogram(rounds: readonly number[], bins = 12): { from: number; to: number; count: number }[] {
  if (!rounds.length) return [];
  const lo = Math.min(...rounds);
  const hi = Math.max(...rounds);
  const width = Math.max(1, Math.ceil((hi - lo + 1) / bins));
  const out: { from: number; to: number; count: number }[] = [];
  for (let from = lo; from <= hi; from += width) out.push({ from, to: Math.min(hi, from + width - 1), count: 0 });
  for (const r of rounds) out[Math.floor((r - lo) / width)]!.count++;
  return out;
}

/** How long the duels took: all of them, and the first `first.count` (which work out each fighter's decisions) apart. */
export interface DuelTiming {
  seconds: number;
  first?: { count: number; seconds: number };
}

/** The duels played, in words. */
export function report(names: [string, string], rulesetName: string, options: Pick<Options, "seed" | "rounds">, results: readonly DuelResult[], timing: DuelTiming, plans: readonly string[] = []): string {
  const n = results.length;
  const count = (w: DuelResult["winner"]) => results.filter((r) => r.winner === w).length;
  const pct = (k: number) => `${((100 * k) / n).toFixed(1).padStart(5)}%`;
  const rounds = results.map((r) => r.rounds);
  const bars = histogram(rounds);
  const most = Math.max(...bars.map((b) => b.count));
  const label = (b: { from: number; to: number }) => (b.from === b.to ? `${b.from}` : `${b.from}–${b.to}`);
  const labelWidth = Math.max(...bars.map((b) => label(b).length), say("roundsHeading").length);
  const shares: [string, number][] = [[say("wins", { name: names[0] }), count("a")], [say("wins", { name: names[1] }), count("b")], [say("draws"), count("draw")]];
  const width = Math.max(...shares.map(([l]) => l.length));
  const lines = [
    say("title", { a: names[0], b: names[1], ruleset: rulesetName, duels: n.toLocaleString("en-US"), seed: options.seed, rounds: options.rounds }),
    // Each fighter's plan (Ruleset.duel.plan), when the ruleset says it: why one side wins.
    ...plans.map((plan) => say("plan", { plan })),
    ...shares.map(([label, k]) => say("share", { label: label.padEnd(width), percent: pct(k), count: k.toLocaleString("en-US") })),
    say("average", { rounds: (rounds.reduce((s, r) => s + r, 0) / n).toFixed(2) }),
    say("roundsHeading").padEnd(labelWidth),
    ...bars.map((b) => `${label(b).padStart(labelWidth)} | ${"#".repeat(Math.round((40 * b.count) / most)).padEnd(40)} ${b.count.toLocaleString("en-US")}`),
    speedLine(n, timing),
  ];
  return lines.join("\n");
}

/** Whose actor type `type` is, by the rulesets' manifests. */
const perSecond = (count: number, seconds: number) => Math.round(count / Math.max(seconds, 1e-9)).toLocaleString("en-US");

/** The speed, honestly: the first duels are slow (each fighter's decisions are worked out, then remembered), so they are told apart. */
function speedLine(n: number, { seconds, first }: DuelTiming): string {
  const all = { duels: n.toLocaleString("en-US"), seconds: seconds.toFixed(2), rate: perSecond(n, seconds) };
  if (!first || first.count >= n) return say("speed", all);
  const rest = n - first.count;
  return say("speedSplit", { ...all, first: first.count.toLocaleString("en-US"), firstSeconds: first.seconds.toFixed(2), rest: rest.toLocaleString("en-US"), restRate: perSecond(rest, seconds - first.seconds) });
}

/** Duels timed apart at the start of a run (a tenth of it, at most FIRST_DUELS). */
const FIRST_DUELS = 100;

export function rulesetOfActorType(type: string): string | undefined {
  return MANIFESTS.find((manifest) => Object.hasOwn(manifest.Actor, type))?.id;
}

/**
 * The ruleset two actors duel under: `--ruleset` when given, otherwise the
 * one their types belong to. An actor with no type string leaves the choice
 * to the other (and its own reader says what is wrong with it); with none
 * at all, the default ruleset reads them.
 */
export function duelRuleset(actors: readonly { file: string; json: unknown }[], override?: string): string {
  if (override !== undefined) return override;
  const typed = actors.flatMap(({ file, json }) => {
    const type = typeof json === "object" && json !== null && !Array.isArray(json) ? (json as { type?: unknown }).type : undefined;
    return typeof type === "string" ? [{ file, type }] : [];
  });
  const owners = typed.map(({ file, type }) => {
    const ruleset = rulesetOfActorType(type);
    if (!ruleset) throw new UsageError(say("noRulesetForType", { file: safeLine(file, 80), type: safeLine(type, 40), known: duelTypes() }));
    return { file, type, ruleset };
  });
  const [a, b] = owners;
  if (a && b && a.ruleset !== b.ruleset) {
    throw new UsageError(say("typesDisagree", { a: safeLine(a.file, 80), typeA: safeLine(a.type, 40), rulesetA: rulesetName(a.ruleset), b: safeLine(b.file, 80), typeB: safeLine(b.type, 40), rulesetB: rulesetName(b.ruleset) }));
  }
  return a?.ruleset ?? DEFAULT_RULESET;
}

const rulesetName = (id: string) => english(`CYCHOSYS.Ruleset.${id}.name`);

/** "cychosys (character, npc); d6 (d6Character, d6Creature)": the actor types of each ruleset with a duel. */
function duelTypes(): string {
  return MANIFESTS.filter((manifest) => Object.hasOwn(RULESETS, manifest.id))
    .map((manifest) => `${manifest.id} (${Object.keys(manifest.Actor).join(", ")})`)
    .join("; ");
}

/** The `duel` command. */
export function duelCommand(args: readonly string[], io: CommandIo): number {
  const fail = (message: string) => {
    io.err(errorLine(message));
    return 2;
  };
  if (wantsHelp(args)) {
    io.out(`${english("CYCHOSYS.Cli.Help.duel", { rulesets: Object.keys(RULESETS).join(", ") })}\n`);
    return 0;
  }
  let options: Options;
  let actors: { file: string; json: unknown }[];
  let rulesetId: string;
  try {
    options = parseArgs(args);
    actors = options.files.map((file) => ({ file, json: readActor(file) }));
    rulesetId = duelRuleset(actors, options.ruleset);
  } catch (error) {
    if (error instanceof UsageError) return fail(error.message);
    throw error;
  }
  const make = Object.hasOwn(RULESETS, rulesetId) ? RULESETS[rulesetId] : undefined;
  if (!make) {
    const known = MANIFESTS.some((manifest) => manifest.id === rulesetId);
    if (known) return fail(say("noDuel", { ruleset: rulesetName(rulesetId), known: Object.keys(RULESETS).join(", ") }));
    return fail(english("CYCHOSYS.Cli.unknownRuleset", { ruleset: safeLine(rulesetId, 40), known: Object.keys(RULESETS).join(", ") }));
  }
  const duel = make().duel;
  if (!duel) return fail(say("noDuel", { ruleset: rulesetName(rulesetId), known: Object.keys(RULESETS).join(", ") }));
  const names: string[] = [];
  const fighters: unknown[] = [];
  for (const { file, json } of actors) {
    try {
      fighters.push(duel.fighter(json));
      names.push(safeLine(String((json as { name: string }).name), 60));
    } catch (error) {
      if (error instanceof LocalizedError) return fail(say("inFile", { file: safeLine(file, 80), message: error.message }));
      throw error;
    }
  }
  // The same actor twice (a mirror match): tell the two apart.
  if (names[0] === names[1]) names.splice(0, 2, `${names[0]} (A)`, `${names[1]} (B)`);
  const roll = seededDice(options.seed);
  const results: DuelResult[] = [];
  const firstCount = options.duels >= 20 ? Math.min(FIRST_DUELS, Math.floor(options.duels / 10)) : 0;
  let first: DuelTiming["first"];
  const start = performance.now();
  for (let i = 0; i < options.duels; i++) {
    if (i === firstCount && firstCount > 0) first = { count: firstCount, seconds: (performance.now() - start) / 1000 };
    results.push(duel.play(fighters[0], fighters[1], roll, options.rounds));
  }
  const seconds = (performance.now() - start) / 1000;
  const plans = duel.plan ? [safeLine(duel.plan(fighters[0], fighters[1]), 300), safeLine(duel.plan(fighters[1], fighters[0]), 300)] : [];
  io.out(`${report(names as [string, string], rulesetName(rulesetId), options, results, { seconds, ...(first && { first }) }, plans)}\n`);
  return 0;
}

export const main = duelCommand;
