/**
 * The OpenD6 tracker's test world, on the shared fakes (fakes.ts): OpenD6
 * actors (attributes, derived bonus and wound, Character Points, owners),
 * the combat classes with OpenD6's combat rules active, and request
 * messages delivered to the active GM. Importing it registers OpenD6's
 * request parser (with its GM-only fields) and handlers, as the world's
 * ruleset does.
 */
import { FakeActor, type FakeCombatBase, FakeCombatant, world } from "./fakes.js";
import { setActiveAdapter } from "../../src/foundry/adapter.js";
import { defineCombatDocuments } from "../../src/foundry/combat.js";
import { d6CombatRules } from "../../src/foundry/d6/combat.js";
import { registerD6TrackerHandlers } from "../../src/foundry/d6/combat-actions.js";
import { createD6Ruleset } from "../../src/rulesets/d6/ruleset.js";

setActiveAdapter({ ruleset: createD6Ruleset(), register: () => undefined, cardContent: async () => "", renderCard: () => undefined, combat: d6CombatRules });
registerD6TrackerHandlers();
export const { SystemCombat: D6Combat } = defineCombatDocuments();

export interface D6ActorInit {
  id: string;
  name?: string;
  type?: "d6Character" | "d6Creature";
  perception?: string;
  bonus?: number;
  owners?: string[];
  characterPoints?: number;
  wound?: string;
  freeActions?: number;
}

/** An OpenD6 actor as the tracker reads it (stored attributes, the derived bonus). */
export class D6FakeActor extends FakeActor {
  constructor(init: D6ActorInit) {
    super({ id: init.id, name: init.name, type: init.type ?? "d6Creature", quickness: 0, owners: init.owners });
    this.system = {
      attributes: { perception: init.perception ?? "3D" },
      freeActions: init.freeActions ?? 1,
      wounds: { level: init.wound ?? "none", untilRound: 0 },
      characterPoints: init.characterPoints ?? 0,
      derived: { initiativeBonus: init.bonus ?? 0 },
    };
  }
  get hasPlayerOwner() {
    return this.owners.size > 0;
  }
}

export type D6TestCombat = FakeCombatBase & { startCombat(): Promise<unknown>; nextTurn(): Promise<unknown>; nextRound(): Promise<unknown>; rollInitiative(ids: string[]): Promise<unknown>; turns: FakeCombatant[] };

const g = globalThis as any;

/** The chapter's fight with the thug (seed check 2): Mara (a player's character) and two thugs of one kind. */
export async function thugFight() {
  const mara = new D6FakeActor({ id: "mara", name: "Mara", type: "d6Character", perception: "3D", owners: ["alice"], characterPoints: 2 });
  const thug = new D6FakeActor({ id: "thug", name: "Thug", perception: "2D+1" });
  const c = { mara: new FakeCombatant(mara), thug: new FakeCombatant(thug), thug2: new FakeCombatant(thug, { id: "thug2", name: "Thug 2" }) };
  (c.thug as unknown as { actorId: string }).actorId = "thug";
  (c.thug2 as unknown as { actorId: string }).actorId = "thug";
  const combat = new D6Combat() as unknown as D6TestCombat;
  combat.list = [c.thug, c.thug2, c.mara];
  for (const x of combat.list) x.combat = combat;
  g.game.combats = { contents: [combat] };
  world.actors = [mara, thug];
  await combat.startCombat();
  return { combat, c, actors: { mara, thug } };
}

export { deliver, replies, requestFrom, send } from "./fakes.js";
