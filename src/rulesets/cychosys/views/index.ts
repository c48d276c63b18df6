/** Pure sheet view models (no Foundry): what each sheet's templates receive. */
export * from "./labels.js";
export * from "./combatant.js";
export * from "./items.js";
export * from "./parts.js";
