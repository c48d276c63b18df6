/**
 * What `npm run bench` times of Cities Without Number (src/core/bench.ts,
 * `RulesetBench`), all pure and built untimed:
 *
 * - `fixed`: the seed's attack scenarios the bench has always timed
 *   (rules/bench.ts `cwnBenchInputs`);
 * - `mix`: a realistic mix generated from the compendiums (every foe with
 *   each of its weapons, characters with every pack weapon, targets in
 *   every armor and pair of armor layers or a foe's stat block) over the
 *   scenario space — plain attacks, Snap Attacks, charges, swarms (W23–W25),
 *   adjacent or distant with a foe next to the shooter (W22, W36), Total
 *   Defense, charging or prone targets (W25, W27, W36), screened targets
 *   (W26, W40), the GM's modifiers (W13), every d20 face with Traumatic Hits
 *   and Shock (W14–W18), lethal or not (W19);
 * - `table`: what a GM waits for at 10, 100 and 1,000 combatants (a sort of
 *   the tracker, a new round, the next turn: each from one read of the
 *   stored fight to the update written and the marker placed) and a sheet
 *   of 20, 200 and 2,000 items (derive + view).
 */
import { type AttackSet, benchRandom, type RulesetBench, type TableCost } from "../../core/bench.js";
import { english } from "../../core/messages.js";
import { diffUpdate } from "../../core/update-diff.js";
import { CWN_PACK_SOURCES, type CwnPackDocument } from "./bench-packs.js";
import { applyTableOperation, CWN_COMBAT_PATH, readCwnCombat } from "./combat/state.js";
import { compareTurns, markedFighter, orderedTurns, turnPlaces } from "./combat/tracker-plan.js";
import { attackerInput, defenderInput, deriveCwnActor, type CwnItemInput } from "./data/derive.js";
import type { CwnDerived } from "./data/derived.js";
import type { CwnCombatState, CwnSideSetup } from "./rules/combat.js";
import { cwnBenchInputs } from "./rules/bench.js";
import type { DiceExpr } from "./rules/dice.js";
import { CWN_STANDARD_RULES } from "./rules/options.js";
import { type CwnAttackInput, type CwnDefenderInput, resolveCwnAttack } from "./rules/resolve.js";
import type { AdjacentFoe } from "./rules/resolve.js";
import { cwnActorSheetView, type CwnSheetItem } from "./views/sheets.js";


const packDocs = Object.values(CWN_PACK_SOURCES);
const itemOf = (doc: { _id: string; name: string; type: string; system: Record<string, unknown> }): CwnItemInput => ({ id: doc._id, name: doc.name, type: doc.type, system: doc.system });
const ofType = (type: string) => packDocs.filter((d) => d.type === type);

/** Characters the packs do not hold: three archetypes over the chapter's attribute and skill range. */
const ARCHETYPES = [
  { name: "Street samurai", attributes: { str: 16, dex: 14, con: 14, int: 9, wis: 10, cha: 8 }, skills: { stab: 2, punch: 1, shoot: 0 }, baseHitBonus: 2, hp: 20 },
  { name: "Gunslinger", attributes: { str: 9, dex: 18, con: 10, int: 12, wis: 12, cha: 11 }, skills: { shoot: 3, stab: 0, punch: 0 }, baseHitBonus: 1, hp: 14 },
  { name: "Fixer", attributes: { str: 10, dex: 12, con: 11, int: 14, wis: 9, cha: 16 }, skills: { shoot: 1 }, baseHitBonus: 0, hp: 9 },
] as const;

function characterSystem(a: (typeof ARCHETYPES)[number]): Record<string, unknown> {
  return {
    attributes: a.attributes, level: 3, hp: { value: a.hp, max: a.hp }, baseHitBonus: a.baseHitBonus, moveMetres: 10, shockImmune: false, downed: "none", sceneAbilities: [],
    acBonus: 0, traumaTargetBonus: 0, canSnap: true, biography: "",
  };
}

const skillItems = (a: (typeof ARCHETYPES)[number]): CwnItemInput[] =>
  Object.entries(a.skills).map(([skill, level]) => ({ id: `skill${skill}`, name: skill, type: "cwnSkill", system: { level, combatSkill: skill } }));

/** Who attacks: each foe with each of its weapons; each archetype with each pack weapon (readied). */
function attackers(): { derived: CwnDerived; weaponId: string }[] {
  const out: { derived: CwnDerived; weaponId: string }[] = [];
  for (const foe of ofType("cwnNpc")) {
    const derived = deriveCwnActor("cwnNpc", foe.system, (foe.items ?? []).map(itemOf));
    for (const w of derived.weapons) out.push({ derived, weaponId: w.id });
  }
  for (const a of ARCHETYPES) {
    for (const weapon of ofType("cwnWeapon")) {
      const derived = deriveCwnActor("cwnCharacter", characterSystem(a), [...skillItems(a), itemOf({ ...weapon, system: { ...weapon.system, state: "readied" } })]);
      out.push({ derived, weaponId: weapon._id });
    }
  }
  return out;
}

/** Who is struck: each foe's stat block; each archetype unarmored, in each pack armor, and in each pair of layers. */
function targets(): CwnDerived[] {
  const out = ofType("cwnNpc").map((foe) => deriveCwnActor("cwnNpc", foe.system, (foe.items ?? []).map(itemOf)));
  const armor = ofType("cwnArmor");
  const layers: CwnPackDocument[][] = [[], ...armor.map((x) => [x]), ...armor.flatMap((x, i) => armor.slice(i + 1).map((y) => [x, y]))];
  for (const a of ARCHETYPES) {
    for (const worn of layers) out.push(deriveCwnActor("cwnCharacter", characterSystem(a), [...skillItems(a), ...worn.map((x) => itemOf({ ...x, system: { ...x.system, worn: true } }))]));
  }
  return out;
}

const facesOf = (dice: DiceExpr | null, random: () => number): number[] => (dice ? Array.from({ length: dice.count }, () => 1 + Math.floor(random() * dice.faces)) : []);

/** One attack of the scenario space with every die given (the rules may still refuse it: the caller draws again). */
function drawAttack(random: () => number, who: { derived: CwnDerived; weaponId: string }, struck: CwnDerived, others: readonly CwnDerived[]): CwnAttackInput {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const chance = (p: number) => random() < p;
  const attacker = attackerInput(who.derived, who.weaponId, { mainSpent: chance(0.05), ...(chance(0.2) && { hitModifiers: [{ label: "GM", value: Math.floor(random() * 9) - 4 }] }) })!;
  const weapon = attacker.weapon;
  const melee = weapon.kind === "melee";
  const roll = random();
  const action = roll < 0.6 ? "attack" : roll < 0.72 ? "snap" : roll < 0.86 && weapon.kind !== "ranged" ? "charge" : roll < 0.95 ? "swarm" : "attack";
  const defender: CwnDefenderInput = {
    ...defenderInput(struck, { totalDefense: chance(0.1), charging: chance(0.1), prone: chance(0.1) }),
    hp: 1 + Math.floor(random() * Math.max(1, struck.hp.max)),
  };
  const participants = 2 + Math.floor(random() * 3);
  const screened = chance(0.15);
  return {
    action,
    attacker,
    defender,
    distance: melee || chance(0.15) ? "adjacent" : "distant",
    adjacentFoe: pick<AdjacentFoe>(["none", "none", "none", "fists", "armed"]),
    inRange: chance(0.97),
    ...(action === "charge" && { charge: { metres: 3 + Math.floor(random() * 18) } }),
    ...(action === "swarm" && { swarm: { participants, standing: 1 + Math.floor(random() * participants) } }),
    ...(screened && {
      screen: {
        attackerDice: facesOf({ count: 2, faces: 6, flat: 0 }, random),
        screeners: Array.from({ length: 1 + Math.floor(random() * 2) }, () => {
          const s = pick(others);
          return { highestSkill: s.highestCombatSkill, strDex: Math.max(s.attributes.str.modifier, s.attributes.dex.modifier), usesLeft: 1 + Math.floor(random() * 3), integralCyberArmor: s.integralCyberArmor, dice: facesOf({ count: 2, faces: 6, flat: 0 }, random), defender: defenderInput(s) };
        }),
      },
    }),
    lethal: chance(0.9),
    roll: 1 + Math.floor(random() * 20),
    traumaDice: facesOf(weapon.traumaDie, random),
    damageDice: facesOf(weapon.damage, random),
  };
}

/**
 * The realistic mix: `size` attacks the rules resolve all the way (refusals
 * and owed rolls redrawn), each as the attack card stores it (JSON) — the
 * form the core resolves at the table, step after step.
 */
export function cwnMixInputs(size = 4096, seed = 21): CwnAttackInput[] {
  const random = benchRandom(seed);
  const who = attackers();
  const struck = targets();
  const out: CwnAttackInput[] = [];
  for (let tries = 0; out.length < size && tries < size * 20; tries++) {
    const input = drawAttack(random, who[Math.floor(random() * who.length)]!, struck[Math.floor(random() * struck.length)]!, struck);
    let resolution;
    try {
      resolution = resolveCwnAttack(input, CWN_STANDARD_RULES);
    } catch {
      continue;
    }
    if (!resolution.refused && !resolution.owed.length) out.push(input);
  }
  return JSON.parse(JSON.stringify(out)) as CwnAttackInput[];
}

/** Built on first use (the bench and the tests read it; the Foundry side never does). */
function lazy<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

const fixedInputs = lazy(() => cwnBenchInputs());
const mixInputs = lazy(() => cwnMixInputs());

const fixed: AttackSet = {
  get size() {
    return fixedInputs().length;
  },
  describe: "the seed's attack scenarios (15 seed checks)",
  run(i) {
    const x = fixedInputs()[i % fixedInputs().length]!;
    return resolveCwnAttack(x.input, x.rules).dealt;
  },
};

const mix: AttackSet = {
  get size() {
    return mixInputs().length;
  },
  describe: "pack foes, weapons and armor layers × actions, ranges, states, screens, modifiers, every d20 and Trauma face",
  run(i) {
    const inputs = mixInputs();
    return resolveCwnAttack(inputs[i % inputs.length]!, CWN_STANDARD_RULES).dealt;
  },
};

// ---------------------------------------------------------------------------
// The table: a fight of `size` combatants as the combat stores it.

/** `size` fighters: a crew of four and the rest in sides of ten (a street war), each side's tie broken by its own tie rolls (W3). */
export function benchSides(size: number): CwnSideSetup[] {
  const crew = Math.min(4, size);
  const sides: CwnSideSetup[] = [{ id: "pcs", playerCharacters: true, roll: 8, members: Array.from({ length: crew }, (_, i) => ({ id: `pc${i}`, dex: 1 })) }];
  for (let start = crew, n = 0; start < size; start += 10, n++) {
    const members = Array.from({ length: Math.min(10, size - start) }, (_, i) => ({ id: `npc${start + i}`, dex: (start + i) % 3 }));
    sides.push({ id: `gang-${n}`, playerCharacters: false, roll: 1 + (n % 7), tieRolls: [0, 1, 2, 3].map((d) => 1 + (Math.floor(n / 8 ** d) % 8)), morale: 8, members });
  }
  return sides;
}

/** The fight as stored (JSON) and the combatants Foundry sorts (in the order they were added). */
function storedFight(size: number, at: (state: CwnCombatState) => CwnCombatState = (s) => s) {
  const state = at(applyTableOperation(null, { kind: "start", sides: benchSides(size) }).state);
  const stored = JSON.parse(JSON.stringify(state)) as unknown;
  const combatants = Object.keys(state.fighters).reverse().map((id) => ({ id, name: id }));
  return { stored, combatants };
}

/** What the GM's client does for one request: read the stored fight once, apply, diff the update, place the marker (src/foundry/cwn/combat-actions.ts `operate`). */
function operateOnce(stored: unknown, ids: readonly string[], op: Parameters<typeof applyTableOperation>[1]) {
  const fight = readCwnCombat(stored)!;
  const next = applyTableOperation(fight, op).state;
  const update = diffUpdate(CWN_COMBAT_PATH, fight, next);
  const ordered = orderedTurns(ids, turnPlaces(next));
  const marked = markedFighter(next);
  return Object.keys(update).length + (marked ? ordered.indexOf(marked) : -1);
}

const trackerSort: TableCost = {
  kind: "trackerSort",
  prepare(size) {
    const { stored, combatants } = storedFight(size);
    // src/foundry/cwn/combat.ts: one read of the stored fight per sort, then Foundry's comparisons.
    return () => {
      const places = turnPlaces(readCwnCombat(stored)!);
      return combatants.slice().sort((a, b) => compareTurns(places, "id", a, b))[0]!.id;
    };
  },
};

const newRound: TableCost = {
  kind: "newRound",
  prepare(size) {
    // The last side acting, every other done: ending its turn turns the round (W5).
    const { stored, combatants } = storedFight(size, (s) => ({ ...s, current: s.order.length - 1, sides: Object.fromEntries(s.order.map((id, i) => [id, { ...s.sides[id]!, done: i < s.order.length - 1 }])) }));
    const ids = combatants.map((c) => c.id);
    return () => operateOnce(stored, ids, { kind: "endSideTurn" });
  },
};

const nextTurn: TableCost = {
  kind: "nextTurn",
  prepare(size) {
    // Foundry's "next turn": the marked fighter's turn ends (W4).
    const { stored, combatants } = storedFight(size, (s) => applyTableOperation(s, { kind: "beginTurn", fighterId: "pc0" }).state);
    const ids = combatants.map((c) => c.id);
    return () => operateOnce(stored, ids, { kind: "endTurn", fighterId: "pc0" });
  },
};

/** A character with `size` items: weapons, armor and skills from the packs and the archetypes, a few dice unreadable. */
export function benchSheetItems(size: number): CwnSheetItem[] {
  const weapons = ofType("cwnWeapon");
  const armor = ofType("cwnArmor");
  return Array.from({ length: size }, (_, i) => {
    const kind = i % 3;
    const source = kind === 0 ? weapons[i % weapons.length]! : kind === 1 ? armor[i % armor.length]! : { _id: "", name: `Skill ${i}`, type: "cwnSkill", system: { level: i % 4, combatSkill: ["", "shoot", "stab", "punch"][i % 4] } };
    const system = i % 50 === 0 && kind === 0 ? { ...source.system, damage: "lots" } : source.system;
    return { id: `item${String(i).padStart(5, "0")}`, name: `${source.name} ${i}`, type: source.type, sort: i, img: "", system: { description: "", schemaVersion: 1, ...system } };
  });
}

const sheet: TableCost = {
  kind: "sheet",
  prepare(size) {
    const items = benchSheetItems(size);
    const system = characterSystem(ARCHETYPES[0]);
    const localize = (key: string, params?: Record<string, unknown>) => english(key, params ?? {});
    return () => {
      const derived = deriveCwnActor("cwnCharacter", system, items);
      return cwnActorSheetView({ type: "cwnCharacter", name: "Bench", img: "", system, derived, items, editable: true, enrichedText: "", localize }).weapons.length;
    };
  },
};

export const bench: RulesetBench = {
  id: "cwn",
  fixed,
  mix,
  table: [trackerSort, newRound, nextTurn, sheet],
};
