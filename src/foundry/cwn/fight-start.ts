/**
 * The fight's beginning and end on the GM's client (W1–W3, W19): when the
 * combat begins, every side's d8 still owed is rolled here (Dice So Nice
 * shows it), sides still tied roll again (W3), and the fight starts — a
 * free round first when a side is surprised (W2); when the combat is
 * deleted, scene abilities are ready again (W1) and armor soak refills
 * (W19, world setting), actor by actor.
 */
import { escapeHtml } from "../../core/html.js";
import { afterFightChanges } from "../../rulesets/cwn/data/after-fight.js";
import { applyTableOperation } from "../../rulesets/cwn/combat/state.js";
import { sideName } from "../../rulesets/cwn/combat/table-view.js";
import { CWN_FIGHT_LIMITS } from "../../rulesets/cwn/combat/fight-shape.js";
import { CWN_SETUP_PATH, plannedSides, requireStorableSetup, sideSetup, startOwed } from "../../rulesets/cwn/combat/tracker-plan.js";
import { fightOf, fightUpdate } from "../../rulesets/cwn/ruleset.js";
import { format, localize } from "../i18n.js";
import { type CwnCombatantDoc, type CwnCombatDoc, factsOf, markerUpdate, mirrorTotals, postEvents, setupOf } from "./combat-actions.js";
import { ownedItemInputs } from "../derive-items.js";
import { rollAndShow } from "./dice.js";
import { cwnRules } from "./rules-source.js";

/** Most rounds of tie rolls before the GM is asked to settle a tie by hand (W3: each is a fresh 1d8 per side): as many as a side keeps. */
const MAX_TIE_ROUNDS = CWN_FIGHT_LIMITS.tieRolls;

/** W2, W3: roll what is owed on the GM's client and start the fight; nothing is written when it cannot start. */
export async function startFight(combat: CwnCombatDoc): Promise<void> {
  if (fightOf(combat)) return;
  const rules = cwnRules();
  const facts = combat.combatants.contents.map(factsOf);
  if (!facts.length) return;
  const setup = setupOf(combat);
  const owed = plannedSides(facts, setup).filter((s) => !s.roll);
  if (owed.length) {
    const [faces] = await rollAndShow([{ count: owed.length, faces: rules.initiativeDieFaces }]);
    owed.forEach((s, i) => (setup.rolls[s.id] = { roll: faces![i]!, tieRolls: [] }));
  }
  const ties: string[] = [];
  for (let i = 0; i < MAX_TIE_ROUNDS; i++) {
    const tied = startOwed(plannedSides(facts, setup), rules).ties.flat();
    if (!tied.length) break;
    const [faces] = await rollAndShow([{ count: tied.length, faces: rules.initiativeDieFaces }]);
    tied.forEach((id, n) => setup.rolls[id]!.tieRolls.push(faces![n]!));
    ties.push(...tied.map((id, n) => `${sideName(id, localize)} ${faces![n]}`));
  }
  const step = applyTableOperation(null, { kind: "start", sides: plannedSides(facts, setup).map((s) => sideSetup(s, rules)) }, rules);
  await combat.update({ [CWN_SETUP_PATH]: requireStorableSetup(setup), ...fightUpdate(combat, step.state), ...markerUpdate(combat, step.state) });
  await mirrorTotals(combat, step.state);
  const order = step.state.order.map((id) => `${sideName(id, localize)} ${step.state.sides[id]!.initiative.total}`).join(", ");
  const notes = [...(ties.length ? [format("CYCHOSYS.Cwn.Combat.tiesRolled", { rolls: ties.join(", ") })] : []), format("CYCHOSYS.Cwn.Combat.orderNote", { order })];
  await ChatMessage.implementation
    .create({ content: `<div class="cychosys cwn-fight-note">${notes.map((n) => `<p>${escapeHtml(n)}</p>`).join("")}</div>` } as never)
    .catch((error: unknown) => console.error("Cychosys | CWN: could not post the order", error));
  await postEvents(combat, step.events);
}

/** W1, W19: after the fight, per-scene uses reset and (world setting) soak refills, actor by actor; one that fails is reported, the others go on. */
export async function afterFight(combat: CwnCombatDoc): Promise<void> {
  const rules = cwnRules();
  const seen = new Set<string>();
  for (const c of combat.combatants.contents) {
    const actor = c.actor as (CwnCombatantDoc["actor"] & { system: Record<string, unknown>; items: Iterable<{ id: string | null; name: string; type: string; system: unknown }> & { get(id: string): { update(d: Record<string, unknown>): Promise<unknown> } | undefined }; update(d: Record<string, unknown>): Promise<unknown> }) | null;
    if (!actor || seen.has(actor.uuid) || !actor.system.derived) continue;
    seen.add(actor.uuid);
    const changes = afterFightChanges(actor.type, actor.system, ownedItemInputs(actor), rules);
    try {
      if (changes.actor.length) await actor.update(Object.fromEntries(changes.actor.map((x) => [x.path, x.value])));
      for (const x of changes.items) await actor.items.get(x.id)?.update({ [x.path]: x.value });
    } catch (error) {
      console.error(`Cychosys | CWN: the end of the fight could not be written for ${actor.name}`, error);
      ui.notifications?.warn(format("CYCHOSYS.Cwn.Combat.afterFightFailed", { name: actor.name }));
    }
  }
}

