/**
 * The CWN cards read like a GM wrote them (docs/style.md, "Typography";
 * issue 23.3): every text a card shows — title, subtitle, the roll lines,
 * the headline and what comes with it, the sections, the buttons and the
 * working — for every attack example (hits, misses with Shock, Traumatic
 * Hits, swarms, charges, prone targets, screens with their checks owed and
 * done, a fighter taken down), as rolled, applied and in the Total Defense
 * window, swept by the shared narration sweep; and the anatomy holds: the
 * title is "A attacks B", the outcome says who takes what.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { FlowUser } from "../../../src/core/ruleset.js";
import { parseCwnScenario } from "../../../src/rulesets/cwn/rules/headless.js";
import type { CwnAttackScenario } from "../../../src/rulesets/cwn/rules/scenario.js";
import { cwnAttackCardView, type CwnCardView } from "../../../src/rulesets/cwn/views/attack-card.js";
import { applyDamage, type CwnFlow, declareCwnAttack, phaseOf, resolutionOf, struckOf } from "../../../src/rulesets/cwn/workflow/flow.js";
import { sentenceCase } from "../../../src/core/views/text.js";
import { describeProblems, sweepNarration } from "../../helpers/narration-sweep.js";

const DIR = join(import.meta.dirname, "..", "..", "..", "examples", "cwn");
const gm: FlowUser = { id: "gm", isGM: true, owns: () => true };

/** Every attack example as a card (a screen's checks owed when its dice are left out). */
function cards(): { name: string; flow: CwnFlow }[] {
  const out: { name: string; flow: CwnFlow }[] = [];
  for (const file of readdirSync(DIR).filter((f) => f.endsWith(".json"))) {
    const scenario = parseCwnScenario(readFileSync(join(DIR, file), "utf8"));
    if (scenario.kind !== "attack" || scenario.input.action === "snap" && scenario.input.attacker.canSnap === false) continue;
    const s = scenario as CwnAttackScenario;
    if (s.input.attacker.weapon.kind === "ranged" && s.input.attacker.weapon.twoHanded && s.input.adjacentFoe === "armed") continue; // refused before any card
    const flow = (input: CwnAttackScenario["input"], defense?: CwnFlow["defense"]) =>
      declareCwnAttack({
        id: `card-${file}`, attacker: { actorUuid: "Actor.a", name: s.names.attacker ?? "Mack" }, targets: [{ target: { actorUuid: "Actor.d", name: s.names.defender ?? "The ganger" } }],
        attack: { weapon: (s.input.attacker.weapon as { name?: string }).name ?? "Knife", itemId: "w", kind: s.input.attacker.weapon.kind, action: s.input.action ?? "attack", measured: false, ...(s.input.swarm && { swarm: { id: 1, ...s.input.swarm } }) },
        input, screeners: (s.input.screen?.screeners ?? []).map((_, i) => ({ ref: { actorUuid: `Actor.s${i}`, name: s.names.screeners[i] || `Screener ${i + 1}` }, fighterId: `s${i}` })), objects: [],
        ...(defense && { defense }),
      });
    out.push({ name: file, flow: flow(s.input) });
    out.push({ name: `${file} (Total Defense window)`, flow: flow(s.input, { open: true }) });
    if (s.input.screen) out.push({ name: `${file} (checks owed)`, flow: flow({ ...s.input, screen: { ...s.input.screen, attackerDice: [], screeners: s.input.screen.screeners.map(({ dice: _d, ...rest }) => rest) } }) });
  }
  return out;
}

function texts(view: CwnCardView): string[] {
  return [
    view.title, view.subtitle ?? "", view.outcome?.text ?? "", ...(view.outcome?.details ?? []).map((d) => d.text),
    // A roll line reads as one: "Attack 14 18 against Guard 1's AC 14".
    ...[view.roll, ...view.rolls].filter((r) => !!r).map((r) => [r!.label, ...r!.dice.map((d) => d.face), r!.total, r!.against].filter(Boolean).join(" ")),
    ...view.buttons.map((b) => b.label), ...view.downedChoices.map((c) => c.label), view.swarm ?? "", view.defense?.text ?? "", view.defense?.odds?.note ?? "",
    ...view.screen.map((r) => r.status), ...view.working,
  ].filter((t) => t !== "");
}

describe("the CWN attack cards' words", () => {
  const all = cards();

  it("cover the examples: hits, misses, Shock, a Traumatic Hit, swarms, screens owed and done, the Total Defense window", () => {
    expect(all.length).toBeGreaterThan(40);
    const phases = new Set(all.map(({ flow }) => phaseOf(flow)));
    expect([...phases].sort()).toEqual(["defense", "done", "resolved", "screen"]);
  });

  it("read like a GM wrote them, as rolled and once applied (the shared narration sweep)", () => {
    const lines: string[] = [];
    for (const { name, flow } of all) {
      lines.push(...texts(cwnAttackCardView(flow, gm, undefined, undefined, { odds: true })).map((t) => `${t}`));
      if (phaseOf(flow) === "resolved") {
        const h = resolutionOf(flow).harm!;
        const applied = applyDamage(flow, { hp: h.hpBefore, downed: "none", soak: [{ uuid: "Actor.d", value: h.soakBefore }] }, gm).flow;
        lines.push(...texts(cwnAttackCardView(applied, gm)));
      }
      expect(name).toBeTruthy();
    }
    expect(describeProblems(sweepNarration(lines))).toEqual([]);
  });

  it("the anatomy: the title 'A attacks B'; once resolved the headline names who takes what, its hit points before and after", () => {
    for (const { flow } of all) {
      const view = cwnAttackCardView(flow, gm);
      expect(view.title).toBe(sentenceCase(`${flow.attacker.name} attacks ${flow.targets[0]!.target.name}`));
      if (phaseOf(flow) === "resolved") {
        const struck = sentenceCase(struckOf(flow, resolutionOf(flow)).name);
        expect(view.outcome!.text).toMatch(new RegExp(`^${struck} takes \\d+ (damage|Shock): (HP|soak) \\d+ → \\d+$`));
      }
    }
  });
});
