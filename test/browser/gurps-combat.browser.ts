/**
 * The GURPS tracker from the preview harness (tools/preview/gurps-combat.ts)
 * in headless Chromium: the duel's rows in the house style (one line of
 * essentials — maneuver, HP, FP, yards moved — marks as chips, icon
 * controls only for who may act now) as a player and as the GM (G9 the
 * order by hand), the maneuvers with their options and what they permit
 * (G10, G34), the defenses used since the last turn (G61–G68), shock (G77),
 * a Wait and its trigger fired out of turn (G31), a task (G29, G89), the
 * step's kneel ↔ stand (G15), a skipped fighter (G8); the task dialog and
 * the maneuver dialog (G50's refusals greyed), dark and light — no raw keys,
 * nothing overflowing.
 */
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { chromiumAvailable, previewBrowser, rendersCleanly } from "./page-checks.js";

const available = chromiumAvailable("gurps-combat");

describe.skipIf(!available)("the GURPS tracker in Chromium", () => {
  const { open } = previewBrowser({ width: 1000, height: 900 });

  rendersCleanly(open, [
    "gurps-tracker", "gurps-tracker-light", "gurps-tracker-gm", "gurps-tracker-gm-light", "gurps-tracker-choosing", "gurps-tracker-choosing-light",
    "gurps-tracker-zero-hp", "gurps-tracker-zero-hp-light", "gurps-tracker-wait", "gurps-tracker-wait-light", "gurps-tracker-task", "gurps-tracker-task-light",
    "gurps-tracker-kneeling", "gurps-tracker-kneeling-light", "gurps-task", "gurps-task-light", "gurps-maneuver", "gurps-maneuver-light",
  ]);

  const row = (page: Page, id: string) => page.locator(`li[data-combatant-id="${id}"] .cy-gurps-row`);
  const actions = (page: Page, id: string) => row(page, id).locator(".cy-tracker-control").evaluateAll((b) => b.map((x) => (x as HTMLElement).dataset.action));
  const chips = (page: Page, id: string) => row(page, id).locator(".cy-status").allTextContents();

  it("a turn beginning: the fighter still to choose has Choose maneuver, Crouch and Begin a task as icon buttons with accessible names", async () => {
    const page = await open("gurps-tracker-choosing");
    expect(await actions(page, "louis")).toEqual(["maneuver", "crouch", "task"]);
    expect(await row(page, "louis").locator(".cy-tracker-control").evaluateAll((b) => b.map((x) => x.getAttribute("aria-label")))).toEqual(["Choose maneuver", "Crouch (G16)", "Begin a task (G29, G89)"]);
    await page.close();
  });

  it("G81: a turn beginning below 0 HP offers its owner the HT roll to stay conscious, and no maneuver", async () => {
    const page = await open("gurps-tracker-zero-hp");
    // Owed unless he does nothing (no defense since his last turn): Do Nothing, in the maneuver dialog, excuses it.
    expect(await actions(page, "louis")).toEqual(["consciousness", "maneuver", "crouch"]);
    await page.close();
  });

  it("the duel's rows, as Louis's player sees them: one line of essentials each, marks as chips, controls only on his own row", async () => {
    const page = await open("gurps-tracker");
    expect(await page.locator("li.combatant .name").allTextContents()).toEqual(["Louis", "Pierre", "Guard", "Bandit"]);
    const figures = async (id: string) => (await row(page, id).locator(".cy-tracker-figure").allTextContents()).map((t) => t.trim());
    expect(await figures("louis")).toEqual(["All-Out Attack (Determined)", "HP 12/12", "FP 11/11", "Moved 2/3"]);
    expect(await row(page, "louis").locator('[data-figure="maneuver"]').getAttribute("data-tooltip")).toBe("Move: half Move, forward · Defend: none · attacks");
    expect(await actions(page, "louis")).toEqual(["move", "crouch"]); // G10: chosen already this turn
    expect(await figures("pierre")).toEqual(["All-Out Defense (Increased Parry)", "HP 6/12", "FP 10/10"]);
    expect(await chips(page, "pierre")).toEqual(["Kneeling", "Shock −4", "Parried with rapier ×2", "Retreated from Louis"]);
    expect(await chips(page, "guard")).toEqual(["Waits to Attack"]);
    expect(await row(page, "guard").locator('[data-status="wait"]').getAttribute("data-tooltip")).toBe("Waits to Attack when: Louis comes within 5 yards");
    expect(await chips(page, "bandit")).toEqual(["Lying prone", "Unconscious"]);
    expect(await row(page, "bandit").locator('[data-figure="hp"]').getAttribute("class")).toContain("is-wound");
    for (const other of ["pierre", "guard", "bandit"]) expect(await actions(page, other)).toEqual([]);
    // One line of essentials under the maneuver: HP, FP and the yards moved side by side in the 300 px sidebar.
    for (const id of ["louis", "pierre", "guard", "bandit"]) {
      const lines = await row(page, id).locator('.cy-tracker-figure:not([data-figure="maneuver"])').evaluateAll((lis) => new Set(lis.map((li) => Math.round(li.getBoundingClientRect().top))).size);
      expect(lines, id).toBe(1);
    }
    await page.close();
  });

  it("G9, G31: the GM sees the order controls on every row (none up for the first, none down for the last) and the trigger on the waiting guard", async () => {
    const page = await open("gurps-tracker-gm");
    expect(await actions(page, "louis")).toEqual(["move", "crouch", "orderDown"]);
    expect(await actions(page, "pierre")).toEqual(["orderUp", "orderDown"]);
    expect(await actions(page, "guard")).toEqual(["fireWait", "orderUp", "orderDown"]);
    expect(await actions(page, "bandit")).toEqual(["orderUp"]);
    await page.close();
  });

  it("G31: the guard's trigger fired on Louis's turn: the guard acts now (Done, his step's kneel), Louis is marked interrupted and has no control until then", async () => {
    const page = await open("gurps-tracker-wait");
    expect(await chips(page, "guard")).toContain("Acts now (Wait)");
    expect(await actions(page, "guard")).toEqual(expect.arrayContaining(["kneel", "waitDone"]));
    expect(await chips(page, "louis")).toContain("Interrupted by Guard");
    expect(await actions(page, "louis")).toEqual(["orderDown"]);
    await page.close();
  });

  it("G29, G89: a task begun shows its seconds; G15: kneeling under Attack, he may stand as his step", async () => {
    const task = await open("gurps-tracker-task");
    expect(await chips(task, "louis")).toContain("Reload the crossbow 1/3 s");
    expect(await actions(task, "louis")).not.toContain("task");
    await task.close();
    const kneeling = await open("gurps-tracker-kneeling");
    expect(await actions(kneeling, "louis")).toEqual(["move", "stand"]);
    await kneeling.close();
  });

  it("the task dialog: a name, Concentrate or Ready, the seconds, interruptible, and G90's typical times folded away", async () => {
    const page = await open("gurps-task");
    expect(await page.locator('input[name="maneuver"]').count()).toBe(2);
    expect(await page.locator('input[name="seconds"]').getAttribute("max")).toBe("3600");
    expect(await page.locator(".gurps-task-times li").count()).toBe(15);
    expect(await page.locator(".gurps-task-times").getAttribute("open")).toBeNull();
    await page.close();
  });

  it("the maneuver dialog greys what a grappled fighter may not take, with the rule (G50)", async () => {
    const page = await open("gurps-maneuver");
    expect(await page.locator(".gurps-maneuver").count()).toBe(15);
    const refused = await page.locator(".gurps-maneuver.is-refused").evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.maneuver));
    expect(refused).toEqual(["move", "aim", "feint", "concentrate", "wait"]);
    expect(await page.locator('.gurps-maneuver[data-maneuver="move"] .gurps-maneuver-permits').textContent()).toContain("(G50)");
    await page.click('input[value="allOutAttack"]');
    expect(await page.locator('[data-for="allOutAttack"]').isVisible()).toBe(true);
    expect(await page.locator('[data-for="wait"]').first().isVisible()).toBe(false);
    await page.click('input[value="changePosture"]');
    expect(await page.locator('select[name="posture"] option').allTextContents()).toEqual(["kneeling", "sitting", "crawling", "lying prone", "lying face up"]);
    await page.close();
  });
});
