/**
 * The rules settings menu: edit the effects table (R10) and the standards
 * chart (R5–R8). The submitted form is checked by the rules core's
 * `validateEffectsTable` / `validateChart`; with any problem nothing is saved
 * and the problems are shown. "Reset to defaults" restores the standard data.
 */
import type { ChartTable, EffectsTable } from "../../rulesets/cychosys/rules/index.js";
import { localize } from "../i18n.js";
import { readRulesForm, rulesFormContext, rulesFormProblems } from "./rules-form.js";
import { SYSTEM_ID, standardChart, standardEffects } from "./settings.js";
import { systemNamed } from "../class-name.js";

const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;

// Cast to a narrower constructor: the full mixin type makes tsc slow ("excessively deep").
type Base = new (options?: object) => {
  render(options?: boolean | object): Promise<unknown>;
  close(options?: object): Promise<unknown>;
};
const FormBase = HandlebarsApplicationMixin(ApplicationV2) as unknown as Base;

interface Draft {
  effects: EffectsTable;
  chart: ChartTable;
  problems: string[];
}

export class RulesSettingsApp extends FormBase {
  static DEFAULT_OPTIONS = {
    id: "cychosys-rules-settings",
    tag: "form",
    classes: ["cychosys", "rules-settings"],
    window: { title: "CYCHOSYS.Settings.rulesMenu.name", resizable: true },
    position: { width: 760, height: 680 },
    form: { handler: RulesSettingsApp.#onSubmit, submitOnChange: false, closeOnSubmit: false },
    actions: { reset: RulesSettingsApp.#onReset, addEffect: RulesSettingsApp.#onAddEffect, removeEffect: RulesSettingsApp.#onRemoveEffect },
  };

  static PARTS = { form: { template: "systems/cychosys/templates/settings/rules-settings.hbs", scrollable: [".rules-body"] } };

  /** What the form shows: the stored settings, or the last submitted (invalid) draft with its problems. */
  #draft: Draft | undefined;

  protected async _prepareContext(): Promise<object> {
    const draft = this.#draft ?? {
      effects: game.settings!.get(SYSTEM_ID, "effectsTable") as EffectsTable,
      chart: game.settings!.get(SYSTEM_ID, "chart") as ChartTable,
      problems: [],
    };
    return rulesFormContext(draft.effects, draft.chart, draft.problems);
  }

  static async #onSubmit(this: RulesSettingsApp, _event: Event, _form: HTMLFormElement, formData: { object: Record<string, unknown> }) {
    const current = (this.#draft?.chart ?? game.settings!.get(SYSTEM_ID, "chart")) as ChartTable;
    const { effects, chart } = readRulesForm(formData.object, current);
    const problems = rulesFormProblems(effects, chart);
    if (problems.length > 0) {
      this.#draft = { effects, chart, problems };
      ui.notifications?.error(localize("CYCHOSYS.Settings.invalid"));
      await this.render();
      return;
    }
    this.#draft = undefined;
    await game.settings!.set(SYSTEM_ID, "effectsTable", effects as never);
    await game.settings!.set(SYSTEM_ID, "chart", chart as never);
    ui.notifications?.info(localize("CYCHOSYS.Settings.saved"));
    await this.close();
  }

  static async #onReset(this: RulesSettingsApp) {
    this.#draft = undefined;
    await game.settings!.set(SYSTEM_ID, "effectsTable", standardEffects() as never);
    await game.settings!.set(SYSTEM_ID, "chart", standardChart() as never);
    ui.notifications?.info(localize("CYCHOSYS.Settings.resetDone"));
    await this.render();
  }

  /** Keep what was typed: read the current form into the draft, then change the rows. */
  #draftFromForm(): Draft {
    const element = (this as unknown as { element: HTMLFormElement }).element;
    const data = new foundry.applications.ux.FormDataExtended(element).object as Record<string, unknown>;
    const current = (this.#draft?.chart ?? game.settings!.get(SYSTEM_ID, "chart")) as ChartTable;
    return { ...readRulesForm(data, current), problems: [] };
  }

  static async #onAddEffect(this: RulesSettingsApp) {
    const draft = this.#draftFromForm();
    const blank = { letter: "", name: "", description: "", kind: "wounding" as const, power: 1, reduceCost: null, penalty: { physical: 0, mental: 0, emotional: 0, quickness: 0 }, incapacitates: false };
    this.#draft = { ...draft, effects: { effects: [...draft.effects.effects, blank] } };
    await this.render();
  }

  static async #onRemoveEffect(this: RulesSettingsApp, _event: Event, target: HTMLElement) {
    const draft = this.#draftFromForm();
    const index = Number(target.dataset.index);
    this.#draft = { ...draft, effects: { effects: draft.effects.effects.filter((_, i) => i !== index) } };
    await this.render();
  }
}
systemNamed(RulesSettingsApp, "RulesSettingsApp");
