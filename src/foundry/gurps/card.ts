/**
 * GURPS's attack card in Foundry (docs/rulesets/gurps.md, "On the table"):
 * the attack from a weapon (sheet button, hotbar macro, `cychosys.attack`)
 * through its dialog, the card drawn for each viewing user with only that
 * user's buttons (the defender's owner is asked for a defense among the
 * legal ones; each owed roll's button for its roller), the critical tables
 * looked up for the card (G86), and every click sent to the GM's transport
 * (src/foundry/transport.ts) with the faces rolled here (dice.ts).
 */
import type { FlowUser } from "../../core/ruleset.js";
import { trustedFlow } from "../../core/transport/flow-store.js";
import { localizeWith } from "../../core/localize.js";
import type { ActorLike, MessageLike, UserLike } from "../../core/transport/ports.js";
import { readGurpsRound } from "../../rulesets/gurps/combat/round-state.js";
import type { GurpsDerived } from "../../rulesets/gurps/data/derived.js";
import type { GurpsFighterRound } from "../../rulesets/gurps/rules/index.js";
import { GURPS_ATTACK_CARD_TEMPLATE, gurpsAttackCardView } from "../../rulesets/gurps/views/attack-card.js";
import { GURPS_ATTACK_DIALOG_TEMPLATE, type GurpsAttackDialogInput, gurpsAttackDialogView, gurpsAttackFormOdds } from "../../rulesets/gurps/views/attack-dialog.js";
import { type GurpsFlow, resolutionOf } from "../../rulesets/gurps/workflow/flow.js";
import { defenseFields, interruptFor } from "../../rulesets/gurps/workflow/steps.js";
import { format } from "../i18n.js";
import { combatantOf, dispatch } from "../transport.js";
import { attackMacroOnDrop, drawCard } from "../card-glue.js";
import { formValues, promptForm } from "../dialogs.js";
import { cardRequest, declareRequest } from "./card-requests.js";
import { foundryCardDice } from "./dice.js";
import { gurpsRules } from "./rules-source.js";
import { findCriticalTables, forgetPackTables, GURPS_TABLE_PACK } from "./tables.js";
import { sceneDistance, turnOf } from "./world.js";
import { fromUuid, fromUuidSync } from "../uuid.js";
import { liveOddsLines, mayKnow, oddsShown } from "../odds.js";

const localize = (key: string, params?: Record<string, unknown>) => format(key, (params ?? {}) as Record<string, string | number>);
const render = (template: string, context: object) => foundry.applications.handlebars.renderTemplate(template, context as never);
const notify = (level: "info" | "warn" | "error", text: string) => ui.notifications?.[level](text);

type GurpsActor = ActorLike<{ derived?: GurpsDerived }> & { isOwner?: boolean };
interface GameLike {
  user: UserLike & { targets: Set<{ actor: ActorLike | null }> };
  users: { activeGM: UserLike | null };
}
const g = () => game as unknown as GameLike;
const syncUuid = (uuid: string) => fromUuidSync<GurpsActor>(uuid);
const NOBODY: FlowUser = { id: "", isGM: false, owns: () => false };

/** This client's user: ownership from the documents as loaded here. */
function viewer(): FlowUser {
  const user = g().user;
  return { id: user.id, isGM: user.isGM, owns: (uuid) => syncUuid(uuid)?.isOwner ?? false };
}

/** The round the GM keeps for an actor in the started combat (readable by everyone; only the GM writes it). */
function roundOf(uuid: string): GurpsFighterRound | null {
  const ref = combatantOf(uuid);
  return ref ? readGurpsRound(ref) : null;
}

/** G31: the interrupt on the actor's combat (the waiter acts, the one interrupted waits), when he fights in one. */
function interruptOf(uuid: string) {
  const ref = combatantOf(uuid);
  return ref ? interruptFor(ref) : null;
}

/** G24–G27, G35–G38, G53–G60: attack with one of the actor's weapons (a line preselected) at the one targeted token. */
export async function startGurpsAttack(actor: GurpsActor, itemId: string, line?: number): Promise<void> {
  if (!g().users.activeGM) return void notify("error", format("CYCHOSYS.Flow.noGM"));
  const derived = actor.system.derived;
  const weapon = derived?.weapons.find((w) => w.id === itemId);
  if (!derived || !weapon) return;
  const targets = [...g().user.targets].map((t) => t.actor).filter((a): a is ActorLike => !!a && a.uuid !== actor.uuid);
  if (!targets.length) return void notify("warn", format("CYCHOSYS.Gurps.Card.noTarget"));
  if (targets.length > 1) return void notify("warn", format("CYCHOSYS.Gurps.Card.oneTarget"));
  const target = targets[0] as GurpsActor;
  if (!target.system.derived) return void notify("warn", format("CYCHOSYS.Gurps.Flow.noSuchActor", { id: target.name }));
  try {
    const round = roundOf(actor.uuid);
    const targetRound = roundOf(target.uuid);
    const gm = g().user.isGM;
    // docs/odds.md: the odds line for a user who may know the target's figures (the setting, its sheet).
    const odds: GurpsAttackDialogInput["odds"] = oddsShown() ? (mayKnow(target as never) ? "shown" : "hidden") : undefined;
    const dialog: GurpsAttackDialogInput = {
      attacker: { uuid: actor.uuid, name: actor.name, derived, round },
      weapon,
      target: { uuid: target.uuid, name: target.name, derived: target.system.derived, round: targetRound },
      myTurn: turnOf(actor.uuid),
      interrupt: interruptOf(actor.uuid),
      measured: sceneDistance(actor.uuid, target.uuid),
      gm,
      ...(line !== undefined && { line }),
      rules: gurpsRules(),
      localize,
      ...(odds && { odds }),
    };
    const view = gurpsAttackDialogView(dialog);
    const inCombat = round !== null || targetRound !== null;
    const live = odds && liveOddsLines((values) => values, (values) => gurpsAttackFormOdds(dialog, values, inCombat));
    const form = await promptForm(view.title, await render(GURPS_ATTACK_DIALOG_TEMPLATE, view), localize("CYCHOSYS.Gurps.Card.rollAttack"), formValues, live);
    if (!form) return;
    await dispatch(await declareRequest({ actorUuid: actor.uuid, itemId, targetUuid: target.uuid }, form, foundryCardDice, { gm, inCombat, localize }));
  } catch (error) {
    notify("warn", localizeWith(format, error));
  }
}

/** Does this user target a token (the sheet's attack line then opens the attack card instead of a plain roll)? */
export const hasTarget = (): boolean => g().user.targets.size > 0;

/** `cychosys.attack(itemUuid)` in a GURPS world: what a hotbar macro made from a weapon runs. */
export async function gurpsAttackWithItem(itemUuid: string): Promise<void> {
  const item = (await fromUuid(itemUuid)) as { id: string; type: string; parent: GurpsActor | null } | null;
  if (!item?.parent || item.type !== "gurpsWeapon") return void notify("warn", format("CYCHOSYS.Gurps.Flow.notAWeapon", { name: itemUuid, actor: item?.parent?.name ?? "—" }));
  await startGurpsAttack(item.parent, item.id);
}

/** The card's context for this user: the defender as this client reads him now (for the defense buttons) and the critical tables it names. */
async function cardContext(flow: GurpsFlow, user: FlowUser) {
  const target = flow.targets[0]!;
  const defender = syncUuid(target.target.actorUuid);
  const derived = defender?.system.derived;
  const freshDefender = derived ? defenseFields(derived, roundOf(target.target.actorUuid)) : null;
  const rolled = resolutionOf(target, gurpsRules()).criticals.filter((c) => c.roll !== null).map((c) => c.table);
  const tables = rolled.length ? await findCriticalTables(game as never, [...new Set(rolled)]) : {};
  // docs/odds.md: the defense's odds for a user who may know them (the setting, the defender's sheet).
  const odds = oddsShown() && mayKnow(defender as never);
  return gurpsAttackCardView(flow, user, { localize, rules: gurpsRules(), freshDefender, tables, odds });
}

/** The card's stored HTML (drawn for nobody; each client redraws it for its user). */
export function cardContent(flow: GurpsFlow): Promise<string> {
  return render(GURPS_ATTACK_CARD_TEMPLATE, gurpsAttackCardView(flow, NOBODY, { localize, rules: gurpsRules() }));
}

/** Draw the card for this user and bind its buttons (the transport's gate has let it through). */
export function renderCard(message: MessageLike, flow: GurpsFlow, html: HTMLElement): void {
  drawCard(html, cardContext(flow, viewer()).then((context) => render(GURPS_ATTACK_CARD_TEMPLATE, context)), async (button) => {
    const current = trustedFlow<GurpsFlow>(message);
    if (!current) return;
    const request = await cardRequest({ attackId: current.id, messageId: message.id }, { ...button.dataset }, foundryCardDice);
    if (request) await dispatch(request);
  });
}

/** The hotbar hook, `cychosys.attack` and the compendium tables forgotten when they change. */
export function registerGurpsCard(): void {
  Hooks.on("hotbarDrop", attackMacroOnDrop(["gurpsWeapon"]) as never);
  (globalThis.cychosys as unknown as Record<string, unknown>).attack = gurpsAttackWithItem;
  for (const hook of ["createRollTable", "updateRollTable", "deleteRollTable", "createTableResult", "updateTableResult", "deleteTableResult"]) {
    Hooks.on(hook as never, ((doc: { pack?: string | null }) => {
      if (doc?.pack === GURPS_TABLE_PACK) forgetPackTables();
    }) as never);
  }
}
