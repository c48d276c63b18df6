/** The Item document class: an owned skill, weapon or trick knows which action total it rolls. */
import type { CychosysActor } from "./actor.js";

export class CychosysItem<SubType extends Item.SubType = Item.SubType> extends Item<SubType> {
  /**
   * The derived action total this item rolls (`skill:<id>` or `gear:<id>`,
   * see `system.derived.totals` on the actor), or undefined (unowned, or a
   * trademark or outfit piece).
   */
  get totalKey(): string | undefined {
    if (!this.actor || !this.id) return undefined;
    if (this.type === "skill") return `skill:${this.id}`;
    if (this.type === "weapon" || this.type === "trick") return `gear:${this.id}`;
    return undefined;
  }

  /** Roll this item's action total on its owner (R13). */
  async roll(options: { modifier?: number } = {}): Promise<ChatMessage.Implementation | undefined> {
    const key = this.totalKey;
    if (!key) return undefined;
    return (this.actor as unknown as CychosysActor).rollAction(key, options);
  }
}
