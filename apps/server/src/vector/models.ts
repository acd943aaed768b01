import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { vectorSettings } from "../db/schema";
import { DownloadError, downloadUnavailable } from "../downloads/hub-file";
import { AppError } from "../http/errors";
import type { LlmGateway } from "../llm";
import {
  type Embedder,
  type EmbeddingModelInfo,
  type JobRunner,
  localEmbedderOf,
  localModelInfo,
  OLLAMA_EMBEDDING,
  OPENAI_EMBEDDING,
  remoteEmbedder,
} from "./embedders";
import { type GloveEmbedder, localEmbedder } from "./glove";
import { type DownloadableEmbedding, type EmbeddingDownload, EmbeddingDownloads } from "./model-downloads";
import { transformersEmbedder, transformersModels } from "./transformers";

/** A switch of a person's embedding model: their index re-embedded in the background. */
export interface ModelSwitch {
  target: string;
  state: "downloading" | "embedding" | "done" | "failed";
  /** While the target model downloads: its progress. */
  downloadProgress?: () => EmbeddingDownload | null;
  done: number;
  total: number;
  error?: string;
  cancel: AbortController;
}

/**
 * Loads pgvector where it can be (PGlite ships it; a PostgreSQL server may not). Only 0.8 and
 * later serve searches: their iterative scan keeps a person's results complete when other
 * people's rows are nearer (search-sql.ts); with an older one, searches scan exactly.
 */
export async function loadPgvector(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`create extension if not exists vector`);
    const result = (await db.execute(
      sql`select extversion as version from pg_extension where extname = 'vector'`,
    )) as unknown as { rows: { version: string }[] };
    const [major = 0, minor = 0] = (result.rows[0]?.version ?? "0").split(".").map(Number);
    return major > 0 || minor >= 8;
  } catch {
    return false;
  }
}

/**
 * How each model's HNSW index is built (pgvector's defaults; bench:vector measures them over
 * three builds). An index made before a change keeps what it was built with.
 */
export const HNSW_BUILD = { m: 16, efConstruction: 64 };

/**
 * How long a person's chosen model is taken as read: a choice made on this node applies at once,
 * one made on another node here within this time.
 */
const CHOSEN_KEPT_MS = 2000;

/** The pools embeddings run in: the local model's (threads), transformers.js models' (TRANSFORMERS_POOL_LIMITS). */
export interface EmbeddingJobs {
  local: JobRunner;
  models: JobRunner;
}

/**
 * The embedding models a person can use and the one their index is built with (searches use
 * it until a switch to another has re-embedded everything).
 */
export class EmbeddingModels {
  readonly local: Embedder;
  readonly switches = new Map<string, ModelSwitch>();
  private readonly fixed: EmbeddingModelInfo[];
  private readonly indexes = new Map<string, Promise<void>>();
  /** Each person's chosen model as last read (every search needs it; reading it took a tenth of one). */
  private readonly chosen = new Map<string, { id: string; at: number }>();
  /** Choices begun or made (a read that saw one begin is not kept: it may predate it). */
  private choices = 0;

  constructor(
    private readonly db: Db,
    glove: GloveEmbedder,
    /** pgvector is loaded: each model's vectors get an HNSW index (else searches scan exactly). */
    readonly hnsw: boolean,
    private readonly gateway?: LlmGateway,
    /** Where transformers.js models are placed (`<DATA_DIR>/embedding-models`). */
    private readonly transformersDir?: string,
    /** The models that can be downloaded into it. */
    readonly downloads?: EmbeddingDownloads,
    /** Where the local model embeds large batches (else on the event loop), and transformers.js models every batch. */
    private readonly jobs?: EmbeddingJobs,
  ) {
    this.local = localEmbedderOf(glove, jobs?.local);
    this.fixed = [localModelInfo(glove), ...(gateway ? [OPENAI_EMBEDDING, OLLAMA_EMBEDDING] : [])];
  }

  /**
   * The models to choose from: the local one, the providers', the transformers.js folders present
   * now, and those that can be downloaded (listed until they are present).
   */
  get catalog(): EmbeddingModelInfo[] {
    const present = this.transformersDir ? transformersModels(this.transformersDir) : [];
    const downloadable = (this.downloads?.catalog ?? [])
      .filter((m) => !present.some((p) => p.modelId === m.name))
      .map(
        (m): EmbeddingModelInfo => ({
          id: `transformers:${m.name}`,
          name: `${m.name} (transformers.js, downloaded once)`,
          provider: "transformers",
          modelId: m.name,
          dimensions: m.dimensions,
          needsDownload: true,
        }),
      );
    return [...this.fixed, ...present, ...downloadable];
  }

  /**
   * Starts (or joins) the download of a model that needs one; answers once bytes are coming, or
   * throws a 503 in words (no network) before anything changes.
   */
  async download(info: EmbeddingModelInfo): Promise<{ finished: Promise<void> }> {
    if (!this.downloads) throw new AppError(404, "not_found", `No embedding model '${info.id}'`);
    try {
      return await this.downloads.begin(info.modelId);
    } catch (err) {
      throw err instanceof DownloadError ? downloadUnavailable(err) : err;
    }
  }

  info(id: string): EmbeddingModelInfo {
    const found = this.catalog.find((m) => m.id === id);
    if (!found) throw new AppError(404, "not_found", `No embedding model '${id}'`);
    return found;
  }

  /** The model the person's index is built with. */
  async chosenId(userId: string): Promise<string> {
    const known = this.chosen.get(userId);
    if (known && Date.now() - known.at < CHOSEN_KEPT_MS) return known.id;
    const choicesBefore = this.choices;
    const [row] = await this.db
      .select({ model: vectorSettings.model })
      .from(vectorSettings)
      .where(eq(vectorSettings.userId, userId));
    const id = row && this.catalog.some((m) => m.id === row.model) ? row.model : this.local.id;
    // A choice made while this read was under way may not be in it: it is not kept.
    if (this.choices === choicesBefore) this.chosen.set(userId, { id, at: Date.now() });
    return id;
  }

  async embedder(userId: string, id: string): Promise<Embedder> {
    if (id === this.local.id) return this.local;
    const info = this.info(id);
    if (info.needsDownload)
      throw new AppError(409, "conflict", `${info.name} is not downloaded yet: choose it to download it`);
    if (info.provider === "local") return this.local;
    const embedder =
      info.provider === "transformers" && this.transformersDir && this.jobs
        ? transformersEmbedder(this.transformersDir, info, this.jobs.models)
        : this.gateway
          ? await remoteEmbedder(this.gateway, userId, { ...info, provider: info.provider as "openai" })
          : this.local;
    await this.ensureIndex(embedder);
    return embedder;
  }

  /** The embedder searches use. */
  async current(userId: string): Promise<Embedder> {
    return this.embedder(userId, await this.chosenId(userId));
  }

  /** Those new or changed objects are embedded with: the current model, and a switch's target. */
  async writers(userId: string): Promise<Embedder[]> {
    const current = await this.current(userId);
    const switching = this.switches.get(userId);
    if (switching?.state !== "embedding" || switching.target === current.id) return [current];
    return [current, await this.embedder(userId, switching.target)];
  }

  async choose(userId: string, id: string): Promise<void> {
    this.choices += 1;
    this.chosen.delete(userId);
    await this.db
      .insert(vectorSettings)
      .values({ userId, model: id })
      .onConflictDoUpdate({ target: vectorSettings.userId, set: { model: id, updatedAt: new Date() } });
    this.choices += 1;
    this.chosen.delete(userId);
  }

  /** The model's HNSW index (a partial expression index over its rows), made once. */
  ensureIndex(model: { id: string; dimensions: number }): Promise<void> {
    if (!this.hnsw) return Promise.resolve();
    let made = this.indexes.get(model.id);
    if (!made) {
      const name = `vector_chunks_${model.id.replace(/[^a-z0-9]/gi, "_")}_hnsw`;
      const literal = model.id.replace(/'/g, "''");
      made = this.db
        .execute(
          sql.raw(
            `create index if not exists ${name} on vector_chunks using hnsw ((embedding::vector(${model.dimensions})) vector_cosine_ops) with (m = ${HNSW_BUILD.m}, ef_construction = ${HNSW_BUILD.efConstruction}) where model = '${literal}'`,
          ),
        )
        .then(() => undefined);
      made.catch(() => this.indexes.delete(model.id));
      this.indexes.set(model.id, made);
    }
    return made;
  }
}

/**
 * The server's embedding models: the local GloVe embedder, the providers' (through the gateway),
 * transformers.js models in `dir` and those that can be downloaded into it from `hubUrl`; pgvector's
 * HNSW where the database has it.
 */
export async function openEmbeddingModels(deps: {
  db: Db;
  gateway: LlmGateway;
  dir: string;
  hubUrl: string;
  token?: string;
  catalog?: DownloadableEmbedding[];
  jobs?: EmbeddingJobs;
}): Promise<EmbeddingModels> {
  const downloads = new EmbeddingDownloads({ ...deps });
  const models = new EmbeddingModels(
    deps.db,
    localEmbedder(),
    await loadPgvector(deps.db),
    deps.gateway,
    deps.dir,
    downloads,
    deps.jobs,
  );
  await models.ensureIndex(models.local);
  return models;
}
