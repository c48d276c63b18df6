/**
 * The round seam's scope (src/core/ruleset.ts, `RulesetRound.scope`): with
 * one state per combatant (the default) each combatant's operations are
 * checked on its own state; with one state for the whole combat (Cities
 * Without Number, W3/W4) the operations of one step on different combatants
 * chain on that state, so the second sees the first — and `apply` is told
 * which combatant each is for.
 */
import { describe, expect, it } from "vitest";
import type { RulesetRound } from "../../src/core/ruleset.js";
import { executeWrites, planWrites } from "../../src/core/transport/executor.js";
import type { CombatantRef } from "../../src/core/transport/ports.js";
import { FakeActor, FakeCombat, makeEnv } from "./fakes.js";
import { parker as parkerData, thorton } from "../fixtures/cast.js";

/** A shared pot of 1 token on the combat: each operation takes it for the combatant named by the transport. */
function potRound(scope: "combatant" | "combat", seen: string[]): RulesetRound {
  const stored = (ref: CombatantRef) => ((ref.combat.flags?.cychosys as { pot?: { left: number; takers: string[] } } | undefined)?.pot ?? { left: 1, takers: [] });
  return {
    read: stored,
    apply: (state, _operation, ref) => {
      const pot = state as { left: number; takers: string[] };
      seen.push(ref.combatant.id);
      if (pot.left < 1) throw Object.assign(new Error("empty"), { i18nKey: "x" });
      return { left: pot.left - 1, takers: [...pot.takers, ref.combatant.id] };
    },
    update: (_ref, next) => ({ "flags.cychosys.pot": next }),
    scope,
  };
}

function world() {
  const parker = new FakeActor("Actor.parker", "Parker", "character", parkerData);
  const riddle = new FakeActor("Actor.riddle", "Riddle", "npc", thorton);
  const combat = new FakeCombat("c1").add(parker).add(riddle);
  const { env } = makeEnv([parker, riddle], [], { combat });
  const scope = { participants: new Set([parker.uuid, riddle.uuid]), objects: new Map() };
  const commands = [parker, riddle].map((a) => ({ kind: "round" as const, actorUuid: a.uuid, operation: { take: 1 } }));
  return { combat, env, scope, commands };
}

describe("RulesetRound.scope", () => {
  it("per combatant (default): each combatant's operation is checked on its own state", async () => {
    const w = world();
    const seen: string[] = [];
    const writes = await planWrites(w.commands, w.env, w.scope, potRound("combatant", seen));
    expect(writes).toHaveLength(2);
    expect(seen).toEqual(["cbtParker", "cbtRiddle"]);
  });

  it("per combat: the second combatant's operation sees the first's, so a step that over-spends the combat's state is refused before any write", async () => {
    const w = world();
    const seen: string[] = [];
    await expect(planWrites(w.commands, w.env, w.scope, potRound("combat", seen))).rejects.toThrow("empty");
    expect(seen).toEqual(["cbtParker", "cbtRiddle"]);
    expect(w.combat.writes).toEqual([]);
  });

  it("per combat: the executor tells apply which combatant each write is for", async () => {
    const w = world();
    const seen: string[] = [];
    const round = potRound("combat", seen);
    const writes = await planWrites(w.commands.slice(1), w.env, w.scope, round);
    await executeWrites(writes, "req1", w.env, round);
    expect((w.combat.flags.cychosys as { pot: unknown }).pot).toEqual({ left: 0, takers: ["cbtRiddle"] });
  });
});
