/**
 * The phase-based homebrew as every world will see it, active or not: its
 * document types (all namespaced `phase…`), their schemas, versions and
 * migrations, its packs and token bars, and the damage-formula notation its
 * weapons are written in (P28). Small: the rules engine is used only in a
 * world that plays it.
 * Registered in src/rulesets/manifests.ts; its types are declared in
 * system.json.
 */
import type { RulesetManifest, TypeManifest } from "../../core/ruleset.js";
import { type FieldsDescription, htmlFieldPaths } from "../../core/schema/description.js";
import { registerSyntax, type SyntaxProblem } from "../../core/schema/syntax.js";
import { LocalizedError } from "../../core/errors.js";
import { PHASE_ACTOR_SCHEMAS, PHASE_DAMAGE, PHASE_ITEM_SCHEMAS, PHASE_SCHEMA_VERSION } from "./data/schema.js";
import { parseDamageFormula } from "./rules/damage-formula.js";

function typeManifest(type: keyof typeof PHASE_SCHEMA_VERSION, fields: FieldsDescription): TypeManifest {
  return { fields, version: PHASE_SCHEMA_VERSION[type], migrations: [], htmlFields: htmlFieldPaths(fields) };
}

const PHASE_TRACKABLE = { bar: ["derived.track.flesh", "derived.track.stun"], value: ["flesh", "stun"], token: ["derived.track.flesh", "derived.track.stun"] } as const;

export const PHASE_MANIFEST: RulesetManifest = Object.freeze({
  id: "phase",
  name: "CYCHOSYS.Ruleset.phase.name",
  blurb: "CYCHOSYS.Ruleset.phase.blurb",
  Actor: Object.fromEntries(Object.entries(PHASE_ACTOR_SCHEMAS).map(([type, fields]) => [type, typeManifest(type as "phaseCharacter", fields)])),
  Item: Object.fromEntries(Object.entries(PHASE_ITEM_SCHEMAS).map(([type, fields]) => [type, typeManifest(type as "phaseWeapon", fields)])),
  packs: ["phase-weapons", "phase-armor", "phase-characters", "phase-foes"],
  // P30: flesh and stun each run up to `fleshMax`; the bars show what is left of each (derived, read on the token).
  trackable: { phaseCharacter: PHASE_TRACKABLE, phaseCreature: PHASE_TRACKABLE },
});

/** The core parser's error as a schema problem (its own key and parameters). */
function damageProblem(value: string): SyntaxProblem | undefined {
  try {
    parseDamageFormula(value);
    return undefined;
  } catch (error) {
    if (error instanceof LocalizedError) return { key: error.i18nKey, params: { ...error.params } };
    throw error;
  }
}

registerSyntax(PHASE_DAMAGE, { problem: damageProblem });
