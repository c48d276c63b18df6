/**
 * The phase rules' refusals as outcomes (issue 24.4, docs/rules-command.md
 * "Refusals"): a well-formed scenario may ask for what a rule forbids — a
 * declaration while a long action runs (P6), a free action or an
 * initiative roll while surprised (P3), a shot without the rounds (P39).
 * The core throws its PhaseError as ever (the table refuses the request with
 * it); the headless readers turn the codes listed here into a
 * `PhaseRefusal`, which the `rules` command prints as
 * `{ "refused": { "rule", "reason", "field" } }` with exit code 0. Every
 * other code stays a problem with the scenario (exit code 2).
 */
import { RuleRefusal, type RefusalJson } from "../../../core/refusal.js";
import { sentenceCase } from "../../../core/views/text.js";
import { namedParams, PHASE_ERROR_PREFIX, type PhaseError, type PhaseErrorCode } from "./errors.js";

/** The rule that refuses, for each refusal code (the ones a rule forbids, not a malformed scenario). */
export const PHASE_REFUSAL_RULES: Readonly<Partial<Record<PhaseErrorCode, string>>> = Object.freeze({
  surprised: "P3",
  unaware: "P40",
  outOfAction: "P37",
  noSlot: "P5",
  notYourSlot: "P5",
  alreadyRolled: "P5",
  busy: "P6",
  slotClosed: "P7",
  freeUsed: "P7",
  notFree: "P7",
  freeActionLength: "P7",
  needsSkill: "P7",
  weaponNotReady: "P8",
  weaponAlreadyReady: "P8",
  nothingToCancel: "P10",
  notCancellable: "P10",
  wildCalled: "P14",
  noTargeting: "P16",
  calledNotAllowed: "P18",
  outOfReach: "P25",
  noAmmo: "P39",
  // weaponKind: the rule of the weapon the action needs (weaponKindRule).
  weaponKind: "P8",
});

/** A weapon that cannot make the action: the rule of what the action needs (P12 semi-automatic, P22 automatic, P15 ranged, P25 melee). */
const WEAPON_KIND_RULES: Readonly<Record<string, string>> = Object.freeze({ semiAuto: "P12", auto: "P22", ranged: "P15", melee: "P25" });

/** The rule a core error refuses by, or null when it is not a refusal (a scenario problem). */
export function refusalRule(error: PhaseError): string | null {
  if (error.code === "weaponKind") return WEAPON_KIND_RULES[String(error.params.requires)] ?? "P8";
  return PHASE_REFUSAL_RULES[error.code] ?? null;
}

/** A rule refusing what a scenario asks, with the scenario field that asked for it. */
export class PhaseRefusal extends RuleRefusal<PhaseErrorCode> {
  /** The scenario field that asked for it (`phases[1].slots.leroy.declare`). */
  readonly field: string;

  constructor(rule: string, code: PhaseErrorCode, params: Record<string, string | number>, field: string) {
    super(rule, PHASE_ERROR_PREFIX, code, params);
    this.name = "PhaseRefusal";
    // A reason is a sentence, whatever name it opens with ("pistol has too few rounds …").
    this.message = sentenceCase(this.message);
    this.field = field;
  }

  /** The core's error as a refusal at `field`, or null when it is a scenario problem. */
  static of(error: PhaseError, field: string): PhaseRefusal | null {
    const rule = refusalRule(error);
    return rule === null ? null : new PhaseRefusal(rule, error.code, { ...error.params }, field);
  }

  /** The same refusal naming combatants by name (the scenario's `name`s). */
  named(name: (id: string) => string | undefined): PhaseRefusal {
    return new PhaseRefusal(this.rule, this.code, namedParams(this.params, name), this.field);
  }

  override toJSON(): RefusalJson & { refused: { field: string } } {
    return { refused: { rule: this.rule, reason: this.message, field: this.field } };
  }
}
