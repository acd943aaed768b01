import { type PathParams, trashApi } from "@neuroos/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { requireSession } from "../auth/session";
import type { Db } from "../db/client";
import { parse } from "../http/errors";
import { currentUser } from "../http/request-user";
import type { EventBus } from "../live/bus";
import type { TrashService } from "./service";

type WithId = FastifyRequest<{ Params: PathParams<typeof trashApi.forget.path> }>;

/** The trash: list it, restore an item where it was, delete one for good, empty it. */
export async function trashRoutes(
  app: FastifyInstance,
  deps: { db: Db; bus: EventBus; trash: TrashService },
): Promise<void> {
  const { trash } = deps;
  app.addHook("onRequest", requireSession(deps.db));

  app.get(trashApi.list.path, async (request) => trash.list(currentUser(request).id));
  app.post(trashApi.restore.path, async (request) => {
    const { item, announce } = await trash.restore(
      currentUser(request).id,
      parse(trashApi.restore.body, request.body),
    );
    // Screens showing that kind of thing take it back into their lists.
    deps.bus.publish(currentUser(request).id, announce);
    return item;
  });
  app.delete(trashApi.forget.path, async (request: WithId, reply) => {
    await trash.forget(currentUser(request).id, request.params.id);
    return reply.status(204).send();
  });
  app.delete(trashApi.empty.path, async (request) => ({
    deleted: await trash.empty(currentUser(request).id),
  }));
}
