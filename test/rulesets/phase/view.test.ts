/**
 * The declarations per viewer (the hidden declarations, P6 as an
 * option, P7, P12): the GM sees all; a player sees their own until the others
 * take effect.
 */
import { describe, expect, it } from "vitest";
import {
  closeInitiative, declarationView, declareAction, distract, makePhaseRules, resolvePhase, rollInitiativeFor, startPhase, takeFree, type Viewer,
} from "../../../src/rulesets/phase/rules/index.js";
import { combat, fighter, fighters, weapon } from "./helpers.js";

const f = fighters(fighter("leroy", { weapons: { pistol: weapon("pistol", { ready: false }) } }), fighter("earl", { weapons: { pistol: weapon("pistol", { ready: false }) } }));
const gm: Viewer = { isGM: true, owns: () => true };
const leroysPlayer: Viewer = { isGM: false, owns: (id) => id === "leroy" };
const earlsPlayer: Viewer = { isGM: false, owns: (id) => id === "earl" };

function midDeclaration() {
  let s = startPhase(combat(["leroy", "earl"]), f, {});
  s = rollInitiativeFor(s, f, "leroy", [5, 7]);
  s = rollInitiativeFor(s, f, "earl", [7, 9]);
  s = closeInitiative(s);
  s = declareAction(s, f, "leroy", { action: "draw", weapon: "pistol" });
  return s;
}

describe("declarationView", () => {
  it("mid-declaration: the order, initiative and whose slot it is are public; the content is the owner's and the GM's", () => {
    const s = midDeclaration();
    const earl = declarationView(s, earlsPlayer);
    expect(earl.current).toBe("earl");
    expect(earl.rows.map((r) => [r.id, r.position, r.initiative, r.slot])).toEqual([["leroy", 0, 16, "done"], ["earl", 1, 20, "current"]]);
    expect(earl.rows[0]!.action).toEqual({ hidden: true, id: "leroy@1" });
    expect(earl.events).toEqual([{ kind: "declare", actor: "leroy", hidden: true }]);
    expect(declarationView(s, leroysPlayer).rows[0]!.action).toMatchObject({ hidden: false, action: "draw", weapon: "pistol", resolvesAt: 1 });
    expect(declarationView(s, gm).rows[0]!.action).toMatchObject({ hidden: false, action: "draw" });
  });

  it("the hidden view leaks nothing of the action: not its length, target or area", () => {
    let s = midDeclaration();
    s = declareAction(s, f, "earl", { action: "targeting", target: "leroy", area: "head" });
    const view = declarationView(s, leroysPlayer);
    const seen = JSON.stringify([view.rows.find((r) => r.id === "earl")!.action, view.events.filter((e) => e.actor === "earl")]);
    expect(view.rows.find((r) => r.id === "earl")!.action).toEqual({ hidden: true, id: "earl@1" });
    for (const secret of ["targeting", "head", "phase", "resolvesAt"]) expect(seen).not.toContain(secret);
    expect(JSON.stringify(declarationView(s, leroysPlayer).due)).not.toContain("earl");
    expect(declarationView(s, gm).due).toEqual([{ length: "phase", actions: [expect.objectContaining({ action: "draw" }), expect.objectContaining({ action: "targeting", area: "head" })] }]);
  });

  it("a free action takes effect at once and is seen by all (P7)", () => {
    const s = takeFree(midDeclaration(), f, "earl", { action: "draw", weapon: "pistol", face: 9 }).state;
    expect(declarationView(s, leroysPlayer).events[1]).toMatchObject({ kind: "free", actor: "earl", action: "draw", check: { success: true } });
  });

  it("Targeting, Aim and Defend are shown to the owner and the GM only", () => {
    const s = midDeclaration();
    const after = resolvePhase(declareAction(s, f, "earl", { action: "targeting", target: "leroy" }), f, {});
    if (after.status !== "resolved") throw new Error("pending");
    expect(declarationView(after.state, leroysPlayer).rows.find((r) => r.id === "earl")).toMatchObject({ targeting: "hidden", aim: "hidden", defending: "hidden" });
    expect(declarationView(after.state, earlsPlayer).rows.find((r) => r.id === "earl")).toMatchObject({ targeting: { target: "leroy", area: null }, aim: 0, defending: false });
    const distracted = distract(after.state, "earl");
    expect(declarationView(distracted, leroysPlayer).events).toEqual([{ kind: "distracted", actor: "earl", hidden: true }]);
    expect(declarationView(distracted, gm).events[0]).toMatchObject({ kind: "distracted", target: "leroy" });
  });

  it("a combined action is revealed once its first part takes effect (P12: it telegraphs the plan)", () => {
    const g = fighters(fighter("leroy"), fighter("earl"));
    let s = closeInitiative(rollInitiativeFor(startPhase(combat(["leroy", "earl"]), g, {}), g, "earl", [1, 1]));
    s = declareAction(s, g, "earl", { action: "targetAndFire", weapon: "pistol", target: "leroy" });
    expect(declarationView(s, leroysPlayer).rows.find((r) => r.id === "earl")!.action).toEqual({ hidden: true, id: "earl@1" });
    const r = resolvePhase(s, g, {});
    if (r.status !== "resolved") throw new Error("pending");
    expect(declarationView(r.state, leroysPlayer).rows.find((x) => x.id === "earl")!.action).toMatchObject({ hidden: false, action: "targetAndFire", partsDone: 1 });
    expect(declarationView(r.state, leroysPlayer).due).toEqual([{ length: "round", actions: [expect.objectContaining({ action: "targetAndFire" })] }]);
  });

  it("P6 as written (openDeclarations): every declaration is heard by everyone", () => {
    const open = makePhaseRules({ openDeclarations: true });
    expect(declarationView(midDeclaration(), earlsPlayer, open).rows[0]!.action).toMatchObject({ hidden: false, action: "draw" });
  });

  it("surprise is public: state, phases left, failed rolls", () => {
    const s = { ...combat(["a", "b"]), combatants: combat(["a", "b"]).combatants.map((c) => (c.id === "b" ? { ...c, awareness: { state: "surprised" as const, since: 1, rollFrom: 3, failures: 0 } } : c)) };
    expect(declarationView(s, gm).rows.find((r) => r.id === "b")).toMatchObject({ awareness: "surprised", surpriseLeft: 2, failedSurpriseRolls: 0, slot: "none", position: null });
  });
});
