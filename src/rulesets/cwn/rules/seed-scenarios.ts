/**
 * The seed checks of the CWN rules reference (§6) as scenarios
 * (docs/rulesets/cwn.md). examples/cwn/<name>.json holds each one verbatim
 * (a test keeps them equal); the demo narrates them and the bench times the
 * attacks. Figures the chapter does not give (weapons, ACs, faces) are ours,
 * chosen so each scenario shows its rule.
 */

type Scenario = Readonly<Record<string, unknown>>;

// Weapons in our own words with figures of the kind the chapter uses.
const heavyPistol = { name: "heavy pistol", kind: "ranged", damage: "1d8", attributes: ["dex"], traumaDie: "1d8", traumaRating: 3 };
const rifle = { name: "combat rifle", kind: "ranged", damage: "1d10+2", attributes: ["dex"], traumaDie: "1d8", traumaRating: 3, twoHanded: true };
const throwingKnife = { name: "throwing knife", kind: "thrown", damage: "1d4", attributes: ["str", "dex"], traumaDie: "1d6", traumaRating: 3 };
const baton = { name: "baton", kind: "melee", damage: "1d6", attributes: ["str"], shock: { damage: 2, ac: 13 }, traumaDie: "1d6", traumaRating: 2 };
const machete = { name: "machete", kind: "melee", damage: "1d8", attributes: ["str", "dex"], shock: { damage: 2, ac: 13 }, traumaDie: "1d6", traumaRating: 3 };
const maul = { name: "maul", kind: "melee", damage: "2d6", attributes: ["str"], shock: { damage: 2, ac: 13 }, traumaDie: "1d6", traumaRating: 2, twoHanded: true };

const knife = { name: "knife", kind: "melee", damage: "1d4", attributes: ["str", "dex"], shock: { damage: 1, ac: 15 }, traumaDie: "1d6", traumaRating: 3 };
const fists = { name: "fists", kind: "melee", damage: "1d2", attributes: ["str", "dex"], unarmed: true, shock: { damage: 1, ac: 12 } };

// Fighters.
const mack = { name: "Mack", playerCharacter: true, baseHitBonus: 1, attributes: { str: 1, dex: 1 }, skills: { shoot: 1, stab: 1, punch: 0 } };
const ganger = { name: "the ganger", ac: { melee: 13, ranged: 15 }, hp: 10, traumaTarget: 6 };
const thug = { name: "a thug", baseHitBonus: 1, attributes: { str: 1 }, skills: { stab: 1 } };
/** Mack as a target: his ACs in armored clothing and Dex +1, a player character. */
const mackTarget = { name: "Mack", playerCharacter: true, ac: { melee: 13, ranged: 13 } };
const pc = (id: string, dex: number | null = 0) => ({ id, dex, canSnap: true });
const npc = (id: string, dex: number | null = null) => ({ id, dex });

export const CWN_SEED_SCENARIOS: Readonly<Record<string, Scenario>> = Object.freeze({
  // Seed check 1: a PC side and an NPC side both at 7: the PC side goes first (W3).
  "01-initiative-players-win-ties": {
    ruleset: "cwn", version: 1, kind: "combat",
    sides: [
      { id: "the gangers", playerCharacters: false, roll: 6, members: [npc("ganger 1", 1), npc("ganger 2")] },
      { id: "the crew", playerCharacters: true, roll: 5, members: [pc("Mack", 1), pc("Vee", 2)] },
    ],
  },
  // Seed check 2: d20 14 + base hit 1 + Dex 1 + Shoot 1 = 17 against ranged AC 15: a hit (W13).
  "02a-attack-hits-ranged-ac": {
    ruleset: "cwn", version: 1, attacker: { ...mack, weapon: heavyPistol }, defender: { ...ganger, hp: 20 }, roll: 14, trauma: [3], damage: [5],
  },
  // Seed check 2: a natural 1 misses though 1 + 17 would be… any total (W14).
  "02b-natural-1-misses": {
    ruleset: "cwn", version: 1, attacker: { ...mack, baseHitBonus: 20, weapon: heavyPistol }, defender: ganger, roll: 1,
  },
  // Seed check 2: a natural 20 hits whatever the AC (W14).
  "02c-natural-20-hits": {
    ruleset: "cwn", version: 1, attacker: { ...mack, weapon: heavyPistol }, defender: { ...ganger, ac: { melee: 25, ranged: 30 } }, roll: 20, trauma: [2], damage: [4],
  },
  // Seed check 3: 1d8 rolls 6, + Dex 1 = 7; the Trauma Die meets the Trauma Target 6; ×3 → 21 (W15, W16).
  "03-traumatic-hit-times-three": {
    ruleset: "cwn", version: 1, attacker: { ...mack, weapon: heavyPistol }, defender: { ...ganger, hp: 30 }, roll: 16, trauma: [6], damage: [6],
  },
  // Seed check 4: Shock 2 / AC 13, Str +1: a miss against AC 13 deals 3 (W18).
  "04a-shock-on-a-miss": {
    ruleset: "cwn", version: 1, attacker: { ...thug, weapon: baton }, defender: { name: "Mack", playerCharacter: true, ac: { melee: 13, ranged: 13 }, hp: 8 }, roll: 8,
  },
  // Seed check 4: the same miss against AC 14 deals nothing (W18).
  "04b-no-shock-against-higher-ac": {
    ruleset: "cwn", version: 1, attacker: { ...thug, weapon: baton }, defender: { name: "Mack", playerCharacter: true, ac: { melee: 14, ranged: 14 }, hp: 8 }, roll: 8,
  },
  // Seed check 4: a hit whose damage is 1 + 1 = 2 against AC 13 is raised to the Shock, 3 (W17).
  "04c-hit-raised-to-shock": {
    ruleset: "cwn", version: 1, attacker: { ...thug, weapon: baton }, defender: { name: "Mack", playerCharacter: true, ac: { melee: 13, ranged: 13 }, hp: 8 }, roll: 15, trauma: [2], damage: [1],
  },
  // Seed check 5: 8 damage against soak 5 and 10 HP: soak 0, HP 7 (W19).
  "05-soak-then-hit-points": {
    ruleset: "cwn", version: 1, attacker: { ...thug, weapon: maul }, defender: { ...ganger, name: "the bouncer", soak: 5 }, roll: 17, trauma: [3], damage: [4, 3],
  },
  // Seed check 6: a Snap Attack takes −4 to hit (W23).
  "06a-snap-attack-minus-four": {
    ruleset: "cwn", version: 1, action: "snap", attacker: { ...mack, weapon: heavyPistol }, defender: ganger, roll: 15, trauma: [1], damage: [3],
  },
  // Seed check 6: a nameless foe may not Snap Attack (W23).
  "06b-nameless-foe-cannot-snap": {
    ruleset: "cwn", version: 1, action: "snap", attacker: { ...thug, weapon: baton }, defender: { name: "Mack", playerCharacter: true, ac: { melee: 13, ranged: 13 }, hp: 8 }, roll: 15,
  },
  // Seed check 6: a Snap Attack before her turn spends the Main; the turn then has Move and On Turn actions only (W23).
  "06c-snap-spends-the-main": {
    ruleset: "cwn", version: 1, kind: "combat",
    sides: [
      { id: "the gangers", playerCharacters: false, roll: 8, members: [npc("ganger 1")] },
      { id: "the crew", playerCharacters: true, roll: 2, members: [pc("Vee", 1)] },
    ],
    steps: [
      { do: "beginTurn", fighter: "ganger 1" },
      { do: "snapAttack", fighter: "ganger 1", readiedWeapon: true },
      { do: "run", fighter: "ganger 1", metres: 8, answers: [{ fighter: "Vee", do: "snapAttack", readiedWeapon: true }] },
      { do: "endSideTurn" },
      { do: "beginTurn", fighter: "Vee" },
      { do: "rangedAttack", fighter: "Vee" },
      { do: "run", fighter: "Vee", metres: 10 },
      { do: "goProne", fighter: "Vee" },
      { do: "endTurn", fighter: "Vee" },
    ],
  },
  // Seed check 7: a rifle with a machete-wielding foe adjacent cannot fire (W22).
  "07a-rifle-blocked-by-adjacent-blade": {
    ruleset: "cwn", version: 1, attacker: { ...mack, weapon: rifle }, defender: ganger, adjacentFoe: "armed", roll: 18,
  },
  // Seed check 7: a one-handed pistol still fires, at −4 (W22).
  "07b-pistol-next-to-blade-minus-four": {
    ruleset: "cwn", version: 1, attacker: { ...mack, weapon: heavyPistol }, defender: ganger, distance: "adjacent", adjacentFoe: "armed", roll: 16, trauma: [4], damage: [5],
  },
  // Seed check 7: a thrown knife too, at −4 (W22).
  "07c-thrown-knife-next-to-blade-minus-four": {
    ruleset: "cwn", version: 1, attacker: { ...mack, weapon: throwingKnife }, defender: ganger, adjacentFoe: "armed", roll: 17, trauma: [6], damage: [2],
  },
  // Seed check 8: a swarm of 2: +2 to hit, +1 damage (W24).
  "08a-swarm-of-two": {
    ruleset: "cwn", version: 1, action: "swarm", swarm: { participants: 2 }, attacker: { ...thug, weapon: machete }, defender: { name: "Mack", playerCharacter: true, ac: { melee: 14, ranged: 14 }, hp: 12 }, roll: 11, trauma: [2], damage: [3],
  },
  // Seed check 8: a swarm of 3: +4 / +2 (W24).
  "08b-swarm-of-three": {
    ruleset: "cwn", version: 1, action: "swarm", swarm: { participants: 3 }, attacker: { ...thug, weapon: machete }, defender: { name: "Mack", playerCharacter: true, ac: { melee: 14, ranged: 14 }, hp: 12 }, roll: 9, trauma: [2], damage: [3],
  },
  // Seed check 8: a swarm of 4: +6 / +3; the bonus cannot take damage past the blow's maximum, 1d8 + 1 = 9 (W24).
  "08c-swarm-of-four-capped": {
    ruleset: "cwn", version: 1, action: "swarm", swarm: { participants: 4 }, attacker: { ...thug, weapon: machete }, defender: { name: "Mack", playerCharacter: true, ac: { melee: 14, ranged: 14 }, hp: 12 }, roll: 7, trauma: [2], damage: [7],
  },
  // Seed check 8: four join the swarm; a fifth cannot (W24).
  "08d-fifth-cannot-join": {
    ruleset: "cwn", version: 1, kind: "combat",
    sides: [
      { id: "the pack", playerCharacters: false, roll: 7, members: [npc("ganger 1"), npc("ganger 2"), npc("ganger 3"), npc("ganger 4"), npc("ganger 5")] },
      { id: "the crew", playerCharacters: true, roll: 3, members: [pc("Mack", 1)] },
    ],
    steps: [
      ...[1, 2, 3, 4, 5].flatMap((n) => [{ do: "beginTurn", fighter: `ganger ${n}` }, { do: "swarmAttack", fighter: `ganger ${n}`, target: "Mack" }]),
      { do: "finishSwarm", swarm: 1 },
      { do: "endSideTurn" },
    ],
  },
  // Seed check 9: a Charge: +2 to hit (W25).
  "09a-charge-plus-two": {
    ruleset: "cwn", version: 1, action: "charge", charge: { metres: 12 }, attacker: { ...mack, weapon: machete }, defender: ganger, roll: 10, trauma: [5], damage: [4],
  },
  // Seed check 9: the charger's AC is 2 lower until its next turn (W25).
  "09b-charger-is-easier-to-hit": {
    ruleset: "cwn", version: 1, attacker: { ...thug, weapon: baton }, defender: { name: "Mack", playerCharacter: true, ac: { melee: 14, ranged: 14 }, hp: 8, charging: true }, roll: 10, trauma: [1], damage: [2],
  },
  // Seed check 9: up to 2 × 10 m straight, at least 10 ft (3 m), Move and Main spent, −2 AC until the next turn (W25).
  "09c-charge-limits-and-costs": {
    ruleset: "cwn", version: 1, kind: "combat",
    sides: [
      { id: "the crew", playerCharacters: true, roll: 6, members: [pc("Mack", 1)] },
      { id: "the gangers", playerCharacters: false, roll: 2, members: [npc("ganger 1")] },
    ],
    steps: [
      { do: "beginTurn", fighter: "Mack" },
      { do: "charge", fighter: "Mack", metres: 21, weaponKind: "melee" },
      { do: "charge", fighter: "Mack", metres: 2, weaponKind: "melee" },
      { do: "charge", fighter: "Mack", metres: 12, weaponKind: "ranged" },
      { do: "charge", fighter: "Mack", metres: 20, weaponKind: "melee" },
      { do: "run", fighter: "Mack", metres: 5 },
      { do: "endTurn", fighter: "Mack" },
      { do: "endSideTurn" },
      { do: "endSideTurn" },
      { do: "beginTurn", fighter: "Mack" },
    ],
  },
  // Seed check 10: a Stab-2 screener holds and takes the blow (one use of two left); a skill-0 one cannot screen (W26).
  "10a-screen-takes-the-blow": {
    ruleset: "cwn", version: 1,
    attacker: { ...thug, weapon: machete },
    defender: { name: "Vee", playerCharacter: true, ac: { melee: 12, ranged: 12 }, hp: 6 },
    screen: {
      attacker: [3, 4],
      screeners: [
        { name: "Mack", playerCharacter: true, highestSkill: 2, strDex: 1, roll: [4, 2], ac: { melee: 15, ranged: 15 }, hp: 14 },
        { name: "Dodger", playerCharacter: true, highestSkill: 0, strDex: 1, ac: { melee: 12, ranged: 12 }, hp: 9 },
      ],
    },
    roll: 13, trauma: [6], damage: [5],
  },
  // Seed check 10: Stab-2 screens two attackers a round, the third gets by; skill 0 cannot screen at all (W26).
  "10b-screen-uses-a-round": {
    ruleset: "cwn", version: 1, kind: "combat",
    sides: [
      { id: "the crew", playerCharacters: true, roll: 6, members: [pc("Mack", 1), pc("Vee", 2), pc("Dodger", 0)] },
      { id: "the gangers", playerCharacters: false, roll: 3, members: [npc("ganger 1"), npc("ganger 2"), npc("ganger 3")] },
    ],
    steps: [
      { do: "beginTurn", fighter: "Dodger" },
      { do: "screenAlly", fighter: "Dodger", ally: "Vee", highestSkill: 0, metres: 4, allyMetres: 1 },
      { do: "beginTurn", fighter: "Mack" },
      { do: "screenAlly", fighter: "Mack", ally: "Vee", highestSkill: 2, metres: 6, allyMetres: 1 },
      { do: "endSideTurn" },
      { do: "spendScreens", screeners: ["Mack"] },
      { do: "spendScreens", screeners: ["Mack"] },
      { do: "spendScreens", screeners: ["Mack"] },
    ],
  },
  // Seed check 11: Total Defense: +2 AC and no Shock, a swarm's included (W27).
  "11a-total-defense-stops-swarm-shock": {
    ruleset: "cwn", version: 1, action: "swarm", swarm: { participants: 3 },
    attacker: { ...thug, weapon: machete }, defender: { name: "Mack", playerCharacter: true, ac: { melee: 13, ranged: 13 }, hp: 12, totalDefense: true }, roll: 7,
  },
  // W24: without Total Defense the same swarm's Shock goes through a shield's immunity and a too-high AC.
  "11b-swarm-shock-through-a-shield": {
    ruleset: "cwn", version: 1, action: "swarm", swarm: { participants: 3 },
    attacker: { ...thug, weapon: machete }, defender: { name: "Mack", playerCharacter: true, ac: { melee: 15, ranged: 15 }, hp: 12, shockImmune: true }, roll: 6,
  },
  // Seed check 11: Total Defense as an Instant before her turn; it lasts until her turn of the next round (W27).
  "11c-total-defense-until-next-turn": {
    ruleset: "cwn", version: 1, kind: "combat",
    sides: [
      { id: "the gangers", playerCharacters: false, roll: 8, members: [npc("ganger 1")] },
      { id: "the crew", playerCharacters: true, roll: 1, members: [pc("Vee", 2)] },
    ],
    steps: [
      { do: "beginTurn", fighter: "ganger 1" },
      { do: "meleeAttack", fighter: "ganger 1", answers: [{ fighter: "Vee", do: "totalDefense" }] },
      { do: "endSideTurn" },
      { do: "beginTurn", fighter: "Vee" },
      { do: "meleeAttack", fighter: "Vee" },
      { do: "totalDefense", fighter: "Vee" },
      { do: "run", fighter: "Vee", metres: 10 },
      { do: "endSideTurn" },
      { do: "endSideTurn" },
      { do: "beginTurn", fighter: "Vee" },
    ],
  },
  // Seed check 12: Move 10 m; prone, 5 m (W9, W36).
  "12a-prone-halves-the-move": {
    ruleset: "cwn", version: 1, kind: "combat",
    sides: [{ id: "the crew", playerCharacters: true, roll: 4, members: [pc("Mack", 1)] }, { id: "the gangers", playerCharacters: false, roll: 1, members: [npc("ganger 1")] }],
    steps: [
      { do: "beginTurn", fighter: "Mack" },
      { do: "run", fighter: "Mack", metres: 10 },
      { do: "goProne", fighter: "Mack" },
      { do: "endSideTurn" },
      { do: "endSideTurn" },
      { do: "beginTurn", fighter: "Mack" },
      { do: "run", fighter: "Mack", metres: 10 },
      { do: "run", fighter: "Mack", metres: 5 },
      { do: "standUp", fighter: "Mack" },
    ],
  },
  // Seed check 12: a prone target: −2 for a ranged attacker beyond melee range (W36).
  "12b-prone-target-far-shot-minus-two": {
    ruleset: "cwn", version: 1, attacker: { ...mack, weapon: heavyPistol }, defender: { ...ganger, prone: true }, roll: 15, trauma: [2], damage: [6],
  },
  // Seed check 12: a prone target: +2 for an adjacent attacker (W36).
  "12c-prone-target-adjacent-plus-two": {
    ruleset: "cwn", version: 1, attacker: { ...mack, weapon: machete }, defender: { ...ganger, prone: true }, roll: 9, trauma: [6], damage: [5],
  },
  // Seed check 13: a bow reloads On Turn with a Readied quiver and Shoot-1; otherwise as a Move (W32).
  "13-bow-reload": {
    ruleset: "cwn", version: 1, kind: "combat",
    sides: [{ id: "the crew", playerCharacters: true, roll: 4, members: [pc("Robin", 2), pc("Tuck", 0)] }, { id: "the gangers", playerCharacters: false, roll: 1, members: [npc("ganger 1")] }],
    steps: [
      { do: "beginTurn", fighter: "Robin" },
      { do: "rangedAttack", fighter: "Robin" },
      { do: "reload", fighter: "Robin", reload: "bow", quiverReadied: true, shootLevel: 1 },
      { do: "beginTurn", fighter: "Tuck" },
      { do: "rangedAttack", fighter: "Tuck" },
      { do: "reload", fighter: "Tuck", reload: "bow", quiverReadied: false, shootLevel: 1 },
      { do: "run", fighter: "Tuck", metres: 3 },
    ],
  },
  // Seed check 14: the crew wins initiative; Mack holds; when the ganger comes round the corner the held Main shoots first (W37).
  "14-hold-and-fire-first": {
    ruleset: "cwn", version: 1, kind: "combat",
    sides: [{ id: "the crew", playerCharacters: true, roll: 7, members: [pc("Mack", 1)] }, { id: "the gangers", playerCharacters: false, roll: 3, members: [npc("ganger 1")] }],
    steps: [
      { do: "beginTurn", fighter: "Mack" },
      { do: "holdAction", fighter: "Mack" },
      { do: "endSideTurn" },
      { do: "beginTurn", fighter: "ganger 1" },
      { do: "run", fighter: "ganger 1", metres: 10, label: "round the corner", answers: [{ fighter: "Mack", do: "rangedAttack", readiedWeapon: true }] },
      { do: "endSideTurn" },
    ],
  },
  // Seed check 15: the Main spent as a second Move: 20 m in one turn (W7).
  "15-main-as-second-move": {
    ruleset: "cwn", version: 1, kind: "combat",
    sides: [{ id: "the crew", playerCharacters: true, roll: 4, members: [pc("Mack", 1)] }, { id: "the gangers", playerCharacters: false, roll: 1, members: [npc("ganger 1")] }],
    steps: [
      { do: "beginTurn", fighter: "Mack" },
      { do: "run", fighter: "Mack", metres: 10 },
      { do: "run", fighter: "Mack", metres: 10 },
      { do: "meleeAttack", fighter: "Mack" },
      { do: "run", fighter: "Mack", metres: 1 },
      { do: "endTurn", fighter: "Mack" },
    ],
  },
  // Beyond the seed checks. W12: Mack runs from two gangers without a Fighting Withdrawal; each free attack is rolled before he leaves
  // (14 + 3 = 17 against AC 13 hits for 3 + 1 = 4; the fists' 5 + 1 + 1 − 2 = 5 misses and their Shock cannot reach AC 13); he still stands, so he runs.
  "16a-free-attacks-on-leaving": {
    ruleset: "cwn", version: 1, kind: "combat",
    sides: [
      { id: "the crew", playerCharacters: true, roll: 6, members: [{ ...pc("Mack", 1), defender: { ...mackTarget, hp: 12 } }] },
      { id: "the gangers", playerCharacters: false, roll: 2, members: [{ ...npc("ganger 1"), attacker: { ...thug, weapon: knife } }, { ...npc("ganger 2"), attacker: { ...thug, weapon: fists } }] },
    ],
    steps: [
      { do: "beginTurn", fighter: "Mack" },
      {
        do: "run", fighter: "Mack", metres: 10,
        adjacentEnemies: [{ id: "ganger 1", armed: true, roll: 14, trauma: [2], damage: [3] }, { id: "ganger 2", armed: false, roll: 5, damage: [1] }],
      },
      { do: "endTurn", fighter: "Mack" },
    ],
  },
  // W12, W19: with 3 hit points left Mack tries to leave; the first free attack (a machete, 15 + 3 = 18, 6 + 1 = 7) takes him to 0:
  // mortally wounded (a player character, lethal), he falls where he stood and the run is not made; the second free attack is never rolled.
  "16b-free-attack-drops-the-mover": {
    ruleset: "cwn", version: 1, kind: "combat",
    sides: [
      { id: "the crew", playerCharacters: true, roll: 6, members: [{ ...pc("Mack", 1), defender: { ...mackTarget, hp: 3 } }] },
      { id: "the gangers", playerCharacters: false, roll: 2, members: [{ ...npc("ganger 1"), attacker: { ...thug, weapon: machete } }, { ...npc("ganger 2"), attacker: { ...thug, weapon: knife } }] },
    ],
    steps: [
      { do: "beginTurn", fighter: "Mack" },
      {
        do: "run", fighter: "Mack", metres: 10,
        adjacentEnemies: [{ id: "ganger 1", roll: 15, trauma: [1], damage: [6] }, { id: "ganger 2", roll: 20, trauma: [6], damage: [4] }],
      },
      { do: "endSideTurn" },
    ],
  },
  // W36: Vee starts the fight prone. Her Move is 5 m (a run of 10 is refused); crawling away from the ganger beside her draws his free attack,
  // at +2 against a prone target close by (11 + 3 + 2 = 16 against AC 14: 2 + 1 = 3); standing up then pays with her Main (W7, W35).
  "17-starts-prone": {
    ruleset: "cwn", version: 1, kind: "combat",
    sides: [
      { id: "the crew", playerCharacters: true, roll: 5, members: [{ ...pc("Vee", 2), prone: true, defender: { name: "Vee", playerCharacter: true, ac: { melee: 14, ranged: 14 }, hp: 10 } }] },
      { id: "the gangers", playerCharacters: false, roll: 3, members: [{ ...npc("ganger 1"), attacker: { ...thug, weapon: baton } }] },
    ],
    steps: [
      { do: "beginTurn", fighter: "Vee" },
      { do: "run", fighter: "Vee", metres: 10 },
      { do: "run", fighter: "Vee", metres: 5, adjacentEnemies: [{ id: "ganger 1", roll: 11, trauma: [1], damage: [2] }] },
      { do: "standUp", fighter: "Vee" },
      { do: "endTurn", fighter: "Vee" },
    ],
  },
});

export type CwnSeedScenarioName = keyof typeof CWN_SEED_SCENARIOS;
