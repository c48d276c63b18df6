/**
 * Cities Without Number's token status effects and the plan that keeps a
 * token's statuses equal to what the rules say it is: down at 0 hit points
 * (W19, the actor's `system.downed`), prone (W36), holding an action (W37),
 * surprised in the free round (W2), the temporary states while they last —
 * Total Defense (W27), charging (W25), screening (W26) — and its group
 * broken by Morale (W6), all read from the fight on the combat. The effects
 * are only mirrors, written by the GM's client and marked as managed; the
 * plan never touches an effect a user made. Pure: no Foundry; icons are
 * Foundry core's `icons/svg/*.svg`.
 */
import type { CwnCombatState, CwnSideState } from "../rules/combat.js";
import type { DownedState } from "../rules/types.js";
import { CWN_ACTOR_TYPES } from "./schema.js";

export const CWN_STATUS_KINDS = ["mortallyWounded", "unconscious", "stunned", "prone", "totalDefense", "charging", "screening", "holding", "surprised", "broken"] as const;
export type CwnStatusKind = (typeof CWN_STATUS_KINDS)[number];

/** Foundry's own "dead" marker (the tracker's "defeated") stands for W19's dead. */
export const DEAD_STATUS = "dead";

export const cwnStatusId = (kind: CwnStatusKind): string => `cwn-${kind}`;

const ICONS: Readonly<Record<CwnStatusKind, string>> = Object.freeze({
  mortallyWounded: "icons/svg/degen.svg",
  unconscious: "icons/svg/unconscious.svg",
  stunned: "icons/svg/daze.svg",
  prone: "icons/svg/falling.svg",
  totalDefense: "icons/svg/shield.svg",
  charging: "icons/svg/wingfoot.svg",
  screening: "icons/svg/mountain.svg",
  holding: "icons/svg/clockwork.svg",
  surprised: "icons/svg/sleep.svg",
  broken: "icons/svg/terror.svg",
});

/** The rule each status mirrors, for its HUD name. */
const RULES: Readonly<Record<CwnStatusKind, string>> = Object.freeze({
  mortallyWounded: "W19", unconscious: "W19", stunned: "W19", prone: "W36", totalDefense: "W27", charging: "W25", screening: "W26", holding: "W37", surprised: "W2", broken: "W6",
});

/** Statuses set only from the fight (the tracker's actions, the cards), never from the token HUD. */
export const FIGHT_STATUS_KINDS: readonly CwnStatusKind[] = ["totalDefense", "charging", "screening", "holding", "surprised", "broken"];
/** Statuses that stand for a downed state (the HUD sets `system.downed`). */
export const DOWNED_STATUS_KINDS: readonly CwnStatusKind[] = ["mortallyWounded", "unconscious", "stunned"];

export interface CwnStatusDefinition {
  id: string;
  name: string;
  img: string;
  hud: { actorTypes: string[] };
}

/** `CONFIG.statusEffects` of a CWN world (Foundry's "dead" is kept beside them). */
export function cwnStatusEffects(localize: (key: string, params?: Record<string, string | number>) => string): CwnStatusDefinition[] {
  return CWN_STATUS_KINDS.map((kind) => ({
    id: cwnStatusId(kind),
    name: localize("CYCHOSYS.Cwn.Status.named", { name: localize(`CYCHOSYS.Cwn.Status.${kind}`), rule: RULES[kind] }),
    img: ICONS[kind],
    hud: { actorTypes: [...CWN_ACTOR_TYPES] },
  }));
}

/** The CWN status kind of a status id, or undefined. */
export function statusKindOf(id: unknown): CwnStatusKind | undefined {
  return typeof id === "string" && id.startsWith("cwn-") && (CWN_STATUS_KINDS as readonly string[]).includes(id.slice(4)) ? (id.slice(4) as CwnStatusKind) : undefined;
}

/** W19: the downed state a downed status stands for. */
export const downedOfStatus = (kind: CwnStatusKind): DownedState | undefined => ((DOWNED_STATUS_KINDS as readonly string[]).includes(kind) ? (kind as DownedState) : undefined);

/**
 * The statuses an actor's token shows: its downed state (W19, the actor's
 * own data), and, when it fights in `fight` as `fighterId`, what the fight
 * says of it (prone, holding, surprised in the free round, each temporary
 * state in force, its side broken). `sides` (each fighter's side) saves a
 * search per fighter when a whole combat is mirrored.
 */
export function wantedStatuses(downed: DownedState, fight: CwnCombatState | null, fighterId: string | null, sides?: ReadonlyMap<string, CwnSideState>): string[] {
  const wanted: string[] = [];
  if (downed === "dead") wanted.push(DEAD_STATUS);
  else if (downed !== "none") wanted.push(cwnStatusId(downed));
  const f = fight && fighterId && Object.hasOwn(fight.fighters, fighterId) ? fight.fighters[fighterId]! : null;
  if (!f) return wanted;
  if (f.prone) wanted.push(cwnStatusId("prone"));
  if (f.holding && f.main === "held") wanted.push(cwnStatusId("holding"));
  if (f.surprised && fight!.round === 0) wanted.push(cwnStatusId("surprised"));
  for (const e of f.effects) wanted.push(cwnStatusId(e.kind));
  // `sides`: each fighter's side, found once for a whole combat (rules/combat.ts `sidesByFighter`).
  const side = sides ? sides.get(fighterId!) : fight!.order.map((id) => fight!.sides[id]!).find((s) => s.members.includes(fighterId!));
  if (side?.morale.status === "broken") wanted.push(cwnStatusId("broken"));
  return [...new Set(wanted)];
}

export interface EffectView {
  id: string;
  statuses: readonly string[];
  /** Written by the sync (`flags.cychosys.cwnStatus`). */
  managed: boolean;
}

/**
 * What to change so the managed effects show exactly `wanted`: the managed
 * effects no longer wanted are removed; a wanted status is added unless an
 * effect (managed or a user's own) shows it already.
 */
export function statusPlan(wanted: readonly string[], effects: readonly EffectView[]): { remove: string[]; add: string[] } {
  const remove = effects.filter((e) => e.managed && !e.statuses.some((s) => wanted.includes(s))).map((e) => e.id);
  const shown = new Set(effects.filter((e) => !remove.includes(e.id)).flatMap((e) => [...e.statuses]));
  return { remove, add: wanted.filter((s) => !shown.has(s)) };
}
