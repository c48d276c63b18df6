/**
 * Cities Without Number's compendiums (packs/_source/cwn-*): declared in
 * system.json in their own pack folder with labels from lang/en.json, only
 * CWN types, every document valid against the CWN data schema, every dice
 * text parsing with the CWN core, every figure marked as the chapter's or
 * ours, embedded copies in step with the pack's items, every foe deriving
 * without problems, and compile → extract giving back the same files.
 * (Keys, ids, file names: test/packs/packs.test.ts covers every pack; the
 * figures through the rules core: cwn-pack-rules.test.ts.)
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import en from "../../lang/en.json" with { type: "json" };
import { validateSystemSource } from "../../src/core/schema/validate.js";
import { packOwnership } from "../../src/foundry/packs.js";
import { deriveCwnActor } from "../../src/rulesets/cwn/data/derive.js";
import { CWN_ACTOR_TYPES, CWN_ITEM_TYPES } from "../../src/rulesets/cwn/data/schema.js";
import { CWN_MANIFEST } from "../../src/rulesets/cwn/manifest.js";
import { parseDice } from "../../src/rulesets/cwn/rules/index.js";
import { MANIFESTS } from "../../src/rulesets/manifests.js";
import { declaredPacks } from "../../tools/packs/lib.js";
import { asItem, CWN_PACKS, type Doc, docsOf, foe, named, textOf } from "./cwn-pack-docs.js";
import { readPackSources } from "../../tools/packs/lib.js";

/** The names of a pack's top-level folders. */
const readTopFolders = (pack: string) => readPackSources(pack).filter((s) => String(s.doc._key).startsWith("!folders!") && !s.doc.folder).map((s) => s.doc.name);
import { expectRoundTrip, packSystems as systemsOf } from "./pack-docs.js";

const declared = declaredPacks();
const manifest = JSON.parse(readFileSync(join(import.meta.dirname, "../../system.json"), "utf8"));

describe("CWN pack declarations", () => {
  it("system.json declares the three packs the CWN manifest names, in a 'Cities Without Number' pack folder", () => {
    expect([...CWN_MANIFEST.packs]).toEqual([...CWN_PACKS]);
    const byName = new Map(declared.map((p) => [p.name, p]));
    expect(byName.get("cwn-weapons")).toMatchObject({ type: "Item", system: "cychosys", path: "packs/cwn-weapons", ownership: { PLAYER: "OBSERVER", ASSISTANT: "OWNER" } });
    expect(byName.get("cwn-armor")).toMatchObject({ type: "Item", system: "cychosys", path: "packs/cwn-armor", ownership: { PLAYER: "OBSERVER", ASSISTANT: "OWNER" } });
    // The foes are the GM's, like the Cychosys cast: players do not browse them.
    expect(byName.get("cwn-foes")).toMatchObject({ type: "Actor", system: "cychosys", path: "packs/cwn-foes", ownership: { PLAYER: "NONE", ASSISTANT: "OWNER" } });
    const folders = manifest.packFolders as { name: string; packs?: string[] }[];
    expect(folders.find((f) => f.name === "Cities Without Number")?.packs).toEqual([...CWN_PACKS]);
  });

  it("each label is plain English, like every other pack (Foundry v13 shows a label's raw lang key in search results and the import dialog)", () => {
    expect(CWN_PACKS.map((name) => declared.find((p) => p.name === name)!.label)).toEqual(["CWN Weapons", "CWN Armor", "CWN Foes"]);
  });

  it("a CWN world shows players the weapons and armor and hides the others' packs; a D6 world hides CWN's", () => {
    for (const pack of declared) {
      const cwn = (CWN_PACKS as readonly string[]).includes(pack.name);
      const hidden = { ...pack.ownership, PLAYER: "NONE", TRUSTED: "NONE" };
      expect(packOwnership(pack, MANIFESTS, "cwn"), pack.name).toEqual(cwn ? pack.ownership : hidden);
      if (cwn) expect(packOwnership(pack, MANIFESTS, "d6"), pack.name).toEqual(hidden);
    }
  });

  it("holds only CWN types (another ruleset's type would open read-only in a CWN world)", () => {
    for (const { where, documentName, doc } of systemsOf(CWN_PACKS)) {
      expect([...(documentName === "Actor" ? CWN_ACTOR_TYPES : CWN_ITEM_TYPES)] as string[], where).toContain(doc.type);
    }
    expect(docsOf("cwn-weapons").every((d) => d.type === "cwnWeapon")).toBe(true);
    expect(docsOf("cwn-armor").every((d) => d.type === "cwnArmor")).toBe(true);
    expect(docsOf("cwn-foes").every((d) => d.type === "cwnNpc")).toBe(true);
  });
});

describe("CWN document data", () => {
  const docs = systemsOf(CWN_PACKS);

  it("every system validates against the CWN data schema (validateSystemSource)", () => {
    const problems = docs.flatMap(({ where, documentName, doc }) => validateSystemSource(documentName, doc.type!, doc.system).map((p) => `${where}: ${p.path} ${p.message}`));
    expect(problems).toEqual([]);
    expect(docs.length).toBeGreaterThanOrEqual(30);
  });

  it("the validation can fail: a broken copy of a weapon and of a foe is refused", () => {
    const weapon = structuredClone(named("cwn-weapons", "Machete").system);
    weapon.damage = "1d8+";
    weapon.traumaRating = 0;
    expect(validateSystemSource("Item", "cwnWeapon", weapon).map((p) => p.path)).toEqual(["damage", "traumaRating"]);
    const group = structuredClone(named("cwn-foes", "Street thugs").system);
    (group.hp as { value: number }).value = 9;
    expect(validateSystemSource("Actor", "cwnNpc", group).map((p) => p.path)).toEqual(["hp.value"]);
  });

  it("every damage and Trauma Die parses with the CWN core (W15, W16)", () => {
    const weapons = docs.filter((d) => d.doc.type === "cwnWeapon");
    for (const { where, doc } of weapons) {
      expect(() => parseDice(doc.system.damage as string), `${where} damage`).not.toThrow();
      expect(() => parseDice(doc.system.traumaDie as string), `${where} traumaDie`).not.toThrow();
    }
    expect(weapons.length).toBeGreaterThan(20);
  });

  it("every document says which figures are the chapter's and which are ours, citing rules W1–W40", () => {
    for (const { where, doc } of docs) {
      const text = textOf(doc);
      expect(text, where).toContain("<strong>The chapter's figures:</strong>");
      expect(text, where).toContain("<strong>Ours:</strong>");
      const cited = [...text.matchAll(/\bW(\d+)\b/g)].map((m) => Number(m[1]));
      expect(cited.length, where).toBeGreaterThan(0);
      for (const n of cited) expect(n >= 1 && n <= 40, `${where}: W${n}`).toBe(true);
    }
  });

  it("an item a foe carries is the pack's item (only its Readied or Stowed state may differ)", () => {
    const strip = (doc: Doc) => ({ name: doc.name, type: doc.type, img: doc.img, system: { ...doc.system, state: undefined } });
    let copies = 0;
    for (const actor of docsOf("cwn-foes")) {
      for (const child of actor.items ?? []) {
        const pack = child.type === "cwnWeapon" ? "cwn-weapons" : "cwn-armor";
        expect(strip(child), `${actor.name} > ${child.name}`).toEqual(strip(named(pack, child.name!)));
        copies++;
      }
    }
    expect(copies).toBeGreaterThan(10);
  });

  it("every foe derives without problems, with at least one Readied weapon", () => {
    for (const actor of docsOf("cwn-foes")) {
      const derived = deriveCwnActor("cwnNpc", actor.system, (actor.items ?? []).map(asItem));
      expect(derived.problems, actor.name).toEqual([]);
      expect(derived.weapons.some((w) => w.state === "readied"), actor.name).toBe(true);
      expect(derived.hp.value, actor.name).toBe(derived.hp.max);
      expect(derived.downed, actor.name).toBe("none");
    }
  });

  it("every weapon derives without problems in the hands of an untrained character", () => {
    for (const weapon of docsOf("cwn-weapons")) {
      const derived = deriveCwnActor("cwnCharacter", {}, [asItem(weapon)]);
      expect(derived.problems, weapon.name).toEqual([]);
      expect(derived.weapons, weapon.name).toHaveLength(1);
    }
  });

  it("a group's tokens are unlinked, hostile and numbered; a lone foe's token unnumbered", () => {
    for (const actor of docsOf("cwn-foes")) {
      const size = actor.system.groupSize as number;
      expect(actor.prototypeToken, actor.name).toMatchObject({ actorLink: false, disposition: -1, appendNumber: size > 1 });
    }
    expect(docsOf("cwn-foes").filter((a) => (a.system.groupSize as number) > 1).length).toBeGreaterThanOrEqual(3);
  });
});

describe("CWN packs a GM can trust at a glance (issue 23.6)", () => {
  /** Foundry v13's own icons (the paths dnd5e's packs use), by the kind of thing each must show. */
  const FITS: [(doc: Doc) => boolean, RegExp][] = [
    [(d) => d.type === "cwnWeapon" && d.system.kind === "ranged", /^icons\/weapons\/(guns|bows|crossbows)\/[a-z0-9-]+\.webp$/],
    [(d) => d.type === "cwnWeapon" && d.system.kind === "thrown", /^icons\/weapons\/daggers\/[a-z0-9-]+\.webp$/],
    [(d) => d.type === "cwnWeapon" && d.system.kind === "melee" && (d.system.unarmed === true || d.system.bodyWeapon === true), /^icons\/skills\/melee\/[a-z0-9-]+\.webp$/],
    [(d) => d.type === "cwnWeapon" && d.system.kind === "melee", /^icons\/(weapons\/(daggers|swords|clubs)|tools\/smithing)\/[a-z0-9-]+\.webp$/],
    [(d) => d.type === "cwnArmor", /^icons\/(equipment\/(chest|shield)|magic\/defensive)\/[a-z0-9-]+\.webp$/],
    [(d) => d.type === "cwnNpc", /^icons\/(environment\/people|creatures\/magical)\/[a-z0-9-]+\.webp$/],
  ];

  it("every item and foe has an image that fits its kind — a gun is no sword — each of Foundry's own icons; every foe's token shows it too", () => {
    const all = CWN_PACKS.flatMap((pack) => docsOf(pack)).flatMap((doc) => [doc, ...(doc.items ?? [])]);
    for (const doc of all) {
      const rule = FITS.find(([applies]) => applies(doc));
      expect(rule, doc.name).toBeDefined();
      expect(doc.img, doc.name).toMatch(rule![1]);
    }
    for (const actor of docsOf("cwn-foes")) expect((actor.prototypeToken as { texture?: { src?: string } }).texture?.src, actor.name).toBe(actor.img);
  });

  it("foes are hidden from players and stored as foes (the pack's ownership, hostile tokens), in one folder per kind: Weapons, Armor, Foes", () => {
    expect(declared.find((p) => p.name === "cwn-foes")!.ownership).toMatchObject({ PLAYER: "NONE" });
    for (const actor of docsOf("cwn-foes")) expect((actor.prototypeToken as { disposition: number }).disposition, actor.name).toBe(-1);
    const tops = (pack: string) => systemsOf([pack]).length && readTopFolders(pack);
    expect([tops("cwn-weapons"), tops("cwn-armor"), tops("cwn-foes")]).toEqual([["Weapons"], ["Armor"], ["Foes"]]);
  });

  it("W13, W19: a foe's stat block AC and soak come from the armour it carries — the bouncer's ballistic vest, Sable's armored clothing, the response team's tactical armor — worn armour and Dex giving exactly them", () => {
    for (const [name, armor] of [["Club bouncer", "Ballistic vest"], ["Sable, gang lieutenant", "Armored clothing"], ["Corporate response team", "Tactical armor"], ["Street thugs", "Armored clothing"], ["Riot police", "Riot shield"], ["Chromed bodyguard", "Integral cyber-armor"]] as const) {
      const { doc, derived } = foe(name);
      const worn = (doc.items ?? []).filter((i) => i.type === "cwnArmor" && i.system.worn !== false);
      expect(worn.map((i) => i.name), name).toEqual([armor]);
      const dex = derived.attributes.dex.modifier;
      const piece = worn[0]!.system as { acMelee: number; acRanged: number; soak: { max: number } };
      expect([piece.acMelee + dex, piece.acRanged + dex, piece.soak.max], name).toEqual([derived.ac.melee, derived.ac.ranged, derived.soak.max]);
    }
  });
});

describe("CWN packs: compile → extract", () => {
  it("gives back the same files, byte for byte", () => expectRoundTrip(CWN_PACKS), 60_000);
});
