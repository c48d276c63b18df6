/**
 * The compendium sources (packs/_source/): keys the Foundry CLI needs, ids
 * unique and stable, every document valid against the data models' schema,
 * every notation parsing, the chapter's figures present, and
 * compile → extract giving back the very same files.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { deriveCombatant } from "../../src/rulesets/cychosys/data/derive/combatant.js";
import { ACTOR_TYPES, ITEM_TYPES, validateSystemSource } from "../../src/rulesets/cychosys/data/schema/index.js";
import type { CombatantSource, ItemView } from "../../src/rulesets/cychosys/data/source-types.js";
import { BODY_LOCATIONS, locationFromTotal, parseBundle, STANDARD_EFFECTS } from "../../src/rulesets/cychosys/rules/index.js";
import { compilePacks, declaredPacks, extractPacks, readPackSources, slugify, type SourceDocument, type SourceFile } from "../../tools/packs/lib.js";
import { CYCHOSYS_MANIFEST } from "../../src/rulesets/cychosys/manifest.js";
import lockedIds from "./ids.json";

type Doc = SourceDocument & Record<string, unknown>;
const packs = declaredPacks();
const sources = new Map(packs.map((pack) => [pack.name, readPackSources(pack.name)]));
const all: SourceFile[] = [...sources.values()].flat();
/** Folders are stored as `!folders!` entries; a file without a `_key` (which the CLI would skip) is neither. */
const isFolder = (doc: SourceDocument) => String(doc._key).startsWith("!folders!");
const keyOf = (doc: SourceDocument) => String(doc._key);
const primary = (pack: string) => (sources.get(pack) ?? []).filter((s) => !isFolder(s.doc));
const named = (pack: string, name: string): Doc => {
  const found = primary(pack).find((s) => s.doc.name === name);
  if (!found) throw new Error(`${pack} has no document named ${name}`);
  return found.doc as Doc;
};
const ID = /^[A-Za-z0-9]{16}$/;

/** Embedded collections per collection, as the CLI's hierarchy has them. */
const EMBEDDED: Record<string, string[]> = { actors: ["items", "effects"], items: ["effects"], journal: ["pages"], tables: ["results"] };
const COLLECTION = { Actor: "actors", Item: "items", JournalEntry: "journal", RollTable: "tables" } as const;

/** Every embedded document with the key it must carry. */
function embeddedKeys(doc: Doc, collection: string, keyPrefix: string, idPrefix: string, out: { doc: Doc; expected: string }[] = []) {
  for (const child of EMBEDDED[collection] ?? []) {
    for (const entry of (doc[child] as Doc[] | undefined) ?? []) {
      const sublevel = `${keyPrefix}.${child}`;
      const ids = `${idPrefix}.${entry._id}`;
      out.push({ doc: entry, expected: `!${sublevel}!${ids}` });
      embeddedKeys(entry, child, sublevel, ids, out);
    }
  }
  return out;
}

describe("pack declarations", () => {
  it("declare each pack once, for this system, with a source folder", () => {
    expect(packs.length).toBeGreaterThan(0);
    expect(new Set(packs.map((p) => p.name)).size).toBe(packs.length);
    for (const pack of packs) {
      expect(pack.system, pack.name).toBe("cychosys");
      expect(pack.path, pack.name).toBe(`packs/${pack.name}`);
      expect(Object.keys(COLLECTION), pack.name).toContain(pack.type);
      expect(pack.ownership, pack.name).toBeDefined();
      expect(primary(pack.name).length, pack.name).toBeGreaterThan(0);
    }
  });

  it("put every pack in exactly one pack folder", () => {
    const manifest = JSON.parse(readFileSync(join(import.meta.dirname, "../../system.json"), "utf8"));
    const listed: string[] = [];
    const walk = (folders: { packs?: string[]; folders?: unknown[] }[]) => {
      for (const folder of folders) {
        listed.push(...(folder.packs ?? []));
        walk((folder.folders ?? []) as typeof folders);
      }
    };
    walk(manifest.packFolders);
    expect(listed.sort()).toEqual(packs.map((p) => p.name).sort());
  });
});

describe("source files", () => {
  it.each(packs.map((p) => [p.name, p.type] as const))("%s: every file has the _key the CLI needs, embedded documents too", (pack, type) => {
    for (const { file, doc } of sources.get(pack)!) {
      expect(doc._id, file).toMatch(ID);
      expect(doc._key, `${file} has no _key: the CLI would skip it`).toBeTypeOf("string");
      if (isFolder(doc)) {
        expect(doc._key, file).toBe(`!folders!${doc._id}`);
        expect(doc.type, file).toBe(type);
        continue;
      }
      const collection = COLLECTION[type as keyof typeof COLLECTION];
      expect(doc._key, file).toBe(`!${collection}!${doc._id}`);
      for (const { doc: child, expected } of embeddedKeys(doc as Doc, collection, collection, doc._id)) {
        expect(child._id, `${file}: ${child.name}`).toMatch(ID);
        expect(child._key, `${file}: ${child.name}`).toBe(expected);
      }
    }
  });

  it("ids are unique across all packs, and embedded ids within their parent", () => {
    const ids = all.map((s) => s.doc._id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { file, doc } of all) {
      for (const child of ["items", "effects", "pages", "results"]) {
        const list = ((doc as Doc)[child] as Doc[] | undefined) ?? [];
        expect(new Set(list.map((d) => d._id)).size, `${file} ${child}`).toBe(list.length);
      }
    }
  });

  it("ids are stable: every id in test/packs/ids.json is still there with the same name", () => {
    for (const [pack, ids] of Object.entries(lockedIds as Record<string, Record<string, string>>)) {
      const docs = new Map((sources.get(pack) ?? []).map((s) => [s.doc._id, s.doc.name]));
      for (const [id, name] of Object.entries(ids)) expect(docs.get(id), `${pack}/${id} (${name})`).toBe(name);
    }
  });

  it("every document is in ids.json (add new ones there so their ids are kept)", () => {
    const locked = lockedIds as Record<string, Record<string, string>>;
    for (const { pack, doc, file } of all) expect(locked[pack]?.[doc._id], `${pack}/${file}`).toBe(doc.name);
  });

  it("files are named as packs:extract names them, folders resolve within the pack", () => {
    for (const [pack, files] of sources) {
      const folders = new Map(files.filter((s) => isFolder(s.doc)).map((s) => [s.doc._id, s.doc]));
      const dir = (id: string | null | undefined): string => {
        if (!id) return "";
        const folder = folders.get(id);
        expect(folder, `${pack}: folder ${id}`).toBeDefined();
        const parent = dir(folder!.folder);
        return `${parent}${slugify(folder!.name!)}/`;
      };
      for (const { file, doc } of files) {
        const expected = isFolder(doc) ? `${dir(doc._id)}_folder.json` : `${dir(doc.folder)}${slugify(doc.name!)}.json`;
        expect(file, `${pack}`).toBe(expected);
      }
    }
  });
});

/** Every Actor and Item system in Cychosys's packs, embedded items included (OpenD6's: test/packs/d6-packs.test.ts). */
function systems(): { where: string; documentName: "Actor" | "Item"; doc: Doc }[] {
  const out: { where: string; documentName: "Actor" | "Item"; doc: Doc }[] = [];
  for (const { pack, file, doc } of all) {
    if (!CYCHOSYS_MANIFEST.packs.includes(pack)) continue;
    if (keyOf(doc).startsWith("!items!")) out.push({ where: `${pack}/${file}`, documentName: "Item", doc: doc as Doc });
    if (keyOf(doc).startsWith("!actors!")) {
      out.push({ where: `${pack}/${file}`, documentName: "Actor", doc: doc as Doc });
      for (const item of (doc.items as Doc[]) ?? []) out.push({ where: `${pack}/${file} > ${item.name}`, documentName: "Item", doc: item });
    }
  }
  return out;
}

describe("document data", () => {
  const docs = systems();

  it("covers every item and actor type that carries rules data", () => {
    const types = new Set(docs.map((d) => `${d.documentName}.${d.doc.type}`));
    for (const type of ITEM_TYPES) expect(types, type).toContain(`Item.${type}`);
    for (const type of ACTOR_TYPES.filter((t) => t !== "object")) expect(types, type).toContain(`Actor.${type}`);
  });

  it("every system validates against the data models' schema (validateSystemSource)", () => {
    const problems = docs.flatMap(({ where, documentName, doc }) =>
      validateSystemSource(documentName, doc.type!, doc.system).map((p) => `${where}: ${p.path} ${p.message}`),
    );
    expect(problems).toEqual([]);
    expect(docs.length).toBeGreaterThan(100);
  });

  it("every edge, shield and natural layer parses as bundle notation", () => {
    let parsed = 0;
    for (const { where, doc } of docs) {
      const system = doc.system as Record<string, unknown>;
      const notations: [string, unknown][] = [];
      if (doc.type === "weapon" || doc.type === "trick") {
        notations.push(["edge", system.edge], ["parry.shield", (system.parry as { shield: string }).shield]);
      }
      if (doc.type === "outfit") notations.push(["shield", system.shield]);
      if (doc.type === "character" || doc.type === "npc") {
        const natural = system.natural as { skin: string; will: string };
        notations.push(["natural.skin", natural.skin], ["natural.will", natural.will]);
      }
      for (const [field, value] of notations) {
        expect(() => parseBundle(value as string), `${where} ${field} ${String(value)}`).not.toThrow();
        parsed++;
      }
    }
    expect(parsed).toBeGreaterThan(100);
  });

  it("trademark effects change only the data model's modifiers and natural layers, with valid values", () => {
    const trademarks = docs.filter((d) => d.doc.type === "trademark");
    expect(trademarks.length).toBeGreaterThan(0);
    for (const { where, doc } of trademarks) {
      const effects = doc.effects as { changes: { key: string; mode: number; value: string }[]; transfer: boolean }[];
      expect(effects.length, where).toBeGreaterThan(0);
      for (const effect of effects) {
        expect(effect.transfer, where).toBe(true);
        for (const change of effect.changes) {
          if (change.key.startsWith("system.modifiers.")) {
            expect(["quickness", "soakSteps", "actions"], where).toContain(change.key.slice("system.modifiers.".length));
            expect(change.mode, where).toBe(2);
            expect(change.value, where).toMatch(/^-?\d+$/);
          } else {
            expect(["system.natural.skin", "system.natural.will"], where).toContain(change.key);
            expect(change.mode, where).toBe(5);
            expect(() => parseBundle(change.value), where).not.toThrow();
          }
        }
      }
    }
  });
});

describe("the chapter's outfit table", () => {
  // name, weight, shield — every row, in the chapter's order, by era.
  const TABLE: Record<string, [string, number, string][]> = {
    Natural: [
      ["normal human skin", 0, "1"], ["bark or wicker", 3, "BH1"], ["bone", 3, "BP2"], ["fur", 2, "DR2"], ["hide, soft", 1, "R1"],
      ["hide, tough/thick", 2, "PH2"], ["padding", 1, "DR1"], ["mineral", 5, "SO8"], ["wood", 3, "OB3"],
    ],
    Historic: [
      ["cloth, heavy", 1, "RH1"], ["cloth, light", 0, "1"], ["hide, studded", 2, "BR2"], ["mail, chain", 4, "BP2"], ["mail, ring", 3, "BR1"],
      ["mail, scale", 5, "OB3"], ["plate, bronze", 6, "SBR4"], ["plate, steel", 7, "SOB6"], ["silk", 0, "B (edges)"],
    ],
    Modern: [
      ["asbestos", 2, "X"], ["BPV, flak vest", 4, "SBR3"], ["canvas/denim", 1, "B1"], ["hard rubber", 4, "OBR3"], ["Kevlar fiber", 2, "SB1"],
      ["plastic", 2, "OP3"], ["heavy synthetic", 1, "BP1"], ["light synthetic", 0, "2"],
    ],
    Futuristic: [
      ["absorptive", 2, "X (heat)"], ["ceramic", 6, "SXB8"], ["ablative", 4, "SDRH2"], ["energy field", 1, "XP2"], ["sheet titanium", 2, "SBP3"],
      ["force field", 0, "S5"], ["re-emission", 2, "X (light)"], ["white noise", 1, "P2"],
    ],
    Industrial: [
      ["brick, cinderblock", 5, "SO8"], ["cement", 8, "SOBP12"], ["cured wood", 5, "OBP4"], ["drywall", 3, "BH1"], ["fiberglass", 1, "O4"],
      ["hull plating", 10, "SXOBH10"], ["safety glass", 4, "SH2"], ["sheet steel", 4, "SB4"],
    ],
  };
  const files = sources.get("outfits") ?? [];
  const folderId = (name: string) => files.find((s) => isFolder(s.doc) && s.doc.name === name)?.doc._id;

  it.each(Object.entries(TABLE))("%s: every row, with its weight and shield, in that era's folder and order", (era, rows) => {
    const folder = folderId(era);
    expect(folder).toBeDefined();
    const inFolder = files
      .filter((s) => s.doc.folder === folder)
      .map((s) => s.doc as Doc)
      .sort((a, b) => (a.sort as number) - (b.sort as number));
    expect(inFolder.map((d) => [d.name, (d.system as { weight: number }).weight, (d.system as { shield: string }).shield])).toEqual(rows);
  });

  it("has all 42 rows of the five eras", () => {
    expect(Object.values(TABLE).flat()).toHaveLength(42);
  });

  it("normal human skin is a skin layer over the six body locations", () => {
    const skin = named("outfits", "normal human skin").system as { layer: string; covers: string[] };
    expect(skin.layer).toBe("skin");
    expect([...skin.covers].sort()).toEqual([...BODY_LOCATIONS].sort());
  });

  it("the jeweled relic is a weightless virtual WUXR3 over every body location", () => {
    const relic = named("outfits", "jeweled relic").system as { weight: number; shield: string; layer: string; covers: string[] };
    expect(relic).toMatchObject({ weight: 0, shield: "WUXR3", layer: "virtual" });
    expect([...relic.covers].sort()).toEqual([...BODY_LOCATIONS].sort());
  });
});

describe("the chapter's weapons and tricks", () => {
  const gear = (name: string) => named("weapons", name) as Doc & { system: { speed: number; edge: string; skill: string; parry: { hits: number } } };

  it("Howler Autocannon: speed 9, edge VFXP2", () => {
    expect(gear("Howler Autocannon").system).toMatchObject({ speed: 9, edge: "VFXP2", skill: "shoot" });
  });
  it("Rose's pellet pistol FB2, thrown knife BR3, thrown body VD6 (a trick)", () => {
    expect(gear("Rose's pellet pistol").system.edge).toBe("FB2");
    expect(gear("thrown knife").system).toMatchObject({ edge: "BR3", skill: "throw" });
    expect(gear("thrown body")).toMatchObject({ type: "trick", system: { edge: "VD6", skill: "throw" } });
  });
  it("a chair parries with 2 hits", () => {
    expect(gear("chair").system.parry.hits).toBe(2);
  });
  it("the starter set spans eras, with a V grenade and a D trick", () => {
    const weapons = primary("weapons").map((s) => s.doc as Doc & { system: { edge: string } });
    expect(weapons.length).toBeGreaterThanOrEqual(20);
    expect(weapons.some((w) => /grenade/.test(w.name!) && parseBundle(w.system.edge).effects.some((e) => e.letter === "V"))).toBe(true);
    expect(weapons.some((w) => w.type === "trick" && parseBundle(w.system.edge).effects.some((e) => e.letter === "D"))).toBe(true);
  });
});

/** An actor as Foundry prepares it: stored system data with its items' transferred effects applied. */
function prepared(actor: Doc): { system: CombatantSource; items: ItemView[] } {
  const system = structuredClone(actor.system) as CombatantSource & Record<string, unknown>;
  const items = (actor.items as Doc[]).map((i) => ({ id: i._id, name: i.name!, type: i.type!, system: i.system }) as ItemView);
  for (const item of actor.items as Doc[]) {
    for (const effect of (item.effects as { transfer: boolean; disabled: boolean; changes: { key: string; mode: number; value: string }[] }[]) ?? []) {
      if (!effect.transfer || effect.disabled) continue;
      for (const change of effect.changes) {
        const path = change.key.replace(/^system\./, "").split(".");
        const leaf = path.pop()!;
        const target = path.reduce((o, k) => o[k] as Record<string, unknown>, system as Record<string, unknown>);
        if (change.mode === 2) target[leaf] = (target[leaf] as number) + Number(change.value);
        else if (change.mode === 5) target[leaf] = change.value;
        else throw new Error(`unexpected effect mode ${change.mode}`);
      }
    }
  }
  return { system, items };
}

/** The chapter's fighters: the player characters (cast) and the foes. */
const fighters = () => [...primary("cast"), ...primary("foes")];
const fighter = (name: string): Doc => {
  const found = fighters().find((s) => s.doc.name === name);
  if (!found) throw new Error(`no fighter named ${name}`);
  return found.doc as Doc;
};

describe("the cast and the foes", () => {
  const derive = (name: string) => {
    const { system, items } = prepared(fighter(name));
    return { system, derived: deriveCombatant(system, items, []) };
  };

  it("has everyone the chapter fights: Parker among the characters, the others among the foes", () => {
    expect(primary("cast").map((s) => s.doc.name)).toEqual(["Parker"]);
    expect(primary("foes").map((s) => s.doc.name).sort()).toEqual(["Aiken Byrne", "Belham, the sentry", "Riddle", "Thorton", "Ungar", "Wiley"].sort());
  });

  it("Parker: physical hit pool 10, quickness 7 (suit burden 1, Heavy −2), hide BBDD2 under the suit", () => {
    const { system, derived } = derive("Parker");
    expect(system.pools.hit.physical).toEqual({ value: 10, max: 10 });
    expect(derived.burden.burden).toBe(1);
    expect(derived.quickness.quickness).toBe(7);
    expect(system.natural.skin).toBe("BBDD2");
    expect(derived.locations.chest.shield).toBe(
      // suit RH1 + hide BBDD2, added together (R30)
      "BBDDRH3",
    );
    expect(derived.invalid).toEqual([]);
  });

  it("the sentry's quickness is 3", () => {
    expect(derive("Belham, the sentry").derived.quickness.quickness).toBe(3);
  });

  it("Riddle: hit pools P7 M5 E5, with the Howler", () => {
    const { system, derived } = derive("Riddle");
    expect([system.pools.hit.physical.max, system.pools.hit.mental.max, system.pools.hit.emotional.max]).toEqual([7, 5, 5]);
    const howler = derived.totals.find((t) => t.gearName === "Howler Autocannon");
    expect(howler?.missingSkill).toBeUndefined();
    expect(howler?.terms).toContainEqual({ kind: "speed", value: 9 });
  });

  it("every weapon and trick a fighter carries uses a skill they have", () => {
    for (const { doc } of fighters()) {
      const { derived } = derive(doc.name!);
      const missing = derived.totals.filter((t) => t.missingSkill).map((t) => `${doc.name}: ${t.gearName}`);
      expect(missing).toEqual([]);
    }
  });

  it("Aiken Byrne carries the jeweled relic over every body location", () => {
    const { derived } = derive("Aiken Byrne");
    for (const location of BODY_LOCATIONS) expect(derived.locations[location].pieces, location).toContain("jeweled relic");
  });
});

/** Every Item and Actor of Cychosys's packs, embedded items included, with where it is. */
function documents(): { where: string; doc: Doc; embedded: boolean }[] {
  return systems().map(({ where, doc }) => ({ where, doc, embedded: where.includes(" > ") }));
}

describe("packs a GM can trust at a glance (issue 23.6)", () => {
  const manifest = JSON.parse(readFileSync(join(import.meta.dirname, "../../system.json"), "utf8")) as { packs: { name: string; label: string; ownership: Record<string, string> }[]; packFolders: { name: string; packs: string[]; folders?: unknown[] }[] };
  const pack = (name: string) => manifest.packs.find((p) => p.name === name)!;

  it("one visibility rule: player characters visible (pack and document), foes hidden", () => {
    expect(pack("cast")).toMatchObject({ label: "Characters", ownership: { PLAYER: "OBSERVER" } });
    expect(pack("foes")).toMatchObject({ label: "Foes", ownership: { PLAYER: "NONE" } });
    for (const { doc } of primary("cast")) {
      expect(doc.type, doc.name).toBe("character");
      expect(doc.ownership, doc.name).toEqual({ default: 2 });
      expect(doc.prototypeToken, doc.name).toMatchObject({ actorLink: true, disposition: 1 });
    }
    for (const { doc } of primary("foes")) {
      expect(doc.type, doc.name).toBe("npc");
      expect(doc.ownership, doc.name).toEqual({ default: 0 });
      // Stored as foes: hostile; unlinked, so more than one on a scene does not share one set of pools.
      expect(doc.prototypeToken, doc.name).toMatchObject({ actorLink: false, disposition: -1 });
    }
  });

  it("folders alike across rulesets: the Cychosys folder holds its packs, one per kind, no sub-folders", () => {
    const folder = manifest.packFolders.find((f) => f.name === "Cychosys")!;
    expect(folder.folders ?? []).toEqual([]);
    expect(folder.packs).toEqual(["cast", "foes", "skills", "trademarks", "weapons", "outfits", "tables", "rules"]);
  });

  it("every item and actor has an image of Foundry's own icons (none of the generic stand-ins), every actor a token image", () => {
    const generic = ["icons/svg/mystery-man.svg", "icons/svg/item-bag.svg", "icons/svg/book.svg", "icons/svg/sword.svg", "icons/svg/shield.svg", "icons/svg/aura.svg", "icons/svg/lightning.svg"];
    for (const { where, doc } of documents()) {
      expect(doc.img, where).toMatch(/^icons\/[a-z0-9/._-]+\.(webp|svg)$/);
      expect(generic, where).not.toContain(doc.img);
    }
    for (const { doc } of fighters()) expect((doc.prototypeToken as { texture?: { src?: string } }).texture?.src, doc.name).toBe(doc.img);
  });

  it("guns are not swords: a weapon shot with shoot has a ranged image, a blade or club a melee one", () => {
    const ranged = /^icons\/(weapons\/(guns|bows|crossbows|artillery)|commodities\/tech|magic\/lightning)\//;
    for (const { where, doc } of documents()) {
      if (doc.type !== "weapon") continue;
      const skill = (doc.system as { skill: string }).skill;
      if (skill === "shoot") expect(doc.img, where).toMatch(ranged);
      else expect(doc.img, where).not.toMatch(ranged);
    }
  });

  it("every skill, in the pack and on every fighter, has a description in our own words (one per name, the same wherever it appears)", () => {
    const texts = new Map<string, string>();
    for (const { where, doc } of documents()) {
      if (doc.type !== "skill") continue;
      const text = (doc.system as { description: string }).description;
      expect(text, where).toMatch(/^<p>[A-Z].{60,}\.<\/p>$/s);
      const known = texts.get(doc.name!);
      if (known) expect(text, where).toBe(known);
      else texts.set(doc.name!, text);
    }
    expect(primary("skills")).toHaveLength(15);
    expect(new Set(texts.values()).size).toBe(texts.size);
  });
});

describe("hit location table and rules journal", () => {
  it("the d10 table gives each last digit the chapter's location (10 stands for 0)", () => {
    const table = named("tables", "Hit location") as Doc & { formula: string; results: { range: [number, number]; flags: { cychosys: { location: string } } }[] };
    expect(table.formula).toBe("1d10");
    for (let roll = 1; roll <= 10; roll++) {
      const hits = table.results.filter((r) => r.range[0] <= roll && roll <= r.range[1]);
      expect(hits, `roll ${roll}`).toHaveLength(1);
      expect(hits[0]!.flags.cychosys.location, `roll ${roll}`).toBe(locationFromTotal(roll % 10));
    }
  });

  it("the rules journal covers R1–R41, with the standards chart and the effects table", () => {
    const journal = primary("rules").map((s) => s.doc as Doc & { pages: { name: string; text: { content: string } }[] });
    const text = journal.flatMap((j) => j.pages.map((p) => p.text.content)).join("\n");
    for (let r = 1; r <= 41; r++) expect(text, `R${r}`).toMatch(new RegExp(`R${r}\\b`));
    expect(text).toMatch(/<th>rank<\/th>/);
    for (const effect of STANDARD_EFFECTS.effects) expect(text, effect.letter).toContain(`<strong>${effect.letter}</strong>`);
  });
});

describe("compile → extract", () => {
  const scratch = mkdtempSync(join(tmpdir(), "cychosys-packs-"));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it("gives back the same files, byte for byte", async () => {
    await compilePacks(join(scratch, "system"));
    await extractPacks(join(scratch, "system"), { sourceRoot: join(scratch, "sources") });
    for (const pack of packs) {
      const original = sources.get(pack.name)!;
      const extracted = readPackSources(pack.name, join(scratch, "sources"));
      expect(extracted.map((s) => s.file), pack.name).toEqual(original.map((s) => s.file));
      for (const { file } of original) {
        expect(readFileSync(join(scratch, "sources", pack.name, file), "utf8"), `${pack.name}/${file}`).toBe(
          readFileSync(join(import.meta.dirname, "../../packs/_source", pack.name, file), "utf8"),
        );
      }
    }
  }, 60_000);
});
