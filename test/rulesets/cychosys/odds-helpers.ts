/**
 * What the Cychosys odds tests share: sides and queries, and the counts of
 * every roll through the core's own `actionTotal` and `resolveAttack` — the
 * independent answer the exact engine is checked against.
 */
import {
  actionTotal, type Bundle, type CychosysOddsQuery, type DefenseForm, normalizeCovers, type OutfitPiece, parseBundle, type ParryObject, resolveAttack,
  type TotalSpec,
} from "../../../src/rulesets/cychosys/rules/index.js";

export const b = (text: string): Bundle => parseBundle(text);

/** A coat over the chest and arms and a skin everywhere (the bench's outfit). */
export const OUTFIT: OutfitPiece[] = [
  { shield: b("RH1"), covers: ["chest", "leftArm", "rightArm"], layer: "worn", weight: 1 },
  { shield: b("BBDD2"), covers: normalizeCovers("all"), layer: "skin", weight: 2 },
];

/** Every way `n` Cychosys dice fall, key die first (12^n of them). */
export function* allFaces(n: number): Generator<number[]> {
  const faces = new Array<number>(n).fill(1);
  for (;;) {
    yield faces.slice();
    let i = n - 1;
    while (i >= 0 && faces[i] === 12) faces[i--] = 1;
    if (i < 0) return;
    faces[i]!++;
  }
}

/** R13 through the core: every roll of a spec as (total, surge) with how many rolls give it. */
export function countedTotals(spec: TotalSpec): { total: number; surge: boolean; count: number }[] {
  const counts = new Map<string, number>();
  for (const faces of allFaces(spec.dice)) {
    const t = actionTotal({ base: spec.static, roll: faces });
    const key = `${t.total}:${t.surge ? 1 : 0}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([key, count]) => {
    const [total, surge] = key.split(":");
    return { total: Number(total), surge: surge === "1", count };
  });
}

export interface Counted {
  struck: number;
  parryWon: number;
  objectBreaks: number;
  smallTarget: number;
  hits: number;
  taken: Record<string, number>;
  all: number;
}

/**
 * R21–R35 through `resolveAttack`: every pair of rolled totals for a form
 * other than counter, counted in whole numbers (exact, no float sums).
 */
export function enumerateForm(form: Exclude<DefenseForm, "counter">, attack: TotalSpec, edge: Bundle, defense: TotalSpec, outfit: readonly OutfitPiece[], object?: ParryObject): Counted {
  const a = countedTotals(attack);
  const d = countedTotals(defense);
  const out: Counted = { struck: 0, parryWon: 0, objectBreaks: 0, smallTarget: 0, hits: 0, taken: {}, all: 0 };
  for (const x of a) {
    for (const y of d) {
      const n = x.count * y.count;
      out.all += n;
      const res = resolveAttack({
        attacker: { total: x.total, surge: x.surge, edge, outfit: [] },
        defender: { outfit },
        defense: { form, total: y.total, surge: y.surge, ...(form === "parry" && object && { object }) },
      });
      if (res.contest.parryWon) out.parryWon += n;
      if (res.missed === "smallTarget") out.smallTarget += n;
      if (res.struck === "defender" && !res.contest.parryWon) out.struck += n;
      if (res.strike) {
        out.hits += n * res.strike.hits;
        if (res.strike.object?.destroyed) out.objectBreaks += n;
        for (const letter of new Set(res.strike.taken.map((m) => m.letter))) out.taken[letter] = (out.taken[letter] ?? 0) + n;
      }
    }
  }
  return out;
}

/** A query with every form offered, the same total behind each simple form. */
export function query(attack: TotalSpec, edge: Bundle, defense: TotalSpec, outfit: readonly OutfitPiece[] = OUTFIT, more: Partial<CychosysOddsQuery["defender"]> = {}): CychosysOddsQuery {
  return {
    attack: { total: attack, again: attack, edge, outfit: OUTFIT },
    defender: { outfit, evade: defense, brave: defense, parry: defense, counter: { ...defense, edge: b("BR3") }, ...more },
  };
}
