import type { ProviderId } from "@neuroos/contracts";
import type { JobPool } from "../jobs/pool";
import type { LlmGateway } from "../llm";
import { LlmError, providerWords } from "../llm/errors";
import { localEmbedJob } from "./embed-job";
import type { GloveEmbedder } from "./glove";

/** Turns texts into unit vectors: the local GloVe model, or a provider's embeddings endpoint. */
export interface Embedder {
  readonly id: string;
  readonly dimensions: number;
  embedMany(texts: string[], signal?: AbortSignal): Promise<Float32Array[]>;
}

/** An embedding model the person can choose (spec: id, name, provider, modelId, dimensions). */
export interface EmbeddingModelInfo {
  id: string;
  name: string;
  provider: "local" | "transformers" | ProviderId;
  modelId: string;
  dimensions: number;
  /** Not on this server yet: choosing it downloads it first (model-downloads.ts). */
  needsDownload?: true;
}

export const OPENAI_EMBEDDING: EmbeddingModelInfo = {
  id: "openai:text-embedding-3-small",
  name: "OpenAI text-embedding-3-small",
  provider: "openai",
  modelId: "text-embedding-3-small",
  dimensions: 1536,
};
export const OLLAMA_EMBEDDING: EmbeddingModelInfo = {
  id: "ollama:nomic-embed-text",
  name: "Ollama nomic-embed-text",
  provider: "ollama",
  modelId: "nomic-embed-text",
  dimensions: 768,
};
/** How many texts go to a provider in one request. */
const BATCH = 64;
const TIMEOUT_MS = 60_000;

export function localModelInfo(glove: GloveEmbedder): EmbeddingModelInfo {
  return {
    id: glove.id,
    name: "GloVe 100-d (local, offline)",
    provider: "local",
    modelId: glove.id,
    dimensions: glove.dimensions,
  };
}

/** Text the local model embeds on the event loop at most (about 13 ms of work); a larger batch goes to a worker. */
export const LOCAL_EMBED_INLINE_CHARS = 100_000;

/** Runs a job off the event loop (the server's JobPool). */
export type JobRunner = Pick<JobPool, "run">;

/**
 * The local model as an Embedder. A search's query and small files are embedded at once (the hop to
 * a worker cost bulk indexing of 1.5 KB files 13% of its rate); a larger batch (a 256 KB file, 32
 * large files of an Initialize: up to a second of work) in a worker of `jobs` (with the default table),
 * with its time and memory limits, so the server answers others meanwhile.
 */
export function localEmbedderOf(glove: GloveEmbedder, jobs?: JobRunner): Embedder {
  return {
    id: glove.id,
    dimensions: glove.dimensions,
    embedMany: async (texts) => {
      const chars = texts.reduce((sum, text) => sum + text.length, 0);
      if (!jobs || chars <= LOCAL_EMBED_INLINE_CHARS) return texts.map((text) => glove.embed(text));
      return jobs.run(localEmbedJob, texts);
    },
  };
}

function unit(values: number[]): Float32Array {
  const out = Float32Array.from(values);
  let norm = 0;
  for (const v of out) norm += v * v;
  norm = Math.sqrt(norm);
  if (norm > 0) for (let i = 0; i < out.length; i++) out[i] = (out[i] ?? 0) / norm;
  return out;
}

const PROVIDER_NAMES = { openai: "OpenAI", ollama: "Ollama" } as const;

/**
 * A provider's embeddings through the person's connection (their key and address, as for chat):
 * OpenAI's `POST {base}/embeddings`, Ollama's `POST {base}/api/embed`.
 */
export async function remoteEmbedder(
  gateway: LlmGateway,
  userId: string,
  info: EmbeddingModelInfo & { provider: "openai" | "ollama" },
): Promise<Embedder> {
  const access = await gateway.access(userId);
  const connection = gateway.connectionFor(info.provider, access);
  const redactor = gateway.redactorFor(access);
  const name = PROVIDER_NAMES[info.provider];
  if (info.provider === "openai" && !connection.apiKey && !connection.userEndpoint)
    throw new LlmError(400, "llm_not_configured", `${name} is not configured: add an API key in Settings`);
  const url =
    info.provider === "openai" ? `${connection.baseUrl}/embeddings` : `${connection.baseUrl}/api/embed`;
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (connection.apiKey) headers.authorization = `Bearer ${connection.apiKey}`;

  const batch = async (input: string[], signal?: AbortSignal): Promise<Float32Array[]> => {
    let response: Response;
    let text: string;
    try {
      response = await connection.fetch(url, {
        method: "POST",
        headers,
        body: JSON.stringify({ model: info.modelId, input }),
        signal: AbortSignal.any([...(signal ? [signal] : []), AbortSignal.timeout(TIMEOUT_MS)]),
      });
      text = await response.text(); // a body cut midway is the provider's failure too
    } catch (err) {
      if (signal?.aborted) throw err;
      throw new LlmError(
        502,
        "llm_provider_down",
        `${name} could not be reached for embeddings: ${providerWords(String(err), redactor)}`,
      );
    }
    if (!response.ok) {
      const code =
        response.status === 401 || response.status === 403 ? "llm_invalid_key" : "llm_provider_down";
      throw new LlmError(
        502,
        code,
        `${name} did not embed (HTTP ${response.status}): ${providerWords(text, redactor)}`,
      );
    }
    let vectors: unknown;
    try {
      const body = JSON.parse(text) as { data?: { embedding?: unknown }[]; embeddings?: unknown };
      vectors = info.provider === "openai" ? body.data?.map((d) => d.embedding) : body.embeddings;
    } catch {}
    const valid =
      Array.isArray(vectors) &&
      vectors.length === input.length &&
      vectors.every(
        (v) => Array.isArray(v) && v.length === info.dimensions && v.every((x) => typeof x === "number"),
      );
    if (!valid)
      throw new LlmError(
        502,
        "llm_provider_down",
        `${name}'s embeddings answer was not ${input.length} vectors of ${info.dimensions} numbers`,
      );
    return (vectors as number[][]).map(unit);
  };

  return {
    id: info.id,
    dimensions: info.dimensions,
    embedMany: async (texts, signal) => {
      const out: Float32Array[] = [];
      for (let i = 0; i < texts.length; i += BATCH)
        out.push(...(await batch(texts.slice(i, i + BATCH), signal)));
      return out;
    },
  };
}
