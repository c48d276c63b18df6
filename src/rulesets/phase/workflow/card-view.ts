/**
 * What the phase card shows one user, in the house card's anatomy
 * (docs/style.md; templates/phase/chat/phase-card.hbs on the shared
 * card frame): the title — "Mo attacks Leroy" when one attack resolves, else
 * the end of the phase — and the clock (P1) under it; the outcome headline,
 * who takes what, the biggest line, a traumatic wound and who went out of
 * action beside it (P29, P30, P37); then the phase's own sections: the
 * card's state, each attack with its dice faces and big totals (the check
 * against its TN, each hit's damage less armor), what else resolved (P9),
 * what was lost and who was surprised (P37, P40), the rolls still owed with
 * a Roll button for the user who owes each (or the GM), and once applied
 * what changed on each sheet; the GM's buttons (TN modifiers, Apply, Undo,
 * Cancel); and every step of the arithmetic, each with its rule ids, in the
 * collapsed working. Pure.
 */
import { english, type ExplainLine, type Localize } from "../../../core/messages.js";
import { attackTitle, type CardButtonView, type CardFrameView, cardFrameView, diceView, HOUSE_KEYS, type RollLineView, type Tone } from "../../../core/views/house.js";
import { figure, listText, sentenceCase, signed } from "../../../core/views/text.js";
import type { AttackResolution } from "../rules/attack.js";
import { PHASE_STANDARD_RULES, type PhaseRules } from "../rules/options.js";
import type { ResolvedEntry } from "../rules/resolve-phase.js";
import { actionDetails, explainEntry } from "../rules/sequence-explain.js";
import type { DeclaredAction } from "../rules/state.js";
import type { Area } from "../rules/types.js";
import { actionLabel, countKey } from "../rules/words.js";
import { attackersOf, currentApplication, type PhaseCardStatus, type PhaseFlow, personOf } from "./flow.js";

export const PHASE_CARD_TEMPLATE = "systems/cychosys/templates/phase/chat/phase-card.hbs";

/** Who is looking: may they roll for this actor, are they the GM; for the GM, has the phase moved on since the card was applied. */
export interface CardViewer {
  isGM: boolean;
  owns(actorUuid: string): boolean;
  /** The GM's client knows the ledger: has it moved on since the applied revision? Undo then takes back the sheets only. */
  recordMovedOn?: boolean;
}

/** One attack resolving at this phase's end (P13–P29), in the card's anatomy. */
export interface PhaseAttackView {
  /** The attacker's combatant id. */
  id: string;
  /** "Mo attacks Leroy"; null when the card's own title says it. */
  title: string | null;
  /** The weapon and the manner: "SMG · Three-round burst · wild shot −2". */
  subtitle: string;
  /** Each check, and each hit's damage, as a roll line: die faces, the big total, what it was against. */
  rolls: RollLineView[];
  /** What the attack did to its target, in its tone; null when the card holds this attack alone (its headline says it). */
  outcome: { text: string; tone: Tone } | null;
}

/** The phase ruleset's own sections of the card (the frame's block). */
export interface PhaseCardSections {
  statusKey: PhaseCardStatus;
  status: string;
  attacks: PhaseAttackView[];
  /** What else resolved at the end of the phase (P9): a draw, Targeting, Defend… */
  others: string[];
  /** Longer actions waiting for the shorter ones' dice (P9). */
  waiting: string[];
  /** Who went out of action and what they lost, who was surprised (P37, P40). */
  after: { text: string; tone: Tone }[];
  /** The rolls still owed, each with a Roll button for the user who owes it. */
  owed: { text: string; button: CardButtonView | null }[];
  /** Once applied: what changed on each sheet. */
  applied: string[];
}

export type PhaseCardView = CardFrameView & { phase: PhaseCardSections };

const K = "CYCHOSYS.Phase.Card.";

/** Nobody in particular: the card's stored HTML. */
export const NOBODY: CardViewer = Object.freeze({ isGM: false, owns: () => false });

const mark = (face: number, faces: number) => (face === faces ? ["max" as const] : face === 1 ? ["min" as const] : []);

export function phaseCardView(flow: PhaseFlow, viewer: CardViewer, localize: Localize = english, rules: Readonly<PhaseRules> = PHASE_STANDARD_RULES): PhaseCardView {
  const t = (key: string, params: Record<string, string | number> = {}) => localize(`${K}${key}`, params);
  /** A key with plural forms, its form for `count`. */
  const tc = (key: string, count: number, params: Record<string, string | number> = {}) => localize(countKey(`${K}${key}`, count), { count, ...params });
  const name = (id: string) => personOf(flow, id)?.name ?? id;
  const weaponName = (actor: string, id: string | null) => (id ? (personOf(flow, actor)?.weapons[id] ?? id) : "");
  const actionName = (key: string) => actionLabel(key, localize);
  const area = (a: string) => localize(`CYCHOSYS.Phase.Area.${a}`);
  const lengthName = (l: string) => localize(`CYCHOSYS.Phase.Length.${l}`);
  const describe = (a: DeclaredAction) => `${name(a.actor)}: ${actionName(a.action)}${actionDetails(a, name, weaponName, localize)}`;

  // Every step in words, for the working; the attacks' own sections; the other actions' one line each.
  const working: string[] = [];
  const attacks: PhaseAttackView[] = [];
  const others: string[] = [];
  const entries = flow.outcome.groups.flatMap((g) => g.entries);
  const attackEntries = entries.filter((e): e is ResolvedEntry & { outcome: { kind: "attack" } } => e.outcome.kind === "attack");
  const single = attackEntries.length === 1 ? attackEntries[0]! : null;
  for (const g of flow.outcome.groups) {
    working.push(t("group", { length: lengthName(g.length) }));
    for (const entry of g.entries) {
      const lines: ExplainLine[] = [];
      const said: string[] = [];
      const say = (key: string, params: Record<string, string | number> = {}) => said.push(sentenceCase(localize(`CYCHOSYS.Phase.Sequence.${key}`, params)));
      explainEntry(entry, say, lines, name, actionName, area, weaponName, localize, rules);
      working.push(...said, ...lines.map((l) => sentenceCase(l.text.trim())));
      if (entry.outcome.kind === "attack") attacks.push(attackView(entry, entry.outcome.attack, entry === single));
      else others.push(...said);
    }
  }

  /** One attack: its checks and hits as roll lines, and what it did. */
  function attackView(entry: ResolvedEntry, a: AttackResolution, titled: boolean): PhaseAttackView {
    const attacker = entry.action.actor;
    const target = entry.action.target!;
    const manner = [weaponName(attacker, entry.action.weapon), actionName(entry.action.action)];
    if (a.wild) manner.push(t("wild", { penalty: signed(-rules.wildShotPenalty) }));
    if (a.called) manner.push(t("called", { area: area(a.called) }));
    if (a.aimHeld && !a.aimDropped) manner.push(t("aim", { bonus: signed(a.aimHeld) }));
    if (a.tn.defend) manner.push(t("defended", { bonus: signed(a.tn.defend) }));
    const rolls: RollLineView[] = [];
    a.checks.forEach((c, i) => {
      const label = a.burst ? t("burst", { n: i + 1 }) : a.checks.length > 1 || a.pending ? t("checkN", { n: i + 1 }) : t("check");
      rolls.push({
        label, diceLabel: localize(HOUSE_KEYS.dice), dice: diceView([c.check.face], (f) => mark(Number(f), rules.checkDie)), total: figure(c.check.total),
        against: a.called ? t("againstCalled", { plain: a.tn.plain, raised: a.tn.raised }) : t("against", { tn: a.tn.plain }), tone: c.result === "miss" ? "miss" : "good",
      });
      for (const h of c.hits) {
        const d = h.damage;
        if (!d || !h.placement.area) continue;
        rolls.push({
          label: sentenceCase(area(h.placement.area)), diceLabel: localize(HOUSE_KEYS.dice), dice: diceView(d.faces, (f) => mark(Number(f), a.damage.faces)), total: figure(a.stun ? d.stun : d.flesh),
          against: d.armor ? t("lessArmor", { rolled: d.rolled, armor: d.armor }) : t("noArmor"), tone: d.traumatic ? "wound" : "hit",
        });
      }
    });
    const outcome = attackOutcome(a, name(attacker), name(target));
    // Alone on the card, the attack's outcome is the headline — unless it is still waiting for a die.
    return { id: attacker, title: titled ? null : attackTitle(name(attacker), [name(target)], localize), subtitle: manner.join(" · "), rolls, outcome: titled && !a.pending ? null : outcome };
  }

  function attackOutcome(a: AttackResolution, attacker: string, target: string): { text: string; tone: Tone } {
    if (a.pending) return { text: t(`pending.${a.pending.roll}`), tone: "neutral" };
    if (!a.hits) return { text: t("misses", { attacker, target }), tone: "miss" };
    const struck = a.checks.flatMap((c) => c.hits).filter((h) => h.placement.area && h.damage);
    if (!struck.length) return { text: t("cover", { attacker }), tone: "miss" };
    const points = a.stun ? a.after.stun - a.before.stun : a.after.flesh - a.before.flesh;
    const areas = listText(struck.map((h) => area(h.placement.area!)));
    const text = t(a.stun ? "takesStun" : "takesFlesh", { name: target, points, areas });
    return a.newTraumas.length ? { text: `${text} ${tc("andTraumas", a.newTraumas.length)}`, tone: "wound" } : { text, tone: "hit" };
  }

  // The headline: who takes what over the whole phase end, the wound track before → after (P28–P30).
  const headline = outcomeHeadline();
  function outcomeHeadline(): CardFrameView["outcome"] {
    if (flow.status === "cancelled") return { text: t("cancelled"), tone: "miss" };
    if (flow.status === "rolling") return { text: tc("rollsOwed", flow.needs.length), tone: "neutral" };
    if (!attackEntries.length) return { text: t("noAttack"), tone: "neutral" };
    const byTarget = new Map<string, { before: AttackResolution["before"]; flesh: number; stun: number; traumas: Area[] }>();
    for (const e of attackEntries) {
      const a = e.outcome.attack;
      const seen = byTarget.get(e.action.target!) ?? { before: a.before, flesh: 0, stun: 0, traumas: [] };
      seen.flesh += a.after.flesh - a.before.flesh;
      seen.stun += a.after.stun - a.before.stun;
      seen.traumas.push(...a.newTraumas.map((w) => w.area));
      byTarget.set(e.action.target!, seen);
    }
    const hurt = [...byTarget].filter(([, s]) => s.flesh || s.stun || s.traumas.length);
    if (!hurt.length) return { text: t("noOneHurt"), tone: "miss" };
    const parts = hurt.map(([id, s]) =>
      s.flesh
        ? t("fleshTrack", { name: name(id), points: s.flesh, before: s.before.flesh, after: s.before.flesh + s.flesh, max: s.before.fleshMax })
        : s.stun
          ? t("stunTrack", { name: name(id), points: s.stun, before: s.before.stun, after: s.before.stun + s.stun, max: s.before.fleshMax })
          : t("noPoints", { name: name(id) }),
    );
    const details = [
      ...hurt.flatMap(([id, s]) => (s.traumas.length ? [{ text: tc("traumas", s.traumas.length, { name: name(id), areas: listText(s.traumas.map(area)) }), tone: "wound" as const }] : [])),
      ...flow.outcome.outOfAction.map((o) => ({ text: t("out", { name: name(o.id), states: listText(o.states.map((s) => localize(`CYCHOSYS.Phase.State.${s}`))) }), tone: "hit" as const })),
    ];
    return { text: listText(parts), tone: "hit", details };
  }

  // P9: the longer lengths wait for the shorter ones' dice.
  const shown = new Set(flow.outcome.groups.map((g) => g.length));
  const waiting = flow.due.filter((g) => !shown.has(g.length)).map((g) => t("waiting", { length: lengthName(g.length), actions: g.actions.map((a) => describe(a.action)).join("; ") }));

  const after = [
    ...flow.outcome.lost.map((l) => ({ text: sentenceCase(l.action ? localize("CYCHOSYS.Phase.Sequence.lost", { name: name(l.actor), action: actionName(l.action.action) }) : t("lostHidden", { name: name(l.actor) })), tone: "miss" as Tone })),
    ...flow.outcome.surprised.map((id) => ({ text: localize("CYCHOSYS.Phase.Sequence.surprised", { name: name(id), phase: flow.clock.phase }), tone: "shock" as Tone })),
  ];

  const rolling = flow.status === "rolling";
  const owed = flow.needs.map((n) => {
    const person = personOf(flow, n.actor);
    const formula = `${n.dice}d${n.faces}`;
    const may = rolling && !!person && (viewer.isGM || viewer.owns(person.actorUuid));
    return {
      text: t(`owes.${n.roll}`, { name: name(n.actor), formula, check: n.check + 1, hit: n.hit + 1 }),
      button: may ? { action: "roll", label: t("Button.roll", { formula }), data: [{ name: "combatant-id", value: n.actor }, { name: "roll", value: n.roll }] } : null,
    };
  });

  const buttons: CardButtonView[] = [];
  if (viewer.isGM) {
    if (rolling || flow.status === "resolved") {
      for (const id of attackersOf(flow, rules)) if (!(flow.rolls[id]?.checks.length ?? 0)) buttons.push({ action: "modifiers", label: t("Button.modifiers", { name: name(id) }), data: [{ name: "combatant-id", value: id }] });
    }
    if (flow.status === "resolved") buttons.push({ action: "apply", label: t("Button.apply") });
    if (currentApplication(flow)) buttons.push({ action: "undo", label: t(viewer.recordMovedOn ? "Button.undoSheets" : "Button.undo") });
    if (rolling || flow.status === "resolved") buttons.push({ action: "cancel", label: t("Button.cancel") });
  }

  const application = currentApplication(flow);
  const applied = application
    ? [
        ...application.actors.map((a) =>
          t("appliedActor", {
            name: a.name,
            changes: [
              a.flesh ? t("flesh", { value: signed(a.flesh) }) : "",
              a.stun ? t("stun", { value: signed(a.stun) }) : "",
              a.traumas.length ? tc("traumasApplied", a.traumas.length, { areas: listText(a.traumas.map((w) => area(w.area))) }) : "",
            ].filter(Boolean).join(", "),
          }),
        ),
        ...application.items.map((i) => (i.ammo ? tc("appliedAmmo", i.ammo, { name: i.name }) : t(i.ready?.after ? "appliedDrawn" : "appliedHolstered", { name: i.name }))),
      ]
    : [];

  const clock = t("clock", { round: flow.clock.round, turn: flow.clock.turn, minute: flow.clock.minute });
  const end = t("title", { phase: flow.clock.phase });
  const frame = cardFrameView(
    {
      cardClass: `cy-phase-card is-${flow.status}`,
      title: single ? attackTitle(name(single.action.actor), [name(single.action.target!)], localize) : end,
      subtitle: single ? `${end} · ${clock}` : clock,
      ...(headline && { outcome: headline }),
      buttons,
      working,
    },
    localize,
  );
  return {
    ...frame,
    phase: {
      statusKey: flow.status, status: t(`Status.${flow.status}`),
      attacks, others: flow.outcome.groups.length || flow.due.length ? others : [t("nothing")], waiting, after, owed, applied,
    },
  };
}
