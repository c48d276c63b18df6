/** The OpenD6 tracker's view models (D5–D18, D37) and its strict request schema. */
import { describe, expect, it } from "vitest";
import { d6BannerView, d6DeclareView, d6HouseRow, d6TrackerRowView, penaltyText } from "../../../src/rulesets/d6/combat/tracker-view.js";
import { D6_TRACKER_GM_ONLY, parseD6CombatRequest } from "../../../src/rulesets/d6/combat/request-schema.js";
import { d6CombatantFacts } from "../../../src/rulesets/d6/combat/facts.js";
import { applyD6RoundOperation, type D6RoundState } from "../../../src/rulesets/d6/combat/round-state.js";
import { newCombatantRound } from "../../../src/rulesets/d6/rules/index.js";
import { english } from "../../../src/core/messages.js";

const mara = (system: Record<string, unknown> = {}) => d6CombatantFacts({ id: "mara", name: "Mara", actor: { id: "mara", type: "d6Character", hasPlayerOwner: true, system: { characterPoints: 2, ...system } } }, 1);
const ctx = (over: Record<string, unknown> = {}) => ({ order: { round: 1, set: true, overrides: {} }, turn: undefined, current: true, canControl: true, isGM: false, started: true, ...over });
const fresh = (): D6RoundState => ({ round: newCombatantRound(1) });

describe("tracker row (D6, D9, D11–D14, D18, D37)", () => {
  it("D11/D12: actions used of N and the penalty −1D; D13/D14: a held wait with an action left may interrupt", () => {
    let s = applyD6RoundOperation({ ...fresh(), initiative: { round: 1, total: 14, playerCharacter: true, exploded: true, characterPointDice: [[3]] } }, { kind: "declare", actions: 2 });
    s = applyD6RoundOperation(s, { kind: "wait" });
    const row = d6TrackerRowView(mara(), s, ctx());
    expect(row).toMatchObject({ initiative: 14, exploded: true, characterPoints: 1, declared: 2, used: 1, left: 1, penalty: "\u22121D", waiting: true, mayInterrupt: true });
    expect(row.controls).toEqual({ roll: false, characterPoint: false, declare: false, wait: true, place: false, moveUp: false });
  });
  it("D18: defenses in force; D37: the wound and its dice; unable to act shows no controls", () => {
    const s = applyD6RoundOperation(applyD6RoundOperation(fresh(), { kind: "declare", actions: 1 }), { kind: "defense", defense: { skill: "dodge", mode: "partial", roll: 12, total: 12 } });
    const row = d6TrackerRowView(mara({ wounds: { level: "wounded" } }), s, ctx());
    expect(row.defenses).toEqual([{ skillKey: "CYCHOSYS.D6.Defense.dodge", modeKey: "CYCHOSYS.D6.DefenseMode.partial", total: 12 }]);
    expect(row).toMatchObject({ woundKey: "CYCHOSYS.D6.Wound.wounded", woundPenalty: "\u22121D" });
    const out = d6TrackerRowView(mara({ wounds: { level: "incapacitated" } }), fresh(), ctx({ order: { round: 1, set: false, overrides: {} } }));
    expect(out.unableToAct).toBe(true);
    expect(Object.values(out.controls).some(Boolean)).toBe(false);
  });
  it("the house row (docs/style.md): one line of figures, statuses as chips in their tone, icon controls with accessible names — none for a viewer who may not act", () => {
    let s = applyD6RoundOperation({ ...fresh(), initiative: { round: 1, total: 14, playerCharacter: true, characterPointDice: [[3]] } }, { kind: "declare", actions: 2 });
    s = applyD6RoundOperation(applyD6RoundOperation(s, { kind: "wait" }), { kind: "defense", defense: { skill: "dodge", mode: "partial", roll: 9, total: 9 } });
    const view = d6TrackerRowView(mara({ wounds: { level: "wounded" } }), { ...s, round: { ...s.round, used: 1, waits: 1 } }, ctx());
    const row = d6HouseRow("Mara", view, english);
    expect(row.figures).toEqual([{ id: "actions", label: "Actions", value: "1 of 2 \u22121D", tone: "shock" }]);
    expect(row.statuses.map((st) => [st.label, st.tone ?? null])).toEqual([["+1 CP", null], ["Waiting: may interrupt", "good"], ["Dodge 9 (partial defense)", "good"], ["Wounded \u22121D", "wound"]]);
    expect(row.controls).toEqual([{ action: "wait", label: "Wait", icon: "fa-solid fa-hourglass-half" }]);
    expect([row.essentialsLabel, row.controlsLabel]).toEqual(["Mara: figures", "Mara: controls"]);
    const theirs = d6HouseRow("Mara", d6TrackerRowView(mara(), s, ctx({ canControl: false })), english);
    expect(theirs.controls).toEqual([]);
    expect(d6HouseRow("Mara", d6TrackerRowView(mara(), fresh(), ctx({ current: false })), english).figures[0]!.value).toBe("—");
  });

  it("D6/D9/D5: while rolling — roll, then a Character Point; the GM places only a rolled combatant", () => {
    const rolling = { order: { round: 1, set: false, overrides: { mara: 0 } } };
    expect(d6TrackerRowView(mara(), fresh(), ctx(rolling)).controls).toMatchObject({ roll: true, characterPoint: false, place: false });
    const rolled = { ...fresh(), initiative: { round: 1, total: 9, playerCharacter: true } };
    expect(d6TrackerRowView(mara(), rolled, ctx(rolling))).toMatchObject({ overridden: true, controls: { roll: false, characterPoint: true } });
    expect(d6TrackerRowView(mara({ characterPoints: 0 }), rolled, ctx(rolling)).controls.characterPoint).toBe(false);
    expect(d6TrackerRowView(mara(), rolled, ctx({ ...rolling, isGM: true })).controls.place).toBe(true);
    // D11: declare only on its own turn, once the order is set
    expect(d6TrackerRowView(mara(), rolled, ctx()).controls.declare).toBe(true);
    expect(d6TrackerRowView(mara(), rolled, ctx({ current: false })).controls.declare).toBe(false);
    // D15: the GM may move up a combatant whose turn it is not, before it declared
    expect(d6TrackerRowView(mara(), rolled, ctx({ current: false, isGM: true })).controls.moveUp).toBe(true);
    expect(d6TrackerRowView(mara(), rolled, ctx({ current: false })).controls.moveUp).toBe(false);
    expect(d6TrackerRowView(mara(), rolled, ctx({ current: true, isGM: true })).controls.moveUp).toBe(false);
  });
  it("the banner (GM, while rolling) and the declare dialog's penalties (D12, freeActions)", () => {
    const banner = d6BannerView({ round: 2, set: false, overrides: {} }, [{ name: "A", rolled: true, defeated: false }, { name: "B", rolled: false, defeated: false }, { name: "C", rolled: false, defeated: true }], { isGM: true, started: true });
    expect(banner).toEqual({ show: true, round: 2, rolled: 1, of: 2, waitingFor: ["B"] });
    expect(d6BannerView({ round: 2, set: true, overrides: {} }, [], { isGM: true, started: true }).show).toBe(false);
    expect(d6BannerView({ round: 2, set: false, overrides: {} }, [], { isGM: false, started: true }).show).toBe(false);
    const two = { round: { ...newCombatantRound(1, 2) } };
    expect(d6DeclareView("Mara", two, { max: 4 }).choices.map((c) => c.penalty)).toEqual(["", "", penaltyText(1), penaltyText(2)]);
  });
  it("every key the views and templates name is in lang/en.json", () => {
    for (const key of ["CYCHOSYS.D6.Defense.dodge", "CYCHOSYS.D6.DefenseMode.partial", "CYCHOSYS.D6.Wound.wounded", "CYCHOSYS.D6.Combat.setOrder", "CYCHOSYS.D6.Combat.Invalid.face"]) {
      expect(english(key)).not.toBe(key);
    }
  });
});

describe("request schema: strict", () => {
  const ok = { kind: "d6Initiative", combatId: "c1", combatantId: "mara", dice: [2, 3], wild: [6, 4], group: false };
  it("accepts a well-formed request and copies only its fields", () => {
    const check = parseD6CombatRequest(ok);
    expect(check).toEqual({ ok: true, request: ok });
    if (check.ok) expect((check.request as { dice: number[] }).dice).not.toBe(ok.dice);
  });
  it.each([
    ["an unknown kind", { ...ok, kind: "endCombat" }, "kind"],
    ["an id that is not plain", { ...ok, combatantId: "../x" }, "combatantId"],
    ["a face of 7", { ...ok, dice: [7] }, "dice"],
    ["a face that is text", { ...ok, wild: ["6"] }, "wild"],
    ["a wild chain too long", { ...ok, wild: Array(51).fill(6) }, "wild"],
    ["an extra field", { ...ok, total: 30 }, "total"],
    ["a group that is not a boolean", { ...ok, group: "yes" }, "group"],
    ["N out of range", { kind: "d6Declare", combatId: "c1", combatantId: "m", actions: 21, movedUp: false }, "actions"],
    ["N not whole", { kind: "d6Declare", combatId: "c1", combatantId: "m", actions: 1.5, movedUp: false }, "actions"],
    ["an empty chain", { kind: "d6CharacterPoint", combatId: "c1", combatantId: "m", chain: [] }, "chain"],
    ["a place below 0", { kind: "d6Place", combatId: "c1", combatantId: "m", position: -1 }, "position"],
  ])("refuses %s", (_what, payload, field) => {
    const check = parseD6CombatRequest(payload);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.field).toBe(field);
  });
  it("the GM-only flags may be left out (a player's client never sends them); absent reads as false", () => {
    const { group: _group, ...roll } = ok;
    expect(parseD6CombatRequest(roll)).toMatchObject({ ok: true, request: { kind: "d6Initiative", dice: [2, 3] } });
    expect(parseD6CombatRequest({ kind: "d6Declare", combatId: "c1", combatantId: "m", actions: 2 })).toMatchObject({ ok: true });
    expect(parseD6CombatRequest({ kind: "d6Declare", combatId: "c1", combatantId: "m", actions: 2, movedUp: "yes" })).toMatchObject({ ok: false, field: "movedUp" });
    expect(D6_TRACKER_GM_ONLY).toEqual({ d6Initiative: ["group"], d6Place: ["position"], d6Declare: ["movedUp"] });
  });
  it("refuses what is not a plain object", () => {
    for (const v of [null, [], "x", Object.create({ kind: "d6Wait" })]) expect(parseD6CombatRequest(v).ok).toBe(false);
  });
});
