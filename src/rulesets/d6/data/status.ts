/**
 * D35–D37 [fixed — ours]: the wound levels as token status effects, and the
 * plan that keeps a token's status equal to its actor's stored wound level.
 * The stored `system.wounds` is the one source of truth: the status effect is
 * only its mirror, and turning a status on or off from the token HUD is read
 * as setting the wound level. Pure: no Foundry, the localizer is handed in;
 * icons are Foundry core's `icons/svg/*.svg`.
 */
import { pluralKey } from "../../../core/views/text.js";
import { D6_STANDARD_RULES, type D6Rules } from "../rules/options.js";
import { WOUND_LEVELS, type WoundLevel } from "../rules/types.js";
import { currentWounds, woundAt, type WoundState } from "../rules/wounds.js";
import { D6_ACTOR_TYPES } from "./schema.js";

/** A level an actor can be hurt to (every level but none). */
export type D6WoundStatusLevel = Exclude<WoundLevel, "none">;

export const D6_WOUND_STATUS_LEVELS: readonly D6WoundStatusLevel[] = WOUND_LEVELS.filter((l): l is D6WoundStatusLevel => l !== "none");

/** Core icons for each level (Foundry's own status effects use the same files). */
export const D6_WOUND_ICONS: Readonly<Record<D6WoundStatusLevel, string>> = Object.freeze({
  stunned: "icons/svg/daze.svg",
  wounded: "icons/svg/blood.svg",
  severelyWounded: "icons/svg/downgrade.svg",
  incapacitated: "icons/svg/unconscious.svg",
  mortallyWounded: "icons/svg/degen.svg",
  killed: "icons/svg/skull.svg",
});

export interface D6StatusDefinition {
  /** `d6-stunned`, `d6-severelyWounded` … (never Foundry's own `dead`, which the tracker's "defeated" toggles). */
  id: string;
  level: D6WoundStatusLevel;
  /** The level's name (`CYCHOSYS.D6.Wound.<level>`), a lang key Foundry localizes in the HUD. */
  name: string;
  img: string;
}

/** D35–D37: one status per wound level, in ladder order (D36). */
export const D6_WOUND_STATUSES: readonly D6StatusDefinition[] = Object.freeze(
  D6_WOUND_STATUS_LEVELS.map((level) => Object.freeze({ id: `d6-${level}`, level, name: `CYCHOSYS.D6.Wound.${level}`, img: D6_WOUND_ICONS[level] })),
);

const BY_ID: ReadonlyMap<string, D6StatusDefinition> = new Map(D6_WOUND_STATUSES.map((s) => [s.id, s]));

/** The status id of a level (null for none). */
export function woundStatusId(level: WoundLevel): string | null {
  return level === "none" ? null : `d6-${level}`;
}

/** The wound level a status id stands for, or undefined when it is not a D6 wound status. */
export function woundLevelOfStatus(id: unknown): D6WoundStatusLevel | undefined {
  return typeof id === "string" ? BY_ID.get(id)?.level : undefined;
}

type Format = (key: string, params?: Record<string, string | number>) => string;

/** D37 in words for one level, from the rules' own table (penalty dice, unable to act, dying, out, clearing). */
export function woundStatusDescription(level: D6WoundStatusLevel, format: Format, rules: Readonly<D6Rules> = D6_STANDARD_RULES): string {
  const effect = rules.woundEffects[level];
  const parts: string[] = [];
  if (effect.penaltyDice > 0) parts.push(format("CYCHOSYS.D6.Status.penalty", { dice: effect.penaltyDice }));
  if (effect.out) parts.push(format("CYCHOSYS.D6.Status.out"));
  else if (effect.dying) parts.push(format("CYCHOSYS.D6.Status.dying"));
  else if (effect.unableToAct) parts.push(format("CYCHOSYS.D6.Status.unableToAct"));
  parts.push(effect.clearsAfterRounds === null ? format("CYCHOSYS.D6.Status.untilHealed") : format(pluralKey("CYCHOSYS.D6.Status.clears", effect.clearsAfterRounds, (k) => format(k) !== k), { count: effect.clearsAfterRounds }));
  return `<p>${parts.map(escapeHtml).join(" ")}</p><p>${escapeHtml(format("CYCHOSYS.D6.Status.source"))}</p>`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

export interface D6StatusEffectEntry {
  id: string;
  name: string;
  img: string;
  description: string;
  /** Offered in the token HUD for D6 actors only. */
  hud: { actorTypes: string[] };
}

/** `CONFIG.statusEffects` entries for the wound levels, in ladder order. */
export function d6StatusEffects(format: Format, rules: Readonly<D6Rules> = D6_STANDARD_RULES): D6StatusEffectEntry[] {
  return D6_WOUND_STATUSES.map((s) => ({ id: s.id, name: s.name, img: s.img, description: woundStatusDescription(s.level, format, rules), hud: { actorTypes: [...D6_ACTOR_TYPES] } }));
}

/** The ActiveEffect data that shows one level on a token (created only by the sync, flagged with its level). */
export function woundEffectData(level: D6WoundStatusLevel, format: Format, rules: Readonly<D6Rules> = D6_STANDARD_RULES) {
  const status = BY_ID.get(`d6-${level}`)!;
  return {
    name: format(status.name),
    img: status.img,
    statuses: [status.id],
    description: woundStatusDescription(level, format, rules),
    flags: { cychosys: { d6Wound: level } },
  };
}

/** Wounds as stored (`untilRound` 0: no round) and as the core reads them (null: until healed). */
export function storedToWounds(stored: { level?: unknown; untilRound?: unknown } | undefined): WoundState {
  const level = WOUND_LEVELS.includes(stored?.level as WoundLevel) ? (stored!.level as WoundLevel) : "none";
  const until = stored?.untilRound;
  return { level, untilRound: level !== "none" && typeof until === "number" && Number.isInteger(until) && until > 0 ? until : null };
}

/**
 * The level a token shows: the stored one as it stands in `round` (D37: a
 * Stunned result past its last round has cleared), or the stored one as it is
 * when the actor is in no started combat (`round` null).
 */
export function shownWoundLevel(wounds: WoundState, round: number | null): WoundLevel {
  return round === null ? wounds.level : currentWounds(wounds, round).level;
}

/** An ActiveEffect as the plan reads it. */
export interface EffectLike {
  id: string;
  statuses: Iterable<string>;
}

/**
 * What to change so the actor's effects carry exactly one wound status, the
 * shown level's: remove every effect carrying another level's status (and
 * any duplicate of the shown one), add the shown level when none carries it.
 */
export function woundStatusPlan(shown: WoundLevel, effects: readonly EffectLike[]): { remove: string[]; add: D6WoundStatusLevel | null } {
  const wanted = woundStatusId(shown);
  const remove: string[] = [];
  let kept = false;
  for (const effect of effects) {
    const wound = [...effect.statuses].filter((s) => BY_ID.has(s));
    if (wound.length === 0) continue;
    if (!kept && wanted !== null && wound.length === 1 && wound[0] === wanted) kept = true;
    else remove.push(effect.id);
  }
  return { remove, add: shown !== "none" && !kept ? (shown as D6WoundStatusLevel) : null };
}

/**
 * The stored wounds after a status is turned on or off from the HUD: on sets
 * that level as taken in `round` (D37: Stunned lasts through the next round;
 * outside a started combat, `round` null, it lasts until cleared); off clears
 * it to unhurt — but only when it is the level the token shows, else nothing
 * changes (undefined).
 */
export function woundsForStatus(
  level: D6WoundStatusLevel,
  active: boolean,
  shown: WoundLevel,
  round: number | null,
  rules: Readonly<D6Rules> = D6_STANDARD_RULES,
): { level: WoundLevel; untilRound: number } | undefined {
  if (!active) return shown === level ? { level: "none", untilRound: 0 } : undefined;
  if (round === null) return { level, untilRound: 0 };
  const taken = woundAt(level, round, rules);
  return { level: taken.level, untilRound: taken.untilRound ?? 0 };
}
