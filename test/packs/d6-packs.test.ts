/**
 * OpenD6's compendiums (packs/_source/d6-*): every document valid against the
 * D6 data schema (src/rulesets/d6/data/schema.ts through the shared
 * validator), every die code parsing with the D6 core, the chapter's figures
 * present and working through the rules core (D27 reach, D31–D32 damage, D34
 * armor, D8 initiative), and compile → extract giving back the same files.
 * (Keys, ids, file names: test/packs/packs.test.ts covers every pack.)
 */
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { validateSystemSource } from "../../src/core/schema/validate.js";
import { packOwnership } from "../../src/foundry/packs.js";
import { MANIFESTS } from "../../src/rulesets/manifests.js";
import { CYCHOSYS_MANIFEST } from "../../src/rulesets/cychosys/manifest.js";
import { D6_MANIFEST } from "../../src/rulesets/d6/manifest.js";
import { D6_ACTOR_TYPES, D6_ITEM_TYPES } from "../../src/rulesets/d6/data/schema.js";
import {
  addCodes,
  damageCode,
  formatDieCode,
  initiativeBonus,
  parseDieCode,
  parseDieModifier,
  parseWeaponDamage,
  reachBands,
  resistanceCode,
  strengthDamageDice,
  ZERO_CODE,
} from "../../src/rulesets/d6/rules/index.js";
import { declaredPacks, readPackSources } from "../../tools/packs/lib.js";
import { embeddedItem, expectRoundTrip, namedDoc, packDocs, type PackDoc, packSystems } from "./pack-docs.js";

type Doc = PackDoc;
const D6_PACKS = ["d6-weapons", "d6-armor", "d6-characters", "d6-foes"] as const;
const declared = declaredPacks();
const docsOf = packDocs;
const named = namedDoc;
const item = embeddedItem;
const code = (text: unknown) => parseDieCode(text as string);
const systems = () => packSystems(D6_PACKS);

describe("OpenD6 pack declarations", () => {
  it("system.json declares the four packs as the D6 manifest names them — players see the player characters and the gear, the foes only the GM — in the OpenD6 pack folder", () => {
    expect([...D6_MANIFEST.packs].sort()).toEqual([...D6_PACKS].sort());
    const byName = new Map(declared.map((p) => [p.name, p]));
    expect(byName.get("d6-weapons")?.type).toBe("Item");
    expect(byName.get("d6-armor")?.type).toBe("Item");
    expect(byName.get("d6-characters")?.type).toBe("Actor");
    expect(byName.get("d6-foes")?.type).toBe("Actor");
    for (const name of D6_PACKS) {
      const player = name === "d6-foes" ? "NONE" : "OBSERVER";
      expect(byName.get(name), name).toMatchObject({ system: "cychosys", path: `packs/${name}`, ownership: { PLAYER: player, ASSISTANT: "OWNER" } });
    }
    const manifest = JSON.parse(readFileSync(join(import.meta.dirname, "../../system.json"), "utf8"));
    const folders = manifest.packFolders as { name: string; packs?: string[] }[];
    expect(folders.find((f) => f.name === "OpenD6")?.packs).toEqual([...D6_PACKS]);
    expect(folders.find((f) => f.name === "Cychosys")).toBeDefined();
  });

  it("every pack system.json declares belongs to exactly one ruleset's manifest, so src/foundry/packs.ts can hide it", () => {
    for (const pack of declared) expect(MANIFESTS.filter((m) => m.packs.includes(pack.name)).map((m) => m.id), pack.name).toHaveLength(1);
  });

  it("a D6 world shows players the D6 packs as declared and hides every other ruleset's; a Cychosys world shows only Cychosys's", () => {
    for (const pack of declared) {
      const d6 = (D6_PACKS as readonly string[]).includes(pack.name);
      const cychosys = CYCHOSYS_MANIFEST.packs.includes(pack.name);
      const inD6 = packOwnership(pack, MANIFESTS, "d6");
      const inCychosys = packOwnership(pack, MANIFESTS, "cychosys");
      const hidden = { ...pack.ownership, PLAYER: "NONE", TRUSTED: "NONE" };
      expect(inD6, pack.name).toEqual(d6 ? pack.ownership : hidden);
      expect(inCychosys, pack.name).toEqual(cychosys ? pack.ownership : hidden);
    }
  });

  it("holds only D6 types (a Cychosys type would open read-only in a D6 world)", () => {
    for (const { where, documentName, doc } of systems()) {
      expect([...(documentName === "Actor" ? D6_ACTOR_TYPES : D6_ITEM_TYPES)] as string[], where).toContain(doc.type);
    }
  });
});

describe("OpenD6 document data", () => {
  const docs = systems();

  it("every system validates against the D6 data schema (validateSystemSource)", () => {
    const problems = docs.flatMap(({ where, documentName, doc }) => validateSystemSource(documentName, doc.type!, doc.system).map((p) => `${where}: ${p.path} ${p.message}`));
    expect(problems).toEqual([]);
    expect(docs.length).toBeGreaterThan(40);
  });

  it("covers every D6 type", () => {
    const types = new Set(docs.map((d) => d.doc.type));
    for (const type of [...D6_ITEM_TYPES, ...D6_ACTOR_TYPES]) expect(types, type).toContain(type);
  });

  it("every die code parses with the D6 core (D1): attributes, skills, damage, armor", () => {
    let parsed = 0;
    for (const { where, doc } of docs) {
      const s = doc.system;
      const checks: [string, () => unknown][] = [];
      if (doc.type === "d6Character" || doc.type === "d6Creature") {
        for (const [attribute, value] of Object.entries(s.attributes as Record<string, string>)) checks.push([attribute, () => parseDieCode(value)]);
        checks.push(["strengthAdjustment", () => parseDieModifier(s.strengthAdjustment as string)], ["protection", () => parseDieCode(s.protection as string)]);
      }
      if (doc.type === "d6Skill" || doc.type === "d6Armor") checks.push(["code", () => parseDieCode(s.code as string)]);
      if (doc.type === "d6Weapon") checks.push(["damage", () => parseWeaponDamage(s.damage as string)]);
      for (const [field, parse] of checks) {
        expect(parse, `${where} ${field}`).not.toThrow();
        parsed++;
      }
    }
    expect(parsed).toBeGreaterThan(60);
  });

  it("every weapon a character carries uses a skill the character has", () => {
    for (const actor of docsOf("d6-characters")) {
      const skills = new Set((actor.items ?? []).filter((i) => i.type === "d6Skill").map((i) => i.name));
      for (const weapon of (actor.items ?? []).filter((i) => i.type === "d6Weapon")) {
        const skill = weapon.system.skill as string;
        expect(skills.has(skill), `${actor.name}: ${weapon.name} (${skill})`).toBe(true);
      }
    }
  });

  it("the chapter prints no figure for any of them: every weapon, armor and character says its figures are ours, and none calls a figure the chapter's or its examples' (issue 23.6)", () => {
    const texts = [...docsOf("d6-weapons"), ...docsOf("d6-armor")].map((d) => [d.name, d.system.description as string] as const);
    for (const actor of [...docsOf("d6-characters"), ...docsOf("d6-foes")]) {
      texts.push([actor.name, (actor.system.biography ?? actor.system.notes) as string]);
      for (const i of actor.items ?? []) if (i.type !== "d6Skill") texts.push([`${actor.name} > ${i.name}`, i.system.description as string]);
    }
    for (const [name, text] of texts) {
      expect(text, name).toMatch(/\bours\b|Ours/);
      expect(text, name).not.toMatch(/example'?s'? figure|figures? of the (worked )?examples?|from the examples/i);
    }
    for (const name of ["rifle", "bow", "thrown knife", "sword", "club", "spear", "blaster pistol"]) expect(named("d6-weapons", name).system.description, name).toMatch(/Ours: the chapter gives no figure/);
    expect(named("d6-characters", "Kira").system.biography).toMatch(/The chapter gives her no figures: all of these are ours/);
  });

  it("an image that fits each type: a weapon its own kind of weapon, armor a body armor, skills a book, people a figure (Foundry's own icons)", () => {
    const img = (pack: string, name: string) => named(pack, name).img;
    expect([img("d6-weapons", "fists"), img("d6-weapons", "knife"), img("d6-weapons", "pistol"), img("d6-weapons", "rifle"), img("d6-weapons", "bow"), img("d6-weapons", "thrown knife")]).toEqual([
      "icons/skills/melee/unarmed-punch-fist.webp", "icons/weapons/daggers/dagger-straight-blue.webp", "icons/weapons/guns/gun-pistol-flintlock-metal.webp", "icons/weapons/guns/rifle-brown.webp", "icons/weapons/bows/shortbow-recurve.webp", "icons/weapons/thrown/dagger-simple.webp",
    ]);
    for (const { where, doc } of docs) {
      expect(doc.img, where).toMatch(/^icons\//);
      if (doc.type === "d6Weapon") expect(doc.img, where).toMatch(/^icons\/(weapons|skills\/melee)\//);
      if (doc.type === "d6Armor") expect(doc.img, where).toMatch(/^icons\/equipment\/chest\//);
      if (doc.type === "d6Skill") expect(doc.img, where).toBe("icons/svg/book.svg");
    }
    for (const actor of [...docsOf("d6-characters"), ...docsOf("d6-foes")]) expect((actor.prototypeToken as { texture: { src: string } }).texture.src, actor.name).toBe(actor.img);
  });

  it("ranged weapons are aimable (D29) with ranges rising Short < Medium < Long past Point Blank (D27); melee and unarmed weapons have none", () => {
    for (const weapon of docsOf("d6-weapons")) {
      const s = weapon.system as { mode: string; ranges: { short: number; medium: number; long: number }; aimable: boolean };
      if (s.mode === "ranged") {
        expect(s.aimable, weapon.name).toBe(true);
        expect(3 < s.ranges.short && s.ranges.short < s.ranges.medium && s.ranges.medium < s.ranges.long, weapon.name).toBe(true);
      } else {
        expect(s.ranges, weapon.name).toEqual({ short: 0, medium: 0, long: 0 });
        expect(s.aimable, weapon.name).toBe(false);
      }
    }
  });
});

describe("the chapter's figures, through the rules core", () => {
  const weapon = (name: string) => named("d6-weapons", name).system as { mode: "unarmed" | "melee" | "ranged"; damage: string; edged: boolean; lengthCm: number; usesPerRound: number };

  it("D27: the support beam is over 2 m long (3 m) and reaches Point Blank and Short; the knife and fists Point Blank only", () => {
    const beam = weapon("support beam");
    expect(beam).toMatchObject({ mode: "melee", lengthCm: 300 });
    expect(reachBands(beam.mode, beam.lengthCm / 100)).toEqual(["pointBlank", "short"]);
    expect(reachBands(weapon("knife").mode, weapon("knife").lengthCm / 100)).toEqual(["pointBlank"]);
    expect(reachBands(weapon("fists").mode, weapon("fists").lengthCm / 100)).toEqual(["pointBlank"]);
  });

  it("D31, D32: the knife is +1D on Strength Damage — Strength 3D+2 rolls 3D (seed check 10); the beam +1D+1; fists +0D", () => {
    expect(weapon("knife")).toMatchObject({ damage: "+1D", edged: true });
    expect(weapon("support beam")).toMatchObject({ damage: "+1D+1", edged: false });
    expect(weapon("fists")).toMatchObject({ damage: "+0D", mode: "unarmed", edged: false });
    const roll = (name: string, strength: string) => formatDieCode(damageCode(parseWeaponDamage(weapon(name).damage), strengthDamageDice(parseDieCode(strength))));
    expect(roll("knife", "3D+2")).toBe("3D");
    expect(roll("support beam", "3D+2")).toBe("3D+1");
    expect(roll("fists", "3D+1")).toBe("2D");
  });

  it("D16: hands and small blades are made for quick repeated use; the support beam is not", () => {
    expect(weapon("fists").usesPerRound).toBeGreaterThan(1);
    expect(weapon("knife").usesPerRound).toBeGreaterThan(1);
    expect(weapon("support beam").usesPerRound).toBe(1);
  });

  it("D34: the padded jacket is 1D, added to Strength for the resistance roll (Strength 3D → 4D)", () => {
    const jacket = named("d6-armor", "padded jacket").system as { code: string; equipped: boolean };
    expect(jacket).toMatchObject({ code: "1D", equipped: true });
    expect(formatDieCode(resistanceCode({ strength: parseDieCode("3D"), armor: parseDieCode(jacket.code) }))).toBe("4D");
    for (const armor of docsOf("d6-armor")) expect(parseDieCode(armor.system.code as string).dice, armor.name).toBeGreaterThan(0);
  });

  it("Kira as the thug example gives her: Strength 2D+2, dodge 4D, brawling 3D+1, melee combat 4D, search 5D+1 over Perception 3D, Agility 4D", () => {
    const kira = named("d6-characters", "Kira");
    const attributes = kira.system.attributes as Record<string, string>;
    expect(attributes).toMatchObject({ strength: "2D+2", agility: "4D", perception: "3D" });
    const skill = (name: string) => item(kira, name).system as { code: string; attribute: string };
    expect(skill("dodge")).toMatchObject({ code: "4D", attribute: "agility" });
    expect(skill("brawling").code).toBe("3D+1");
    expect(skill("melee combat").code).toBe("4D");
    expect(skill("search")).toMatchObject({ code: "5D+1", attribute: "perception" });
    // D8 (seed check 12): search 5D+1 over Perception 3D is 2D+1 → +1; Agility 4D → +1; the better, +1.
    expect(initiativeBonus({ perception: code(attributes.perception), search: code(skill("search").code), agility: code(attributes.agility) }).bonus).toBe(1);
    // D32: Strength 2D+2 → Strength Damage 1D; her knife rolls 2D.
    expect(strengthDamageDice(code(attributes.strength))).toBe(1);
    expect(item(kira, "knife").system).toMatchObject({ damage: "+1D", edged: true });
    expect(item(kira, "padded jacket").system).toMatchObject({ code: "1D", equipped: true });
  });

  it("the two others: Dax's Strength 3D+2 gives Strength Damage 2D and a beam reaching Short; Sela's Agility 4D gives +1 initiative", () => {
    const dax = named("d6-characters", "Dax Morrow");
    expect(strengthDamageDice(code((dax.system.attributes as Record<string, string>).strength))).toBe(2);
    const beam = item(dax, "support beam").system as { lengthCm: number; mode: "melee" };
    expect(reachBands(beam.mode, beam.lengthCm / 100)).toContain("short");
    const sela = named("d6-characters", "Sela Vane");
    const a = sela.system.attributes as Record<string, string>;
    expect(a.agility).toBe("4D");
    expect(initiativeBonus({ perception: code(a.perception), search: code(item(sela, "search").system.code), agility: code(a.agility) })).toMatchObject({ fromSearch: 0, fromAgility: 1, bonus: 1 });
  });

  it("one folder per kind, as in every ruleset: Weapons, Armor, Characters, Foes", () => {
    for (const [pack, folder] of [["d6-weapons", "Weapons"], ["d6-armor", "Armor"], ["d6-characters", "Characters"], ["d6-foes", "Foes"]] as const) {
      const folders = readPackSources(pack).map((s) => s.doc).filter((d) => String(d._key).startsWith("!folders!"));
      expect(folders.map((f) => f.name), pack).toEqual([folder]);
      for (const doc of docsOf(pack)) expect(doc.folder, `${pack}/${doc.name}`).toBe(folders[0]!._id);
    }
  });

  it("the chapter's opponent, the thug, is a foe: in the GM's pack, hostile, his token unlinked (he comes in numbers, each his own wounds); he fights with his fists (brawling 3D+1)", () => {
    const thug = named("d6-foes", "the thug");
    expect(thug.type).toBe("d6Creature");
    expect(thug.prototypeToken).toMatchObject({ actorLink: false, disposition: -1, appendNumber: true });
    expect(item(thug, "brawling").system).toMatchObject({ code: "3D+1" });
    expect(item(thug, "fists").system).toMatchObject({ damage: "+0D", skill: "brawling" });
    expect(thug.system.wounds).toEqual({ level: "none", untilRound: 0 });
  });

  it("player characters are friendly and visible to players (their pack), Sela's search is +2 pips over Perception, not 1D+2", () => {
    for (const actor of docsOf("d6-characters")) expect(actor.prototypeToken, actor.name).toMatchObject({ actorLink: true, disposition: 1 });
    const sela = named("d6-characters", "Sela Vane");
    expect(sela.system.biography).toContain("only 2 pips over it");
    expect(sela.system.biography).not.toContain("1D+2");
  });

  it("every ready character is unhurt, linked to its token, with worn armor adding to its resistance (D34)", () => {
    for (const actor of docsOf("d6-characters")) {
      expect(actor.system.wounds, actor.name).toEqual({ level: "none", untilRound: 0 });
      expect((actor as Doc & { prototypeToken: { actorLink: boolean } }).prototypeToken.actorLink, actor.name).toBe(true);
      const armor = (actor.items ?? []).filter((i) => i.type === "d6Armor" && i.system.equipped).reduce((sum, i) => addCodes(sum, code(i.system.code)), ZERO_CODE);
      expect(armor.dice, actor.name).toBeGreaterThan(0);
    }
  });
});

describe("OpenD6 packs: compile → extract", () => {
  it("gives back the same files, byte for byte", () => expectRoundTrip(D6_PACKS), 60_000);
});
