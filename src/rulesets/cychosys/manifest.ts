/**
 * Cychosys as every world sees it, active or not: its document types (the
 * ones worlds made before rulesets existed, unchanged), their schemas,
 * versions and migrations, its packs and token bars, and the `bundle`
 * notation its fields are written in (R2). Small: the rules engine itself is
 * used only in a Cychosys world (src/foundry/cychosys/).
 */
import type { RulesetManifest, TypeManifest } from "../../core/ruleset.js";
import { htmlFieldPaths } from "../../core/schema/description.js";
import { registerSyntax } from "../../core/schema/syntax.js";
import { ACTOR_SCHEMAS, type ActorType, BUNDLE_SYNTAX, ITEM_SCHEMAS, type ItemTypeName, SCHEMA_VERSION } from "./data/schema/description.js";
import { MIGRATIONS } from "./data/schema/migrations.js";
import { bundleProblem } from "./data/schema/syntax.js";

function typeManifest(type: ActorType | ItemTypeName, fields: TypeManifest["fields"]): TypeManifest {
  return { fields, version: SCHEMA_VERSION[type], migrations: MIGRATIONS[type], htmlFields: htmlFieldPaths(fields) };
}

const POOLS = ["pools.hit.physical", "pools.hit.mental", "pools.hit.emotional", "pools.fatigue.physical", "pools.fatigue.mental", "pools.fatigue.emotional"];

export const CYCHOSYS_MANIFEST: RulesetManifest = Object.freeze({
  id: "cychosys",
  name: "CYCHOSYS.Ruleset.cychosys.name",
  blurb: "CYCHOSYS.Ruleset.cychosys.blurb",
  Actor: Object.fromEntries(Object.entries(ACTOR_SCHEMAS).map(([type, fields]) => [type, typeManifest(type as ActorType, fields)])),
  Item: Object.fromEntries(Object.entries(ITEM_SCHEMAS).map(([type, fields]) => [type, typeManifest(type as ItemTypeName, fields)])),
  packs: ["rules", "tables", "skills", "trademarks", "outfits", "weapons", "cast", "foes"],
  trackable: {
    character: { bar: POOLS, value: [], token: ["pools.hit.physical", "pools.fatigue.physical"] as const },
    npc: { bar: POOLS, value: [], token: ["pools.hit.physical", "pools.fatigue.physical"] as const },
    object: { bar: ["hits"], value: [], token: ["hits", null] as const },
  },
});

registerSyntax(BUNDLE_SYNTAX, { problem: bundleProblem });
