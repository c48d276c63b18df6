/**
 * Items on an actor sheet, for every ruleset: drag owned items out (to other
 * sheets, the sidebar) and drop items in — from elsewhere they are copied,
 * from this actor they are reordered among those of their type. A ruleset
 * may refuse an item (`accepts`), with its own message; the documents'
 * `_preCreate` refuses another ruleset's types anyway (src/foundry/documents.ts).
 */
export interface DraggableItem {
  id: string;
  name: string;
  type: string;
  sort: number;
  parent: { uuid: string } | null;
  toObject(): Record<string, unknown>;
  toDragData(): Record<string, unknown>;
}

/** An item on an actor sheet, as every ruleset's sheets use it (its `system` is the ruleset's to narrow). */
export interface SheetItemLike extends DraggableItem {
  uuid: string;
  img: string;
  isOwner: boolean;
  sheet: { render(options: { force: boolean }): unknown } | null;
  update(data: Record<string, unknown>): Promise<unknown>;
  delete(): Promise<unknown>;
}

export interface ItemSheetHost<I extends DraggableItem> {
  element: HTMLElement;
  isEditable: boolean;
  readonly actor: {
    uuid: string;
    items: { contents: I[]; get(id: string): I | undefined };
    createEmbeddedDocuments(name: "Item", data: Record<string, unknown>[]): Promise<unknown>;
    updateEmbeddedDocuments(name: "Item", data: Record<string, unknown>[]): Promise<unknown>;
  };
}

export function bindItemDragDrop<I extends DraggableItem>(sheet: ItemSheetHost<I>, accepts: (item: I) => boolean = () => true): void {
  const content = sheet.element.querySelector<HTMLElement>(".window-content");
  if (!content) return;
  content.addEventListener("dragstart", (event) => {
    const row = (event.target as HTMLElement).closest<HTMLElement>("[data-item-id][draggable='true']");
    const item = row && sheet.actor.items.get(row.dataset.itemId ?? "");
    if (!item || !event.dataTransfer) return;
    event.stopPropagation();
    event.dataTransfer.setData("text/plain", JSON.stringify(item.toDragData()));
  });
  content.addEventListener("dragover", (event) => {
    if (!sheet.isEditable) return;
    event.preventDefault();
    const row = (event.target as HTMLElement).closest<HTMLElement>("[data-item-id]");
    for (const el of content.querySelectorAll(".is-drop-target")) if (el !== row) el.classList.remove("is-drop-target");
    row?.classList.add("is-drop-target");
  });
  content.addEventListener("dragleave", (event) => {
    (event.target as HTMLElement).closest?.("[data-item-id]")?.classList.remove("is-drop-target");
  });
  content.addEventListener("drop", async (event) => {
    for (const el of content.querySelectorAll(".is-drop-target")) el.classList.remove("is-drop-target");
    if (!sheet.isEditable) return;
    const editor = foundry.applications.ux.TextEditor.implementation as unknown as { getDragEventData(event: DragEvent): Record<string, unknown> };
    const data = editor.getDragEventData(event);
    if (data.type !== "Item") return;
    event.preventDefault();
    event.stopPropagation();
    const fromDrop = Item.implementation.fromDropData as unknown as (data: unknown) => Promise<I | undefined>;
    const item = await fromDrop(data);
    if (!item || !accepts(item)) return;
    if (item.parent?.uuid === sheet.actor.uuid) return sortItem(sheet.actor, item, (event.target as HTMLElement).closest<HTMLElement>("[data-item-id]"));
    await sheet.actor.createEmbeddedDocuments("Item", [item.toObject()]);
  });
}

/** Reorder an owned item among those of its type, before the row it was dropped on. */
async function sortItem<I extends DraggableItem>(actor: ItemSheetHost<I>["actor"], item: I, row: HTMLElement | null): Promise<void> {
  const target = row ? actor.items.get(row.dataset.itemId ?? "") : undefined;
  if (!target || target.id === item.id) return;
  const siblings = actor.items.contents.filter((i) => i.type === target.type && i.id !== item.id);
  const sort = foundry.utils.performIntegerSort as unknown as (
    source: I,
    options: { target: I; siblings: I[]; sortBefore: boolean },
  ) => { target: I; update: { sort: number } }[];
  await actor.updateEmbeddedDocuments("Item", sort(item, { target, siblings, sortBefore: true }).map((u) => ({ _id: u.target.id, ...u.update })));
}
