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
  it("G5, G24: the attack roll with its effective skill and outcome", () => {
    const view = gurpsAttackCardView(flows.defend, GM, { localize: english });
    expect(view.attack).toMatchObject({ dice: [4, 4, 5], total: 13, effective: 15, base: 15, success: true, outcome: "hits by 2", critical: null });
    expect(view.title).toBe("Louis attacks Pierre");
    expect(view.target.phase).toBe("awaitingDefense");
  });

  it("G58–G67: Pierre's owner is asked with only the legal defenses, each with its score and retreat; no bare-handed parry (both hands full)", () => {
    const view = gurpsAttackCardView(flows.defend, PIERRE_PLAYER);
    const d = view.target.defense!;
    expect(d.asks).toBe(true);
    expect(d.options.map((o) => [o.id, o.name, o.score, o.variants.map((v) => v.label)])).toEqual([
      ["dodge", "Dodge", 9, ["9", "retreat 12"]],
      ["block:shPierre", "Block (small shield)", 10, ["10", "retreat 11"]],
      ["parry:wpPierre", "Parry (shortsword)", 9, ["9", "retreat 10"]],
    ]);
    const markup = html(flows.defend, PIERRE_PLAYER);
    expect(actions(markup)).toEqual(["defend:dodge", "defend:dodge", "defend:block:shPierre", "defend:block:shPierre", "defend:parry:wpPierre", "defend:parry:wpPierre", "defend:none"]);
    expect(markup).not.toContain('data-option="parry:hands"');
    // The explanation names the refused parry, by name (G66).
    expect(markup).toContain("not Parry (bare hands): that hand holds something (G66).");
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
    const markup = html(flows.majorWoundOwed, LOUIS_PLAYER);
    expect(markup).toContain("Pierre rolls");
    expect(markup).toContain("shock −4 on his next turn (G77)");
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
});
