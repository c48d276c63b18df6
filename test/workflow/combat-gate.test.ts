/**
 * Issue 22 (unmetered attacker): the shared gate every card ruleset's
 * `declare` passes before it meters the attacker (src/core/transport/combat-gate.ts).
 */
import { describe, expect, it } from "vitest";
import { attackerInCombat } from "../../src/core/transport/combat-gate.js";
import type { CombatantRef } from "../../src/core/transport/ports.js";
import { localizeWith } from "../../src/core/localize.js";
import { english } from "../../src/core/messages.js";

const ref = (combat: string, id: string): CombatantRef => ({ combat: { id: combat, update: async () => undefined }, combatant: { id } });
const player = { id: "p1", name: "Player", isGM: false };
const gm = { id: "gm", name: "GM", isGM: true };
const fighters: Record<string, CombatantRef> = { "Actor.hero": ref("c1", "a"), "Actor.thug": ref("c1", "b"), "Actor.far": ref("c2", "c") };
const env = { combatantOf: (uuid: string) => fighters[uuid] };
const hero = { uuid: "Actor.hero", name: "Hero" };
const pet = { uuid: "Actor.pet", name: "Pet" };
const thug = { actorUuid: "Actor.thug", name: "Thug" };
const bystander = { actorUuid: "Actor.bystander", name: "Bystander" };

describe("attackerInCombat (a fighter in a started combat is attacked only through the combat)", () => {
  it("a combatant attacking a fighter of the same combat goes on, with the combatant to meter", () => {
    expect(attackerInCombat(env, hero, [thug], player)).toBe(fighters["Actor.hero"]);
  });

  it("unmetered attacker: a player's second actor, never added to the fight, is refused with what to do", () => {
    let refusal: unknown;
    try {
      attackerInCombat(env, pet, [thug], player);
    } catch (error) {
      refusal = error;
    }
    expect(localizeWith((key, params) => english(key, params), refusal)).toBe(
      "Pet is not fighting in the combat Thug is in, so cannot attack Thug now. Add Pet's token to that combat and attack on Pet's turn.",
    );
  });

  it("a combatant of another combat is outside this one", () => {
    expect(() => attackerInCombat(env, { uuid: "Actor.far", name: "Far" }, [thug], player)).toThrow();
  });

  it("one target in the fight among several is enough to require the combat", () => {
    expect(() => attackerInCombat(env, pet, [bystander, thug], player)).toThrow();
  });

  it("no target in a combat: anyone may attack, unmetered (no fight to meter against)", () => {
    expect(attackerInCombat(env, pet, [bystander], player)).toBeUndefined();
    expect(attackerInCombat(env, pet, [], player)).toBeUndefined();
  });

  it("the GM may attack on an NPC's behalf from outside the tracker; a GM's combatant is still returned to meter", () => {
    expect(attackerInCombat(env, pet, [thug], gm)).toBeUndefined();
    expect(attackerInCombat(env, hero, [thug], gm)).toBe(fighters["Actor.hero"]);
  });
});
