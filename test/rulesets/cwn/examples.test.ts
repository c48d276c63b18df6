/**
 * examples/cwn/*.json: every seed check as a scenario, run through the
 * headless entry points and compared with its checked outcome in
 * examples/cwn/outcomes/. The key figures are also written out below,
 * worked by hand from the dice, so a regenerated outcome file cannot pass
 * unchecked.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { RuleRefusal } from "../../../src/core/refusal.js";
import { CWN_DEMO_CHECKS, CWN_DEMO_MORE, CWN_SEED_SCENARIOS, type CwnCombatOutcomeJson, cwnHeadless, type CwnOutcomeJson } from "../../../src/rulesets/cwn/rules/index.js";

const DIR = join(import.meta.dirname, "..", "..", "..", "examples", "cwn");
const files = readdirSync(DIR).filter((f) => f.endsWith(".json"));
const text = (file: string) => readFileSync(join(DIR, file), "utf8");
/** What the rules command prints: the outcome, or a rule's refusal as an outcome (docs/rules-command.md, "Refusals"). */
function outcomeOf(name: string): unknown {
  try {
    return cwnHeadless.outcomeJson(cwnHeadless.resolve(cwnHeadless.parseScenario(text(`${name}.json`))));
  } catch (error) {
    if (error instanceof RuleRefusal) return error.toJSON();
    throw error;
  }
}
const attackOf = (name: string) => outcomeOf(name) as CwnOutcomeJson;
const combatOf = (name: string) => outcomeOf(name) as CwnCombatOutcomeJson;

/** name → [refused, hit total, AC, hit, Trauma roll and Traumatic, dealt, HP after, downed]. */
const ATTACKS: Record<string, [string | null, number | null, number | null, boolean | null, [number, boolean] | null, number | null, number | null, string | null]> = {
  // 14 + 1 + 1 + 1 = 17 ≥ 15; Trauma 3 < 6; 1d8 5 + 1 = 6; 20 → 14.
  "02a-attack-hits-ranged-ac": [null, 17, 15, true, [3, false], 6, 14, null],
  // 1 + 20 + 1 + 1 = 23 ≥ 15, yet a natural 1 misses; no Shock rating.
  "02b-natural-1-misses": [null, 23, 15, false, null, 0, 10, null],
  // 20 + 3 = 23 < 30, yet a natural 20 hits; 4 + 1 = 5.
  "02c-natural-20-hits": [null, 23, 30, true, [2, false], 5, 5, null],
  // 16 + 3 = 19; Trauma 6 ≥ 6; (6 + 1) × 3 = 21; 30 → 9.
  "03-traumatic-hit-times-three": [null, 19, 15, true, [6, true], 21, 9, null],
  // 8 + 3 = 11 < 13: Shock 2 + Str 1 = 3 (AC 13 ≤ Shock AC 13); 8 → 5.
  "04a-shock-on-a-miss": [null, 11, 13, false, null, 3, 5, null],
  "04b-no-shock-against-higher-ac": [null, 11, 14, false, null, 0, 8, null],
  // 15 + 3 = 18; 1 + 1 = 2 raised to Shock 3.
  "04c-hit-raised-to-shock": [null, 18, 13, true, [2, false], 3, 5, null],
  // 17 + 3 = 20; 2d6 4 + 3 + 1 = 8: soak 5 → 0, HP 10 → 7.
  "05-soak-then-hit-points": [null, 20, 13, true, [3, false], 8, 7, null],
  // 15 + 3 − 4 = 14 < 15.
  "06a-snap-attack-minus-four": [null, 14, 15, false, null, 0, 10, null],
  // 16 + 3 − 4 = 15 ≥ 15; 5 + 1 = 6.
  "07b-pistol-next-to-blade-minus-four": [null, 15, 15, true, [4, false], 6, 4, null],
  // 17 + 3 − 4 = 16; Trauma 6; (2 + 1) × 3 = 9.
  "07c-thrown-knife-next-to-blade-minus-four": [null, 16, 15, true, [6, true], 9, 1, null],
  // Swarms: + 2 / + 4 / + 6 to hit; + 1, + 2, then + 3 held to + 1 by the maximum 8 + 1 = 9.
  "08a-swarm-of-two": [null, 16, 14, true, [2, false], 5, 7, null],
  "08b-swarm-of-three": [null, 16, 14, true, [2, false], 6, 6, null],
  "08c-swarm-of-four-capped": [null, 16, 14, true, [2, false], 9, 3, null],
  // 10 + 3 + 2 = 15; 4 + 1 = 5.
  "09a-charge-plus-two": [null, 15, 13, true, [5, false], 5, 5, null],
  // AC 14 − 2 = 12 ≤ 13.
  "09b-charger-is-easier-to-hit": [null, 13, 12, true, [1, false], 3, 5, null],
  // The screen sends it to Mack (AC 15): 16 ≥ 15; Trauma 6: (5 + 1) × 3 = 18 on 14 HP → 0, mortally wounded (a PC, lethal).
  "10a-screen-takes-the-blow": [null, 16, 15, true, [6, true], 18, 0, "mortallyWounded"],
  // 7 + 3 + 4 = 14 < 13 + 2: Total Defense stops even a swarm's Shock.
  "11a-total-defense-stops-swarm-shock": [null, 14, 15, false, null, 0, 12, null],
  // 6 + 3 + 4 = 13 < 15: the swarm's Shock 3 goes through AC 15 and the shield.
  "11b-swarm-shock-through-a-shield": [null, 13, 15, false, null, 3, 9, null],
  // 15 + 3 − 2 = 16; 6 + 1 = 7.
  "12b-prone-target-far-shot-minus-two": [null, 16, 15, true, [2, false], 7, 3, null],
  // 9 + 3 + 2 = 14; Trauma 6: (5 + 1) × 3 = 18 → 0, dead (not a PC, lethal).
  "12c-prone-target-adjacent-plus-two": [null, 14, 13, true, [6, true], 18, 0, "dead"],
};

/** name → the initiative order and the steps refused, with their reasons. */
const COMBATS: Record<string, [string[], [number, string, string][]]> = {
  "01-initiative-players-win-ties": [["the crew", "the gangers"], []],
  "06c-snap-spends-the-main": [["the gangers", "the crew"], [[1, "snapAttack", "cannotSnap"], [5, "rangedAttack", "mainSpent"]]],
  "08d-fifth-cannot-join": [["the pack", "the crew"], [[9, "swarmAttack", "swarmFull"]]],
  "09c-charge-limits-and-costs": [["the crew", "the gangers"], [[1, "charge", "chargeTooFar"], [2, "charge", "chargeTooShort"], [3, "charge", "chargeWeapon"], [5, "run", "noMoveLeft"]]],
  "10b-screen-uses-a-round": [["the crew", "the gangers"], [[1, "screenAlly", "screenSkill"], [7, "spendScreens", "screenNoUses"]]],
  "11c-total-defense-until-next-turn": [["the gangers", "the crew"], [[4, "meleeAttack", "mainSpent"], [5, "totalDefense", "mainSpent"]]],
  "12a-prone-halves-the-move": [["the crew", "the gangers"], [[6, "run", "moveTooFar"]]],
  "13-bow-reload": [["the crew", "the gangers"], [[6, "run", "noMoveLeft"]]],
  "14-hold-and-fire-first": [["the crew", "the gangers"], []],
  "15-main-as-second-move": [["the crew", "the gangers"], [[3, "meleeAttack", "mainSpent"], [4, "run", "noMoveLeft"]]],
  "16a-free-attacks-on-leaving": [["the crew", "the gangers"], []],
  "16b-free-attack-drops-the-mover": [["the crew", "the gangers"], []],
  "17-starts-prone": [["the crew", "the gangers"], [[1, "run", "moveTooFar"]]],
};

/** name → the rule refusing the attack and its code (W39 step 1): printed as the shared refusal, exit code 0. */
const REFUSED: Record<string, [string, string]> = {
  "06b-nameless-foe-cannot-snap": ["W23", "cannotSnap"],
  "07a-rifle-blocked-by-adjacent-blade": ["W22", "twoHandedMeleeFoe"],
};

describe("examples/cwn", () => {
  it("holds every seed scenario, verbatim, and nothing else; the demo narrates each one", () => {
    expect(files.map((f) => f.replace(/\.json$/, "")).sort()).toEqual(Object.keys(CWN_SEED_SCENARIOS).sort());
    for (const file of files) expect(JSON.parse(text(file)), file).toEqual(CWN_SEED_SCENARIOS[file.replace(/\.json$/, "")]);
    expect([...CWN_DEMO_CHECKS.flatMap(([, , names]) => names), ...CWN_DEMO_MORE].sort()).toEqual(Object.keys(CWN_SEED_SCENARIOS).sort());
    expect(CWN_DEMO_CHECKS.map(([n]) => n)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
    expect(Object.keys(ATTACKS).length + Object.keys(COMBATS).length + Object.keys(REFUSED).length).toBe(files.length);
  });

  it.each(files)("%s resolves to its checked outcome", (file) => {
    const expected = JSON.parse(readFileSync(join(DIR, "outcomes", file), "utf8"));
    expect(outcomeOf(file.replace(/\.json$/, ""))).toEqual(expected);
  });

  it.each(Object.entries(REFUSED))("%s: refused by rule as an outcome, with its code and reason", (name, [rule, code]) => {
    const o = outcomeOf(name) as { refused: { rule: string; code: string; reason: string } };
    expect(o.refused).toMatchObject({ rule, code });
    expect(o.refused.reason).toMatch(new RegExp(`^[A-Z].* cannot make this attack: .*\\(${rule}\\)\\.$`));
  });

  it.each(Object.entries(ATTACKS))("%s: the figures worked by hand", (name, figures) => {
    const o = attackOf(name);
    expect(o.scenario).toBe("attack");
    expect([o.refused, o.attack?.total ?? null, o.ac?.total ?? null, o.hit, o.trauma && [o.trauma.roll, o.trauma.traumatic], o.dealt, o.hp?.after ?? null, o.downed]).toEqual(figures);
    expect(o.owed).toEqual([]);
  });

  it.each(Object.entries(COMBATS))("%s: the order and the refusals worked by hand", (name, [order, refusals]) => {
    const o = combatOf(name);
    expect(o.scenario).toBe("combat");
    expect(o.initiative.map((x) => x.side)).toEqual(order);
    expect(o.steps.filter((s) => !s.ok).map((s) => [s.step, s.do, s.refusal!.code])).toEqual(refusals);
  });

  it("06c: the foe's run is answered by Vee's Snap Attack first; her turn then has no Main (W11, W23)", () => {
    const o = combatOf("06c-snap-spends-the-main");
    const step2 = o.steps.filter((s) => s.step === 2);
    expect(step2.map((s) => [s.fighter, s.do])).toEqual([["Vee", "snapAttack"], ["ganger 1", "run"]]);
    expect(o.final!.fighters.Vee).toMatchObject({ main: "spent", move: "spent", prone: true });
  });

  it("09c: the charge spends Move and Main and its −2 AC lapses when Mack's next turn starts (W25)", () => {
    const o = combatOf("09c-charge-limits-and-costs");
    const charged = o.steps.find((s) => s.step === 4)!;
    expect(charged.events[0]).toMatchObject({ action: "charge", paid: ["main", "move"] });
    expect(o.steps.at(-1)!.events).toEqual([{ kind: "turnStarted", fighterId: "Mack", lapsed: ["charging"] }]);
    expect(o.final!.fighters.Mack!.effects).toEqual([]);
  });

  it("10b: Mack screens two attackers, then has no use left (W26)", () => {
    const o = combatOf("10b-screen-uses-a-round");
    expect(o.steps.filter((s) => s.do === "spendScreens" && s.ok).map((s) => s.events[0])).toEqual([
      { kind: "screenSpent", fighterId: "Mack", usesLeft: 1 },
      { kind: "screenSpent", fighterId: "Mack", usesLeft: 0 },
    ]);
  });

  it("11c: Total Defense taken before her turn lasts until her turn of the next round (W27)", () => {
    const o = combatOf("11c-total-defense-until-next-turn");
    expect(o.steps.find((s) => s.do === "totalDefense" && s.ok)!.events[0]).toMatchObject({ outOfTurn: true, paid: ["main"] });
    expect(o.steps.at(-1)!.events).toEqual([{ kind: "turnStarted", fighterId: "Vee", lapsed: ["totalDefense"] }]);
  });

  it("12a, 13, 14, 15: prone halves the Move; the bow reloads On Turn; the held shot goes first; two Moves in a turn (W7, W32, W36, W37)", () => {
    expect(combatOf("12a-prone-halves-the-move").final!.fighters.Mack).toMatchObject({ prone: false, moves: 2, main: "spent", move: "spent" });
    const bow = combatOf("13-bow-reload").steps.filter((s) => s.do === "reload").map((s) => s.events[0]);
    expect(bow.map((e) => e && "paid" in e && e.paid)).toEqual([["onTurn"], ["move"]]);
    const hold = combatOf("14-hold-and-fire-first").steps.filter((s) => s.step === 4);
    expect(hold.map((s) => [s.fighter, s.do])).toEqual([["Mack", "rangedAttack"], ["ganger 1", "run"]]);
    expect(hold[0]!.events[0]).toMatchObject({ outOfTurn: true, paid: ["main"] });
    expect(combatOf("15-main-as-second-move").final!.fighters.Mack).toMatchObject({ moves: 2, turn: "done" });
  });

  it("16a (W12): both free attacks are rolled before Mack leaves — 14 + 3 = 17 hits for 3 + 1 = 4, the fists' 5 + 1 + 1 − 2 = 5 miss — and he runs on with 8 hit points", () => {
    const o = combatOf("16a-free-attacks-on-leaving");
    const run = o.steps.find((s) => s.do === "run")!;
    expect(run.events.map((e) => e.kind)).toEqual(["freeAttacks", "freeAttack", "freeAttack", "acted"]);
    expect(run.events[1]).toEqual({ kind: "freeAttack", fighterId: "Mack", by: "ganger 1", hit: true, dealt: 4, hpAfter: 8, downed: null });
    expect(run.events[2]).toMatchObject({ by: "ganger 2", hit: false, dealt: 0, hpAfter: 8 });
    expect(o.final!.fighters.Mack).toMatchObject({ move: "spent", log: ["run"], hitPoints: { hp: 8, soak: 0 } });
    // The gangers' own actions are untouched: a free attack costs its maker nothing (W12).
    expect(o.final!.fighters["ganger 1"]).toMatchObject({ main: "unspent", move: "unspent" });
  });

  it("16b (W12, W19): the first free attack takes Mack from 3 to 0 — mortally wounded — so the run is cancelled, not paid, and the second is never rolled", () => {
    const o = combatOf("16b-free-attack-drops-the-mover");
    const run = o.steps.find((s) => s.do === "run")!;
    expect(run.ok).toBe(true);
    expect(run.events.map((e) => e.kind)).toEqual(["freeAttacks", "freeAttack", "downed", "moveCancelled"]);
    expect(run.events[1]).toMatchObject({ by: "ganger 1", hit: true, dealt: 7, hpAfter: 0, downed: "mortallyWounded" });
    expect(o.final!.fighters.Mack).toMatchObject({ downed: "mortallyWounded", move: "unspent", log: [], hitPoints: { hp: 0, soak: 0 } });
    expect(o.final!.sides["the crew"]!.lostThisRound).toEqual(["Mack"]);
  });

  it("17 (W36): Vee starts prone — 5 m a Move, a free attack at +2 as she crawls away (11 + 3 + 2 = 16 against AC 14), then standing pays with her Main", () => {
    const o = combatOf("17-starts-prone");
    const crawl = o.steps.find((s) => s.do === "run" && s.ok)!;
    expect(crawl.events[1]).toMatchObject({ kind: "freeAttack", by: "ganger 1", hit: true, dealt: 3, hpAfter: 7 });
    expect(o.steps.find((s) => s.do === "standUp")!.events[0]).toMatchObject({ action: "standUp", paid: ["main"] });
    expect(o.final!.fighters.Vee).toMatchObject({ prone: false, hitPoints: { hp: 7, soak: 0 } });
  });

  it("the headless object is the CWN ruleset's, and explains with rule ids", () => {
    expect(cwnHeadless.id).toBe("cwn");
    const lines = cwnHeadless.explain(cwnHeadless.resolve(cwnHeadless.parseScenario(text("03-traumatic-hit-times-three.json")))).map((l) => l.text);
    expect(lines).toContain("Trauma Die 1d8: 6 = 6 against Trauma Target 6: a Traumatic Hit, ×3 (W15).");
    expect(lines).toContain("Traumatic Hit: 7 × 3 = 21 (W16).");
  });
});
