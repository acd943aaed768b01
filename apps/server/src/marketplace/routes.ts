import { marketplaceApi, marketplaceQuerySchema, type PathParams } from "@neuroos/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { optionalSession, requireSession } from "../auth/session";
import type { Db } from "../db/client";
import { parse } from "../http/errors";
import { currentUser } from "../http/request-user";
import type { Publishing } from "./publishing";
import type { MarketplaceService } from "./service";

type WithId = FastifyRequest<{ Params: PathParams<typeof marketplaceApi.get.path> }>;
interface Deps {
  db: Db;
  marketplace: MarketplaceService;
  publishing: Publishing;
}

/** /api/marketplace: browsing is open to visitors; installing, rating and publishing need an account. */
export async function marketplaceRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  await app.register(browseRoutes, deps);
  await app.register(accountRoutes, deps);
}

async function browseRoutes(app: FastifyInstance, { db, marketplace }: Deps): Promise<void> {
  app.addHook("onRequest", optionalSession(db));
  app.get(marketplaceApi.list.path, async (request) =>
    marketplace.list(request.user, parse(marketplaceQuerySchema, request.query)),
  );
  app.get(marketplaceApi.get.path, async (request: WithId) =>
    marketplace.get(request.user, request.params.id),
  );
}

async function accountRoutes(app: FastifyInstance, { db, marketplace, publishing }: Deps): Promise<void> {
  app.addHook("onRequest", requireSession(db));

  app.get(marketplaceApi.publishable.path, async (request) =>
    publishing.publishable(currentUser(request).id),
  );
  app.post(marketplaceApi.install.path, async (request: WithId, reply) => {
    const item = await marketplace.install(currentUser(request), request.params.id);
    return reply.status(item.install?.state === "installing" ? 202 : 201).send(item);
  });
  app.delete(marketplaceApi.uninstall.path, async (request: WithId) =>
    marketplace.uninstall(currentUser(request), request.params.id),
  );
  app.put(marketplaceApi.rate.path, async (request: WithId) => {
    const { stars } = parse(marketplaceApi.rate.body, request.body);
    return marketplace.rate(currentUser(request), request.params.id, stars);
  });

  app.post(marketplaceApi.publish.path, async (request, reply) => {
    const id = await publishing.publish(
      currentUser(request),
      parse(marketplaceApi.publish.body, request.body),
    );
    return reply.status(201).send(await marketplace.get(currentUser(request), id));
  });
  app.patch(marketplaceApi.updateEntry.path, async (request: WithId) => {
    const input = parse(marketplaceApi.updateEntry.body, request.body);
    await publishing.update(currentUser(request), request.params.id, input);
    return marketplace.get(currentUser(request), request.params.id);
  });
  app.delete(marketplaceApi.withdrawEntry.path, async (request: WithId, reply) => {
    await publishing.remove(currentUser(request), request.params.id);
    return reply.status(204).send();
  });
}
