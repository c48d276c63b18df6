/**
 * Adversarial classes against the GURPS cards (issue 22), each named by what
 * it guards: a forged GM field, an out-of-order undo, an unmetered attacker,
 * and the state after an attack (posture after a slam, a knockback, a major
 * wound). A player's client may send anything; the GM reads every figure from
 * its own documents, refuses what only a GM may set, meters every attack on
 * a fighter through the combat, and an undo takes back only its own change.
 */
import { describe, expect, it } from "vitest";
import { gurpsConditions } from "../../src/rulesets/gurps/data/status.js";
import { gurpsRoundUpdate } from "../../src/rulesets/gurps/combat/round-state.js";
import { attackInputOf } from "../../src/rulesets/gurps/workflow/attack-input.js";
import { victimOf } from "../../src/rulesets/gurps/data/combat-inputs.js";
import { fighterId } from "../../src/rulesets/gurps/combat/fighter.js";
import { GURPS_GM_ONLY_FIELDS } from "../../src/rulesets/gurps/workflow/request-schema.js";
import { GURPS_REQUEST_KINDS, GURPS_TRACKER_GM_ONLY_FIELDS } from "../../src/rulesets/gurps/combat/request-schema.js";
import { chooseManeuver, GURPS_STANDARD_RULES, type GurpsFighterRound, readRoll, setPosture, startTurn } from "../../src/rulesets/gurps/rules/index.js";
import { declareGurpsAttack, type GurpsFlow, phaseOf, resolutionOf } from "../../src/rulesets/gurps/workflow/flow.js";
import { FakeMessage } from "../chat/fakes.js";
import { FakeGurpsActor, gm, gurpsWorld, item, line, onCard, p1, p2, swing } from "./world.js";
import { louisData } from "../fixtures/gurps-actors.js";

type World = ReturnType<typeof gurpsWorld>;
type Card = ReturnType<World["cards"]>[number];
const snapshot = (w: World) => JSON.stringify([w.actors.map((a) => a.source), w.combat?.flags ?? null, w.cards().map((c) => c.flow)]);
const louisFigures = { hp: 11, currentHp: 11, ht: 11 };

/** Louis's round on his turn under `choice` (All-Out Attack (Double) gives him two attacks). */
async function louisActs(w: World, choice: Parameters<typeof chooseManeuver>[1] = { id: "allOutAttack", aoaOption: "double" }) {
  await w.setRound(w.louis, chooseManeuver(startTurn(w.fresh(), louisFigures).state, choice, {}));
}

/** A round written as the tracker writes it (through the one stored-change path). */
async function storeRound(w: World, actor: FakeGurpsActor, next: GurpsFighterRound) {
  const combatant = w.combat!.combatants.find((c) => c.actor === (actor as never))!;
  await w.combat!.update(gurpsRoundUpdate({ combat: w.combat!, combatant } as never, next));
}

/** Louis swings (13 against 15), Pierre does not defend; 1d+1 rolled `face`; the major wound's HT roll (G78) when one is owed; applied by the GM. */
async function swingApplied(w: World, face: number, majorWound: number[] = [5, 5, 4]): Promise<Card> {
  expect(await w.send(swing(w), p1)).toMatchObject({ ok: true });
  const card = w.cards().at(-1)!;
  expect(await w.send({ step: "defend", ...onCard(card), option: "none" }, p2)).toMatchObject({ ok: true });
  expect(await w.send({ step: "damage", ...onCard(card), id: "damage", faces: [[face]] }, p1)).toMatchObject({ ok: true });
  if (resolutionOf(card.flow.targets[0]!).owed.some((o) => o.id === "rolls.majorWound[0]")) {
    expect(await w.send({ step: "roll", ...onCard(card), id: "rolls.majorWound[0]", faces: majorWound }, p2)).toMatchObject({ ok: true });
  }
  expect(await w.local({ step: "apply", ...onCard(card) })).toMatchObject({ ok: true });
  return card;
}

/** What the table shows of Pierre: his HP, his round, and the status effects they make (G77–G81). */
function pierreNow(w: World) {
  const round = w.roundOf(w.pierre);
  const hp = w.pierre.system.derived!.hp;
  return { hp: hp.value, deathChecks: w.pierre.system.derived!.deathChecksRolled, round, statuses: gurpsConditions({ hp, reeling: w.pierre.system.derived!.reeling, round }, GURPS_STANDARD_RULES) };
}

describe("forged GM field: every field only a GM may set, sent by a player, is refused and changes nothing", () => {
  const gmValues: Record<string, unknown> = { gmModifiers: [{ value: 4, label: "high ground" }], gmRange: 0, fromFront: false };

  it("declare: each GM-only field (the GM's modifiers G3, the GM's range G53, the side of the blow G59) from Louis's player", async () => {
    const w = gurpsWorld({ combat: true });
    await louisActs(w, { id: "attack" });
    expect(Object.keys(gmValues).sort()).toEqual([...GURPS_GM_ONLY_FIELDS.declare].sort());
    const before = snapshot(w);
    for (const field of GURPS_GM_ONLY_FIELDS.declare) {
      const outcome = await w.send(swing(w, [4, 4, 5], { [field]: gmValues[field] }), p1);
      expect(outcome, field).toEqual({ ok: false, reason: `Only a GM may set "${field}"; the request was refused and nothing changed.` });
    }
    expect(snapshot(w)).toBe(before);
    expect(w.whispers.map((m) => m.user)).toEqual(GURPS_GM_ONLY_FIELDS.declare.map(() => p1.id));
  });

  it("the tracker's requests: every kind is declared; only the GM's place in the order (G9, gurpsReorder.to) is GM-only — the rest are the fighter's own choice or roll", () => {
    expect(Object.keys(GURPS_TRACKER_GM_ONLY_FIELDS).sort()).toEqual([...GURPS_REQUEST_KINDS].sort());
    for (const [kind, fields] of Object.entries(GURPS_TRACKER_GM_ONLY_FIELDS)) expect(fields).toEqual(kind === "gurpsReorder" ? ["to"] : []);
  });

  it("the same fields from a GM are taken: the shield's DB left out from behind (G59), the GM's bonus counted (G3)", async () => {
    const w = gurpsWorld({ combat: true });
    await louisActs(w, { id: "attack" });
    expect(await w.local(swing(w, [4, 4, 5], gmValues))).toMatchObject({ ok: true });
    const r = resolutionOf(w.cards()[0]!.flow.targets[0]!);
    expect(r.skill!.effective).toBe(19);
    expect(r.legal!.options.find((o) => o.id === "block:shPierre")!.modifiers.map((m) => m.key)).not.toContain("shieldDb");
  });
});

describe("out-of-order undo: each undo takes back only its own attack's change", () => {
  it("Pierre is knocked down and stunned (G78), stands up, is knocked down again: undoing the first blow leaves the second's fall and stun; undoing both, in either order, returns him to the start, statuses included", async () => {
    for (const order of [["first", "second"], ["second", "first"]] as const) {
      const w = gurpsWorld({ combat: true });
      await louisActs(w);
      const start = pierreNow(w);
      // 1d+1 rolled 6: 7 − DR 1 = 6 cut × 1.5 = 9 > 6: a major wound; HT 11 rolled 14: stunned and down (G78).
      const first = await swingApplied(w, 6);
      expect(w.roundOf(w.pierre)).toMatchObject({ posture: "prone", stun: "physical", injurySinceLastTurn: 9 });
      // He gets up (the tracker's Change Posture writes it).
      await storeRound(w, w.pierre, setPosture(w.roundOf(w.pierre), "standing"));
      const second = await swingApplied(w, 6);
      const both = pierreNow(w);
      expect([both.hp, both.round.posture, both.round.stun, both.round.injurySinceLastTurn]).toEqual([-6, "prone", "physical", 18]);
      const cards = { first, second };
      await w.local({ step: "undo", ...onCard(cards[order[0]]) });
      if (order[0] === "first") {
        // The newer blow stays: his fall and his stun are the second blow's; his HP and shock to come only the first's back.
        expect(pierreNow(w)).toMatchObject({ hp: 3, round: { posture: "prone", stun: "physical", stunDefense: true, majorWound: true, injurySinceLastTurn: 9 } });
        expect(pierreNow(w).statuses.map((s) => s.id)).toEqual(expect.arrayContaining(["stunned", "prone", "majorWound"]));
      } else {
        // The second blow undone: he stands as he had got up, stunned still by the first.
        expect(pierreNow(w)).toMatchObject({ hp: 3, round: { posture: "standing", stun: "physical", injurySinceLastTurn: 9 } });
      }
      await w.local({ step: "undo", ...onCard(cards[order[1]]) });
      expect(pierreNow(w), order.join(" then ")).toEqual(start);
    }
  });

  it("two blows without getting up between: undo the older — the newer's fall, stun and injury stay; both undone in either order return to the start", async () => {
    for (const olderFirst of [true, false]) {
      const w = gurpsWorld({ combat: true });
      await louisActs(w);
      const start = pierreNow(w);
      const older = await swingApplied(w, 4); // 4 + 1 − 1 = 4 × 1.5 = 6: no major wound.
      const newer = await swingApplied(w, 6); // 9: a major wound, HT failed: stunned and down.
      const [a, b] = olderFirst ? [older, newer] : [newer, older];
      await w.local({ step: "undo", ...onCard(a) });
      if (olderFirst) expect(pierreNow(w)).toMatchObject({ hp: 3, round: { posture: "prone", stun: "physical", injurySinceLastTurn: 9 } });
      await w.local({ step: "undo", ...onCard(b) });
      expect(pierreNow(w)).toEqual(start);
    }
  });
});

describe("unmetered attacker: an attack on a fighter in a started combat goes through the combat", () => {
  /** A second actor of p1's, never added to the fight, with Louis's sword. */
  function companion(w: World) {
    const d = louisData();
    const actor = new FakeGurpsActor("Actor.companion", "Companion", d.source, d.items, [p1.id]);
    w.actors.push(actor);
    return actor;
  }

  it("the second owned actor: refused with what to do, nothing posted, nothing spent — however many times", async () => {
    const w = gurpsWorld({ combat: true });
    await louisActs(w, { id: "attack" });
    const c = companion(w);
    const before = snapshot(w);
    for (let i = 0; i < 3; i++) {
      const outcome = await w.send({ ...swing(w), actorUuid: c.uuid }, p1);
      expect(outcome).toEqual({ ok: false, reason: "Companion is not fighting in the combat Pierre is in, so cannot attack Pierre now. Add Companion's token to that combat and attack on Companion's turn." });
    }
    expect(snapshot(w)).toBe(before);
    expect(w.cards()).toEqual([]);
  });

  it("the removed combatant: Louis taken out of the tracker cannot attack Pierre, who still fights", async () => {
    const w = gurpsWorld({ combat: true });
    await louisActs(w, { id: "allOutAttack", aoaOption: "determined" });
    w.combat!.combatants.splice(w.combat!.combatants.findIndex((c) => c.actor === (w.louis as never)), 1);
    const before = snapshot(w);
    expect(await w.send({ ...swing(w), maneuver: "allOutAttack", aoaOption: "determined" }, p1)).toMatchObject({ ok: false, reason: expect.stringContaining("not fighting in the combat") });
    expect(snapshot(w)).toBe(before);
  });

  it("the GM's NPC outside the tracker: a GM may attack for him (the gate's reading: a trap, a sniper off the map), as plain Attack only — a maneuver chosen outside the combat never applies (G10, G26)", async () => {
    const w = gurpsWorld({ combat: true });
    const d = louisData();
    const npc = new FakeGurpsActor("Actor.sniper", "Sniper", d.source, d.items, []);
    w.actors.push(npc);
    const before = snapshot(w);
    for (const maneuver of ["allOutAttack", "moveAndAttack"]) {
      const outcome = await w.local({ ...swing(w), actorUuid: npc.uuid, maneuver, aoaOption: "determined" });
      expect(outcome).toMatchObject({ ok: false, reason: expect.stringContaining("from outside it he may only Attack") });
    }
    expect(snapshot(w)).toBe(before);
    expect(await w.local({ ...swing(w), actorUuid: npc.uuid })).toMatchObject({ ok: true });
    expect(resolutionOf(w.cards()[0]!.flow.targets[0]!)).toMatchObject({ maneuver: "attack", aoaOption: null });
    expect(await w.local({ ...swing(w), actorUuid: npc.uuid, maneuver: "attack" })).toMatchObject({ ok: true });
    // Outside any combat the maneuver is the attacker's to choose (G10).
    const free = gurpsWorld();
    expect(await free.send({ ...swing(free), maneuver: "allOutAttack", aoaOption: "determined" }, p1)).toMatchObject({ ok: true });
  });

  it("a player's attacker in the combat is metered as always: out of turn refused, one attack under Attack", async () => {
    const w = gurpsWorld({ combat: true });
    await louisActs(w, { id: "attack" });
    w.turn.of = w.pierre.uuid;
    expect(await w.send(swing(w), p1)).toMatchObject({ ok: false, reason: expect.stringContaining("not his turn") });
    w.turn.of = w.louis.uuid;
    expect(await w.send(swing(w), p1)).toMatchObject({ ok: true });
    expect(await w.send(swing(w), p1)).toMatchObject({ ok: false });
  });
});

/**
 * A card made straight from the core's input (every die chosen, the foe's slam damage given):
 * the GM posts it, then each side's owner answers on it as on any card.
 */
function postedCard(w: World, build: (input: ReturnType<typeof attackInputOf>) => ReturnType<typeof attackInputOf>): Card {
  const l = w.louis.system.derived!;
  const weapon = l.weapons.find((x) => x.id === "wpShortsword")!;
  const base = attackInputOf(
    {
      attacker: { id: fighterId(w.louis.uuid), derived: l, round: w.roundOf(w.louis) }, target: { id: fighterId(w.pierre.uuid), derived: w.pierre.system.derived!, round: w.roundOf(w.pierre) },
      weapon, line: weapon.lines[0]!, item: { ready: true, reach: null, shotsLeft: null, reloadDone: 0, attackedThisTurn: false, parriedSinceLastTurn: false, parries: 0, readyDone: 0 },
    },
    { maneuver: "attack", aoaOption: null, deceptive: 0, rapidStrike: false, modifiers: [], range: 1, speed: 0, location: "torso", fromFront: true, inReach: true, shots: 1 },
    readRoll([4, 4, 5], "roll"),
  );
  const flow: GurpsFlow = declareGurpsAttack(`slam${w.messages.length}`, { actorUuid: w.louis.uuid, name: "Louis" }, { itemId: "slam", weapon: "slam", lineIndex: 0, line: "slam", skill: "DX", maneuver: "attack", aoaOption: null }, { actorUuid: w.pierre.uuid, name: "Pierre" }, build(base));
  const card = new FakeMessage(`card${w.messages.length}`, gm, { cychosys: { flow: structuredClone(flow) as never } });
  w.messages.push(card);
  return card as unknown as Card;
}

/** A slam (G48) at 10 yards: Louis (HP 11) and Pierre (HP 12) each roll 1d; Pierre does not defend. */
const slam = (w: World, faces: { louis: number; pierre: number; dx?: number[] }) =>
  postedCard(w, (input) => ({
    ...input,
    attacker: { ...input.attacker, self: victimOf(fighterId(w.louis.uuid), w.louis.system.derived!, w.roundOf(w.louis)) },
    weapon: { name: "slam", kind: "melee", form: "slam" },
    slam: { velocity: 10, foeDamage: [faces.pierre] },
    damage: [[faces.louis]],
    defenses: [{ id: "none" }],
    ...(faces.dx && { rolls: { slamDx: readRoll(faces.dx, "slamDx") } }),
  }));

describe("posture after a slam, a knockback, a major wound: the card writes the state the outcome reports", () => {
  /** Apply a resolved card as the GM; each struck side's round must hold the posture the outcome reports (victim.after, self.after). */
  async function applyAndCompare(w: World, card: Card) {
    const r = resolutionOf(card.flow.targets[0]!);
    expect(phaseOf(card.flow.targets[0]!)).toBe("resolved");
    expect(await w.local({ step: "apply", ...onCard(card) })).toMatchObject({ ok: true });
    if (r.victim) expect([w.roundOf(w.pierre).posture, r.victim.after.posture]).toEqual([r.defenderPosture, r.defenderPosture]);
    if (r.self) expect([w.roundOf(w.louis).posture, r.self.after.posture]).toEqual([r.attackerPosture, r.attackerPosture]);
    return r;
  }

  it("G48: the slammer rolls 5, the foe 1 (at least twice): Pierre lies prone on the round; undo stands him up again", async () => {
    const w = gurpsWorld({ combat: true });
    await louisActs(w, { id: "attack" });
    const card = slam(w, { louis: 5, pierre: 1 });
    const r = await applyAndCompare(w, card);
    expect([r.slam!.knockdown, r.defenderPosture, r.attackerPosture]).toEqual([{ foe: "falls", slammer: "stays" }, "prone", "standing"]);
    expect(w.roundOf(w.pierre).posture).toBe("prone");
    expect(await w.local({ step: "undo", ...onCard(card) })).toMatchObject({ ok: true });
    expect(w.roundOf(w.pierre).posture).toBe("standing");
  });

  it("G48: the foe rolls at least twice the slammer's: Louis falls, on his own round", async () => {
    const w = gurpsWorld({ combat: true });
    await louisActs(w, { id: "attack" });
    const r = await applyAndCompare(w, slam(w, { louis: 1, pierre: 5 }));
    expect([r.slam!.knockdown, r.attackerPosture, w.roundOf(w.louis).posture, w.roundOf(w.pierre).posture]).toEqual([{ foe: "stays", slammer: "falls" }, "prone", "prone", "standing"]);
  });

  it("G48: the slammer's roll at least the foe's: Pierre rolls DX — failed, he falls; made, he stays up", async () => {
    for (const [dx, posture] of [[[6, 6, 5], "prone"], [[2, 2, 2], "standing"]] as const) {
      const w = gurpsWorld({ combat: true });
      await louisActs(w, { id: "attack" });
      const r = await applyAndCompare(w, slam(w, { louis: 4, pierre: 3, dx: [...dx] }));
      expect([r.slam!.knockdown!.foe, r.slam!.foeDx!.success, w.roundOf(w.pierre).posture]).toEqual(["rollsDx", posture === "standing", posture]);
    }
  });

  it("G74, G78: a mace's knockback roll failed and a major wound's HT roll failed each leave him prone on the round, as the outcome says", async () => {
    for (const [knockback, majorWound] of [[[6, 6, 5], [1, 1, 1]], [[1, 1, 1], [5, 5, 6]]] as const) {
      const w = gurpsWorld({ combat: true });
      w.louis.itemList.push(item("gurpsWeapon", "wpMace", "mace", { skill: "Shortsword", weight: 5, lines: [line({ name: "swing", damage: "sw+2", type: "cr" })] }));
      w.louis.prepare();
      await louisActs(w, { id: "attack" });
      expect(await w.send({ ...swing(w), itemId: "wpMace" }, p1)).toMatchObject({ ok: true });
      const card = w.cards()[0]!;
      await w.send({ step: "defend", ...onCard(card), option: "none" }, p2);
      // 1d+3 rolled 6: 9 cr − DR 1 = 8 > 6 (a major wound); 9 ≥ ST 10 − 2: 1 yard of knockback (G74).
      await w.send({ step: "damage", ...onCard(card), id: "damage", faces: [[6]] }, p1);
      await w.send({ step: "roll", ...onCard(card), id: "rolls.majorWound[0]", faces: [...majorWound] }, p2);
      await w.send({ step: "roll", ...onCard(card), id: "rolls.knockback", faces: [...knockback] }, p2);
      const r = await applyAndCompare(w, card);
      expect([r.victim!.knockback!.yards, r.defenderPosture, w.roundOf(w.pierre).posture]).toEqual([1, "prone", "prone"]);
    }
  });
});
