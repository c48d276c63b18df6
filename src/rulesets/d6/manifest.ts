/**
 * OpenD6 as every world sees it, active or not: its document types (all
 * namespaced `d6…`), their schemas, versions and migrations, its packs and
 * token bars, and the die-code notations its fields are written in (D1).
 * Small: the rules engine is used only in an OpenD6 world.
 */
import type { RulesetManifest, TypeManifest } from "../../core/ruleset.js";
import { htmlFieldPaths, type FieldsDescription } from "../../core/schema/description.js";
import { parserSyntax, registerSyntax } from "../../core/schema/syntax.js";
import { D6_ACTOR_SCHEMAS, D6_CODE, D6_DAMAGE, D6_ITEM_SCHEMAS, D6_MODIFIER, D6_SCHEMA_VERSION } from "./data/schema.js";
import { parseDieCode, parseDieModifier, parseWeaponDamage } from "./rules/die-code.js";

function typeManifest(type: keyof typeof D6_SCHEMA_VERSION, fields: FieldsDescription): TypeManifest {
  return { fields, version: D6_SCHEMA_VERSION[type], migrations: [], htmlFields: htmlFieldPaths(fields) };
}

export const D6_MANIFEST: RulesetManifest = Object.freeze({
  id: "d6",
  name: "CYCHOSYS.Ruleset.d6.name",
  blurb: "CYCHOSYS.Ruleset.d6.blurb",
  Actor: Object.fromEntries(Object.entries(D6_ACTOR_SCHEMAS).map(([type, fields]) => [type, typeManifest(type as "d6Character", fields)])),
  Item: Object.fromEntries(Object.entries(D6_ITEM_SCHEMAS).map(([type, fields]) => [type, typeManifest(type as "d6Skill", fields)])),
  // Player characters where players see them; foes in a pack only the GM sees (one rule across rulesets).
  packs: ["d6-weapons", "d6-armor", "d6-characters", "d6-foes"],
  // D35–D37: the wound level is a step, not a { value, max } pool: no bar (the token's status shows it).
  trackable: { d6Character: { bar: [], value: ["characterPoints"], token: [null, null] as const }, d6Creature: { bar: [], value: [], token: [null, null] as const } },
});

registerSyntax(D6_CODE, parserSyntax((t) => parseDieCode(t)));
registerSyntax(D6_MODIFIER, parserSyntax((t) => parseDieModifier(t)));
registerSyntax(D6_DAMAGE, parserSyntax((t) => parseWeaponDamage(t)));
