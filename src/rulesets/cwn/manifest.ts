/**
 * Cities Without Number as every world will see it, active or not: its
 * document types (all namespaced `cwn…`), their schemas, versions and
 * migrations, its packs and token bars, and the dice notation its fields
 * are written in (W15, W16). Small: the rules engine is used only in a CWN
 * world. Registered in src/rulesets/manifests.ts; its types are declared in
 * system.json.
 */
import { LocalizedError } from "../../core/errors.js";
import type { RulesetManifest, TypeManifest } from "../../core/ruleset.js";
import { type FieldsDescription, htmlFieldPaths } from "../../core/schema/description.js";
import { registerSyntax, type SyntaxProblem } from "../../core/schema/syntax.js";
import { CWN_ACTOR_SCHEMAS, CWN_DICE, CWN_ITEM_SCHEMAS, CWN_SCHEMA_VERSION } from "./data/schema.js";
import { parseDice } from "./rules/dice.js";

function typeManifest(type: keyof typeof CWN_SCHEMA_VERSION, fields: FieldsDescription): TypeManifest {
  return { fields, version: CWN_SCHEMA_VERSION[type], migrations: [], htmlFields: htmlFieldPaths(fields) };
}

export const CWN_MANIFEST: RulesetManifest = Object.freeze({
  id: "cwn",
  name: "CYCHOSYS.Ruleset.cwn.name",
  blurb: "CYCHOSYS.Ruleset.cwn.blurb",
  Actor: Object.fromEntries(Object.entries(CWN_ACTOR_SCHEMAS).map(([type, fields]) => [type, typeManifest(type as "cwnCharacter", fields)])),
  Item: Object.fromEntries(Object.entries(CWN_ITEM_SCHEMAS).map(([type, fields]) => [type, typeManifest(type as "cwnWeapon", fields)])),
  packs: ["cwn-weapons", "cwn-armor", "cwn-foes"],
  trackable: { cwnCharacter: { bar: ["hp"], value: [], token: ["hp", null] as const }, cwnNpc: { bar: ["hp", "soak"], value: ["morale"], token: ["hp", "soak"] as const } },
});

/** W15/W16: a dice field's problem: the core parser's own error key and parameters. */
export function diceProblem(value: string): SyntaxProblem | undefined {
  try {
    parseDice(value);
    return undefined;
  } catch (error) {
    if (error instanceof LocalizedError) return { key: error.i18nKey, params: { ...error.params } };
    throw error;
  }
}

registerSyntax(CWN_DICE, { problem: diceProblem });
