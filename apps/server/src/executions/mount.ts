import type { FastifyInstance } from "fastify";
import { sandboxRoutes } from "./sandbox-routes";
import { ExecutionService } from "./service";

/**
 * Every run of code (the console, the agent's tools, the IDE, POST /api/sandbox/run) goes through
 * one service: the same job slots, limits and execution log, runs stopped from any node.
 */
export async function mountExecutions(
  app: FastifyInstance,
  deps: ConstructorParameters<typeof ExecutionService>[0],
): Promise<ExecutionService> {
  const executions = new ExecutionService(deps);
  await app.register(sandboxRoutes, { db: deps.db, sandbox: deps.sandbox, executions });
  return executions;
}
