/**
 * The odds the Cychosys attack dialog and attack card show (docs/odds.md):
 * per target, the chance to strike and the expected injury, before and
 * after the effects added in the dialog (R19: "adding D costs 4: chance to
 * strike 71% → 64%"); on the card, for each defense form open to the
 * defender, the chance of being struck and the expected injury. Pure: the
 * sides come from what the client may see; the odds decide nothing.
 */
import type { AttackOdds } from "../../../core/ruleset.js";
import { hiddenLine, oddsLine, type OddsLineView, oddsTable, type OddsTableView } from "../../../core/views/odds.js";
import type { ActionTotalView } from "../data/derive/combatant.js";
import { cychosysAttackOdds, english, type Facet, type Localize, parseBundle, type Rules, STANDARD_RULES } from "../rules/index.js";
import type { AttackFlow } from "../workflow/attack-flow.js";
import { cardQuery, dialogQuery, type OddsSide } from "../workflow/odds-query.js";
import { withAdded } from "../workflow/requests.js";

/** A target of the attack dialog: its side when this user may see its sheet, else none (no odds, and why). */
export interface OddsTarget {
  name: string;
  side?: OddsSide;
  /** R25: the parry bonus the attacker holds against this target when it is the attack's only one. */
  parryBonus?: number;
}

export interface DialogOddsInput {
  attacker: OddsSide;
  targets: readonly OddsTarget[];
}

/** Per dialog (its attacker's side) and rules: the odds already worked out for each target side, by choice. */
const memos = new WeakMap<OddsSide, { rules: Rules; sides: WeakMap<OddsSide, Map<string, AttackOdds>> }>();
function memoFor(input: DialogOddsInput, rules: Rules): WeakMap<OddsSide, Map<string, AttackOdds>> {
  let entry = memos.get(input.attacker);
  if (!entry || entry.rules !== rules) memos.set(input.attacker, (entry = { rules, sides: new WeakMap() }));
  return entry.sides;
}

const formLabel = (localize: Localize) => (form: string) => localize(`CYCHOSYS.DefenseForm.${form}`);

/**
 * R13, R19: each target's line: the chosen total with its modifier and added
 * effects (their cost paid, the edge with them) against the defender's best
 * form, and how it moved from the same total with nothing added. An edge
 * that does not parse gives no lines (the dialog says why).
 */
export function attackDialogOdds(
  choice: { total: ActionTotalView | undefined; modifier: number; edge: string; added: readonly string[]; location?: "mind" | "ego"; nonLethal?: Facet },
  input: DialogOddsInput,
  localize: Localize = english,
  rules: Rules = STANDARD_RULES,
): { lines: OddsLineView[] } {
  const { total } = choice;
  if (!total) return { lines: [] };
  let now: { edge: string; cost: number };
  let base: { edge: string; cost: number };
  try {
    now = withAdded(choice.edge, choice.added, rules);
    base = withAdded(choice.edge, [], rules);
  } catch {
    return { lines: [] };
  }
  const aim = { ...(choice.location && { location: choice.location }), ...(choice.nonLethal && { nonLethal: choice.nonLethal }) };
  const attack = (with_: { edge: string; cost: number }, parryBonus: number) => ({
    total, modifier: choice.modifier, cost: with_.cost, edge: parseBundle(with_.edge, rules.effects), ...(parryBonus && { parryBonus }), ...aim,
  });
  // The same choice again (a value typed and taken back, the odds before any effect) is not worked out twice for one dialog's sides.
  const memo = memoFor(input, rules);
  const oddsOf = (with_: { edge: string; cost: number }, side: OddsSide, parryBonus: number) => {
    const key = `${total.key}|${total.static}|${choice.modifier}|${with_.edge}|${with_.cost}|${parryBonus}|${choice.location ?? ""}|${choice.nonLethal ?? ""}`;
    let perSide = memo.get(side);
    if (!perSide) memo.set(side, (perSide = new Map()));
    let found = perSide.get(key);
    if (!found) {
      if (perSide.size > 200) perSide.clear();
      perSide.set(key, (found = cychosysAttackOdds(dialogQuery(attack(with_, parryBonus), input.attacker, side, rules), rules)));
    }
    return found;
  };
  const lines = input.targets.flatMap((target) => {
    if (!target.side) return [hiddenLine(target.name, localize)];
    const parryBonus = target.parryBonus ?? 0;
    const after = oddsOf(now, target.side, parryBonus);
    if (!after.defenses.length) return []; // a target with no total to defend with: nothing to weigh
    const before = choice.added.length ? oddsOf(base, target.side, parryBonus) : undefined;
    return [oddsLine(target.name, after, before, formLabel(localize), localize)];
  });
  return { lines };
}

/**
 * R21–R25: the defense panel of a card: the attack as the card shows it
 * against each form the defender's dialog would offer, with the defender's
 * side as this client sees it and the attacker's protection when it may see
 * that too (else a note says a counter counts none).
 */
export function cardOddsTable(
  flow: AttackFlow,
  defender: OddsSide,
  attacker: Pick<OddsSide, "outfit" | "extraSoakSteps"> | undefined,
  localize: Localize = english,
  rules: Rules = STANDARD_RULES,
): OddsTableView | undefined {
  const query = cardQuery(flow, defender, attacker, rules);
  if (!query) return undefined;
  const odds = cychosysAttackOdds(query, rules);
  if (!odds.defenses.length) return undefined;
  return oddsTable(odds, formLabel(localize), localize, attacker ? undefined : localize("CYCHOSYS.Odds.attackerHidden"));
}
