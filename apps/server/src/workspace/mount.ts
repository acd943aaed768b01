import path from "node:path";
import type { FastifyInstance } from "fastify";
import type { Database } from "../db/client";
import type { Env } from "../env";
import type { EventBus } from "../live/bus";
import { workspaceQuotas } from "./quotas";
import { workspaceRoutes } from "./routes";
import { WorkspaceService } from "./service";
import { WorkspaceVolumes } from "./volumes";

/**
 * The people's workspaces (their files, under the plan's quota; each an ext4 volume where this
 * node may make them) and the files API; every change reaches the person's browsers as a
 * `files_changed` frame.
 */
export async function mountWorkspaces(
  app: FastifyInstance,
  deps: { env: Env; database: Database; bus: EventBus },
): Promise<WorkspaceService> {
  const { env, database, bus } = deps;
  const volumes = await WorkspaceVolumes.forNode(
    env.WORKSPACE_VOLUMES,
    database.kind,
    path.join(env.DATA_DIR, "volumes"),
  );
  const workspaces = new WorkspaceService(database.db, env.DATA_DIR, workspaceQuotas(env), volumes);
  app.addHook("onClose", () => workspaces.close());
  workspaces.onChange((userId, paths) => bus.publish(userId, { type: "files_changed", paths }));
  await app.register(workspaceRoutes, { db: database.db, bus, workspaces });
  return workspaces;
}
