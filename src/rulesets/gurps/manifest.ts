/**
 * GURPS as every world will see it, active or not: its document types (all
 * named `gurps…`), their schemas, versions and migrations, its packs and
 * token bars, and the notations its fields are written in (G1, G2, G56).
 * Small: the rules engine is loaded only in a GURPS world.
 *
 * NOT REGISTERED YET: the Foundry side adds "gurps" to RULESET_IDS
 * (src/core/ruleset.ts), this manifest to src/rulesets/manifests.ts and the
 * types to system.json together with its adapter (docs/rulesets/gurps.md).
 * Until then `id` is typed on its own.
 */
import type { RulesetManifest, TypeManifest } from "../../core/ruleset.js";
import { htmlFieldPaths, type FieldsDescription } from "../../core/schema/description.js";
import { parserSyntax, registerSyntax } from "../../core/schema/syntax.js";
import {
  GURPS_ACTOR_SCHEMAS, GURPS_DAMAGE, GURPS_ITEM_SCHEMAS, GURPS_REACH, GURPS_SCHEMA_VERSION, GURPS_SHOTS, GURPS_SPEED, GURPS_WEIGHT,
} from "./data/schema.js";
import { parseDamage } from "./rules/dice.js";
import { parseBasicSpeed, parseReach, parseShots, parseWeight } from "./rules/notation.js";

function typeManifest(type: keyof typeof GURPS_SCHEMA_VERSION, fields: FieldsDescription): TypeManifest {
  return { fields, version: GURPS_SCHEMA_VERSION[type], migrations: [], htmlFields: htmlFieldPaths(fields) };
}

export type GurpsManifest = Omit<RulesetManifest, "id"> & { id: "gurps" };

export const GURPS_MANIFEST: GurpsManifest = Object.freeze({
  id: "gurps",
  name: "CYCHOSYS.Gurps.Ruleset.name",
  blurb: "CYCHOSYS.Gurps.Ruleset.blurb",
  Actor: Object.fromEntries(Object.entries(GURPS_ACTOR_SCHEMAS).map(([type, fields]) => [type, typeManifest(type as "gurpsCharacter", fields)])),
  Item: Object.fromEntries(Object.entries(GURPS_ITEM_SCHEMAS).map(([type, fields]) => [type, typeManifest(type as "gurpsSkill", fields)])),
  packs: ["gurps-weapons", "gurps-armor", "gurps-characters"],
  trackable: { gurpsCharacter: { bar: ["hp", "fp"], value: [] } },
});

registerSyntax(GURPS_DAMAGE, parserSyntax(parseDamage));
registerSyntax(GURPS_SPEED, parserSyntax(parseBasicSpeed));
registerSyntax(GURPS_SHOTS, parserSyntax(parseShots, true));
registerSyntax(GURPS_REACH, parserSyntax(parseReach));
registerSyntax(GURPS_WEIGHT, parserSyntax(parseWeight));
