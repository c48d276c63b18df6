/**
 * What the "Combat rules" window shows (the first-run prompt and the settings
 * menu): each ruleset with one line about its game, the one in force, and —
 * when the world already holds documents — what changing does and does not
 * do. Pure; the Foundry window (src/foundry/ruleset-setting.ts) draws it.
 */
import type { RulesetId, RulesetManifest } from "../ruleset.js";

export interface RulesetChoiceView {
  choices: { id: RulesetId; name: string; blurb: string; checked: boolean }[];
  /** The first time in a new world: a welcome line instead of the change warning. */
  firstRun: boolean;
  /** Documents of each ruleset already in the world, in words ("12 Cychosys actors, 3 items"), when there are any. */
  holdings: string[];
  intro: string;
  warning: string;
}

export interface WorldHoldings {
  ruleset: RulesetId;
  actors: number;
  items: number;
}

export function rulesetChoiceView(
  manifests: readonly RulesetManifest[],
  current: RulesetId,
  holdings: readonly WorldHoldings[],
  firstRun: boolean,
  localize: (key: string, params?: Record<string, string | number>) => string,
): RulesetChoiceView {
  const name = (m: RulesetManifest) => localize(m.name);
  return {
    choices: manifests.map((m) => ({ id: m.id, name: name(m), blurb: localize(m.blurb), checked: m.id === current })),
    firstRun,
    holdings: holdings
      .filter((h) => h.actors + h.items > 0)
      .map((h) => localize("CYCHOSYS.Ruleset.holding", { ruleset: name(manifests.find((m) => m.id === h.ruleset)!), actors: h.actors, items: h.items })),
    intro: localize(firstRun ? "CYCHOSYS.Ruleset.firstRun" : "CYCHOSYS.Ruleset.intro"),
    warning: localize("CYCHOSYS.Ruleset.changeWarning"),
  };
}
