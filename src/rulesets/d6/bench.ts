/**
 * What `npm run bench` times of OpenD6 (src/core/bench.ts, `RulesetBench`):
 *
 * - the fixed set: the chapter's seed scenarios (rules/seed-scenarios.ts),
 *   each resolved whole, as the bench has always timed them;
 * - a realistic mix generated from the packs (packs/_source/d6-characters,
 *   d6-weapons, d6-armor) and the scenario space — every pack weapon (bare
 *   hand, blades, long reach, thrown, fired), worn armor or none and a
 *   protective ability (D34; OpenD6 has no hit locations or damage types), a
 *   Strength modifier (D32), passive,
 *   partial, full and GM-called defenses in force (dodge, block, a parry with
 *   or without a blade) or rolled here, interrupt-style; range by band or
 *   metres (out of reach and beyond range too), cover up to fully hidden,
 *   free and rolled modifiers, damage modifiers, declared actions, aim,
 *   wounds on both sides (an incapacitated target), the Wild Die's
 *   complications in both modes, and three sets of world rules. Each input is
 *   what the GM builds for a card (workflow/steps.ts, `attackInputFrom`)
 *   with every die given, checked once untimed;
 * - the table costs a GM waits for: the tracker sort, a new round and a turn
 *   (combat/table.ts), and a sheet's derive + view (data/derive.ts,
 *   views/sheets.ts), at growing sizes.
 *
 * Pure: the inputs are built once, untimed; a seeded generator makes every
 * run time the same attacks.
 */
import { type AttackSet, benchRandom, type RulesetBench, type TableCost } from "../../core/bench.js";
import { english } from "../../core/messages.js";
import daxMorrow from "../../../packs/_source/d6-characters/characters/dax-morrow.json" with { type: "json" };
import kira from "../../../packs/_source/d6-characters/characters/kira.json" with { type: "json" };
import selaVane from "../../../packs/_source/d6-characters/characters/sela-vane.json" with { type: "json" };
import blastVest from "../../../packs/_source/d6-armor/armor/blast-vest.json" with { type: "json" };
import combatArmor from "../../../packs/_source/d6-armor/armor/combat-armor.json" with { type: "json" };
import flakJacket from "../../../packs/_source/d6-armor/armor/flak-jacket.json" with { type: "json" };
import leatherArmor from "../../../packs/_source/d6-armor/armor/leather-armor.json" with { type: "json" };
import paddedJacket from "../../../packs/_source/d6-armor/armor/padded-jacket.json" with { type: "json" };
import fists from "../../../packs/_source/d6-weapons/weapons/fists.json" with { type: "json" };
import knife from "../../../packs/_source/d6-weapons/weapons/knife.json" with { type: "json" };
import supportBeam from "../../../packs/_source/d6-weapons/weapons/support-beam.json" with { type: "json" };
import club from "../../../packs/_source/d6-weapons/weapons/club.json" with { type: "json" };
import spear from "../../../packs/_source/d6-weapons/weapons/spear.json" with { type: "json" };
import sword from "../../../packs/_source/d6-weapons/weapons/sword.json" with { type: "json" };
import blasterPistol from "../../../packs/_source/d6-weapons/weapons/blaster-pistol.json" with { type: "json" };
import bow from "../../../packs/_source/d6-weapons/weapons/bow.json" with { type: "json" };
import pistol from "../../../packs/_source/d6-weapons/weapons/pistol.json" with { type: "json" };
import rifle from "../../../packs/_source/d6-weapons/weapons/rifle.json" with { type: "json" };
import thrownKnife from "../../../packs/_source/d6-weapons/weapons/thrown-knife.json" with { type: "json" };
import type { D6CombatantLike } from "./combat/facts.js";
import type { D6RoundState } from "./combat/round-state.js";
import { d6RoundBeginUpdate, type D6CombatTable, d6CurrentTurnId, d6TurnBeginUpdate, d6TurnPlaces } from "./combat/table.js";
import { deriveD6Actor, type D6ItemInput } from "./data/derive.js";
import type { D6WeaponView } from "./data/derived.js";
import {
  activeDefense,
  type ActiveDefense,
  attackRollAdjustments,
  benchInputs,
  type CoverLevel,
  type D6AttackInput,
  type D6DefenseInput,
  D6_STANDARD_RULES,
  type D6Rules,
  type DefenseSkill,
  defenseActionDice,
  type DieCode,
  makeD6Rules,
  newCombatantRound,
  parseDieModifier,
  parseWeaponDamage,
  planRoll,
  RANGE_BANDS,
  resolveD6Attack,
  type RollFaces,
  type WoundLevel,
  woundAt,
  woundPenaltyDice,
  woundStatus,
} from "./rules/index.js";
import { d6ActorSheetView } from "./views/sheets.js";
import { attackInputFrom, type D6ActorData, DEFENSE_SKILL_NAMES, type RoundOf } from "./workflow/steps.js";

interface PackItem {
  _id: string;
  name: string;
  type: string;
  system: unknown;
}
interface PackActor {
  name: string;
  type: string;
  system: Record<string, unknown>;
  items: PackItem[];
}

const CHARACTERS = [kira, daxMorrow, selaVane] as unknown as PackActor[];
const WEAPONS = [fists, knife, supportBeam, club, spear, sword, blasterPistol, bow, pistol, rifle, thrownKnife] as unknown as PackItem[];
const BLADES = [knife, spear, sword] as unknown as PackItem[];
const ARMOR = [blastVest, combatArmor, flakJacket, leatherArmor, paddedJacket] as unknown as PackItem[];

/** The shared seeded generator (benchRandom): the same mix every run. */
function seeded(seed: number) {
  const next = benchRandom(seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const chance = (p: number) => next() < p;
  return { int, pick, chance };
}
type Random = ReturnType<typeof seeded>;

/** The faces of a code (D1, D2): its plain dice and the Wild Die's chain (a 6 rolls again; at most a few times). */
function facesFor(code: DieCode, random: Random): RollFaces {
  if (code.dice <= 0) return { dice: [], wild: [] };
  const dice = Array.from({ length: code.dice - 1 }, () => random.int(1, 6));
  const wild: number[] = [];
  for (let face = random.int(1, 6); ; face = random.int(1, 6)) {
    if (wild.length === 3 && face === 6) face = random.int(1, 5);
    wild.push(face);
    if (face !== 6) break;
  }
  return { dice, wild };
}

const itemInput = (item: PackItem, id = item._id): D6ItemInput => ({ id, name: item.name, type: item.type, system: structuredClone(item.system) });

/**
 * A pack character with one pack weapon in hand and one pack armor (or none)
 * worn instead of its own, derived as a sheet derives it — once per outfit
 * and world rules, as a table's actors are the same few documents attack
 * after attack (their wounds are the attack's own, below).
 */
function fighter(actor: PackActor, weapon: PackItem, armor: PackItem | null, rules: Readonly<D6Rules>, known: Map<string, { data: D6ActorData; weapon: D6WeaponView }>) {
  const key = `${actor.name}|${weapon.name}|${armor?.name ?? ""}|${RULE_SETS.indexOf(rules)}`;
  let found = known.get(key);
  if (!found) known.set(key, (found = derivedFighter(actor, weapon, armor, rules)));
  return { data: { uuid: found.data.uuid, system: { ...found.data.system } }, weapon: found.weapon };
}

function derivedFighter(actor: PackActor, weapon: PackItem, armor: PackItem | null, rules: Readonly<D6Rules>): { data: D6ActorData; weapon: D6WeaponView } {
  const items = actor.items.filter((i) => i.type === "d6Skill").map((i) => itemInput(i));
  items.push(itemInput(weapon, "benchWeapon"));
  if (armor) items.push(itemInput(armor, "benchArmor"));
  const derived = deriveD6Actor(actor.system, items, rules);
  const view = derived.weapons.find((w) => w.id === "benchWeapon")!;
  return { data: { uuid: `bench.${actor.name}`, system: { ...(actor.system as object), derived } as D6ActorData["system"] }, weapon: view };
}

/** World rules the mix runs under: the standard ones; removing complications with rolled modifiers (D2, D26); melee range and no Strength in resistance (D27, D34). */
const RULE_SETS: readonly D6Rules[] = [
  D6_STANDARD_RULES,
  makeD6Rules({ complicationMode: "remove", rollDifficultyModifiers: true }),
  makeD6Rules({ rangeModifierOnMelee: true, resistWithStrength: false }),
];

const ABLE_WOUNDS: readonly WoundLevel[] = ["none", "none", "none", "stunned", "wounded", "severelyWounded"];
const TARGET_WOUNDS: readonly WoundLevel[] = ["none", "none", "none", "stunned", "wounded", "severelyWounded", "incapacitated", "mortallyWounded"];
const COVERS: readonly CoverLevel[] = ["none", "none", "none", "light", "medium", "heavy", "full"];

/** D18–D25: the defenses a target holds in force, rolled already (their totals), with the blade it parries with (D21). */
function defensesInForce(target: { data: D6ActorData; weapon: D6WeaponView }, random: Random, rules: Readonly<D6Rules>): ActiveDefense[] {
  const roll = () => random.int(4, 24);
  const blade = target.weapon.mode === "melee" ? { damage: parseWeaponDamage(target.weapon.damage, rules), edged: target.weapon.edged } : undefined;
  if (blade?.edged && random.chance(0.5)) return [activeDefense("parry", "partial", roll(), blade, rules)];
  switch (random.int(0, 5)) {
    case 0:
    case 1:
      return [];
    case 2:
      return [activeDefense("dodge", "partial", roll(), undefined, rules)];
    case 3:
      return [activeDefense(random.pick(["block", "parry"] as const), "partial", roll(), random.chance(0.6) ? blade : undefined, rules)];
    case 4:
      return [activeDefense("dodge", "full", roll(), undefined, rules)];
    default:
      return [activeDefense("dodge", "gmCalled", roll(), undefined, rules), activeDefense("parry", "partial", roll(), blade, rules)];
  }
}

/** D14: an interrupting defense rolled with the attack (its faces given), as the rules command reads one. */
function rolledDefense(target: { data: D6ActorData; weapon: D6WeaponView }, woundDice: number, random: Random, rules: Readonly<D6Rules>): D6DefenseInput | null {
  const skill: DefenseSkill = random.pick(["dodge", "block", "parry"] as const);
  const derived = target.data.system.derived!;
  const wanted = DEFENSE_SKILL_NAMES[skill];
  const code = derived.skills.find((s) => s.name.toLowerCase() === wanted)?.code ?? derived.attributes.agility;
  const declared = random.int(1, 3);
  const plan = planRoll(code, { actionDice: defenseActionDice("partial", declared, 1, rules), woundDice });
  if (!plan.rollable) return null;
  const weapon = skill === "parry" && target.weapon.mode === "melee" ? { damage: parseWeaponDamage(target.weapon.damage, rules), edged: target.weapon.edged } : undefined;
  return { skill, mode: "partial", code, declared, freeActions: 1, faces: facesFor(plan.code, random), ...(weapon && { weapon }) };
}

/** One attack of the mix, every die given; null when the GM would refuse it before any card (D3 nothing to roll, D29 aim). */
function mixInput(random: Random, known: Map<string, { data: D6ActorData; weapon: D6WeaponView }>): { input: D6AttackInput; rules: D6Rules } | null {
  const rules = random.pick(RULE_SETS);
  const attackerPack = random.pick(CHARACTERS);
  const targetPack = random.pick(CHARACTERS.filter((c) => c !== attackerPack));
  const attacker = fighter(attackerPack, random.pick(WEAPONS), random.chance(0.5) ? random.pick(ARMOR) : null, rules, known);
  // D21/D22 need a blade against a bare hand: a bare-handed attacker meets a blade more often than chance would have it.
  const targetWeapon = attacker.weapon.mode === "unarmed" && random.chance(0.6) ? random.pick(BLADES) : random.pick(WEAPONS);
  const target = fighter(targetPack, targetWeapon, random.chance(0.7) ? random.pick(ARMOR) : null, rules, known);
  const round = random.int(1, 6);
  const attackerWounds = woundAt(random.pick(ABLE_WOUNDS), round, rules);
  const targetWounds = woundAt(random.pick(TARGET_WOUNDS), round, rules);
  attacker.data.system.wounds = { level: attackerWounds.level, untilRound: attackerWounds.untilRound ?? 0 };
  target.data.system.wounds = { level: targetWounds.level, untilRound: targetWounds.untilRound ?? 0 };
  // D32: a Strength modifier now and then; D34: a protective ability on top of the armor.
  if (random.chance(0.15)) attacker.data.system.strengthAdjustment = random.pick(["+1D", "-1D", "+0D+2"]);
  if (random.chance(0.2)) target.data.system.protection = random.pick(["1D", "2D", "+0D+2"]);
  const weapon = attacker.weapon;
  const ranged = weapon.mode === "ranged";

  // The round states the GM holds (D11, D12, D18, D29).
  const declared = random.int(1, 3);
  const aim = ranged && random.chance(0.25) ? { targetId: target.data.uuid, rounds: random.int(1, 3), lastRound: round - 1 } : null;
  const mine: RoundOf = { round, state: { round: { ...newCombatantRound(round, 1), declared, aim } } };
  const unable = woundStatus(targetWounds, round, rules).unableToAct;
  const defenses = unable ? [] : defensesInForce(target, random, rules);
  const theirs: RoundOf | undefined = random.chance(0.8) ? { round, state: { round: { ...newCombatantRound(round, 1), declared: 1, unableToAct: unable, defenses } } as D6RoundState } : undefined;

  // D26–D28: range, cover, modifiers.
  const long = weapon.ranges.long;
  const range = ranged
    ? random.chance(0.5) ? { band: random.pick(RANGE_BANDS) } : { metres: random.int(0, Math.ceil(long * 1.2)) }
    : random.chance(0.6) ? undefined : { band: random.pick(["pointBlank", "short"] as const) };
  const cover = random.pick(COVERS);
  const modifiers = random.chance(0.3) ? [random.chance(0.6) ? { value: random.int(-8, 8) } : { value: random.pick([-5, 3, 7]), label: "GM" }] : undefined;
  const { input } = attackInputFrom(attacker.data, weapon, target.data, { roll: { dice: [], wild: [] }, flat: random.chance(0.2) ? random.int(-2, 3) : 0, ...(range && { range }), cover, ...(modifiers && { modifiers }) }, mine, theirs, rules);

  // A rolled modifier (D26) and a damage modifier (D31, D38) now and then; an interrupt rolled here (D14).
  const targetDice = woundPenaltyDice(targetWounds, round, rules);
  const extra: Partial<D6AttackInput> = {};
  if (random.chance(0.1)) {
    const code = parseDieModifier(random.pick(["+1D", "-1D", "+2D"]), rules);
    extra.modifiers = [...(input.modifiers ?? []), { code, ...(rules.rollDifficultyModifiers && { faces: Array.from({ length: code.code.dice }, () => random.int(1, 6)) }) }];
  }
  if (random.chance(0.1)) extra.damageModifiers = [random.chance(0.5) ? { value: random.int(1, 4) } : { code: parseDieModifier("+1D", rules) }];
  if (!unable && random.chance(0.15)) {
    const interrupting = rolledDefense(target, targetDice, random, rules);
    if (interrupting) extra.defender = { ...input.defender, defenses: [...(input.defender.defenses ?? []), interrupting] };
  }
  if (rules.rollDifficultyModifiers && cover !== "none" && cover !== "full") extra.coverFaces = Array.from({ length: rules.coverDice[cover] }, () => random.int(1, 6));
  let full: D6AttackInput = { ...input, ...extra };

  // D41: the attack roll's faces fit the code the GM plans (D3: none left, no attack).
  const attack = planRoll(full.attacker.skill, attackRollAdjustments(full.attacker, woundPenaltyDice(attackerWounds, round, rules), rules));
  if (!attack.rollable) return null;
  full = { ...full, attacker: { ...full.attacker, roll: facesFor(attack.code, random) } };
  try {
    // Then the damage and the resistance rolls, each fitting the code the resolution asks for.
    const pending = resolveD6Attack(full, rules);
    if (pending.pending !== "damage") return { input: full, rules };
    full = { ...full, damageRoll: facesFor(pending.damage!.code, random) };
    full = { ...full, resistanceRoll: facesFor(resolveD6Attack(full, rules).resistance!.code, random) };
    resolveD6Attack(full, rules);
    return { input: full, rules };
  } catch {
    // A figure the GM refuses before any card (a defense rolled with nothing left, D3): not an attack of the mix.
    return null;
  }
}

/**
 * The mix's size: 1,024 distinct attacks, far more than a predictor learns by
 * heart, whose inputs (about 2.3 KB each as the card holds them) fit a
 * processor's caches as one table's attacks do. Four times as many
 * (about 9 MB) no longer fit and the rate roughly halves: the resolution is
 * then waiting on memory, not computing (docs/rulesets/d6.md, "Bench").
 */
export const D6_MIX_SIZE = 1024;

/** The realistic mix: `size` attacks drawn from the packs and the scenario space with a fixed seed. */
export function d6MixInputs(size = D6_MIX_SIZE, seed = 0x0d6): { input: D6AttackInput; rules: D6Rules }[] {
  const random = seeded(seed);
  const known = new Map<string, { data: D6ActorData; weapon: D6WeaponView }>();
  const drawn: { input: D6AttackInput; rules: D6Rules }[] = [];
  while (drawn.length < size) {
    const next = mixInput(random, known);
    if (next) drawn.push(next);
  }
  // The GM resolves a card's input as read from the card (a fresh copy of the stored flow, src/core/transport/flow-store.ts),
  // not the objects left scattered by building it: each input is copied whole, as the card's copy is.
  return drawn.map((x) => ({ input: structuredClone(x.input), rules: x.rules }));
}

function attackSet(describe: string, size: number, build: () => { input: D6AttackInput; rules: D6Rules }[]): AttackSet {
  let inputs: { input: D6AttackInput; rules: D6Rules }[] | undefined;
  return {
    size,
    describe,
    run(i) {
      inputs ??= build();
      const x = inputs[i % inputs.length]!;
      return resolveD6Attack(x.input, x.rules).margin ?? 0;
    },
  };
}

// ---------------------------------------------------------------------------
// Table costs.

/** A combat of `size` combatants in round 3, its order set: rolled initiatives with ties and groups, player characters, a few placed by the GM, a few not rolled yet, defenses and actions in force. */
export function benchCombat(size: number): D6CombatTable {
  const random = seeded(size);
  const round = 3;
  const rounds: Record<string, unknown> = {};
  const combatants: D6CombatantLike[] = [];
  const overrides: Record<string, number> = {};
  for (let i = 0; i < size; i++) {
    const id = `c${String(i).padStart(6, "0")}`;
    const player = i % 5 === 0;
    combatants.push({
      id,
      name: `Fighter ${i}`,
      actorId: player ? `pc${i}` : `foe${i % 7}`,
      actor: { id: player ? `pc${i}` : `foe${i % 7}`, type: player ? "d6Character" : "d6Creature", hasPlayerOwner: player, system: { freeActions: 1, wounds: { level: "none", untilRound: 0 } } },
    });
    const state = { ...newCombatantRound(round, 1), declared: random.int(1, 3), used: random.int(0, 1), defenses: random.chance(0.3) ? [activeDefense("dodge", "partial", random.int(5, 20))] : [] };
    const rolled = i % 17 !== 16;
    rounds[id] = { round: state, ...(rolled && { initiative: { round, total: random.int(4, 24), playerCharacter: player, ...(!player && i % 3 === 0 && { group: `foe${i % 7}-${i}` }) } }) };
    if (i % 50 === 7) overrides[id] = random.int(0, size - 1);
  }
  return { round, turn: Math.floor(size / 2), flags: { cychosys: { rounds, d6Order: { round, set: true, overrides } } }, combatants };
}

/** A character with `size` items: skills, weapons naming them (and some untrained), armor, as a sheet derives and shows them. */
export function benchSheet(size: number): { system: Record<string, unknown>; items: D6ItemInput[] } {
  const items: D6ItemInput[] = [];
  const attributes = ["agility", "strength", "mechanical", "knowledge", "perception", "technical"];
  for (let i = 0; i < size; i++) {
    const kind = i % 4;
    if (kind < 2) items.push({ id: `s${i}`, name: `skill ${i}`, type: "d6Skill", system: { attribute: attributes[i % 6], code: `${2 + (i % 4)}D+${i % 3}` } });
    else if (kind === 2) items.push({ id: `w${i}`, name: `weapon ${i}`, type: "d6Weapon", system: { ...(WEAPONS[i % WEAPONS.length]!.system as object), skill: i % 8 === 2 ? `skill ${i - 2}` : "firearms" } });
    else items.push({ id: `a${i}`, name: `armor ${i}`, type: "d6Armor", system: { code: i % 12 === 3 ? "bad code" : "1D", equipped: i % 8 === 3 } });
  }
  return { system: structuredClone(kira.system) as Record<string, unknown>, items };
}

const sheetItems = (items: readonly D6ItemInput[]) => items.map((i, n) => ({ id: i.id, name: i.name, type: i.type, img: "", sort: n, system: i.system as Record<string, unknown> }));

const TABLE: readonly TableCost[] = [
  {
    kind: "trackerSort",
    prepare(size) {
      const table = benchCombat(size);
      // Foundry's sort with the tracker's comparator: the places read once per sort (src/foundry/d6/combat.ts).
      return () => {
        const places = d6TurnPlaces(table);
        return table.combatants.slice().sort((a, b) => places.get(a.id)! - places.get(b.id)!);
      };
    },
  },
  {
    kind: "newRound",
    prepare(size) {
      const table = benchCombat(size);
      return () => d6RoundBeginUpdate(table, table.round + 1);
    },
  },
  {
    kind: "nextTurn",
    prepare(size) {
      const table = benchCombat(size);
      // The GM's start of the turn (D18) and whose turn the clients ask for N (D11).
      return () => [d6TurnBeginUpdate(table), d6CurrentTurnId(table)];
    },
  },
  {
    kind: "sheet",
    prepare(size) {
      const { system, items } = benchSheet(size);
      const shown = sheetItems(items);
      return () => {
        const derived = deriveD6Actor(system, items);
        return d6ActorSheetView({ type: "d6Character", name: "Bench", img: "", system, derived, items: shown, editable: true, enrichedText: "", localize: english });
      };
    },
  },
];

/** OpenD6's bench. */
export const bench: RulesetBench = {
  id: "d6",
  fixed: attackSet("the chapter's seed scenarios (rules/seed-scenarios.ts), each resolved whole", benchInputs().length, () => benchInputs()),
  mix: attackSet(
    "pack characters, weapons and armor; every defense, range and cover, modifiers, aim, wounds, complications; three sets of world rules",
    D6_MIX_SIZE,
    () => d6MixInputs(),
  ),
  table: TABLE,
};
