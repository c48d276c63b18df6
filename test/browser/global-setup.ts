/**
 * Runs once before all browser test files: empties the shared screenshots
 * folder, so each run's screenshots are that run's and no file races another.
 */
import { mkdirSync, rmSync } from "node:fs";
import { SCREENSHOTS } from "./page-checks.js";

export default function setup(): void {
  rmSync(SCREENSHOTS, { recursive: true, force: true });
  mkdirSync(SCREENSHOTS, { recursive: true });
}
