/**
 * G86: the Critical Hit and Critical Miss tables, which the chapter names but
 * does not print. A table is found by its flag `flags.cychosys.gurpsTable`
 * (`criticalHit`, `criticalMiss`): a world RollTable first (the GM's filled
 * copy), else the system compendium's (shipped empty). The card shows the
 * result for the rolled total, or says the table is empty or missing and
 * leaves the result to the GM — no table is invented.
 */
import type { CriticalTable } from "../../rulesets/gurps/views/attack-card.js";

export const GURPS_TABLE_PACK = "cychosys.gurps-tables";
const FLAG: Record<"hit" | "miss", string> = { hit: "criticalHit", miss: "criticalMiss" };

interface TableResultLike {
  range: [number, number];
  name?: string;
  description?: string;
  text?: string;
}
interface RollTableLike {
  name: string;
  flags?: { cychosys?: { gurpsTable?: unknown } };
  results: { contents: TableResultLike[] };
}
interface TableGame {
  tables?: { contents: RollTableLike[] };
  packs?: { get(id: string): { getDocuments(): Promise<RollTableLike[]> } | undefined };
}

const flagged = (tables: readonly RollTableLike[], kind: "hit" | "miss") => tables.find((t) => t.flags?.cychosys?.gurpsTable === FLAG[kind]);

/** A RollTable as the card reads it: its name and each result's range and text (HTML tags dropped). */
export function criticalTableOf(table: RollTableLike): CriticalTable {
  return {
    name: table.name,
    results: table.results.contents.map((r) => ({ range: [r.range[0], r.range[1]] as const, text: (r.name || r.description || r.text || "").replace(/<[^>]*>/g, "").trim() })),
  };
}

let packTables: Promise<RollTableLike[]> | undefined;

/** The tables each card may need, world first, then the compendium (read once per session). */
export async function findCriticalTables(game: TableGame, kinds: readonly ("hit" | "miss")[]): Promise<Partial<Record<"hit" | "miss", CriticalTable | null>>> {
  const out: Partial<Record<"hit" | "miss", CriticalTable | null>> = {};
  for (const kind of kinds) {
    const world = flagged(game.tables?.contents ?? [], kind);
    if (world) {
      out[kind] = criticalTableOf(world);
      continue;
    }
    packTables ??= game.packs?.get(GURPS_TABLE_PACK)?.getDocuments().catch(() => []) ?? Promise.resolve([]);
    const packed = flagged(await packTables, kind);
    out[kind] = packed ? criticalTableOf(packed) : null;
  }
  return out;
}

/** Forget the compendium's tables (its documents changed). */
export function forgetPackTables(): void {
  packTables = undefined;
}
