import type { FastifyInstance } from "fastify";
import type { Approvals } from "../agent/approvals";
import type { ToolRegistry } from "../agent/tools";
import type { Cluster } from "../cluster/cluster";
import { LiveWork } from "../cluster/live-work";
import type { NodeRegistry } from "../cluster/nodes";
import type { Db } from "../db/client";
import type { DocumentService } from "../documents/service";
import type { Env } from "../env";
import type { OriginPolicy } from "../http/origin-guard";
import type { EventBus } from "../live/bus";
import type { EndpointPolicy } from "../platform/endpoint-guard";
import type { SecretBox } from "../platform/secret-box";
import type { Redactor } from "../redaction";
import type { Sandbox } from "../sandbox/runner";
import type { WorkspaceService } from "../workspace/service";
import { mcpCallRecorder } from "./call-log";
import { mcpClientRoutes } from "./client-routes";
import { McpConnections } from "./connections";
import { McpContents } from "./contents";
import { sandboxLauncher } from "./launch";
import { mcpRoutes } from "./routes";
import { McpRunningCalls } from "./running-calls";
import { McpServers } from "./servers";
import { AccessTokens } from "./tokens";

/**
 * MCP both ways: NeuroOS as a server (the workspace tools for outside clients, by access token,
 * asking before writes where the token says so) and as a client (a person's servers, one SDK
 * client each, connected on first use; local ones in the sandbox, counted on every node).
 */
export async function mountMcp(
  app: FastifyInstance,
  deps: {
    db: Db;
    env: Env;
    bus: EventBus;
    tools: ToolRegistry;
    approvals: Approvals;
    box: SecretBox;
    endpointPolicy: EndpointPolicy;
    redactor: Redactor;
    sandbox: Sandbox;
    workspaces: WorkspaceService;
    nodeId: string;
    nodes: Pick<NodeRegistry, "onSweep" | "onRevived">;
    /** Signals between nodes: a cancel reaches the node that runs the call. */
    signals: Pick<Cluster, "broadcast" | "onSignal">;
    /** The Prompt Canvas library, offered as MCP prompts. */
    documents: Pick<DocumentService, "list" | "get">;
    /** Which origins may call /mcp (DNS rebinding refused without PUBLIC_URL too). */
    origins: OriginPolicy;
  },
) {
  const { db, env, endpointPolicy } = deps;
  // Personal access tokens: /mcp's, and the OpenAI-compatible API's (openai-api/).
  const tokens = new AccessTokens(db);
  await app.register(mcpRoutes, {
    db,
    tokens,
    bus: deps.bus,
    tools: deps.tools,
    approvals: deps.approvals,
    approvalTimeoutMs: env.MCP_APPROVAL_TIMEOUT_MS,
    origins: deps.origins,
    workspaces: deps.workspaces,
    documents: deps.documents,
    // A tools/call running here, found by a cancel from any node.
    calls: new McpRunningCalls({ db, nodeId: deps.nodeId, signals: deps.signals, nodes: deps.nodes }),
    publicUrl: env.PUBLIC_URL,
  });
  const servers = new McpServers({ db, box: deps.box, endpointPolicy });
  const connections = new McpConnections({
    endpointPolicy,
    lookup: (userId, name) => servers.byName(userId, name),
    callTimeoutMs: env.MCP_CALL_TIMEOUT_MS,
    redactor: deps.redactor,
    idleMs: env.MCP_LOCAL_IDLE_MS,
    launchStdio: sandboxLauncher({
      sandbox: deps.sandbox,
      workspaces: deps.workspaces,
      owner: (userId) => servers.owner(userId),
      live: new LiveWork({ db, nodeId: deps.nodeId, nodes: deps.nodes }, "mcp"),
      limits: { perUser: env.MCP_LOCAL_SERVERS_PER_USER, idleMs: env.MCP_LOCAL_IDLE_MS },
    }),
  });
  app.addHook("onClose", () => connections.closeAll());
  const calls = mcpCallRecorder({ db, bus: deps.bus });
  const contents = new McpContents({ servers, connections, maxBytes: env.MCP_RESOURCE_MAX_BYTES });
  await app.register(mcpClientRoutes, { db, servers, connections, contents });
  return { servers, connections, contents, calls, tokens };
}
