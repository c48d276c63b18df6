/**
 * What the OpenD6 tracker reads of a combatant's actor, in one place: its
 * Perception (D6), its initiative bonus (D8, `system.derived.initiativeBonus`,
 * 0 when not derived), its wound (D35–D37: the
 * stored `system.wounds` read by the rules core), its Character Points (D9)
 * and whether a player owns it (D7). Pure; anything malformed reads as the
 * safe default (no bonus, unhurt, 0D, no points).
 */
import { D6_STANDARD_RULES, type D6Rules, type DieCode, parseDieCode, type WoundLevel, woundStatus } from "../rules/index.js";

export interface D6ActorLike {
  id?: string | null;
  type?: string;
  /** Foundry's `Actor#hasPlayerOwner`. */
  hasPlayerOwner?: boolean;
  system?: unknown;
}

export interface D6CombatantLike {
  id: string;
  name: string;
  defeated?: boolean;
  /** The base actor's id (tokens of one creature share it): the group of D6. */
  actorId?: string | null;
  actor?: D6ActorLike | null;
}

export interface D6CombatantFacts {
  id: string;
  name: string;
  defeated: boolean;
  /** D6: Perception, the initiative code. */
  perception: DieCode;
  /** D8. */
  initiativeBonus: number;
  wound: { level: WoundLevel; penaltyDice: number; unableToAct: boolean };
  /** D7: a player character (a character a player owns) is listed first among ties. */
  playerCharacter: boolean;
  /** D6: a player owns it (then it rolls for itself, never in a group). */
  playerOwned: boolean;
  /** D6: the GM's group key: creatures of the same actor. */
  groupKey: string | null;
  /** D9: Character Points left (null: the actor has none to spend). */
  characterPoints: number | null;
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);
const isCode = (v: unknown): v is DieCode => isRecord(v) && Number.isInteger(v.dice) && Number.isInteger(v.pips) && (v.dice as number) >= 0 && (v.pips as number) >= 0;
const WOUNDS: readonly WoundLevel[] = ["none", "stunned", "wounded", "severelyWounded", "incapacitated", "mortallyWounded", "killed"];
const isWound = (v: unknown): v is WoundLevel => typeof v === "string" && (WOUNDS as readonly string[]).includes(v);

function perceptionOf(system: Record<string, unknown>, derived: Record<string, unknown>): DieCode {
  const fromDerived = isRecord(derived.attributes) ? derived.attributes.perception : undefined;
  if (isCode(fromDerived)) return fromDerived;
  const stored = isRecord(system.attributes) ? system.attributes.perception : undefined;
  if (typeof stored === "string") {
    try {
      return parseDieCode(stored);
    } catch {
      return { dice: 0, pips: 0 };
    }
  }
  return { dice: 0, pips: 0 };
}

/**
 * D35–D37: the stored wounds read by the core for `round` (the stored level is
 * the truth and an expired Stunned costs nothing; derived data knows no round).
 */
function woundOf(system: Record<string, unknown>, round: number, rules: Readonly<D6Rules>): D6CombatantFacts["wound"] {
  const stored = isRecord(system.wounds) ? system.wounds : {};
  const level = isWound(stored.level) ? stored.level : "none";
  const until = Number.isInteger(stored.untilRound) && (stored.untilRound as number) > 0 ? (stored.untilRound as number) : null;
  const status = woundStatus({ level, untilRound: until }, round, rules);
  return { level: status.level, penaltyDice: status.penaltyDice, unableToAct: status.unableToAct };
}

/** D7: a player character — a character a player owns — is listed first among ties. */
export function isPlayerCharacter(c: D6CombatantLike): boolean {
  const actor = c.actor ?? null;
  return actor?.hasPlayerOwner === true && actor.type === "d6Character";
}

/** The facts of a combatant in `round`. */
export function d6CombatantFacts(c: D6CombatantLike, round: number, rules: Readonly<D6Rules> = D6_STANDARD_RULES): D6CombatantFacts {
  const actor = c.actor ?? null;
  const system = isRecord(actor?.system) ? actor.system : {};
  const derived = isRecord(system.derived) ? system.derived : {};
  const bonus = derived.initiativeBonus;
  const points = system.characterPoints;
  const playerOwned = actor?.hasPlayerOwner === true;
  return {
    id: c.id,
    name: c.name,
    defeated: c.defeated === true,
    perception: perceptionOf(system, derived),
    initiativeBonus: Number.isInteger(bonus) && (bonus as number) >= 0 && (bonus as number) <= 99 ? (bonus as number) : 0,
    wound: woundOf(system, round, rules),
    playerCharacter: isPlayerCharacter(c),
    playerOwned,
    groupKey: playerOwned ? null : (c.actorId ?? actor?.id ?? null),
    characterPoints: Number.isInteger(points) && (points as number) >= 0 ? (points as number) : null,
  };
}
