/**
 * The preview harness's sheets: the cast (test/fixtures/cast.ts) derived
 * exactly as the data models derive it, turned into template contexts by the
 * same view models the real sheets use.
 */
import { deriveCombatant, deriveObject } from "../../src/rulesets/cychosys/data/derive/combatant.js";
import type { ItemView, ObjectSource } from "../../src/rulesets/cychosys/data/source-types.js";
import {
  CHARACTER_PARTS,
  CHARACTER_TABS,
  combatantSheetView,
  itemParts,
  itemSheetView,
  NPC_PARTS,
  OBJECT_PARTS,
  objectSheetView,
  type PartSpec,
  type SheetEffect,
  type SheetItem,
  tabsView,
} from "../../src/rulesets/cychosys/views/index.js";
import { parker, thorton } from "../../test/fixtures/cast.js";
import { makeI18n } from "./helpers.js";

/** One sheet to render: its window, its parts and the context each part receives. */
export interface PreviewSheet {
  id: string;
  title: string;
  /** CSS classes of the application element, as Foundry sets them. */
  classes: string[];
  width: number;
  height: number;
  parts: Record<string, PartSpec>;
  context: Record<string, unknown>;
  /** The tab ids of the primary group, when the sheet has tabs. */
  tabs?: string[];
  theme: "dark" | "light";
}

/** Stand-ins for Foundry's icons/svg/*.svg (not shipped with the system): small inline SVGs. */
const svg = (body: string) =>
  `data:image/svg+xml;base64,${Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#3a3947"/>${body}</svg>`).toString("base64")}`;
const IMG = {
  parker: svg('<circle cx="32" cy="24" r="12" fill="#b9b2a6"/><path d="M10 60c2-14 12-20 22-20s20 6 22 20z" fill="#b9b2a6"/><path d="M18 16l-6-8 10 4M46 16l6-8-10 4" stroke="#b9b2a6" stroke-width="3" fill="none"/>'),
  thorton: svg('<circle cx="32" cy="24" r="12" fill="#8fa39a"/><path d="M10 60c2-14 12-20 22-20s20 6 22 20z" fill="#8fa39a"/>'),
  item: svg('<rect x="16" y="20" width="32" height="30" rx="4" fill="#b9b2a6"/><path d="M24 20v-6h16v6" stroke="#b9b2a6" stroke-width="3" fill="none"/>'),
  effect: svg('<path d="M32 8v40M20 20h24M16 40c4 10 28 10 32 0" stroke="#b9b2a6" stroke-width="4" fill="none"/>'),
};

/** A trick for the previews: Thorton's marked deck (the cast has no trick). */
export const markedDeck: ItemView<"trick"> = {
  id: "tkDeck",
  name: "marked deck",
  type: "trick",
  system: { speed: 2, edge: "R1", skill: "shoot", finesse: "", parry: { hits: 0, shield: "0" }, description: "<p>Every card in it is known.</p>", schemaVersion: 1 },
};

/** An object (R37): the card table Parker hurls the sentry at. */
export const cardTable: { name: string; system: ObjectSource } = {
  name: "card table",
  system: { hits: { value: 4, max: 6 }, shield: "1", description: "<p>Green felt over cheap pine.</p>", schemaVersion: 1 },
};

const heavyEffects: SheetEffect[] = [
  { id: "aeHeavy", name: "Heavy", img: IMG.effect, disabled: false, changes: [{ key: "system.modifiers.quickness", mode: 2, value: "-2" }] },
];

function withImg(items: readonly ItemView[]): SheetItem[] {
  return items.map((item, index) => ({ ...item, img: IMG.item, sort: (index + 1) * 100000 }));
}

export function previewSheets(lang: Record<string, unknown>): PreviewSheet[] {
  const i18n = makeI18n(lang);
  const labels = { skin: i18n.localize("CYCHOSYS.Layer.skin"), will: i18n.localize("CYCHOSYS.Layer.will") };
  const parkerDerived = {
    ...deriveCombatant(parker.system, parker.items, parker.conditions, labels),
    // The character model adds `experience.total` (unspent + spent, docs/data-model.md) to the derived data.
    experience: { total: parker.system.experience.unspent + parker.system.experience.spent },
  };
  const thortonItems = [...thorton.items, markedDeck];
  const thortonDerived = deriveCombatant(thorton.system, thortonItems, thorton.conditions, labels);

  const parkerView = combatantSheetView({
    kind: "character",
    name: parker.name,
    img: IMG.parker,
    system: parker.system,
    derived: parkerDerived,
    items: withImg(parker.items),
    conditions: parker.conditions.map((c, i) => ({ id: `cond${i}`, ...c })),
    inCombat: false,
    editable: true,
  });
  const characterSheet = (id: string, title: string, active: string, theme: "dark" | "light", inCombat = false): PreviewSheet => {
    const view = inCombat ? { ...parkerView, inCombat: true, advancement: { locked: true, reason: "CYCHOSYS.Error.inCombat" } } : parkerView;
    return {
      id,
      title,
      classes: ["cychosys", "sheet", "actor", "character"],
      width: 720,
      height: 760,
      parts: CHARACTER_PARTS,
      context: { ...view, tabs: Object.values(tabsView(CHARACTER_TABS, active)), tabsById: tabsView(CHARACTER_TABS, active) },
      tabs: CHARACTER_TABS.map((t) => t.id),
      theme,
    };
  };

  const thortonView = combatantSheetView({
    kind: "npc",
    name: thorton.name,
    img: IMG.thorton,
    system: thorton.system,
    derived: thortonDerived,
    items: withImg(thortonItems),
    conditions: thorton.conditions.map((c, i) => ({ id: `cond${i}`, ...c })),
    inCombat: false,
    editable: true,
  });

  const objectView = objectSheetView({
    name: cardTable.name,
    img: IMG.item,
    system: cardTable.system,
    derived: deriveObject(cardTable.system),
    editable: true,
  });

  const parkerItem = <T extends ItemView>(id: string) => parker.items.find((i) => i.id === id) as T;
  const skillNames = parker.items.filter((i) => i.type === "skill").map((i) => i.name);
  const itemSheet = (item: ItemView, extra: Partial<Parameters<typeof itemSheetView>[0]> = {}): PreviewSheet => ({
    id: `item-${item.type}`,
    title: item.name,
    classes: ["cychosys", "sheet", "item", item.type],
    width: 520,
    height: item.type === "skill" ? 480 : 600,
    parts: itemParts(item.type),
    context: itemSheetView({ name: item.name, img: IMG.item, type: item.type, system: item.system, editable: true, ...extra }) as unknown as Record<string, unknown>,
    theme: "dark",
  });
  const pistol = parkerItem<ItemView<"weapon">>("wpPistol");
  const pistolTotal = parkerView.gear.find((g) => g.id === pistol.id)?.total;

  return [
    characterSheet("character", parker.name, "stats", "dark"),
    characterSheet("character-light", parker.name, "stats", "light"),
    characterSheet("character-in-combat", parker.name, "gear", "light", true),
    {
      id: "npc",
      title: thorton.name,
      classes: ["cychosys", "sheet", "actor", "npc"],
      width: 640,
      height: 940,
      parts: NPC_PARTS,
      context: thortonView as unknown as Record<string, unknown>,
      theme: "dark",
    },
    {
      id: "object",
      title: cardTable.name,
      classes: ["cychosys", "sheet", "actor", "object"],
      width: 480,
      height: 560,
      parts: OBJECT_PARTS,
      context: objectView as unknown as Record<string, unknown>,
      theme: "dark",
    },
    itemSheet(parkerItem("skShoot")),
    itemSheet(pistol, { ownerSkills: skillNames, ...(pistolTotal && { total: pistolTotal }) }),
    itemSheet(markedDeck, { ownerSkills: skillNames }),
    itemSheet(parkerItem("ofSuit"), { ownerSkills: skillNames }),
    itemSheet(parkerItem("tmHeavy"), { effects: heavyEffects }),
  ];
}
