/**
 * The headless initiative scenario (`"kind": "initiative"`, docs/rules-command.md):
 * one round's initiative as the tracker plays it — each combatant's
 * Perception less its wound dice (D6, D37) with the Wild Die (D2), the
 * initiative bonus (D8: given, or from search and Agility), Character Point
 * dice (D9; Fate Points refused), one roll for a group of like foes (D6),
 * the GM's places (D5), the order with its ties (D7); a combatant unable to
 * act rolls nothing (D10). Every die is an input; the same core functions
 * as the tracker's (`rollInitiative`, `initiativeBonus`, `initiativeOrder`).
 */
import { addDice, type DieCode, formatDieCode, sameCode } from "./die-code.js";
import { D6Error } from "./errors.js";
import { initiativeBonus, initiativeOrder, type InitiativeRoll, type OrderOverride, rollInitiative } from "./initiative.js";
import { D6_STANDARD_RULES, type D6Rules, makeD6Rules } from "./options.js";
import { type D6RollJson, rollJson } from "./outcome.js";
import { d6Refusal, d6RefusalOf } from "./refusal.js";
import { MAX_CHARACTER_POINTS, D6ScenarioReader, readOptions } from "./scenario.js";
import { join, say } from "./scenario-reader.js";
import { english } from "../../../core/messages.js";
import { MAX_CHAIN, type RollFaces } from "./wild-die.js";
import { UNHURT, type WoundState, woundStatus } from "./wounds.js";

/** Most combatants one initiative scenario lists: a bound of the input (a tracker holds thousands; a scenario states a situation). */
export const MAX_INITIATIVE_COMBATANTS = 64;
const MAX_ROUND = 9999;
const MAX_BONUS = 99;

interface InitiativeCombatant {
  name: string;
  perception: DieCode;
  bonus: number;
  /** D8's two sources, when the bonus was worked out here. */
  bonusFrom: { search: number; agility: number } | null;
  wounds: WoundState;
  playerCharacter: boolean;
  group: string | null;
  roll: RollFaces | null;
  characterPoints: number[][];
  fatePoints: number;
}

export interface D6InitiativeScenario {
  kind: "initiative";
  round: number;
  combatants: InitiativeCombatant[];
  places: { name: string; position: number }[];
  rules: D6Rules;
}

export interface D6InitiativeCombatantJson {
  name: string;
  /** D6, D37: Perception less the wound dice. */
  code: string;
  woundDice: number;
  bonus: number;
  bonusFrom: { search: number; agility: number } | null;
  /** The roll as read (null: unable to act, or a group member sharing the group's roll). */
  roll: D6RollJson | null;
  /** D9: what each Character Point die added. */
  characterPointDice: number[];
  total: number | null;
  group: string | null;
  /** D6: a group member that took the group's roll. */
  sharesRollOf: string | null;
  playerCharacter: boolean;
  /** D10: no roll and no place this round. */
  unableToAct: boolean;
}

export interface D6InitiativeOutcomeJson {
  kind: "initiative";
  round: number;
  combatants: D6InitiativeCombatantJson[];
  /** D5–D7: the round's turns, first to last. */
  order: { place: number; name: string; total: number; group: string | null; playerCharacter: boolean; overridden: boolean; tieGroup: number; simultaneous: boolean }[];
}

/** Read an initiative scenario (the root object already parsed; `kind` checked by the caller). */
export function readD6InitiativeScenario(value: Record<string, unknown>, worldRules: Readonly<D6Rules> = D6_STANDARD_RULES): D6InitiativeScenario {
  const base = new D6ScenarioReader(worldRules);
  const root = base.object(value, "scenario", ["ruleset", "version", "kind", "options", "round", "combatants", "places"], ["combatants"]);
  const rules = base.has(root, "options") ? readOptions(base, root.options, worldRules) : makeD6Rules({}, worldRules);
  const r = new D6ScenarioReader(rules);
  const round = r.has(root, "round") ? r.integer(root.round, "round", 1, MAX_ROUND) : 1;
  const list = r.list(root.combatants, "combatants", MAX_INITIATIVE_COMBATANTS);
  if (list.length === 0) r.fail("combatants", say("atLeastOne"));
  const names = new Set<string>();
  const combatants = list.map((item, i): InitiativeCombatant => {
    const field = `combatants[${i}]`;
    const o = r.object(item, field, ["name", "perception", "bonus", "search", "agility", "wounds", "playerCharacter", "group", "roll", "characterPoints", "fatePoints"], ["name", "perception"]);
    const name = r.name(o.name, join(field, "name"));
    if (names.has(name)) r.fail(join(field, "name"), say("duplicateName", { name }));
    names.add(name);
    const perception = r.dieCode(o.perception, join(field, "perception"));
    let bonus = 0;
    let bonusFrom: InitiativeCombatant["bonusFrom"] = null;
    if (r.has(o, "bonus")) {
      for (const key of ["search", "agility"]) if (r.has(o, key)) r.fail(join(field, key), say("bonusOrSources"));
      bonus = r.integer(o.bonus, join(field, "bonus"), 0, MAX_BONUS);
    } else if (r.has(o, "agility")) {
      // D8: +1 per full 2D of search over Perception, or per full 4D of Agility — the better.
      const agility = r.dieCode(o.agility, join(field, "agility"));
      const search = r.has(o, "search") ? r.dieCode(o.search, join(field, "search")) : undefined;
      const b = initiativeBonus({ perception, agility, ...(search && { search }) }, rules);
      bonus = b.bonus;
      bonusFrom = { search: b.fromSearch, agility: b.fromAgility };
    } else if (r.has(o, "search")) r.fail(join(field, "agility"), say("agilityWithSearch"));
    const chains = r.has(o, "characterPoints")
      ? r.list(o.characterPoints, join(field, "characterPoints"), MAX_CHARACTER_POINTS).map((chain, j) => r.faces(chain, `${join(field, "characterPoints")}[${j}]`, MAX_CHAIN))
      : [];
    return {
      name,
      perception,
      bonus,
      bonusFrom,
      wounds: r.has(o, "wounds") ? r.wounds(o.wounds, join(field, "wounds")) : UNHURT,
      playerCharacter: r.has(o, "playerCharacter") ? r.boolean(o.playerCharacter, join(field, "playerCharacter")) : false,
      group: r.has(o, "group") ? r.name(o.group, join(field, "group")) : null,
      roll: r.has(o, "roll") ? r.roll(o.roll, join(field, "roll")) : null,
      characterPoints: chains,
      fatePoints: r.has(o, "fatePoints") ? r.integer(o.fatePoints, join(field, "fatePoints"), 0, MAX_CHARACTER_POINTS) : 0,
    };
  });
  const places = r.has(root, "places")
    ? r.list(root.places, "places", MAX_INITIATIVE_COMBATANTS).map((item, i) => {
        const o = r.object(item, `places[${i}]`, ["name", "position"], ["name", "position"]);
        const name = r.name(o.name, `places[${i}].name`);
        if (!names.has(name)) r.fail(`places[${i}].name`, say("unknownName", { name }));
        return { name, position: r.integer(o.position, `places[${i}].position`, 0, MAX_INITIATIVE_COMBATANTS - 1) };
      })
    : [];
  return { kind: "initiative", round, combatants, places, rules };
}

/** D6, D37: the code a combatant rolls: Perception less its wound dice (never the multi-action penalty, D12). */
const codeOf = (c: InitiativeCombatant, round: number, rules: Readonly<D6Rules>) => addDice(c.perception, -woundStatus(c.wounds, round, rules).penaltyDice);

/**
 * Resolve the round's initiative. A rule that forbids what the scenario asks
 * (Fate Points on initiative, more Character Points than the world allows,
 * D9; a roll for a combatant unable to act, D10) throws its RuleRefusal;
 * faces that do not fit a code are named as the field.
 */
export function resolveD6InitiativeScenario(scenario: D6InitiativeScenario): D6InitiativeOutcomeJson {
  const { round, rules } = scenario;
  const r = new D6ScenarioReader(rules);
  const groupRoll = new Map<string, { name: string; code: DieCode; bonus: number; total: number }>();
  const combatants: D6InitiativeCombatantJson[] = [];
  const entries: { id: string; total: number; playerCharacter: boolean; group?: string }[] = [];
  scenario.combatants.forEach((c, i) => {
    const field = `combatants[${i}]`;
    const status = woundStatus(c.wounds, round, rules);
    const code = codeOf(c, round, rules);
    const out: D6InitiativeCombatantJson = {
      name: c.name, code: formatDieCode(code), woundDice: status.penaltyDice, bonus: c.bonus, bonusFrom: c.bonusFrom, roll: null, characterPointDice: [], total: null,
      group: c.group, sharesRollOf: null, playerCharacter: c.playerCharacter, unableToAct: status.unableToAct,
    };
    combatants.push(out);
    if (status.unableToAct) {
      // D10: no action this round, initiative included.
      if (c.roll || c.characterPoints.length) throw d6Refusal("D10", "initiativeUnable", { name: c.name, level: english(`CYCHOSYS.D6.Wound.${status.level}`) });
      return;
    }
    const shared = c.group === null ? undefined : groupRoll.get(c.group);
    if (shared) {
      // D6: the GM rolls once for a group of like foes; the others share its total and place.
      if (c.roll) r.fail(join(field, "roll"), say("groupSharesRoll", { group: c.group!, first: shared.name }));
      if (c.characterPoints.length) throw d6Refusal("D9", "groupNoPoints", { group: c.group! });
      if (!sameCode(code, shared.code) || c.bonus !== shared.bonus) r.fail(field, say("groupUnlike", { group: c.group!, first: shared.name }));
      out.sharesRollOf = shared.name;
      out.total = shared.total;
      entries.push({ id: c.name, total: shared.total, playerCharacter: c.playerCharacter, group: c.group! });
      return;
    }
    const faces = c.roll ?? r.fail(join(field, "roll"), say("required"));
    let rolled: InitiativeRoll;
    try {
      rolled = rollInitiative({ perception: c.perception, woundDice: status.penaltyDice, roll: faces, bonus: c.bonus, characterPointDice: c.characterPoints, fatePoints: c.fatePoints }, rules);
    } catch (error) {
      const refusal = d6RefusalOf(error);
      if (refusal) throw refusal;
      if (error instanceof D6Error) r.fail(join(field, String(error.params.what ?? "").startsWith("Character Point") ? "characterPoints" : "roll"), error.message);
      throw error;
    }
    out.roll = rollJson(rolled.reading);
    out.characterPointDice = [...rolled.characterPointDice];
    out.total = rolled.total;
    if (c.group !== null) groupRoll.set(c.group, { name: c.name, code, bonus: c.bonus, total: rolled.total });
    entries.push({ id: c.name, total: rolled.total, playerCharacter: c.playerCharacter, ...(c.group !== null && { group: c.group }) });
  });
  const acting = new Set(entries.map((e) => e.id));
  const overrides: OrderOverride[] = [];
  scenario.places.forEach((p, i) => {
    if (!acting.has(p.name)) throw d6Refusal("D10", "placeUnable", { name: p.name });
    if (overrides.some((o) => o.id === p.name)) r.fail(`places[${i}].name`, say("duplicateName", { name: p.name }));
    overrides.push({ id: p.name, position: p.position });
  });
  const order = initiativeOrder(entries, overrides).map((t, place) => ({
    place: place + 1, name: t.id, total: t.total, group: t.group, playerCharacter: t.playerCharacter, overridden: t.overridden, tieGroup: t.tieGroup, simultaneous: t.simultaneous,
  }));
  return { kind: "initiative", round, combatants, order };
}
