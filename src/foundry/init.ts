/**
 * What the system registers with Foundry on `init`, whatever the world plays:
 * the "Combat rules" setting, every ruleset's data models (so a document of
 * any ruleset loads, and one of another ruleset opens read-only), the shared
 * Actor, Item, Combat and Combatant classes, the active ruleset's token bars,
 * the read-only sheet, the GM's transport — and then the active ruleset's own
 * code, loaded on its own (src/foundry/rulesets.ts). Registration only.
 */
import { rulesetOfType, typesOf } from "../core/schema/registry.js";
import { manifestById, registeredManifests } from "../core/schema/registry.js";
import { applyPackVisibility, type PackLike } from "./packs.js";
import { SYSTEM_ID } from "./system.js";
import "../rulesets/manifests.js";
import { setActiveAdapter } from "./adapter.js";
import { defineCombatDocuments } from "./combat.js";
import { defineDocuments, worldClasses } from "./documents.js";
import { format, localize } from "./i18n.js";
import { registerInactiveSheets } from "./inactive-sheet.js";
import { trackLifecycle, whenReached } from "./lifecycle.js";
import { registerMigrationSetting } from "./migrations.js";
import { modelFor } from "./models/base.js";
import { onRequestMessage } from "./requests.js";
import { promptFirstRun, registerRulesetSetting } from "./ruleset-setting.js";
import { LOADERS } from "./rulesets.js";
import { registerTransport } from "./transport.js";

export function init(): void {
  trackLifecycle();
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
  CONFIG.Actor.trackableAttributes = (manifestById(active)?.trackable ?? {}) as never;

  registerInactiveSheets(active, (documentName, type) => rulesetOfType(documentName, type));
  registerTransport();
  Hooks.on("createChatMessage", ((message: Parameters<typeof onRequestMessage>[0]) => void onRequestMessage(message)) as never);
  whenReached("ready", () => void promptFirstRun());
  whenReached("ready", () => {
    const world = game as unknown as { user?: { isActiveGM?: boolean }; packs?: Iterable<PackLike> };
    if (world.user?.isActiveGM && world.packs) void applyPackVisibility(world.packs, registeredManifests(), active, SYSTEM_ID).catch((error) => console.error("Cychosys | hiding other rulesets' compendiums failed", error));
  });
  void loadActiveRuleset(active);
  console.log(`Cychosys | Initializing the Cychosys game system (combat rules: ${active})`);
}

/** Import the active ruleset's code, register it, and redo what ran before it arrived. */
async function loadActiveRuleset(id: keyof typeof LOADERS): Promise<void> {
  const name = localize(`CYCHOSYS.Ruleset.${id}.name`);
  try {
    const { adapter } = await LOADERS[id]();
    adapter.register();
    setActiveAdapter(adapter);
    // Documents prepared before the code arrived derived nothing: prepare them again, redraw what shows them.
    const world = game as unknown as { actors?: { contents: { reset(): void; render?(force: boolean): void }[] }; ready?: boolean };
    for (const actor of world.actors?.contents ?? []) actor.reset();
    whenReached("ready", () => {
      for (const actor of world.actors?.contents ?? []) actor.render?.(false);
      ui.chat?.render?.();
    });
  } catch (error) {
    console.error(`Cychosys | loading the ${id} rules failed`, error);
    whenReached("ready", () => ui.notifications?.error(format("CYCHOSYS.Ruleset.loadFailed", { ruleset: name, error: String((error as Error)?.message ?? error) }), { permanent: true }));
  }
}
