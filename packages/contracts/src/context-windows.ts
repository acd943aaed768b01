import type { ProviderId } from "./llm";

/**
 * The context window (tokens) of the catalogue's models, as their makers publish it. A model not
 * listed here has no known window (a local GGUF file says its own; see the local runtime).
 */
const WINDOWS: Record<string, number> = {
  "gpt-4": 8_192,
  "gpt-4-turbo": 128_000,
  "gpt-3.5-turbo": 16_385,
  "gpt-4o": 128_000,
  "gpt-4o-mini": 128_000,
  "gpt-4.1": 1_047_576,
  "gpt-4.1-mini": 1_047_576,
  "gpt-5": 400_000,
  "gpt-5-mini": 400_000,
  "gpt-5.1": 400_000,
  "o4-mini": 200_000,
  "meta-llama/Llama-3.1-8B-Instruct": 131_072,
  "mistralai/Mistral-7B-Instruct-v0.1": 8_192,
  "google/flan-t5-xxl": 512,
  "EleutherAI/gpt-neox-20b": 2_048,
  "Qwen/Qwen2.5-7B-Instruct": 32_768,
  "Qwen/Qwen2.5-Coder-32B-Instruct": 32_768,
  "deepseek-ai/DeepSeek-V3-0324": 131_072,
  "openai/gpt-oss-120b": 131_072,
  llama2: 4_096,
  mistral: 32_768,
  codellama: 16_384,
  "neural-chat": 8_192,
  "starling-lm": 8_192,
  "llama3.2": 131_072,
  "llama3.1": 131_072,
  "qwen2.5": 32_768,
  "qwen2.5-coder": 32_768,
  gemma3: 131_072,
  phi4: 16_384,
  "smollm2-360m-instruct": 8_192,
  "smollm2-135m-instruct": 8_192,
  "qwen2.5-0.5b-instruct": 32_768,
};

/** A model's context window in tokens, or null when it is not known. */
export function contextWindowOf(provider: ProviderId, model: string): number | null {
  // Every Claude model of the catalogue (3, 3.5, 3.7, 4, 4.5) reads 200k tokens.
  if (provider === "anthropic" && model.startsWith("claude-")) return 200_000;
  return WINDOWS[model] ?? WINDOWS[model.split(":")[0] ?? ""] ?? null;
}

/** Vision models Ollama serves (by name): they take images. */
const OLLAMA_VISION =
  /^(llava|bakllava|llama3\.2-vision|gemma3|qwen2\.5vl|minicpm-v|moondream|mistral-small3)/;

/**
 * Whether a model reads images sent with a message: the catalogue's OpenAI models from GPT-4
 * Turbo on, every Claude model, Ollama's vision models; not the local runtime or Hugging Face's
 * text models.
 */
export function readsImages(provider: ProviderId, model: string): boolean {
  if (provider === "anthropic") return model.startsWith("claude-");
  if (provider === "openai") return /^(gpt-4o|gpt-4\.1|gpt-4-turbo|gpt-5|o[134])/.test(model);
  if (provider === "ollama") return OLLAMA_VISION.test(model);
  return false;
}
