import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CancelledNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { APP_VERSION } from "@neuroos/contracts";
import { z } from "zod";
import type { DocumentService } from "../documents/service";
import type { WorkspaceService } from "../workspace/service";
import { McpRunningCalls } from "./running-calls";
import { promptArgumentKnown, servePrompts } from "./server-prompts";
import { invalidParams, onRequest } from "./server-requests";
import { completePath, RESOURCE_TEMPLATE, serveResources } from "./server-resources";
import { type McpToolDeps, serveTools } from "./server-tools";
import { LOG_LEVELS, type McpSession, type McpSessions } from "./sessions";
import type { TokenHolder } from "./tokens";

export { MCP_TOOL_NAMES, toolsFor } from "./server-tools";

export interface McpDeps extends McpToolDeps {
  workspaces: WorkspaceService;
  documents: Pick<DocumentService, "list" | "get">;
  sessions: McpSessions;
  calls: McpRunningCalls;
}

const completeParams = z
  .object({
    ref: z.discriminatedUnion("type", [
      z.object({ type: z.literal("ref/prompt"), name: z.string() }),
      z.object({ type: z.literal("ref/resource"), uri: z.string() }),
    ]),
    argument: z.object({ name: z.string(), value: z.string().max(4096) }),
  })
  .loose();

/**
 * An MCP server (the official SDK's) for one holder of a token, built for each request (any node
 * answers any request; what a session keeps is in the database): the workspace tools
 * (`server-tools.ts`), the files as resources (`server-resources.ts`), the Prompt Canvas library
 * as prompts (`server-prompts.ts`), completions for both, logging of tool runs, and cancellation
 * that reaches a run on any node.
 */
export function mcpServerFor(
  holder: TokenHolder,
  deps: McpDeps,
  session: McpSession | null,
  /** Ends the request's HTTP answer with no message: a cancelled request is not answered. */
  unanswered: () => void = () => {},
): Server {
  const server = new Server(
    { name: "NeuroOS", version: APP_VERSION },
    {
      capabilities: {
        tools: {},
        resources: { subscribe: true, listChanged: true },
        prompts: { listChanged: true },
        completions: {},
        logging: {},
      },
    },
  );
  const scope = session ? `session:${session.id}` : `token:${holder.tokenId}`;
  const level = session?.logLevel ? LOG_LEVELS.indexOf(session.logLevel) : LOG_LEVELS.length;
  serveTools(server as never, holder, deps, {
    running: (extra, run) =>
      deps.calls.run(
        holder.user.id,
        McpRunningCalls.keyOf(scope, extra.requestId),
        extra.signal,
        async (signal) => {
          try {
            return await run(signal);
          } finally {
            // Stopped by notifications/cancelled: the client forgot the request, so no answer.
            if (signal.aborted && !extra.signal.aborted) unanswered();
          }
        },
      ),
    log: async (extra, severity, data) => {
      if (LOG_LEVELS.indexOf(severity) < level) return;
      await extra.sendNotification({
        method: "notifications/message",
        params: { level: severity, logger: "neuroos.tools", data },
      } as never);
    },
  });
  serveResources(server as never, holder, deps, session);
  servePrompts(server as never, holder, deps.documents);

  onRequest(
    server as never,
    "logging/setLevel",
    z.object({ level: z.enum(LOG_LEVELS) }).loose(),
    async ({ level }) => {
      if (session) await deps.sessions.setLevel(session.id, level);
      return {};
    },
  );
  onRequest(server as never, "completion/complete", completeParams, async ({ ref, argument }) => {
    if (ref.type === "ref/resource") {
      if (ref.uri !== RESOURCE_TEMPLATE)
        throw invalidParams(`Unknown resource template: ${ref.uri.slice(0, 200)}`);
      if (argument.name !== "path") throw invalidParams(`The template has no argument ${argument.name}`);
      return { completion: await completePath(deps.workspaces, holder, argument.value) };
    }
    const paths = await promptArgumentKnown(deps.documents, holder, ref.name, argument.name);
    return {
      completion: paths
        ? await completePath(deps.workspaces, holder, argument.value)
        : { values: [], total: 0, hasMore: false },
    };
  });
  // A cancel comes in its own request (perhaps to another node): it stops the run where it is.
  server.setNotificationHandler(CancelledNotificationSchema, async (notification) => {
    const { requestId } = notification.params;
    if (requestId !== undefined) deps.calls.cancel(holder.user.id, McpRunningCalls.keyOf(scope, requestId));
  });
  return server;
}
