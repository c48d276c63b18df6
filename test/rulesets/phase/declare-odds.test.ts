/**
 * The odds in the declare dialog (docs/odds.md, issue 24.1): the chosen
 * attack's chance to hit and expected flesh against the target's best
 * answer, and the defense panel wherever the one declaring has the choice —
 * an attack due on it at the end of this phase: no Defend or Defend (P26).
 * Only from what the user may know: a sheet it may not see gives no odds, a
 * hidden declaration is never priced, a hidden Targeting is assumed and
 * said so.
 */
import { describe, expect, it } from "vitest";
import { bestDefense } from "../../../src/core/ruleset.js";
import { attackSetup, declarationView, PHASE_STANDARD_RULES as PHASE_RULES, phaseAttackOdds, phaseChoiceOdds } from "../../../src/rulesets/phase/rules/index.js";
import { type DeclareOddsContext, declareOddsLines, incomingOdds, targetDefend } from "../../../src/rulesets/phase/views/declare-odds.js";
import { declareDialogView } from "../../../src/rulesets/phase/views/declare-dialog.js";
import { defendLedger } from "../../../tools/preview/phase.js";
import { fighterOf, leroy, mo, earl } from "../../fixtures/phase-sheets.js";

const F = { leroy: fighterOf(leroy), mo: fighterOf(mo), earl: fighterOf(earl) };
const NAMES: Record<string, string> = { leroy: "Leroy", mo: "Mo", earl: "Earl" };

/** Leroy's slot in phase 2 (the preview's): Mo's wild burst at him is due; he holds Targeting on Mo. */
function context(viewer: { isGM: boolean; owns: (id: string) => boolean }, know: (id: string) => boolean): DeclareOddsContext {
  const ledger = defendLedger();
  const me = ledger.state.combatants.find((c) => c.id === "leroy")!;
  return {
    me: { id: "leroy", fighter: F.leroy, targeting: me.targeting, aim: 0 },
    view: declarationView(ledger.state, viewer),
    know: (id) => (know(id) ? F[id as keyof typeof F] : null),
    name: (id) => NAMES[id] ?? id,
  };
}
const GM = { isGM: true, owns: () => true };

describe("the defense panel (P26)", () => {
  it("Mo's wild burst due at the end of this phase: no Defend or Defend, each priced exactly as the core's odds, Defend the best answer", () => {
    const panel = incomingOdds(context(GM, () => true));
    expect(panel).toHaveLength(1);
    expect(panel[0]!.title).toBe("Mo's Three-round burst at you resolves at the end of this phase");
    expect(panel[0]!.note).toBeNull();
    const table = panel[0]!.table!;
    expect(table.rows.map((r) => [r.defense, r.label, r.best])).toEqual([["none", "No Defend", false], ["defend", "Defend", true]]);
    // The same figures as the core's odds of that attack (no Targeting: wild, P14).
    const setup = attackSetup(F.mo, F.mo.weapons.smg!, "burst", F.leroy, { targeting: false, aim: 0, called: null });
    const none = phaseChoiceOdds(setup, "none");
    const defend = phaseChoiceOdds(setup, "defend");
    expect(table.rows.map((r) => r.struck)).toEqual([`${Math.round(none.struck * 100)}%`, `${Math.round(defend.struck * 100)}%`]);
    expect(table.rows.map((r) => r.injury)).toEqual([`${none.points.toFixed(1)} flesh`, `${defend.points.toFixed(1)} flesh`]);
    expect(bestDefense(phaseAttackOdds({ attack: setup, defend: "open" })).defense).toBe("defend");
  });

  it("Mo's sheet hidden from this user: the attack is named, no odds, and why", () => {
    const panel = incomingOdds(context(GM, (id) => id !== "mo"));
    expect(panel).toEqual([{ title: "Mo's Three-round burst at you resolves at the end of this phase", table: null, note: "You cannot see Mo's sheet: no odds." }]);
  });

  it("Leroy's player: Mo's declaration is hidden from him (P6 hidden), so nothing is priced; with declarations aloud he sees it, Mo's Targeting assumed and said so", () => {
    const player = { isGM: false, owns: (id: string) => id === "leroy" };
    expect(incomingOdds(context(player, () => true))).toEqual([]);
    const ledger = defendLedger();
    const rules = { ...PHASE_RULES, openDeclarations: true };
    const ctx: DeclareOddsContext = { ...context(player, () => true), view: declarationView(ledger.state, player, rules) };
    const panel = incomingOdds(ctx, rules);
    expect(panel).toHaveLength(1);
    expect(panel[0]!.note).toBe("Whether Mo holds Targeting on you is hidden: the odds assume Targeting, no Aim.");
  });
});

describe("the chosen attack's odds", () => {
  it("Leroy's Fire at Mo, Targeting held (P13): the chance to hit and the expected flesh against Mo's best answer — Mo declared already, so no Defend (P26)", () => {
    const ctx = context(GM, () => true);
    const view = declareDialogView("Leroy", F.leroy, { id: "leroy", targeting: ctx.me.targeting }, [{ id: "mo", name: "Mo" }, { id: "earl", name: "Earl" }], false, PHASE_RULES, undefined, ctx);
    // It opens on the shot at the target he holds Targeting on.
    const opening = view.choices.find((c) => c.selected)!;
    expect([opening.action, opening.weapon]).toEqual(["fire", "pistol"]);
    const odds = phaseChoiceOdds(attackSetup(F.leroy, F.leroy.weapons.pistol!, "fire", F.mo, { targeting: true, aim: 0, called: null }), "none");
    expect(view.odds!.lines).toEqual([{ name: "Mo", text: `Mo: chance to strike ${Math.round(odds.struck * 100)}% · expected injury ${odds.points.toFixed(1)} flesh (against No Defend, their best answer)`, changed: false }]);
    expect(view.shown).toMatchObject({ target: true, area: true, distance: false, targets: false, text: false });
  });

  it("calling an area shows before → after; a target whose sheet is hidden gets no odds; a choice that is no attack, none", () => {
    const ctx = context(GM, () => true);
    const fire = declareDialogView("Leroy", F.leroy, { id: "leroy", targeting: ctx.me.targeting }, [{ id: "mo", name: "Mo" }], false, PHASE_RULES, undefined, ctx).choices.find((c) => c.action === "fire")!;
    const called = declareOddsLines(ctx, fire, "mo", "head");
    expect(called[0]!.changed).toBe(true);
    // A partial success still lands (P19): the chance to strike stays, the flesh expected moves with the area.
    expect(called[0]!.text).toMatch(/chance to strike \d+% · expected injury \d+\.\d flesh → \d+\.\d flesh/);
    expect(declareOddsLines({ ...ctx, know: () => null }, fire, "mo", null)).toEqual([{ name: "Mo", text: "Mo: no odds — you cannot see this target's sheet.", changed: false, hidden: true }]);
    const defend = declareDialogView("Leroy", F.leroy, { id: "leroy", targeting: null }, [{ id: "mo", name: "Mo" }], false).choices.find((c) => c.action === "defend");
    expect(declareOddsLines(ctx, defend, "mo", null)).toEqual([]);
  });

  it("the target's answer (P26): in force when declared this phase, open when it declares later or the attack resolves at a later phase's end or it is hidden, else closed", () => {
    const row = (slot: "none" | "waiting" | "current" | "done", defending: boolean | "hidden") => ({ id: "x", position: 0, initiative: 9, slot, awareness: "aware" as const, surpriseLeft: 0, failedSurpriseRolls: 0, freeUsed: false, action: null, targeting: null, aim: 0, defending, suppressed: false });
    expect(targetDefend(row("done", true), 3, 3)).toBe("inForce");
    expect(targetDefend(row("waiting", false), 3, 3)).toBe("open");
    expect(targetDefend(row("done", "hidden"), 3, 3)).toBe("open");
    expect(targetDefend(row("done", false), 4, 3)).toBe("open");
    expect(targetDefend(row("done", false), 3, 3)).toBe("closed");
    expect(targetDefend(row("none", false), 3, 3)).toBe("closed");
    expect(targetDefend(undefined, 3, 3)).toBe("closed");
  });

  it("odds off (the GM's setting for players): the dialog shows none", () => {
    const view = declareDialogView("Earl", F.earl, { id: "earl", targeting: null }, [{ id: "leroy", name: "Leroy" }], false);
    expect([view.odds, view.incoming]).toEqual([null, []]);
  });
});
