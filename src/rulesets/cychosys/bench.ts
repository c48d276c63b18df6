/**
 * What `npm run bench` times of Cychosys (src/core/bench.ts, `RulesetBench`):
 *
 * - `fixed`: the 64 attacks the bench has always timed (every defense form,
 *   five edges, one outfit);
 * - `mix`: a realistic mix generated, with a seeded generator, from the
 *   packs (bench-packs.ts) and the scenario space — every fighter of the cast
 *   with his own gear or any weapon or trick of the packs, rolled dice
 *   (surges and crashes on the key die included, R12), effects added to the
 *   attack (R19), aimed and mental locations (R29), non-lethal contests
 *   (R36), injured pools, every defense form (a parry with a parrying item or
 *   an improvised object, counterattack exchanges of one to three steps,
 *   R22–R25), defenders in extra layers of the packs' outfits (R30–R31) and
 *   small targets (R35), and the struck side's choices (R28, R32) — built
 *   through the same builders the GM's declare and defend steps use;
 * - `table`: the tracker's and the sheet's costs (combat/table.ts, the sheet
 *   derive and view) at growing sizes.
 *
 * Everything is built before timing; `run(i)` resolves one input. Node-only.
 */
import type { AttackSet, RulesetBench, TableCost } from "../../core/bench.js";
import { seededRandom } from "../../cli/prng.js";
import { FIGHTERS, GEAR, OUTFITS, type PackSource, SKILLS, TRADEMARKS } from "./bench-packs.js";
import { combatantFacts, type CombatantFacts, readInterrupt, storedOrderFigures } from "./combat/plan.js";
import { freshRoundState } from "./combat/round-state.js";
import { planRoundEndWork, roundEndNote, roundStartWork, sortTurns, trackerRowViews, turnComparator } from "./combat/table.js";
import { deriveCombatant } from "./data/derive/combatant.js";
import type { CombatantSource, GearSource, ItemView } from "./data/source-types.js";
import { readCychosysFighter } from "./duel/fighter.js";
import {
  type AttackInput,
  BODY_LOCATIONS,
  effectDefinition,
  english,
  FACETS,
  normalizeCovers,
  parseBundle,
  type Pools,
  resolveAttack,
  RulesError,
  sealOutfit,
  STANDARD_RULES,
  type HitLocation,
} from "./rules/index.js";
import { combatantSheetView, type SheetItem } from "./views/combatant.js";
import { attackDeclaration, defenseDeclaration, type GearRef } from "./workflow/requests.js";
import { useAction } from "./workflow/round.js";

const rules = STANDARD_RULES;

// ---------------------------------------------------------------------------
// The fixed set.

// Sealed as the derived outfit of an actor is (data/derive/combatant.ts).
const fixedOutfit = sealOutfit([
  { shield: parseBundle("RH1"), covers: ["chest", "leftArm", "rightArm"] as HitLocation[], layer: "worn" as const, weight: 1 },
  { shield: parseBundle("BBDD2"), covers: [...normalizeCovers("all")], layer: "skin" as const, weight: 2 },
]);
const fixedPools: Pools = { hit: { physical: 10, mental: 5, emotional: 4 }, fatigue: { physical: 6, mental: 6, emotional: 6 } };

/** The 64 attacks the bench has always timed: every defense form, different totals, edges and locations. */
export function fixedAttacks(): AttackInput[] {
  const edges = ["VD6", "BR3", "VFXP2", "FB2", "SOBP12"].map((e) => parseBundle(e));
  const forms = ["evade", "brave", "parry", "counter"] as const;
  const out: AttackInput[] = [];
  for (let i = 0; i < 64; i++) {
    const form = forms[i % 4]!;
    const edge = edges[i % edges.length]!;
    const defense: AttackInput["defense"] =
      form === "counter"
        ? { form, totals: [{ total: 20 + (i % 30) }, { total: 15 + (i % 25) }], edge: edges[(i + 1) % edges.length]! }
        : { form, total: 5 + ((i * 7) % 30), ...(form === "parry" && { object: { shield: parseBundle("2") } }) };
    out.push({ attacker: { total: 10 + ((i * 13) % 35), edge, outfit: fixedOutfit, pools: fixedPools }, defender: { outfit: fixedOutfit, pools: fixedPools }, defense });
  }
  return out;
}

// ---------------------------------------------------------------------------
// The realistic mix.

type Random = () => number;
const pick = <T>(random: Random, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
const chance = (random: Random, p: number) => random() < p;
const between = (random: Random, min: number, max: number) => min + Math.floor(random() * (max - min + 1));

interface PackItem {
  _id: string;
  name: string;
  type: string;
  system: Record<string, unknown>;
}
const itemsOf = (doc: PackSource) => (doc.items ?? []) as unknown as PackItem[];
const asItem = (doc: PackSource, id = doc._id): PackItem => ({ _id: id, name: doc.name, type: doc.type, system: doc.system as Record<string, unknown> });

/** A fighter of the cast carrying extra pack items (a weapon picked up, another layer worn), read as the duel reads an actor. */
function loadout(actor: PackSource, extra: readonly PackItem[]) {
  return readCychosysFighter({ ...actor, items: [...itemsOf(actor), ...extra] }, rules);
}
type Fighter = ReturnType<typeof loadout>;

const gearRefOf = (fighter: Fighter, id: string): GearRef | undefined => {
  const g = fighter.gear.find((x) => x.id === id);
  return g && { name: g.name, edge: g.edge, parry: g.parry, uuid: `Actor.bench.Item.${g.id}` };
};

/** The faces of a roll of `total` (its dice), key die first: surges and crashes come up as often as the dice give them (R11, R12). */
const facesFor = (random: Random, dice: number) => Array.from({ length: dice }, () => between(random, 1, 12));

/** A derived total of the fighter by the skill it names (the first skill of several names), else its first total. */
function totalKeyFor(fighter: Fighter, skills: readonly string[]): string {
  for (const name of skills) {
    const t = fighter.derived.totals.find((x) => x.key.startsWith("skill:") && x.skillName.trim().toLowerCase() === name && !x.finesseName);
    if (t) return t.key;
  }
  return fighter.derived.totals[0]!.key;
}

const rolled = (random: Random, fighter: Fighter, totalKey: string) => {
  const view = fighter.derived.totals.find((t) => t.key === totalKey)!;
  return { totalKey, faces: facesFor(random, view.dice), modifier: chance(random, 0.2) ? between(random, -4, 4) : 0 };
};

/**
 * What a fight holds once and every attack reads: each fighter's outfits,
 * his pools as they stand (unhurt, or one of a few states of damage taken,
 * some pools at 0), each edge parsed once — as an actor's derived data is
 * read by every attack until it changes.
 */
interface MixWorld {
  fighters: Map<string, Fighter>;
  wardrobes: Map<number, PackItem[][]>;
  pools: Map<Fighter, Pools[]>;
  edges: Map<string, ReturnType<typeof parseBundle>>;
}

const POOL_STATES = 8;

function poolsOf(random: Random, world: MixWorld, fighter: Fighter): Pools {
  let states = world.pools.get(fighter);
  if (!states) {
    states = [fighter.derived.pools];
    while (states.length < POOL_STATES) {
      const hurt = structuredClone(fighter.derived.pools);
      for (const kind of ["hit", "fatigue"] as const) for (const f of FACETS) hurt[kind][f] = Math.max(0, hurt[kind][f] - between(random, 0, hurt[kind][f]));
      states.push(hurt);
    }
    world.pools.set(fighter, states);
  }
  // Mostly unhurt; otherwise some damage already taken.
  return chance(random, 0.6) ? states[0]! : pick(random, states);
}

function edgeOf(world: MixWorld, notation: string) {
  let edge = world.edges.get(notation);
  if (!edge) world.edges.set(notation, (edge = parseBundle(notation, rules.effects)));
  return edge;
}

const PARRYING = GEAR.filter((g) => ((g.system as GearSource).parry?.hits ?? 0) > 0).map((g) => asItem(g, `parry${g._id}`));
const WARDROBES = 6;

/** R35: a skin of T (T: half human size, TT: under a quarter) — what makes a defender a small target. */
const smallSize = (t: number): PackItem => ({
  _id: `small${t}`,
  name: "small size",
  type: "outfit",
  system: { weight: 0, shield: "T".repeat(t), covers: ["head", "chest", "leftArm", "rightArm", "leftLeg", "rightLeg"], layer: "skin", equipped: true, description: "", schemaVersion: 1 },
});

/** A cast member's outfits for the fight: as the pack has him, and in extra layers of the packs' outfits, some with an item to parry with (R25, R30). */
function wardrobesOf(random: Random, world: MixWorld, index: number): PackItem[][] {
  let list = world.wardrobes.get(index);
  if (!list) {
    list = [[]];
    while (list.length < WARDROBES) {
      const layers = Array.from({ length: between(random, 0, 2) }, (_, n) => asItem(pick(random, OUTFITS), `layer${n}`));
      // R35: now and then the defender is a small target (the packs' outfits carry no T).
      if (chance(random, 0.15)) layers.push(smallSize(between(random, 1, 2)));
      list.push(chance(random, 0.5) ? [...layers, pick(random, PARRYING)] : layers);
    }
    world.wardrobes.set(index, list);
  }
  return list;
}

const ADDED = ["F", "V", "T", "B", "D", "X", "S", "P", "O", "W", "R", "H", "U"];

/** One realistic attack, through the GM's own builders (R13, R19, R22–R25, R27, R29, R36). */
function mixAttack(random: Random, world: MixWorld): AttackInput {
  const fighters = world.fighters;
  const a = between(random, 0, FIGHTERS.length - 1);
  let d = between(random, 0, FIGHTERS.length - 2);
  if (d >= a) d++;
  // The attacker: his own gear, or any weapon or trick of the packs (skills he lacks are rolled untrained).
  const packGear = chance(random, 0.6) ? asItem(pick(random, GEAR), "picked") : undefined;
  const attacker = cachedLoadout(fighters, FIGHTERS[a]!, packGear ? [packGear] : []);
  const weaponId = packGear ? "picked" : pick(random, attacker.gear).id;
  const gear = gearRefOf(attacker, weaponId)!;
  // The defender in one of his outfits for the fight: maybe one or two more layers of the packs' outfits, maybe an item to parry with.
  const wardrobe = pick(random, wardrobesOf(random, world, d));
  const parrying = wardrobe.filter((item) => item.type !== "outfit");
  const defender = cachedLoadout(fighters, FIGHTERS[d]!, wardrobe);

  const mental = gear.edge.match(/[WR]/) && chance(random, 0.5);
  const location: HitLocation | undefined = mental ? pick(random, ["mind", "ego"] as const) : chance(random, 0.25) ? pick(random, BODY_LOCATIONS) : undefined;
  const added = chance(random, 0.25) ? Array.from({ length: between(random, 1, 2) }, () => pick(random, ADDED)) : [];
  const nonLethal = chance(random, 0.1) ? pick(random, FACETS) : undefined;
  const attack = attackDeclaration(attacker.derived, gear, rolled(random, attacker, `gear:${weaponId}`), added, { ...(location && { location }), ...(nonLethal && { nonLethal }) }, rules);

  const form = pick(random, ["evade", "brave", "parry", "counter"] as const);
  const defenderGear = (id: string) => gearRefOf(defender, id);
  let defense: AttackInput["defense"];
  if (form === "counter") {
    const weapon = pick(random, defender.gear);
    const first = defenseDeclaration(defender.derived, { form, roll: rolled(random, defender, `gear:${weapon.id}`), weaponId: weapon.id, added: [] }, defenderGear, rules);
    // R23: one to three steps, defender first, then the sides alternate.
    const totals = [{ total: first.total, surge: first.surge }];
    for (let k = 1, n = between(random, 1, 3); k < n; k++) {
      const side = k % 2 === 1 ? attacker : defender;
      const again = attackDeclaration(side.derived, side === attacker ? gear : defenderGear(weapon.id)!, rolled(random, side, side === attacker ? `gear:${weaponId}` : `gear:${weapon.id}`), [], {}, rules);
      totals.push({ total: again.total, surge: again.surge });
    }
    defense = { form, totals, edge: edgeOf(world, first.form === "counter" ? first.edge : weapon.edge) };
  } else {
    const key = form === "evade" ? totalKeyFor(defender, ["evade", "move"]) : form === "brave" ? totalKeyFor(defender, ["brave", "resolve"]) : totalKeyFor(defender, ["parry", "brawl", "cut"]);
    const object =
      form !== "parry" ? undefined : parrying.length ? { itemId: parrying[0]!._id } : chance(random, 0.4) ? { name: "table", hits: between(random, 1, 5), shield: pick(random, ["0", "1", "B1", "R2"]) } : undefined;
    const declared = defenseDeclaration(defender.derived, { form, roll: rolled(random, defender, key), ...(object && { object }) } as never, defenderGear, rules);
    const parryObject = declared.form === "parry" && declared.object ? { shield: parseBundle(declared.object.shield, rules.effects), hits: declared.object.hits } : undefined;
    defense = { form, total: declared.total, surge: declared.surge, ...(parryObject && { object: parryObject }) };
  }
  const edge = edgeOf(world, attack.edge);
  const letters = edge.effects.map((m) => m.letter).filter((l) => effectDefinition(l, rules.effects)?.kind === "wounding");
  const choices = letters.length && chance(random, 0.2) ? (chance(random, 0.5) ? { reduce: [pick(random, letters)] } : { piercing: [pick(random, letters)] }) : undefined;
  return {
    attacker: { total: attack.total, surge: attack.surge, edge, outfit: attacker.derived.outfit, pools: poolsOf(random, world, attacker), extraSoakSteps: attacker.source.modifiers.soakSteps },
    defender: { outfit: defender.derived.outfit, pools: poolsOf(random, world, defender), extraSoakSteps: defender.source.modifiers.soakSteps },
    defense,
    ...(attack.location && { location: attack.location }),
    ...(attack.nonLethal && { nonLethal: attack.nonLethal }),
    ...(choices && { choices }),
  };
}

function resolves(input: AttackInput): boolean {
  try {
    resolveAttack(input, rules);
    return true;
  } catch (error) {
    if (error instanceof RulesError) return false;
    throw error;
  }
}

function cachedLoadout(cache: Map<string, Fighter>, actor: PackSource, extra: readonly PackItem[]): Fighter {
  const key = `${actor._id}|${extra.map((x) => `${x._id}:${x.name}`).join("|")}`;
  let fighter = cache.get(key);
  if (!fighter) cache.set(key, (fighter = loadout(actor, extra)));
  return fighter;
}

/** `size` realistic attacks from the seed (the same on every machine); each resolves without a rules error. */
export function mixAttacks(size = 4096, seed = 20_260_521): AttackInput[] {
  const random = seededRandom(seed);
  const world: MixWorld = { fighters: new Map(), wardrobes: new Map(), pools: new Map(), edges: new Map() };
  const out: AttackInput[] = [];
  while (out.length < size) {
    const input = mixAttack(random, world);
    // A choice the struck side's dialog would not offer (a reduction it cannot pay, an effect soaked already) is not made.
    if (input.choices && !resolves(input)) delete input.choices;
    if (resolves(input)) out.push(input);
  }
  return out;
}

// ---------------------------------------------------------------------------
// The table costs.

const pool = (value: number, max = value) => ({ value, max });

/** A combat of `size` combatants as the tracker reads it: ties on quickness, PCs and NPCs, round states and order figures stored. */
export function benchCombat(size: number, seed = 7) {
  const random = seededRandom(seed);
  const order: Record<string, unknown> = {};
  const docs = Array.from({ length: size }, (_, i) => {
    const id = `cbt${String(i).padStart(13, "0")}`;
    const quickness = between(random, 0, 12);
    const hits = [between(random, 0, 10), between(random, 1, 5), between(random, 1, 5)] as const;
    const actor = {
      uuid: `Actor.act${String(i).padStart(13, "0")}`,
      type: i % 3 === 0 ? "character" : "npc",
      system: {
        pools: { hit: { physical: pool(hits[0], 10), mental: pool(hits[1], 5), emotional: pool(hits[2], 5) }, fatigue: { physical: pool(between(random, 0, 6), 6), mental: pool(6), emotional: pool(6) } },
        derived: { quickness: { quickness }, actionsPerRound: 1 },
      },
    };
    order[id] = { quickness, physicalHits: hits[0], tiebreak: random() };
    return { id, name: `Fighter ${i}`, initiative: quickness, defeated: false, flags: { cychosys: { recoverTo: pick(random, ["physical", "mental", "", "bogus"]) } }, actor };
  });
  const combat = { id: "benchcombat", started: true, flags: { cychosys: { order } } as Record<string, unknown> };
  // Every combatant has acted once and some hold a parry bonus (R25), as at a round's end.
  const rounds: Record<string, ReturnType<typeof freshRoundState>> = {};
  for (const [i, d] of docs.entries()) {
    const state = useAction(freshRoundState(d.actor, rules.options)).state;
    if (i % 5 === 0) state.parryBonuses.push({ againstUuid: docs[(i + 1) % docs.length]!.actor.uuid, bonus: 3 });
    rounds[d.id] = state;
  }
  (combat.flags.cychosys as Record<string, unknown>).rounds = rounds;
  return { combat, docs };
}

const localize = (key: string, params?: Record<string, unknown>) => english(key, params);

/** A character's sheet of `size` items from the packs: skills, weapons and tricks naming them, outfit pieces, trademarks. */
export function benchSheet(size: number) {
  const items: SheetItem[] = [];
  const skillNames: string[] = [];
  for (let i = 0; items.length < size; i++) {
    const kind = i % 4;
    const n = Math.floor(i / 4);
    if (kind === 0) {
      const skill = SKILLS[n % SKILLS.length]!;
      const name = n < SKILLS.length ? skill.name : `${skill.name} ${n}`;
      skillNames.push(name);
      items.push({ id: `sk${i}`, name, type: "skill", system: { ...(skill.system as object), finesses: [{ name: "quick", bonus: 1 }] } as never, sort: i });
    } else if (kind === 1) {
      const gear = GEAR[n % GEAR.length]!;
      // Most name a skill the sheet has; every seventh one does not (rolled untrained).
      const skill = n % 7 === 6 ? "nobody knows" : skillNames[n % skillNames.length]!;
      items.push({ id: `gr${i}`, name: `${gear.name} ${n}`, type: gear.type as "weapon", system: { ...(gear.system as GearSource), skill, finesse: n % 2 ? "quick" : "" } as never, sort: i });
    } else if (kind === 2) {
      const outfit = OUTFITS[n % OUTFITS.length]!;
      items.push({ id: `of${i}`, name: `${outfit.name} ${n}`, type: "outfit", system: { ...(outfit.system as object), equipped: n % 3 !== 0 } as never, sort: i });
    } else {
      const trademark = TRADEMARKS[n % TRADEMARKS.length]!;
      items.push({ id: `tm${i}`, name: `${trademark.name} ${n}`, type: "trademark", system: trademark.system as never, sort: i });
    }
  }
  const parker = FIGHTERS.find((c) => c.name === "Parker")!;
  const system = parker.system as CombatantSource & { biography: string; experience: { unspent: number; spent: number } };
  const conditions = [
    { id: "c1", letter: "B", piercing: false },
    { id: "c2", letter: "D", piercing: true },
  ];
  return { system, items: items as readonly (SheetItem & ItemView)[], conditions };
}

/** Derive the sheet's actor and draw its view, as `prepareDerivedData` and the sheet's `_prepareContext` do. */
export function deriveAndView(sheet: ReturnType<typeof benchSheet>) {
  const derived = deriveCombatant(sheet.system, sheet.items, sheet.conditions, { skin: "skin", will: "will" }, rules);
  return combatantSheetView({
    kind: "character",
    name: "Parker",
    img: "icons/svg/mystery-man.svg",
    system: sheet.system,
    derived: { ...derived, experience: { total: 15 } },
    items: sheet.items,
    conditions: sheet.conditions,
    inCombat: false,
    editable: true,
    rules,
  });
}

const factsOfCombat = (world: ReturnType<typeof benchCombat>): CombatantFacts[] => {
  const stored = storedOrderFigures(world.combat.flags);
  return world.docs.map((d) => combatantFacts(d, stored));
};

const table: TableCost[] = [
  {
    // `setupTurns`: the comparator the Foundry glue prepares per sort, over the documents.
    kind: "trackerSort",
    prepare(size) {
      const world = benchCombat(size);
      const docs = world.docs.slice().reverse();
      return () => {
        const stored = storedOrderFigures(world.combat.flags);
        return docs.slice().sort(turnComparator((d: (typeof docs)[number]) => combatantFacts(d, stored)));
      };
    },
  },
  {
    // A round's end and the next round's start: budgets, fatigue, lapsed bonuses and defeated marks, the note, the new order.
    kind: "newRound",
    prepare(size) {
      const world = benchCombat(size);
      return () => {
        const facts = factsOfCombat(world);
        const work = planRoundEndWork(world.combat, facts, rules.options);
        const note = roundEndNote(3, work, world.docs, localize);
        const start = roundStartWork(world.combat.flags, facts);
        return [work, note, start, sortTurns(facts)];
      };
    },
  },
  {
    // A turn: the tracker redraws every row for its viewer.
    kind: "nextTurn",
    prepare(size) {
      const world = benchCombat(size);
      return () => {
        const facts = factsOfCombat(world);
        return trackerRowViews(world.combat, facts, rules.options, { canControl: (c) => c.actor?.type === "character", interrupt: readInterrupt(world.combat.flags) });
      };
    },
  },
  {
    kind: "sheet",
    prepare(size) {
      const sheet = benchSheet(size);
      return () => deriveAndView(sheet);
    },
  },
];

const fixed = fixedAttacks();
let mix: AttackInput[] | undefined;
const mixInputs = () => (mix ??= mixAttacks());

export const bench: RulesetBench = {
  id: "cychosys",
  fixed: {
    size: fixed.length,
    describe: "64 attacks: every defense form, five edges, one outfit",
    run: (i) => resolveAttack(fixed[i % fixed.length]!, rules).struck,
  } satisfies AttackSet,
  mix: {
    get size() {
      return mixInputs().length;
    },
    describe: "4,096 attacks from the packs: the cast with their own or any pack weapon or trick, rolled dice (surges, crashes), added effects, aimed and mental locations, non-lethal contests, injured pools, every defense form (parry objects, exchanges of 1–3 counters), extra outfit layers, small targets, the struck side's choices",
    run: (i) => {
      const inputs = mixInputs();
      return resolveAttack(inputs[i % inputs.length]!, rules).struck;
    },
  } satisfies AttackSet,
  table,
};
