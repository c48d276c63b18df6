/**
 * The OpenD6 sheet classes (src/foundry/d6/sheets.ts, sheet-actions.ts)
 * against fakes of ActorSheetV2/ItemSheetV2: registration for the D6 types
 * only, the context from the view models, the checked submission (an
 * unreadable code refused and marked, everything else written; a wound set
 * by hand lasts until changed), and the buttons: roll, attack, create, edit,
 * delete, wear.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { loadedTemplates, notifications, registeredSheets } from "./fakes.js";
import { D6_PARTIALS } from "../../src/rulesets/d6/views/sheets.js";
import { derivedOf, kira } from "../fixtures/d6-sheets.js";

/** Enough of DocumentSheetV2: the document, the form processing (flat → nested), the render hooks. */
class FakeSheet {
  static DEFAULT_OPTIONS = {};
  document: unknown;
  element = { querySelector: () => null, querySelectorAll: () => [] } as unknown as HTMLElement;
  isEditable = true;
  tabGroups: Record<string, string> = { primary: "attributes" };
  constructor(options: { document?: unknown } = {}) {
    this.document = options.document;
  }
  async _prepareContext(_options?: unknown) {
    return { fromBase: true } as Record<string, unknown>;
  }
  async _preparePartContext(_partId: string, context: Record<string, unknown>, _options?: unknown) {
    return { ...context };
  }
  async _onFirstRender() {}
  async _onRender() {}
  _processFormData(_event: unknown, _form: unknown, formData: { object: Record<string, unknown> }) {
    const out: Record<string, unknown> = {};
    for (const [path, value] of Object.entries(formData.object)) {
      const keys = path.split(".");
      let node = out;
      for (const key of keys.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
      node[keys.at(-1)!] = value;
    }
    return out;
  }
}
const confirms: unknown[] = [];
const f = (globalThis as unknown as { foundry: Record<string, any> }).foundry;
f.applications.sheets = { ActorSheetV2: class ActorSheetV2 extends FakeSheet {}, ItemSheetV2: class ItemSheetV2 extends FakeSheet {} };
f.applications.api.DialogV2 = { confirm: async (config: unknown) => (confirms.push(config), true) };
f.applications.ux = { TextEditor: { implementation: { enrichHTML: async (text: string) => `<enriched>${text}</enriched>` } } };
(globalThis as Record<string, unknown>).CSS ??= { escape: (s: string) => s };
(globalThis as Record<string, any>).game = { combats: { contents: [] }, user: { id: "u1", isGM: false, targets: new Set() }, users: { activeGM: null } };

const rolls: unknown[][] = [];
vi.mock("../../src/foundry/d6/roll.js", () => ({ promptD6Roll: async (...args: unknown[]) => rolls.push(args) }));
const { defineD6Sheets, registerD6Sheets } = await import("../../src/foundry/d6/sheets.js");

/** A fake input the submission check marks. */
function fakeInput(name: string) {
  const classes = new Set<string>();
  const attrs: Record<string, string> = {};
  return {
    name,
    value: "",
    dataset: {} as Record<string, string>,
    classList: { add: (c: string) => classes.add(c), remove: (c: string) => classes.delete(c), contains: (c: string) => classes.has(c) },
    setAttribute: (k: string, v: string) => (attrs[k] = v),
    removeAttribute: (k: string) => delete attrs[k],
    attrs,
  };
}
function fakeForm(inputs: ReturnType<typeof fakeInput>[]) {
  return {
    querySelector: (selector: string) => inputs.find((i) => selector === `[name="${i.name}"]`) ?? null,
    querySelectorAll: () => inputs.filter((i) => i.classList.contains("is-invalid")),
  } as unknown as HTMLFormElement;
}

function fakeItem(source: (typeof kira.items)[number]) {
  return {
    ...source,
    uuid: `Actor.kira.Item.${source.id}`,
    parent: { uuid: "Actor.kira" },
    isOwner: true,
    sheet: { render: vi.fn() },
    update: vi.fn(async () => undefined),
    delete: vi.fn(async () => undefined),
    toObject: () => ({ ...source }),
    toDragData: () => ({ type: "Item", uuid: `Actor.kira.Item.${source.id}` }),
  };
}
function fakeKira() {
  const items = kira.items.map(fakeItem);
  return {
    id: "kira",
    uuid: "Actor.kira",
    name: kira.name,
    img: "kira.webp",
    type: "d6Character",
    isOwner: true,
    system: { ...kira.system, derived: derivedOf(kira) },
    items: { contents: items, get: (id: string) => items.find((i) => i.id === id) },
    createEmbeddedDocuments: vi.fn(async () => []),
    updateEmbeddedDocuments: vi.fn(async () => []),
  };
}
const target = (data: Record<string, string>, itemId?: string) =>
  ({ dataset: data, closest: (sel: string) => (sel === "[data-item-id]" && itemId ? { dataset: { itemId } } : null) }) as unknown as HTMLElement;

beforeEach(() => {
  notifications.warn.length = 0;
  notifications.error.length = 0;
  rolls.length = 0;
});

describe("registerD6Sheets", () => {
  it("registers one sheet per D6 type, for that type only, and loads the D6 partials", () => {
    const before = registeredSheets.length;
    registerD6Sheets();
    const mine = registeredSheets.slice(before);
    expect(mine.map(([doc, , types]) => [doc, types])).toEqual([
      ["Actor", ["d6Character"]],
      ["Actor", ["d6Creature"]],
      ["Item", ["d6Skill"]],
      ["Item", ["d6Weapon"]],
      ["Item", ["d6Armor"]],
    ]);
    expect(loadedTemplates).toEqual(expect.arrayContaining([...D6_PARTIALS]));
  });
});

describe("the character sheet", () => {
  const sheets = defineD6Sheets() as Record<string, any>; // the sheet classes by document type
  const make = () => {
    const actor = fakeKira();
    const sheet = new sheets.d6Character({ document: actor }) as unknown as InstanceType<typeof FakeSheet> & Record<string, any>;
    return { actor, sheet };
  };

  it("its context: the base's, the view model's figures from system.derived, the biography enriched, each tab's part", async () => {
    const { sheet } = make();
    const context = await sheet._prepareContext({});
    expect(context.fromBase).toBe(true);
    expect(context.strengthDamage).toBe("2D");
    expect((context.text as { enriched: string }).enriched).toContain("<enriched><p>Courier");
    const part = await sheet._preparePartContext("combat", context, {});
    expect(part.tab).toMatchObject({ id: "combat", active: false });
  });

  it("D1: an unreadable code is refused with the parser's message, marked on its input; the other fields are written", () => {
    const { sheet } = make();
    const agility = fakeInput("system.attributes.agility");
    const data = sheet._processFormData(null, fakeForm([agility]), { object: { "system.attributes.agility": "3Q", "system.fatePoints": 3, "system.attributes.strength": "3D+1" } });
    expect(data).toEqual({ system: { fatePoints: 3, attributes: { strength: "3D+1" } } });
    expect(notifications.warn).toHaveLength(1);
    expect(notifications.warn[0]).toMatch(/^“3Q”: .+ The stored value is kept\.$/);
    expect(agility.classList.contains("is-invalid")).toBe(true);
    expect(agility.attrs["aria-invalid"]).toBe("true");
    // Corrected on the next submission: written, the mark removed.
    const again = sheet._processFormData(null, fakeForm([agility]), { object: { "system.attributes.agility": "3D+1" } });
    expect(again).toEqual({ system: { attributes: { agility: "3D+1" } } });
    expect(agility.classList.contains("is-invalid")).toBe(false);
  });

  it("D35: a wound level set by hand lasts until changed (its round limit cleared); an unchanged level leaves it", () => {
    const { sheet } = make();
    expect(sheet._processFormData(null, fakeForm([]), { object: { "system.wounds.level": "stunned" } })).toEqual({ system: { wounds: { level: "stunned", untilRound: 0 } } });
    expect(sheet._processFormData(null, fakeForm([]), { object: { "system.wounds.level": "wounded" } })).toEqual({ system: { wounds: { level: "wounded" } } });
  });

  it("roll: the button's roll key and the click (Shift skips the dialog) go to the roll dialog; no key, no roll", async () => {
    const { actor, sheet } = make();
    const actions = sheets.d6Character.DEFAULT_OPTIONS.actions;
    const click = { shiftKey: true } as PointerEvent;
    await actions.roll!.call(sheet as never, click, target({ rollKey: "skill:sDodge" }));
    await actions.roll!.call(sheet as never, click, target({}));
    expect(rolls).toEqual([[actor, "skill:sDodge", click]]);
  });

  it("attack: the weapon's attack goes to the attack workflow (which needs a GM here)", async () => {
    const { sheet } = make();
    await sheets.d6Character.DEFAULT_OPTIONS.actions.attack!.call(sheet as never, {} as PointerEvent, target({}, "wKnife"));
    expect(notifications.error).toHaveLength(1);
    notifications.error.length = 0;
    await sheets.d6Character.DEFAULT_OPTIONS.actions.attack!.call(sheet as never, {} as PointerEvent, target({}, "aVest"));
    expect(notifications.error).toHaveLength(0);
  });

  it("create (D6 item types only), edit, delete after confirming, wear or stow armor (D34)", async () => {
    const { actor, sheet } = make();
    const actions = sheets.d6Character.DEFAULT_OPTIONS.actions;
    await actions.createItem!.call(sheet as never, {} as PointerEvent, target({ type: "weapon" }));
    expect(actor.createEmbeddedDocuments).not.toHaveBeenCalled();
    await actions.createItem!.call(sheet as never, {} as PointerEvent, target({ type: "d6Weapon" }));
    expect(actor.createEmbeddedDocuments).toHaveBeenCalledWith("Item", [{ name: "New Weapon", type: "d6Weapon" }], { renderSheet: true });
    actions.editItem!.call(sheet as never, {} as PointerEvent, target({}, "sDodge"));
    expect(actor.items.get("sDodge")!.sheet.render).toHaveBeenCalledWith({ force: true });
    await actions.deleteItem!.call(sheet as never, {} as PointerEvent, target({}, "sDodge"));
    expect(confirms).toHaveLength(1);
    expect(actor.items.get("sDodge")!.delete).toHaveBeenCalled();
    await actions.toggleEquipped!.call(sheet as never, {} as PointerEvent, target({}, "aHelm"));
    expect(actor.items.get("aHelm")!.update).toHaveBeenCalledWith({ "system.equipped": true });
    await actions.toggleEquipped!.call(sheet as never, {} as PointerEvent, target({}, "wKnife"));
    expect(actor.items.get("wKnife")!.update).not.toHaveBeenCalled();
  });
});

describe("the item sheets", () => {
  const sheets = defineD6Sheets() as Record<string, any>; // the sheet classes by document type
  it("a weapon's damage is checked with the damage syntax: +1D+1 written, 1X refused", () => {
    const knife = { ...fakeItem(kira.items.find((i) => i.id === "wKnife")!), actor: null };
    const sheet = new sheets.d6Weapon({ document: knife }) as unknown as Record<string, any>;
    expect(sheet._processFormData(null, fakeForm([]), { object: { "system.damage": "+1D+1" } })).toEqual({ system: { damage: "+1D+1" } });
    expect(sheet._processFormData(null, fakeForm([]), { object: { "system.damage": "1X", "system.edged": false } })).toEqual({ system: { edged: false } });
    expect(notifications.warn).toHaveLength(1);
  });

  it("its context: the owner's skills offered for the weapon's skill, the description enriched", async () => {
    const owner = fakeKira();
    const knife = { ...fakeItem(kira.items.find((i) => i.id === "wKnife")!), actor: owner };
    const sheet = new sheets.d6Weapon({ document: knife }) as unknown as Record<string, any>;
    const context = await sheet._prepareContext({});
    expect(context.ownerSkills).toEqual(["dodge", "melee combat", "firearms", "lifting", "search", "streetwise"]);
    expect(context.description.enriched).toContain("<enriched>");
  });
});
