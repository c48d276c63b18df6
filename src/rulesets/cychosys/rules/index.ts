/**
 * Cychosys rules core — the public API.
 *
 * Pure TypeScript: no Foundry, no DOM, no randomness (dice faces are inputs).
 * Every function that depends on a world's data takes it as a parameter
 * defaulting to the standard one: the effects table (R10), the standards chart
 * (R5–R8) or the whole `Rules` object (effects + chart + options).
 *
 * Typical use, one attack end to end:
 *
 *   import { parseBundle, resolveAttack, outcomeJson } from "cychosys/rules";
 *   const resolution = resolveAttack({
 *     attacker: { total: 22, edge: parseBundle("VD6"), outfit: [] },
 *     defender: { outfit: [], pools: { hit: {...}, fatigue: {...} } },
 *     defense: { form: "evade", total: 9 },
 *   });
 *   outcomeJson(resolution).injury; // "VD9"
 *
 * Module map (rule ids): notation R1–R4 · chart R5–R8 · effects R9–R10 ·
 * dice R11–R12 · totals R13, R19–R20 · order R14–R18 · contest R21–R25 ·
 * injury/strike R26–R33, R36 · outfit R29–R31, R34–R35 · objects R37 ·
 * quickness R38 · chase R39 · experience R40–R41 · resolve/scenario: one
 * whole attack and the `rules` command's JSON format · odds: exact chances
 * of an attack against each defense form (docs/odds.md).
 */
export * from "./types.js";
export * from "./errors.js";
export { english, fillPlaceholders } from "../../../core/messages.js";
export * from "../../../core/echo.js";
export * from "./effects.js";
export * from "./notation.js";
export * from "./chart.js";
export * from "./options.js";
export * from "./dice.js";
export * from "./totals.js";
export * from "./order.js";
export * from "./contest.js";
export * from "./outfit.js";
export * from "./injury.js";
export * from "./strike.js";
export * from "./objects.js";
export * from "./quickness.js";
export * from "./chase.js";
export * from "./experience.js";
export * from "./resolve.js";
export * from "../../../core/json.js";
export * from "./scenario.js";
export * from "./refusals.js";
export * from "./explain.js";
export * from "./odds-totals.js";
export * from "./odds.js";
