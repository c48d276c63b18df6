/**
 * The attack card's template context: the workflow's `attackCardView` for
 * one user, plus what the chat card adds — die labels and classes, the
 * "assign targets" button for the GM, and each button's label. Pure.
 */
import { faceLabel } from "../data/derive/roll.js";
import { english, type Localize, type Rules, STANDARD_RULES } from "../rules/index.js";
import { type AttackCardView, attackCardView, type TargetPanelView } from "../workflow/attack-card.js";
import type { AttackFlow, FlowUser } from "../workflow/attack-flow.js";

export const ATTACK_CARD_TEMPLATE = "systems/cychosys/templates/chat/attack-card.hbs";

export interface CardButton {
  action: "defend" | "counterAgain" | "takeIt" | "apply" | "applyDefaults" | "undo";
  form?: string;
  label: string;
  hint?: string;
}

export interface AttackCardContext extends Omit<AttackCardView, "dice" | "targets"> {
  title: string;
  dice: (AttackCardView["dice"][number] & { label: string; css: string; title: string })[];
  keyDieLabel: string;
  targets: (TargetPanelView & { buttons: CardButton[]; appliedBy?: string })[];
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
}

export function attackCardContext(flow: AttackFlow, user: FlowUser, options: CardOptions = {}): AttackCardContext {
  const localize = options.localize ?? english;
  const view = attackCardView(flow, user, localize, options.rules ?? STANDARD_RULES);
  const keyDie = view.dice[0];
  return {
    ...view,
    title: localize("CYCHOSYS.Card.attackBy", { name: view.attacker.name }),
    dice: view.dice.map((d) => ({
      ...d,
      label: faceLabel(d.face),
      css: ["cychosys-die", d.key && "key", d.surge && "surge", d.crash && "crash"].filter(Boolean).join(" "),
      title: `${d.key ? `${localize("CYCHOSYS.Card.keyDie")}: ` : ""}${d.face} → ${d.value}`,
    })),
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
      return {
        ...panel,
        buttons,
        ...(panel.phase === "applied" && last && { appliedBy: localize("CYCHOSYS.Card.appliedBy", { user: options.userName?.(last.by) ?? last.by }) }),
      };
    }),
    canAssign: user.isGM && view.noTargets,
    waitingForTargets: !user.isGM && view.noTargets,
  };
}
