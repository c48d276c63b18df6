/**
 * GURPS's compendiums (packs/_source/gurps-*): declared for the GURPS
 * manifest in a pack folder of their own, one pack per kind (characters,
 * foes, weapons, armor, tables); the chapter's player characters visible to
 * players, its foes hidden, each foe's token hostile and the zombie's
 * unlinked (it comes in numbers); every document valid against the
 * GURPS data schema, each description saying which figures are the chapter's
 * and which are ours, the fighters deriving cleanly, the chapter's figures
 * present — and the seed checks 11, 12, 14 and 17 played by the pack's own
 * fighters through the same path the attack card takes (derive →
 * combat-inputs → resolveGurpsAttack). The two critical tables ship empty
 * (G86); the rapid-fire bonus (G57) and the typical long actions (G90) ship
 * as tables to read, their rows the rules core's own data. Keys, ids, file
 * names and compile → extract: test/packs/packs.test.ts.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkObject, type KeyedProblem, validateSystemSource } from "../../src/core/schema/validate.js";
import { packOwnership } from "../../src/foundry/packs.js";
import { MANIFESTS } from "../../src/rulesets/manifests.js";
import { GURPS_MANIFEST } from "../../src/rulesets/gurps/manifest.js";
import { GURPS_ACTOR_SCHEMAS, GURPS_ACTOR_TYPES, GURPS_ITEM_SCHEMAS, GURPS_ITEM_TYPES, GURPS_SCHEMA_VERSION } from "../../src/rulesets/gurps/data/schema.js";
import { deriveGurpsActor } from "../../src/rulesets/gurps/data/derive.js";
import type { GurpsDerived } from "../../src/rulesets/gurps/data/derived.js";
import { attackerOf, defenderOf, defenderStateOf, weaponInputOf } from "../../src/rulesets/gurps/data/combat-inputs.js";
import { GURPS_STANDARD_RULES, legalDefenses, LONG_ACTION_TABLE, parseShots, readRoll, resolveGurpsAttack, type DefenseChoice, type GurpsResolution } from "../../src/rulesets/gurps/rules/index.js";
import { declaredPacks } from "../../tools/packs/lib.js";
import { embeddedItem, namedDoc, packDocs, type PackDoc, packSystems } from "./pack-docs.js";

type Doc = PackDoc;
const GURPS_PACKS = ["gurps-characters", "gurps-foes", "gurps-weapons", "gurps-armor", "gurps-tables"] as const;
const LABELS = { "gurps-characters": "GURPS Characters", "gurps-foes": "GURPS Foes", "gurps-weapons": "GURPS Weapons", "gurps-armor": "GURPS Armor and Shields", "gurps-tables": "GURPS Tables" };
const TYPES = { "gurps-characters": "Actor", "gurps-foes": "Actor", "gurps-weapons": "Item", "gurps-armor": "Item", "gurps-tables": "RollTable" } as const;
/** Who may see a pack: the player characters and the gear, yes; the foes, only the GM (docs/rulesets/gurps.md, "Packs"). */
const PLAYERS = { "gurps-characters": "OBSERVER", "gurps-foes": "NONE", "gurps-weapons": "OBSERVER", "gurps-armor": "OBSERVER", "gurps-tables": "OBSERVER" } as const;
const declared = declaredPacks();
const docsOf = (pack: string) => packDocs(pack) as Doc[];
const named = (pack: string, name: string) => namedDoc(pack, name) as Doc;
const itemOf = (actor: Doc, name: string) => embeddedItem(actor, name) as Doc;
const systems = () => packSystems(GURPS_PACKS) as { where: string; documentName: "Actor" | "Item"; doc: Doc }[];

/** A fighter as Foundry prepares it: `system.derived` from its stored data and items (no effects are shipped). */
function derived(actor: Doc, swap: (item: Doc) => Doc = (i) => i): GurpsDerived {
  const items = (actor.items ?? []).map(swap).map((i) => ({ id: i._id, name: i.name!, type: i.type!, system: i.system }));
  return deriveGurpsActor(structuredClone(actor.system), items);
}
const FIGHTER_PACKS = ["gurps-characters", "gurps-foes"] as const;
const fighters = () => FIGHTER_PACKS.flatMap((pack) => docsOf(pack));
const fighter = (name: string) => {
  const found = fighters().find((d) => d.name === name);
  if (!found) throw new Error(`no fighter ${name}`);
  return found;
};
const weaponView = (d: GurpsDerived, name: string) => {
  const w = d.weapons.find((v) => v.name === name);
  if (!w) throw new Error(`no weapon ${name}`);
  return w;
};

describe("GURPS pack declarations", () => {
  it("system.json declares the five packs the GURPS manifest names, one per kind, with plain English labels, the foes hidden from players, in the GURPS pack folder", () => {
    expect([...GURPS_MANIFEST.packs]).toEqual([...GURPS_PACKS]);
    const byName = new Map(declared.map((p) => [p.name, p]));
    for (const name of GURPS_PACKS) {
      expect(byName.get(name), name).toMatchObject({
        label: LABELS[name], type: TYPES[name], system: "cychosys", path: `packs/${name}`, ownership: { PLAYER: PLAYERS[name], ASSISTANT: "OWNER" },
      });
    }
    const manifest = JSON.parse(readFileSync(join(import.meta.dirname, "../../system.json"), "utf8"));
    expect((manifest.packFolders as { name: string; packs?: string[] }[]).find((f) => f.name === "GURPS")?.packs).toEqual([...GURPS_PACKS]);
  });

  it("a GURPS world shows players its packs as declared and hides every other ruleset's; other worlds hide the GURPS packs", () => {
    for (const pack of declared) {
      const gurps = (GURPS_PACKS as readonly string[]).includes(pack.name);
      const hidden = { ...pack.ownership, PLAYER: "NONE", TRUSTED: "NONE" };
      expect(packOwnership(pack, MANIFESTS, "gurps"), pack.name).toEqual(gurps ? pack.ownership : hidden);
      if (gurps) for (const other of ["cychosys", "d6"] as const) expect(packOwnership(pack, MANIFESTS, other), `${pack.name} in ${other}`).toEqual(hidden);
    }
  });

  it("holds only GURPS types (another ruleset's type would open read-only in a GURPS world), and every one of them", () => {
    const docs = systems();
    for (const { where, documentName, doc } of docs) expect([...(documentName === "Actor" ? GURPS_ACTOR_TYPES : GURPS_ITEM_TYPES)] as string[], where).toContain(doc.type);
    const types = new Set(docs.map((d) => d.doc.type));
    for (const type of [...GURPS_ACTOR_TYPES, ...GURPS_ITEM_TYPES]) expect(types, type).toContain(type);
  });
});

describe("GURPS document data", () => {
  const docs = systems();

  it("every system validates against the GURPS schema, through the registry (validateSystemSource) and against the description itself", () => {
    const problems = docs.flatMap(({ where, documentName, doc }) => validateSystemSource(documentName, doc.type!, doc.system).map((p) => `${where}: ${p.path} ${p.message}`));
    expect(problems).toEqual([]);
    const direct: KeyedProblem[] = [];
    for (const { documentName, doc } of docs) {
      const schemas = documentName === "Actor" ? GURPS_ACTOR_SCHEMAS : GURPS_ITEM_SCHEMAS;
      checkObject(schemas[doc.type as keyof typeof schemas], doc.system, String(doc.name), direct);
    }
    expect(direct).toEqual([]);
    expect(docs.length).toBeGreaterThan(40);
  });

  it("every system is at its type's current schema version, so nothing is migrated on import", () => {
    for (const { where, doc } of docs) expect(doc.system.schemaVersion, where).toBe(GURPS_SCHEMA_VERSION[doc.type as keyof typeof GURPS_SCHEMA_VERSION]);
  });

  it("every weapon, armor, shield and fighter says which figures are the chapter's and which are ours", () => {
    for (const pack of ["gurps-weapons", "gurps-armor", ...FIGHTER_PACKS]) {
      for (const doc of docsOf(pack)) {
        const text = String(doc.system.description ?? doc.system.notes);
        expect(text, doc.name).toMatch(/<strong>The chapter's:<\/strong>/);
        expect(text, doc.name).toMatch(/<strong>Ours<\/strong>/);
      }
    }
  });

  it("every document has an image from Foundry's core icons, every fighter a token image (its portrait), and a sensible sort within its folder", () => {
    for (const pack of GURPS_PACKS) {
      const docs = docsOf(pack);
      for (const doc of docs) expect(doc.img, doc.name).toMatch(/^icons\/[a-z0-9/-]+\.(svg|webp)$/);
      expect(new Set(docs.map((d) => `${d.folder}:${String(d.sort)}`)).size, pack).toBe(docs.length);
    }
    for (const actor of fighters()) expect((actor as Doc & { prototypeToken: { texture: { src: string } } }).prototypeToken.texture.src, actor.name).toBe(actor.img);
    // A gun or a bow is not a sword: each weapon's image is from the icon family of its kind.
    for (const weapon of docsOf("gurps-weapons")) {
      const kinds = new Set((weapon.system.lines as { kind: string }[]).map((l) => l.kind));
      const family = kinds.has("firearm") ? /^icons\/weapons\/(guns|ammunition)\// : kinds.has("musclePowered") ? /^icons\/weapons\/bows\// : /^icons\/(weapons|skills\/melee)\//;
      expect(weapon.img, weapon.name).toMatch(family);
    }
  });
});

describe("the chapter's weapons, armor and shields", () => {
  const w = (name: string) => named("gurps-weapons", name).system as { skill: string; weight: number; hand: string; lines: Record<string, unknown>[] };
  const line = (name: string, index = 0) => w(name).lines[index]!;

  it("shortsword: swings for the wielder's swing, cutting; thrusts too; parries at +0 (G36, G63, G75)", () => {
    expect(w("shortsword")).toMatchObject({ skill: "Shortsword" });
    expect(w("shortsword").lines.map((l) => [l.name, l.damage, l.type, l.parry])).toEqual([["swing", "sw", "cut", 0], ["thrust", "thr", "imp", 0]]);
    expect(line("broadsword")).toMatchObject({ damage: "sw", type: "cut", parry: 0 });
  });

  it("the axe is unbalanced (G41); the great axe also goes unready after each attack (G40); the quarterstaff parries at +1 or +2 (G63)", () => {
    expect(line("axe")).toMatchObject({ type: "cut", unbalanced: true, unreadyAfterAttack: false });
    expect(line("great axe")).toMatchObject({ type: "cut", unbalanced: true, unreadyAfterAttack: true });
    expect(line("great axe").minSt).toBeGreaterThan(0);
    expect(w("great axe").hand).toBe("both");
    expect([1, 2]).toContain(line("quarterstaff").parry);
  });

  it("the rapier is a fencing weapon (G63, G67); the dagger has reach C (G50); the throwing knife is thrown and weighs 1 lb or less (G55, G60)", () => {
    expect(line("rapier").fencing).toBe(true);
    expect(line("dagger").reach).toBe("C");
    expect(line("throwing knife").kind).toBe("thrown");
    expect(w("throwing knife").weight).toBeLessThanOrEqual(1);
  });

  it("G56: the bow shoots 1 and reloads in 2 Readies; the .38 revolver RoF 3, 6 shots at 3 Readies each; the machine gun RoF 10, 200 shots, 5 Readies", () => {
    expect(line("longbow")).toMatchObject({ kind: "musclePowered", rof: 1 });
    expect(parseShots(line("longbow").shots as string)).toEqual({ shots: 1, reload: 2, perShot: false });
    expect(line(".38 revolver")).toMatchObject({ kind: "firearm", rof: 3 });
    expect(parseShots(line(".38 revolver").shots as string)).toEqual({ shots: 6, reload: 3, perShot: true });
    expect(line("machine gun")).toMatchObject({ kind: "firearm", rof: 10 });
    expect(parseShots(line("machine gun").shots as string)).toEqual({ shots: 200, reload: 5, perShot: false });
  });

  it("G22, G75: the pistol is Acc 2; the 9mm machine pistol does 2d+2 piercing, several shots an attack", () => {
    expect(line("pistol")).toMatchObject({ kind: "firearm", acc: 2 });
    expect(line("9mm machine pistol")).toMatchObject({ kind: "firearm", damage: "2d+2", type: "pi" });
    expect(line("9mm machine pistol").rof).toBeGreaterThanOrEqual(3);
  });

  it("G71, G72: cloth DR 1, leather 2, mail 4, the tactical vest 15 — all flexible, all covering the torso", () => {
    const armor = (name: string) => named("gurps-armor", name).system as { dr: Record<string, number>; flexible: boolean; equipped: boolean };
    for (const [name, dr] of [["cloth armor", 1], ["leather armor", 2], ["mail hauberk", 4], ["tactical vest", 15]] as const) {
      expect(armor(name).dr.torso, name).toBe(dr);
      expect(armor(name).flexible, name).toBe(true);
      expect(armor(name).equipped, name).toBe(true);
    }
  });

  it("G59, G88: small, medium, large shield DB 1, 2, 3; light and heavy cloak 1 and 2; the force shield 3; the buckler readies like a weapon", () => {
    const shield = (name: string) => named("gurps-armor", name).system as { kind: string; db: number; skill: string };
    const table = [["small shield", "shield", 1], ["medium shield", "shield", 2], ["large shield", "shield", 3], ["force shield", "shield", 3], ["light cloak", "cloak", 1], ["heavy cloak", "cloak", 2]] as const;
    for (const [name, kind, db] of table) expect(shield(name), name).toMatchObject({ kind, db });
    expect(shield("light cloak").skill).toBe("Cloak");
    expect(shield("buckler").kind).toBe("buckler");
  });
});

describe("the fighters", () => {
  const bySort = (pack: string) => [...docsOf(pack)].sort((a, b) => Number(a.sort) - Number(b.sort)).map((d) => d.name);
  type Token = { actorLink: boolean; disposition: number; appendNumber?: boolean };
  const token = (name: string) => (fighter(name) as Doc & { prototypeToken: Token }).prototypeToken;

  it("are the chapter's: its player characters Louis LeBlanc (\"Louis' player\"), Edmund Zhang and Jenny Atkins visible to players; its foes Filthy Pierre and the zombie hidden", () => {
    expect(bySort("gurps-characters")).toEqual(["Louis LeBlanc", "Edmund Zhang", "Jenny Atkins"]);
    expect(bySort("gurps-foes")).toEqual(["Filthy Pierre", "Zombie"]);
  });

  it("tokens: the characters friendly and linked; the foes hostile; the zombie, who comes in numbers, unlinked and numbered so ten zombies do not share one HP pool", () => {
    for (const name of ["Louis LeBlanc", "Edmund Zhang", "Jenny Atkins"]) expect(token(name), name).toMatchObject({ actorLink: true, disposition: 1 });
    expect(token("Filthy Pierre")).toMatchObject({ actorLink: true, disposition: -1 });
    expect(token("Zombie")).toMatchObject({ actorLink: false, disposition: -1, appendNumber: true });
  });

  it("derive cleanly: no problems, every weapon and shield with a skill of their own, every line's damage resolved, unhurt", () => {
    for (const actor of fighters()) {
      const d = derived(actor);
      expect(d.problems, actor.name).toEqual([]);
      for (const weapon of d.weapons) {
        expect(weapon.defaulted, `${actor.name}: ${weapon.name}`).toBe(false);
        for (const l of weapon.lines) expect(l.damage, `${actor.name}: ${weapon.name} ${l.name}`).toMatch(/^\d+d/);
      }
      for (const shield of d.shields) expect(shield.defaulted, `${actor.name}: ${shield.name}`).toBe(false);
      expect(d.hp.value, actor.name).toBe(d.hp.max);
      expect(d.reeling, actor.name).toBe(false);
    }
  });

  it("Louis LeBlanc: ST 11, swing 1d+1, Shortsword-15, a one-yard step (G11)", () => {
    const d = derived(fighter("Louis LeBlanc"));
    expect(d.attributes.st).toBe(11);
    expect(d.swing).toBe("1d+1");
    expect(weaponView(d, "shortsword")).toMatchObject({ skillLevel: 15 });
    expect(weaponView(d, "shortsword").lines[0]).toMatchObject({ name: "swing", damage: "1d+1", type: "cut" });
    expect(d.step).toBe(1);
  });

  it("Filthy Pierre: Dodge 8, Shield-12 → Block 9, Shortsword-11 → Parry 8, DB 1, cloth DR 1, 12 HP; leather (DR 2) carried, not worn", () => {
    const pierre = fighter("Filthy Pierre");
    const d = derived(pierre);
    expect(d.dodge).toBe(8);
    expect(d.shields).toEqual([expect.objectContaining({ name: "small shield", db: 1, skillLevel: 12, block: 9 })]);
    expect(weaponView(d, "shortsword")).toMatchObject({ skillLevel: 11 });
    expect(weaponView(d, "shortsword").lines[0]!.parry).toBe(8);
    expect(d.hp.max).toBe(12);
    expect(d.dr.torso).toBe(1);
    expect(d.flexible.torso).toBe(true);
    expect(itemOf(pierre, "leather armor").system.equipped).toBe(false);
    expect(derived(pierre, wearLeather).dr.torso).toBe(2);
  });

  it("G59, G62, G67: Pierre's legal defenses against Louis's swing — Dodge 9, Block 10 (11 retreating), Parry 9, the DB on each", () => {
    const d = derived(fighter("Filthy Pierre"));
    const legal = legalDefenses(defenderStateOf(d, null), { attackerId: "louis", kind: "melee" });
    const scores = Object.fromEntries(legal.options.map((o) => [o.kind, [o.score, o.retreat]]));
    expect(scores).toEqual({ dodge: [9, 3], block: [10, 1], parry: [9, 1] });
  });

  it("the zombie: 24 HP, DR 1 everywhere, Injury Tolerance (Unliving) (G75)", () => {
    const d = derived(fighter("Zombie"));
    expect(d.hp.max).toBe(24);
    expect(d.dr.torso).toBe(1);
    expect(d.traits.injuryTolerance).toBe("unliving");
  });

  it("Edmund Zhang's machine pistol does 2d+2 pi; Jenny Atkins's pistol is Acc 2", () => {
    expect(weaponView(derived(fighter("Edmund Zhang")), "9mm machine pistol").lines[0]).toMatchObject({ damage: "2d+2", type: "pi" });
    expect(weaponView(derived(fighter("Jenny Atkins")), "pistol").lines[0]).toMatchObject({ acc: 2 });
  });

  it("match the figures the examples under examples/gurps give the same fighters", () => {
    const example = (file: string) => JSON.parse(readFileSync(join(import.meta.dirname, "../../examples/gurps", file), "utf8"));
    const louis = derived(fighter("Louis LeBlanc"));
    expect(example("check-12-louis-strikes-pierre.json").attacker).toMatchObject({ skill: weaponView(louis, "shortsword").skillLevel, st: louis.attributes.st, thrust: louis.thrust, swing: louis.swing });
    const pierre = derived(fighter("Filthy Pierre"));
    const defender = example("check-12-louis-strikes-pierre.json").defender;
    expect(defender).toMatchObject({ hp: pierre.hp.max, ht: pierre.attributes.ht, st: pierre.attributes.st, dx: pierre.attributes.dx, basicLift: pierre.basicLift, encumbrance: pierre.encumbrance });
    expect(defender.parry[0].skill).toBe(weaponView(pierre, "shortsword").skillLevel);
    expect(defender.shields[0]).toMatchObject({ skill: pierre.shields[0]!.skillLevel, db: pierre.shields[0]!.db });
    expect(defender.armor[0]).toMatchObject({ dr: pierre.dr.torso, flexible: true });
    expect(example("check-14-axe-on-filthy-pierre.json").defender.armor[0].dr).toBe(derived(fighter("Filthy Pierre"), wearLeather).dr.torso);
    const zombie = derived(fighter("Zombie"));
    expect(example("check-17-zombie.json").defender).toMatchObject({ hp: zombie.hp.max, woundingClass: zombie.traits.injuryTolerance });
    expect(example("check-17-zombie.json").weapon).toMatchObject({ damage: "2d+2", type: "pi" });
    expect(example("check-10-range-17-yards.json").attacker.skill).toBe(weaponView(derived(fighter("Jenny Atkins")), "pistol").skillLevel);
  });
});

/** Pierre in his leather instead of his cloth (the injury example, G75). */
function wearLeather(item: Doc): Doc {
  if (item.type !== "gurpsArmor") return item;
  return { ...item, system: { ...item.system, equipped: item.name === "leather armor" } };
}

/** One attack between two pack fighters, every input assembled by combat-inputs as the card does. */
function attack(
  attackerName: string, weaponName: string, defenderName: string,
  dice: { roll: number[]; defenses?: DefenseChoice[]; damage: number[][]; shots?: number; range?: number },
  defenderItems: (item: Doc) => Doc = (i) => i, attackerWeapons: Doc[] = [],
): GurpsResolution {
  const attackerDoc = fighter(attackerName);
  const a = derived({ ...attackerDoc, items: [...(attackerDoc.items ?? []), ...attackerWeapons] });
  const d = derived(fighter(defenderName), defenderItems);
  const w = weaponView(a, weaponName);
  return resolveGurpsAttack({
    attacker: { ...attackerOf("a", a, w, null, "d"), maneuver: "attack", roll: readRoll(dice.roll, "attack") },
    weapon: weaponInputOf(w, w.lines[0]!, w.lines[0]!.shots ? parseShots(w.lines[0]!.shots).shots : null),
    defender: defenderOf("d", d, null),
    defenses: dice.defenses ?? null, damage: dice.damage, ...(dice.shots && { shots: dice.shots }), ...(dice.range && { range: dice.range }),
  });
}

describe("the seed checks, played by the pack's fighters", () => {
  it("check 12 (G24, G62, G67, G69, G77, G78): Louis rolls 13 against 15, Pierre blocks retreating at 11 and rolls 12; 1d+1 → 5, cloth 1 → 4, ×1.5 → 6 HP, no major wound, shock −4", () => {
    const r = attack("Louis LeBlanc", "shortsword", "Filthy Pierre", {
      roll: [6, 4, 3], defenses: [{ id: `block:${itemOf(fighter("Filthy Pierre"), "small shield")._id}`, retreat: true, roll: readRoll([5, 4, 3], "block") }], damage: [[4]],
    });
    expect(r.attack).toMatchObject({ effective: 15, success: true, critical: null });
    expect(r.defenses[0]!.chosen).toMatchObject({ effective: 11 });
    expect(r.hitsLanding).toBe(1);
    expect(r.victim!.hits[0]).toMatchObject({ damage: { basic: 5 }, penetrating: 4, injury: 6, majorWound: false });
    expect(r.victim!.after).toMatchObject({ hp: 6, shock: 4 });
    expect(r.owed).toEqual([]);
  });

  it("check 11 (G5, G84): Louis needs 15 and rolls 5 — a critical hit, no defense, and the Critical Hit Table owed", () => {
    const r = attack("Louis LeBlanc", "shortsword", "Filthy Pierre", { roll: [1, 2, 2], damage: [[4]] });
    expect(r.attack).toMatchObject({ roll: 5, critical: "success" });
    expect(r.legal?.none).toBe("criticalHit");
    expect(r.criticals).toEqual([expect.objectContaining({ table: "hit", who: "attacker" })]);
    expect(r.victim!.hits[0]!.injury).toBe(6);
  });

  it("check 14 (G75): an axe on Filthy Pierre in his leather — 7 basic, DR 2 → 5, ×1.5 → 7 HP (Louis swinging the pack's axe, sw+2, a die of 4)", () => {
    // Louis has no Axe/Mace: he swings at the axe's default, DX 13 − 4 = 9.
    const r = attack("Louis LeBlanc", "axe", "Filthy Pierre", { roll: [2, 2, 2], defenses: [{ id: "dodge", roll: readRoll([6, 5, 4], "dodge") }], damage: [[4]] }, wearLeather, [
      named("gurps-weapons", "axe"),
    ]);
    expect(r.attack).toMatchObject({ effective: 9, success: true, critical: null });
    expect(r.victim!.hits[0]).toMatchObject({ damage: { basic: 7 }, penetrating: 5, injury: 7 });
  });

  it("check 17 (G75): Edmund Zhang's three hits on the zombie — 8, 7 and 10 through DR 1, ×1/3 for Unliving → 2, 2, 3; 24 HP → 17", () => {
    const r = attack("Edmund Zhang", "9mm machine pistol", "Zombie", { roll: [2, 3, 3], shots: 3, range: 5, defenses: [{ id: "none" }], damage: [[3, 4], [2, 4], [5, 4]] });
    expect(r.hitsLanding).toBe(3);
    expect(r.victim!.hits.map((h) => [h.penetrating, h.injury])).toEqual([[8, 2], [7, 2], [10, 3]]);
    expect(r.victim!.after.hp).toBe(17);
  });
});

describe("the tables", () => {
  type Table = Doc & { formula: string; results: { name: string; range: [number, number]; flags: { cychosys: Record<string, unknown> } }[]; description: string };
  const tables = docsOf("gurps-tables") as Table[];
  const table = (flag: string) => tables.find((t) => t.flags?.cychosys?.gurpsTable === flag)!;

  it("G86: ship the Critical Hit and Critical Miss tables as empty 3d6 RollTables the GM fills — no result invented", () => {
    expect(["criticalHit", "criticalMiss"].map((f) => [table(f).name, table(f).formula, table(f).results.length])).toEqual([
      ["Critical Hit Table", "3d6", 0],
      ["Critical Miss Table", "3d6", 0],
    ]);
    for (const f of ["criticalHit", "criticalMiss"]) expect(table(f).description, f).toMatch(/G86/);
  });

  it("G57: the rapid-fire bonus, a table to read — each row the rules core's own (shots 2–4 +0 … 50–99 +6), its range the shots fired", () => {
    const rapid = table("rapidFire");
    expect(rapid).toMatchObject({ name: "Rapid-fire bonus", formula: "", displayRoll: false });
    let from = 2;
    expect(rapid.results.map((r) => [r.range, r.flags.cychosys.rapidFire])).toEqual(GURPS_STANDARD_RULES.rapidFire.map((row) => {
      const range = [from, row.upTo];
      from = row.upTo + 1;
      return [range, row.bonus];
    }));
    expect(rapid.results.map((r) => r.name)).toEqual(["+0 to hit (2–4 shots)", "+1 to hit (5–8 shots)", "+2 to hit (9–12 shots)", "+3 to hit (13–16 shots)", "+4 to hit (17–24 shots)", "+5 to hit (25–49 shots)", "+6 to hit (50–99 shots)"]);
    expect(rapid.description).toMatch(/100–199 \+7, 200–399 \+8/);
  });

  it("G90: the typical long actions, a table to read — one row per action of the rules core's table, its time as the core has it", () => {
    const long = table("longActions");
    expect(long).toMatchObject({ name: "Typical long actions", formula: "", displayRoll: false });
    const keys = long.results.map((r) => r.flags.cychosys.longAction as keyof typeof LONG_ACTION_TABLE);
    expect(keys).toEqual(Object.keys(LONG_ACTION_TABLE));
    for (const r of long.results) {
      const row = LONG_ACTION_TABLE[r.flags.cychosys.longAction as keyof typeof LONG_ACTION_TABLE];
      const time = row.dice ? `${row.dice}d seconds` : row.seconds === 60 ? "1 minute" : `${row.seconds} second${row.seconds === 1 ? "" : "s"}`;
      expect(r.name, r.name).toMatch(new RegExp(`: ${time}${row.perUnit ? " a (sentence|piece)" : ""}$`));
    }
    expect(long.results.map((r) => r.range[0])).toEqual(long.results.map((_, i) => i + 1));
  });
});
