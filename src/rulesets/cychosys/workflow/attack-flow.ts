/**
 * The attack workflow as a pure state machine:
 *
 *   declared ─ defend ─▶ resolved ─ apply ─▶ applied ─ undo ─▶ resolved …
 *                │  ▲
 *                ▼  │ (counter beats: the other side answers or takes it)
 *             exchange
 *
 * A flow is plain JSON (it lives in a chat message's flags). Every step takes
 * the flow, what the user asked, and who the user is, and returns the new
 * flow plus the changes to make to documents (`commands`); the Foundry side
 * carries out the commands, as the GM when the user may not. The rules core
 * decides every figure (contest, strike); this module only sequences, checks
 * permissions and keeps what undo needs. No Foundry, no randomness: new ids
 * are handed in.
 *
 * The module is split in three: attack-flow-types.ts (the data),
 * attack-flow-contest.ts (declare, defend, counter: the contest) and
 * attack-flow-injury.ts (preview, apply, undo the injury). Import from here.
 */
export * from "./attack-flow-types.js";
export { assignTargets, contestFor, counterAgain, declareAttack, declineCounter, defend, mayActFor } from "./attack-flow-contest.js";
export * from "./attack-flow-injury.js";
