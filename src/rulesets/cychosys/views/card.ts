/**
 * The attack card's template context: the workflow's `attackCardView` for
 * one user, plus what the chat card adds — die labels and classes, the
 * "assign targets" button for the GM, and each button's label. Pure.
 */
import { faceLabel } from "../data/derive/roll.js";
import { english, type Localize, type Rules, STANDARD_RULES } from "../rules/index.js";
import { type AttackCardView, attackCardView, type DieView, type RollLineView, type TargetPanelView } from "../workflow/attack-card.js";
import type { AttackFlow, FlowUser, StruckState } from "../workflow/attack-flow.js";
import type { OddsTableView } from "../../../core/views/odds.js";
import type { OddsSide } from "../workflow/odds-query.js";
import { cardOddsTable } from "./odds.js";

export const ATTACK_CARD_TEMPLATE = "systems/cychosys/templates/chat/attack-card.hbs";

export interface CardButton {
  action: "defend" | "counterAgain" | "takeIt" | "apply" | "applyDefaults" | "undo";
  form?: string;
  label: string;
  hint?: string;
}

type DieContext = DieView & { label: string; css: string; title: string };
type RollLineContext = Omit<RollLineView, "dice"> & { dice: DieContext[] };
type TargetContext = Omit<TargetPanelView, "defenseRoll" | "exchange"> & {
  defenseRoll?: RollLineContext;
  exchange: (Omit<TargetPanelView["exchange"][number], "roll"> & { roll?: RollLineContext })[];
  buttons: CardButton[];
  appliedBy?: string;
  /** The defense panel's odds: each form open to this defender (docs/odds.md). */
  odds?: OddsTableView;
};

export interface AttackCardContext extends Omit<AttackCardView, "dice" | "targets" | "roll"> {
  title: string;
  dice: DieContext[];
  roll?: RollLineContext;
  keyDieLabel: string;
  targets: TargetContext[];
  canAssign: boolean;
  /** Shown to everyone else while no target is set. */
  waitingForTargets: boolean;
}

export interface CardOptions {
  localize?: Localize;
  rules?: Rules;
  /** The struck actor of a panel is an NPC: the GM gets "apply defaults". */
  isNpc?: (actorUuid: string) => boolean;
  /** A user's name, for "applied by". */
  userName?: (id: string) => string;
  /** The struck side of target `index` as it is now, for the injury preview (R26–R35). */
  stateOf?: (actorUuid: string, index: number) => StruckState | undefined;
  /** A side as this client may see it, for the odds (docs/odds.md); undefined when it may not, or odds are not shown to this user. */
  oddsSideOf?: (actorUuid: string) => OddsSide | undefined;
}

function dieContext(localize: Localize, d: DieView): DieContext {
  return {
    ...d,
    label: faceLabel(d.face),
    css: ["cychosys-die", d.key && "key", d.surge && "surge", d.crash && "crash"].filter(Boolean).join(" "),
    title: `${d.key ? `${localize("CYCHOSYS.Card.keyDie")}: ` : ""}${d.face} → ${d.value}`,
  };
}

function rollContext(localize: Localize, roll: RollLineView | undefined): RollLineContext | undefined {
  return roll && { ...roll, dice: roll.dice.map((d) => dieContext(localize, d)) };
}

export function attackCardContext(flow: AttackFlow, user: FlowUser, options: CardOptions = {}): AttackCardContext {
  const localize = options.localize ?? english;
  const view = attackCardView(flow, user, localize, options.rules ?? STANDARD_RULES, options.stateOf ? { stateOf: options.stateOf } : {});
  const keyDie = view.dice[0];
  const { roll, ...rest } = view;
  const rollCtx = rollContext(localize, roll);
  return {
    ...rest,
    ...(rollCtx && { roll: rollCtx }),
    title: localize("CYCHOSYS.Card.attackBy", { name: view.attacker.name }),
    dice: view.dice.map((d) => dieContext(localize, d)),
    keyDieLabel: keyDie ? faceLabel(keyDie.face) : "",
    targets: view.targets.map((panel) => {
      const target = flow.targets[panel.index]!;
      const last = target.applications[target.applications.length - 1];
      const struck = target.verdict?.struck;
      const struckRef = struck === "attacker" ? flow.attacker : struck === "defender" ? target.target : undefined;
      const buttons: CardButton[] = [];
      for (const form of panel.can.defend) {
        buttons.push({
          action: "defend",
          form,
          label: localize(`CYCHOSYS.DefenseForm.${form}`),
          ...(panel.can.defendCostsAction && { hint: localize("CYCHOSYS.Card.defendAgain") }),
        });
      }
      if (panel.can.counterAgain) buttons.push({ action: "counterAgain", label: localize("CYCHOSYS.Card.counterAgain", { handicap: panel.can.counterHandicap }) });
      if (panel.can.takeIt) buttons.push({ action: "takeIt", label: localize("CYCHOSYS.Card.takeIt") });
      if (panel.can.apply) {
        buttons.push({ action: "apply", label: localize("CYCHOSYS.Card.apply") });
        if (user.isGM && struckRef && options.isNpc?.(struckRef.actorUuid)) {
          buttons.push({ action: "applyDefaults", label: localize("CYCHOSYS.Card.applyDefaults") });
        }
      }
      if (panel.can.undo) buttons.push({ action: "undo", label: localize("CYCHOSYS.Card.undo") });
      const { defenseRoll, exchange, ...panelRest } = panel;
      const defenseCtx = rollContext(localize, defenseRoll);
      // The defender about to choose sees each form's odds; nobody else does.
      const mine = panel.can.defend.length ? options.oddsSideOf?.(target.target.actorUuid) : undefined;
      const odds = mine && cardOddsTable(flow, mine, options.oddsSideOf?.(flow.attacker.actorUuid), localize, options.rules ?? STANDARD_RULES);
      return {
        ...panelRest,
        ...(defenseCtx && { defenseRoll: defenseCtx }),
        exchange: exchange.map(({ roll: stepRoll, ...step }) => {
          const ctx = rollContext(localize, stepRoll);
          return { ...step, ...(ctx && { roll: ctx }) };
        }),
        buttons,
        ...(odds && { odds }),
        ...(panel.phase === "applied" && last && { appliedBy: localize("CYCHOSYS.Card.appliedBy", { user: options.userName?.(last.by) ?? last.by }) }),
      };
    }),
    canAssign: user.isGM && view.noTargets && !view.pending,
    waitingForTargets: !user.isGM && view.noTargets,
  };
}
