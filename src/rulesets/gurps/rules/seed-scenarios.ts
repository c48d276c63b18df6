/**
 * The reference's 22 seed checks (§16) as scenarios, one or more each
 * (docs/rules-command.md, "GURPS"). examples/gurps/<name>.json holds each one
 * verbatim (a test keeps them equal); the demo narrates them and the bench
 * times the attacks. Figures the chapter does not give (skills, faces,
 * weapon lines) are ours, chosen so each scenario shows its rule.
 */

type Scenario = Readonly<Record<string, unknown>>;

/** Louis LeBlanc (the chapter's example): Shortsword-15, ST 11 (thrust 1d−1, swing 1d+1). */
const louis = { name: "Louis LeBlanc", id: "louis", skill: 15, st: 11, thrust: "1d-1", swing: "1d+1", maneuver: "attack" };
const shortsword = { name: "shortsword", kind: "melee", damage: "sw", type: "cut", weight: 2 };
/** Filthy Pierre: Dodge 8, Shield-12 with a small shield (DB 1), Shortsword-11, cloth armor DR 1, HP 12. */
const pierre = {
  name: "Filthy Pierre", id: "pierre", st: 10, dx: 10, ht: 11, hp: 12, basicSpeed: 5, encumbrance: 0, basicLift: 20,
  parry: [{ id: "shortsword", skill: 11, weight: 2 }], shields: [{ id: "smallShield", skill: 12, db: 1 }],
  armor: [{ name: "cloth", dr: 1, flexible: true }],
};
/** Jenny Atkins (the chapter's ranged examples) with a pistol: Acc 2, 2d pi. */
const atkins = { name: "Jenny Atkins", id: "atkins", skill: 13, st: 10, maneuver: "attack" };
/** Edmund Zhang, who empties his machine pistol at the zombie (check 17). */
const zhang = { name: "Edmund Zhang", id: "zhang", skill: 14, st: 10, maneuver: "attack" };
const pistol = { name: "pistol", kind: "firearm", damage: "2d", type: "pi", acc: 2, bulk: -2, halfDamage: 150, max: 1500, rof: 3, rcl: 2, shots: "6(3i)", shotsLeft: 6 };
const thug = { name: "the thug", id: "thug", st: 10, dx: 10, ht: 10, hp: 10, basicSpeed: 5, armor: [] };

export const GURPS_SEED_SCENARIOS: Readonly<Record<string, Scenario>> = Object.freeze({
  // Check 1 (G11): Move 1–10 → a 1-yard step; 11–20 → 2.
  "check-01-step-move-7": { ruleset: "gurps", version: 1, kind: "maneuver", fighter: { name: "Louis LeBlanc", move: 7 }, maneuver: { id: "attack" } },
  "check-01-step-move-15": { ruleset: "gurps", version: 1, kind: "maneuver", fighter: { name: "a sprinter", move: 15 }, maneuver: { id: "attack" } },
  // Check 2 (G27): Move and Attack with Move 5 toward cover 7 yards away ends 2 yards short.
  "check-02-move-and-attack-short": { ruleset: "gurps", version: 1, kind: "maneuver", fighter: { name: "Jenny Atkins", move: 5 }, maneuver: { id: "moveAndAttack" }, distance: 7 },
  // Check 3 (G22): a +4 scope on an Acc 2 pistol counts +2; Acc 2 + scope 2 + brace 1 + third second 2 = 7 → 4.
  "check-03-aim-scope-capped": {
    ruleset: "gurps", version: 1, attacker: { ...atkins, aim: { seconds: 1, sight: 4 }, roll: [3, 4, 4] }, weapon: pistol, defender: { ...thug, unaware: true }, range: 10, damage: [[3, 4]], rolls: { majorWound: [[2, 4, 3]] },
  },
  "check-03-aim-braced-third-second": {
    ruleset: "gurps", version: 1, attacker: { ...atkins, aim: { seconds: 3, braced: true, sight: 4 }, roll: [3, 3, 4] }, weapon: pistol, defender: { ...thug, unaware: true }, range: 17,
    damage: [[2, 5]], rolls: { majorWound: [[6, 5, 4]] },
  },
  // Check 4 (G25): skill 15 rolls 12 and the foe fails → −3; 15 rolls 10 (by 5) against 14 rolling 12 (by 2) → −3.
  "check-04-feint-foe-fails": { ruleset: "gurps", version: 1, kind: "feint", feinter: { name: "Louis LeBlanc", skill: 15, roll: [4, 4, 4] }, foe: { name: "Filthy Pierre", skill: 14, roll: [6, 5, 5] } },
  "check-04-feint-both-succeed": { ruleset: "gurps", version: 1, kind: "feint", feinter: { name: "Louis LeBlanc", skill: 15, roll: [3, 3, 4] }, foe: { name: "Filthy Pierre", skill: 14, roll: [4, 4, 4] } },
  // Check 5 (G62, G63): Shield-11 → Block 8; Broadsword-13 → Parry 9 (before the shield's DB).
  "check-05-block-and-parry": {
    ruleset: "gurps", version: 1, kind: "defenses",
    defender: { name: "a guardsman", hp: 11, ht: 11, basicSpeed: 5.5, parry: [{ id: "broadsword", skill: 13, weight: 3 }], shields: [{ id: "shield", skill: 11, db: 1 }] },
    attack: { kind: "melee" },
  },
  // Check 6 (G61): Driving-14 on a motorcycle with Handling +1 → Dodge 8; check 10 (G53): 50 yards + 30 yd/s → 80 → −10.
  "check-06-10-motorcycle-dodge-and-speed": {
    ruleset: "gurps", version: 1, attacker: { ...atkins, skill: 16, aim: { seconds: 2, braced: true }, roll: [2, 2, 5] }, weapon: pistol,
    defender: { name: "the Centrum spy", id: "spy", hp: 11, ht: 11, basicSpeed: 6, vehicle: { skill: 14, handling: 1 } },
    range: 50, speed: 30, defense: [{ id: "dodge", roll: [3, 3, 3] }],
  },
  // Check 7 (G61): a machine gun scores 4 hits; Dodge 10 rolled 8 (by 2) dodges 3; one hits.
  "check-07-rapid-fire-dodge": {
    ruleset: "gurps", version: 1, attacker: { name: "the gunner", id: "gunner", skill: 16, st: 12, maneuver: "attack", roll: [2, 3, 3] },
    weapon: { name: "machine gun", kind: "firearm", damage: "4d", type: "pi", acc: 4, rof: 10, rcl: 2, shots: "200(5)", shotsLeft: 200, halfDamage: 1000, max: 4000 },
    defender: { name: "the runner", id: "runner", hp: 11, ht: 11, basicSpeed: 7 },
    range: 10, shots: 10, defense: [{ id: "dodge", roll: [2, 3, 3] }], damage: [[3, 3, 4, 2]], rolls: { majorWound: [[2, 3, 4]] },
  },
  // Check 8 (G57): Rcl 2 — margin 0–1 one hit, 2–3 two, 4–5 three, 6–7 four (here by 4: three hits).
  "check-08-recoil-hits": {
    ruleset: "gurps", version: 1, attacker: { name: "the gunner", id: "gunner", skill: 15, st: 12, maneuver: "attack", roll: [2, 3, 3] },
    weapon: { name: "submachine gun", kind: "firearm", damage: "2d", type: "pi", acc: 3, rof: 8, rcl: 2, shots: "30(3)", shotsLeft: 30, halfDamage: 160, max: 1900 },
    defender: { ...thug, unaware: true }, range: 10, shots: 8, damage: [[1, 2], [3, 1], [2, 2]],
  },
  // Check 9 (G56, G87): a bow, Shots 1(2), attacks again on the third turn; a .38 revolver, Shots 6(3i), reloads 3 s per cartridge.
  "check-09-bow-reload": {
    ruleset: "gurps", version: 1, attacker: { name: "the archer", id: "archer", skill: 13, st: 11, maneuver: "attack", roll: [5, 5, 5] },
    weapon: { name: "bow", kind: "musclePowered", damage: "1d+2", type: "imp", acc: 2, rof: 1, shots: "1(2)", shotsLeft: 1, halfDamage: 150, max: 200, weight: 2 },
    defender: thug, range: 30,
  },
  "check-09-revolver-reload": {
    ruleset: "gurps", version: 1, attacker: { ...atkins, roll: [5, 5, 5] }, weapon: { ...pistol, name: ".38 revolver", shotsLeft: 3 }, defender: thug, range: 5, shots: 3,
  },
  // Check 10 (G53, G54): 17 yards → the 20 row → −6.
  "check-10-range-17-yards": {
    ruleset: "gurps", version: 1, attacker: { ...atkins, skill: 14, roll: [2, 3, 3] }, weapon: pistol, defender: { ...thug, unaware: true }, range: 17, damage: [[4, 2]], rolls: { majorWound: [[1, 2, 3]] },
  },
  // Check 11 (G5, G84): Louis needs 15 and rolls 5 → a critical hit; Pierre gets no defense.
  "check-11-critical-hit": {
    ruleset: "gurps", version: 1, attacker: { ...louis, roll: [1, 2, 2] }, weapon: shortsword, defender: pierre, damage: [[3]], rolls: { criticalTable: [4, 3, 3] },
  },
  // Check 12 (G24, G62, G67, G69, G77, G78): the chapter's example of combat, Louis and Pierre.
  "check-12-louis-strikes-pierre": {
    ruleset: "gurps", version: 1, attacker: { ...louis, roll: [6, 4, 3] }, weapon: shortsword, defender: pierre,
    defense: [{ id: "block:smallShield", retreat: true, roll: [5, 4, 3] }], damage: [[4]],
  },
  // Check 13 (G69): 2d+1 cut rolled 8 against DR 3 → 5 → ×1.5 = 7.5 → 7 HP.
  "check-13-sword-cut": {
    ruleset: "gurps", version: 1, attacker: { ...louis, skill: 14, roll: [3, 4, 4] }, weapon: { name: "greatsword", kind: "melee", damage: "2d+1", type: "cut", weight: 7 },
    defender: { ...thug, armor: [{ name: "leather and mail", dr: 3 }] }, defense: "none", damage: [[3, 4]], rolls: { majorWound: [[3, 3, 3]] },
  },
  // Check 14 (G75): an axe's 7 basic against Pierre's leather DR 2 → 5 → ×1.5 = 7.5 → 7 HP.
  "check-14-axe-on-filthy-pierre": {
    ruleset: "gurps", version: 1, attacker: { ...louis, name: "the axeman", id: "axeman", skill: 13, roll: [4, 4, 4] }, weapon: { name: "axe", kind: "melee", damage: "sw+2", type: "cut", weight: 4, unbalanced: true },
    defender: { ...pierre, armor: [{ name: "leather", dr: 2, flexible: true }] }, defense: [{ id: "dodge", roll: [6, 5, 4] }], damage: [[4]],
    rolls: { majorWound: [[5, 4, 4]] },
  },
  // Check 15 (G71): 6 basic against mail DR 4 → 2 penetrating; natural DR 2 + a vest's DR 15 → 17.
  "check-15-mail-stops-most": {
    ruleset: "gurps", version: 1, attacker: { ...louis, roll: [4, 4, 4] }, weapon: { name: "mace", kind: "melee", damage: "1d+2", type: "cr", weight: 5 },
    defender: { ...thug, armor: [{ name: "mail", dr: 4, flexible: true }] }, defense: "none", damage: [[4]],
  },
  "check-15-vest-over-tough-hide": {
    ruleset: "gurps", version: 1, attacker: { ...atkins, skill: 15, aim: { seconds: 1 }, roll: [3, 4, 4] }, weapon: { ...pistol, name: "heavy rifle", damage: "6d", rof: 1, shots: "5(3)", shotsLeft: 5 },
    defender: { ...thug, naturalDr: 2, armor: [{ name: "ballistic vest", dr: { torso: 15, vitals: 15 }, flexible: true }], unaware: true }, range: 20, damage: [[6, 5, 4, 3, 2, 1]],
  },
  // Check 16 (G69): 6d×3 with dice totalling 21 → 63.
  "check-16-dice-multiplier": {
    ruleset: "gurps", version: 1, attacker: { name: "the gunner", id: "gunner", skill: 14, st: 10, maneuver: "attack", aim: { seconds: 3, braced: true }, roll: [3, 4, 4] },
    weapon: { name: "tank gun", kind: "firearm", damage: "6d×3", type: "pi++", acc: 5, rof: 1, halfDamage: 1000, max: 5000 },
    defender: { name: "a stone wall", id: "wall", hp: 100, ht: 12, basicSpeed: 0, woundingClass: "homogenous", naturalDr: 10, unaware: true }, range: 50, damage: [[6, 5, 4, 3, 2, 1]],
  },
  // Check 17 (G75): Edmund Zhang's machine pistol 2d+2 pi, 3 hits, DR 1 → 8, 7, 10 penetrating; Unliving ×1/3 → 2, 2, 3; 24 HP → 17.
  "check-17-zombie": {
    ruleset: "gurps", version: 1, attacker: { ...zhang, roll: [2, 3, 3] },
    weapon: { name: "machine pistol", kind: "firearm", damage: "2d+2", type: "pi", acc: 1, rof: 3, rcl: 2, shots: "20(3)", shotsLeft: 20, halfDamage: 160, max: 1900 },
    defender: { name: "the zombie", id: "zombie", st: 12, ht: 12, hp: 24, basicSpeed: 4, woundingClass: "unliving", armor: [{ name: "rags", dr: 1, flexible: true }] },
    range: 5, shots: 3, defense: "none", damage: [[3, 4], [2, 4], [5, 4]],
  },
  // Check 18 (G74): ST 10 is knocked back 1 yard per full 8 points of basic damage: 16 crushing → 2 yards.
  "check-18-knockback": {
    ruleset: "gurps", version: 1, attacker: { name: "the ogre", id: "ogre", skill: 12, st: 20, thrust: "2d-1", swing: "3d+2", maneuver: "attack", roll: [3, 4, 4] },
    weapon: { name: "great club", kind: "melee", damage: "sw", type: "cr", weight: 12 },
    defender: { ...thug, hp: 30, armor: [{ name: "plate", dr: 6 }] }, defense: "none", damage: [[5, 5, 4]], rolls: { knockback: [4, 4, 4] },
  },
  // Check 19 (G65): parrying a weapon of 3× the parrying weapon's weight: breaks on 1d ≤ 2.
  "check-19-breakage": {
    ruleset: "gurps", version: 1, attacker: { ...louis, name: "the giant", id: "giant", skill: 13, st: 18, swing: "3d+1", roll: [4, 4, 4] },
    weapon: { name: "great axe", kind: "melee", damage: "sw+3", type: "cut", weight: 6 },
    defender: { ...pierre, basicLift: 50 }, defense: [{ id: "parry:shortsword", roll: [3, 3, 3] }], rolls: { breakage: 2 },
  },
  // Check 20 (G81): HP 10 → death checks at −10, −20 (here crossed together from −5 to −25), −30, −40; dead at −50.
  "check-20-death-checks": {
    ruleset: "gurps", version: 1, attacker: { ...louis, roll: [4, 4, 4] }, weapon: { name: "greatsword", kind: "melee", damage: "3d+3", type: "cut", weight: 7 },
    defender: { ...thug, currentHp: -5, armor: [] }, defense: "none", damage: [[5, 4, 2]], rolls: { majorWound: [[3, 3, 3]], deathChecks: [[2, 3, 3], [5, 4, 2]] },
  },
  "check-20-dead-at-minus-50": {
    ruleset: "gurps", version: 1, attacker: { ...louis, roll: [4, 4, 4] }, weapon: { name: "greatsword", kind: "melee", damage: "3d+3", type: "cut", weight: 7 },
    defender: { ...thug, currentHp: -38, deathChecksRolled: 3, armor: [] }, defense: "none", damage: [[2, 2, 3]],
  },
  // Check 21 (G48): slam dice — HP 15 after 10 yards → 1.5 → 2d (the foe's HP 10 → 1d); HP 12 after 5 yards → 0.6 → 1d−1
  // (the foe's HP 10 → 0.5 → 1d−2; a Move and Attack slam takes neither −4 nor the cap of 9).
  "check-21-slam-ten-yards": {
    ruleset: "gurps", version: 1, attacker: { name: "the charger", id: "charger", skill: 12, st: 15, maneuver: "attack", roll: [4, 4, 4], self: { hp: 15, ht: 12, dx: 11 } },
    weapon: { name: "slam", kind: "melee", form: "slam" }, defender: thug, defense: "none", slam: { velocity: 10, foeDamage: [3] }, damage: [[5, 3]], rolls: { majorWound: [[4, 5, 6]] },
  },
  "check-21-slam-five-yards": {
    ruleset: "gurps", version: 1, attacker: { name: "the charger", id: "charger", skill: 12, st: 12, maneuver: "moveAndAttack", roll: [4, 4, 4], self: { hp: 12, ht: 11, dx: 11 } },
    weapon: { name: "slam", kind: "melee", form: "slam" }, defender: thug, defense: "none", slam: { velocity: 5, foeDamage: [6] }, damage: [[3]],
  },
  // G48: the slammer's roll at least twice the foe's (1d: 5 against 1d: 1) → the foe falls; he lies prone after the attack.
  "check-21-slam-foe-falls": {
    ruleset: "gurps", version: 1, attacker: { name: "the charger", id: "charger", skill: 12, st: 12, maneuver: "attack", roll: [4, 4, 4], self: { hp: 12, ht: 11, dx: 11 } },
    weapon: { name: "slam", kind: "melee", form: "slam" }, defender: thug, defense: "none", slam: { velocity: 10, foeDamage: [1] }, damage: [[5]],
  },
  // Check 22 (G61, G80): Basic Speed 5.75 at encumbrance 1 → Dodge 7; reeling → ⌈2.875⌉ = 3 → Dodge 5.
  "check-22-reeling-dodge": {
    ruleset: "gurps", version: 1, attacker: { ...louis, roll: [4, 4, 4] }, weapon: shortsword,
    defender: { name: "the wounded guard", id: "guard", hp: 12, currentHp: 3, ht: 11, basicSpeed: 5.75, encumbrance: 1 }, defense: [{ id: "dodge", roll: [2, 1, 2] }],
  },
});

export type GurpsSeedScenarioName = keyof typeof GURPS_SEED_SCENARIOS;
