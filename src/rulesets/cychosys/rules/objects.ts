/** R37: inanimate objects, structures and vehicles struck directly. */
import { soak, type SoakOutcome } from "./injury.js";
import type { Bundle } from "./notation.js";
import { type Rules, STANDARD_RULES } from "./options.js";

export interface StruckObject {
  hits: number;
  shield: Bundle;
  /** Extra soak steps (size V already counts from the shield, R34). */
  extraSoakSteps?: number;
}

/** R37: the injury meets the object's shield (R31); its hits come off; at 0 it is destroyed. */
export function strikeObject(
  object: StruckObject,
  injury: Bundle,
  rules: Rules = STANDARD_RULES,
): { soak: SoakOutcome; hitsTaken: number; hitsLeft: number; destroyed: boolean } {
  const soaked = soak(injury, object.shield, object.extraSoakSteps ?? 0, rules);
  const hitsTaken = Math.min(object.hits, soaked.injury.hits);
  const hitsLeft = object.hits - hitsTaken;
  return { soak: soaked, hitsTaken, hitsLeft, destroyed: hitsLeft <= 0 };
}
