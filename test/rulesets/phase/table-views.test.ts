/**
 * The phase ruleset's pure views and helpers at the table: the declare and
 * free-action dialogs offer only what the core accepts (fast-check), the
 * tracker and card views give each user their own controls, the sheets
 * show the derive's figures, a sheet's form keeps what it can, the world
 * settings are checked, the token statuses follow their source, and every
 * string the table names exists.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { englishString } from "../../../src/core/messages.js";
import { phaseRulesFromSettings } from "../../../src/rulesets/phase/data/settings.js";
import { statusPlan, TRACKER_STATUSES, WOUND_STATUSES } from "../../../src/rulesets/phase/data/status.js";
import { phaseTrackerView, trackerProblemView, type TrackerPerson } from "../../../src/rulesets/phase/combat/tracker-view.js";
import { checkDeclaration, declarationView, takeFree } from "../../../src/rulesets/phase/rules/index.js";
import { declareChoices, freeChoices, readDeclareForm } from "../../../src/rulesets/phase/views/declare-dialog.js";
import { phaseActorSheetView, phaseItemSheetView } from "../../../src/rulesets/phase/views/sheets.js";
import { checkPhaseSubmission } from "../../../src/rulesets/phase/views/sheet-submit.js";
import { NOBODY, phaseCardView } from "../../../src/rulesets/phase/workflow/card-view.js";
import { describeProblems, sweepNarration } from "../../helpers/narration-sweep.js";
import { cardFlows, gmTrackerView, midDeclaration, playerTrackerView } from "../../../tools/preview/phase.js";
import { derivedOf, leroy, mo } from "../../fixtures/phase-sheets.js";
import { fighter, weapon } from "./helpers.js";
import { GM, play, seedFighters } from "./table-helpers.js";

const f = seedFighters();

describe("the declare dialog offers only what the core accepts (P6–P8, P13–P16, P22–P25, P39)", () => {
  const weaponArb = (id: string) =>
    fc.record({ kind: fc.constantFrom("ranged" as const, "melee" as const), semiAuto: fc.boolean(), auto: fc.boolean(), ammo: fc.integer({ min: 0, max: 8 }), ready: fc.boolean() }).map((w) => weapon(id, { ...w, skill: w.kind === "melee" ? "knife" : "pistol" }));
  it("every choice, with a target and any area it allows, is a declaration checkDeclaration accepts", () => {
    fc.assert(
      fc.property(weaponArb("a"), weaponArb("b"), fc.option(fc.constantFrom("earl", "mo"), { nil: null }), fc.constantFrom("earl", "mo"), (a, b, lined, target) => {
        const me = fighter("leroy", { weapons: { a, b } });
        const state = { ...midDeclaration().state };
        const self = { ...state.combatants.find((c) => c.id === "leroy")!, targeting: lined ? { target: lined, area: null } : null };
        for (const choice of declareChoices(me, self)) {
          const to = choice.fixedTarget ?? (choice.area === "targeting" && lined ? lined : target);
          const area = choice.area === "any" || (choice.area === "targeting" && lined === to) ? { area: "leftLeg" as const } : {};
          const d = { action: choice.action, ...(choice.weapon && { weapon: choice.weapon }), ...(choice.target && { target: to }), ...area, ...(choice.targets && { targets: ["mo"] }) };
          expect(() => checkDeclaration(state, self, me, d)).not.toThrow();
        }
      }),
      { numRuns: 300 },
    );
  });

  it("no shot with a holstered or empty weapon, no Aim without Targeting, no draw of a drawn weapon", () => {
    const me = fighter("leroy", { weapons: { p: weapon("p", { ready: false }), e: weapon("e", { ammo: 0 }) } });
    const keys = declareChoices(me, { targeting: null }).map((c) => c.value);
    expect(keys).toContain("draw:p");
    expect(keys).not.toContain("fire:p");
    expect(keys).not.toContain("fire:e");
    expect(keys).not.toContain("draw:e");
    expect(keys).not.toContain("aim");
    expect(declareChoices(me, { targeting: { target: "mo", area: null } }).find((c) => c.action === "aim")).toMatchObject({ fixedTarget: "mo" });
  });

  it("P7: free actions are the free entries and what a skill the character has makes free; each is accepted", () => {
    const earl = f.earl!;
    const choices = freeChoices(earl, { targeting: null });
    expect(choices.map((c) => c.value)).toEqual(["draw:pistol", "speak"]);
    expect(choices[0]!.check).toBe("fastdraw check against TN 10");
    expect(freeChoices(fighter("x", { skills: {} }), { targeting: null }).map((c) => c.value)).toEqual(["speak"]);
    // Each is a free action the core takes in Earl's slot (seed check 3).
    const l = midDeclaration();
    for (const c of choices) expect(() => takeFree(l.state, { ...f, leroy: f.leroy!, mo: f.mo! }, "earl", { action: c.action, ...(c.weapon && { weapon: c.weapon }), ...(c.check && { face: 6 }) })).not.toThrow();
  });

  it("the form is read as the choice asks: the fixed target of Aim, no area where none is called, words trimmed", () => {
    const me = fighter("leroy");
    const choices = declareChoices(me, { targeting: { target: "mo", area: null } });
    expect(readDeclareForm({ choice: "aim", target: "earl", area: "head" }, choices)).toEqual({ action: "aim", target: "mo" });
    expect(readDeclareForm({ choice: "defend", target: "earl", area: "head", label: "  " }, choices)).toEqual({ action: "defend" });
    expect(readDeclareForm({ choice: "melee:knife", target: "mo", distance: "1", area: "chest" }, choices)).toEqual({ action: "melee", weapon: "knife", target: "mo", distance: 1, area: "chest" });
    expect(readDeclareForm({ choice: "teleport" }, choices)).toBeNull();
  });
});


describe("the tracker view for each user", () => {
  const localize = (k: string, p?: Record<string, unknown>) => (englishString(k) ? Object.entries(p ?? {}).reduce((t, [a, b]) => t.replaceAll(`{${a}}`, String(b)), englishString(k)!) : k);
  it("mid-declaration: Earl's player has his slot's controls and sees the others' declarations hidden; the GM resolves", () => {
    const player = playerTrackerView(localize);
    expect(player.rows.map((r) => [r.name, r.position, r.initiative, r.slot, r.actionHidden])).toEqual([["Mo", 1, 4, "done", true], ["Leroy", 2, 16, "done", true], ["Earl", 3, 21, "current", false]]);
    expect(player.rows[2]!.controls.map((c) => c.action)).toEqual(["declare", "free", "pass"]);
    expect(player.buttons).toEqual([]);
    expect(JSON.stringify(player)).not.toContain("chest");
    // The house row: the declaration once, short, in the row's one line; Earl's own controls in the row; none on the others'.
    expect(player.rows.map((r) => r.row.figures.find((x) => x.id === "action")?.value ?? null)).toEqual(["Hidden", "Hidden", null]);
    expect(player.rows[2]!.row.controls.map((c) => c.label)).toEqual(["Declare", "Free action", "Pass"]);
    expect(player.rows[0]!.row.controls).toEqual([]);
    expect(player.rows[2]!.current).toBe(true);
    const gm = gmTrackerView(localize);
    expect(gm.buttons.map((b) => b.action)).toEqual(["resolve"]);
    // The GM's marks behind one compact control, apart from the owner's controls.
    expect(gm.rows[0]!.marks.map((c) => c.action)).toEqual(["markUnaware", "suppress"]);
    expect(gm.rows[0]!.controls).toEqual([]);
    // Each declaration once: on its row (short; in full in its tooltip), never again in a due list or the log.
    expect(gm.rows.map((r) => r.row.figures.find((x) => x.id === "action")?.value ?? null)).toEqual(["Targeting → Earl", "Fire → Mo", null]);
    expect(gm.rows[1]!.action).toBe("Fire on Mo with Service pistol — phase, resolves at the end of phase 1 (due now)");
    expect(gm.rows[1]!.row.figures.find((x) => x.id === "action")!.tone).toBe("shock");
    expect(gm.log).toEqual([]);
    expect(JSON.stringify(gm).match(/Fire on Mo/g)).toHaveLength(1);
  });

  it("P3: the surprised roll when their wait is over; unaware and surprised are shown; a missing record offers the GM a restart", () => {
    const l = play(midDeclaration(), f, []);
    const view = declarationView(l.state, GM);
    const people: TrackerPerson[] = ["leroy", "earl", "mo"].map((id) => ({ id, name: id, img: "", out: [], canControl: true, weapons: {} }));
    const start = phaseTrackerView({ ...view, step: "start", rows: view.rows.map((r) => (r.id === "mo" ? { ...r, awareness: "surprised", surpriseLeft: 0, failedSurpriseRolls: 1 } : r)) }, people, { isGM: false, resolving: false, surpriseDue: ["mo"], surpriseRolled: [], problem: null });
    expect(start.rows.find((r) => r.id === "mo")).toMatchObject({ controls: [{ action: "rollSurprise" }] });
    expect(start.rows.find((r) => r.id === "mo")!.row.statuses).toContainEqual({ id: "awareness", label: "Surprised, rolls at +1 (P3)", tone: "shock" });
    expect(start.notice).toBe("Waiting for surprise rolls: mo.");
    expect(trackerProblemView("noRecord", true).buttons.map((b) => b.action)).toEqual(["restart"]);
    expect(trackerProblemView("unreadable", false).buttons).toEqual([]);
    // While the card resolves, nothing but the card moves the phase.
    const resolving = phaseTrackerView(view, people, { isGM: true, resolving: true, surpriseDue: [], surpriseRolled: [], problem: null });
    expect(resolving.buttons).toEqual([]);
    expect(resolving.rows.every((r) => r.controls.length === 0)).toBe(true);
  });
});

describe("the card view for each user", () => {
  it("the roll button only for the attacker's owner or the GM; apply, undo and cancel only for the GM; undo only while the record has not moved on", () => {
    const { rolling, wild, applied } = cardFlows();
    expect(phaseCardView(rolling, { isGM: false, owns: () => false }).phase.owed.map((o) => o.button)).toEqual([null]);
    expect(phaseCardView(rolling, { isGM: true, owns: () => false }).phase.owed[0]!.button).toEqual({ action: "roll", label: "Roll 1d10", data: [{ name: "combatant-id", value: "mo" }, { name: "roll", value: "check" }] });
    expect(phaseCardView(rolling, { isGM: true, owns: () => false }).buttons.map((b) => b.action)).toEqual(["modifiers", "cancel"]);
    expect(phaseCardView(wild, { isGM: false, owns: () => true }).buttons).toEqual([]);
    expect(phaseCardView(wild, { isGM: true, owns: () => true }).buttons.map((b) => b.action)).toEqual(["apply", "cancel"]);
    expect(phaseCardView(applied, { isGM: true, owns: () => true }).buttons.map((b) => b.label)).toEqual(["Undo"]);
    // 22.2: once the phase has moved on, undo still takes back the sheets (by their own deltas), and says so.
    expect(phaseCardView(applied, { isGM: true, owns: () => true, recordMovedOn: true }).buttons.map((b) => [b.action, b.label])).toEqual([["undo", "Undo on the sheets (the phase has moved on)"]]);
    expect(phaseCardView(applied, { isGM: false, owns: () => true }).phase.applied).toEqual(["Leroy: flesh +9, a traumatic wound (chest).", "SMG: 3 rounds spent."]);
  });

  it("the house anatomy (docs/style.md): one attack titles the card \"Mo attacks Leroy\"; the check's die and big total against its TN; each hit's damage dice; the headline says who takes what", () => {
    const { rolling, wild, applied } = cardFlows();
    const view = phaseCardView(applied, { isGM: true, owns: () => true });
    expect([view.title, view.subtitle]).toEqual(["Mo attacks Leroy", "End of phase 1 · Round 1, turn 1, minute 1"]);
    // Leroy defends (TN 12, P26); Mo's wild burst: 9 + 2 + 3 − 2 = 12, one hit on the chest, 6 + 6 + 1 = 13 less the vest's 4 = 9 (P29: traumatic).
    expect(view.outcome).toEqual({ text: "Leroy takes 9 flesh: 6 → 15 of 20", tone: "hit", details: [{ text: "Traumatic wound to Leroy: chest", tone: "wound" }] });
    const burst = view.phase.attacks[0]!;
    expect(burst.title).toBeNull();
    expect(burst.subtitle).toBe("SMG · Three-round burst · wild shot −2 · Defend +2 to the TN");
    expect(burst.rolls.map((r) => [r.label, r.dice.map((d) => d.face), r.total, r.against, r.tone])).toEqual([
      ["Burst 1", ["9"], "12", "TN 12", "good"],
      ["Chest", ["6", "6"], "9", "13 less 4 armor", "wound"],
    ]);
    // Alone on the card: its outcome is the headline's.
    expect(burst.outcome).toBeNull();
    expect(view.phase.others).toEqual(["Leroy defends: +2 to the TN of every attack on them resolving this phase (P26)."]);
    // The working, collapsed: every step with its rule ids, no "⌊ ⌋".
    expect(view.working).toContain("The burst scores 1 hit: one, and one more for each full 3 points of margin, at most 3 (P22).");
    expect(view.working.join("\n")).not.toMatch(/[⌊⌋]/);
    expect(phaseCardView(rolling, { isGM: true, owns: () => true }).outcome).toEqual({ text: "Waiting for 1 roll", tone: "neutral" });
    expect(phaseCardView(wild, NOBODY).phase.status).toBe("Resolved — the GM applies it");
  });

  it("every card's text passes the house narration sweep (issue 23.3)", () => {
    const { rolling, wild, applied } = cardFlows();
    const lines = [rolling, wild, applied].flatMap((flow) => {
      const v = phaseCardView(flow, { isGM: true, owns: () => true });
      return [v.title, v.subtitle ?? "", v.outcome?.text ?? "", ...(v.outcome?.details ?? []).map((d) => d.text), ...v.working, ...v.buttons.map((b) => b.label), v.phase.status,
        ...v.phase.attacks.flatMap((a) => [a.title ?? "", a.subtitle, a.outcome?.text ?? "", ...a.rolls.map((r) => `${r.label} ${r.against ?? ""}`)]), ...v.phase.others, ...v.phase.waiting, ...v.phase.after.map((x) => x.text), ...v.phase.owed.map((o) => o.text), ...v.phase.applied];
    });
    expect(describeProblems(sweepNarration(lines.filter(Boolean)))).toEqual([]);
  });
});

describe("sheets", () => {
  const localize = (k: string, p?: Record<string, unknown>) => (englishString(k) ? Object.entries(p ?? {}).reduce((t, [a, b]) => t.replaceAll(`{${a}}`, String(b)), englishString(k)!) : k);
  it("Leroy: armor natural + worn per area (P28), thresholds (P29), the penalty of his traumatic wound (P30/P36), the pistol's check and chance (P17/P32)", () => {
    const v = phaseActorSheetView({ type: "phaseCharacter", name: "Leroy", img: "", system: leroy.system, derived: derivedOf(leroy), items: leroy.items, editable: true, enrichedText: "", localize });
    expect(v.body.find((b) => b.area === "chest")).toMatchObject({ natural: 0, worn: 4, total: 4, threshold: 7, calledModifier: 1 });
    expect(v.wounds).toMatchObject({ flesh: 6, penalty: -1, count: 1 });
    // Flesh, stun and the traumatic wounds as tracks against their limits (P30), the penalty with a true minus.
    expect(v.wounds.penaltyText).toBe("−1");
    expect(v.wounds.tracks.flesh).toMatchObject({ value: 6, max: 20, percent: 30, tone: "shock", meterLabel: "Flesh 6 of 20: collapses at 20 (P30)" });
    expect(v.wounds.tracks.stun).toMatchObject({ value: 0, percent: 0, tone: "good" });
    expect(v.wounds.tracks.trauma).toMatchObject({ value: 1, max: 3, tone: "shock", pips: [{ filled: true }, { filled: false }, { filled: false }] });
    const hurt = phaseActorSheetView({ type: "phaseCharacter", name: "Leroy", img: "", system: { ...leroy.system, flesh: 25, stun: 10, traumaLimit: 40 }, derived: derivedOf(leroy), items: leroy.items, editable: true, enrichedText: "", localize });
    expect([hurt.wounds.tracks.flesh.percent, hurt.wounds.tracks.flesh.tone, hurt.wounds.tracks.stun.tone, hurt.wounds.tracks.trauma.pips]).toEqual([100, "wound", "wound", null]);
    expect(v.weapons[0]).toMatchObject({ checkBase: 6, chance: "70%", ammo: 9, ammoMax: 12, ready: true });
    expect(v.armors.map((a) => [a.name, a.equipped, a.covers])).toEqual([["Kevlar vest", true, "chest 4, abdomen 3"], ["Helmet", false, "head 3"]]);
    expect(v.initiative).toBe("2d10+4");
  });

  it("Mo: his club's unreadable damage is listed, counted as nothing (P28)", () => {
    const v = phaseActorSheetView({ type: "phaseCreature", name: "Mo", img: "", system: mo.system, derived: derivedOf(mo), items: mo.items, editable: true, enrichedText: "", localize });
    // Two problems: the damage formula, and the "brawl" skill Mo does not have (P32).
    expect(v.problems.map((p) => p.split(":")[0]).sort()).toEqual(["Club (damage)", "Club (skill)"]);
    expect(v.weapons.find((w) => w.name === "Club")).toMatchObject({ damageOk: false });
    // Semi-auto and auto are fire modes: a melee weapon stored with them is not labelled so (P12, P22).
    expect(v.weapons.find((w) => w.name === "SMG")?.tags).toBe("ranged · semi-automatic · fully automatic");
    expect(v.weapons.find((w) => w.name === "Knife")?.tags).toBe("melee");
    expect(phaseItemSheetView({ type: "phaseWeapon", name: "SMG", img: "", system: mo.items[0]!.system, editable: true, enrichedDescription: "" }).flags.filter((x) => x.checked).map((x) => x.key)).toEqual(["semiAuto", "auto", "ready"]);
  });

  it("the form: rows become lists, the missing boxes the missing areas; an unreadable formula is refused and the rest kept", () => {
    const r = checkPhaseSubmission("phaseCharacter", {
      "system.skills.0.name": "pistol", "system.skills.0.value": 4, "system.skills.1.name": "knife", "system.skills.1.value": 1,
      "system.traumaticWounds.0.area": "head", "system.traumaticWounds.0.phase": 2, "missing.leftArm": true, "missing.head": false, "system.reflexes": 5,
    });
    expect(r.problems).toEqual([]);
    expect(r.accepted).toEqual({ "system.skills": [{ name: "pistol", value: 4 }, { name: "knife", value: 1 }], "system.traumaticWounds": [{ area: "head", phase: 2 }], "system.missingAreas": ["leftArm"], "system.reflexes": 5 });
    const bad = checkPhaseSubmission("phaseWeapon", { "system.damage": "2d6+x", "system.ammo.value": 3 });
    expect(bad.accepted).toEqual({ "system.ammo.value": 3 });
    expect(bad.problems).toEqual([expect.objectContaining({ name: "system.damage", value: "2d6+x" })]);
  });
});

describe("world settings and token statuses", () => {
  it("valid stored values replace the standard rules; an invalid one falls back and is reported", () => {
    const { rules, problems } = phaseRulesFromSettings({ phaseOpenDeclarations: true, phaseAttackTN: 12, phaseFirstSide: "left", phaseDefendBonus: -1, phaseAimMax: 2.5 });
    expect(rules).toMatchObject({ openDeclarations: true, attackTN: 12, firstSide: "left", defendBonus: 2, aimMax: 3 });
    expect(problems).toEqual(["phaseDefendBonus", "phaseAimMax"]);
  });

  it("a token's statuses of one source become exactly what it says; the other source's are left alone", () => {
    const effects = [{ id: "e1", statuses: ["phase-collapsed"] }, { id: "e2", statuses: ["phase-surprised"] }, { id: "e3", statuses: ["phase-collapsed"] }];
    expect(statusPlan(["incapacitated", "collapsed"], effects, WOUND_STATUSES)).toEqual({ remove: ["e3"], add: ["incapacitated"] });
    expect(statusPlan([], effects, TRACKER_STATUSES)).toEqual({ remove: ["e2"], add: [] });
  });
});

describe("strings of the table", () => {
  const ROOT = join(import.meta.dirname, "..", "..", "..");
  const files = (dir: string): string[] => readdirSync(dir).flatMap((n) => (statSync(join(dir, n)).isDirectory() ? files(join(dir, n)) : [join(dir, n)]));
  it("every CYCHOSYS.Phase key the table's code and templates name exists", () => {
    const sources = [
      ...["combat", "workflow", "views", "data"].flatMap((d) => files(join(ROOT, "src/rulesets/phase", d))),
      ...files(join(ROOT, "src/foundry/phase")),
      ...files(join(ROOT, "templates/phase")),
    ].map((f) => readFileSync(f, "utf8"));
    const keys = new Set<string>();
    const groups = new Set<string>();
    for (const text of sources) {
      for (const m of text.matchAll(/["'`](CYCHOSYS\.Phase\.[A-Za-z.]+[A-Za-z])(["'`]|\.\$\{)/g)) (m[2] === ".${" ? groups : keys).add(m[1]!);
      const prefix = /const K = "(CYCHOSYS\.Phase\.[\w.]+\.)"/.exec(text)?.[1];
      if (prefix) for (const m of text.matchAll(/\$\{K\}([A-Za-z.]+[A-Za-z])(\.\$\{)?/g)) (m[2] ? groups : keys).add(prefix + m[1]);
    }
    // Prefixes handed to Foundry or the errors' base class, completed there.
    for (const g of ["CYCHOSYS.Phase.Table", "CYCHOSYS.Phase.Sheet.Tab", "CYCHOSYS.Phase.Sheet.Labels", "CYCHOSYS.Phase.Settings", "CYCHOSYS.Phase.Sheet"]) keys.delete(g), groups.add(g);
    // The actor's text block's labels, completed by the shared actorTextView (src/core/views/sheet.ts).
    for (const k of ["Biography", "Notes"]) keys.add(`CYCHOSYS.Phase.Sheet.${k}`);
    // A key completed at run time (`${K}Control.${action}`) names a group of strings.
    const tree = (key: string) => key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], JSON.parse(readFileSync(join(ROOT, "lang/en.json"), "utf8")));
    expect([...groups].filter((g) => typeof tree(g) !== "object")).toEqual([]);
    for (const m of readFileSync(join(ROOT, "src/rulesets/phase/combat/errors.ts"), "utf8").matchAll(/\| "(\w+)"/g)) keys.add(`CYCHOSYS.Phase.Table.${m[1]}`);
    expect(keys.size).toBeGreaterThan(80);
    // A key with plural forms (`<key>.one`, `<key>.other`, read with countKey) counts by its `other` form.
    expect([...keys].filter((k) => englishString(k) === undefined && englishString(`${k}.other`) === undefined)).toEqual([]);
  });
});
