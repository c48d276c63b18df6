/**
 * What every ruleset's token-status mirror shares (src/foundry/<id>/status.ts):
 * the actor guard of its types, the option marking the sync's own writes
 * (the HUD guard lets them through), the check that an update touched the
 * fields the statuses mirror, and `CONFIG.statusEffects` set to the
 * ruleset's statuses then Foundry's "dead" marker (again on `i18nInit`, when
 * the translations are there). The rulings (which status shows, what a HUD click
 * means) stay in each ruleset.
 */

/** What a status mirror reads of an effect on a ruleset's actor. */
export interface StatusSyncEffect {
  id: string;
  statuses?: Iterable<string>;
  parent?: unknown;
}

/** What a status mirror reads and writes of a ruleset's actor (its `system` and effects typed by the ruleset). */
export interface StatusSyncActor<E extends StatusSyncEffect> {
  uuid: string;
  documentName: string;
  type: string;
  name?: string;
  isOwner: boolean;
  effects: Iterable<E>;
  createEmbeddedDocuments(name: "ActiveEffect", data: object[], options?: Record<string, unknown>): Promise<unknown>;
  deleteEmbeddedDocuments(name: "ActiveEffect", ids: string[], options?: Record<string, unknown>): Promise<unknown>;
}

/** A guard for the ruleset's actors (character or creature, world or token actor). */
export const actorOfTypes =
  <D>(types: readonly string[]) =>
  (doc: unknown): doc is D => {
    const d = doc as { documentName?: string; type?: string } | null | undefined;
    return !!d && d.documentName === "Actor" && types.includes(d.type as string);
  };

/** Whether an operation's options carry the sync's own mark. */
export const fromSync = (options: unknown, syncOption: string): boolean => (options as Record<string, unknown> | undefined)?.[syncOption] === true;

/** Whether an actor's update (flat or nested) changed one of `system.<field>` (or below it). */
export function touchesSystem(changes: unknown, fields: readonly string[]): boolean {
  const c = changes as Record<string, unknown> | undefined;
  if (!c || typeof c !== "object") return false;
  if (Object.keys(c).some((k) => fields.some((f) => k === `system.${f}` || k.startsWith(`system.${f}.`)))) return true;
  const system = c.system;
  return !!system && typeof system === "object" && fields.some((f) => f in system);
}

/** `CONFIG.statusEffects` = the ruleset's statuses then Foundry's "dead" marker, now and again on `i18nInit` (in words). */
export function installStatusEffects(statuses: () => readonly object[]): void {
  const apply = () => {
    const dead = CONFIG.statusEffects.filter((s) => s.id === "dead");
    CONFIG.statusEffects = [...statuses(), ...dead] as typeof CONFIG.statusEffects;
  };
  apply();
  Hooks.once("i18nInit", apply);
}
