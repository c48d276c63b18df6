/**
 * Unmetered attacker (22.3), the phase tracker, the whole way (a request
 * message written by its author, the active GM's client, the schema, the
 * queue, the handler, the ledger). The phase rules are ledger-driven: an
 * attack is a declaration in a combatant's own slot (P5, P6) that resolves
 * at a phase's end (P9), so an actor the ledger does not hold has no slot,
 * no action and cannot be a target — whoever owns it, GM included. The
 * shared gate (src/core/transport/combat-gate.ts) has no place here: the
 * phase card's `declare` names no attacker (it resolves the ledger's due
 * actions) and only the GM may send it.
 */
import { describe, expect, it } from "vitest";
import { player, world } from "./fakes.js";
import { on, PhaseFakeActor, replies, seedFight, send, usePhaseCombatWorld } from "./phase-fakes.js";
import { ledgerFor } from "../../src/foundry/phase/store.js";
import { syncPhaseCombatants } from "../../src/foundry/phase/combat.js";

const g = globalThis as any;
usePhaseCombatWorld();
const ledger = () => ledgerFor("combat1").ledger!;
const refused = (text: string) => `<p class="cychosys cy-refusal">The GM&#39;s client refused the request: ${text}</p>`;
const notInFight = (id: string) => refused(`There is no combatant &quot;${id}&quot; in this fight&#39;s phases: only its combatants declare actions and are their targets (add the token to the combat first).`);

/** The seed's fight at initiative: Mo (the GM's) 2, Leroy (Alice's) 16 — Mo declares first (P5). */
async function atDeclaration() {
  const fight = await seedFight();
  await send(g.game.user, { kind: "phaseInitiative", ...on("mo"), faces: [1, 1] });
  await send(player, { kind: "phaseInitiative", ...on("leroy"), faces: [5, 7] });
  await send(g.game.user, { kind: "phaseCloseInitiative", combatId: "combat1" });
  expect(ledger().state.order).toEqual(["mo", "leroy"]);
  return fight;
}

describe("unmetered attacker (the phase tracker)", () => {
  it("the second owned actor: Alice's Dana, never added to the fight, gets no slot, no action, no free action — and cannot be shot at", async () => {
    await atDeclaration();
    // Dana is Alice's too, and in the world — but not a combatant.
    world.actors.push(new PhaseFakeActor({ id: "dana", name: "Dana", owners: ["alice"], system: { reflexes: 6, skills: [{ name: "pistol", value: 4 }] } }).addWeapon("pistol", "Pistol", { ready: true }));
    const revision = ledger().revision;
    await send(player, { kind: "phaseInitiative", ...on("dana"), faces: [10, 10] });
    await send(player, { kind: "phaseDeclare", ...on("dana"), action: "fire", weapon: "pistol", target: "mo" });
    await send(player, { kind: "phaseFree", ...on("dana"), action: "speak", label: "Drop it!" });
    expect(replies("alice")).toEqual([notInFight("dana"), notInFight("dana"), notInFight("dana")]);
    // Leroy, whose slot is not up yet (Mo's is), is metered by his slot (P5).
    await send(player, { kind: "phaseDeclare", ...on("leroy"), action: "fire", weapon: "pistol", target: "mo" });
    expect(replies("alice").at(-1)).toBe(refused("It is not Leroy&#39;s turn to declare; it is Mo&#39;s (P5)."));
    // In his slot he cannot name an outsider as a target either.
    await send(g.game.user, { kind: "phasePass", ...on("mo") });
    await send(player, { kind: "phaseDeclare", ...on("leroy"), action: "targeting", target: "dana" });
    expect(replies("alice").at(-1)).toBe(notInFight("dana"));
    expect(ledger().revision).toBe(revision + 1); // only Mo's pass
    expect(ledger().state.combatants.map((c) => c.id)).toEqual(["leroy", "earl", "mo"]);
  });

  it("the removed combatant: Leroy taken out of the combat loses his slot and his action; his player's requests for him are refused", async () => {
    const { combat } = await atDeclaration();
    await send(g.game.user, { kind: "phasePass", ...on("mo") });
    await send(player, { kind: "phaseDeclare", ...on("leroy"), action: "targeting", target: "mo" });
    expect(ledger().state.combatants.find((c) => c.id === "leroy")!.action).toMatchObject({ action: "targeting" });
    combat.list = combat.list.filter((c: { id: string }) => c.id !== "leroy");
    await syncPhaseCombatants(combat as never);
    expect(ledger().state.combatants.map((c) => c.id)).toEqual(["earl", "mo"]);
    expect(ledger().state.order).toEqual(["mo"]);
    await send(player, { kind: "phaseCancel", ...on("leroy") });
    await send(player, { kind: "phaseFree", ...on("leroy"), action: "speak", label: "Wait!" });
    expect(replies("alice")).toEqual([notInFight("leroy"), notInFight("leroy")]);
    // Nothing of his is left to resolve at the phase's end (P9): no action, no Targeting on anyone.
    expect(JSON.stringify(ledger().state)).not.toContain("leroy");
  });

  it("the GM's NPC outside the tracker: a phase attack is a declaration in a slot, so even the GM must add the sniper to the combat first", async () => {
    await atDeclaration();
    world.actors.push(new PhaseFakeActor({ id: "sniper", name: "Sniper", type: "phaseCreature", system: { reflexes: 3, skills: [{ name: "rifle", value: 4 }] } }).addWeapon("rifle", "Rifle", { ready: true }));
    const revision = ledger().revision;
    await send(g.game.user, { kind: "phaseInitiative", ...on("sniper"), faces: [9, 9] });
    await send(g.game.user, { kind: "phaseDeclare", ...on("sniper"), action: "fire", weapon: "rifle", target: "leroy" });
    expect(replies("gm").filter((r) => r.includes("cy-refusal"))).toEqual([notInFight("sniper"), notInFight("sniper")]);
    expect(ledger().revision).toBe(revision);
  });
});
