/**
 * The phase-based homebrew's compendiums (packs/_source/phase-*): every
 * document valid against the phase data schema (src/rulesets/phase/data/
 * schema.ts), every ready character deriving without a problem (data/
 * derive.ts), the chapter's figures and what the rules make of the gear
 * (P7, P12, P15, P22–P30), the characters usable in the `rules` scenarios
 * (seed checks 1–5 replayed with the pack's Leroy and Earl), and
 * compile → extract giving back the same files. (Keys, ids, file names:
 * test/packs/packs.test.ts covers every pack.)
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { validateSystemSource } from "../../src/core/schema/validate.js";
import { englishString } from "../../src/core/messages.js";
import { packOwnership } from "../../src/foundry/packs.js";
import { MANIFESTS } from "../../src/rulesets/manifests.js";
import { PHASE_MANIFEST } from "../../src/rulesets/phase/manifest.js";
import { PHASE_ACTOR_TYPES, PHASE_ITEM_TYPES } from "../../src/rulesets/phase/data/schema.js";
import { derivePhaseActor, phaseFighter, type PhaseItemInput } from "../../src/rulesets/phase/data/derive.js";
import type { PhaseDerived } from "../../src/rulesets/phase/data/derived.js";
import {
  AREAS, areaKind, checkChance, formatDamageFormula, parseDamageFormula, PHASE_STANDARD_RULES, phaseHeadless, rollInitiative, type Fighter,
} from "../../src/rulesets/phase/rules/index.js";
import { declaredPacks, readPackSources } from "../../tools/packs/lib.js";
import { expectRoundTrip, isFolder, namedDoc as named, type PackDoc as Doc, packDocs as docsOf, packSystems } from "./pack-docs.js";

const PHASE_PACKS = ["phase-weapons", "phase-armor", "phase-characters", "phase-foes"] as const;
/** Who may see a pack: the player characters and the gear, yes; the foes, only the GM (one visibility rule across rulesets). */
const PLAYERS = { "phase-weapons": "OBSERVER", "phase-armor": "OBSERVER", "phase-characters": "OBSERVER", "phase-foes": "NONE" } as const;
const FIGHTER_PACKS = ["phase-characters", "phase-foes"] as const;
const ROOT = join(import.meta.dirname, "../..");
const folderOf = (pack: string, name: string) => readPackSources(pack).find((s) => isFolder(s.doc) && s.doc.name === name)?.doc._id;
const weapon = (name: string) => named("phase-weapons", name).system as Record<string, unknown> & { damage: string; ammo: { value: number; max: number } };
const actor = (name: string) => named(FIGHTER_PACKS.find((p) => docsOf(p).some((d) => d.name === name)) ?? "phase-characters", name);
const itemsOf = (doc: Doc): PhaseItemInput[] => (doc.items ?? []).map((i) => ({ id: i._id, name: i.name!, type: i.type!, system: i.system }));
const derived = (name: string): PhaseDerived => derivePhaseActor(actor(name).system, itemsOf(actor(name)));
const weaponView = (d: PhaseDerived, name: string) => {
  const found = d.weapons.find((w) => w.name === name);
  if (!found) throw new Error(`no weapon ${name}`);
  return found;
};

const systems = () => packSystems(PHASE_PACKS);

/** The data models' problems with one system (validateSystemSource: the registered phase schema), as text. */
const schemaProblems = (documentName: "Actor" | "Item", type: string, system: unknown): string[] =>
  validateSystemSource(documentName, type, system).map((p) => `${p.path} ${p.message}`);

describe("phase pack declarations", () => {
  const declared = declaredPacks();
  const byName = new Map(declared.map((p) => [p.name, p]));

  it("system.json declares the four packs the phase manifest names, players observing all but the foes, labelled in plain English like every other pack", () => {
    expect([...PHASE_MANIFEST.packs].sort()).toEqual([...PHASE_PACKS].sort());
    expect(byName.get("phase-weapons")?.type).toBe("Item");
    expect(byName.get("phase-armor")?.type).toBe("Item");
    expect(byName.get("phase-characters")?.type).toBe("Actor");
    expect(byName.get("phase-foes")?.type).toBe("Actor");
    for (const name of PHASE_PACKS) {
      const pack = byName.get(name);
      expect(pack, name).toMatchObject({ system: "cychosys", path: `packs/${name}`, ownership: { PLAYER: PLAYERS[name], ASSISTANT: "OWNER" } });
      // Plain labels: Foundry v13 shows a pack label's raw lang key in search results and the import dialog.
      expect(pack!.label, name).toMatch(/^Phase-based [A-Z][a-z]+$/);
    }
  });

  it("puts them in a pack folder named for the game, as the ruleset is named", () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, "system.json"), "utf8"));
    const folder = (manifest.packFolders as { name: string; packs?: string[] }[]).find((f) => f.packs?.includes("phase-weapons"));
    expect(folder?.name).toBe(englishString("CYCHOSYS.Ruleset.phase.name"));
    expect(folder?.packs).toEqual([...PHASE_PACKS]);
  });

  it("a phase world shows players the phase packs as declared and hides every other ruleset's; other worlds hide them", () => {
    for (const pack of declared) {
      const phase = (PHASE_PACKS as readonly string[]).includes(pack.name);
      const hidden = { ...pack.ownership, PLAYER: "NONE", TRUSTED: "NONE" };
      expect(packOwnership(pack, MANIFESTS, "phase"), pack.name).toEqual(phase ? pack.ownership : hidden);
      for (const other of MANIFESTS.filter((m) => m.id !== "phase")) {
        if (phase) expect(packOwnership(pack, MANIFESTS, other.id), `${pack.name} in ${other.id}`).toEqual(hidden);
      }
    }
  });
});

describe("phase pack contents", () => {
  it("holds only phase types, weapons and armor in their own packs", () => {
    for (const { where, documentName, doc } of systems()) {
      expect([...(documentName === "Actor" ? PHASE_ACTOR_TYPES : PHASE_ITEM_TYPES)] as string[], where).toContain(doc.type);
    }
    expect(new Set(docsOf("phase-weapons").map((d) => d.type))).toEqual(new Set(["phaseWeapon"]));
    expect(new Set(docsOf("phase-armor").map((d) => d.type))).toEqual(new Set(["phaseArmor"]));
    expect(docsOf("phase-characters").map((d) => d.type)).toEqual(["phaseCharacter"]);
    expect(docsOf("phase-foes").map((d) => d.type)).toEqual(["phaseCharacter", "phaseCharacter"]);
  });

  it("every system validates against the phase data schema (validateSystemSource)", () => {
    const docs = systems();
    expect(docs.length).toBeGreaterThan(30);
    expect(docs.flatMap(({ where, documentName, doc }) => schemaProblems(documentName, doc.type!, doc.system).map((p) => `${where}: ${p}`))).toEqual([]);
  });

  it("the schema check can fail: a bad damage formula, a missing field and an unknown key are each caught", () => {
    const sidearm = structuredClone(named("phase-weapons", "sidearm").system);
    expect(schemaProblems("Item", "phaseWeapon", { ...sidearm, damage: "2d6+x" })).toHaveLength(1);
    const { ready: _ready, ...noReady } = sidearm;
    expect(schemaProblems("Item", "phaseWeapon", noReady)).toHaveLength(1);
    expect(schemaProblems("Actor", "phaseCharacter", { ...actor("Earl").system, strength: 3 })).toHaveLength(1);
  });

  it("every damage formula reads with the core's parser (P28) and writes back the same", () => {
    for (const { where, doc } of systems().filter((s) => s.doc.type === "phaseWeapon")) {
      expect(formatDamageFormula(parseDamageFormula(doc.system.damage as string)), where).toBe(doc.system.damage);
    }
  });

  it("sensible to browse: lower-case names unique in each pack, Foundry's core icons, folders for the weapons, one folder each for the characters and the foes", () => {
    for (const pack of PHASE_PACKS) {
      const names = docsOf(pack).map((d) => d.name!);
      expect(new Set(names).size, pack).toBe(names.length);
    }
    // Foundry v13's own icons (icons/svg/…, icons/<group>/…/*.webp), each path seen in use by other systems' packs.
    for (const { where, doc } of systems()) expect(doc.img as string, where).toMatch(/^icons\/(svg\/[a-z-]+\.svg|environment\/people\/(commoner|infantry)\.webp)$/);
    for (const [pack, name] of [["phase-characters", "Characters"], ["phase-foes", "Foes"]] as const) {
      const folders = readPackSources(pack).map((s) => s.doc).filter(isFolder);
      expect(folders.map((f) => f.name), pack).toEqual([name]);
      for (const doc of docsOf(pack)) expect(doc.folder, `${pack}/${doc.name}`).toBe(folders[0]!._id);
    }
    const folders = readPackSources("phase-weapons").filter((s) => isFolder(s.doc)).map((s) => s.doc.name);
    expect(folders.sort()).toEqual(["Firearms", "Implied by the chapter", "Melee and unarmed"]);
    for (const doc of docsOf("phase-weapons")) expect(doc.folder, doc.name).toBeTruthy();
  });

  it("every weapon and armor says which figures are ours; those the chapter implies say what is the chapter's", () => {
    for (const doc of [...docsOf("phase-weapons"), ...docsOf("phase-armor")]) expect(doc.system.description, doc.name).toMatch(/<p>.*Ours[:;,]/);
    const implied = docsOf("phase-weapons").filter((d) => d.folder === folderOf("phase-weapons", "Implied by the chapter"));
    expect(implied.map((d) => d.name).sort()).toEqual(["frag grenade", "sidearm", "stun pistol", "submachine gun"]);
    for (const doc of implied) expect(doc.system.description, doc.name).toMatch(/The chapter's: /);
    for (const doc of FIGHTER_PACKS.flatMap(docsOf)) expect(doc.system.biography, doc.name).toMatch(/Ours: /);
  });
});

describe("the gear the chapter implies, through the rules core", () => {
  /** A weapon of the pack as the core's catalogue sees it, drawn or not (P8, P39). */
  const actionsOf = (name: string, ready = true) => {
    const doc = named("phase-weapons", name);
    return derivePhaseActor({ reflexes: 3, skills: [] }, [{ id: doc._id, name: doc.name!, type: doc.type!, system: { ...doc.system, ready } }]).weapons[0]!.actions;
  };

  it("P8, P12, P15: the sidearm is semi-automatic, drawn and holstered; drawn it can fire, target and fire (two shots) and suppress", () => {
    expect(weapon("sidearm")).toMatchObject({ kind: "ranged", semiAuto: true, auto: false, ready: false, damage: "2d6" });
    expect(actionsOf("sidearm", false)).toEqual(["draw"]);
    expect(actionsOf("sidearm")).toEqual(["holster", "fire", "targetAndFire", "suppress"]);
    expect(PHASE_STANDARD_RULES.actions.targetAndFire).toMatchObject({ length: "round", checks: 2, targetingPart: true });
  });

  it("P22–P24: the submachine gun bursts (3 rounds), goes full auto (a round action) and suppresses with 10 rounds", () => {
    expect(weapon("submachine gun")).toMatchObject({ auto: true, semiAuto: true, suppressAmmo: 10, ammo: { value: 30, max: 30 } });
    expect(actionsOf("submachine gun")).toEqual(["holster", "fire", "targetAndFire", "burst", "fullAuto", "suppress"]);
    expect(actionsOf("assault rifle")).toContain("fullAuto");
    for (const name of ["sidearm", "revolver", "hunting rifle", "pump shotgun", "stun pistol", "frag grenade"]) expect(actionsOf(name), name).not.toContain("burst");
  });

  it("P12: only semi-automatics take target and fire — not the bolt rifle, the pump shotgun or a grenade", () => {
    for (const name of ["hunting rifle", "pump shotgun", "frag grenade"]) expect(actionsOf(name), name).toEqual(["holster", "fire"]);
    expect(actionsOf("revolver")).toContain("targetAndFire");
  });

  it("P25: melee weapons and fists attack in melee only, ready in hand", () => {
    for (const doc of docsOf("phase-weapons").filter((d) => d.system.kind === "melee")) {
      expect(doc.system.ready, doc.name).toBe(true);
      expect(actionsOf(doc.name!), doc.name).toEqual(["holster", "melee"]);
    }
  });

  it("P27, P28: the stun pistol and the sap make stun points and never a traumatic wound; no other weapon stuns", () => {
    const stunning = docsOf("phase-weapons").filter((d) => d.system.stun === true).map((d) => d.name).sort();
    expect(stunning).toEqual(["sap", "stun pistol"]);
    const out = phaseHeadless.resolve(JSON.stringify({
      version: 1, action: "melee", attacker: { name: "Dana", attribute: 3, skill: 2 }, weapon: { name: "sap", ...pick(weapon("sap")) }, called: "head",
      target: { name: "Leroy" }, dice: { checks: [10], damage: [[6, 6]] },
    }));
    expect(out.checks[0]!.hits[0]!.damage).toMatchObject({ rolled: 12, flesh: 0, stun: 12, traumatic: false });
  });

  it("P27, P29: the frag grenade always wounds traumatically, even when armor stops every point", () => {
    expect(weapon("frag grenade")).toMatchObject({ alwaysTraumatic: true, stun: false, skill: "throw" });
    expect(docsOf("phase-weapons").filter((d) => d.system.alwaysTraumatic === true).map((d) => d.name)).toEqual(["frag grenade"]);
    const out = phaseHeadless.resolve(JSON.stringify({
      version: 1, action: "fire", attacker: { name: "Dana", attribute: 3, skill: 2 }, weapon: { name: "frag grenade", ...pick(weapon("frag grenade")) },
      target: { name: "Earl", armor: { chest: 20 } }, dice: { checks: [9], locations: [3], damage: [[1, 1, 1]] },
    }));
    expect(out.checks[0]!.hits[0]!.damage).toMatchObject({ afterArmor: 0, traumatic: true, reason: "always" });
  });

  it("P29: fists can never reach a trauma threshold (at most 4, the head's is 5); every firearm can reach the chest's 7", () => {
    const most = (name: string) => {
      const f = parseDamageFormula(weapon(name).damage);
      return f.dice * f.faces + f.flat;
    };
    expect(most("fists")).toBeLessThan(Math.min(...Object.values(PHASE_STANDARD_RULES.defaultTraumaThresholds)));
    for (const doc of docsOf("phase-weapons").filter((d) => d.system.kind === "ranged")) expect(most(doc.name!), doc.name).toBeGreaterThanOrEqual(PHASE_STANDARD_RULES.defaultTraumaThresholds.chest);
  });

  it("P28: each armor piece protects the areas it says, and only those; the vest keeps a 2d6 pistol under the chest threshold below 11", () => {
    const cover = (name: string) => Object.entries(named("phase-armor", name).system.areas as Record<string, number>).filter(([, v]) => v > 0).map(([a]) => a);
    expect(cover("helmet")).toEqual(["head"]);
    expect(cover("ballistic vest")).toEqual(["chest", "abdomen"]);
    expect(cover("leather jacket")).toEqual(["chest", "abdomen", "rightArm", "leftArm"]);
    expect(cover("limb guards")).toEqual(["rightArm", "leftArm", "rightLeg", "leftLeg"]);
    expect(cover("combat armor")).toEqual(["chest", "abdomen", "rightArm", "leftArm", "rightLeg", "leftLeg"]);
    const vestChest = (named("phase-armor", "ballistic vest").system.areas as Record<string, number>).chest!;
    expect(10 - vestChest).toBeLessThan(PHASE_STANDARD_RULES.defaultTraumaThresholds.chest);
    expect(11 - vestChest).toBe(PHASE_STANDARD_RULES.defaultTraumaThresholds.chest);
  });
});

/** The weapon fields an attack or sequence scenario takes, from a pack weapon's system. */
function pick(s: Record<string, unknown>) {
  return { kind: s.kind, skill: s.skill, attribute: s.attribute, damage: s.damage, semiAuto: s.semiAuto, auto: s.auto, stun: s.stun, alwaysTraumatic: s.alwaysTraumatic };
}

/** A pack character as a sequence scenario's combatant (docs/rules-command.md), through derive and the core's Fighter. */
function combatant(id: string, name: string): Record<string, unknown> {
  const f: Fighter = phaseFighter(id, name, derived(name));
  const { reflexes: _r, ...attributes } = f.attributes;
  return {
    id, name, reflexes: f.reflexes, attributes, skills: f.skills,
    weapons: Object.values(f.weapons).map((w) => ({
      id: w.name.replace(/\W+/g, "-"), name: w.name, kind: w.kind, skill: w.skill, attribute: w.attribute, damage: formatDamageFormula(w.damage),
      semiAuto: w.semiAuto, auto: w.auto, stun: w.stun, alwaysTraumatic: w.alwaysTraumatic, ammo: w.ammo, suppressAmmo: w.suppressAmmo, ready: w.ready,
    })),
    bodyType: f.chart, missing: f.missing, armor: f.armor, traumaThresholds: f.thresholds,
    flesh: f.wounds.flesh, stun: f.wounds.stun, fleshMax: f.wounds.fleshMax, traumaticWounds: f.wounds.traumas, traumaLimit: f.wounds.traumaLimit,
  };
}

describe("the three ready characters", () => {
  const NAMES = ["Dana Kessler", "Earl", "Leroy"];

  it("are Leroy and Earl of the chapter's example, foes (its two enemies), and one of ours, a player character", () => {
    expect(FIGHTER_PACKS.flatMap(docsOf).map((d) => d.name).sort()).toEqual(NAMES);
    expect(docsOf("phase-characters").map((d) => d.name)).toEqual(["Dana Kessler"]);
  });

  it("one visibility rule: the player character observed by every player, the foes hidden and hostile (each one person, so linked)", () => {
    const token = (d: Doc) => (d as Doc & { prototypeToken: { actorLink: boolean; disposition: number; texture: { src: string } } }).prototypeToken;
    for (const doc of docsOf("phase-characters")) {
      expect(doc.ownership, doc.name).toEqual({ default: 2 });
      expect(token(doc), doc.name).toMatchObject({ actorLink: true, disposition: 1, texture: { src: doc.img } });
    }
    for (const doc of docsOf("phase-foes")) {
      expect(doc.ownership, doc.name).toEqual({ default: 0 });
      expect(token(doc), doc.name).toMatchObject({ actorLink: true, disposition: -1, texture: { src: doc.img } });
    }
  });

  it("derive cleanly: no problems, every weapon's skill and attribute known, unhurt, linked to their tokens", () => {
    for (const name of NAMES) {
      const d = derived(name);
      expect(d.problems, name).toEqual([]);
      expect(d.weapons.length, name).toBeGreaterThan(1);
      for (const w of d.weapons) expect(w.skillValue, `${name}: ${w.name}`).toBeGreaterThan(0);
      expect(d.wounds, name).toMatchObject({ flesh: 0, stun: 0, traumaticWounds: [], penalty: 0, states: [], outOfAction: false });
      expect((actor(name) as Doc & { prototypeToken: { actorLink: boolean } }).prototypeToken.actorLink, name).toBe(true);
      for (const a of AREAS) expect(d.thresholds[a], `${name} ${a}`).toBe(PHASE_STANDARD_RULES.defaultTraumaThresholds[areaKind(a)]);
    }
  });

  it("the derive check can fail: a weapon whose skill the character lacks is a problem", () => {
    const earl = actor("Earl");
    const items = itemsOf(earl).map((i) => (i.name === "sidearm" ? { ...i, system: { ...(i.system as object), skill: "rifle" } } : i));
    expect(derivePhaseActor(earl.system, items).problems.map((p) => p.i18nKey)).toEqual(["CYCHOSYS.Phase.Data.noSkill"]);
  });

  it("seed check 1 (P5): Reflexes 4 and 5 turn the rolls 5+7 and 7+9 into the chapter's 16 and 21", () => {
    expect(rollInitiative([5, 7], derived("Leroy").initiativeBonus).total).toBe(16);
    expect(rollInitiative([7, 9], derived("Earl").initiativeBonus).total).toBe(21);
  });

  it("P7, P8: both sidearms start holstered, so drawing is the first thing each can declare; Earl's fastdraw is 1d10 + 7", () => {
    for (const name of ["Leroy", "Earl"]) expect(weaponView(derived(name), "sidearm")).toMatchObject({ ready: false, actions: ["draw"] });
    const earl = derived("Earl");
    expect(earl.attributes.reflexes! + earl.skills.fastdraw!).toBe(7);
    expect(checkChance(7, PHASE_STANDARD_RULES.standardTN)).toBeCloseTo(0.8);
  });

  it("P17: the chances the biographies state — Leroy 70%, Earl 90%, Dana's submachine gun 70%", () => {
    expect(weaponView(derived("Leroy"), "sidearm").chance).toBeCloseTo(0.7);
    expect(weaponView(derived("Earl"), "sidearm").chance).toBeCloseTo(0.9);
    expect(weaponView(derived("Dana Kessler"), "submachine gun")).toMatchObject({ ready: true, actions: ["holster", "fire", "targetAndFire", "burst", "fullAuto", "suppress"] });
    expect(weaponView(derived("Dana Kessler"), "submachine gun").chance).toBeCloseTo(0.7);
  });

  it("P28: worn armor adds up by area (Leroy's jacket, Earl's vest, Dana's vest and helmet)", () => {
    expect(derived("Leroy").armor).toEqual({ head: 0, chest: 1, abdomen: 1, rightArm: 1, leftArm: 1, rightLeg: 0, leftLeg: 0 });
    expect(derived("Earl").armor).toEqual({ head: 0, chest: 4, abdomen: 3, rightArm: 0, leftArm: 0, rightLeg: 0, leftLeg: 0 });
    expect(derived("Dana Kessler").armor).toEqual({ head: 3, chest: 4, abdomen: 3, rightArm: 0, leftArm: 0, rightLeg: 0, leftLeg: 0 });
    expect(weaponView(derived("Dana Kessler"), "frag grenade")).toMatchObject({ ammo: 2, ammoMax: 2, alwaysTraumatic: true });
  });

  it("seed checks 1–5 replay with the pack's Leroy and Earl as the rules example does (rules --sequence)", () => {
    const example = JSON.parse(readFileSync(join(ROOT, "examples/phase/sequences/seed-01-05-leroy-and-earl.json"), "utf8"));
    const expected = readFileSync(join(ROOT, "examples/phase/sequences/outcomes/seed-01-05-leroy-and-earl.json"), "utf8");
    const scenario = { ...example, combatants: [combatant("leroy", "Leroy"), combatant("earl", "Earl")] };
    const text = JSON.stringify(scenario).replaceAll('"weapon":"pistol"', '"weapon":"sidearm"');
    expect(text).toContain('"weapon":"sidearm"');
    const outcome = phaseHeadless.sequence(text);
    // The example's fighters carry one "pistol"; the pack's carry a "sidearm", and fists these phases never touch.
    const want = JSON.parse(expected.replaceAll('"weapon": "pistol"', '"weapon": "sidearm"'));
    for (const f of Object.values(want.fighters) as { weapons: Record<string, unknown> }[]) {
      f.weapons = { fists: { ammo: 0, ready: true }, sidearm: f.weapons.pistol };
    }
    expect(outcome).toEqual(want);
    expect(outcome.phases[0]!.initiative.map((i: { id: string; total: number }) => [i.id, i.total])).toEqual([["leroy", 16], ["earl", 21]]);
  });

  it("an attack with the pack's figures (rules): Earl's sidearm at Leroy's chest through his jacket, 2d6 of 5 and 4 → 8 flesh, a traumatic wound", () => {
    const leroy = combatant("leroy", "Leroy");
    const out = phaseHeadless.resolve(JSON.stringify({
      version: 1, action: "fire", attacker: { name: "Earl", attribute: 5, skill: 3 }, weapon: { name: "sidearm", ...pick(weapon("sidearm")), ammo: 12 },
      targeting: true, called: "chest",
      target: { name: "Leroy", armor: leroy.armor, traumaThresholds: leroy.traumaThresholds, fleshMax: leroy.fleshMax },
      dice: { checks: [3], damage: [[5, 4]] },
    }));
    expect(out.checks[0]!).toMatchObject({ total: 11, result: "hit" });
    expect(out.checks[0]!.hits[0]!).toMatchObject({ area: "chest", damage: { rolled: 9, armor: 1, afterArmor: 8, flesh: 8, threshold: 7, traumatic: true } });
  });
});

describe("phase packs: compile → extract", () => {
  it("gives back the same files, byte for byte", () => expectRoundTrip(PHASE_PACKS), 60_000);
});
