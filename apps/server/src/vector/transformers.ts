import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Embedder, EmbeddingModelInfo } from "./embedders";

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

/** A transformers.js model as an Embedder: mean pooling, unit length, on this machine's CPU. */
export function transformersEmbedder(dir: string, info: EmbeddingModelInfo): Embedder {
  return {
    id: info.id,
    dimensions: info.dimensions,
    embedMany: async (texts) => {
      const run = await extractor(dir, info.modelId);
      const out: Float32Array[] = [];
      for (let i = 0; i < texts.length; i += BATCH) {
        const batch = texts.slice(i, i + BATCH);
        const tensor = await run(batch, { pooling: "mean", normalize: true });
        for (let j = 0; j < batch.length; j++) {
          const vector = tensor.data.slice(j * info.dimensions, (j + 1) * info.dimensions);
          // No known token: zeros (normalizing them gives NaN).
          out.push(vector.some(Number.isNaN) ? new Float32Array(info.dimensions) : vector);
        }
      }
      return out;
    },
  };
}
