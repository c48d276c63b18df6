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
