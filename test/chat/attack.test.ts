import { describe, expect, it } from "vitest";
import { parker, thorton } from "../fixtures/cast.js";
import { assertMayAttack, planAttack } from "../../src/chat/attack.js";
import { readRoundState } from "../../src/combat/round-state.js";
import { grantParryBonus, newRoundState, type RoundState, useAction } from "../../src/workflow/round.js";
import { FakeActor, FakeCombatant } from "./fakes.js";

const parkerActor = new FakeActor("Actor.parker", "Parker", "character", parker, ["p1"]);
const thortonActor = new FakeActor("Actor.thorton", "Thorton", "npc", thorton, []);
const RIDDLE = { actorUuid: "Actor.riddle", name: "Riddle" };
const THORTON = { actorUuid: thortonActor.uuid, name: "Thorton" };
const pistol = { name: "Rose's pellet pistol", edge: "FB2" };
const choices = { totalKey: "gear:wpPistol", modifier: 0, added: [] as string[] };
const faces = [5, 5, 5, 5, 5];

/** Parker's combatant, its round state held by its combat (`flags.cychosys.rounds.<id>`). */
function withRound(state: RoundState): FakeCombatant {
  const combatant = new FakeCombatant(parkerActor);
  combatant.combat.flags = { cychosys: { rounds: { [combatant.id]: state } } };
  return combatant;
}

function attack(combatant?: FakeCombatant, targets = [THORTON]) {
  return planAttack({
    id: "a1",
    attacker: { actorUuid: parkerActor.uuid, name: "Parker" },
    derived: parkerActor.system.derived!,
    gear: pistol,
    choices,
    faces,
    targets,
    ...(combatant && { combatant }),
  });
}

describe("starting an attack (R13, R15, R25)", () => {
  it("outside a combat: the flow only, no round state to change", () => {
    const planned = attack();
    expect(planned.combatantUpdate).toBeUndefined();
    expect(planned.flow.attack.total).toBe(11 + 25);
    expect(planned.flow.targets.map((t) => t.target)).toEqual([THORTON]);
  });

  it("R15: in a combat the attack spends the combatant's action; with none left it is refused before the dialog", async () => {
    const combatant = withRound(newRoundState());
    expect(() => assertMayAttack(combatant)).not.toThrow();
    const planned = attack(combatant);
    await combatant.combat.update(planned.combatUpdate!);
    expect(readRoundState(combatant.combat, combatant).budget.spent).toBe(1);
    expect(() => assertMayAttack(combatant)).toThrow("No action left this round. An extra action costs 6 fatigue (R15, R16).");
    expect(() => attack(combatant)).toThrow("No action left this round.");
  });

  it("R25: the parry bonus held against the one target is added to the total, shown as an addend, and used up", async () => {
    const combatant = withRound(grantParryBonus(newRoundState(1), { againstUuid: THORTON.actorUuid, bonus: 4 }));
    const planned = attack(combatant);
    expect(planned.parryBonus).toBe(4);
    expect(planned.flow.attack.total).toBe(11 + 25 + 4);
    expect(planned.flow.attack.roll!.terms).toContainEqual({ kind: "parryBonus", value: 4 });
    await combatant.combat.update(planned.combatUpdate!);
    expect(readRoundState(combatant.combat, combatant).parryBonuses).toEqual([]);
    // The next attack on him has no bonus left.
    expect(attack(combatant).parryBonus).toBe(0);
  });

  it("R25: a bonus against someone else, or an attack on two targets, adds nothing", () => {
    const combatant = withRound(grantParryBonus(newRoundState(1), { againstUuid: THORTON.actorUuid, bonus: 4 }));
    expect(attack(combatant, [RIDDLE]).parryBonus).toBe(0);
    expect(attack(combatant, [RIDDLE, THORTON]).parryBonus).toBe(0);
  });

  it("a spent combatant from an earlier round state is read as stored, not reset", () => {
    const combatant = withRound(useAction(newRoundState()).state);
    expect(() => assertMayAttack(combatant)).toThrow("No action left");
  });
});
