/**
 * P18–P21, P41: where a hit lands. A called shot that fully succeeds hits
 * the called area; a partial success drifts one area along the called area's
 * path per point short of the raised TN (P19); a hit not called rolls on the
 * target's location chart (P20). An area that cannot be hit (behind cover,
 * missing) is walked past along the path — the called area's for a called
 * shot (P41), the rolled area's own for a chart roll (P21) — and past the end
 * of the path the shot strikes the cover or misses.
 */
import { PhaseError, requireFace } from "./errors.js";
import { type DriftStep, PHASE_STANDARD_RULES, type PhaseRules } from "./options.js";
import { type Area, areaKind, areaSide, arm, leg, otherSide, type Side } from "./types.js";

/** P18: what calling this area adds to the TN. */
export function calledModifier(area: Area, rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES): number {
  return rules.calledShotModifiers[areaKind(area)];
}

function stepArea(step: DriftStep, own: Side | null, first: Side): Area {
  const same = own ?? first;
  switch (step) {
    case "firstArm":
      return arm(first);
    case "secondArm":
      return arm(otherSide(first));
    case "firstLeg":
      return leg(first);
    case "secondLeg":
      return leg(otherSide(first));
    case "sameArm":
      return arm(same);
    case "otherArm":
      return arm(otherSide(same));
    case "sameLeg":
      return leg(same);
    case "otherLeg":
      return leg(otherSide(same));
    default:
      return step;
  }
}

/** Each world's drift paths, worked out once per area (a hit drifts a million times a second in the bench). */
const paths = new WeakMap<Readonly<PhaseRules>, Map<Area, readonly Area[]>>();

function pathOf(area: Area, rules: Readonly<PhaseRules>): readonly Area[] {
  let known = paths.get(rules);
  if (!known) paths.set(rules, (known = new Map()));
  let path = known.get(area);
  if (!path) {
    const own = areaSide(area);
    path = Object.freeze(rules.driftPaths[areaKind(area)].map((step) => stepArea(step, own, rules.firstSide)));
    known.set(area, path);
  }
  return path;
}

/** P19: the areas a hit on `area` drifts through, in order (the first side from the world's rules). */
export function driftPath(area: Area, rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES): Area[] {
  return [...pathOf(area, rules)];
}

/** P20: the area a face of the chart's die gives (the chart as data, per body type). */
export function chartArea(chart: string, face: number, rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES): Area {
  const table = Object.hasOwn(rules.locationCharts, chart) ? rules.locationCharts[chart] : undefined;
  if (!table) throw new PhaseError("unknownChart", { chart, known: Object.keys(rules.locationCharts).join(", ") });
  requireFace(face, table.die, "location roll");
  for (const row of table.rows) if (face >= row.from && face <= row.to) return row.area;
  throw new PhaseError("chartGap", { chart, face });
}

/** Why an area cannot be hit, or null when it can. */
export type Blocked = "cover" | "missing";

export interface Obstacles {
  /** Areas behind cover for this attack (GM). */
  cover: readonly Area[];
  /** Areas the target does not have (actor data). */
  missing: readonly Area[];
}

export const NO_OBSTACLES: Obstacles = Object.freeze({ cover: Object.freeze([]), missing: Object.freeze([]) });

export function blockedBy(area: Area, obstacles: Obstacles): Blocked | null {
  if (obstacles.missing.includes(area)) return "missing";
  if (obstacles.cover.includes(area)) return "cover";
  return null;
}

export interface Placement {
  /** The area struck; null when the shot strikes the cover or misses (P21, P41). */
  area: Area | null;
  how: "called" | "drift" | "chart";
  /** P19: points short of the raised TN (0 for a full success or a chart roll). */
  shortfall: number;
  /** Where the roll or the drift put the hit before any walk (P19, P20). */
  landed: Area;
  /** P21/P41: areas that could not be hit, walked past in order. */
  walked: Area[];
  /** When no area could be hit: "cover" when any was behind cover, else "missing" (a miss). */
  stoppedBy: Blocked | null;
}

/** Walk `path` from index `from` to the first area that can be hit. */
function walk(path: readonly Area[], from: number, walked: Area[], obstacles: Obstacles): { area: Area | null; stoppedBy: Blocked | null } {
  for (let i = from; i < path.length; i++) {
    const area = path[i]!;
    if (blockedBy(area, obstacles) === null) return { area, stoppedBy: null };
    walked.push(area);
  }
  return { area: null, stoppedBy: walked.some((a) => blockedBy(a, obstacles) === "cover") ? "cover" : "missing" };
}

/**
 * P18/P19/P41: a called shot's area — the called area on a full success
 * (`shortfall` 0), else `shortfall` steps along its path (the last area when
 * the shortfall is longer than the path); an area that cannot be hit sends
 * the hit on along the called area's path.
 */
export function placeCalledHit(called: Area, shortfall: number, obstacles: Obstacles = NO_OBSTACLES, rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES): Placement {
  // A full success on an area that can be hit needs no path.
  if (shortfall <= 0 && blockedBy(called, obstacles) === null) return { area: called, how: "called", shortfall: 0, landed: called, walked: [], stoppedBy: null };
  const path = pathOf(called, rules);
  const steps = Math.min(Math.max(0, shortfall), path.length);
  const landed = steps === 0 ? called : path[steps - 1]!;
  const walked: Area[] = [];
  let area: Area | null = landed;
  let stoppedBy: Blocked | null = null;
  if (blockedBy(landed, obstacles) !== null) {
    walked.push(landed);
    ({ area, stoppedBy } = walk(path, steps, walked, obstacles));
  }
  return { area, how: steps === 0 ? "called" : "drift", shortfall: Math.max(0, shortfall), landed, walked, stoppedBy };
}

/** P20/P21: a hit not called: the chart's area, walked along its own path when it cannot be hit. */
export function placeRandomHit(chart: string, face: number, obstacles: Obstacles = NO_OBSTACLES, rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES): Placement {
  const landed = chartArea(chart, face, rules);
  const walked: Area[] = [];
  let area: Area | null = landed;
  let stoppedBy: Blocked | null = null;
  if (blockedBy(landed, obstacles) !== null) {
    walked.push(landed);
    ({ area, stoppedBy } = walk(pathOf(landed, rules), 0, walked, obstacles));
  }
  return { area, how: "chart", shortfall: 0, landed, walked, stoppedBy };
}
