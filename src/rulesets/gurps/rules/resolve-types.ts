/**
 * The shape of one whole GURPS attack, every die an input (absent dice are
 * named as owed), and of its resolution: every intermediate figure, for the
 * card, the `rules` command and the explanation.
 */
import type { AttackManeuver, AttackSkillInput, EffectiveSkill } from "./attack.js";
import type { ChosenDefense, DefenseChoice } from "./defense-choice.js";
import type { DefenderState, DefenseUse, LegalDefenses } from "./defense.js";
import type { DamageSpec, DiceRoll, SuccessRoll } from "./dice.js";
import type { ShotsSpec } from "./notation.js";
import type { Modifier } from "./types.js";
import type { OwedRoll } from "./owed.js";
import type { ReloadPlan } from "./ranged.js";
import type { AoaOption, AttackForm, AttackKind, DamageType, HitLocation, Posture } from "./types.js";
import type { VictimInput, VictimResult, VictimRolls } from "./victim.js";

/** G82: a follow-up or linked payload. */
export interface Payload {
  damage: DamageSpec;
  type: DamageType;
  divisor: number;
  /** G82: needs the bloodstream (poison): nothing when the primary did not penetrate. */
  bloodstream?: boolean;
}

/** G2, G51–G57: the attack line. */
export interface GurpsWeaponInput {
  name?: string;
  kind: AttackKind;
  form?: AttackForm;
  /** `2d+1`, `sw+2` …; absent for grabs and grapples (no damage, G42–G43) and slams (G48: from HP × velocity). */
  damage?: DamageSpec | null;
  type?: DamageType;
  divisor?: number;
  /** G64–G66, G73: an unarmed strike; made with Judo or Karate; a thrust. */
  unarmed?: boolean;
  judoKarate?: boolean;
  thrust?: boolean;
  /** G65: weight in lb. */
  weight?: number;
  acc?: number;
  bulk?: number;
  /** G51, G70: 1/2D and Max in yards (null: none), minimum range. */
  halfDamage?: number | null;
  max?: number | null;
  minRange?: number | null;
  rof?: number;
  rcl?: number;
  shots?: ShotsSpec | null;
  shotsLeft?: number | null;
  /** G40 ‡: unready after each attack unless ST ≥ 1.5 × minimum ST. */
  unreadyAfterAttack?: boolean;
  minSt?: number;
  /** G41 U. */
  unbalanced?: boolean;
  /** G49: the shield's DB added to a shield rush's damage roll. */
  shieldDb?: number;
  followUp?: Payload | null;
  linked?: Payload | null;
  /** G83: an affliction: HT + modifier to resist; the condition it applies. */
  affliction?: { modifier: number; condition: string } | null;
  /** G76: an area, cone or explosion attack. */
  area?: boolean;
}

export interface GurpsAttackerInput extends Omit<AttackSkillInput, "kind" | "form" | "acc" | "bulk" | "range" | "speed" | "shots" | "targetSm" | "targetPosture" | "targetCrouching" | "location"> {
  id: string;
  st: number;
  /** G2: the wielder's thrust and swing (for `thr`/`sw` lines). */
  thrust?: DamageSpec | null;
  swing?: DamageSpec | null;
  /** G25: the feint penalty he holds on this defender. */
  feint?: number;
  /** The attack roll (absent: owed). */
  roll?: DiceRoll | null;
  /** G73: his DR on the striking body part. */
  strikerDr?: number;
  /** G31: stop thrust, yards the foe moved toward him. */
  stopThrustYards?: number;
  /** G49: a one-handed shove. */
  oneHand?: boolean;
  /** G48, G73: his own figures when the attack can hurt him (slams, hurting yourself). */
  self?: VictimInput | null;
}

export interface GurpsDefenderInput extends Omit<DefenderState, "hp" | "currentHp">, Omit<VictimInput, "posture"> {
  sm?: number;
}

export interface GurpsAttackRolls extends VictimRolls {
  /** G84–G86: the attacker's 3d6 on the Critical Hit or Miss Table; the defender's after a critical parry failure. */
  criticalTable?: DiceRoll | null;
  defenderCriticalTable?: DiceRoll | null;
  /** G65: the breakage die. */
  breakage?: number | null;
  /** G65: an unarmed parrier knocked back by a too-heavy blow rolls DX. */
  heavyParryDx?: DiceRoll | null;
  /** G64: the parrier's weapon-skill roll against the attacking limb. */
  parryCounter?: DiceRoll | null;
  /** G83: the victim's HT roll against an affliction. */
  affliction?: DiceRoll | null;
  /** G49: a pouncer's roll to stay on his feet. */
  pounce?: DiceRoll | null;
  /** G48: a foe's DX roll after a slam. */
  slamDx?: DiceRoll | null;
  /** G48, G73: the attacker's own rolls when he is hurt. */
  attacker?: VictimRolls;
}

export interface GurpsAttackInput {
  attacker: GurpsAttackerInput;
  weapon: GurpsWeaponInput;
  defender: GurpsDefenderInput;
  /** G53: range (yards) and the target's speed (yards per second) when it counts. */
  range?: number;
  speed?: number;
  location?: HitLocation;
  coverDr?: number;
  fromFront?: boolean;
  /** G60: the attacker within reach of the defender's parry (missiles). */
  inReach?: boolean;
  /** G56: shots fired. */
  shots?: number;
  /** The defender's choices (a second one for All-Out Defense (Double)); `{ id: "none" }` declines; absent: owed. */
  defenses?: readonly DefenseChoice[] | null;
  /** The damage dice of each hit that lands (one roll with G73's fast resolution); absent: owed. */
  damage?: readonly (readonly number[])[] | null;
  followUpDamage?: readonly (readonly number[])[] | null;
  linkedDamage?: readonly (readonly number[])[] | null;
  /** G48: yards moved (relative velocity), and the foe's own damage dice against the slammer. */
  slam?: { velocity: number; foeDamage?: readonly number[] | null } | null;
  rolls?: GurpsAttackRolls;
}

export type GurpsRefusal = "notAttackManeuver" | "aoaOption" | "beyondMax" | "underMinRange" | "noShotsLeft" | EffectiveSkill["refused"];

export interface CriticalTableRoll {
  /** G84: the Critical Hit Table; G84–G85: the Critical Miss Table. */
  readonly table: "hit" | "miss";
  readonly who: "attacker" | "defender";
  readonly roll: number | null;
  readonly rule: string;
}

export interface DefenseOutcome {
  readonly chosen: ChosenDefense;
  /** Hits still landing after it. */
  readonly hitsAfter: number;
  /** G65: breakage odds, the die, broken; too heavy (the parry failed). */
  readonly breakage: { readonly odds: number; readonly face: number | null; readonly broken: boolean | null } | null;
  readonly tooHeavy: boolean;
}

export interface GurpsResolution {
  readonly attackerId: string;
  readonly defenderId: string;
  readonly maneuver: AttackManeuver;
  readonly aoaOption: AoaOption | null;
  readonly kind: AttackKind;
  readonly form: AttackForm;
  readonly refused: GurpsRefusal | null;
  readonly skill: EffectiveSkill | null;
  readonly attackFaces: readonly number[] | null;
  readonly attack: SuccessRoll | null;
  /** G56–G57: shots fired and hits the roll scored; shots left and the reload it needs. */
  readonly shots: { readonly fired: number; readonly rcl: number; readonly hits: number; readonly left: number | null; readonly reload: ReloadPlan | null } | null;
  readonly hitsScored: number;
  readonly legal: LegalDefenses | null;
  /** G28: the defenses legal for an owed second defense (All-Out Defense, Double), the first excluded; null otherwise. */
  readonly secondLegal: LegalDefenses | null;
  readonly defenses: readonly DefenseOutcome[];
  /** The defender declined to defend. */
  readonly declined: boolean;
  readonly hitsLanding: number;
  readonly criticals: readonly CriticalTableRoll[];
  /** What else happened: keys at `CYCHOSYS.Gurps.Effect.<key>`, with the rule. */
  readonly effects: readonly { readonly key: string; readonly rule: string; readonly who: "attacker" | "defender" }[];
  /** G64. */
  readonly counter: { readonly effective: number; readonly roll: SuccessRoll | null } | null;
  /** The damage line the hits roll (resolved from thrust/swing), with its bonuses. */
  readonly damage: { readonly spec: DamageSpec; readonly type: DamageType; readonly divisor: number; readonly bonuses: readonly Modifier[]; readonly halved: boolean; readonly location: HitLocation; readonly coverDr: number } | null;
  readonly victim: VictimResult | null;
  /** G48, G73: the attacker hurt by his own slam or strike. */
  readonly self: VictimResult | null;
  readonly slam: { readonly velocity: number; readonly slammerDice: DamageSpec; readonly foeDice: DamageSpec; readonly slammerRoll: number | null; readonly foeRoll: number | null; readonly knockdown: { readonly foe: string; readonly slammer: string } | null; readonly foeDx: SuccessRoll | null } | null;
  readonly affliction: { readonly effective: number; readonly roll: SuccessRoll | null; readonly affected: boolean | null; readonly condition: string } | null;
  /** The defender's defense use after this attack (round state, G61–G68), and the parry source used. */
  readonly defenseUse: DefenseUse | null;
  readonly parried: readonly string[];
  /** The attacker's weapon afterwards (G40, G41, G55, G56). */
  readonly weaponAfter: { readonly ready: boolean; readonly attackedWithU: boolean; readonly shotsLeft: number | null };
  readonly attackerPosture: Posture;
  /** The defender's posture afterwards: dropped or fallen in defending (G65, G68, G85), knocked down by the hits (G48, G74, G78) — always `victim.after.posture` when he was struck. */
  readonly defenderPosture: Posture;
  readonly owed: readonly OwedRoll[];
}
