/**
 * The situations the tracker and the card play, stated to the `rules`
 * command (issue 24): a turn's start and end (G19, G47, G77, G79–G81), the
 * 0-HP roll a blow owes (G81), Evaluate's bonus on a feint (G23), several
 * attacks of one turn with the defender carried over (G26, G38), rule
 * refusals as outcomes, and `pending` that a critical table roll does not
 * hold up (G86). Each is checked against the core's own functions or an
 * independent resolution, not against itself.
 */
import { describe, expect, it } from "vitest";
import { deriveGurpsActor } from "../../../src/rulesets/gurps/data/derive.js";
import {
  beginTask, chooseManeuver, GURPS_SEED_SCENARIOS, GURPS_TABLE_SCENARIOS, gurpsHeadless, newFighterRound, readGurpsScenario, refusalOf, resolveGurpsAttack, resolveGurpsScenario,
  startTurn, type GurpsAttackInput,
} from "../../../src/rulesets/gurps/rules/index.js";
import { fieldError, outcome } from "./helpers.js";

const clone = <T>(x: T): T => structuredClone(x) as T;
const table = (name: string) => clone(GURPS_TABLE_SCENARIOS[name]) as any;
const seedScenario = (name: string) => clone(GURPS_SEED_SCENARIOS[name]) as any;
const read = (s: unknown) => () => readGurpsScenario(s);

describe("pending: a roll the resolution still waits for (G84, G86)", () => {
  it("a critical hit fully resolved is not pending though its table roll is still owed (the GM reads the table)", () => {
    const s = seedScenario("check-11-critical-hit");
    delete s.rolls;
    const o = outcome(s) as any;
    expect(o.owed).toEqual([{ id: "rolls.criticalTable", roll: "table", who: "attacker", target: null, rule: "G84", when: "now" }]);
    expect(o.victim.after.hp).toBe(8);
    expect(o.pending).toBe(false);
  });

  it("a missing damage roll still holds it up", () => {
    const s = seedScenario("check-11-critical-hit");
    delete s.damage;
    expect((outcome(s) as any).pending).toBe(true);
  });
});

describe("refusals as outcomes (docs/rules-command.md)", () => {
  it.each([
    ["refused-beyond-max", "G51", "beyondMax"],
    ["refused-second-block", "G62", "defenseNotLegal"],
    ["refused-stunned-attack", "G19", "maneuverNotAllowed"],
    ["refused-third-rapid-strike", "G38", "attacksSpent"],
  ])("%s: the rule and the code, the reason in words citing it", (name, rule, code) => {
    const o = outcome(table(name)) as { refused: { rule: string; code: string; reason: string } };
    expect(Object.keys(o)).toEqual(["refused"]);
    expect(o.refused.rule).toBe(rule);
    expect(o.refused.code).toBe(code);
    expect(o.refused.reason).toContain(`(${rule})`);
    expect(o.refused.reason).toMatch(/^[A-Z]/);
  });

  it("every attack refusal of the core maps to its rule, and input problems stay errors", () => {
    const louis = () => seedScenario("check-12-louis-strikes-pierre");
    expect((outcome({ ...louis(), attacker: { ...louis().attacker, modifiers: [{ value: -13 }] } }) as any).refused).toMatchObject({ rule: "G91", code: "minimumSkill" });
    expect((outcome({ ...louis(), attacker: { ...louis().attacker, deceptive: 3 } }) as any).refused).toMatchObject({ rule: "G37", code: "deceptiveBelowMinimum" });
    expect((outcome({ ...louis(), attacker: { ...louis().attacker, maneuver: "moveAndAttack", rapidStrike: true } }) as any).refused).toMatchObject({ rule: "G38", code: "rapidStrikeManeuver" });
    const revolver = seedScenario("check-09-revolver-reload");
    expect((outcome({ ...revolver, weapon: { ...revolver.weapon, shotsLeft: 0 } }) as any).refused).toMatchObject({ rule: "G56", code: "noShotsLeft" });
    // G67: a retreat already made against him covers this defense without a new one; a second retreat is refused.
    expect((outcome({ ...louis(), defense: [{ id: "block:smallShield", retreat: true, roll: [3, 3, 3] }], defender: { ...louis().defender, used: { retreatAgainst: "louis" } } }) as any).refused).toMatchObject({ rule: "G67", code: "retreatNotAllowed" });
    // A malformed scenario is no refusal.
    expect(refusalOf(new Error("x"))).toBe(null);
    fieldError(read({ ...louis(), defense: [{ id: "parry:spear", roll: [3, 3, 3] }] }), "scenario", "he has no such defense");
  });
});

describe("the turn (G19, G47, G77, G79–G81)", () => {
  it("G80: reeling figures are the derived sheet's at the same HP (one source: figuresNow)", () => {
    const o = outcome(table("turn-reeling")) as any;
    const derived = deriveGurpsActor({ attributes: { st: 10, dx: 10, iq: 10, ht: 11 }, hp: { value: 3, max: 12 }, basicSpeed: 5.75, basicMove: 5, move: 5, encumbrance: 1 }, []);
    expect([o.reeling, o.basicSpeed, o.move, o.dodge, o.step]).toEqual([derived.reeling, derived.speedNow, derived.moveNow, derived.dodge, derived.step]);
    expect([o.basicSpeed, o.move, o.dodge, o.step]).toEqual([3, 3, 5, 1]); // ⌈5.75 / 2⌉ = 3; ⌈5 / 2⌉ = 3; ⌊3 + 3⌋ − 1 = 5 (check 22)
    const p419 = outcome({ ...table("turn-reeling"), options: { reelingRule: "p419" } }) as any;
    expect([p419.basicSpeed, p419.move, p419.dodge]).toEqual([5.75, 3, 4]); // p. 419: Move and Dodge halved, rounded up: ⌈7 / 2⌉ = 4
  });

  it("G81: at −14 of 12 HP the roll is HT −1; a failure leaves him unconscious; owed when no die is given", () => {
    const o = outcome(table("turn-zero-hp-roll")) as any;
    expect([o.consciousness.due, o.consciousness.effective, o.consciousness.modifier, o.consciousness.roll.roll, o.consciousness.stays, o.after.unconscious]).toEqual(["always", 10, -1, 12, false, true]);
    expect(o.shock).toBe(4); // G77: 6 injury since his last turn, capped at −4
    const owed = table("turn-zero-hp-roll");
    delete owed.rolls;
    const p = outcome(owed) as any;
    expect(p.owed).toEqual([{ id: "rolls.consciousness", roll: "3d6", who: "defender", victim: "pierre", target: 10, rule: "G81", when: "now" }]);
    expect(p.pending).toBe(true);
  });

  it("G81 (setting): Do Nothing without a defense since his last turn excuses the roll; a defense, or the setting off, does not; a roll then given is an input problem", () => {
    const excused = outcome(table("turn-zero-hp-do-nothing")) as any;
    expect([excused.consciousness.excused, excused.consciousness.roll, excused.owed]).toEqual([true, null, []]);
    const defended = table("turn-zero-hp-do-nothing");
    defended.fighter.defendedSinceLastTurn = true;
    expect((outcome(defended) as any).consciousness).toMatchObject({ due: "always", excused: false });
    expect((outcome({ ...table("turn-zero-hp-do-nothing"), options: { zeroHpDoNothingSkipsRoll: false } }) as any).consciousness.excused).toBe(false);
    fieldError(read({ ...table("turn-zero-hp-do-nothing"), rolls: { consciousness: [3, 3, 3] } }), "scenario", "rolls.consciousness", "G81");
  });

  it("G19, G79: a stunned fighter must Do Nothing and rolls HT at the end (IQ for a mental stun, a surprise too)", () => {
    const o = outcome(table("turn-stun-recovery")) as any;
    expect([o.forcedDoNothing, o.maneuver, o.stunRecovery.attribute, o.stunRecovery.recovered, o.after.stunned, o.shock]).toEqual([true, "doNothing", "ht", true, null, 4]);
    const surprised = table("turn-stun-recovery");
    delete surprised.fighter.stunned;
    Object.assign(surprised.fighter, { surprised: true, iq: 9 });
    surprised.rolls.stunRecovery = [4, 4, 4];
    const s = outcome(surprised) as any;
    expect([s.stunRecovery.attribute, s.stunRecovery.effective, s.stunRecovery.recovered, s.after.stunned]).toEqual(["iq", 9, false, "mental"]);
    fieldError(read({ ...surprised, fighter: { ...surprised.fighter, iq: undefined } }), "fighter.iq", "is required");
    const owed = table("turn-stun-recovery");
    delete owed.rolls;
    expect((outcome(owed) as any).owed.map((r: { id: string; target: number }) => [r.id, r.target])).toEqual([["rolls.stunRecovery", 11]]);
  });

  it("G47: a choked fighter loses FP at his turn's start", () => {
    const o = outcome({ ...table("turn-reeling"), fighter: { ...table("turn-reeling").fighter, suffocating: true, fp: 12, currentFp: 5 } }) as any;
    expect([o.fpLoss, o.after.fp]).toEqual([1, 4]);
  });
});

describe("the 0-HP roll a blow owes (G81)", () => {
  it("is asked for at the start of his next turn (not now), and given, says whether he stays conscious", () => {
    const o = outcome(table("attack-zero-hp-roll-next-turn")) as any;
    expect(o.victim.after.hp).toBe(-2);
    expect(o.victim.consciousness).toEqual({ effective: 11, modifier: 0, roll: { roll: 15, effective: 11, margin: -4, success: false, critical: null }, stays: false });
    expect(o.victim.after.unconscious).toBe(false); // the state right after the blow: the roll comes at his next turn
    const s = table("attack-zero-hp-roll-next-turn");
    delete s.rolls;
    const owed = outcome(s) as any;
    expect(owed.owed).toEqual([{ id: "rolls.consciousness", roll: "3d6", who: "defender", victim: "pierre", target: 11, rule: "G81", when: "turnStart" }]);
    expect(owed.pending).toBe(false);
  });
});

describe("Evaluate's bonus on a feint (G23, G25)", () => {
  it("+1 per Evaluate (at most +3) to the feinter's skill; shock counts against it; below 3 no roll (G91)", () => {
    const o = outcome(table("feint-after-evaluate")) as any;
    expect([o.feinterSkill.effective, o.feinter.margin, o.penalty]).toEqual([17, 2, 2]);
    const plain = table("feint-after-evaluate");
    delete plain.feinter.evaluate;
    expect((outcome(plain) as any).penalty).toBe(0); // 15 rolled against 15: a success by 0
    const shocked = outcome({ ...table("feint-after-evaluate"), feinter: { ...table("feint-after-evaluate").feinter, shock: 3 } }) as any;
    expect(shocked.feinterSkill.modifiers.map((m: { key: string; value: number }) => [m.key, m.value])).toEqual([["evaluate", 2], ["shock", -3]]);
    fieldError(read({ ...plain, feinter: { ...plain.feinter, evaluate: 4 } }), "feinter.evaluate", "from 0 to 3");
    expect((outcome({ ...plain, feinter: { ...plain.feinter, modifiers: [{ value: -13 }] } }) as any).refused).toMatchObject({ rule: "G91", code: "minimumSkill" });
  });
});

describe("several attacks of one turn (G26, G35, G38)", () => {
  it("a Rapid Strike's second attack meets the defender as the first left him: the same as resolving it alone with his figures carried by hand", () => {
    const s = table("attacks-rapid-strike");
    const both = resolveGurpsScenario(readGurpsScenario(s));
    if (both.kind !== "attacks") throw new Error("not attacks");
    const [first, second] = both.attacks.attacks;
    const after = first!.victim!.after;
    // The old way: the second attack as a scenario of its own, Pierre's figures copied from the first's outcome.
    const alone = readGurpsScenario({
      ruleset: "gurps", version: 1, attacker: { ...s.attacker, roll: s.attacks[1].roll }, weapon: s.weapon,
      defender: { ...s.defender, currentHp: after.hp, injurySinceLastTurn: after.injurySinceLastTurn, used: { blocked: true } },
      defense: s.attacks[1].defense, damage: s.attacks[1].damage,
    });
    if (alone.kind !== "attack") throw new Error("not an attack");
    const expected = resolveGurpsAttack(alone.input as GurpsAttackInput);
    expect(second!.victim).toEqual(expected.victim);
    expect(second!.skill!.effective).toBe(9); // 15 − 6 (G38)
    expect(second!.legal!.refused.map((r) => [r.id, r.reason])).toContainEqual(["block:smallShield", "blockUsed"]);
    const o = outcome(s) as any;
    expect(o.attacks.map((a: any) => [a.victim.hpBefore, a.victim.after.hp])).toEqual([[12, 8], [8, 2]]);
  });

  it("a parry counts against the next (G63); aim and evaluate are spent by the first; All-Out Attack (Double) keeps the feint for both (G25)", () => {
    const s = table("attacks-rapid-strike");
    s.attacker = { ...s.attacker, rapidStrike: false, maneuver: "allOutAttack", aoaOption: "double", evaluate: 2, feint: 2 };
    s.attacks = [{ roll: [3, 3, 3], defense: [{ id: "parry:shortsword", roll: [3, 3, 4] }], damage: [[1]] }, { roll: [3, 3, 3], defense: [{ id: "parry:shortsword", roll: [3, 3, 4] }], damage: [[1]] }];
    const o = outcome(s) as any;
    const mods = (a: any) => Object.fromEntries(a.effectiveSkill.modifiers.map((m: any) => [m.key, m.value]));
    expect(mods(o.attacks[0])).toMatchObject({ evaluate: 2 });
    expect(mods(o.attacks[1]).evaluate).toBeUndefined();
    const parry = (a: any) => a.legalDefenses.options.find((x: any) => x.id === "parry:shortsword");
    expect(parry(o.attacks[1]).score).toBe(parry(o.attacks[0]).score - 4); // G63: −4 for the second parry
    expect(parry(o.attacks[0]).modifiers.concat(parry(o.attacks[1]).modifiers).filter((m: any) => m.key === "feint")).toHaveLength(2);
    s.attacker = { ...s.attacker, maneuver: "attack", aoaOption: undefined, rapidStrike: true };
    delete s.attacker.aoaOption;
    const rapid = outcome(s) as any;
    expect(parry(rapid.attacks[1]).modifiers.some((m: any) => m.key === "feint")).toBe(false); // G25: one attack only
  });

  it("G40: a ‡ weapon the first attack left unready makes no second; an attack owing a roll comes before the next", () => {
    const s = table("attacks-rapid-strike");
    s.weapon = { ...s.weapon, unreadyAfterAttack: true, minSt: 12 };
    expect((outcome(s) as any).refused).toMatchObject({ rule: "G40", code: "weaponUnready" });
    const owing = table("attacks-rapid-strike");
    delete owing.attacks[0].damage;
    fieldError(read(owing), "attacks[1]", "attack 1 still owes damage");
    fieldError(read({ ...table("attacks-rapid-strike"), attacker: { ...table("attacks-rapid-strike").attacker, roll: [3, 3, 3] } }), "attacker.roll", "attacks[]");
    fieldError(read({ ...table("attacks-rapid-strike"), attacks: [] }), "attacks", "at least one");
  });

  it("the explanation numbers each attack", () => {
    const s = gurpsHeadless.parseScenario(JSON.stringify(table("attacks-rapid-strike")));
    const lines = gurpsHeadless.explain(gurpsHeadless.resolve(s), s.names).map((l) => l.text);
    expect(lines.filter((l) => /^Attack \d of 2:$/.test(l))).toEqual(["Attack 1 of 2:", "Attack 2 of 2:"]);
  });
});

describe("G11, G15: kneeling or standing as the step, stated to the command", () => {
  const jenny = () => table("turn-stand-as-step");
  it("standing as Attack's step; the turns that do not ask keep their outcome (no stepPosture, no task)", () => {
    expect((outcome(jenny()) as any).stepPosture).toEqual({ from: "kneeling", to: "standing" });
    for (const name of ["turn-reeling", "turn-zero-hp-roll", "turn-stun-recovery"]) {
      const o = outcome(table(name)) as any;
      expect(Object.hasOwn(o, "stepPosture") || Object.hasOwn(o, "task"), name).toBe(false);
    }
  });
  it.each([
    ["after moving a yard", (s: any) => ({ ...s, movedBefore: 1 }), "G11", "stepSpent"],
    ["under Move (more than a step)", (s: any) => ({ ...s, maneuver: "move" }), "G15", "noStep"],
    ["with Move 0 (no step)", (s: any) => ({ ...s, fighter: { ...s.fighter, move: 0 } }), "G15", "noStep"],
    ["from lying prone", (s: any) => ({ ...s, fighter: { ...s.fighter, posture: "prone" } }), "G15", "kneelStandOnly"],
    ["with no maneuver named", (s: any) => ({ ...s, maneuver: undefined }), "G10", "chooseFirst"],
    ["stunned", (s: any) => ({ ...s, maneuver: "doNothing", fighter: { ...s.fighter, stunned: "physical" }, rolls: { stunRecovery: [6, 6, 6] } }), "G19", "stunned"],
  ])("refused %s: the rule and code as an outcome", (_, patch, rule, code) => {
    const o = outcome(JSON.parse(JSON.stringify(patch(jenny())))) as any;
    expect(o.refused).toMatchObject({ rule, code });
    expect(o.refused.reason).toContain(`(${rule})`);
  });
  it("a bad posture or yards are input, not refusals", () => {
    fieldError(read({ ...jenny(), stepPosture: "flying" }), "stepPosture");
    fieldError(read({ ...jenny(), movedBefore: -1 }), "movedBefore");
  });
});

describe("G29, G89: a task begun and counted across turns, stated to the command", () => {
  it("begun: Ready chosen with it counts the first second; two turns later the third finishes it; set aside under Attack it waits", () => {
    expect((outcome(table("turn-task-begun")) as any)).toMatchObject({ maneuver: "ready", task: { needed: 3, done: 1, left: 2, counted: true, status: "inProgress" } });
    expect((outcome(table("turn-task-finished")) as any).task).toMatchObject({ done: 3, left: 0, status: "finished" });
    expect((outcome(table("turn-task-paused")) as any).task).toMatchObject({ done: 1, left: 2, counted: false, status: "paused" });
  });
  it("the same seconds as the tracker's own transitions (beginTask, then one chooseManeuver a turn)", () => {
    const t = { name: "Reload", needed: 3, interruptible: true, kind: "ready" as const };
    let s = startTurn(newFighterRound(), { hp: 11, currentHp: 11, ht: 11 }).state;
    s = beginTask(s, t, {});
    for (let turn = 1; turn < 3; turn++) s = chooseManeuver(startTurn(s, { hp: 11, currentHp: 11, ht: 11 }).state, { id: "ready" }, {});
    expect(s.task).toMatchObject({ done: 3, needed: 3 });
    const carried = table("turn-task-finished");
    expect((outcome(carried) as any).task.done).toBe(s.task!.done);
  });
  it("a task that cannot be interrupted is abandoned under another maneuver; a stunned fighter's pauses", () => {
    const s = table("turn-task-paused");
    expect((outcome({ ...s, task: { ...s.task, interruptible: false } }) as any).task).toMatchObject({ done: 1, status: "abandoned" });
    expect((outcome({ ...s, maneuver: undefined, fighter: { ...s.fighter, stunned: "physical" }, rolls: { stunRecovery: [6, 6, 6] } }) as any).task).toMatchObject({ status: "paused" });
  });
  it("refused: begun under another maneuver (taskManeuver), by a stunned fighter (G19); at 0 HP the task waits for the HT roll (null, owed)", () => {
    const begun = table("turn-task-begun");
    expect((outcome({ ...begun, maneuver: "attack" }) as any).refused).toMatchObject({ rule: "G89", code: "taskManeuver" });
    expect((outcome({ ...begun, task: { ...begun.task, kind: "concentrate" }, maneuver: "ready" }) as any).refused).toMatchObject({ rule: "G29", code: "taskManeuver" });
    expect((outcome({ ...begun, fighter: { ...begun.fighter, stunned: "physical" }, rolls: { stunRecovery: [6, 6, 6] } }) as any).refused).toMatchObject({ rule: "G19", code: "stunned" });
    const o = outcome({ ...begun, fighter: { ...begun.fighter, currentHp: -1 }, maneuver: "ready" }) as any;
    expect(o.task).toBeNull();
    expect(o.owed.map((x: { id: string }) => x.id)).toEqual(["rolls.consciousness"]);
  });
  it("input, not refusals: done at or past its seconds, no name, a task carried on with no maneuver", () => {
    const carried = table("turn-task-finished");
    fieldError(read({ ...carried, task: { ...carried.task, done: 3 } }), "task.done");
    fieldError(read({ ...carried, task: { ...carried.task, name: " " } }), "task.name");
    fieldError(read({ ...carried, maneuver: undefined }), "maneuver", "is required");
  });
});

describe("G31: a Wait triggered out of turn, stated as an attack", () => {
  const waited = () => table("attack-triggered-wait");
  it("it attacks as the maneuver it became: the same figures as an All-Out Attack (Determined) stated directly", () => {
    const o = outcome(waited()) as any;
    const { wait: _, ...plain } = waited().attacker;
    const direct = outcome({ ...waited(), attacker: { ...plain, maneuver: "allOutAttack", aoaOption: "determined" } }) as any;
    expect(o.wait).toEqual({ trigger: "Pierre steps into reach", response: "allOutAttack", aoaOption: "determined", defendedWhileWaiting: false });
    const { wait: __, ...rest } = o;
    expect(rest).toEqual(direct);
    expect([o.maneuver, o.aoaOption, o.effectiveSkill.effective, o.victim.after.hp]).toEqual(["allOutAttack", "determined", 19, 6]);
  });
  it("after a defense while waiting it becomes an Attack (G31); a Ready response makes no attack (G35); outcomes without a Wait have no wait field", () => {
    const s = waited();
    const o = outcome({ ...s, attacker: { ...s.attacker, wait: { ...s.attacker.wait, defendedWhileWaiting: true } } }) as any;
    expect([o.maneuver, o.aoaOption, o.effectiveSkill.effective]).toEqual(["attack", null, 15]);
    expect((outcome(table("refused-wait-ready")) as any).refused).toMatchObject({ rule: "G35", code: "notAttackManeuver" });
    expect(Object.hasOwn(outcome(seedScenario("check-12-louis-strikes-pierre")), "wait")).toBe(false);
  });
  it("input, not refusals: a wait without \"wait\", All-Out Attack without its option, a Wait in an attacks scenario", () => {
    const s = waited();
    fieldError(read({ ...s, attacker: { ...s.attacker, maneuver: "attack" } }), "attacker.wait");
    fieldError(read({ ...s, attacker: { ...s.attacker, wait: { response: "allOutAttack" } } }), "attacker.wait.aoaOption", "is required");
    fieldError(read({ ...s, attacker: { ...s.attacker, wait: { response: "attack", aoaOption: "strong" } } }), "attacker.wait.aoaOption");
    const rapid = table("attacks-rapid-strike");
    fieldError(read({ ...rapid, attacker: { ...rapid.attacker, rapidStrike: false, maneuver: "wait", wait: { response: "attack" } } }), "attacker.maneuver", "kind attack");
  });
});
