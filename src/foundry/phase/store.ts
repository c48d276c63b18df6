/**
 * Where the phase tracker's truth lives in Foundry (docs/rulesets/phase.md,
 * "Where the hidden declarations live"). Foundry sends a Combat's and its
 * Combatants' flags to every client, so the combat holds only the public
 * projection (`flags.cychosys.phase`). The rest is kept in chat messages
 * the GM writes and whispers:
 *
 * - the ledger (the whole truth: every declaration, Targeting, Aim …) in one
 *   message whispered to the GMs only;
 * - each player-owned combatant's hidden part in one message whispered to
 *   the GMs and that combatant's owners.
 *
 * Foundry's server delivers a whispered message only to its author and the
 * users it is whispered to — a GM who is not a recipient does not receive it
 * either (so the GMs are always named) — and only a GM or the author may
 * change or delete it, and only the GM authors these. The chat log does not
 * show them. Everything here runs on the active GM's client, in its queue,
 * except the readers, which every client uses for what it received.
 */
import { replacingUpdate } from "../../core/transport/flow-store.js";
import { escapeHtml } from "../../core/html.js";
import { ledgerOrNull, type PhaseLedger } from "../../rulesets/phase/combat/ledger.js";
import { type PhaseSecret, sameSecret, secretsOf } from "../../rulesets/phase/combat/projection.js";
import { projectionUpdate } from "../../rulesets/phase/ruleset.js";
import { localize } from "../i18n.js";
import { phaseRules } from "./rules-source.js";

export const LEDGER_FLAG = "phaseLedger";
export const SECRET_FLAG = "phaseSecret";

export interface StoreMessage {
  id: string;
  author: { id: string; isGM: boolean } | null;
  whisper?: string[];
  flags: { cychosys?: Record<string, unknown> };
  update(data: Record<string, unknown>): Promise<unknown>;
  delete(): Promise<unknown>;
}
interface UserDoc {
  id: string;
  isGM: boolean;
}
export interface StoreCombatant {
  id: string;
  actor?: { testUserPermission(user: unknown, level: "OWNER"): boolean } | null;
}
export interface StoreCombat {
  id: string;
  flags: Record<string, unknown>;
  combatants: { contents: StoreCombatant[] };
  update(data: Record<string, unknown>): Promise<unknown>;
}

const world = () => game as unknown as { messages: { contents: StoreMessage[] }; users: { contents: UserDoc[] } };
const flagOf = (m: StoreMessage, key: string): Record<string, unknown> | undefined => {
  const value = m.flags?.cychosys?.[key];
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
};
/** Only a GM's message is a record: a player may write anything into their own. */
const records = (key: string) => world().messages.contents.filter((m) => m.author?.isGM === true && flagOf(m, key));

/** Is this message one of the tracker's hidden records (the chat log does not show them)? */
export function isPhaseRecord(flags: unknown): boolean {
  const scope = (flags as { cychosys?: Record<string, unknown> } | null | undefined)?.cychosys;
  return !!scope && (scope[LEDGER_FLAG] !== undefined || scope[SECRET_FLAG] !== undefined);
}

function ledgerMessages(combatId: string): StoreMessage[] {
  return records(LEDGER_FLAG).filter((m) => flagOf(m, LEDGER_FLAG)!.combatId === combatId);
}

/** The ledger this client holds for a combat (only a GM's client receives one), and whether it is missing or unreadable. */
export function ledgerFor(combatId: string): { ledger: PhaseLedger | null; problem: "noRecord" | "unreadable" | null } {
  const found = ledgerMessages(combatId);
  if (!found.length) return { ledger: null, problem: "noRecord" };
  const readable = found.map((m) => ledgerOrNull(flagOf(m, LEDGER_FLAG), phaseRules())).filter((l): l is PhaseLedger => l !== null);
  if (!readable.length) return { ledger: null, problem: "unreadable" };
  return { ledger: readable.reduce((a, b) => (b.revision > a.revision ? b : a)), problem: null };
}

/** The secrets this client received for a combat (its own combatants', or all of them for a GM). */
export function secretsFor(combatId: string): unknown[] {
  return records(SECRET_FLAG).filter((m) => flagOf(m, SECRET_FLAG)!.combatId === combatId).map((m) => flagOf(m, SECRET_FLAG));
}

const gmIds = () => world().users.contents.filter((u) => u.isGM).map((u) => u.id);
const ownersOf = (c: StoreCombatant | undefined) => (c?.actor ? world().users.contents.filter((u) => !u.isGM && c.actor!.testUserPermission(u, "OWNER")).map((u) => u.id) : []);
const sameList = (a: readonly string[] | undefined, b: readonly string[]) => !!a && a.length === b.length && [...a].sort().join() === [...b].sort().join();

async function writeRecord(existing: StoreMessage | undefined, key: string, value: unknown, whisper: string[]): Promise<void> {
  if (existing) {
    const update: Record<string, unknown> = { [`flags.cychosys.${key}`]: replacingUpdate(flagOf(existing, key), value) };
    if (!sameList(existing.whisper, whisper)) update.whisper = whisper;
    await existing.update(update);
    return;
  }
  const content = `<p class="cychosys cy-phase-record">${escapeHtml(localize("CYCHOSYS.Phase.Tracker.record"))}</p>`;
  await ChatMessage.implementation.create({ content, whisper, flags: { cychosys: { [key]: value } } } as never);
}

/**
 * Keep a ledger (GM): the ledger message, then each player-owned
 * combatant's secret — rewritten only when it changed or its owners did;
 * one of a combatant no longer in the fight (or no longer owned by a
 * player) is deleted. Idempotent: storing the same ledger again writes
 * nothing new.
 */
export async function storeLedger(combat: StoreCombat, ledger: PhaseLedger): Promise<void> {
  const gms = gmIds();
  const [first, ...extra] = ledgerMessages(combat.id);
  await writeRecord(first, LEDGER_FLAG, ledger, gms);
  // An old copy would be read if it ever had a higher revision: one ledger per combat.
  for (const m of extra) await m.delete();
  // Everything looked up by id once (a fight of 1,000 is no search per combatant).
  const combatants = new Map(combat.combatants.contents.map((c) => [c.id, c]));
  const owners = new Map(ledger.state.combatants.map((c) => [c.id, ownersOf(combatants.get(c.id))] as const).filter(([, users]) => users.length));
  const secrets = secretsOf(ledger, owners.keys(), phaseRules());
  const existing = new Map<string, StoreMessage>();
  const spare: StoreMessage[] = [];
  for (const m of records(SECRET_FLAG).filter((x) => flagOf(x, SECRET_FLAG)!.combatId === combat.id)) {
    const id = flagOf(m, SECRET_FLAG)!.combatantId;
    if (typeof id === "string" && !existing.has(id)) existing.set(id, m);
    else spare.push(m);
  }
  for (const [id, secret] of secrets) {
    const message = existing.get(id);
    existing.delete(id);
    const whisper = [...gms, ...owners.get(id)!];
    if (message && sameSecret(flagOf(message, SECRET_FLAG) as unknown as PhaseSecret, secret) && sameList(message.whisper, whisper)) continue;
    await writeRecord(message, SECRET_FLAG, secret, whisper);
  }
  // A secret of a combatant no longer in the fight (or no longer owned by a player), or a second copy: deleted.
  for (const m of [...existing.values(), ...spare]) await m.delete();
}

/** A ledger's change (GM): stored, then the combat's public projection. */
export async function commitLedger(combat: StoreCombat, ledger: PhaseLedger): Promise<void> {
  await storeLedger(combat, ledger);
  await combat.update(projectionUpdate(combat.flags, ledger, phaseRules()));
}

/** A combat deleted (GM): its records go with it. */
export async function forgetCombat(combatId: string): Promise<void> {
  for (const m of [...ledgerMessages(combatId), ...records(SECRET_FLAG).filter((x) => flagOf(x, SECRET_FLAG)!.combatId === combatId)]) await m.delete();
}
