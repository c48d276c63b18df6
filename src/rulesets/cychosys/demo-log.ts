/**
 * The warehouse fight of the chapter, replayed through the rules engine as a
 * readable combat log (`npm run demo` prints it). Everything in it is computed
 * by src/rules; this file only stages the scenes in the chapter's order.
 */
import {
  actionsLeft,
  actionTotal,
  type AttackInput,
  chaseMove,
  explainAttack,
  formatBundle,
  newBudget,
  normalizeCovers,
  type OutfitPiece,
  parseBundle,
  type Pools,
  quickness,
  resolveAttack,
  shieldAt,
  spendAction,
  turnOrder,
} from "./rules/index.js";
import { english } from "../../core/messages.js";
import { signed } from "../../core/views/text.js";

const t = (key: string, params: Record<string, unknown> = {}) => english(`CYCHOSYS.Demo.${key}`, params);
let out: string[] = [];
const line = (text = "") => out.push(text);
const heading = (text: string) => {
  line();
  line(text);
  line("-".repeat(text.length));
};

const b = parseBundle;
const skin = (shield: string, weight = 0): OutfitPiece => ({ shield: b(shield), covers: normalizeCovers("all"), layer: "skin", weight });
const humanSkin = skin("1");
const parkerSuit: OutfitPiece = { name: "suit", shield: b("RH1"), covers: normalizeCovers("all").filter((l) => l !== "head"), layer: "worn", weight: 1 };
const parkerHide = skin("BBDD2", 2);
const parkerOutfit = [parkerSuit, parkerHide];
const pools = (p: number, m: number, e: number): Pools => ({
  hit: { physical: p, mental: m, emotional: e },
  fatigue: { physical: 6, mental: 6, emotional: 6 },
});
const dice = (base: number, faces: number[]) => [String(base), ...faces.map((f) => `(${f})`)].join(" + ");

function attack(input: AttackInput, attacker: string, defender: string, object?: string): void {
  for (const explained of explainAttack(resolveAttack(input), { attacker, defender, ...(object && { object }) })) {
    line(`  ${explained.text}`);
  }
}

export function demoLog(): string {
  out = [];
  line(t("title"));
  line(t("intro"));

  // Quickness and order (R38, R14).
  heading(t("quickness"));
  const parkerQ = quickness({ hitPools: { physical: 10, mental: 5, emotional: 4 }, outfit: parkerOutfit, trademarkModifier: -2 });
  line(
    t("quicknessLine", {
      name: "Parker",
      pool: parkerQ.highestPool,
      burden: parkerQ.burden.burden,
      trademark: t("trademark", { value: signed(parkerQ.trademarkModifier) }),
      quickness: parkerQ.quickness,
    }),
  );
  const sentrySuit: OutfitPiece = { ...parkerSuit, shield: b("RH1") };
  const sentryQ = quickness({ hitPools: { physical: 4, mental: 3, emotional: 3 }, outfit: [sentrySuit, humanSkin] });
  line(t("quicknessLine", { name: "Belham", pool: sentryQ.highestPool, burden: sentryQ.burden.burden, trademark: "", quickness: sentryQ.quickness }));
  const order = turnOrder([
    { id: "Belham", quickness: sentryQ.quickness, playerCharacter: false, physicalHits: 4, tiebreak: 0 },
    { id: "Parker", quickness: parkerQ.quickness, playerCharacter: true, physicalHits: 10, tiebreak: 1 },
  ]);
  line(t("order", { order: order.map((o) => `${o.id} (${o.quickness})`).join(", ") }));

  // The chase (R39).
  heading(t("chase", { start: "Parker 0, Belham 5", door: 15 }));
  let parker = 0;
  let sentry = 5;
  const move = (name: string, base: number, faces: number[] | null, printed: number, from: number, q: number, terrain: number, door?: number) => {
    const total = faces ? actionTotal({ base, roll: faces }).total : printed;
    const m = chaseMove({ position: from, moveTotal: total, quickness: q, terrain, ...(door !== undefined && { barrier: door }) });
    if (!faces) line(t("given", { name, skill: "move", total }));
    const shown = faces ? `${dice(base, faces)} = ${total}` : String(total);
    line(t("move", { name, dice: shown, rank: m.rank, quickness: q, terrain, change: m.change, from, to: m.position }));
    if (m.stopped) line(t("stopped", { name, door }));
    return m.position;
  };
  line(t("round", { round: 1 }));
  parker = move("Parker", 2, [8, 1], 11, parker, parkerQ.quickness, 10);
  sentry = move("Belham", 2, [7, 8], 17, sentry, sentryQ.quickness, 5);
  line(t("round", { round: 2 }));
  parker = move("Parker", 0, null, 26, parker, parkerQ.quickness, 5, 15);
  sentry = move("Belham", 0, null, 15, sentry, sentryQ.quickness, 2, 15);

  // The thrown body against four defenders (R22, R24, R25, R28).
  heading(t("throw", { edge: "VD6" }));
  const throwDice = actionTotal({ base: 2, roll: [6, 1, 6, 8] });
  line(t("printed", { name: "Parker", skill: "throw", printed: 22, sum: throwDice.total }));
  const budget = spendAction(newBudget());
  line(t("actionSpent", { name: "Parker", left: actionsLeft(budget) }));
  const body = { total: 22, edge: b("VD6"), outfit: parkerOutfit };

  line(t("against", { name: "Riddle" }));
  const riddleEvade = actionTotal({ base: 2, roll: [4, 1, 2] });
  line(t("total", { name: "Riddle", skill: "evade", dice: dice(2, [4, 1, 2]), total: riddleEvade.total }));
  attack(
    {
      attacker: body,
      defender: { outfit: [humanSkin], pools: pools(7, 5, 5) },
      defense: { form: "evade", total: riddleEvade.total },
      choices: { distribute: { physical: 4, mental: 2, emotional: 3 } },
    },
    "Parker",
    "Riddle",
  );

  line(t("against", { name: "Ungar" }));
  const ungarEvade = actionTotal({ base: 2, roll: [12] });
  line(t("crash", { name: "Ungar", skill: "evade", dice: dice(2, [12]) }));
  attack({ attacker: body, defender: { outfit: [humanSkin], pools: pools(6, 4, 4) }, defense: { form: "evade", total: ungarEvade.total } }, "Parker", "Ungar");

  line(t("against", { name: "Wiley" }));
  const wileyBrave = actionTotal({ base: 3, roll: [2, 7, 8] });
  line(t("total", { name: "Wiley", skill: "brave", dice: dice(3, [2, 7, 8]), total: wileyBrave.total }));
  attack({ attacker: body, defender: { outfit: [humanSkin], pools: pools(6, 5, 5) }, defense: { form: "brave", total: wileyBrave.total } }, "Parker", "Wiley");

  line(t("against", { name: "Thorton" }));
  const blockDice = actionTotal({ base: 4, roll: [10, 9, 5, 3] });
  line(t("printed", { name: "Thorton", skill: "brawl/block", printed: 30, sum: blockDice.total }));
  const parry = resolveAttack({
    attacker: body,
    defender: { outfit: [humanSkin] },
    defense: { form: "parry", total: 30, object: { shield: b("2") } },
  });
  for (const explained of explainAttack(parry, { attacker: "Parker", defender: "Thorton", object: "chair" })) line(`  ${explained.text}`);
  const parryBonus = parry.contest.parryBonus ?? 0;

  // The counterattack exchange (R23, R26, R28).
  heading(t("counter"));
  const thortonShot = actionTotal({ base: 9, roll: [4, 7, 1, 2] });
  line(t("total", { name: "Thorton", skill: "shoot", dice: dice(9, [4, 7, 1, 2]), total: thortonShot.total }));
  line(t("parryBonusUsed", { bonus: parryBonus }));
  const parkerShoot = actionTotal({ base: 10, roll: [2, 10, 8, 4, 6] });
  line(t("total", { name: "Parker", skill: "shoot", dice: dice(10, [2, 10, 8, 4, 6]), total: parkerShoot.total }));
  const thortonAgain = actionTotal({ base: 9, roll: [10, 2, 7, 7, 9, 1] });
  line(t("printed", { name: "Thorton", skill: "second shot", printed: 35, sum: thortonAgain.total }));
  attack(
    {
      attacker: { total: thortonShot.total + parryBonus, edge: b("B2"), outfit: [humanSkin], pools: pools(7, 5, 5) },
      defender: { outfit: parkerOutfit },
      defense: { form: "counter", totals: [{ total: parkerShoot.total }, { total: 35 }], edge: b("FB2") },
    },
    "Thorton",
    "Parker",
  );

  // The knife and the outfit's soak step (R31).
  heading(t("knife"));
  line(t("given", { name: "Wiley", skill: "throw", total: 34 }));
  line(t("given", { name: "Parker", skill: "evade", total: 29 }));
  attack(
    { attacker: { total: 34, edge: b("BR3"), outfit: [humanSkin] }, defender: { outfit: parkerOutfit, pools: pools(10, 5, 4) }, defense: { form: "evade", total: 29 } },
    "Wiley",
    "Parker",
  );

  // Burden with and without the coat (R38).
  const coat: OutfitPiece = { name: "denim coat", shield: b("B1"), covers: ["chest", "leftArm", "rightArm"], layer: "worn", weight: 1 };
  const withCoat = quickness({ hitPools: { physical: 10, mental: 5, emotional: 4 }, outfit: [...parkerOutfit, coat], trademarkModifier: -2 });
  heading(t("burdenTitle"));
  line(t("burden", { suit: parkerQ.burden.burden, coatBurden: withCoat.burden.burden, coatQuickness: withCoat.quickness }));

  // The Howler: force, volume, reductions (R26, R31, R32).
  heading(t("howler"));
  line(t("given", { name: "Riddle", skill: "shoot", total: 22 }));
  line(t("given", { name: "Parker", skill: "evade", total: 18 }));
  attack(
    {
      attacker: { total: 22, edge: b("VFXP2"), outfit: [humanSkin] },
      defender: { outfit: parkerOutfit, pools: pools(8, 5, 4) },
      defense: { form: "evade", total: 18 },
      choices: { reduce: ["X", "P"], distribute: { physical: 3, mental: 1, emotional: 1 } },
    },
    "Riddle",
    "Parker",
  );

  // The relic (R30: virtual outfit).
  const relic: OutfitPiece = { name: "jeweled relic", shield: b("WUXR3"), covers: normalizeCovers("all"), layer: "virtual", weight: 0 };
  heading(t("relicTitle"));
  line(t("relic", { shield: formatBundle(shieldAt([humanSkin, relic], "chest")) }));
  line();
  line(t("end"));
  return out.join("\n");
}
