/**
 * The chapter's seed checks (reference §9) and a few more of its rules as
 * headless scenarios (docs/rulesets/phase.md). examples/phase/<name>.json
 * holds each one verbatim (a test keeps them equal); the demo narrates them
 * and the bench times the attacks. Figures the chapter does not give
 * (attributes, skills, faces) are ours, chosen so each scenario shows its
 * rule.
 */

type Scenario = Readonly<Record<string, unknown>>;

const pistol = { name: "pistol", kind: "ranged", skill: "pistol", damage: "2d6", semiAuto: true, ammo: 12 };
const smg = { name: "SMG", kind: "ranged", skill: "smg", damage: "2d6", semiAuto: true, auto: true, ammo: 30 };
const attacker = { name: "Earl", attribute: 3, skill: 2 };

/** Check 10: the called head, plain TN 10, raised 14; face = total − 5. */
const calledHead = (total: number): Scenario => ({
  version: 1,
  action: "fire",
  attacker,
  weapon: pistol,
  called: "head",
  target: { name: "Leroy" },
  dice: total >= 10 ? { checks: [total - 5], damage: [[1, 1]] } : { checks: [total - 5] },
});

/** Check 11: a called shot drifting along its path, the areas behind cover walked past (P19, P41). */
const drift = (called: string, total: number, coverAreas: string[]): Scenario => ({
  version: 1,
  action: "fire",
  attacker,
  weapon: pistol,
  called,
  target: { name: "Leroy", coverAreas },
  dice: { checks: [total - 5], damage: [[2, 2]] },
});

export const PHASE_ATTACK_SCENARIOS: Readonly<Record<string, Scenario>> = Object.freeze({
  // Seed check 8: no Targeting → wild: −2, the call and the Aim dropped (P14).
  "seed-08-wild-shot": {
    version: 1,
    action: "fire",
    attacker,
    weapon: pistol,
    targeting: false,
    aim: 2,
    called: "head",
    target: { name: "Leroy" },
    dice: { checks: [8], locations: [3], damage: [[2, 3]] },
  },
  // Seed check 10: totals 14 down to 9 against the called head (P18, P19).
  "seed-10-called-head-14": calledHead(14),
  "seed-10-called-head-13": calledHead(13),
  "seed-10-called-head-12": calledHead(12),
  "seed-10-called-head-11": calledHead(11),
  "seed-10-called-head-10": calledHead(10),
  "seed-10-called-head-09": calledHead(9),
  // Seed check 11: each drift path walked to its end past cover (P19, P41).
  "seed-11-arm-path": drift("rightArm", 10, ["rightLeg", "leftArm"]),
  "seed-11-leg-path": drift("leftLeg", 10, ["abdomen", "leftArm", "rightArm"]),
  "seed-11-chest-path": drift("chest", 10, ["abdomen", "rightArm", "leftArm"]),
  "seed-11-abdomen-path": drift("abdomen", 10, ["rightLeg", "leftLeg", "rightArm"]),
  // Seed check 12: location roll 1 → the head (P20).
  "seed-12-location-roll-1": {
    version: 1,
    action: "fire",
    attacker,
    weapon: pistol,
    target: { name: "Leroy" },
    dice: { checks: [6], locations: [1], damage: [[2, 1]] },
  },
  // Seed check 13: fully automatic fire for one phase is a three-round burst; margin 7 → 3 hits (P22).
  "seed-13-three-round-burst": {
    version: 1,
    action: "burst",
    attacker: { name: "Earl", attribute: 3, skill: 4 },
    weapon: smg,
    target: { name: "Leroy" },
    dice: { checks: [10], locations: [3, 9, 6], damage: [[3, 2], [1, 4], [2, 2]] },
  },
  // Seed check 14: a stunning attack makes stun points, no flesh wound and no trauma (P27, P28).
  "seed-14-stun-attack": {
    version: 1,
    action: "fire",
    attacker,
    weapon: { name: "stun pistol", kind: "ranged", skill: "pistol", damage: "2d6+2", semiAuto: true, stun: true },
    target: { name: "Leroy" },
    dice: { checks: [7], locations: [2], damage: [[6, 5]] },
  },
  // P29/P30: a traumatic wound at the chest is Leroy's third: incapacitated and dying.
  "traumatic-wound-incapacitates": {
    version: 1,
    phase: 4,
    action: "fire",
    attacker,
    weapon: pistol,
    target: { name: "Leroy", armor: { chest: 1 }, flesh: 6, traumaticWounds: [{ area: "leftArm", phase: 2 }, { area: "abdomen", phase: 3 }] },
    dice: { checks: [9], locations: [4], damage: [[5, 4]] },
  },
  // P41's own example: chest called, raised TN 11, total 10 → the abdomen, behind a wall → the right arm.
  "drift-into-cover": drift("chest", 10, ["abdomen", "rightLeg", "leftLeg"]),
  // P23, P39: full auto, two bursts; the Aim helps the first only.
  "full-auto-aimed": {
    version: 1,
    action: "fullAuto",
    attacker: { name: "Earl", attribute: 3, skill: 3 },
    weapon: smg,
    aim: 2,
    range: 1,
    target: { name: "Leroy", armor: { chest: 2, abdomen: 2 } },
    dice: { checks: [6, 8], locations: [2, 5, 7, 10], damage: [[4, 4], [3, 1], [6, 2], [2, 5]] },
  },
  // P25, P26: a knife against a Defending target (+2 TN), called at the arm.
  "melee-against-defend": {
    version: 1,
    action: "melee",
    attacker: { name: "Leroy", attribute: 3, skill: 3 },
    weapon: { name: "knife", kind: "melee", skill: "knife", damage: "1d6+1" },
    called: "leftArm",
    target: { name: "Earl", defending: true },
    dice: { checks: [8], damage: [[5]] },
  },
});

const fighter = (id: string, name: string, reflexes: number, more: Record<string, unknown> = {}) => ({ id, name, reflexes, ...more });
const gun = (more: Record<string, unknown> = {}) => ({ id: "pistol", ...pistol, ...more });

export const PHASE_SEQUENCE_SCENARIOS: Readonly<Record<string, Scenario>> = Object.freeze({
  // Seed checks 1–5: Leroy and Earl in the bar, phases 1 and 2 (P5, P7, P8, P9, P13).
  "seed-01-05-leroy-and-earl": {
    version: 1,
    combatants: [
      fighter("leroy", "Leroy", 4, { skills: { pistol: 2 }, weapons: [gun({ ready: false })] }),
      fighter("earl", "Earl", 5, { skills: { pistol: 3, fastdraw: 2 }, weapons: [gun({ ready: false })] }),
    ],
    phases: [
      {
        initiative: { leroy: { dice: [5, 7] }, earl: { dice: [7, 9] } },
        slots: {
          leroy: { declare: { action: "draw", weapon: "pistol" } },
          earl: { free: { action: "draw", weapon: "pistol", face: 6 }, declare: { action: "targeting", target: "leroy", area: "head" } },
        },
      },
      {
        initiative: { leroy: { dice: [3, 4] }, earl: { dice: [6, 6] } },
        slots: {
          leroy: { free: { action: "speak", label: "I surrender" }, declare: { action: "holster", weapon: "pistol" } },
          earl: { declare: { action: "aim", target: "leroy" } },
        },
      },
    ],
  },
  // Seed check 6: target and fire with a semi-automatic — Targeting at the end of phase 1, two shots at the end of phase 2 (P12).
  "seed-06-target-and-fire": {
    version: 1,
    combatants: [
      fighter("leroy", "Leroy", 4, { skills: { pistol: 2 }, weapons: [gun()] }),
      fighter("earl", "Earl", 5, { skills: { pistol: 3 }, weapons: [gun()] }),
    ],
    phases: [
      {
        initiative: { leroy: { dice: [2, 2] }, earl: { dice: [8, 3] } },
        slots: { leroy: {}, earl: { declare: { action: "targetAndFire", weapon: "pistol", target: "leroy" } } },
      },
      {
        initiative: { leroy: { dice: [4, 6] } },
        slots: { leroy: { declare: { action: "defend" } } },
        rolls: { earl: { checks: [9, 3], locations: [6], damage: [[4, 3]] } },
      },
    ],
  },
  // Seed check 7: phase 60 — phase, round, turn and minute actions resolve in that order, each length at one moment;
  // Ann and Bo drop each other, Cy's shot drops Di, whose full auto is lost (P9, P37).
  "seed-07-resolution-order": {
    version: 1,
    phase: 60,
    options: { actions: { search: { length: "turn" }, firstAid: { length: "minute" } } },
    combatants: [
      fighter("ann", "Ann", 4, { skills: { pistol: 3 }, weapons: [gun()], fleshMax: 6, targeting: { target: "bo" } }),
      fighter("bo", "Bo", 4, { skills: { pistol: 3 }, weapons: [gun()], fleshMax: 6, targeting: { target: "ann" } }),
      fighter("cy", "Cy", 3, { skills: { pistol: 4 }, weapons: [gun()], targeting: { target: "di" } }),
      fighter("di", "Di", 3, {
        skills: { smg: 3 }, weapons: [{ id: "smg", ...smg }], fleshMax: 6, targeting: { target: "ed" },
        action: { action: "fullAuto", declaredAt: 59, weapon: "smg", target: "ed" },
      }),
      fighter("ed", "Ed", 2, { action: { action: "search", declaredAt: 51, label: "the back room" } }),
      fighter("flo", "Flo", 2, { action: { action: "firstAid", declaredAt: 1, label: "Gus's leg" } }),
      fighter("gus", "Gus", 3, { skills: { smg: 2 }, weapons: [{ id: "smg", ...smg }], action: { action: "suppress", declaredAt: 59, weapon: "smg", targets: ["ed", "flo"] } }),
    ],
    phases: [
      {
        initiative: { ann: { dice: [2, 3] }, bo: { dice: [4, 4] }, cy: { dice: [5, 5] } },
        slots: {
          ann: { declare: { action: "fire", weapon: "pistol", target: "bo" } },
          bo: { declare: { action: "fire", weapon: "pistol", target: "ann" } },
          cy: { declare: { action: "fire", weapon: "pistol", target: "di" } },
        },
        rolls: {
          ann: { checks: [7], locations: [3], damage: [[4, 3]] },
          bo: { checks: [6], locations: [5], damage: [[5, 2]] },
          cy: { checks: [8], locations: [2], damage: [[6, 6]] },
          di: { checks: [9, 9], locations: [2, 2, 2, 2, 2, 2], damage: [[6, 6], [6, 6], [6, 6], [6, 6], [6, 6], [6, 6]] },
        },
      },
    ],
  },
  // Seed check 9: Bo, unaware, is shot at in phase 1: nothing in phases 1–2; phase 3 rolls 4 + 3 = 7, fails;
  // phase 4 rolls 4 + 3 + 1 = 8 and declares (P3, P40).
  "seed-09-surprise": {
    version: 1,
    combatants: [
      fighter("ann", "Ann", 4, { skills: { pistol: 3 }, weapons: [gun()], targeting: { target: "bo" } }),
      fighter("bo", "Bo", 3, { skills: { pistol: 2 }, weapons: [gun({ ready: false })], awareness: "unaware" }),
    ],
    phases: [
      {
        initiative: { ann: { dice: [4, 4] } },
        slots: { ann: { declare: { action: "fire", weapon: "pistol", target: "bo" } } },
        rolls: { ann: { checks: [1] } },
      },
      {},
      { surprise: { bo: 4 } },
      { surprise: { bo: 4 }, initiative: { bo: { dice: [2, 5] } }, slots: { bo: { declare: { action: "draw", weapon: "pistol" } } } },
    ],
  },
  // Seed check 15: phase 21 is in round 11, turn 3, minute 1; a round action declared now resolves at the end of phase 22 (P1, P9).
  "seed-15-clock-phase-21": {
    version: 1,
    phase: 21,
    combatants: [fighter("earl", "Earl", 5, { skills: { smg: 3 }, weapons: [{ id: "smg", ...smg }] }), fighter("leroy", "Leroy", 4)],
    phases: [{ initiative: { earl: { dice: [3, 3] } }, slots: { earl: { declare: { action: "fullAuto", weapon: "smg", target: "leroy" } } } }],
  },
  // P10, P38: target and fire cancelled in its second phase: the Targeting that took effect stays, and a Fire at the
  // same target is no wild shot.
  "cancel-target-and-fire": {
    version: 1,
    combatants: [
      fighter("leroy", "Leroy", 4, { skills: { pistol: 2 }, weapons: [gun()] }),
      fighter("earl", "Earl", 5, { skills: { pistol: 3 }, weapons: [gun()] }),
    ],
    phases: [
      {
        initiative: { earl: { dice: [5, 5] } },
        slots: { earl: { declare: { action: "targetAndFire", weapon: "pistol", target: "leroy" } } },
      },
      {
        initiative: { earl: { dice: [1, 2] } },
        slots: { earl: { cancel: true, declare: { action: "fire", weapon: "pistol", target: "leroy", area: "chest" } } },
        rolls: { earl: { checks: [4], damage: [[3, 3]] } },
      },
    ],
  },
  // P9, P11: the end of phase 1 lacks dice — Earl's called shot hit the chest but its damage is not rolled, Leroy's
  // check is not rolled at all: the run stops there and lists both rolls owed, as the card asks for them.
  "owed-dice-at-the-phase-end": {
    version: 1,
    combatants: [
      fighter("leroy", "Leroy", 4, { skills: { pistol: 2 }, weapons: [gun()], targeting: { target: "earl" } }),
      fighter("earl", "Earl", 5, { skills: { pistol: 3 }, weapons: [gun()], targeting: { target: "leroy" } }),
    ],
    phases: [
      {
        initiative: { leroy: { dice: [3, 4] }, earl: { dice: [6, 6] } },
        slots: {
          leroy: { declare: { action: "fire", weapon: "pistol", target: "earl" } },
          earl: { declare: { action: "fire", weapon: "pistol", target: "leroy", area: "chest" } },
        },
        rolls: { earl: { checks: [9] } },
      },
      { initiative: { leroy: { dice: [5, 5] } } },
    ],
  },
});

/**
 * Scenarios the rules refuse (issue 24.4): well-formed, and answered as
 * `{ "refused": { "rule", "reason", "field" } }` with exit code 0 —
 * examples/phase/refusals/ (attacks) and examples/phase/sequences/refusals/.
 */
export const PHASE_REFUSAL_SCENARIOS = Object.freeze({
  attacks: Object.freeze({
    // P22: a three-round burst needs a fully automatic weapon; the pistol is semi-automatic.
    "burst-needs-an-automatic": { version: 1, action: "burst", attacker, weapon: pistol, target: { name: "Leroy" }, dice: { checks: [7] } },
    // P39: no shot without the round it spends.
    "fire-without-a-round": { version: 1, action: "fire", attacker, weapon: { ...pistol, ammo: 0 }, target: { name: "Leroy" }, dice: { checks: [7] } },
  }) as Readonly<Record<string, Scenario>>,
  sequences: Object.freeze({
    // P6, P10: Leroy's full auto is underway (declared in phase 1, resolving at the end of phase 2): in phase 2's slot he
    // may cancel it or take a free action, not declare Defend on top of it.
    "declare-while-busy": {
      version: 1,
      phase: 2,
      combatants: [
        fighter("leroy", "Leroy", 4, { skills: { smg: 2 }, weapons: [{ id: "smg", ...smg }], action: { action: "fullAuto", declaredAt: 1, weapon: "smg", target: "earl" } }),
        fighter("earl", "Earl", 5, { skills: { pistol: 3 }, weapons: [gun()] }),
      ],
      phases: [{ initiative: { leroy: { dice: [4, 4] } }, slots: { leroy: { declare: { action: "defend" } } } }],
    },
    // P3: Bo, surprised in phase 1, can do nothing in phases 1 and 2 — not even roll initiative for a free action.
    "free-action-while-surprised": {
      version: 1,
      phase: 2,
      combatants: [
        fighter("ann", "Ann", 4, { skills: { pistol: 3 }, weapons: [gun()] }),
        fighter("bo", "Bo", 3, { awareness: { state: "surprised", since: 1, rollFrom: 3 } }),
      ],
      phases: [{ initiative: { bo: { dice: [6, 6] } }, slots: { bo: { free: { action: "speak", label: "Who's there?" } } } }],
    },
    // P16: Aim only after Targeting on the same target.
    "aim-without-targeting": {
      version: 1,
      combatants: [fighter("leroy", "Leroy", 4, { skills: { pistol: 2 }, weapons: [gun()] }), fighter("earl", "Earl", 5, { skills: { pistol: 3 }, weapons: [gun()] })],
      phases: [{ initiative: { earl: { dice: [5, 5] } }, slots: { earl: { declare: { action: "aim", target: "leroy" } } } }],
    },
  }) as Readonly<Record<string, Scenario>>,
});

export type PhaseAttackScenarioName = keyof typeof PHASE_ATTACK_SCENARIOS;
export type PhaseSequenceScenarioName = keyof typeof PHASE_SEQUENCE_SCENARIOS;
