/**
 * Every ruleset's manifest — the small part every world loads, whichever
 * rules it plays — registered with the shared schema registry. Adding a
 * ruleset adds one line here (docs/adding-a-ruleset.md).
 */
import type { RulesetManifest } from "../core/ruleset.js";
import { registerManifest } from "../core/schema/registry.js";
import { CYCHOSYS_MANIFEST } from "./cychosys/manifest.js";
import { D6_MANIFEST } from "./d6/manifest.js";
import { GURPS_MANIFEST } from "./gurps/manifest.js";

export const MANIFESTS: readonly RulesetManifest[] = [CYCHOSYS_MANIFEST, D6_MANIFEST, GURPS_MANIFEST];

for (const manifest of MANIFESTS) registerManifest(manifest);
