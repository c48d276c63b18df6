/**
 * The parts of a GURPS scenario (docs/rules-command.md, "GURPS"): the
 * attacker, his weapon, the defender (his defenses and his figures as a
 * victim), the defender's choices and the rolls after the hit.
 */
import type { AttackManeuver } from "./attack.js";
import type { ArmorLayer } from "./damage.js";
import type { DefenseChoice } from "./defense-choice.js";
import type { DefenseUse, ParrySource, ShieldSource } from "./defense.js";
import type { GurpsAttackerInput, GurpsAttackRolls, GurpsDefenderInput, GurpsWeaponInput, Payload } from "./resolve-types.js";
import { type Json, join, LIMITS, ScenarioReader, say } from "./scenario-reader.js";
import {
  AOA_OPTIONS, AOD_OPTIONS, ARMOR_DIVISORS, ATTACK_FORMS, ATTACK_KINDS, DAMAGE_TYPES, HANDS, HIT_LOCATIONS, type HitLocation, MANEUVERS, POSTURES, QUALITIES, STUN_KINDS,
  UNARMED_SKILLS, WOUNDING_CLASSES,
} from "./types.js";
import type { VictimInput, VictimRolls } from "./victim.js";

const S = LIMITS;

export class GurpsScenarioReader extends ScenarioReader {
  mods(value: unknown, field: string) {
    return this.list(value, field).map((m, i) => {
      const f = `${field}[${i}]`;
      const o = this.object(m, f, ["value", "label"], ["value"]);
      return { value: this.integer(o.value, join(f, "value"), -S.modifier, S.modifier), ...(this.has(o, "label") && { label: this.text(o.label, join(f, "label")) }) };
    });
  }

  /** G1, G77–G81: a fighter's figures as a victim of injury. */
  victim(o: Json, field: string, id: string): VictimInput {
    const hp = this.integer(o.hp, join(field, "hp"), 1, S.hp);
    const fp = this.has(o, "fp") ? this.integer(o.fp, join(field, "fp"), 0, S.hp) : 10;
    const dx = this.has(o, "dx") ? this.integer(o.dx, join(field, "dx"), 0, S.score) : 10;
    const v: VictimInput = {
      id, hp, currentHp: this.has(o, "currentHp") ? this.integer(o.currentHp, join(field, "currentHp"), -S.hp * 10, hp) : hp,
      fp, currentFp: this.has(o, "currentFp") ? this.integer(o.currentFp, join(field, "currentFp"), -S.hp, fp) : fp,
      ht: this.integer(o.ht, join(field, "ht"), 0, S.score),
      st: this.has(o, "st") ? this.integer(o.st, join(field, "st"), 0, S.st) : null,
      knockbackSkill: this.has(o, "knockbackSkill") ? this.integer(o.knockbackSkill, join(field, "knockbackSkill"), 0, S.skill) : dx,
    };
    return this.optional(o, field, v, {
      resisting: (x, f) => this.boolean(x, f),
      perfectBalance: (x, f) => this.boolean(x, f),
      woundingClass: (x, f) => this.oneOf(x, f, WOUNDING_CLASSES),
      diffuse: (x, f) => this.boolean(x, f),
      injurySinceLastTurn: (x, f) => this.integer(x, f, 0, S.hp * 10),
      deathChecksRolled: (x, f) => this.integer(x, f, 0, this.rules.deathChecks),
      stunned: (x, f) => this.oneOf(x, f, STUN_KINDS),
      unconscious: (x, f) => this.boolean(x, f),
      mortallyWounded: (x, f) => this.boolean(x, f),
      dead: (x, f) => this.boolean(x, f),
      aiming: (x, f) => this.boolean(x, f),
      concentrating: (x, f) => this.boolean(x, f),
      will: (x, f) => this.integer(x, f, 0, S.score),
      armor: (x, f) => this.list(x, f).map((l, i) => this.armor(l, `${f}[${i}]`)),
      naturalDr: (x, f) => this.integer(x, f, 0, S.dr),
      posture: (x, f) => this.oneOf(x, f, POSTURES),
    });
  }

  /** G2, G71: an armor layer: DR on every location (a number) or by location. */
  armor(value: unknown, field: string): ArmorLayer {
    const o = this.object(value, field, ["name", "dr", "flexible", "byType", "toughSkin"], ["dr"]);
    let dr: Partial<Record<HitLocation, number>>;
    if (typeof o.dr === "number") {
      const n = this.integer(o.dr, join(field, "dr"), 0, S.dr);
      dr = Object.fromEntries(HIT_LOCATIONS.map((l) => [l, n]));
    } else {
      const where = join(field, "dr");
      const d = this.object(o.dr, where, HIT_LOCATIONS);
      dr = Object.fromEntries(Object.keys(d).map((l) => [l, this.integer(d[l], join(where, l), 0, S.dr)]));
    }
    const layer: ArmorLayer = { dr };
    if (this.has(o, "name")) layer.name = this.text(o.name, join(field, "name"));
    if (this.has(o, "flexible")) layer.flexible = this.boolean(o.flexible, join(field, "flexible"));
    if (this.has(o, "toughSkin")) layer.toughSkin = this.boolean(o.toughSkin, join(field, "toughSkin"));
    if (this.has(o, "byType")) {
      const where = join(field, "byType");
      const t = this.object(o.byType, where, DAMAGE_TYPES);
      layer.byType = Object.fromEntries(Object.keys(t).map((k) => [k, this.integer(t[k], join(where, k), 0, S.dr)]));
    }
    return layer;
  }

  parrySource(value: unknown, field: string): ParrySource {
    const o = this.object(value, field, ["id", "skill", "parry", "ready", "hand", "unarmed", "fencing", "unbalanced", "attackedThisTurn", "parries", "weight", "quality"], ["id", "skill"]);
    const p: ParrySource = {
      id: this.text(o.id, join(field, "id")), skill: this.integer(o.skill, join(field, "skill"), 0, S.skill),
      parry: o.parry === "no" ? null : this.has(o, "parry") ? this.integer(o.parry, join(field, "parry"), -S.modifier, S.modifier) : 0,
      ready: this.has(o, "ready") ? this.boolean(o.ready, join(field, "ready")) : true,
      hand: this.has(o, "hand") ? this.oneOf(o.hand, join(field, "hand"), HANDS) : "main",
    };
    return this.optional(o, field, p, {
      unarmed: (x, f) => this.oneOf(x, f, UNARMED_SKILLS),
      fencing: (x, f) => this.boolean(x, f),
      unbalanced: (x, f) => this.boolean(x, f),
      attackedThisTurn: (x, f) => this.boolean(x, f),
      parries: (x, f) => this.integer(x, f, 0, 99),
      weight: (x, f) => this.number(x, f, 0, S.weight),
      quality: (x, f) => this.oneOf(x, f, QUALITIES),
    });
  }

  shield(value: unknown, field: string): ShieldSource {
    const o = this.object(value, field, ["id", "skill", "db", "ready", "hand"], ["id", "skill", "db"]);
    const s: ShieldSource = {
      id: this.text(o.id, join(field, "id")), skill: this.integer(o.skill, join(field, "skill"), 0, S.skill), db: this.integer(o.db, join(field, "db"), 0, 10),
      ready: this.has(o, "ready") ? this.boolean(o.ready, join(field, "ready")) : true,
    };
    if (this.has(o, "hand")) s.hand = this.oneOf(o.hand, join(field, "hand"), HANDS);
    return s;
  }

  used(value: unknown, field: string): DefenseUse {
    const o = this.object(value, field, ["blocked", "retreatAgainst", "dropAgainst", "acrobaticDodge", "sacrificialDodge"]);
    const flag = (k: string) => (this.has(o, k) ? this.boolean(o[k], join(field, k)) : false);
    const who = (k: string) => (this.has(o, k) ? this.text(o[k], join(field, k)) : null);
    return { blocked: flag("blocked"), retreatAgainst: who("retreatAgainst"), dropAgainst: who("dropAgainst"), acrobaticDodge: flag("acrobaticDodge"), sacrificialDodge: flag("sacrificialDodge") };
  }

  static readonly DEFENDER_STATE_KEYS = [
    "basicSpeed", "encumbrance", "vehicle", "maneuver", "aodOption", "readiedItemId", "posture", "crouching", "stunned", "unconscious", "unaware",
    "immobilized", "parry", "shields", "used", "movedFast", "ambidexterity", "trainedByAMaster", "acrobatics", "busyHands", "heldHands", "basicLift", "sm",
  ];
  static readonly VICTIM_KEYS = [
    "hp", "currentHp", "fp", "currentFp", "ht", "st", "dx", "resisting", "knockbackSkill", "perfectBalance", "woundingClass", "diffuse", "injurySinceLastTurn",
    "deathChecksRolled", "mortallyWounded", "dead", "aiming", "concentrating", "will", "armor", "naturalDr",
  ];

  /** The defender's state for `legalDefenses` (G58–G68) and, with `victim`, his figures. */
  defenderState(o: Json, field: string): Omit<GurpsDefenderInput, keyof VictimInput> & { posture: GurpsDefenderInput["posture"] } {
    const state = {
      basicSpeed: this.speed(o.basicSpeed, join(field, "basicSpeed")),
      encumbrance: this.has(o, "encumbrance") ? this.integer(o.encumbrance, join(field, "encumbrance"), 0, 4) : 0,
      maneuver: this.has(o, "maneuver") ? this.oneOf(o.maneuver, join(field, "maneuver"), MANEUVERS) : "doNothing",
      posture: this.has(o, "posture") ? this.oneOf(o.posture, join(field, "posture"), POSTURES) : "standing",
    } as Omit<GurpsDefenderInput, keyof VictimInput> & { posture: GurpsDefenderInput["posture"] };
    this.optional(o, field, state, {
      vehicle: (x, f) => {
        const v = this.object(x, f, ["skill", "handling"], ["skill", "handling"]);
        return { skill: this.integer(v.skill, join(f, "skill"), 0, S.skill), handling: this.integer(v.handling, join(f, "handling"), -10, 10) };
      },
      aodOption: (x, f) => this.oneOf(x, f, AOD_OPTIONS),
      readiedItemId: (x, f) => this.text(x, f),
      crouching: (x, f) => this.boolean(x, f),
      unaware: (x, f) => this.boolean(x, f),
      immobilized: (x, f) => this.boolean(x, f),
      shields: (x, f) => this.list(x, f).map((s, i) => this.shield(s, `${f}[${i}]`)),
      used: (x, f) => this.used(x, f),
      movedFast: (x, f) => this.boolean(x, f),
      ambidexterity: (x, f) => this.boolean(x, f),
      trainedByAMaster: (x, f) => this.boolean(x, f),
      acrobatics: (x, f) => this.integer(x, f, 0, S.skill),
      busyHands: (x, f) => this.list(x, f, 3).map((h, i) => this.oneOf(h, `${f}[${i}]`, HANDS)),
      heldHands: (x, f) => this.list(x, f, 3).map((h, i) => this.oneOf(h, `${f}[${i}]`, HANDS)),
      basicLift: (x, f) => this.number(x, f, 0, S.weight),
      sm: (x, f) => this.integer(x, f, -15, 15),
    });
    if (this.has(o, "parry")) state.parrySources = this.list(o.parry, join(field, "parry")).map((p, i) => this.parrySource(p, `${join(field, "parry")}[${i}]`));
    if (state.aodOption && state.maneuver !== "allOutDefense") this.fail(join(field, "aodOption"), say("onlyWith", { maneuver: "allOutDefense" }));
    if (state.maneuver === "allOutDefense" && !state.aodOption) this.fail(join(field, "aodOption"), say("required"));
    return state;
  }

  defender(value: unknown, field: string): GurpsDefenderInput {
    const o = this.object(value, field, ["name", "id", ...GurpsScenarioReader.DEFENDER_STATE_KEYS, ...GurpsScenarioReader.VICTIM_KEYS], ["basicSpeed", "hp", "ht"]);
    const id = this.has(o, "id") ? this.text(o.id, join(field, "id")) : "defender";
    const state = this.defenderState(o, field);
    const victim = this.victim(o, field, id);
    return { ...victim, ...state };
  }

  attacker(value: unknown, field: string): GurpsAttackerInput {
    const keys = [
      "name", "id", "skill", "st", "thrust", "swing", "maneuver", "aoaOption", "posture", "crouching", "shock", "grappled", "evaluate", "aim", "deceptive", "rapidStrike",
      "offHand", "ambidexterity", "extraArms", "feint", "modifiers", "roll", "strikerDr", "stopThrustYards", "oneHand", "self",
    ];
    const o = this.object(value, field, keys, ["skill", "st", "maneuver"]);
    const maneuver = this.oneOf(o.maneuver, join(field, "maneuver"), ["attack", "allOutAttack", "moveAndAttack"] as AttackManeuver[]);
    const a: GurpsAttackerInput = {
      id: this.has(o, "id") ? this.text(o.id, join(field, "id")) : "attacker", skill: this.integer(o.skill, join(field, "skill"), 0, S.skill),
      st: this.integer(o.st, join(field, "st"), 0, S.st), maneuver,
    };
    this.optional(o, field, a, {
      thrust: (x, f) => this.damage(x, f),
      swing: (x, f) => this.damage(x, f),
      aoaOption: (x, f) => this.oneOf(x, f, AOA_OPTIONS),
      posture: (x, f) => this.oneOf(x, f, POSTURES),
      crouching: (x, f) => this.boolean(x, f),
      shock: (x, f) => this.integer(x, f, 0, this.rules.shockCap),
      grappled: (x, f) => this.boolean(x, f),
      evaluate: (x, f) => this.integer(x, f, 0, this.rules.evaluateMax),
      aim: (x, f) => {
        const m = this.object(x, f, ["seconds", "braced", "sight"], ["seconds"]);
        return {
          seconds: this.integer(m.seconds, join(f, "seconds"), 1, 3600), ...(this.has(m, "braced") && { braced: this.boolean(m.braced, join(f, "braced")) }),
          ...(this.has(m, "sight") && { sight: this.integer(m.sight, join(f, "sight"), 0, S.modifier) }),
        };
      },
      deceptive: (x, f) => this.integer(x, f, 0, 10),
      rapidStrike: (x, f) => this.boolean(x, f),
      offHand: (x, f) => this.boolean(x, f),
      ambidexterity: (x, f) => this.boolean(x, f),
      extraArms: (x, f) => this.integer(x, f, 0, 20),
      feint: (x, f) => this.integer(x, f, 0, S.modifier),
      roll: (x, f) => this.roll(x, f),
      strikerDr: (x, f) => this.integer(x, f, 0, S.dr),
      stopThrustYards: (x, f) => this.integer(x, f, 0, S.yards),
      oneHand: (x, f) => this.boolean(x, f),
    });
    if (this.has(o, "modifiers")) a.situational = this.mods(o.modifiers, join(field, "modifiers"));
    if (a.aoaOption && maneuver !== "allOutAttack") this.fail(join(field, "aoaOption"), say("onlyWith", { maneuver: "allOutAttack" }));
    if (maneuver === "allOutAttack" && !a.aoaOption) this.fail(join(field, "aoaOption"), say("required"));
    if (this.has(o, "self")) {
      const f = join(field, "self");
      const s = this.object(o.self, f, GurpsScenarioReader.VICTIM_KEYS.concat("posture"), ["hp", "ht"]);
      a.self = this.victim(s, f, a.id);
    }
    return a;
  }

  payload(value: unknown, field: string): Payload {
    const o = this.object(value, field, ["damage", "type", "divisor", "bloodstream"], ["damage", "type"]);
    const p: Payload = { damage: this.damage(o.damage, join(field, "damage")), type: this.oneOf(o.type, join(field, "type"), DAMAGE_TYPES), divisor: 1 };
    if (p.damage.base !== "dice") this.fail(join(field, "damage"), say("diceOnly"));
    if (this.has(o, "divisor")) p.divisor = this.oneOf(o.divisor, join(field, "divisor"), ARMOR_DIVISORS);
    if (this.has(o, "bloodstream")) p.bloodstream = this.boolean(o.bloodstream, join(field, "bloodstream"));
    return p;
  }

  weapon(value: unknown, field: string): GurpsWeaponInput {
    const keys = [
      "name", "kind", "form", "damage", "type", "divisor", "unarmed", "judoKarate", "thrust", "weight", "acc", "bulk", "halfDamage", "max", "minRange", "rof", "rcl",
      "shots", "shotsLeft", "unreadyAfterAttack", "minSt", "unbalanced", "shieldDb", "followUp", "linked", "affliction", "area",
    ];
    const o = this.object(value, field, keys, ["kind"]);
    const w: GurpsWeaponInput = { kind: this.oneOf(o.kind, join(field, "kind"), ATTACK_KINDS) };
    this.optional(o, field, w, {
      name: (x, f) => this.text(x, f),
      form: (x, f) => this.oneOf(x, f, ATTACK_FORMS),
      damage: (x, f) => this.damage(x, f),
      type: (x, f) => this.oneOf(x, f, DAMAGE_TYPES),
      divisor: (x, f) => this.oneOf(x, f, ARMOR_DIVISORS),
      unarmed: (x, f) => this.boolean(x, f),
      judoKarate: (x, f) => this.boolean(x, f),
      thrust: (x, f) => this.boolean(x, f),
      weight: (x, f) => this.number(x, f, 0, S.weight),
      acc: (x, f) => this.integer(x, f, 0, 30),
      bulk: (x, f) => this.integer(x, f, -30, 0),
      halfDamage: (x, f) => this.number(x, f, 0, S.yards),
      max: (x, f) => this.number(x, f, 0, S.yards),
      minRange: (x, f) => this.number(x, f, 0, S.yards),
      rof: (x, f) => this.integer(x, f, 1, S.shots),
      rcl: (x, f) => this.integer(x, f, 1, 100),
      shots: (x, f) => this.shots(x, f),
      shotsLeft: (x, f) => this.integer(x, f, 0, S.shots),
      unreadyAfterAttack: (x, f) => this.boolean(x, f),
      minSt: (x, f) => this.integer(x, f, 0, S.st),
      unbalanced: (x, f) => this.boolean(x, f),
      shieldDb: (x, f) => this.integer(x, f, 0, 10),
      followUp: (x, f) => this.payload(x, f),
      linked: (x, f) => this.payload(x, f),
      affliction: (x, f) => {
        const a = this.object(x, f, ["modifier", "condition"], ["modifier", "condition"]);
        return { modifier: this.integer(a.modifier, join(f, "modifier"), -S.modifier, S.modifier), condition: this.text(a.condition, join(f, "condition")) };
      },
      area: (x, f) => this.boolean(x, f),
    });
    const form = w.form ?? "strike";
    const needsLine = form === "strike";
    if (needsLine && !w.damage && !w.affliction) this.fail(join(field, "damage"), say("required"));
    if (w.kind !== "melee" && form !== "strike") this.fail(join(field, "form"), say("meleeForm", { form }));
    if (w.shots && typeof w.shotsLeft === "number" && w.shotsLeft > w.shots.shots) this.fail(join(field, "shotsLeft"), say("range", { min: 0, max: w.shots.shots, value: w.shotsLeft }));
    return w;
  }

  defenseChoices(value: unknown, field: string): DefenseChoice[] {
    if (value === "none") return [{ id: "none" }];
    return this.list(value, field, 2).map((c, i) => {
      const f = `${field}[${i}]`;
      if (c === "none") return { id: "none" };
      const o = this.object(c, f, ["id", "retreat", "dodgeAndDrop", "acrobatic", "acrobaticRoll", "roll"], ["id"]);
      const choice: DefenseChoice = { id: this.text(o.id, join(f, "id"), 80) };
      return this.optional(o, f, choice, {
        retreat: (x, g) => this.boolean(x, g),
        dodgeAndDrop: (x, g) => this.boolean(x, g),
        acrobatic: (x, g) => this.boolean(x, g),
        acrobaticRoll: (x, g) => this.roll(x, g),
        roll: (x, g) => this.roll(x, g),
      });
    });
  }

  /** The rolls after a hit, for a victim (G74, G78, G81, G22, G29); `o` already checked by the caller. */
  victimRolls(o: Json, field: string): VictimRolls {
    return this.optional(o, field, {} as VictimRolls, {
      knockback: (x, f) => this.roll(x, f),
      majorWound: (x, f) => this.list(x, f).map((y, i) => this.roll(y, `${f}[${i}]`)),
      deathChecks: (x, f) => this.list(x, f, this.rules.deathChecks).map((y, i) => this.roll(y, `${f}[${i}]`)),
      aimWill: (x, f) => this.roll(x, f),
      concentrateWill: (x, f) => this.roll(x, f),
      consciousness: (x, f) => this.roll(x, f),
    });
  }

  rolls(value: unknown, field: string): GurpsAttackRolls {
    const victimKeys = ["knockback", "majorWound", "deathChecks", "aimWill", "concentrateWill", "consciousness"];
    const extra = ["criticalTable", "defenderCriticalTable", "breakage", "heavyParryDx", "parryCounter", "affliction", "pounce", "slamDx", "attacker"];
    const o = this.object(value, field, [...victimKeys, ...extra]);
    const r: GurpsAttackRolls = this.victimRolls(o, field);
    return this.optional(o, field, r, {
      criticalTable: (x, f) => this.roll(x, f),
      defenderCriticalTable: (x, f) => this.roll(x, f),
      breakage: (x, f) => this.integer(x, f, 1, this.rules.dieFaces),
      heavyParryDx: (x, f) => this.roll(x, f),
      parryCounter: (x, f) => this.roll(x, f),
      affliction: (x, f) => this.roll(x, f),
      pounce: (x, f) => this.roll(x, f),
      slamDx: (x, f) => this.roll(x, f),
      attacker: (x, f) => this.victimRolls(this.object(x, f, victimKeys), f),
    });
  }
}
