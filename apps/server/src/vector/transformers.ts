import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { defineJob } from "../jobs/job";
import type { PoolLimits } from "../jobs/pool";
import type { Embedder, EmbeddingModelInfo, JobRunner } from "./embedders";

/** A transformers.js model folder holds these (the layout of Hugging Face's ONNX exports)... */
const REQUIRED = ["config.json", "tokenizer.json"];
/** ...and its weights: full precision, or quantized to 8 bits (what the Hub's downloads are). */
const WEIGHTS = [
  { file: path.join("onnx", "model.onnx"), dtype: "fp32" },
  { file: path.join("onnx", "model_quantized.onnx"), dtype: "q8" },
] as const;

const weightsIn = (folder: string) => WEIGHTS.find((w) => existsSync(path.join(folder, w.file)));
const BATCH = 32;

/**
 * The sentence-embedding models in the data directory (`<DATA_DIR>/embedding-models/<name>/`,
 * placed there by hand or downloaded by model-downloads.ts): a folder is used once its files are
 * all there. Dimensions come from its config.json (hidden_size).
 */
export function transformersModels(dir: string): EmbeddingModelInfo[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter(
      (d) =>
        d.isDirectory() &&
        REQUIRED.every((f) => existsSync(path.join(dir, d.name, f))) &&
        weightsIn(path.join(dir, d.name)),
    )
    .flatMap((d) => {
      try {
        const config = JSON.parse(readFileSync(path.join(dir, d.name, "config.json"), "utf8"));
        const dimensions = Number(config.hidden_size ?? config.dim ?? config.d_model);
        if (!Number.isInteger(dimensions) || dimensions < 1 || dimensions > 4096) return [];
        return [
          {
            id: `transformers:${d.name}`,
            name: `${d.name} (transformers.js, local)`,
            provider: "transformers" as const,
            modelId: d.name,
            dimensions,
          },
        ];
      } catch {
        return [];
      }
    });
}

type Extractor = (
  texts: string[],
  options: { pooling: "mean"; normalize: boolean },
) => Promise<{ data: Float32Array; dims: number[] }>;
const extractors = new Map<string, Promise<Extractor>>();

async function extractor(dir: string, name: string): Promise<Extractor> {
  const key = path.join(dir, name);
  let loading = extractors.get(key);
  if (!loading) {
    loading = (async () => {
      const transformers = await import("@huggingface/transformers");
      transformers.env.allowRemoteModels = false;
      transformers.env.allowLocalModels = true;
      transformers.env.localModelPath = `${dir}${path.sep}`;
      const dtype = weightsIn(key)?.dtype ?? "fp32";
      const pipe = await transformers.pipeline("feature-extraction", name, { dtype });
      return pipe as unknown as Extractor;
    })();
    loading.catch(() => extractors.delete(key));
    extractors.set(key, loading);
  }
  return loading;
}

/** What a transformers.js embedding job is given: the model's folder and the texts of one batch. */
export interface TransformersBatch {
  dir: string;
  modelId: string;
  dimensions: number;
  texts: string[];
}

/** Mean-pooled, unit-length vectors of a batch, on this machine's CPU (the model loaded once per thread). */
export async function embedTransformersBatch({ dir, modelId, dimensions, texts }: TransformersBatch) {
  const run = await extractor(dir, modelId);
  const tensor = await run(texts, { pooling: "mean", normalize: true });
  return texts.map((_, j) => {
    const vector = tensor.data.slice(j * dimensions, (j + 1) * dimensions);
    // No known token: zeros (normalizing them gives NaN).
    return vector.some(Number.isNaN) ? new Float32Array(dimensions) : vector;
  });
}

/**
 * The pool transformers.js batches run in: processes, not threads (onnxruntime loaded in two
 * threads of one process aborts it, and with it the server), one at a time (onnxruntime uses
 * the cores itself), each batch within a minute and 1 GB beyond what the process starts with;
 * the process (about 120 MB with a small model) ends after a minute unused.
 */
export const TRANSFORMERS_POOL_LIMITS: PoolLimits = {
  workers: 1,
  timeoutMs: 60_000,
  memoryMb: 1024,
  isolation: "process",
  idleMs: 60_000,
};

/** A batch's vectors computed in a job pool's worker (the model loaded once there). */
export const transformersEmbedJob = defineJob<TransformersBatch, Float32Array[]>(
  "embed-transformers",
  embedTransformersBatch,
);

/**
 * A transformers.js model as an Embedder. Each batch of BATCH texts is a job of `jobs` (a pool
 * with TRANSFORMERS_POOL_LIMITS, the model loaded in its worker once), so a person's large file
 * never holds the event loop, and a batch that runs too long, too large or crashes is stopped
 * alone. (This process never loads the model itself.)
 */
export function transformersEmbedder(dir: string, info: EmbeddingModelInfo, jobs: JobRunner): Embedder {
  return {
    id: info.id,
    dimensions: info.dimensions,
    embedMany: async (texts) => {
      const out: Float32Array[] = [];
      for (let i = 0; i < texts.length; i += BATCH) {
        const batch = {
          dir,
          modelId: info.modelId,
          dimensions: info.dimensions,
          texts: texts.slice(i, i + BATCH),
        };
        out.push(...(await jobs.run(transformersEmbedJob, batch)));
      }
      return out;
    },
  };
}
