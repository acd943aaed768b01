import { randomUUID } from "node:crypto";
import type { Cluster } from "./cluster";

/** How long a node waits for another to say it did what was asked (a NOTIFY round trip is ms). */
export const ASK_WITHIN_MS = 1500;

type Signals = Pick<Cluster, "nodeId" | "broadcast" | "onSignal">;
interface Question<T> {
  ref: string;
  body: T;
}

/**
 * Asks the other nodes to act on something only one of them may hold (an execution to cancel):
 * true once one says it did, false when none does within `withinMs`.
 */
export function askOthers<T>(
  cluster: Signals,
  topic: string,
  body: T,
  withinMs = ASK_WITHIN_MS,
): Promise<boolean> {
  const ref = randomUUID();
  return new Promise<boolean>((resolve) => {
    const done = (answer: boolean) => {
      clearTimeout(timer);
      stopHearing();
      resolve(answer);
    };
    const stopHearing = cluster.onSignal<{ ref: string }>(`${topic}:done`, (reply) => {
      if (reply.ref === ref) done(true);
    });
    const timer = setTimeout(() => done(false), withinMs);
    cluster.broadcast(topic, { ref, body } satisfies Question<T>);
  });
}

/** Answers the other nodes' questions on `topic`: `act` says whether this node did it. */
export function answerOthers<T>(cluster: Signals, topic: string, act: (body: T) => boolean): () => void {
  return cluster.onSignal<Question<T>>(topic, (question) => {
    if (act(question.body)) cluster.broadcast(`${topic}:done`, { ref: question.ref });
  });
}
