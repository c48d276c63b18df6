/**
 * The GURPS tracker as shown (pure): under each combatant his maneuver with
 * its option or the Wait's trigger (G10, G26, G28, G31) and what it permits
 * (G34), posture (G14), shock in force (G77), stun (G19, G79), aim (G22),
 * evaluate (G23), feint owed (G25), the defenses used since his last turn
 * (G61–G68: parries per weapon, block, retreat and drop against whom),
 * grapples (G43–G50) and a task (G29); the 0-HP roll to stay conscious
 * (G81) as a control for who may roll it, as a mark for the rest; his controls. The maneuver dialog:
 * the fifteen maneuvers, those he may not take greyed with why, each with
 * what it permits, the options, the Wait's trigger, a target and an item.
 */
import { templatePath } from "../../../core/views/templates.js";
import { figure, sentenceCase } from "../../../core/views/text.js";
import { type TrackerControlView, type TrackerFigureView, type TrackerRowView, trackerRowView, type TrackerStatusView, type Tone } from "../../../core/views/house.js";
import {
  AOA_OPTIONS, AOD_OPTIONS, GURPS_STANDARD_RULES, type GurpsFighterRound, type GurpsRules, type ManeuverChoice, type ManeuverFacts, maneuverPermits, maneuverRefusal, MANEUVERS,
  type ManeuverId, type Posture, postureChange, POSTURES, WAIT_RESPONSES, fireWaitRefusal, MAX_TASK_NAME, MAX_TASK_SECONDS, stepPostureRefusal, TASK_KINDS, type TaskKind, taskProgress,
} from "../rules/index.js";
import { MAX_TRIGGER } from "./request-schema.js";
import { consciousnessBars, consciousnessOwed, moveLeft } from "./tracker-plan.js";

export const GURPS_MANEUVER_TEMPLATE = templatePath("gurps/combat/maneuver.hbs");
export const GURPS_TASK_TEMPLATE = templatePath("gurps/combat/task.hbs");

type Localize = (key: string, params?: Record<string, unknown>) => string;
const T = (key: string) => `CYCHOSYS.Gurps.Tracker.${key}`;

/** A choice in words: `All-Out Attack (Determined)`, `Wait: attack when he steps in`. */
export function maneuverText(choice: ManeuverChoice, localize: Localize): string {
  const name = localize(`CYCHOSYS.Gurps.Maneuver.${choice.id}`);
  if (choice.id === "allOutAttack" && choice.aoaOption) return `${name} (${localize(`CYCHOSYS.Gurps.AoaOption.${choice.aoaOption}`)})`;
  if (choice.id === "allOutDefense" && choice.aodOption) return `${name} (${localize(`CYCHOSYS.Gurps.AodOption.${choice.aodOption}`)})`;
  return name;
}

/** G34: what a maneuver permits, in a line. */
export function permitsText(choice: ManeuverChoice, localize: Localize, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): string {
  const p = maneuverPermits(choice, rules);
  return localize(T("permits"), {
    movement: localize(T(`Movement.${p.movement}`)),
    defenses: localize(`CYCHOSYS.Gurps.ManeuverDefenses.${p.defenses}`),
    attacks: localize(T(p.attacks ? "attacks" : "noAttacks")),
  }) + (p.fullTurn ? ` · ${localize(T("fullTurn"))}` : "");
}

export interface TrackerRowInput {
  round: GurpsFighterRound;
  /** Names of the fight's combatants and the fighter's items, by id. */
  nameOf: (id: string) => string;
  /** His row's name (the accessible names of its figures and controls). */
  name: string;
  current: boolean;
  /** The viewer owns the combatant (or is the GM): he may act for him. */
  canControl: boolean;
  /** The viewer is a GM (the order is his to change, G9). */
  isGM?: boolean;
  started: boolean;
  /** HP and FP now and full (G94: fractions of full HP). */
  hp?: { value: number; max: number } | null;
  fp?: { value: number; max: number } | null;
  /** His Move now (derived), for what his maneuver lets him move; null when nothing derived it. */
  moveNow?: number | null;
  /** G9: his place in the turns and how many there are (the GM's up / down controls). */
  place?: { index: number; count: number } | null;
  /** G31: a Wait's trigger fired: who acts now out of turn, and whose turn he interrupted. */
  interrupt?: { by: string; of: string } | null;
  /** His combatant id (matched against the interrupt). */
  id?: string;
  localize: Localize;
  rules?: Readonly<GurpsRules>;
}

/** The row's controls (tracker.ts acts on `action`), each a Font Awesome 6 Free solid icon. */
export const GURPS_ROW_CONTROLS = {
  consciousness: "fa-solid fa-heart-pulse",
  maneuver: "fa-solid fa-list-check",
  recover: "fa-solid fa-dice",
  move: "fa-solid fa-person-walking",
  kneel: "fa-solid fa-person-praying",
  stand: "fa-solid fa-person",
  crouch: "fa-solid fa-person-arrow-down-to-line",
  rise: "fa-solid fa-person-arrow-up-from-line",
  task: "fa-solid fa-hourglass-start",
  fireWait: "fa-solid fa-bolt",
  waitDone: "fa-solid fa-check",
  orderUp: "fa-solid fa-arrow-up",
  orderDown: "fa-solid fa-arrow-down",
} as const;
export type GurpsRowAction = keyof typeof GURPS_ROW_CONTROLS;

/**
 * A GURPS fighter's row in the house style (docs/style.md, the shared
 * templates/partials/tracker-row.hbs): one line of essentials — his maneuver
 * (G10; what it permits, G34, in its tooltip), HP and FP, the yards moved of
 * what it allows (G12) — his marks as chips (posture G14, shock G77, stun
 * G79, aim G22, evaluate G23, feint G25, grapples G43–G50, a task G29/G89,
 * the Wait and its trigger G31, the defenses used since his last turn
 * G61–G68, the 0-HP roll owed G81), and as icon buttons only what this viewer
 * may do for him now.
 */
export function gurpsTrackerRowView(input: TrackerRowInput): TrackerRowView & { actions: GurpsRowAction[] } {
  const { round: r, nameOf, localize } = input;
  const rules = input.rules ?? GURPS_STANDARD_RULES;
  const statuses: TrackerStatusView[] = [];
  const chip = (id: string, label: string, rule: string, tone?: Tone, hint?: string) =>
    statuses.push({ id, label, hint: hint ?? localize(T(`Hint.${id}`), { rule }), ...(tone && { tone }) });
  const interruptedBy = input.interrupt && input.id && input.interrupt.of === input.id ? input.interrupt.by : null;
  const actingNow = r.waitTriggered && !input.current;
  if (actingNow) chip("actingNow", localize(T("actingNow")), "G31", "good");
  if (interruptedBy) chip("interrupted", localize(T("interrupted"), { name: nameOf(interruptedBy) }), "G31", "shock");
  if (r.maneuver.id === "wait" && r.maneuver.wait && r.turn > 0) {
    const response = localize(T(`WaitResponse.${r.maneuver.wait.response}`));
    chip("wait", localize(T("waitChip"), { response }), "G31", undefined, localize(T("waitTrigger"), { response, trigger: r.maneuver.wait.trigger }));
  }
  if (r.posture !== "standing" || r.crouching) chip("posture", sentenceCase(localize(`CYCHOSYS.Gurps.Posture.${r.posture === "standing" ? "crouching" : r.posture}`)), "G14");
  if (r.shock > 0) chip("shock", localize(T("shock"), { value: r.shock }), "G77", "shock");
  if (r.stun) chip("stun", localize(`CYCHOSYS.Gurps.Status.${r.stun === "mental" ? "mentallyStunned" : "stunned"}`), "G79", "wound");
  if (r.majorWound) chip("majorWound", localize(T("majorWound")), "G78", "wound");
  if (r.aim) chip("aim", localize(T("aim"), { seconds: r.aim.seconds, target: nameOf(r.aim.targetId) }), "G22");
  if (r.evaluate) chip("evaluate", localize(T("evaluate"), { bonus: r.evaluate.bonus, target: nameOf(r.evaluate.targetId) }), "G23");
  if (r.feint) chip("feint", localize(T("feint"), { penalty: r.feint.penalty, target: nameOf(r.feint.targetId) }), "G25");
  for (const g of r.grappling) chip("holding", localize(T(g.pinned ? "pinning" : "holding"), { target: nameOf(g.with) }), "G43");
  for (const g of r.grappledBy) chip("heldBy", localize(T("heldBy"), { target: nameOf(g.with) }), "G50", "shock");
  const task = taskProgress(r);
  if (r.task && task) chip("task", localize(T(task.finished ? "taskDone" : "task"), { name: r.task.name, done: task.done, needed: task.needed }), r.maneuver.id === "concentrate" ? "G29" : "G89", task.finished ? "good" : undefined);
  // G61–G68: what he used since his last turn.
  for (const [id, item] of Object.entries(r.items)) if (item.parries > 0) chip("parried", localize(T("parried"), { name: nameOf(id), count: item.parries }), "G63");
  if (r.used.blocked) chip("blocked", localize(T("blocked")), "G62");
  if (r.used.retreatAgainst) chip("retreated", localize(T("retreated"), { target: nameOf(r.used.retreatAgainst) }), "G67");
  if (r.used.dropAgainst) chip("dropped", localize(T("dropped"), { target: nameOf(r.used.dropAgainst) }), "G68");
  if (r.used.acrobaticDodge) chip("acrobatic", localize(T("acrobatic")), "G61");
  if (r.defendedSinceLastTurn && !statuses.some((x) => ["parried", "blocked", "retreated", "dropped", "acrobatic"].includes(x.id))) chip("defended", localize(T("defended")), "G58");
  if (r.unconscious) chip("unconscious", localize("CYCHOSYS.Gurps.Status.unconscious"), "G81", "wound");
  if (r.dead) chip("dead", localize("CYCHOSYS.Gurps.Status.dead"), "G81", "wound");

  const chosen = r.turn > 0;
  const able = !r.unconscious && !r.dead;
  const own = input.started && input.canControl && able;
  const chosenNow = chosen && r.chosenTurn === r.turn;
  const onTurn = input.current && !interruptedBy;
  // G81: who may roll it sees the roll; the others see that it is owed.
  const rollConsciousness = own && onTurn && consciousnessOwed(r);
  if (consciousnessOwed(r) && !rollConsciousness) chip("consciousness", localize(T("consciousnessOwed")), "G81", "wound");
  const acting = (onTurn && chosenNow) || actingNow;
  const movement = acting && typeof input.moveNow === "number" ? moveLeft(r, input.moveNow, rules) : null;

  const figures: TrackerFigureView[] = [{
    id: "maneuver", label: "", value: chosen ? maneuverText(r.maneuver, localize) : localize(T("noTurnYet")), ...(chosen && { hint: permitsText(r.maneuver, localize, rules) }),
  }];
  if (input.hp) figures.push({ id: "hp", label: localize(T("hp")), value: `${figure(input.hp.value)}/${figure(input.hp.max)}`, ...(hpTone(input.hp) && { tone: hpTone(input.hp)! }) });
  if (input.fp) figures.push({ id: "fp", label: localize(T("fp")), value: `${figure(input.fp.value)}/${figure(input.fp.max)}`, ...(3 * input.fp.value < input.fp.max && { tone: "shock" as const }) });
  if (movement && (movement.allowance.yards > 0 || r.yardsMoved > 0)) figures.push({ id: "moved", label: localize(T("movedLabel")), value: localize(T("movedValue"), { moved: r.yardsMoved, allowed: movement.allowance.yards }), hint: localize(T("Hint.moved"), { allowed: movement.allowance.yards, rule: "G12" }) });

  const actions: GurpsRowAction[] = [];
  if (rollConsciousness) actions.push("consciousness");
  if (own && onTurn && !r.stun && !chosenNow && !consciousnessBars(r, "doNothing")) actions.push("maneuver");
  if (own && onTurn && r.stun !== null && r.maneuver.id === "doNothing") actions.push("recover");
  if (own && (onTurn || actingNow) && movement !== null && movement.left > 0) actions.push("move");
  // G15: kneeling ↔ standing as the step of this turn's maneuver, while the step is unspent.
  if (own && (onTurn || actingNow) && typeof input.moveNow === "number") {
    if (r.posture === "standing" && !stepPostureRefusal(r, "kneeling", input.moveNow, rules)) actions.push("kneel");
    if (r.posture === "kneeling" && !stepPostureRefusal(r, "standing", input.moveNow, rules)) actions.push("stand");
  }
  // G16: crouch on his turn while standing; rise from a crouch at any time.
  if (own && onTurn && r.posture === "standing" && !r.crouching) actions.push("crouch");
  if (own && r.crouching) actions.push("rise");
  // G29, G89: a task begun with its maneuver (before choosing, or under Concentrate / a Ready not spent).
  if (own && onTurn && !r.stun && !consciousnessOwed(r) && !(r.task && r.task.startedTurn === r.turn)
    && (!chosenNow || r.maneuver.id === "concentrate" || (r.maneuver.id === "ready" && r.actions === 0))) actions.push("task");
  // G31: the trigger fires before his next turn (his owner or the GM); his action out of turn ends with "Done".
  if (own && input.started && !input.current && !input.interrupt && !fireWaitRefusal(r, { myTurn: false })) actions.push("fireWait");
  // Done is offered even to a waiter knocked out while acting, so the turn he interrupted can resume.
  if (input.started && input.canControl && ((input.interrupt && input.id && input.interrupt.by === input.id) || (actingNow && !input.interrupt))) actions.push("waitDone");
  // G9: the GM's hand on the order.
  if (input.isGM && input.started && input.place && input.place.count > 1) {
    if (input.place.index > 0) actions.push("orderUp");
    if (input.place.index < input.place.count - 1) actions.push("orderDown");
  }
  const controls: TrackerControlView[] = actions.map((action) => ({ action, label: localize(T(`Control.${action}`)), icon: GURPS_ROW_CONTROLS[action] }));
  return { ...trackerRowView({ name: input.name, figures, statuses, controls, mayAct: controls.length > 0 }, localize), actions };
}

/** G80, G81: HP in the wound tone at 0 or below, the shock tone below a third (reeling). */
function hpTone(hp: { value: number; max: number }): Tone | null {
  if (hp.value <= 0) return "wound";
  if (3 * hp.value < hp.max) return "shock";
  return null;
}
export type GurpsTrackerRowView = ReturnType<typeof gurpsTrackerRowView>;

export interface ManeuverDialogInput {
  name: string;
  round: GurpsFighterRound;
  facts: ManeuverFacts;
  /** Other combatants he may name as target, and his weapons and shields. */
  targets: readonly { id: string; name: string }[];
  items: readonly { id: string; name: string; ranged: boolean }[];
  localize: Localize;
  rules?: Readonly<GurpsRules>;
}

/** The maneuver dialog: every maneuver, greyed with its reason when he may not take it (a choice needing an option or a target is checked with its first). */
export function gurpsManeuverDialogView(input: ManeuverDialogInput) {
  const { localize, round: r } = input;
  const rules = input.rules ?? GURPS_STANDARD_RULES;
  const current: ManeuverId = r.turn > 0 ? r.maneuver.id : "doNothing";
  const probe = (id: ManeuverId): ManeuverChoice => ({
    id, aoaOption: AOA_OPTIONS[0], aodOption: AOD_OPTIONS[0], targetId: input.targets[0]?.id ?? null, wait: { trigger: "—", response: "attack" },
  });
  const maneuvers = MANEUVERS.map((id) => {
    const refusal = maneuverRefusal(probe(id), input.facts, rules);
    // G81: at 0 HP or below, only Do Nothing excuses the roll to stay conscious; anything else waits for it.
    const kept = refusal && refusal.reason !== "noTarget" ? refusal : consciousnessBars(r, id) ? { reason: "consciousnessFirst", rule: "G81" } : null;
    return {
      id, label: localize(`CYCHOSYS.Gurps.Maneuver.${id}`), permits: permitsText({ id, aoaOption: id === "allOutAttack" ? "determined" : null }, localize, rules),
      refusal: kept ? sentenceCase(`${localize(`CYCHOSYS.Gurps.Refusal.${kept.reason}`)} (${kept.rule})`) : null, disabled: kept !== null, checked: id === current && !kept,
    };
  });
  const option = (group: string, values: readonly string[], selected: string | null | undefined) =>
    values.map((value, i) => ({ value, label: localize(`CYCHOSYS.Gurps.${group}.${value}`), checked: selected ? value === selected : i === 0 }));
  return {
    name: input.name,
    maneuvers,
    aoa: option("AoaOption", AOA_OPTIONS, r.maneuver.aoaOption),
    aod: option("AodOption", AOD_OPTIONS, r.maneuver.aodOption),
    // G15: the postures a Change Posture may reach from his (from lying, not straight to standing).
    postures: POSTURES.filter((p: Posture) => postureChange(r.posture, p, "maneuver").allowed).map((value) => ({ value, label: localize(`CYCHOSYS.Gurps.Posture.${value}`) })),
    wait: {
      trigger: r.maneuver.wait?.trigger ?? "", max: MAX_TRIGGER,
      responses: WAIT_RESPONSES.map((value) => ({ value, label: localize(T(`WaitResponse.${value}`)), selected: value === (r.maneuver.wait?.response ?? "attack") })),
    },
    targets: [{ id: "", name: localize(T("noTarget")), selected: !r.maneuver.targetId }, ...input.targets.map((t) => ({ ...t, selected: t.id === r.maneuver.targetId }))],
    items: [{ id: "", name: localize(T("noItem")), selected: !r.maneuver.itemId }, ...input.items.map((i) => ({ ...i, selected: i.id === r.maneuver.itemId }))],
    labels: Object.fromEntries(["maneuver", "aoa", "aod", "posture", "waitTrigger", "waitResponse", "waitAoa", "target", "item", "braced", "triggerHint"].map((k) => [k, localize(T(`Dialog.${k}`), { max: MAX_TRIGGER })])),
  };
}
export type GurpsManeuverDialogView = ReturnType<typeof gurpsManeuverDialogView>;

const text = (v: unknown) => (typeof v === "string" ? v : "");

/** The dialog's form read back into a choice (the request's schema and the GM check it). */
export function readManeuverForm(form: Record<string, unknown>, items: readonly { id: string; ranged: boolean }[]): ManeuverChoice {
  const id = text(form.maneuver) as ManeuverId;
  const choice: ManeuverChoice = { id };
  const targetId = text(form.targetId);
  const itemId = text(form.itemId);
  if (targetId) choice.targetId = targetId;
  if (itemId) choice.itemId = itemId;
  if (id === "allOutAttack") choice.aoaOption = text(form.aoaOption) as ManeuverChoice["aoaOption"];
  if (id === "allOutDefense") choice.aodOption = text(form.aodOption) as ManeuverChoice["aodOption"];
  if (id === "wait") {
    const response = text(form.waitResponse) as NonNullable<ManeuverChoice["wait"]>["response"];
    choice.wait = { trigger: text(form.waitTrigger).trim().slice(0, MAX_TRIGGER), response, ...(response === "allOutAttack" && { aoaOption: text(form.waitAoa) as ManeuverChoice["aoaOption"] }) };
  }
  if (id === "aim" && (form.braced === "on" || form.braced === true)) choice.braced = true;
  if (id === "changePosture" && text(form.posture)) choice.posture = text(form.posture) as Posture;
  if (itemId && items.find((i) => i.id === itemId)?.ranged) choice.ranged = true;
  return choice;
}

/**
 * G29, G89: the task dialog — its name, the maneuver each second takes
 * (Concentrate for a mental task, Ready for a long action; once a maneuver
 * is chosen this turn, only that one), the seconds needed, whether it may be
 * interrupted (default yes, G89), and G90's typical times as a reminder.
 */
export function gurpsTaskDialogView(round: GurpsFighterRound, localize: Localize, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES) {
  const chosen = round.turn > 0 && round.chosenTurn === round.turn ? round.maneuver.id : null;
  const kinds = TASK_KINDS.map((value, i) => ({
    value, label: localize(T(`Task.${value}`)), checked: chosen ? chosen === value : i === 0, disabled: chosen !== null && chosen !== value,
  }));
  const times = Object.entries(rules.longActions).map(([id, row]) => ({
    label: localize(T(`Task.Action.${id}`)),
    seconds: row.dice > 0 ? localize(T("Task.diceSeconds"), { dice: row.dice }) : localize(T(row.perUnit ? "Task.secondsEach" : "Task.secondsFixed"), { seconds: row.seconds }),
  }));
  return {
    note: localize(T(chosen ? "Task.noteChosen" : "Task.note")), kinds, times, maxName: MAX_TASK_NAME, maxSeconds: MAX_TASK_SECONDS,
    labels: Object.fromEntries(["name", "namePlaceholder", "kind", "seconds", "interruptible", "times"].map((k) => [k, localize(T(`Task.${k}`))])),
  };
}

/** The task dialog's form read back (the request's schema and the GM check it). */
export function readTaskForm(form: Record<string, unknown>): { maneuver: TaskKind; name: string; seconds: number; interruptible: boolean } {
  return {
    maneuver: text(form.maneuver) as TaskKind, name: text(form.name).trim().slice(0, MAX_TASK_NAME), seconds: Number(form.seconds), interruptible: form.interruptible === "on" || form.interruptible === true,
  };
}
