import { outputsApi, type PathParams } from "@neuroos/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { requireSession } from "../auth/session";
import type { Db } from "../db/client";
import { currentUser } from "../http/request-user";
import { fullOutput } from "./message-outputs";
import { streamingReply } from "./reply-snapshot";
import { getSession } from "./service";

type OutputRequest = FastifyRequest<{ Params: PathParams<typeof outputsApi.get.path> }>;
type SessionRequest = FastifyRequest<{ Params: PathParams<typeof outputsApi.streaming.path> }>;

/** A session's stored outputs whole ("show all") and the reply it streams now. */
export async function outputRoutes(app: FastifyInstance, deps: { db: Db }): Promise<void> {
  const { db } = deps;
  app.addHook("onRequest", requireSession(db));

  app.get(outputsApi.get.path, async (request: OutputRequest) =>
    fullOutput(db, currentUser(request).id, request.params.id, request.params.outputId),
  );

  app.get(outputsApi.streaming.path, async (request: SessionRequest) => {
    const userId = currentUser(request).id;
    await getSession(db, userId, request.params.id);
    return { reply: await streamingReply(db, userId, request.params.id) };
  });
}
