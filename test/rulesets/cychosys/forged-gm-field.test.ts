/**
 * Issue 22.1, "forged GM field" (Cychosys): the fields of a card request only
 * a GM may set are declared once on the workflow (`gmOnlyFields`,
 * src/core/gm-only.ts) and refused by the shared check before any step runs,
 * whoever else sends them — with the shared refusal whispered back, and
 * nothing changed. Cychosys's one such field: the targets the GM assigns to
 * an attack posted without any (the card offers that button to a GM only).
 * The tracker's requests (extra action, wait, end of an interrupt, a chase
 * move) carry no GM-only field: each names the requester's own combatant or
 * actor, which the handler checks.
 */
import { describe, expect, it } from "vitest";
import { createCychosysRuleset } from "../../../src/rulesets/cychosys/ruleset.js";
import { REQUEST_SCHEMAS } from "../../../src/rulesets/cychosys/combat/request-schema.js";
import { trustedFlow } from "../../../src/core/transport/flow-store.js";
import type { AttackFlow } from "../../../src/rulesets/cychosys/workflow/attack-flow.js";
import { gm, p1, p2, world } from "../../chat/world.js";

const refusal = (field: string) => `Only a GM may set "${field}"; the request was refused and nothing changed.`;

/** A value of each GM-only field a hostile player might send. */
const FORGED: Record<string, (w: ReturnType<typeof world>) => unknown> = {
  targets: (w) => [w.riddleActor.uuid],
};

describe("forged GM field (Cychosys card requests)", () => {
  it("the GM-only fields are declared on the workflow, once", () => {
    expect(createCychosysRuleset().workflow.gmOnlyFields).toEqual({ assignTargets: ["targets"] });
  });

  it("every GM-only field sent by a player is refused with the shared reply, whispered back; the card and every actor unchanged", async () => {
    const fields = createCychosysRuleset().workflow.gmOnlyFields!;
    for (const [step, names] of Object.entries(fields)) {
      for (const field of names) {
        const w = world({ combat: true });
        // An attack posted with no target: the only card "assign targets" applies to.
        const card = await w.declare(w.thortonActor, "wpPistol", [6, 6, 6, 6, 6, 6], [], gm);
        const flowBefore = structuredClone(trustedFlow<AttackFlow>(card));
        const combatBefore = structuredClone(w.combat!.flags);
        const cardWrites = card.updates.length;
        const request = { step, attackId: card.flow.id, messageId: card.id, [field]: FORGED[field]!(w) };
        for (const player of [p1, p2]) {
          const message = w.requestMessage(request, player);
          expect(await w.handle(message), `${step}.${field} from ${player.id}`).toEqual({ ok: false, reason: refusal(field) });
          expect(message.deleted).toBe(true);
          expect(w.whispers.at(-1)).toEqual({ user: player.id, text: refusal(field) });
        }
        expect(trustedFlow<AttackFlow>(card)).toEqual(flowBefore);
        expect(card.updates.length).toBe(cardWrites);
        expect(w.combat!.flags).toEqual(combatBefore);
        for (const actor of w.actors) expect(actor.writes, actor.name).toEqual([]);
      }
    }
  });

  it("a replay of the forged request, and two sent at once, are refused alike", async () => {
    const w = world();
    const card = await w.declare(w.thortonActor, "wpPistol", [6, 6, 6, 6, 6, 6], [], gm);
    const request = { step: "assignTargets", attackId: card.flow.id, messageId: card.id, targets: [w.parkerActor.uuid] };
    const outcomes = await Promise.all([w.send(request, p1), w.send(request, p1), w.send(request, p2)]);
    expect(outcomes).toEqual([0, 1, 2].map(() => ({ ok: false, reason: refusal("targets") })));
    expect(card.flow.targets).toEqual([]);
  });

  it("an empty list is no field sent; the state machine still refuses a player's assignTargets", async () => {
    const w = world();
    const card = await w.declare(w.thortonActor, "wpPistol", [6, 6, 6, 6, 6, 6], [], gm);
    expect(await w.send({ step: "assignTargets", attackId: card.flow.id, messageId: card.id, targets: [] }, p1)).toEqual({
      ok: false,
      reason: "Only a GM can assign targets to an attack.",
    });
    expect(card.flow.targets).toEqual([]);
  });

  it("the GM (active, or a second GM sending a request) sets the same field", async () => {
    const w = world();
    const card = await w.declare(w.thortonActor, "wpPistol", [6, 6, 6, 6, 6, 6], [], gm);
    expect(await w.send({ step: "assignTargets", attackId: card.flow.id, messageId: card.id, targets: [w.parkerActor.uuid] }, { ...gm, id: "gm2" })).toMatchObject({ ok: true });
    expect(card.flow.targets.map((t) => t.target.name)).toEqual(["Parker"]);
  });

  it("no tracker request field is the GM's: every kind names the requester's own combatant, combat or actor", () => {
    expect(Object.fromEntries(Object.entries(REQUEST_SCHEMAS).map(([kind, fields]) => [kind, Object.keys(fields)]))).toEqual({
      extraAction: ["combatId", "combatantId", "pool"],
      endInterrupt: ["combatId"],
      wait: ["combatId", "combatantId"],
      chaseMove: ["actorUuid", "messageId"],
    });
  });
});
