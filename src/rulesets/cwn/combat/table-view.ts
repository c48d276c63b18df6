/**
 * What the CWN tracker shows one user (pure; tracker-view.ts gives the
 * fight's figures, this puts them in words and decides the controls): the
 * banner (before the fight: each side's d8 and surprise, W2/W3; in the
 * fight: the round, the acting side's end, Morale due W6, swarms W24, a side
 * arriving W3), a header per side (total, done or pending, Morale), and per
 * fighter what it has left this round (W7), its states until when
 * (W25–W27, W36, W37, W19) and the controls this user may use. The actions
 * menu lists every action of the chapter with its cost; one the fighter
 * cannot afford now is disabled with the core's reason (`whyNot`).
 */
import type { Localize } from "../../../core/messages.js";
import { type Tone, type TrackerControlView, type TrackerFigureView, type TrackerStatusView, trackerRowView } from "../../../core/views/house.js";
import { figure, sentenceCase, signed } from "../../../core/views/text.js";
import { CWN_ACTION_IDS, CWN_ACTIONS, type CwnActionId } from "../rules/actions.js";
import { actingSide, type CwnCombatState } from "../rules/combat.js";
import { CWN_STANDARD_RULES, type CwnRules } from "../rules/options.js";
import { type ActionContext, whyNot } from "../rules/round.js";
import { CWN_TRACKER_LIMITS } from "./request-schema.js";
import type { PlannedSide } from "./tracker-plan.js";
import { cwnTrackerView, type CwnTrackerFighter, type CwnTrackerSide } from "./tracker-view.js";

export const CWN_TRACKER_TEMPLATES = {
  banner: "systems/cychosys/templates/cwn/combat/banner.hbs",
  side: "systems/cychosys/templates/cwn/combat/side.hbs",
  row: "systems/cychosys/templates/cwn/combat/row.hbs",
  actions: "systems/cychosys/templates/cwn/combat/actions.hbs",
} as const;

const K = "CYCHOSYS.Cwn.Combat.";
const KNOWN_SIDES = ["pcs", "hostile", "friendly", "neutral"];

/** A side's name: the four defaults in words, a group the GM named as it is (W3). */
export function sideName(id: string, localize: Localize): string {
  const base = id.replace(/-\d+$/, "");
  const n = id.slice(base.length + 1);
  const name = KNOWN_SIDES.includes(base) ? localize(`${K}Side.${base}`) : base;
  return n ? `${name} ${n}` : name;
}

/** Who is asking, as the tracker sees it: a GM, or the owner of some combatants. */
export interface TableUser {
  isGM: boolean;
  owns(combatantId: string): boolean;
}

/** W2, W3: the sides before the fight: members, d8 rolled or owed, surprise; who may roll or mark what. */
export function setupBannerView(sides: readonly PlannedSide[], names: (id: string) => string, user: TableUser, localize: Localize) {
  return {
    started: false,
    title: localize(`${K}setupTitle`),
    hint: localize(user.isGM ? `${K}setupHintGM` : `${K}setupHint`),
    sides: sides.map((s) => ({
      id: s.id,
      name: sideName(s.id, localize),
      members: s.members.map((m) => ({ id: m.id, name: names(m.id) })),
      canGroup: user.isGM,
      roll: s.roll ? localize(`${K}rolled`, { roll: s.roll.roll }) : localize(`${K}notRolled`),
      surprised: s.surprised,
      canRoll: !s.roll && (user.isGM || (s.playerCharacters && s.members.some((m) => user.owns(m.id)))),
      canSurprise: user.isGM,
    })),
  };
}

/** The banner in the fight: the round, the acting side, what the GM or a side must settle now. */
export function fightBannerView(fight: CwnCombatState, arrivals: readonly PlannedSide[], names: (id: string) => string, user: TableUser, localize: Localize) {
  const acting = actingSide(fight);
  const mayEndSide = !!acting && (user.isGM || (acting.playerCharacters && acting.members.some((id) => user.owns(id))));
  const controlsSwarm = (sideId: string) => user.isGM || fight.sides[sideId]!.members.some((id) => user.owns(id));
  return {
    started: true,
    title: localize(fight.round === 0 ? `${K}freeRound` : `${K}round`, { round: fight.round }),
    acting: acting ? localize(`${K}acting`, { side: sideName(acting.id, localize) }) : localize(`${K}over`),
    endSide: mayEndSide,
    morale: user.isGM ? fight.order.filter((id) => fight.sides[id]!.morale.status === "due").map((id) => ({ sideId: id, label: localize(`${K}moraleDue`, { side: sideName(id, localize), score: fight.sides[id]!.morale.score }) })) : [],
    swarms: fight.swarms
      .filter((w) => w.status === "open")
      .map((w) => ({ id: w.id, label: localize(`${K}swarmOpen`, { target: names(w.targetId), members: w.participants.map(names).join(", ") }), canClose: controlsSwarm(w.sideId) })),
    ready: fight.swarms.filter((w) => w.status === "ready").map((w) => localize(`${K}swarmReady`, { target: names(w.targetId), members: w.participants.map(names).join(", ") })),
    arrivals: user.isGM ? arrivals.map((s) => ({ id: s.id, label: localize(`${K}arrival`, { side: sideName(s.id, localize), members: s.members.map((m) => names(m.id)).join(", ") }) })) : [],
  };
}

/** The tracker's view of a fight indexed by side and fighter, made once per render (a row's lookup is then no search). */
export interface TrackerIndex {
  sides: ReadonlyMap<string, CwnTrackerSide>;
  fighters: ReadonlyMap<string, { side: CwnTrackerSide; fighter: CwnTrackerFighter }>;
}

export function trackerIndex(fight: CwnCombatState): TrackerIndex {
  const view = cwnTrackerView(fight);
  const sides = new Map<string, CwnTrackerSide>();
  const fighters = new Map<string, { side: CwnTrackerSide; fighter: CwnTrackerFighter }>();
  for (const side of view.sides) {
    sides.set(side.id, side);
    for (const fighter of side.fighters) fighters.set(fighter.id, { side, fighter });
  }
  return { sides, fighters };
}

/** A side's header in the fight: total, done, acting or to come, Morale (W3–W6). `index`: the render's (else made for this one header). */
export function sideHeaderView(fight: CwnCombatState, sideId: string, localize: Localize, index: TrackerIndex = trackerIndex(fight)) {
  const side = index.sides.get(sideId)!;
  return {
    id: sideId,
    name: sideName(sideId, localize),
    total: side.total,
    status: side.status,
    statusLabel: localize(`${K}Status.${side.status}`),
    morale: side.morale === "none" ? null : localize(`${K}Morale.${side.morale}`),
  };
}

/** A pill: usable now, still unspent for the fighter's own turn to come ("later", W4, W7), or gone. */
const pill = (key: string, on: boolean, later: boolean, localize: Localize, label = localize(`CYCHOSYS.Cwn.ActionType.${key}`)) => {
  const state = on ? "on" : later ? "later" : "off";
  return { key, label, on, state, hint: localize(`${K}pill.${state}`) };
};

/**
 * One fighter's row in the house anatomy (docs/style.md, tracker row): one
 * line of essentials — its hit points (`hp`: only where this user may see
 * the sheet) — its turn and states as chips, each until when (W4, W19,
 * W25–W27, W36, W37), and the controls, only for who may act; CWN adds the
 * actions it has left this round as pills (W7). `index`: the render's (else
 * made for this one row).
 */
export function fighterRowView(
  fight: CwnCombatState,
  fighterId: string,
  names: (id: string) => string,
  user: TableUser,
  localize: Localize,
  index: TrackerIndex = trackerIndex(fight),
  hp?: { value: number; max: number },
) {
  const found = index.fighters.get(fighterId);
  if (!found) return null;
  const { side, fighter: f } = found;
  const mine = user.isGM || user.owns(fighterId);
  const down = f.downed !== "none";
  const chip = (id: string, label: string, tone?: Tone): TrackerStatusView => ({ id, label: sentenceCase(label), ...(tone && { tone }) });
  const state = (kind: string, until: number) => localize(`${K}until`, { state: localize(`CYCHOSYS.Cwn.State.${kind}`), round: until });
  const TONES: Record<string, Tone> = { totalDefense: "good", charging: "shock", screening: "good" };
  const statuses: TrackerStatusView[] = [
    // Down, the state it is in says it all (W19); otherwise its turn.
    down ? chip("downed", localize(`CYCHOSYS.Cwn.Downed.${f.downed}`), "wound") : chip("turn", localize(`${K}Turn.${f.turn}`), f.turn === "acting" ? "good" : f.turn === "done" ? "miss" : undefined),
    ...(f.prone ? [chip("prone", localize(`${K}prone`), "shock")] : []),
    ...(f.holding ? [chip("holding", localize(`${K}holding`))] : []),
    ...f.states.map((s) => chip(s.kind, s.kind === "screening" ? localize(`${K}screening`, { ally: names(s.allyId ?? ""), uses: s.usesLeft ?? 0, round: s.until }) : state(s.kind, s.until), TONES[s.kind])),
    ...(f.acModifier ? [chip("ac", localize(`${K}acModifier`, { value: signed(f.acModifier) }), f.acModifier > 0 ? "good" : "shock")] : []),
  ];
  const acting = side.status === "acting";
  const round = fight.fighters[fighterId]!;
  // What the fighter still has for its own turn to come (not in the free round when surprised, W2).
  const later = f.turn === "pending" && !down && !(fight.round === 0 && round.surprised);
  const may = {
    begin: mine && acting && f.turn === "pending" && !down && !(fight.round === 0 && round.surprised),
    end: mine && f.turn === "acting",
    pass: mine && acting && f.turn === "pending" && !down,
    actions: mine && !down,
  };
  const controls: TrackerControlView[] = (Object.keys(CONTROL_ICONS) as (keyof typeof CONTROL_ICONS)[])
    .filter((c) => may[c])
    .map((c) => ({ action: c, label: localize(`${K}${c}`), icon: CONTROL_ICONS[c] }));
  const figures: TrackerFigureView[] = hp ? [{ id: "hp", label: localize(`${K}hp`), value: `${figure(hp.value)}/${figure(hp.max)}`, ...(hp.value <= 0 ? { tone: "wound" as const } : hp.value < hp.max ? { tone: "hit" as const } : {}) }] : [];
  return {
    id: fighterId,
    turn: f.turn,
    house: trackerRowView({ name: names(fighterId), figures, statuses, controls, mayAct: mine }, localize),
    left: [pill("main", f.left.main, later && round.main === "unspent", localize), pill("move", f.left.move, later && (round.move === "unspent" || round.main === "unspent"), localize), pill("instant", f.left.instantMain, false, localize, localize(`${K}instantMain`)), pill("onTurn", f.left.onTurn, later, localize)],
    controls: may,
  };
}

/** The row's controls, as Font Awesome Free icons with their names for tooltips and screen readers. */
const CONTROL_ICONS = { begin: "fa-solid fa-play", end: "fa-solid fa-flag-checkered", pass: "fa-solid fa-forward", actions: "fa-solid fa-list" } as const;

/** What an action asks of the user when chosen. */
export type ActionNeeds = "metres" | "ally" | "weapon" | "target" | "label" | null;
const NEEDS: Partial<Record<CwnActionId, ActionNeeds>> = {
  run: "metres", otherMove: "metres", screenAlly: "ally", readyStow: "weapon", reload: "weapon", swarmAttack: "target",
  useSkill: "label", otherMain: "label", otherOnTurn: "label", otherInstant: "label",
};
/** Attacks are made from the weapon (the card pays their action); the menu lists them as such. */
const ON_THE_CARD: readonly CwnActionId[] = ["meleeAttack", "rangedAttack", "snapAttack", "charge"];

/** What the GM knows of the fighter for the menu's check (its derived figures). */
export interface MenuFacts {
  moveMetres: number;
  highestSkill: number;
  /** W32: the reload cost of its first weapon with a magazine, if any. */
  reload?: ActionContext["reload"];
  shootLevel: number;
}

/** W8–W37: every action with its cost, disabled with the core's reason when the fighter cannot take it now. */
export function actionMenuView(fight: CwnCombatState, fighterId: string, facts: MenuFacts, localize: Localize, rules: Readonly<CwnRules> = CWN_STANDARD_RULES) {
  const f = fight.fighters[fighterId]!;
  const probe: ActionContext = { moveMetres: facts.moveMetres, highestSkill: facts.highestSkill, allyId: "ally", allyMetres: 0, metres: 0, shootLevel: facts.shootLevel, ...(facts.reload && { reload: facts.reload }) };
  return CWN_ACTION_IDS.filter((a) => !ON_THE_CARD.includes(a)).map((action) => {
    const refusal = whyNot(f, action, probe, rules);
    const spec = CWN_ACTIONS[action];
    return {
      action,
      label: localize(`CYCHOSYS.Cwn.Action.${action}`),
      cost: localize(`${K}Cost.${spec.cost}`),
      rule: spec.rule,
      disabled: refusal !== null,
      reason: refusal ? localize(refusal.i18nKey, { ...refusal.params }) : "",
      needs: NEEDS[action] ?? null,
    };
  });
}

/** The rest of the actions form: the allies one may screen (its own side, W26), the weapons (W31, W32), the swarm's target (W24). */
export function actionFormView(input: { allies: { id: string; name: string }[]; weapons: { id: string; name: string }[]; target: string | null }, localize: Localize) {
  return {
    hint: localize(`${K}actionsHint`),
    allies: input.allies,
    weapons: input.weapons,
    target: input.target ? localize(`${K}swarmTarget`, { name: input.target }) : localize(`${K}ask.target`),
    limits: CWN_TRACKER_LIMITS,
  };
}

/** The actions form read back (the GM checks everything again). */
export function readActionForm(form: Record<string, unknown>): { action: CwnActionId | null; metres: number; allyId: string; itemId: string; label: string; quiver: boolean } {
  const id = (v: unknown) => (typeof v === "string" && /^[A-Za-z0-9]{1,64}$/.test(v) ? v : "");
  const metres = Number(form.metres);
  return {
    action: (CWN_ACTION_IDS as readonly unknown[]).includes(form.action) ? (form.action as CwnActionId) : null,
    metres: Number.isInteger(metres) ? Math.max(0, Math.min(CWN_TRACKER_LIMITS.metres, metres)) : 0,
    allyId: id(form.allyId),
    itemId: id(form.itemId),
    label: typeof form.label === "string" ? form.label.trim().slice(0, CWN_TRACKER_LIMITS.label) : "",
    quiver: form.quiver === true || form.quiver === "on",
  };
}
