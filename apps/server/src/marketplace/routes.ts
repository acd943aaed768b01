import {
  marketplaceQuerySchema,
  publishEntrySchema,
  rateItemSchema,
  updateEntrySchema,
} from "@neuroos/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { optionalSession, requireSession } from "../auth/session";
import type { Db } from "../db/client";
import { parse } from "../http/errors";
import { currentUser } from "../http/request-user";
import type { Publishing } from "./publishing";
import type { MarketplaceService } from "./service";

type WithId = FastifyRequest<{ Params: { id: string } }>;
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
  app.get("/api/marketplace", async (request) =>
    marketplace.list(request.user, parse(marketplaceQuerySchema, request.query)),
  );
  app.get("/api/marketplace/:id", async (request: WithId) =>
    marketplace.get(request.user, request.params.id),
  );
}

async function accountRoutes(app: FastifyInstance, { db, marketplace, publishing }: Deps): Promise<void> {
  app.addHook("onRequest", requireSession(db));

  app.get("/api/marketplace/publishable", async (request) => publishing.publishable(currentUser(request).id));
  app.post("/api/marketplace/:id/install", async (request: WithId, reply) => {
    const item = await marketplace.install(currentUser(request), request.params.id);
    return reply.status(item.install?.state === "installing" ? 202 : 201).send(item);
  });
  app.delete("/api/marketplace/:id/install", async (request: WithId) =>
    marketplace.uninstall(currentUser(request), request.params.id),
  );
  app.put("/api/marketplace/:id/rating", async (request: WithId) => {
    const { stars } = parse(rateItemSchema, request.body);
    return marketplace.rate(currentUser(request), request.params.id, stars);
  });

  app.post("/api/marketplace/entries", async (request, reply) => {
    const id = await publishing.publish(currentUser(request), parse(publishEntrySchema, request.body));
    return reply.status(201).send(await marketplace.get(currentUser(request), id));
  });
  app.patch("/api/marketplace/entries/:id", async (request: WithId) => {
    const input = parse(updateEntrySchema, request.body);
    await publishing.update(currentUser(request), request.params.id, input);
    return marketplace.get(currentUser(request), request.params.id);
  });
  app.delete("/api/marketplace/entries/:id", async (request: WithId, reply) => {
    await publishing.remove(currentUser(request), request.params.id);
    return reply.status(204).send();
  });
}
