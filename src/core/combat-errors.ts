/**
 * The two ways a GM-side combat change ends short of done. A `Refusal` is
 * expected (not allowed, not possible now, a bad roll): its message, already
 * localized, goes back to the requester and nothing was changed. A
 * `PartialChange` went part of the way and could not be undone: it is
 * reported to the GM and the requester, never left silent. Anything else
 * thrown is unexpected and logged.
 */
export class Refusal extends Error {
  override name = "Refusal";
}

export class PartialChange extends Error {
  override name = "PartialChange";
}
