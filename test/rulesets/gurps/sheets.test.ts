/**
 * The GURPS sheets' pure parts: the character sheet's view (G1 inputs and
 * derived figures side by side, G61–G66 defenses, G71 DR by location,
 * G77–G81 thresholds), the item sheets, the advantages as effects, the
 * conditions mirrored as status effects (G14, G19, G47, G50, G77–G81), the
 * sheet's success rolls (G3–G6, G14, G50, G59, G77, G79) and damage rolls
 * (G26, G69, G70), the world settings, and a list's edits folded whole.
 */
import { describe, expect, it } from "vitest";
import { english, englishString } from "../../../src/core/messages.js";
import { foldListEdits } from "../../../src/core/schema/submission.js";
import { GURPS_STANDARD_RULES, newFighterRound, recordInjury, startTurn, endTurn, type GurpsFighterRound } from "../../../src/rulesets/gurps/rules/index.js";
import { gurpsActorSheetView } from "../../../src/rulesets/gurps/views/sheet-actor.js";
import { gurpsItemSheetView } from "../../../src/rulesets/gurps/views/sheet-items.js";
import { changeText, effectRows, EFFECT_MODES } from "../../../src/rulesets/gurps/views/sheet-effects.js";
import { conditionEffectData, gurpsConditions, gurpsStatusEffects, gurpsStatusPlan, GURPS_CONDITIONS } from "../../../src/rulesets/gurps/data/status.js";
import { findGurpsRollable, readGurpsRoll, rollOptions, roundModifiers } from "../../../src/rulesets/gurps/data/rollables.js";
import { gurpsDamagePlan, readGurpsDamage } from "../../../src/rulesets/gurps/data/damage-roll.js";
import { gurpsRulesFromSettings } from "../../../src/rulesets/gurps/data/settings.js";
import { gurpsRollCardContext, readGurpsRollForm } from "../../../src/rulesets/gurps/views/roll.js";
import { gurpsDamageCardContext, readGurpsDamageForm } from "../../../src/rulesets/gurps/views/damage.js";
import { aldric, gurpsDerivedOf } from "../../fixtures/gurps-sheets.js";

const derived = gurpsDerivedOf(aldric);
const keysIn = (value: unknown): string[] => JSON.stringify(value).match(/CYCHOSYS\.[A-Za-z0-9_.]+/g) ?? [];
const sheet = (round: GurpsFighterRound | null = null, o: Partial<Parameters<typeof gurpsActorSheetView>[0]> = {}) =>
  gurpsActorSheetView({ name: aldric.name, img: "", source: aldric.system, derived, items: aldric.items, effects: aldric.effects, editable: true, enriched: { advantages: "", notes: "" }, round, localize: english, ...o });

describe("the character sheet (G1, G2, G61–G66, G71, G77–G81)", () => {
  it("shows the stored scores in the inputs and the derive's figures beside them; every label is a lang key that exists", () => {
    const view = sheet();
    expect(view.attributes.map((a) => [a.id, a.source, a.value])).toEqual([["st", 12, 12], ["dx", 12, 12], ["iq", 10, 10], ["ht", 12, 12], ["will", 11, 11], ["per", 10, 10]]);
    const speed = view.secondary.numbers.find((n) => n.id === "basicSpeed")!;
    expect([speed.source, speed.value, speed.changed]).toEqual([6, 6.25, true]);
    expect(view.skills.map((s) => [s.name, s.relative, s.level])).toEqual([["Broadsword", "DX+2", 14], ["Shield", "DX+1", 13], ["Brawling", "DX", 12], ["Spear", "DX−1", 11]]);
    for (const key of keysIn(view)) expect(englishString(key), key).toBeDefined();
  });

  it("G80 reeling at 4 of 14 HP: Speed and Move halved and rounded up, Dodge from the halved Speed, shown as a condition", () => {
    const view = sheet();
    expect(view.figures).toMatchObject({ speedNow: 4, moveNow: 3, reeling: true });
    expect(view.conditions.map((c) => c.id)).toEqual(["reeling"]);
    expect(view.figures!.dodge.level).toBe(derived.dodge);
    // The HP drawn as a track (docs/style.md): 4 of 14, in the wound tone while reeling; fine above a third; the hit tone at 0 or below.
    expect(view.hp.track).toEqual({ fill: 29, tone: "wound" });
    const at = (value: number, reeling: boolean) => sheet(null, { source: { ...aldric.system, hp: { value, max: 14 } }, derived: { ...derived, reeling } }).hp.track;
    expect([at(14, false), at(0, true), at(-20, true)]).toEqual([{ fill: 100, tone: "good" }, { fill: 0, tone: "hit" }, { fill: 0, tone: "hit" }]);
  });

  it("Combat tab: Parry per line (G63), Block with DB (G62), DR by location with armor and flexible marks (G71, G72), thresholds (G78–G81)", () => {
    const { combat } = sheet();
    const sword = combat.weapons.find((w) => w.id === "wSword")!;
    expect(sword.lines.map((l) => [l.name, l.damage, l.parry])).toEqual([["swing", "1d+3", "10"], ["thrust", "1d", "10"]]);
    const spear = combat.weapons.find((w) => w.id === "wSpear")!;
    expect(spear.ready).toBe(false);
    expect(spear.lines[1]).toMatchObject({ parry: "No", reach: null, parryKey: null });
    expect(spear.lines[1]!.ranged).toContain("12/18");
    expect(combat.locations.find((l) => l.id === "torso")).toMatchObject({ dr: 4, flexible: true });
    expect(combat.locations.find((l) => l.id === "skull")!.dr).toBe(derived.dr.skull);
    expect(combat.thresholds.map((t) => t.rule)).toEqual(["G78", "G80", "G77", "G81", "G81"]);
    // G62, G63, G66: each parry and block labelled with what it is made with; Dodge is the header's alone (one figure per defense).
    expect(combat.defenses.map((d) => [d.label, d.level, d.rollKey, d.unready])).toEqual([
      ["Parry (Broadsword)", 10, "parry:wSword:0", false],
      ["Parry (Spear)", 8, "parry:wSpear:0", true],
      [`Parry (bare hands, DX)`, derived.unarmedParry.parry, "unarmedParry", false],
      ["Block (Medium shield)", derived.shields[0]!.block, "block:shMedium", false],
    ]);
  });

  it("in a fight the round's conditions show: shock pending from injury since his last turn (G77), stun (G79), posture (G14), held (G50)", () => {
    let round = newFighterRound();
    round = recordInjury(round, { ...round, injurySinceLastTurn: 3, posture: "prone", stunned: "physical", unconscious: false, mortallyWounded: false, dead: false, deathChecksRolled: 0, taskBroken: false } as never, [], true);
    round = { ...round, grappledBy: [{ id: "foe", location: "torso" } as never] };
    const ids = sheet(round).conditions.map((c) => c.id);
    expect(ids).toEqual(["shock", "stunned", "majorWound", "reeling", "prone", "grappled"]);
    expect(sheet(round).conditions[0]!.label).toBe("Shock −3");
  });

  it("an unreadable stored damage is listed with where it is and what the parser says; nothing derived is said plainly", () => {
    const bad = { ...aldric.system, damage: { thrust: "1q", swing: "1d+2" } };
    const view = sheet(null, { source: bad, derived: gurpsDerivedOf({ ...aldric, system: bad }) });
    expect(view.problems).toHaveLength(1);
    expect(view.problems[0]).toMatch(/^Thrust: "1q": /);
    expect(sheet(null, { derived: undefined }).underived).toBe(true);
  });
});

describe("item sheets (G1, G2, G51–G59, G62, G71, G72)", () => {
  const view = (id: string) => {
    const it = aldric.items.find((i) => i.id === id)!;
    return gurpsItemSheetView({ type: it.type as never, id, name: it.name, img: "", system: it.system, editable: true, enrichedDescription: "", owner: { name: aldric.name, derived, skills: ["Broadsword"] } });
  };
  it("a melee line shows reach, Parry and ‡; a ranged one Acc, 1/2D, Max, RoF, Rcl, Bulk and no Parry", () => {
    const spear = view("wSpear") as { lines: { ranged: boolean; numbers: { id: string }[]; flags: { id: string }[] }[] };
    expect(spear.lines[0]!.numbers.map((n) => n.id)).toEqual(["parry", "minSt"]);
    expect(spear.lines[0]!.flags.map((n) => n.id)).toEqual(["parries", "unbalanced", "unreadyAfterAttack", "fencing"]);
    expect(spear.lines[1]!.ranged).toBe(true);
    expect(spear.lines[1]!.numbers.map((n) => n.id)).toEqual(["minSt", "acc", "halfDamage", "max", "minRange", "rof", "rcl", "bulk"]);
    for (const key of keysIn(spear)) expect(englishString(key), key).toBeDefined();
  });
  it("a skill shows its level now, armor its DR per location, a shield its Block", () => {
    expect((view("skBroad") as { level: number }).level).toBe(14);
    expect((view("aMail") as { locations: { id: string; value: number }[] }).locations.find((l) => l.id === "torso")!.value).toBe(4);
    expect((view("shMedium") as { block: { value: number } }).block.value).toBe(derived.shields[0]!.block);
  });
});

describe("advantages as effects (G1)", () => {
  it("changes in words, the status marks left out", () => {
    const rows = effectRows(aldric.effects, english);
    expect(rows.map((r) => r.name)).toEqual(["Increased Basic Speed"]);
    expect(rows[0]!.changes).toBe("Basic Speed +0.25");
    expect(changeText({ key: "system.traits.perfectBalance", mode: EFFECT_MODES.override, value: "true" }, english)).toBe("Perfect Balance on");
    expect(changeText({ key: "system.attributes.dx", mode: EFFECT_MODES.add, value: "-1" }, english)).toBe("DX −1");
  });
});

describe("conditions as status effects (G14, G19, G47, G50, G77–G81)", () => {
  it("dead at −5 × HP hides every other mark; at 0 HP collapsing", () => {
    expect(gurpsConditions({ hp: { value: -70, max: 14 }, reeling: true, round: newFighterRound() }).map((c) => c.id)).toEqual(["dead"]);
    expect(gurpsConditions({ hp: { value: 0, max: 14 }, reeling: true, round: null }).map((c) => c.id)).toEqual(["reeling", "collapsing"]);
  });
  it("shock lapses when his next turn is over (G77), the major-wound mark too (G78)", () => {
    let round = recordInjury(newFighterRound(), { injurySinceLastTurn: 2, posture: "standing", stunned: null, unconscious: false, mortallyWounded: false, dead: false, deathChecksRolled: 0, taskBroken: false } as never, [], true);
    expect(gurpsConditions({ hp: { value: 12, max: 14 }, reeling: false, round }).map((c) => [c.id, c.value])).toEqual([["shock", 2], ["majorWound", undefined]]);
    round = startTurn(round, { hp: 14, currentHp: 12, ht: 12 }).state;
    expect(gurpsConditions({ hp: { value: 12, max: 14 }, reeling: false, round }).find((c) => c.id === "shock")?.value).toBe(2);
    round = endTurn(round);
    expect(gurpsConditions({ hp: { value: 12, max: 14 }, reeling: false, round })).toEqual([]);
  });
  it("the plan keeps exactly one effect per condition, renames a changed figure, removes strays and doubles", () => {
    const plan = gurpsStatusPlan([{ id: "shock", value: 4 }, { id: "prone" }], [
      { id: "a", name: "Shock −2", statuses: ["gurps-shock"] },
      { id: "b", name: "Shock −2", statuses: ["gurps-shock"] },
      { id: "c", name: "Stunned", statuses: ["gurps-stunned"] },
      { id: "d", name: "Blessed", statuses: [] },
    ], english);
    expect(plan).toEqual({ remove: ["b", "c"], add: [{ id: "prone" }], rename: [{ id: "a", name: "Shock −4" }] });
    expect(gurpsStatusEffects(english).map((s) => s.id)).toEqual(GURPS_CONDITIONS.map((c) => `gurps-${c}`));
    expect(conditionEffectData({ id: "shock", value: 3 }, english).name).toBe("Shock −3");
    for (const key of keysIn(gurpsStatusEffects(english))) expect(englishString(key), key).toBeDefined();
  });
});

describe("rolls from the sheet (G3–G6, G14, G50, G59, G77, G79)", () => {
  it("finds only what the actor has; refuses forged keys", () => {
    expect(findGurpsRollable(derived, "skill:skBroad")!.level).toBe(14);
    expect(findGurpsRollable(derived, "attack:wSword:0")).toMatchObject({ level: 14, purpose: "meleeAttack", keyedTo: "dx" });
    for (const bad of ["skill:nope", "parry:wSpear:1", "attack:wSword:9", "attribute:__proto__", "x".repeat(300), "block:nope"]) expect(findGurpsRollable(derived, bad), bad).toBeUndefined();
  });
  it("shock touches DX-keyed rolls but never a defense or HT (G77); stun −4 and posture to defenses (G79, G14); held −4 to DX (G50)", () => {
    const round = { ...newFighterRound(), shock: 2, stunDefense: true, posture: "kneeling" as const, grappledBy: [{ id: "foe" } as never] };
    const keys = (k: string) => roundModifiers(findGurpsRollable(derived, k)!, round).map((m) => `${m.key}${m.value}`);
    expect(keys("skill:skBroad")).toEqual(["shock-2", "grappled-4"]);
    expect(keys("attack:wSword:0")).toEqual(["shock-2", "grappled-4", "posture-2"]);
    expect(keys("attribute:ht")).toEqual([]);
    expect(keys("dodge")).toEqual(["stunned-4", "posture-2"]);
    expect(roundModifiers(findGurpsRollable(derived, "dodge")!, null)).toEqual([]);
  });
  it("a ready shield's DB is offered on defenses (G59); the dice read by the core with criticals (G5, G6)", () => {
    const dodge = findGurpsRollable(derived, "dodge")!;
    expect(rollOptions(dodge, derived, null).map((o) => o.modifier.value)).toEqual([2]);
    const { modifiers } = readGurpsRollForm({ "option.shieldDb": "on", situational: "−1" }, rollOptions(dodge, derived, null));
    const roll = readGurpsRoll(dodge, modifiers, [1, 1, 2]);
    expect(roll.effective).toBe(dodge.level + 1);
    expect(roll.result.critical).toBe("success");
    expect(gurpsRollCardContext({ actorName: "Aldric", roll }).outcomeText).toBe("Critical success");
    expect(() => readGurpsRoll(dodge, [], [1, 7, 2])).toThrow();
    expect(() => readGurpsRollForm({ situational: "99" }, [])).toThrow(/whole number from −30 to \+30/);
  });
  it("damage: thr/sw resolved, All-Out Attack (Strong) on an ST-based melee line (G26), half damage at 1/2D (G70), minimum (G69)", () => {
    const plan = gurpsDamagePlan(derived, "damage:wSword:0")!;
    expect(plan.strong).not.toBeNull();
    const roll = readGurpsDamage(plan, [4], readGurpsDamageForm({ strong: "on", bonus: "0" }, plan));
    expect(roll.basic.basic).toBe(4 + 3 + plan.strong!.value);
    const thrown = gurpsDamagePlan(derived, "damage:wSpear:1")!;
    expect(thrown.halvable).toBe(true);
    const half = readGurpsDamage(thrown, [5], { strong: false, halved: true, bonus: 0 });
    expect(gurpsDamageCardContext({ actorName: "Aldric", roll: half }).halved).toMatch(/Halved from/);
    expect(gurpsDamagePlan(derived, "damage:wSword:7")).toBeUndefined();
  });
});

describe("world settings and list edits", () => {
  it("a stored value that is not the setting's own falls back to the standard rule and is reported", () => {
    const { rules, problems } = gurpsRulesFromSettings({ gurpsMinEffectiveSkill: 5, gurpsReelingRule: "bogus", gurpsFastMultiHit: "yes" });
    expect(rules.minEffectiveSkill).toBe(5);
    expect(rules.reelingRule).toBe(GURPS_STANDARD_RULES.reelingRule);
    expect(problems).toEqual(["gurpsFastMultiHit", "gurpsReelingRule"]);
  });
  it("a form's list entries are folded into the whole stored list; a forged index or a prototype key is dropped", () => {
    const stored = [{ name: "swing", damage: "sw" }, { name: "thrust", damage: "thr" }];
    const out = foldListEdits({ name: "Sword", "system.lines.1.damage": "thr+1", "system.lines.5.damage": "x", "system.lines.0.__proto__": 1, "system.lines.0.constructor": 1 }, "system.lines", stored);
    expect(out).toEqual({ name: "Sword", "system.lines": [{ name: "swing", damage: "sw" }, { name: "thrust", damage: "thr+1" }] });
    expect(stored[1]!.damage).toBe("thr");
    expect(foldListEdits({ name: "x" }, "system.lines", stored)).toEqual({ name: "x" });
  });
});
