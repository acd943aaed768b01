import type { FastifyInstance } from "fastify";
import type { Db } from "../db/client";
import type { EventBus } from "../live/bus";
import { trashRoutes } from "./routes";
import { type Releasers, type Restorers, TrashService } from "./service";

/** The trash: what a person deleted, kept for a while; each kind of item is restored (and let go of) by its own feature. */
export async function mountTrash(
  app: FastifyInstance,
  deps: { db: Db; bus: EventBus; restorers: Restorers; releasers?: Releasers },
): Promise<TrashService> {
  const trash = new TrashService(deps.db, deps.restorers, deps.releasers);
  await app.register(trashRoutes, { db: deps.db, bus: deps.bus, trash });
  return trash;
}
