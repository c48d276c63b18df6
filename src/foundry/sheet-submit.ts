/**
 * A sheet's submission screened before the document is asked to change, for
 * every ruleset's sheets: the values its parser refuses (src/core/schema/
 * submission.ts) are left out, each input marked with the parser's message
 * (what was typed stays on screen) and the user warned; marked again after
 * the render another field's update causes.
 */
import type { SubmitProblem } from "../core/schema/submission.js";
import { format } from "./i18n.js";

/** `messageKey` formats `{ field, message }`: the value typed and the parser's words. */
const messageOf = (messageKey: string, problem: SubmitProblem) => format(messageKey, { field: problem.value, message: format(problem.key, problem.params) });

function mark(input: HTMLInputElement, message: string): void {
  input.classList.add("is-invalid");
  input.setAttribute("aria-invalid", "true");
  input.dataset.tooltip = message;
}

/** Clear the marks of inputs that are fine now, mark and announce the refused ones. */
export function markSubmission(form: HTMLElement | null, problems: readonly SubmitProblem[], messageKey: string): void {
  for (const input of form?.querySelectorAll<HTMLInputElement>("input.is-invalid") ?? []) {
    if (!problems.some((p) => p.name === input.name)) {
      input.classList.remove("is-invalid");
      input.removeAttribute("aria-invalid");
    }
  }
  for (const problem of problems) {
    const message = messageOf(messageKey, problem);
    const input = form?.querySelector<HTMLInputElement>(`[name="${CSS.escape(problem.name)}"]`);
    if (input) mark(input, message);
    ui.notifications?.warn(message);
  }
}

/** The inputs refused at the last submission, marked again (with what was typed) after a render. */
export function remarkRefused(form: HTMLElement, refused: readonly SubmitProblem[], messageKey: string): void {
  for (const problem of refused) {
    const input = form.querySelector<HTMLInputElement>(`[name="${CSS.escape(problem.name)}"]`);
    if (!input) continue;
    input.value = problem.value;
    mark(input, messageOf(messageKey, problem));
  }
}
