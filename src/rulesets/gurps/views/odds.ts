/**
 * The odds the GURPS attack card and attack dialog show (docs/odds.md): one
 * query builder from an attack's input — the card's, or the one the dialog
 * builds as the GM will — so both price the same attack the core resolves:
 * its effective skill (G24–G27, G36–G38, G52–G57), the damage line with its
 * bonuses and 1/2D (G69–G70), the DR and wounding where the blow lands
 * (G36, G71, G75), and each legal defense the card offers at its score,
 * with its retreat (G67), dodge-and-drop (G68) and acrobatic (G61)
 * variants. Then the card's
 * defense panel (each answer's chance of being struck and expected HP, the
 * best marked) and the dialog's line (against the target's best answer).
 * Pure: the actors are what this client may see; the odds decide nothing.
 */
import { type Localize, english } from "../../../core/messages.js";
import type { AttackOdds } from "../../../core/ruleset.js";
import { hiddenLine, oddsLine, type OddsLineView, oddsTable, type OddsTableView } from "../../../core/views/odds.js";
import {
  basicDamage, defenseOptionLabel, divideDr, effectiveDr, GURPS_STANDARD_RULES, type GurpsAttackInput, gurpsAttackOdds, type GurpsOddsQuery, type GurpsRules, isRanged, type LegalDefenses, readRoll, resolveGurpsAttack,
} from "../rules/index.js";

const O = "CYCHOSYS.Gurps.Odds.";

/**
 * A 3d6 total that succeeds against `effective` without a critical (G5), so
 * the attack reaches its defenses and damage: the legal defenses and the
 * damage line do not depend on which success it is. At 4 or less every
 * success is critical (no defense, G6): 3.
 */
function pricingTotal(effective: number): number {
  if (effective < 5) return 3;
  return Math.min(effective, 16);
}

/** A defense answer's id in the odds: the option's id, and its variant after a bar. */
const variantId = (id: string, variant: "retreat" | "drop" | "acrobatic" | "acrobaticRetreat") => `${id}|${variant}`;

/**
 * The odds query of one attack (rules/odds.ts): `input` as the GM resolves
 * it, `rolled` its 3d6 total when already rolled (the card), `legal` the
 * defenses the card offers (absent: the ones this attack leaves open, as
 * the dialog reads them). Null when nothing is priced: an attack the rules
 * refuse, or one that does no damage as a blow does (grabs, grapples, slams
 * and shoves: G42–G49).
 */
export function gurpsOddsQuery(input: GurpsAttackInput, rolled: number | null, legal?: LegalDefenses | null, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): GurpsOddsQuery | null {
  const form = input.weapon.form ?? "strike";
  if (form !== "strike") return null;
  const before = resolveGurpsAttack({ ...input, attacker: { ...input.attacker, roll: null } }, rules);
  if (before.refused || !before.skill) return null;
  const effective = before.skill.effective;
  // Declined and no damage dice: the resolution stops at the damage roll owed, with the line it rolls.
  const probe = resolveGurpsAttack(
    { ...input, attacker: { ...input.attacker, roll: readRoll(rolled ?? pricingTotal(effective), "roll", rules) }, defenses: [{ id: "none" }], damage: null, followUpDamage: null, linkedDamage: null, rolls: {} },
    rules,
  );
  const damage = probe.damage;
  if (!damage) return null;
  const open = legal === undefined ? probe.legal : legal;
  const holds = (o: LegalDefenses["options"][number]) => !o.tooHeavy && (o.breakageOdds ?? 0) <= rules.dieFaces;
  const defenses: GurpsOddsQuery["defenses"][number][] = [];
  for (const o of open && !open.none ? open.options : []) {
    const base = { kind: o.kind, holds: holds(o) };
    defenses.push({ id: o.id, effective: o.score, ...base });
    if (o.retreat !== null) defenses.push({ id: variantId(o.id, "retreat"), effective: o.score + o.retreat, ...base });
    if (o.dodgeAndDrop !== null) defenses.push({ id: variantId(o.id, "drop"), effective: o.score + o.dodgeAndDrop, ...base });
    // G61: an acrobatic dodge (and with a retreat), its Acrobatics roll first — as the card offers it.
    const acrobatics = input.defender.acrobatics;
    if (o.acrobatic && acrobatics !== undefined && acrobatics !== null) {
      defenses.push({ id: variantId(o.id, "acrobatic"), effective: o.score, ...base, acrobatics });
      if (o.retreat !== null) defenses.push({ id: variantId(o.id, "acrobaticRetreat"), effective: o.score + o.retreat, ...base, acrobatics });
    }
  }
  const ranged = isRanged(input.weapon.kind);
  const fired = probe.shots?.fired ?? 1;
  const location = rules.hitLocations[damage.location];
  return {
    attack: { effective, purpose: ranged ? "rangedAttack" : "meleeAttack", rolled, rapid: ranged && fired > 1 ? { shots: fired, rcl: input.weapon.rcl ?? 1 } : null },
    defenses,
    damage: { spec: damage.spec, type: damage.type, divisor: damage.divisor, bonuses: damage.bonuses, halved: damage.halved },
    defender: {
      dr: effectiveDr(input.defender, location.drKey, damage.type, 1, damage.coverDr).total,
      woundingClass: input.defender.woundingClass ?? "living",
      wounding: location.wounding?.[damage.type] ?? null,
    },
  };
}

/** The odds of a query, or null when there is none. */
export function gurpsOddsOf(query: GurpsOddsQuery | null, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): AttackOdds | null {
  return query && gurpsAttackOdds(query, rules);
}

/** An answer's name as the card words it ("No defense", "Parry (Broadsword), retreating", "Dodge and drop"). */
export const answerLabel = (items: Readonly<Record<string, string>>, localize: Localize = english) => (id: string): string => {
  if (id === "none") return localize("CYCHOSYS.Gurps.Card.decline");
  const bar = id.indexOf("|");
  const defense = defenseOptionLabel(bar < 0 ? id : id.slice(0, bar), items, localize);
  return bar < 0 ? defense : localize(`${O}${id.slice(bar + 1)}`, { defense });
};

/**
 * G72: could blunt trauma count here — flexible armor where the blow lands,
 * a type that bruises through it, and a roll low enough not to penetrate?
 * The odds leave it out (rules/odds.ts); the note says so only then.
 */
function bluntTraumaMayCount(query: GurpsOddsQuery, input: GurpsAttackInput, rules: Readonly<GurpsRules>): boolean {
  const { damage } = query;
  const type = damage.type;
  if (type !== "cr" && type !== "cut" && type !== "imp" && !type.startsWith("pi")) return false;
  const location = rules.hitLocations[input.location ?? "torso"].drKey;
  if (!(input.defender.armor ?? []).some((layer) => layer.flexible && layer.dr[location] !== undefined)) return false;
  const lowest = basicDamage(damage.spec, damage.spec.dice, type, damage.bonuses ?? [], !!damage.halved).basic;
  return lowest <= divideDr(query.defender.dr, damage.divisor);
}

/**
 * G58–G68: the card's defense panel for the one about to defend — each
 * answer the card offers, the attack's roll known; the best marked, and a
 * note saying what "best" means and what the figures leave out.
 */
export function gurpsCardOddsTable(
  input: GurpsAttackInput, rolled: number, legal: LegalDefenses, items: Readonly<Record<string, string>>, localize: Localize = english, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES,
): OddsTableView | undefined {
  const query = gurpsOddsQuery(input, rolled, legal, rules);
  if (!query) return undefined;
  const odds = gurpsAttackOdds(query, rules);
  const notes = [localize(`${O}best`)];
  const retreat = query.defenses.some((d) => d.id.endsWith("|retreat") || d.id.endsWith("|acrobaticRetreat"));
  const drop = query.defenses.some((d) => d.id.endsWith("|drop"));
  if (retreat || drop) notes.push(localize(`${O}${retreat && drop ? "variants" : retreat ? "retreatCost" : "dropCost"}`));
  if (bluntTraumaMayCount(query, input, rules)) notes.push(localize(`${O}bluntTrauma`));
  if (input.defender.diffuse && !input.weapon.area) notes.push(localize(`${O}diffuse`));
  if (input.weapon.followUp || input.weapon.linked) notes.push(localize(`${O}payload`));
  return oddsTable(odds, answerLabel(items, localize), localize, notes.join(" "));
}

/** G42–G49: an attack that rolls no damage as a blow does (a grab, grapple, slam or shove): no odds, and the line says why. */
export function unpricedLine(name: string, localize: Localize = english): OddsLineView {
  return { name, text: localize(`${O}notPriced`, { name }), changed: false, hidden: true };
}

/** The attack dialog's line for its target (the one it shows): hidden when this user may not see the target's sheet; nothing when the attack is not priced. */
export function gurpsDialogOdds(name: string, input: GurpsAttackInput | null, localize: Localize = english, rules: Readonly<GurpsRules> = GURPS_STANDARD_RULES): { lines: OddsLineView[] } {
  if (!input) return { lines: [hiddenLine(name, localize)] };
  const odds = gurpsOddsOf(gurpsOddsQuery(input, null, undefined, rules), rules);
  if (!odds) {
    // Why there is nothing to price: the rules refuse the attack as it stands, or it rolls no damage as a blow does.
    const refused = resolveGurpsAttack({ ...input, attacker: { ...input.attacker, roll: null } }, rules).refused;
    return { lines: [refused ? { name, text: localize(`${O}refused`, { name, reason: localize(`CYCHOSYS.Gurps.Refusal.${refused}`) }), changed: false, hidden: true } : unpricedLine(name, localize)] };
  }
  return { lines: [oddsLine(name, odds, undefined, answerLabel({}, localize), localize)] };
}
