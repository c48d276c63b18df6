/**
 * The GURPS tracker's test world, on the shared fakes (fakes.ts): GURPS
 * characters with the real derive (Basic Speed, DX, HP, weapons), the
 * combat classes with GURPS's combat rules active, and request messages
 * delivered to the active GM. Importing it registers GURPS's request parser
 * and handlers (the world's ruleset is GURPS).
 */
import { afterEach, beforeEach } from "vitest";
import { FakeActor, type FakeCombatBase, FakeCombatant, resetCombatWorld, world } from "./fakes.js";
import { setActiveAdapter } from "../../src/foundry/adapter.js";
import { defineCombatDocuments } from "../../src/foundry/combat.js";
import { gurpsCombatRules } from "../../src/foundry/gurps/combat.js";
import { registerGurpsTrackerHandlers } from "../../src/foundry/gurps/combat-actions.js";
import { registerRequestParser } from "../../src/foundry/requests.js";
import { GURPS_TRACKER_GM_ONLY_FIELDS, parseGurpsCombatRequest } from "../../src/rulesets/gurps/combat/request-schema.js";
import { createGurpsRuleset } from "../../src/rulesets/gurps/ruleset.js";
import { deriveGurpsActor, type GurpsItemInput } from "../../src/rulesets/gurps/data/derive.js";
import { GURPS_ACTOR_SCHEMAS, GURPS_ITEM_SCHEMAS } from "../../src/rulesets/gurps/data/schema.js";
import { gurpsDefaults, gurpsLine } from "../fixtures/gurps-sheets.js";

setActiveAdapter({ ruleset: createGurpsRuleset(), register: () => undefined, cardContent: async () => "", renderCard: () => undefined, combat: gurpsCombatRules });
registerRequestParser(parseGurpsCombatRequest, GURPS_TRACKER_GM_ONLY_FIELDS);
registerGurpsTrackerHandlers();
export const { SystemCombat: GurpsCombat } = defineCombatDocuments();

export interface GurpsActorInit {
  id: string;
  name?: string;
  owners?: string[];
  basicSpeed: number;
  dx?: number;
  hp?: [number, number];
  bow?: boolean;
}

/** A GURPS character as the tracker reads it: `system.derived` from the real derive, a broadsword (and a bow). */
export class GurpsFakeActor extends FakeActor {
  itemList: GurpsItemInput[];
  constructor(init: GurpsActorInit) {
    super({ id: init.id, name: init.name, type: "gurpsCharacter", quickness: 0, owners: init.owners });
    const [value, max] = init.hp ?? [12, 12];
    const sword = { id: "sword", name: "Broadsword", type: "gurpsWeapon", system: { ...gurpsDefaults(GURPS_ITEM_SCHEMAS.gurpsWeapon), lines: [gurpsLine()] } };
    const bow = { id: "bow", name: "Short bow", type: "gurpsWeapon", system: { ...gurpsDefaults(GURPS_ITEM_SCHEMAS.gurpsWeapon), skill: "Bow", lines: [gurpsLine({ kind: "musclePowered", damage: "thr", type: "imp", acc: 1, halfDamage: 100, max: 150 })] } };
    this.itemList = init.bow ? [sword, bow] : [sword];
    this.setFigures({ basicSpeed: init.basicSpeed, dx: init.dx ?? 10, hp: { value, max } });
  }
  setFigures(o: { basicSpeed: number; dx: number; hp: { value: number; max: number } }) {
    const stored = { ...gurpsDefaults(GURPS_ACTOR_SCHEMAS.gurpsCharacter), basicSpeed: o.basicSpeed, attributes: { st: 10, dx: o.dx, iq: 10, ht: 11 }, hp: o.hp };
    this.system = { ...stored, derived: deriveGurpsActor(stored, this.itemList) };
  }
  get items() {
    const list = this.itemList;
    return { get: (id: string) => list.find((i) => i.id === id) };
  }
}

export type GurpsTestCombat = FakeCombatBase & { startCombat(): Promise<unknown>; nextTurn(): Promise<unknown>; rollInitiative(ids: string[]): Promise<unknown>; turns: FakeCombatant[] };

const g = globalThis as any;

/** Louis (a player's, Basic Speed 6, DX 12), Pierre (NPC, 6, DX 11) and a guard (NPC, 5.5, DX 12, a bow). */
export async function duel() {
  const louis = new GurpsFakeActor({ id: "louis", name: "Louis", owners: ["alice"], basicSpeed: 6, dx: 12 });
  const pierre = new GurpsFakeActor({ id: "pierre", name: "Pierre", basicSpeed: 6, dx: 11 });
  const guard = new GurpsFakeActor({ id: "guard", name: "Guard", basicSpeed: 5.5, dx: 12, bow: true });
  const c = { louis: new FakeCombatant(louis), pierre: new FakeCombatant(pierre), guard: new FakeCombatant(guard) };
  const combat = new GurpsCombat() as unknown as GurpsTestCombat;
  combat.list = [c.guard, c.pierre, c.louis];
  for (const x of combat.list) x.combat = combat;
  g.game.combats = { contents: [combat] };
  world.actors = [louis, pierre, guard];
  await combat.startCombat();
  return { combat, c, actors: { louis, pierre, guard } };
}

export { deliver, replies, requestFrom, send } from "./fakes.js";

/**
 * Each test on a fresh combat world whose kept draws (G9) are, in the order
 * the fighters are read — guard, pierre, louis — 0.1, 0.9 and 0.3.
 */
export function useGurpsCombatWorld(): void {
  const g = globalThis as any;
  beforeEach(() => {
    resetCombatWorld();
    let n = 0;
    g.CONFIG.Dice.randomUniform = () => [0.1, 0.9, 0.3][n++ % 3];
  });
  afterEach(() => {
    g.game.combats = { contents: [] };
    g.CONFIG.Dice.randomUniform = () => 0.5;
  });
}
