/**
 * A ruleset's world settings in Foundry's settings window, for every ruleset:
 * its rules data (src/rulesets/<id>/data/settings.ts) says which settings and
 * checks what is stored; this registers them (labels `<langPrefix>.<key>.name`,
 * `.hint`, a choice's `.<choice>`), reads them into the world's rules, and on
 * a change re-reads them and re-prepares every actor.
 */
import { format } from "./i18n.js";
import { SYSTEM_ID } from "./system.js";

/** One setting as the rules data describes it. */
export type RulesetSettingSpec =
  | { kind: "boolean"; standard: boolean }
  | { kind: "number"; min: number; max: number; step?: number; standard: number }
  | { kind: "choice"; choices: readonly string[]; standard: string };

export interface RulesetSettingsSpec<R> {
  /** The settings' strings ("CYCHOSYS.D6.Settings"); `<langPrefix>.invalid` formats `{ keys }`. */
  langPrefix: string;
  settings: Readonly<Record<string, RulesetSettingSpec>>;
  /** The rules before the settings are read (until `setup`). */
  standard: Readonly<R>;
  /** The rules data's reading of the stored values: the rules and the keys whose value was not valid. */
  fromSettings(stored: Record<string, unknown>): { rules: R; problems: readonly string[] };
  /** Where the ruleset's `<id>Rules()` reads the world's rules from. */
  setSource(read: () => Readonly<R>): void;
  /** Redraw the combat tracker too after a change (when the tracker shows what the settings decide). */
  redrawTracker?: boolean;
}

const settings = () => game.settings as unknown as {
  register(namespace: string, key: string, data: Record<string, unknown>): void;
  get(namespace: string, key: string): unknown;
};

/** The stored values of the given settings, by key. */
export const storedSettings = (keys: readonly string[]): Record<string, unknown> => Object.fromEntries(keys.map((key) => [key, settings().get(SYSTEM_ID, key)]));

/** Every world actor prepared again and its open sheet redrawn (a setting changed the world's rules). */
export function reprepareActors(): void {
  for (const actor of game.actors ?? []) {
    actor.prepareData();
    actor.render?.(false);
  }
}

/** The ruleset's `read` (the settings into the world's rules; a stored value not valid reported to the GM) and `register` (from `init`). */
export function rulesetSettings<R>(spec: RulesetSettingsSpec<R>): { read(): void; register(): void } {
  let current: Readonly<R> = spec.standard;

  function read(): void {
    const { rules, problems } = spec.fromSettings(storedSettings(Object.keys(spec.settings)));
    current = Object.freeze(rules);
    if (problems.length && game.user?.isGM) ui.notifications?.warn(format(`${spec.langPrefix}.invalid`, { keys: problems.join(", ") }));
  }

  function reprepare(): void {
    reprepareActors();
    if (spec.redrawTracker) (ui as unknown as { combat?: { render(force?: boolean): unknown } }).combat?.render();
  }

  function register(): void {
    spec.setSource(() => current);
    const onChange = () => {
      read();
      reprepare();
    };
    for (const [key, setting] of Object.entries(spec.settings)) {
      settings().register(SYSTEM_ID, key, {
        name: `${spec.langPrefix}.${key}.name`,
        hint: `${spec.langPrefix}.${key}.hint`,
        scope: "world",
        config: true,
        default: setting.standard,
        onChange,
        ...(setting.kind === "boolean" && { type: Boolean }),
        ...(setting.kind === "number" && { type: Number, range: { min: setting.min, max: setting.max, step: setting.step ?? 1 } }),
        ...(setting.kind === "choice" && { type: String, choices: Object.fromEntries(setting.choices.map((c) => [c, `${spec.langPrefix}.${key}.${c}`])) }),
      });
    }
  }

  return { read, register };
}
