/**
 * The world setting "Combat rules" (`cychosys.ruleset`): world scope, chosen
 * by the GM, the world reloads when it changes. It is set through its own
 * window (the settings menu, and a first-run prompt for the GM of a new
 * world) so that changing it in a world that holds documents first says what
 * happens — nothing is deleted or converted — and asks.
 */
import { DEFAULT_RULESET, isRulesetId, type RulesetId } from "../core/ruleset.js";
import { registeredManifests, rulesetOfType } from "../core/schema/registry.js";
import { rulesetChoiceView, type WorldHoldings } from "../core/views/ruleset-choice.js";
import { format, localize } from "./i18n.js";
import { SYSTEM_ID } from "./system.js";
import { templatePath } from "../core/views/templates.js";
import { systemNamed } from "./class-name.js";

export const RULESET_SETTING = "ruleset";
/** Set once a GM has chosen (or the world already held Cychosys documents): no first-run prompt then. */
export const RULESET_CHOSEN_SETTING = "rulesetChosen";
export const RULESET_TEMPLATE = templatePath("core/ruleset-choice.hbs");

let active: RulesetId = DEFAULT_RULESET;

/** The ruleset this world plays, as read on `init` (a change reloads the world). */
export function activeRulesetId(): RulesetId {
  return active;
}

interface SettingsLike {
  get(scope: string, key: string): unknown;
  set(scope: string, key: string, value: unknown): Promise<unknown>;
  register(scope: string, key: string, data: object): void;
  registerMenu(scope: string, key: string, data: object): void;
}
const settings = () => (game as unknown as { settings: SettingsLike }).settings;

/** Register the setting and its menu, and read the world's choice (on `init`). */
export function registerRulesetSetting(): RulesetId {
  const s = settings();
  s.register(SYSTEM_ID, RULESET_SETTING, {
    name: "CYCHOSYS.Ruleset.settingName",
    hint: "CYCHOSYS.Ruleset.settingHint",
    scope: "world",
    config: false,
    type: String,
    default: DEFAULT_RULESET,
    requiresReload: true,
  });
  s.register(SYSTEM_ID, RULESET_CHOSEN_SETTING, { scope: "world", config: false, type: Boolean, default: false });
  // Keys, not words: Foundry puts them in words when it draws the settings, after the translations load (i18nInit).
  s.registerMenu(SYSTEM_ID, "rulesetMenu", {
    name: "CYCHOSYS.Ruleset.settingName",
    label: "CYCHOSYS.Ruleset.menuLabel",
    hint: "CYCHOSYS.Ruleset.settingHint",
    icon: "fa-solid fa-dice",
    type: defineRulesetWindow(false),
    restricted: true,
  });
  const stored = s.get(SYSTEM_ID, RULESET_SETTING);
  active = isRulesetId(stored) ? stored : DEFAULT_RULESET;
  return active;
}

interface WorldLike {
  actors?: { contents: { type: string }[] };
  items?: { contents: { type: string }[] };
  user?: { isGM: boolean; isActiveGM?: boolean };
}
const world = () => game as unknown as WorldLike;

/** How many of each ruleset's documents the world holds. */
export function worldHoldings(): WorldHoldings[] {
  const counts = new Map<RulesetId, WorldHoldings>();
  const count = (documentName: "Actor" | "Item", type: string) => {
    const ruleset = rulesetOfType(documentName, type);
    if (!ruleset) return;
    const entry = counts.get(ruleset) ?? { ruleset, actors: 0, items: 0 };
    if (documentName === "Actor") entry.actors++;
    else entry.items++;
    counts.set(ruleset, entry);
  };
  for (const actor of world().actors?.contents ?? []) count("Actor", actor.type);
  for (const item of world().items?.contents ?? []) count("Item", item.type);
  return [...counts.values()];
}

/** Store the choice; a change in a world that holds documents asks first. Reloads the world when it changed. */
async function choose(id: RulesetId): Promise<boolean> {
  const s = settings();
  await s.set(SYSTEM_ID, RULESET_CHOSEN_SETTING, true);
  if (id === active) return true;
  const holds = worldHoldings().some((h) => h.actors + h.items > 0);
  if (holds) {
    const { DialogV2 } = foundry.applications.api;
    const ok = await DialogV2.confirm({
      window: { title: "CYCHOSYS.Ruleset.confirmTitle" },
      content: `<p>${format("CYCHOSYS.Ruleset.confirm", { ruleset: localize(`CYCHOSYS.Ruleset.${id}.name`) })}</p>`,
    } as never);
    if (!ok) return false;
  }
  await s.set(SYSTEM_ID, RULESET_SETTING, id);
  foundry.utils.debouncedReload();
  return true;
}

// Cast to a narrower constructor: the full mixin type makes tsc slow ("excessively deep").
type WindowBase = new (options?: object) => { render(options?: boolean | object): Promise<unknown>; close(options?: object): Promise<unknown> };

/** The "Combat rules" window (ApplicationV2); `firstRun` shows the welcome text instead of the change warning. */
export function defineRulesetWindow(firstRun: boolean) {
  const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;
  const Base = HandlebarsApplicationMixin(ApplicationV2) as unknown as WindowBase;
  class RulesetWindow extends Base {
    static DEFAULT_OPTIONS = {
      id: "cychosys-ruleset",
      tag: "form",
      classes: ["cychosys", "ruleset-window"],
      window: { title: "CYCHOSYS.Ruleset.title" },
      position: { width: 520 },
      form: { handler: RulesetWindow.#onSubmit, closeOnSubmit: false },
    };

    static PARTS = { form: { template: RULESET_TEMPLATE } };

    protected async _prepareContext(): Promise<object> {
      return rulesetChoiceView(registeredManifests(), active, worldHoldings(), firstRun, (key, params) => format(key, params ?? {}));
    }

    static async #onSubmit(this: RulesetWindow, _event: Event, _form: HTMLFormElement, formData: { object: Record<string, unknown> }) {
      const id = formData.object.ruleset;
      if (!isRulesetId(id)) return;
      if (await choose(id)) await this.close();
    }
  }
  return systemNamed(RulesetWindow, "RulesetWindow");
}

/**
 * The first-run prompt, for the active GM of a world where nobody has chosen
 * yet. A world that already holds Cychosys documents (made before rulesets
 * existed) keeps playing Cychosys without being asked.
 */
export async function promptFirstRun(): Promise<void> {
  const user = world().user;
  if (!user?.isGM || user.isActiveGM === false) return;
  const s = settings();
  if (s.get(SYSTEM_ID, RULESET_CHOSEN_SETTING) === true) return;
  if (worldHoldings().some((h) => h.ruleset === DEFAULT_RULESET && h.actors + h.items > 0)) {
    await s.set(SYSTEM_ID, RULESET_CHOSEN_SETTING, true);
    return;
  }
  const Window = defineRulesetWindow(true);
  await new Window().render({ force: true });
}
