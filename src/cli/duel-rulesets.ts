/**
 * The rulesets with a duel simulator, by id — each ruleset with its duel
 * (`Ruleset.duel`) attached here, read by `npm run duel` and timed by
 * `npm run bench` (a world's ruleset carries none). No Node built-ins here: the
 * bench bundles it for a browser target.
 */
import type { Ruleset } from "../core/ruleset.js";
import { createCychosysDuel } from "../rulesets/cychosys/duel/index.js";
import { createCychosysRuleset } from "../rulesets/cychosys/ruleset.js";
import { createCwnDuel } from "../rulesets/cwn/duel/index.js";
import { createCwnRuleset } from "../rulesets/cwn/ruleset.js";
import { createD6Duel } from "../rulesets/d6/duel/index.js";
import { createD6Ruleset } from "../rulesets/d6/ruleset.js";
import { createGurpsDuel } from "../rulesets/gurps/duel/index.js";
import { createGurpsRuleset } from "../rulesets/gurps/ruleset.js";
import { createPhaseDuel } from "../rulesets/phase/duel/index.js";
import { createPhaseRuleset } from "../rulesets/phase/ruleset.js";

export const DUEL_RULESETS: Readonly<Record<string, () => Ruleset>> = {
  cychosys: () => ({ ...(createCychosysRuleset() as unknown as Ruleset), duel: createCychosysDuel() }),
  d6: () => ({ ...(createD6Ruleset() as unknown as Ruleset), duel: createD6Duel() }),
  cwn: () => ({ ...(createCwnRuleset() as unknown as Ruleset), duel: createCwnDuel() }),
  gurps: () => ({ ...createGurpsRuleset(), duel: createGurpsDuel() }),
  phase: () => ({ ...(createPhaseRuleset() as unknown as Ruleset), duel: createPhaseDuel() }),
};

/**
 * The pair each ruleset's duel is timed with in `npm run bench`: two of its
 * compendium actors (paths under packs/_source), a player character against
 * a foe where the packs have both.
 */
export const BENCH_DUELLISTS: Readonly<Record<string, readonly [string, string]>> = {
  cychosys: ["cast/parker.json", "foes/thorton.json"],
  d6: ["d6-characters/characters/kira.json", "d6-characters/characters/dax-morrow.json"],
  cwn: ["cwn-foes/foes/on-the-street/club-bouncer.json", "cwn-foes/foes/on-the-street/sable-gang-lieutenant.json"],
  gurps: ["gurps-characters/louis-leblanc.json", "gurps-characters/jenny-atkins.json"],
  phase: ["phase-foes/foes/earl.json", "phase-foes/foes/leroy.json"],
};

/**
 * Duels per second each ruleset's duel must reach in `npm run bench`, once
 * each fighter's decisions are known: issue 24's 10,000 duels in under 10 s.
 * A ruleset may name a higher one here.
 */
export const DUEL_TARGETS: Readonly<Record<string, number>> = {};
export const DEFAULT_DUEL_TARGET = 1_000;
