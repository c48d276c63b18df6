/**
 * The GURPS attack dialog from a weapon (docs/rulesets/gurps.md, "On the
 * table"): the weapon's lines, each with its effective skill against this
 * target now (or why it cannot be rolled); the maneuver — the round's in a
 * combat (G10, G35), a choice outside one — and All-Out Attack's option
 * (G26); what the round adds by itself (aim G22, evaluate G23, feint G25,
 * shock G77, posture G12 … as the core's modifiers); the choices a request
 * may name (Deceptive Attack G37, Rapid Strike G38, hit location G36, shots
 * G56, range and speed G53, front G59, reach G60, situational G3); the
 * slams the maneuver allows instead of the line (G48, G49), each with its
 * effective skill and the yards moved into the foe; and
 * reading the submitted form back, refusing what is out of bounds with a
 * clear message. Pure; every figure is the core's.
 */
import { LocalizedError } from "../../../core/errors.js";
import { english, type Localize } from "../../../core/messages.js";
import type { GurpsDerived, GurpsWeaponView } from "../data/derived.js";
import { fighterId, itemStateOf } from "../combat/fighter.js";
import { actingManeuver, AOA_OPTIONS, type OpenInterrupt, type AoaOption, type AttackManeuver, attackRefusal, GURPS_STANDARD_RULES, type GurpsAttackInput, type GurpsFighterRound, type GurpsRules, HIT_LOCATIONS, type HitLocation, readRoll, resolveGurpsAttack } from "../rules/index.js";
import { attackInputOf } from "../workflow/attack-input.js";
import { CARD_SLAM_FORMS, type CardSlamForm, SLAM_MANEUVERS, slamInputOf, slamSkillOf, slamVelocityCap } from "../workflow/slam-input.js";
import { GURPS_REQUEST_LIMITS } from "../workflow/request-schema.js";
import { type ModifierView, modifierViews } from "./card-parts.js";
import { gurpsDialogOdds, unpricedLine } from "./odds.js";
import type { OddsLineView } from "../../../core/views/odds.js";
import { templatePath } from "../../../core/views/templates.js";

export const GURPS_ATTACK_DIALOG_TEMPLATE = templatePath("gurps/chat/attack-dialog.hbs");
const N = "CYCHOSYS.Gurps.";
const C = "CYCHOSYS.Gurps.Card.";
const FREE_MANEUVERS: readonly AttackManeuver[] = ["attack", "allOutAttack", "moveAndAttack"];
const RANGED = new Set(["thrown", "musclePowered", "firearm", "projectedLiquid"]);

export interface DialogFighter {
  uuid: string;
  name: string;
  derived: GurpsDerived;
  /** His round in the started combat; null outside one. */
  round: GurpsFighterRound | null;
}

export interface GurpsAttackDialogInput {
  attacker: DialogFighter;
  weapon: GurpsWeaponView;
  target: DialogFighter;
  /** Is it his turn (null outside a combat)? */
  myTurn: boolean | null;
  /** G31: the combat's open interrupt and his combatant id (workflow `interruptFor`): the one interrupted waits. */
  interrupt?: { open: OpenInterrupt | null; id: string; by: string | null } | null;
  /** Yards between the tokens on the scene, when both are there (G53). */
  measured: number | null;
  gm: boolean;
  /** The line chosen on the sheet (preselected); the first by default. */
  line?: number;
  /** G48, G49: a slam form preselected instead of the line. */
  slam?: CardSlamForm;
  rules?: Readonly<GurpsRules>;
  localize?: Localize;
  /** docs/odds.md: the odds line — "shown" when this user may see the target's sheet, "hidden" when not; absent, no odds (the world's setting). */
  odds?: "shown" | "hidden";
}

export interface GurpsAttackDialogView {
  title: string;
  target: string;
  lines: { index: number; label: string; selected: boolean }[];
  /** In a combat: the round's maneuver (or why he cannot attack now); outside one, null and `maneuvers` offered. */
  maneuver: string | null;
  refusal: string | null;
  maneuvers: { value: string; label: string }[] | null;
  aoaOptions: { value: string; label: string }[] | null;
  /** What the round and the situation already add (the core's modifiers for the first line). */
  modifiers: ModifierView[];
  melee: boolean;
  ranged: boolean;
  rof: number;
  range: number;
  rangeHint: string | null;
  inReach: boolean;
  locations: { value: string; label: string; selected: boolean }[];
  gm: boolean;
  limits: typeof GURPS_REQUEST_LIMITS;
  /** docs/odds.md: the chance to hit and expected HP against the target's best answer, as the form stands (views/odds.ts). */
  odds?: { lines: OddsLineView[] };
  /** G48, G49: the slams offered instead of the line (value, label with its effective skill, or why it is closed); null when the maneuver allows none. */
  slams: { value: CardSlamForm; label: string; disabled: boolean; selected: boolean }[] | null;
  /** G48: the yards moved into the foe: 1 at least, at most what the maneuver and the foe's move allow. */
  velocity: { value: number; max: number } | null;
}

/**
 * G26, G35: the maneuver an attack is made under now — the round's in a
 * combat, the user's outside one; against a fighter in a combat the attacker
 * is not in, plain Attack (a maneuver chosen there would go unrecorded, G10).
 */
function maneuverNow(input: GurpsAttackDialogInput, rules: Readonly<GurpsRules>): { maneuver: AttackManeuver; aoaOption: AoaOption | null; refusal: { reason: string; rule: string } | null } {
  const round = input.attacker.round;
  if (!round) return { maneuver: "attack", aoaOption: null, refusal: null };
  const line = input.weapon.lines[0];
  const item = line ? itemStateOf(round, input.weapon, line) : null;
  const interrupt = input.interrupt ?? undefined;
  const refusal = item ? attackRefusal(round, { myTurn: !!input.myTurn, rapidStrike: false, item, unbalanced: !!line?.unbalanced, ...(interrupt && { interrupt }) }, rules) : null;
  const choice = actingManeuver(round, !!input.myTurn);
  const maneuver = choice && (FREE_MANEUVERS as readonly string[]).includes(choice.id) ? (choice.id as AttackManeuver) : "attack";
  return { maneuver, aoaOption: choice?.aoaOption ?? null, refusal: refusal ? { reason: refusal.reason, rule: refusal.rule } : null };
}

export function gurpsAttackDialogView(input: GurpsAttackDialogInput): GurpsAttackDialogView {
  const localize = input.localize ?? english;
  const rules = input.rules ?? GURPS_STANDARD_RULES;
  const { attacker, weapon, target } = input;
  const now = maneuverNow(input, rules);
  const inReach = input.measured !== null && input.measured <= 1;
  const range = input.measured ?? 0;
  let modifiers: ModifierView[] = [];
  // The effective skill of each line against this target now, with the defaults (the GM recomputes it at the roll).
  const lines = weapon.lines.map((line, i) => {
    const item = itemStateOf(attacker.round, weapon, line);
    const r = resolveGurpsAttack(
      attackInputOf(
        { attacker: { id: fighterId(attacker.uuid), derived: attacker.derived, round: attacker.round }, target: { id: fighterId(target.uuid), derived: target.derived, round: target.round }, weapon, line, item },
        { maneuver: now.maneuver, aoaOption: now.aoaOption ?? (now.maneuver === "allOutAttack" ? "determined" : null), deceptive: 0, rapidStrike: false, modifiers: [], range, speed: 0, location: "torso", fromFront: true, inReach, shots: 1 },
        readRoll([3, 4, 4], "roll", rules),
      ),
      rules,
    );
    if (i === 0 && r.skill) modifiers = modifierViews(r.skill.modifiers, localize);
    const head = `${line.name || String(i + 1)}: ${line.damage} ${line.type}`;
    const tail = r.refused ? localize(`${C}refusedNow`, { reason: localize(`${N}Refusal.${r.refused}`) }) : localize(`${C}effectiveNow`, { effective: r.skill?.effective ?? 0 });
    return { index: line.index, label: `${head} — ${tail}`, selected: line.index === (input.line ?? weapon.lines[0]?.index) };
  });
  const option = (group: string) => (value: string) => ({ value, label: localize(`${N}${group}.${value}`) });
  const slams = slamOptions(input, now, rules, localize);
  const melee = weapon.lines.some((l) => l.kind === "melee");
  const ranged = weapon.lines.some((l) => RANGED.has(l.kind));
  // A fighter in a combat the attacker is not in: a player is refused (add the token first); the GM attacks as plain Attack.
  const outside = !attacker.round && target.round !== null;
  const chooses = !attacker.round && !outside;
  const refusal = now.refusal
    ? localize("CYCHOSYS.Gurps.Flow.notPermitted", { reason: localize(`${N}Act.${now.refusal.reason}`, { name: attacker.name, by: input.interrupt?.by ?? localize(`${N}Act.theWaiter`) }), rule: now.refusal.rule })
    : outside && !input.gm
      ? localize("CYCHOSYS.Flow.outsideCombat", { attacker: attacker.name, target: target.name })
      : null;
  return {
    title: localize(`${C}attackTitle`, { weapon: weapon.name, target: target.name }),
    target: target.name,
    lines,
    maneuver: chooses ? null : localize(`${N}Maneuver.${now.maneuver}`) + (now.aoaOption ? ` (${localize(`${N}AoaOption.${now.aoaOption}`)})` : ""),
    refusal,
    maneuvers: chooses ? FREE_MANEUVERS.map(option("Maneuver")) : null,
    aoaOptions: chooses ? AOA_OPTIONS.map(option("AoaOption")) : null,
    modifiers,
    melee,
    ranged,
    rof: Math.max(1, ...weapon.lines.map((l) => l.rof || 1)),
    range,
    rangeHint: input.measured !== null ? localize(`${N}Dialog.${ranged ? "measured" : "measuredReach"}`, { yards: input.measured }) : null,
    inReach: inReach || input.measured === null,
    locations: HIT_LOCATIONS.map((l) => ({ value: l, label: localize(`${N}Location.${l}`), selected: l === "torso" })),
    gm: input.gm,
    limits: GURPS_REQUEST_LIMITS,
    slams: slams?.options ?? null,
    velocity: slams ? { value: 1, max: slams.cap } : null,
    ...(input.odds && { odds: gurpsAttackDialogOdds(input, { line: input.line ?? weapon.lines[0]?.index ?? 0, inReach: inReach || input.measured === null }) }),
  };
}

/**
 * G48, G49: the slam forms under the maneuver now (outside a combat, Move and
 * Attack's reach: the user picks the maneuver there), each with its skill and
 * effective skill against this target, or why it is closed (a shield rush
 * without a ready shield); null when the maneuver allows no slam or the
 * target stands farther than 1 yard on the scene.
 */
function slamOptions(input: GurpsAttackDialogInput, now: { maneuver: AttackManeuver; aoaOption: AoaOption | null }, rules: Readonly<GurpsRules>, localize: Localize) {
  // G48: a slam ends against the foe: offered once the tokens touch (or when the scene cannot tell).
  if (!SLAM_MANEUVERS.includes(now.maneuver) || (input.measured !== null && input.measured > 1)) return null;
  const { attacker, target } = input;
  const maneuver: AttackManeuver = attacker.round ? now.maneuver : "moveAndAttack";
  const cap = Math.max(1, Math.min(GURPS_REQUEST_LIMITS.velocity, slamVelocityCap(maneuver, attacker.derived, attacker.round, target.derived, rules)));
  const options = CARD_SLAM_FORMS.map((form) => {
    const name = localize(`${C}slamForm.${form}`);
    const rule = form === "slam" ? "G48" : "G49";
    const skill = slamSkillOf(attacker.derived, attacker.round, form);
    const made = skill && slamInputOf(
      { id: fighterId(attacker.uuid), derived: attacker.derived, round: attacker.round }, { id: fighterId(target.uuid), derived: target.derived, round: target.round },
      { form, velocity: 1, maneuver: now.maneuver, aoaOption: now.aoaOption ?? (now.maneuver === "allOutAttack" ? "determined" : null), deceptive: 0, modifiers: [], fromFront: true },
      readRoll([3, 4, 4], "roll", rules),
    );
    const r = made ? resolveGurpsAttack(made, rules) : null;
    if (!skill || !r || r.refused || !r.skill) {
      const reason = !skill ? localize("CYCHOSYS.Gurps.Flow.slamNoShield") : localize(`${N}Refusal.${r?.refused ?? "notAttackManeuver"}`);
      return { value: form, label: localize(`${C}slamClosed`, { form: name, rule, reason }), disabled: true, selected: false };
    }
    return { value: form, label: localize(`${C}slamOption`, { form: name, rule, skill: skill.skillName, level: skill.level, effective: r.skill.effective }), disabled: false, selected: input.slam === form };
  });
  return { options, cap };

}

/** The submitted form's fields (what readGurpsAttackForm returns, every one optional but the line and reach). */
export interface GurpsAttackFields {
  line: number;
  inReach?: boolean;
  /** G48, G49: a slam instead of the line (no damage roll to price). */
  slam?: { form: CardSlamForm; velocity: number };
  maneuver?: AttackManeuver;
  aoaOption?: AoaOption;
  deceptive?: number;
  rapidStrike?: boolean;
  location?: HitLocation;
  shots?: number;
  range?: number;
  gmRange?: number;
  speed?: number;
  fromFront?: boolean;
  modifiers?: readonly { value: number; label?: string }[];
  gmModifiers?: readonly { value: number; label?: string }[];
}

/**
 * The attack the GM will resolve from these fields (workflow/steps.ts, the
 * declare step): the round's maneuver in a combat, the line, the range the
 * request may only add to (the GM's sets it), reach within 1 yard, the
 * modifiers — its dice still to roll (a placeholder the odds replace).
 */
export function dialogAttackInput(input: GurpsAttackDialogInput, fields: GurpsAttackFields): GurpsAttackInput | null {
  const rules = input.rules ?? GURPS_STANDARD_RULES;
  const { attacker, weapon, target } = input;
  const line = weapon.lines.find((l) => l.index === fields.line) ?? weapon.lines[0];
  if (!line) return null;
  const now = maneuverNow(input, rules);
  const inCombat = attacker.round !== null || target.round !== null;
  const maneuver = inCombat ? now.maneuver : (fields.maneuver ?? "attack");
  const aoaOption = inCombat ? now.aoaOption : maneuver === "allOutAttack" ? (fields.aoaOption ?? null) : null;
  return attackInputOf(
    { attacker: { id: fighterId(attacker.uuid), derived: attacker.derived, round: attacker.round }, target: { id: fighterId(target.uuid), derived: target.derived, round: target.round }, weapon, line, item: itemStateOf(attacker.round, weapon, line) },
    {
      maneuver, aoaOption, deceptive: fields.deceptive ?? 0, rapidStrike: !!fields.rapidStrike, modifiers: [...(fields.modifiers ?? []), ...(fields.gmModifiers ?? [])],
      range: fields.gmRange ?? Math.max(fields.range ?? 0, input.measured ?? 0), speed: fields.speed ?? 0, location: fields.location ?? "torso", fromFront: fields.fromFront !== false,
      inReach: !!fields.inReach || (input.measured !== null && input.measured <= 1), shots: fields.shots ?? 1,
    },
    readRoll([3, 4, 4], "roll", rules),
  );
}

/** docs/odds.md: the dialog's odds line for its target, as the form's fields stand; hidden when this user may not see the target's sheet. */
export function gurpsAttackDialogOdds(input: GurpsAttackDialogInput, fields: GurpsAttackFields): { lines: OddsLineView[] } {
  const localize = input.localize ?? english;
  // G48, G49: a slam's damage comes from HP and velocity both ways, not a line's roll: not priced, and the line says so.
  if (fields.slam && input.odds === "shown") return { lines: [unpricedLine(input.target.name, localize)] };
  return gurpsDialogOdds(input.target.name, input.odds === "shown" ? dialogAttackInput(input, fields) : null, localize, input.rules ?? GURPS_STANDARD_RULES);
}

/** A form field refused: its label and bounds (`CYCHOSYS.Gurps.Dialog.badNumber`). */
export class GurpsDialogError extends LocalizedError<"badNumber"> {
  constructor(params: Record<string, string | number>) {
    super("CYCHOSYS.Gurps.Dialog", "badNumber", params);
    this.name = "GurpsDialogError";
  }
}

/**
 * The request fields of a submitted attack dialog; a number out of bounds is
 * refused with its field's name, nothing guessed. A GM's form sends the GM's
 * own fields (`gmModifiers`, `gmRange`, `fromFront`); a player's never does
 * (the GM refuses them from him, workflow/request-schema.ts). `inCombat`: the
 * attacker or the target fights in the started combat (no maneuver is chosen).
 */
export function readGurpsAttackForm(form: Record<string, unknown>, o: { gm: boolean; inCombat: boolean; localize?: Localize }) {
  const localize = o.localize ?? english;
  const L = GURPS_REQUEST_LIMITS;
  const whole = (name: string, label: string, min: number, max: number, fallback: number): number => {
    const raw = form[name];
    if (raw === undefined || raw === "") return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min || n > max) throw new GurpsDialogError({ field: localize(`${C}${label}`), min, max });
    return n;
  };
  const line = whole("line", "line", 0, 31, 0);
  const deceptive = whole("deceptive", "deceptive", 0, L.deceptive, 0);
  const shots = whole("shots", "shots", 1, L.shots, 1);
  const range = form.range === undefined || form.range === "" ? undefined : whole("range", "range", 0, L.range, 0);
  const speed = whole("speed", "speed", 0, L.speed, 0);
  const modifier = whole("modifier", "modifier", -L.modifier, o.gm ? L.modifier : 0, 0);
  const label = typeof form.modifierLabel === "string" ? form.modifierLabel.trim().slice(0, L.label) : "";
  const location = (HIT_LOCATIONS as readonly string[]).includes(String(form.location)) ? (form.location as HitLocation) : "torso";
  const maneuver = !o.inCombat && (FREE_MANEUVERS as readonly string[]).includes(String(form.maneuver)) ? (form.maneuver as AttackManeuver) : undefined;
  const aoaOption = maneuver === "allOutAttack" && (AOA_OPTIONS as readonly string[]).includes(String(form.aoaOption)) ? (form.aoaOption as AoaOption) : undefined;
  const on = (name: string) => form[name] === true || form[name] === "on" || form[name] === "true";
  // G48, G49: a slam instead of the line: the form and the yards moved; no Rapid Strike, shots or hit location go with it.
  const slamForm = (CARD_SLAM_FORMS as readonly string[]).includes(String(form.attackForm)) ? (form.attackForm as CardSlamForm) : null;
  if (slamForm) {
    const velocity = whole("velocity", "velocity", 1, L.velocity, 1);
    return {
      line,
      ...(maneuver && { maneuver }),
      ...(aoaOption && { aoaOption }),
      ...(deceptive && { deceptive }),
      slam: { form: slamForm, velocity },
      ...(o.gm && { fromFront: on("fromFront") }),
      ...(modifier && { [o.gm ? "gmModifiers" : "modifiers"]: [{ value: modifier, ...(label && { label }) }] }),
    };
  }
  return {
    line,
    ...(maneuver && { maneuver }),
    ...(aoaOption && { aoaOption }),
    ...(deceptive && { deceptive }),
    ...(on("rapidStrike") && { rapidStrike: true }),
    ...(location !== "torso" && { location }),
    ...(shots > 1 && { shots }),
    ...(range !== undefined && (o.gm ? { gmRange: range } : { range })),
    ...(speed && { speed }),
    ...(o.gm && { fromFront: on("fromFront") }),
    inReach: on("inReach"),
    ...(modifier && { [o.gm ? "gmModifiers" : "modifiers"]: [{ value: modifier, ...(label && { label }) }] }),
  };
}

/** The odds line redrawn from the form as it stands (liveOddsLines): a number out of bounds says why in the line instead. */
export function gurpsAttackFormOdds(input: GurpsAttackDialogInput, form: Record<string, unknown>, inCombat: boolean): { lines: OddsLineView[] } {
  const localize = input.localize ?? english;
  try {
    return gurpsAttackDialogOdds(input, readGurpsAttackForm(form, { gm: input.gm, inCombat, localize }));
  } catch (error) {
    const e = error as { i18nKey?: string; params?: Record<string, unknown>; message?: string };
    return { lines: [{ name: input.target.name, text: `${input.target.name}: ${e.i18nKey ? localize(e.i18nKey, e.params) : String(e.message)}`, changed: false, hidden: true }] };
  }
}
