// TEMPORARY (being written in this session; replaced before it is submitted): the D6 attack workflow.
import type { CardFlow, RulesetWorkflow } from "../../../core/ruleset.js";
import type { D6Rules } from "../rules/index.js";

export type D6Flow = CardFlow;

export function d6Workflow(_rules: () => Readonly<D6Rules>): RulesetWorkflow<D6Flow, never, never> {
  return {
    parseRequest: () => ({ ok: false, problem: { field: "step", kind: "value" } }),
    declare: async () => Promise.reject(new Error("not yet")),
    step: async () => Promise.reject(new Error("not yet")),
    scope: (flow) => ({ participants: new Set([flow.attacker.actorUuid, ...flow.targets.map((t) => t.target.actorUuid)]), objects: new Map() }),
  };
}
