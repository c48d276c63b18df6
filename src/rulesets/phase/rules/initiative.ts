/**
 * P5, P34, P36: initiative for those who declare this phase. Each rolls
 * 2d10 + Reflexes (no wound penalty, no natural results); declarations go
 * from the lowest total to the highest, so the highest declares last. Ties:
 * the higher Reflexes declares later; still tied, a number drawn once for the
 * phase (the higher later).
 */
import { PhaseError, requireFace } from "./errors.js";
import { PHASE_STANDARD_RULES, type PhaseRules } from "./options.js";

export interface InitiativeRoll {
  faces: number[];
  reflexes: number;
  total: number;
}

/** P5: the total from the faces rolled (exactly `initiativeDice` of them). */
export function rollInitiative(faces: readonly number[], reflexes: number, rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES): InitiativeRoll {
  if (faces.length !== rules.initiativeDice) throw new PhaseError("diceCount", { what: "initiative", wanted: rules.initiativeDice, given: faces.length });
  let total = reflexes;
  for (const f of faces) total += requireFace(f, rules.initiativeFaces, "initiative");
  return { faces: [...faces], reflexes, total };
}

export interface InitiativeEntry {
  id: string;
  total: number;
  reflexes: number;
  /** P5: drawn once for the phase; needed only while a tie remains. */
  tiebreak: number | null;
}

/** P5: the declaration order, lowest first; throws when a tie remains that has no tiebreak. */
export function declarationOrder(entries: readonly InitiativeEntry[]): string[] {
  const sorted = [...entries].sort((a, b) => a.total - b.total || a.reflexes - b.reflexes || (a.tiebreak ?? 0) - (b.tiebreak ?? 0));
  for (let i = 1; i < sorted.length; i++) {
    const a = sorted[i - 1]!;
    const b = sorted[i]!;
    if (a.total === b.total && a.reflexes === b.reflexes && (a.tiebreak === null || b.tiebreak === null || a.tiebreak === b.tiebreak)) {
      throw new PhaseError("tiebreakMissing", { a: a.id, b: b.id, total: a.total });
    }
  }
  return sorted.map((e) => e.id);
}
