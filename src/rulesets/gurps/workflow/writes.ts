/**
 * What a GURPS card writes, as the shared write commands (src/core/writes.ts):
 *
 * - **facts** of the attack as they become known, written once each and
 *   never undone (they happened): the defense used since his last turn and
 *   the parrying item's count (G61–G68), a fall in defending (G65, G68,
 *   G85), a weapon broken or dropped, a shield's grip lost (G65, G85), the
 *   attacker's own fall from a flying tackle, a failed pounce or a shield
 *   rush knocked back (G49);
 * - the **injury** when applied (G77–G81): HP and FP by deltas, the death
 *   checks rolled, and the round's injury fields (shock to come, stun,
 *   posture, unconsciousness, death) — over the round as it is now;
 * - its **undo** by its own change only: the same deltas back, and the round's
 *   fields it set (its mark) taken back where nothing changed them since.
 *
 * Pure: the GM's documents are read by steps.ts and handed in.
 */
import type { WriteCommand } from "../../../core/writes.js";
import type { GurpsRoundOperation } from "../combat/round-state.js";
import { type GurpsFighterRound, type GurpsResolution, injuryCauses, isLying, injuryMark, recordInjury, type VictimAfter, type VictimInput, type VictimResult } from "../rules/index.js";
import type { GurpsApplication, GurpsStruck, GurpsTargetFlow } from "./flow.js";
import type { ParticipantRef } from "../../../core/ruleset.js";

/** The lowest HP the data model stores (G81, G94: far below −5 × HP). */
export const HP_FLOOR = -99_990;
export const FP_FLOOR = -9_999;

const round = (actorUuid: string, operation: GurpsRoundOperation): WriteCommand => ({ kind: "round", actorUuid, operation });

/** The defense-stage effects that leave the defender on the ground (G65 too heavy, G68 dodge and drop, G85 a critically failed dodge). */
const DEFENSE_FALLS = new Set(["G65", "G68", "G85"]);

/**
 * The facts of an attack not yet written, and the keys that mark them noted.
 * `defender` and `attacker` are the sides' actor UUIDs; each fact is keyed so
 * a later step never writes it again.
 */
export function factCommands(target: Pick<GurpsTargetFlow, "noted">, r: GurpsResolution, defender: string, attacker?: string): { commands: WriteCommand[]; noted: string[] } {
  const noted = new Set(target.noted);
  const commands: WriteCommand[] = [];
  const note = (key: string, command: WriteCommand) => {
    if (noted.has(key)) return;
    noted.add(key);
    commands.push(command);
  };
  // G61–G68: each defense made (its roll known), once; the parries it added to their items.
  const made = r.defenses.filter((d) => d.chosen.roll !== null);
  for (let i = 0; i < made.length; i++) {
    const before = made.slice(0, i).filter((d) => d.chosen.option.kind === "parry").length;
    const parried = made[i]!.chosen.option.kind === "parry" ? [r.parried[before]!] : [];
    if (r.defenseUse) note(`defense:${i}`, round(defender, { kind: "defense", used: r.defenseUse, parried }));
  }
  for (const e of r.effects) {
    if (e.who !== "defender") continue;
    if ((e.key === "droppedProne" || e.key === "fallsProne") && DEFENSE_FALLS.has(e.rule)) note("fall", round(defender, { kind: "posture", posture: "prone", crouching: false }));
    if (e.key === "weaponBroken" || e.key === "weaponDropped" || e.key === "shieldUnready") {
      const outcome = r.defenses.find((d) => (e.key === "shieldUnready" ? d.chosen.option.kind === "block" && d.chosen.roll?.critical === "failure" : d.chosen.option.kind === "parry"));
      const itemId = outcome?.chosen.option.sourceId;
      if (itemId && itemId !== "hands") note(`item:${itemId}`, round(defender, { kind: "itemUnready", itemId }));
    }
  }
  // G49: the attacker on the ground by the attack itself — a flying tackle (hit or miss), a failed pounce roll, a shield rush knocked
  // back — from the core's one answer (`attackerPosture`); when his own injury carries it (`self`, a slam's knockdown), its application writes it.
  if (attacker && !r.self && isLying(r.attackerPosture)) note("attackerFall", round(attacker, { kind: "posture", posture: r.attackerPosture, crouching: false }));
  return { commands, noted: [...noted] };
}

/**
 * G77–G81: what the injury leaves on the round, over the round as it is now:
 * a posture, stun, unconsciousness or death this attack neither changed nor
 * set itself (`caused`: knocked down, stunned) stays as it is now (another
 * blow, or his own turn, may have changed it since the attack).
 */
export function afterOverRound(after: VictimAfter, snapshot: VictimInput, now: GurpsFighterRound | null, caused: readonly string[] = []): VictimAfter {
  if (!now) return after;
  return {
    ...after,
    posture: after.posture !== (snapshot.posture ?? "standing") || caused.includes("posture") ? after.posture : now.posture,
    stunned: after.stunned !== (snapshot.stunned ?? null) || caused.includes("stun") ? after.stunned : now.stun,
    unconscious: after.unconscious || now.unconscious,
    mortallyWounded: after.mortallyWounded || now.mortallyWounded,
    dead: after.dead || now.dead,
  };
}

/** One struck side: the actor, the core's result for him, his round now and the items a fall unreadies. */
export interface StruckInput {
  side: "defender" | "attacker";
  ref: ParticipantRef;
  victim: VictimResult;
  snapshot: VictimInput;
  round: GurpsFighterRound | null;
  unreadyOnFall: string[];
}

/**
 * The application of a resolution to its struck sides, and the commands that
 * write it; `mark` names this application on the round states (the card's
 * attack and the application's number) so its undo takes back only its own
 * change.
 */
export function applicationOf(by: string, sides: readonly StruckInput[], mark?: string): { application: GurpsApplication; commands: WriteCommand[] } {
  const struck: GurpsStruck[] = [];
  const commands: WriteCommand[] = [];
  for (const s of sides) {
    const v = s.victim;
    const deathChecks = v.after.deathChecksRolled - (s.snapshot.deathChecksRolled ?? 0);
    const caused = injuryCauses(v);
    const merged = afterOverRound(v.after, s.snapshot, s.round, caused);
    // G78: the major wound's mark, until his next turn is over (the tracker's; undo restores it).
    const majorWound = v.thresholds.some((t) => t.kind === "majorWound");
    const roundAfter = s.round ? recordInjury(s.round, merged, s.unreadyOnFall, majorWound, mark ? { id: mark, caused } : undefined) : null;
    struck.push({
      side: s.side, ref: s.ref, injury: v.injury, fpLost: v.fpLost, deathChecks, hpBefore: v.hpBefore, hpAfter: v.after.hp,
      before: s.round ? injuryMark(s.round) : null, after: roundAfter ? injuryMark(roundAfter) : null, ...(mark && { mark }),
    });
    commands.push(...actorDeltas(s.ref.actorUuid, -v.injury, -v.fpLost, deathChecks));
    commands.push(round(s.ref.actorUuid, { kind: "injury", after: merged, unreadyOnFall: s.unreadyOnFall, majorWound, ...(mark && { mark, caused }) }));
  }
  return { application: { by, struck }, commands };
}

/** HP and FP by deltas within their range (G94: HP may fall far below 0), and the death checks rolled (G81). */
function actorDeltas(uuid: string, hp: number, fp: number, deathChecks: number): WriteCommand[] {
  const changes = [];
  if (hp) changes.push({ path: "system.hp.value", delta: hp, min: HP_FLOOR, max: { path: "system.hp.max" } });
  if (fp) changes.push({ path: "system.fp.value", delta: fp, min: FP_FLOOR, max: { path: "system.fp.max" } });
  if (deathChecks) changes.push({ path: "system.deathChecksRolled", delta: deathChecks, min: 0, max: 4 });
  return changes.length ? [{ kind: "adjust", uuid, changes }] : [];
}

/**
 * The undo of an application by its own change only: the deltas back (kept
 * within range), the round's fields this application set and nothing changed
 * since (its mark) taken back — a later blow's stays.
 */
export function undoCommands(application: GurpsApplication): WriteCommand[] {
  const commands: WriteCommand[] = [];
  for (const s of application.struck) {
    commands.push(...actorDeltas(s.ref.actorUuid, s.injury, s.fpLost, -s.deathChecks));
    if (s.before && s.after) commands.push(round(s.ref.actorUuid, { kind: "undoInjury", before: s.before, after: s.after, ...(s.mark && { mark: s.mark }) }));
  }
  return commands;
}
