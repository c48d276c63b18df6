/**
 * The CWN packs' figures through the rules core: the chapter's rules each
 * item or foe is there to show (W18, W19, W21–W24, W26, W32), the foes'
 * stat blocks agreeing with the armor they say they wear, and the packs'
 * thug, ganger, bouncer and weapons resolving every attack example of
 * examples/cwn exactly as the example's own figures do.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { attackerInput, deriveCwnActor, defenderInput } from "../../src/rulesets/cwn/data/derive.js";
import {
  CWN_STANDARD_RULES, type CwnAttackInput, type CwnAttackScenario, cwnHeadless, reloadCost, resolveCwnAttack, screenBar, swarmBonus,
} from "../../src/rulesets/cwn/rules/index.js";
import { asItem, docsOf, foe, named, weaponOf } from "./cwn-pack-docs.js";

const rules = CWN_STANDARD_RULES;
/** An attack by a pack foe with one of its weapons on another pack foe, every die given. */
function attack(by: string, weapon: string, on: string, patch: Partial<CwnAttackInput> = {}) {
  const a = foe(by).derived;
  const d = foe(on).derived;
  return resolveCwnAttack({ attacker: attackerInput(a, weaponOf(a, weapon).id)!, defender: defenderInput(d), roll: 10, traumaDice: [1], damageDice: [1], ...patch }, rules);
}

describe("the chapter's rules, shown by the packs' items and foes", () => {
  it("W21: fists add Punch to damage, not to Shock; body blades hit with Punch and add nothing from it to damage", () => {
    const fists = weaponOf(foe("Club bouncer").derived, "Fists");
    // Str +1 and Punch-1 (the bouncer's combat skills are 1).
    expect(fists).toMatchObject({ unarmed: true, skill: "punch", skillLevel: 1, damageBonus: 2, shock: { damage: 2, ac: 12 } });
    const blades = weaponOf(foe("Chromed bodyguard").derived, "Body blades");
    // Base hit +2, Str or Dex +1, Punch-2 to hit; only the attribute to damage.
    expect(blades).toMatchObject({ bodyWeapon: true, skill: "punch", hitBonus: 5, damageBonus: 1, shock: { damage: 2, ac: 13 } });
  });

  it("W22: the response team's rifle cannot fire beside a melee-armed foe; a pistol and a throwing knife can, at −4", () => {
    expect(attack("Corporate response team", "Combat rifle", "Gangers", { adjacentFoe: "armed" }).refused).toBe("twoHandedMeleeFoe");
    expect(attack("Corporate response team", "Combat rifle", "Gangers", { adjacentFoe: "fists" }).refused).toBeNull();
    const pistol = attack("Gangers", "Heavy pistol", "Corporate response team", { adjacentFoe: "armed" });
    expect(pistol.refused).toBeNull();
    // 10 + base hit 1 + Dex 1 + Shoot-1 − 4.
    expect(pistol.hitRoll).toMatchObject({ total: 9 });
    expect(pistol.hitRoll!.parts).toContainEqual(expect.objectContaining({ source: "meleeFoeAdjacent", value: -4 }));
    const knife = deriveCwnActor("cwnNpc", named("cwn-foes", "Gangers").system, [asItem(named("cwn-weapons", "Throwing knife"))]);
    const thrown = resolveCwnAttack({ attacker: attackerInput(knife, knife.weapons[0]!.id)!, defender: defenderInput(foe("Street thugs").derived), adjacentFoe: "armed", roll: 10, traumaDice: [1], damageDice: [1] }, rules);
    expect(thrown.refused).toBeNull();
    expect(thrown.ac).toMatchObject({ kind: "ranged" });
  });

  it("W22: the gangers' knife and the bodyguard's body blades are melee weapons in hand; the bouncer's fists are not", () => {
    const inHand = (name: string) => foe(name).derived.weapons.some((w) => w.state === "readied" && w.kind === "melee" && !w.unarmed);
    expect(inHand("Gangers")).toBe(true);
    expect(inHand("Chromed bodyguard")).toBe(true);
    expect(inHand("Club bouncer")).toBe(false);
  });

  it("W18, W24: the riot shield makes its bearers immune to a miss's Shock, but not to a swarm's", () => {
    const police = foe("Riot police").derived;
    expect(police.shockImmune).toBe(true);
    // 2 + 1 + 1 + 1 = 5 against AC 13: a miss; the machete's Shock 2 + Str 1 = 3 reaches AC 13.
    const plain = attack("Street thugs", "Machete", "Riot police", { roll: 2 });
    expect(plain).toMatchObject({ hit: false, dealt: 0 });
    const swarm = attack("Street thugs", "Machete", "Riot police", { roll: 2, action: "swarm", swarm: { participants: 4, standing: 4 } });
    expect(swarm).toMatchObject({ hit: false, dealt: 3 });
    expect(swarm.harm).toMatchObject({ hpBefore: 6, hpAfter: 3 });
    expect(attack("Street thugs", "Machete", "Gangers", { roll: 2 }).dealt).toBe(3);
  });

  it("W24: the street thugs are a full swarm: four, striking at +6 / +3", () => {
    const thugs = named("cwn-foes", "Street thugs").system;
    expect(thugs.groupSize).toBe(rules.swarmMaxParticipants);
    expect(swarmBonus((thugs.groupSize as number) - 1, rules)).toEqual({ hit: 6, damage: 3 });
  });

  it("W19: the bouncer's vest soaks first: 8 damage leaves soak 0 and 10 hit points at 7 (seed check 5)", () => {
    const bouncer = foe("Club bouncer").derived;
    expect(bouncer.soak).toEqual({ value: 5, max: 5 });
    // The thug's maul: 17 + 3 hits AC 13; 2d6 4 + 3 + Str 1 = 8.
    const blow = resolveCwnAttack({ attacker: attackerInput(foe("Street thugs", [named("cwn-weapons", "Maul")]).derived, named("cwn-weapons", "Maul")._id)!, defender: defenderInput(bouncer), roll: 17, traumaDice: [3], damageDice: [4, 3] }, rules);
    expect(blow.harm).toMatchObject({ damage: 8, soakBefore: 5, soaked: 5, soakAfter: 0, hpBefore: 10, hpAfter: 7 });
  });

  it("W23, W26: Sable may Snap Attack and the nameless may not; Sable and the bodyguard screen two attackers, the bodyguard gunfire too", () => {
    for (const actor of docsOf("cwn-foes")) expect(foe(actor.name!).derived.canSnap, actor.name).toBe(actor.name === "Sable, gang lieutenant");
    const sable = foe("Sable, gang lieutenant").derived;
    const guard = foe("Chromed bodyguard").derived;
    expect([sable.screenUses, guard.screenUses]).toEqual([2, 2]);
    const bar = (d: typeof sable, kind: "melee" | "ranged") => screenBar({ highestSkill: d.highestCombatSkill, usesLeft: d.screenUses, integralCyberArmor: d.integralCyberArmor }, kind, rules);
    expect(bar(guard, "ranged")).toBeNull();
    expect(bar(sable, "ranged")).toBe("gunfire");
    expect(bar(sable, "melee")).toBeNull();
    expect(attack("Sable, gang lieutenant", "Heavy pistol", "Gangers", { action: "snap" }).refused).toBeNull();
    expect(attack("Gangers", "Heavy pistol", "Street thugs", { action: "snap" }).refused).toBe("cannotSnap");
  });

  it("W32: the bow and crossbow reload On Turn with a Readied quiver and Shoot-1, else as a Move; the guns as a Main", () => {
    for (const name of ["Modern bow", "Modern crossbow"]) {
      const reload = named("cwn-weapons", name).system.reloadAction as "bow";
      expect(reloadCost(reload, { quiverReadied: true, shootLevel: 1 }, rules), name).toBe("onTurn");
      expect(reloadCost(reload, { quiverReadied: true, shootLevel: 0 }, rules), name).toBe("move");
      expect(reloadCost(reload, { quiverReadied: false, shootLevel: 2 }, rules), name).toBe("move");
    }
    for (const name of ["Heavy pistol", "Combat rifle"]) {
      const s = named("cwn-weapons", name).system as { reloadAction: "main"; magazine: { value: number; max: number } };
      expect(reloadCost(s.reloadAction, { quiverReadied: false, shootLevel: 0 }, rules), name).toBe("main");
      expect(s.magazine.max, name).toBeGreaterThan(1);
    }
  });

  it("W18, W22: melee weapons have a Shock rating and ranged ones none; the rifle, bow, crossbow and maul are two-handed", () => {
    for (const weapon of docsOf("cwn-weapons")) {
      const s = weapon.system as { kind: string; shock: { enabled: boolean }; twoHanded: boolean; range: { normal: number; max: number } };
      expect(s.shock.enabled, weapon.name).toBe(s.kind === "melee");
      expect(s.twoHanded, weapon.name).toBe(["Combat rifle", "Modern bow", "Modern crossbow", "Maul"].includes(weapon.name!));
      if (s.kind === "melee") expect(s.range, weapon.name).toEqual({ normal: 0, max: 0 });
      else expect(0 < s.range.normal && s.range.normal < s.range.max, weapon.name).toBe(true);
    }
  });
});

describe("stat blocks agree with the armor their notes name", () => {
  /** A character with the foe's Dexterity modifier (score 10 → +0, 14 → +1) wearing the armor: the stat block's AC, soak and Trauma Target. */
  it.each([
    ["Club bouncer", "Ballistic vest"],
    ["Corporate response team", "Tactical armor"],
    ["Chromed bodyguard", "Integral cyber-armor"],
    ["Riot police", "Riot shield"],
    ["Sable, gang lieutenant", "Armored clothing"],
  ])("%s: %s", (name, armor) => {
    const npc = foe(name);
    expect(npc.doc.system.notes as string).toMatch(new RegExp(armor.split(" ")[0]!, "i"));
    const dex = npc.derived.attributes.dex.modifier;
    const wearer = deriveCwnActor("cwnCharacter", { attributes: { str: 10, dex: dex === 1 ? 14 : 10, con: 10, int: 10, wis: 10, cha: 10 } }, [asItem(named("cwn-armor", armor))]);
    expect(wearer.attributes.dex.modifier).toBe(dex);
    expect({ ac: npc.derived.ac, soak: npc.derived.soak.max, traumaTarget: npc.derived.traumaTarget }).toEqual({ ac: wearer.ac, soak: wearer.soak.max, traumaTarget: wearer.traumaTarget });
  });
});

describe("the packs in the rules examples (examples/cwn)", () => {
  const DIR = join(import.meta.dirname, "../../examples/cwn");
  const attacks = readdirSync(DIR).filter((f) => f.endsWith(".json"))
    .map((file) => ({ file, scenario: cwnHeadless.parseScenario(readFileSync(join(DIR, file), "utf8")) }))
    .filter((x): x is { file: string; scenario: CwnAttackScenario } => x.scenario.kind === "attack");
  const PACK_FOE: Record<string, string> = { "a thug": "Street thugs", "the ganger": "Gangers", "the bouncer": "Club bouncer" };
  const packWeapon = (name: string) => docsOf("cwn-weapons").find((w) => w.name!.toLowerCase() === name);

  it("every weapon of every attack example is a pack weapon", () => {
    expect(attacks.length).toBeGreaterThan(20);
    for (const { file, scenario } of attacks) expect(packWeapon((scenario.input.attacker.weapon as { name?: string }).name ?? ""), file).toBeDefined();
  });

  it("with the packs' weapons, thug, ganger and bouncer in place of the example's own figures, every attack resolves the same", () => {
    let foes = 0;
    for (const { file, scenario } of attacks) {
      const input = scenario.input;
      const weapon = packWeapon((input.attacker.weapon as { name?: string }).name!)!;
      const packed: CwnAttackInput = { ...input, attacker: { ...input.attacker, weapon: deriveCwnActor("cwnCharacter", {}, [asItem(weapon)]).weapons[0]!.rules } };
      const attacker = PACK_FOE[scenario.names.attacker ?? ""];
      if (attacker) {
        const derived = foe(attacker, [weapon]).derived;
        packed.attacker = { ...input.attacker, ...attackerInput(derived, weapon._id)! };
        foes++;
      }
      const defender = PACK_FOE[scenario.names.defender ?? ""];
      // 02c's ganger stands at an AC of 25/30 to show a natural 20; the others are the pack's.
      if (defender && file !== "02c-natural-20-hits.json") {
        const d = input.defender;
        // Hit points are the example's moment (02a and 03 give the ganger more to show the figures).
        packed.defender = { ...d, ...defenderInput(foe(defender).derived, { prone: d.prone, charging: d.charging, totalDefense: d.totalDefense }), hp: d.hp };
        foes++;
      }
      expect(resolveCwnAttack(packed, scenario.rules), file).toEqual(resolveCwnAttack(input, scenario.rules));
    }
    expect(foes).toBeGreaterThan(20);
  });
});
