/** Items dragged onto an actor sheet (both rulesets' sheets): copied from elsewhere, reordered from the same actor, refused when the ruleset says so. */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { bindItemDragDrop, type DraggableItem } from "../../src/foundry/item-drag-drop.js";

type Handler = (event: unknown) => unknown;
const g = globalThis as any;

function item(id: string, type: string, parentUuid: string | null, sort = 0): DraggableItem {
  return { id, name: id, type, sort, parent: parentUuid ? { uuid: parentUuid } : null, toObject: () => ({ name: id, type }), toDragData: () => ({ type: "Item", uuid: `Item.${id}` }) };
}

let dropped: DraggableItem | undefined;
let handlers: Record<string, Handler>;
beforeEach(() => {
  handlers = {};
  dropped = undefined;
  g.foundry = {
    ...(g.foundry ?? {}),
    applications: { ...(g.foundry?.applications ?? {}), ux: { TextEditor: { implementation: { getDragEventData: (e: { data: unknown }) => e.data } } } },
    utils: { ...(g.foundry?.utils ?? {}), performIntegerSort: (source: DraggableItem, o: { target: DraggableItem }) => [{ target: source, update: { sort: o.target.sort - 1 } }] },
  };
  g.Item = { implementation: { fromDropData: async () => dropped } };
});

function sheet(editable = true) {
  const own = [item("sword", "d6Weapon", "Actor.kira", 10), item("knife", "d6Weapon", "Actor.kira", 20)];
  const content = { addEventListener: (name: string, fn: Handler) => void (handlers[name] = fn), querySelectorAll: () => [] };
  const actor = {
    uuid: "Actor.kira",
    items: { contents: own, get: (id: string) => own.find((i) => i.id === id) },
    createEmbeddedDocuments: vi.fn(async () => []),
    updateEmbeddedDocuments: vi.fn(async () => []),
  };
  return { element: { querySelector: () => content } as unknown as HTMLElement, isEditable: editable, actor };
}

const row = (itemId?: string) => ({ closest: () => (itemId ? { dataset: { itemId } } : null) });
const drop = (target = row()) => ({ data: { type: "Item" }, target, preventDefault: vi.fn(), stopPropagation: vi.fn() });

describe("item drag and drop on an actor sheet", () => {
  it("an item from elsewhere is copied onto the actor", async () => {
    const s = sheet();
    bindItemDragDrop(s);
    dropped = item("pistol", "d6Weapon", null);
    await handlers.drop!(drop());
    expect(s.actor.createEmbeddedDocuments).toHaveBeenCalledWith("Item", [{ name: "pistol", type: "d6Weapon" }]);
  });

  it("an item of this actor dropped on another row is reordered before it, not copied", async () => {
    const s = sheet();
    bindItemDragDrop(s);
    dropped = s.actor.items.get("knife");
    await handlers.drop!(drop(row("sword")));
    expect(s.actor.createEmbeddedDocuments).not.toHaveBeenCalled();
    expect(s.actor.updateEmbeddedDocuments).toHaveBeenCalledWith("Item", [{ _id: "knife", sort: 9 }]);
  });

  it("an item the ruleset refuses is not added; a sheet that is not editable takes nothing", async () => {
    const s = sheet();
    const refused: string[] = [];
    bindItemDragDrop(s, (i) => (i.type.startsWith("d6") ? true : (refused.push(i.name), false)));
    dropped = item("outfit", "outfit", null);
    await handlers.drop!(drop());
    expect(refused).toEqual(["outfit"]);
    expect(s.actor.createEmbeddedDocuments).not.toHaveBeenCalled();
    const locked = sheet(false);
    bindItemDragDrop(locked);
    dropped = item("pistol", "d6Weapon", null);
    await handlers.drop!(drop());
    expect(locked.actor.createEmbeddedDocuments).not.toHaveBeenCalled();
  });
});
