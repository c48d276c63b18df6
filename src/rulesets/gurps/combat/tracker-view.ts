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
import { sentenceCase } from "../../../core/views/text.js";
import {
  AOA_OPTIONS, AOD_OPTIONS, GURPS_STANDARD_RULES, type GurpsFighterRound, type GurpsRules, type ManeuverChoice, type ManeuverFacts, maneuverPermits, maneuverRefusal, MANEUVERS,
  type ManeuverId, type Posture, postureChange, POSTURES, WAIT_RESPONSES,
} from "../rules/index.js";
import { MAX_TRIGGER } from "./request-schema.js";
import { consciousnessBars, consciousnessOwed, moveLeft } from "./tracker-plan.js";

export const GURPS_TRACKER_ROW_TEMPLATE = templatePath("gurps/combat/tracker-row.hbs");
export const GURPS_MANEUVER_TEMPLATE = templatePath("gurps/combat/maneuver.hbs");

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
  current: boolean;
  canControl: boolean;
  started: boolean;
  /** G9: the kept Basic Speed and DX. */
  key: { basicSpeed: number; dx: number } | null;
  /** His Move now (derived), for what his maneuver lets him move; null when nothing derived it. */
  moveNow?: number | null;
  localize: Localize;
  rules?: Readonly<GurpsRules>;
}

export function gurpsTrackerRowView(input: TrackerRowInput) {
  const { round: r, nameOf, localize } = input;
  const rules = input.rules ?? GURPS_STANDARD_RULES;
  const badges: { id: string; text: string; hint: string; alert?: boolean }[] = [];
  const badge = (id: string, text: string, rule: string, alert = false) => badges.push({ id, text, hint: localize(T(`Hint.${id}`), { rule }), ...(alert && { alert: true }) });
  if (r.posture !== "standing" || r.crouching) badge("posture", localize(`CYCHOSYS.Gurps.Posture.${r.posture === "standing" ? "crouching" : r.posture}`), "G14");
  if (r.shock > 0) badge("shock", localize(T("shock"), { value: r.shock }), "G77", true);
  if (r.stun) badge("stun", localize(`CYCHOSYS.Gurps.Status.${r.stun === "mental" ? "mentallyStunned" : "stunned"}`), "G79", true);
  if (r.aim) badge("aim", localize(T("aim"), { seconds: r.aim.seconds, target: nameOf(r.aim.targetId) }), "G22");
  if (r.evaluate) badge("evaluate", localize(T("evaluate"), { bonus: r.evaluate.bonus, target: nameOf(r.evaluate.targetId) }), "G23");
  if (r.feint) badge("feint", localize(T("feint"), { penalty: r.feint.penalty, target: nameOf(r.feint.targetId) }), "G25");
  for (const g of r.grappling) badge("holding", localize(T(g.pinned ? "pinning" : "holding"), { target: nameOf(g.with) }), "G43");
  for (const g of r.grappledBy) badge("heldBy", localize(T("heldBy"), { target: nameOf(g.with) }), "G50", true);
  if (r.task) badge("task", localize(T("task"), { name: r.task.name, done: r.task.done, needed: r.task.needed }), "G29");
  if (r.unconscious) badge("unconscious", localize("CYCHOSYS.Gurps.Status.unconscious"), "G81", true);
  if (r.dead) badge("dead", localize("CYCHOSYS.Gurps.Status.dead"), "G81", true);

  // G61–G68: what he used since his last turn.
  const used: string[] = [];
  for (const [id, item] of Object.entries(r.items)) if (item.parries > 0) used.push(localize(T("parried"), { name: nameOf(id), count: item.parries }));
  if (r.used.blocked) used.push(localize(T("blocked")));
  if (r.used.retreatAgainst) used.push(localize(T("retreated"), { target: nameOf(r.used.retreatAgainst) }));
  if (r.used.dropAgainst) used.push(localize(T("dropped"), { target: nameOf(r.used.dropAgainst) }));
  if (r.used.acrobaticDodge) used.push(localize(T("acrobatic")));
  if (used.length === 0 && r.defendedSinceLastTurn) used.push(localize(T("defended")));

  const chosen = r.turn > 0;
  const maneuver = chosen ? maneuverText(r.maneuver, localize) : localize(T("noTurnYet"));
  const wait = r.maneuver.id === "wait" && r.maneuver.wait
    ? localize(T("waitTrigger"), { response: localize(T(`WaitResponse.${r.maneuver.wait.response}`)), trigger: r.maneuver.wait.trigger })
    : null;
  const able = !r.unconscious && !r.dead;
  const own = input.started && input.canControl && able;
  const chosenNow = chosen && r.chosenTurn === r.turn;
  // G81: who may roll it sees the roll; the others see that it is owed.
  const rollConsciousness = own && input.current && consciousnessOwed(r);
  if (consciousnessOwed(r) && !rollConsciousness) badge("consciousness", localize(T("consciousnessOwed")), "G81", true);
  const movement = chosenNow && typeof input.moveNow === "number" ? moveLeft(r, input.moveNow, rules) : null;
  return {
    maneuver,
    maneuverId: chosen ? r.maneuver.id : null,
    permits: chosen ? permitsText(r.maneuver, localize, rules) : null,
    wait,
    moved: movement && ((input.current && movement.allowance.yards > 0) || r.yardsMoved > 0) ? localize(T("moved"), { moved: r.yardsMoved, allowed: movement.allowance.yards }) : null,
    order: input.key ? localize(T("orderKey"), { speed: input.key.basicSpeed, dx: input.key.dx }) : null,
    badges,
    used: used.length ? used.join(" · ") : null,
    labels: { used: localize(T("usedSince")), choose: localize(T("choose")), recover: localize(T("recover")), crouch: localize(T("crouch")), rise: localize(T("rise")), move: localize(T("move")), consciousness: localize(T("rollConsciousness")) },
    controls: {
      choose: own && input.current && !r.stun && !chosenNow && !consciousnessBars(r, "doNothing"),
      consciousness: rollConsciousness,
      recover: own && input.current && r.stun !== null && r.maneuver.id === "doNothing",
      // G16: crouch on his turn while standing; rise from a crouch at any time.
      crouch: own && input.current && r.posture === "standing" && !r.crouching,
      rise: own && r.crouching,
      move: own && input.current && movement !== null && movement.left > 0,
    },
  };
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
