/**
 * Preview pages of the Cities Without Number cards: Vee's pistol on a
 * guard — a Traumatic Hit, (6 + 1) × 3 = 21, applied (W15, W16, W19, W38) —
 * as the GM sees it (undo, the downed choice); three guards swarming Vee,
 * +4 to hit and +2 damage (W24), as Vee's player sees it (apply); a guard's
 * baton on Vee screened by Mack, the screen checks owed (W26), as Mack's
 * player sees it, and as the GM sees it with the defender's odds (the d20's
 * total shown while the checks are owed); a guard's blow Vee may still
 * answer with Total Defense, the roll seen (W7, W27), as her player sees it
 * with the odds of each answer; Vee's knife missing and dealing Shock 2
 * (W18); the attack dialog with its odds line; a Heal check to keep a
 * downed friend alive and its dialog (W30). Every figure from the real
 * derive, core, flow and views.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import Handlebars from "handlebars";
import type { FlowUser } from "../../src/core/ruleset.js";
import { attackerInput, defenderInput } from "../../src/rulesets/cwn/data/derive.js";
import type { CwnAttackInput } from "../../src/rulesets/cwn/rules/resolve.js";
import { CWN_ATTACK_CARD_TEMPLATE, cwnAttackCardView } from "../../src/rulesets/cwn/views/attack-card.js";
import { CWN_ATTACK_DIALOG_TEMPLATE, cwnAttackDialogView, cwnDialogOdds, readCwnAttackForm } from "../../src/rulesets/cwn/views/attack-dialog.js";
import { applyDamage, type CwnFlow, declareCwnAttack } from "../../src/rulesets/cwn/workflow/flow.js";
import { resolveCwnSkillCheck } from "../../src/rulesets/cwn/rules/skill-check.js";
import { CWN_SKILL_CHECK_CARD_TEMPLATE, CWN_SKILL_CHECK_DIALOG_TEMPLATE, cwnSkillCheckCardView, cwnSkillCheckDialogView } from "../../src/rulesets/cwn/views/skill-check.js";
import { cwnDerivedOf, guards, vee } from "../../test/fixtures/cwn-sheets.js";
import { makeI18n } from "./helpers.js";
import { type makeEnvironment, readLang, ROOT } from "./render.js";
import { page } from "./workflow.js";

type Env = ReturnType<typeof makeEnvironment>;
const VEE = { actorUuid: "Actor.vee", name: "Vee" };
const GUARD = { actorUuid: "Actor.guard1", name: "Guard 1" };
const MACK = { actorUuid: "Actor.mack", name: "Mack" };
const gm: FlowUser = { id: "gm", isGM: true, owns: () => true };
const player = (uuid: string): FlowUser => ({ id: "p", isGM: false, owns: (u) => u === uuid });

/** The guards' baton with a readable Trauma Die (the fixture's is broken on purpose for the sheet). */
const guardDerived = () => {
  const d = cwnDerivedOf({ ...guards, items: guards.items.map((i) => (i.id === "wBaton" ? { ...i, system: { ...i.system, traumaDie: "1d6" } } : i)) });
  return d;
};

function card(attacker: typeof VEE, target: typeof VEE, weapon: string, input: CwnAttackInput, extra: Partial<CwnFlow> = {}): CwnFlow {
  return declareCwnAttack({
    id: `preview-${weapon}`,
    attacker,
    targets: [{ target }],
    attack: { weapon, itemId: "w", kind: input.attacker.weapon.kind, action: input.action ?? "attack", measured: true, ...extra.attack },
    input,
    screeners: extra.screeners ?? [],
    objects: [],
    ...(extra.defense && { defense: extra.defense }),
  });
}

/** The cards' states, each with the user who views it. */
export function cwnCardFlows(): Record<string, { flow: CwnFlow; user: FlowUser }> {
  const v = cwnDerivedOf(vee);
  const g = guardDerived();
  const pistol = card(VEE, GUARD, "Heavy pistol", { attacker: attackerInput(v, "wPistol")!, defender: defenderInput(g), distance: "distant", lethal: true, roll: 14, traumaDice: [7], damageDice: [6] });
  const traumatic = applyDamage(pistol, { hp: 9, downed: "none", soak: [{ uuid: GUARD.actorUuid, value: 3 }] }, gm).flow;
  const swarm = card(GUARD, VEE, "Shock baton", { action: "swarm", attacker: attackerInput(g, "wBaton")!, defender: defenderInput(v), swarm: { participants: 3, standing: 3 }, lethal: true, roll: 9, traumaDice: [3], damageDice: [4] }, {
    attack: { weapon: "Shock baton", itemId: "wBaton", kind: "melee", action: "swarm", swarm: { id: 1, participants: 3, standing: 3 }, measured: true },
  });
  const mack = { highestSkill: 2, strDex: 1, usesLeft: 2, integralCyberArmor: true, defender: { ...defenderInput(v), ac: { melee: 14, ranged: 14 }, hp: 12, soak: 2 } };
  const screened = card(GUARD, VEE, "Shock baton", { attacker: attackerInput(g, "wBaton")!, defender: defenderInput(v), screen: { attackerDice: [3, 3], screeners: [mack] }, lethal: true, roll: 15, traumaDice: [2], damageDice: [5] }, {
    screeners: [{ ref: MACK, fighterId: "mack" }],
  });
  const knife = card(VEE, GUARD, "Knife", { attacker: attackerInput(v, "wKnife")!, defender: defenderInput(g), lethal: true, roll: 3, traumaDice: [6], damageDice: [4] });
  // W27: 12 + 3 = 15 against Vee's AC 14 hits; Total Defense would make it 16, a miss (and stop the Shock).
  const defense = card(GUARD, VEE, "Shock baton", { attacker: attackerInput(g, "wBaton")!, defender: defenderInput(v), lethal: true, roll: 12, traumaDice: [2], damageDice: [5] }, { defense: { open: true } });
  return {
    traumatic: { flow: traumatic, user: gm },
    swarm: { flow: swarm, user: player(VEE.actorUuid) },
    screened: { flow: screened, user: player(MACK.actorUuid) },
    "screened-odds": { flow: screened, user: gm },
    defense: { flow: defense, user: player(VEE.actorUuid) },
    shock: { flow: knife, user: gm },
  };
}

export function buildCwnCardPages(env: Env, systemCss: string, frameCss: string, outDir: string): { id: string; file: string }[] {
  const i18n = makeI18n(readLang());
  const localize = (key: string, params?: Record<string, unknown>) => (params ? i18n.format(key, params) : i18n.localize(key));
  const css = [systemCss, ...["styles/workflow.css", "styles/odds.css", "styles/cwn-card.css", "styles/ruleset-sheets.css", "styles/cwn.css", "styles/core.css"].map((f) => readFileSync(join(ROOT, f), "utf8"))].join("\n");
  const out: { id: string; file: string }[] = [];
  const write = (id: string, title: string, width: number, body: string, theme: "dark" | "light" = "dark") => {
    const file = join(outDir, `${id}.html`);
    writeFileSync(file, page(id, theme, title, width, body, css, frameCss));
    out.push({ id, file });
  };
  for (const [state, { flow, user }] of Object.entries(cwnCardFlows())) {
    const body = `<ol class="chat-log"><li class="chat-message message">
  <header class="message-header"><h4 class="message-sender">${Handlebars.Utils.escapeExpression(flow.attacker.name)}</h4></header>
  <div class="message-content">${env.render(CWN_ATTACK_CARD_TEMPLATE, cwnAttackCardView(flow, user, localize, undefined, { odds: true }))}</div>
</li></ol>`;
    write(`cwn-card-${state}`, `CWN attack card: ${state}`, 340, body);
    if (state === "traumatic" || state === "defense") write(`cwn-card-${state}-light`, `CWN attack card: ${state}`, 340, body, "light");
  }
  const v = cwnDerivedOf(vee);
  // The odds line as the dialog opens: Vee's pistol at Guard 1, beyond melee range (docs/odds.md).
  const odds = cwnDialogOdds(attackerInput(v, "wPistol")!, { name: "Guard 1", defender: defenderInput(guardDerived()), totalDefenseOpen: false }, readCwnAttackForm({ action: "attack", distance: "distant", adjacentFoe: "none", inRange: true, lethal: true }), undefined, localize);
  const dialog = cwnAttackDialogView({ weapon: v.weapons.find((w) => w.id === "wPistol")!, target: "Guard 1", canSnap: true, swarmReady: false, measured: { metres: 12, adjacentFoe: "none", distance: "distant", inRange: true }, screened: false, gm: true, odds: [odds], localize });
  write("cwn-attack-dialog", "CWN attack dialog", 420, `<header class="window-header"><h1 class="window-title">${Handlebars.Utils.escapeExpression(localize("CYCHOSYS.Cwn.Card.attackTitle", { weapon: "Heavy pistol", target: "Guard 1" }))}</h1></header>
<form class="window-content">${env.render(CWN_ATTACK_DIALOG_TEMPLATE, dialog)}</form>`);
  // W30: Vee's Sneak 1 standing in for a Heal check: 2d6 5 + 3, + 1, Wis +0, against the GM's 8.
  const sneak = v.skills.find((s) => s.id === "sSneak")!;
  const check = resolveCwnSkillCheck({ faces: [5, 3], level: sneak.level, attribute: "wis", attributeModifier: v.attributes.wis.modifier, modifier: 0, difficulty: 8 });
  write("cwn-card-skill", "CWN skill check", 340, `<ol class="chat-log"><li class="chat-message message">
  <header class="message-header"><h4 class="message-sender">Vee</h4></header>
  <div class="message-content">${env.render(CWN_SKILL_CHECK_CARD_TEMPLATE, cwnSkillCheckCardView(check, { actor: "Vee Okafor", skill: sneak.name }, localize))}</div>
</li></ol>`);
  write("cwn-skill-dialog", "CWN skill check dialog", 420, `<header class="window-header"><h1 class="window-title">${Handlebars.Utils.escapeExpression(localize("CYCHOSYS.Cwn.SkillCheck.dialogTitle", { skill: sneak.name }))}</h1></header>
<form class="window-content">${env.render(CWN_SKILL_CHECK_DIALOG_TEMPLATE, cwnSkillCheckDialogView(sneak, v.attributes, localize))}</form>`);
  return out;
}
