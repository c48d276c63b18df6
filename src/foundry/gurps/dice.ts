/**
 * GURPS's dice in Foundry (G4, G69): every roll a Foundry Roll of plain d6
 * — 3d6 for a success or table roll, 1d6 for the breakage die, the damage
 * dice of each hit — evaluated on the rolling user's client and shown to
 * everyone by Dice So Nice when it is installed. The faces go to the GM in
 * the request; the GM's core reads them again (no total is trusted).
 * With Dice So Nice, success rolls and damage dice show in two colours of
 * their own, so the table tells a 3d6 roll from damage at a glance.
 */
import { format } from "../i18n.js";
import type { CardDice } from "./card-requests.js";

interface RolledTerm {
  faces?: number;
  results?: { result: number; active?: boolean }[];
}

/** The d6 faces of an evaluated roll, in order (inactive results, e.g. rerolled ones, left out). */
export function d6Faces(terms: readonly RolledTerm[]): number[] {
  return terms.flatMap((t) => (t.faces === 6 ? (t.results ?? []).filter((r) => r.active !== false).map((r) => r.result) : []));
}

/** What a roll is for, as Dice So Nice colours it: a 3d6 success or table roll (G4), or damage dice (G69). */
export type GurpsDiceKind = "success" | "damage";

export const GURPS_DSN_SYSTEM = "cychosys-gurps";
export const GURPS_DSN_COLORSETS: Readonly<Record<GurpsDiceKind, string>> = { success: "cychosys-gurps-success", damage: "cychosys-gurps-damage" };

/** Each kind's colours: the success roll ivory with dark numbers, damage blood red with white ones. */
const COLOURS: Readonly<Record<GurpsDiceKind, { foreground: string; background: string; edge: string; outline: string }>> = {
  success: { foreground: "#1f1a14", background: "#f2ead8", edge: "#b9a982", outline: "#ffffff" },
  damage: { foreground: "#ffffff", background: "#8b1a1a", edge: "#5a0f0f", outline: "#000000" },
};

/** One kind's Dice So Nice colorset, named `name` in its settings. */
export function gurpsColorset(kind: GurpsDiceKind, name: string): Record<string, unknown> {
  return { name: GURPS_DSN_COLORSETS[kind], description: name, category: "GURPS 4e", ...COLOURS[kind], texture: "none", material: "plastic", visibility: "visible" };
}

/** The appearance a roll's d6 terms carry, which Dice So Nice merges over the user's own dice (its `options.appearance`). */
export function gurpsDiceAppearance(kind: GurpsDiceKind): Record<string, string> {
  return { colorset: GURPS_DSN_COLORSETS[kind], ...COLOURS[kind] };
}

/** Dress each d6 term of a roll in its kind's colours (before it is shown; the faces are untouched). */
export function dressGurpsDice(roll: { terms: readonly unknown[] }, kind: GurpsDiceKind): void {
  for (const term of roll.terms as { faces?: number; options?: Record<string, unknown> }[]) {
    if (term.faces === 6) term.options = { ...term.options, appearance: gurpsDiceAppearance(kind) };
  }
}

/** Dice So Nice (optional module): its `dice3d` API, as far as GURPS uses it. */
interface GurpsDiceSoNiceApi {
  addSystem(system: { id: string; name: string }, mode?: string): void;
  addColorset(colorset: Record<string, unknown>, mode?: string): void;
  addDicePreset(preset: { type: string; labels: string[]; system: string; colorset?: string }, shape?: string): void;
}

/**
 * On Dice So Nice's `diceSoNiceReady` hook: the GURPS dice system (plain
 * d6 in the success colours, for a user who picks it) and both colorsets,
 * registered as choices ("default": a user's own dice stay his choice where
 * a roll carries no appearance). Does nothing without a usable API.
 */
export function registerGurpsDiceSoNice(dice3d: unknown): boolean {
  const api = dice3d as Partial<GurpsDiceSoNiceApi> | undefined;
  if (!api || typeof api.addDicePreset !== "function" || typeof api.addSystem !== "function" || typeof api.addColorset !== "function") return false;
  api.addSystem({ id: GURPS_DSN_SYSTEM, name: format("CYCHOSYS.Gurps.Dice.system") }, "default");
  api.addColorset(gurpsColorset("success", format("CYCHOSYS.Gurps.Dice.successColorset")), "default");
  api.addColorset(gurpsColorset("damage", format("CYCHOSYS.Gurps.Dice.damageColorset")), "default");
  api.addDicePreset({ type: "d6", labels: ["1", "2", "3", "4", "5", "6"], system: GURPS_DSN_SYSTEM, colorset: GURPS_DSN_COLORSETS.success }, "d6");
  return true;
}

/** Dice So Nice, when installed: show a roll to everyone. */
async function show(roll: unknown): Promise<void> {
  const dice3d = (game as unknown as { dice3d?: { showForRoll(roll: unknown, user: unknown, synchronize: boolean): Promise<unknown> } }).dice3d;
  if (roll && dice3d) await dice3d.showForRoll(roll, game.user, true);
}

/** Roll `n`d6 with Foundry's Roll in its kind's colours, show it, and read its faces. */
export async function rollD6(n: number, kind: GurpsDiceKind = "success"): Promise<number[]> {
  if (n <= 0) return [];
  const roll = new Roll(`${n}d6`);
  dressGurpsDice(roll, kind);
  await roll.evaluate();
  await show(roll);
  return d6Faces(roll.terms as unknown as RolledTerm[]);
}

/**
 * The tracker's own rolls (G19, G79 the stun recovery; G81 the roll to stay
 * conscious): `n`d6 in the success colours, posted to chat with its flavor
 * (Dice So Nice shows a chat roll itself), its faces read for the GM.
 */
export async function rollGurpsToChat(n: number, flavor: string): Promise<number[]> {
  const roll = new Roll(`${n}d6`);
  dressGurpsDice(roll, "success");
  await roll.evaluate();
  await (roll as unknown as { toMessage(data: object): Promise<unknown> }).toMessage({ flavor });
  return d6Faces(roll.terms as unknown as RolledTerm[]);
}

/** The dice the card's buttons roll on this client. */
export const foundryCardDice: CardDice = {
  success: () => rollD6(3),
  die: async () => (await rollD6(1))[0]!,
  damage: async (dice, hits) => {
    const out: number[][] = [];
    for (let i = 0; i < hits; i++) out.push(await rollD6(dice, "damage"));
    return out;
  },
};
