/**
 * The GM's transport as the workflow tests drive it, for every ruleset's
 * test world: request messages written by their authors, handled by the
 * active GM's client one at a time, or run by the GM locally; and the cards
 * the GM posted.
 */
import { SerialQueue } from "../../src/core/queue.js";
import { handleRequestMessage, runRequest, type StepOutcome } from "../../src/core/transport/processor.js";
import type { UserLike } from "../../src/core/transport/ports.js";
import { FakeMessage, gm } from "./fakes.js";

type Env = Parameters<typeof handleRequestMessage>[0];
type AnyRuleset = Parameters<typeof handleRequestMessage>[1];

export function gmTransport<Flow>(env: unknown, ruleset: unknown, messages: FakeMessage[]) {
  const queue = new SerialQueue();
  let requests = 0;
  /** A request message as `author`'s client writes it (Foundry sets the author). */
  const requestMessage = (request: unknown, author: UserLike | null): FakeMessage => {
    const message = new FakeMessage(`req${String(++requests).padStart(5, "0")}`, author, { cychosys: { request: request as never } });
    messages.push(message);
    return message;
  };
  /** The active GM's client handles a request message. */
  const handle = (message: FakeMessage) => handleRequestMessage(env as Env, ruleset as AnyRuleset, queue, message as never, { ...gm, isActiveGM: true });
  /** `author` sends a request; the active GM handles it. */
  const send = (request: unknown, author: UserLike): Promise<StepOutcome | undefined> => handle(requestMessage(request, author));
  /** The GM runs a step locally. */
  const local = (request: unknown): Promise<StepOutcome> => queue.run(() => runRequest(env as Env, ruleset as AnyRuleset, request, gm, `local${++requests}`));
  /** The cards the GM posted. */
  const cards = () => messages.filter((m) => m.author?.isGM && m.flags.cychosys?.flow) as unknown as (FakeMessage & { flow: Flow })[];
  return { queue, requestMessage, handle, send, local, cards };
}
