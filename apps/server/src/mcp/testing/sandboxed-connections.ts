import { LiveWork } from "../../cluster/live-work";
import type { Db } from "../../db/client";
import { loadEnv } from "../../env";
import { SecretBox } from "../../platform/secret-box";
import { sandboxConfig } from "../../sandbox/config";
import { Sandbox } from "../../sandbox/runner";
import { workspaceQuotas } from "../../workspace/quotas";
import { WorkspaceService } from "../../workspace/service";
import { McpConnections } from "../connections";
import { sandboxLauncher } from "../launch";
import { McpServers } from "../servers";

/**
 * A connection manager as app.ts builds it, over a test app's database, secret and data
 * directory: local (stdio) servers start in the real sandbox, in their user's workspace; HTTP
 * ones are allowed to nowhere. Back-off is short. `close()` ends the servers, the sandbox and
 * the workspaces.
 */
export function sandboxedMcpConnections(options: {
  db: Db;
  dataDir: string;
  secretKey: string;
  idleMs?: number;
  /** Local servers one person may run at once, counted with every manager on the database. */
  perUser?: number;
  /** The node this manager stands for (its rows in live_terminals). */
  nodeId?: string;
  /** Whether the sandbox may use cgroups where the host has them (default true). */
  cgroups?: boolean;
}) {
  const env = loadEnv({ LOG_LEVEL: "silent", DATA_DIR: options.dataDir, WORKSPACE_VOLUMES: "off" });
  const sandbox = new Sandbox({ ...sandboxConfig(env), cgroups: options.cgroups ?? true });
  const workspaces = new WorkspaceService(options.db, options.dataDir, workspaceQuotas(env), null);
  const servers = new McpServers({
    db: options.db,
    box: new SecretBox(options.secretKey),
    endpointPolicy: { allowlist: [] },
  });
  const connections = new McpConnections({
    endpointPolicy: { allowlist: [] },
    lookup: (userId, name) => servers.byName(userId, name),
    callTimeoutMs: 30_000,
    backoff: { baseMs: 50, maxMs: 200 },
    idleMs: options.idleMs,
    launchStdio: sandboxLauncher({
      sandbox,
      workspaces,
      owner: (id) => servers.owner(id),
      live: new LiveWork({ db: options.db, nodeId: options.nodeId ?? "test-node" }, "mcp"),
      limits: {
        perUser: options.perUser ?? env.MCP_LOCAL_SERVERS_PER_USER,
        idleMs: options.idleMs ?? env.MCP_LOCAL_IDLE_MS,
      },
    }),
  });
  return {
    connections,
    close: async () => {
      await connections.closeAll();
      sandbox.close();
      await workspaces.close();
    },
  };
}

export type SandboxedMcpConnections = ReturnType<typeof sandboxedMcpConnections>;
