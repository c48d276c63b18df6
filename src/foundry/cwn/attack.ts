/**
 * The CWN attack in Foundry (docs/rulesets/cwn.md, "On the table"): from a
 * weapon (sheet button or hotbar macro) at the user's one target, the
 * dialog (the actions open, the situation as measured on the scene), one
 * roll of the d20, the Trauma Die and the damage dice (and the screen check
 * when the target is screened, W26) shown by Dice So Nice, and a `declare`
 * request with the faces only; the card drawn for each viewing user and its
 * buttons. Every step goes to the GM's transport, which reads every figure
 * from its own documents and the fight.
 */
import type { FlowUser } from "../../core/ruleset.js";
import { localizeWith } from "../../core/localize.js";
import { trustedFlow } from "../../core/transport/flow-store.js";
import type { ActorLike, MessageLike, UserLike } from "../../core/transport/ports.js";
import type { CwnDerived } from "../../rulesets/cwn/data/derived.js";
import { fightOf } from "../../rulesets/cwn/ruleset.js";
import { stateFigures } from "../../rulesets/cwn/rules/states.js";
import { CWN_ATTACK_CARD_TEMPLATE, cwnAttackCardView } from "../../rulesets/cwn/views/attack-card.js";
import { CWN_ATTACK_DIALOG_TEMPLATE, cwnAttackDialogView, cwnDialogOdds, type CwnOddsTarget, readCwnAttackForm } from "../../rulesets/cwn/views/attack-dialog.js";
import type { CwnWeaponView } from "../../rulesets/cwn/data/derived.js";
import type { CwnScreenerEntry } from "../../rulesets/cwn/rules/resolve.js";
import { swarmBlow } from "../../rulesets/cwn/rules/swarm.js";
import { attackerInput, defenderFrom, type FighterAt, mainSpentIn, screenerEntry, screeningFighters, totalDefenseOpen } from "../../rulesets/cwn/workflow/inputs.js";
import { SETTING_AUTO_APPLY } from "../transport.js";
import { SYSTEM_ID } from "../system.js";
import { attackDiceGroups, attackRollOf } from "../../rulesets/cwn/workflow/dice-plan.js";
import type { CwnFlow } from "../../rulesets/cwn/workflow/flow.js";
import { attackMacroOnDrop, drawCard } from "../card-glue.js";
import { formValues, promptForm } from "../dialogs.js";
import { format } from "../i18n.js";
import { combatantOf, dispatch } from "../transport.js";
import { actorOfFighter, measureOnScene } from "./board.js";
import { rollAndShow } from "./dice.js";
import { cwnRules } from "./rules-source.js";
import { setSheetAttack } from "./sheet-actions.js";
import { fromUuid, fromUuidSync } from "../uuid.js";
import { liveOddsLines, mayKnow, oddsShown } from "../odds.js";

const localize = (key: string, params?: Record<string, unknown>) => format(key, (params ?? {}) as Record<string, string | number>);
const render = (template: string, context: object) => foundry.applications.handlebars.renderTemplate(template, context as never);
const notify = (level: "info" | "warn" | "error", text: string) => ui.notifications?.[level](text);

type CwnActor = ActorLike<{ derived?: CwnDerived }> & { isOwner?: boolean };
interface GameLike {
  user: UserLike & { targets: Set<{ actor: ActorLike | null }> };
  users: { activeGM: UserLike | null };
}
const g = () => game as unknown as GameLike;
const syncUuid = (uuid: string) => fromUuidSync<CwnActor>(uuid);
const NOBODY: FlowUser = { id: "", isGM: false, owns: () => false };

/** This client's user: ownership from the documents as loaded here. */
function viewer(): FlowUser {
  const user = g().user;
  return { id: user.id, isGM: user.isGM, owns: (uuid) => syncUuid(uuid)?.isOwner ?? false };
}

/** What this client can see of the fight for the dialog (the combat is readable by everyone): may the attacker Snap, is a swarm ready, is the target screened. */
function fightView(attackerUuid: string, targetUuid: string, derived: CwnDerived) {
  const mine = combatantOf(attackerUuid);
  const theirs = combatantOf(targetUuid);
  const fight = mine ? fightOf(mine.combat) : null;
  const me = fight && mine ? fight.fighters[mine.combatant.id] : undefined;
  const targetId = theirs?.combatant.id;
  return {
    canSnap: me?.canSnap ?? derived.canSnap,
    swarmReady: !!fight && !!targetId && fight.swarms.some((w) => w.status === "ready" && w.targetId === targetId && w.participants.includes(mine!.combatant.id)),
    screened: !!fight && !!targetId && Object.values(fight.fighters).some((f) => f.downed === "none" && (stateFigures(f.effects).screening?.allyId === targetId) && (stateFigures(f.effects).screening?.usesLeft ?? 0) > 0),
  };
}

/** The fighter an actor is in the fight this client sees (the combat is readable by everyone). */
function fighterOf(actorUuid: string): FighterAt | undefined {
  const ref = combatantOf(actorUuid);
  const fight = ref ? fightOf(ref.combat) : null;
  return ref && fight && Object.hasOwn(fight.fighters, ref.combatant.id) ? { ref, fight, fighterId: ref.combatant.id } : undefined;
}

/** Does the GM apply an NPC's damage at once (then an NPC target is not offered Total Defense after the roll, steps.ts)? */
function npcAutoApplied(): boolean {
  try {
    return (game as unknown as { settings: { get(ns: string, key: string): unknown } }).settings.get(SYSTEM_ID, SETTING_AUTO_APPLY) === true;
  } catch {
    return false;
  }
}

/**
 * The attack dialog's odds (docs/odds.md): the attack as the GM will build
 * it from what this client may see — the attacker's figures, the target's
 * sheet and states in the fight, whoever screens it (W26), whether it may
 * still answer with Total Defense (W27) — redrawn as the form changes. None
 * when odds are hidden from this user; a target (or a screener) whose sheet
 * this user cannot see gives no odds, and the line says so.
 */
function attackOdds(actor: CwnActor, weapon: CwnWeaponView, target: ActorLike) {
  if (!oddsShown()) return undefined;
  const rules = cwnRules();
  const derived = actor.system.derived!;
  const mine = fighterOf(actor.uuid);
  const theirs = fighterOf(target.uuid);
  const attacker = attackerInput(derived, weapon.id, { mainSpent: mainSpentIn(mine), ...(mine && { canSnap: mine.fight.fighters[mine.fighterId]!.canSnap }) })!;
  const targetDerived = (target as CwnActor).system.derived;
  let side: CwnOddsTarget = { name: target.name };
  if (targetDerived && mayKnow(target as never)) {
    const screeners = theirs ? screeningFighters(theirs, mine, rules).map(({ fighterId, usesLeft }) => {
      const uuid = actorOfFighter(theirs.ref.combat.id, fighterId);
      const screener = uuid ? syncUuid(uuid) : null;
      return screener?.system.derived && mayKnow(screener as never) ? screenerEntry(screener.system.derived, theirs, fighterId, usesLeft, rules) : null;
    }) : [];
    if (!screeners.includes(null)) {
      side = {
        name: target.name,
        defender: defenderFrom(targetDerived, theirs, rules),
        totalDefenseOpen: !!theirs && totalDefenseOpen(theirs, rules) && !(npcAutoApplied() && target.type === "cwnNpc"),
        screeners: screeners as CwnScreenerEntry[],
      };
    }
  }
  const ready = mine && theirs ? mine.fight.swarms.find((w) => w.status === "ready" && w.targetId === theirs.fighterId && w.participants.includes(mine.fighterId)) : undefined;
  const swarm = ready && mine ? swarmBlow(ready, (id) => mine.fight.fighters[id]?.downed === "none") : undefined;
  const gm = g().user.isGM;
  return (values: ReturnType<typeof readCwnAttackForm>) => ({
    lines: [cwnDialogOdds(attacker, side, gm ? values : { ...values, modifier: undefined }, swarm && { participants: swarm.participants, standing: swarm.standing }, localize, rules)],
  });
}

/** The dialog, its odds line redrawn as the form changes (once the typing pauses; the last change wins). */
async function askAttack(title: string, content: string, odds: ReturnType<typeof attackOdds>): Promise<Record<string, unknown> | null> {
  const live = odds && liveOddsLines(readCwnAttackForm, odds);
  return promptForm(title, content, localize("CYCHOSYS.Cwn.Card.rollIt"), formValues, live);
}

/** W13–W26, W39: attack with one of the actor's weapons at the user's one target. */
export async function startCwnAttack(actor: CwnActor, itemId: string): Promise<void> {
  if (!g().users.activeGM) return void notify("error", localize("CYCHOSYS.Cwn.Card.noGM"));
  const derived = actor.system.derived;
  const weapon = derived?.weapons.find((w) => w.id === itemId);
  if (!derived || !weapon) return;
  const targets = [...g().user.targets].map((t) => t.actor).filter((a): a is ActorLike => !!a && a.uuid !== actor.uuid);
  if (targets.length !== 1) return void notify("warn", localize("CYCHOSYS.Cwn.Card.noTarget"));
  const target = targets[0]!;
  try {
    const seen = fightView(actor.uuid, target.uuid, derived);
    const board = measureOnScene(actor.uuid, target.uuid);
    const rules = cwnRules();
    const measured = board && {
      ...board,
      distance: board.metres <= rules.meleeRangeMetres ? ("adjacent" as const) : ("distant" as const),
      inRange: weapon.kind === "melee" || weapon.range.max <= 0 || board.metres <= weapon.range.max,
    };
    const odds = attackOdds(actor, weapon, target);
    const opening = odds?.(readCwnAttackForm({ action: seen.swarmReady ? "swarm" : "attack", distance: measured?.distance ?? (weapon.kind === "melee" ? "adjacent" : "distant"), adjacentFoe: measured?.adjacentFoe ?? "none", inRange: measured?.inRange ?? true, lethal: true }));
    const view = cwnAttackDialogView({ weapon, target: target.name, ...seen, ...(measured && { measured }), gm: g().user.isGM, ...(opening && { odds: opening.lines }), localize });
    const content = await render(CWN_ATTACK_DIALOG_TEMPLATE, view);
    const form = await askAttack(localize("CYCHOSYS.Cwn.Card.attackTitle", { weapon: weapon.name, target: target.name }), content, odds);
    if (!form) return;
    const values = readCwnAttackForm(form);
    const groups = attackDiceGroups(weapon.rules, rules);
    const faces = await rollAndShow(seen.screened ? [...groups, rules.screenCheckDice] : groups);
    await dispatch({
      step: "declare",
      actorUuid: actor.uuid,
      itemId,
      targetUuid: target.uuid,
      action: values.action,
      ...(values.chargeMetres !== undefined && { chargeMetres: values.chargeMetres }),
      distance: values.distance,
      adjacentFoe: values.adjacentFoe,
      inRange: values.inRange,
      // W13: the situation's modifiers are a GM-only field (the shared check refuses them from anyone else).
      ...(values.modifier && g().user.isGM && { modifiers: [values.modifier] }),
      lethal: values.lethal,
      roll: attackRollOf(weapon.rules, faces.slice(0, groups.length)),
      ...(seen.screened && { screenDice: faces[groups.length] }),
    });
  } catch (error) {
    notify("warn", localizeWith(format, error));
  }
}

/** `cychosys.attack(itemUuid)` in a CWN world: what a hotbar macro made from a weapon runs. */
export async function cwnAttackWithItem(itemUuid: string): Promise<void> {
  const item = (await fromUuid(itemUuid)) as { id: string; type: string; parent: CwnActor | null } | null;
  if (!item?.parent || item.type !== "cwnWeapon") return void notify("warn", localize("CYCHOSYS.Cwn.Card.noSuchItem", { id: itemUuid }));
  await startCwnAttack(item.parent, item.id);
}

/** A button on the card. */
async function onCardAction(message: MessageLike, button: HTMLButtonElement): Promise<void> {
  const flow = trustedFlow<CwnFlow>(message);
  if (!flow) return;
  const onCard = { attackId: flow.id, messageId: message.id };
  const action = button.dataset.action;
  const screener = button.dataset.screener === undefined ? undefined : Number(button.dataset.screener);
  switch (action) {
    case "screen": {
      const [dice] = await rollAndShow([cwnRules().screenCheckDice]);
      return dispatch({ step: "screen", ...onCard, ...(screener !== undefined && { screener }), dice: dice! });
    }
    case "screenChoice":
      return dispatch({ step: "screenChoice", ...onCard, screener: screener ?? -1 });
    case "defense":
      // W27: the target's answer to the roll (the GM checks who may give it, and that the Main is still there).
      return dispatch({ step: "defense", ...onCard, answer: button.dataset.answer ?? "" });
    case "apply":
    case "undo":
      return dispatch({ step: action, ...onCard });
    case "downed":
      return dispatch({ step: "downed", ...onCard, state: button.dataset.state ?? "" });
  }
}

/** The card's stored HTML (drawn for nobody; each client redraws it for its user). */
export function cardContent(flow: CwnFlow): Promise<string> {
  return render(CWN_ATTACK_CARD_TEMPLATE, cwnAttackCardView(flow, NOBODY, localize, cwnRules()));
}

/** Draw the card for this user and bind its buttons (the transport's gate has let it through); the defender's odds when this user is shown odds (docs/odds.md). */
export function renderCard(message: MessageLike, flow: CwnFlow, html: HTMLElement): void {
  drawCard(html, render(CWN_ATTACK_CARD_TEMPLATE, cwnAttackCardView(flow, viewer(), localize, cwnRules(), { odds: oddsShown() })), (button) => onCardAction(message, button));
}

/** The hotbar hook, `cychosys.attack` and the sheets' attack button in a CWN world. */
export function registerCwnAttack(): void {
  Hooks.on("hotbarDrop", attackMacroOnDrop(["cwnWeapon"]) as never);
  (globalThis.cychosys as unknown as Record<string, unknown>).attack = cwnAttackWithItem;
  setSheetAttack((actor, itemId) => startCwnAttack(actor as never, itemId));
}
