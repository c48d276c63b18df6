/**
 * The phase card in the chat log (src/rulesets/phase/workflow/): drawn for
 * each user by the pure view (card-view.ts) — the roll buttons only for the
 * user who owes that roll (or the GM), the GM's modifiers, apply, undo and
 * cancel — and its buttons turned into requests to the active GM
 * (`dispatch`): a roll is made here with Foundry's dice (Dice So Nice shows
 * it) and only its faces are sent.
 */
import { drawCard } from "../card-glue.js";
import { dispatch } from "../transport.js";
import { format, localize } from "../i18n.js";
import { formValues, promptForm } from "../dialogs.js";
import { phaseRules } from "./rules-source.js";
import { ledgerFor } from "./store.js";
import { rollAndShow } from "./dice.js";
import type { MessageLike } from "../../core/transport/ports.js";
import { trustedFlow } from "../../core/transport/flow-store.js";
import { escapeHtml } from "../../core/html.js";
import { type CardViewer, NOBODY, PHASE_CARD_TEMPLATE, phaseCardView } from "../../rulesets/phase/workflow/card-view.js";
import { currentApplication, type PhaseFlow, personOf } from "../../rulesets/phase/workflow/flow.js";
import { AREAS } from "../../rulesets/phase/rules/types.js";
import { fromUuidSync } from "../uuid.js";

const render = (path: string, context: object) => foundry.applications.handlebars.renderTemplate(path, context as never);
const tr = (key: string, params?: Record<string, unknown>) => format(key, (params ?? {}) as Record<string, string | number>);
const syncUuid = (uuid: string) => fromUuidSync<{ isOwner?: boolean }>(uuid);

/** This client's user as the card sees them. */
function viewer(flow: PhaseFlow): CardViewer {
  const user = game.user as unknown as { isGM: boolean };
  const application = currentApplication(flow);
  return {
    isGM: user.isGM,
    owns: (uuid) => syncUuid(uuid)?.isOwner === true,
    // Only the GM's client holds the ledger: once the phase has moved on, undo takes back the sheets only.
    ...(user.isGM && application && { recordMovedOn: ledgerFor(flow.combatId).ledger?.revision !== application.revision }),
  };
}

export function cardContent(flow: PhaseFlow): Promise<string> {
  return render(PHASE_CARD_TEMPLATE, phaseCardView(flow, NOBODY, tr, phaseRules()));
}

/** P17/P35, P21/P41: the GM's TN modifiers for one attacker, and the target's areas behind cover. */
async function promptModifiers(flow: PhaseFlow, combatantId: string): Promise<{ range: number; cover: number; other: number; coverAreas: string[] } | null> {
  const number = (name: string) => `<label class="cy-phase-field">${escapeHtml(localize(`CYCHOSYS.Phase.Card.Modifiers.${name}`))} <input type="number" name="${name}" value="0" min="-99" max="99" step="1"></label>`;
  const areas = AREAS.map((a) => `<label class="cy-phase-check"><input type="checkbox" name="coverAreas" value="${a}"> ${escapeHtml(localize(`CYCHOSYS.Phase.Area.${a}`))}</label>`).join("");
  const content = `<div class="cychosys cy-phase-dialog">${number("range")}${number("cover")}${number("other")}<fieldset><legend>${escapeHtml(localize("CYCHOSYS.Phase.Card.Modifiers.coverAreas"))}</legend>${areas}</fieldset></div>`;
  const whole = (v: unknown) => {
    const n = Number(v);
    return Number.isInteger(n) ? Math.max(-99, Math.min(99, n)) : 0;
  };
  return promptForm(format("CYCHOSYS.Phase.Card.Modifiers.title", { name: personOf(flow, combatantId)?.name ?? combatantId }), content, localize("CYCHOSYS.Phase.Card.Modifiers.set"), (form) => {
    const values = formValues(form);
    return { range: whole(values.range), cover: whole(values.cover), other: whole(values.other), coverAreas: new FormData(form).getAll("coverAreas").map(String) };
  });
}

async function onCardAction(message: MessageLike, button: HTMLButtonElement): Promise<void> {
  const flow = trustedFlow<PhaseFlow>(message);
  if (!flow) return;
  const onCard = { attackId: flow.id, messageId: message.id };
  const combatantId = button.dataset.combatantId ?? "";
  switch (button.dataset.action) {
    case "roll": {
      const need = flow.needs.find((n) => n.actor === combatantId && n.roll === button.dataset.roll);
      if (!need) return;
      const faces = await rollAndShow(need.dice, need.faces);
      return dispatch({ step: "roll", ...onCard, combatantId, roll: need.roll, faces });
    }
    case "modifiers": {
      const mods = await promptModifiers(flow, combatantId);
      if (mods) return dispatch({ step: "modifiers", ...onCard, combatantId, ...mods });
      return;
    }
    case "apply":
    case "undo":
    case "cancel":
      return dispatch({ step: button.dataset.action, ...onCard });
  }
}

/** Draw the card for this user and bind its buttons (the transport's gate has let it through). */
export function renderCard(message: MessageLike, flow: PhaseFlow, html: HTMLElement): void {
  drawCard(html, render(PHASE_CARD_TEMPLATE, phaseCardView(flow, viewer(flow), tr, phaseRules())), (button) => onCardAction(message, button));
}
