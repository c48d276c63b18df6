/** D35–D37 as token status effects (src/rulesets/d6/data/status.ts): definitions, the sync plan, HUD toggles. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { english } from "../../../src/core/messages.js";
import {
  D6_WOUND_STATUSES,
  d6StatusEffects,
  shownWoundLevel,
  storedToWounds,
  woundEffectData,
  woundLevelOfStatus,
  woundsForStatus,
  woundStatusId,
  woundStatusPlan,
} from "../../../src/rulesets/d6/data/status.js";
import { D6_STANDARD_RULES, WOUND_LEVELS } from "../../../src/rulesets/d6/rules/index.js";

const format = (key: string, params: Record<string, string | number> = {}) => english(key, params);
const lang = JSON.parse(readFileSync(join(import.meta.dirname, "../../../lang/en.json"), "utf8"));
const hasKey = (key: string) => key.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], lang) !== undefined;

describe("D35–D37: the wound levels as status effects", () => {
  it("one status per level but none, in ladder order (D36), each with an existing lang key and a core icon", () => {
    expect(D6_WOUND_STATUSES.map((s) => s.level)).toEqual(WOUND_LEVELS.filter((l) => l !== "none"));
    expect(D6_WOUND_STATUSES.map((s) => s.level)).toEqual([...D6_STANDARD_RULES.woundLadder]);
    for (const s of D6_WOUND_STATUSES) {
      expect(s.id).toBe(`d6-${s.level}`);
      expect(hasKey(s.name), s.name).toBe(true);
      expect(s.img).toMatch(/^icons\/svg\/[a-z-]+\.svg$/);
    }
    expect(new Set(D6_WOUND_STATUSES.map((s) => s.img)).size).toBe(6);
    expect(D6_WOUND_STATUSES.map((s) => s.id)).not.toContain("dead");
  });

  it("ids and levels map both ways; anything else is no wound status", () => {
    for (const level of WOUND_LEVELS) {
      const id = woundStatusId(level);
      if (level === "none") expect(id).toBeNull();
      else expect(woundLevelOfStatus(id)).toBe(level);
    }
    for (const junk of ["dead", "d6-none", "d6-", "", null, 3, {}, "d6-Stunned", "__proto__", "constructor"]) expect(woundLevelOfStatus(junk)).toBeUndefined();
  });

  it("D37 descriptions come from the rules' table: −1D Stunned clearing after 1 round, −2D Severely Wounded until healed, dying, out", () => {
    const byId = new Map(d6StatusEffects(format).map((s) => [s.id, s]));
    expect(byId.get("d6-stunned")!.description).toContain("−1D to skill and attribute rolls");
    expect(byId.get("d6-stunned")!.description).toContain("Clears by itself 1 round after the one it was taken in");
    expect(byId.get("d6-wounded")!.description).toContain("−1D");
    expect(byId.get("d6-severelyWounded")!.description).toContain("−2D");
    expect(byId.get("d6-severelyWounded")!.description).toContain("until healed");
    expect(byId.get("d6-incapacitated")!.description).toContain("Unconscious: loses every action");
    expect(byId.get("d6-mortallyWounded")!.description).toContain("dying");
    expect(byId.get("d6-killed")!.description).toContain("Out of the fight");
    for (const s of byId.values()) {
      expect(s.hud).toEqual({ actorTypes: ["d6Character", "d6Creature"] });
      expect(s.description).not.toMatch(/CYCHOSYS\./);
    }
  });

  it("a world table with other penalties is described as it is", () => {
    const rules = { ...D6_STANDARD_RULES, woundEffects: { ...D6_STANDARD_RULES.woundEffects, wounded: { ...D6_STANDARD_RULES.woundEffects.wounded, penaltyDice: 3 } } };
    expect(d6StatusEffects(format, rules).find((s) => s.id === "d6-wounded")!.description).toContain("−3D");
  });

  it("the effect that shows a level carries its status, its name in words and the level as a flag", () => {
    expect(woundEffectData("severelyWounded", format)).toMatchObject({ name: "Severely Wounded", img: "icons/svg/downgrade.svg", statuses: ["d6-severelyWounded"], flags: { cychosys: { d6Wound: "severelyWounded" } } });
  });
});

describe("stored wounds and the level shown", () => {
  it("reads stored wounds strictly: an unknown level is none, untilRound 0 or junk is until healed", () => {
    expect(storedToWounds({ level: "stunned", untilRound: 4 })).toEqual({ level: "stunned", untilRound: 4 });
    expect(storedToWounds({ level: "wounded", untilRound: 0 })).toEqual({ level: "wounded", untilRound: null });
    expect(storedToWounds({ level: "bleeding", untilRound: 4 })).toEqual({ level: "none", untilRound: null });
    expect(storedToWounds({ level: "stunned", untilRound: 2.5 })).toEqual({ level: "stunned", untilRound: null });
    expect(storedToWounds(undefined)).toEqual({ level: "none", untilRound: null });
  });

  it("D37: a Stunned past its last round shows as unhurt in its combat; outside combat the stored level shows", () => {
    const stunned = { level: "stunned" as const, untilRound: 4 };
    expect(shownWoundLevel(stunned, 4)).toBe("stunned");
    expect(shownWoundLevel(stunned, 5)).toBe("none");
    expect(shownWoundLevel(stunned, null)).toBe("stunned");
    expect(shownWoundLevel({ level: "wounded", untilRound: null }, 99)).toBe("wounded");
  });
});

describe("the sync plan: exactly one wound status, the shown level's", () => {
  const e = (id: string, ...statuses: string[]) => ({ id, statuses });

  it("adds the shown level when no effect carries it, removes other levels, keeps other statuses", () => {
    expect(woundStatusPlan("wounded", [e("a", "dead"), e("b", "d6-stunned")])).toEqual({ remove: ["b"], add: "wounded" });
    expect(woundStatusPlan("wounded", [e("a", "d6-wounded")])).toEqual({ remove: [], add: null });
    expect(woundStatusPlan("none", [e("a", "d6-wounded"), e("b", "blind")])).toEqual({ remove: ["a"], add: null });
    expect(woundStatusPlan("none", [])).toEqual({ remove: [], add: null });
  });

  it("removes duplicates and effects carrying two wound statuses, keeping one clean effect", () => {
    expect(woundStatusPlan("killed", [e("a", "d6-killed"), e("b", "d6-killed")])).toEqual({ remove: ["b"], add: null });
    expect(woundStatusPlan("killed", [e("a", "d6-killed", "d6-stunned")])).toEqual({ remove: ["a"], add: "killed" });
  });
});

describe("a status turned on or off from the HUD sets the stored level", () => {
  it("on: the level itself, not stacked (D36 is for damage; this is the GM's hand, D38)", () => {
    expect(woundsForStatus("wounded", true, "severelyWounded", 2)).toEqual({ level: "wounded", untilRound: 0 });
    expect(woundsForStatus("incapacitated", true, "none", null)).toEqual({ level: "incapacitated", untilRound: 0 });
  });

  it("on, Stunned: through the next round in a started combat (D37); until cleared outside one", () => {
    expect(woundsForStatus("stunned", true, "none", 3)).toEqual({ level: "stunned", untilRound: 4 });
    expect(woundsForStatus("stunned", true, "none", null)).toEqual({ level: "stunned", untilRound: 0 });
  });

  it("off: unhurt when it is the level shown; otherwise nothing changes", () => {
    expect(woundsForStatus("wounded", false, "wounded", 1)).toEqual({ level: "none", untilRound: 0 });
    expect(woundsForStatus("stunned", false, "wounded", 1)).toBeUndefined();
  });
});
