/**
 * The GURPS scenario format of the `rules` command (docs/rules-command.md,
 * "GURPS"), version 1: one whole attack (the default kind), a feint (G25),
 * the legal defenses against an attack (G58–G68), or a maneuver's movement
 * and permits (G11–G13, G34). Read strictly: unknown fields, wrong types and
 * values out of range are errors naming the field.
 */
import { readJson, SCENARIO_JSON_LIMITS } from "../../../core/json.js";
import { echoValue } from "../../../core/echo.js";
import type { IncomingAttack } from "./defense.js";
import type { DiceRoll } from "./dice.js";
import { GurpsError } from "./errors.js";
import { convertWait, type ManeuverChoice, type ManeuverFacts, WAIT_RESPONSES } from "./maneuvers.js";
import { GURPS_STANDARD_RULES, type GurpsRules, makeGurpsRules } from "./options.js";
import { resolveGurpsAttack } from "./resolve.js";
import type { GurpsAttackInput } from "./resolve-types.js";
import type { AttackManeuver } from "./attack.js";
import { GurpsScenarioReader } from "./scenario-fighters.js";
import { ATTACKS_MAX, type AttackEntry, type AttacksInput, resolveGurpsAttacks } from "./attacks.js";
import { refusalOf } from "./refusals.js";
import { type TurnInput, type TurnTask, resolveTurn } from "./turn.js";
import { MAX_TASK_NAME, MAX_TASK_SECONDS, TASK_KINDS } from "./turn-acts.js";
import { canonicalAttack } from "./scenario-shape.js";
import { type Json, join, LIMITS, ScenarioReader, say } from "./scenario-reader.js";
import { AOA_OPTIONS, AOD_OPTIONS, ATTACK_FORMS, ATTACK_KINDS, HIT_LOCATIONS, MANEUVERS, POSTURES, STUN_KINDS } from "./types.js";

/** Run a resolution to check the dice fit; a rule's refusal is not an input problem (the resolve step answers it as the outcome). */
function refusalsAside(run: () => unknown): void {
  try {
    run();
  } catch (error) {
    if (!refusalOf(error)) throw error;
  }
}

export const GURPS_SCENARIO_VERSION = 1;
/** Longest scenario text read; a real scenario is a few kilobytes. */
export const MAX_SCENARIO_CHARS = 65_536;

export const SCENARIO_KINDS = ["attack", "feint", "defenses", "maneuver", "turn", "attacks"] as const;
export type ScenarioKind = (typeof SCENARIO_KINDS)[number];

export interface FeintScenario {
  /** G23: his Evaluate bonus on this foe; G77: his shock this turn; G3: situational modifiers. */
  feinter: { skill: number; roll: DiceRoll | null; evaluate: number; shock: number; situational: readonly { value: number; label?: string }[] };
  foe: { skill: number; roll: DiceRoll | null };
  double: boolean;
}
export interface DefensesScenario {
  defender: ReturnType<GurpsScenarioReader["defender"]>;
  attack: IncomingAttack;
}
export interface ManeuverScenario {
  choice: ManeuverChoice;
  facts: ManeuverFacts;
  move: number;
  posture: (typeof POSTURES)[number];
  crouching: boolean;
  sprintStreak: number;
  bracedTwoHanded: boolean;
  /** Check 2 (G27): the yards to a goal. */
  distance: number | null;
}

/** G31: the Wait an attack scenario's attacker acts on, triggered out of turn, and the maneuver it became. */
export interface TriggeredWait {
  readonly trigger: string | null;
  readonly response: (typeof WAIT_RESPONSES)[number];
  readonly aoaOption: (typeof AOA_OPTIONS)[number] | null;
  readonly defendedWhileWaiting: boolean;
  readonly becomes: ManeuverChoice["id"];
  readonly becomesAoaOption: (typeof AOA_OPTIONS)[number] | null;
}

/** A read scenario: its kind and input, the rules it runs under, names for explain. */
export type GurpsScenario = { rules: GurpsRules; names: { attacker?: string; defender?: string } } & (
  | { kind: "attack"; input: GurpsAttackInput; wait?: TriggeredWait | null }
  | { kind: "feint"; input: FeintScenario }
  | { kind: "defenses"; input: DefensesScenario }
  | { kind: "maneuver"; input: ManeuverScenario }
  | { kind: "turn"; input: TurnInput }
  | { kind: "attacks"; input: AttacksInput }
);

const OPTION_READERS: Record<string, (r: ScenarioReader, v: unknown, f: string) => unknown> = {
  minEffectiveSkill: (r, v, f) => r.integer(v, f, 0, 10),
  deceptiveQuick: (r, v, f) => r.boolean(v, f),
  fastMultiHit: (r, v, f) => r.boolean(v, f),
  reelingRule: (r, v, f) => r.oneOf(v, f, ["seed", "p419"] as const),
  zeroHpDoNothingSkipsRoll: (r, v, f) => r.boolean(v, f),
  mortallyWoundedOnNearMiss: (r, v, f) => r.boolean(v, f),
};

function readOptions(r: ScenarioReader, value: unknown, rules: Readonly<GurpsRules>): GurpsRules {
  const o = r.object(value, "options", Object.keys(OPTION_READERS));
  const parts: Record<string, unknown> = {};
  for (const key of Object.keys(o)) if (r.has(o, key)) parts[key] = OPTION_READERS[key]!(r, o[key], `options.${key}`);
  return makeGurpsRules(parts as Partial<GurpsRules>, rules);
}

const TOP: Record<ScenarioKind, readonly string[]> = {
  attack: ["attacker", "weapon", "defender", "range", "speed", "location", "coverDr", "fromFront", "inReach", "shots", "defense", "damage", "followUpDamage", "linkedDamage", "slam", "rolls"],
  feint: ["feinter", "foe", "double"],
  defenses: ["defender", "attack"],
  maneuver: ["fighter", "maneuver", "distance"],
  turn: ["fighter", "maneuver", "rolls", "stepPosture", "movedBefore", "task"],
  attacks: ["attacker", "weapon", "defender", "range", "speed", "coverDr", "fromFront", "inReach", "slam", "attacks"],
};

/**
 * G31: the attacker's `"maneuver": "wait"` with `wait` (its response, All-Out
 * Attack's option, a defense made while waiting): the Wait triggered out of
 * turn, converted as the tracker converts it (convertWait). The attacker is
 * then read under the maneuver it became; a response that makes no attack is
 * refused when the scenario is resolved.
 */
const ATTACK_MANEUVERS: readonly AttackManeuver[] = ["attack", "allOutAttack", "moveAndAttack"];

function readTriggeredWait(r: GurpsScenarioReader, value: unknown): { attacker: unknown; wait: TriggeredWait | null } {
  const a = value as Json;
  if (!a || typeof a !== "object" || Array.isArray(a)) return { attacker: value, wait: null };
  if (a.maneuver !== "wait") {
    if (r.has(a, "wait")) r.fail("attacker.wait", say("onlyWith", { maneuver: "wait" }));
    return { attacker: value, wait: null };
  }
  const w = r.object(a.wait, "attacker.wait", ["trigger", "response", "aoaOption", "defendedWhileWaiting"], ["response"]);
  const response = r.oneOf(w.response, "attacker.wait.response", WAIT_RESPONSES);
  const aoaOption = r.has(w, "aoaOption") ? r.oneOf(w.aoaOption, "attacker.wait.aoaOption", AOA_OPTIONS) : null;
  if (response === "allOutAttack" && !aoaOption) r.fail("attacker.wait.aoaOption", say("required"));
  if (aoaOption && response !== "allOutAttack") r.fail("attacker.wait.aoaOption", say("onlyWith", { maneuver: "allOutAttack" }));
  if (r.has(a, "aoaOption")) r.fail("attacker.aoaOption", say("onlyWith", { maneuver: "allOutAttack" }));
  const defendedWhileWaiting = r.has(w, "defendedWhileWaiting") ? r.boolean(w.defendedWhileWaiting, "attacker.wait.defendedWhileWaiting") : false;
  const becomes = convertWait({ id: "wait", wait: { trigger: "", response, ...(aoaOption && { aoaOption }) } }, defendedWhileWaiting);
  const wait: TriggeredWait = {
    trigger: r.has(w, "trigger") ? r.text(w.trigger, "attacker.wait.trigger", 200) : null, response, aoaOption, defendedWhileWaiting, becomes: becomes.id, becomesAoaOption: becomes.aoaOption ?? null,
  };
  const attacking = (ATTACK_MANEUVERS as readonly string[]).includes(becomes.id);
  const { wait: _, ...rest } = a;
  return { attacker: { ...rest, maneuver: attacking ? becomes.id : "attack", ...(becomes.aoaOption && { aoaOption: becomes.aoaOption }) }, wait };
}

function readAttack(r: GurpsScenarioReader, root: Json, names: GurpsScenario["names"], waits?: { wait: TriggeredWait | null }): GurpsAttackInput {
  const triggered = readTriggeredWait(r, root.attacker);
  if (waits) waits.wait = triggered.wait;
  else if (triggered.wait) r.fail("attacker.maneuver", say("waitAttackOnly"));
  const input: GurpsAttackInput = { attacker: r.attacker(triggered.attacker, "attacker"), weapon: r.weapon(root.weapon, "weapon"), defender: r.defender(root.defender, "defender") };
  const a = root.attacker as Json;
  const d = root.defender as Json;
  if (r.has(a, "name")) names.attacker = r.text(a.name, "attacker.name");
  if (r.has(d, "name")) names.defender = r.text(d.name, "defender.name");
  r.optional(root, "", input, {
    range: (x, f) => r.number(x, f, 0, LIMITS.yards),
    speed: (x, f) => r.number(x, f, 0, LIMITS.speed),
    location: (x, f) => r.oneOf(x, f, HIT_LOCATIONS),
    coverDr: (x, f) => r.integer(x, f, 0, LIMITS.dr),
    fromFront: (x, f) => r.boolean(x, f),
    inReach: (x, f) => r.boolean(x, f),
    shots: (x, f) => r.integer(x, f, 1, LIMITS.shots),
    damage: (x, f) => r.hitFaces(x, f),
    followUpDamage: (x, f) => r.hitFaces(x, f),
    linkedDamage: (x, f) => r.hitFaces(x, f),
    rolls: (x, f) => r.rolls(x, f),
    slam: (x, f) => {
      const s = r.object(x, f, ["velocity", "foeDamage"], ["velocity"]);
      return { velocity: r.integer(s.velocity, join(f, "velocity"), 1, 1000), ...(r.has(s, "foeDamage") && { foeDamage: r.faces(s.foeDamage, join(f, "foeDamage"), 100) }) };
    },
  });
  if (r.has(root, "defense")) input.defenses = r.defenseChoices(root.defense, "defense");
  const form = input.weapon.form ?? "strike";
  if (["slam", "flyingTackle", "pounce", "shieldRush"].includes(form)) {
    if (!input.slam) r.fail("slam", say("required"));
    if (!input.attacker.self) r.fail("attacker.self", say("slamSelf"));
  } else if (input.slam) r.fail("slam", say("onlySlam"));
  if (form === "shove" && !input.attacker.thrust) r.fail("attacker.thrust", say("required"));
  if (input.weapon.damage && input.weapon.damage.base !== "dice") {
    const base = input.weapon.damage.base === "sw" ? "swing" : "thrust";
    if (!input.attacker[base]) r.fail(`attacker.${base}`, say("required"));
  }
  return input;
}

function readFeint(r: GurpsScenarioReader, root: Json): FeintScenario {
  const side = (field: string, more: readonly string[] = []) => {
    const o = r.object(root[field], field, ["name", "skill", "roll", ...more], ["skill"]);
    return { o, skill: r.integer(o.skill, join(field, "skill"), 0, LIMITS.skill), roll: r.has(o, "roll") ? r.roll(o.roll, join(field, "roll")) : null };
  };
  const { o, ...feinter } = side("feinter", ["evaluate", "shock", "modifiers"]);
  const foe = side("foe");
  return {
    feinter: {
      ...feinter,
      evaluate: r.has(o, "evaluate") ? r.integer(o.evaluate, "feinter.evaluate", 0, r.rules.evaluateMax) : 0,
      shock: r.has(o, "shock") ? r.integer(o.shock, "feinter.shock", 0, r.rules.shockCap) : 0,
      situational: r.has(o, "modifiers") ? r.mods(o.modifiers, "feinter.modifiers") : [],
    },
    foe: { skill: foe.skill, roll: foe.roll },
    double: r.has(root, "double") ? r.boolean(root.double, "double") : false,
  };
}

function readDefenses(r: GurpsScenarioReader, root: Json): DefensesScenario {
  const o = r.object(root.attack, "attack", ["attackerId", "kind", "form", "unarmed", "thrust", "judoKarate", "inReach", "fromFront", "criticalHit", "feint", "deceptive", "weight"], ["kind"]);
  const attack: IncomingAttack = { attackerId: r.has(o, "attackerId") ? r.text(o.attackerId, "attack.attackerId") : "attacker", kind: r.oneOf(o.kind, "attack.kind", ATTACK_KINDS) };
  r.optional(o, "attack", attack, {
    form: (x, f) => r.oneOf(x, f, ATTACK_FORMS),
    unarmed: (x, f) => r.boolean(x, f),
    thrust: (x, f) => r.boolean(x, f),
    judoKarate: (x, f) => r.boolean(x, f),
    inReach: (x, f) => r.boolean(x, f),
    fromFront: (x, f) => r.boolean(x, f),
    criticalHit: (x, f) => r.boolean(x, f),
    feint: (x, f) => r.integer(x, f, 0, LIMITS.modifier),
    deceptive: (x, f) => -r.integer(x, f, 0, 10),
    weight: (x, f) => r.number(x, f, 0, LIMITS.weight),
  });
  return { defender: r.defender(root.defender, "defender"), attack };
}

function readManeuver(r: ScenarioReader, root: Json): ManeuverScenario {
  const f = r.object(root.fighter, "fighter", ["name", "move", "posture", "crouching", "sprintStreak", "bracedTwoHanded", "stunned", "surprised", "grappled", "grapplerSt", "st", "pinned", "grapplingUnpinned", "meleeReady", "rangedReady"], ["move"]);
  const m = r.object(root.maneuver, "maneuver", ["id", "aoaOption", "aodOption", "wait", "targetId", "itemId", "ranged"], ["id"]);
  const choice: ManeuverChoice = { id: r.oneOf(m.id, "maneuver.id", MANEUVERS) };
  r.optional(m, "maneuver", choice, {
    aoaOption: (x, g) => r.oneOf(x, g, AOA_OPTIONS),
    aodOption: (x, g) => r.oneOf(x, g, AOD_OPTIONS),
    targetId: (x, g) => r.text(x, g),
    itemId: (x, g) => r.text(x, g),
    ranged: (x, g) => r.boolean(x, g),
    wait: (x, g) => {
      const w = r.object(x, g, ["trigger", "response", "aoaOption", "stopThrust"], ["trigger", "response"]);
      return {
        trigger: r.text(w.trigger, join(g, "trigger"), 200), response: r.oneOf(w.response, join(g, "response"), WAIT_RESPONSES),
        ...(r.has(w, "aoaOption") && { aoaOption: r.oneOf(w.aoaOption, join(g, "aoaOption"), AOA_OPTIONS) }), ...(r.has(w, "stopThrust") && { stopThrust: r.boolean(w.stopThrust, join(g, "stopThrust")) }),
      };
    },
  });
  const facts: ManeuverFacts = {};
  r.optional(f, "fighter", facts, {
    stunned: (x, g) => r.oneOf(x, g, STUN_KINDS),
    surprised: (x, g) => r.boolean(x, g),
    grappled: (x, g) => r.boolean(x, g),
    grapplerSt: (x, g) => r.integer(x, g, 0, LIMITS.st),
    st: (x, g) => r.integer(x, g, 0, LIMITS.st),
    pinned: (x, g) => r.boolean(x, g),
    grapplingUnpinned: (x, g) => r.boolean(x, g),
    meleeReady: (x, g) => r.boolean(x, g),
    rangedReady: (x, g) => r.boolean(x, g),
  });
  return {
    choice, facts, move: r.integer(f.move, "fighter.move", 0, 1000),
    posture: r.has(f, "posture") ? r.oneOf(f.posture, "fighter.posture", POSTURES) : "standing",
    crouching: r.has(f, "crouching") ? r.boolean(f.crouching, "fighter.crouching") : false,
    sprintStreak: r.has(f, "sprintStreak") ? r.integer(f.sprintStreak, "fighter.sprintStreak", 0, 1000) : 0,
    bracedTwoHanded: r.has(f, "bracedTwoHanded") ? r.boolean(f.bracedTwoHanded, "fighter.bracedTwoHanded") : false,
    distance: r.has(root, "distance") ? r.number(root.distance, "distance", 0, LIMITS.yards) : null,
  };
}

/** G19, G47, G77, G79–G81: one fighter's turn, start to end. */
function readTurn(r: GurpsScenarioReader, root: Json, names: GurpsScenario["names"]): TurnInput {
  const field = "fighter";
  const o = r.object(root.fighter, field, [
    "name", "id", "hp", "currentHp", "ht", "iq", "basicSpeed", "move", "encumbrance", "fp", "currentFp", "injurySinceLastTurn", "stunned", "surprised", "defendedSinceLastTurn", "suffocating",
    "posture",
  ], ["hp", "ht", "basicSpeed", "move"]);
  if (r.has(o, "name")) names.defender = r.text(o.name, join(field, "name"));
  const hp = r.integer(o.hp, join(field, "hp"), 1, LIMITS.hp);
  const ht = r.integer(o.ht, join(field, "ht"), 1, LIMITS.score);
  const fp = r.has(o, "fp") ? r.integer(o.fp, join(field, "fp"), 1, LIMITS.hp) : ht;
  // G19: a surprised fighter is handled as mentally stunned.
  const stunned = r.has(o, "stunned") ? r.oneOf(o.stunned, join(field, "stunned"), STUN_KINDS) : r.has(o, "surprised") && r.boolean(o.surprised, join(field, "surprised")) ? "mental" : null;
  if (stunned === "mental" && !r.has(o, "iq")) r.fail(join(field, "iq"), say("required"));
  const fighter: TurnInput["fighter"] = {
    id: r.has(o, "id") ? r.text(o.id, join(field, "id")) : "fighter", hp, ht, fp,
    currentHp: r.has(o, "currentHp") ? r.integer(o.currentHp, join(field, "currentHp"), -100 * hp, hp) : hp,
    iq: r.has(o, "iq") ? r.integer(o.iq, join(field, "iq"), 1, LIMITS.score) : r.rules.averageAttribute,
    basicSpeed: r.speed(o.basicSpeed, join(field, "basicSpeed")),
    move: r.integer(o.move, join(field, "move"), 0, 1000),
    encumbrance: r.has(o, "encumbrance") ? r.integer(o.encumbrance, join(field, "encumbrance"), 0, 4) : 0,
    currentFp: r.has(o, "currentFp") ? r.integer(o.currentFp, join(field, "currentFp"), -100 * fp, fp) : fp,
    injurySinceLastTurn: r.has(o, "injurySinceLastTurn") ? r.integer(o.injurySinceLastTurn, join(field, "injurySinceLastTurn"), 0, 100 * hp) : 0,
    stunned,
    defendedSinceLastTurn: r.has(o, "defendedSinceLastTurn") ? r.boolean(o.defendedSinceLastTurn, join(field, "defendedSinceLastTurn")) : false,
    suffocating: r.has(o, "suffocating") ? r.boolean(o.suffocating, join(field, "suffocating")) : false,
    posture: r.has(o, "posture") ? r.oneOf(o.posture, join(field, "posture"), POSTURES) : "standing",
  };
  const rolls: TurnInput["rolls"] = {};
  if (r.has(root, "rolls")) {
    const x = r.object(root.rolls, "rolls", ["consciousness", "stunRecovery"]);
    r.optional(x, "rolls", rolls, { consciousness: (v, f) => r.roll(v, f), stunRecovery: (v, f) => r.roll(v, f) });
  }
  const maneuver = r.has(root, "maneuver") ? r.oneOf(root.maneuver, "maneuver", MANEUVERS) : null;
  const input: TurnInput = { fighter, maneuver, rolls };
  // G11, G15: kneeling ↔ standing as the step, after moving so many yards this turn.
  if (r.has(root, "stepPosture")) input.stepPosture = r.oneOf(root.stepPosture, "stepPosture", POSTURES);
  if (r.has(root, "movedBefore")) input.movedBefore = r.integer(root.movedBefore, "movedBefore", 0, 1000);
  // G29, G89: a task begun this turn (done 0) or carried on (the seconds counted before it).
  if (r.has(root, "task")) {
    const t = r.object(root.task, "task", ["name", "kind", "seconds", "done", "interruptible"], ["name", "kind", "seconds"]);
    const needed = r.integer(t.seconds, "task.seconds", 1, MAX_TASK_SECONDS);
    const task: TurnTask = {
      name: r.text(t.name, "task.name", MAX_TASK_NAME), kind: r.oneOf(t.kind, "task.kind", TASK_KINDS), needed,
      done: r.has(t, "done") ? r.integer(t.done, "task.done", 0, needed - 1) : 0, interruptible: r.has(t, "interruptible") ? r.boolean(t.interruptible, "task.interruptible") : true,
    };
    if (task.name.trim() === "") r.fail("task.name", say("required"));
    // A task carried on is counted by this turn's maneuver: say which (a stunned fighter's is Do Nothing).
    if (task.done > 0 && !maneuver && !stunned) r.fail("maneuver", say("required"));
    input.task = task;
  }
  return input;
}

/** The fields of one attack in an `attacks` scenario (the rest are shared by every attack). */
const ATTACK_ENTRY_KEYS = ["roll", "location", "shots", "deceptive", "defense", "damage", "followUpDamage", "linkedDamage", "rolls"] as const;

/**
 * G26, G35, G38: several attacks of one turn on one defender (All-Out Attack
 * (Double), Rapid Strike), each with its own dice; the shared fields read
 * as an attack's, the roll and what follows it per entry of `attacks`.
 */
function readAttacks(r: GurpsScenarioReader, root: Json, names: GurpsScenario["names"]): AttacksInput {
  const a = root.attacker as Json;
  for (const key of ["roll", "deceptive"]) if (a && typeof a === "object" && r.has(a, key)) r.fail(join("attacker", key), say("perAttack"));
  const base = canonicalAttack(readAttack(r, root, names));
  const list = r.list(root.attacks, "attacks", ATTACKS_MAX);
  if (list.length === 0) r.fail("attacks", say("listEmpty"));
  const entries = list.map((value, i) => {
    const field = `attacks[${i}]`;
    const e = r.object(value, field, ATTACK_ENTRY_KEYS);
    const entry: AttackEntry = {};
    r.optional(e, field, entry, {
      roll: (x, f) => r.roll(x, f),
      location: (x, f) => r.oneOf(x, f, HIT_LOCATIONS),
      shots: (x, f) => r.integer(x, f, 1, LIMITS.shots),
      deceptive: (x, f) => r.integer(x, f, 0, 10),
      damage: (x, f) => r.hitFaces(x, f),
      followUpDamage: (x, f) => r.hitFaces(x, f),
      linkedDamage: (x, f) => r.hitFaces(x, f),
      rolls: (x, f) => r.rolls(x, f),
    });
    if (r.has(e, "defense")) entry.defenses = r.defenseChoices(e.defense, join(field, "defense"));
    return entry;
  });
  return { base, entries };
}

/** Check a parsed JSON scenario and turn it into a GurpsScenario. */
export function readGurpsScenario(value: unknown, worldRules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): GurpsScenario {
  const base = new ScenarioReader(worldRules);
  if (!value || typeof value !== "object" || Array.isArray(value)) base.fail("scenario", say("object", { value: echoValue(value) }));
  const peek = value as Json;
  const kind: ScenarioKind = base.has(peek, "kind") ? base.oneOf(peek.kind, "kind", SCENARIO_KINDS) : "attack";
  const root = base.object(value, "scenario", ["ruleset", "version", "kind", "options", ...TOP[kind]]);
  if (base.has(root, "ruleset") && root.ruleset !== "gurps") base.fail("ruleset", say("ruleset", { value: echoValue(root.ruleset) }));
  if (base.has(root, "version") && root.version !== GURPS_SCENARIO_VERSION) throw new GurpsError("scenarioVersion", { value: echoValue(root.version, 20), version: GURPS_SCENARIO_VERSION });
  const rules = base.has(root, "options") ? readOptions(base, root.options, worldRules) : makeGurpsRules({}, worldRules);
  const r = new GurpsScenarioReader(rules);
  const names: GurpsScenario["names"] = {};
  switch (kind) {
    case "attack": {
      for (const key of ["attacker", "weapon", "defender"]) if (!r.has(root, key)) r.fail(key, say("required"));
      const waits: { wait: TriggeredWait | null } = { wait: null };
      const input = canonicalAttack(readAttack(r, root, names, waits));
      // Dice that do not fit (counts, faces of the damage dice) name their field: resolve once now (a rule's refusal is the outcome's to give).
      r.at("scenario", () => refusalsAside(() => resolveGurpsAttack(input, rules)));
      return { kind, input, rules, names, ...(waits.wait && { wait: waits.wait }) };
    }
    case "feint": {
      for (const key of ["feinter", "foe"]) if (!r.has(root, key)) r.fail(key, say("required"));
      const input = readFeint(r, root);
      if (r.has(root.feinter as Json, "name")) names.attacker = r.text((root.feinter as Json).name, "feinter.name");
      if (r.has(root.foe as Json, "name")) names.defender = r.text((root.foe as Json).name, "foe.name");
      return { kind, input, rules, names };
    }
    case "defenses": {
      for (const key of ["defender", "attack"]) if (!r.has(root, key)) r.fail(key, say("required"));
      const input = readDefenses(r, root);
      if (r.has(root.defender as Json, "name")) names.defender = r.text((root.defender as Json).name, "defender.name");
      return { kind, input, rules, names };
    }
    case "maneuver": {
      for (const key of ["fighter", "maneuver"]) if (!r.has(root, key)) r.fail(key, say("required"));
      const input = readManeuver(r, root);
      if (r.has(root.fighter as Json, "name")) names.attacker = r.text((root.fighter as Json).name, "fighter.name");
      return { kind, input, rules, names };
    }
    case "turn": {
      if (!r.has(root, "fighter")) r.fail("fighter", say("required"));
      const input = readTurn(r, root, names);
      r.at("scenario", () => refusalsAside(() => resolveTurn(input, rules)));
      return { kind, input, rules, names };
    }
    case "attacks": {
      for (const key of ["attacker", "weapon", "defender", "attacks"]) if (!r.has(root, key)) r.fail(key, say("required"));
      const input = readAttacks(r, root, names);
      r.at("scenario", () => refusalsAside(() => resolveGurpsAttacks(input, rules)));
      return { kind, input, rules, names };
    }
  }
}

/** Parse scenario text (JSON) and read it. Oversized text and bad JSON fail before anything else. */
export function parseGurpsScenario(text: string, worldRules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): GurpsScenario {
  if (typeof text !== "string") throw new GurpsError("scenarioText", { message: typeof text });
  if (text.length > MAX_SCENARIO_CHARS) throw new GurpsError("scenarioTooLarge", { length: text.length, max: MAX_SCENARIO_CHARS });
  let value: unknown;
  try {
    value = readJson(text, SCENARIO_JSON_LIMITS);
  } catch (error) {
    throw new GurpsError("scenarioText", { message: error instanceof Error ? error.message : String(error) });
  }
  return readGurpsScenario(value, worldRules);
}
