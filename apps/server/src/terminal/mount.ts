import type { FastifyInstance } from "fastify";
import { LiveWork } from "../cluster/live-work";
import type { NodeRegistry } from "../cluster/nodes";
import type { Db } from "../db/client";
import type { Env } from "../env";
import type { OriginPolicy } from "../http/origin-guard";
import type { Sandbox } from "../sandbox/runner";
import type { WorkspaceService } from "../workspace/service";
import { TerminalManager } from "./manager";
import { terminalRoutes } from "./routes";

/**
 * Terminals: shells in the sandbox over their own WebSocket. Each stays on the node that started
 * it; the others know which node that is (and, judged dead, this node tells them again). They end
 * when the server closes, before the sandbox does (mount this after it).
 */
export async function mountTerminals(
  app: FastifyInstance,
  deps: {
    env: Env;
    db: Db;
    sandbox: Sandbox;
    workspaces: WorkspaceService;
    nodeId: string;
    nodes: NodeRegistry;
    origins: OriginPolicy;
  },
): Promise<TerminalManager> {
  const { env, db } = deps;
  const live = new LiveWork({ db, nodeId: deps.nodeId, nodes: deps.nodes }, "terminal");
  const terminals = new TerminalManager(deps.sandbox, live, {
    idleTimeoutMs: env.TERMINAL_IDLE_TIMEOUT_MS,
    reattachMs: env.TERMINAL_REATTACH_MS,
    perUser: env.TERMINALS_PER_USER,
  });
  app.addHook("onClose", () => terminals.closeAll());
  await app.register(terminalRoutes, { db, terminals, workspaces: deps.workspaces, origins: deps.origins });
  return terminals;
}
