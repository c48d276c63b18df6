/**
 * Text into chat HTML: every user, actor or combatant name (and any text that
 * may carry one) is escaped, so a name like `<img src=x onerror=…>` shows as
 * text instead of running.
 */
const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text: unknown): string {
  return String(text ?? "").replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}
