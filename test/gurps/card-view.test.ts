/**
 * The GURPS attack card as each user sees it (src/rulesets/gurps/views/),
 * rendered with the real Handlebars template: the defense asked of the
 * defender's owner with only the legal options (G58–G68), nothing to press
 * for anyone else; the injury in figures with shock and the major wound's HT
 * roll for its owner (G69–G78); the applied injury with its undo; no raw key
 * anywhere.
 */
import { describe, expect, it } from "vitest";
import { english } from "../../src/core/messages.js";
import { GURPS_ATTACK_CARD_TEMPLATE, gurpsAttackCardView } from "../../src/rulesets/gurps/views/attack-card.js";
import { makeEnvironment, readLang } from "../../tools/preview/render.js";
import { defend } from "../../src/rulesets/gurps/workflow/flow.js";
import { declaredSwing, GM, gurpsCardFlows, LOUIS_PLAYER, ONLOOKER, PIERRE_PLAYER } from "../fixtures/gurps-cards.js";

const env = makeEnvironment(readLang());
const html = (flow: Parameters<typeof gurpsAttackCardView>[0], user: typeof GM) => env.render(GURPS_ATTACK_CARD_TEMPLATE, gurpsAttackCardView(flow, user));
const actions = (markup: string) =>
  [...markup.matchAll(/<button[^>]*>/g)].map((m) => {
    const action = /data-action="(\w+)"/.exec(m[0])?.[1];
    const option = /data-option="([^"]+)"/.exec(m[0])?.[1];
    return option ? `${action}:${option}` : action;
  });
const flows = gurpsCardFlows();

describe("the GURPS attack card a user sees", () => {
  it("G5, G24: the house frame — title, weapon and maneuver, the 3d6 faces with the big total against effective skill, the headline while the defense is owed", () => {
    const view = gurpsAttackCardView(flows.defend, GM, { localize: english });
    expect(view.attack).toMatchObject({ dice: [4, 4, 5], total: 13, effective: 15, base: 15, success: true, outcome: "Hits by 2", critical: null });
    expect(view.title).toBe("Louis attacks Pierre");
    expect(view.subtitle).toBe("Shortsword · swing · Attack");
    expect(view.roll).toMatchObject({ label: "Attack roll", dice: [{ face: "4" }, { face: "4" }, { face: "5" }], total: "13", against: "/ 15", tone: "hit" });
    expect(view.outcome).toEqual({ text: "Hit", tone: "hit" });
    expect(view.target.phase).toBe("awaitingDefense");
    const markup = html(flows.defend, GM);
    expect(markup).toContain('<h3 class="cy-card-title">Louis attacks Pierre</h3>');
    expect(markup).toMatch(/<details class="cy-working"><summary>How it was worked out<\/summary>/);
    expect(markup).not.toMatch(/<details[^>]* open/);
  });

  it("G58–G67: Pierre's owner is asked with only the legal defenses, each with its score and retreat; no bare-handed parry (both hands full)", () => {
    const view = gurpsAttackCardView(flows.defend, PIERRE_PLAYER);
    const d = view.target.defense!;
    expect(d.asks).toBe(true);
    expect(d.options.map((o) => [o.id, o.name, o.score, o.variants.map((v) => v.label)])).toEqual([
      ["dodge", "Dodge", 9, ["9", "Retreat 12"]],
      ["block:shPierre", "Block (small shield)", 10, ["10", "Retreat 11"]],
      ["parry:wpPierre", "Parry (shortsword)", 9, ["9", "Retreat 10"]],
    ]);
    const markup = html(flows.defend, PIERRE_PLAYER);
    expect(actions(markup)).toEqual(["defend:dodge", "defend:dodge", "defend:block:shPierre", "defend:block:shPierre", "defend:parry:wpPierre", "defend:parry:wpPierre", "defend:none"]);
    expect(markup).not.toContain('data-option="parry:hands"');
    // The explanation names the refused parry, by name (G66).
    expect(markup).toContain("Not Parry (bare hands): that hand holds something (G66).");
    expect(markup).not.toMatch(/CYCHOSYS\./);
  });

  it("the attacker's player and an onlooker see the options but no button; the GM may answer for the NPC", () => {
    for (const user of [LOUIS_PLAYER, ONLOOKER]) {
      const markup = html(flows.defend, user);
      expect(actions(markup)).toEqual([]);
      expect(markup).toContain("Pierre&#x27;s owner chooses a defense.");
    }
    expect(actions(html(flows.defend, GM))).toContain("defend:none");
  });

  it("G84: a critical hit leaves no defense to choose", () => {
    const view = gurpsAttackCardView(declaredSwing([1, 1, 2]), PIERRE_PLAYER);
    expect(view.attack?.critical).toBe("success");
    expect(view.target.defense).toBeNull();
    expect(view.target.rolls.map((r) => r.id)).toContain("damage");
  });

  it("G69–G78: 1d+1 rolled 6 → 7 − DR 1 = 6 cut × 1.5 = 9: HP 12 → 3, shock −4, the major wound's HT roll owed to Pierre's owner only", () => {
    const view = gurpsAttackCardView(flows.majorWoundOwed, PIERRE_PLAYER);
    expect(view.target.injury).toMatchObject({ hpBefore: 12, hpAfter: 3, injury: 9, shock: 4 });
    expect(view.target.injury!.hits[0]).toMatchObject({ basic: 7, dr: 1, penetrating: 6, wounding: "×1.5", injury: 9, majorWound: true });
    expect(view.target.rolls.map((r) => [r.id, r.label, r.button])).toEqual([["rolls.majorWound[0]", "HT 11: major wound (stunned and down if it fails)", true]]);
    expect(gurpsAttackCardView(flows.majorWoundOwed, LOUIS_PLAYER).target.rolls[0]!.button).toBe(false);
    // The headline: who takes what, the shock and the major wound's roll owed under it (docs/style.md).
    expect(view.outcome).toEqual({
      text: "Pierre takes 9 injury: HP 12 → 3", tone: "hit",
      details: [{ text: "Shock −4", tone: "shock" }, { text: "Major wound: HT 11 roll owed", tone: "wound" }, { text: "Reeling", tone: "wound" }],
    });
    const markup = html(flows.majorWoundOwed, LOUIS_PLAYER);
    expect(markup).toContain("Pierre rolls");
    expect(markup).toContain('<p class="cy-outcome is-hit">Pierre takes 9 injury: HP 12 → 3</p>');
    expect(actions(markup)).toEqual([]);
  });

  it("G78: the HT roll made (12 against 11, failed) and the injury applied: the GM sees undo, the card says what was written", () => {
    const view = gurpsAttackCardView(flows.applied, GM);
    expect(view.target.phase).toBe("applied");
    expect(view.target.injury!.lines).toEqual([
      "Major wound (hit 1): more than half of full HP in one injury (G78).",
      "Reeling at 3 HP: Basic Speed and Move halved (G80).",
      "Major wound: HT 11, rolls 12: stunned and knocked down (G78).",
    ]);
    expect(view.target.applied).toBe("Pierre: 9 injury applied, HP 12 → 3.");
    expect(actions(html(flows.applied, GM))).toEqual(["undo"]);
    expect(actions(html(flows.applied, LOUIS_PLAYER))).toEqual([]);
    expect(html(flows.applied, GM)).not.toMatch(/CYCHOSYS\.|\{\w+\}/);
  });

  it("the headline in every state: a miss, a critical miss (G5), a critical hit before its damage, a defense that holds, a major wound's failed roll (down once, not twice)", () => {
    expect(gurpsAttackCardView(declaredSwing([6, 5, 5]), GM).outcome).toEqual({ text: "Miss", tone: "miss" });
    expect(gurpsAttackCardView(declaredSwing([6, 6, 6]), GM).outcome).toEqual({ text: "Critical miss", tone: "miss" });
    expect(gurpsAttackCardView(declaredSwing([1, 1, 2]), GM).outcome).toEqual({ text: "Critical hit", tone: "hit" });
    const dodged = defend(flows.defend, { option: "dodge", retreat: false, roll: [1, 2, 3] }, PIERRE_PLAYER, null);
    expect(gurpsAttackCardView(dodged, GM).outcome).toEqual({ text: "Pierre defends: no blow lands", tone: "good" });
    expect(gurpsAttackCardView(flows.applied, GM).outcome!.details!.map((d) => d.text)).toEqual(["Shock −4", "Major wound: stunned and knocked down", "Reeling"]);
    expect(gurpsAttackCardView(flows.applied, GM).buttons).toEqual([{ action: "undo", label: "Undo" }]);
  });
});
