/**
 * What the dialogs and cards show of the odds (docs/odds.md): percentages
 * and units, the dialog's line per target moving as effects are added, the
 * defense panel only for the user about to defend, nothing for a sheet the
 * user may not see.
 */
import { describe, expect, it } from "vitest";
import type { FlowUser } from "../../src/core/ruleset.js";
import { injury, oddsTable, percent } from "../../src/core/views/odds.js";
import { deriveCombatant } from "../../src/rulesets/cychosys/data/derive/combatant.js";
import { attackCardContext } from "../../src/rulesets/cychosys/views/card.js";
import { attackDialogView } from "../../src/rulesets/cychosys/views/dialogs.js";
import { declareAttack } from "../../src/rulesets/cychosys/workflow/attack-flow.js";
import type { OddsSide } from "../../src/rulesets/cychosys/workflow/odds-query.js";
import { D6_STANDARD_RULES } from "../../src/rulesets/d6/rules/index.js";
import { d6AttackCardView } from "../../src/rulesets/d6/views/attack-card.js";
import { d6OddsExample } from "../../tools/preview/d6-odds.js";
import { parker, thorton } from "../fixtures/cast.js";

const side = (who: typeof parker | typeof thorton): OddsSide => {
  const derived = deriveCombatant(who.system, who.items, []);
  const gear = who.items
    .filter((i) => i.type === "weapon" || i.type === "trick")
    .map((i) => ({ id: i.id, name: i.name, edge: (i.system as { edge: string }).edge, parry: (i.system as { parry: { hits: number; shield: string } }).parry }));
  return { totals: derived.totals, outfit: derived.outfit, extraSoakSteps: 0, gear };
};
const PARKER = side(parker);
const THORTON = side(thorton);

describe("odds in words", () => {
  it("whole percents; <1% and >99% for what is not certain; units with one decimal", () => {
    expect([0, 0.004, 0.006, 0.714, 0.996, 1].map((p) => percent(p))).toEqual(["0%", "<1%", "1%", "71%", ">99%", "100%"]);
    expect(injury(2.345, "hits")).toBe("2.3 hits");
    expect(injury(0.96, "woundSteps")).toBe("1.0 wound steps");
  });

  it("the table marks exactly one best answer: the least expected injury less the attacker's", () => {
    const odds = {
      unit: "hits",
      defenses: [
        { defense: "evade", struck: 0.8, injury: 2, attackerStruck: 0, attackerInjury: 0, outcomes: {} },
        { defense: "counter", struck: 0.5, injury: 1.5, attackerStruck: 0.5, attackerInjury: 1, outcomes: {} },
      ],
    };
    const table = oddsTable(odds, (d) => d.toUpperCase());
    expect(table.rows.map((r) => [r.label, r.best, r.turns ?? null])).toEqual([["EVADE", false, null], ["COUNTER", true, "turns on the attacker: 50% · 1.0 hits"]]);
  });
});

describe("the Cychosys attack dialog's odds", () => {
  const dialog = (counts: Record<string, number>, targets = [{ name: "Parker", side: PARKER }, { name: "Hidden" }]) =>
    attackDialogView({
      actorName: "Thorton",
      gear: { id: "wpPistol", name: "pistol", edge: "B2" },
      totals: THORTON.totals,
      values: { totalKey: "gear:wpPistol", modifier: 0, counts, location: "", nonLethal: "" },
      odds: { attacker: THORTON, targets },
    });

  it("R19: nothing added — one figure each; D added — before → after, the line marked changed", () => {
    const plain = dialog({}).odds!.lines;
    expect(plain[0]!.text).not.toContain("→");
    expect(plain[0]!.changed).toBe(false);
    const added = dialog({ D: 1 }).odds!.lines[0]!;
    expect(added.text).toContain("→");
    expect(added.changed).toBe(true);
  });

  it("R25: a parry bonus held against the one target raises the chance to strike it, as the GM will add it", () => {
    // A hard shot (−20), so neither chance sits at the 99% ceiling.
    const strike = (targets: { name: string; side: OddsSide; parryBonus?: number }[]) => {
      const view = attackDialogView({
        actorName: "Thorton",
        gear: { id: "wpPistol", name: "pistol", edge: "B2" },
        totals: THORTON.totals,
        values: { totalKey: "gear:wpPistol", modifier: -20, counts: {}, location: "", nonLethal: "" },
        odds: { attacker: THORTON, targets },
      });
      return Number(/(\d+)%/.exec(view.odds!.lines[0]!.text)![1]);
    };
    const plain = strike([{ name: "Parker", side: PARKER }]);
    const boosted = strike([{ name: "Parker", side: PARKER, parryBonus: 6 }]);
    expect(boosted).toBeGreaterThan(plain);
  });

  it("a target whose sheet this user may not see gets no odds, and says why; no odds input, no odds at all", () => {
    expect(dialog({}).odds!.lines[1]).toMatchObject({ hidden: true, text: "Hidden: no odds — you cannot see this target's sheet." });
    const none = attackDialogView({ actorName: "Thorton", gear: { id: "wpPistol", name: "pistol", edge: "B2" }, totals: THORTON.totals });
    expect(none.odds).toBeUndefined();
  });

  it("an edge the dialog refuses (an unknown letter) gives no odds rather than wrong ones", () => {
    const view = attackDialogView({ actorName: "Thorton", gear: { id: "wpPistol", name: "pistol", edge: "BQ2" }, totals: THORTON.totals, odds: { attacker: THORTON, targets: [{ name: "Parker", side: PARKER }] } });
    expect(view.error).toBeDefined();
    expect(view.odds).toBeUndefined();
  });
});

describe("the defense panel's odds", () => {
  const flow = declareAttack("a", { actorUuid: "Actor.thorton", name: "Thorton" }, { total: 24, surge: false, edge: "BD2", dice: [8, 4, 2, 11, 3, 2] }, [{ actorUuid: "Actor.parker", name: "Parker" }]);
  const sides: Record<string, OddsSide> = { "Actor.parker": PARKER, "Actor.thorton": THORTON };
  const player: FlowUser = { id: "p", isGM: false, owns: (uuid) => uuid === "Actor.parker" };
  const stranger: FlowUser = { id: "s", isGM: false, owns: () => false };

  it("the defender sees each form's odds; a stranger (who may not defend) sees none even with the sides at hand", () => {
    const mine = attackCardContext(flow, player, { oddsSideOf: (uuid) => sides[uuid] });
    expect(mine.targets[0]!.odds!.rows.map((r) => r.defense)).toEqual(["evade", "brave", "parry", "counter"]);
    expect(mine.targets[0]!.odds!.note).toBeUndefined();
    expect(attackCardContext(flow, stranger, { oddsSideOf: (uuid) => sides[uuid] }).targets[0]!.odds).toBeUndefined();
  });

  it("without the attacker's sheet, the counter's injury to them counts no armour, and the panel says so; without the defender's, no panel", () => {
    const partial = attackCardContext(flow, player, { oddsSideOf: (uuid) => (uuid === "Actor.parker" ? PARKER : undefined) });
    expect(partial.targets[0]!.odds!.note).toContain("cannot see the attacker's sheet");
    expect(attackCardContext(flow, player, { oddsSideOf: () => undefined }).targets[0]!.odds).toBeUndefined();
  });

  it("D14: the OpenD6 interrupt window shows its odds to the target's owner only, while it is open", () => {
    const { flow: d6Flow, kira } = d6OddsExample();
    const interrupts = [{ skill: "dodge" as const, code: { dice: 2, pips: 0 } }];
    const owner: FlowUser = { id: "k", isGM: false, owns: (uuid) => uuid === kira.uuid };
    const view = d6AttackCardView(d6Flow, owner, undefined, D6_STANDARD_RULES, { interruptsOf: () => interrupts });
    expect(view.targets[0]!.odds!.rows.map((r) => r.defense)).toEqual(["none", "dodge"]);
    expect(d6AttackCardView(d6Flow, stranger, undefined, D6_STANDARD_RULES, { interruptsOf: () => interrupts }).targets[0]!.odds).toBeUndefined();
    expect(view.targets[0]!.odds!.rows.map((r) => r.label)).toEqual(["No interrupt", "Dodge"]);
    expect(view.targets[0]!.odds!.note).toContain("Best: the least expected injury");
    const announced = { ...d6Flow, targets: [{ ...d6Flow.targets[0]!, announced: true }] };
    expect(d6AttackCardView(announced, owner, undefined, D6_STANDARD_RULES, { interruptsOf: () => interrupts }).targets[0]!.odds).toBeUndefined();
  });
});
