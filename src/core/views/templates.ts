/**
 * Where the system's Handlebars templates are served from, and the shape of
 * one part of a sheet (ApplicationV2 PARTS): one place for every ruleset's
 * sheets and the core's own windows.
 */
export const TEMPLATE_ROOT = "systems/cychosys/templates";

/** The served path of a template under templates/ (`d6/actor/header.hbs`). */
export const templatePath = (path: string): string => `${TEMPLATE_ROOT}/${path}`;

export interface PartSpec {
  template: string;
  /** Vertical scrolling region inside the part (ApplicationV2 `scrollable`). */
  scrollable?: string[];
}

/** One tab of a sheet's primary tab group, as the tab templates draw it. */
export interface TabView {
  id: string;
  group: string;
  icon: string;
  label: string;
  active: boolean;
  cssClass: string;
}

/** A sheet's tabs by id, `active` (or the first, for an unknown id) marked; labels are `<labelPrefix>.<id>`. */
export function tabsView(tabs: readonly { id: string; icon: string }[], active: string, labelPrefix: string): Record<string, TabView> {
  const known = tabs.some((tab) => tab.id === active) ? active : (tabs[0]?.id ?? "");
  return Object.fromEntries(
    tabs.map((tab) => [tab.id, { id: tab.id, group: "primary", icon: tab.icon, label: `${labelPrefix}.${tab.id}`, active: tab.id === known, cssClass: tab.id === known ? "active" : "" }]),
  );
}
