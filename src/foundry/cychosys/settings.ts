/**
 * World settings: the effects table (R10), the standards chart (R5–R8) and
 * the fixed rule options. Changing one rebuilds `CONFIG.CYCHOSYS` from the
 * settings (invalid stored data falls back to the standard part, with a
 * warning) and re-prepares every actor.
 */
import {
  type ChartTable,
  type EffectsTable,
  makeRules,
  type Rules,
  type RulesOptions,
  STANDARD_CHART,
  STANDARD_EFFECTS,
  STANDARD_OPTIONS,
  validateChart,
  validateEffectsTable,
} from "../../rulesets/cychosys/rules/index.js";
import { format, localize } from "../i18n.js";
import { statusEffectsFor } from "../../rulesets/cychosys/data/status-effects.js";

import { SYSTEM_ID } from "../system.js";
export { SYSTEM_ID };

/** The option settings, each a number or a boolean (R12, R15–R17, R25, R26, R31, R39). */
export const OPTION_SETTINGS = {
  actionsPerRound: { type: Number, range: { min: 1, max: 10, step: 1 } },
  extraActionFatigue: { type: Number, range: { min: 0, max: 99, step: 1 } },
  unusedActionFatigue: { type: Number, range: { min: 0, max: 99, step: 1 } },
  forceBonus: { type: Number, range: { min: 0, max: 99, step: 1 } },
  baseSoakSteps: { type: Number, range: { min: 0, max: 10, step: 1 } },
  parryWinsTies: { type: Boolean },
  surgeWinsTies: { type: Boolean },
  chaseNeverBackwards: { type: Boolean },
} as const satisfies Record<keyof RulesOptions, { type: NumberConstructor | BooleanConstructor; range?: object }>;

/** Plain, mutable copies of the standard data (settings store JSON). */
export function standardEffects(): EffectsTable {
  return structuredClone(STANDARD_EFFECTS) as EffectsTable;
}
export function standardChart(): ChartTable {
  return structuredClone(STANDARD_CHART) as ChartTable;
}

/** Rules from stored setting values: each invalid part is replaced by the standard one and reported. */
export function rulesFromSettings(stored: { effects: unknown; chart: unknown; options: Partial<Record<keyof RulesOptions, unknown>> }): {
  rules: Rules;
  problems: string[];
} {
  const problems: string[] = [];
  const tableProblems = validateEffectsTable(stored.effects);
  const chartProblems = validateChart(stored.chart);
  problems.push(...tableProblems, ...chartProblems);
  const options: Partial<RulesOptions> = {};
  for (const [key, spec] of Object.entries(OPTION_SETTINGS) as [keyof RulesOptions, { type: unknown }][]) {
    const value = stored.options[key];
    if (spec.type === Boolean ? typeof value === "boolean" : typeof value === "number" && Number.isInteger(value)) {
      (options as Record<string, unknown>)[key] = value;
    }
  }
  return {
    rules: makeRules({
      effects: tableProblems.length === 0 ? (stored.effects as EffectsTable) : STANDARD_EFFECTS,
      chart: chartProblems.length === 0 ? (stored.chart as ChartTable) : STANDARD_CHART,
      options,
    }),
    problems,
  };
}

/** Read the settings into `CONFIG.CYCHOSYS` and the status effects, then re-prepare every actor. */
export function applyRulesSettings(): void {
  const settings = game.settings!;
  const options = Object.fromEntries(
    Object.keys(OPTION_SETTINGS).map((key) => [key, settings.get(SYSTEM_ID, key as "actionsPerRound")]),
  );
  const { rules, problems } = rulesFromSettings({
    effects: settings.get(SYSTEM_ID, "effectsTable"),
    chart: settings.get(SYSTEM_ID, "chart"),
    options,
  });
  for (const problem of problems) console.warn(`Cychosys | ${problem}`);
  CONFIG.CYCHOSYS = rules;
  registerStatusEffects(rules.effects);
  reprepareActors();
}

/** `CONFIG.statusEffects`: the table's wounding effects, then Foundry's own "dead" marker. */
export function registerStatusEffects(table: EffectsTable): void {
  const dead = CONFIG.statusEffects.filter((s) => s.id === "dead");
  CONFIG.statusEffects = [...statusEffectsFor(table, format), ...dead] as typeof CONFIG.statusEffects;
}

/** Every actor (world and unlinked token actors) computes its derived data again and redraws. */
export function reprepareActors(): void {
  const seen = new Set<unknown>();
  const actors: { prepareData(): void; render?: (force?: boolean) => unknown }[] = [];
  for (const actor of game.actors ?? []) actors.push(actor as never);
  for (const scene of game.scenes ?? []) {
    for (const token of scene.tokens) if (!token.actorLink && token.actor) actors.push(token.actor as never);
  }
  for (const actor of actors) {
    if (seen.has(actor)) continue;
    seen.add(actor);
    actor.prepareData();
    actor.render?.(false);
  }
}

/** Register every world setting and the rules settings menu (in `init`). */
export function registerSettings(menu: new (...args: never[]) => unknown): void {
  const settings = game.settings!;
  const onChange = () => applyRulesSettings();
  settings.register(SYSTEM_ID, "effectsTable", { scope: "world", config: false, type: Object, default: standardEffects(), onChange } as never);
  settings.register(SYSTEM_ID, "chart", { scope: "world", config: false, type: Object, default: standardChart(), onChange } as never);
  for (const [key, spec] of Object.entries(OPTION_SETTINGS)) {
    settings.register(SYSTEM_ID, key as "actionsPerRound", {
      name: `CYCHOSYS.Settings.${key}.name`,
      hint: `CYCHOSYS.Settings.${key}.hint`,
      scope: "world",
      config: true,
      type: spec.type,
      ...("range" in spec ? { range: spec.range } : {}),
      default: STANDARD_OPTIONS[key as keyof RulesOptions],
      onChange,
    } as never);
  }
  // Keys, not words: Foundry puts them in words when it draws the settings, after the translations load (i18nInit).
  settings.registerMenu(SYSTEM_ID, "rulesMenu", {
    name: "CYCHOSYS.Settings.rulesMenu.name",
    label: "CYCHOSYS.Settings.rulesMenu.label",
    hint: "CYCHOSYS.Settings.rulesMenu.hint",
    icon: "fa-solid fa-table",
    type: menu,
    restricted: true,
  } as never);
}

/** The chase under way (R39): written by the GM only (`{}` when there is none); `onChange` redraws the chase window. */
export function registerChaseSetting(onChange: () => void): void {
  game.settings!.register(SYSTEM_ID, "chase" as "actionsPerRound", { scope: "world", config: false, type: Object, default: {}, onChange } as never);
}
