/**
 * The headless sequence scenario, version 1 (docs/rulesets/phase.md): the
 * combatants with their sheets and tracker state (the shape the combat
 * stores), then one or more phases, each with its surprise rolls,
 * initiative, declaration slots and the dice of the attacks that resolve.
 * Strict like the attack scenario: every problem names its field.
 */
import { MAX_PHASE, resolvesAt } from "./clock.js";
import { PHASE_STANDARD_RULES, type PhaseRules } from "./options.js";
import { at, PhaseFieldReader, type Json, say } from "./reader.js";
import { type AttackRolls } from "./resolve-phase.js";
import { parseJsonScenario, readDice, readHeader } from "./scenario.js";
import { BODY_FIELDS, MAX_ID, MAX_NAME, MAX_STAT, MAX_TN_MODIFIER, readBody, readOptions, readStats, readWeapon } from "./scenario-parts.js";
import { actionSpec, type Declaration, type FreeDeclaration } from "./slots.js";
import { type CombatantPhase, type DeclaredAction, type Fighter, type FighterWeapon, newCombatant, type PhaseState } from "./state.js";
import { AWARE, type Awareness, UNAWARE } from "./surprise.js";

export const MAX_COMBATANTS = 200;
export const MAX_PHASES = 120;

export interface SlotScript {
  cancel: boolean;
  free: FreeDeclaration | null;
  declare: Declaration | null;
}

export interface PhaseScript {
  /** GM marks before the phase starts (P2, P13, P40). */
  gm: { aware: string[]; unaware: string[]; witness: string[]; distract: string[] };
  surprise: Record<string, number>;
  initiative: { id: string; dice: number[]; tiebreak: number | null }[];
  slots: Record<string, SlotScript>;
  rolls: Record<string, AttackRolls>;
}

export interface PhaseSequenceScenario {
  rules: PhaseRules;
  state: PhaseState;
  fighters: Record<string, Fighter>;
  names: Record<string, string>;
  phases: PhaseScript[];
}

const COMBATANT_FIELDS = ["id", "name", "reflexes", "attributes", "skills", "weapons", "awareness", "targeting", "aim", "action", "suppressed", ...BODY_FIELDS];
const ACTION_FIELDS = ["action", "declaredAt", "weapon", "target", "targets", "area", "distance", "label", "partsDone"];
const DECLARE_FIELDS = ["action", "weapon", "target", "targets", "area", "distance", "label"];

class SequenceReader extends PhaseFieldReader {
  ids = new Set<string>();

  id(value: unknown, field: string): string {
    const id = this.text(value, field, MAX_ID);
    if (!this.ids.has(id)) this.fail(field, say("unknownCombatant", { value: id }));
    return id;
  }

  idList(value: unknown, field: string): string[] {
    return this.list(value, field, MAX_COMBATANTS).map((v, i) => this.id(v, at(field, i)));
  }

  awareness(value: unknown, field: string): Awareness {
    if (value === "aware") return AWARE;
    if (value === "unaware") return UNAWARE;
    if (typeof value === "string") this.fail(field, say("awareness"));
    const o = this.object(value, field, ["state", "since", "rollFrom", "failures"], ["state", "since", "rollFrom"]);
    if (o.state !== "surprised") this.fail(at(field, "state"), say("awareness"));
    const since = this.integer(o.since, at(field, "since"), 1, MAX_PHASE);
    return { state: "surprised", since, rollFrom: this.integer(o.rollFrom, at(field, "rollFrom"), since, MAX_PHASE), failures: this.has(o, "failures") ? this.integer(o.failures, at(field, "failures"), 0, MAX_STAT) : 0 };
  }

  declaration(value: unknown, field: string, allowed: readonly string[]): Declaration {
    const o = this.object(value, field, allowed, ["action"]);
    const d: Declaration = { action: this.text(o.action, at(field, "action"), MAX_ID) };
    if (this.has(o, "weapon")) d.weapon = this.text(o.weapon, at(field, "weapon"), MAX_ID);
    if (this.has(o, "target")) d.target = this.id(o.target, at(field, "target"));
    if (this.has(o, "targets")) d.targets = this.idList(o.targets, at(field, "targets"));
    if (this.has(o, "area")) d.area = this.area(o.area, at(field, "area"));
    if (this.has(o, "distance")) d.distance = this.integer(o.distance, at(field, "distance"), 0, 9999);
    if (this.has(o, "label")) d.label = this.text(o.label, at(field, "label"), 200);
    return d;
  }
}

function readCombatant(r: SequenceReader, value: unknown, field: string, phase: number, rules: Readonly<PhaseRules>): { c: CombatantPhase; f: Fighter; name: string } {
  const o = r.object(value, field, COMBATANT_FIELDS, ["id", "reflexes"]);
  const id = r.text(o.id, at(field, "id"), MAX_ID);
  const name = r.has(o, "name") ? r.text(o.name, at(field, "name"), MAX_NAME) : id;
  const reflexes = r.integer(o.reflexes, at(field, "reflexes"), -MAX_STAT, MAX_STAT);
  const attributes = { ...(r.has(o, "attributes") ? readStats(r, o.attributes, at(field, "attributes")) : {}), reflexes };
  const weapons: Record<string, FighterWeapon> = {};
  if (r.has(o, "weapons")) {
    r.list(o.weapons, at(field, "weapons"), 16).forEach((w, i) => {
      const weapon = readWeapon(r, w, at(at(field, "weapons"), i), rules, true);
      if (Object.hasOwn(weapons, weapon.id)) r.fail(at(at(at(field, "weapons"), i), "id"), say("repeated", { value: weapon.id }));
      weapons[weapon.id] = weapon;
    });
  }
  const body = readBody(r, o, field, rules);
  const f: Fighter = {
    id, name, reflexes, attributes, skills: r.has(o, "skills") ? readStats(r, o.skills, at(field, "skills")) : {}, weapons,
    chart: body.chart, missing: body.missing, armor: body.armor, thresholds: body.thresholds, wounds: body.wounds,
  };
  const c = newCombatant(id, r.has(o, "awareness") ? r.awareness(o.awareness, at(field, "awareness")) : AWARE);
  c.suppressed = r.has(o, "suppressed") ? r.boolean(o.suppressed, at(field, "suppressed")) : false;
  return { c, f, name };
}

/** The tracker state a combatant brings (its Targeting, Aim and the action underway), read once every id is known. */
function readTracking(r: SequenceReader, o: Json, field: string, c: CombatantPhase, f: Fighter, phase: number, rules: Readonly<PhaseRules>): void {
  if (r.has(o, "targeting")) {
    const t = r.object(o.targeting, at(field, "targeting"), ["target", "area"], ["target"]);
    c.targeting = { target: r.id(t.target, at(at(field, "targeting"), "target")), area: r.has(t, "area") ? r.area(t.area, at(at(field, "targeting"), "area")) : null };
  }
  if (r.has(o, "aim")) {
    const a = r.object(o.aim, at(field, "aim"), ["target", "bonus"], ["target", "bonus"]);
    const target = r.id(a.target, at(at(field, "aim"), "target"));
    if (c.targeting?.target !== target) r.fail(at(at(field, "aim"), "target"), say("aimWithoutTargeting"));
    c.aim = { target, bonus: r.integer(a.bonus, at(at(field, "aim"), "bonus"), 0, rules.aimMax) };
  }
  if (r.has(o, "action")) {
    const w = at(field, "action");
    const a = r.object(o.action, w, ACTION_FIELDS, ["action", "declaredAt"]);
    const d = r.declaration({ ...a, declaredAt: undefined, partsDone: undefined }, w, ACTION_FIELDS);
    const spec = r.at(at(w, "action"), () => actionSpec(d.action, rules));
    if (spec.length === "free") r.fail(at(w, "action"), say("freeUnderway"));
    const declaredAt = r.integer(a.declaredAt, at(w, "declaredAt"), 1, phase);
    const ends = resolvesAt(declaredAt, spec.length, rules);
    if (ends < phase) r.fail(at(w, "declaredAt"), say("alreadyResolved", { phase: ends }));
    if (d.weapon !== undefined && !Object.hasOwn(f.weapons, d.weapon)) r.fail(at(w, "weapon"), say("unknownWeapon", { value: d.weapon }));
    const action: DeclaredAction = {
      id: `${c.id}@${declaredAt}`, actor: c.id, action: d.action, length: spec.length as DeclaredAction["length"], declaredAt, resolvesAt: ends,
      weapon: d.weapon ?? null, target: d.target ?? null, targets: [...(d.targets ?? [])], area: d.area ?? null, distance: d.distance ?? null,
      label: d.label ?? null, partsDone: r.has(a, "partsDone") ? r.integer(a.partsDone, at(w, "partsDone"), 0, spec.targetingPart ? 1 : 0) : 0,
      cancellable: spec.cancellable && spec.length !== "phase",
    };
    c.action = action;
  }
}

function readRolls(r: SequenceReader, value: unknown, field: string, rules: Readonly<PhaseRules>): AttackRolls {
  const o = r.object(value, field, ["checks", "locations", "damage", "range", "cover", "other", "coverAreas"]);
  const dice = readDice(r, { checks: o.checks, locations: o.locations, damage: o.damage }, field, rules);
  const rolls: AttackRolls = { ...dice };
  for (const key of ["range", "cover", "other"] as const) if (r.has(o, key)) rolls[key] = r.integer(o[key], at(field, key), -MAX_TN_MODIFIER, MAX_TN_MODIFIER);
  if (r.has(o, "coverAreas")) rolls.coverAreas = r.areas(o.coverAreas, at(field, "coverAreas"));
  return rolls;
}

function readPhase(r: SequenceReader, value: unknown, field: string, rules: Readonly<PhaseRules>): PhaseScript {
  const o = r.object(value, field, ["gm", "surprise", "initiative", "slots", "rolls"]);
  const gm = { aware: [] as string[], unaware: [] as string[], witness: [] as string[], distract: [] as string[] };
  if (r.has(o, "gm")) {
    const g = r.object(o.gm, at(field, "gm"), ["aware", "unaware", "witness", "distract"]);
    for (const key of ["aware", "unaware", "witness", "distract"] as const) if (r.has(g, key)) gm[key] = r.idList(g[key], at(at(field, "gm"), key));
  }
  const byId = <T>(key: string, read: (v: unknown, f: string, id: string) => T): Record<string, T> => {
    if (!r.has(o, key)) return {};
    const rec = r.record(o[key], at(field, key), MAX_COMBATANTS);
    return Object.fromEntries(Object.keys(rec).map((id) => [r.id(id, at(at(field, key), id)), read(rec[id], at(at(field, key), id), id)]));
  };
  const initiative = Object.entries(
    byId("initiative", (v, f) => {
      const i = r.object(v, f, ["dice", "tiebreak"], ["dice"]);
      return { dice: r.faces(i.dice, at(f, "dice"), 10, rules.initiativeFaces), tiebreak: r.has(i, "tiebreak") ? r.number(i.tiebreak, at(f, "tiebreak"), 0, 1) : null };
    }),
  ).map(([id, i]) => ({ id, ...i }));
  const slots = byId("slots", (v, f): SlotScript => {
    const s = r.object(v, f, ["cancel", "free", "declare"]);
    let free: FreeDeclaration | null = null;
    if (r.has(s, "free")) {
      const x = r.object(s.free, at(f, "free"), ["action", "weapon", "label", "face"], ["action"]);
      free = { action: r.text(x.action, at(at(f, "free"), "action"), MAX_ID) };
      if (r.has(x, "weapon")) free.weapon = r.text(x.weapon, at(at(f, "free"), "weapon"), MAX_ID);
      if (r.has(x, "label")) free.label = r.text(x.label, at(at(f, "free"), "label"), 200);
      if (r.has(x, "face")) free.face = r.integer(x.face, at(at(f, "free"), "face"), 1, rules.checkDie);
    }
    return {
      cancel: r.has(s, "cancel") ? r.boolean(s.cancel, at(f, "cancel")) : false,
      free,
      declare: r.has(s, "declare") ? r.declaration(s.declare, at(f, "declare"), DECLARE_FIELDS) : null,
    };
  });
  return {
    gm,
    surprise: byId("surprise", (v, f) => r.integer(v, f, 1, rules.checkDie)),
    initiative,
    slots,
    rolls: byId("rolls", (v, f) => readRolls(r, v, f, rules)),
  };
}

/** Check a parsed sequence scenario (the run itself is runPhaseSequence's). */
export function readPhaseSequence(value: unknown, worldRules: Readonly<PhaseRules> = PHASE_STANDARD_RULES): PhaseSequenceScenario {
  const r = new SequenceReader();
  const root = r.object(value, "scenario", ["ruleset", "version", "options", "phase", "combatants", "phases"], ["combatants", "phases"]);
  readHeader(r, root);
  const rules = r.has(root, "options") ? readOptions(r, root.options, worldRules) : { ...worldRules };
  const phase = r.has(root, "phase") ? r.integer(root.phase, "phase", 1, MAX_PHASE) : 1;
  const list = r.list(root.combatants, "combatants", MAX_COMBATANTS);
  const read = list.map((v, i) => readCombatant(r, v, at("combatants", i), phase, rules));
  read.forEach(({ c }, i) => {
    if (r.ids.has(c.id)) r.fail(at(at("combatants", i), "id"), say("repeated", { value: c.id }));
    r.ids.add(c.id);
  });
  read.forEach(({ c, f }, i) => readTracking(r, list[i] as Json, at("combatants", i), c, f, phase, rules));
  const phases = r.list(root.phases, "phases", MAX_PHASES).map((v, i) => readPhase(r, v, at("phases", i), rules));
  if (!phases.length) r.fail("phases", say("noPhases"));
  return {
    rules,
    state: { phase, step: "start", combatants: read.map((x) => x.c), order: [], cursor: 0, events: [] },
    fighters: Object.fromEntries(read.map((x) => [x.f.id, x.f])),
    names: Object.fromEntries(read.map((x) => [x.c.id, x.name])),
    phases,
  };
}

export function parsePhaseSequence(text: string, worldRules: Readonly<PhaseRules> = PHASE_STANDARD_RULES): PhaseSequenceScenario {
  return readPhaseSequence(parseJsonScenario(text), worldRules);
}
