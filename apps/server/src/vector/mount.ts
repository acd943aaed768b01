import path from "node:path";
import type { FastifyInstance } from "fastify";
import type { Db } from "../db/client";
import type { LlmGateway } from "../llm";
import type { WorkspaceService } from "../workspace/service";
import { VectorIndexer } from "./indexer";
import type { DownloadableEmbedding } from "./model-downloads";
import { type EmbeddingJobs, openEmbeddingModels } from "./models";
import { vectorRoutes } from "./routes";
import { VectorService } from "./service";

/**
 * Semantic search on the app: the embedding models (the local one, the providers', downloaded
 * ones; pgvector's HNSW where the database has it), the service with the text each person sends
 * counted against their workspace's quota, the indexer following file changes, and the /api/vector routes.
 */
export async function mountVectorSearch(
  app: FastifyInstance,
  deps: {
    db: Db;
    gateway: LlmGateway;
    workspaces: WorkspaceService;
    dataDir: string;
    hubUrl: string;
    hubToken?: string;
    downloadable?: DownloadableEmbedding[];
    /** Where embeddings run off the event loop. */
    jobs?: EmbeddingJobs;
  },
) {
  const { db, workspaces } = deps;
  const embeddingModels = await openEmbeddingModels({
    db,
    gateway: deps.gateway,
    dir: path.join(deps.dataDir, "embedding-models"),
    hubUrl: deps.hubUrl,
    token: deps.hubToken,
    catalog: deps.downloadable,
    jobs: deps.jobs,
  });
  app.addHook("onClose", () => embeddingModels.downloads?.close());
  const vectors = new VectorService(db, embeddingModels, (tx, owner, adding) =>
    workspaces.holdIndexRoom(tx, owner, adding),
  );
  await vectors.analyze();
  const indexer = new VectorIndexer(db, vectors, workspaces);
  workspaces.onChange((userId, paths) => {
    // The file is written already; an index that cannot follow (the database is down) says so.
    indexer
      .changed(userId, paths)
      .catch((err) => app.log.warn({ err, userId }, "vector: a file change was not indexed"));
  });
  await app.register(vectorRoutes, { db, vectors, indexer });
  return { embeddingModels, vectors, indexer };
}
