/**
 * What the read-only sheet of a document made for other rules shows: a
 * banner naming those rules, and its stored data as label and value rows, so
 * nothing is lost or hidden and nothing can break the sheet. Pure.
 */
export interface InactiveSheetView {
  banner: string;
  name: string;
  img: string;
  rows: { label: string; value: string }[];
}

const MAX_ROWS = 200;
const MAX_VALUE = 120;

function cut(text: string): string {
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text;
}

/** Every leaf of the stored data, by dotted path (rich text shown as plain text). */
function rowsOf(value: unknown, path: string, out: { label: string; value: string }[], depth = 0): void {
  if (out.length >= MAX_ROWS) return;
  if (value === null || typeof value !== "object" || depth > 6) {
    out.push({ label: path, value: cut(typeof value === "string" ? value.replace(/<[^>]*>/g, " ").replace(/\s+/g, " ").trim() : String(value)) });
    return;
  }
  if (Array.isArray(value)) {
    if (!value.length) out.push({ label: path, value: "—" });
    value.forEach((v, i) => rowsOf(v, `${path}.${i}`, out, depth + 1));
    return;
  }
  for (const [key, inner] of Object.entries(value)) rowsOf(inner, path ? `${path}.${key}` : key, out, depth + 1);
}

export function inactiveSheetView(doc: { name: string; img?: string | null; system: unknown }, banner: string): InactiveSheetView {
  const rows: { label: string; value: string }[] = [];
  rowsOf(doc.system, "", rows);
  return { banner, name: doc.name, img: doc.img ?? "icons/svg/mystery-man.svg", rows };
}
