/**
 * Stand-ins for the Handlebars helpers Foundry VTT v13 registers, behaving as
 * the real ones do for the arguments our templates pass: `localize` reads
 * lang/en.json and returns the key itself when it is missing (as Foundry
 * does), `localize` with a hash formats `{placeholders}`, and so on. Used by
 * the preview harness and the template tests.
 */
import type HandlebarsNamespace from "handlebars";

type Hbs = typeof HandlebarsNamespace;
type HelperOptions = HandlebarsNamespace.HelperOptions;
type Lang = Record<string, unknown>;

/** Foundry's `game.i18n.localize`: the translation, or the key when there is none. */
export function makeI18n(lang: Lang) {
  const lookup = (key: string): string | undefined => {
    let node: unknown = lang;
    for (const part of key.split(".")) {
      if (node === null || typeof node !== "object") return undefined;
      node = (node as Record<string, unknown>)[part];
    }
    return typeof node === "string" ? node : undefined;
  };
  const localize = (key: string): string => lookup(key) ?? key;
  const format = (key: string, data: Record<string, unknown>): string =>
    localize(key).replace(/{([^}]+)}/g, (whole, name: string) => (name in data ? String(data[name]) : whole));
  const has = (key: string): boolean => lookup(key) !== undefined;
  return { localize, format, has };
}

const isOptions = (value: unknown): value is HelperOptions =>
  value !== null && typeof value === "object" && "hash" in (value as object) && "data" in (value as object);

export function registerFoundryHelpers(hbs: Hbs, lang: Lang): void {
  const i18n = makeI18n(lang);
  const escape = hbs.Utils.escapeExpression;

  hbs.registerHelper("localize", (value: unknown, options: HelperOptions) => {
    if (typeof value !== "string") return "";
    const hash = options?.hash ?? {};
    return Object.keys(hash).length ? i18n.format(value, hash) : i18n.localize(value);
  });

  hbs.registerHelper("checked", (value: unknown) => (value ? "checked" : ""));
  hbs.registerHelper("disabled", (value: unknown) => (value ? "disabled" : ""));

  hbs.registerHelper("numberFormat", (value: unknown, options: HelperOptions) => {
    const { decimals = 0, sign = false } = (options?.hash ?? {}) as { decimals?: number; sign?: boolean };
    const number = Number(value);
    if (!Number.isFinite(number)) return String(value);
    return new Intl.NumberFormat("en", {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      signDisplay: sign ? "exceptZero" : "auto",
    }).format(number);
  });

  hbs.registerHelper("selectOptions", (choices: unknown, options: HelperOptions) => {
    const hash = (options?.hash ?? {}) as {
      selected?: unknown;
      blank?: string | null;
      localize?: boolean;
      valueAttr?: string;
      labelAttr?: string;
    };
    const selected = new Set((Array.isArray(hash.selected) ? hash.selected : [hash.selected]).map((s) => String(s)));
    const rows: { value: string; label: string }[] = [];
    if (Array.isArray(choices)) {
      for (const choice of choices) {
        if (typeof choice === "object" && choice !== null) {
          const c = choice as Record<string, unknown>;
          rows.push({ value: String(c[hash.valueAttr ?? "value"]), label: String(c[hash.labelAttr ?? "label"]) });
        } else rows.push({ value: String(choice), label: String(choice) });
      }
    } else if (choices && typeof choices === "object") {
      for (const [value, label] of Object.entries(choices as Record<string, unknown>)) {
        const text = typeof label === "object" && label !== null ? (label as Record<string, unknown>)[hash.labelAttr ?? "label"] : label;
        rows.push({ value, label: String(text) });
      }
    }
    let html = hash.blank !== undefined && hash.blank !== null ? `<option value="">${escape(hash.localize ? i18n.localize(hash.blank) : hash.blank)}</option>` : "";
    for (const row of rows) {
      const label = hash.localize ? i18n.localize(row.label) : row.label;
      html += `<option value="${escape(row.value)}"${selected.has(row.value) ? " selected" : ""}>${escape(label)}</option>`;
    }
    return new hbs.SafeString(html);
  });

  // The deprecated {{editor}} helper: the content in an editor wrapper, with a toggle button when editable.
  hbs.registerHelper("editor", (content: unknown, options: HelperOptions) => {
    const { target, editable = true, button = true, class: cssClass = "" } = (options?.hash ?? {}) as Record<string, unknown>;
    const toggle = editable && button ? `<button type="button" class="editor-edit" aria-label="${escape(i18n.localize("Edit"))}"><i class="fa-solid fa-edit"></i></button>` : "";
    return new hbs.SafeString(
      `<div class="editor ${escape(String(cssClass))}"><div class="editor-content" data-edit="${escape(String(target ?? ""))}">${String(content ?? "")}</div>${toggle}</div>`,
    );
  });

  const compare = (fn: (a: unknown, b: unknown) => boolean) => (a: unknown, b: unknown) => fn(a, b);
  hbs.registerHelper("eq", compare((a, b) => a === b));
  hbs.registerHelper("ne", compare((a, b) => a !== b));
  hbs.registerHelper("lt", compare((a, b) => (a as number) < (b as number)));
  hbs.registerHelper("lte", compare((a, b) => (a as number) <= (b as number)));
  hbs.registerHelper("gt", compare((a, b) => (a as number) > (b as number)));
  hbs.registerHelper("gte", compare((a, b) => (a as number) >= (b as number)));
  hbs.registerHelper("not", (value: unknown) => !value);
  hbs.registerHelper("and", (...args: unknown[]) => args.filter((a) => !isOptions(a)).every(Boolean));
  hbs.registerHelper("or", (...args: unknown[]) => args.filter((a) => !isOptions(a)).some(Boolean));
  hbs.registerHelper("concat", (...args: unknown[]) => new hbs.SafeString(args.filter((a) => !isOptions(a)).join("")));
  hbs.registerHelper("ifThen", (condition: unknown, a: unknown, b: unknown) => (condition ? a : b));
  hbs.registerHelper("json", (value: unknown) => JSON.stringify(value));
}
