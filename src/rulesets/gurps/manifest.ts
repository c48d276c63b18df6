/**
 * GURPS as every world will see it, active or not: its document types (all
 * named `gurps…`), their schemas, versions and migrations, its packs and
 * token bars, and the notations its fields are written in (G2, G36, G56).
 * Small: the rules engine is used only in a GURPS world. Registered in
 * src/rulesets/manifests.ts; its types are declared in system.json.
 */
import type { RulesetManifest, TypeManifest } from "../../core/ruleset.js";
import { htmlFieldPaths, type FieldsDescription } from "../../core/schema/description.js";
import { parserSyntax, registerSyntax } from "../../core/schema/syntax.js";
import { GURPS_ACTOR_SCHEMAS, GURPS_DAMAGE, GURPS_ITEM_SCHEMAS, GURPS_MIGRATIONS, GURPS_REACH, GURPS_SCHEMA_VERSION, GURPS_SHOTS } from "./data/schema.js";
import { parseDamage } from "./rules/dice.js";
import { parseReach, parseShots } from "./rules/notation.js";

function typeManifest(type: keyof typeof GURPS_SCHEMA_VERSION, fields: FieldsDescription): TypeManifest {
  return { fields, version: GURPS_SCHEMA_VERSION[type], migrations: GURPS_MIGRATIONS[type], htmlFields: htmlFieldPaths(fields) };
}

export const GURPS_MANIFEST: RulesetManifest = Object.freeze({
  id: "gurps",
  name: "CYCHOSYS.Ruleset.gurps.name",
  blurb: "CYCHOSYS.Ruleset.gurps.blurb",
  Actor: Object.fromEntries(Object.entries(GURPS_ACTOR_SCHEMAS).map(([type, fields]) => [type, typeManifest(type as "gurpsCharacter", fields)])),
  Item: Object.fromEntries(Object.entries(GURPS_ITEM_SCHEMAS).map(([type, fields]) => [type, typeManifest(type as "gurpsSkill", fields)])),
  packs: ["gurps-characters", "gurps-foes", "gurps-weapons", "gurps-armor", "gurps-tables"],
  trackable: { gurpsCharacter: { bar: ["hp", "fp"], value: [], token: ["hp", "fp"] as const } },
});

registerSyntax(GURPS_DAMAGE, parserSyntax(parseDamage));
registerSyntax(GURPS_SHOTS, parserSyntax(parseShots, true));
registerSyntax(GURPS_REACH, parserSyntax(parseReach));
