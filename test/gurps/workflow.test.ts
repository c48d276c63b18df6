/**
 * GURPS on the cards (docs/rulesets/gurps.md, "On the table"): the attack →
 * active defense → damage → injury flow run by the GM's transport. The GM
 * reads every figure from its own documents (derived skills and scores, the
 * round state on the combat); a request names an item, a line, choices and
 * dice; only the side an owed roll belongs to (or the GM) may make it; undo
 * restores exactly.
 */
import { describe, expect, it } from "vitest";
import { legalDefenses } from "../../src/rulesets/gurps/rules/index.js";
import { cardOwed, phaseOf, resolutionOf } from "../../src/rulesets/gurps/workflow/flow.js";
import { gm, gurpsWorld, onCard, p1, p2 } from "./world.js";

type World = ReturnType<typeof gurpsWorld>;
export const swing = (w: World, roll = [4, 4, 5], more: Record<string, unknown> = {}) => ({
  step: "declare", actorUuid: w.louis.uuid, itemId: "wpShortsword", line: 0, targetUuid: w.pierre.uuid, roll, ...more,
});

describe("the GURPS attack on a card (G24, G58–G69, G77–G81)", () => {
  it("seed check 12: Louis's Shortsword-15 rolls 13 and hits; Pierre blocks at 10, 11 with a retreat, rolls 12 and fails; 1d+1 = 5 − DR 1 = 4 cut ×1.5 = 6 HP: not a major wound; applied and undone exactly", async () => {
    const w = gurpsWorld();
    expect(await w.send(swing(w), p1)).toMatchObject({ ok: true });
    const card = w.cards()[0]!;
    let target = card.flow.targets[0]!;
    let r = resolutionOf(target);
    expect(r.skill!.effective).toBe(15);
    expect(r.attack).toMatchObject({ roll: 13, success: true, margin: 2 });
    expect(phaseOf(target)).toBe("awaitingDefense");
    // The legal defenses (G58–G66): dodge 9, parry 9 and block 10 with the shield's DB; no bare-handed parry with both hands full.
    expect(r.legal!.options.map((o) => [o.id, o.score, o.retreat])).toEqual([["dodge", 9, 3], ["block:shPierre", 10, 1], ["parry:wpPierre", 9, 1]]);
    expect(r.legal!.refused.map((x) => [x.id, x.reason])).toEqual([["parry:hands", "handFull"]]);
    // Only Pierre's owner (or the GM) defends.
    expect(await w.send({ step: "defend", ...onCard(card), option: "block:shPierre", retreat: true, roll: [3, 4, 5] }, p1)).toMatchObject({ ok: false });
    expect(await w.send({ step: "defend", ...onCard(card), option: "block:shPierre", retreat: true, roll: [3, 4, 5] }, p2)).toMatchObject({ ok: true });
    target = card.flow.targets[0]!;
    r = resolutionOf(target);
    expect(r.defenses[0]!.chosen.effective).toBe(11);
    expect(r.defenses[0]!.chosen.roll).toMatchObject({ roll: 12, success: false });
    expect(phaseOf(target)).toBe("awaitingDamage");
    // Only Louis's owner rolls the damage, one die for 1d+1.
    expect(await w.send({ step: "damage", ...onCard(card), id: "damage", faces: [[4]] }, p2)).toMatchObject({ ok: false });
    expect(await w.send({ step: "damage", ...onCard(card), id: "damage", faces: [[4, 4]] }, p1)).toMatchObject({ ok: false });
    expect(await w.send({ step: "damage", ...onCard(card), id: "damage", faces: [[4]] }, p1)).toMatchObject({ ok: true });
    target = card.flow.targets[0]!;
    r = resolutionOf(target);
    const hit = r.victim!.hits[0]!;
    expect([hit.damage.basic, hit.dr.effective, hit.penetrating, hit.injury, hit.majorWound]).toEqual([5, 1, 4, 6, false]);
    expect(r.victim!.after).toMatchObject({ hp: 6, shock: 4 });
    expect(cardOwed(r)).toEqual([]);
    expect(phaseOf(target)).toBe("resolved");
    expect(w.pierre.hp).toBe(12);
    expect(await w.send({ step: "apply", ...onCard(card) }, p1)).toMatchObject({ ok: false });
    expect(await w.send({ step: "apply", ...onCard(card) }, p2)).toMatchObject({ ok: true });
    expect(w.pierre.hp).toBe(6);
    expect(await w.send({ step: "apply", ...onCard(card) }, p2)).toEqual({ ok: false, reason: "The injury to Pierre is already applied; undo it first." });
    expect(await w.local({ step: "undo", ...onCard(card) })).toMatchObject({ ok: true });
    expect(w.pierre.hp).toBe(12);
    expect(await w.local({ step: "apply", ...onCard(card) })).toMatchObject({ ok: true });
    expect(w.pierre.hp).toBe(6);
  });
});
