/**
 * The pure pieces of CWN's table: the tracker's plan (sides from combatants,
 * what is owed before the fight, Foundry's turn order and marker, arrivals;
 * W2–W4), its views in words, the board's measure (W12, W22, W36), the token
 * statuses (W2, W6, W19, W25–W27, W36, W37), the world settings, the attack
 * dialog's form and the dice plan (W13, W15, W16).
 */
import { describe, expect, it } from "vitest";
import { english } from "../../../src/core/messages.js";
import { applyCwnOperation } from "../../../src/rulesets/cwn/combat/state.js";
import { actionMenuView, fighterRowView, fightBannerView, readActionForm, setupBannerView, sideName } from "../../../src/rulesets/cwn/combat/table-view.js";
import { arrivals, type CwnCombatantFacts, defaultSideOf, markedFighter, plannedSides, readCwnSetup, sideSetup, startOwed, orderedTurns, turnPlaces } from "../../../src/rulesets/cwn/combat/tracker-plan.js";
import { parseCwnCombatRequest } from "../../../src/rulesets/cwn/combat/request-schema.js";
import { cwnRulesFromSettings } from "../../../src/rulesets/cwn/data/settings.js";
import { cwnStatusEffects, statusKindOf, statusPlan, wantedStatuses } from "../../../src/rulesets/cwn/data/status.js";
import { cwnAttackDialogView, readCwnAttackForm } from "../../../src/rulesets/cwn/views/attack-dialog.js";
import { measureBoard, metresOf } from "../../../src/rulesets/cwn/workflow/board.js";
import { attackDiceGroups, attackRollOf, facesOfTerms, groupsFormula } from "../../../src/rulesets/cwn/workflow/dice-plan.js";
import { parseDice } from "../../../src/rulesets/cwn/rules/index.js";
import { cwnDerivedOf, guards, vee } from "../../fixtures/cwn-sheets.js";

const localize = (key: string, params?: Record<string, unknown>) => english(key, params ?? {});
const fact = (id: string, playerOwned: boolean, o: Partial<CwnCombatantFacts> = {}): CwnCombatantFacts => ({ id, name: id, playerOwned, disposition: playerOwned ? 1 : -1, dex: 0, canSnap: playerOwned, downed: "none", morale: playerOwned ? null : 9, ...o });
const crewAndGuards = [fact("vee", true, { dex: 1 }), fact("g1", false, { dex: 2 }), fact("mack", true), fact("g2", false, { downed: "dead", dex: 3 }), fact("bystander", false, { disposition: 0 })];

describe("the tracker's plan (W2–W4)", () => {
  it("W3: sides from ownership and disposition, the GM's groups and surprise; a malformed setup reads as empty", () => {
    expect([defaultSideOf({ playerOwned: true, disposition: -1 }), defaultSideOf({ playerOwned: false, disposition: 1 }), defaultSideOf({ playerOwned: false, disposition: 0 }), defaultSideOf({ playerOwned: false, disposition: -2 })]).toEqual(["pcs", "friendly", "neutral", "hostile"]);
    const setup = readCwnSetup({ groups: { g1: "snipers" }, surprised: ["hostile"], rolls: { pcs: { roll: 5, tieRolls: [] } } });
    const sides = plannedSides(crewAndGuards, setup);
    expect(sides.map((s) => [s.id, s.members.map((m) => m.id), s.surprised, s.roll?.roll ?? null])).toEqual([
      ["pcs", ["vee", "mack"], false, 5],
      ["snipers", ["g1"], false, null],
      ["hostile", ["g2"], true, null],
      ["neutral", ["bystander"], false, null],
    ]);
    for (const bad of [null, { groups: { "a.b": "x" }, surprised: [], rolls: {} }, { groups: {}, surprised: [], rolls: { pcs: { roll: 0, tieRolls: [] } } }, { extra: 1 }]) expect(readCwnSetup(bad)).toEqual({ groups: {}, surprised: [], rolls: {} });
  });

  it("W3: best Dex counts members able to act (a dead guard's +3 does not); Morale from the group; owed rolls, then owed ties", () => {
    const rolls = { pcs: { roll: 3, tieRolls: [] }, hostile: { roll: 2, tieRolls: [] }, neutral: { roll: 1, tieRolls: [] } };
    const sides = plannedSides(crewAndGuards, { groups: {}, surprised: [], rolls });
    const hostile = sideSetup(sides.find((s) => s.id === "hostile")!);
    expect(hostile.members.map((m) => [m.id, m.able])).toEqual([["g1", true], ["g2", false]]);
    expect(hostile.morale).toBe(9);
    const state = applyCwnOperation(null, { kind: "start", sides: sides.map((s) => sideSetup(s)) }).state;
    expect(state.sides.hostile!.initiative).toEqual({ roll: 2, dex: 2, total: 4 });
    expect(startOwed(plannedSides(crewAndGuards, { groups: {}, surprised: [], rolls: { pcs: rolls.pcs } }))).toEqual({ rolls: ["hostile", "neutral"], ties: [] });
    const tied = plannedSides(crewAndGuards, { groups: {}, surprised: [], rolls: { pcs: rolls.pcs, hostile: { roll: 2, tieRolls: [] }, neutral: { roll: 4, tieRolls: [] } } });
    expect(startOwed(tied).ties).toEqual([["hostile", "neutral"]]);
  });

  it("W4: Foundry's turns side by side; the marker on the acting member, else the first to act; W3: arrivals grouped with a new side id", () => {
    const sides = plannedSides(crewAndGuards.slice(0, 3), { groups: {}, surprised: [], rolls: { pcs: { roll: 8, tieRolls: [] }, hostile: { roll: 1, tieRolls: [] } } });
    let state = applyCwnOperation(null, { kind: "start", sides: sides.map((s) => sideSetup(s)) }).state;
    expect(orderedTurns(["g1", "mack", "vee", "ghost"], turnPlaces(state))).toEqual(["vee", "mack", "g1", "ghost"]);
    expect(markedFighter(state)).toBe("vee");
    state = applyCwnOperation(state, { kind: "beginTurn", fighterId: "mack" }).state;
    expect(markedFighter(state)).toBe("mack");
    const later = arrivals([...crewAndGuards.slice(0, 3), fact("g3", false)], state, { groups: {}, surprised: [], rolls: {} });
    expect(later.map((s) => [s.id, s.members.map((m) => m.id)])).toEqual([["hostile-2", ["g3"]]]);
  });

  it("the tracker's requests: exactly their fields, ids plain, faces in range; never throws", () => {
    expect(parseCwnCombatRequest({ kind: "cwnMorale", combatId: "c1", sideId: "hostile-2", faces: [1, 6] })).toMatchObject({ ok: true });
    expect(parseCwnCombatRequest({ kind: "cwnMorale", combatId: "c1", sideId: "hostile", faces: [1, 6, 6] })).toMatchObject({ ok: false, field: "faces" });
    expect(parseCwnCombatRequest({ kind: "cwnAct", combatId: "c1", combatantId: "x", action: "run", metres: 1001, allyId: "", itemId: "", targetId: "", label: "", quiver: false })).toMatchObject({ ok: false, field: "metres" });
    for (const v of [null, [], "x", { kind: "__proto__" }, { kind: "cwnEndSide", combatId: "c1", combatant: "x" }]) expect(parseCwnCombatRequest(v).ok).toBe(false);
  });
});

describe("the tracker's views", () => {
  const sides = plannedSides(crewAndGuards.slice(0, 3), { groups: {}, surprised: [], rolls: { pcs: { roll: 8, tieRolls: [] }, hostile: { roll: 1, tieRolls: [] } } });
  const state = applyCwnOperation(applyCwnOperation(null, { kind: "start", sides: sides.map((s) => sideSetup(s)) }).state, { kind: "beginTurn", fighterId: "vee" }).state;
  const alice = { isGM: false, owns: (id: string) => id === "vee" };

  it("sides in words; a player rolls only their side's d8 and marks no surprise", () => {
    expect(["pcs", "hostile-2", "snipers"].map((id) => sideName(id, localize))).toEqual(["Player characters", "Hostile 2", "snipers"]);
    const banner = setupBannerView(plannedSides(crewAndGuards.slice(0, 3), { groups: {}, surprised: [], rolls: {} }), (id) => id, alice, localize);
    expect(banner.sides.map((s) => [s.id, s.canRoll, s.canSurprise, s.canGroup])).toEqual([["pcs", true, false, false], ["hostile", false, false, false]]);
  });

  it("a player sees the controls of their own fighter only; may end the side's turn of their side", () => {
    expect(fighterRowView(state, "vee", (id) => id, alice, localize)!.controls).toEqual({ begin: false, end: true, pass: false, actions: true });
    expect(fighterRowView(state, "mack", (id) => id, alice, localize)!.controls).toEqual({ begin: false, end: false, pass: false, actions: false });
    expect(fightBannerView(state, [], (id) => id, alice, localize)).toMatchObject({ endSide: true, morale: [], arrivals: [] });
  });

  it("docs/style.md: the house row — hit points where the sheet may be seen, the turn and states as chips in their tones, icon controls only for who may act", () => {
    const row = fighterRowView(state, "vee", (id) => id, alice, localize, undefined, { value: 9, max: 14 })!;
    expect(row.house.figures).toEqual([{ id: "hp", label: "HP", value: "9/14", tone: "hit" }]);
    expect(row.house.statuses[0]).toEqual({ id: "turn", label: "Acting", tone: "good" });
    expect(row.house.controls.map((c) => [c.action, c.label, c.icon])).toEqual([["end", "End turn", "fa-solid fa-flag-checkered"], ["actions", "Actions…", "fa-solid fa-list"]]);
    const theirs = fighterRowView(state, "mack", (id) => id, alice, localize)!;
    expect([theirs.house.figures, theirs.house.controls]).toEqual([[], []]);
    expect(theirs.house.statuses[0]).toEqual({ id: "turn", label: "To act" });
  });

  it("W8–W37: the menu lists every action but the attacks (the card's), each refusal with the core's reason", () => {
    const menu = actionMenuView(state, "vee", { moveMetres: 10, highestSkill: 2, shootLevel: 2 }, localize);
    expect(menu.map((m) => m.action)).not.toContain("meleeAttack");
    expect(menu.find((m) => m.action === "standUp")).toMatchObject({ disabled: true, reason: expect.stringContaining("prone") });
    expect(menu.find((m) => m.action === "totalDefense")).toMatchObject({ disabled: false, cost: "Instant, spends the Main" });
    expect(readActionForm({ action: "run", metres: "12", allyId: "bad id!", label: "  shout  ", quiver: "on" })).toEqual({ action: "run", metres: 12, allyId: "", itemId: "", label: "shout", quiver: true });
  });
});

describe("the board (W12, W22, W36)", () => {
  const d = cwnDerivedOf(guards);
  const token = (actorUuid: string, disposition: number, derived = d, x = 0) => ({ actorUuid, disposition, derived, x });
  const at = (a: { x: number }, b: { x: number }) => Math.abs(a.x - b.x);

  it("the target's distance; a foe within melee range holding a Readied melee weapon makes the attacker's foe armed; neutral and fallen tokens are nobody's foe", () => {
    const fists = { ...d, weapons: [] };
    const tokens = [token("A", 1, undefined, 0), token("T", -1, d, 12), token("F", -1, fists, 1.5), token("N", 0, d, 1)];
    expect(measureBoard(tokens, "A", "T", at)).toEqual({ metres: 12, adjacentFoe: "fists" });
    expect(measureBoard([...tokens, token("B", -2, d, 1)], "A", "T", at)!.adjacentFoe).toBe("armed");
    expect(measureBoard([...tokens, token("B", -1, { ...d, downed: "dead" }, 1)], "A", "T", at)!.adjacentFoe).toBe("fists");
    expect(measureBoard(tokens, "A", "nobody", at)).toBeUndefined();
    expect([metresOf(5, "ft"), metresOf(1.5, "m"), metresOf(2, "squares")]).toEqual([1.524, 1.5, 2]);
  });
});

describe("token statuses", () => {
  it("W19: the downed state; in a fight prone, holding, surprised in the free round, each timed state, the side broken (W2, W6, W25–W27, W36, W37)", () => {
    expect(wantedStatuses("dead", null, null)).toEqual(["dead"]);
    expect(wantedStatuses("unconscious", null, null)).toEqual(["cwn-unconscious"]);
    let s = applyCwnOperation(null, { kind: "start", sides: [{ id: "pcs", playerCharacters: true, roll: 1, members: [{ id: "vee", dex: 0 }], surprised: true }, { id: "g", playerCharacters: false, roll: 2, members: [{ id: "g1", dex: 0 }] }] }).state;
    expect(wantedStatuses("none", s, "vee")).toEqual(["cwn-surprised"]);
    s = applyCwnOperation(s, { kind: "act", fighterId: "g1", action: "totalDefense" }).state;
    s = applyCwnOperation(s, { kind: "beginTurn", fighterId: "g1" }).state;
    s = applyCwnOperation(s, { kind: "act", fighterId: "g1", action: "goProne" }).state;
    expect(wantedStatuses("none", s, "g1")).toEqual(["cwn-prone", "cwn-totalDefense"]);
    expect(statusKindOf("cwn-prone")).toBe("prone");
    expect(statusKindOf("dead")).toBeUndefined();
    expect(cwnStatusEffects(localize).map((e) => e.name)).toContain("Total Defense (W27)");
  });

  it("the plan touches only its own effects: a lapsed state goes, a missing one comes, a user's own effect stays", () => {
    const effects = [{ id: "e1", statuses: ["cwn-totalDefense"], managed: true }, { id: "e2", statuses: ["cwn-prone"], managed: false }, { id: "e3", statuses: ["blind"], managed: false }];
    expect(statusPlan(["cwn-prone", "cwn-charging"], effects)).toEqual({ remove: ["e1"], add: ["cwn-charging"] });
    expect(statusPlan([], effects)).toEqual({ remove: ["e1"], add: [] });
  });
});

describe("world settings", () => {
  it("W6, W12, W19, W22: stored values replace the standard rules; a value that is not valid is reported and ignored", () => {
    const { rules, problems } = cwnRulesFromSettings({ cwnFreeAttackNeedsWeapon: true, cwnMeleeRangeMetres: 2, cwnDefaultMorale: 13, cwnSoakRefillsAfterFight: "yes" });
    expect([rules.freeAttackNeedsWeapon, rules.meleeRangeMetres, rules.defaultMorale, rules.soakRefillsAfterFight]).toEqual([true, 2, 8, true]);
    expect(problems).toEqual(["cwnSoakRefillsAfterFight", "cwnDefaultMorale"]);
  });
});

describe("the attack dialog and the dice", () => {
  const v = cwnDerivedOf(vee);
  it("W23–W25: the actions open (no Charge with a gun, a Snap only for those who may, a swarm's blow when one is ready); the form read back bounded", () => {
    const pistol = v.weapons.find((w) => w.id === "wPistol")!;
    const view = cwnAttackDialogView({ weapon: pistol, target: "G", canSnap: false, swarmReady: false, screened: false, gm: false, localize });
    expect(view.actions.map((a) => a.value)).toEqual(["attack"]);
    const knife = cwnAttackDialogView({ weapon: v.weapons.find((w) => w.id === "wKnife")!, target: "G", canSnap: true, swarmReady: true, screened: true, gm: true, localize });
    expect(knife.actions.map((a) => [a.value, a.selected])).toEqual([["attack", false], ["snap", false], ["charge", false], ["swarm", true]]);
    expect(view.summary).toBe("Heavy pistol at G: hit +4, damage 1d8+1, Trauma 1d8 ×3");
    expect(readCwnAttackForm({ action: "charge", chargeMetres: "5000", distance: "far", adjacentFoe: "armed", lethal: "on", modifier: "40", modifierLabel: " cover " })).toEqual({
      action: "charge", chargeMetres: 1000, distance: "adjacent", adjacentFoe: "armed", inRange: false, lethal: true, modifier: { label: "cover", value: 20 },
    });
  });

  it("W13, W15, W16: one roll of the d20, the Trauma Die and the damage; its faces read back by group, a roll of another shape refused", () => {
    const w = { damage: parseDice("2d6+2"), traumaDie: parseDice("1d8") };
    const groups = attackDiceGroups(w);
    expect(groupsFormula(groups)).toBe("1d20 + 1d8 + 2d6");
    const terms = [{ faces: 20, results: [{ result: 14 }] }, { operator: "+" }, { faces: 8, results: [{ result: 7 }] }, { operator: "+" }, { faces: 6, results: [{ result: 3 }, { result: 5 }] }];
    expect(facesOfTerms(terms, groups)).toEqual([[14], [7], [3, 5]]);
    expect(attackRollOf(w, [[14], [7], [3, 5]])).toEqual({ d20: 14, trauma: [7], damage: [3, 5] });
    expect(attackRollOf({ traumaDie: null }, [[2], [4]])).toEqual({ d20: 2, trauma: [], damage: [4] });
    expect(facesOfTerms([{ faces: 20, results: [{ result: 1 }] }], groups)).toBeUndefined();
    expect(facesOfTerms([{ faces: 12, results: [{ result: 1 }] }, { faces: 8, results: [{ result: 1 }] }, { faces: 6, results: [{ result: 1 }, { result: 1 }] }], groups)).toBeUndefined();
  });
});
