/**
 * The Cities Without Number tracker on the GM's side and the clients (W2–W37):
 * the sides before the fight (a player rolls their side's d8, the GM marks
 * surprise and groups), the fight started by the GM's client (owed rolls and
 * ties rolled, W3), turns by side (W4), actions from the tracker with the
 * core's refusals, Morale (W6), swarms (W24), a side arriving (W3), the end
 * of the fight (W1, W19) — and the hostile table: forged fields, a player
 * acting for another's fighter or side, a replay, two requests at once, a
 * failure halfway. Requests go the whole way: a message written by its
 * author, the active GM's client, the schema, the queue, the handler, the
 * documents (the fakes' permission model). Foundry's dice are fixed faces.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { asUser, createdMessages, gm, mallory, PermissionError, player, replies, resetCombatWorld, setUsers, type FakeUser } from "./fakes.js";
import { capturingErrors } from "../fixtures/console.js";

const queued: number[] = [];
vi.mock("../../src/foundry/cwn/dice.js", () => ({
  rollAndShow: async (groups: { count: number; faces: number }[]) => groups.map((g) => Array.from({ length: g.count }, () => queued.shift() ?? 1)),
  rollGroups: async () => ({ roll: null, faces: [] }),
  showDice: async () => undefined,
}));

const { cwnFight, deliver, requestFrom, send } = await import("./cwn-fakes.js");
const { afterFight } = await import("../../src/foundry/cwn/fight-start.js");
const { markerUpdate } = await import("../../src/foundry/cwn/combat-actions.js");

const bob: FakeUser = { id: "bob", name: "Bob", isGM: false, isSelf: true };
const g = globalThis as any;
beforeEach(() => {
  resetCombatWorld();
  queued.length = 0;
});
afterEach(() => {
  g.game.combats = { contents: [] };
});

const setupOf = (combat: { flags: Record<string, any> }) => combat.flags.cychosys?.cwnSetup;
/** The last reply whispered to a user, as text (the message escapes it). */
const said = (userId: string) => (replies(userId).at(-1) ?? "").replace(/&#39;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&");

/** The crew rolled 6 (+1 Dex = 7) before the fight; the GM begins it, the guards' d8 is 3 (+1 = 4). */
async function started() {
  const w = cwnFight();
  await send(player, { kind: "cwnRollSide", combatId: "combat1", sideId: "pcs", face: 6 });
  queued.push(3);
  await w.combat.startCombat();
  await w.combat.update(markerUpdate(w.combat as never, w.fight()));
  return w;
}

describe("before the fight (W2, W3)", () => {
  it("a player rolls their own side's d8 once; not the guards'; the GM marks a side surprised and groups a combatant", async () => {
    const w = cwnFight();
    await send(player, { kind: "cwnRollSide", combatId: "combat1", sideId: "hostile", face: 8 });
    expect(said("alice")).toContain("Only the owners of that side's members roll for it");
    await send(player, { kind: "cwnRollSide", combatId: "combat1", sideId: "pcs", face: 6 });
    await send(player, { kind: "cwnRollSide", combatId: "combat1", sideId: "pcs", face: 8 });
    expect(said("alice")).toContain("have rolled already");
    expect(setupOf(w.combat).rolls).toEqual({ pcs: { roll: 6, tieRolls: [] } });
    await send(player, { kind: "cwnSurprise", combatId: "combat1", sideId: "hostile", surprised: true });
    expect(said("alice")).toContain("Only a GM may set");
    await send(gm, { kind: "cwnSurprise", combatId: "combat1", sideId: "hostile", surprised: true });
    await send(gm, { kind: "cwnGroup", combatId: "combat1", combatantId: "guard2", sideId: "snipers" });
    expect(setupOf(w.combat)).toMatchObject({ surprised: ["hostile"], groups: { guard2: "snipers" } });
  });

  it("what a player writes on the combat is refused by Foundry; on their own combatant it changes nothing the GM reads", async () => {
    const w = cwnFight();
    await asUser(player, async () => {
      await expect(w.combat.update({ "flags.cychosys.cwnSetup": { groups: {}, surprised: [], rolls: { pcs: { roll: 8, tieRolls: [] } } } })).rejects.toThrow(PermissionError);
      await w.c.vee.update({ initiative: 99, "flags.cychosys.cwnCombat": { round: 9 } });
    });
    expect(setupOf(w.combat)).toBeUndefined();
  });
});

describe("the fight starts (W2, W3)", () => {
  it("the GM's client rolls the guards' d8, starts the fight, orders the turns side by side and marks the crew's first member; totals shown", async () => {
    const w = await started();
    const fight = w.fight();
    expect(fight.order).toEqual(["pcs", "hostile"]);
    expect(fight.sides.pcs!.initiative).toEqual({ roll: 6, dex: 1, total: 7 });
    expect(fight.sides.hostile!.initiative).toEqual({ roll: 3, dex: 1, total: 4 });
    expect(w.combat.turns.map((t) => t.id)).toEqual(["vee", "mack", "guard1", "guard2"]);
    expect(w.combat.combatant?.id).toBe("vee");
    expect(w.c.vee.initiative).toBe(7);
    expect(w.c.g1.initiative).toBe(4);
    expect(createdMessages.some((m) => String(m.content).includes("Initiative (W3): Player characters 7, Hostile 4."))).toBe(true);
  });

  it("W3: two non-player sides tied roll again between them, on the GM's client, until one is ahead", async () => {
    const w = cwnFight();
    await send(gm, { kind: "cwnGroup", combatId: "combat1", combatantId: "guard2", sideId: "snipers" });
    // The owed d8s in the order the sides first appear (guards, crew, snipers): 3 + 1, 6 + 1, 3 + 1 — the guards and snipers tied at 4.
    queued.push(3, 6, 3, 4, 4, 5, 2);
    await w.combat.startCombat();
    const fight = w.fight();
    expect(fight.sides.hostile!.tieRolls).toEqual([4, 5]);
    expect(fight.sides.snipers!.tieRolls).toEqual([4, 2]);
    expect(fight.order).toEqual(["pcs", "hostile", "snipers"]);
  });

  it("W2: a surprised side gets no turn in the free round; its members cannot act in it", async () => {
    const w = cwnFight();
    await send(gm, { kind: "cwnSurprise", combatId: "combat1", sideId: "pcs", surprised: true });
    queued.push(8, 1);
    await w.combat.startCombat();
    expect(w.fight()).toMatchObject({ round: 0, order: ["hostile", "pcs"], current: 0 });
    await send(player, { kind: "cwnAct", combatId: "combat1", combatantId: "vee", action: "totalDefense", metres: 0, allyId: "", itemId: "", targetId: "", label: "", quiver: false });
    expect(said("alice")).toContain("surprise");
  });
});

describe("turns by side (W4, W5, W7)", () => {
  it("any crew member may go first; when every member has acted the side's turn ends and the guards act; Foundry's marker follows", async () => {
    const w = await started();
    await send(bob, { kind: "cwnBeginTurn", combatId: "combat1", combatantId: "mack" });
    await send(bob, { kind: "cwnEndTurn", combatId: "combat1", combatantId: "mack" });
    expect(w.fight().fighters.mack).toMatchObject({ turn: "done", main: "forfeit", move: "forfeit" });
    // Vee passes (W4): the crew's turn is over, the guards' begins.
    await send(player, { kind: "cwnEndTurn", combatId: "combat1", combatantId: "vee" });
    expect(w.fight().order[w.fight().current]).toBe("hostile");
    expect(w.combat.combatant?.id).toBe("guard1");
  });

  it("Foundry's 'next turn' ends the marked fighter's turn; 'next round' ends the acting side's turn (both requests the GM runs)", async () => {
    const w = await started();
    await w.combat.nextTurn();
    expect(w.fight().fighters.vee!.turn).toBe("done");
    await w.combat.nextRound();
    expect(w.fight().order[w.fight().current]).toBe("hostile");
    expect(w.combat.calls).not.toContain("nextRound");
  });

  it("W27: Vee's Total Defense before her turn; W7: a Run longer than her Move is refused with the core's reason; W31: Ready/Stow needs the Main, spent already", async () => {
    const w = await started();
    const act = (action: string, extra: Record<string, unknown> = {}) => ({ kind: "cwnAct", combatId: "combat1", combatantId: "vee", action, metres: 0, allyId: "", itemId: "", targetId: "", label: "", quiver: false, ...extra });
    await send(player, act("run", { metres: 3 }));
    expect(said("alice")).toContain("Not in its own turn");
    await send(player, act("totalDefense"));
    expect(w.fight().fighters.vee).toMatchObject({ main: "spent", mainBeforeTurn: true });
    await send(player, act("readyStow", { itemId: "wPistol" }));
    expect(said("alice")).toContain("Not in its own turn");
    await send(player, { kind: "cwnBeginTurn", combatId: "combat1", combatantId: "vee" });
    await send(player, act("run", { metres: 30 }));
    expect(said("alice")).toContain("at most 10 m");
    await send(player, act("readyStow", { itemId: "wPistol" }));
    expect(said("alice")).toContain("Main");
    expect(w.actors.vee.itemDocs.find((i) => i.id === "wPistol")!.system.state).toBe("readied");
    await send(bob, { kind: "cwnBeginTurn", combatId: "combat1", combatantId: "mack" });
    const before = createdMessages.length;
    await send(bob, { kind: "cwnAct", combatId: "combat1", combatantId: "mack", action: "screenAlly", metres: 3, allyId: "vee", itemId: "", targetId: "", label: "", quiver: false });
    expect(w.fight().fighters.mack!.effects).toMatchObject([{ kind: "screening", allyId: "vee", usesLeft: 2 }]);
    expect(createdMessages.length).toBeGreaterThan(before);
  });

  it("W32: a reload pays the weapon's cost and fills the magazine; W31 in Vee's turn: Ready/Stow flips the item", async () => {
    const w = await started();
    w.actors.vee.itemDocs.find((i) => i.id === "wPistol")!.system.magazine.value = 2;
    await send(player, { kind: "cwnBeginTurn", combatId: "combat1", combatantId: "vee" });
    await send(player, { kind: "cwnAct", combatId: "combat1", combatantId: "vee", action: "reload", metres: 0, allyId: "", itemId: "wPistol", targetId: "", label: "", quiver: false });
    expect(w.actors.vee.itemDocs.find((i) => i.id === "wPistol")!.system.magazine.value).toBe(15);
    expect(w.fight().fighters.vee!.main).toBe("spent");
    await send(player, { kind: "cwnAct", combatId: "combat1", combatantId: "vee", action: "readyStow", metres: 0, allyId: "", itemId: "wKnife", targetId: "", label: "", quiver: false });
    expect(w.fight().fighters.vee!.main).toBe("spent");
    expect(w.actors.vee.itemDocs.find((i) => i.id === "wKnife")!.system.state).toBe("readied");
  });
});

describe("Morale, swarms, arrivals, the end (W1, W3, W6, W19, W24)", () => {
  it("W24, W6: both guards swarm Vee; the GM closes it; a guard downed makes Morale due; the GM's 2d6 of 11 breaks the side", async () => {
    const w = await started();
    await send(gm, { kind: "cwnEndSide", combatId: "combat1" });
    const act = (id: string) => ({ kind: "cwnAct", combatId: "combat1", combatantId: id, action: "swarmAttack", metres: 0, allyId: "", itemId: "", targetId: "vee", label: "", quiver: false });
    await send(gm, { kind: "cwnBeginTurn", combatId: "combat1", combatantId: "guard1" });
    await send(gm, act("guard1"));
    await send(gm, { kind: "cwnBeginTurn", combatId: "combat1", combatantId: "guard2" });
    await send(gm, act("guard2"));
    expect(w.fight().swarms).toMatchObject([{ participants: ["guard1", "guard2"], status: "open" }]);
    await send(player, { kind: "cwnReadySwarm", combatId: "combat1", swarmId: 1 });
    expect(said("alice")).toContain("Only the owners");
    await send(gm, { kind: "cwnReadySwarm", combatId: "combat1", swarmId: 1 });
    expect(w.fight().swarms[0]!.status).toBe("ready");
    await w.combat.update({ "flags.cychosys.cwnCombat.fighters.guard2.downed": "dead", "flags.cychosys.cwnCombat.sides.hostile.lostThisRound": ["guard2"] });
    await send(gm, { kind: "cwnEndSide", combatId: "combat1" });
    expect(w.fight().sides.hostile!.morale.status).toBe("due");
    await send(player, { kind: "cwnMorale", combatId: "combat1", sideId: "hostile", faces: [6, 6] });
    expect(said("alice")).toContain("Only a GM may set");
    await send(gm, { kind: "cwnMorale", combatId: "combat1", sideId: "hostile", faces: [5, 6] });
    expect(w.fight().sides.hostile!.morale).toMatchObject({ status: "broken", roll: 11 });
  });

  it("W3: a guard arriving mid-fight joins as a new side with the GM's d8", async () => {
    const w = await started();
    const { CwnFakeActor } = await import("./cwn-fakes.js");
    const { FakeCombatant } = await import("./fakes.js");
    const g3 = new CwnFakeActor({ id: "guard3", name: "Guard 3", type: "cwnNpc", system: (await import("../fixtures/cwn-sheets.js")).guards.system, items: [] });
    const c3 = Object.assign(new FakeCombatant(g3, { id: "guard3" }), { token: { disposition: -1 } });
    c3.combat = w.combat as never;
    w.combat.list.push(c3);
    await send(gm, { kind: "cwnJoin", combatId: "combat1", sideId: "hostile-2", face: 8 });
    expect(w.fight().order).toEqual(["hostile-2", "pcs", "hostile"]);
    expect(w.fight().fighters.guard3).toMatchObject({ turn: "done" });
    expect(c3.initiative).toBe(9);
  });

  it("W1, W19: when the fight ends, scene abilities are ready again and armor soak refills", async () => {
    const w = await started();
    const vee = w.actors.vee;
    vee.source.sceneAbilities = [{ name: "Luck", uses: 1, used: 1 }];
    vee.itemDocs.find((i) => i.id === "aClothes")!.system.soak.value = 0;
    vee.prepare();
    await afterFight(w.combat as never);
    expect(vee.source.sceneAbilities).toEqual([{ name: "Luck", uses: 1, used: 0 }]);
    expect(vee.itemDocs.find((i) => i.id === "aClothes")!.system.soak.value).toBe(5);
  });
});

describe("what a fighter cannot afford (W7, W9, W27, W37)", () => {
  const act = (action: string, extra: Record<string, unknown> = {}) => ({ kind: "cwnAct", combatId: "combat1", combatantId: "vee", action, metres: 0, allyId: "", itemId: "", targetId: "", label: "", quiver: false, ...extra });

  it("Vee runs twice (the Move, then the Main as a second Move); a third Run, Total Defense and Hold are refused with the core's reason, and nothing changes; her menu greys them out", async () => {
    const w = await started();
    await send(player, { kind: "cwnBeginTurn", combatId: "combat1", combatantId: "vee" });
    await send(player, act("run", { metres: 10 }));
    await send(player, act("run", { metres: 10 }));
    expect(w.fight().fighters.vee).toMatchObject({ main: "spent", move: "spent" });
    const before = JSON.stringify(w.combat.flags);
    await send(player, act("run", { metres: 1 }));
    expect(said("alice")).toContain("No Move left");
    await send(player, act("totalDefense"));
    expect(said("alice")).toContain("Main action is already used");
    await send(player, act("holdAction"));
    expect(said("alice")).toContain("W37");
    expect(JSON.stringify(w.combat.flags)).toBe(before);
    const { actionMenuView } = await import("../../src/rulesets/cwn/combat/table-view.js");
    const { english } = await import("../../src/core/messages.js");
    const menu = actionMenuView(w.fight(), "vee", { moveMetres: 10, highestSkill: 2, shootLevel: 2 }, (k, p) => english(k, p ?? {}));
    for (const a of ["run", "totalDefense", "holdAction", "fightingWithdrawal", "screenAlly"]) expect(menu.find((m) => m.action === a), a).toMatchObject({ disabled: true, reason: expect.stringMatching(/\S/) });
  });

  it("an On Turn action once the turn is over, and Total Defense with the Main forfeited, are refused (W4, W7, W10)", async () => {
    const w = await started();
    await send(player, { kind: "cwnBeginTurn", combatId: "combat1", combatantId: "vee" });
    await send(player, { kind: "cwnEndTurn", combatId: "combat1", combatantId: "vee" });
    const before = JSON.stringify(w.combat.flags);
    await send(player, act("goProne"));
    expect(said("alice")).toMatch(/turn/i);
    await send(player, act("totalDefense"));
    expect(said("alice")).toMatch(/Main/);
    expect(JSON.stringify(w.combat.flags)).toBe(before);
  });
});

describe("the hostile table", () => {
  it.each([
    ["an extra field", { kind: "cwnBeginTurn", combatId: "combat1", combatantId: "vee", total: 9 }, "unexpected field"],
    ["an action not in the chapter", { kind: "cwnAct", combatId: "combat1", combatantId: "vee", action: "fly", metres: 0, allyId: "", itemId: "", targetId: "", label: "", quiver: false }, "not one of the chapter's actions"],
    ["a d8 of 9", { kind: "cwnRollSide", combatId: "combat1", sideId: "pcs", face: 9 }, "not a whole number from 1 to 8"],
    ["a Morale die of 7", { kind: "cwnMorale", combatId: "combat1", sideId: "hostile", faces: [7, 1] }, "from 1 to 6"],
    ["a side id with a dot", { kind: "cwnGroup", combatId: "combat1", combatantId: "vee", sideId: "a.b" }, "not a plain id"],
  ])("%s is refused with the field named, and nothing changes", async (_name, payload, reason) => {
    const w = await started();
    const before = JSON.stringify(w.combat.flags);
    await send(player, payload);
    expect(said("alice")).toContain(reason);
    expect(JSON.stringify(w.combat.flags)).toBe(before);
  });

  it("forged references: a guard's weapon on Vee, screening a foe, swarming someone outside the fight — each refused, nothing written", async () => {
    const w = await started();
    await send(player, { kind: "cwnBeginTurn", combatId: "combat1", combatantId: "vee" });
    const before = JSON.stringify(w.combat.flags);
    const act = (action: string, extra: Record<string, unknown>) => ({ kind: "cwnAct", combatId: "combat1", combatantId: "vee", action, metres: 0, allyId: "", itemId: "", targetId: "", label: "", quiver: false, ...extra });
    await send(player, act("reload", { itemId: "wRifle" }));
    expect(said("alice")).toContain("Vee has no such weapon");
    await send(player, act("screenAlly", { metres: 1, allyId: "guard1" }));
    expect(said("alice")).toContain("only a member of their own side");
    await send(player, act("swarmAttack", { targetId: "nobody" }));
    expect(said("alice")).toContain("Target the token to swarm");
    await send(player, { kind: "cwnRollSide", combatId: "combat1", sideId: "pcs", face: 8 });
    expect(said("alice")).toContain("The fight has begun");
    expect(JSON.stringify(w.combat.flags)).toBe(before);
    expect(w.actors.g1.itemDocs.find((i) => i.id === "wRifle")!.updates).toEqual([]);
  });

  it("a Morale request replayed after the side broke changes nothing; a join replayed is refused (the side is in the fight)", async () => {
    const w = await started();
    await w.combat.update({ "flags.cychosys.cwnCombat.fighters.guard2.downed": "dead", "flags.cychosys.cwnCombat.sides.hostile.lostThisRound": ["guard2"] });
    await send(gm, { kind: "cwnEndSide", combatId: "combat1" });
    await send(gm, { kind: "cwnEndSide", combatId: "combat1" });
    expect(w.fight().sides.hostile!.morale.status).toBe("due");
    const morale = requestFrom(gm, { kind: "cwnMorale", combatId: "combat1", sideId: "hostile", faces: [5, 6] });
    await deliver(morale);
    const after = JSON.stringify(w.combat.flags);
    await deliver(morale);
    await send(gm, { kind: "cwnMorale", combatId: "combat1", sideId: "hostile", faces: [1, 1] });
    expect(JSON.stringify(w.combat.flags)).toBe(after);
    expect(w.fight().sides.hostile!.morale).toMatchObject({ status: "broken", roll: 11 });
  });

  it("a player acting for someone else's fighter, or ending the guards' turn, is refused", async () => {
    const w = await started();
    await send(mallory, { kind: "cwnBeginTurn", combatId: "combat1", combatantId: "vee" });
    await send(player, { kind: "cwnEndTurn", combatId: "combat1", combatantId: "mack" });
    expect(said("alice")).toContain("your own fighters");
    await send(gm, { kind: "cwnEndSide", combatId: "combat1" });
    await send(player, { kind: "cwnEndSide", combatId: "combat1" });
    expect(said("alice")).toContain("Only the owners");
    expect(w.fight().order[w.fight().current]).toBe("hostile");
  });

  it("a request message delivered twice is carried out once; two requests at once are run one after the other (the second sees the first)", async () => {
    const w = await started();
    const message = requestFrom(player, { kind: "cwnAct", combatId: "combat1", combatantId: "vee", action: "totalDefense", metres: 0, allyId: "", itemId: "", targetId: "", label: "", quiver: false });
    await Promise.all([deliver(message), deliver(message)]);
    await deliver(message);
    expect(w.fight().fighters.vee!.log).toHaveLength(1);
    const snap = { kind: "cwnAct", combatId: "combat1", combatantId: "mack", action: "totalDefense", metres: 0, allyId: "", itemId: "", targetId: "", label: "", quiver: false };
    await Promise.all([send(bob, snap), send(bob, snap)]);
    expect(w.fight().fighters.mack!.log).toHaveLength(1);
    expect(said("bob")).toContain("Main");
  });

  it("a failure halfway: the weapon stowed, then the fight cannot be written — the weapon is put back, the Main not spent", async () => {
    const w = await started();
    await send(player, { kind: "cwnBeginTurn", combatId: "combat1", combatantId: "vee" });
    w.combat.failNext = 1;
    setUsers(gm, gm);
    const logged = await capturingErrors(() => send(player, { kind: "cwnAct", combatId: "combat1", combatantId: "vee", action: "readyStow", metres: 0, allyId: "", itemId: "wPistol", targetId: "", label: "", quiver: false }));
    expect(logged).toEqual([expect.stringMatching(/^Cychosys \| the cwnAct request of Alice failed Error: .*refused the update/)]);
    expect(w.actors.vee.itemDocs.find((i) => i.id === "wPistol")!.system.state).toBe("readied");
    expect(w.fight().fighters.vee!.main).toBe("unspent");
    expect(said("alice")).toContain("could not carry it out");
  });
});
