/**
 * What the system registers with Foundry on `init`, synchronously (Foundry
 * waits for no promise a hook starts): the "Combat rules" setting, every
 * ruleset's data models (so a document of any ruleset loads, and one of
 * another ruleset opens read-only), the shared Actor, Item, Combat and
 * Combatant classes, every type's token bars, the read-only sheet, the GM's
 * transport — and the active ruleset's own registrations (its adapter's
 * `register()`: sheets, die terms, statuses, settings, hooks), made the one
 * the shared code calls before any document is prepared. Registration only.
 */
import { rulesetOfType, typesOf } from "../core/schema/registry.js";
import { registeredManifests } from "../core/schema/registry.js";
import { applyPackVisibility, type PackLike } from "./packs.js";
import { SYSTEM_ID } from "./system.js";
import "../rulesets/manifests.js";
import { setActiveAdapter } from "./adapter.js";
import { defineCombatDocuments } from "./combat.js";
import { defineDocuments, worldClasses } from "./documents.js";
import { registerInactiveSheets } from "./inactive-sheet.js";
import { registerMigrationSetting } from "./migrations.js";
import { modelFor } from "./models/base.js";
import { onRequestMessage } from "./requests.js";
import { promptFirstRun, registerRulesetSetting } from "./ruleset-setting.js";
import { ADAPTERS } from "./rulesets.js";
import { registerTokenBars } from "./token-bars.js";
import { registerTransport } from "./transport.js";

export function init(): void {
  const active = registerRulesetSetting();
  registerMigrationSetting();
  globalThis.cychosys = { ruleset: active } as never;

  // Every ruleset's types have a model, so no world document fails to load.
  for (const documentName of ["Actor", "Item"] as const) {
    const models = CONFIG[documentName].dataModels as Record<string, unknown>;
    for (const type of typesOf(documentName)) models[type] = modelFor(documentName, type);
  }
  const { SystemActor, SystemItem } = defineDocuments();
  CONFIG.Actor.documentClass = SystemActor as never;
  CONFIG.Item.documentClass = SystemItem as never;
  worldClasses.Actor = SystemActor;
  worldClasses.Item = SystemItem;
  const { SystemCombat, SystemCombatant } = defineCombatDocuments();
  CONFIG.Combat.documentClass = SystemCombat as never;
  CONFIG.Combatant.documentClass = SystemCombatant as never;
  registerTokenBars(registeredManifests());

  registerInactiveSheets(active, (documentName, type) => rulesetOfType(documentName, type));
  registerTransport();
  Hooks.on("createChatMessage", ((message: Parameters<typeof onRequestMessage>[0]) => void onRequestMessage(message)) as never);
  Hooks.once("ready", () => void promptFirstRun());
  Hooks.once("ready", () => {
    const world = game as unknown as { user?: { isActiveGM?: boolean }; packs?: Iterable<PackLike> };
    if (world.user?.isActiveGM && world.packs) void applyPackVisibility(world.packs, registeredManifests(), active, SYSTEM_ID).catch((error) => console.error("Cychosys | hiding other rulesets' compendiums failed", error));
  });

  // The active ruleset, in this same call: set first (the shared classes and hooks call it), then its registrations.
  const adapter = ADAPTERS[active];
  setActiveAdapter(adapter);
  adapter.register();
  if (adapter.combat?.initiative) CONFIG.Combat.initiative = adapter.combat.initiative as typeof CONFIG.Combat.initiative;
  console.log(`Cychosys | Initializing the Cychosys game system (combat rules: ${active})`);
}
