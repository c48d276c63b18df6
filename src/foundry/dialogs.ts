/**
 * The small DialogV2 prompts every ruleset's Foundry side uses: a confirmation
 * and a form whose values are read when it is submitted. Dismissing either
 * resolves to "no" (false, null), never an error.
 */
interface DialogApi {
  confirm(config: Record<string, unknown>): Promise<unknown>;
  prompt(config: Record<string, unknown>): Promise<unknown>;
}
const dialogs = () => foundry.applications.api.DialogV2 as unknown as DialogApi;

/** DialogV2.confirm: true only when the user confirms. `content` is HTML the caller has escaped. */
export async function confirmDialog(title: string, content: string): Promise<boolean> {
  return (await dialogs().confirm({ window: { title }, content: `<p>${content}</p>`, rejectClose: false, modal: true })) === true;
}

/** DialogV2.prompt with a form: `read` reads the submitted form; null when dismissed. `onRender` may wire the form's fields to each other. */
export async function promptForm<T>(title: string, content: string, okLabel: string, read: (form: HTMLFormElement) => T, onRender?: (root: HTMLElement) => void): Promise<T | null> {
  const result = await dialogs().prompt({
    window: { title },
    content,
    rejectClose: false,
    modal: true,
    ok: { label: okLabel, callback: (_event: Event, button: HTMLButtonElement) => read(button.form as HTMLFormElement) },
    ...(onRender && { render: (_event: Event, dialog: { element: HTMLElement }) => onRender(dialog.element) }),
  });
  return (result ?? null) as T | null;
}

/** A form's values by name (what a submitted prompt hands back). */
export const formValues = (form: HTMLFormElement): Record<string, unknown> => Object.fromEntries(new FormData(form).entries());
