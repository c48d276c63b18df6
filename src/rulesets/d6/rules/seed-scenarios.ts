/**
 * The chapter's attack-shaped examples and seed checks as scenarios
 * (docs/rulesets/d6.md). examples/d6/<name>.json holds each one verbatim
 * (a test keeps them equal); the demo narrates them and the bench times them.
 * Figures the chapter does not give (skills, faces) are ours, chosen so each
 * scenario shows its rule.
 */

type Scenario = Readonly<Record<string, unknown>>;

const fists = { mode: "unarmed", damage: "+0D" };
const blaster = { mode: "ranged", damage: "4D", ranges: { short: 10, medium: 25, long: 50 } };
const pistol = { mode: "ranged", damage: "3D+1", ranges: { short: 10, medium: 30, long: 60 } };
const knife = { mode: "melee", damage: "+1D", edged: true, lengthMetres: 0.3 };
const club = { mode: "melee", damage: "4D", lengthMetres: 1 };

export const D6_SEED_SCENARIOS: Readonly<Record<string, Scenario>> = Object.freeze({
  // Seed check 2: she waited (N = 2), the thug swings, she interrupts with a dodge at −1D (D11–D14, D18).
  "thug-swings-at-interrupt-dodge": {
    version: 1,
    attacker: { name: "the thug", skill: "3D+1", strength: "3D+1", weapon: fists, roll: { dice: [4, 3], wild: [2] } },
    defender: {
      name: "Kira",
      strength: "2D+2",
      defenses: [{ skill: "dodge", mode: "partial", code: "4D", actions: 2, roll: { dice: [5, 3], wild: [4] } }],
    },
  },
  // Seed check 5: a full defense, dodge roll 12 + 10 = 22 (D23); a blaster still gets through.
  "full-defense-against-blaster": {
    version: 1,
    attacker: { name: "the trooper", skill: "5D", strength: "3D", weapon: blaster, roll: { dice: [6, 5, 4, 3], wild: [6, 2] } },
    defender: {
      name: "Kira",
      strength: "3D",
      armor: "1D",
      defenses: [{ skill: "dodge", mode: "full", code: "4D", roll: { dice: [4, 3, 2], wild: [3] } }],
    },
    range: { metres: 8 },
    damage: { roll: { dice: [3, 4, 2], wild: [5] } },
    resistance: { roll: { dice: [2, 3, 4], wild: [1] } },
  },
  // Seed check 6: Point Blank (−5) against a dodge of 6 → 1 → the floor of 3 (D26, D27).
  "floor-of-three-shot": {
    version: 1,
    attacker: { name: "Kira", skill: "3D", strength: "2D+2", weapon: pistol, roll: { dice: [2, 1], wild: [2] } },
    defender: { name: "the thug", strength: "2D+2", defenses: [{ skill: "dodge", mode: "partial", total: 6 }] },
    range: { metres: 2 },
    damage: { roll: { dice: [4, 4], wild: [3] } },
    resistance: { roll: { dice: [3], wild: [4] } },
  },
  // Seed checks 10–11: a +1D knife with Strength 3D+2 rolls 3D; 17 against 10 adds 2 (D31–D33).
  "knife-with-strength-damage": {
    version: 1,
    attacker: { name: "Kira", skill: "4D", strength: "3D+2", weapon: knife, roll: { dice: [6, 5, 4], wild: [2] } },
    defender: { name: "the thug", strength: "3D" },
    damage: { roll: { dice: [3, 5], wild: [6, 1] } },
    resistance: { roll: { dice: [2, 4], wild: [3] } },
  },
  // Seed check 14, first blow: 15 against 9 → 6 → Wounded (D35).
  "wounds-1-wounded": {
    version: 1,
    round: 1,
    attacker: { name: "the thug", skill: "3D", strength: "3D", weapon: club, roll: { dice: [4, 3], wild: [3] } },
    defender: { name: "Kira", strength: "3D" },
    damage: { roll: { dice: [5, 4, 2], wild: [4] } },
    resistance: { roll: { dice: [3, 2], wild: [4] } },
  },
  // Seed check 14, second blow: an excess of 2 (a Stunned result) moves Wounded to Severely Wounded (D36).
  "wounds-2-severely-wounded": {
    version: 1,
    round: 2,
    attacker: { name: "the thug", skill: "3D", strength: "3D", weapon: club, roll: { dice: [5, 4], wild: [2] } },
    defender: { name: "Kira", strength: "3D", wounds: { level: "wounded" } },
    damage: { roll: { dice: [2, 3, 1], wild: [4] } },
    resistance: { roll: { dice: [4, 3], wild: [2] } },
  },
  // Seed check 14, third blow: an excess of 10 → Incapacitated, worse, replaces Severely Wounded (D36, D37).
  "wounds-3-incapacitated": {
    version: 1,
    round: 3,
    attacker: { name: "the thug", skill: "3D", strength: "3D", weapon: club, roll: { dice: [6, 5], wild: [5] } },
    defender: { name: "Kira", strength: "3D", wounds: { level: "severelyWounded" } },
    damage: { roll: { dice: [6, 5, 4], wild: [3] } },
    resistance: { roll: { dice: [4, 3], wild: [3] } },
  },
  // Seed check 7: the chapter's support beam (over 2 m) whacks at Short range; no range modifier for melee (D27).
  "support-beam-at-short-range": {
    version: 1,
    attacker: {
      name: "Kira",
      skill: "3D+2",
      strength: "3D+2",
      weapon: { mode: "melee", damage: "+1D+1", lengthMetres: 3 },
      roll: { dice: [5, 2], wild: [4] },
    },
    defender: { name: "the thug", strength: "3D" },
    range: { band: "short" },
    damage: { roll: { dice: [4, 2], wild: [3] } },
    resistance: { roll: { dice: [3, 3], wild: [5] } },
  },
  // D21: a punch turned aside by a knife parry: the puncher takes the knife's listed 1D.
  "punch-parried-by-knife": {
    version: 1,
    attacker: { name: "the thug", skill: "3D", strength: "3D+1", weapon: fists, roll: { dice: [3, 2], wild: [4] } },
    defender: {
      name: "Kira",
      strength: "2D+2",
      defenses: [{ skill: "parry", mode: "partial", code: "4D", actions: 1, roll: { dice: [5, 4, 2], wild: [3] }, weapon: { damage: "+1D", edged: true } }],
    },
    damage: { roll: { wild: [6, 2] } },
    resistance: { roll: { dice: [2, 1], wild: [1] } },
  },
  // D22: a knife stopped bare-handed: the blocker still takes its listed 1D (no Strength Damage).
  "knife-blocked-bare-handed": {
    version: 1,
    attacker: { name: "the thug", skill: "3D", strength: "3D+1", weapon: knife, roll: { dice: [3, 3], wild: [2] } },
    defender: {
      name: "Kira",
      strength: "2D+2",
      defenses: [{ skill: "block", mode: "partial", code: "3D+1", actions: 1, roll: { dice: [4, 4], wild: [2] } }],
    },
    damage: { roll: { wild: [6, 3] } },
    resistance: { roll: { dice: [1], wild: [2] } },
  },
});

export type D6SeedScenarioName = keyof typeof D6_SEED_SCENARIOS;
