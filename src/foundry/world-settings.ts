/**
 * A ruleset's world settings in Foundry's settings window, for every
 * ruleset: each described by its kind (a whole number in a range, a switch,
 * a choice) and standard value in the ruleset's pure data (src/rulesets/<id>/
 * data/settings.ts); names, hints and choices are lang keys under
 * `<langPrefix>.<key>`. `onChange` re-reads the world's rules.
 */
import { SYSTEM_ID } from "./system.js";

export type WorldSettingSpec =
  | { kind: "number"; min: number; max: number; standard: unknown }
  | { kind: "boolean"; standard: unknown }
  | { kind: "choice"; choices: readonly string[]; standard: unknown };

const settings = () => game.settings as unknown as {
  register(namespace: string, key: string, data: Record<string, unknown>): void;
  get(namespace: string, key: string): unknown;
};

export function registerWorldSettings(specs: Readonly<Record<string, WorldSettingSpec>>, langPrefix: string, onChange: () => void): void {
  for (const [key, spec] of Object.entries(specs)) {
    settings().register(SYSTEM_ID, key, {
      name: `${langPrefix}.${key}.name`,
      hint: `${langPrefix}.${key}.hint`,
      scope: "world",
      config: true,
      default: spec.standard,
      onChange,
      ...(spec.kind === "boolean" && { type: Boolean }),
      ...(spec.kind === "number" && { type: Number, range: { min: spec.min, max: spec.max, step: 1 } }),
      ...(spec.kind === "choice" && { type: String, choices: Object.fromEntries(spec.choices.map((c) => [c, `${langPrefix}.${key}.${c}`])) }),
    });
  }
}

/** The stored values of the given settings, by key. */
export const storedSettings = (keys: readonly string[]): Record<string, unknown> => Object.fromEntries(keys.map((key) => [key, settings().get(SYSTEM_ID, key)]));

/** Every actor prepared again and its open sheet redrawn (a setting changed the world's rules). */
export function reprepareActors(): void {
  for (const actor of game.actors ?? []) {
    actor.prepareData();
    actor.render?.(false);
  }
}
