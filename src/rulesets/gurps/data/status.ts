/**
 * The conditions the GURPS injury and posture rules produce, as token status
 * effects mirrored from what is stored — never set by hand: the actor's HP
 * (reeling G80, at 0 HP or below G81, dead at −5 × HP G81) and, in a started
 * fight, the fighter's round on the combat (shock G77, stun G19/G79, a major
 * wound G78, unconscious, mortally wounded and dead G81, the posture and
 * crouch G14–G16, grappled and pinned G50, suffocating G47). One plan keeps
 * the actor's effects equal to that list. Pure: no Foundry, the localizer is
 * handed in; icons are Foundry core's `icons/svg/*.svg`.
 */
import { GURPS_STANDARD_RULES, type GurpsFighterRound, type GurpsRules, shockPenalty } from "../rules/index.js";
import { GURPS_ACTOR_TYPES } from "./schema.js";

export const GURPS_CONDITIONS = [
  "shock", "stunned", "mentallyStunned", "majorWound", "reeling", "collapsing", "unconscious", "mortallyWounded", "dead",
  "crouching", "kneeling", "sitting", "crawling", "prone", "faceUp", "grappled", "pinned", "suffocating",
] as const;
export type GurpsCondition = (typeof GURPS_CONDITIONS)[number];

/** The rule each condition comes from (its description cites it). */
export const GURPS_CONDITION_RULES: Readonly<Record<GurpsCondition, string>> = Object.freeze({
  shock: "G77", stunned: "G79", mentallyStunned: "G19", majorWound: "G78", reeling: "G80", collapsing: "G81", unconscious: "G81", mortallyWounded: "G81",
  dead: "G81", crouching: "G16", kneeling: "G14", sitting: "G14", crawling: "G14", prone: "G14", faceUp: "G14", grappled: "G50", pinned: "G46", suffocating: "G47",
});

export const GURPS_CONDITION_ICONS: Readonly<Record<GurpsCondition, string>> = Object.freeze({
  shock: "icons/svg/lightning.svg",
  stunned: "icons/svg/daze.svg",
  mentallyStunned: "icons/svg/terror.svg",
  majorWound: "icons/svg/blood.svg",
  reeling: "icons/svg/downgrade.svg",
  collapsing: "icons/svg/degen.svg",
  unconscious: "icons/svg/unconscious.svg",
  mortallyWounded: "icons/svg/bones.svg",
  dead: "icons/svg/skull.svg",
  crouching: "icons/svg/cowled.svg",
  kneeling: "icons/svg/down.svg",
  sitting: "icons/svg/anchor.svg",
  crawling: "icons/svg/pawprint.svg",
  prone: "icons/svg/falling.svg",
  faceUp: "icons/svg/up.svg",
  grappled: "icons/svg/net.svg",
  pinned: "icons/svg/padlock.svg",
  suffocating: "icons/svg/silenced.svg",
});

/** `gurps-<condition>`: never Foundry's own `dead`, which the tracker's "defeated" toggles. */
export const gurpsStatusId = (c: GurpsCondition): string => `gurps-${c}`;
const BY_ID: ReadonlyMap<string, GurpsCondition> = new Map(GURPS_CONDITIONS.map((c) => [gurpsStatusId(c), c]));
export const conditionOfStatus = (id: unknown): GurpsCondition | undefined => (typeof id === "string" ? BY_ID.get(id) : undefined);

/** One condition in force, with its figure when it has one (shock's penalty). */
export interface GurpsConditionState {
  id: GurpsCondition;
  value?: number;
}

export interface GurpsConditionInput {
  hp: { value: number; max: number };
  /** G80, from the derive (its world setting applied). */
  reeling: boolean;
  /** The fighter's round in the started combat he fights in, else null. */
  round: GurpsFighterRound | null;
}

/**
 * The conditions in force, in GURPS_CONDITIONS order. Shock shows the
 * penalty his next turn will carry when he has been hurt since his last turn
 * (G77), else the one in force on this turn.
 */
export function gurpsConditions(input: GurpsConditionInput, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): GurpsConditionState[] {
  const { hp, round } = input;
  const on = new Map<GurpsCondition, number | undefined>();
  const deadByHp = hp.value <= -rules.autoDeathMultiple * hp.max;
  const dead = deadByHp || round?.dead === true;
  if (dead) on.set("dead", undefined);
  if (!dead && hp.value <= 0) on.set("collapsing", undefined);
  if (!dead && input.reeling) on.set("reeling", undefined);
  if (round && !dead) {
    const pending = round.injurySinceLastTurn > 0 ? shockPenalty(round.injurySinceLastTurn, hp.max, rules) : 0;
    const shock = pending > 0 ? pending : round.shock;
    if (shock > 0) on.set("shock", shock);
    if (round.stun === "physical") on.set("stunned", undefined);
    if (round.stun === "mental") on.set("mentallyStunned", undefined);
    if (round.majorWound === true) on.set("majorWound", undefined);
    if (round.unconscious) on.set("unconscious", undefined);
    if (round.mortallyWounded) on.set("mortallyWounded", undefined);
    if (round.posture !== "standing") on.set(round.posture, undefined);
    else if (round.crouching) on.set("crouching", undefined);
    if (round.grappledBy.length > 0) on.set("grappled", undefined);
    if (round.pinnedBy !== null) on.set("pinned", undefined);
    if (round.suffocating) on.set("suffocating", undefined);
  }
  return GURPS_CONDITIONS.filter((c) => on.has(c)).map((id) => (on.get(id) === undefined ? { id } : { id, value: on.get(id)! }));
}

type Format = (key: string, params?: Record<string, string | number>) => string;

/** The effect's name: the condition's, with its figure (`Shock −3`). */
export function conditionName(c: GurpsConditionState, format: Format): string {
  return c.value === undefined ? format(`CYCHOSYS.Gurps.Status.${c.id}`) : format(`CYCHOSYS.Gurps.Status.${c.id}Value`, { value: c.value });
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);
}

/** What the condition does, in words, with its rule and where the mark comes from. */
export function conditionDescription(c: GurpsCondition, format: Format): string {
  const what = format(`CYCHOSYS.Gurps.Status.Hint.${c}`, { rule: GURPS_CONDITION_RULES[c] });
  return `<p>${escapeHtml(what)}</p><p>${escapeHtml(format("CYCHOSYS.Gurps.Status.source"))}</p>`;
}

export interface GurpsStatusEffectEntry {
  id: string;
  name: string;
  img: string;
  description: string;
  /** Offered in the token HUD for GURPS actors only. */
  hud: { actorTypes: string[] };
}

/** `CONFIG.statusEffects` entries, in GURPS_CONDITIONS order. */
export function gurpsStatusEffects(format: Format): GurpsStatusEffectEntry[] {
  return GURPS_CONDITIONS.map((c) => ({
    id: gurpsStatusId(c), name: `CYCHOSYS.Gurps.Status.${c}`, img: GURPS_CONDITION_ICONS[c], description: conditionDescription(c, format), hud: { actorTypes: [...GURPS_ACTOR_TYPES] },
  }));
}

/** The ActiveEffect that shows one condition (created only by the mirror, flagged with its condition). */
export function conditionEffectData(c: GurpsConditionState, format: Format) {
  return {
    name: conditionName(c, format), img: GURPS_CONDITION_ICONS[c.id], statuses: [gurpsStatusId(c.id)], description: conditionDescription(c.id, format),
    flags: { cychosys: { gurpsCondition: c.id } },
  };
}

/** An ActiveEffect as the plan reads it. */
export interface EffectLike {
  id: string;
  name: string;
  statuses: Iterable<string>;
}

export interface GurpsStatusPlan {
  remove: string[];
  add: GurpsConditionState[];
  /** An effect kept whose name no longer says its figure (shock −2 → −4). */
  rename: { id: string; name: string }[];
}

/**
 * What to change so the actor's effects carry each condition in force
 * exactly once, named with its figure: remove every effect carrying a
 * condition not in force (or a second copy, or several conditions at once),
 * add the ones missing, rename one whose figure changed.
 */
export function gurpsStatusPlan(wanted: readonly GurpsConditionState[], effects: readonly EffectLike[], format: Format): GurpsStatusPlan {
  const want = new Map(wanted.map((c) => [c.id, c]));
  const kept = new Set<GurpsCondition>();
  const plan: GurpsStatusPlan = { remove: [], add: [], rename: [] };
  for (const effect of effects) {
    const ours = [...effect.statuses].map(conditionOfStatus).filter((c): c is GurpsCondition => c !== undefined);
    if (ours.length === 0) continue;
    const c = ours[0]!;
    if (ours.length > 1 || !want.has(c) || kept.has(c)) {
      plan.remove.push(effect.id);
      continue;
    }
    kept.add(c);
    const name = conditionName(want.get(c)!, format);
    if (effect.name !== name) plan.rename.push({ id: effect.id, name });
  }
  for (const c of wanted) if (!kept.has(c.id)) plan.add.push(c);
  return plan;
}
