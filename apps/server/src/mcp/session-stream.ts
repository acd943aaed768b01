import type { ServerResponse } from "node:http";
import { PROMPT_LIBRARY_KIND } from "@neuroos/contracts";
import type { EventBus } from "../live/bus";
import { uriOf } from "./server-resources";
import type { McpSessions } from "./sessions";

/** A comment line now and then keeps proxies from closing a quiet stream. */
export const MCP_KEEP_ALIVE_MS = 25_000;

/**
 * A session's stream of what the server tells unasked (GET /mcp, Server-Sent Events): the person's
 * files changing (`files_changed` on the bus, from any node) is `resources/list_changed`, and, for
 * each changed file the session subscribed to (or a folder holding it), `resources/updated`; the
 * Prompt Canvas library stored (from any tab or device) is `prompts/list_changed`.
 */
export function openSessionStream(
  raw: ServerResponse,
  deps: { bus: EventBus; sessions: McpSessions },
  session: { id: string; userId: string },
  keepAliveMs = MCP_KEEP_ALIVE_MS,
): void {
  raw.writeHead(200, {
    "content-type": "text/event-stream",
    "cache-control": "no-cache, no-transform",
    connection: "keep-alive",
    "mcp-session-id": session.id,
  });
  raw.flushHeaders();
  const send = (method: string, params?: Record<string, unknown>) =>
    raw.write(
      `event: message\ndata: ${JSON.stringify({ jsonrpc: "2.0", method, ...(params ? { params } : {}) })}\n\n`,
    );
  const stop = deps.bus.subscribe(session.userId, (frame) => {
    if (frame.type === "document_changed" && frame.kind === PROMPT_LIBRARY_KIND)
      send("notifications/prompts/list_changed");
    if (frame.type !== "files_changed") return;
    send("notifications/resources/list_changed");
    void deps.sessions
      .subscriptions(session.id)
      .then((subscribed) => {
        const changed = frame.paths.map(uriOf);
        for (const uri of subscribed)
          if (changed.some((c) => uri === c || uri.startsWith(`${c}/`)))
            send("notifications/resources/updated", { uri });
      })
      .catch(() => {});
  });
  // Each beat also asks whether the session lives: one ended (DELETE, its token revoked) ends here.
  const alive = setInterval(() => {
    void deps.sessions
      .exists(session.id)
      .then((live) => (live ? raw.write(": keep-alive\n\n") : raw.end()))
      .catch(() => {});
  }, keepAliveMs);
  raw.on("close", () => {
    clearInterval(alive);
    stop();
  });
}
