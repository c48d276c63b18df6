/**
 * Where the browser tests find Chromium and put their pages and
 * screenshots: shared by test/browser/global-setup.ts (which must not load
 * vitest's test API) and test/browser/page-checks.ts.
 */
import { join } from "node:path";
import { ROOT } from "../../tools/preview/render.js";

export const CHROMIUM = "/usr/bin/chromium";
export const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
export const SCREENSHOTS = join(ROOT, "test-results/screenshots");
export const PREVIEW = join(ROOT, "test-results/preview");
/** axe-core's findings of every impact, one text file per screenshot. */
export const ACCESSIBILITY = join(ROOT, "test-results/accessibility");

/** One preview page: its id, its file, and the tabs of a sheet. */
export interface PreviewPage {
  id: string;
  file: string;
  /** Where the browser tests load it (the run's preview server). */
  url?: string;
  tabs?: string[];
}

/** What test/browser/global-setup.ts hands every browser test file (vitest's `inject`). */
declare module "vitest" {
  export interface ProvidedContext {
    /** Every preview page written for this run, with its URL. */
    previewPages: PreviewPage[];
    /** axe-core's URL on the preview server. */
    axeUrl: string;
    /** The shared Chromium's websocket endpoint; "" when Chromium is missing. */
    chromiumEndpoint: string;
  }
}
