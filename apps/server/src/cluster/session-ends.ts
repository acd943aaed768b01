import type { SessionCache, SessionEnded } from "../auth/session-cache";
import type { Cluster } from "./cluster";

const TOPIC = "session_ended";

/**
 * A session ended on one node (logout, reset, deletion, rotation) ends on every node at once:
 * their caches forget it and what it holds open (sockets, terminals) closes.
 */
export function shareSessionEnds(cluster: Cluster, cache: SessionCache): () => void {
  const stopSending = cache.onEnded((ended) => {
    if (!ended.remote) cluster.broadcast(TOPIC, { sessionId: ended.sessionId, userId: ended.userId });
  });
  const stopHearing = cluster.onSignal<SessionEnded>(TOPIC, (ended) => {
    if (typeof ended.userId === "string") cache.forgetUser(ended.userId, true);
    else if (typeof ended.sessionId === "string") cache.forgetSession(ended.sessionId, true);
  });
  return () => {
    stopSending();
    stopHearing();
  };
}
