/**
 * The CWN attack dialog's contents (pure): the weapon's hit bonus and dice
 * (W13, W15, W16), the actions open to the attacker — a plain attack, a
 * Snap Attack for those who may (W23), a Charge for melee and thrown
 * weapons (W25), a ready swarm's blow (W24) — the situation as this client
 * measured it (distance W12/W36, a foe adjacent W22, in range W39), lethal
 * or not (W19) and, for the GM, a labelled modifier (W13). Each input
 * labelled. The GM measures and checks everything again.
 */
import type { Localize } from "../../../core/messages.js";
import { hiddenLine, oddsLine, type OddsLineView } from "../../../core/views/odds.js";
import { sentenceCase, signed as signedFigure } from "../../../core/views/text.js";
import type { CwnWeaponView } from "../data/derived.js";
import { formatDice } from "../rules/dice.js";
import { cwnAttackOdds, type CwnOddsScreener } from "../rules/odds.js";
import { CWN_STANDARD_RULES, type CwnRules } from "../rules/options.js";
import { type AdjacentFoe, attackRefusal, type CwnAttackerInput, type CwnAttackInput, type CwnDefenderInput } from "../rules/resolve.js";
import { ATTACK_ACTIONS, type AttackAction, DISTANCES, type Distance } from "../rules/types.js";
import { CWN_REQUEST_LIMITS } from "../workflow/request-schema.js";

export const CWN_ATTACK_DIALOG_TEMPLATE = "systems/cychosys/templates/cwn/dialog/attack.hbs";

export interface CwnAttackDialogInput {
  weapon: CwnWeaponView;
  target: string;
  /** W23: the attacker may Snap Attack. */
  canSnap: boolean;
  /** W24: a swarm of the attacker's side is ready to strike this target. */
  swarmReady: boolean;
  /** What this client measured of the tokens, when both are on the scene. */
  measured?: { metres: number; adjacentFoe: AdjacentFoe; distance: Distance; inRange: boolean };
  /** W26: the target is screened: the attacker's screen check is rolled with the attack. */
  screened: boolean;
  gm: boolean;
  /** The odds line as the dialog opens (docs/odds.md); absent when this user is not shown odds. */
  odds?: OddsLineView[];
  localize: Localize;
}

const signed = (n: number) => signedFigure(n, "+0");

export function cwnAttackDialogView(input: CwnAttackDialogInput) {
  const { weapon: w, localize } = input;
  const melee = w.kind === "melee";
  const open: Record<AttackAction, boolean> = { attack: true, snap: input.canSnap, charge: w.kind !== "ranged", swarm: input.swarmReady };
  const distance = input.measured?.distance ?? (melee ? "adjacent" : "distant");
  return {
    summary: localize("CYCHOSYS.Cwn.Dialog.summary", {
      weapon: w.name,
      target: input.target,
      hit: signed(w.hitBonus),
      damage: formatDice({ ...w.rules.damage, flat: w.rules.damage.flat + w.damageBonus }),
      trauma: w.rules.traumaDie ? `${formatDice(w.rules.traumaDie)} \u00d7${w.traumaRating}` : "\u2014",
    }),
    actions: ATTACK_ACTIONS.filter((a) => open[a]).map((a) => ({ value: a, label: sentenceCase(localize(`CYCHOSYS.Cwn.Card.action.${a}`)), selected: a === (input.swarmReady ? "swarm" : "attack") })),
    distances: DISTANCES.map((d) => ({ value: d, label: sentenceCase(localize(`CYCHOSYS.Cwn.Card.distance.${d}`)), selected: d === distance })),
    foes: (["none", "fists", "armed"] as const).map((f) => ({ value: f, label: sentenceCase(localize(`CYCHOSYS.Cwn.Dialog.foe.${f}`)), selected: f === (input.measured?.adjacentFoe ?? "none") })),
    inRange: input.measured?.inRange ?? true,
    measured: input.measured ? localize("CYCHOSYS.Cwn.Dialog.measured", { metres: Math.round(input.measured.metres * 10) / 10 }) : localize("CYCHOSYS.Cwn.Dialog.notMeasured"),
    ranged: !melee,
    screened: input.screened,
    gm: input.gm,
    ...(input.odds && { odds: { lines: input.odds } }),
    limits: CWN_REQUEST_LIMITS,
  };
}

/** The target as this client may see it for odds: its figures and states, who screens it, whether it may still answer with Total Defense — or hidden. */
export interface CwnOddsTarget {
  name: string;
  /** Undefined when this user may not see the target's sheet (docs/odds.md, "What a client may know"). */
  defender?: CwnDefenderInput;
  totalDefenseOpen?: boolean;
  screeners?: readonly CwnOddsScreener[];
}

/**
 * W13–W27, W39: the dialog's odds line for its target: the attack built as
 * the GM will build it (the attacker's figures, the form's action and
 * situation, a swarm's numbers), its dice still to roll, against the
 * target's best answer (Total Defense while it is open); an attack the rules
 * forbid says why instead.
 */
export function cwnDialogOdds(
  attacker: CwnAttackerInput,
  target: CwnOddsTarget,
  choice: ReturnType<typeof readCwnAttackForm>,
  swarm: { participants: number; standing: number } | undefined,
  localize: Localize,
  rules: Readonly<CwnRules> = CWN_STANDARD_RULES,
): OddsLineView {
  if (!target.defender) return hiddenLine(target.name, localize);
  const input: Omit<CwnAttackInput, "roll"> = {
    action: choice.action === "swarm" && !(swarm && swarm.participants >= rules.swarmMinParticipants) ? "attack" : choice.action,
    attacker: choice.modifier ? { ...attacker, hitModifiers: [...(attacker.hitModifiers ?? []), choice.modifier] } : attacker,
    defender: target.defender,
    distance: choice.distance,
    adjacentFoe: choice.adjacentFoe,
    inRange: choice.inRange,
    lethal: choice.lethal,
    ...(choice.action === "charge" && { charge: { metres: choice.chargeMetres ?? 0 } }),
    ...(choice.action === "swarm" && swarm && { swarm }),
  };
  const refused = attackRefusal({ ...input, roll: 1 }, rules);
  if (refused) return { name: target.name, text: localize("CYCHOSYS.Cwn.Dialog.oddsRefused", { name: target.name, reason: localize(`CYCHOSYS.Cwn.Refusal.${refused}`) }), changed: false, hidden: true };
  const odds = cwnAttackOdds({ input: { ...input, ...(target.screeners?.length && { screen: { attackerDice: [], screeners: target.screeners } }) }, totalDefenseOpen: !!target.totalDefenseOpen }, rules);
  return oddsLine(target.name, odds, undefined, (d) => localize(d === "none" ? "CYCHOSYS.Cwn.Dialog.noDefense" : `CYCHOSYS.Cwn.Card.answer.${d}`), localize);
}
export type CwnAttackDialogView = ReturnType<typeof cwnAttackDialogView>;

/** The form read back: choices from their lists, numbers whole and bounded (the GM checks again). */
export function readCwnAttackForm(form: Record<string, unknown>): {
  action: AttackAction;
  distance: Distance;
  adjacentFoe: AdjacentFoe;
  inRange: boolean;
  lethal: boolean;
  chargeMetres?: number;
  modifier?: { label: string; value: number };
} {
  const pick = <T extends string>(list: readonly T[], value: unknown, fallback: T): T => ((list as readonly unknown[]).includes(value) ? (value as T) : fallback);
  const whole = (v: unknown, min: number, max: number) => {
    const n = Number(v);
    return Number.isInteger(n) ? Math.max(min, Math.min(max, n)) : undefined;
  };
  const action = pick(ATTACK_ACTIONS, form.action, "attack");
  const out: ReturnType<typeof readCwnAttackForm> = {
    action,
    distance: pick(DISTANCES, form.distance, "adjacent"),
    adjacentFoe: pick(["none", "fists", "armed"] as const, form.adjacentFoe, "none"),
    inRange: form.inRange === true || form.inRange === "on" || form.inRange === "true",
    lethal: form.lethal === true || form.lethal === "on" || form.lethal === "true",
  };
  const metres = whole(form.chargeMetres, 0, CWN_REQUEST_LIMITS.metres);
  if (action === "charge" && metres !== undefined) out.chargeMetres = metres;
  const value = whole(form.modifier, -CWN_REQUEST_LIMITS.modifier, CWN_REQUEST_LIMITS.modifier);
  const label = typeof form.modifierLabel === "string" ? form.modifierLabel.trim().slice(0, CWN_REQUEST_LIMITS.label) : "";
  if (value) out.modifier = { label: label || "GM", value };
  return out;
}
