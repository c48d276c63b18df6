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
import { gm, gurpsWorld, onCard, p1, p2, swing } from "./world.js";


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

describe("the rolls injury calls for, each by its owner at its moment (G74, G78, G81, G84–G86)", () => {
  it("G78, G81: the rolls come before the apply; when another blow changed his HP since, the apply brings the card up to date and asks for the death check it now calls for; the 0-HP roll waits for his turn", async () => {
    const w = gurpsWorld();
    await w.pierre.update({ "system.hp.value": -2 });
    await w.send(swing(w), p1);
    const card = w.cards()[0]!;
    await w.send({ step: "defend", ...onCard(card), option: "none" }, p2);
    await w.send({ step: "damage", ...onCard(card), id: "damage", faces: [[6]] }, p1);
    let r = resolutionOf(card.flow.targets[0]!);
    expect([r.victim!.injury, r.victim!.after.hp]).toEqual([9, -11]);
    expect(cardOwed(r).map((o) => [o.id, o.who])).toEqual([["rolls.majorWound[0]", "defender"]]);
    expect(await w.local({ step: "apply", ...onCard(card) })).toEqual({ ok: false, reason: "Nothing to apply yet: a roll is still owed." });
    expect(await w.send({ step: "roll", ...onCard(card), id: "rolls.majorWound[0]", faces: [3, 3, 4] }, p2)).toMatchObject({ ok: true });
    expect(phaseOf(card.flow.targets[0]!)).toBe("resolved");
    // Another blow since: −4 − 9 = −13 crosses −12.
    await w.pierre.update({ "system.hp.value": -4 });
    expect(await w.local({ step: "apply", ...onCard(card) })).toMatchObject({ ok: true });
    expect(w.pierre.hp).toBe(-4);
    r = resolutionOf(card.flow.targets[0]!);
    expect(card.flow.targets[0]!.refreshed).toBe(true);
    expect(cardOwed(r).map((o) => [o.id, o.who, o.target])).toEqual([["rolls.deathChecks[0]", "defender", 11]]);
    expect(r.owed.find((o) => o.when === "turnStart")).toMatchObject({ id: "rolls.consciousness", target: 10 });
    expect(await w.send({ step: "roll", ...onCard(card), id: "rolls.deathChecks[0]", faces: [3, 3, 4] }, p2)).toMatchObject({ ok: true });
    expect(await w.local({ step: "apply", ...onCard(card) })).toMatchObject({ ok: true });
    expect([w.pierre.hp, w.pierre.source.deathChecksRolled]).toEqual([-13, 1]);
    await w.local({ step: "undo", ...onCard(card) });
    expect([w.pierre.hp, w.pierre.source.deathChecksRolled]).toEqual([-4, 0]);
  });

  it("G81: one roll per threshold crossed, in order: the second is refused before the first", async () => {
    const w = gurpsWorld();
    await w.pierre.update({ "system.hp.value": -20 });
    await w.send(swing(w), p1);
    const card = w.cards()[0]!;
    await w.send({ step: "defend", ...onCard(card), option: "none" }, p2);
    await w.send({ step: "damage", ...onCard(card), id: "damage", faces: [[6]] }, p1);
    expect(cardOwed(resolutionOf(card.flow.targets[0]!)).map((o) => o.id)).toEqual(["rolls.deathChecks[0]", "rolls.deathChecks[1]", "rolls.majorWound[0]"]);
    expect(await w.send({ step: "roll", ...onCard(card), id: "rolls.deathChecks[1]", faces: [3, 3, 4] }, p2)).toEqual({ ok: false, reason: "Roll rolls.deathChecks[0] first: these rolls are made in order (G78, G81)." });
    expect(await w.send({ step: "roll", ...onCard(card), id: "rolls.deathChecks[0]", faces: [3, 3, 4] }, p2)).toMatchObject({ ok: true });
    expect(await w.send({ step: "roll", ...onCard(card), id: "rolls.deathChecks[1]", faces: [6, 6, 6] }, p2)).toMatchObject({ ok: true });
    const r = resolutionOf(card.flow.targets[0]!);
    expect(r.victim!.deathChecks.map((d) => d.result)).toEqual(["survives", "dies"]);
    expect(r.victim!.after.dead).toBe(true);
  });

  it("G5, G84, G86: a critical hit allows no defense; the attacker's owner rolls on the Critical Hit Table (the GM adjudicates, no table is invented) and it holds nothing up", async () => {
    const w = gurpsWorld();
    await w.send(swing(w, [1, 1, 2]), p1);
    const card = w.cards()[0]!;
    const r = resolutionOf(card.flow.targets[0]!);
    expect(r.legal!.none).toBe("criticalHit");
    expect(cardOwed(r).map((o) => [o.id, o.roll, o.who])).toEqual([["rolls.criticalTable", "table", "attacker"], ["damage", "damage", "attacker"]]);
    expect(phaseOf(card.flow.targets[0]!)).toBe("awaitingDamage");
    expect(await w.send({ step: "roll", ...onCard(card), id: "rolls.criticalTable", faces: [6, 6, 6] }, p2)).toMatchObject({ ok: false });
    expect(await w.send({ step: "damage", ...onCard(card), id: "damage", faces: [[2]] }, p1)).toMatchObject({ ok: true });
    expect(phaseOf(card.flow.targets[0]!)).toBe("resolved");
    expect(await w.send({ step: "roll", ...onCard(card), id: "rolls.criticalTable", faces: [6, 5, 6] }, p1)).toMatchObject({ ok: true });
    expect(resolutionOf(card.flow.targets[0]!).criticals).toEqual([{ table: "hit", who: "attacker", roll: 17, rule: "G84" }]);
  });

  it("the NPC setting: a blow on a character no player owns is applied by the GM as soon as it is settled", async () => {
    const w = gurpsWorld({ autoApply: true, pierreOwners: [] });
    await w.send(swing(w), p1);
    const card = w.cards()[0]!;
    await w.local({ step: "defend", ...onCard(card), option: "none" });
    expect(w.pierre.hp).toBe(12);
    await w.send({ step: "damage", ...onCard(card), id: "damage", faces: [[4]] }, p1);
    expect(phaseOf(card.flow.targets[0]!)).toBe("applied");
    expect(w.pierre.hp).toBe(6);
  });

  it("a player's bonus is refused (G3: situational modifiers are the GM's); his own penalty is taken; the GM's bonus too", async () => {
    const w = gurpsWorld();
    expect(await w.send(swing(w, [4, 4, 5], { modifiers: [{ value: 2, label: "high ground" }] }), p1)).toMatchObject({ ok: false });
    expect(await w.send(swing(w, [4, 4, 5], { gmModifiers: [{ value: 2, label: "high ground" }] }), p1)).toMatchObject({ ok: false });
    expect(await w.send(swing(w, [4, 4, 5], { modifiers: [{ value: -2, label: "darkness" }] }), p1)).toMatchObject({ ok: true });
    expect(resolutionOf(w.cards()[0]!.flow.targets[0]!).skill!.effective).toBe(13);
    expect(await w.local(swing(w, [4, 4, 5], { gmModifiers: [{ value: 2, label: "high ground" }] }))).toMatchObject({ ok: true });
    expect(resolutionOf(w.cards()[1]!.flow.targets[0]!).skill!.effective).toBe(17);
  });

  it("G36, G53: the range the GM measures on the scene: a melee blow beyond reach is refused; a player may only add range", async () => {
    const far = gurpsWorld({ distance: 3 });
    expect(((await far.send(swing(far), p1)) as { reason: string }).reason).toContain("beyond the weapon's reach");
    const w = gurpsWorld({ distance: 10 });
    await w.send({ ...swing(w, [1, 2, 2]), itemId: "wpPistol", range: 2 }, p1);
    expect(resolutionOf(w.cards()[0]!.flow.targets[0]!).skill!.modifiers.find((m) => m.key === "speedRange")!.value).toBe(-4);
  });
});

void gm;
