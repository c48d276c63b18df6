/**
 * The phase tracker's GM side in Foundry, against a hostile table: where
 * the truth is kept (the ledger whispered to the GMs only, each combatant's
 * hidden part to its owners only, the combat holding the public projection),
 * and every request the whole way — a message written by its author, the
 * active GM's client, the schema, the queue, the handler, the documents:
 * forged fields, another's combatant, a replay, two at once, a failure
 * halfway, a player's own "record".
 */
import { describe, expect, it } from "vitest";
import { mallory, notifications, player, world } from "./fakes.js";
import { delivered, on, replies, requestFrom, deliver, seedFight, send, StoredMessage, usePhaseCombatWorld } from "./phase-fakes.js";
import { ledgerFor } from "../../src/foundry/phase/store.js";
import { readProjection } from "../../src/rulesets/phase/combat/projection-reader.js";
import { trackerViewFor } from "../../src/foundry/phase/tracker.js";

const g = globalThis as any;
usePhaseCombatWorld();
const ledger = () => ledgerFor("combat1").ledger!;

/** Seed checks 1–2 up to Earl's slot: Leroy 16, Earl 21; Leroy declares his draw. */
async function midDeclaration() {
  const fight = await seedFight();
  await send(player, { kind: "phaseInitiative", ...on("leroy"), faces: [5, 7] });
  await send(mallory, { kind: "phaseInitiative", ...on("earl"), faces: [7, 9] });
  await send(g.game.user, { kind: "phaseCloseInitiative", combatId: "combat1" });
  await send(player, { kind: "phaseDeclare", ...on("leroy"), action: "draw", weapon: "pistol" });
  return fight;
}

describe("where the truth is kept", () => {
  it("the ledger goes to the GMs only; each combatant's hidden part to its owners; the combat holds no declaration", async () => {
    const { combat } = await midDeclaration();
    expect(ledger().state.order).toEqual(["leroy", "earl"]);
    const records = world.messages.filter((m) => m instanceof StoredMessage) as StoredMessage[];
    const ledgers = records.filter((m) => m.flags.cychosys?.phaseLedger);
    expect(ledgers).toHaveLength(1);
    expect(ledgers[0]!.whisper).toEqual(["gm"]);
    const secrets = records.filter((m) => m.flags.cychosys?.phaseSecret);
    expect(secrets.map((m) => [m.flags.cychosys.phaseSecret.combatantId, m.whisper])).toEqual([["leroy", ["gm", "alice"]], ["earl", ["gm", "mallory"]]]);
    // What Mallory's client receives holds nothing of Leroy's draw; Alice's holds it.
    const text = (user: typeof player) => JSON.stringify([delivered(user).map((m) => m.flags), combat.flags]);
    expect(text(mallory)).not.toContain("draw");
    expect(text(player)).toContain("draw");
    expect(readProjection(combat.flags.cychosys.phase)!.combatants.find((c) => c.id === "leroy")!.action).toEqual({ hidden: true, id: "leroy@1" });
    // The initiative totals show in Foundry's own place (display only).
    expect(combat.list.map((c) => c.initiative)).toEqual([16, 21, null]);
  });

  it("Mallory's tracker shows Leroy's slot done and his declaration hidden; Alice's shows it; the GM's shows all", async () => {
    const { combat } = await midDeclaration();
    const rowOf = (user: { id: string; name: string; isGM: boolean }, id: string) => trackerViewFor(combat as never, user).rows.find((r) => r.id === id)!;
    expect(rowOf(mallory, "leroy")).toMatchObject({ slot: "done", actionHidden: true, action: "Declared — hidden until it takes effect" });
    // In full in the row's tooltip (due at this phase's end), short on its one line.
    expect(rowOf(player, "leroy").action).toBe("Draw with Pistol — phase, resolves at the end of phase 1 (due now)");
    expect(rowOf(g.game.user, "leroy").action).toBe("Draw with Pistol — phase, resolves at the end of phase 1 (due now)");
    expect(rowOf(player, "leroy").row.figures.find((f) => f.id === "action")?.value).toBe("Draw");
    expect(rowOf(mallory, "leroy").row.figures.find((f) => f.id === "action")?.value).toBe("Hidden");
    // Flesh on the row only where the user may see the sheet: Mallory may not see Leroy's.
    expect(rowOf(mallory, "leroy").row.figures.some((f) => f.id === "flesh")).toBe(false);
    expect(rowOf(player, "leroy").row.figures.some((f) => f.id === "flesh")).toBe(true);
    expect(rowOf(mallory, "earl")).toMatchObject({ slot: "current", controls: expect.arrayContaining([expect.objectContaining({ action: "declare" })]) });
    expect(rowOf(player, "earl").controls).toEqual([]);
  });

  it("a player's own message posing as a record is read by nobody", async () => {
    await midDeclaration();
    g.game.user = player;
    await g.ChatMessage.implementation.create({ whisper: ["gm"], flags: { cychosys: { phaseLedger: { ...structuredClone(ledger()), revision: 999 } } } });
    g.game.user = { id: "gm", name: "Gamemaster", isGM: true, isSelf: true };
    expect(ledger().revision).not.toBe(999);
  });
});

describe("the tracker's requests, hostile", () => {
  it("forged fields, another's combatant, the GM's steps: refused with a reply, nothing written", async () => {
    await midDeclaration();
    const before = ledger().revision;
    await send(player, { kind: "phaseDeclare", ...on("earl"), action: "defend" });
    await send(player, { kind: "phaseCloseInitiative", combatId: "combat1" });
    await send(player, { kind: "phaseAwareness", ...on("earl"), aware: false });
    await send(mallory, { kind: "phaseDeclare", ...on("earl"), action: "defend", total: 30 });
    await send(mallory, { kind: "phaseInitiative", ...on("mo"), faces: [10, 10] });
    expect(replies("alice")).toEqual([
      '<p class="cychosys cy-refusal">The GM&#39;s client refused the request: You do not control that combatant.</p>',
      '<p class="cychosys cy-refusal">The GM&#39;s client refused the request: Only the GM can do that.</p>',
      '<p class="cychosys cy-refusal">The GM&#39;s client refused the request: Only a GM may set &quot;aware&quot;; the request was refused and nothing changed.</p>',
    ]);
    expect(replies("mallory")).toHaveLength(2);
    expect(replies("mallory")[0]).toContain("total");
    expect(ledger().revision).toBe(before);
  });

  it("a replayed message is carried out once; two declarations at once: the second finds the slot closed", async () => {
    await midDeclaration();
    const message = requestFrom(mallory, { kind: "phaseDeclare", ...on("earl"), action: "defend" });
    await deliver(message);
    message.deleted = false;
    await deliver(message);
    expect(ledger().state.combatants.find((c) => c.id === "earl")!.action).toMatchObject({ action: "defend" });
    expect(replies("mallory")).toEqual([]);
    const fight = await midDeclaration();
    void fight;
    await Promise.all([send(mallory, { kind: "phaseDeclare", ...on("earl"), action: "defend" }), send(mallory, { kind: "phaseDeclare", ...on("earl"), action: "targeting", target: "leroy" })]);
    expect(ledger().state.combatants.find((c) => c.id === "earl")!.action).toMatchObject({ action: "defend" });
    expect(replies("mallory")).toHaveLength(1);
  });

  it("P7: Earl's fastdraw readies his pistol at once; a weapon that cannot be written is reported, never silent", async () => {
    const { actors } = await midDeclaration();
    await send(mallory, { kind: "phaseFree", ...on("earl"), action: "draw", weapon: "pistol", face: 6 });
    expect(actors.earl.items.get("pistol")!.system.ready).toBe(true);
    const fight = await midDeclaration();
    fight.actors.earl.itemList[0]!.failNext = 1;
    await send(mallory, { kind: "phaseFree", ...on("earl"), action: "draw", weapon: "pistol", face: 6 });
    expect(replies("mallory").at(-1)).toContain("could not be marked ready");
    expect(notifications.error.at(-1)).toContain("could not be marked ready");
  });

  it("a failure halfway: the combat refuses the projection; the ledger holds, and the next change writes the projection again", async () => {
    const { combat } = await midDeclaration();
    combat.failNext = 1;
    await send(mallory, { kind: "phaseDeclare", ...on("earl"), action: "defend" });
    expect(replies("mallory").at(-1)).toContain("could not carry it out");
    expect(ledger().state.combatants.find((c) => c.id === "earl")!.action).toMatchObject({ action: "defend" });
    expect(readProjection(combat.flags.cychosys.phase)!.revision).toBe(ledger().revision - 1);
    await send(g.game.user, { kind: "phaseSuppressed", ...on("mo"), suppressed: true });
    expect(readProjection(combat.flags.cychosys.phase)!.revision).toBe(ledger().revision);
  });

  it("what a player writes on their own combatant changes nothing the tracker reads", async () => {
    const { combat, c } = await midDeclaration();
    g.game.user = player;
    await c.leroy.update({ initiative: 99, "flags.cychosys.phase": { order: ["leroy"] } });
    g.game.user = { id: "gm", name: "Gamemaster", isGM: true, isSelf: true };
    expect(ledger().state.order).toEqual(["leroy", "earl"]);
    expect(readProjection(combat.flags.cychosys.phase)!.order).toEqual(["leroy", "earl"]);
  });
});
