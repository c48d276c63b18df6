/**
 * What `npm run bench` times of GURPS (src/core/bench.ts, `RulesetBench`):
 *
 * - **fixed**: the seed checks' attacks (examples/gurps/), as the bench has
 *   always timed them;
 * - **mix**: attacks generated from the GURPS packs (the characters, every
 *   weapon line, every armor and shield) over the scenario space — every
 *   defense the core offers (dodge, parry, block, with retreat, dodge and
 *   drop, acrobatic, none), every damage type and armor divisor, one to three
 *   armor layers, every hit location, the attacking maneuvers and options,
 *   rapid fire, critical hits and misses — each given every die it asks for,
 *   so the whole chapter runs (G5, G58–G86);
 * - **table**: the tracker's sort (G9), a next turn and a new round (G8 and
 *   the turn's start, G77, G19, G81) at 10 / 100 / 1,000 combatants, and a
 *   character's derive and sheet view at 20 / 200 / 2,000 items.
 *
 * Every input is built once, untimed; each timed call is the pure code the
 * Foundry side calls. Deterministic (a fixed seed), no Foundry.
 */
import type { RulesetBench, TableCost } from "../../core/bench.js";
import { english } from "../../core/messages.js";
import type { CombatantRef } from "../../core/transport/ports.js";
import edmund from "../../../packs/_source/gurps-characters/edmund-zhang.json" with { type: "json" };
import pierre from "../../../packs/_source/gurps-foes/filthy-pierre.json" with { type: "json" };
import jenny from "../../../packs/_source/gurps-characters/jenny-atkins.json" with { type: "json" };
import louis from "../../../packs/_source/gurps-characters/louis-leblanc.json" with { type: "json" };
import zombie from "../../../packs/_source/gurps-foes/zombie.json" with { type: "json" };
import cloth from "../../../packs/_source/gurps-armor/armor/cloth-armor.json" with { type: "json" };
import leather from "../../../packs/_source/gurps-armor/armor/leather-armor.json" with { type: "json" };
import mail from "../../../packs/_source/gurps-armor/armor/mail-hauberk.json" with { type: "json" };
import vest from "../../../packs/_source/gurps-armor/armor/tactical-vest.json" with { type: "json" };
import buckler from "../../../packs/_source/gurps-armor/shields-and-cloaks/buckler.json" with { type: "json" };
import forceShield from "../../../packs/_source/gurps-armor/shields-and-cloaks/force-shield.json" with { type: "json" };
import heavyCloak from "../../../packs/_source/gurps-armor/shields-and-cloaks/heavy-cloak.json" with { type: "json" };
import largeShield from "../../../packs/_source/gurps-armor/shields-and-cloaks/large-shield.json" with { type: "json" };
import lightCloak from "../../../packs/_source/gurps-armor/shields-and-cloaks/light-cloak.json" with { type: "json" };
import mediumShield from "../../../packs/_source/gurps-armor/shields-and-cloaks/medium-shield.json" with { type: "json" };
import smallShield from "../../../packs/_source/gurps-armor/shields-and-cloaks/small-shield.json" with { type: "json" };
import axe from "../../../packs/_source/gurps-weapons/melee-weapons/axe.json" with { type: "json" };
import broadsword from "../../../packs/_source/gurps-weapons/melee-weapons/broadsword.json" with { type: "json" };
import dagger from "../../../packs/_source/gurps-weapons/melee-weapons/dagger.json" with { type: "json" };
import greatAxe from "../../../packs/_source/gurps-weapons/melee-weapons/great-axe.json" with { type: "json" };
import punch from "../../../packs/_source/gurps-weapons/melee-weapons/punch.json" with { type: "json" };
import quarterstaff from "../../../packs/_source/gurps-weapons/melee-weapons/quarterstaff.json" with { type: "json" };
import rapier from "../../../packs/_source/gurps-weapons/melee-weapons/rapier.json" with { type: "json" };
import shortsword from "../../../packs/_source/gurps-weapons/melee-weapons/shortsword.json" with { type: "json" };
import revolver from "../../../packs/_source/gurps-weapons/ranged-weapons/38-revolver.json" with { type: "json" };
import machinePistol from "../../../packs/_source/gurps-weapons/ranged-weapons/9mm-machine-pistol.json" with { type: "json" };
import longbow from "../../../packs/_source/gurps-weapons/ranged-weapons/longbow.json" with { type: "json" };
import machineGun from "../../../packs/_source/gurps-weapons/ranged-weapons/machine-gun.json" with { type: "json" };
import pistol from "../../../packs/_source/gurps-weapons/ranged-weapons/pistol.json" with { type: "json" };
import throwingKnife from "../../../packs/_source/gurps-weapons/ranged-weapons/throwing-knife.json" with { type: "json" };
import { itemStateOf } from "./combat/fighter.js";
import { FLAG_SCOPE } from "./combat/round-state.js";
import { nextGurpsTurn, type OrderFigures, readGurpsOrder, sortGurpsTurns, storedGetsTurns, turnChange } from "./combat/tracker-plan.js";
import { deriveGurpsActor, type GurpsItemInput } from "./data/derive.js";
import type { GurpsDerived } from "./data/derived.js";
import {
  AOA_OPTIONS, type AoaOption, type AttackManeuver, DAMAGE_TYPES, type DefenseChoice, type DiceRoll, GURPS_STANDARD_RULES, type GurpsAttackInput, type GurpsFighterRound, HIT_LOCATIONS,
  newFighterRound, readRoll, resolveGurpsAttack,
  withOwedRoll,
} from "./rules/index.js";
import { gurpsBenchInputs } from "./rules/bench.js";
import { gurpsActorSheetView } from "./views/sheet-actor.js";
import { attackInputOf } from "./workflow/attack-input.js";

interface PackDocument {
  _id: string;
  name: string;
  type: string;
  system: Record<string, unknown>;
  items?: PackDocument[];
}
type BenchItem = GurpsItemInput & { system: Record<string, unknown> };
const asItem = (d: PackDocument, id = d._id): BenchItem => ({ id, name: d.name, type: d.type, system: structuredClone(d.system) });

const CHARACTERS = [edmund, pierre, jenny, louis, zombie] as unknown as PackDocument[];
const ARMOR = [cloth, leather, mail, vest] as unknown as PackDocument[];
const SHIELDS = [buckler, forceShield, heavyCloak, largeShield, lightCloak, mediumShield, smallShield] as unknown as PackDocument[];
const WEAPONS = [axe, broadsword, dagger, greatAxe, punch, quarterstaff, rapier, shortsword, revolver, machinePistol, longbow, machineGun, pistol, throwingKnife] as unknown as PackDocument[];

/** A small deterministic generator (a linear congruential one): the same mix on every run. */
function randomFrom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  return {
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
    chance: (p: number) => next() < p,
  };
}
type Random = ReturnType<typeof randomFrom>;

const faces = (r: Random, dice: number) => Array.from({ length: dice }, () => r.int(1, 6));
/** 3d6 faces, with the criticals (3–4, 17–18) as often as the scenario space wants them. */
function roll3(r: Random): number[] {
  if (r.chance(0.06)) return r.pick([[1, 1, 1], [1, 1, 2]]);
  if (r.chance(0.05)) return r.pick([[6, 6, 6], [6, 6, 5]]);
  return faces(r, 3);
}

/** The real derive, once per distinct outfit (the mix draws the same outfit again and again). */
const derived = new Map<string, GurpsDerived>();
function deriveOnce(base: PackDocument, items: BenchItem[]): GurpsDerived {
  const key = `${base._id}|${JSON.stringify(items)}`;
  let d = derived.get(key);
  if (!d) derived.set(key, (d = deriveGurpsActor(base.system, items)));
  return d;
}

/** A pack character with some of the pack's armor (one to three layers) and a shield, derived by the real derive. */
function fighter(r: Random, base: PackDocument, n: number): { id: string; derived: GurpsDerived } {
  const items = (base.items ?? []).filter((i) => i.type !== "gurpsArmor" && i.type !== "gurpsShield").map((i) => asItem(i));
  const layers = r.int(0, 3);
  for (let l = 0; l < layers; l++) {
    const armor = asItem(r.pick(ARMOR), `armor${l}`);
    armor.system.layer = l;
    armor.system.flexible = l === layers - 1 ? r.chance(0.7) : r.chance(0.3);
    items.push(armor);
  }
  if (r.chance(0.6)) items.push(asItem(r.pick(SHIELDS), "shield"));
  // The pack's weapons too, so a defender may parry with any of them; Acrobatics for the acrobatic dodge (G61).
  if (r.chance(0.5)) items.push(asItem(r.pick(WEAPONS.slice(0, 8)), "parryWeapon"));
  if (r.chance(0.3)) items.push({ id: "acrobatics", name: "Acrobatics", type: "gurpsSkill", system: { base: "dx", relativeLevel: r.int(-1, 3), unarmed: "none", fencing: false } });
  return { id: `${base._id}${n}`, derived: deriveOnce(base, items) };
}

/** The attacker with one of the pack's weapons (his own or any), its type and divisor varied over the scenario space. */
function attackerWith(r: Random, base: PackDocument): { derived: GurpsDerived; weaponId: string } {
  const weapon = asItem(r.pick(WEAPONS), "weapon");
  const lines = (weapon.system.lines as Record<string, unknown>[]).map((l) => ({
    ...l,
    ...(r.chance(0.35) && { type: r.pick(DAMAGE_TYPES) }),
    ...(r.chance(0.25) && { divisor: r.pick(["2", "3", "5", "0.5"]) }),
  }));
  weapon.system = { ...weapon.system, skill: "Bench", lines };
  const skill: BenchItem = { id: "skill", name: "Bench", type: "gurpsSkill", system: { base: "dx", relativeLevel: r.int(-2, 6), unarmed: "none", fencing: false } };
  return { derived: deriveOnce(base, [skill, weapon]), weaponId: "weapon" };
}

const MANEUVERS: readonly AttackManeuver[] = ["attack", "attack", "allOutAttack", "moveAndAttack"];

/** One attack over the scenario space, before its dice. */
function candidate(r: Random, n: number): GurpsAttackInput {
  const a = attackerWith(r, r.pick(CHARACTERS));
  const target = fighter(r, r.pick(CHARACTERS), n);
  const weapon = a.derived.weapons.find((w) => w.id === a.weaponId)!;
  const line = r.pick(weapon.lines);
  const ranged = line.kind !== "melee";
  const maneuver = ranged && r.chance(0.5) ? "attack" : r.pick(MANEUVERS);
  const aoaOption: AoaOption | null = maneuver === "allOutAttack" ? r.pick(AOA_OPTIONS.filter((o) => o !== "suppressionFire" && (!ranged || o === "determined"))) : null;
  const round: GurpsFighterRound = { ...newFighterRound(), posture: r.pick(["standing", "standing", "standing", "kneeling", "prone", "sitting"] as const) };
  const range = ranged ? r.pick([2, 5, 10, 20, 50, 100, 300]) : 1;
  const shots = line.rof > 1 ? r.int(1, Math.min(line.rof, 10)) : 1;
  return attackInputOf(
    { attacker: { id: `a${n}`, derived: a.derived, round: null }, target: { id: target.id, derived: target.derived, round }, weapon, line, item: itemStateOf(null, weapon, line) },
    {
      maneuver, aoaOption, deceptive: !ranged && r.chance(0.15) ? r.int(1, 2) : 0, rapidStrike: !ranged && maneuver === "attack" && r.chance(0.1), modifiers: r.chance(0.2) ? [{ value: r.int(-4, 4) }] : [],
      range, speed: ranged && r.chance(0.2) ? r.int(1, 20) : 0, location: r.chance(0.5) ? "torso" : r.pick(HIT_LOCATIONS), fromFront: r.chance(0.9), inReach: !ranged || range <= 2, shots,
    },
    readRoll(roll3(r), "roll"),
  );
}

/**
 * Give the attack every die the core asks for, one owed roll after another
 * (as the card asks each side): the defense among the legal ones (or none),
 * the damage of each hit, the injury's rolls. Null when the core refuses the
 * attack or it cannot be completed.
 */
function complete(r: Random, start: GurpsAttackInput): GurpsAttackInput | null {
  let input = start;
  for (let step = 0; step < 24; step++) {
    const res = resolveGurpsAttack(input);
    if (res.refused) return null;
    const owed = res.owed.find((o) => o.when === "now");
    if (!owed) return input;
    if (/^defenses\[\d\]$/.test(owed.id)) {
      const legal = owed.id === "defenses[0]" ? res.legal : res.secondLegal;
      const options = legal?.options ?? [];
      let choice: DefenseChoice = { id: "none" };
      if (options.length && !r.chance(0.1)) {
        const o = r.pick(options);
        // G67, G68: a retreat or a dodge and drop, not both; G61: an acrobatic dodge, not with the drop.
        const retreat = o.retreat !== null && r.chance(0.4);
        const drop = !retreat && o.dodgeAndDrop !== null && r.chance(0.4);
        const acrobatic = !drop && o.acrobatic && r.chance(0.5);
        choice = {
          id: o.id, roll: readRoll(roll3(r), "roll"), ...(retreat && { retreat: true }), ...(drop && { dodgeAndDrop: true }),
          ...(acrobatic && { acrobatic: true, acrobaticRoll: readRoll(roll3(r), "acrobaticRoll") }),
        };
      }
      input = { ...input, defenses: [...(input.defenses ?? []), choice] };
    } else if (owed.roll === "damage") {
      const dice = Array.from({ length: owed.hits ?? 1 }, () => faces(r, owed.dice ?? 1));
      input = owed.id === "slam.foeDamage" ? { ...input, slam: { velocity: input.slam?.velocity ?? 0, foeDamage: dice[0]! } } : { ...input, [owed.id]: dice };
    } else if (owed.id.startsWith("rolls.")) {
      input = withOwedRoll(input, owed.id, owed.roll === "1d" ? r.int(1, 6) : readRoll(owed.roll === "table" ? faces(r, 3) : roll3(r), owed.id));
    } else {
      return null;
    }
  }
  return null;
}

/**
 * The realistic mix: `size` complete attacks from the packs over the scenario
 * space, each as the card keeps and reads it (JSON text, parsed: flow.ts).
 */
export function gurpsMixInputs(size = 2048, seed = 21): GurpsAttackInput[] {
  const r = randomFrom(seed);
  const out: GurpsAttackInput[] = [];
  for (let n = 0; out.length < size && n < size * 20; n++) {
    const input = complete(r, candidate(r, n));
    if (input) out.push(JSON.parse(JSON.stringify(input)) as GurpsAttackInput);
  }
  return out;
}

// ---- table costs ----

const combatantId = (i: number) => `cbt${String(i).padStart(6, "0")}`;

/** A started fight of `size` combatants: the kept order (G9) and each fighter's round; one in ten knocked out (G8). */
function fight(size: number) {
  const keys: Record<string, { basicSpeed: number; dx: number; draw: number }> = {};
  const rounds: Record<string, GurpsFighterRound> = {};
  const figures: OrderFigures[] = [];
  for (let i = 0; i < size; i++) {
    const id = combatantId(i);
    const basicSpeed = 4 + ((i * 7) % 17) / 4;
    const dx = 9 + ((i * 5) % 7);
    keys[id] = { basicSpeed, dx, draw: ((i * 7919) % 1000) / 1000 };
    rounds[id] = { ...newFighterRound(), turn: 3, unconscious: i % 10 === 9, injurySinceLastTurn: i % 4 };
    figures.push({ id, basicSpeed, dx });
  }
  const flags = { [FLAG_SCOPE]: { gurpsOrder: { keys, acting: null, ended: false, at: null }, rounds } };
  const ids = sortGurpsTurns(flags, figures).map((e) => e.id);
  return { flags, figures, ids };
}

/** The GM's next turn: past whoever cannot act (G8), then the turn change (the last fighter's end, the new one's start, G77, G19, G81). */
function nextTurnWork(flags: Record<string, unknown>, ids: readonly string[], turn: number) {
  const combat = { id: "bench", flags, update: async () => undefined };
  const rounds = (flags[FLAG_SCOPE] as { rounds: Record<string, unknown> }).rounds;
  return () => {
    const target = nextGurpsTurn({ turn, round: 2, ids }, (id) => storedGetsTurns(rounds[id], false)) ?? { turn: (turn + 1) % ids.length, round: turn + 1 < ids.length ? 2 : 3 };
    const order = readGurpsOrder(flags);
    const ref = (id: string): CombatantRef => ({ combat, combatant: { id } }) as never;
    return turnChange({ ...order, acting: ids[turn]! }, ids[target.turn]!, `${target.round}.${target.turn}`, ref, () => ({ hp: 12, currentHp: 5, ht: 11 })).update;
  };
}

/** A character carrying `size` items: skills, the pack's weapons, shields and armor in turn. */
function sheetWork(size: number) {
  const base = louis as unknown as PackDocument;
  const pool = [...WEAPONS, ...SHIELDS, ...ARMOR];
  const items: BenchItem[] = [];
  for (let i = 0; i < size; i++) {
    if (i % 3 === 0) items.push({ id: `skill${i}`, name: `Skill ${i}`, type: "gurpsSkill", system: { base: "dx", relativeLevel: i % 5, unarmed: "none", fencing: false } });
    else {
      const item = asItem(pool[i % pool.length]!, `item${i}`);
      if (item.type === "gurpsWeapon") item.system.skill = `Skill ${i - 1}`;
      items.push(item);
    }
  }
  const sheetItems = items.map((i, n) => ({ id: i.id, name: i.name, type: i.type, img: "", sort: n, system: i.system }));
  return () => {
    const derived = deriveGurpsActor(base.system, items);
    return gurpsActorSheetView({
      name: base.name, img: "", source: base.system, derived, items: sheetItems as never, effects: [], editable: true, enriched: { advantages: "", notes: "" }, round: null, localize: english,
    });
  };
}

const TABLE: readonly TableCost[] = [
  {
    kind: "trackerSort",
    prepare: (size) => {
      const { flags, figures } = fight(size);
      return () => sortGurpsTurns(flags, figures);
    },
  },
  { kind: "nextTurn", prepare: (size) => {
    const { flags, ids } = fight(size);
    return nextTurnWork(flags, ids, Math.floor(ids.length / 2));
  } },
  { kind: "newRound", prepare: (size) => {
    const { flags, ids } = fight(size);
    return nextTurnWork(flags, ids, ids.length - 1);
  } },
  { kind: "sheet", prepare: (size) => sheetWork(size) },
];

function fixedSet() {
  let inputs: ReturnType<typeof gurpsBenchInputs> | null = null;
  const all = () => (inputs ??= gurpsBenchInputs());
  return {
    get size() {
      return all().length;
    },
    describe: "the seed checks' attacks (examples/gurps/)",
    run: (i: number) => {
      const x = all()[i % all().length]!;
      return resolveGurpsAttack(x.input, x.rules).hitsLanding;
    },
  };
}

function mixSet() {
  let inputs: GurpsAttackInput[] | null = null;
  const all = () => (inputs ??= gurpsMixInputs());
  return {
    get size() {
      return all().length;
    },
    describe: "attacks from the GURPS packs over every defense, damage type, divisor, armor layer, location, maneuver, rapid fire and critical",
    run: (i: number) => resolveGurpsAttack(all()[i % all().length]!, GURPS_STANDARD_RULES).hitsLanding,
  };
}

export const bench: RulesetBench = { id: "gurps", fixed: fixedSet(), mix: mixSet(), table: TABLE };
