/**
 * The attack workflow's cards and dialogs (tools/preview/workflow.ts) in
 * headless Chromium: no raw `CYCHOSYS.` keys, nothing overflowing, every
 * input labelled, and the figures the workflow computed on the page.
 * Screenshots go to test-results/screenshots/ (the folder is shared: created
 * if missing, never emptied here).
 */
import { describe, expect, it } from "vitest";
import { workflowFlows } from "../../tools/preview/workflow.js";
import { chromiumAvailable, previewBrowser, rendersCleanly } from "./page-checks.js";

const available = chromiumAvailable("workflow");

const IDS = ["card-awaiting", "card-exchange", "card-resolved", "card-resolved-light", "card-applied", "card-smallTarget", "dialog-attack", "dialog-attack-odds", "dialog-attack-odds-added", "dialog-defense", "dialog-counter", "dialog-apply"];

describe.skipIf(!available)("attack workflow cards and dialogs in Chromium", () => {
  const { open } = previewBrowser({ width: 1000, height: 1100 });

  rendersCleanly(open, IDS, "workflow-");

  it("the card awaiting a defense: title \"A attacks B\", the attack's dice and big total, who acts, the defender's four buttons", async () => {
    const { flow } = workflowFlows().awaiting;
    const page = await open("card-awaiting");
    expect((await page.textContent(".cy-card-title"))?.trim()).toBe("Thorton attacks Parker");
    // The speaker's name is Foundry's message header; the card's own header does not print it again on a line of its own.
    expect(await page.$$eval(".cy-attack-card .cy-card-head > *", (els) => els.map((e) => e.textContent?.trim()))).not.toContain("Thorton");
    expect((await page.textContent(".cy-attack-card > .cy-roll-strip .cy-roll-total"))?.trim()).toBe(String(flow.attack.total));
    expect(await page.textContent(".cy-card-subtitle")).toContain(`edge ${flow.attack.edge}`);
    expect(await page.getAttribute(".cy-attack-card > .cy-roll-strip .cy-die:first-child", "class")).toContain("is-key");
    expect((await page.textContent(".cy-who-acts"))?.trim()).toBe("Parker chooses a defense.");
    expect(await page.$$eval(".cy-card-button", (b) => b.map((x) => (x as HTMLElement).dataset.form))).toEqual(["evade", "brave", "parry", "counter"]);
    await page.close();
  });

  it("the exchange card offers the GM 'counter again' with the next handicap, and 'take the blow'", async () => {
    const page = await open("card-exchange");
    const labels = await page.$$eval(".cy-card-button", (b) => b.map((x) => x.textContent?.trim()));
    expect(labels).toEqual(["Counter again (handicap 16)", "Take the blow"]);
    expect(await page.$$eval(".cy-exchange .cy-roll-total", (t) => t.map((x) => x.textContent?.trim()))).toEqual(["32"]);
    await page.close();
  });

  it("the applied card: the hits Parker took are the headline, the working collapsed; undo offered; the dialogs show costs and the R15 note", async () => {
    const card = await open("card-applied");
    expect((await card.textContent(".cy-outcome"))?.trim()).toBe("Parker takes 2 hits");
    expect(await card.textContent(".cy-outcome-details")).toContain("Hit pools P10 M5 E4 → P8 M5 E4");
    expect(await card.$$eval(".cy-working li", (l) => l.length)).toBeGreaterThan(3);
    expect(await card.$eval(".cy-working", (d) => (d as HTMLDetailsElement).open)).toBe(false);
    expect(await card.$$eval(".cy-card-button", (b) => b.map((x) => (x as HTMLElement).dataset.action))).toEqual(["undo"]);
    await card.close();
    const attack = await open("dialog-attack");
    expect(await attack.$$eval(".cy-costs li", (l) => l.map((x) => x.textContent?.trim()))).toEqual(["B (#2): −4", "D (#1): −2"]);
    await attack.close();
    const defense = await open("dialog-defense");
    expect(await defense.textContent(".cy-warn")).toContain("costs an action (R15)");
    await defense.close();
  });

  it("the settled card: the outcome headline is the biggest line; each total's arithmetic and the default injury are in the collapsed working", async () => {
    for (const id of ["card-resolved", "card-resolved-light"]) {
      const page = await open(id);
      expect((await page.textContent(".cy-outcome"))?.trim()).toBe("Parker takes 2 hits");
      expect(await page.textContent(".cy-preview-note")).toContain("Not applied yet");
      // Bigger than anything else written on the card: the title, the totals, the buttons.
      const sizes = await page.$$eval(".cy-attack-card *", (els) =>
        els.filter((e) => [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent!.trim())).map((e) => ({ outcome: e.classList.contains("cy-outcome"), size: parseFloat(getComputedStyle(e).fontSize) })),
      );
      const outcome = sizes.find((s) => s.outcome)!.size;
      expect(Math.max(...sizes.filter((s) => !s.outcome).map((s) => s.size))).toBeLessThan(outcome);
      expect(await page.$eval(".cy-working", (d) => (d as HTMLDetailsElement).open)).toBe(false);
      const working = await page.$$eval(".cy-working li", (l) => l.map((x) => x.textContent?.trim()));
      expect(working[0]).toBe("Attack (Pistol · shoot): 9 Skill base − 2 Conditions + 19 Dice − 2 Added effects = 24.");
      expect(working[1]).toBe("Evasion (Evade): 4 Skill base + 5 Dice = 9.");
      expect(working.some((t) => t?.startsWith("Injury: edge BD2"))).toBe(true);
      expect(await page.$$eval(".cy-card-button", (b) => b.map((x) => (x as HTMLElement).dataset.action))).toContain("apply");
      await page.close();
    }
  });

  it("R35: the card against a small target says why the blow cannot land, and offers nothing to apply", async () => {
    const page = await open("card-smallTarget");
    expect((await page.textContent(".cy-outcome"))?.trim()).toBe("Miss");
    expect(await page.textContent(".cy-outcome-details")).toContain("Shoulders and chest: too small to strike — 2 T needed, the attack has 0 (R35)");
    expect(await page.textContent(".cy-working")).toContain("Sewer rat is small where the blow lands: the outfit on Shoulders and chest carries 2 T (R30)");
    expect(await page.$$eval(".cy-card-button", (b) => b.map((x) => (x as HTMLElement).dataset.action))).not.toContain("apply");
    await page.close();
  });

  it("odds (docs/odds.md): the defender's card shows each form's chance of being struck and expected injury, the best marked", async () => {
    const page = await open("card-awaiting");
    const rows = await page.$$eval(".cy-odds tbody", (r) => r.map((x) => ({ form: (x as HTMLElement).dataset.defense, cells: [...x.querySelectorAll("tr:first-child td")].map((c) => c.textContent?.trim()) })));
    expect(rows.map((r) => r.form)).toEqual(["evade", "brave", "parry", "counter"]);
    for (const row of rows) {
      expect(row.cells[0]).toMatch(/^(<1|>99|\d{1,3})%$/);
      expect(row.cells[1]).toMatch(/^\d+\.\d hits$/);
    }
    expect(await page.$$eval(".cy-odds tbody.best", (r) => r.length)).toBe(1);
    // R23: the counter can turn the attack: its chance and the injury the attacker takes, on a line of its own.
    expect(await page.textContent('.cy-odds tbody[data-defense="counter"] .cy-odds-turns')).toMatch(/^turns on the attacker: \d+% · \d+\.\d hits$/);
    await page.close();
    // The GM on the exchange card is not choosing a defense: no odds there.
    const exchange = await open("card-exchange");
    expect(await exchange.$$eval(".cy-odds", (t) => t.length)).toBe(0);
    await exchange.close();
  });

  it("odds: the attack dialog shows the chance to strike each target, and adding D moves it (before → after); a hidden sheet shows none", async () => {
    const before = await open("dialog-attack-odds");
    const first = await before.$$eval(".cy-odds-lines li", (l) => l.map((x) => x.textContent?.trim()));
    expect(first[0]).toMatch(/^Parker: chance to strike (<1|>99|\d+)% · expected injury \d+\.\d hits \(against \w+, their best answer\)$/);
    expect(first[1]).toBe("Sewer rat: no odds — you cannot see this target's sheet.");
    await before.close();
    const after = await open("dialog-attack-odds-added");
    const line = await after.textContent(".cy-odds-lines li.changed");
    expect(line).toMatch(/^Parker: chance to strike (<1|>99|\d+)% (→ (<1|>99|\d+)% )?· expected injury \d+\.\d hits → \d+\.\d hits/);
    expect(await after.$$eval(".cy-costs li", (l) => l.map((x) => x.textContent?.trim()))).toEqual(["D (#1): −2"]);
    await after.close();
  });
});
