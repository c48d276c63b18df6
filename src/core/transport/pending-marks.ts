/**
 * The write markers a failure left pending: a card whose writes were
 * recorded but not confirmed is finished later (its next step, or the GM's
 * next start), and each write is skipped when its marker shows it landed.
 * A document keeps only its newest MAX_MARKS markers, so while a card stays
 * pending, writes of later requests could push its markers out — and the
 * late retry would land a second time. The GM's client holds the markers of
 * every card it knows to be pending; they are never dropped until the card is
 * finished.
 */
import { writeMark } from "../writes.js";

export class PendingMarks {
  private readonly byCard = new Map<string, string[]>();
  private readonly held = new Map<string, number>();

  /** The card `messageId` has `count` writes pending under `requestId`. */
  hold(messageId: string, requestId: string, count: number): void {
    this.release(messageId);
    const marks = Array.from({ length: count }, (_, index) => writeMark(requestId, index));
    this.byCard.set(messageId, marks);
    for (const mark of marks) this.held.set(mark, (this.held.get(mark) ?? 0) + 1);
  }

  /** The card's writes are confirmed (or the card is gone): its markers may go. */
  release(messageId: string): void {
    const marks = this.byCard.get(messageId);
    if (!marks) return;
    this.byCard.delete(messageId);
    for (const mark of marks) {
      const left = (this.held.get(mark) ?? 1) - 1;
      if (left > 0) this.held.set(mark, left);
      else this.held.delete(mark);
    }
  }

  /** Is this marker still needed by a pending card? */
  isHeld(mark: string): boolean {
    return this.held.has(mark);
  }

  /** How many cards are pending. */
  get size(): number {
    return this.byCard.size;
  }
}
