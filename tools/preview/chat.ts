/**
 * The chat log preview: action-roll cards as Foundry's chat sidebar shows
 * them — Parker's pistol shot, a surge and a crash on the key die (R11–R13,
 * R8, R40). Contexts come from the real `rollCardContext`.
 */
import Handlebars from "handlebars";
import { type ActionTotalView, deriveCombatant } from "../../src/rulesets/cychosys/data/derive/combatant.js";
import { rollCardContext } from "../../src/rulesets/cychosys/views/roll-card.js";
import { parker } from "../../test/fixtures/cast.js";
import { CHAT_CARD, CHAT_LOG_CSS, type makeEnvironment } from "./render.js";

const untrained = (skillName: string, base: number, dice: number): ActionTotalView => ({
  key: `skill:${skillName}`,
  skillName,
  facet: "physical",
  dice,
  static: base,
  formula: `${dice}dc + ${base}`,
  terms: [{ kind: "base", value: base }],
});

export function chatCards() {
  const pistol = deriveCombatant(parker.system, parker.items, []).totals.find((t) => t.key === "gear:wpPistol")!;
  return [
    { speaker: "Parker", context: rollCardContext({ actorName: "Parker", total: pistol, faces: [2, 10, 8, 4, 6], earnsExperience: true }) },
    { speaker: "Wiley", context: rollCardContext({ actorName: "Wiley", total: untrained("brave", 3, 3), faces: [11, 7, 8], earnsExperience: true }) },
    { speaker: "Ungar", context: rollCardContext({ actorName: "Ungar", total: untrained("evade", 2, 2), faces: [12, 9], earnsExperience: false }) },
  ];
}

/** One page: a chat log of roll cards, in the theme given. */
export function renderChatPage(env: ReturnType<typeof makeEnvironment>, css: string, frameCss: string, theme: "dark" | "light"): string {
  const escape = Handlebars.Utils.escapeExpression;
  const messages = chatCards()
    .map(
      ({ speaker, context }) => `<li class="chat-message message">
  <header class="message-header"><h4 class="message-sender">${escape(speaker)}</h4></header>
  <div class="message-content">${env.render(CHAT_CARD, context)}</div>
</li>`,
    )
    .join("\n");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Chat — Cychosys preview</title>
<style>${frameCss}</style>
<style>${css}</style>
<style>${CHAT_LOG_CSS}</style>
</head>
<body class="theme-${theme}">
<main>
<section id="chat" class="application themed theme-${theme} cychosys" style="width: 320px;" data-preview-sheet="chat">
  <ol class="chat-log">
${messages}
  </ol>
</section>
</main>
</body>
</html>
`;
}
