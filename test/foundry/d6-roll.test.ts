/** src/foundry/d6/roll.ts with fakes: a skill or attribute roll on its card (D2, D3, D10, D12, D37, D41), its dialog, the derive hook. */
import { createdMessages, FakeDie, notifications, renderedTemplates } from "./fakes.js";
import { beforeEach, describe, expect, it } from "vitest";
import { registerD6Dice } from "../../src/foundry/d6/dice.js";
import { promptD6Roll, rollD6Skill, type D6RollActor } from "../../src/foundry/d6/roll.js";
import { deriveD6 } from "../../src/foundry/d6/derive.js";
import { d6Rules, setD6RulesSource } from "../../src/foundry/d6/rules-source.js";
import { deriveD6Actor, type D6ItemInput } from "../../src/rulesets/d6/data/derive.js";
import { D6_STANDARD_RULES, makeD6Rules } from "../../src/rulesets/d6/rules/index.js";
import type { D6RollCardContext } from "../../src/rulesets/d6/views/roll-card.js";

registerD6Dice();
const g = globalThis as unknown as { game: Record<string, unknown>; foundry: { applications: { api: Record<string, unknown> } } };

const system = (o: Record<string, unknown> = {}) => ({
  attributes: { agility: "3D", strength: "2D+2", mechanical: "2D", knowledge: "2D", perception: "3D+2", technical: "2D" },
  freeActions: 1, strengthAdjustment: "+0D", protection: "0D", blockBlades: false, wounds: { level: "none", untilRound: 0 }, ...o,
});
const items: D6ItemInput[] = [{ id: "kd", name: "dodge", type: "d6Skill", system: { attribute: "agility", code: "4D" } }];
const kira = (o: Record<string, unknown> = {}): D6RollActor => {
  const s = system(o);
  return { uuid: "Actor.kira", name: "Kira", isOwner: true, system: { ...s, derived: deriveD6Actor(s, items) } };
};

let dialogAnswer: Record<string, unknown> | null = null;
const dialogs: { title: string; content: string }[] = [];
g.foundry.applications.api.DialogV2 = {
  prompt: async (config: { window: { title: string }; content: string }) => {
    dialogs.push({ title: config.window.title, content: config.content });
    return dialogAnswer;
  },
};

function startedCombat(round: Record<string, unknown> | null, combatRound = 3) {
  const combatant = { id: "cbtKira", actor: { uuid: "Actor.kira", system: { freeActions: 1 } } };
  const rounds = round ? { cbtKira: { round: { round: combatRound, declared: null, used: 0, waits: 0, movedUp: false, fullDefense: false, unableToAct: false, freeActions: 1, itemUses: {}, defenses: [], aim: null, ...round } } } : {};
  g.game.combat = { started: true, round: combatRound, combatants: { contents: [combatant] }, flags: { cychosys: { rounds } }, getFlag: (scope: string, key: string) => (scope === "cychosys" && key === "rounds" ? rounds : undefined) };
}

const lastCard = () => renderedTemplates.at(-1)!.context as D6RollCardContext;
const lastMessage = () => createdMessages.at(-1) as { rolls: { total: number; formula: string }[]; flags: { cychosys: { d6Roll: { key: string; total: number } } }; speaker: unknown };

beforeEach(() => {
  createdMessages.length = 0;
  renderedTemplates.length = 0;
  notifications.warn.length = 0;
  dialogs.length = 0;
  dialogAnswer = null;
  FakeDie.faces = [];
  g.game.combat = null;
  setD6RulesSource(() => D6_STANDARD_RULES);
});

describe("rollD6Skill", () => {
  it("rolls the code with its Wild Die and posts the roll and the card; the core's total", async () => {
    FakeDie.faces = [3, 5, 1, 6, 2];
    await rollD6Skill(kira(), "skill:kd", { flat: 2 });
    expect(notifications.warn).toEqual([]);
    const m = lastMessage();
    expect(m.rolls[0]!.formula).toBe("3d6 + 1dw + 2");
    expect(m.rolls[0]!.total).toBe(3 + 5 + 1 + (6 + 2) + 2);
    expect(m.flags.cychosys.d6Roll).toMatchObject({ key: "skill:kd", total: m.rolls[0]!.total });
    expect(renderedTemplates.at(-1)!.path).toBe("systems/cychosys/templates/d6/chat/roll.hbs");
    expect(lastCard().total).toBe(m.rolls[0]!.total);
    expect(lastCard().dice.filter((d) => d.wild).map((d) => [d.face, d.exploded])).toEqual([[6, true], [2, false]]);
  });

  it("an attribute, and an untrained skill on its attribute", async () => {
    FakeDie.faces = [1, 2, 4];
    await rollD6Skill(kira(), "attribute:perception");
    expect(lastMessage().rolls[0]!.formula).toBe("2d6 + 1dw + 2");
    expect(lastCard().title).toBe("Kira rolls Perception");
    FakeDie.faces = [1, 2, 4];
    await rollD6Skill(kira(), "untrained:firearms");
    expect(lastCard().untrained).toBe("Untrained: rolled on Agility");
  });

  it("D12 and D37: action dice and wound dice come off the code, shown as dice removed", async () => {
    FakeDie.faces = [4, 3];
    await rollD6Skill(kira({ wounds: { level: "wounded", untilRound: 0 } }), "skill:kd", { actionDice: 1 });
    expect(lastMessage().rolls[0]!.formula).toBe("1d6 + 1dw");
    expect(lastCard().penaltyDice.map((p) => p.rule)).toEqual(["D12", "D37"]);
    expect(lastCard().total).toBe(7);
  });

  it("in a started combat the round's declared penalty applies by default (seed check 2: dodge at −1D)", async () => {
    startedCombat({ declared: 2 });
    FakeDie.faces = [4, 4, 3];
    await rollD6Skill(kira(), "skill:kd");
    expect(lastMessage().rolls[0]!.formula).toBe("2d6 + 1dw");
    expect(lastCard().adjustments).toContain("− 1D for actions (D12)");
  });

  it("D37: a Stunned result past its last round no longer costs a die", async () => {
    startedCombat(null, 5);
    FakeDie.faces = [1, 1, 1, 2];
    await rollD6Skill(kira({ wounds: { level: "stunned", untilRound: 4 } }), "skill:kd");
    expect(lastMessage().rolls[0]!.formula).toBe("3d6 + 1dw");
  });

  it("D2 remove mode: the complication's total is the core's", async () => {
    setD6RulesSource(() => makeD6Rules({ complicationMode: "remove" }));
    FakeDie.faces = [6, 2, 5, 1];
    await rollD6Skill(kira(), "skill:kd");
    expect(lastCard().total).toBe(2 + 5);
    expect(lastMessage().rolls[0]!.total).toBe(7);
    expect(lastCard().complication).toContain("removed");
  });

  it("refuses with the core's reason, before rolling: unable to act (D10, D37), nothing left (D3)", async () => {
    await rollD6Skill(kira({ wounds: { level: "incapacitated", untilRound: 0 } }), "skill:kd");
    expect(notifications.warn.at(-1)).toContain("D10");
    startedCombat({ unableToAct: true });
    await rollD6Skill(kira(), "skill:kd");
    expect(notifications.warn.at(-1)).toContain("D10");
    g.game.combat = null;
    await rollD6Skill(kira({ wounds: { level: "severelyWounded", untilRound: 0 } }), "skill:kd", { actionDice: 2 });
    expect(notifications.warn.at(-1)).toContain("D3");
    expect(createdMessages).toEqual([]);
  });

  it("refuses unknown keys, bad options and actors the user does not own", async () => {
    await rollD6Skill(kira(), "skill:nope");
    expect(notifications.warn.at(-1)).toBe('Kira has no skill or attribute "skill:nope" to roll.');
    await rollD6Skill(kira(), "skill:kd", { actionDice: 2.5 });
    expect(notifications.warn.at(-1)).toContain("whole number");
    await rollD6Skill(kira(), "skill:kd", { flat: 1e9 });
    expect(notifications.warn.at(-1)).toContain("flat modifier");
    await rollD6Skill({ ...kira(), isOwner: false }, "skill:kd");
    expect(notifications.warn.at(-1)).toBe("You may not roll for Kira.");
    await rollD6Skill({ ...kira(), system: {} }, "skill:kd");
    expect(createdMessages).toEqual([]);
  });
});

describe("promptD6Roll", () => {
  it("asks for the actions and a flat modifier, then rolls with the D12 dice the actions cost", async () => {
    dialogAnswer = { actions: "3", flat: "-1" };
    FakeDie.faces = [5, 2];
    await promptD6Roll(kira(), "skill:kd");
    expect(dialogs[0]!.title).toBe("Roll dodge");
    expect(renderedTemplates[0]!.context).toMatchObject({ actions: 1, flat: 0 });
    expect(lastMessage().rolls[0]!.formula).toBe("1d6 + 1dw - 1");
    expect(lastCard().total).toBe(6);
  });

  it("pre-fills the actions from the round state in a started combat", async () => {
    startedCombat({ declared: 2 });
    await promptD6Roll(kira(), "skill:kd");
    expect(renderedTemplates[0]!.context).toMatchObject({ actions: 2 });
    expect(createdMessages).toEqual([]);
  });

  it("shift-click skips the dialog", async () => {
    FakeDie.faces = [1, 1, 1, 3];
    await promptD6Roll(kira(), "skill:kd", { shiftKey: true });
    expect(dialogs).toEqual([]);
    expect(createdMessages).toHaveLength(1);
  });

  it("refuses before asking when the actor cannot act; a bad form answer is refused clearly", async () => {
    await promptD6Roll(kira({ wounds: { level: "killed", untilRound: 0 } }), "skill:kd");
    expect(dialogs).toEqual([]);
    expect(notifications.warn.at(-1)).toContain("D10");
    dialogAnswer = { actions: "0", flat: "0" };
    await promptD6Roll(kira(), "skill:kd");
    expect(notifications.warn.at(-1)).toBe("The number of actions must be a whole number from 1 to 20 (got 0).");
    dialogAnswer = { actions: "1", flat: "2.5" };
    await promptD6Roll(kira(), "skill:kd");
    expect(notifications.warn.at(-1)).toContain("flat modifier");
    expect(createdMessages).toEqual([]);
  });
});

describe("deriveD6 (the adapter's derive hook)", () => {
  it("derives characters and creatures from their items with the world's rules; nothing for items or other types", () => {
    const parent = { items: items.map((i) => ({ ...i })) };
    const d = deriveD6("Actor", "d6Character", system(), parent)!;
    expect(d.skills.find((s) => s.key === "skill:kd")).toBeDefined();
    expect(deriveD6("Actor", "d6Creature", system(), null)!.skills.every((s) => s.untrained)).toBe(true);
    expect(deriveD6("Item", "d6Skill", {}, null)).toBeUndefined();
    expect(deriveD6("Actor", "character", system(), parent)).toBeUndefined();
    setD6RulesSource(() => makeD6Rules({ resistWithStrength: false }));
    expect(d6Rules().resistWithStrength).toBe(false);
    expect(deriveD6("Actor", "d6Character", system(), parent)!.resistance).toEqual({ dice: 0, pips: 0 });
  });
});
