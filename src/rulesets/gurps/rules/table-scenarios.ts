/**
 * Situations the tracker and the card play that the seed checks do not
 * cover (issue 24: "every situation the tracker plays, the command can
 * state"), as scenarios: a turn's start and end — the 0-HP roll (G81), its
 * Do Nothing excuse, reeling figures (G80), the stun recovery (G19, G79) —
 * the 0-HP roll owed by a blow, Evaluate's bonus on a feint (G23), a Rapid
 * Strike's two attacks with the defender carried over (G38), kneeling or
 * standing as a maneuver's step (G15), a task begun and counted (G29, G89),
 * a Wait triggered out of turn (G31), and rule refusals as outcomes. examples/gurps/<name>.json holds each one verbatim
 * (a test keeps them equal). Figures the chapter does not give are ours.
 */
import { GURPS_SEED_SCENARIOS } from "./seed-scenarios.js";

type Scenario = Readonly<Record<string, unknown>>;

const louisStrikes = GURPS_SEED_SCENARIOS["check-12-louis-strikes-pierre"] as { attacker: Record<string, unknown>; weapon: Record<string, unknown>; defender: Record<string, unknown> };
/** Louis LeBlanc as in check 12, his roll given per scenario. */
const louis = Object.fromEntries(Object.entries(louisStrikes.attacker).filter(([key]) => key !== "roll"));
const shortsword = louisStrikes.weapon;
const pierre = louisStrikes.defender;

/** Jenny Atkins kneeling (Move 5), Louis's figures for a turn (G1), and a crossbow's reload (G90: 3 seconds). */
const kneelingJenny = { name: "Jenny Atkins", id: "atkins", hp: 10, ht: 10, basicSpeed: 5.5, move: 5, posture: "kneeling" };
const louisTurn = { name: "Louis LeBlanc", id: "louis", hp: 11, ht: 11, basicSpeed: 5.5, move: 5 };
const reload = { name: "Reload the crossbow", kind: "ready", seconds: 3 };

export const GURPS_TABLE_SCENARIOS: Readonly<Record<string, Scenario>> = Object.freeze({
  // G81: Pierre begins his turn at −14 HP (12 HP): HT 11 −1 (one full multiple below zero) = 10; he rolls 12 and falls unconscious.
  "turn-zero-hp-roll": {
    ruleset: "gurps", version: 1, kind: "turn",
    fighter: { name: "Filthy Pierre", id: "pierre", hp: 12, currentHp: -14, ht: 11, basicSpeed: 5, move: 5, injurySinceLastTurn: 6, defendedSinceLastTurn: true },
    maneuver: "attack", rolls: { consciousness: [5, 4, 3] },
  },
  // G81 (setting): at −3 HP, a Do Nothing turn with no defense roll since his last needs no roll.
  "turn-zero-hp-do-nothing": {
    ruleset: "gurps", version: 1, kind: "turn",
    fighter: { name: "Filthy Pierre", id: "pierre", hp: 12, currentHp: -3, ht: 11, basicSpeed: 5, move: 5 },
    maneuver: "doNothing",
  },
  // G80 (check 22): the wounded guard at 3 of 12 HP: Basic Speed 5.75 → 3, Move 5 → 3, Dodge 7 → 5, a step of 1; the order stays (G9).
  "turn-reeling": {
    ruleset: "gurps", version: 1, kind: "turn",
    fighter: { name: "the wounded guard", id: "guard", hp: 12, currentHp: 3, ht: 11, basicSpeed: 5.75, move: 5, encumbrance: 1 },
    maneuver: "allOutDefense",
  },
  // G19, G77, G79: Pierre, stunned by a major wound (7 injury: shock −4), must Do Nothing; at the end he rolls 10 against HT 11 and recovers.
  "turn-stun-recovery": {
    ruleset: "gurps", version: 1, kind: "turn",
    fighter: { name: "Filthy Pierre", id: "pierre", hp: 12, currentHp: 5, ht: 11, basicSpeed: 5, move: 5, injurySinceLastTurn: 7, stunned: "physical" },
    rolls: { stunRecovery: [3, 4, 3] },
  },
  // G81: Louis's cut leaves Pierre (4 HP) at −2; at the start of his next turn Pierre rolls 15 against HT 11 and falls unconscious.
  "attack-zero-hp-roll-next-turn": {
    ruleset: "gurps", version: 1, attacker: { ...louis, roll: [6, 4, 3] }, weapon: shortsword, defender: { ...pierre, currentHp: 4 },
    defense: [{ id: "block:smallShield", retreat: true, roll: [5, 4, 3] }], damage: [[4]], rolls: { consciousness: [6, 5, 4] },
  },
  // G23, G25: two turns of Evaluate give Louis +2 on his feint: 17, he rolls 15 (by 2); Pierre resists at 14 and rolls 16: −2 on his next defense.
  "feint-after-evaluate": {
    ruleset: "gurps", version: 1, kind: "feint", feinter: { name: "Louis LeBlanc", skill: 15, evaluate: 2, roll: [5, 5, 5] }, foe: { name: "Filthy Pierre", skill: 14, roll: [6, 5, 5] },
  },
  // G38: Rapid Strike, two attacks at −6 (skill 9). Pierre blocks the first and fails: 4 injury, HP 12 → 8; he may not block
  // again (G62), parries the second and fails: 6 injury from the 8 he has left, HP 2, reeling (G80), shock −4 from 10 since his last turn.
  "attacks-rapid-strike": {
    ruleset: "gurps", version: 1, kind: "attacks",
    attacker: { ...louis, rapidStrike: true }, weapon: shortsword, defender: pierre,
    attacks: [
      { roll: [3, 2, 3], defense: [{ id: "block:smallShield", roll: [5, 5, 4] }], damage: [[3]] },
      { roll: [4, 2, 2], defense: [{ id: "parry:shortsword", roll: [6, 5, 4] }], damage: [[4]] },
    ],
  },
  // G38, G35: a third attack is more than Attack with Rapid Strike makes in a turn: refused.
  "refused-third-rapid-strike": {
    ruleset: "gurps", version: 1, kind: "attacks",
    attacker: { ...louis, rapidStrike: true }, weapon: shortsword, defender: pierre,
    attacks: [{ roll: [6, 6, 6] }, { roll: [6, 6, 6] }, { roll: [3, 3, 3] }],
  },
  // G51: a pistol (Max 1,500 yards) cannot reach a target 2,000 yards away: refused, nothing rolled.
  "refused-beyond-max": {
    ruleset: "gurps", version: 1, attacker: { name: "Jenny Atkins", id: "atkins", skill: 13, st: 10, maneuver: "attack", roll: [3, 4, 4] },
    weapon: { name: "pistol", kind: "firearm", damage: "2d", type: "pi", acc: 2, bulk: -2, halfDamage: 150, max: 1500, rof: 3, rcl: 2, shots: "6(3i)", shotsLeft: 6 },
    defender: { name: "the thug", id: "thug", st: 10, dx: 10, ht: 10, hp: 10, basicSpeed: 5 }, range: 2000,
  },
  // G62: Pierre blocked once since his last turn: a second block is refused.
  "refused-second-block": {
    ruleset: "gurps", version: 1, attacker: { ...louis, roll: [6, 4, 3] }, weapon: shortsword, defender: { ...pierre, used: { blocked: true } },
    defense: [{ id: "block:smallShield", roll: [3, 3, 3] }],
  },
  // G11, G15: Jenny, kneeling, takes Attack and stands as its step (Move 5, a third kneeling: a step of 1 yard) instead of moving.
  "turn-stand-as-step": {
    ruleset: "gurps", version: 1, kind: "turn",
    fighter: kneelingJenny,
    maneuver: "attack", stepPosture: "standing",
  },
  // G11, G15: having stepped a yard under Attack, her step is spent: she cannot stand as well.
  "refused-step-after-moving": {
    ruleset: "gurps", version: 1, kind: "turn",
    fighter: kneelingJenny,
    maneuver: "attack", movedBefore: 1, stepPosture: "standing",
  },
  // G15, G34: Move moves full Move, not a step: only Change Posture stands her up.
  "refused-step-under-move": {
    ruleset: "gurps", version: 1, kind: "turn",
    fighter: kneelingJenny,
    maneuver: "move", stepPosture: "standing",
  },
  // G89, G90: Louis begins reloading a crossbow (3 seconds); the Ready chosen with it counts the first: 1 of 3.
  "turn-task-begun": {
    ruleset: "gurps", version: 1, kind: "turn",
    fighter: louisTurn,
    task: reload,
  },
  // G89: two turns later, a third Ready finishes it: 3 of 3.
  "turn-task-finished": {
    ruleset: "gurps", version: 1, kind: "turn",
    fighter: louisTurn,
    maneuver: "ready", task: { ...reload, done: 2 },
  },
  // G89: an interruptible task under another maneuver waits where it is: 1 of 3.
  "turn-task-paused": {
    ruleset: "gurps", version: 1, kind: "turn",
    fighter: louisTurn,
    maneuver: "attack", task: { ...reload, done: 1 },
  },
  // G31, G26: Louis waited ("Pierre steps into reach") with All-Out Attack (Determined); triggered on Pierre's turn he acts at once:
  // 15 + 4 = 19, he rolls 13; Pierre blocks at 11 with a retreat and rolls 12: 1d+1 = 5 cut through DR 1: 6 injury, HP 12 → 6.
  "attack-triggered-wait": {
    ruleset: "gurps", version: 1,
    attacker: { ...louis, maneuver: "wait", wait: { trigger: "Pierre steps into reach", response: "allOutAttack", aoaOption: "determined" }, roll: [6, 4, 3] },
    weapon: shortsword, defender: pierre, defense: [{ id: "block:smallShield", retreat: true, roll: [5, 4, 3] }], damage: [[4]],
  },
  // G31, G35: a Wait whose response is a Ready makes no attack when triggered: refused.
  "refused-wait-ready": {
    ruleset: "gurps", version: 1,
    attacker: { ...louis, maneuver: "wait", wait: { trigger: "Pierre drops his guard", response: "ready" }, roll: [6, 4, 3] },
    weapon: shortsword, defender: pierre,
  },
  // G19: a stunned fighter may only Do Nothing: an Attack is refused.
  "refused-stunned-attack": {
    ruleset: "gurps", version: 1, kind: "turn",
    fighter: { name: "Filthy Pierre", id: "pierre", hp: 12, currentHp: 5, ht: 11, basicSpeed: 5, move: 5, stunned: "physical" },
    maneuver: "attack",
  },
});
