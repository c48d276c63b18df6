/**
 * The GURPS attack dialog's view (the lines with their effective skill now,
 * the maneuver the round holds or a choice outside a combat, what the round
 * adds by itself), the scene's distance in yards (G53), and the critical
 * tables found by their flag — world first, then the compendium; an empty
 * or missing table is said on the card and left to the GM (G86).
 */
import { describe, expect, it } from "vitest";
import { findCriticalTables, forgetPackTables } from "../../src/foundry/gurps/tables.js";
import { deriveGurpsActor } from "../../src/rulesets/gurps/data/derive.js";
import { chooseManeuver, newFighterRound, startTurn } from "../../src/rulesets/gurps/rules/index.js";
import { gurpsAttackCardView } from "../../src/rulesets/gurps/views/attack-card.js";
import { gurpsAttackDialogView, readGurpsAttackForm } from "../../src/rulesets/gurps/views/attack-dialog.js";
import { slamSkillOf, slamVelocityCap } from "../../src/rulesets/gurps/workflow/slam-input.js";
import { character, item } from "../fixtures/gurps-actors.js";
import { yardsOf } from "../../src/rulesets/gurps/workflow/attack-input.js";
import { louisData, pierreData } from "../fixtures/gurps-actors.js";
import { declaredSwing, GM, LOUIS_PLAYER } from "../fixtures/gurps-cards.js";
import { rollOwed } from "../../src/rulesets/gurps/workflow/flow.js";

const fighter = (d: ReturnType<typeof louisData>, round: ReturnType<typeof newFighterRound> | null = null) => ({ uuid: d.uuid, name: d.name, derived: deriveGurpsActor(d.source, d.items), round });
const figures = { hp: 11, currentHp: 11, ht: 11 };

describe("the GURPS attack dialog: slams (G48, G49)", () => {
  it("offered instead of the line, each at its effective skill; a shield rush closed without a ready shield; none once the target stands beyond 1 yard", () => {
    const round = chooseManeuver(startTurn(newFighterRound(), figures).state, { id: "moveAndAttack" }, {});
    const louis = fighter(louisData(), round);
    const view = gurpsAttackDialogView({ attacker: louis, weapon: louis.derived.weapons[0]!, target: fighter(pierreData()), myTurn: true, measured: 1, gm: false });
    expect(view.slams).toEqual([
      { value: "slam", label: "Slam (G48) — DX 13, effective skill 13", disabled: false, selected: false },
      { value: "flyingTackle", label: "Flying tackle (G49) — DX 13, effective skill 17", disabled: false, selected: false },
      { value: "shieldRush", label: "Shield rush (G49) — a shield rush needs a ready shield (G49)", disabled: true, selected: false },
    ]);
    // Move and Attack: his Move 5 and Pierre's 5 (G34, G48).
    expect(view.velocity).toEqual({ value: 1, max: 10 });
    expect(gurpsAttackDialogView({ attacker: louis, weapon: louis.derived.weapons[1]!, target: fighter(pierreData()), myTurn: true, measured: 12, gm: false }).slams).toBeNull();
  });

  it("the skill: the best of DX, Brawling and Sumo; Jumping for a flying tackle only; Shield with the best ready shield for a rush", () => {
    const d = deriveGurpsActor(character({ attributes: { st: 10, dx: 11, iq: 10, ht: 10 } }), [
      item("gurpsSkill", "sk1", "Brawling", { base: "dx", relativeLevel: 1, unarmed: "brawling" }),
      item("gurpsSkill", "sk2", "Jumping", { base: "dx", relativeLevel: 3 }),
      item("gurpsSkill", "sk3", "Shield", { base: "dx", relativeLevel: 2 }),
      item("gurpsShield", "sh1", "small shield", { db: 1, skill: "Shield" }),
    ]);
    expect(slamSkillOf(d, null, "slam")).toMatchObject({ level: 12, skillName: "Brawling", shield: null });
    expect(slamSkillOf(d, null, "flyingTackle")).toMatchObject({ level: 14, skillName: "Jumping" });
    expect(slamSkillOf(d, null, "shieldRush")).toMatchObject({ level: 13, shield: { id: "sh1", db: 1 } });
    const dropped = { ...newFighterRound(), items: { sh1: { ...newFighterRound().items, ready: false } as never } };
    expect(slamSkillOf(d, dropped, "shieldRush")).toBeNull();
  });

  it("G34, G48: the yards a slam may claim — a step under Attack, half Move under All-Out Attack, full Move under Move and Attack — plus the foe's Move", () => {
    const [l, p] = [fighter(louisData()).derived, fighter(pierreData()).derived];
    expect(["attack", "allOutAttack", "moveAndAttack"].map((m) => slamVelocityCap(m as never, l, null, p))).toEqual([6, 8, 10]);
  });

  it("the form read back: the slam and its yards, no Rapid Strike, shots or location with it; yards out of bounds refused by name", () => {
    const form = { line: "0", attackForm: "flyingTackle", velocity: "4", rapidStrike: "on", shots: "3", location: "skull", deceptive: "1" };
    expect(readGurpsAttackForm(form, { gm: false, inCombat: true })).toEqual({ line: 0, deceptive: 1, slam: { form: "flyingTackle", velocity: 4 } });
    expect(readGurpsAttackForm({ ...form, attackForm: "line" }, { gm: false, inCombat: true })).toMatchObject({ rapidStrike: true, location: "skull" });
    expect(readGurpsAttackForm({ ...form, attackForm: "pounce" }, { gm: false, inCombat: true })).not.toHaveProperty("slam");
    expect(() => readGurpsAttackForm({ ...form, velocity: "0" }, { gm: false, inCombat: true })).toThrow(/Yards moved into the foe \(G48\) must be a whole number from 1 to 1000/);
  });
});

describe("the GURPS attack dialog", () => {
  it("G24, G36: outside a combat each line shows its effective skill against Pierre; the maneuvers and All-Out Attack's options are offered; melee choices, no range", () => {
    const louis = fighter(louisData());
    const view = gurpsAttackDialogView({ attacker: louis, weapon: louis.derived.weapons[0]!, target: fighter(pierreData()), myTurn: null, measured: null, gm: false });
    expect(view.lines.map((l) => l.label)).toEqual(["swing: 1d+1 cut — effective skill 15", "thrust: 1d-1 imp — effective skill 15"]);
    expect(view.maneuver).toBeNull();
    expect(view.maneuvers!.map((m) => m.value)).toEqual(["attack", "allOutAttack", "moveAndAttack"]);
    expect(view.aoaOptions!.map((m) => m.value)).toEqual(["determined", "double", "feint", "strong", "suppressionFire"]);
    expect([view.melee, view.ranged, view.inReach]).toEqual([true, false, true]);
    expect(view.lines.map((l) => l.selected)).toEqual([true, false]);
    // The sheet's thrust line preselected.
    const thrust = gurpsAttackDialogView({ attacker: louis, weapon: louis.derived.weapons[0]!, target: fighter(pierreData()), myTurn: null, measured: null, gm: false, line: 1 });
    expect(thrust.lines.map((l) => l.selected)).toEqual([false, true]);
  });

  it("G10, G26, G77: in a combat the round's All-Out Attack (Determined) is shown, not chosen; its +4 and the shock −2 are listed as already counted", () => {
    const round = { ...chooseManeuver(startTurn(newFighterRound(), figures).state, { id: "allOutAttack", aoaOption: "determined" }, {}), shock: 2 };
    const louis = fighter(louisData(), round);
    const view = gurpsAttackDialogView({ attacker: louis, weapon: louis.derived.weapons[0]!, target: fighter(pierreData()), myTurn: true, measured: 1, gm: false });
    expect(view.maneuver).toBe("All-Out Attack (Determined)");
    expect(view.maneuvers).toBeNull();
    expect(view.refusal).toBeNull();
    expect(view.modifiers.map((m) => `${m.value} ${m.rule}`)).toEqual(expect.arrayContaining(["+4 G26", "−2 G77"]));
    expect(view.lines[0]!.label).toContain("effective skill 17");
  });

  it("G35: under Do Nothing the dialog says why no attack can be made now", () => {
    const louis = fighter(louisData(), startTurn(newFighterRound(), figures).state);
    const view = gurpsAttackDialogView({ attacker: louis, weapon: louis.derived.weapons[0]!, target: fighter(pierreData()), myTurn: true, measured: null, gm: false });
    expect(view.refusal).toMatch(/^Not now: .+ \(G35\)\.$/);
  });

  it("G31: interrupted by a triggered Wait, the dialog says who acts now and that his turn resumes after Done; the waiter's own dialog refuses nothing", () => {
    const louis = fighter(louisData(), chooseManeuver(startTurn(newFighterRound(), figures).state, { id: "attack" }, {}));
    const interrupt = { open: { by: "cbtPierre", of: "cbtLouis" }, id: "cbtLouis", by: "Pierre" };
    const view = gurpsAttackDialogView({ attacker: louis, weapon: louis.derived.weapons[0]!, target: fighter(pierreData()), myTurn: true, measured: 1, gm: false, interrupt });
    expect(view.refusal).toBe("Not now: Pierre acts now on his triggered Wait; Louis's turn resumes once Pierre presses Done (G31).");
    const free = gurpsAttackDialogView({ attacker: louis, weapon: louis.derived.weapons[0]!, target: fighter(pierreData()), myTurn: true, measured: 1, gm: false, interrupt: { ...interrupt, open: null } });
    expect(free.refusal).toBeNull();
  });

  it("unmetered attacker: against a fighter in a combat the attacker is not in, no maneuver is offered (G10); a player is told to add his token, a GM attacks as plain Attack", () => {
    const louis = fighter(louisData());
    const pierre = fighter(pierreData(), startTurn(newFighterRound(), { hp: 12, currentHp: 12, ht: 11 }).state);
    for (const gm of [false, true]) {
      const view = gurpsAttackDialogView({ attacker: louis, weapon: louis.derived.weapons[0]!, target: pierre, myTurn: null, measured: 1, gm });
      expect([view.maneuvers, view.aoaOptions, view.maneuver]).toEqual([null, null, "Attack"]);
      expect(view.refusal).toBe(gm ? null : "Louis is not fighting in the combat Pierre is in, so cannot attack Pierre now. Add Louis's token to that combat and attack on Louis's turn.");
    }
  });

  it("G53, G56: the pistol's range is the measured distance, with the hint; up to its RoF in shots", () => {
    const louis = fighter(louisData());
    const view = gurpsAttackDialogView({ attacker: louis, weapon: louis.derived.weapons[1]!, target: fighter(pierreData()), myTurn: null, measured: 12, gm: true });
    expect([view.ranged, view.melee, view.range, view.rof]).toEqual([true, false, 12, 3]);
    expect(view.rangeHint).toBe("Measured on the scene: 12 yd (a player may only add to it).");
  });
});

describe("G53: a scene's distance in yards", () => {
  it("yards as they are, feet by three, metres a little more, rounded up; an unknown unit is no measure", () => {
    expect([yardsOf(10, "yd"), yardsOf(30, "ft"), yardsOf(31, "ft"), yardsOf(10, "m"), yardsOf(0, "yd")]).toEqual([10, 10, 11, 11, 0]);
    expect([yardsOf(5, "parsec"), yardsOf(-1, "yd"), yardsOf(Number.NaN, "yd")]).toEqual([null, null, null]);
  });
});

describe("G86: the critical tables", () => {
  const table = (name: string, flag: string, results: { range: [number, number]; name?: string; description?: string }[]) => ({ name, flags: { cychosys: { gurpsTable: flag } }, results: { contents: results } });
  const packOf = (tables: ReturnType<typeof table>[]) => ({ get: (id: string) => (id === "cychosys.gurps-tables" ? { getDocuments: async () => tables } : undefined) });

  it("a world table flagged for it comes first; else the compendium's; none is null", async () => {
    forgetPackTables();
    const world = table("My Critical Hits", "criticalHit", [{ range: [3, 4], name: "<p>Triple damage.</p>" }, { range: [5, 18], name: "Normal damage." }]);
    const packed = [table("Critical Hit Table", "criticalHit", []), table("Critical Miss Table", "criticalMiss", [])];
    const found = await findCriticalTables({ tables: { contents: [world] }, packs: packOf(packed) }, ["hit", "miss"]);
    expect(found.hit).toEqual({ name: "My Critical Hits", results: [{ range: [3, 4], text: "Triple damage." }, { range: [5, 18], text: "Normal damage." }] });
    expect(found.miss).toEqual({ name: "Critical Miss Table", results: [] });
    forgetPackTables();
    expect(await findCriticalTables({ tables: { contents: [] }, packs: packOf([]) }, ["miss"])).toEqual({ miss: null });
    forgetPackTables();
  });

  it("the card says the result, or that the table is empty or missing and the GM adjudicates — nothing invented", () => {
    const flow = rollOwed(declaredSwing([1, 1, 2]), "rolls.criticalTable", [2, 1, 1], LOUIS_PLAYER);
    const lines = (tables: Parameters<typeof gurpsAttackCardView>[2]) => gurpsAttackCardView(flow, GM, tables).target.criticals;
    expect(lines({})).toEqual(["Louis rolled 4 on the Critical Hit Table (G84); the GM applies its result — the chapter does not print the table (G86)."]);
    expect(lines({ tables: { hit: { name: "My Critical Hits", results: [{ range: [3, 4], text: "Triple damage." }, { range: [5, 18], text: "Normal damage." }] } } })[1]).toBe(
      "My Critical Hits, 4: Triple damage. — the GM applies it (G86).",
    );
    expect(lines({ tables: { hit: { name: "Critical Hit Table", results: [] } } })[1]).toBe("Critical Hit Table has no results yet: the GM adjudicates the roll of 4 (G86).");
    expect(lines({ tables: { hit: null } })[1]).toBe("No Critical Hit Table is in this world or its compendium: the GM adjudicates the roll of 4 (G86).");
    // Not rolled yet: the table is not read.
    expect(gurpsAttackCardView(declaredSwing([1, 1, 2]), GM, { tables: { hit: null } }).target.criticals).toHaveLength(1);
  });
});
