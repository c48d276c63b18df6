/**
 * The GURPS attack card and dialog (tools/preview/gurps-card.ts) in headless
 * Chromium, on the house card frame (docs/style.md): the defense asked of
 * Pierre's owner with only the legal ones (G58–G67), nothing to press for
 * another player; the headline "Pierre takes 9 injury: HP 12 → 3" the
 * biggest line, with shock and the major wound's HT roll owed (G77, G78); the roll made and the injury applied with
 * the GM's undo; a critical hit on an empty table (G86); the dialog in and
 * out of a combat. No raw keys, nothing overflowing, inputs labelled.
 */
import { describe, expect, it } from "vitest";
import { GURPS_CARD_PAGES } from "../../tools/preview/gurps-card.js";
import { chromiumAvailable, previewBrowser, rendersCleanly } from "./page-checks.js";

const available = chromiumAvailable("gurps-card");

describe.skipIf(!available)("the GURPS attack card in Chromium", () => {
  const { open } = previewBrowser({ width: 700, height: 1000 });

  rendersCleanly(open, GURPS_CARD_PAGES);

  const texts = (page: Awaited<ReturnType<typeof open>>, selector: string) => page.$$eval(selector, (n) => n.map((x) => (x.textContent ?? "").replace(/\s+/g, " ").trim()));

  it("G58–G67: Pierre's owner is asked with Dodge 9, Block 10 and Parry 9, each with its retreat; no bare-handed parry; another player sees no button", async () => {
    const owner = await open("gurps-card-defend-owner");
    expect(await texts(owner, ".gurps-option-name")).toEqual(["Dodge", "Block (small shield)", "Parry (shortsword)"]);
    expect(await texts(owner, "button.gurps-defend")).toEqual(["9", "Retreat 12", "10", "Retreat 11", "9", "Retreat 10"]);
    expect(await owner.$$("button.gurps-decline")).toHaveLength(1);
    await owner.close();
    const other = await open("gurps-card-defend-onlooker");
    expect(await other.$$("button")).toHaveLength(0);
    expect(await texts(other, ".gurps-option-name")).toHaveLength(3);
    expect(await other.textContent(".gurps-defense .cy-hint")).toContain("Pierre's owner chooses a defense.");
    await other.close();
  });

  it("G69–G78: the headline 9 injury, HP 12 → 3, the biggest line, shock −4 and the major wound under it; the HT 11 roll owed, its button for Pierre's owner; once made and applied, the GM's undo", async () => {
    const owed = await open("gurps-card-major-wound-owed");
    // The headline — who takes what — is the biggest line, its shock and wounds under it (docs/style.md).
    expect(await owed.textContent(".cy-outcome")).toBe("Pierre takes 9 injury: HP 12 → 3");
    expect(await texts(owed, ".cy-outcome-details .cy-tone")).toEqual(["Shock −4", "Major wound: HT 11 roll owed", "Reeling"]);
    const size = (selector: string) => owed.$eval(selector, (e) => parseFloat(getComputedStyle(e).fontSize));
    const outcome = await size(".cy-outcome");
    for (const other of [".cy-roll-total", ".cy-card-title", ".gurps-owed-label", ".gurps-result"]) expect(outcome, other).toBeGreaterThan(await size(other));
    expect(await owed.$eval(".cy-working", (d) => (d as HTMLDetailsElement).open)).toBe(false);
    expect(await texts(owed, ".gurps-owed-label")).toEqual(["HT 11: major wound (stunned and down if it fails)"]);
    expect(await owed.$$eval("button", (b) => b.map((x) => (x as HTMLElement).dataset.id))).toEqual(["rolls.majorWound[0]"]);
    await owed.close();
    const applied = await open("gurps-card-applied");
    expect(await applied.textContent(".gurps-applied")).toBe("Pierre: 9 injury applied, HP 12 → 3.");
    expect(await applied.$$eval("button", (b) => b.map((x) => (x as HTMLElement).dataset.action))).toEqual(["undo"]);
    await applied.close();
  });

  it("G86: a critical hit's table roll on an empty table is left to the GM, nothing invented", async () => {
    const page = await open("gurps-card-critical-empty-table");
    expect((await texts(page, ".gurps-critical")).join(" ")).toContain("Critical Hit Table has no results yet: the GM adjudicates the roll of 4 (G86).");
    await page.close();
  });

  it("the dialog: in a combat the round's All-Out Attack (Determined) and shock, counted; outside one the pistol at the measured 12 yd", async () => {
    const combat = await open("gurps-dialog-combat");
    expect(await combat.textContent(".gurps-dialog-maneuver")).toBe("All-Out Attack (Determined)");
    expect(await combat.$$("select[name=maneuver]")).toHaveLength(0);
    expect((await texts(combat, ".gurps-dialog-adds li")).join(" ")).toMatch(/\+4.*G26.*−2.*G77|−2.*G77.*\+4.*G26/);
    await combat.close();
    const pistol = await open("gurps-dialog-pistol");
    expect(await pistol.inputValue("input[name=range]")).toBe("12");
    expect(await pistol.$$("select[name=maneuver]")).toHaveLength(1);
    await pistol.close();
  });

  it("G48, G49: Pierre on a Move and Attack is offered the slams instead of the line, each at its effective skill (no −4, no cap of 9), the shield rush with his small shield", async () => {
    const slam = await open("gurps-dialog-slam");
    const options = await texts(slam, "select[name=attackForm] option");
    expect(options).toEqual([
      "The weapon's line",
      expect.stringMatching(/^Slam \(G48\) — DX 10, effective skill 10$/),
      expect.stringMatching(/^Flying tackle \(G49\) — DX 10, effective skill 14$/),
      expect.stringMatching(/^Shield rush \(G49\) — small shield 12, effective skill 12$/),
    ]);
    expect(await slam.inputValue("select[name=attackForm]")).toBe("slam");
    expect(await slam.getAttribute("input[name=velocity]", "min")).toBe("1");
    await slam.close();
  });

  it("docs/odds.md: Pierre's owner sees each answer's chance of being struck and expected HP, the retreating dodge marked best, the note under it; the dialog's line against his best answer", async () => {
    for (const id of ["gurps-card-defend-odds", "gurps-card-defend-odds-light"]) {
      const card = await open(id);
      expect(await texts(card, ".cy-odds tbody th")).toEqual([
        "No defense", "Dodge", "Dodge, retreating best", "Block (small shield)", "Block (small shield), retreating", "Parry (shortsword)", "Parry (shortsword), retreating",
      ]);
      expect(await texts(card, ".cy-odds tbody.best td")).toEqual(["26%", "1.3 HP"]);
      expect(await card.textContent(".gurps-defense .cy-odds-note")).toMatch(/^Best: the least expected injury in HP/);
      await card.close();
    }
    const plain = await open("gurps-card-defend-owner");
    expect(await plain.$$(".cy-odds")).toHaveLength(0);
    await plain.close();
    for (const id of ["gurps-dialog-odds", "gurps-dialog-odds-light"]) {
      const dialog = await open(id);
      expect(await texts(dialog, ".cy-odds-lines li")).toEqual([expect.stringMatching(/^Pierre: chance to strike \d+% · expected injury \d+\.\d HP \(against Dodge, retreating, their best answer\)$/)]);
      await dialog.close();
    }
  });
});
