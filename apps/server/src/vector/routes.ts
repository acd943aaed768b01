import {
  vectorAnalyticsQuerySchema,
  vectorChooseModelSchema,
  vectorEmbedFileSchema,
  vectorEmbedMessageSchema,
  vectorEmbedSchema,
  vectorSearchSchema,
  vectorSimilarSchema,
} from "@neuroos/contracts";
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

  app.post("/api/vector/initialize", async (request) => {
    const progress = indexer.start(currentUser(request).id);
    const model = await vectors.models.chosenId(currentUser(request).id);
    return {
      message: `Semantic search is ready (${model}, ${vectors.hnsw ? "HNSW index" : "exact scan"}); indexing your files, messages and documents.`,
      initialized: true,
      progress,
    };
  });
  app.get("/api/vector/status", async (request) => ({
    progress: indexer.status(currentUser(request).id),
    chunks: await vectors.count(currentUser(request).id),
    switching: publicSwitch(vectors.models.switches.get(currentUser(request).id)),
    index: vectors.hnsw ? "hnsw" : "exact",
  }));
  app.post("/api/vector/search", async (request) => {
    const body = parse(vectorSearchSchema, request.body);
    await indexer.sweep(currentUser(request).id);
    return {
      results: await vectors.search(currentUser(request).id, body.query, {
        ...body.options,
        mode: body.mode,
      }),
    };
  });
  app.post("/api/vector/similar", async (request) => {
    const body = parse(vectorSimilarSchema, request.body);
    await indexer.sweep(currentUser(request).id);
    return { results: await vectors.similar(currentUser(request).id, body.objectId, body.options) };
  });
  app.post("/api/vector/embed", async (request) => {
    const body = parse(vectorEmbedSchema, request.body);
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
  app.post("/api/vector/embed/file", async (request) => {
    const body = parse(vectorEmbedFileSchema, request.body);
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
  app.post("/api/vector/embed/message", async (request) => {
    const body = parse(vectorEmbedMessageSchema, request.body);
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
  app.get("/api/vector/analytics", async (request) => {
    const { limit } = parse(vectorAnalyticsQuerySchema, request.query);
    return { analytics: await vectors.analytics(currentUser(request).id, limit) };
  });
  app.get("/api/vector/models", async (request) => {
    const chosen = await vectors.models.chosenId(currentUser(request).id);
    return {
      models: vectors.models.catalog.map((m) => ({ ...m, isActive: m.id === chosen })),
      index: vectors.hnsw ? "hnsw" : "exact",
      switching: publicSwitch(vectors.models.switches.get(currentUser(request).id)),
    };
  });
  app.post("/api/vector/models/active", async (request, reply) => {
    const { modelId } = parse(vectorChooseModelSchema, request.body);
    const job = await startModelSwitch(deps.db, vectors.models, currentUser(request).id, modelId);
    reply.status(job ? 202 : 200);
    return { switching: publicSwitch(job) };
  });
  app.delete<{ Params: { id: string } }>("/api/vector/embed/:id", async (request) => {
    const removed = await vectors.remove(currentUser(request).id, request.params.id);
    if (!removed) throw new AppError(404, "not_found", "Nothing indexed with that id");
    return { success: true };
  });
}
