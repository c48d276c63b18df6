/**
 * The GURPS tracker on the clients: `registerGurpsCombat` (parser, handlers,
 * hooks), the maneuver dialog (its fifteen maneuvers, the choice sent as a
 * request naming his turn, which the GM carries out), the order re-sorted
 * when the combat's flags change, a late joiner slotted by the GM (G9),
 * no initiative roll for a player (G9).
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { createdMessages, FakeCombatant, gm, notifications, player, setUsers, world, FakeMessage } from "./fakes.js";
import { deliver, duel, GurpsFakeActor } from "./gurps-fakes.js";
import { renderedTemplates } from "../foundry/fakes.js";
import { readGurpsRound } from "../../src/rulesets/gurps/combat/round-state.js";
import { readGurpsOrder } from "../../src/rulesets/gurps/combat/tracker-plan.js";
import { beginGurpsTurn, registerGurpsCombat } from "../../src/foundry/gurps/combat.js";
import { promptManeuver } from "../../src/foundry/gurps/tracker.js";

const g = globalThis as any;
const hooks = new Map<string, (...args: unknown[]) => unknown>();
g.Hooks = { once: () => {}, on: (name: string, fn: (...args: unknown[]) => unknown) => hooks.set(name, fn) };
let answer: unknown = null;
g.foundry.applications.api.DialogV2 = { prompt: async () => answer };
registerGurpsCombat();

const sentBy = (author: typeof player) =>
  createdMessages.filter((m) => (m.flags as any)?.cychosys?.combatRequest).map((m, i) => new FakeMessage(`sent${i}-${Math.random()}`, author, m.flags as Record<string, unknown>));

beforeEach(() => {
  setUsers(gm, gm);
  createdMessages.length = 0;
  notifications.warn.length = 0;
  renderedTemplates.length = 0;
});

describe("the GURPS tracker on the clients", () => {
  it("registers its hooks", () => {
    expect([...hooks.keys()]).toEqual(expect.arrayContaining(["renderCombatTracker", "updateCombat", "createCombatant"]));
  });

  it("G10: the dialog lists the fifteen maneuvers; the player's choice travels as a request naming his turn; the GM carries it out", async () => {
    const { combat, c } = await duel();
    await beginGurpsTurn(combat as never);
    setUsers(player, { id: "gm", isSelf: false });
    answer = { maneuver: "allOutAttack", aoaOption: "strong", targetId: "pierre", itemId: "", waitTrigger: "", waitResponse: "attack", aodOption: "increasedDodge" };
    await promptManeuver(combat as never, c.louis as never);
    const view = renderedTemplates.at(-1)!.context as { maneuvers: unknown[] };
    expect(view.maneuvers).toHaveLength(15);
    const [message] = sentBy(player);
    expect((message!.flags as any).cychosys.combatRequest).toEqual({
      kind: "gurpsManeuver", combatId: "combat1", combatantId: "louis", turn: 1, choice: { id: "allOutAttack", targetId: "pierre", aoaOption: "strong" },
    });
    setUsers(gm, gm);
    world.messages.push(message!);
    await deliver(message!);
    expect(readGurpsRound({ combat: combat as never, combatant: c.louis as never }).maneuver).toEqual({ id: "allOutAttack", aoaOption: "strong", targetId: "pierre" });
  });

  it("a dismissed dialog sends nothing", async () => {
    const { combat, c } = await duel();
    answer = null;
    setUsers(player, { id: "gm", isSelf: false });
    await promptManeuver(combat as never, c.louis as never);
    expect(sentBy(player)).toHaveLength(0);
  });

  it("G9: a change of the kept keys re-sorts, a round state or a turn's start does not; a late joiner is slotted by the GM with a kept key; a player's roll rolls nothing", async () => {
    const { combat } = await duel();
    const setupTurns = vi.fn();
    (combat as any).setupTurns = setupTurns;
    for (const changed of [{ flags: {} }, { flags: { cychosys: { rounds: { louis: { posture: "prone" } } } } }, { flags: { cychosys: { gurpsOrder: { acting: "louis", at: "1.0" } } } }, { round: 2 }]) {
      hooks.get("updateCombat")!(combat, changed);
    }
    expect(setupTurns).not.toHaveBeenCalled();
    for (const changed of [{ flags: { cychosys: { gurpsOrder: { keys: { ranger: { basicSpeed: 7, dx: 13, draw: 0.5 } } } } } }, { flags: { cychosys: { "-=gurpsOrder": null } } }]) {
      hooks.get("updateCombat")!(combat, changed);
    }
    expect(setupTurns).toHaveBeenCalledTimes(2);
    const ranger = new GurpsFakeActor({ id: "ranger", name: "Ranger", basicSpeed: 7, dx: 13 });
    const joiner = new FakeCombatant(ranger);
    joiner.combat = combat;
    combat.list.push(joiner);
    hooks.get("createCombatant")!(joiner);
    await vi.waitFor(() => expect(readGurpsOrder(combat.flags).keys.ranger).toMatchObject({ basicSpeed: 7, dx: 13 }), { timeout: 30_000 });
    expect(combat.turns.map((t) => t.id)[0]).toBe("ranger");
    setUsers(player, { id: "gm", isSelf: false });
    await combat.rollInitiative(["louis"]);
    expect(notifications.info.at(-1)).toContain("rolls no initiative");
  });
});
