/**
 * The attack workflow's dialogs in Foundry: DialogV2 forms rendered from the
 * pure view models (./views.ts) and templates/dialog/*.hbs. Every change in
 * the form recomputes the view — costs (R19), the injury preview (R28–R36) —
 * and redraws the form, keeping the focused field.
 */
import type { CychosysActor as ActorLike } from "../../rulesets/cychosys/workflow/steps.js";
import type { DefenseAnswer, ParryObjectAnswer, RolledTotal } from "../../rulesets/cychosys/workflow/requests.js";
import { format } from "../i18n.js";
import type { DialogOddsInput } from "../../rulesets/cychosys/views/odds.js";
import type { AttackFlow, InjuryChoices, StruckState } from "../../rulesets/cychosys/workflow/attack-flow.js";
import {
  addedLetters,
  APPLY_DIALOG_TEMPLATE,
  applyDialogView,
  ATTACK_DIALOG_TEMPLATE,
  type AttackDialogValues,
  attackDialogView,
  DEFENSE_DIALOG_TEMPLATE,
  type DefenseDialogInput,
  type DefenseDialogValues,
  defenseDialogView,
  type DefenseGear,
  type FormValues,
  readApplyForm,
  readAttackForm,
  readDefenseForm,
} from "../../rulesets/cychosys/views/dialogs.js";

export { DEFENSE_DIALOG_TEMPLATE, ATTACK_DIALOG_TEMPLATE, APPLY_DIALOG_TEMPLATE };

const localize = (key: string, params?: Record<string, unknown>) => format(key, (params ?? {}) as Record<string, string | number>);

interface DialogLike {
  element: HTMLElement;
}
interface DialogApi {
  wait(config: Record<string, unknown>): Promise<unknown>;
}
const dialogs = () => foundry.applications.api.DialogV2 as unknown as DialogApi;
const render = (template: string, context: object) => foundry.applications.handlebars.renderTemplate(template, context as never);

/** A form's values by name (a name used more than once gives every value). */
export function formValues(form: HTMLFormElement): FormValues {
  const out: FormValues = {};
  const data = new FormData(form);
  for (const key of new Set(data.keys())) {
    const values = data.getAll(key).map(String);
    out[key] = values.length === 1 ? values[0]! : values;
  }
  return out;
}

interface LiveDialog<V> {
  title: string;
  template: string;
  initial: V;
  /** The view for the form's current values. */
  recompute(values: FormValues): V;
  /** The OK button is disabled while this is false. */
  ready(view: V): boolean;
  buttons: { action: string; label: string; icon?: string; default?: boolean; needsReady?: boolean }[];
  onInput?(event: Event, form: HTMLFormElement): void;
}

/** DialogV2.wait over a live form; resolves to the pressed button's action and the form's values, or null. */
async function liveDialog<V extends object>(config: LiveDialog<V>): Promise<{ action: string; values: FormValues } | null> {
  let values: FormValues = {};
  const content = `<div class="cy-dialog-root">${await render(config.template, config.initial)}</div>`;
  const setReady = (root: HTMLElement, view: V) => {
    for (const b of config.buttons) {
      if (!b.needsReady) continue;
      const button = root.querySelector<HTMLButtonElement>(`button[data-action="${b.action}"]`);
      if (button) button.disabled = !config.ready(view);
    }
  };
  const result = await dialogs().wait({
    window: { title: config.title },
    classes: ["cychosys", "cy-workflow-dialog"],
    position: { width: 520 },
    content,
    rejectClose: false,
    modal: false,
    buttons: config.buttons.map((b) => ({
      action: b.action,
      label: b.label,
      ...(b.icon && { icon: b.icon }),
      default: b.default ?? false,
      callback: (_event: Event, button: HTMLButtonElement) => {
        values = formValues(button.form!);
        return b.action;
      },
    })),
    render: (_event: Event, dialog: DialogLike) => {
      const root = dialog.element;
      const form = root.querySelector("form") ?? (root as HTMLFormElement);
      setReady(root, config.initial);
      let pending = 0;
      form.addEventListener("input", (event) => config.onInput?.(event, form as HTMLFormElement));
      form.addEventListener("change", () => {
        const ticket = ++pending;
        const view = config.recompute(formValues(form as HTMLFormElement));
        void render(config.template, view).then((html) => {
          if (ticket !== pending) return;
          const host = root.querySelector(".cy-dialog-root");
          if (!host) return;
          const active = document.activeElement as HTMLInputElement | null;
          const name = active && host.contains(active) ? active.name : "";
          const value = active?.type === "checkbox" ? active.value : "";
          host.innerHTML = html;
          if (name) {
            const selector = value ? `[name="${CSS.escape(name)}"][value="${CSS.escape(value)}"]` : `[name="${CSS.escape(name)}"]`;
            host.querySelector<HTMLElement>(selector)?.focus();
          }
          setReady(root, view);
        });
      });
    },
  });
  return typeof result === "string" ? { action: result, values } : null;
}

// ---------------------------------------------------------------------------

export interface AttackChoice {
  totalKey: string;
  modifier: number;
  added: string[];
  location?: "mind" | "ego";
  nonLethal?: "physical" | "mental" | "emotional";
}

/** The attack dialog for an actor's weapon or trick (R13, R19, R29, R36), with the odds against each target when this user is shown them (docs/odds.md). */
export async function attackDialog(actor: ActorLike, gear: { id: string; name: string; edge: string }, odds?: DialogOddsInput): Promise<AttackChoice | null> {
  const rules = CONFIG.CYCHOSYS;
  const totals = actor.system.derived?.totals ?? [];
  const view = (values?: Partial<AttackDialogValues>) => attackDialogView({ actorName: actor.name, gear, totals, ...(values && { values }), ...(odds && { odds }), localize, rules });
  const initial = view();
  const result = await liveDialog({
    title: initial.title,
    template: ATTACK_DIALOG_TEMPLATE,
    initial,
    recompute: (values) => view(readAttackForm(values, rules)),
    ready: (v) => !v.error && v.totals.length > 0,
    buttons: [{ action: "roll", label: localize("CYCHOSYS.Dialog.rollAttack"), icon: "fa-solid fa-dice", default: true, needsReady: true }],
  });
  if (!result) return null;
  const values = readAttackForm(result.values, rules);
  return {
    totalKey: values.totalKey,
    modifier: values.modifier,
    added: addedLetters(values.counts, rules),
    ...(values.location && { location: values.location }),
    ...(values.nonLethal && { nonLethal: values.nonLethal }),
  };
}

/** The actor's weapons and tricks, as the defense dialog lists them. */
export function defenseGear(actor: { items: { contents?: unknown[] } }): DefenseGear[] {
  const items = (actor.items.contents ?? []) as { id: string; name: string; type: string; system: { edge?: string; parry?: { hits: number; shield: string } } }[];
  return items
    .filter((i) => i.type === "weapon" || i.type === "trick")
    .map((i) => ({ id: i.id, name: i.name, edge: i.system.edge ?? "0", parry: i.system.parry ?? { hits: 0, shield: "0" } }));
}

export interface DefenseDialogRequest {
  mode: DefenseDialogInput["mode"];
  actor: ActorLike & { items: { contents?: unknown[] } };
  attackerName: string;
  attackTotal: number;
  costsAction: boolean;
  counterNumber?: number;
}

/** What the defender chose: the total to roll and the answer's other parts, dice still to roll. */
export type DefenseChoice = { roll: Omit<RolledTotal, "faces">; answer: (roll: RolledTotal) => DefenseAnswer };

/** The defense dialog (R15, R21–R25), or counter again in an exchange (R23). */
export async function defenseDialog(request: DefenseDialogRequest): Promise<DefenseChoice | null> {
  const rules = CONFIG.CYCHOSYS;
  const base = {
    mode: request.mode,
    actorName: request.actor.name,
    attackerName: request.attackerName,
    attackTotal: request.attackTotal,
    totals: request.actor.system.derived?.totals ?? [],
    gear: defenseGear(request.actor),
    costsAction: request.costsAction,
    ...(request.counterNumber !== undefined && { counterNumber: request.counterNumber }),
    localize,
    rules,
  };
  const view = (values?: Partial<DefenseDialogValues>) => defenseDialogView({ ...base, ...(values && { values }) });
  const initial = view();
  const result = await liveDialog({
    title: initial.title,
    template: DEFENSE_DIALOG_TEMPLATE,
    initial,
    recompute: (values) => view(readDefenseForm(values, rules)),
    ready: (v) => !v.error && v.totals.length > 0,
    buttons: [{ action: "roll", label: localize("CYCHOSYS.Dialog.rollDefense"), icon: "fa-solid fa-dice", default: true, needsReady: true }],
  });
  if (!result) return null;
  const v = readDefenseForm(result.values, rules);
  const roll = { totalKey: v.totalKey, modifier: v.modifier };
  const mode = request.mode;
  const object = (): ParryObjectAnswer | undefined =>
    v.object === "adhoc" ? { name: v.adhocName.trim(), hits: v.adhocHits, shield: v.adhocShield } : v.object ? { itemId: v.object } : undefined;
  return {
    roll,
    answer: (rolled) => {
      if (mode === "counter") return { form: "counter", roll: rolled, weaponId: v.weaponId, added: addedLetters(v.counts, rules) };
      if (mode === "parry") {
        const o = object();
        return o ? { form: "parry", roll: rolled, object: o } : { form: "parry", roll: rolled };
      }
      return { form: mode === "brave" ? "brave" : "evade", roll: rolled };
    },
  };
}

/** The apply-injury dialog (R28, R32, R33, R36); "defaults" applies the default choices at once. */
export async function applyDialog(flow: AttackFlow, index: number, struckName: string, state: StruckState, offerDefaults: boolean): Promise<InjuryChoices | null> {
  const rules = CONFIG.CYCHOSYS;
  const view = (choices?: InjuryChoices) => applyDialogView({ flow, index, struckName, state, ...(choices && { choices }), localize, rules });
  const initial = view();
  const result = await liveDialog({
    title: initial.title,
    template: APPLY_DIALOG_TEMPLATE,
    initial,
    recompute: (values) => view(readApplyForm(values)),
    ready: (v) => v.canApply,
    onInput: (event, form) => {
      const name = (event.target as HTMLInputElement).name ?? "";
      const flag = form.querySelector<HTMLInputElement>('input[name="distributeEdited"]');
      if (flag) flag.value = name.startsWith("distribute.") ? "1" : name === "nonLethal" ? "0" : flag.value;
    },
    buttons: [
      { action: "apply", label: localize("CYCHOSYS.Card.apply"), icon: "fa-solid fa-check", default: true, needsReady: true },
      ...(offerDefaults ? [{ action: "defaults", label: localize("CYCHOSYS.Card.applyDefaults") }] : []),
    ],
  });
  if (!result) return null;
  return result.action === "defaults" ? {} : readApplyForm(result.values);
}
