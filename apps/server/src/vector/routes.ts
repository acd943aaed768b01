import { type PathParams, vectorAnalyticsQuerySchema, vectorApi } from "@neuroos/contracts";
import type { FastifyInstance } from "fastify";
import { requireSession } from "../auth/session";
import type { Db } from "../db/client";
import { AppError, parse } from "../http/errors";
import { currentUser } from "../http/request-user";
import type { VectorIndexer } from "./indexer";
import { publicSwitch, startModelSwitch } from "./model-switch";
import type { VectorService } from "./service";

/** The spec's nine /api/vector calls, each scoped to the signed-in person. */
export async function vectorRoutes(
  app: FastifyInstance,
  deps: { db: Db; vectors: VectorService; indexer: VectorIndexer },
): Promise<void> {
  const { vectors, indexer } = deps;
  app.addHook("onRequest", requireSession(deps.db));

  app.post(vectorApi.initialize.path, async (request) => {
    const progress = indexer.start(currentUser(request).id);
    const model = await vectors.models.chosenId(currentUser(request).id);
    return {
      message: `Semantic search is ready (${model}, ${vectors.hnsw ? "HNSW index" : "exact scan"}); indexing your files, messages and documents.`,
      initialized: true,
      progress,
    };
  });
  app.get(vectorApi.status.path, async (request) => ({
    progress: indexer.status(currentUser(request).id),
    chunks: await vectors.count(currentUser(request).id),
    switching: publicSwitch(vectors.models.switches.get(currentUser(request).id)),
    index: vectors.hnsw ? "hnsw" : "exact",
  }));
  app.post(vectorApi.search.path, async (request) => {
    const body = parse(vectorApi.search.body, request.body);
    await indexer.sweep(currentUser(request).id);
    return {
      results: await vectors.search(currentUser(request).id, body.query, {
        ...body.options,
        mode: body.mode,
      }),
    };
  });
  app.post(vectorApi.similar.path, async (request) => {
    const body = parse(vectorApi.similar.body, request.body);
    await indexer.sweep(currentUser(request).id);
    return { results: await vectors.similar(currentUser(request).id, body.objectId, body.options) };
  });
  app.post(vectorApi.embed.path, async (request) => {
    const body = parse(vectorApi.embed.body, request.body);
    return vectors.embedObject(
      currentUser(request).id,
      {
        objectType: "text",
        objectId: crypto.randomUUID(),
        content: body.content,
      },
      true,
    );
  });
  app.post(vectorApi.embedFile.path, async (request) => {
    const body = parse(vectorApi.embedFile.body, request.body);
    return vectors.embedObject(
      currentUser(request).id,
      {
        objectType: "file",
        objectId: body.fileId,
        content: body.content,
        metadata: body.metadata as Record<string, unknown>,
      },
      true,
    );
  });
  app.post(vectorApi.embedMessage.path, async (request) => {
    const body = parse(vectorApi.embedMessage.body, request.body);
    return vectors.embedObject(
      currentUser(request).id,
      {
        objectType: "message",
        objectId: body.messageId,
        content: body.content,
        metadata: { ...(body.metadata as Record<string, unknown>), role: body.role },
      },
      true,
    );
  });
  app.get(vectorApi.analytics.path, async (request) => {
    const { limit } = parse(vectorAnalyticsQuerySchema, request.query);
    return { analytics: await vectors.analytics(currentUser(request).id, limit) };
  });
  app.get(vectorApi.models.path, async (request) => {
    const chosen = await vectors.models.chosenId(currentUser(request).id);
    return {
      models: vectors.models.catalog.map((m) => ({ ...m, isActive: m.id === chosen })),
      index: vectors.hnsw ? "hnsw" : "exact",
      switching: publicSwitch(vectors.models.switches.get(currentUser(request).id)),
    };
  });
  app.post(vectorApi.chooseModel.path, async (request, reply) => {
    const { modelId } = parse(vectorApi.chooseModel.body, request.body);
    const job = await startModelSwitch(deps.db, vectors.models, currentUser(request).id, modelId);
    reply.status(job ? 202 : 200);
    return { switching: publicSwitch(job) };
  });
  app.delete<{ Params: PathParams<typeof vectorApi.removeEmbedding.path> }>(
    vectorApi.removeEmbedding.path,
    async (request) => {
      const removed = await vectors.remove(currentUser(request).id, request.params.id);
      if (!removed) throw new AppError(404, "not_found", "Nothing indexed with that id");
      return { success: true };
    },
  );
}
