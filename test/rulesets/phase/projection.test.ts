/**
 * The ledger split by who may know it (the issue's hidden declarations):
 * the projection every client receives holds nothing of a declaration that
 * has not taken effect, nor anyone's Targeting or Aim; a player's client
 * puts it together with its own combatants' secrets and sees exactly what
 * `declarationView` says that player may see — for any state the tracker
 * can reach (fast-check), and through JSON and the readers.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyLedgerOperation, type PhaseLedger } from "../../../src/rulesets/phase/combat/ledger.js";
import { projectLedger, PUBLIC_VIEWER, secretOf, viewFromProjection } from "../../../src/rulesets/phase/combat/projection.js";
import { readProjection, readSecret } from "../../../src/rulesets/phase/combat/projection-reader.js";
import type { PhaseTrackerRequest } from "../../../src/rulesets/phase/combat/request-schema.js";
import { planTrackerRequest } from "../../../src/rulesets/phase/combat/tracker-plan.js";
import { type AttackRolls, declarationView, makePhaseRules, resolvePhase, type Viewer } from "../../../src/rulesets/phase/rules/index.js";
import { EARLS, GM, play, seedFighters, seedLedger, seedMidDeclaration } from "./table-helpers.js";

const f = seedFighters();
const IDS = ["leroy", "earl", "mo"];
const viewerOf = (owned: readonly string[]): Viewer => ({ isGM: false, owns: (id) => owned.includes(id) });
const viaJson = <T>(v: T): unknown => JSON.parse(JSON.stringify(v));

/** What the player who owns `owned` gets: the projection and their secrets, through JSON and the readers. */
function playerView(ledger: PhaseLedger, owned: readonly string[], rules = makePhaseRules()) {
  const projection = readProjection(viaJson(projectLedger(ledger, rules)), rules);
  expect(projection, "the projection reads back").not.toBeNull();
  const secrets = owned.map((id) => readSecret(viaJson(secretOf(ledger, id, rules)), projection!, rules));
  for (const s of secrets) expect(s, "a secret reads back").not.toBeNull();
  return viewFromProjection(projection!, secrets.map((s) => s!), viewerOf(owned), rules);
}

describe("the projection on the combat", () => {
  it("mid-declaration (seed check 3): Earl's Targeting on Leroy's head is not in it — not its kind, length, target or area", () => {
    const l = play(seedMidDeclaration(), f, [[EARLS, { kind: "phaseDeclare", combatantId: "earl", action: "targeting", target: "leroy", area: "head" }]]);
    const p = projectLedger(l);
    expect(p.combatants.find((c) => c.id === "earl")!.action).toEqual({ hidden: true, id: "earl@1" });
    expect(p.combatants.find((c) => c.id === "leroy")!.action).toEqual({ hidden: true, id: "leroy@1" });
    const text = JSON.stringify(p);
    for (const secret of ["targeting", "head", "draw", "pistol", "resolvesAt"]) expect(text).not.toContain(secret);
    // Initiative, the order and the slots are public (P5).
    expect(p.order).toEqual(["leroy", "earl"]);
    expect(p.combatants.map((c) => c.initiative?.total ?? null)).toEqual([16, 21, null]);
  });

  it("what is hidden does not change the projection: another action, target or area gives the same one", () => {
    const base = play(seedMidDeclaration(), f, [[EARLS, { kind: "phaseDeclare", combatantId: "earl", action: "targeting", target: "leroy", area: "head" }]]);
    const other = play(seedMidDeclaration(), f, [[EARLS, { kind: "phaseDeclare", combatantId: "earl", action: "defend" }]]);
    expect(projectLedger(other)).toEqual(projectLedger(base));
  });

  it("Earl's secret holds his declaration and his Targeting; Leroy's player sees Earl's slot as taken and nothing more", () => {
    let l = play(seedMidDeclaration(), f, [[EARLS, { kind: "phaseDeclare", combatantId: "earl", action: "targeting", target: "leroy", area: "head" }]]);
    expect(secretOf(l, "earl")).toMatchObject({ action: { action: "targeting", area: "head" }, targeting: null, events: [{ index: 1, event: { kind: "declare", actor: "earl" } }] });
    const leroys = playerView(l, ["leroy"]);
    expect(leroys.rows.find((r) => r.id === "earl")!.action).toEqual({ hidden: true, id: "earl@1" });
    expect(leroys.events).toEqual([expect.objectContaining({ kind: "declare", actor: "leroy", action: expect.objectContaining({ action: "draw" }) }), { kind: "declare", actor: "earl", hidden: true }]);
    expect(playerView(l, ["earl"]).events[1]).toMatchObject({ kind: "declare", actor: "earl", action: { action: "targeting", area: "head" } });
    // After the phase's end the Targeting took effect: everyone saw it resolve, but whom Earl holds lined up stays his (P13).
    const begun = applyLedgerOperation(l, { kind: "beginResolve", basis: l.revision, flowId: "c" }, f);
    l = applyLedgerOperation(begun, { kind: "phaseEnd", basis: begun.revision, flowId: "c", rolls: {} }, f);
    expect(JSON.stringify(projectLedger(l))).not.toContain("targeting");
    expect(secretOf(l, "earl")!.targeting).toEqual({ target: "leroy", area: "head" });
    expect(playerView(l, ["leroy"]).rows.find((r) => r.id === "earl")!.targeting).toBe("hidden");
    expect(playerView(l, ["earl"]).rows.find((r) => r.id === "earl")!.targeting).toEqual({ target: "leroy", area: "head" });
  });

  it("P6 as written (openDeclarations): every declaration and Defend is public, and the secrets hold only Targeting and Aim", () => {
    const rules = makePhaseRules({ openDeclarations: true });
    const l = play(seedMidDeclaration(), f, [[EARLS, { kind: "phaseDeclare", combatantId: "earl", action: "defend" }]]);
    const p = projectLedger(l, rules);
    expect(p.combatants.find((c) => c.id === "earl")).toMatchObject({ action: { action: "defend" }, defending: true });
    expect(secretOf(l, "earl", rules)!.action).toBeNull();
    expect(playerView(l, ["leroy"], rules)).toEqual(declarationView(l.state, viewerOf(["leroy"]), rules));
  });

  it("a secret written for another declaration is not used: the action shows as hidden, never wrong", () => {
    const l = play(seedMidDeclaration(), f, [[EARLS, { kind: "phaseDeclare", combatantId: "earl", action: "defend" }]]);
    const projection = projectLedger(l);
    const stale = { ...secretOf(l, "earl")!, action: { ...secretOf(l, "earl")!.action!, id: "earl@0", declaredAt: 0 } };
    const view = viewFromProjection(projection, [stale], viewerOf(["earl"]));
    expect(view.rows.find((r) => r.id === "earl")!.action).toEqual({ hidden: true, id: "earl@1" });
    // Someone else's secret is ignored even when handed in.
    expect(viewFromProjection(projection, [secretOf(l, "earl")!], viewerOf(["leroy"])).rows.find((r) => r.id === "earl")!.action).toEqual({ hidden: true, id: "earl@1" });
  });

  it("the readers refuse a damaged record: a forged id, a hidden action with content, a secret of another combat", () => {
    const l = play(seedMidDeclaration(), f, [[EARLS, { kind: "phaseDeclare", combatantId: "earl", action: "defend" }]]);
    const p = viaJson(projectLedger(l)) as any;
    expect(readProjection({ ...p, version: 9 })).toBeNull();
    expect(readProjection({ ...p, combatants: p.combatants.map((c: any) => (c.id === "earl" ? { ...c, action: { hidden: true, id: "earl@1", action: "defend" } } : c)) })).toBeNull();
    expect(readProjection({ ...p, order: ["ghost"] })).toBeNull();
    expect(readProjection({ ...p, events: [{ kind: "declare", actor: "ghost", hidden: true }] })).toBeNull();
    expect(readProjection(null)).toBeNull();
    const projection = readProjection(p)!;
    const secret = viaJson(secretOf(l, "earl")) as any;
    expect(readSecret({ ...secret, combatId: "other" }, projection)).toBeNull();
    expect(readSecret({ ...secret, targeting: { target: "ghost", area: null } }, projection)).toBeNull();
    expect(readSecret({ ...secret, events: [{ index: 0, event: { kind: "pass", actor: "leroy" } }] }, projection)).toBeNull();
    expect(readSecret(secret, projection)).toEqual(secretOf(l, "earl"));
  });
});

// ---------------------------------------------------------------------------
// Any state the tracker can reach, for any player.

const face = fc.integer({ min: 1, max: 10 });
const who = fc.constantFrom(...IDS);
/** Mostly whoever holds the current slot (so declarations get made), sometimes anyone. */
const slotHolder = fc.oneof({ weight: 3, arbitrary: fc.constant("@current") }, { weight: 1, arbitrary: who });
const w = <T>(weight: number, arbitrary: fc.Arbitrary<T>) => ({ weight, arbitrary });
const request: fc.Arbitrary<{ kind: string }> = fc.oneof(
  w(1, fc.record({ kind: fc.constant("phaseInitiative" as const), combatantId: who, faces: fc.tuple(face, face).map((t) => [...t]) })),
  w(1, fc.constant({ kind: "phaseCloseInitiative" as const })),
  w(4, fc.constant({ kind: "rollAll" as const })),
  w(8, fc
    .record({
      kind: fc.constant("phaseDeclare" as const),
      combatantId: slotHolder,
      action: fc.oneof(w(3, fc.constantFrom("targeting", "defend", "draw", "aim", "fire")), w(1, fc.constantFrom("holster", "targetAndFire", "burst", "fullAuto", "melee", "suppress"))),
      weapon: fc.oneof(w(4, fc.constant("@own")), w(1, fc.constantFrom("pistol", "smg", "knife"))),
      target: fc.oneof(w(3, fc.constant("@other")), w(1, who)),
      area: fc.oneof(w(3, fc.constant(undefined)), w(1, fc.constantFrom("head", "chest", "leftLeg" as const))),
    })
    .map((d) => (d.area === undefined ? { kind: d.kind, combatantId: d.combatantId, action: d.action, weapon: d.weapon, target: d.target } : d))),
  w(2, fc.record({ kind: fc.constant("phaseFree" as const), combatantId: slotHolder, action: fc.constantFrom("draw", "speak"), weapon: fc.constant("pistol"), face })),
  w(2, fc.record({ kind: fc.constantFrom("phaseCancel" as const, "phasePass" as const), combatantId: slotHolder })),
  w(1, fc.record({ kind: fc.constant("phaseDistract" as const), combatantId: who })),
  w(1, fc.record({ kind: fc.constant("phaseAwareness" as const), combatantId: who, aware: fc.boolean() })),
  w(1, fc.record({ kind: fc.constant("phaseWitness" as const), combatantIds: fc.subarray(IDS, { minLength: 1 }), extraPhases: fc.integer({ min: 0, max: 2 }) })),
  w(1, fc.record({ kind: fc.constant("phaseSurprise" as const), combatantId: who, face })),
  w(2, fc.constant({ kind: "end" as const })),
);

/** Play the requests as the GM (refusals skipped); "end" resolves the phase with dice drawn from `dice`. Every ledger on the way. */
function reach(steps: readonly { kind: string; combatantId?: string }[], dice: readonly number[]): PhaseLedger[] {
  let l = seedLedger();
  const seen: PhaseLedger[] = [l];
  let n = 0;
  const next = (faces: number) => ((dice[n++ % dice.length]! - 1) % faces) + 1;
  const ask = (step: object) => (l = planTrackerRequest(l, { combatId: "combat1", ...step } as PhaseTrackerRequest, GM, f, () => next(1000) / 1000).ledger);
  for (const raw of steps) {
    play(raw);
    if (l !== seen.at(-1)) seen.push(l);
  }
  return seen;

  function play(raw: { kind: string; combatantId?: string }): void {
    const step: Record<string, unknown> & { kind: string } = raw.combatantId === "@current" ? { ...raw, combatantId: l.state.order[l.state.cursor] ?? "leroy" } : { ...raw };
    if (step.target === "@other") step.target = IDS.filter((id) => id !== step.combatantId)[next(2) - 1];
    if (step.weapon === "@own") {
      const own = Object.keys(f[step.combatantId as string]!.weapons);
      step.weapon = own[next(own.length) - 1];
    }
    try {
      // "rollAll": the next phase's initiative (the current phase ended first, when it is being declared).
      if (step.kind === "rollAll" && l.state.step === "declare") play({ kind: "end" });
      if (step.kind === "rollAll") {
        for (const id of IDS) {
          try {
            ask({ kind: "phaseInitiative", combatantId: id, faces: [next(10), next(10)] });
          } catch {
            // Not everyone may roll (surprised, unaware, rolled already).
          }
        }
        ask({ kind: "phaseCloseInitiative" });
        return;
      }
      if (step.kind !== "end") {
        ask(step);
        return;
      }
      if (l.state.step !== "declare") return;
      const begun = applyLedgerOperation(l, { kind: "beginResolve", basis: l.revision, flowId: "c" }, f);
      const rolls: Record<string, AttackRolls> = {};
      for (let guard = 0; guard < 50; guard++) {
        const r = resolvePhase(begun.state, f, rolls);
        if (r.status === "resolved") break;
        for (const need of r.needs) {
          const mine = (rolls[need.actor] ??= { checks: [], locations: [], damage: [] }) as { checks: number[]; locations: number[]; damage: number[][] };
          if (need.roll === "check") mine.checks.push(next(10));
          else if (need.roll === "location") mine.locations.push(next(10));
          else mine.damage.push([next(6), next(6)].slice(0, f[need.actor]!.weapons[Object.keys(f[need.actor]!.weapons)[0]!]!.damage.dice));
        }
      }
      l = applyLedgerOperation(begun, { kind: "phaseEnd", basis: begun.revision, flowId: "c", rolls }, f);
    } catch {
      // A refused request changes nothing; so does an end whose made-up damage dice do not fit the weapon.
    }
  }
}

describe("for any reachable state and any player", () => {
  it("projection + the player's own secrets = declarationView(state, player); the projection is what a player owning nothing sees", () => {
    fc.assert(
      fc.property(fc.array(request, { maxLength: 60 }), fc.array(face, { minLength: 1, maxLength: 30 }), fc.subarray(IDS), fc.boolean(), (steps, dice, owned, open) => {
        const rules = makePhaseRules({ openDeclarations: open });
        for (const l of reach(steps, dice)) {
          expect(playerView(l, owned, rules)).toEqual(declarationView(l.state, viewerOf(owned), rules));
          expect(viewFromProjection(projectLedger(l, rules), [], PUBLIC_VIEWER, rules)).toEqual(declarationView(l.state, PUBLIC_VIEWER, rules));
          // Nobody's Targeting or Aim is on the combat.
          for (const c of projectLedger(l, rules).combatants) expect(Object.keys(c)).not.toContain("targeting");
        }
      }),
      { numRuns: 300 },
    );
  });
});
