/**
 * The system's sheets. `registerSheets()` is called once from the `init`
 * hook (src/index.ts): it registers every actor and item sheet as the default
 * for its type and loads the partials the templates include.
 */
import { registerSheet } from "../../card-glue.js";
import { loadHousePartials } from "../../house.js";
import { PARTIALS } from "../../../rulesets/cychosys/views/index.js";
import { defineActorSheets } from "./actor-sheets.js";
import { defineItemSheets } from "./item-sheets.js";

export function registerSheets(): void {
  const register = (documentClass: unknown, _scope: string, sheetClass: unknown, options: { types: string[]; makeDefault: boolean; label: string }) => registerSheet(documentClass, sheetClass, options);
  const actorSheets = defineActorSheets();
  const itemSheets = defineItemSheets();
  register(Actor, "cychosys", actorSheets.CharacterSheet, { types: ["character"], makeDefault: true, label: "CYCHOSYS.Sheet.Labels.Character" });
  register(Actor, "cychosys", actorSheets.NpcSheet, { types: ["npc"], makeDefault: true, label: "CYCHOSYS.Sheet.Labels.Npc" });
  register(Actor, "cychosys", actorSheets.ObjectSheet, { types: ["object"], makeDefault: true, label: "CYCHOSYS.Sheet.Labels.Object" });
  register(Item, "cychosys", itemSheets.SkillSheet, { types: ["skill"], makeDefault: true, label: "CYCHOSYS.Sheet.Labels.Skill" });
  register(Item, "cychosys", itemSheets.GearSheet, { types: ["weapon", "trick"], makeDefault: true, label: "CYCHOSYS.Sheet.Labels.Gear" });
  register(Item, "cychosys", itemSheets.OutfitSheet, { types: ["outfit"], makeDefault: true, label: "CYCHOSYS.Sheet.Labels.Outfit" });
  register(Item, "cychosys", itemSheets.TrademarkSheet, { types: ["trademark"], makeDefault: true, label: "CYCHOSYS.Sheet.Labels.Trademark" });
  void foundry.applications.handlebars.loadTemplates([...PARTIALS]);
  loadHousePartials();
}
