/**
 * R10, R33: each wounding effect of the world's effects table as a token
 * status effect (`cychosys-<letter>`), and the ActiveEffect data of a taken
 * condition. Icons are Foundry core's `icons/svg/*.svg`. Pure apart from the
 * localizer it is given.
 */
import { type EffectDefinition, type EffectsTable, FACETS } from "../rules/index.js";
import { statusId } from "./conditions.js";

/** Core icons for the standard letters; a letter a GM adds gets the fallback. */
export const CONDITION_ICONS: Readonly<Record<string, string>> = Object.freeze({
  W: "icons/svg/sun.svg",
  U: "icons/svg/unconscious.svg",
  S: "icons/svg/paralysis.svg",
  X: "icons/svg/fire.svg",
  O: "icons/svg/degen.svg",
  B: "icons/svg/blood.svg",
  P: "icons/svg/lightning.svg",
  D: "icons/svg/daze.svg",
  R: "icons/svg/terror.svg",
  H: "icons/svg/falling.svg",
});
export const FALLBACK_CONDITION_ICON = "icons/svg/downgrade.svg";

export function conditionIcon(letter: string): string {
  return CONDITION_ICONS[letter] ?? FALLBACK_CONDITION_ICON;
}

type Format = (key: string, params?: Record<string, string | number>) => string;

/** "Penalty: physical −2, quickness −2" (or "No penalty"), from the table's numbers. */
export function penaltyText(effect: EffectDefinition, format: Format): string {
  const parts: string[] = [];
  for (const facet of FACETS) {
    if (effect.penalty[facet]) parts.push(format("CYCHOSYS.Condition.penaltyPart", { what: format(`CYCHOSYS.Facet.${facet}`), value: effect.penalty[facet] }));
  }
  if (effect.penalty.quickness) parts.push(format("CYCHOSYS.Condition.penaltyPart", { what: format("CYCHOSYS.Condition.quickness"), value: effect.penalty.quickness }));
  if (effect.incapacitates) parts.push(format("CYCHOSYS.Condition.incapacitated"));
  return parts.length === 0 ? format("CYCHOSYS.Condition.noPenalty") : format("CYCHOSYS.Condition.penalty", { parts: parts.join(", ") });
}

/** The description an ActiveEffect carries: the table's text, then its penalty. */
export function conditionDescription(effect: EffectDefinition, format: Format): string {
  return `<p>${escapeHtml(effect.description)}</p><p>${escapeHtml(penaltyText(effect, format))}</p>`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

export interface StatusEffectEntry {
  id: string;
  name: string;
  img: string;
  description: string;
}

/** `CONFIG.statusEffects` entries for every wounding effect of the table, in table order (R3). */
export function statusEffectsFor(table: EffectsTable, format: Format): StatusEffectEntry[] {
  return table.effects
    .filter((effect) => effect.kind === "wounding")
    .map((effect) => ({ id: statusId(effect.letter), name: effect.name, img: conditionIcon(effect.letter), description: conditionDescription(effect, format) }));
}

/** The ActiveEffect data of one taken condition (R33). */
export function conditionEffectData(effect: EffectDefinition, piercing: boolean, format: Format) {
  return {
    name: piercing ? format("CYCHOSYS.Condition.piercingName", { name: effect.name }) : effect.name,
    img: conditionIcon(effect.letter),
    statuses: [statusId(effect.letter)],
    description: conditionDescription(effect, format),
    flags: { cychosys: { piercing } },
  };
}
